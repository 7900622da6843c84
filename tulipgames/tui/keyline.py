"""One line of keys drawn as Textual's footer draws them: the menu's footer and the game screens'.

Textual's :class:`~textual.widgets.Footer` is a row of key widgets, each styled, laid out and
drawn apart (its CSS parsed at start, its keys composed only after the screen's bindings are
first reported, and all of them mounted again after every ``refresh_bindings``). A
:class:`KeyLine` draws the same keys in the same styles as one row of text: the keys of the
screen's active bindings shown in the footer (one per action), then the command palette's key
at the right edge, without the hover highlight. A click on a key presses it, as on Textual's
footer. This module imports nothing of the game screens' widgets, so the menu can draw its
footer in its first frame without loading them.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any, NamedTuple

from rich.cells import cell_len
from rich.style import Style
from rich.text import Text
from textual import events
from textual.binding import ActiveBinding, Binding
from textual.widget import Widget

from tulipgames.i18n import SOURCE, _, current, module_domain, render

if TYPE_CHECKING:
    from textual.screen import Screen

    # mixed into Screens only (before the Screen class in the bases): checked as a Screen
    ScreenMixin = Screen[Any]
else:
    ScreenMixin = object

#: The line Textual draws left of the command palette's key (its ``vkey`` border).
PALETTE_EDGE = "▏"


class TranslatedKeys(ScreenMixin):
    """A screen whose keys are described in the session's language wherever Textual shows
    them (its footer, the keys panel) and in :class:`KeyLine`: the bindings keep their English
    descriptions, marked with ``N_``, and :attr:`active_bindings` hands each one out with the
    words of this session (one copy per binding and language, made once)."""

    #: Each binding as shown, per (the English one's id, language's words).
    _translated_keys: dict[int, Binding]

    @property
    def active_bindings(self) -> dict[str, ActiveBinding]:
        shown = {}
        try:
            cache = self._translated_keys
        except AttributeError:
            cache = self._translated_keys = {}
        for key, active in super().active_bindings.items():
            binding = active.binding
            # in the words of the module that declared the key (a game's own first)
            domain = module_domain(type(active.node).__module__)
            words = render(binding.description, domain=domain) if binding.description else ""
            if words != binding.description:
                cached = cache.get(id(binding))
                if cached is None or cached.description != words:
                    cached = cache[id(binding)] = replace(binding, description=words)
                active = ActiveBinding(active.node, cached, active.enabled, active.tooltip)
            shown[key] = active
        return shown


class Shown(NamedTuple):
    """One key as the footer shows it."""

    key: str
    display: str
    description: str
    action: str
    enabled: bool


class KeyStyles(NamedTuple):
    """The styles of a key's parts, and of the line before the command palette's key."""

    key: Style
    description: Style
    item: Style
    edge: Style


#: (first column, last column + 1, key) of each key drawn, for clicks.
Spans = list[tuple[int, int, Shown]]


class KeyLine(Widget, can_focus=False):
    """The keys of the screen, as one row in Textual's footer styles."""

    ALLOW_SELECT = False
    COMPONENT_CLASSES = {
        "footer-key--item",
        "footer-key--key",
        "footer-key--description",
        "footer-key--edge",
    }
    # Textual's Footer and FooterKey styles (not compact), as component classes of one line
    DEFAULT_CSS = """
    KeyLine {
        dock: bottom;
        height: 1;
        color: $footer-foreground;
        background: $footer-background;
        .footer-key--item { background: $footer-item-background; }
        .footer-key--key {
            color: $footer-key-foreground;
            background: $footer-key-background;
            text-style: bold;
        }
        .footer-key--description {
            color: $footer-description-foreground;
            background: $footer-description-background;
        }
        .footer-key--edge { color: $foreground 20%; }
    }
    """

    def __init__(self) -> None:
        super().__init__()
        #: The keys drawn last, with their columns.
        self._spans: Spans = []
        #: Each binding's key as the app shows it (the keys of a screen are few and fixed).
        self._displays: dict[Binding, str] = {}

    def wanted(self) -> tuple[tuple[Shown, ...], Shown | None]:
        """The keys to show now, one per action as Textual's footer shows them, and the
        command palette's key (``None``: no palette)."""
        first: dict[str, Shown] = {}
        active = self.screen.active_bindings
        for _node, binding, enabled, _tip in active.values():
            if binding.show and binding.action not in first:
                first[binding.action] = Shown(binding.key, self._display(binding),
                                              binding.description, binding.action, enabled)
        palette = None
        if self.app.ENABLE_COMMAND_PALETTE:
            found = active.get(self.app.COMMAND_PALETTE_BINDING)
            if found is not None:
                _node, binding, enabled, _tip = found
                # (in the session's language on a screen without TranslatedKeys too: the menu)
                palette = Shown(binding.key, self._display(binding),
                                _(binding.description), binding.action, enabled)
        return tuple(first.values()), palette

    def _display(self, binding: Binding) -> str:
        """The binding's key as the app shows it, asked once per binding."""
        shown = self._displays.get(binding)
        if shown is None:
            shown = self._displays[binding] = self.app.get_key_display(binding)
        return shown

    def key_styles(self) -> KeyStyles:
        """The styles of the keys' parts, read from the line's component classes now."""
        get = self.get_component_rich_style
        return KeyStyles(get("footer-key--key"), get("footer-key--description"),
                         get("footer-key--item"), get("footer-key--edge"))

    @staticmethod
    def key_text(shown: Shown, styles: KeyStyles, compact: bool = False) -> Text:
        """One key as Textual's FooterKey draws it: `` key `` then ``description ``, or
        compact (the palette's key) ``key`` then `` description``; a disabled key dimmed."""
        part = Text(end="").append(shown.display if compact else f" {shown.display} ",
                                   styles.key)
        if shown.description:
            part.append(f" {shown.description}" if compact else f"{shown.description} ",
                        styles.description)
        part.stylize_before(styles.item + Style(dim=True) if not shown.enabled else styles.item)
        return part

    @classmethod
    def keys_line(cls, keys: tuple[Shown, ...], palette: Shown | None, width: int,
                  styles: KeyStyles) -> tuple[Text, Spans]:
        """The keys on one line of ``width`` cells (the palette's key kept at the right end,
        the keys cut where they meet it), with the columns each key takes.

        Keys whose words are longer than English's (German's) may not fit as Textual draws
        them: then the palette's key goes without its description, and if that is not room
        enough, the keys are drawn compact (no padding around the key, as Textual's compact
        footer), before any key is cut. English keeps Textual's own drawing as it always was
        (the snapshots hold it), its last key cut where the keys are too many."""
        parts = [cls.key_text(shown, styles) for shown in keys]
        tail = cls._palette_tail(palette, styles, described=True)
        wider = sum(part.cell_len for part in parts) + tail.cell_len > width
        if wider and palette is not None and current() != SOURCE:
            tail = cls._palette_tail(palette, styles, described=False)
            if sum(part.cell_len for part in parts) + tail.cell_len > width:
                parts = [cls.key_text(shown, styles, compact=True).append(" ", styles.item)
                         for shown in keys]
        line = Text(no_wrap=True, overflow="crop", end="")
        spans: Spans = []
        room = max(0, width - tail.cell_len)
        for shown, part in zip(keys, parts, strict=True):
            start = line.cell_len
            if start >= room:
                break
            line.append_text(part)
            spans.append((start, min(start + part.cell_len, room), shown))
        line.truncate(room, overflow="crop", pad=True)
        if palette is not None and tail.cell_len <= width:
            spans.append((room + cell_len(PALETTE_EDGE), width, palette))
            line.append_text(tail)
        return line, spans

    @classmethod
    def _palette_tail(cls, palette: Shown | None, styles: KeyStyles, described: bool) -> Text:
        """The palette's key at the right end (with or without its description)."""
        tail = Text(end="")
        if palette is not None:
            tail.append(PALETTE_EDGE, styles.edge)
            shown = palette if described else Shown(palette.key, palette.display, "",
                                                    palette.action, palette.enabled)
            tail.append_text(cls.key_text(shown, styles, compact=True))
            tail.append(" ", styles.item)
        return tail

    def on_click(self, event: events.Click) -> None:
        """A click on a key presses it (a dimmed key rings the bell), as on Textual's footer."""
        for start, end, shown in self._spans:
            if start <= event.x < end:
                if shown.enabled:
                    self.app.simulate_key(shown.key)
                else:
                    self.app.bell()
                return

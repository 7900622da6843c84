"""The key footer of the game screens: Textual's footer drawn as one line.

Textual's :class:`~textual.widgets.Footer` is a row of key widgets: after every
``refresh_bindings`` it removes and mounts them all, and a key whose text changes width moves
every key after it, which lays the whole screen out again and renders each moved key anew.
:class:`KeyFooter` draws the same keys, in the same styles, as one row of text: it compares what
it would show with what it shows, and a change repaints that one row, in the frame of the change
that caused it, without a layout. A click on a key presses it, as on Textual's footer.
"""

from __future__ import annotations

from typing import NamedTuple

from rich.cells import cell_len
from rich.style import Style
from rich.text import Text
from textual import events
from textual.binding import Binding
from textual.screen import Screen
from textual.widget import Widget

from tulipgames.tui.widgets.common import RowPainted

#: The line Textual draws left of the command palette's key (its ``vkey`` border).
PALETTE_EDGE = "▏"


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


class KeyFooter(RowPainted, Widget):
    """The screen's keys on one line, repainted only when they change."""

    ALLOW_SELECT = False
    COMPONENT_CLASSES = {
        "footer-key--item",
        "footer-key--key",
        "footer-key--description",
        "footer-key--edge",
    }
    # Textual's Footer and FooterKey styles (not compact), as component classes of one line
    DEFAULT_CSS = """
    KeyFooter {
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
        #: The keys on screen, the command palette's last (``None``: not known yet).
        self._drawn: tuple[Shown, ...] | None = None
        #: The palette's key, drawn at the right end (``None``: none).
        self._palette: Shown | None = None
        #: (first column, last column + 1, key) per key drawn, for clicks.
        self._spans: list[tuple[int, int, str]] = []
        #: The styles of the keys' parts, until the footer's styles may have changed.
        self._key_styles: KeyStyles | None = None
        #: Each binding's key as the app shows it (the keys of a screen are few and fixed).
        self._displays: dict[Binding, str] = {}
        #: The lines drawn, per (keys, palette key, width, styles): the keys come and go with
        #: the steps of a game, and a line drawn before is drawn again as it was.
        self._lines: dict[tuple[object, ...], tuple[Text, list[tuple[int, int, str]]]] = {}

    def wanted(self) -> tuple[tuple[Shown, ...], Shown | None]:
        """The keys to show now, one per action as Textual's footer shows them, and the
        command palette's key."""
        first: dict[str, Shown] = {}
        active = self.screen.active_bindings
        for _, binding, enabled, _ in active.values():
            if binding.show and binding.action not in first:
                first[binding.action] = Shown(binding.key, self._display(binding),
                                              binding.description, binding.action, enabled)
        palette = None
        if self.app.ENABLE_COMMAND_PALETTE:
            found = active.get(self.app.COMMAND_PALETTE_BINDING)
            if found is not None:
                _, binding, enabled, _ = found
                palette = Shown(binding.key, self._display(binding),
                                binding.description, binding.action, enabled)
        return tuple(first.values()), palette

    def _display(self, binding: Binding) -> str:
        """The binding's key as the app shows it, asked once per binding."""
        shown = self._displays.get(binding)
        if shown is None:
            shown = self._displays[binding] = self.app.get_key_display(binding)
        return shown

    def _on_mount(self, event: events.Mount) -> None:
        # at once, not after the frame: the keys change in the frame of the change
        self.screen.bindings_updated_signal.subscribe(self, self.bindings_changed, immediate=True)

    def bindings_changed(self, screen: Screen[object]) -> None:
        if not screen.app.app_focus or not self.is_attached or screen is not self.screen:
            return
        keys, palette = self.wanted()
        if keys == self._drawn and palette == self._palette:
            return
        self._drawn, self._palette = keys, palette
        self.repaint()

    def _styles(self) -> KeyStyles:
        """The footer's styles now, kept until Textual restyles the footer
        (:meth:`notify_style_update`, as a new theme does)."""
        styles = self._key_styles
        if styles is None:
            get = self.get_component_rich_style
            styles = self._key_styles = KeyStyles(
                get("footer-key--key"), get("footer-key--description"),
                get("footer-key--item"), get("footer-key--edge"))
        return styles

    def notify_style_update(self) -> None:
        # restyled (a new theme): the keys are painted again in the new styles
        self._key_styles = None
        self._lines.clear()
        super().notify_style_update()

    @staticmethod
    def _key_text(shown: Shown, styles: KeyStyles, compact: bool = False) -> Text:
        """One key as Textual's FooterKey draws it: `` key `` then ``description ``, or
        compact (the palette's key) ``key`` then `` description``."""
        part = Text(end="").append(shown.display if compact else f" {shown.display} ",
                                   styles.key)
        if shown.description:
            part.append(f" {shown.description}" if compact else f"{shown.description} ",
                        styles.description)
        part.stylize_before(styles.item + Style(dim=True) if not shown.enabled else styles.item)
        return part

    def paint(self) -> Text:
        width = self.size.width
        styles = self._styles()
        key = (self._drawn, self._palette, width, styles)
        drawn = self._lines.get(key)
        if drawn is None:
            if len(self._lines) >= 64:
                self._lines.clear()
            drawn = self._lines[key] = self._line(width, styles)
        line, self._spans = drawn
        # a copy: Textual may change the text it is handed (it is the footer's, not ours)
        return line.copy()

    def _line(self, width: int, styles: KeyStyles) -> tuple[Text, list[tuple[int, int, str]]]:
        """The keys drawn on one line of ``width`` cells, with the columns each key takes."""
        line = Text(no_wrap=True, overflow="crop", end="")
        spans: list[tuple[int, int, str]] = []
        tail = Text(end="")
        if self._palette is not None:
            tail = Text(end="").append(PALETTE_EDGE, styles.edge)
            tail.append_text(self._key_text(self._palette, styles, compact=True))
            tail.append(" ", styles.item)
        room = max(0, width - tail.cell_len)
        for shown in self._drawn or ():
            part = self._key_text(shown, styles)
            start = line.cell_len
            if start >= room:
                break
            line.append_text(part)
            spans.append((start, min(start + part.cell_len, room), shown.key))
        line.truncate(room, overflow="crop", pad=True)
        if self._palette is not None and tail.cell_len <= width:
            spans.append((room + cell_len(PALETTE_EDGE), width, self._palette.key))
            line.append_text(tail)
        return line, spans

    def on_click(self, event: events.Click) -> None:
        """A click on a key presses it (a dimmed key rings the bell), as on Textual's footer."""
        for start, end, key in self._spans:
            if start <= event.x < end:
                shown = next((s for s in (*(self._drawn or ()), self._palette)
                              if s is not None and s.key == key), None)
                if shown is not None and not shown.enabled:
                    self.app.bell()
                else:
                    self.app.simulate_key(key)
                return

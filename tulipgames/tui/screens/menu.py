"""The main menu: the five games, Resume, Solo challenge, History, Rules, Quit."""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from functools import partial
from typing import Any, NamedTuple

from rich.cells import cell_len
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.message import Message
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option, OptionDoesNotExist

from tulipgames import __version__, games
from tulipgames.i18n import N_, _, lazy_gettext
from tulipgames.tui.keyline import KeyLine, Shown
from tulipgames.tui.screens.messages import MenuEntriesAsked

BANNER = "✿ tulipgames"
#: The menu's widest (see the CSS): the longest pitch line is 105 cells, whole at 120 columns.
MAX_WIDTH = 120
TAGLINE = lazy_gettext("five board and dice games for the terminal")
#: Seconds a line stays highlighted before its ``about`` is asked for: the menu is up at once,
#: and arrowing past a game does not load its rules.
ABOUT_DELAY = 0.2


class MenuEntry(NamedTuple):
    """One line of the menu. ``id`` is ``game:<id>``, a fixed entry or an extra entry's id.

    ``about``: more to show under ``help`` while the line is highlighted, asked for only then,
    :data:`ABOUT_DELAY` after it was highlighted (a game's bot levels need its rules, which the
    menu does not import before that). (A named tuple: a frozen dataclass is made by writing
    and compiling its methods at import, some 1.3 ms of the start.)
    """

    id: str
    label: Text
    help: str
    enabled: bool = True
    about: Callable[[], str] | None = None


class MenuChosen(Message):
    """The player picked a menu entry."""

    def __init__(self, entry_id: str) -> None:
        super().__init__()
        self.entry_id = entry_id


def keyed(key: str, text: str, enabled: bool = True) -> Text:
    """A menu label with its shortcut key in front."""
    label = Text(no_wrap=True, overflow="ellipsis")
    label.append(f"{key:>2} ", style="bold")
    label.append(text, style="" if enabled else "dim")
    return label


#: The game titles' column in the menu, in cells: English titles fit in it; a language whose
#: titles are longer ("Century: Die Gewürzstraße") widens it and the pitch after it gives way.
TITLE_WIDTH = 23


def title_width() -> int:
    """The titles' column in this session's language: :data:`TITLE_WIDTH` or the longest."""
    return max([TITLE_WIDTH, *(cell_len(_(info.title)) for info in games.CATALOGUE)])


def game_entry(
    info: games.GameInfo, key: str = "", about: str | Callable[[], str] = ""
) -> MenuEntry:
    """A game's line: its shortcut key, title, player count and pitch.

    ``about`` is shown under the menu while the line is highlighted, after the whole pitch
    (a function: asked for when the line is first highlighted, once the menu is on screen).
    """
    label = Text(no_wrap=True, overflow="ellipsis")
    label.append(f"{key:>2} ", style="bold")
    # the title in 23 cells or the longest title's width in this language, cut or padded (the
    # game widgets' ``fit`` would load every shared widget, the game log's Rich pretty-printer
    # among them, before the menu is drawn)
    title = Text(_(info.title), style="bold", no_wrap=True)
    title.truncate(title_width(), overflow="ellipsis", pad=True)
    label.append_text(title)
    # Translators: "pl": players, after the count ("2-6 pl"); keep it short (3 cells or so).
    players = _("pl")
    label.append(f"{info.players:>5} {players}  ")
    # the line is cut where the menu ends (an ellipsis at 80 columns, whole at 120); the whole
    # pitch is shown under the menu while the line is highlighted
    pitch = _(info.pitch)
    label.append(pitch, style="italic")
    if callable(about):
        return MenuEntry(f"game:{info.id}", label, pitch, about=about)
    help_text = f"{pitch}\n{about}" if about else pitch
    return MenuEntry(f"game:{info.id}", label, help_text)


class MenuFooter(KeyLine):
    """The menu's keys, drawn in the menu's first frame (Textual's footer composes no key
    before the screen's bindings are first reported, after it) and again when they change."""

    def __init__(self) -> None:
        super().__init__()
        #: What was drawn last: the keys and the palette's key (``None``: nothing yet).
        self._shown: tuple[tuple[Shown, ...], Shown | None] | None = None

    def on_mount(self) -> None:
        self.screen.bindings_updated_signal.subscribe(self, self.bindings_changed)

    def bindings_changed(self, screen: Screen[Any]) -> None:
        if screen is self.screen and self.is_attached and self.wanted() != self._shown:
            self.refresh()

    def wanted(self) -> tuple[tuple[Shown, ...], Shown | None]:
        """The keys, their descriptions in the session's language (the bindings keep the
        English ones, marked with ``N_``)."""
        keys, palette = super().wanted()
        return tuple(Shown(key.key, key.display, _(key.description), key.action, key.enabled)
                     for key in keys), palette

    def render(self) -> Text:
        self._shown = keys, palette = self.wanted()
        line, self._spans = self.keys_line(keys, palette, self.size.width, self.key_styles())
        return line


class MenuScreen(Screen[None]):
    """The menu. Entries come from :meth:`TulipGamesApp.menu_entries` so apps can add their own."""

    BINDINGS = [
        Binding("q", "app.quit", N_("Quit")),
        Binding("r", "pick('resume')", N_("Resume"), show=False),
        Binding("s", "pick('solo')", N_("Solo"), show=False),
        Binding("d", "pick('daily')", N_("Daily"), show=False),
        Binding("h", "pick('history')", N_("History"), show=False),
        Binding("question_mark", "pick('rules')", N_("Rules")),
        Binding("l", "pick('tutorial')", N_("Learn"), show=False),
        *[Binding(str(n), f"pick_game({n})", N_("Game"), show=False) for n in range(1, 10)],
    ]
    DEFAULT_CSS = """
    MenuScreen { align: center top; }
    MenuScreen > Vertical { width: 100%; max-width: 120; height: 1fr; padding: 0 1; }
    MenuScreen #banner { height: 2; padding: 1 0 0 1; color: $accent; text-style: bold; }
    MenuScreen #tagline { height: 1; padding: 0 1; color: $text-muted; }
    MenuScreen #menu { height: auto; max-height: 1fr; margin: 1 0 0 0; border: round $primary; }
    MenuScreen #menu:focus { border: round $accent; }
    MenuScreen #menu-help { height: auto; max-height: 1fr; padding: 0 1; color: $text-muted; }
    """

    def __init__(self, entries: list[MenuEntry], lit: str = "") -> None:
        super().__init__()
        self.entries = entries
        #: The entry lit at the start ("": the first one that can be chosen).
        self._lit = lit
        #: What each entry's ``about`` said (asked once per menu).
        self._about: dict[str, str] = {}
        #: The label width the options were cut to (they are cut again when it changes).
        self._width = 0
        #: Whether the screen was shown once (its first ScreenResume comes with the push).
        self._shown = False

    def compose(self) -> ComposeResult:
        # the options are there from the first layout: one layout and one frame at start
        with Vertical():
            yield Static(BANNER, id="banner")
            yield Static(f"{TAGLINE} · v{__version__}", id="tagline")
            yield OptionList(*self._rows(), id="menu")
            yield Static(id="menu-help")
        yield MenuFooter()

    def on_mount(self) -> None:
        self._highlight(self._index(self._lit))

    def set_entries(self, entries: list[MenuEntry]) -> None:
        """Show these entries instead, keeping the highlighted line."""
        self.entries = entries
        self._about.clear()  # a best score may be new
        menu = self.query_one("#menu", OptionList)
        highlighted = menu.highlighted
        # cleared first: the list forgets the height its old lines needed
        menu.clear_options()
        menu.add_options(self._rows())
        self._highlight(highlighted)

    def _rows(self) -> list[Option | None]:
        """The entries as options, each label cut to one line of the menu (None: a rule)."""
        self._width = width = self._label_width()
        rows: list[Option | None] = []
        for entry in self.entries:
            if entry.id == "-":
                rows.append(None)
            else:
                label = entry.label.copy()
                label.truncate(width, overflow="ellipsis")  # by terminal cells, one line each
                rows.append(Option(label, id=entry.id, disabled=not entry.enabled))
        return rows

    def highlighted_entry(self) -> str:
        """The id of the entry the highlight is on ("" if none)."""
        option = self.query_one("#menu", OptionList).highlighted_option
        return "" if option is None or option.id is None else option.id

    def _index(self, entry_id: str) -> int | None:
        """The line of the entry ``entry_id`` in the list (None: not there)."""
        if not entry_id:
            return None
        with contextlib.suppress(OptionDoesNotExist):
            return self.query_one("#menu", OptionList).get_option_index(entry_id)
        return None

    def _highlight(self, highlighted: int | None) -> None:
        menu = self.query_one("#menu", OptionList)
        first = next((i for i, e in enumerate(self._options()) if e.enabled), 0)
        menu.highlighted = highlighted if highlighted is not None else first
        menu.focus()

    def _label_width(self) -> int:
        """Cells left for a label inside the menu's border, padding and scrollbar."""
        return max(10, min(self.app.size.width, MAX_WIDTH) - 6)

    def on_resize(self, event: events.Resize) -> None:
        if event.size == self.outer_size:
            # Laid out at this size already (``outer_size`` is the size of the last layout;
            # ``size`` is the app's, new before any layout): Textual's own handler (after this
            # one) would lay the whole screen out again and repaint all of it. At start three
            # such come right after the first frame, ahead of the first key (the terminal's
            # size from the driver, twice, and the screen's own first layout).
            event.prevent_default()
        # built again for another width, or when a scrollbar is up: a menu laid out narrower
        # meanwhile (wrapped lines) keeps the scrollbar those lines needed until it is rebuilt
        menu = self.query_one("#menu", OptionList)
        if self.entries and (self._label_width() != self._width or menu.show_vertical_scrollbar):
            self.set_entries(self.entries)

    def _options(self) -> list[MenuEntry]:
        return [entry for entry in self.entries if entry.id != "-"]

    def on_screen_resume(self, event: events.ScreenResume) -> None:
        """Back from a game or a list: counts (games to resume) may have changed."""
        if not self._shown:  # pushed just now, with the entries of this moment
            self._shown = True
            # Textual's own handler (it runs after this one) would style every widget of the
            # screen once more; they were styled as they were mounted, just now, and nothing
            # they are styled by changed since (the focus restyles what it moves itself)
            event.refresh_styles = False
            return
        self.post_message(MenuEntriesAsked())

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        entry = self._entry(event.option_id)
        self._show_help(entry)
        if entry is not None and entry.about is not None and entry.id not in self._about:
            # counted from the frame that shows the highlight (the first one: the menu's first)
            self.call_after_refresh(self.set_timer, ABOUT_DELAY, partial(self._ask_about, entry))

    def _show_help(self, entry: MenuEntry | None) -> None:
        text = entry.help if entry else ""
        if entry is not None and entry.id in self._about:
            text = f"{text}\n{self._about[entry.id]}"
        self.query_one("#menu-help", Static).update(Text(text))

    def _ask_about(self, entry: MenuEntry) -> None:
        option = self.query_one("#menu", OptionList).highlighted_option
        if entry.about is None or not self.is_attached or option is None or option.id != entry.id:
            return  # arrowed past: its rules stay unloaded
        if not self.is_active:
            # a game opened meanwhile covers the menu: Textual counts the screen under the top
            # one as showing through, and a change behind the game repainted the whole game
            # screen in frames of their own (the menu asks again when it is back on top)
            return
        self._about[entry.id] = entry.about()
        self._show_help(entry)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if event.option_id is not None:
            self.post_message(MenuChosen(event.option_id))

    def _entry(self, entry_id: str | None) -> MenuEntry | None:
        return next((e for e in self.entries if e.id == entry_id), None)

    def action_pick_game(self, number: int) -> None:
        """Digit ``n`` starts the n-th game of the menu."""
        game_entries = [e for e in self.entries if e.id.startswith("game:")]
        if number <= len(game_entries):
            self.action_pick(game_entries[number - 1].id)

    def action_pick(self, entry_id: str) -> None:
        entry = self._entry(entry_id)
        if entry is not None and entry.enabled:
            self.post_message(MenuChosen(entry_id))

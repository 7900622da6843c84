"""The main menu: the five games, Resume, Solo challenge, History, Rules, Quit."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from tulipgames import __version__, games
from tulipgames.tui.widgets import fit

BANNER = "✿ tulipgames"
#: The menu's widest (see the CSS): the longest pitch line is 105 cells, whole at 120 columns.
MAX_WIDTH = 120
TAGLINE = "five board and dice games for the terminal"
#: Seconds a line stays highlighted before its ``about`` is asked for: the menu is up at once,
#: and arrowing past a game does not load its rules.
ABOUT_DELAY = 0.2


@dataclass(frozen=True)
class MenuEntry:
    """One line of the menu. ``id`` is ``game:<id>``, a fixed entry or an extra entry's id.

    ``about``: more to show under ``help`` while the line is highlighted, asked for only then,
    :data:`ABOUT_DELAY` after it was highlighted (a game's bot levels need its rules, which the
    menu does not import before that).
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


def game_entry(
    info: games.GameInfo, key: str = "", about: str | Callable[[], str] = ""
) -> MenuEntry:
    """A game's line: its shortcut key, title, player count and pitch.

    ``about`` is shown under the menu while the line is highlighted, after the whole pitch
    (a function: asked for when the line is first highlighted, once the menu is on screen).
    """
    label = Text(no_wrap=True, overflow="ellipsis")
    label.append(f"{key:>2} ", style="bold")
    label.append_text(fit(info.title, 23, "bold"))
    label.append(f"{info.players:>5} pl  ")
    # the line is cut where the menu ends (an ellipsis at 80 columns, whole at 120); the whole
    # pitch is shown under the menu while the line is highlighted
    label.append(info.pitch, style="italic")
    if callable(about):
        return MenuEntry(f"game:{info.id}", label, info.pitch, about=about)
    help_text = f"{info.pitch}\n{about}" if about else info.pitch
    return MenuEntry(f"game:{info.id}", label, help_text)


class MenuScreen(Screen[None]):
    """The menu. Entries come from :meth:`TulipGamesApp.menu_entries` so apps can add their own."""

    BINDINGS = [
        Binding("q", "app.quit", "Quit"),
        Binding("r", "pick('resume')", "Resume", show=False),
        Binding("s", "pick('solo')", "Solo", show=False),
        Binding("d", "pick('daily')", "Daily", show=False),
        Binding("h", "pick('history')", "History", show=False),
        Binding("question_mark", "pick('rules')", "Rules"),
        *[Binding(str(n), f"pick_game({n})", "Game", show=False) for n in range(1, 10)],
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

    def __init__(self, entries: list[MenuEntry]) -> None:
        super().__init__()
        self.entries = entries
        #: What each entry's ``about`` said (asked once per menu).
        self._about: dict[str, str] = {}

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(BANNER, id="banner")
            yield Static(f"{TAGLINE} · v{__version__}", id="tagline")
            yield OptionList(id="menu")
            yield Static(id="menu-help")
        yield Footer()

    def on_mount(self) -> None:
        self.set_entries(self.entries)

    def set_entries(self, entries: list[MenuEntry]) -> None:
        self.entries = entries
        self._about.clear()  # a best score may be new
        menu = self.query_one("#menu", OptionList)
        highlighted = menu.highlighted
        menu.clear_options()
        width = self._label_width()
        for entry in entries:
            if entry.id == "-":
                menu.add_option(None)
            else:
                label = entry.label.copy()
                label.truncate(width, overflow="ellipsis")  # by terminal cells, one line each
                menu.add_option(Option(label, id=entry.id, disabled=not entry.enabled))
        first = next((i for i, e in enumerate(self._options()) if e.enabled), 0)
        menu.highlighted = highlighted if highlighted is not None else first
        menu.focus()

    def _label_width(self) -> int:
        """Cells left for a label inside the menu's border, padding and scrollbar."""
        return max(10, min(self.app.size.width, MAX_WIDTH) - 6)

    def on_resize(self) -> None:
        if self.entries:
            self.set_entries(self.entries)

    def _options(self) -> list[MenuEntry]:
        return [entry for entry in self.entries if entry.id != "-"]

    def on_screen_resume(self) -> None:
        """Back from a game or a list: counts (games to resume) may have changed."""
        entries = getattr(self.app, "menu_entries", None)
        if callable(entries):
            self.set_entries(entries())

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        entry = self._entry(event.option_id)
        self._show_help(entry)
        if entry is not None and entry.about is not None and entry.id not in self._about:
            self.set_timer(ABOUT_DELAY, partial(self._ask_about, entry))

    def _show_help(self, entry: MenuEntry | None) -> None:
        text = entry.help if entry else ""
        if entry is not None and entry.id in self._about:
            text = f"{text}\n{self._about[entry.id]}"
        self.query_one("#menu-help", Static).update(Text(text))

    def _ask_about(self, entry: MenuEntry) -> None:
        if entry.about is None or not self.is_attached:
            return
        self._about[entry.id] = entry.about()
        option = self.query_one("#menu", OptionList).highlighted_option
        if option is not None and option.id == entry.id:
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

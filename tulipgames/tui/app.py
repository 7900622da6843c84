"""The tulipgames app: menu, new-game setup, resume, history, solo challenge and hot-seat play.

``TulipGamesApp`` is also the base of the SSH server's per-connection app, which adds its own
menu entries through :meth:`TulipGamesApp.extra_menu_entries` / :meth:`on_extra_menu` and starts
shared tables for remote seats with :meth:`TulipGamesApp.start_table`.
"""

from __future__ import annotations

import importlib
import importlib.util
import os
from datetime import date
from pathlib import Path

from rich.text import Text
from textual import events
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from tulipgames import games
from tulipgames.engine.core import SeatSpec
from tulipgames.store import HighScore, SaveError, Store
from tulipgames.table import Table
from tulipgames.tui.screens.game import GameScreen
from tulipgames.tui.screens.history import HistoryScreen
from tulipgames.tui.screens.menu import MenuChosen, MenuEntry, MenuScreen, game_entry, keyed
from tulipgames.tui.screens.results import ResultsScreen
from tulipgames.tui.screens.resume import ResumeScreen
from tulipgames.tui.screens.rules import RulesScreen
from tulipgames.tui.screens.setup import SetupChoice, SetupScreen, random_seed
from tulipgames.tui.screens.small import MIN_HEIGHT, MIN_WIDTH, TooSmallScreen

SOLO_GAME = "flowershop"


def screen_class(game_id: str) -> type[GameScreen]:
    """The game's screen class (``SCREEN`` in ``tulipgames.games.<id>.screen``)."""
    module = importlib.import_module(f"tulipgames.games.{game_id}.screen")
    return module.SCREEN


def has_screen(game_id: str) -> bool:
    """True when the game's screen module is installed (its rules may land before it)."""
    try:
        return importlib.util.find_spec(f"tulipgames.games.{game_id}.screen") is not None
    except ModuleNotFoundError:
        return False


def playable(game_id: str) -> bool:
    """A game that can be started here: rules and screen both built."""
    return game_id in games.GAME_IDS and has_screen(game_id)


def daily_seed(day: date | None = None) -> int:
    """The daily deal: everyone who plays the solo challenge on one day gets the same deal.

    The solo game's rules module may define ``daily_seed(date)``; otherwise the date as YYYYMMDD.
    """
    day = day or date.today()
    try:
        rules = importlib.import_module(f"tulipgames.games.{SOLO_GAME}.rules")
    except ModuleNotFoundError:
        rules = None
    own = getattr(rules, "daily_seed", None)
    return int(own(day)) if callable(own) else int(day.strftime("%Y%m%d"))


def solo_variant(choice: SetupChoice) -> str:
    """The high-score table a setup plays for: ``daily`` only on today's deal, ``solo`` alone."""
    if len(choice.seats) != 1 or choice.game != SOLO_GAME:
        return ""
    if choice.variant == "daily" and choice.seed == daily_seed():
        return "daily"
    return "solo"


class GamePickScreen(ModalScreen[str | None]):
    """Pick one of the available games (for the rules)."""

    BINDINGS = [Binding("escape", "cancel", "Back")]
    DEFAULT_CSS = """
    GamePickScreen { align: center middle; }
    GamePickScreen > Vertical {
        width: 50; height: auto; border: round $accent; background: $surface; padding: 0 1;
    }
    GamePickScreen OptionList { height: auto; border: none; }
    """

    def __init__(self, title: str) -> None:
        super().__init__()
        self.heading = title

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(self.heading)
            yield OptionList(
                *[
                    Option(info.title, id=info.id, disabled=not playable(info.id))
                    for info in games.CATALOGUE
                ]
            )
        yield Footer()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(event.option_id)

    def action_cancel(self) -> None:
        self.dismiss(None)


class TulipGamesApp(App[None]):
    """The menu and everything reached from it.

    ``store``: where games are saved (``None`` = nothing is saved, for previews).
    ``table``/``seats``: a table to open at once (``tulipgames play``); ``open_screen``:
    ``"resume"``, ``"history"`` or ``"solo"`` to open at start.
    """

    TITLE = "tulipgames"
    CSS_PATH = Path(__file__).with_name("tulipgames.tcss")
    ENABLE_COMMAND_PALETTE = False
    BINDINGS = [Binding("ctrl+q", "quit", "Quit", show=False, priority=True)]

    def __init__(
        self,
        store: Store | None = None,
        *,
        table: Table | None = None,
        seats: frozenset[int] | None = None,
        open_screen: str | None = None,
        bot_delay: float | None = None,
    ) -> None:
        super().__init__()
        self.store = store
        self.initial_table = table
        self.initial_seats = seats
        self.open_screen = open_screen
        self.bot_delay = bot_delay
        self._too_small: TooSmallScreen | None = None

    # -- the menu -----------------------------------------------------------------------------
    def extra_menu_entries(self) -> list[tuple[str, str]]:
        """``(id, label)`` pairs added to the menu before Quit; the SSH server overrides this."""
        return []

    def on_extra_menu(self, entry_id: str) -> None:
        """Called when one of :meth:`extra_menu_entries` is chosen."""

    def menu_entries(self) -> list[MenuEntry]:
        entries = [
            game_entry(
                info,
                playable(info.id),
                str(number) if number < 10 else "",
                self.about_game(info.id) if playable(info.id) else "",
            )
            for number, info in enumerate(games.CATALOGUE, 1)
        ]
        entries.append(MenuEntry("-", Text(""), ""))
        resumable = self.store.count_active() if self.store else 0
        solo = playable(SOLO_GAME)
        saving = self.store is not None
        resume = f"Resume a game ({resumable})" if resumable else "Resume a game"
        entries += [
            MenuEntry(
                "resume",
                keyed("r", resume, saving),
                "Go on with a saved game. Every move is saved as it is played.",
                saving,
            ),
            MenuEntry(
                "solo",
                keyed("s", "Solo challenge" + ("" if solo else "  (coming soon)"), solo),
                "The Little Flower Shop alone: score levels, high scores, a daily deal.",
                solo,
            ),
            MenuEntry(
                "daily",
                keyed("d", "Daily deal" + ("" if solo else "  (coming soon)"), solo),
                "Today's solo deal: the same cards for everyone, its own high-score table.",
                solo,
            ),
            MenuEntry(
                "history",
                keyed("h", "History & high scores", saving),
                "Finished games and the best scores.",
                saving,
            ),
            MenuEntry("rules", keyed("?", "Rules"), "How to play each game."),
        ]
        for entry_id, label in self.extra_menu_entries():
            entries.append(MenuEntry(entry_id, keyed("", label), label))
        entries.append(MenuEntry("quit", keyed("q", "Quit"), "Leave tulipgames. Games stay saved."))
        return entries

    def about_game(self, game_id: str) -> str:
        """Under the menu: bot levels, whether there is a curtain, and the best score so far."""
        game = games.get_game(game_id)
        lines = [f"Bots: {', '.join(game.bot_levels)}"]
        if game.hidden_information:
            lines[0] += " · hidden hands: pass-and-play with a curtain"
        best = self.store.high_scores(game_id, limit=1) if self.store else []
        if best:
            top = best[0]
            lines.append(f"Best score: {top.score} by {top.name} ({top.date[:10]}).")
        return "\n".join(lines)

    def on_mount(self) -> None:
        # without colour the highlighted line must still stand out (underlined, see the tcss)
        self.set_class(bool(os.environ.get("NO_COLOR")), "-no-color")
        self.push_screen(MenuScreen(self.menu_entries()))
        if self.initial_table is not None:
            self.start_table(self.initial_table, self.initial_seats)
        elif self.open_screen == "resume":
            self.show_resume()
        elif self.open_screen == "history":
            self.show_history()
        elif self.open_screen == "solo":
            self.show_setup(SOLO_GAME, solo=True)
        self.call_after_refresh(self.check_size)

    def on_menu_chosen(self, message: MenuChosen) -> None:
        entry = message.entry_id
        if entry.startswith("game:"):
            self.show_setup(entry.removeprefix("game:"))
        elif entry == "resume":
            self.show_resume()
        elif entry == "solo":
            self.show_setup(SOLO_GAME, solo=True)
        elif entry == "daily":
            self.show_setup(SOLO_GAME, solo=True, daily=True)
        elif entry == "history":
            self.show_history()
        elif entry == "rules":
            self.push_screen(GamePickScreen("Rules of which game?"), self._show_rules)
        elif entry == "quit":
            self.exit()
        else:
            self.on_extra_menu(entry)

    def _show_rules(self, game_id: str | None) -> None:
        if game_id:
            self.push_screen(RulesScreen(games.get_game(game_id)))

    # -- new games ----------------------------------------------------------------------------
    def show_setup(self, game_id: str, *, solo: bool = False, daily: bool = False) -> None:
        """Open the setup screen of a game (``solo``: one seat, the solo challenge)."""
        if not playable(game_id):
            self.notify(f"{games.info(game_id).title} is coming soon.", severity="warning")
            return
        game = games.get_game(game_id)
        seats = [SeatSpec("Ana", "human")] if solo else None
        seed = daily_seed() if daily else None
        variant = "daily" if daily else ("solo" if solo else "")
        self.push_screen(SetupScreen(game, seats, seed, variant), self._setup_done)

    def _setup_done(self, choice: SetupChoice | None) -> None:
        if choice is None:
            return
        try:
            table = self.new_table(choice.game, choice.seats, choice.seed, choice.options)
        except ValueError as exc:
            self.notify(str(exc), severity="error")
            return
        self.start_table(table, variant=solo_variant(choice))

    def new_table(
        self, game_id: str, seats: list[SeatSpec], seed: int, options: dict[str, object]
    ) -> Table:
        """A new table (not yet saved); raises ``ValueError`` for a bad setup."""
        extra = {} if self.bot_delay is None else {"bot_delay": self.bot_delay}
        return Table.new(games.get_game(game_id), seats, seed, dict(options), **extra)

    def start_table(
        self, table: Table, seats: frozenset[int] | None = None, *, variant: str = ""
    ) -> GameScreen:
        """Show a table with its game's screen; ``seats`` are the seats played at this terminal
        (``None``: every human seat, hot-seat). A table not yet saved is saved now."""
        if self.store is not None and table.save_id is None:
            self.store.create(table, variant)
        screen = screen_class(table.game.id)(table, seats)
        self.push_screen(screen)
        return screen

    def rematch(self, results: ResultsScreen, same_seed: bool) -> None:
        """Start the same game again with the same seats and options."""
        record = results.record
        if record is None:
            return
        seed = record.seed if same_seed else random_seed()
        seats = list(record.seats)
        variant = solo_variant(SetupChoice(record.game, seats, seed, record.options, "daily"))
        table = self.new_table(record.game, seats, seed, dict(record.options))
        results.dismiss(None)
        self.start_table(table, variant=variant)

    # -- resume and history -------------------------------------------------------------------
    def show_resume(self) -> None:
        if self.store is None:
            return
        self.push_screen(ResumeScreen(self.store.saves()), self._resume_chosen)

    def _resume_chosen(self, save_id: int | None) -> None:
        if save_id is not None:
            self.resume(save_id)

    def resume(self, save_id: int) -> bool:
        """Open a saved game; a save that cannot be opened is explained, not changed."""
        if self.store is None:
            return False
        extra = {} if self.bot_delay is None else {"bot_delay": self.bot_delay}
        try:
            table = self.store.load(save_id, **extra)
        except SaveError as exc:
            self.notify(f"Cannot open game #{save_id}: {exc}", severity="error", timeout=8)
            return False
        if table.state.is_over():
            self.push_screen(ResultsScreen.for_table(table))
        else:
            self.start_table(table)
        return True

    def show_history(self) -> None:
        if self.store is None:
            return
        scores: list[HighScore] = []
        for info in games.CATALOGUE:
            scores.extend(self.store.high_scores(info.id, limit=10))
        scores.sort(key=lambda s: (s.game, s.variant, -s.score))
        self.push_screen(HistoryScreen(self.store.finished(), scores))

    # -- terminal size ------------------------------------------------------------------------
    def on_resize(self, event: events.Resize) -> None:
        self.call_after_refresh(self.check_size)

    def check_size(self) -> None:
        """Cover the screen with a notice below 80x24; lift it when the terminal grows."""
        width, height = self.size
        small = width < MIN_WIDTH or height < MIN_HEIGHT
        if small and self._too_small is None:
            self._too_small = TooSmallScreen()
            self.push_screen(self._too_small)
        elif not small and self._too_small is not None and self.screen is self._too_small:
            self._too_small = None
            self.pop_screen()

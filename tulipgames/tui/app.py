"""The tulipgames app: menu, new-game setup, resume, history, solo challenge and hot-seat play.

``TulipGamesApp`` is also the base of the SSH server's per-connection app, which adds its own
menu entries through :meth:`TulipGamesApp.extra_menu_entries` / :meth:`on_extra_menu` and starts
shared tables for remote seats with :meth:`TulipGamesApp.start_table`.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable
from dataclasses import replace
from datetime import date
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rich.text import Text
from textual import events
from textual.app import App, ComposeResult, SystemCommand
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen, Screen
from textual.theme import Theme
from textual.timer import Timer
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from tulipgames import games, i18n
from tulipgames.i18n import N_, both
from tulipgames.tui import prefs
from tulipgames.tui.keyline import TranslatedKeys
from tulipgames.tui.prefs import BOT_SPEEDS
from tulipgames.tui.screens.menu import MenuChosen, MenuEntry, MenuScreen, game_entry, keyed
from tulipgames.tui.screens.messages import (
    MenuEntriesAsked,
    ReplayAsked,
    ResumeAsked,
    SizeCheckAsked,
    StatisticsAsked,
)
from tulipgames.tui.screens.small import MIN_HEIGHT, MIN_WIDTH, TooSmallScreen
from tulipgames.tui.themes import DARK_ANSI, LIGHT_ANSI, THEMES

# The menu is drawn before any game, table, store or other screen is imported: each is imported
# where it is first used (a quick start; see docs/speed.md).
if TYPE_CHECKING:
    from tulipgames.engine.core import SeatSpec
    from tulipgames.engine.record import GameRecord
    from tulipgames.store import HighScore, SaveInfo, Store
    from tulipgames.table import Table
    from tulipgames.tui.screens.game import GameScreen
    from tulipgames.tui.screens.results import RematchAsked, ResultsScreen
    from tulipgames.tui.screens.setup import SetupChoice

SOLO_GAME = games.solo_id()
#: Seconds after the menu's first frame before a store given as ``open_store`` is opened (for
#: the count of games to resume): the menu draws and answers a first key before SQLite loads.
STORE_DELAY = 0.25
#: Seconds after a key (or a highlight) before the terminal's cursor goes on the choice.
FOLLOW_DELAY = 0.05


#: Textual's own commands in the palette (get_system_commands), marked for the catalogue: the
#: palette shows them in the session's language and finds them by either name.
TEXTUAL_COMMANDS = (
    N_("Theme"), N_("Change the current theme"),
    N_("Quit"), N_("Quit the application as soon as possible"),
    N_("Keys"), N_("Hide the keys and widget help panel"),
    N_("Show help for the focused widget and a summary of available keys"),
    N_("Minimize"), N_("Minimize the widget and restore to normal size"),
    N_("Maximize"), N_("Maximize the focused widget"),
    N_("Screenshot"), N_("Save an SVG 'screenshot' of the current screen"),
    # Translators: the command palette's key in the footer (ctrl+p)
    N_("palette"), N_("Open the command palette"),
)


def command(message: str, help_text: str, callback: Callable[[], Any], discover: bool = True,
            /, **values: str) -> SystemCommand:
    """A palette command titled in the session's language and in English (a player types
    either, see :func:`tulipgames.i18n.both`), its help line translated; ``values`` fill the
    title's placeholders (each a message id too: a game's title)."""
    from tulipgames.i18n import _  # here: `_` is a throwaway name elsewhere in this module

    if values:
        english = message.format(**values)
        shown = _(message).format(**{key: _(value) for key, value in values.items()})
        title = english if shown == english else f"{shown} · {english}"
    else:
        title = both(message)
    return SystemCommand(title, _(help_text), callback, discover)


def screen_class(game_id: str) -> type[GameScreen]:
    """The game's screen class, as its kit names it."""
    screen: type[GameScreen] = games.kit(game_id).screen_class()
    return screen


def daily_seed(day: date | None = None) -> int:
    """The daily deal: everyone who plays the solo challenge on one day gets the same deal.

    The solo game's kit may name a ``daily_seed(date)``; otherwise the date as YYYYMMDD.
    """
    return games.daily_seed(day or date.today())


def solo_variant(choice: SetupChoice) -> str:
    """The high-score table a setup plays for: ``daily`` only on today's deal, ``solo`` alone."""
    if len(choice.seats) != 1 or choice.game != SOLO_GAME:
        return ""
    if choice.variant == "daily" and choice.seed == daily_seed():
        return "daily"
    return "solo"


class GamePickScreen(TranslatedKeys, ModalScreen[str | None]):
    """Pick one of the available games (for the rules)."""

    BINDINGS = [Binding("escape", "cancel", N_("Back"))]
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
        from textual.widgets import Footer  # not loaded before the menu is up: it has its own

        with Vertical():
            yield Static(self.heading)
            yield OptionList(
                *[
                    Option(i18n._(info.title), id=info.id)
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

    ``store``: where games are saved (``None`` = nothing is saved, for previews), or
    ``open_store``: a function that opens it, called when it is first needed or
    :data:`STORE_DELAY` after the menu is up (a store that cannot be opened ends the app with
    the reason, exit code 1).
    ``table``/``seats``: a table to open at once (``tulipgames play``); ``open_screen``:
    ``"resume"``, ``"history"`` or ``"solo"`` to open at start.
    """

    TITLE = "tulipgames"
    CSS_PATH = Path(__file__).with_name("tulipgames.tcss")
    # ctrl+p: the app's own commands (get_system_commands) and Textual's theme picker
    COMMAND_PALETTE_BINDING = "ctrl+p"
    BINDINGS = [Binding("ctrl+q", "quit", N_("Quit"), show=False, priority=True)]

    def __init__(
        self,
        store: Store | None = None,
        *,
        table: Table | None = None,
        seats: frozenset[int] | None = None,
        open_screen: str | None = None,
        bot_delay: float | None = None,
        open_store: Callable[[], Store] | None = None,
        prefs_path: Path | None = None,
    ) -> None:
        super().__init__()
        self._theme_chosen_yet = True
        self._store = store
        self._open_store = open_store
        self.initial_table = table
        self.initial_seats = seats
        self.open_screen = open_screen
        self.bot_delay = bot_delay
        self._too_small: TooSmallScreen | None = None
        self._follow_timer: Timer | None = None
        #: Where the preferences live (``None``: the user's config file, see :mod:`.prefs`).
        self.prefs_path = prefs_path
        self.prefs, self._prefs_problem = prefs.read(prefs_path)
        for theme in THEMES:
            self.register_theme(theme)
        chosen = self.prefs.theme
        if chosen not in self.available_themes:
            self._prefs_problem = i18n._("There is no theme {name}; using tulip-dark.").format(
                name=repr(chosen))
            chosen = "tulip-dark"
        # Each of these set plainly runs its watcher, and each watcher parses all the CSS once
        # more and applies it to the whole app before the first frame. No CSS is parsed yet
        # (the first parse comes with the first screen), so they are set quietly and the rest
        # of what the theme's watcher does is done here: the first parse reads the theme's
        # colours, the app gets the theme's classes and the ANSI palette.
        self.set_reactive(App.ansi_theme_dark, DARK_ANSI)
        self.set_reactive(App.ansi_theme_light, LIGHT_ANSI)
        self.set_reactive(App.theme, chosen)
        self.stylesheet.set_variables(self.get_css_variables())
        dark = self.current_theme.dark
        # (set_class, not update_classes: that one is newer than textual 8.0, our floor)
        self.remove_class(*(c for c in self.classes if c.startswith("-theme-")), update=False)
        self.add_class(f"-theme-{chosen}", update=False)
        self.set_class(dark, "-dark-mode", update=False)
        self.set_class(not dark, "-light-mode", update=False)
        from tulipgames.tui.textual_private import refresh_truecolor_filter

        refresh_truecolor_filter(self)

    #: False while Textual's own ``__init__`` runs (see :meth:`get_css_variables`).
    _theme_chosen_yet = False

    def get_css_variables(self) -> dict[str, str]:
        """The theme's CSS variables; none while Textual's ``__init__`` makes the stylesheet.

        Textual's ``__init__`` makes the stylesheet with the variables of its default theme,
        which ``__init__`` here replaces with those of the chosen theme before any CSS is
        parsed: that first set (some 150 colours worked out) would never be read."""
        if not self._theme_chosen_yet:
            return {}
        return super().get_css_variables()

    # -- the store ----------------------------------------------------------------------------
    @property
    def saves_games(self) -> bool:
        """Whether games are saved (without opening the store for it)."""
        return self._store is not None or self._open_store is not None

    @property
    def store(self) -> Store | None:
        """Where games are saved; an ``open_store`` is called here, the first time."""
        if self._open_store is not None:
            from tulipgames.store import StoreError

            opener, self._open_store = self._open_store, None
            try:
                self._store = opener()
            except StoreError as exc:
                self.exit(return_code=1, message=f"tulipgames: {exc}")  # the operator's words
                return None
            if self._store.notice:
                self.notify(i18n._("Note: {notice}").format(notice=self._store.notice),
                            severity="warning", timeout=10)
        return self._store

    @store.setter
    def store(self, store: Store | None) -> None:
        self._store, self._open_store = store, None

    def _store_opened(self) -> None:
        """The store opened after the menu is up: the menu's counts come with it."""
        store = self.store
        if store is not None and store.count_active() and isinstance(self.screen, MenuScreen):
            self.screen.set_entries(self.menu_entries())

    # -- the menu -----------------------------------------------------------------------------
    def extra_menu_entries(self) -> list[tuple[str, str]]:
        """``(id, label)`` pairs added to the menu before Quit; the SSH server overrides this."""
        return []

    def on_extra_menu(self, entry_id: str) -> None:
        """Called when one of :meth:`extra_menu_entries` is chosen."""

    def menu_entries(self) -> list[MenuEntry]:
        entries = [
            game_entry(info, str(number) if number < 10 else "", partial(self.about_game, info.id))
            for number, info in enumerate(games.CATALOGUE, 1)
        ]
        entries.append(MenuEntry("-", Text(""), ""))
        # before the store is open the line has no count (it comes STORE_DELAY later)
        resumable = self._store.count_active() if self._store else 0
        from tulipgames.i18n import _  # here: `_` is a throwaway name elsewhere in this module

        saving = self.saves_games
        resume = _("Resume a game ({count})").format(count=resumable) if resumable else _(
            "Resume a game")
        entries += [
            MenuEntry(
                "resume",
                keyed("r", resume, saving),
                _("Go on with a saved game. Every move is saved as it is played."),
                saving,
            ),
            MenuEntry(
                "solo",
                keyed("s", _("Solo challenge")),
                _("The Little Flower Shop alone: score levels, high scores, a daily deal."),
            ),
            MenuEntry(
                "daily",
                keyed("d", _("Daily deal")),
                _("Today's solo deal: the same cards for everyone, its own high-score table."),
            ),
            MenuEntry(
                "history",
                keyed("h", _("History & high scores"), saving),
                _("Finished games and the best scores."),
                saving,
            ),
            MenuEntry("tutorial", keyed("l", _("Learn to play")),
                      _("A first game of each title, step by step, with the rule in play.")),
            MenuEntry("rules", keyed("?", _("Rules")), _("How to play each game.")),
        ]
        for entry_id, label in self.extra_menu_entries():
            entries.append(MenuEntry(entry_id, keyed("", label), label))
        entries.append(
            MenuEntry("quit", keyed("q", _("Quit")), _("Leave tulipgames. Games stay saved."))
        )
        return entries

    def about_game(self, game_id: str) -> str:
        """Under the menu: bot levels, whether there is a curtain, and the best score so far."""
        from tulipgames.i18n import _  # here: `_` is a throwaway name elsewhere in this module

        game = games.get_game(game_id)
        lines = [_("Bots: {levels}").format(levels=", ".join(map(_, game.bot_levels)))]
        if game.hidden_information:
            lines[0] += " · " + _("hidden hands: pass-and-play with a curtain")
        best = self.store.high_scores(game_id, limit=1) if self.store else []
        if best:
            top = best[0]
            lines.append(_("Best score: {score} by {name} ({date}).").format(
                score=top.score, name=top.name, date=top.date[:10]))
        return "\n".join(lines)

    # -- preferences and the command palette ------------------------------------------------
    def remember(self, **changes: str) -> None:
        """Keep a preference for the next run; a file that cannot be written is said once."""
        new = replace(self.prefs, **changes)
        if new == self.prefs:
            return
        self.prefs = new
        problem = prefs.write(new, self.prefs_path)
        if problem:
            self.notify(problem, severity="warning", timeout=8)

    def _theme_chosen(self, theme: Theme) -> None:
        self.remember(theme=theme.name)

    def set_bot_speed(self, speed: str) -> None:
        """Bots of tables opened from now on wait this long before they move."""
        self.remember(bot_speed=speed)
        self.notify(i18n._("Bot speed: {speed}. It applies to games opened from now on.").format(
            speed=i18n._(speed)))

    def set_language(self, lang: str) -> None:
        """The language of the next start (the setting; ``--lang`` and LANG come after it)."""
        self.remember(language=lang)
        self.notify(i18n._("Language: {language}. It applies from the next start.").format(
            language=i18n.LANGUAGES.get(lang, i18n._("by the environment"))))

    @property
    def table_args(self) -> dict[str, Any]:
        """Keyword arguments for new and loaded tables: the bots' pace."""
        return {"bot_delay": self.prefs.bot_delay if self.bot_delay is None else self.bot_delay}

    def get_system_commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        """The command palette: Textual's own (theme, keys, quit...), then the app's: a new game
        of each title, resume, solo, history, rules, bot speed; in a game its own keys."""
        from tulipgames.tui.screens.game import GameScreen

        # every title in the session's language and in English: either finds the command
        for own in super().get_system_commands(screen):
            yield command(own.title, own.help, own.callback, own.discover)
        if isinstance(screen, GameScreen):
            yield command(N_("Undo"), N_("Take back your last step"), screen.action_undo)
            yield command(N_("Scroll the log"), N_("Arrows scroll it"), screen.action_focus_log)
            if not screen.shared_table:  # no coach at a shared table
                yield command(
                    N_("Hint"), N_("What would the coach do now, and why (h)"), screen.action_hint
                )
            yield command(N_("Rules of {title}"), N_("The rules on screen"), screen.action_rules,
                          title=screen.table.game.title)
            yield command(
                N_("Leave the game"), N_("Back to the menu; the game stays saved"),
                screen.action_leave,
            )
        for info in games.CATALOGUE:
            yield command(N_("New game: {title}"), info.pitch, partial(self.show_setup, info.id),
                          title=info.title)
            yield command(N_("Rules: {title}"), N_("How to play"),
                          partial(self._show_rules, info.id), title=info.title)
        if self.saves_games:
            yield command(N_("Resume a game"), N_("Go on with a saved game"), self.show_resume)
            yield command(N_("History & high scores"), N_("Finished games"), self.show_history)
            yield command(
                N_("Statistics"), N_("Games, wins and scores per player, with charts"),
                self.show_statistics,
            )
        yield command(
            N_("Solo challenge"), N_("The Little Flower Shop alone"),
            partial(self.show_setup, SOLO_GAME, solo=True),
        )
        yield command(
            N_("Daily deal"), N_("Today's solo deal"), partial(self.show_setup, SOLO_GAME,
                                                               solo=True, daily=True),
        )
        for speed in BOT_SPEEDS:
            if speed != self.prefs.bot_speed:
                yield command(
                    N_("Bot speed: {speed}"),
                    i18n._("Bots wait {seconds} s before moving").format(
                        seconds=BOT_SPEEDS[speed]),
                    partial(self.set_bot_speed, speed), speed=speed,
                )
        for lang in i18n.offered():
            if lang != i18n.current():
                yield command(
                    N_("Language: {language}"),
                    i18n._("Play in {language} from the next start").format(
                        language=i18n.LANGUAGES[lang]),
                    partial(self.set_language, lang), language=i18n.LANGUAGES[lang],
                )

    def action_command_palette(self) -> None:
        """Textual's command palette, its search prompt in the session's language."""
        from textual.command import CommandPalette

        is_open = any(isinstance(screen, CommandPalette) for screen in self.screen_stack)
        if self.use_command_palette and not is_open:
            self.push_screen(CommandPalette(placeholder=i18n._("Search for commands…"),
                                            id="--command-palette"))

    def get_default_screen(self) -> Screen[Any]:
        """The menu is the app's first screen, the bottom of the stack: a menu pushed over
        Textual's blank default screen had that one styled and laid out too before the first
        frame (some 15 ms of the app's own start-up)."""
        return MenuScreen(self.menu_entries(), lit=self.menu_lit_at_start())

    def menu_lit_at_start(self) -> str:
        """The menu entry lit when the app starts ("": the first)."""
        return ""

    def on_mount(self) -> None:
        # without colour the highlighted line must still stand out (underlined, see the tcss)
        self.set_class(bool(os.environ.get("NO_COLOR")), "-no-color")
        self.theme_changed_signal.subscribe(self, self._theme_chosen)
        if self._prefs_problem:
            self.notify(self._prefs_problem, severity="warning", timeout=10)
        if self._open_store is not None:  # counted from the menu's first frame
            self.call_after_refresh(self.set_timer, STORE_DELAY, self._store_opened)
        if self.initial_table is not None:
            self.start_table(self.initial_table, self.initial_seats)
        elif self.open_screen == "resume":
            self.show_resume()
        elif self.open_screen == "history":
            self.show_history()
        elif self.open_screen == "solo":
            self.show_setup(SOLO_GAME, solo=True)
        # at once, before the first layout: the screens are never arranged in 1 to 6 columns
        self.check_size()

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
            self.push_screen(GamePickScreen(i18n._("Rules of which game?")), self._show_rules)
        elif entry == "tutorial":
            self.push_screen(GamePickScreen(i18n._("Learn which game?")), self.show_tutorial)
        elif entry == "quit":
            self.exit()
        else:
            self.on_extra_menu(entry)

    def on_menu_entries_asked(self, message: MenuEntriesAsked) -> None:
        if isinstance(self.screen, MenuScreen):
            self.screen.set_entries(self.menu_entries())

    def show_tutorial(self, game_id: str | None) -> None:
        """A game's first-game tutorial (``tui/screens/tutorial.py``), never saved."""
        from tulipgames.tui.screens.tutorial import open_tutorial

        if game_id:
            open_tutorial(self, game_id, self.prefs.name, **self.table_args)

    def _show_rules(self, game_id: str | None) -> None:
        from tulipgames.tui.screens.rules import RulesScreen

        if game_id:
            self.push_screen(RulesScreen(games.get_game(game_id)))

    # -- new games ----------------------------------------------------------------------------
    def show_setup(self, game_id: str, *, solo: bool = False, daily: bool = False) -> None:
        """Open the setup screen of a game (``solo``: one seat, the solo challenge)."""
        from tulipgames.engine.core import SeatSpec
        from tulipgames.tui.screens.setup import SetupScreen

        game = games.get_game(game_id)
        seats = [SeatSpec(self.prefs.name, "human")] if solo else None
        seed = daily_seed() if daily else None
        variant = "daily" if daily else ("solo" if solo else "")
        self.push_screen(
            SetupScreen(game, seats, seed, variant, name=self.prefs.name), self._setup_done
        )

    def _setup_done(self, choice: SetupChoice | None) -> None:
        if choice is None:
            return
        if not choice.seats[0].is_bot:
            self.remember(name=choice.seats[0].name)
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
        from tulipgames.table import Table

        return Table.new(games.get_game(game_id), seats, seed, dict(options), **self.table_args)

    def start_table(
        self, table: Table, seats: frozenset[int] | None = None, *, variant: str = ""
    ) -> GameScreen:
        """Show a table with its game's screen; ``seats`` are the seats played at this terminal
        (``None``: every human seat, hot-seat). A table not yet saved is saved now."""
        if self.store is not None and table.save_id is None:
            self.store.create(table, variant)
        screen = screen_class(table.game.id)(table, seats)
        # A table left for the menu is closed: a bot still thinking must not play on unseen.
        self.push_screen(screen, callback=lambda _left: table.stop_bots())
        return screen

    def rematch(self, results: ResultsScreen, same_seed: bool) -> None:
        """Start the same game again with the same seats and options."""
        from tulipgames.tui.screens.setup import SetupChoice, random_seed

        record = results.record
        if record is None:
            return
        seed = record.seed if same_seed else random_seed()
        seats = list(record.seats)
        variant = solo_variant(SetupChoice(record.game, seats, seed, record.options, "daily"))
        table = self.new_table(record.game, seats, seed, dict(record.options))
        results.dismiss(None)
        self.start_table(table, variant=variant)
        if variant == "daily":  # the same deal again: it is practice, and the player hears so
            from tulipgames.notices import daily_notice
            self.notify(daily_notice(self.store, seats[0].name, seed), timeout=10)

    def on_rematch_asked(self, message: RematchAsked) -> None:
        self.rematch(message.results, message.same_seed)

    # -- resume and history -------------------------------------------------------------------
    def show_resume(self) -> None:
        from tulipgames.tui.screens.resume import ResumeScreen

        if self.store is None:
            return
        self.push_screen(ResumeScreen(self.store.saves(), self.delete_save), self._resume_chosen)

    def delete_save(self, save: SaveInfo) -> str | None:
        """Delete a save the player confirmed; returns why not (played on meanwhile, ...)."""
        from tulipgames.store import SaveError

        if self.store is None:
            return i18n._("nothing is saved here")
        try:
            self.store.delete(save.id, save.revision)
        except SaveError as exc:
            return str(exc)
        return None

    def _resume_chosen(self, save_id: int | None) -> None:
        if save_id is not None:
            self.resume(save_id)

    def resume(self, save_id: int) -> bool:
        """Open a saved game; a save that cannot be opened is explained, not changed."""
        from tulipgames.store import SaveError
        from tulipgames.tui.screens.results import ResultsScreen

        if self.store is None:
            return False
        try:
            table = self.store.load(save_id, **self.table_args)
        except SaveError as exc:
            self.notify(i18n._("Cannot open game #{number}: {problem}").format(
                number=save_id, problem=exc), severity="error", timeout=8)
            return False
        if table.is_over:
            self.push_screen(ResultsScreen.for_table(table))
        else:
            self.start_table(table)
        return True

    def open_replay(self, record: GameRecord, analyse: bool = False) -> None:
        """The replay viewer of a record, seen first from its first human seat (a finished
        game shows every seat; an unfinished one only the seats played at this keyboard)."""
        from tulipgames.tui.screens.replay import replay_screen

        humans = {i for i, seat in enumerate(record.seats) if not seat.is_bot}
        self.push_screen(replay_screen(record, owned=humans, analyse=analyse))

    def on_resume_asked(self, message: ResumeAsked) -> None:
        self.resume(message.save_id)

    def on_replay_asked(self, message: ReplayAsked) -> None:
        """The replay of a record, or of a saved game (from the history)."""
        record = message.record
        if record is None and message.save_id is not None and self.store is not None:
            record = self.store.load(message.save_id).record
        if record is not None:
            self.open_replay(record, analyse=message.analyse)

    def on_statistics_asked(self, message: StatisticsAsked) -> None:
        self.show_statistics()

    def show_statistics(self) -> None:
        from tulipgames.tui.screens.stats import StatsScreen

        if self.store is not None:
            self.push_screen(StatsScreen(self.store))

    def show_history(self) -> None:
        from tulipgames.tui.screens.history import SCORE_TABS, HistoryScreen

        if self.store is None:
            return
        scores: list[HighScore] = []
        for info in games.CATALOGUE:
            for _, _, variants in SCORE_TABS:
                for variant in variants:
                    scores.extend(self.store.high_scores(info.id, variant, limit=10))
        self.push_screen(HistoryScreen(self.store.finished(), scores))

    # -- the terminal's cursor on the highlighted choice, for braille displays ----------------
    async def on_event(self, event: events.Event) -> None:
        await super().on_event(event)
        if isinstance(event, events.Key | events.MouseUp | events.Resize):
            self.follow_choice()

    def on_option_list_option_highlighted(self) -> None:
        self.follow_choice()

    on_data_table_row_highlighted = on_data_table_cell_highlighted = on_descendant_focus = (
        on_choices_redrawn) = on_option_list_option_highlighted

    def follow_choice(self) -> None:
        """Soon after the frame that lays a moved highlight or focus out, the terminal's cursor
        goes on the highlighted choice of the screen on top, whatever the screen (see
        :mod:`tulipgames.tui.widgets.cursor`).

        On a timer, not in the key's own frame: finding a game's choice mark draws its widgets'
        lines again, a quarter of a key press's cost when it ran before the frame was written
        (``bench --ui``); a run of keys moves the cursor once, after the last."""
        if self._follow_timer is not None:
            self._follow_timer.reset()
            return
        self._follow_timer = self.set_timer(FOLLOW_DELAY, self._follow_choice_now)

    def _follow_choice_now(self) -> None:
        self._follow_timer = None
        # imported here, after the first frame: the menu is drawn before it (docs/speed.md)
        from tulipgames.tui.textual_private import app_driver
        from tulipgames.tui.widgets.cursor import follow_choice

        before = self.cursor_position
        follow_choice(self)
        driver = app_driver(self)
        if self.cursor_position == before or driver is None or self.is_headless:
            return
        # Textual moves the cursor only at the end of a frame, and no frame may come: move it
        # now (the next frame puts it at the same place)
        x, y = self.screen.outer_size.clamp_offset(self.cursor_position)
        driver.write(f"\x1b[{y + 1};{x + 1}H")
        driver.flush()

    # -- terminal size ------------------------------------------------------------------------
    def on_resize(self, event: events.Resize) -> None:
        self.call_after_refresh(self.check_size)

    def on_size_check_asked(self, message: SizeCheckAsked) -> None:
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

"""The app shell driven with Textual's Pilot, on the toy game (tests/tui/toygame.py)."""

from __future__ import annotations

import json
import sqlite3

import pytest
from textual.widgets import Label, OptionList, Static

from tests.pilot import screen_text, wait_for
from tests.tui import toygame
from tulipgames import games
from tulipgames.engine.core import SeatSpec
from tulipgames.store import DB_NAME, Store
from tulipgames.table import Table, Turn
from tulipgames.tui.app import TulipGamesApp, daily_seed
from tulipgames.tui.screens.curtain import CurtainScreen
from tulipgames.tui.screens.game import GameScreen
from tulipgames.tui.screens.history import HistoryScreen
from tulipgames.tui.screens.menu import MenuScreen
from tulipgames.tui.screens.results import ResultsScreen
from tulipgames.tui.screens.resume import ResumeScreen
from tulipgames.tui.screens.rules import RulesScreen
from tulipgames.tui.screens.setup import SetupScreen
from tulipgames.tui.screens.small import TooSmallScreen
from tulipgames.tui.widgets import GameLog

pytestmark = pytest.mark.usefixtures("toy")






def status(app: TulipGamesApp) -> str:
    return str(app.screen.query_one("#status", Static).render())


def new_toy(seats: list[SeatSpec], seed: int = 5, cards: int = 2) -> Table:
    return Table.new(toygame.GAME, seats, seed, {"cards": cards}, bot_delay=0.0)


async def test_menu_lists_every_game_enabled(store: Store):
    app = TulipGamesApp(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)
        menu = app.screen.query_one("#menu", OptionList)
        options = {menu.get_option_at_index(i).id: menu.get_option_at_index(i)
                   for i in range(menu.option_count)}
        assert not options["game:toy"].disabled
        assert "1-4" in str(options["game:toy"].prompt)
        assert {"resume", "solo", "history", "rules", "quit"} <= set(options)
        for info in games.CATALOGUE:
            assert not options[f"game:{info.id}"].disabled
            assert "coming soon" not in str(options[f"game:{info.id}"].prompt)


async def test_menu_to_setup_to_game_and_back(store: Store):
    app = TulipGamesApp(store, bot_delay=0.0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        menu = app.screen.query_one("#menu", OptionList)
        menu.highlighted = next(i for i in range(menu.option_count)
                                if menu.get_option_at_index(i).id == "game:toy")
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        app.screen.query_one("#seed").value = "77"
        assert app.focused is app.screen.query_one("#player-count")  # never Start at first
        await pilot.press("ctrl+g")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        table = app.screen.table
        assert table.record.seed == 77
        assert [s.kind for s in table.seats] == ["human", "bot:normal"]
        assert status(app).startswith("Ana: Play a card")
        await pilot.press("enter")  # the highlighted legal action
        await pilot.pause()
        assert len(table.record.actions) == 1
        # the action is in the store before anything else happens
        assert store.load(table.save_id).record.actions == table.record.actions
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)
        assert "Resume a game (1)" in str(
            app.screen.query_one("#menu", OptionList).get_option("resume").prompt
        )


async def test_undo_takes_back_own_quiet_action(store: Store):
    table = new_toy([SeatSpec("Ana"), SeatSpec("Ben", "bot:random")])
    app = TulipGamesApp(store, table=table)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        before = repr(table.state.view(0))
        await pilot.press("enter")
        await pilot.pause()
        assert table.record.actions[-1][1].startswith("play")
        await pilot.press("u")
        await pilot.pause()
        assert table.record.actions == []
        assert repr(table.state.view(0)) == before
        assert store.load(table.save_id).record.actions == []
        await pilot.press("u")  # nothing left: explained, not crashed
        await pilot.pause()
        assert table.record.actions == []


async def test_bot_turns_run_by_themselves_and_the_end_shows_results(store: Store):
    table = new_toy([SeatSpec("Ana"), SeatSpec("Ben", "bot:random")], cards=1)
    app = TulipGamesApp(store, table=table)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("enter")  # play
        await pilot.pause()
        await pilot.press("enter")  # end
        await wait_for(pilot, lambda: isinstance(app.screen, ResultsScreen))
        assert table.state.is_over()
        assert "Total" in screen_text(app)
        (finished,) = store.finished()
        assert finished.result.totals == table.state.result().totals
        assert store.high_scores("toy")[0].name == "Ana"
        await pilot.press("r")  # rematch, same seed: same deal
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        assert app.screen.table.record.seed == table.record.seed
        assert app.screen.table.save_id != table.save_id


async def test_bot_thinking_is_shown(store: Store):
    table = new_toy([SeatSpec("Ben", "bot:random"), SeatSpec("Ana")])
    table.bot_delay = 2.0  # long enough to be seen on a loaded machine
    app = TulipGamesApp(store, table=table)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: "Ben (bot) is thinking" in status(app))
        assert tuple(table.state.to_act()) == (0,)  # seen while Ben still holds the turn
        await wait_for(pilot, lambda: status(app).startswith("Ana:"))


async def test_a_game_left_while_a_bot_thinks_does_not_play_on(store: Store):
    table = new_toy([SeatSpec("Ben", "bot:random"), SeatSpec("Ana")])
    table.bot_delay = 1.5
    app = TulipGamesApp(store, table=table)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: "Ben (bot) is thinking" in status(app))
        await pilot.press("escape")
        await wait_for(pilot, lambda: isinstance(app.screen, MenuScreen))
        await pilot.pause(2.0)  # well past the bot's delay
        assert not table.record.actions
        assert table.save_id is not None
        assert not store.load(table.save_id).record.actions  # nothing played behind the menu


async def test_curtain_between_human_seats_of_a_hidden_information_game(store: Store):
    table = new_toy([SeatSpec("Ana"), SeatSpec("Mira")], seed=8)
    app = TulipGamesApp(store, table=table)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, CurtainScreen)
        assert "Pass to Ana" in screen_text(app)
        await pilot.press("enter")
        await pilot.pause()
        game = app.screen
        assert isinstance(game, GameScreen) and game.viewer == 0
        mira_hand = table.state.hands[1]
        await pilot.press("enter")  # play
        await pilot.pause()
        await pilot.press("enter")  # end: Mira is next
        await pilot.pause()
        assert isinstance(app.screen, CurtainScreen)
        assert "Pass to Mira" in screen_text(app)
        # under the curtain the table shows only public information
        assert game.viewer is None
        hand_text = str(game.query_one("#hand", Static).render())
        assert hand_text.startswith("Hand: -")
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is game and game.viewer == 1
        shown = str(game.query_one("#hand", Static).render())
        assert shown.startswith("Hand: " + " ".join(f"[{c}]" for c in mira_hand))


async def test_no_curtain_with_one_human(store: Store):
    table = new_toy([SeatSpec("Ana"), SeatSpec("Ben", "bot:random")])
    app = TulipGamesApp(store, table=table)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)


async def test_rules_on_question_mark(store: Store):
    table = new_toy([SeatSpec("Ana"), SeatSpec("Ben", "bot:random")])
    app = TulipGamesApp(store, table=table)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, RulesScreen)
        assert app.screen.query_one("#rules-text", Static)
        assert "end" in screen_text(app)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)


async def test_game_log_shows_named_events(store: Store):
    table = new_toy([SeatSpec("Ana"), SeatSpec("Ben", "bot:random")])
    app = TulipGamesApp(store, table=table)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        card = table.state.legal_actions(0)[0]
        await pilot.press("enter")
        await pilot.pause()
        log = app.screen.query_one(GameLog)
        assert log._lines[-1] == f"Ana plays {card.card}"


async def test_the_toy_screen_offers_the_turns_legal_actions(store: Store):
    table = new_toy([SeatSpec("Ana"), SeatSpec("Ben", "bot:random")], cards=3)
    app = TulipGamesApp(store, table=table)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        choices = str(app.screen.query_one("#choices", Static).render())
        assert choices == "Choices: " + ", ".join(str(a) for a in table.turn(0).legal)
        await pilot.press("enter")
        await pilot.pause()
        assert str(app.screen.query_one("#choices", Static).render()) == "Choices: end"


async def test_resume_lists_broken_saves_with_reason(store: Store):
    good = new_toy([SeatSpec("Ana"), SeatSpec("Ben")])
    store.create(good)
    good.play(0, good.state.legal_actions(0)[0])  # an empty game is not listed
    bad = new_toy([SeatSpec("Cleo"), SeatSpec("Dev")])
    store.create(bad)
    raw = sqlite3.connect(store.path)
    record = bad.record.to_json()
    record["actions"] = [[1, "end"]]
    raw.execute("UPDATE saves SET record = ? WHERE id = ?", (json.dumps(record), bad.save_id))
    raw.commit()
    app = TulipGamesApp(store, open_screen="resume")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ResumeScreen)
        saves = app.screen.query_one(OptionList)
        assert saves.get_option(str(bad.save_id)).disabled
        assert "cannot open" in str(saves.get_option(str(bad.save_id)).prompt)
        assert not saves.get_option(str(good.save_id)).disabled
        saves.highlighted = saves.get_option_index(str(good.save_id))
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, CurtainScreen)  # two humans, hidden cards
    raw_record = raw.execute("SELECT record FROM saves WHERE id = ?", (bad.save_id,)).fetchone()
    assert json.loads(raw_record[0])["actions"] == [[1, "end"]]


async def test_history_shows_finished_games_and_scores(store: Store):
    table = new_toy([SeatSpec("Ana"), SeatSpec("Ben", "bot:random")], cards=1)
    store.create(table)
    table.play(0, table.state.legal_actions(0)[0])
    table.play(0, "end")
    table.run_bots_now()
    assert table.state.is_over()
    app = TulipGamesApp(store, open_screen="history")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, HistoryScreen)
        text = screen_text(app)
        assert "Toy Cards" in text
        assert "Ana" in text  # her high score; the bot has none
        assert "Ben" not in text
        await pilot.press("left")  # the finished games tab (the last)
        await pilot.pause()
        assert f"Ana {table.state.result().totals[0]}" in screen_text(app)
        await pilot.press("enter")  # its score sheet again
        await pilot.pause()
        assert isinstance(app.screen, ResultsScreen)
        assert app.screen.result == table.state.result()


async def test_extra_menu_entries_hook(store: Store):
    chosen: list[str] = []

    class Served(TulipGamesApp):
        def extra_menu_entries(self) -> list[tuple[str, str]]:
            return [("join", "Join a table")]

        def on_extra_menu(self, entry_id: str) -> None:
            chosen.append(entry_id)

    app = Served(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        menu = app.screen.query_one("#menu", OptionList)
        menu.highlighted = menu.get_option_index("join")
        await pilot.press("enter")
        await pilot.pause()
        assert chosen == ["join"]


async def test_terminal_too_small_notice_recovers(store: Store):
    app = TulipGamesApp(store)
    async with app.run_test(size=(70, 20)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen)
        assert "need 80x24" in screen_text(app)
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)


def test_store_fixture_is_on_disk(store: Store):
    assert store.path.name == DB_NAME


async def test_digit_opens_the_nth_games_setup(store: Store):
    app = TulipGamesApp(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        toy_number = [info.id for info in games.CATALOGUE].index("toy") + 1
        await pilot.press(str(toy_number))
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        assert app.screen.game.id == "toy"


async def test_escape_on_the_curtain_goes_to_the_menu_and_the_empty_game_is_not_listed(
    store: Store,
):
    table = new_toy([SeatSpec("Ana"), SeatSpec("Mira")])
    app = TulipGamesApp(store, table=table)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, CurtainScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)
        assert store.saves() == []  # nothing was played: not a game to resume


async def test_no_color_marks_the_selection_without_colour(
    store: Store, monkeypatch: pytest.MonkeyPatch
):
    monkeypatch.setenv("NO_COLOR", "1")
    app = TulipGamesApp(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        menu = app.screen.query_one("#menu", OptionList)
        style = menu.get_component_rich_style("option-list--option-highlighted")
        assert style.underline and style.bold


async def test_in_colour_the_selection_is_bold_and_not_underlined(
    store: Store, monkeypatch: pytest.MonkeyPatch
):
    monkeypatch.delenv("NO_COLOR", raising=False)
    app = TulipGamesApp(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        menu = app.screen.query_one("#menu", OptionList)
        style = menu.get_component_rich_style("option-list--option-highlighted")
        assert style.bold and not style.underline


async def test_setup_player_count_seats_and_a_bad_seed(store: Store):
    app = TulipGamesApp(store, bot_delay=0.0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.show_setup("toy")
        await pilot.pause()
        setup = app.screen
        assert isinstance(setup, SetupScreen)
        setup.query_one("#player-count").value = 4
        await pilot.pause()
        choice = setup.read_choice()
        assert [s.name for s in choice.seats] == ["Ana", "Bot 2", "Bot 3", "Bot 4"]
        assert [s.kind for s in choice.seats] == ["human"] + ["bot:normal"] * 3
        setup.query_one("#kind-1").value = "human"
        setup.query_one("#name-1").value = "Mira"
        setup.query_one("#option-cards").value = 3
        setup.query_one("#player-count").value = 3
        await pilot.pause()
        choice = setup.read_choice()
        assert [(s.name, s.kind) for s in choice.seats] == [
            ("Ana", "human"), ("Mira", "human"), ("Bot 3", "bot:normal"),
        ]
        assert choice.options == {"cards": 3}
        setup.query_one("#seed").value = ""
        await pilot.press("ctrl+g")
        await pilot.pause()
        assert app.screen is setup  # not started
        assert "seed must be a whole number" in screen_text(app)
        await pilot.press("ctrl+r")  # a new random seed
        await pilot.press("ctrl+g")
        await pilot.pause()
        assert isinstance(app.screen, CurtainScreen)  # Ana and Mira share the keyboard
        (save,) = store.saves(empty=True)  # saved, though not listed before a move
        assert save.names == ("Ana", "Mira", "Bot 3")


async def test_rematch_with_a_new_seed(store: Store):
    table = new_toy([SeatSpec("Ana"), SeatSpec("Ben", "bot:random")], cards=1, seed=123456789)
    store.create(table)
    table.play(0, table.state.legal_actions(0)[0])
    table.play(0, "end")
    table.run_bots_now()
    app = TulipGamesApp(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.resume(table.save_id)  # finished: its results
        await pilot.pause()
        assert isinstance(app.screen, ResultsScreen)
        await pilot.press("n")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        again = app.screen.table
        assert again.record.seed != table.record.seed  # random seeds are below a million
        assert [s.to_json() for s in again.seats] == [s.to_json() for s in table.seats]


async def test_a_bot_error_is_shown_not_swallowed(store: Store):
    class Broken:
        level = "broken"

        def choose(self, state: object, seat: int) -> toygame.Play:
            return toygame.Play(99)

    table = new_toy([SeatSpec("Ben", "bot:random"), SeatSpec("Ana")])
    table._bots[0] = Broken()
    app = TulipGamesApp(store, table=table)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: table.bot_error is not None)
        assert "Ben's bot chose an illegal move" in status(app)
        assert app.screen.query_one("#status").has_class("warning")


async def test_the_log_never_takes_the_focus_unless_asked(store: Store):
    class Bare(toygame.ToyScreen):
        """A board with nothing focusable (some games draw everything themselves)."""

        def compose_board(self):
            yield Static(id="hand")

        def show(self, turn: Turn[toygame.ToyView]) -> None:
            self.query_one("#hand", Static).update(repr(turn.view))

    table = new_toy([SeatSpec("Ana"), SeatSpec("Ben", "bot:random")])
    app = TulipGamesApp(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.push_screen(Bare(table))
        await pilot.pause()
        log = app.screen.query_one(GameLog)
        assert app.focused is not log
        await pilot.press("ctrl+l")
        assert app.focused is log


async def test_daily_deal_setup_shows_the_whole_daily_seed(store: Store):
    app = TulipGamesApp(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.show_setup("toy", solo=True, daily=True)
        await pilot.pause()
        choice = app.screen.read_choice()
        assert choice.seed == daily_seed() and choice.variant == "daily"
        assert [s.name for s in choice.seats] == ["Ana"]


class Counter(Static, can_focus=True):
    """A focusable board widget that counts the arrow and game keys it gets."""

    BINDINGS = [("up", "count('up')"), ("x", "count('x')")]

    def __init__(self) -> None:
        super().__init__("board", id="counter")
        self.got: list[str] = []

    def action_count(self, key: str) -> None:
        self.got.append(key)


class Boarded(toygame.ToyScreen):
    """The toy screen with a focusable board widget, and a sub-step Esc steps back out of."""

    def __init__(self, table: Table, seats: frozenset[int] | None = None) -> None:
        super().__init__(table, seats)
        self.picked = False
        self.steps_back = 0

    def compose_board(self):
        yield Counter()
        yield from super().compose_board()

    def can_step_back(self) -> bool:
        return self.picked

    def step_back(self) -> bool:
        if not self.picked:
            return False
        self.picked = False
        self.steps_back += 1
        self.refresh_bindings()
        return True


def footer_line(app: TulipGamesApp) -> str:
    return screen_text(app).splitlines()[-1]


async def test_leaving_the_log_gives_the_keys_back_to_the_board(store: Store):
    table = new_toy([SeatSpec("Ana"), SeatSpec("Ben", "bot:random")], cards=3)
    app = TulipGamesApp(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = Boarded(table)
        await app.push_screen(screen)
        await pilot.pause()
        counter = screen.query_one(Counter)
        counter.focus()
        log = screen.query_one(GameLog)
        await pilot.press("ctrl+l", "up")
        assert app.focused is log and counter.got == []  # the arrow scrolled the log
        await pilot.press("tab")
        assert app.focused is counter
        await pilot.press("up")
        assert counter.got == ["up"]
        await pilot.press("ctrl+l", "x")  # a game key: it goes on to the board
        await pilot.pause()
        assert app.focused is counter and counter.got == ["up", "x"]
        await pilot.press("ctrl+l", "escape")  # Esc from the log: back to the board, not out
        assert app.screen is screen and app.focused is counter
        await pilot.press("ctrl+l")
        table.play(0, table.turn(0).legal[0])  # a new decision: the keys go back to the board
        await pilot.pause()
        assert app.focused is counter


async def test_escape_steps_back_first_and_the_footer_says_which(store: Store):
    table = new_toy([SeatSpec("Ana"), SeatSpec("Ben", "bot:random")])
    app = TulipGamesApp(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = Boarded(table)
        await app.push_screen(screen)
        await pilot.pause()
        assert "esc Menu" in footer_line(app) and "Back" not in footer_line(app)
        assert "Undo" not in footer_line(app)  # nothing to undo yet
        screen.picked = True
        screen.refresh_bindings()
        await pilot.pause()
        assert "esc Back" in footer_line(app) and "Menu" not in footer_line(app)
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen and screen.steps_back == 1
        assert "esc Menu" in footer_line(app)
        await pilot.press("enter")  # play a card: now it can be taken back
        await pilot.pause()
        assert "u Undo" in footer_line(app)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)


async def test_a_toast_about_one_seat_does_not_reach_the_curtain(store: Store):
    table = new_toy([SeatSpec("Ana"), SeatSpec("Mira")], seed=8)
    app = TulipGamesApp(store, table=table)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.pause()
        await pilot.press("enter")  # lift the curtain for Ana
        await pilot.pause()
        game = app.screen
        game.notify("Ana may bid at most 12 (her florins plus the loans).", timeout=30)
        await wait_for(pilot, lambda: "at most 12" in screen_text(app))
        await pilot.press("enter", "enter")  # play, end: Mira is next
        await pilot.pause()
        assert isinstance(app.screen, CurtainScreen)
        assert "at most 12" not in screen_text(app)
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is game and "at most 12" not in screen_text(app)


async def test_a_markup_name_on_the_curtain_is_plain_text(store: Store):
    table = new_toy([SeatSpec("[/b]"), SeatSpec("[@click=app.quit]Mira")], seed=8)
    app = TulipGamesApp(store, table=table)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, CurtainScreen)
        assert "Pass to [/b]" in screen_text(app)
        await pilot.press("enter", "enter", "enter")
        await pilot.pause()
        assert "Pass to [@click=app.quit]Mira" in screen_text(app)
        assert app.is_running


async def test_resume_deletes_a_save_only_after_yes(store: Store):
    tables = []
    for names in (("Ana", "Ben"), ("Cleo", "Dev")):
        table = new_toy([SeatSpec(names[0]), SeatSpec(names[1], "bot:random")])
        store.create(table)
        table.play(0, table.turn(0).legal[0])
        tables.append(table)
    app = TulipGamesApp(store, open_screen="resume")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        resume = app.screen
        assert isinstance(resume, ResumeScreen)
        assert "d Delete" in screen_text(app).splitlines()[-1]
        saves = resume.query_one(OptionList)
        saves.highlighted = saves.get_option_index(str(tables[0].save_id))
        await pilot.press("d")
        await pilot.pause()
        assert "Delete game" in screen_text(app) and "Ana, Ben" in screen_text(app)
        await pilot.press("enter", "n")  # Enter does not answer; n keeps it
        await pilot.pause()
        assert app.screen is resume
        assert {s.id for s in store.saves()} == {t.save_id for t in tables}
        await pilot.press("d", "y")
        await pilot.pause()
        assert [s.id for s in store.saves()] == [tables[1].save_id]
        assert saves.option_count == 1
        # a save played on after the list was drawn is not deleted
        tables[1].play(0, "end")
        saves.highlighted = 0
        await pilot.press("d", "y")
        await pilot.pause()
        assert [s.id for s in store.saves()] == [tables[1].save_id]
        assert saves.option_count == 1


@pytest.mark.parametrize("no_color", [False, True])
async def test_setup_focus_is_plain_on_every_tab_stop(
    store: Store, monkeypatch: pytest.MonkeyPatch, no_color: bool
):
    if no_color:
        monkeypatch.setenv("NO_COLOR", "1")
    else:
        monkeypatch.delenv("NO_COLOR", raising=False)
    app = TulipGamesApp(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.show_setup("toy")
        await pilot.pause()
        setup = app.screen
        stops = 0
        while app.focused is not None and app.focused.id != "start":
            row = next(n for n in app.focused.ancestors_with_self if n.has_class("field-row"))
            label = row.query_one(Label)
            assert label.rich_style.reverse, f"{app.focused.id} has no marked row"
            others = [r for r in setup.query(".field-row") if r is not row]
            assert not any(r.has_class("-focused") for r in others)
            stops += 1
            await pilot.press("tab")
            await pilot.pause()
            assert stops < 20
        assert stops >= 6  # players, two names, two kinds, the option, the seed
        assert app.focused.rich_style.reverse  # Start itself
        assert app.screen is setup  # Tab never started anything


async def test_a_hand_over_without_a_curtain_means_a_curtain_next_time(store: Store) -> None:
    """A, curtain, B (whose screen shows nothing private, so no curtain), then A again: B is at
    the keyboard, so A's private screen needs a curtain again."""

    class HalfSecret(toygame.ToyScreen):
        def shows_secrets(self, seat: int) -> bool:
            return seat == 0

    table = new_toy([SeatSpec("Ana"), SeatSpec("Mira")], cards=3)
    app = TulipGamesApp(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.push_screen(HalfSecret(table))
        await pilot.pause()
        assert isinstance(app.screen, CurtainScreen)  # Ana's screen is private
        await pilot.press("enter")
        await pilot.pause()
        seat = 0
        table.play(seat, table.turn(seat).legal[0])
        table.play(seat, "end")
        await pilot.pause()
        assert not isinstance(app.screen, CurtainScreen)  # Mira's screen is public
        table.play(1, table.turn(1).legal[0])
        table.play(1, "end")
        await pilot.pause()
        assert isinstance(app.screen, CurtainScreen)  # back to Ana: Mira holds the keyboard


async def test_the_too_small_notice_lifts_when_it_is_back_on_top_of_a_grown_terminal(
    store: Store,
):
    """The notice posts a request when it is back on top (a screen over it closed); the app
    answers it by checking the size, which grew meanwhile."""
    from textual.screen import ModalScreen

    app = TulipGamesApp(store)
    async with app.run_test(size=(70, 20)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen)
        await app.push_screen(ModalScreen())
        await pilot.resize_terminal(80, 24)  # not lifted: another screen is on top of it
        await pilot.pause()
        assert any(isinstance(screen, TooSmallScreen) for screen in app.screen_stack)
        app.pop_screen()
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)


async def test_the_menu_asks_for_its_entries_again_when_it_is_back_on_top(store: Store):
    """Back on the menu, a game saved meanwhile is counted in "Resume a game (1)"."""
    from textual.screen import ModalScreen

    app = TulipGamesApp(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert "Resume a game (" not in screen_text(app)
        await app.push_screen(ModalScreen())
        table = new_toy([SeatSpec("Ana"), SeatSpec("Ben", "bot:random")], cards=3)
        store.create(table)
        table.play(0, table.state.legal_actions(0)[0])
        assert store.count_active() == 1
        app.pop_screen()
        await pilot.pause()
        assert "Resume a game (1)" in screen_text(app)

"""The shell under hostile input: markup and wide names, tiny terminals, leaving while a bot
thinks, toasts at the curtain, and a seeded key fuzz over every screen.

``TULIPGAMES_FUZZ=N`` presses N keys per screen instead of the CI default.
"""

from __future__ import annotations

import logging
import os
import random
from typing import Any

import pytest
from rich.cells import cell_len
from textual import events
from textual.app import App
from textual.pilot import Pilot

from tests.pilot import screen_text, wait_for
from tulipgames import games, screenshots
from tulipgames.engine.core import Result, SeatSpec
from tulipgames.store import FinishedGame, HighScore, SaveInfo, Store
from tulipgames.table import Table
from tulipgames.tui.app import TulipGamesApp, screen_class
from tulipgames.tui.screens.curtain import CurtainScreen
from tulipgames.tui.screens.game import GameScreen
from tulipgames.tui.screens.history import HistoryScreen
from tulipgames.tui.screens.menu import MenuScreen
from tulipgames.tui.screens.results import ResultsScreen, spoken_list, winners_line
from tulipgames.tui.screens.resume import ResumeScreen
from tulipgames.tui.screens.setup import SetupScreen
from tulipgames.tui.screens.small import TooSmallScreen

GAME_IDS = [info.id for info in games.CATALOGUE]
FUZZ_KEYS = int(os.environ.get("TULIPGAMES_FUZZ", "200"))



#: Names a player might type, or an SSH login might bring: markup that would close a tag that
#: was never opened, an action link, wide (CJK, emoji) and zero-width characters, a control
#: sequence and the longest name allowed.
HOSTILE_NAMES = [
    "[/]",
    "[@click=app.quit]Eve",
    "[/b]Bo",
    "李小龍",
    "🌷🌹Tulpe",
    "a\u200bb\u200dc",
    "\x1b[31mred",
    "W" * 16,
    "[b]Ola",
    "Zoë\u0301",
    "{seat0}",
    "Rosa",
]

#: Keys a player might press anywhere; ctrl+q (quit) is left out so the fuzz stays in the app.
KEYS = [
    *"abcdefghijklmnoprstuvwxyz0123456789+-?",
    "enter", "escape", "tab", "shift+tab", "up", "down", "left", "right", "space",
    "backspace", "pageup", "pagedown", "home", "end", "ctrl+l", "ctrl+z", "ctrl+g",
]


def seats_for(game_id: str, names: list[str], humans: int = 1) -> list[SeatSpec]:
    game = games.get_game(game_id)
    count = max(game.min_players, min(len(names), game.max_players))
    return [
        SeatSpec(names[i % len(names)], "human" if i < humans else "bot")
        for i in range(count)
    ]


def crashed(app: App[Any]) -> BaseException | None:
    """The exception the app stopped on, if any (Textual keeps it until run_test re-raises)."""
    return getattr(app, "_exception", None)


CHARACTERS = {"space": " ", "plus": "+", "minus": "-", "question_mark": "?"}


async def fuzz(pilot: Pilot[Any], rng: random.Random, count: int, burst: int = 8) -> None:
    """Press ``count`` random keys, ``burst`` at a time as fast as a typist on a bad day: the
    keys of a burst are queued before the app has drawn the first one."""
    app = pilot.app
    for start in range(0, count, burst):
        if not app.is_running:
            return
        for _ in range(min(burst, count - start)):
            key = rng.choice(KEYS)
            key = {"+": "plus", "-": "minus", "?": "question_mark"}.get(key, key)
            character = CHARACTERS.get(key, key if len(key) == 1 else None)
            app.post_message(events.Key(key, character))
        await pilot.pause()
        assert crashed(app) is None


@pytest.fixture
def no_listener_failures(caplog: pytest.LogCaptureFixture):
    caplog.set_level(logging.ERROR, logger="tulipgames.table")
    yield
    failures = [r.getMessage() for r in caplog.records if r.name == "tulipgames.table"]
    assert failures == []


# -- names ------------------------------------------------------------------------------------
def test_a_tie_of_five_reads_as_a_sentence():
    assert spoken_list(["A", "B", "C", "D", "E"]) == "A, B, C, D and E"
    assert spoken_list(["A", "B"]) == "A and B"
    result = Result.build(["Points"], [[3]] * 5)
    assert winners_line(result, list("ABCDE")) == "A, B, C, D and E share the win with 3."


@pytest.mark.parametrize("game_id", GAME_IDS)
async def test_hostile_names_through_a_game_and_its_results(
    game_id: str, no_listener_failures: None
):
    seats = seats_for(game_id, HOSTILE_NAMES)
    table = Table.new(games.get_game(game_id), seats, 11, bot_delay=0.0)
    app = TulipGamesApp(None, table=table)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        await fuzz(pilot, random.Random(game_id), 40)
        assert app.is_running  # "[@click=app.quit]" never became an action
    done = screenshots.finished_table(game_id, seed=3, count=len(seats))
    done.record.seats[:] = seats  # the same game, now with hostile names on every seat
    app = TulipGamesApp(None)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await app.push_screen(ResultsScreen.for_table(done))
        await pilot.pause()
        text = screen_text(app)
        for name in ("[/]", "[@click=app.quit]Eve", "李小龍"):
            if name in done.names:
                assert name in text
        await fuzz(pilot, random.Random(1), 30)


async def test_hostile_names_in_setup_are_kept_as_typed(store: Store):
    app = TulipGamesApp(store, bot_delay=0.0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.show_setup("sixtyone")
        await pilot.pause()
        setup = app.screen
        assert isinstance(setup, SetupScreen)
        setup.query_one("#name-0").value = "[/b]"
        setup.query_one("#name-1").value = "[@click=app.quit]x"
        await pilot.press("ctrl+g")
        await wait_for(pilot, lambda: isinstance(app.screen, GameScreen))
        assert app.screen.table.names == ["[/b]", "[@click=app.quit]x"]
        assert "[/b]" in screen_text(app)


async def test_setup_refuses_empty_and_duplicate_names(store: Store):
    app = TulipGamesApp(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.show_setup("sixtyone")
        await pilot.pause()
        setup = app.screen
        setup.query_one("#name-1").value = "  "
        await pilot.press("ctrl+g")
        await pilot.pause()
        assert app.screen is setup
        assert "Seat 2 needs a name" in screen_text(app)
        setup.query_one("#name-1").value = "ana"
        await pilot.press("ctrl+g")
        await pilot.pause()
        assert app.screen is setup
        assert "both called ana" in screen_text(app)
        setup.query_one("#name-1").value = "\x1b[31mEve"  # pasted with a control sequence
        await pilot.press("ctrl+g")
        await pilot.pause()
        assert app.screen is setup
        assert "control character" in screen_text(app)
        assert store.saves(empty=True) == []


async def test_hostile_and_wide_names_in_resume_and_history_line_up():
    names = ("李小龍", "[/b]", "🌷🌹", "Ana")
    saves = [
        SaveInfo(1, "tulipandrose", "Tulip & Rose", names, "", "active", "2026-12-01T09:00",
                 "2026-12-01T09:05", 3, None),
        SaveInfo(2, "flowershop", "The Little Flower Shop", ("Ana",), "", "active",
                 "2026-12-01T09:00", "2026-12-01T09:06", 1, None),
    ]
    scores = [
        HighScore("sixtyone", "", name, 40 + i, "place 1 of 2", 5, "2026-12-01")
        for i, name in enumerate(names)
    ]
    result = Result.build(["Points"], [[1], [2], [3], [4]])
    finished = [FinishedGame(9, "sixtyone", "Sixty-One", names, "", result, 5, "2026-12-01T10:00")]
    app = TulipGamesApp(None)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await app.push_screen(ResumeScreen(saves))
        await pilot.pause()
        text = screen_text(app)
        assert "The Little Flower Shop" in text
        assert "李小龍, [/b], 🌷🌹, Ana" in text
        # the date column starts in the same cell on every row, whatever the names hold
        starts = {cell_len(line[: line.index("2026-")]) for line in text.splitlines()
                  if "2026-" in line}
        assert len(starts) == 1
        app.pop_screen()
        await app.push_screen(HistoryScreen(finished, scores))
        await pilot.pause()
        text = screen_text(app)
        rows = [line for line in text.splitlines() if "place 1 of 2" in line]
        assert len(rows) == len(names)
        for name in names:
            assert any(name in row for row in rows)
        # the score column ends in the same cell on every row
        ends = {cell_len(line[: line.index(" place")].rstrip()) for line in rows}
        assert len(ends) == 1


async def test_results_columns_line_up_with_wide_names():
    names = ["李小龍", "🌷Ana", "Ben"]
    result = Result.build(["Leaves", "Acorns"], [[10, 3], [7, 22], [100, 1]])
    app = TulipGamesApp(None)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await app.push_screen(ResultsScreen("Sixty-One", names, result, 5))
        await pilot.pause()
        lines = screen_text(app).splitlines()
        header = next(line for line in lines if "李小龍" in line)
        total = next(line for line in lines if line.strip().startswith("Total"))
        for name, value in zip(names, result.totals, strict=True):
            name_end = cell_len(header[: header.index(name) + len(name)])
            value_end = cell_len(total[: total.index(str(value)) + len(str(value))])
            assert name_end == value_end, name


async def test_results_with_twelve_seats_scroll_to_every_seat():
    done = screenshots.finished_table("sixtyone", seed=5, count=12)
    app = TulipGamesApp(None)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await app.push_screen(ResultsScreen.for_table(done))
        await pilot.pause()
        seen: set[str] = set()
        for _ in range(6):
            text = screen_text(app)
            for line in text.splitlines():
                for seat, name in enumerate(done.names):
                    if f" {name} " in f" {line} " and str(done.result().totals[seat]) in line:
                        seen.add(name)
            assert max(len(line) for line in text.splitlines()) <= 80
            await pilot.press("pagedown")
            await pilot.pause()
        assert seen == set(done.names)


# -- sizes ------------------------------------------------------------------------------------
@pytest.mark.parametrize("size", [(1, 1), (1, 24), (2, 24), (3, 24), (4, 24), (5, 24), (6, 24),
                                  (6, 1), (80, 1)])
async def test_tiny_terminals_get_the_notice_and_recover(size: tuple[int, int]):
    table = screenshots.demo_tables("sixtyone")["sixtyone-midgame"]
    app = TulipGamesApp(None)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen)
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)
        await app.push_screen(screenshots.demo_screen(table))
        await pilot.pause()
        await pilot.resize_terminal(*size)
        await pilot.pause()
        assert isinstance(app.screen, TooSmallScreen)
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        assert crashed(app) is None


# -- leaving while a bot thinks ---------------------------------------------------------------
@pytest.mark.parametrize("game_id", GAME_IDS)
async def test_escape_while_a_bot_thinks_leaves_cleanly(game_id: str, no_listener_failures: None):
    game = games.get_game(game_id)
    seats = [SeatSpec("Ben", "bot"), SeatSpec("Ana")] + [
        SeatSpec(f"Bot {i}", "bot") for i in range(3, game.min_players + 1)
    ]
    table = next(
        t for seed in range(40)
        if (t := Table.new(game, seats, seed, bot_delay=3.0)).turn(None).bots_to_act
    )
    app = TulipGamesApp(None, table=table)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen) and table.turn(None).bots_to_act
        before = len(table.record.actions)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)
        # the table is closed: the bot's thought is dropped, nothing is played behind the menu
        await pilot.pause(3.5)
        assert len(table.record.actions) == before
        await pilot.press("down", "up", "question_mark")
        await pilot.pause()
        assert app.screen.__class__.__name__ == "GamePickScreen"
        assert crashed(app) is None


# -- fuzz -------------------------------------------------------------------------------------
@pytest.mark.slow
async def test_fuzz_menu_and_setups(no_listener_failures: None):
    rng = random.Random(2026)
    app = TulipGamesApp(None, bot_delay=0.0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        for game_id in GAME_IDS:
            app.show_setup(game_id)
            await pilot.pause()
            await fuzz(pilot, rng, FUZZ_KEYS // 2)
            if not app.is_running:
                break
            while len(app.screen_stack) > 1:  # the menu
                app.pop_screen()
            await pilot.pause()
        await fuzz(pilot, rng, FUZZ_KEYS)


@pytest.mark.slow
@pytest.mark.parametrize("game_id", GAME_IDS)
async def test_fuzz_game_screens_and_results(game_id: str, no_listener_failures: None):
    rng = random.Random(game_id)
    game = games.get_game(game_id)
    # two humans: the curtain, undo and every decision are reached; the rest bots
    seats = seats_for(game_id, ["Ana", "Ben", "Cleo", "Dev"], humans=2)
    table = Table.new(game, seats, 17, bot_delay=0.0)
    app = TulipGamesApp(None, table=table)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        pressed = 0
        while pressed < FUZZ_KEYS and app.is_running:
            await fuzz(pilot, rng, 25)
            pressed += 25
            if not isinstance(app.screen, (GameScreen, ResultsScreen)) and not table.is_over:
                # Esc led to the menu: come back to the same table, as Resume would
                while len(app.screen_stack) > 1:  # the menu
                    app.pop_screen()
                await app.push_screen(screen_class(game_id)(table))
                await pilot.pause()
        assert crashed(app) is None
    done = screenshots.finished_table(game_id, seed=9)
    app = TulipGamesApp(None)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await app.push_screen(ResultsScreen.for_table(done))
        await fuzz(pilot, rng, FUZZ_KEYS // 3)


ESCAPE_NAME = "\x1b[2J\x1b]0;owned\x07Eve"


async def test_a_control_sequence_in_a_name_never_reaches_the_terminal_from_the_shell():
    """An ESC in a name (from a record or a login) is drawn as ␛ on every shell screen."""
    names = [ESCAPE_NAME, "Bob"]
    result = Result.build(["Points"], [[3], [2]])
    saves = [SaveInfo(1, "sixtyone", "Sixty-One", tuple(names), "", "active", "2026-12-01",
                      "2026-12-01", 2, None)]
    screens = [
        lambda: ResultsScreen("Sixty-One", names, result, 5),
        lambda: CurtainScreen(ESCAPE_NAME, "Tulip & Rose"),
        lambda: ResumeScreen(saves),
        lambda: HistoryScreen(
            [FinishedGame(1, "sixtyone", "Sixty-One", tuple(names), "", result, 5, "2026-12-01")],
            [HighScore("sixtyone", "", ESCAPE_NAME, 3, "", 5, "2026-12-01")],
        ),
    ]
    for make in screens:
        app = TulipGamesApp(None)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await app.push_screen(make())
            await pilot.pause()
            svg = app.export_screenshot()
            assert "\x1b" not in svg and "\x07" not in svg
            assert "␛[2J" in screen_text(app)


@pytest.mark.parametrize("game_id", GAME_IDS)
async def test_a_control_sequence_in_a_name_never_reaches_the_terminal_from_a_game(game_id: str):
    game = games.get_game(game_id)
    seats = [SeatSpec(ESCAPE_NAME), SeatSpec("Bob", "bot")] + [
        SeatSpec(f"Bot {i}", "bot") for i in range(3, game.min_players + 1)
    ]
    app = TulipGamesApp(None, table=Table.new(game, seats, 3, bot_delay=0.0))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause(0.3)
        assert "\x1b" not in app.export_screenshot()


async def test_a_page_key_at_a_select_opened_this_frame_does_not_crash_the_setup():
    """The burst that crashed the fuzzer with ``KeyError: 0`` in Textual's ``SelectOverlay``:
    Enter opens a setup Select and PageDown reaches its drop-down before the screen was laid
    out again (on a loaded machine the screen's update timer comes late; here the layout is
    held back with ``batch_update`` so the burst lands in that gap every time)."""
    from textual.widgets import Select
    from textual.widgets._select import SelectOverlay

    app = TulipGamesApp(None, bot_delay=0.0)
    async with app.run_test(size=(80, 24)) as pilot:
        app.show_setup("tulipandrose")
        await pilot.pause()
        # the first seat's kind: "human", the first option, so the lookup was of index 0
        kind = app.screen.query_one("#kind-0", Select)
        kind.focus()
        await pilot.pause()
        assert kind.query_one(SelectOverlay).highlighted == 0
        for key in ("enter", "pagedown", "pageup", "pagedown"):
            with app.batch_update():  # no layout until the key has been handled
                app.post_message(events.Key(key, None))
                await wait_for(pilot, lambda: isinstance(app.focused, SelectOverlay), tries=50)
                await pilot.pause()
            assert crashed(app) is None
        overlay = app.focused
        assert isinstance(overlay, SelectOverlay) and overlay.highlighted is not None
        await pilot.press("enter")  # the drop-down still works: it picks and closes
        await pilot.pause()
        assert app.focused is kind and crashed(app) is None
        assert isinstance(app.screen, SetupScreen)

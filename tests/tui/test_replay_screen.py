"""The replay viewer, driven by keys in every game at 80x24 and 120x40."""

from __future__ import annotations

import pytest

from tests.pilot import screen_text
from tests.test_replay import random_record
from tulipgames import games
from tulipgames.replay import ReplayTable
from tulipgames.store import Store
from tulipgames.tui.app import TulipGamesApp
from tulipgames.tui.screens.menu import MenuScreen
from tulipgames.tui.screens.replay import replay_screen


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
@pytest.mark.parametrize("game_id", games.GAME_IDS)
async def test_replay_keys_step_through_a_finished_game(
    store: Store, game_id: str, size: tuple[int, int]
) -> None:
    game = games.get_game(game_id)
    seats = max(2, game.min_players)
    record = random_record(game_id, seats, seed=21)
    app = TulipGamesApp(store)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        screen = replay_screen(record, owned={0})
        app.push_screen(screen)
        await pilot.pause()
        table = screen.table
        assert isinstance(table, ReplayTable)
        length = table.length
        assert f"Replay {length}/{length}" in screen_text(app)
        await pilot.press("home")
        assert table.position == 0
        await pilot.press("right", "right", "right")
        assert table.position == 3
        await pilot.press("left")
        assert table.position == 2
        await pilot.pause()
        assert f"Replay 2/{length}" in screen_text(app)
        await pilot.press("pagedown")
        assert table.position > 2
        await pilot.press("end")
        assert table.position == length
        # finished: every seat's view may be shown, in turn, then the public one
        await pilot.press("v")
        assert screen.viewer == 1
        await pilot.pause()
        assert f"view of {record.names[1]}" in screen_text(app)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)


async def test_an_unfinished_game_is_watched_only_from_the_seats_one_owns(store: Store) -> None:
    record = random_record("giftoftulips", 3, seed=4, stop=12)
    app = TulipGamesApp(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = replay_screen(record, owned={2})
        app.push_screen(screen)
        await pilot.pause()
        assert screen.viewer == 2
        for _ in range(4):
            await pilot.press("v")
            assert screen.viewer in (None, 2)


async def test_history_opens_the_replay_and_the_statistics(store: Store) -> None:
    from tests.tui.test_stats_screen import finish
    from tulipgames.engine.core import SeatSpec
    from tulipgames.tui.screens.history import HistoryScreen
    from tulipgames.tui.screens.stats import StatsScreen

    table = finish(store, "sixtyone", [SeatSpec("Ana"), SeatSpec("Ben", "bot:normal")], 3)
    app = TulipGamesApp(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.show_history()
        await pilot.pause()
        assert isinstance(app.screen, HistoryScreen)
        app.screen.query_one("#history-tabs").active = "tab-games"
        app.screen.query_one("#games").focus()
        await pilot.pause()
        await pilot.press("v")
        await pilot.pause()
        assert isinstance(app.screen.table, ReplayTable)
        assert app.screen.table.length == len(table.record.actions)
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("s")
        await pilot.pause()
        assert isinstance(app.screen, StatsScreen)
        assert "Statistics of Ana" in screen_text(app)


async def test_the_results_screen_offers_the_replay(store: Store) -> None:
    from tests.tui.test_stats_screen import finish
    from tulipgames.engine.core import SeatSpec
    from tulipgames.tui.screens.results import ResultsScreen

    table = finish(store, "giftoftulips", [SeatSpec("Ana"), SeatSpec("Ben", "bot")], 5)
    app = TulipGamesApp(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.push_screen(ResultsScreen.for_table(table))
        await pilot.pause()
        assert "v Replay" in screen_text(app) or "Replay" in screen_text(app)
        await pilot.press("v")
        await pilot.pause()
        assert isinstance(app.screen.table, ReplayTable)
        assert app.screen.table.finished


@pytest.mark.parametrize("game_id", games.GAME_IDS)
async def test_every_replay_key_fits_the_footer_at_80_columns(store: Store, game_id: str) -> None:
    """The replay's keys were cut off the footer at 80 columns ("pgdn Next t"), most of them
    after the game's own keys: now step, turn, view and close all show whole."""
    game = games.get_game(game_id)
    record = random_record(game_id, game.max_players, seed=21)
    app = TulipGamesApp(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.push_screen(replay_screen(record, owned={0}))
        await pilot.pause()
        footer = screen_text(app).splitlines()[-1]
        for key in ("←→ Step", "pgup/dn Turn", "v View", "esc Close"):
            assert key in footer, footer

"""The daily deal says what an attempt counts for: the first finished attempt of the day goes
into the daily high scores, and another (a new one, or "Rematch same seed") is practice, which
the store does not score. History and Statistics say their times are UTC, as stored."""

from __future__ import annotations

import random
from pathlib import Path

from tests.pilot import screen_text
from tulipgames import games
from tulipgames.engine.core import SeatSpec
from tulipgames.notices import daily_notice
from tulipgames.store import Store
from tulipgames.table import Table
from tulipgames.tui.app import SOLO_GAME, TulipGamesApp, daily_seed
from tulipgames.tui.screens.results import ResultsScreen
from tulipgames.tui.screens.setup import SetupScreen


def finish_daily(store: Store, name: str, seed: int) -> Table:
    table = Table.new(games.get_game(SOLO_GAME), [SeatSpec(name)], seed)
    store.create(table, "daily")
    rng = random.Random(seed)
    while not table.is_over:
        table.play(0, rng.choice(table.turn(0).legal))
    return table


def words(text: str) -> str:
    return " ".join(text.replace("│", " ").split())


async def test_the_daily_setup_says_a_second_attempt_is_not_scored(
    store: Store, tmp_path: Path
) -> None:
    app = TulipGamesApp(store, prefs_path=tmp_path / "config.json")
    name = app.prefs.name
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.show_setup(SOLO_GAME, solo=True, daily=True)
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        assert "Only your first finished attempt at today's deal goes into the daily high" in (
            words(screen_text(app))
        )
        app.pop_screen()
        await pilot.pause()

        first = finish_daily(store, name, daily_seed())
        score = first.state.result().totals[0]
        assert store.daily_score(SOLO_GAME, name, daily_seed()) == score
        app.show_setup(SOLO_GAME, solo=True, daily=True)
        await pilot.pause()
        said = words(screen_text(app))
        assert f"{name} has finished today's deal already ({score} points" in said
        assert "this attempt is practice and is not scored" in said

        # the store does not score the second attempt: the notice told the truth
        second = finish_daily(store, name, daily_seed())
        daily = store.high_scores(SOLO_GAME, "daily", limit=10)
        assert [(h.name, h.score) for h in daily] == [(name, score)]
        assert second.save_id != first.save_id


async def test_rematch_same_seed_of_the_daily_deal_says_it_is_practice(
    store: Store, tmp_path: Path
) -> None:
    app = TulipGamesApp(store, prefs_path=tmp_path / "config.json")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        first = finish_daily(store, "Ana", daily_seed())
        results = ResultsScreen.for_table(first)
        app.push_screen(results)
        await pilot.pause()
        app.rematch(results, same_seed=True)
        await pilot.pause()
        expected = daily_notice(store, "Ana", daily_seed())
        assert "practice and is not scored" in expected
        assert [n.message for n in app._notifications] == [expected]


def test_the_notice_without_a_store_or_a_score_explains_the_rule() -> None:
    assert "first finished attempt" in daily_notice(None, "Ana", 1)


async def test_history_and_statistics_say_their_times_are_utc(store: Store) -> None:
    finish_daily(store, "Ana", 5)
    app = TulipGamesApp(store)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        app.show_history()
        await pilot.pause()
        assert "Date (UTC)" in screen_text(app)
        await pilot.press("escape")
        app.show_statistics()
        await pilot.pause()
        assert "Finished (UTC)" in screen_text(app)

"""Sixty-One solo: the results show the score beside the par and the coach's figure of what
was lost where (the costliest decisions, by round and roll)."""

from __future__ import annotations

import random

from tests.pilot import screen_text, wait_for
from tulipgames import games
from tulipgames.engine.core import SeatSpec
from tulipgames.games.sixtyone.coach import SOLO_PAR
from tulipgames.store import Store
from tulipgames.table import Table
from tulipgames.tui.app import TulipGamesApp
from tulipgames.tui.screens.results import ResultsScreen


def solo_table(seed: int = 3) -> Table:
    """A Sixty-One solo game played at random (it throws acorns away: losses to find)."""
    game = games.get_game("sixtyone")
    table = Table.new(game, [SeatSpec("Ana")], seed)
    rng = random.Random(seed)
    while not table.is_over:
        table.play(0, rng.choice(table.turn(0).legal))
    return table


async def test_sixtyone_solo_results_show_par_and_what_was_lost_where(store: Store) -> None:
    table = solo_table()
    score = table.result().totals[0]
    app = TulipGamesApp(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        results = ResultsScreen.for_table(table)
        await app.push_screen(results)
        await wait_for(pilot, lambda: len(results.coach_lines) > 2, tries=1000)
        par, summary, *worst = results.coach_lines
        assert f"at most {SOLO_PAR[0]:.1f} acorns" in par and f"you scored {score}" in par
        analysis = results.coach_analysis
        assert analysis is not None and analysis.unit == "points" and analysis.seats == [0]
        total = sum(d.loss for d in analysis.decisions)
        assert total > 0 and f"{total:.1f} acorns lost" in summary
        costliest = analysis.costliest(3)
        assert len(worst) == len(costliest) >= 1
        for line, decision in zip(worst, costliest, strict=True):
            assert line.strip().startswith("Round ")
            assert f"{decision.made} lost {decision.loss:.1f}" in line
            assert decision.made != decision.best
        results.query_one("#results-coach").scroll_visible(animate=False)
        await pilot.pause()
        assert "Par: at most" in screen_text(app)


async def test_no_par_for_a_game_against_others(store: Store) -> None:
    game = games.get_game("sixtyone")
    table = Table.new(game, [SeatSpec("Ana"), SeatSpec("Bot", "bot:random")], 3)
    table.run_bots_now()
    rng = random.Random(3)
    while not table.is_over:
        table.play(0, rng.choice(table.turn(0).legal))
        table.run_bots_now()
    app = TulipGamesApp(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        results = ResultsScreen.for_table(table)
        await app.push_screen(results)
        await pilot.pause()
        assert not results.solo_report and not results.query("#results-coach")

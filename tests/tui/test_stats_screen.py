"""The statistics screen shows what the store's finished games say, per player."""

from __future__ import annotations

import random

from tests.pilot import screen_text
from tulipgames import games, stats
from tulipgames.engine.core import SeatSpec
from tulipgames.store import Store
from tulipgames.table import Table
from tulipgames.tui.app import TulipGamesApp
from tulipgames.tui.screens.stats import StatsScreen


def finish(store: Store, game_id: str, seats: list[SeatSpec], seed: int) -> Table:
    table = Table.new(games.get_game(game_id), seats, seed, persist=store.persist)
    store.create(table)
    rng = random.Random(seed)
    while not table.is_over:
        seat = table.to_act()[0]
        table.play(seat, rng.choice(table.turn(seat).legal))
    return table


async def test_statistics_match_the_finished_games(store: Store) -> None:
    people = [SeatSpec("Ana"), SeatSpec("Ben", "bot:normal")]
    played = [finish(store, "sixtyone", people, seed) for seed in (1, 2, 3)]
    finish(store, "giftoftulips", [SeatSpec("Ana"), SeatSpec("Cleo"), SeatSpec("Dev")], 9)
    finished = store.finished(limit=None)
    assert len(finished) == 4
    ana_scores = [t.result().totals[0] for t in played]
    ana_wins = sum(1 for t in played if 0 in t.result().winners)
    line = next(
        ln for ln in stats.score_lines(finished) if ln.player == "Ana" and ln.game == "sixtyone"
    )
    assert (line.games, line.wins, line.best) == (3, ana_wins, max(ana_scores))
    assert abs(line.mean - sum(ana_scores) / 3) < 1e-9

    app = TulipGamesApp(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.push_screen(StatsScreen(finished, player="Ana"))
        await pilot.pause()
        text = screen_text(app)
        assert "Statistics of Ana" in text
        assert f"{line.mean:.1f}" in text and str(max(ana_scores)) in text
        await pilot.press("right")
        await pilot.pause()
        assert isinstance(app.screen, StatsScreen)
        assert app.screen.player != "Ana"
        assert "Statistics of" in screen_text(app)


async def test_no_games_yet_says_so(store: Store) -> None:
    app = TulipGamesApp(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.push_screen(StatsScreen([]))
        await pilot.pause()
        assert "no finished games yet" in screen_text(app)

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
        ln for ln in stats.score_lines(store.seat_results())
        if ln.player == "Ana" and ln.game == "sixtyone"
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


async def test_the_chart_shows_at_80x24_and_one_game_draws_no_bar(store: Store) -> None:
    """The score history is on the first screen at 80x24, one cell per game; a player with one
    game gets their score in words, not a block as wide as the screen; a solo game has no
    wins."""
    people = [SeatSpec("Ana"), SeatSpec("Ben")]
    played = [finish(store, "sixtyone", people, seed) for seed in (1, 2, 3, 4, 5)]
    gift = finish(store, "giftoftulips", [SeatSpec("Ana"), SeatSpec("Cleo"), SeatSpec("Dev")], 9)
    solo = finish(store, "flowershop", [SeatSpec("Ana")], 4)
    app = TulipGamesApp(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.show_statistics()  # the app's own way in: the store, read from its columns
        await pilot.pause()
        assert isinstance(app.screen, StatsScreen) and app.screen.player == "Ana"
        lines = screen_text(app).splitlines()
        assert len(lines) <= 24
        (sixty,) = [line for line in lines if line.strip().startswith("Sixty-One ")][:1]
        ana = [t.result().totals[0] for t in played]
        chart = stats.sparkline(ana, 5)
        assert len(chart) == 5 and chart in sixty  # one cell per game
        assert f"5 games, {min(ana)} to {max(ana)}, last {ana[-1]}" in sixty
        (gift_line,) = [line for line in lines if line.strip().startswith("Gift of Tulips ")][:1]
        assert f"1 game, score {gift.result().totals[0]}" in gift_line
        assert not set(gift_line) & set(stats.BARS)
        shop = next(line for line in lines if "Flower Shop" in line and " 1 " in line)
        assert shop.split()[-4:-2] == ["1", "solo"]  # games 1, wins: none to count
        gift_row = next(line for line in lines if line.split()[:4] == ["Gift", "of", "Tulips", "3"])
        won = int(0 in gift.result().winners)
        assert gift_row.split()[4:6] == ["1", str(won)]  # one game: a count, not True/False
        assert solo.result().ranks == (1,)
        await pilot.press("right")  # Ben: five games, no chart wider than five cells
        await pilot.pause()
        assert app.screen.player == "Ben"
        ben = [t.result().totals[1] for t in played]
        text = screen_text(app)
        assert stats.sparkline(ben, 5) + " 5 games" in text

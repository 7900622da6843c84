"""Seeded random and bot games to the end through the conformance harness: invariants after
every action, notation, clones, determinized copies and replays (509 games in all). The
harness's checks grow with the square of the seats, so the many games are played by few seats."""

from __future__ import annotations

import pytest

from tulipgames.engine.testing import check_bot_games, check_game
from tulipgames.games.sixtyone.rules import GAME


@pytest.mark.parametrize("seat_counts, games", [((1, 2, 3), 140), ((4, 5, 6, 8), 12), ((12,), 3)])
def test_random_games_obey_the_contract(seat_counts: tuple[int, ...], games: int) -> None:
    report = check_game(GAME, games_per_count=games, seed=1000, seat_counts=seat_counts)
    assert report.seat_counts == set(seat_counts)
    assert report.games == report.ended == len(seat_counts) * games
    # Each game is at least 11 rounds (edge case 14): one choice per seat and round at least.
    assert report.actions >= 11 * sum(seat_counts) * games


def test_bot_games_are_legal() -> None:
    mixed = check_bot_games(GAME, ["normal", "random", "normal"], games=30, seed=77)
    strong = check_bot_games(GAME, ["hard", "normal"], games=8, seed=78)
    assert mixed.ended == 30 and strong.ended == 8

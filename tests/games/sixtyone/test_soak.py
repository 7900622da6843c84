"""Seeded bot games to the end: invariants after every action, every record replays exactly."""

from __future__ import annotations

import pytest

from tulipgames.games.sixtyone.rules import GAME
from tulipgames.simulate import simulate


@pytest.mark.parametrize("seats, games", [(1, 150), (2, 150), (4, 140), (12, 60)])
def test_random_games_keep_invariants_and_replay(seats: int, games: int) -> None:
    report = simulate(GAME, seats, games, ["random"], seed=1000 * seats)
    assert report.violations == []
    assert report.invariant_violations == 0
    assert report.replay_mismatches == 0
    assert len(report.turns) == games
    # Each game is at least 11 rounds (edge case 14) and at most 20 of one choice per seat.
    assert min(report.turns) >= 11 * seats
    assert max(report.turns) <= 20 * seats * 2


@pytest.mark.parametrize("seats, levels, games", [(3, ["normal", "random"], 10),
                                                  (2, ["hard", "normal"], 2)])
def test_bot_games_are_legal_and_replay(seats: int, levels: list[str], games: int) -> None:
    report = simulate(GAME, seats, games, levels, seed=77)
    assert report.invariant_violations == 0 and report.replay_mismatches == 0
    assert all(len(v) > 0 for v in report.scores.values())

"""The benchmark suite's figures, on the toy game."""

from __future__ import annotations

from tests.tui import toygame
from tulipgames.bench import bench_game, format_report, random_playout


def test_random_playout_reaches_the_end_and_replays():
    state, actions = random_playout(toygame.GAME, 3, seed=4)
    assert state.is_over()
    assert len(actions) == 3 * 2 * 2  # three seats, two cards each, play then end


def test_bench_game_reports_positive_rates():
    row = bench_game(toygame.GAME, budget=0.05)
    assert row["game"] == "toy" and row["seats"] == 3
    assert row["playouts"] >= 2
    for key in ("playouts_per_second", "actions_per_second", "applies_per_second",
                "clones_per_second"):
        assert row[key] > 0
    assert row["mean_actions_per_game"] == 12
    report = {"tulipgames": "x", "python": "3", "parts": ["engine"], "games": [row]}
    text = format_report(report)
    assert "toy" in text.splitlines()[3]
    assert "games/s" in text.splitlines()[2]

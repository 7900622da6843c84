"""The ladder's arithmetic and schedule, and a real (small) ladder run."""

from __future__ import annotations

import json

import pytest

from tests.engine.toygame import NIM
from tulipgames import ladder as ladder_module
from tulipgames.cli import main
from tulipgames.ladder import (
    Played,
    TimeLeft,
    bradley_terry,
    clock_text,
    clustered,
    ladder,
    schedule,
    wilson,
)


def test_bradley_terry_orders_levels_by_results() -> None:
    results = [("a", "b", 1.0)] * 30 + [("a", "b", 0.0)] * 10 + [("b", "c", 1.0)] * 20
    rated = bradley_terry(["a", "b", "c"], results)
    assert rated["a"] > rated["b"] > rated["c"]
    # 3:1 odds between a and b is about 191 Elo points (400 * log10(3)), shrunk by the prior
    assert 150 < rated["a"] - rated["b"] < 200
    even = bradley_terry(["a", "b"], [("a", "b", 1.0), ("a", "b", 0.0)])
    assert abs(even["a"] - even["b"]) < 1e-6


def test_wilson_interval_contains_the_rate_and_narrows() -> None:
    low, high = wilson(65, 100)
    assert low < 0.65 < high
    wide = wilson(13, 20)
    assert wide[0] < low and wide[1] > high
    assert wilson(0, 0) == (0.0, 1.0)


def test_clustered_interval_widens_when_seeds_decide_the_games() -> None:
    # 10 seeds of 4 games: the same 20 wins of 40, spread evenly or all-or-nothing per seed.
    even = clustered([(2.0, 4)] * 10)
    lumpy = clustered([(4.0, 4)] * 5 + [(0.0, 4)] * 5)
    assert even[0] == even[1] == 0.5  # no spread between seeds
    assert lumpy[0] < wilson(20, 40)[0] and lumpy[1] > wilson(20, 40)[1]
    assert clustered([(1.0, 2)]) == (0.0, 1.0)  # one seed: nothing known


def test_pairs_of_a_game_by_place() -> None:
    game = Played(1, ("hard", "normal", "hard"), (1, 2, 2))
    assert game.pairs() == [("hard", "normal", 1.0), ("normal", "hard", 0.5)]


def test_two_seat_schedule_pairs_seeds_and_swaps_seats() -> None:
    plan = schedule(["random", "normal", "hard"], 2, 6)
    assert plan[0] == (0, ("normal", "random")) and plan[1] == (0, ("random", "normal"))
    assert {levels for _, levels in plan} >= {("random", "hard"), ("hard", "random")}


def test_crowd_schedule_rotates_a_lone_challenger_on_one_seed() -> None:
    plan = schedule(["random", "normal", "hard"], 4, 12)
    first = plan[:4]
    assert {offset for offset, _ in first} == {0}  # one seed for the whole rotation
    assert [levels.index("normal") for _, levels in first] == [0, 1, 2, 3]
    assert all(levels.count("normal") == 1 and levels.count("random") == 3
               for _, levels in first)
    assert plan[8][1] == ("hard", "normal", "normal", "normal")  # hard alone against normal


def test_challenge_counts_the_lone_seats_wins() -> None:
    report = ladder(NIM, ["random", "hard"], games=3, seats=3, seed=2)
    assert [g.levels.index("hard") for g in report.played] == [0, 1, 2]
    expected = sum(1 for g in report.played if g.ranks[g.levels.index("hard")] == 1
                   and g.ranks.count(1) == 1)
    wins, games = report.challenge("random", "hard")
    assert games == 3 and wins == expected
    data = report.to_json()["challenges"]["hard-random"]
    assert data["games"] == 3 and data["fair_share"] == round(1 / 3, 4)
    assert data["interval"][0] <= data["win_share"] <= data["interval"][1]


def test_a_real_ladder_rates_search_above_random() -> None:
    report = ladder(NIM, ["random", "hard"], games=24, seats=2, seed=5)
    assert len(report.played) == 24 and not report.interrupted
    ratings = report.ratings()
    assert ratings["random"] == 0 and ratings["hard"] > 100
    data = report.to_json()
    assert data["head_to_head"]["random-hard"]["meetings"] == 24
    low, high = data["levels"]["hard"]["interval"]
    assert low <= data["levels"]["hard"]["rating"] <= high


def test_the_ladder_command_prints_json_figures(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["ladder", "sixtyone", "--games", "4", "--levels", "random,normal", "--json"])
    data = json.loads(capsys.readouterr().out)
    assert code == 0
    assert data["games"] == 4 and set(data["levels"]) == {"random", "normal"}
    assert data["head_to_head"]["random-normal"]["meetings"] == 4
    assert data["levels"]["random"]["rating"] == 0


def test_time_left_adds_up_the_games_to_come_by_their_levels() -> None:
    """The games still to come count at their own levels' pace, not at the rate of the games
    just played (which the bar's estimate followed: 1 s said where 25 s remained)."""
    think = {"random": 0.0001, "normal": 0.01, "hard": 0.1}
    plan = schedule(["random", "normal", "hard"], 2, 6)
    levels = [lv for _, lv in plan]
    assert levels[:4] == [("normal", "random"), ("random", "normal"),
                          ("hard", "random"), ("random", "hard")]
    clock = TimeLeft(levels)
    assert clock.left(0) is None and clock.done(0, 5) == 0.0  # nothing known yet
    for game in levels[:4]:
        for move in range(20):  # 20 moves, the seats in turn; nothing costs beside thinking
            clock.move(game[move % 2], think[game[move % 2]])
        clock.game(20, sum(think[game[m % 2]] for m in range(20)))
    expected = 2 * 20 * (think["normal"] + think["hard"]) / 2
    left = clock.left(4)
    assert left is not None and abs(left - expected) < 1e-9
    pace_so_far = clock._seconds / 4 * 2  # two more games at the mean pace of the four played
    assert pace_so_far < 0.6 * expected
    assert clock.left(4, moves_played=10, current=0.5) == expected - 0.5
    assert clock.done(4, 10) == 4.5 and clock.done(4, 40) == 4.99  # never whole before the end
    assert clock.left(6) == 0.0


def test_time_left_counts_time_beside_thinking_per_move() -> None:
    clock = TimeLeft([("a", "a"), ("a", "a")])
    for _ in range(10):
        clock.move("a", 0.01)
    clock.game(10, 0.3)  # 0.1 s thinking, 0.2 s applying moves and the like
    assert abs((clock.left(1) or 0) - 0.3) < 1e-12


def test_the_ladder_reports_progress_within_a_game_and_the_time_left(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(ladder_module, "PROGRESS_EVERY", 0.0)  # every move, to see them all
    heard: list[tuple[float, float | None]] = []
    report = ladder(NIM, ["random", "hard"], games=4, seats=2, seed=5,
                    progress=lambda done, left: heard.append((done, left)))
    assert len(report.played) == 4
    done = [d for d, _ in heard]
    assert len(heard) > 2 * 4 and done == sorted(done)  # moves, not only games
    assert any(0 < d - int(d) < 1 for d in done[len(done) // 4:])  # inside a game
    assert [d for d in done if d == int(d) and d > 0][-4:] == [1.0, 2.0, 3.0, 4.0]
    assert heard[-1] == (4.0, 0.0)
    after_first = heard[done.index(1.0):]
    assert all(left is not None and left >= 0 for _, left in after_first)


def test_the_time_left_reads_as_a_clock() -> None:
    assert clock_text(None) == "-:--:--"
    assert clock_text(0.2) == "0:00:01" and clock_text(65) == "0:01:05"
    assert clock_text(3725) == "1:02:05"

"""The Spice Road turn race of ``tulipgames bench``: turns counted, the peer run and compared."""

from __future__ import annotations

import os
import random
from pathlib import Path
from typing import Any

import pytest

from tulipgames import games
from tulipgames.bench import (
    completed_turns,
    format_report,
    peer_turns,
    spice_road_race,
    spiceroad_turns,
)

SPICE_ROAD = games.get_game("spiceroad")


def turns_by_watching(seed: int) -> tuple[int, int]:
    """Play the bench's random 2-player game and count turns by who acts: a turn ends when the
    seat to play changes or the game ends. Returns (turns seen, turns the state counted)."""
    rng = random.Random(seed)
    state = SPICE_ROAD.new_state(2, seed)
    seen = 0
    while not state.is_over():
        seat = state.to_act()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        seen += state.is_over() or state.to_act()[0] != seat
    return seen, completed_turns(state)


def test_a_turn_is_a_whole_turn_not_a_step() -> None:
    seen, counted = turns_by_watching(3)
    assert seen == counted
    assert seen > 20  # a random game takes dozens of turns, each of one or more steps


def test_the_turn_rate_counts_every_game_it_played() -> None:
    figures = spiceroad_turns(budget=0.0, seed=7)  # no budget: the two games it always plays
    assert figures["games"] == 2
    assert figures["turns"] == turns_by_watching(7)[0] + turns_by_watching(8)[0]
    assert figures["turns_per_cpu_second"] > 0
    by_playout = spiceroad_turns(budget=0.0, seed=7, playout=True)  # the same games
    assert by_playout["games"] == 2 and by_playout["turns"] == figures["turns"]


def fake_peer(folder: Path, turns_per_game: int) -> Path:
    """A stand-in with the peer's interface whose games last a known number of turns."""
    (folder / "moves.py").write_text("class DrawMove:\n    draw_index = 0\n")
    (folder / "game.py").write_text(
        "class Game:\n"
        "    def __init__(self, seed):\n"
        "        self.left = " + str(turns_per_game) + "\n"
        "        self.finished = False\n"
        "    def all_base_moves(self, turn):\n"
        "        return ['rest']\n"
        "    def make_base_move(self, turn, move):\n"
        "        self.left -= 1\n"
        "        self.finished = self.left == 0\n"
        "    def needs_to_discard(self, turn):\n"
        "        return False\n"
    )
    return folder


def test_the_peer_runs_from_its_checkout_and_is_compared(tmp_path: Path) -> None:
    peer = peer_turns(str(fake_peer(tmp_path, 7)), budget=0.0)
    assert peer is not None
    assert peer["games"] == 2 and peer["turns"] == 14
    race = spice_road_race(0.0, str(tmp_path), rounds=1)
    assert race["peer"]["turns"] == 14
    ours, theirs = race["ours"]["turns_per_cpu_second"], race["peer"]["turns_per_cpu_second"]
    # one round: the ratio of the two rates (each rounded to a whole turn per second)
    assert race["vs_peer"] == pytest.approx(ours / theirs, abs=0.01)
    playout = race["playout"]["turns_per_cpu_second"]
    assert race["playout_vs_peer"] == pytest.approx(playout / theirs, abs=0.01)
    assert race["playout"]["turns"] == race["ours"]["turns"]  # the same two games


def test_the_race_adds_up_its_rounds_and_takes_the_median_ratio(tmp_path: Path) -> None:
    race = spice_road_race(0.0, str(fake_peer(tmp_path, 7)), rounds=3)
    assert race["rounds"] == 3
    assert race["peer"]["games"] == 6 and race["peer"]["turns"] == 42  # 2 games a round
    assert race["ours"]["games"] == race["playout"]["games"] == 6
    assert race["ours"]["turns"] == race["playout"]["turns"] == 3 * spiceroad_turns(0.0)["turns"]
    assert race["vs_peer"] is not None and race["playout_vs_peer"] is not None


def test_the_race_is_symmetric_every_side_in_a_fresh_interpreter_each_round(
    tmp_path: Path,
) -> None:
    """Ours ran warm in the bench's own process against a peer started cold each round (2.17x
    where a race run alike gives 1.64-1.74x): now every side of every round has an interpreter
    of its own, none of them the bench's."""
    race = spice_road_race(0.0, str(fake_peer(tmp_path, 7)), rounds=2)
    processes = [pid for side in ("ours", "playout", "peer") for pid in race[side]["processes"]]
    assert len(processes) == 6 and None not in processes
    assert len(set(processes)) == 6 and os.getpid() not in processes
    # the fresh interpreters play the very games the bench's own loop plays
    assert race["ours"]["turns"] == 2 * spiceroad_turns(0.0)["turns"]
    assert "every side in a fresh interpreter each round" in format_report(report_with(race))


def test_a_missing_peer_is_reported_not_guessed(tmp_path: Path) -> None:
    assert peer_turns(str(tmp_path / "nowhere"), budget=0.0) is None
    race = spice_road_race(0.0, str(tmp_path / "nowhere"))
    assert race["peer"] is None and race["vs_peer"] is None
    assert race["playout_vs_peer"] is None
    assert "did not run" in format_report(report_with(race))
    alone = spice_road_race(0.0, None)
    assert "set PEER_DIR" in format_report(report_with(alone))


def report_with(race: dict) -> dict:
    return {"tulipgames": "x", "python": "3", "parts": ["engine"], "games": [],
            "spiceroad_turns": race}


def test_the_report_shows_both_rates_and_the_ratio(tmp_path: Path) -> None:
    race = spice_road_race(0.0, str(fake_peer(tmp_path, 5)))
    text = format_report(report_with(race))
    assert f"spiceroad: {race['ours']['turns_per_cpu_second']} turns per CPU-second" in text
    assert f"{race['playout']['turns_per_cpu_second']} by the engine playout" in text
    assert f"engine playout {race['playout_vs_peer']}x the peer (the target)" in text
    assert f"driver loop {race['vs_peer']}x the peer" in text


def test_a_baseline_commit_plays_the_same_games_side_by_side(tmp_path: Path) -> None:
    """``BENCH_BASELINE``: the base commit of the speed work runs from an unpacked copy in its
    own interpreter, and plays the very games this code plays (same seeds, same actions)."""
    from tulipgames.bench import _PLAYOUT_SCRIPT, _fresh_json, _side_by_side, baseline_tree

    tree = baseline_tree("7391ff1", str(tmp_path))
    assert (tmp_path / "tulipgames" / "engine" / "core.py").is_file()
    assert "def advance" not in (tmp_path / "tulipgames" / "engine" / "core.py").read_text()
    here = str(Path(__file__).resolve().parents[1])
    for game_id, seats in (("spiceroad", "2"), ("tulipandrose", "3")):
        before = _fresh_json(_PLAYOUT_SCRIPT, [game_id, seats, "0"], tree)
        now = _fresh_json(_PLAYOUT_SCRIPT, [game_id, seats, "0"], here)
        assert before is not None and now is not None
        assert before["games"] == now["games"] == 2
        assert before["actions"] == now["actions"] and before["turns"] == now["turns"]
        played_out = _fresh_json(_PLAYOUT_SCRIPT, [game_id, seats, "0", "playout"], here)
        assert played_out is not None
        assert (played_out["actions"], played_out["turns"]) == (now["actions"], now["turns"])
    row = _side_by_side({"game": "x"}, {"baseline": [10.0, 30.0, 20.0], "now": [40.0]})
    assert row["baseline"] == 20 and row["now"] == 40 and row["ratio"] == 2.0


# -- simulate's check cost, the parts, the targets --------------------------------------------
def test_the_check_cost_is_the_median_of_its_pairs_with_their_spread() -> None:
    from tulipgames.bench import cost_row

    got = {"games": 64, "cpu": [1.5, 2.5, 1.8, 1.7, 1.9], "wall": [2.0, 1.0, 3.0, 1.5, 1.6],
           "unchecked": [0.6, 0.5, 0.7, 0.55, 0.52]}
    row = cost_row("sixtyone", 2, got)
    assert row["ratio"] == 1.8 and row["spread"] == [1.5, 2.5]
    assert row["wall_ratio"] == 1.6 and row["unchecked_seconds"] == 0.55
    assert row["pairs"] == got["cpu"] and row["games"] == 64


def test_the_check_cost_times_pairs_of_checked_and_unchecked_runs() -> None:
    """In a fresh interpreter: every pair gives a ratio; with no time to fill (least 0 s) the
    runs are of the smallest count of games, and a slower checked run shows as a ratio > 1."""
    from tulipgames.bench import check_cost

    row = check_cost(games.get_game("sixtyone"), None, pairs=3, least=0.0)
    assert row is not None
    assert row["game"] == "sixtyone" and row["seats"] == 2 and row["games"] == 4
    assert len(row["pairs"]) == 3
    assert row["spread"][0] <= row["ratio"] <= row["spread"][1]
    assert all(ratio > 1.0 for ratio in row["pairs"])  # checking replays every game


def test_a_check_cost_that_does_not_run_is_missing_not_invented(tmp_path: Path) -> None:
    from tulipgames.bench import check_cost

    broken = tmp_path / "tulipgames"  # a baseline tree whose package does not even import
    broken.mkdir()
    (broken / "__init__.py").write_text("raise ImportError('half a checkout')\n")
    assert check_cost(games.get_game("sixtyone"), str(tmp_path), pairs=1, least=0.0) is None


def test_the_parts_decide_the_measurements_and_unknown_parts_are_refused() -> None:
    from tulipgames.bench import PARTS, run, steps

    count = len(games.CATALOGUE)
    assert steps(("engine",)) == count + 1
    assert steps(("engine",), baseline="42fa7d2") == count + 2
    assert steps(("simulate",)) == count
    assert steps(("startup", "keys")) == 2
    assert steps(PARTS) == 2 * count + 3
    with pytest.raises(ValueError, match="no bench part nope"):
        run(parts=("nope",))


def test_each_figure_is_judged_against_its_target() -> None:
    from tulipgames.bench import targets

    report = {
        "baseline": {"revision": "abc", "playouts": [
            {"game": "sixtyone", "ratio": 2.4}, {"game": "flowershop", "ratio": 1.3},
            {"game": "spiceroad", "ratio": 3.0}],
            "spiceroad_turns": {"vs_peer": 1.3, "playout_vs_peer": 1.6}},
        "spiceroad_turns": {"vs_peer": 1.2, "playout_vs_peer": 1.4},
        "simulate_checks": [{"game": "sixtyone", "ratio": 1.7}, {"game": "giftoftulips",
                                                                 "ratio": 2.1}, {"game": "x"}],
        "startup": {"menu": {"key_vs_hello_world": 1.25}, "hello_world": {"key_ms": 300.0}},
        "keys": {"rows": [
            {"scenario": "bare Textual", "key": "label update", "first_p50_ms": 2.0},
            {"scenario": "sixtyone", "key": "place", "first_p50_ms": 12.0,
             "first_p95_ms": 30.0, "frames_max": 1, "bytes_max": 900},
            {"scenario": "flowershop", "key": "pick", "first_p50_ms": 12.0,
             "first_p95_ms": 30.0, "frames_max": 2, "bytes_max": 900},
        ]},
    }
    met = {(row["part"], row["figure"]): row["met"] for row in targets(report)}
    assert met == {
        ("engine", "sixtyone playouts"): True,
        ("engine", "flowershop playouts"): False,  # Spice Road races the peer instead
        # the baseline's interleaved rounds decide, and the engine playout is the target
        ("engine", "spiceroad turns/s, engine playout"): True,
        ("engine", "spiceroad turns/s, driver loop"): None,  # reported beside it, not judged
        ("simulate", "sixtyone checks"): True,
        ("simulate", "giftoftulips checks"): False,
        ("simulate", "x checks"): None,  # not measured: neither met nor failed
        ("startup", "to the interactive menu"): True,
        ("keys", "sixtyone place"): True,
        ("keys", "flowershop pick"): False,  # two frames for one key
    }


def test_the_report_shows_each_part_and_the_targets_table() -> None:
    from tulipgames.bench import targets

    checks = [{"game": "sixtyone", "seats": 2, "games": 512, "unchecked_seconds": 0.5,
               "pairs": [1.7, 1.8, 1.9], "ratio": 1.8, "spread": [1.7, 1.9], "wall_ratio": 1.8,
               "baseline": {"ratio": 2.4, "spread": [2.2, 2.6]}},
              {"game": "flowershop"}]
    report = {"tulipgames": "x", "python": "3", "parts": ["simulate"],
              "simulate_checks": checks, "interrupted": False}
    report["targets"] = targets(report)
    text = format_report(report, width=140)
    assert "the median of 3 pairs of runs" in text
    assert "1.8x" in text and "1.7-1.9" in text and "2.4x (2.2-2.6)" in text
    assert "did not run" in text  # the game with no figure
    assert "games/s" not in text  # the engine part was not asked for
    lines = [line for line in text.splitlines() if "sixtyone checks" in line]
    assert len(lines) == 1 and "simulate" in lines[0] and "1.8x" in lines[0]
    assert "<= 2x" in lines[0] and lines[0].rstrip().endswith("yes")
    unmeasured = next(line for line in text.splitlines() if "flowershop checks" in line)
    assert unmeasured.rstrip().endswith("-")


def test_the_startup_part_is_the_real_start_beside_a_bare_textual_app() -> None:
    """A pseudo-terminal runs the ``tulipgames`` command line and a hello-world; the bench
    reports both and the ratio (figures are not judged here, only that they are measured)."""
    from tulipgames.bench import render_startup, startup_figures

    startup = startup_figures(quick=True)
    assert startup["runs"] == 3
    menu, hello = startup["menu"], startup["hello_world"]
    assert menu["trouble"] == [] and hello["trouble"] == []
    assert menu["key_ms"] > 0 and hello["key_ms"] > 0 and menu["key_vs_hello_world"] > 0
    assert all(value > 0 for value in startup["imports"].values())
    text = str(render_startup(startup))
    assert "hello-world" in text and "textual.app" in text


def test_the_command_line_names_a_bad_part_and_a_clash_of_options(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from tulipgames.cli import bench_parts, main

    assert bench_parts("keys, Engine") == ("engine", "keys")  # always in the suite's order
    with pytest.raises(SystemExit) as stopped:
        main(["bench", "--only", "engine,speed"])
    assert stopped.value.code == 2
    assert "no bench part speed (parts: engine, simulate, startup, keys)" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["bench", "--ui", "--only", "keys"])
    assert "--ui is --only startup,keys" in capsys.readouterr().err


def test_only_the_parts_asked_for_are_measured(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
) -> None:
    import json

    from tulipgames.cli import main

    monkeypatch.delenv("BENCH_BASELINE", raising=False)  # no second side, no peer
    monkeypatch.delenv("PEER_DIR", raising=False)

    assert main(["bench", "--quick", "--only", "engine", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["parts"] == ["engine"]
    assert [row["game"] for row in report["games"]] == [entry.id for entry in games.CATALOGUE]
    assert report["spiceroad_turns"]["ours"]["turns"] > 0
    assert report["simulate_checks"] is None and report["startup"] is None
    assert report["keys"] is None
    assert [row["figure"] for row in report["targets"]] == [
        "spiceroad turns/s, engine playout", "spiceroad turns/s, driver loop"]
    assert report["targets"][0]["met"] is None  # no peer to race
    assert report["spiceroad_turns"]["playout"]["turns"] > 0


# -- --rounds: how many interleaved rounds the race and the baseline comparison take ----------
@pytest.mark.parametrize("argv", [["--rounds", "0"], ["--rounds", "-2"], ["--rounds", "x"],
                                  ["--rounds=0"]])
def test_the_command_line_refuses_a_round_count_below_one_or_not_a_number(
    capsys: pytest.CaptureFixture[str], argv: list[str],
) -> None:
    from tulipgames.cli import main

    with pytest.raises(SystemExit) as stopped:
        main(["bench", "--only", "engine", *argv])  # refused before anything is measured
    assert stopped.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1  # argparse's one line, no usage block, no traceback
    assert err.startswith("tulipgames bench: error: argument --rounds: ")
    assert ("not 'x'" if argv[-1] == "x" else "expected at least 1") in err


def test_the_suite_refuses_no_rounds_at_all() -> None:
    from tulipgames.bench import run

    with pytest.raises(ValueError, match="at least 1 round, not 0"):
        run(parts=("engine",), rounds=0)


def test_the_race_runs_the_rounds_asked_for_without_a_peer() -> None:
    race = spice_road_race(0.0, None, rounds=2)  # no budget: two games a side a round
    assert race["rounds"] == 2 and race["peer"] is None and race["vs_peer"] is None
    assert race["ours"]["games"] == race["playout"]["games"] == 4
    assert race["ours"]["turns"] == race["playout"]["turns"] == 2 * spiceroad_turns(0.0)["turns"]
    text = " ".join(format_report(report_with(race)).split())  # wherever its lines wrap
    assert "the median of 2 interleaved rounds" in text


def test_rounds_reach_the_race_and_the_baseline_from_the_command_line(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
) -> None:
    """``--rounds 2 --quick``: both figures take 2 rounds, where --quick alone gives the race 3
    and the baseline 1. The baseline's playouts are real but given no budget (the two games
    each always plays), so the test takes seconds, not the quarter-minute of a quick run."""
    import json

    from tulipgames import bench
    from tulipgames.cli import main

    real = bench.compare_engines

    def without_budget(tree: str, revision: str, budget: float, **kwargs: Any) -> dict:
        return real(tree, revision, 0.0, **kwargs)

    monkeypatch.setattr(bench, "compare_engines", without_budget)
    monkeypatch.setenv("BENCH_BASELINE", "HEAD")
    monkeypatch.setenv("PEER_DIR", str(fake_peer(tmp_path, 7)))

    assert main(["bench", "--quick", "--only", "engine", "--rounds", "2", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    race, against = report["spiceroad_turns"], report["baseline"]
    assert race["rounds"] == 2 and against["rounds"] == 2
    assert race["vs_peer"] is not None and race["playout_vs_peer"] is not None
    assert against["spiceroad_turns"]["vs_peer"] is not None  # the peer raced in both
    text = " ".join(format_report(report).split())  # wherever its lines wrap
    assert "the median of 2 interleaved rounds" in text
    assert "interleaved, median of 2 rounds" in text

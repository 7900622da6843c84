"""The Spice Road turn race of ``tulipgames bench``: turns counted, the peer run and compared."""

from __future__ import annotations

import random
from pathlib import Path

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
    race = spice_road_race(0.0, str(tmp_path))
    assert race["peer"]["turns"] == 14
    ours, theirs = race["ours"]["turns_per_cpu_second"], race["peer"]["turns_per_cpu_second"]
    assert race["vs_peer"] == round(ours / theirs, 2)


def test_a_missing_peer_is_reported_not_guessed(tmp_path: Path) -> None:
    assert peer_turns(str(tmp_path / "nowhere"), budget=0.0) is None
    race = spice_road_race(0.0, str(tmp_path / "nowhere"))
    assert race["peer"] is None and race["vs_peer"] is None
    assert "did not run" in format_report(report_with(race))
    alone = spice_road_race(0.0, None)
    assert "set PEER_DIR" in format_report(report_with(alone))


def report_with(race: dict) -> dict:
    return {
        "tulipgames": "x", "python": "3", "games": [], "spiceroad_turns": race,
        "startup": dict.fromkeys(
            ("import_cli_ms", "import_app_ms", "menu_drawn_ms", "hello_world_drawn_ms",
             "menu_vs_hello_world")
        ),
    }


def test_the_report_shows_both_rates_and_the_ratio(tmp_path: Path) -> None:
    race = spice_road_race(0.0, str(fake_peer(tmp_path, 5)))
    text = format_report(report_with(race))
    assert f"spiceroad: {race['ours']['turns_per_cpu_second']} turns per CPU-second" in text
    assert f"{race['vs_peer']}x the peer" in text


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
    row = _side_by_side({"game": "x"}, {"baseline": [10.0, 30.0, 20.0], "now": [40.0]})
    assert row["baseline"] == 20 and row["now"] == 40 and row["ratio"] == 2.0

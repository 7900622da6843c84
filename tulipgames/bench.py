"""``tulipgames bench``: how fast the engine and the app start are, per available game.

Four parts (:data:`PARTS`), each figure beside its reference, and at the end a table of every
figure against the limit issue 16 sets for it (:func:`targets`):

- engine: per game, random playouts (games and actions per second), ``apply`` and ``clone``
  rates on positions taken from those playouts, and the time to replay a whole record (what
  resume and undo cost); for Century: Spice Road, complete turns per CPU-second of random
  2-player games, side by side with the public pure-Python engine QuincyNash/spiceroad when
  ``PEER_DIR`` names a checkout of it (the peer runs from that checkout; every side of the race
  runs in a fresh interpreter each round; none of the peer's code is in this project); with
  ``BENCH_BASELINE``, the same playouts of that git revision, interleaved.
- simulate: what ``simulate``'s checks cost, checked against ``--no-check`` (:func:`check_cost`).
- startup: ``tulipgames`` started for real on a pseudo-terminal against a bare Textual
  hello-world (``bench_ui.startup_report``), and import times, in fresh interpreters.
- keys: key press to screen in each game against a bare label update
  (``bench_ui.key_press_report``).
"""

from __future__ import annotations

import io
import json
import os
import platform
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from rich.console import Console, Group, RenderableType
from rich.table import Table
from rich.text import Text

from tulipgames import __version__, games
from tulipgames.engine.core import Game, SeatSpec, State
from tulipgames.engine.record import GameRecord, replay

# Drives the peer's own modules (from PEER_DIR) the way the shared bench script does: random
# 2-player games, one line of JSON with the CPU time and the complete turns played.
_PEER_SCRIPT = """
import json, os, random, sys, time
sys.path.insert(0, os.environ["PEER_DIR"])
from game import Game
from moves import DrawMove
def play(seed):
    rng = random.Random(seed)
    g = Game(seed)
    turn, turns = 0, 0
    while not g.finished and turns < 2000:
        mv = rng.choice(g.all_base_moves(turn))
        if isinstance(mv, DrawMove) and mv.draw_index > 0:
            g.make_placement_move(turn, rng.choice(g.all_placement_moves(turn, mv.draw_index)))
        g.make_base_move(turn, mv)
        if g.needs_to_discard(turn):
            opts = g.all_discard_moves(turn)
            if opts:
                g.make_discard_move(turn, rng.choice(opts))
            while g.needs_to_discard(turn):
                sp = g.players[turn].spices
                i = next(k for k in range(4) if sp[k] > 0)
                g.make_discard_move(turn, g.discard_array(i + 1))
        turn ^= 1
        turns += 1
    return turns
budget = float(sys.argv[1])
began = time.process_time()
games = turns = 0
while games < 2 or time.process_time() - began < budget:
    turns += play(games)
    games += 1
print(json.dumps({"games": games, "turns": turns, "cpu_seconds": time.process_time() - began,
                  "pid": os.getpid()}))
"""


# Our side of the Spice Road race in a fresh interpreter, as the peer's side runs in one: the
# imports first, then ``spiceroad_turns`` times its games (the driver loop, or with ``playout``
# the engine's playout) from a cold start, as ``_PEER_SCRIPT`` times the peer's. One line of
# JSON, with the process id so a test can see that every round had an interpreter of its own.
_RACE_SCRIPT = """
import json, os, sys
from tulipgames.bench import spiceroad_turns
figures = spiceroad_turns(float(sys.argv[1]), playout=sys.argv[2:] == ["playout"])
print(json.dumps({**figures, "pid": os.getpid()}))
"""


# Random playouts of one game in a fresh interpreter, with whichever tulipgames its path finds:
# this tree's or a baseline commit's (see ``compare_with_baseline``). It plays the way each
# engine lets a driver that picks from the legal list play: ``State.advance`` where it exists,
# ``apply`` in older code. Actions are written out as the bench's records write them. With a
# fourth argument ``playout`` it plays the same games by the engine's ``State.play_out``.
_PLAYOUT_SCRIPT = """
import json, random, sys, time
from tulipgames import games
game_id, seats, budget = sys.argv[1], int(sys.argv[2]), float(sys.argv[3])
by_playout = sys.argv[4:] == ["playout"]
game = games.get_game(game_id)
began = time.process_time()
played = actions = turns = 0
while played < 2 or time.process_time() - began < budget:
    rng = random.Random(played)
    state = game.new_state(seats, played)
    if by_playout:
        actions += state.play_out(rng)
    play = getattr(state, "advance", state.apply)
    while not state.is_over():
        seat = state.to_act()[0]
        action = rng.choice(state.legal_actions(seat))
        play(seat, action)
        str(action)
        actions += 1
    turns += sum(getattr(state, "turns", None) or [0])
    played += 1
seconds = time.process_time() - began
print(json.dumps({"games": played, "actions": actions, "turns": turns, "cpu_seconds": seconds}))
"""

# The cost of ``simulate``'s checks, in a fresh interpreter with whichever ``tulipgames`` its path
# finds. After a warm-up (imports, caches, the first games) it doubles the games until one
# unchecked run takes ``least`` CPU-seconds, then times ``pairs`` pairs: one checked and one
# unchecked run of the very same games (same seed), back to back, the order alternating, so a
# load that drifts hits both runs of a pair alike. Each pair gives one ratio; the figure is their
# median. CPU time is the steadier clock on a shared machine; the wall clock is kept as well.
_SIMULATE_SCRIPT = """
import json, sys, time
from tulipgames import games
from tulipgames.simulate import simulate
game = games.get_game(sys.argv[1])
seats, pairs, least = int(sys.argv[2]), int(sys.argv[3]), float(sys.argv[4])
def timed(count, check):
    cpu, wall = time.process_time(), time.perf_counter()
    simulate(game, seats, count, ["random"], seed=1, check=check)
    return time.process_time() - cpu, time.perf_counter() - wall
timed(3, True)
count = 4
while timed(count, False)[0] < least:
    count *= 2
cpu, wall, unchecked = [], [], []
for number in range(pairs):
    spent = {}
    for check in ((True, False) if number % 2 == 0 else (False, True)):
        spent[check] = timed(count, check)
    cpu.append(spent[True][0] / spent[False][0])
    wall.append(spent[True][1] / spent[False][1])
    unchecked.append(spent[False][0])
print(json.dumps({"games": count, "cpu": cpu, "wall": wall, "unchecked": unchecked}))
"""


def _fresh_json(script: str, args: list[str], path: str | None) -> dict[str, Any] | None:
    """The JSON line ``script`` prints in a new interpreter whose ``tulipgames`` comes from
    ``path`` (``None``: this installation), or ``None`` if it did not run."""
    env = dict(os.environ)
    if path is not None:
        env["PYTHONPATH"] = path + os.pathsep + env.get("PYTHONPATH", "")
    done = subprocess.run(
        [sys.executable, "-c", script, *args], capture_output=True, text=True, timeout=600,
        check=False, env=env, cwd=path or None,
    )
    try:
        figures: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
        return figures
    except (ValueError, IndexError):
        return None


def baseline_tree(revision: str, into: str) -> str:
    """Unpack the ``tulipgames`` package of a git ``revision`` of this checkout into the folder
    ``into`` (``git archive``; the checkout itself is not touched) and return that folder."""
    here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    archive = subprocess.run(
        ["git", "-C", here, "archive", revision, "tulipgames"], capture_output=True,
        check=True, timeout=120,
    )
    subprocess.run(["tar", "-x", "-C", into], input=archive.stdout, check=True, timeout=120)
    return into


def _median(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[len(ordered) // 2]


@contextmanager
def baseline_checkout(revision: str | None) -> Iterator[str | None]:
    """The folder holding ``revision``'s ``tulipgames`` (unpacked for the ``with`` block and
    removed after it), or ``None`` when there is no revision to compare with."""
    if not revision:
        yield None
        return
    import tempfile

    with tempfile.TemporaryDirectory(prefix="tulipgames-baseline-") as folder:
        yield baseline_tree(revision, folder)


def compare_with_baseline(
    revision: str, budget: float, rounds: int = 3, peer_dir: str | None = None,
) -> dict[str, Any]:
    """:func:`compare_engines` against a git ``revision`` of this checkout, unpacked for it."""
    with baseline_checkout(revision) as tree:
        assert tree is not None
        return compare_engines(tree, revision, budget, rounds, peer_dir)


def compare_engines(
    tree: str, revision: str, budget: float, rounds: int = 3, peer_dir: str | None = None,
) -> dict[str, Any]:
    """Random playouts of every game and the Spice Road turn race, measured for a baseline
    (its ``tulipgames`` in the folder ``tree``) and for this code in the same run.

    Every figure comes from fresh interpreters, the two sides interleaved ``rounds`` times
    (``tulipgames bench --rounds N``; with the peer as a third side of the race), each side
    playing for ``budget`` CPU-seconds a round, and is the median of its rounds: on a shared
    machine the speed drifts from run to run, so the ratios are what to read.
    """
    here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    sides = {"baseline": tree, "now": here}
    playouts: list[dict[str, Any]] = []
    for game in _available_games():
        seats = max(game.min_players, min(3, game.max_players))
        rates: dict[str, list[float]] = {side: [] for side in sides}
        for _ in range(rounds):
            for side, path in sides.items():
                got = _fresh_json(_PLAYOUT_SCRIPT, [game.id, str(seats), str(budget)], path)
                if got and got["cpu_seconds"]:
                    rates[side].append(got["actions"] / got["cpu_seconds"])
        playouts.append(_side_by_side({"game": game.id, "seats": seats}, rates))
    race: dict[str, list[float]] = {side: [] for side in (*sides, "peer", "playout")}
    for _ in range(rounds):
        for side, path in sides.items():
            got = _fresh_json(_PLAYOUT_SCRIPT, [race_game(), "2", str(budget)], path)
            if got and got["cpu_seconds"]:
                race[side].append(got["turns"] / got["cpu_seconds"])
        peer = peer_turns(peer_dir, budget) if peer_dir else None
        if peer and peer["turns_per_cpu_second"]:
            race["peer"].append(peer["turns_per_cpu_second"])
        # This code's engine playout as well (a baseline may predate ``State.play_out``).
        got = _fresh_json(_PLAYOUT_SCRIPT, [race_game(), "2", str(budget), "playout"], here)
        if got and got["cpu_seconds"]:
            race["playout"].append(got["turns"] / got["cpu_seconds"])
    turns = _side_by_side({"game": race_game(), "seats": 2}, race)
    if race["peer"]:
        turns["vs_peer"] = round(turns["now"] / turns["peer"], 2)
        turns["baseline_vs_peer"] = round(turns["baseline"] / turns["peer"], 2)
        if turns.get("playout"):
            turns["playout_vs_peer"] = round(turns["playout"] / turns["peer"], 2)
    return {"revision": revision, "rounds": rounds, "budget": budget, "playouts": playouts,
            "spiceroad_turns": turns}


#: ``simulate``'s checks may cost at most this multiple of the unchecked run (issue 16).
CHECK_COST_LIMIT = 2.0


def check_cost(
    game: Game, path: str | None = None, pairs: int = 5, least: float = 0.5,
) -> dict[str, Any] | None:
    """What ``simulate``'s checks cost in ``game`` (random bots, 2 seats where the game allows):
    the median of ``pairs`` checked/unchecked ratios, each from a pair of runs of the same games
    back to back in one fresh interpreter (see ``_SIMULATE_SCRIPT``), with the spread of the
    pairs; ``path``: whose ``tulipgames`` (``None``: this one). ``None`` if it did not run."""
    seats = 2 if game.min_players <= 2 <= game.max_players else game.min_players
    got = _fresh_json(_SIMULATE_SCRIPT, [game.id, str(seats), str(pairs), str(least)], path)
    if not got or not got.get("cpu"):
        return None
    return cost_row(game.id, seats, got)


def cost_row(game_id: str, seats: int, got: dict[str, Any]) -> dict[str, Any]:
    """One game's check cost from the pair ratios the script measured: median and spread."""
    cpu, wall = got["cpu"], got["wall"]
    return {
        "game": game_id,
        "seats": seats,
        "games": got["games"],
        "unchecked_seconds": round(statistics.median(got["unchecked"]), 3),
        "pairs": [round(ratio, 2) for ratio in cpu],
        "ratio": round(statistics.median(cpu), 2),
        "spread": [round(min(cpu), 2), round(max(cpu), 2)],
        "wall_ratio": round(statistics.median(wall), 2),
    }


def check_costs(tree: str | None = None, quick: bool = False) -> Iterator[dict[str, Any]]:
    """:func:`check_cost` of every game in turn, with the baseline's (``tree``) right after
    it (``quick``: 3 pairs of runs of at least 0.1 s; else 5 pairs of at least 0.5 s)."""
    pairs, least = (3, 0.1) if quick else (5, 0.5)
    for game in _available_games():
        row = check_cost(game, None, pairs, least) or {"game": game.id}
        if tree is not None:
            row["baseline"] = check_cost(game, tree, pairs, least)
        yield row


def _side_by_side(row: dict[str, Any], rates: dict[str, list[float]]) -> dict[str, Any]:
    """Median rate per side and the ratio of now to the baseline."""
    for side, values in rates.items():
        if values:
            row[side] = round(_median(values))
    if row.get("baseline") and row.get("now"):
        row["ratio"] = round(row["now"] / row["baseline"], 2)
    return row


def race_game() -> str:
    """The game raced against a public peer engine: the one whose kit names its ``peer``."""
    return next((kit.id for kit in games.kits() if kit.peer), "")


def race_peer() -> str:
    """The public engine :func:`race_game` is raced against (GitHub ``owner/name``)."""
    return next((kit.peer for kit in games.kits() if kit.peer), "")


def spiceroad_turns(budget: float, seed: int = 0, playout: bool = False) -> dict[str, Any]:
    """Random 2-player Spice Road games driven directly (no bots, no checks) for about ``budget``
    CPU-seconds: games played, complete turns and turns per CPU-second.

    A turn is one player's whole turn (a play, acquisition, claim or rest with every payment,
    upgrade and return it needs), which our engine sequences into about 2.4 steps: this is the
    unit the peer counts, so the two rates compare. The games are played by the generic driver
    loop (``to_act``, ``legal_actions``, ``rng.choice``, ``advance``), or with ``playout`` by
    the engine's own random playout, ``State.play_out``: the same draws, so the same games.
    """
    game = games.get_game(race_game())
    began = time.process_time()
    played = turns = 0
    while played < 2 or time.process_time() - began < budget:
        rng = random.Random(seed + played)
        state = game.new_state(2, seed + played)
        if playout:
            state.play_out(rng)
        else:
            while not state.is_over():
                seat = state.to_act()[0]
                state.advance(seat, rng.choice(state.legal_actions(seat)))
        turns += completed_turns(state)
        played += 1
    seconds = time.process_time() - began
    return _turn_rates(played, turns, seconds)


def completed_turns(state: State) -> int:
    """Whole turns a Spice Road state has seen end (the rules count each seat's turns)."""
    return sum(state.turns)  # type: ignore[attr-defined]  # the raced game's own count


def _turn_rates(played: int, turns: int, seconds: float) -> dict[str, Any]:
    return {
        "games": played,
        "turns": turns,
        "cpu_seconds": round(seconds, 6),  # a fast stand-in peer's games take microseconds
        "turns_per_cpu_second": round(turns / seconds) if seconds else None,
    }


def peer_turns(peer_dir: str, budget: float) -> dict[str, Any] | None:
    """The peer's random 2-player games for about ``budget`` CPU-seconds, run from the checkout
    at ``peer_dir`` in a fresh interpreter (``None`` if it did not run)."""
    done = subprocess.run(
        [sys.executable, "-c", _PEER_SCRIPT, str(budget)],
        capture_output=True, text=True, timeout=600, check=False,
        env={**os.environ, "PEER_DIR": peer_dir},
    )
    try:
        figures = json.loads(done.stdout.strip().splitlines()[-1])
        rates = _turn_rates(int(figures["games"]), int(figures["turns"]), figures["cpu_seconds"])
    except (ValueError, IndexError, KeyError, TypeError):
        return None
    if "pid" in figures:
        rates["pid"] = figures["pid"]
    return rates


def fresh_spiceroad_turns(budget: float, playout: bool = False) -> dict[str, Any] | None:
    """:func:`spiceroad_turns` in a fresh interpreter of this installation, as the peer's games
    are run (``None`` if it did not run)."""
    got = _fresh_json(_RACE_SCRIPT, [str(budget), *(["playout"] if playout else [])], None)
    if not got or "turns" not in got:
        return None
    rates = _turn_rates(int(got["games"]), int(got["turns"]), float(got["cpu_seconds"]))
    rates["pid"] = got.get("pid")
    return rates


#: The Spice Road race's interleaved rounds when ``tulipgames bench --rounds`` is not given.
RACE_ROUNDS = 3


def spice_road_race(
    budget: float, peer_dir: str | None, rounds: int = RACE_ROUNDS,
) -> dict[str, Any]:
    """Our Spice Road turns per CPU-second, by the generic driver loop (``ours``) and by the
    engine's playout (``playout``, the figure the 1.5x target is read from: docs/bench.md),
    and, with a peer checkout, the peer's and both ratios.

    ``rounds`` rounds (``tulipgames bench --rounds N``) of ``budget / rounds`` CPU-seconds
    each, the three sides in an order that alternates from round to round: the peer's rate
    swings by half between runs on a shared machine, so each ratio is the median of the
    rounds' ratios, and each side's figures are its rounds added up. Without a peer
    (``peer_dir`` ``None``) our two sides still run every round.

    The race is symmetric: every side of every round plays in an interpreter of its own, started
    for it, and times its games after its imports. Our sides used to play in the bench's own
    process, warm from the rounds before, against a peer started cold each round, and that
    printed 2.17x where the same engines raced alike gave 1.64-1.74x."""
    share = budget / rounds
    runs: dict[str, list[dict[str, Any]]] = {"ours": [], "peer": [], "playout": []}
    measure: dict[str, Callable[[], dict[str, Any] | None]] = {
        "ours": lambda: fresh_spiceroad_turns(share),
        "peer": lambda: peer_turns(peer_dir, share) if peer_dir else None,
        "playout": lambda: fresh_spiceroad_turns(share, playout=True),
    }
    for number in range(rounds):
        for side in measure if number % 2 == 0 else reversed(measure):
            got = measure[side]()
            if got is not None:
                runs[side].append(got)

    def added(side: str) -> dict[str, Any] | None:
        done = runs[side]
        if len(done) < rounds:
            return None
        figures = _turn_rates(sum(run["games"] for run in done),
                              sum(run["turns"] for run in done),
                              sum(run["cpu_seconds"] for run in done))
        figures["processes"] = [run.get("pid") for run in done]
        return figures

    def versus(side: str) -> float | None:
        ratios = [
            mine["turns_per_cpu_second"] / theirs["turns_per_cpu_second"]
            for mine, theirs in zip(runs[side], runs["peer"], strict=False)
            if mine["turns_per_cpu_second"] and theirs["turns_per_cpu_second"]
        ]
        return round(_median(ratios), 2) if len(ratios) == rounds else None

    return {
        "ours": added("ours"),
        "playout": added("playout"),
        "peer_dir": peer_dir,
        "peer": added("peer"),
        "rounds": rounds,
        "vs_peer": versus("ours"),
        "playout_vs_peer": versus("playout"),
    }


def _fresh_seconds(code: str) -> float | None:
    """Seconds printed by ``code`` run in a new interpreter (``None`` if it failed)."""
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=False
    )
    try:
        return float(done.stdout.strip().splitlines()[-1])
    except (ValueError, IndexError):
        return None


def _import_seconds(module: str) -> float | None:
    return _fresh_seconds(
        f"import time; t = time.perf_counter(); import {module}; print(time.perf_counter() - t)"
    )


def random_playout(game: Game, seats: int, seed: int) -> tuple[State, list[tuple[int, str]]]:
    """One game of uniformly random legal actions; returns the end state and its actions.
    The actions come from the legal list, so they are played without a second check."""
    rng = random.Random(seed)
    state = game.new_state(seats, seed)
    actions: list[tuple[int, str]] = []
    while not state.is_over():
        seat = state.to_act()[0]
        action = rng.choice(state.legal_actions(seat))
        state.advance(seat, action)
        actions.append((seat, str(action)))
    return state, actions


def bench_game(game: Game, budget: float) -> dict[str, Any]:
    """Playouts for about ``budget`` seconds, then apply/clone/replay rates on what was played."""
    seats = max(game.min_players, min(3, game.max_players))
    began = time.perf_counter()
    played = 0
    actions = 0
    records: list[list[tuple[int, str]]] = []
    while played < 2 or time.perf_counter() - began < budget:
        _, moves = random_playout(game, seats, played)
        records.append(moves)
        actions += len(moves)
        played += 1
    playout_seconds = time.perf_counter() - began

    # apply alone: replay the first record's actions from the start, parsing excluded
    state = game.new_state(seats, 0)
    parsed = [(seat, game.parse_action(text)) for seat, text in records[0]]
    began = time.perf_counter()
    for seat, action in parsed:
        state.apply(seat, action)
    apply_seconds = time.perf_counter() - began

    positions: list[State] = []
    state = game.new_state(seats, 0)
    for index, (seat, action) in enumerate(parsed):
        state.apply(seat, action)
        if index % 8 == 0:
            positions.append(state.clone())

    clones = 0
    began = time.perf_counter()
    while clones < 200 or time.perf_counter() - began < budget / 4:
        positions[clones % len(positions)].clone()
        clones += 1
    clone_seconds = time.perf_counter() - began

    record = GameRecord(
        game.id, 0, [SeatSpec(f"P{i}", "human") for i in range(seats)],
        game.resolve_options(), game.rules_version, records[0],
    )
    began = time.perf_counter()
    replay(game, record)
    replay_seconds = time.perf_counter() - began
    return {
        "game": game.id,
        "seats": seats,
        "playouts": played,
        "playouts_per_second": round(played / playout_seconds, 2),
        "actions_per_second": round(actions / playout_seconds, 1),
        "mean_actions_per_game": round(actions / played, 1),
        "applies_per_second": round(len(parsed) / apply_seconds, 1) if apply_seconds else None,
        "clones_per_second": round(clones / clone_seconds, 1),
        "replay_ms": round(replay_seconds * 1000, 2),
    }


def _available_games() -> list[Game]:
    return [games.get_game(entry.id) for entry in games.CATALOGUE]


#: The parts of the suite, in the order they run; ``tulipgames bench --only`` picks some.
#: engine: playouts, apply/clone/replay rates, the Spice Road race (and the baseline's playouts);
#: simulate: the cost of simulate's checks; startup: the real start in a terminal against a bare
#: Textual hello-world; keys: key press to screen per game against a bare label update.
PARTS = ("engine", "simulate", "startup", "keys")

#: The import times measured for the start-up part: ours and their yardstick.
IMPORTS = {"import_cli_ms": "tulipgames.cli", "import_app_ms": "tulipgames.tui.app",
           "import_textual_app_ms": "textual.app"}


def steps(parts: tuple[str, ...] = PARTS, baseline: str | None = None) -> int:
    """How many measurements :func:`run` makes for ``parts`` (for a progress bar)."""
    count = 0
    if "engine" in parts:
        count += len(_available_games()) + 1 + bool(baseline)
    if "simulate" in parts:
        count += len(_available_games())
    return count + ("startup" in parts) + ("keys" in parts)


def run(
    quick: bool = False, progress: Callable[[int], None] | None = None,
    parts: tuple[str, ...] = PARTS, baseline: str | None = None, peer_dir: str | None = None,
    rounds: int | None = None,
) -> dict[str, Any]:
    """The suite (the ``parts`` asked for) as one JSON-ready dict; ``baseline`` is a git
    revision measured side by side where a part has a before (engine, simulate, start-up),
    ``peer_dir`` a QuincyNash/spiceroad checkout for the Spice Road race.

    ``rounds``: how many interleaved rounds the Spice Road race (:func:`spice_road_race`) and
    the baseline's comparison (:func:`compare_engines`) run (``None``: :data:`RACE_ROUNDS` for
    the race; for the baseline 3, 1 with ``quick``). On a shared 2-core machine the speed
    drifts from run to run (the peer's rate by half), so each ratio is the median of its
    interleaved rounds, and more rounds make a steadier median. The race splits its budget
    among its rounds; the baseline's playouts take the whole budget in each round. Either way
    each is one measurement: the rounds do not change :func:`steps`.

    ``progress(done)`` is called after each measurement. Ctrl-C (``KeyboardInterrupt``) stops
    the suite with what was measured so far: ``interrupted`` is true and the parts not reached
    are missing or ``None``.
    """
    unknown = [part for part in parts if part not in PARTS]
    if unknown:
        raise ValueError(f"no bench part {', '.join(unknown)} (parts: {', '.join(PARTS)})")
    if rounds is not None and rounds < 1:
        raise ValueError(f"the bench needs at least 1 round, not {rounds}")
    budget = 0.3 if quick else 2.0
    race_rounds = RACE_ROUNDS if rounds is None else rounds
    baseline_rounds = (1 if quick else 3) if rounds is None else rounds
    report: dict[str, Any] = {
        "tulipgames": __version__,
        "python": platform.python_version(),
        "machine": platform.machine(),
        "quick": quick,
        "parts": [part for part in PARTS if part in parts],
        "interrupted": False,
        "games": [],
        "spiceroad_turns": None,
        "baseline": None,
        "simulate_checks": None,
        "startup": None,
        "keys": None,
    }
    done = 0

    def advance() -> None:
        nonlocal done
        done += 1
        if progress is not None:
            progress(done)

    try:
        with baseline_checkout(baseline) as tree:
            if "engine" in parts:
                for game in _available_games():
                    report["games"].append(bench_game(game, budget))
                    advance()
                report["spiceroad_turns"] = spice_road_race(budget, peer_dir, race_rounds)
                advance()
                if tree is not None and baseline is not None:
                    report["baseline"] = compare_engines(
                        tree, baseline, budget, rounds=baseline_rounds, peer_dir=peer_dir,
                    )
                    advance()
            if "simulate" in parts:
                report["simulate_checks"] = []
                for row in check_costs(tree, quick):
                    report["simulate_checks"].append(row)
                    advance()
            if "startup" in parts:
                report["startup"] = startup_figures(quick, tree, baseline)
                advance()
            if "keys" in parts:
                from tulipgames import bench_ui

                report["keys"] = bench_ui.key_press_report(rounds=2 if quick else 6)
                advance()
    except KeyboardInterrupt:
        report["interrupted"] = True
    report["targets"] = targets(report)
    return report


def startup_figures(
    quick: bool = False, tree: str | None = None, revision: str | None = None,
) -> dict[str, Any]:
    """The real start (``bench_ui.startup_report``: ``tulipgames`` on a pseudo-terminal against
    a bare Textual hello-world, and the baseline's menu in ``tree``, unpacked from
    ``revision``, in the same loop), and the import times of the command line and the app
    shell next to ``import textual.app``."""
    from tulipgames import bench_ui

    runs = 3 if quick else bench_ui.STARTUP_RUNS
    figures = bench_ui.startup_report(runs=runs, baseline=tree)
    if "baseline" in figures and revision:
        figures["baseline"]["tree"] = revision  # named by its revision, not a temporary folder
    imports: dict[str, float | None] = {}
    for key, module in IMPORTS.items():
        samples = [t for t in (_import_seconds(module) for _ in range(1 if quick else 5))
                   if t is not None]
        imports[key] = round(statistics.median(samples) * 1000, 1) if samples else None
    figures["imports"] = imports
    return figures


#: What issue 16 asks of each figure: the limits the ``targets`` table checks.
PLAYOUT_SPEED_UP = 2.0  # every game but Spice Road, against the baseline
PEER_SPEED_UP = 1.5  # Spice Road turns per CPU-second, against the peer
STARTUP_LIMIT = 1.3  # start to the interactive menu, against the hello-world
KEY_FIRST_P50_MS, KEY_FIRST_P95_MS, KEY_FRAMES, KEY_BYTES = 16.0, 33.0, 1, 2048


def targets(report: dict[str, Any]) -> list[dict[str, Any]]:
    """Each measured figure next to its reference and the limit it must meet: rows of
    ``part``, ``figure``, ``now``, ``reference`` (what it is measured against), ``target`` and
    ``met`` (``None`` when the figure or its reference is missing)."""
    rows: list[dict[str, Any]] = []

    def add(part: str, figure: str, now: Any, reference: str, target: str,
            met: bool | None) -> None:
        rows.append({"part": part, "figure": figure, "now": now, "reference": reference,
                     "target": target, "met": met})

    against = report.get("baseline") or {}
    for row in against.get("playouts", []):
        if row["game"] == race_game():
            continue
        ratio = row.get("ratio")
        add("engine", f"{row['game']} playouts", _times(ratio), f"{against['revision']}",
            f">= {PLAYOUT_SPEED_UP:g}x", None if ratio is None else ratio >= PLAYOUT_SPEED_UP)
    # The Spice Road race: the target is read from the engine playout, the generic driver
    # loop stands beside it (docs/bench.md says why); the baseline's interleaved rounds decide
    # where they were run.
    race = against.get("spiceroad_turns") or {}
    single = report.get("spiceroad_turns") or {}
    peer = race.get("peer") or (single.get("peer") or {}).get("turns_per_cpu_second")
    reference = f"peer {peer} turns/s" if peer else "peer (PEER_DIR)"
    if single or race:
        vs_peer = race.get("playout_vs_peer") or single.get("playout_vs_peer")
        add("engine", f"{race_game()} turns/s, engine playout", _times(vs_peer), reference,
            f">= {PEER_SPEED_UP:g}x", None if vs_peer is None else vs_peer >= PEER_SPEED_UP)
        add("engine", f"{race_game()} turns/s, driver loop", _times(
            race.get("vs_peer") or single.get("vs_peer")), reference, "beside it", None)
    for row in report.get("simulate_checks") or []:
        ratio = row.get("ratio")
        add("simulate", f"{row['game']} checks", _times(ratio), "--no-check",
            f"<= {CHECK_COST_LIMIT:g}x", None if ratio is None else ratio <= CHECK_COST_LIMIT)
    startup = report.get("startup")
    if startup:
        ratio = startup["menu"].get("key_vs_hello_world")
        add("startup", "to the interactive menu", _times(ratio),
            f"hello-world {startup['hello_world'].get('key_ms')} ms", f"<= {STARTUP_LIMIT:g}x",
            None if ratio is None else ratio <= STARTUP_LIMIT)
    keys = report.get("keys") or {}
    for row in keys.get("rows", [])[1:]:  # the first row is the bare label itself
        p50, p95 = row.get("first_p50_ms"), row.get("first_p95_ms")
        frames, size = row.get("frames_max"), row.get("bytes_max")
        met = None if p50 is None or p95 is None else (
            p50 <= KEY_FIRST_P50_MS and p95 <= KEY_FIRST_P95_MS
            and frames <= KEY_FRAMES and size <= KEY_BYTES
        )
        add("keys", f"{row['scenario']} {row['key']}", f"{p50}/{p95} ms {frames}f {size}B",
            f"label {keys['rows'][0].get('first_p50_ms')} ms",
            f"{KEY_FIRST_P50_MS:g}/{KEY_FIRST_P95_MS:g} ms {KEY_FRAMES}f {KEY_BYTES}B", met)
    return rows


def _times(ratio: float | None) -> str:
    return "-" if ratio is None else f"{ratio}x"


#: The per-game table: (column heading, key in a game's row).
COLUMNS = (
    ("game", "game"),
    ("seats", "seats"),
    ("games/s", "playouts_per_second"),
    ("actions/s", "actions_per_second"),
    ("apply/s", "applies_per_second"),
    ("clone/s", "clones_per_second"),
    ("replay ms", "replay_ms"),
)


def render_report(report: dict[str, Any]) -> RenderableType:
    """The suite for a terminal: each part measured, then every figure against its target."""
    parts: list[RenderableType] = [
        Text(f"tulipgames {report['tulipgames']} on Python {report['python']}\n"),
    ]
    if "engine" in report.get("parts", PARTS):
        parts += render_engine(report)
    if report.get("baseline"):
        parts.append(render_baseline(report["baseline"]))
    if report.get("simulate_checks") is not None:
        parts.append(render_check_costs(report["simulate_checks"]))
    if report.get("startup"):
        parts.append(render_startup(report["startup"]))
    if report.get("keys"):
        parts.append(render_keys(report["keys"]))
    if report.get("targets"):
        parts.append(render_targets(report["targets"]))
    if report.get("interrupted"):
        parts.append(Text("stopped by Ctrl-C: the figures above are those measured so far"))
    return Group(*parts)


def render_engine(report: dict[str, Any]) -> list[RenderableType]:
    """One table row per game, then the Spice Road race."""
    table = Table(box=None, pad_edge=False)
    for heading, _ in COLUMNS:
        table.add_column(heading, justify="left" if heading == "game" else "right")
    for row in report["games"]:
        table.add_row(*(str(row[key]) for _, key in COLUMNS))
    parts: list[RenderableType] = [table]
    if not report["games"]:
        parts.append(Text("(no game was measured)"))
    race = report.get("spiceroad_turns")
    if race:
        ours, playout = race.get("ours") or {}, race.get("playout") or {}
        line = (
            f"\n{race_game()}: {ours.get('turns_per_cpu_second')} turns per CPU-second by the "
            f"driver loop, {playout.get('turns_per_cpu_second')} by the engine playout "
            f"(random 2-player games, {ours.get('games')} and {playout.get('games')} played; "
            f"every side in a fresh interpreter each round; "
            f"ratios: the median of {race.get('rounds', 1)} interleaved rounds)"
        )
        if race["peer"]:
            line += (
                f";\n  {race_peer()} {race['peer']['turns_per_cpu_second']} turns/s: "
                f"engine playout {race.get('playout_vs_peer')}x the peer (the target), "
                f"driver loop {race['vs_peer']}x the peer"
            )
        elif race["peer_dir"]:
            line += f";\n  the peer at {race['peer_dir']} did not run"
        else:
            line += f";\n  set PEER_DIR to a {race_peer()} checkout to race it"
        parts.append(Text(line))
    return parts


def render_check_costs(rows: list[dict[str, Any]]) -> RenderableType:
    """Per game: simulate checked / --no-check, median of the pairs and their spread."""
    with_baseline = any("baseline" in row for row in rows)
    headings = ["game", "seats", "games", "unchecked s", "ratio", "pairs", "wall"]
    table = Table(box=None, pad_edge=False)
    for heading in headings + ["baseline"] * with_baseline:
        table.add_column(heading, justify="left" if heading == "game" else "right")
    for row in rows:
        if "ratio" not in row:
            table.add_row(row["game"], *["-"] * (len(headings) - 2), "did not run")
            continue
        cells = [
            row["game"], str(row["seats"]), str(row["games"]), str(row["unchecked_seconds"]),
            f"{row['ratio']}x", f"{row['spread'][0]}-{row['spread'][1]}",
            f"{row['wall_ratio']}x",
        ]
        if with_baseline:
            base = row.get("baseline")
            cells.append("did not run" if base is None
                         else f"{base['ratio']}x ({base['spread'][0]}-{base['spread'][1]})")
        table.add_row(*cells)
    pairs = len(rows[0].get("pairs", [])) if rows else 0
    return Group(
        Text(f"\nsimulate's checks, checked/unchecked (random bots; CPU time, the median of "
             f"{pairs} pairs of runs of the same games in one interpreter, and the pairs' "
             "spread; wall: the same by the clock):"),
        table,
    )


def render_startup(startup: dict[str, Any]) -> RenderableType:
    from tulipgames import bench_ui

    imports = startup.get("imports", {})
    return Text(
        "\n" + bench_ui.format_startup(startup)
        + f"\n  imports: tulipgames.cli {imports.get('import_cli_ms')} ms, tulipgames.tui.app "
        f"{imports.get('import_app_ms')} ms, textual.app {imports.get('import_textual_app_ms')} ms"
    )


#: The key table's columns here: (heading, key in a row of ``bench_ui.key_press_report``).
KEY_COLUMNS = (
    ("scenario", "scenario"), ("key", "key"), ("n", "presses"),
    ("first p50", "first_p50_ms"), ("p95", "first_p95_ms"), ("x label", "vs_label"),
    ("cpu p50", "first_cpu_p50_ms"), ("frames", "frames_max"), ("bytes", "bytes_max"),
)


def render_keys(keys: dict[str, Any]) -> RenderableType:
    table = Table(box=None, pad_edge=False)
    for heading, _ in KEY_COLUMNS:
        table.add_column(heading, justify="left" if heading in ("scenario", "key") else "right",
                         no_wrap=True)
    for row in keys["rows"]:
        table.add_row(*(str(row.get(key)) for _, key in KEY_COLUMNS))
    size = "x".join(map(str, keys["size"]))
    return Group(Text(f"\nkey press to screen at {size} (Pilot, capturing driver; ms to the "
                      "first frame, most frames and bytes of a press):"), table)


def render_targets(rows: list[dict[str, Any]]) -> RenderableType:
    """Every figure beside its reference and the limit issue 16 sets for it."""
    table = Table(box=None, pad_edge=False)
    for heading in ("part", "figure", "now", "against", "target", "met"):
        table.add_column(heading, justify="right" if heading == "now" else "left",
                         no_wrap=heading != "figure")
    for row in rows:
        met = {True: "yes", False: "NO", None: "-"}[row["met"]]
        table.add_row(row["part"], row["figure"], str(row["now"]), row["reference"],
                      row["target"], met)
    return Group(Text("\nagainst the targets:"), table)


def render_baseline(against: dict[str, Any]) -> RenderableType:
    """The side-by-side figures of ``BENCH_BASELINE``: playouts and the turn race."""
    table = Table(box=None, pad_edge=False, title=None)
    for heading in ("", "seats", f"{against['revision']}", "now", "now/before"):
        table.add_column(heading, justify="left" if not heading else "right")
    for row in against["playouts"]:
        table.add_row(
            f"{row['game']} actions/s", str(row["seats"]), str(row.get("baseline", "-")),
            str(row.get("now", "-")), f"{row.get('ratio', '-')}x",
        )
    turns = against["spiceroad_turns"]
    table.add_row(
        f"{race_game()} turns/s", "2", str(turns.get("baseline", "-")),
        str(turns.get("now", "-")),
        f"{turns.get('ratio', '-')}x",
    )
    parts: list[RenderableType] = [
        Text(
            f"\nagainst {against['revision']} (fresh interpreters, interleaved, median of "
            f"{against['rounds']} rounds):"
        ),
        table,
    ]
    if turns.get("peer"):
        parts.append(Text(
            f"{race_peer()} {turns['peer']} turns/s in the same rounds: now "
            f"{turns['vs_peer']}x the peer by the driver loop and "
            f"{turns.get('playout_vs_peer', '-')}x by the engine playout "
            f"({turns.get('playout', '-')} turns/s), {against['revision']} "
            f"{turns['baseline_vs_peer']}x by the driver loop"
        ))
    return Group(*parts)


def format_report(report: dict[str, Any], width: int = 120) -> str:
    """:func:`render_report` as plain text."""
    console = Console(width=width, file=io.StringIO(), color_system=None)
    with console.capture() as captured:
        console.print(render_report(report))
    return captured.get()

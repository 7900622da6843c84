"""``tulipgames bench``: how fast the engine and the app start are, per available game.

Per game: random playouts (games and actions per second), ``apply`` and ``clone`` rates on
positions taken from those playouts, and the time to replay a whole record (what resume and undo
cost). For the app: import times of the command line and of the app shell, and the time until the
menu is drawn headless, each measured in a fresh interpreter so earlier imports do not hide them.
For Century: Spice Road, complete turns per CPU-second of random 2-player games, side by side with
the public pure-Python engine QuincyNash/spiceroad when ``PEER_DIR`` names a checkout of it (the
peer runs from that checkout in its own interpreter; none of its code is in this project).
"""

from __future__ import annotations

import io
import json
import os
import platform
import random
import subprocess
import sys
import time
from collections.abc import Callable
from typing import Any

from rich.console import Console, Group, RenderableType
from rich.table import Table
from rich.text import Text

from tulipgames import __version__, games
from tulipgames.engine.core import Game, SeatSpec, State
from tulipgames.engine.record import GameRecord, replay

_MENU_SCRIPT = """
import asyncio, time
began = time.perf_counter()
from tulipgames.tui.app import TulipGamesApp
async def main():
    app = TulipGamesApp(None)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
    print(time.perf_counter() - began)
asyncio.run(main())
"""

# The yardstick: the smallest Textual app, started and drawn the same way as the menu.
_HELLO_SCRIPT = """
import asyncio, time
began = time.perf_counter()
from textual.app import App
from textual.widgets import Static
class Hello(App):
    def compose(self):
        yield Static("Hello, world")
async def main():
    async with Hello().run_test(size=(80, 24)) as pilot:
        await pilot.pause()
    print(time.perf_counter() - began)
asyncio.run(main())
"""


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
print(json.dumps({"games": games, "turns": turns, "cpu_seconds": time.process_time() - began}))
"""


# Random playouts of one game in a fresh interpreter, with whichever tulipgames its path finds:
# this tree's or a baseline commit's (see ``compare_with_baseline``). It plays the way each
# engine lets a driver that picks from the legal list play: ``State.advance`` where it exists,
# ``apply`` in older code. Actions are written out as the bench's records write them.
_PLAYOUT_SCRIPT = """
import json, random, sys, time
from tulipgames import games
game_id, seats, budget = sys.argv[1], int(sys.argv[2]), float(sys.argv[3])
game = games.get_game(game_id)
began = time.process_time()
played = actions = turns = 0
while played < 2 or time.process_time() - began < budget:
    rng = random.Random(played)
    state = game.new_state(seats, played)
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

# ``simulate`` with random bots, checked (the default) and not, in a fresh interpreter.
_SIMULATE_SCRIPT = """
import json, sys, time
from tulipgames import games
from tulipgames.simulate import simulate
game = games.get_game(sys.argv[1])
seats, count = int(sys.argv[2]), int(sys.argv[3])
simulate(game, seats, 3, ["random"], seed=1)  # warm the caches of both runs alike
seconds = {}
for check in (True, False, True, False):
    began = time.process_time()
    simulate(game, seats, count, ["random"], seed=1, check=check)
    spent = time.process_time() - began
    key = "checked" if check else "unchecked"
    seconds[key] = min(seconds.get(key, spent), spent)
print(json.dumps(seconds))
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


def compare_with_baseline(
    revision: str, budget: float, rounds: int = 3, peer_dir: str | None = None,
    simulate_games: int = 60,
) -> dict[str, Any]:
    """Random playouts of every game, the Spice Road turn race and the cost of ``simulate``'s
    checks, measured for a baseline ``revision`` and for this code in the same run.

    Every figure comes from fresh interpreters, the two sides interleaved ``rounds`` times
    (with the peer as a third side of the race), and is the median of its rounds: on a shared
    machine the ratios are what to read.
    """
    import tempfile

    here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    with tempfile.TemporaryDirectory(prefix="tulipgames-baseline-") as folder:
        base = baseline_tree(revision, folder)
        sides = {"baseline": base, "now": here}
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
        race: dict[str, list[float]] = {side: [] for side in (*sides, "peer")}
        for _ in range(rounds):
            for side, path in sides.items():
                got = _fresh_json(_PLAYOUT_SCRIPT, ["spiceroad", "2", str(budget)], path)
                if got and got["cpu_seconds"]:
                    race[side].append(got["turns"] / got["cpu_seconds"])
            peer = peer_turns(peer_dir, budget) if peer_dir else None
            if peer and peer["turns_per_cpu_second"]:
                race["peer"].append(peer["turns_per_cpu_second"])
        turns = _side_by_side({"game": "spiceroad", "seats": 2}, race)
        if race["peer"]:
            turns["vs_peer"] = round(turns["now"] / turns["peer"], 2)
            turns["baseline_vs_peer"] = round(turns["baseline"] / turns["peer"], 2)
        checks: list[dict[str, Any]] = []
        for game in _available_games():
            seats = 2 if game.min_players <= 2 <= game.max_players else game.min_players
            row: dict[str, Any] = {"game": game.id, "seats": seats, "games": simulate_games}
            for side, path in sides.items():
                args = [game.id, str(seats), str(simulate_games)]
                got = _fresh_json(_SIMULATE_SCRIPT, args, path)
                if got and got.get("unchecked"):
                    row[side] = round(got["checked"] / got["unchecked"], 2)
            checks.append(row)
    return {"revision": revision, "rounds": rounds, "budget": budget, "playouts": playouts,
            "spiceroad_turns": turns, "simulate_checks": checks}


def _side_by_side(row: dict[str, Any], rates: dict[str, list[float]]) -> dict[str, Any]:
    """Median rate per side and the ratio of now to the baseline."""
    for side, values in rates.items():
        if values:
            row[side] = round(_median(values))
    if row.get("baseline") and row.get("now"):
        row["ratio"] = round(row["now"] / row["baseline"], 2)
    return row


def spiceroad_turns(budget: float, seed: int = 0) -> dict[str, Any]:
    """Random 2-player Spice Road games driven directly (no bots, no checks) for about ``budget``
    CPU-seconds: games played, complete turns and turns per CPU-second.

    A turn is one player's whole turn (a play, acquisition, claim or rest with every payment,
    upgrade and return it needs), which our engine sequences into about 2.4 steps: this is the
    unit the peer counts, so the two rates compare.
    """
    game = games.get_game("spiceroad")
    began = time.process_time()
    played = turns = 0
    while played < 2 or time.process_time() - began < budget:
        rng = random.Random(seed + played)
        state = game.new_state(2, seed + played)
        while not state.is_over():
            seat = state.to_act()[0]
            state.advance(seat, rng.choice(state.legal_actions(seat)))
        turns += completed_turns(state)
        played += 1
    seconds = time.process_time() - began
    return _turn_rates(played, turns, seconds)


def completed_turns(state: State) -> int:
    """Whole turns a Spice Road state has seen end (the rules count each seat's turns)."""
    return sum(state.turns)  # type: ignore[attr-defined]


def _turn_rates(played: int, turns: int, seconds: float) -> dict[str, Any]:
    return {
        "games": played,
        "turns": turns,
        "cpu_seconds": round(seconds, 3),
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
        return _turn_rates(int(figures["games"]), int(figures["turns"]), figures["cpu_seconds"])
    except (ValueError, IndexError, KeyError, TypeError):
        return None


def spice_road_race(budget: float, peer_dir: str | None) -> dict[str, Any]:
    """Our Spice Road turns per CPU-second and, with a peer checkout, the peer's and the ratio."""
    ours = spiceroad_turns(budget)
    peer = peer_turns(peer_dir, budget) if peer_dir else None
    rate, peer_rate = ours["turns_per_cpu_second"], peer and peer["turns_per_cpu_second"]
    return {
        "ours": ours,
        "peer_dir": peer_dir,
        "peer": peer,
        "vs_peer": round(rate / peer_rate, 2) if rate and peer_rate else None,
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


def _median_fresh_seconds(code: str, runs: int) -> float | None:
    """The median of ``runs`` fresh-interpreter timings (start-up times are noisy)."""
    samples = sorted(t for t in (_fresh_seconds(code) for _ in range(runs)) if t is not None)
    return samples[len(samples) // 2] if samples else None


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


#: The start-up figures, in the order they are measured.
STARTUP = ("import_cli_ms", "import_app_ms", "menu_drawn_ms", "hello_world_drawn_ms")


def steps(quick: bool = False) -> int:
    """How many measurements :func:`run` makes (for a progress bar)."""
    return len(_available_games()) + 1 + len(STARTUP) + bool(os.environ.get("BENCH_BASELINE"))


def run(quick: bool = False, progress: Callable[[int], None] | None = None) -> dict[str, Any]:
    """The whole suite as one JSON-ready dict.

    ``progress(done)`` is called after each measurement. Ctrl-C (``KeyboardInterrupt``) stops
    the suite with what was measured so far: ``interrupted`` is true and the figures not
    reached are missing (games) or ``None`` (start-up).
    """
    budget = 0.3 if quick else 2.0
    runs = 1 if quick else 5
    measures: dict[str, Callable[[], float | None]] = {
        "import_cli_ms": lambda: _import_seconds("tulipgames.cli"),
        "import_app_ms": lambda: _import_seconds("tulipgames.tui.app"),
        "menu_drawn_ms": lambda: _median_fresh_seconds(_MENU_SCRIPT, runs),
        "hello_world_drawn_ms": lambda: _median_fresh_seconds(_HELLO_SCRIPT, runs),
    }
    results: list[dict[str, Any]] = []
    baseline = os.environ.get("BENCH_BASELINE") or None
    against: dict[str, Any] | None = None
    startup: dict[str, float | None] = dict.fromkeys(STARTUP)
    race: dict[str, Any] | None = None
    done = 0
    interrupted = False
    try:
        for game in _available_games():
            results.append(bench_game(game, budget))
            done += 1
            if progress is not None:
                progress(done)
        race = spice_road_race(budget, os.environ.get("PEER_DIR") or None)
        done += 1
        if progress is not None:
            progress(done)
        for key in STARTUP:
            startup[key] = measures[key]()
            done += 1
            if progress is not None:
                progress(done)
        if baseline:
            against = compare_with_baseline(
                baseline, budget, rounds=1 if quick else 3,
                peer_dir=os.environ.get("PEER_DIR") or None,
                simulate_games=10 if quick else 60,
            )
            done += 1
            if progress is not None:
                progress(done)
    except KeyboardInterrupt:
        interrupted = True
    menu, hello = startup["menu_drawn_ms"], startup["hello_world_drawn_ms"]
    ratio = round(menu / hello, 2) if menu and hello else None
    return {
        "tulipgames": __version__,
        "python": platform.python_version(),
        "machine": platform.machine(),
        "interrupted": interrupted,
        "games": results,
        "spiceroad_turns": race,
        "baseline": against,
        "startup": {
            key: None if value is None else round(value * 1000, 1)
            for key, value in startup.items()
        }
        | {"menu_vs_hello_world": ratio},
    }


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
    """The suite for a terminal: a heading, one table row per game, the start-up times."""
    table = Table(box=None, pad_edge=False)
    for heading, _ in COLUMNS:
        table.add_column(heading, justify="left" if heading == "game" else "right")
    for row in report["games"]:
        table.add_row(*(str(row[key]) for _, key in COLUMNS))
    parts: list[RenderableType] = [
        Text(f"tulipgames {report['tulipgames']} on Python {report['python']}\n"), table,
    ]
    if not report["games"]:
        parts.append(Text("(no game was measured)"))
    race = report.get("spiceroad_turns")
    if race:
        line = (
            f"\nspiceroad: {race['ours']['turns_per_cpu_second']} turns per CPU-second "
            f"(random 2-player games, {race['ours']['games']} played)"
        )
        if race["peer"]:
            line += (
                f"; QuincyNash/spiceroad {race['peer']['turns_per_cpu_second']} turns/s: "
                f"{race['vs_peer']}x the peer"
            )
        elif race["peer_dir"]:
            line += f"; the peer at {race['peer_dir']} did not run"
        else:
            line += "; set PEER_DIR to a QuincyNash/spiceroad checkout to race it"
        parts.append(Text(line))
    startup = report["startup"]
    parts.append(Text(
        f"\nstartup: import cli {startup['import_cli_ms']} ms, import app "
        f"{startup['import_app_ms']} ms, menu drawn (headless) {startup['menu_drawn_ms']} ms\n"
        f"         a bare Textual hello-world drawn the same way "
        f"{startup['hello_world_drawn_ms']} ms; the menu takes "
        f"{startup['menu_vs_hello_world']}x as long"
    ))
    if report.get("baseline"):
        parts.append(render_baseline(report["baseline"]))
    if report.get("interrupted"):
        parts.append(Text("stopped by Ctrl-C: the figures above are those measured so far"))
    return Group(*parts)


def render_baseline(against: dict[str, Any]) -> RenderableType:
    """The side-by-side figures of ``BENCH_BASELINE``: playouts, the turn race, check costs."""
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
        "spiceroad turns/s", "2", str(turns.get("baseline", "-")), str(turns.get("now", "-")),
        f"{turns.get('ratio', '-')}x",
    )
    for row in against["simulate_checks"]:
        table.add_row(
            f"{row['game']} simulate checked/unchecked", str(row["seats"]),
            f"{row.get('baseline', '-')}x", f"{row.get('now', '-')}x", "",
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
            f"QuincyNash/spiceroad {turns['peer']} turns/s in the same rounds: now "
            f"{turns['vs_peer']}x the peer, {against['revision']} {turns['baseline_vs_peer']}x"
        ))
    return Group(*parts)


def format_report(report: dict[str, Any], width: int = 100) -> str:
    """:func:`render_report` as plain text."""
    console = Console(width=width, file=io.StringIO(), color_system=None)
    with console.capture() as captured:
        console.print(render_report(report))
    return captured.get()

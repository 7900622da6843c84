"""``tulipgames bench --ui``: what a key press costs on screen, and how fast the menu starts.

Key press to screen: each game's main actions are played by key presses in a Pilot-driven app
whose driver keeps what a terminal would be sent (:class:`CapturingDriver`: the time and the size
of every write, instead of discarding them as Textual's headless driver does). Per kind of key:
the time from the key to the first and to the last frame (p50 and p95), the frames and the bytes
per press. A bare Textual app that changes one label on a key is measured the same way in the same
run, as the yardstick.

Start-up: the time until the menu is drawn, in a fresh interpreter, against a bare Textual
hello-world drawn the same way, interleaved so that the machine's load hits both alike.
"""

from __future__ import annotations

import asyncio
import io
import json
import os
import random
import re
import statistics
import subprocess
import sys
import tempfile
import time
import weakref
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.drivers.headless_driver import HeadlessDriver
from textual.pilot import Pilot
from textual.widgets import Static

#: Seconds without a write after which a key press counts as drawn completely.
QUIET = 0.08
#: The longest a key press may take to settle before its measurement is cut.
SETTLE_LIMIT = 2.0


class CapturingDriver(HeadlessDriver):
    """A headless driver that keeps, for every write, when it happened and how many bytes a
    terminal would have been sent (Textual skips rendering the output for a headless driver,
    so this one says it is not headless)."""

    #: The driver of each app running (the app keeps its driver in a private field).
    of_app: weakref.WeakKeyDictionary[App[Any], CapturingDriver] = weakref.WeakKeyDictionary()

    def __init__(self, app: App[Any], *args: Any, **kwargs: Any) -> None:
        super().__init__(app, *args, **kwargs)
        #: (wall time, bytes, this thread's CPU time) per write
        self.writes: list[tuple[float, int, float]] = []
        CapturingDriver.of_app[app] = self

    @property
    def is_headless(self) -> bool:
        return False

    def write(self, data: str) -> None:
        if CURSOR_MOVE.fullmatch(data):
            return  # the terminal's cursor put on the choice after a frame: no frame itself
        self.writes.append((time.perf_counter(), len(data.encode("utf-8")), time.thread_time()))


#: What the app writes to move the terminal's cursor alone (``TulipGamesApp.follow_choice``).
CURSOR_MOVE = re.compile(r"\x1b\[\d+;\d+H")


@dataclass
class Press:
    """One key press and what reached the terminal because of it."""

    kind: str
    first_ms: float | None
    last_ms: float | None
    frames: int
    bytes: int
    #: CPU time of the app's thread from the key to the first frame: what a quiet machine would
    #: take, about, where the wall time of a loaded one waits for other processes too
    first_cpu_ms: float | None = None


@dataclass
class Sample:
    """The presses of one kind in one scenario."""

    scenario: str
    kind: str
    presses: list[Press] = field(default_factory=list)

    def summary(self) -> dict[str, Any]:
        firsts = [p.first_ms for p in self.presses if p.first_ms is not None]
        cpus = [p.first_cpu_ms for p in self.presses if p.first_cpu_ms is not None]
        lasts = [p.last_ms for p in self.presses if p.last_ms is not None]
        return {
            "scenario": self.scenario,
            "key": self.kind,
            "presses": len(self.presses),
            "first_p50_ms": _percentile(firsts, 50),
            "first_p95_ms": _percentile(firsts, 95),
            "first_cpu_p50_ms": _percentile(cpus, 50),
            "last_p50_ms": _percentile(lasts, 50),
            "frames_max": max((p.frames for p in self.presses), default=0),
            "frames_mean": _mean([p.frames for p in self.presses]),
            "bytes_p50": _percentile([float(p.bytes) for p in self.presses], 50),
            "bytes_max": max((p.bytes for p in self.presses), default=0),
        }


def _mean(values: list[int]) -> float | None:
    return round(statistics.fmean(values), 2) if values else None


def _percentile(values: list[float], pct: int) -> float | None:
    """The nearest-rank percentile (p50 of 1, 2, 3 is 2)."""
    if not values:
        return None
    ordered = sorted(values)
    rank = max(0, min(len(ordered) - 1, -(-pct * len(ordered) // 100) - 1))
    return round(ordered[rank], 2)


class Recorder:
    """Presses keys in a running app and measures what each one writes."""

    def __init__(self, pilot: Pilot[Any], scenario: str) -> None:
        self.pilot = pilot
        self.scenario = scenario
        self.samples: dict[str, Sample] = {}

    @property
    def writes(self) -> list[tuple[float, int, float]]:
        return CapturingDriver.of_app[self.pilot.app].writes

    async def settle(self) -> None:
        """Wait until nothing was written for :data:`QUIET` seconds."""
        began = time.perf_counter()
        while time.perf_counter() - began < SETTLE_LIMIT:
            await self.pilot.pause()
            seen = len(self.writes)
            await asyncio.sleep(QUIET)
            if len(self.writes) == seen:
                return

    async def press(self, key: str, kind: str) -> Press:
        """Press ``key`` (counted under ``kind``) on a quiet app; the frames until it is quiet
        again are the press's."""
        await self.settle()
        writes = self.writes
        start = len(writes)
        began, cpu = time.perf_counter(), time.thread_time()
        await self.pilot.press(key)
        await self.settle()
        mine = writes[start:]
        press = Press(
            kind,
            round((mine[0][0] - began) * 1000, 2) if mine else None,
            round((mine[-1][0] - began) * 1000, 2) if mine else None,
            len(mine),
            sum(size for _, size, _ in mine),
            round((mine[0][2] - cpu) * 1000, 2) if mine else None,
        )
        self.samples.setdefault(kind, Sample(self.scenario, kind)).presses.append(press)
        return press


# -- the yardstick: a bare Textual app that changes one label ---------------------------------
class LabelApp(App[None]):
    """The smallest app that redraws on a key: one label counting the presses."""

    BINDINGS = [Binding("space", "count", "Count")]

    def __init__(self) -> None:
        super().__init__()
        self.count = 0

    def compose(self) -> ComposeResult:
        yield Static("0 presses", id="label")

    def action_count(self) -> None:
        self.count += 1
        self.query_one(Static).update(f"{self.count} presses")


async def drive_label(recorder: Recorder, app: App[Any], presses: int) -> None:
    for _ in range(presses):
        await recorder.press("space", "label update")


# -- the games --------------------------------------------------------------------------------
Drive = Callable[[Recorder, Any, int], Any]


def play_others(table: Any, rng: random.Random, me: int = 0) -> None:
    """The seats not at this keyboard play random legal steps until it is ``me``'s turn (or
    the game is over): the harness plays them directly, outside any measured key press."""
    for _ in range(500):
        if table.is_over:
            return
        others = [seat for seat in table.to_act() if seat != me]
        if not others or (me in table.to_act() and rng.random() < 0.5):
            return
        seat = others[0]
        table.play(seat, rng.choice(table.turn(seat).legal))


def me_to_act(screen: Any) -> bool:
    """Whether seat 0, at this keyboard, must act on ``screen`` now (for the drives)."""
    table = screen.table
    return not table.is_over and 0 in table.to_act() and screen.acting


def drives() -> tuple[tuple[str, int, Drive], ...]:
    """(game, seats, the drive) of every game whose kit names a bench drive (``bench.py``):
    one seat at this keyboard, the rest remote."""
    from tulipgames import games

    found = ((kit.id, kit.bench_drive()) for kit in games.kits())
    return tuple((game_id, drive.seats, drive.drive) for game_id, drive in found if drive)


def __getattr__(name: str) -> Any:
    # GAMES: the games' drives, found on first use (drives())
    if name == "GAMES":
        return drives()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


async def _measure_app(
    app: App[Any], scenario: str, size: tuple[int, int],
    drive: Callable[[Recorder], Any],
) -> list[Sample]:
    app.driver_class = CapturingDriver
    async with app.run_test(headless=False, size=size) as pilot:
        recorder = Recorder(pilot, scenario)
        await recorder.settle()
        await drive(recorder)
    return list(recorder.samples.values())


async def measure_label(presses: int, size: tuple[int, int]) -> list[Sample]:
    app = LabelApp()
    return await _measure_app(app, "bare Textual", size,
                              lambda rec: drive_label(rec, app, presses))


async def measure_game(game_id: str, seats: int, drive: Drive, rounds: int,
                       size: tuple[int, int], seed: int = 7) -> list[Sample]:
    """One game at this keyboard (seat 0) against remote seats the harness plays, saved to a
    throwaway store as in real play."""
    from tulipgames import games
    from tulipgames.engine.core import SeatSpec
    from tulipgames.store import Store
    from tulipgames.table import Table
    from tulipgames.tui.app import TulipGamesApp

    with tempfile.TemporaryDirectory() as data:
        store = Store(data)
        names = ["Ana", "Bo", "Cy", "Di", "Ed"][:seats]
        table = Table.new(games.get_game(game_id), [SeatSpec(n) for n in names], seed,
                          bot_delay=0.0)
        app = TulipGamesApp(store, table=table, seats=frozenset({0}), bot_delay=0.0)

        async def go(recorder: Recorder) -> None:
            await drive(recorder, app.screen, rounds)

        try:
            return await _measure_app(app, game_id, size, go)
        finally:
            store.close()


def key_press_report(rounds: int = 6, size: tuple[int, int] = (80, 24),
                     only: Iterable[str] | None = None) -> dict[str, Any]:
    """Per game and kind of key: the first/last frame times, frames and bytes; the bare label
    update first, measured in the same run, and every first-frame median as a multiple of the
    label's (the figure that survives a loaded machine)."""
    wanted = set(only) if only else None
    samples = asyncio.run(measure_label(rounds * 4, size))
    for game_id, seats, drive in drives():
        if wanted is None or game_id in wanted:
            samples += asyncio.run(measure_game(game_id, seats, drive, rounds, size))
    rows = [s.summary() for s in samples]
    label, label_cpu = rows[0]["first_p50_ms"], rows[0]["first_cpu_p50_ms"]
    for row in rows:
        row["vs_label"] = _ratio(row["first_p50_ms"], label)
        row["cpu_vs_label"] = _ratio(row["first_cpu_p50_ms"], label_cpu)
    return {"size": list(size), "rows": rows}


def _ratio(value: float | None, base: float | None) -> float | None:
    return round(value / base, 1) if value is not None and base else None


# Measures one game with THIS file's drivers in a fresh interpreter, whatever ``tulipgames``
# the path gives it (the tree under test, or an older checkout as the baseline).
_KEYS_SCRIPT = """
import importlib.util, json, sys
spec = importlib.util.spec_from_file_location("bench_keys", sys.argv[1])
bench = sys.modules["bench_keys"] = importlib.util.module_from_spec(spec)
spec.loader.exec_module(bench)
print(json.dumps(bench.key_press_report(rounds=int(sys.argv[2]), only=sys.argv[3:])))
"""


def _keys_in(tree: str | None, rounds: int, game_id: str) -> list[dict[str, Any]]:
    """The rows of one game (and its bare label) measured in a new interpreter.

    An older tree whose package this file's drivers cannot read (from before the game kits)
    is driven by its own copy of this file: the same key presses, declared there."""
    env = {**os.environ, "PYTHONPATH": tree} if tree else None
    script = __file__
    if tree and not (Path(tree) / "tulipgames" / "games" / "kit.py").exists():
        script = str(Path(tree) / "tulipgames" / "bench_ui.py")
    done = subprocess.run(
        [sys.executable, "-c", _KEYS_SCRIPT, script, str(rounds), game_id],
        capture_output=True, text=True, timeout=1800, check=False, env=env, cwd=tree,
    )
    try:
        rows: list[dict[str, Any]] = json.loads(done.stdout.strip().splitlines()[-1])["rows"]
    except (IndexError, ValueError) as exc:
        raise RuntimeError(f"the key bench failed in {tree or 'this tree'}: "
                           f"{done.stderr[-2000:]}") from exc
    return rows


def compare_key_presses(baseline: str, rounds: int = 6,
                        only: Iterable[str] | None = None) -> dict[str, Any]:
    """This tree against ``baseline`` (an older checkout), game by game in alternating fresh
    interpreters, each with its own bare label measured in the same process: per key, both
    medians, their multiples of the label, frames and bytes."""
    wanted = set(only) if only else None
    rows: list[dict[str, Any]] = []
    for game_id, _, _ in drives():
        if wanted is not None and game_id not in wanted:
            continue
        now = _keys_in(None, rounds, game_id)
        then = {row["key"]: row for row in _keys_in(baseline, rounds, game_id)[1:]}
        for row in now[1:]:
            old = then.get(row["key"], {})
            rows.append({
                "scenario": game_id, "key": row["key"], "presses": row["presses"],
                "label_ms": now[0]["first_p50_ms"], "first_p50_ms": row["first_p50_ms"],
                "first_p95_ms": row["first_p95_ms"], "vs_label": row["vs_label"],
                "label_cpu_ms": now[0]["first_cpu_p50_ms"],
                "first_cpu_p50_ms": row["first_cpu_p50_ms"], "cpu_vs_label": row["cpu_vs_label"],
                "base_first_cpu_p50_ms": old.get("first_cpu_p50_ms"),
                "frames_max": row["frames_max"], "bytes_max": row["bytes_max"],
                "base_presses": old.get("presses"), "base_first_p50_ms": old.get("first_p50_ms"),
                "base_vs_label": old.get("vs_label") or _ratio(
                    old.get("first_p50_ms"), then.get("label update", {}).get("first_p50_ms")),
                "base_frames_max": old.get("frames_max"), "base_bytes_max": old.get("bytes_max"),
            })
    return {"baseline": baseline, "rows": rows}


# -- start-up ---------------------------------------------------------------------------------
#: The terminal both apps start in: a player's size and kind of terminal.
STARTUP_SIZE = (80, 24)
STARTUP_TERMINAL = {"TERM": "xterm-256color", "COLORTERM": "truecolor"}
#: Where a started interpreter writes, at exit, the names of the modules it had loaded.
MODULES_FILE = "TULIPGAMES_BENCH_MODULES"

# Both starts are a fresh interpreter on a pseudo-terminal, run as a player runs them: the menu
# as the ``tulipgames`` console script runs it (the real command line, store and preferences),
# the hello-world as a script. The same prologue in both keeps the list of loaded modules.
_PROLOGUE = f"""
import atexit, os, sys
def _loaded():
    with open(os.environ[{MODULES_FILE!r}], "w", encoding="utf-8") as out:
        out.write("\\n".join(sorted(sys.modules)))
atexit.register(_loaded)
"""
_CLI = "from tulipgames.cli import main\nsys.exit(main())\n"
_MENU_START = _PROLOGUE + _CLI
# The yardstick: the smallest Textual app, with one key that changes its one label.
_HELLO_START = _PROLOGUE + """
from textual.app import App
from textual.widgets import Static
class Hello(App):
    BINDINGS = [("down", "pressed", "Press")]
    def compose(self):
        yield Static("Hello, world")
    def action_pressed(self):
        self.query_one(Static).update("Pressed down")
Hello().run()
"""
_DOWN, _QUIT = b"\x1b[B", b"\x11"  # the Down arrow; ctrl+q quits both apps
#: Escape sequences (CSI, OSC, and two-byte ones), taken out to find the text on screen.
_ESCAPES = re.compile(
    rb"\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b[=>()][0-9A-Za-z]?"
)


@dataclass
class Start:
    """One start in a terminal: milliseconds from the process start to the first frame with
    everything it should show, and to the frame that answers the first key (sent as soon as
    the first frame arrived); the CPU time it used until it quit (on a loaded machine the
    steadier figure); the modules it had loaded when it quit."""

    drawn_ms: float | None
    key_ms: float | None
    cpu_ms: float | None
    modules: list[str]
    trouble: str = ""


def start_in_terminal(
    code: str, drawn: Iterable[str], answer: str, *, env: dict[str, str] | None = None,
    tree: str | None = None, size: tuple[int, int] = STARTUP_SIZE, timeout: float = 60.0,
    pycache: str | None = None,
) -> Start:
    """Run ``code`` in a new interpreter whose terminal is a pseudo-terminal of ``size``; wait
    until every text of ``drawn`` is on it, press Down, wait for ``answer``, then quit.

    ``tree``: a directory put first on the path (an older checkout to compare with).
    ``pycache``: where the interpreter keeps its compiled modules (``PYTHONPYCACHEPREFIX``), so
    that a start after the first reads them as an installed package's are read, even where the
    environment says ``PYTHONDONTWRITEBYTECODE`` (a checkout has no compiled files of its own,
    and compiling ours at every start counted some 20 ms against the menu alone)."""
    import fcntl
    import pty
    import select
    import signal
    import struct
    import termios

    wanted = tuple(drawn)
    columns, rows = size
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))
    with tempfile.TemporaryDirectory() as scratch:
        modules_file = os.path.join(scratch, "modules")
        child_env = {key: value for key, value in os.environ.items()
                     if not key.startswith("TEXTUAL") and key not in ("NO_COLOR", "COLUMNS",
                                                                      "LINES", "PYTHONPATH")}
        child_env.update(STARTUP_TERMINAL, **(env or {}))
        child_env[MODULES_FILE] = modules_file
        if tree:
            child_env["PYTHONPATH"] = tree
        if pycache:
            child_env.pop("PYTHONDONTWRITEBYTECODE", None)
            child_env["PYTHONPYCACHEPREFIX"] = pycache
        began = time.perf_counter()
        # ``-c`` puts the working directory first on the path: the tree's, or a neutral one
        child = subprocess.Popen(
            [sys.executable, "-c", code], stdin=slave, stdout=slave, stderr=slave,
            env=child_env, cwd=tree or scratch, start_new_session=True, close_fds=True,
        )
        os.close(slave)
        raw = b""
        drawn_at = key_at = None
        key_from = 0
        deadline = began + timeout
        trouble = ""
        try:
            while time.perf_counter() < deadline:
                ready, _, _ = select.select([master], [], [], 0.5)
                if not ready:
                    if child.poll() is not None:
                        break
                    continue
                try:
                    chunk = os.read(master, 65536)
                except OSError:  # the child closed the terminal
                    break
                if not chunk:
                    break
                now = time.perf_counter()
                raw += chunk
                if key_at is not None:
                    continue
                text = _ESCAPES.sub(b"", raw).decode("utf-8", "replace")
                if drawn_at is None and all(part in text for part in wanted):
                    drawn_at = now
                    key_from = len(text)
                    os.write(master, _DOWN)
                elif drawn_at is not None and answer in text[key_from:]:
                    key_at = now
                    os.write(master, _QUIT)
            else:
                trouble = f"no {'answer to the key' if drawn_at else 'first frame'} in time"
        finally:
            cpu = _reap(child)
            if cpu is None:
                os.killpg(child.pid, signal.SIGKILL)
                cpu = _reap(child, 5.0)
                trouble = trouble or "did not quit"
            os.close(master)
        try:
            with open(modules_file, encoding="utf-8") as listed:
                modules = listed.read().split()
        except OSError:
            modules = []
    if key_at is None and not trouble:
        tail = _ESCAPES.sub(b"", raw)[-300:].decode("utf-8", "replace")
        trouble = f"ended before the {'key was answered' if drawn_at else 'first frame'}: {tail}"

    def ms(moment: float | None) -> float | None:
        return None if moment is None else round((moment - began) * 1000, 1)

    return Start(ms(drawn_at), ms(key_at), None if cpu is None else round(cpu * 1000, 1),
                 modules, trouble)


def _reap(child: subprocess.Popen[bytes], timeout: float = 10.0) -> float | None:
    """Wait for ``child`` to end; the CPU seconds it used (user and system), or ``None`` when
    it is still running after ``timeout`` seconds."""
    deadline = time.perf_counter() + timeout
    while time.perf_counter() < deadline:
        pid, status, usage = os.wait4(child.pid, os.WNOHANG)
        if pid:
            child.returncode = os.waitstatus_to_exitcode(status)
            return usage.ru_utime + usage.ru_stime
        time.sleep(0.01)
    return None


def this_checkout() -> str | None:
    """The source checkout this ``tulipgames`` was imported from (``None``: an installed one).

    A started interpreter is given it first on its path: without it, it finds whichever
    ``tulipgames`` is installed (an editable install of another checkout, say) and the bench
    of one tree would measure another's menu."""
    root = Path(__file__).resolve().parent.parent
    return str(root) if (root / "pyproject.toml").is_file() else None


def start_menu(home: str, tree: str | None = None, before: str = "",
               pycache: str | None = None) -> Start:
    """``tulipgames`` with its store and preferences in ``home``: the menu with every game and
    the footer's keys (the palette's last), and Down answered by the second game's pitch under
    the menu (``before``: code run before the command line, e.g. by a test). ``tree``: the
    checkout to start (this one by default)."""
    from tulipgames import games
    from tulipgames.tui.screens.menu import BANNER

    env = {"TULIPGAMES_HOME": os.path.join(home, "data"),
           "TULIPGAMES_CONFIG": os.path.join(home, "config.json")}
    drawn = (BANNER, *(info.title for info in games.CATALOGUE), "Quit", "palette")
    code = _MENU_START.replace(_CLI, before + _CLI)
    return start_in_terminal(code, drawn, games.CATALOGUE[1].pitch, env=env,
                             tree=tree or this_checkout(), pycache=pycache)


def start_hello(pycache: str | None = None) -> Start:
    return start_in_terminal(_HELLO_START, ("Hello, world",), "Pressed down", pycache=pycache)


#: Modules of the games' rules and bots, the store, the table, SQLite, asyncssh and Markdown:
#: what the menu must not load before a player asks for it.
LAZY = ("tulipgames.store", "tulipgames.table", "sqlite3", "_sqlite3", "asyncssh",
        "markdown_it", "rich.markdown", "textual.widgets._markdown")


def lazy_modules(modules: Iterable[str]) -> list[str]:
    """Those of ``modules`` the menu should not need (see :data:`LAZY`)."""
    return sorted(
        name for name in modules
        if any(name == lazy or name.startswith(lazy + ".") for lazy in LAZY)
        or (name.startswith("tulipgames.games.")
            and name.rsplit(".", 1)[1] in ("rules", "bots", "screen", "widgets"))
    )


#: Interleaved pairs of starts in a report: enough that the median of the pairs' ratios moves
#: by a few hundredths from one run to the next on a loaded machine (11 moved it by 0.15).
STARTUP_RUNS = 21


def spread(values: list[float]) -> dict[str, float | None]:
    """The median of ``values`` with their quartiles and extremes (nearest rank)."""
    return {"median": _percentile(values, 50), "p25": _percentile(values, 25),
            "p75": _percentile(values, 75), "min": min(values, default=None),
            "max": max(values, default=None)}


def startup_report(runs: int = STARTUP_RUNS, baseline: str | None = None) -> dict[str, Any]:
    """The menu (``tulipgames`` as a player runs it) against a bare Textual hello-world, each
    in a fresh interpreter on an 80x24 pseudo-terminal, ``runs`` times interleaved (in an order
    that turns round every run) after one unmeasured start of each (it compiles the modules, as
    installing does, and makes the new store): medians of the time to the first drawn frame, to
    the frame answering the first key and of the CPU time; each ratio is the median of the
    run's pairs (a start against the hello-world started next to it, so a load that drifts
    during the run hits both alike), with the pairs' quartiles and extremes; the modules the
    menu loaded. ``baseline``: another checkout's menu measured the same way in the same
    loop."""
    sides: dict[str, list[Start]] = {"menu": [], "hello": [], "baseline": []}
    with tempfile.TemporaryDirectory() as home, tempfile.TemporaryDirectory() as base_home, \
            tempfile.TemporaryDirectory() as pycache:
        for run in range(runs + 1):
            # the order turns round every run: a start that comes first, or right after another,
            # is not always the same side's
            order = ["menu", "hello", "baseline"] if baseline else ["menu", "hello"]
            for side in order if run % 2 else reversed(order):
                if side == "menu":
                    sides["menu"].append(start_menu(home, pycache=pycache))
                elif side == "hello":
                    sides["hello"].append(start_hello(pycache))
                else:
                    sides["baseline"].append(start_menu(base_home, baseline, pycache=pycache))
    starts = {side: found[1:] for side, found in sides.items()}  # the first ones warm up

    def median(side: str, what: str) -> float | None:
        values = [getattr(s, what) for s in starts[side] if getattr(s, what) is not None]
        return _percentile(values, 50)

    def pairs(side: str, what: str) -> list[float]:
        return [round(getattr(mine, what) / getattr(hello, what), 2)
                for mine, hello in zip(starts[side], starts["hello"], strict=False)
                if getattr(mine, what) and getattr(hello, what)]

    def ratio(side: str, what: str) -> float | None:
        return _percentile(pairs(side, what), 50)

    hello_modules = set().union(*(s.modules for s in starts["hello"]))

    def summary(side: str) -> dict[str, Any]:
        loaded = set().union(*(s.modules for s in starts[side]))
        return {
            "drawn_ms": median(side, "drawn_ms"),
            "key_ms": median(side, "key_ms"),
            "cpu_ms": median(side, "cpu_ms"),
            "drawn_vs_hello_world": ratio(side, "drawn_ms"),
            "key_vs_hello_world": ratio(side, "key_ms"),
            "cpu_vs_hello_world": ratio(side, "cpu_ms"),
            "pairs": pairs(side, "key_ms"),
            "key_spread": spread(pairs(side, "key_ms")),
            "loaded_lazy": lazy_modules(loaded),
            "loaded_beyond_hello_world": sorted(loaded - hello_modules),
            "trouble": sorted({s.trouble for s in starts[side] if s.trouble}),
        }

    report: dict[str, Any] = {
        "runs": runs,
        "size": list(STARTUP_SIZE),
        "hello_world": {"drawn_ms": median("hello", "drawn_ms"),
                        "key_ms": median("hello", "key_ms"),
                        "cpu_ms": median("hello", "cpu_ms"),
                        "trouble": sorted({s.trouble for s in starts["hello"] if s.trouble})},
        "menu": summary("menu"),
    }
    if baseline:
        report["baseline"] = {"tree": baseline, **summary("baseline")}
    return report


def run(quick: bool = False) -> dict[str, Any]:
    """The screen suite: key presses in every game and the start-up, in one run."""
    return {
        "keys": key_press_report(rounds=2 if quick else 6),
        "startup": startup_report(runs=3 if quick else STARTUP_RUNS),
    }


#: The key table: (heading, key in a row).
COLUMNS = (
    ("scenario", "scenario"), ("key", "key"), ("n", "presses"),
    ("first p50 ms", "first_p50_ms"), ("first p95 ms", "first_p95_ms"),
    ("last p50 ms", "last_p50_ms"), ("x label", "vs_label"), ("cpu p50 ms", "first_cpu_p50_ms"),
    ("frames max", "frames_max"),
    ("bytes p50", "bytes_p50"), ("bytes max", "bytes_max"),
)


def format_report(report: dict[str, Any], width: int = 160) -> str:
    """The suite as plain text: one line per game and kind of key, then the start-up."""
    from rich.console import Console
    from rich.table import Table
    from rich.text import Text

    table = Table(box=None, pad_edge=False)
    for heading, _ in COLUMNS:
        table.add_column(heading, justify="left" if heading in ("scenario", "key") else "right",
                         no_wrap=heading in ("scenario", "key"))
    for row in report["keys"]["rows"]:
        table.add_row(*(str(row.get(key)) for _, key in COLUMNS))
    console = Console(width=width, file=io.StringIO(), color_system=None)
    with console.capture() as captured:
        console.print(Text(f"key press to screen at {report['keys']['size'][0]}x"
                           f"{report['keys']['size'][1]} (Pilot, capturing driver)\n"))
        console.print(table)
        console.print(Text("\n" + format_startup(report["startup"])))
    return captured.get()


def _spread_words(side: dict[str, Any]) -> str:
    """``p25-p75 1.12-1.25, 1.05-1.41``: the pairs' middle half and extremes."""
    found = side.get("key_spread")
    if not found or found["median"] is None:
        return str(side["pairs"])
    return (f"p25-p75 {found['p25']}-{found['p75']}, min-max {found['min']}-{found['max']}")


def format_startup(startup: dict[str, Any]) -> str:
    """The start-up part of the report in words."""
    hello, menu = startup["hello_world"], startup["menu"]
    size = "x".join(map(str, startup["size"]))
    lines = [
        f"start-up in a {size} terminal, {startup['runs']} interleaved fresh starts (medians; "
        "each ratio the median of the pairs):",
        f"  hello-world: drawn {hello['drawn_ms']} ms, first key answered {hello['key_ms']} ms, "
        f"CPU until it quit {hello['cpu_ms']} ms",
    ]
    for name, side in (("menu", menu), ("baseline", startup.get("baseline"))):
        if side is None:
            continue
        lazy = ", ".join(side["loaded_lazy"]) or (
            "none of the games' rules, bots or screens, the store, the table, SQLite, asyncssh "
            "or Markdown")
        label = name if name == "menu" else f"baseline {side['tree']}"
        lines += [
            f"  {label}: drawn {side['drawn_ms']} ms ({side['drawn_vs_hello_world']}x), first "
            f"key answered {side['key_ms']} ms ({side['key_vs_hello_world']}x; pairs "
            f"{_spread_words(side)}),",
            f"    CPU until it quit {side['cpu_ms']} ms ({side['cpu_vs_hello_world']}x)",
            f"    loaded: {lazy}",
        ]
        if side["trouble"]:
            lines.append(f"    trouble: {'; '.join(side['trouble'])}")
    if hello["trouble"]:
        lines.append(f"  hello-world trouble: {'; '.join(hello['trouble'])}")
    return "\n".join(lines)


def main(argv: list[str]) -> None:
    """``python -m tulipgames.bench_ui [--startup] [--baseline DIR] [GAME ...]``: one part of
    the suite as JSON (``--baseline``: an older checkout measured in the same run, its menu in
    the same start-up loop, or its key presses game by game alternating with this tree's)."""

    if "--startup" in argv:
        baseline = argv[argv.index("--baseline") + 1] if "--baseline" in argv else None
        print(json.dumps(startup_report(baseline=baseline), indent=1))
        return
    if "--baseline" in argv:
        at = argv.index("--baseline")
        baseline, games_wanted = argv[at + 1], argv[:at] + argv[at + 2:]
        print(json.dumps(compare_key_presses(baseline, only=games_wanted or None), indent=1))
        return
    print(json.dumps(key_press_report(only=argv or None), indent=1))


if __name__ == "__main__":
    main(sys.argv[1:])

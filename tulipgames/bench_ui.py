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
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
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

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        #: (wall time, bytes, this thread's CPU time) per write
        self.writes: list[tuple[float, int, float]] = []

    @property
    def is_headless(self) -> bool:
        return False

    def write(self, data: str) -> None:
        self.writes.append((time.perf_counter(), len(data.encode("utf-8")), time.thread_time()))


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
        driver = self.pilot.app._driver
        assert isinstance(driver, CapturingDriver)
        return driver.writes

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


def _me_to_act(screen: Any) -> bool:
    table = screen.table
    return not table.is_over and 0 in table.to_act() and screen.acting


async def drive_sixtyone(recorder: Recorder, screen: Any, rounds: int) -> None:
    """Each round: pick the area die, the write die and the spot with Enter, then ``y``."""
    from tulipgames.games.sixtyone.widgets import DiceSheet

    rng = random.Random(1)
    sheet = screen.query_one(DiceSheet)
    keys = {"area": ("enter", "pick a die (Enter)"), "write": ("enter", "pick a die (Enter)"),
            "leaf": ("enter", "pick a die (Enter)"), "spot": ("enter", "pick the spot (Enter)"),
            "x": ("enter", "pick the spot (Enter)"), "confirm": ("y", "place (y)")}
    for _ in range(rounds):
        play_others(screen.table, rng)
        for _ in range(12):
            if not _me_to_act(screen) or sheet.stage not in keys:
                break
            await recorder.press(*keys[sheet.stage])
        if screen.table.is_over:
            return


async def drive_tulipandrose(recorder: Recorder, screen: Any, rounds: int) -> None:
    """Bids (``+`` then Enter, or ``p``), the Seller's split (a digit per card, then Enter)
    and the Seller's choice (``s``)."""
    from tulipgames.games.tulipandrose.rules import Bid, Sell
    from tulipgames.games.tulipandrose.widgets import BiddingPanel, SplitPanel

    rng = random.Random(2)
    table = screen.table
    for _ in range(rounds * 6):
        play_others(table, rng)
        if not _me_to_act(screen):
            if table.is_over:
                return
            continue
        phase = screen.turn.view.phase
        if phase == "auction":
            bids = screen.query_one(BiddingPanel)
            if screen.turn.may(Bid(bids.amount + 1)):
                await recorder.press("plus", "raise the bid (+)")
                await recorder.press("enter", "bid (Enter)")
            else:
                await recorder.press("p", "pass (p)")
        elif phase == "split":
            splitter = screen.query_one(SplitPanel)
            for _ in range(len(splitter.draft)):
                bouquet = splitter.cursor % splitter.bouquets + 1
                await recorder.press(str(bouquet), "split step (digit)")
            if splitter.problem() is None:
                await recorder.press("enter", "confirm the split (Enter)")
            else:
                table.play(0, rng.choice(screen.turn.legal))
        elif phase == "decide":
            await recorder.press("s" if screen.turn.may(Sell()) else "k", "sell or keep (s/k)")
        else:
            table.play(0, rng.choice(screen.turn.legal))


async def drive_giftoftulips(recorder: Recorder, screen: Any, rounds: int) -> None:
    """The setup card (``1``), then every drawn card kept (``k``) or given (``g`` and a seat)."""
    from tulipgames.games.giftoftulips.widgets import TurnPanel

    rng = random.Random(3)
    table = screen.table
    panel = screen.query_one(TurnPanel)
    for turn_no in range(rounds * 2):
        play_others(table, rng)
        if not _me_to_act(screen):
            if table.is_over:
                return
            continue
        rows = dict(panel._rows())
        if "1" in rows:
            await recorder.press("1", "setup card (1)")
        elif "g" in rows and (turn_no % 2 or "k" not in rows):
            await recorder.press("g", "give (g)")
            if panel.giving:
                gives = rows["g"]
                target = rng.choice(gives).action.target
                await recorder.press(str(target + 1), "give to (seat number)")
        elif "k" in rows:
            await recorder.press("k", "keep (k)")
        else:
            table.play(0, rng.choice(screen.turn.legal))


async def drive_spiceroad(recorder: Recorder, screen: Any, rounds: int) -> None:
    """Plays (``p`` and the card's key, then the count or upgrades), acquisitions (``a`` and a
    position, paid with Enter), claims and rests, as the rules allow."""
    from tulipgames.games.spiceroad.data import EDITIONS
    from tulipgames.games.spiceroad.rules import (
        PAY,
        RETURN,
        TRADE,
        TURN,
        UPGRADE,
        Acquire,
        Claim,
        Play,
        UpgradeDone,
    )
    from tulipgames.games.spiceroad.widgets import HAND_KEYS

    rng = random.Random(4)
    table = screen.table
    for _ in range(rounds * 4):
        play_others(table, rng)
        if not _me_to_act(screen):
            if table.is_over:
                return
            continue
        turn = screen.turn
        view = turn.view
        letters = EDITIONS[view.edition].letters
        if view.phase == TURN:
            claims = [a for a in turn.legal if isinstance(a, Claim)]
            plays = [a for a in turn.legal if isinstance(a, Play)]
            buys = [a for a in turn.legal if isinstance(a, Acquire)]
            if claims:
                await recorder.press("c", "select (p/a/c)")
                await recorder.press(str(claims[0].position), "claim (digit)")
            elif buys and (not plays or rng.random() < 0.4):
                buy = rng.choice(buys)
                await recorder.press("a", "select (p/a/c)")
                await recorder.press(str(buy.position), "acquire (digit)")
            elif plays:
                card = rng.choice(plays).card
                owned = view.players[view.current].owned
                await recorder.press("p", "select (p/a/c)")
                await recorder.press(HAND_KEYS[owned.index(card)], "play (card key)")
            else:
                await recorder.press("r", "rest (r)")
        elif view.phase == TRADE:
            count = view.trade_options[0][0]
            await recorder.press(str(count % 10), "trade count (digit)")
        elif view.phase == UPGRADE:
            if turn.may(UpgradeDone()):
                await recorder.press("enter", "upgrade done (Enter)")
            else:
                step = rng.choice(turn.legal)
                await recorder.press(letters[step.spice].lower(), "upgrade (letter)")
        elif view.phase == PAY:
            await recorder.press("enter", "pay (Enter)")
        elif view.phase == RETURN:
            step = turn.legal[0]
            await recorder.press(letters[step.spice].lower(), "return (letter)")
        else:
            table.play(0, rng.choice(turn.legal))


async def drive_flowershop(recorder: Recorder, screen: Any, rounds: int) -> None:
    """Every pick with its number key; the other steps are played directly, unmeasured."""
    from tulipgames.games.flowershop.rules import Pick

    rng = random.Random(5)
    table = screen.table
    picked = 0
    # a round is 7 picks, each followed by many unmeasured use steps: count the picks
    for _ in range(rounds * 200):
        if picked >= rounds * 4:
            return
        play_others(table, rng)
        if not _me_to_act(screen):
            if table.is_over:
                return
            continue
        turn = screen.turn
        picks = [a for a in turn.legal if isinstance(a, Pick)]
        if picks:
            hand = list(turn.view.hand)
            choice = rng.choice(picks)
            await recorder.press(str(hand.index(choice.card) + 1), "pick (digit)")
            picked += 1
        else:
            table.play(0, rng.choice(turn.legal))


#: (game, seats, the drive, its unit) per game; one seat at this keyboard, the rest remote.
GAMES: tuple[tuple[str, int, Drive], ...] = (
    ("sixtyone", 2, drive_sixtyone),
    ("tulipandrose", 3, drive_tulipandrose),
    ("giftoftulips", 3, drive_giftoftulips),
    ("spiceroad", 2, drive_spiceroad),
    ("flowershop", 2, drive_flowershop),
)


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
    for game_id, seats, drive in GAMES:
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
    """The rows of one game (and its bare label) measured in a new interpreter."""
    env = {**os.environ, "PYTHONPATH": tree} if tree else None
    done = subprocess.run(
        [sys.executable, "-c", _KEYS_SCRIPT, __file__, str(rounds), game_id],
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
    for game_id, _, _ in GAMES:
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
_MENU_SCRIPT = """
import asyncio, sys, time
began = time.perf_counter()
from tulipgames.tui.app import TulipGamesApp
from tulipgames.tui.screens import menu
# The highlighted game's bot line is asked for ABOUT_DELAY after the menu is up, by design; on a
# loaded machine that timer could fire before the first frame is counted here.
menu.ABOUT_DELAY = 3600
async def main():
    app = TulipGamesApp(None)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        drawn = time.perf_counter() - began
    lazy = ("tulipgames.store", "tulipgames.table", "sqlite3", "asyncssh", "markdown_it")
    loaded = sorted(m for m in sys.modules if m.split(".")[0] in lazy or m in lazy
                    or m.startswith("tulipgames.games.")
                    and m.rsplit(".", 1)[1] in ("rules", "bots", "screen", "widgets"))
    print(" ".join(loaded))
    print(drawn)
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
    print("")
    print(time.perf_counter() - began)
asyncio.run(main())
"""


def _fresh(code: str, tree: str | None = None) -> tuple[float | None, str]:
    """(seconds, the line before them) printed by ``code`` in a new interpreter (``tree``: a
    directory put first on the path, e.g. an older checkout to compare with)."""
    env = {**os.environ, "PYTHONPATH": tree} if tree else None
    # in that tree, or ``-c`` would import the package of the directory it was started in
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=120, check=False, env=env, cwd=tree)
    lines = done.stdout.rstrip("\n").split("\n")
    try:
        return float(lines[-1]), lines[-2] if len(lines) > 1 else ""
    except ValueError:
        return None, ""


def startup_report(runs: int = 7, baseline: str | None = None) -> dict[str, Any]:
    """The menu drawn at 80x24 (headless) against a bare Textual hello-world, each in a fresh
    interpreter, ``runs`` times interleaved; medians, their ratio, and the modules among the
    games' own, the store, the table, SQLite, asyncssh and Markdown that the menu loaded.
    ``baseline``: another checkout's ``tulipgames`` measured the same way in the same loop."""
    menu: list[float] = []
    hello: list[float] = []
    base: list[float] = []
    loaded = base_loaded = ""
    for _ in range(runs):
        seconds, loaded = _fresh(_MENU_SCRIPT)
        if seconds is not None:
            menu.append(seconds * 1000)
        seconds, _ = _fresh(_HELLO_SCRIPT)
        if seconds is not None:
            hello.append(seconds * 1000)
        if baseline:
            seconds, base_loaded = _fresh(_MENU_SCRIPT, baseline)
            if seconds is not None:
                base.append(seconds * 1000)
    menu_ms = _percentile(menu, 50)
    hello_ms = _percentile(hello, 50)
    report: dict[str, Any] = {
        "runs": runs,
        "menu_drawn_ms": menu_ms,
        "hello_world_drawn_ms": hello_ms,
        "menu_vs_hello_world": round(menu_ms / hello_ms, 2) if menu_ms and hello_ms else None,
        "pairs": [round(m / h, 2) for m, h in zip(menu, hello, strict=False)],
        "loaded_by_menu": loaded.split(),
    }
    if baseline:
        base_ms = _percentile(base, 50)
        report["baseline"] = {
            "tree": baseline,
            "menu_drawn_ms": base_ms,
            "menu_vs_hello_world": round(base_ms / hello_ms, 2) if base_ms and hello_ms else None,
            "loaded_by_menu": base_loaded.split(),
        }
    return report


def run(quick: bool = False) -> dict[str, Any]:
    """The screen suite: key presses in every game and the start-up, in one run."""
    return {
        "keys": key_press_report(rounds=2 if quick else 6),
        "startup": startup_report(runs=3 if quick else 7),
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
    startup = report["startup"]
    loaded = ", ".join(startup["loaded_by_menu"]) or (
        "none of the games' rules, the store, the table, SQLite, asyncssh or Markdown"
    )
    console = Console(width=width, file=io.StringIO(), color_system=None)
    with console.capture() as captured:
        console.print(Text(f"key press to screen at {report['keys']['size'][0]}x"
                           f"{report['keys']['size'][1]} (Pilot, capturing driver)\n"))
        console.print(table)
        console.print(Text(
            f"\nstartup: menu drawn (headless) {startup['menu_drawn_ms']} ms, a bare Textual "
            f"hello-world {startup['hello_world_drawn_ms']} ms: "
            f"{startup['menu_vs_hello_world']}x (median of {startup['runs']} interleaved pairs; "
            f"pairs {startup['pairs']})\n"
            f"loaded by the menu: {loaded}"
        ))
    return captured.get()


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

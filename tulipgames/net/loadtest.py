"""Load test of ``tulipgames serve``: how many sessions stay responsive, and what each costs.

Starts a server on a free loopback port (a subprocess with a temporary data directory), then for
each session count opens that many SSH clients (asyncssh, each with an 80x24 PTY whose output is
rendered by :class:`LightScreen`, or ``pyte`` with ``--pyte``). All clients then type at once,
like players: every client presses End or Up in the menu every 0.3-0.7 s, and each keystroke is
timed until the client's rendered screen shows the result (the help line under the menu shows,
or stops showing, Quit's help). Reports, per session count, the p50/p95/max keystroke-to-screen
time, bytes sent per keystroke, the server's resident memory and its CPU time per keystroke, and
the machine's load average (the latencies mean little on a machine busy with other work; CPU
per keystroke still does). Server CPU counts the main process and its workers (``--workers``;
``main ms/key`` is the main process alone, ``top core`` the busiest process's share of a core).

    python -m tulipgames.net.loadtest --sessions 1,10,50 --keys 20 [--pace 0.3,0.7]
    python -m tulipgames.net.loadtest --scenario table --sessions 2,10,50 --keys 5 --pace 1,2
    python -m tulipgames.net.loadtest --sessions 50 --keys 20 --workers 0,2   # side by side

With ``--scenario table`` the sessions sit in pairs at two-seat Sixty-One tables and play its
rounds (both seats at once); the move that ends a round is timed from its last key until the
*opponent's* screen shows the next round: the shared-table update across sessions.

With ``--scenario flood`` the last session sends ``--flood-bytes`` of hostile input at once
(random bytes, unterminated OSC/DCS/APC strings, broken UTF-8; or only ``x`` with
``--flood x``) while the others type as in the menu scenario: their keystroke times are what
one flooding client costs everybody else.

With ``--setups sqlite,pg,pg2 --database URL`` the same runs go against one node on SQLite,
one node on PostgreSQL and two nodes on one PostgreSQL database (the sessions spread over the
nodes in turn: with ``--scenario table`` each pair's two players are on different nodes), side
by side; server CPU is every node's. Give the load test a database of its own (its clients'
names are bound to a key it makes for each run).

Bounded: at most 200 sessions and 200 keystrokes each, every wait times out, loopback only.
"""

from __future__ import annotations

import argparse
import asyncio
import codecs
import json
import os
import random
import re
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any, cast

import asyncssh

from tulipgames.net.worker import PROFILE_ENV

try:
    import pyte
    from wcwidth import wcwidth
except ImportError:  # an optional extra: say so in one line instead of a traceback
    if __name__ == "__main__":
        raise SystemExit(
            'the load test renders screens with pyte: pip install "tulipgames[loadtest]"'
        ) from None
    raise

MAX_SESSIONS = 200
MAX_KEYS = 200
WAIT = 60.0
END, UP, RIGHT = "\x1b[F", "\x1b[A", "\x1b[C"
#: The menu's help line while Quit is highlighted.
QUIT_HELP = "Leave tulipgames"
#: On every menu, whichever games are playable.
MENU_READY = "Join a table"


_SEQUENCE = re.compile(
    r"\x1b\[([0-?]*)[ -/]*([@-~])"  # CSI: parameters, final byte
    r"|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)?"  # OSC
    r"|\x1b[P_^][^\x1b]*(?:\x1b\\)?"  # DCS, APC, PM
    r"|\x1b[@-Z\\-_]"  # other two-byte escapes
    r"|[\x00-\x1f]"  # C0 controls
)


class LightScreen:
    """Just enough of a terminal for the load test's menu and table checks, and ten times
    cheaper than ``pyte``: text at the cursor, cursor moves (CUP, CR, LF, BS), erasing the
    screen or a line; colours and modes ignored. With many clients on the same cores as the
    server, pyte's cost (some 12 ms per menu keystroke) was what the load test measured."""

    def __init__(self, columns: int, lines: int) -> None:
        self.columns, self.lines = columns, lines
        self._rows = [[" "] * columns for _ in range(lines)]
        self._x = self._y = 0
        self._text: list[str] | None = None
        self._decode = codecs.getincrementaldecoder("utf-8")(errors="replace").decode

    @property
    def display(self) -> list[str]:
        if self._text is None:
            self._text = ["".join(row) for row in self._rows]
        return self._text

    def feed(self, data: bytes) -> None:
        text = self._decode(data)
        self._text = None
        at = 0
        for match in _SEQUENCE.finditer(text):
            if match.start() > at:
                self._draw(text[at : match.start()])
            at = match.end()
            self._control(match)
        if at < len(text):
            self._draw(text[at:])

    def _draw(self, run: str) -> None:
        cells: Any = run
        if not run.isascii():  # a wide character takes two cells, the second empty (as pyte)
            cells = []
            for ch in run:
                width = wcwidth(ch)
                if width == 2:
                    cells += (ch, "")
                elif width != 0:
                    cells.append(ch)
        row, x = self._rows[self._y], self._x
        room = self.columns - x
        if room <= 0:
            return
        piece = cells[:room]
        row[x : x + len(piece)] = piece
        self._x = min(self.columns, x + len(cells))

    def _control(self, match: re.Match[str]) -> None:
        final = match.group(2)
        if final is None:
            char = match.group(0)
            if char == "\r":
                self._x = 0
            elif char == "\n":
                self._y = min(self.lines - 1, self._y + 1)
            elif char == "\x08":
                self._x = max(0, self._x - 1)
            return
        params = match.group(1)
        if params.startswith("?"):
            return
        numbers = [int(n) if n.isdigit() else 0 for n in params.split(";")] if params else []
        if final in "Hf":
            y, x = [*numbers, 1, 1][:2]
            self._y = min(self.lines, max(1, y)) - 1
            self._x = min(self.columns, max(1, x)) - 1
        elif final == "J" and (numbers or [0])[0] == 2:
            self._rows = [[" "] * self.columns for _ in range(self.lines)]
        elif final == "K":
            row, mode = self._rows[self._y], (numbers or [0])[0]
            start, end = {0: (self._x, self.columns), 1: (0, self._x + 1)}.get(
                mode, (0, self.columns))
            row[start:end] = [" "] * (end - start)
        elif final in "ABCDG":
            n = max(1, (numbers or [1])[0])
            if final == "A":
                self._y = max(0, self._y - n)
            elif final == "B":
                self._y = min(self.lines - 1, self._y + n)
            elif final == "C":
                self._x = min(self.columns, self._x + n)
            elif final == "D":
                self._x = max(0, self._x - n)
            else:
                self._x = min(self.columns, n) - 1


class _Screen(asyncssh.SSHClientSession):
    """One client terminal: ``pyte`` (or :class:`LightScreen`, with ``light``) renders what
    the server sends; waiters watch for text."""

    def __init__(self, size: tuple[int, int] = (80, 24), light: bool = False) -> None:
        self.screen: Any = LightScreen(*size) if light else pyte.Screen(*size)
        self.stream: Any = self.screen if light else pyte.ByteStream(self.screen)
        self.received = 0
        self._waiters: list[tuple[Callable[[], bool], asyncio.Future[float]]] = []

    def data_received(self, data: bytes, datatype: Any) -> None:
        self.received += len(data)
        self.stream.feed(data)
        for check, future in self._waiters:
            if not future.done() and check():
                future.set_result(time.perf_counter())

    def text(self) -> str:
        return "\n".join(self.screen.display)

    def status(self) -> str:
        """The top line: a game's prompt or "Waiting for ..."."""
        return str(self.screen.display[0]).strip()

    async def until(self, check: Callable[[], bool], timeout: float | None = None) -> float:
        """The time ``check()`` first held for the screen (now, if it already does)."""
        if check():
            return time.perf_counter()
        future: asyncio.Future[float] = asyncio.get_running_loop().create_future()
        waiter = (check, future)
        self._waiters.append(waiter)
        try:
            return await asyncio.wait_for(future, WAIT if timeout is None else timeout)
        except asyncio.TimeoutError:
            raise asyncio.TimeoutError("waited in vain; the screen:\n" + self.text()) from None
        finally:
            self._waiters.remove(waiter)

    async def wait_for(self, text: str, present: bool = True) -> float:
        """The time ``text`` appeared on (or left) the screen; now if it already has."""
        return await self.until(lambda: (text in self.text()) == present)


@dataclass
class Client:
    conn: asyncssh.SSHClientConnection
    chan: Any
    term: _Screen
    latencies: list[float] = field(default_factory=list)
    bytes_per_key: list[int] = field(default_factory=list)


_KEY: asyncssh.SSHKey | None = None


def client_key() -> asyncssh.SSHKey:
    """The key every load-test client logs in with (an open server wants one per name)."""
    global _KEY
    if _KEY is None:
        _KEY = asyncssh.generate_private_key("ssh-ed25519")
    return _KEY


async def connect(
    port: int, name: str, size: tuple[int, int] = (80, 24), local_addr: str = "127.0.0.1",
    term_size: tuple[int, int] | None = None, light: bool = False,
) -> Client:
    """A client whose screen is ``size``; ``term_size`` is what it tells the server, if not that;
    ``light``: rendered by :class:`LightScreen` instead of pyte."""
    conn = await asyncssh.connect(
        "127.0.0.1", port, username=name, known_hosts=None, client_keys=[client_key()],
        agent_path=None, local_addr=(local_addr, 0),
    )
    chan, term = await conn.create_session(
        partial(_Screen, size, light), term_type="xterm-256color", term_size=term_size or size,
        encoding=None,
    )
    return Client(conn, chan, cast(_Screen, term))


async def type_keys(
    client: Client, keys: int, rng: random.Random, pace: tuple[float, float] = (0.3, 0.7)
) -> None:
    for i in range(keys):
        await asyncio.sleep(rng.uniform(*pace))
        key, on_quit = (END, True) if i % 2 == 0 else (UP, False)
        before = client.term.received
        start = time.perf_counter()
        client.chan.write(key.encode())
        seen = await client.term.wait_for(QUIT_HELP, present=on_quit)
        client.latencies.append(seen - start)
        client.bytes_per_key.append(client.term.received - before)


async def open_shared_table(host: Client, guest: Client, guest_name: str) -> None:
    """The host opens a two-seat Sixty-One table, the guest joins by code, the host starts."""
    host.chan.write((END + UP + UP + "\r").encode())  # Open a table
    await host.term.wait_for("Pick the game with the arrows")
    host.chan.write((END + "\r").encode())  # Sixty-One, the last game
    await host.term.wait_for("Join code:")
    match = re.search(r"Join code: ([A-Z2-9]{4})", host.term.text())
    assert match is not None
    guest.chan.write((END + UP + "\r").encode())  # Join a table
    await guest.term.wait_for("Type the code")
    guest.chan.write((match.group(1) + "\r").encode())
    await host.term.wait_for(f"Seat 2: {guest_name}")
    host.chan.write(b"s")


def _changed(term: _Screen, before: str) -> bool:
    return term.text() != before


def _at_round(term: _Screen, number: int) -> bool:
    return _round(term.status()) == number


def _round(status: str) -> int | None:
    """The round a Sixty-One prompt names ("load0: Round 3, roll ...")."""
    match = re.search(r"Round (\d+)", status)
    return int(match.group(1)) if match else None


async def play_moves(
    me: Client, name: str, other: Client, other_name: str, moves: int,
    rng: random.Random, pace: tuple[float, float],
) -> None:
    """Make ``moves`` Sixty-One moves with Enter (and ``y`` to confirm). Both seats play each
    round at once, so the move that ends a round is timed: from its last key until the
    opponent's screen shows the next round (the shared-table update across sessions, and
    across nodes with ``--setups``)."""
    mine = f"{name}:"
    for _ in range(moves):
        await me.term.until(lambda: me.term.status().startswith(mine))
        began = _round(me.term.status()) or 0
        await asyncio.sleep(rng.uniform(*pace))
        for _ in range(10):  # area die, write die, spot, confirm, and an X earned on the way
            before = me.term.text()
            before_bytes = other.term.received
            sent = time.perf_counter()
            me.chan.write(b"y" if "y: confirm" in before else b"\r")
            try:
                await me.term.until(partial(_changed, me.term, before), timeout=2)
            except asyncio.TimeoutError:  # Enter did nothing: the cursor is on an unusable die
                me.chan.write(RIGHT.encode())
                continue
            status = me.term.status()
            if status.startswith("Waiting for"):  # not "not mine": frames arrive in parts
                break  # the opponent ends this round
            now = _round(status)
            if status.startswith(mine) and now is not None and now > began:
                seen = await other.term.until(partial(_at_round, other.term, now))
                me.latencies.append(seen - sent)
                me.bytes_per_key.append(other.term.received - before_bytes)
                break


def cpu_seconds(pid: int) -> float:
    """User plus system CPU time of a process, from ``/proc``."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def family(pid: int) -> list[int]:
    """``pid`` and its live descendants (the server's worker processes)."""
    found, todo = [], [pid]
    while todo:
        current = todo.pop()
        found.append(current)
        try:
            children = Path(f"/proc/{current}/task/{current}/children").read_text().split()
        except OSError:
            continue
        todo.extend(int(child) for child in children)
    return found


def family_cpu(pid: int) -> dict[int, float]:
    """CPU seconds of ``pid`` and of each of its live descendants."""
    seconds = {}
    for member in family(pid):
        try:
            seconds[member] = cpu_seconds(member)
        except OSError:
            continue
    return seconds


def rss_kib(pid: int) -> int:
    """Resident memory of ``pid`` and its descendants."""
    total = 0
    for member in family(pid):
        try:
            status = Path(f"/proc/{member}/status").read_text()
        except OSError:
            continue
        match = re.search(r"VmRSS:\s+(\d+) kB", status)
        total += int(match.group(1)) if match else 0
    return total


#: What ``--setups`` compares: its name -> (on PostgreSQL, nodes).
SETUPS = {"sqlite": (False, 1), "pg": (True, 1), "pg2": (True, 2)}


def start_server(
    data_dir: Path, max_sessions: int, workers: int | None = None, profile: Path | None = None,
    database: str | None = None,
) -> tuple[subprocess.Popen[str], int]:
    """``tulipgames serve`` on a free loopback port (``profile``: under cProfile, its stats
    written to that file when the server stops, each worker's to ``FILE.workerN.PID``)."""
    command = [sys.executable]
    if profile is not None:
        command += ["-m", "cProfile", "-o", str(profile)]
    command += ["-m", "tulipgames", "serve", "--host", "127.0.0.1", "--port", "0",
                "--data-dir", str(data_dir), "--max-sessions", str(max_sessions)]
    if workers is not None:
        command += ["--workers", str(workers)]
    if database is not None:
        command += ["--database", database]
    env = dict(os.environ)
    if profile is not None:
        env[PROFILE_ENV] = str(profile)
    proc = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
                            env=env)
    assert proc.stdout is not None
    for line in proc.stdout:
        match = re.search(r"listening on [\d.]+:(\d+)", line)
        if match:
            return proc, int(match.group(1))
    raise RuntimeError("the server did not start")


def hostile_bytes(rng: random.Random, size: int) -> bytes:
    """Random bytes mixed with unterminated OSC, DCS and APC strings and broken UTF-8."""
    pieces = [b"\x1b]52;c;", b"\x1bP", b"\x1b_", b"\x1b[", b"\xff\xfe", b"\xc3", b"\x1b[200~",
              b"\x9b", b"\x1b[999;999;999;999M", b"\x1b[8;9999;9999t"]
    out = bytearray()
    while len(out) < size:
        if rng.random() < 0.2:
            out += rng.choice(pieces)
        else:
            out += bytes(rng.getrandbits(8) for _ in range(rng.randint(1, 64)))
    return bytes(out[:size])


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


async def measure(
    port: int | list[int], pid: int | list[int], count: int, keys: int, seed: int,
    pace: tuple[float, float], scenario: str = "menu",
    flood: tuple[str, int] = ("hostile", 100_000), light: bool = True, tag: str = "load",
) -> dict[str, Any]:
    """One run; with several nodes (``port`` and ``pid`` lists) session ``i`` goes to node
    ``i mod nodes`` and the server's CPU and memory are every node's. Session ``i`` logs in
    as ``tag`` + ``i`` (a run on a database another run used has names of its own)."""
    ports = port if isinstance(port, list) else [port]
    pids = pid if isinstance(pid, list) else [pid]
    base = sum(rss_kib(p) for p in pids)
    clients = []
    for i in range(count):
        clients.append(await connect(ports[i % len(ports)], f"{tag}{i}", light=light))
    await asyncio.gather(*(c.term.wait_for(MENU_READY) for c in clients))
    await asyncio.sleep(1.0)
    loaded = sum(rss_kib(p) for p in pids)
    rng = random.Random(seed)
    if scenario == "table":
        pairs = [(i, i + 1) for i in range(0, count - 1, 2)]
        await asyncio.gather(
            *(open_shared_table(clients[a], clients[b], f"{tag}{b}") for a, b in pairs)
        )
        jobs = [
            play_moves(clients[me], f"{tag}{me}", clients[other], f"{tag}{other}", keys,
                       random.Random(rng.getrandbits(32)), pace)
            for a, b in pairs for me, other in ((a, b), (b, a))
        ]
    elif scenario == "flood":
        kind, size = flood
        noise = b"x" * size if kind == "x" else hostile_bytes(rng, size)
        clients[-1].chan.write(noise)
        jobs = [type_keys(c, keys, random.Random(rng.getrandbits(32)), pace) for c in clients[:-1]]
    else:
        jobs = [type_keys(c, keys, random.Random(rng.getrandbits(32)), pace) for c in clients]
    cpu_before, load_before = _cpu(pids), os.getloadavg()[0]
    client_before = time.process_time()
    started = time.perf_counter()
    await asyncio.gather(*jobs)
    elapsed = time.perf_counter() - started
    cpu_after = _cpu(pids)
    spent = {member: cpu_after[member] - cpu_before.get(member, 0.0) for member in cpu_after}
    cpu = sum(spent.values())
    main_cpu = sum(spent.get(p, 0.0) for p in pids)
    client_cpu = time.process_time() - client_before
    latencies = [lat for c in clients for lat in c.latencies]
    sent = [b for c in clients for b in c.bytes_per_key]
    for client in clients:
        client.conn.close()
    await asyncio.gather(*(c.conn.wait_closed() for c in clients))
    await asyncio.sleep(1.0)
    return {
        "sessions": count,
        "keystrokes": len(latencies),
        "p50_ms": round(1000 * statistics.median(latencies), 1),
        "p95_ms": round(1000 * percentile(latencies, 95), 1),
        "max_ms": round(1000 * max(latencies), 1),
        "bytes_per_key": round(statistics.mean(sent)),
        "rss_before_mib": round(base / 1024, 1),
        "rss_loaded_mib": round(loaded / 1024, 1),
        "mib_per_session": round((loaded - base) / 1024 / count, 2),
        "seconds": round(elapsed, 1),
        "server_cpu_ms_per_key": round(1000 * cpu / len(latencies), 1),
        "server_cpu_share": round(cpu / elapsed, 2),
        "main_cpu_ms_per_key": round(1000 * main_cpu / len(latencies), 1),
        "busiest_core_share": round(max(spent.values()) / elapsed, 2),
        # What caps the keystroke rate on enough cores: the busiest process's CPU per key.
        "busiest_ms_per_key": round(1000 * max(spent.values()) / len(latencies), 1),
        "client_cpu_ms_per_key": round(1000 * client_cpu / len(latencies), 1),
        "loadavg": round(max(load_before, os.getloadavg()[0]), 1),
    }


def _cpu(pids: list[int]) -> dict[int, float]:
    """CPU seconds of every node and its workers."""
    seconds: dict[int, float] = {}
    for pid in pids:
        seconds.update(family_cpu(pid))
    return seconds


async def main_async(
    levels: list[int], keys: int, seed: int, pace: tuple[float, float], scenario: str = "menu",
    flood: tuple[str, int] = ("hostile", 100_000), workers: list[int | None] | None = None,
    profile: Path | None = None, light: bool = True, setups: list[str] | None = None,
    database: str | None = None,
) -> list[dict[str, Any]]:
    """Every session count against a fresh server per ``workers`` setting (None: the server's
    default), the settings interleaved per count so a changing machine load hits all alike;
    with ``setups``, per store and number of nodes (:data:`SETUPS`) instead."""
    settings = workers or [None]
    rows = []
    with tempfile.TemporaryDirectory(prefix="tulipgames-load-") as tmp:
        for n in levels:
            for setup in setups or []:
                on_pg, count = SETUPS[setup]
                nodes = [
                    start_server(Path(tmp) / f"{n}-{setup}-{k}", n + 1, settings[0], None,
                                 database if on_pg else None)
                    for k in range(count)
                ]
                try:
                    row = await measure([port for _, port in nodes],
                                        [proc.pid for proc, _ in nodes], n, keys, seed + n,
                                        pace, scenario, flood, light, f"{setup}n{n}x")
                finally:
                    for proc, _ in nodes:
                        proc.terminate()
                        try:
                            proc.wait(60)
                        except subprocess.TimeoutExpired:
                            proc.kill()
                            proc.wait()
                rows.append({"workers": setup, **row})
            for setting in settings if not setups else []:
                data = Path(tmp) / f"{n}-{setting}"
                proc, port = start_server(data, n + 1, setting, profile)
                try:
                    row = await measure(port, proc.pid, n, keys, seed + n, pace, scenario, flood,
                                        light)
                finally:
                    proc.terminate()
                    try:
                        proc.wait(60)
                    except subprocess.TimeoutExpired:
                        proc.kill()
                        proc.wait()
                rows.append({"workers": "default" if setting is None else setting, **row})
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tulipgames.net.loadtest",
                                     description=__doc__.split("\n\n")[0])
    parser.add_argument("--sessions", default="1,10,50", help="comma-separated session counts")
    parser.add_argument("--keys", type=int, default=20, help="keystrokes per session")
    parser.add_argument("--pace", default="0.3,0.7", metavar="MIN,MAX",
                        help="seconds between one client's keystrokes (default 0.3,0.7)")
    parser.add_argument("--scenario", choices=("menu", "table", "flood"), default="menu",
                        help="menu: End/Up in the menu; table: pairs play Sixty-One, each move "
                             "timed until the opponent's screen shows it (keys = moves each); "
                             "flood: the last session floods while the others type")
    parser.add_argument("--flood", choices=("hostile", "x"), default="hostile",
                        help="flood scenario: random hostile bytes, or only 'x'")
    parser.add_argument("--flood-bytes", type=int, default=100_000, metavar="N",
                        help="flood scenario: bytes the flooding session sends (default 100000)")
    parser.add_argument("--workers", metavar="N,M",
                        help="run every session count against a server with each of these "
                             "--workers settings, side by side (default: the server's default)")
    parser.add_argument("--profile", type=Path, metavar="FILE",
                        help="run the server under cProfile and write its stats to FILE "
                             "(each worker's to FILE.workerN.PID; one count and one --workers "
                             "setting)")
    parser.add_argument("--pyte", action="store_true",
                        help="render the clients' screens with pyte (exact, six times the "
                             "client CPU) instead of the light renderer")
    parser.add_argument("--setups", metavar="S,T",
                        help="compare stores and nodes instead: sqlite (one node), pg (one "
                             "node on --database), pg2 (two nodes on --database)")
    parser.add_argument("--database", metavar="URL",
                        help="the PostgreSQL database of --setups pg and pg2 (its own)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true", help="print one JSON list")
    args = parser.parse_args(argv)
    try:
        levels = [int(n) for n in args.sessions.split(",")]
    except ValueError:
        parser.error(f"--sessions: expected numbers like 1,10,50, not {args.sessions!r}")
    if not all(1 <= n <= MAX_SESSIONS for n in levels) or not 1 <= args.keys <= MAX_KEYS:
        parser.error(f"at most {MAX_SESSIONS} sessions and {MAX_KEYS} keys per session")
    try:
        low, high = (float(x) for x in args.pace.split(","))
    except ValueError:
        parser.error(f"--pace: expected MIN,MAX seconds like 0.3,0.7, not {args.pace!r}")
    if not 0.05 <= low <= high <= 60:
        parser.error("--pace: need 0.05 <= MIN <= MAX <= 60")
    if args.scenario == "table" and any(n % 2 for n in levels):
        parser.error("--scenario table seats sessions in pairs: use even session counts")
    if args.scenario == "flood" and (min(levels) < 2 or not 1 <= args.flood_bytes <= 10**8):
        parser.error("--scenario flood needs at least 2 sessions and 1..10^8 --flood-bytes")
    try:
        workers: list[int | None] | None = (
            None if args.workers is None else [int(n) for n in args.workers.split(",")]
        )
    except ValueError:
        parser.error(f"--workers: expected numbers like 0,2, not {args.workers!r}")
    if args.profile is not None and (len(levels) > 1 or len(workers or [None]) > 1):
        parser.error("--profile: give one session count and at most one --workers setting")
    setups = None if args.setups is None else args.setups.split(",")
    if setups is not None and not set(setups) <= set(SETUPS):
        parser.error(f"--setups: among {', '.join(SETUPS)}")
    if setups is not None and any(SETUPS[s][0] for s in setups) and not args.database:
        parser.error("--setups pg and pg2 need --database URL")
    rows = asyncio.run(main_async(levels, args.keys, args.seed, (low, high), args.scenario,
                                  (args.flood, args.flood_bytes), workers, args.profile,
                                  not args.pyte, setups, args.database))
    if args.json:
        print(json.dumps(rows))
        return 0
    print(f"{'workers':>7} {'sessions':>8} {'keys':>6} {'p50 ms':>8} {'p95 ms':>8} {'max ms':>8} "
          f"{'B/key':>7} {'RSS MiB':>8} {'MiB/session':>12} {'CPU ms/key':>11} "
          f"{'main ms/key':>11} {'top ms/key':>10} {'top core':>8} {'client ms/key':>14} "
          f"{'load':>5}")
    for row in rows:
        print(f"{row['workers']:>7} {row['sessions']:>8} {row['keystrokes']:>6} "
              f"{row['p50_ms']:>8} {row['p95_ms']:>8} "
              f"{row['max_ms']:>8} {row['bytes_per_key']:>7} {row['rss_loaded_mib']:>8} "
              f"{row['mib_per_session']:>12} {row['server_cpu_ms_per_key']:>11} "
              f"{row['main_cpu_ms_per_key']:>11} {row['busiest_ms_per_key']:>10} "
              f"{row['busiest_core_share']:>8} "
              f"{row['client_cpu_ms_per_key']:>14} {row['loadavg']:>5}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

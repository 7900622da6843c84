"""Worker processes: the Textual apps of the sessions, and the live tables, on every core.

Almost all of a session's CPU is Textual laying out and painting its screens (about 95% in the
profile in ``docs/ssh.md``; asyncssh and its crypto are a few percent), and one Python process
uses one core. So ``tulipgames serve --workers N`` starts N worker processes; the main process
keeps what must be in one place and the workers run the apps:

* **the main process** accepts SSH (and the browser door's websockets), authenticates, owns
  every channel and counts every session (``--max-sessions``, the idle timeout, the audit log
  all stay there), and holds the lobby of the tables that are not live (waiting for players,
  by mail) with the directory of the live ones (:mod:`tulipgames.net.homes`);
* **a worker** runs the apps of the sessions handed to it: the menu, solo and hot-seat games,
  history, the rules; the plain-text sessions (``ssh -T``) with their bots, which would
  otherwise think in the main process's threads and hold its GIL; and the live tables it is
  the home of, with the apps of everybody at them. The main process forwards the channel's
  bytes (a plain session's lines) and window sizes to it and writes what the app draws back.

A table is reached from any session by moving the session to the table: choosing "Open",
"Join" or "Your tables" in a worker's menu ends that app (its last frame stays on the player's
screen) and the main process, which keeps the channel, starts the session's app again where
the table is: in-process for a table waiting for players, in its home worker for a live one.
So every table has exactly one home, all its players' screens are in the same process as the
table, and ``--workers 0`` is the whole server in one process, as before.

The wire between the main process and a worker is one Unix socket pair carrying frames of
``!IBI`` (session id, kind, payload length) and a payload: raw bytes for input and output, JSON
for the rest. A worker that dies ends only its own sessions, each with :data:`WORKER_LOST`, and
is replaced for the sessions that come after.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import json
import logging
import os
import socket
import struct
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from tulipgames.net import audit

log = logging.getLogger("tulipgames.serve")

_HEADER = struct.Struct("!IBI")
#: main -> worker (ENTRIES: the shared-table menu entries changed, e.g. a table opened;
#: END_INPUT: a plain session's client sent EOF, its queued lines are read, then it ends;
#: ONLINE, session 0: who is logged in anywhere, for invitations from the tables there;
#: TABLE, session 0: a table waiting for players that this worker is now the home of)
START, INPUT, RESIZE, CLOSE, ENTRIES, END_INPUT, ONLINE, TABLE = 1, 2, 3, 4, 5, 6, 7, 8
#: worker -> main (READY once, when it can start apps at once; DIGEST, session 0: what the
#: menus elsewhere need of the tables it holds, see :mod:`tulipgames.net.homes`; LOG, session
#: 0: one line of the structured log, e.g. a table event, for ``--log``)
OUTPUT, ENDED, READY, DIGEST, LOG = 11, 12, 13, 14, 15
#: Seconds a new worker has to become ready.
READY_TIMEOUT = 120.0

#: Set to a file name prefix, each worker writes its cProfile stats to PREFIX.workerN.PID when
#: it ends (the load test's ``--profile``).
PROFILE_ENV = "TULIPGAMES_PROFILE_WORKERS"

#: The note of a session whose worker process died under it.
WORKER_LOST = (
    "Sorry, the server process running your session stopped (the server log has the details). "
    "Your games are saved: reconnect to play on."
)


def default_workers() -> int:
    """One worker per core: the main process's share (SSH, crypto, the tables) is small."""
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1


def frame(session: int, kind: int, payload: bytes = b"") -> bytes:
    return _HEADER.pack(session, kind, len(payload)) + payload


async def read_frame(reader: asyncio.StreamReader) -> tuple[int, int, bytes]:
    """The next frame; ``asyncio.IncompleteReadError`` at the end of the stream."""
    session, kind, size = _HEADER.unpack(await reader.readexactly(_HEADER.size))
    return session, kind, await reader.readexactly(size)


# -- the main process's side ---------------------------------------------------------------------
class RemoteApp:
    """The main process's handle on one session's app in a worker: the session feeds it input
    and resizes like a driver, closes it like an app, and awaits :attr:`ended`."""

    def __init__(self, worker: Worker, session_id: int, output: Callable[[bytes], None],
                 entries: list[list[str]] | None = None) -> None:
        self.worker = worker
        self.session_id = session_id
        self.output = output
        #: The shared-table menu entries the app was last told (see :meth:`show_entries`).
        self.entries = entries or []
        self.ended: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        #: The worker's counts of what its input fences dropped (known once it ended).
        self.dropped_bytes = 0
        self.dropped_events = 0

    def feed(self, data: bytes) -> None:
        self.worker.send(self.session_id, INPUT, data)

    def resize(self, width: int, height: int) -> None:
        self.worker.send(self.session_id, RESIZE, json.dumps([width, height]).encode())

    def exit(self) -> None:
        self.worker.send(self.session_id, CLOSE)

    def end_input(self) -> None:
        """A plain session's client is done typing (EOF): the worker reads what is queued."""
        self.worker.send(self.session_id, END_INPUT)

    def show_entries(self, entries: list[tuple[str, str]]) -> None:
        """Tell the app its menu's shared-table entries (their counts) changed; unchanged
        entries are not sent again."""
        wanted = [list(entry) for entry in entries]
        if wanted != self.entries:
            self.entries = wanted
            self.worker.send(self.session_id, ENTRIES, json.dumps(wanted).encode())

    def finish(self, outcome: dict[str, Any]) -> None:
        if not self.ended.done():
            self.dropped_bytes = int(outcome.get("dropped_bytes", 0))
            self.dropped_events = int(outcome.get("dropped_events", 0))
            self.ended.set_result(outcome)


class Worker:
    """One worker process and the sessions it runs."""

    def __init__(
        self, index: int, proc: asyncio.subprocess.Process,
        reader: asyncio.StreamReader, writer: asyncio.StreamWriter,
    ) -> None:
        self.index = index
        self.proc = proc
        self.reader = reader
        self.writer = writer
        self.sessions: dict[int, RemoteApp] = {}
        self.alive = True

    @property
    def pid(self) -> int:
        return self.proc.pid

    def send(self, session: int, kind: int, payload: bytes = b"") -> None:
        if self.alive and not self.writer.is_closing():
            self.writer.write(frame(session, kind, payload))


class WorkerPool:
    """Starts ``count`` workers, places sessions on the least busy one, replaces one that dies."""

    def __init__(self, count: int, data_dir: Path) -> None:
        self.count = count
        self.data_dir = data_dir
        self.workers: list[Worker] = []
        self._next_id = 0
        #: Told each worker's DIGEST frames (its index, the digest), and each worker lost
        #: (its index): the directory of the tables the workers hold.
        self.on_digest: Callable[[int, dict[str, Any]], None] | None = None
        self.on_lost: Callable[[int], None] | None = None
        self._readers: set[asyncio.Task[None]] = set()
        self._stopping = False

    async def start(self) -> None:
        """Start every worker (side by side) and wait until each is ready."""
        self.workers = list(await asyncio.gather(*map(self._spawn, range(self.count))))

    async def _spawn(self, index: int) -> Worker:
        mine, theirs = socket.socketpair()
        proc = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "tulipgames.net.worker_process", "--fd", str(theirs.fileno()),
            "--data-dir", str(self.data_dir), "--index", str(index),
            pass_fds=(theirs.fileno(),), stdin=asyncio.subprocess.DEVNULL,
            stdout=asyncio.subprocess.DEVNULL,
        )
        theirs.close()
        reader, writer = await asyncio.open_unix_connection(sock=mine)
        try:
            # Its imports done (Textual, the app), a session's app starts as fast as here.
            _, kind, _ = await asyncio.wait_for(read_frame(reader), READY_TIMEOUT)
        except (asyncio.TimeoutError, asyncio.IncompleteReadError, ConnectionError) as exc:
            with contextlib.suppress(ProcessLookupError):
                proc.kill()
            raise RuntimeError(f"worker {index} did not start") from exc
        if kind != READY:
            proc.kill()
            raise RuntimeError(f"worker {index} said {kind} instead of ready")
        worker = Worker(index, proc, reader, writer)
        task = asyncio.get_running_loop().create_task(self._listen(worker))
        self._readers.add(task)
        task.add_done_callback(self._readers.discard)
        return worker

    @property
    def live(self) -> bool:
        """Some worker can take a session (else the main process runs them all)."""
        return any(worker.alive for worker in self.workers)

    def place(self, index: int = -1) -> Worker:
        """The live worker of that ``index``, else the live worker with the fewest sessions."""
        for worker in self.workers:
            if worker.index == index and worker.alive:
                return worker
        return min((w for w in self.workers if w.alive), key=lambda w: len(w.sessions))

    def alive(self, index: int) -> bool:
        return any(w.index == index and w.alive for w in self.workers)

    def tell_one(self, index: int, kind: int, payload: bytes) -> None:
        """A frame of no session to the live worker of that ``index``."""
        for worker in self.workers:
            if worker.index == index and worker.alive:
                worker.send(0, kind, payload)

    def tell(self, kind: int, payload: bytes) -> None:
        """A frame of no session to every live worker."""
        for worker in self.workers:
            worker.send(0, kind, payload)

    def open(self, start: dict[str, Any], output: Callable[[bytes], None],
             index: int = -1) -> RemoteApp:
        """Start a session's app on a worker (``index``, or the least busy); ``output`` gets
        what it draws."""
        worker = self.place(index)
        self._next_id += 1
        remote = RemoteApp(worker, self._next_id, output, start.get("entries"))
        worker.sessions[remote.session_id] = remote
        worker.send(remote.session_id, START, json.dumps(start).encode())
        remote.ended.add_done_callback(lambda _: worker.sessions.pop(remote.session_id, None))
        return remote

    async def _listen(self, worker: Worker) -> None:
        try:
            while True:
                session, kind, payload = await read_frame(worker.reader)
                if kind == DIGEST:
                    if self.on_digest is not None:
                        self.on_digest(worker.index, json.loads(payload))
                    continue
                if kind == LOG:  # made and quoted there (audit.line): written as it is
                    audit.log.info(payload.decode("utf-8", errors="replace"))
                    continue
                remote = worker.sessions.get(session)
                if remote is None:
                    continue
                if kind == OUTPUT:
                    remote.output(payload)
                elif kind == ENDED:
                    remote.finish(json.loads(payload))
        except (asyncio.IncompleteReadError, ConnectionError):
            pass
        worker.alive = False
        if self.on_lost is not None:
            self.on_lost(worker.index)
        lost = list(worker.sessions.values())
        for remote in lost:
            remote.finish({"note": WORKER_LOST})
        with contextlib.suppress(Exception):
            worker.writer.close()
        if self._stopping:
            return
        code = await worker.proc.wait()
        log.error("worker %d (pid %d) stopped with status %s; %d sessions lost",
                  worker.index, worker.pid, code, len(lost))
        audit.record("worker_lost", worker=worker.index, pid=worker.pid, status=code,
                     sessions=len(lost))
        try:
            replacement = await self._spawn(worker.index)
        except (OSError, RuntimeError) as exc:
            log.error("worker %d could not be replaced: %s", worker.index, exc)
            return
        self.workers[self.workers.index(worker)] = replacement

    async def stop(self, grace: float = 5.0) -> None:
        """Close the wires (each worker ends its apps and exits), then make sure they did."""
        self._stopping = True
        for worker in self.workers:
            with contextlib.suppress(Exception):
                worker.writer.close()
        for worker in self.workers:
            try:
                await asyncio.wait_for(worker.proc.wait(), grace)
            except asyncio.TimeoutError:
                with contextlib.suppress(ProcessLookupError):
                    worker.proc.kill()
                await worker.proc.wait()


def start_message(username: str, profile: Any, peer: str, size: tuple[int, int],
                  entries: list[tuple[str, str]], highlight: str = "",
                  plain: bool = False, entry: str = "") -> dict[str, Any]:
    """What a worker is told to start a session's app (``highlight``: the menu entry to light;
    ``plain``: the plain-text menu of a session without a terminal, fed lines of text;
    ``entry``: a table of that worker's to open at once, ``homes.table_entry``)."""
    return {"username": username, "profile": dataclasses.asdict(profile), "peer": peer,
            "size": list(size), "entries": [list(entry) for entry in entries],
            "highlight": highlight, "plain": plain, "entry": entry}

"""The worker process's side of :mod:`tulipgames.net.worker`: it runs the apps of the sessions the
main process hands over on its socket (``python -m tulipgames.net.worker_process``, started by
:class:`~tulipgames.net.worker.WorkerPool`, never by hand).

It is a module of its own so that the main process's side (the pool, which the server imports)
never imports the server or the app back: this side needs both.
"""

from __future__ import annotations

import argparse
import asyncio
import concurrent.futures
import itertools
import json
import logging
import os
import queue
import signal
import socket
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from tulipgames.net.driver import INBOX_BYTES
from tulipgames.net.notices import NEXT_ENTRY, parse_invite, parse_next
from tulipgames.net.worker import (
    CLOSE,
    DIGEST,
    END_INPUT,
    ENDED,
    ENTRIES,
    INPUT,
    LOG,
    ONLINE,
    OUTPUT,
    PROFILE_ENV,
    READY,
    RESIZE,
    START,
    TABLE,
    frame,
    read_frame,
)

log = logging.getLogger("tulipgames.serve")


class WorkerTerminal:
    """One session in a worker: the :class:`~tulipgames.net.driver.Terminal` its app's driver
    writes to, and what :func:`~tulipgames.net.server.run_app` keeps on a session."""

    def __init__(self, host: _Host, session_id: int, size: tuple[int, int], peer: str) -> None:
        self.server = host
        self.session_id = session_id
        self.size = size
        self.peer = peer
        self.running = False
        self._app: Any = None
        self._driver: Any = None
        self._fences: Any = None
        self._pending: list[str] = []
        #: The menu entry this session left for (its app continues in the main process).
        self.moved_to = ""
        self.closing = False
        #: Input that came before the app's driver could read it.
        self.early = bytearray()

    def attach(self, driver: Any) -> None:
        self._driver = self._fences = driver
        if self.early:
            asyncio.get_running_loop().call_soon(self._replay_early)

    def feed(self, data: bytes) -> None:
        if self._driver is not None and not self.moved_to:
            self._driver.feed(data)
        elif len(self.early) < INBOX_BYTES:
            self.early += data[: INBOX_BYTES - len(self.early)]

    def _replay_early(self) -> None:
        early, self.early = bytes(self.early), bytearray()
        if self._driver is not None and early:
            self._driver.feed(early)

    def write(self, data: str) -> None:
        if self.moved_to:
            return  # the app's goodbye would clear the screen the main process takes over
        if not self._pending:
            asyncio.get_running_loop().call_soon(self._flush)
        self._pending.append(data)

    def _flush(self) -> None:
        data, self._pending = "".join(self._pending), []
        if data:
            self.server.send(self.session_id, OUTPUT, data.encode("utf-8"))

    def move(self, entry: str) -> None:
        """Hand the session to the main process, where it opens ``entry`` (a table screen)."""
        self._flush()
        self.moved_to = entry
        if self._app is not None:
            self._app.exit()

    def close(self) -> None:
        """The main process ends this session (idle, shutdown, the client left)."""
        self.closing = True
        app = self._app
        if app is not None and self.running and app.is_running:
            app.exit()
        elif self.running or self._app is None:
            # Not started yet, or starting: ask again in a moment.
            asyncio.get_running_loop().call_later(0.05, self._close_again)

    def _close_again(self) -> None:
        if self.session_id in self.server.terminals:
            self.close()


class PlainTerminal:
    """One session without a terminal in a worker: the lines its client typed (bounded like in
    the main process: :data:`~tulipgames.net.server.PLAIN_QUEUE` lines wait, more are dropped
    and counted), read by the plain-text menu in a thread of this process."""

    def __init__(self, size: int) -> None:
        self.lines: queue.Queue[str] = queue.Queue(size)
        self.ended = False
        self.dropped_lines = 0
        #: The shared-table menu entries the main process last sent (its turns, invitations).
        self.entries: list[tuple[str, str]] = []
        #: Says lines between prompts (set by the session's thread), for :meth:`news`.
        self.say: Callable[[list[str]], None] | None = None
        self._told: set[str] = set()

    def feed(self, data: bytes) -> None:
        """Lines the main process cleaned and bounded already, one per ``\n``."""
        for line in data.decode("utf-8", errors="replace").split("\n")[:-1]:
            try:
                self.lines.put_nowait(line)
            except queue.Full:
                self.dropped_lines += 1

    def read(self) -> str | None:
        while True:
            try:
                return self.lines.get(timeout=0.2)
            except queue.Empty:
                if self.ended:
                    return None
            if self.say is not None and (news := self.news()):
                self.say(news)

    def news(self) -> list[str]:
        """Turn notices and invitations from the entries, each told once: this process never
        sees the lobby, so the plain menu here learns of them as the full-screen menu does."""
        from tulipgames.i18n import _
        from tulipgames.net.notices import invite_watches

        lines, told = [], set()
        for entry_id, label in list(self.entries):
            invited = parse_invite(entry_id)
            if invited is not None:
                told.add(entry_id)
                if entry_id not in self._told:
                    how = "watch" if invite_watches(entry_id) else "join"
                    lines.append(_("{invitation}: at the main menu type {command}.").format(
                        invitation=label, command=f"{how} {invited[0]}"))
            for code, decision in parse_next(entry_id) if entry_id.startswith(NEXT_ENTRY) else []:
                told.add(f"{code}.{decision}")
                if f"{code}.{decision}" not in self._told:
                    lines.append(_("Your turn at table {code}: type tables to go there.").format(
                        code=code))
        self._told = told
        return lines

    def close(self) -> None:
        self.ended = True


class _Host:
    """What :func:`~tulipgames.net.server.run_app` needs of a server, in a worker."""

    def __init__(self, writer: asyncio.StreamWriter, data_dir: Path, index: int = 0) -> None:
        from tulipgames.net.server import HeapKeeper

        self.writer = writer
        self.data_dir = data_dir
        self.index = index
        #: The live tables the main process sends sessions to (made with the first one).
        self._lobby: Any = None
        self._digests: Any = None
        self._online: list[str] = []
        self.sessions: set[WorkerTerminal] = set()
        self.terminals: dict[int, WorkerTerminal] = {}
        self.heap = HeapKeeper()
        self._stdout, self._stderr = sys.stdout, sys.stderr
        self.app_factory: Callable[[Any], Any] = self._new_app
        self._building: WorkerTerminal | None = None
        self._entries: list[tuple[str, str]] = []
        #: The sessions without a terminal, each in a thread of its own while it runs.
        self.plain: dict[int, PlainTerminal] = {}
        self.plain_pool = concurrent.futures.ThreadPoolExecutor(
            max_workers=1000, thread_name_prefix="plain")

    def send(self, session: int, kind: int, payload: bytes = b"") -> None:
        if not self.writer.is_closing():
            self.writer.write(frame(session, kind, payload))

    def app_finished(self) -> None:
        if not any(terminal.running for terminal in self.sessions):
            sys.stdout, sys.stderr = self._stdout, self._stderr

    @property
    def lobby(self) -> Any:
        """This worker's tables (:class:`~tulipgames.net.homes.HomeLobby`) on the server's
        store, with a digest for the main process whenever they change."""
        if self._lobby is None:
            from tulipgames.net import lobby as lobby_module
            from tulipgames.net.homes import DigestSender, HomeLobby
            from tulipgames.store import Store

            # Invitations are told once by number: this worker's never meet another's.
            lobby_module._INVITES = itertools.count(1_000_000 * (self.index + 1))
            self._lobby = HomeLobby(Store(self.data_dir), self.data_dir)
            self._lobby.online_names = set(self._online)
            self._digests = DigestSender(self._lobby, lambda data: self.send(0, DIGEST, data))
        return self._lobby

    def _new_app(self, info: Any) -> Any:
        from tulipgames.net.app import TableApp, WorkerApp
        from tulipgames.net.homes import parse_table_entry
        from tulipgames.store import player_store

        terminal = self._building
        assert terminal is not None
        store = player_store(_player_dir(self.data_dir, info.username), info.username)
        code = parse_table_entry(info.entry)
        if code is not None:  # the main process routed the session to a table held here
            self.lobby.routed.add(code)
            self._digests.soon()
            return TableApp(info, self.lobby, store, self._entries, terminal.move)
        return WorkerApp(info, self._entries, store, terminal.move)

    def prepare(self, session_id: int, start: dict[str, Any]) -> WorkerTerminal | PlainTerminal:
        """The session's terminal, made as its START frame is read: the input frames right
        behind it (a pipe into ``ssh -T`` sends every line at once) find it, before the task
        that runs the app has had a turn."""
        if start.get("plain"):
            from tulipgames.net.server import PLAIN_QUEUE

            plain = self.plain[session_id] = PlainTerminal(PLAIN_QUEUE)
            return plain
        size = (int(start["size"][0]), int(start["size"][1]))
        terminal = self.terminals[session_id] = WorkerTerminal(
            self, session_id, size, str(start["peer"]))
        return terminal

    async def run(self, session_id: int, start: dict[str, Any]) -> None:
        from tulipgames.net.server import CRASH_NOTE, SessionInfo, run_app
        from tulipgames.net.terminal import TerminalProfile

        terminal = self.terminals.get(session_id) or self.prepare(session_id, start)
        assert isinstance(terminal, WorkerTerminal)
        self.sessions.add(terminal)
        note = CRASH_NOTE
        try:
            profile = TerminalProfile(**start["profile"])
            info = SessionInfo(str(start["username"]), profile, terminal.peer,
                               entry=str(start.get("entry") or ""),
                               highlight=str(start.get("highlight") or ""))
            self._building, self._entries = terminal, [tuple(e) for e in start["entries"]]
            note = await run_app(terminal, info, profile)
        except Exception:
            log.exception("worker session of %s failed", start.get("username"))
        finally:
            self.terminals.pop(session_id, None)
            self.sessions.discard(terminal)
            terminal._flush()
            fences = terminal._fences
            self.send(session_id, ENDED, json.dumps({
                "note": note,
                "moved_to": terminal.moved_to if not terminal.closing else "",
                # typed after the move: for the app in the main process
                "early": bytes(terminal.early).decode("latin-1"),
                "dropped_bytes": getattr(fences, "dropped_bytes", 0),
                "dropped_events": getattr(fences, "dropped_events", 0),
            }).encode())

    async def run_plain(self, session_id: int, start: dict[str, Any]) -> None:
        """A session without a terminal: the plain-text menu on the player's own saves, in a
        thread (its bots think there too), reading lines and writing lines back."""
        from tulipgames.net.homes import parse_table_entry
        from tulipgames.net.server import CRASH_NOTE
        from tulipgames.plain.menu import LineConsole, plain_menu
        from tulipgames.plain.shared import NOTHING
        from tulipgames.store import player_store

        loop = asyncio.get_running_loop()
        terminal = self.plain.get(session_id) or self.prepare(session_id, start)
        assert isinstance(terminal, PlainTerminal)
        username = str(start["username"])
        # Routed to a table held here: the plain menu plays at this worker's tables.
        code = parse_table_entry(str(start.get("entry") or ""))
        lobby = None
        if code is not None:
            lobby = self.lobby
            lobby.routed.add(code)
            self._digests.soon()

        def poll(seconds: float) -> object:
            """A line if one comes within ``seconds`` (the others' moves are said between)."""
            try:
                return terminal.lines.get(timeout=seconds)
            except queue.Empty:
                return None if terminal.ended else NOTHING

        def write(line: str) -> None:
            prompt(line + "\r\n")

        def prompt(text: str) -> None:
            loop.call_soon_threadsafe(self.send, session_id, OUTPUT, text.encode("utf-8"))

        moved: list[str] = []

        def say(lines: list[str]) -> None:
            prompt("\r\n" + "".join(line + "\r\n" for line in lines) + "> ")

        terminal.say = say if lobby is None else None  # at a table: its own notices
        if start.get("entries"):
            terminal.entries = [(str(a), str(b)) for a, b in start["entries"]]

        def play() -> int:
            console = LineConsole(terminal.read, write, prompt, echo=False, player=username)
            if lobby is None:
                console.move_to = moved.append  # a shared table: the session goes to the server
            else:
                console.loop, console.poll = loop, poll
                console.first = str(start.get("first") or "")
            own = player_store(_player_dir(self.data_dir, username), username)
            try:
                return plain_menu(own, console, lobby)
            finally:
                own.close()

        note = "Goodbye."
        from tulipgames.net.language import for_session, speaking

        lang = for_session(self, username, str(dict(start.get("profile") or {}).get("lang", "")))
        try:
            await loop.run_in_executor(self.plain_pool, speaking(lang, play))
        except Exception:
            log.exception("plain session of %s failed", username)
            note = CRASH_NOTE
        finally:
            self.plain.pop(session_id, None)
            await asyncio.sleep(0)  # the last lines the thread wrote go first
            left = []  # typed after the move: the server's process reads them
            while moved and not terminal.lines.empty():
                left.append(terminal.lines.get_nowait())
            self.send(session_id, ENDED, json.dumps({
                "note": note, "dropped_lines": terminal.dropped_lines,
                "moved_to": moved[0] if moved else "", "lines": left}).encode())

    def feed(self, session_id: int, data: bytes) -> None:
        plain = self.plain.get(session_id)
        if plain is not None:
            plain.feed(data)
            return
        terminal = self.terminals.get(session_id)
        if terminal is not None:
            terminal.feed(data)

    def show_entries(self, session_id: int, entries: list[tuple[str, str]]) -> None:
        """The main process's menu entries changed (a table opened, started or closed)."""
        plain = self.plain.get(session_id)
        if plain is not None:
            plain.entries = entries  # one assignment: the session's thread reads it
            return
        terminal = self.terminals.get(session_id)
        app = None if terminal is None else terminal._app
        if app is not None:
            app.call_later(app.show_entries, entries)

    def online(self, names: list[str]) -> None:
        """Who is logged in anywhere (for invitations from the tables here)."""
        if self._lobby is not None:
            self._lobby.online_names = {str(name) for name in names}
        self._online = names

    def resize(self, session_id: int, width: int, height: int) -> None:
        terminal = self.terminals.get(session_id)
        if terminal is None:
            return
        terminal.size = (width, height)
        if terminal._driver is not None:
            terminal._driver.resize(width, height)


class _AuditToMain(logging.Handler):
    """The structured log lines of this worker (table events: its tables live here) go to
    the main process, which writes them where it writes its own (``--log FILE``)."""

    def __init__(self, host: _Host, loop: asyncio.AbstractEventLoop) -> None:
        super().__init__()
        self.host = host
        self.loop = loop

    def emit(self, record: logging.LogRecord) -> None:
        text = record.getMessage().encode("utf-8")
        try:
            here = asyncio.get_running_loop() is self.loop
        except RuntimeError:
            here = False  # a thread (a bot, the plain-text menu)
        if here:
            self.host.send(0, LOG, text)
        else:
            self.loop.call_soon_threadsafe(self.host.send, 0, LOG, text)


def _player_dir(data_dir: Path, name: str) -> Path:
    from tulipgames.net.lobby import player_dir

    return player_dir(data_dir, name)


async def serve_worker(fd: int, data_dir: Path, index: int = 0) -> None:
    """Run the apps the main process hands over on socket ``fd`` until it closes the wire."""
    sock = socket.socket(fileno=fd)
    reader, writer = await asyncio.open_unix_connection(sock=sock)
    from tulipgames.net import app  # noqa: F401 - Textual and the app, before the first session

    host = _Host(writer, data_dir, index)
    from tulipgames.net import audit

    audit.log.addHandler(_AuditToMain(host, asyncio.get_running_loop()))
    audit.log.setLevel(logging.INFO)
    audit.log.propagate = False
    host.send(0, READY)
    tasks: set[asyncio.Task[None]] = set()
    loop = asyncio.get_running_loop()
    try:
        while True:
            session, kind, payload = await read_frame(reader)
            if kind == START:
                start = json.loads(payload)
                host.prepare(session, start)
                run = host.run_plain if start.get("plain") else host.run
                task = loop.create_task(run(session, start))
                tasks.add(task)
                task.add_done_callback(tasks.discard)
            elif kind == INPUT:
                host.feed(session, payload)
            elif kind == RESIZE:
                width, height = json.loads(payload)
                host.resize(session, int(width), int(height))
            elif kind == ENTRIES:
                host.show_entries(session, [tuple(entry) for entry in json.loads(payload)])
            elif kind == ONLINE:
                host.online(json.loads(payload))
            elif kind == TABLE:
                table = json.loads(payload)
                host.lobby.adopt(str(table["code"]), str(table["data"]))
            elif kind == CLOSE and session in host.terminals:
                host.terminals[session].close()
            elif kind in (CLOSE, END_INPUT) and session in host.plain:
                host.plain[session].close()
    except (asyncio.IncompleteReadError, ConnectionError):
        pass  # the main process closed the wire: end every app
    for terminal in list(host.terminals.values()):
        terminal.close()
    for plain in list(host.plain.values()):
        plain.close()
    if tasks:
        await asyncio.wait(tasks, timeout=5)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tulipgames.net.worker_process",
                                     description="a worker of tulipgames serve (not run by hand)")
    parser.add_argument("--fd", type=int, required=True)
    parser.add_argument("--data-dir", type=Path, required=True)
    parser.add_argument("--index", type=int, default=0)
    args = parser.parse_args(argv)
    # Ctrl-C at the server's terminal reaches the whole process group: the main process stops
    # the workers itself, by closing their wires, after telling the players.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    # SIGHUP (a closed terminal, logrotate's reload) is the main process's to handle.
    signal.signal(signal.SIGHUP, signal.SIG_IGN)
    logging.basicConfig(stream=sys.__stderr__, level=logging.INFO,
                        format=f"%(asctime)s worker {args.index}: %(message)s")
    logging.getLogger("asyncio").setLevel(logging.WARNING)
    profile = os.environ.get(PROFILE_ENV)
    if not profile:
        asyncio.run(serve_worker(args.fd, args.data_dir, args.index))
        return 0
    import cProfile

    with cProfile.Profile() as profiler:
        asyncio.run(serve_worker(args.fd, args.data_dir, args.index))
    profiler.dump_stats(f"{profile}.worker{args.index}.{os.getpid()}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

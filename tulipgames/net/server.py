"""The SSH server: one Textual app per connection, in this asyncio process or in a worker.

This process accepts and authenticates every connection and owns its channel; with
``--workers N`` the apps of the sessions run in worker processes (:mod:`tulipgames.net.worker`):
a session comes here for the open-table form and the join screen, and goes to the worker
holding a table when its player opens, joins, watches or returns to it
(:mod:`tulipgames.net.homes`); by-mail tables are here. What follows holds for every process
that runs apps.

Why one process and not a PTY subprocess per connection: the players of a table must share one
live :class:`~tulipgames.table.Table` (one state, one bot driver, screens that redraw the moment
anyone moves). In one process that is a Python object every session's screen subscribes to; with a
subprocess per connection it would need a game protocol between processes, a second source of
truth and its own failure modes. One process also costs a few MB per session instead of a whole
interpreter with Textual loaded (see ``docs/ssh.md`` for the measurements).

The price is that sessions share an event loop, so each one is fenced in:

* input is parsed per session (:mod:`tulipgames.net.driver`), an exception in one app ends that
  app only (Textual catches it, the session prints a one-line apology and closes);
* output is coalesced per event-loop turn, and a client that stops reading is cut off once its
  backlog passes :data:`MAX_BACKLOG` rather than growing the server's memory;
* Python's full garbage collections, which scan every object of every session and stalled all
  sessions for up to 0.7 s at 20 sessions, are kept short by :class:`HeapKeeper`;
* nothing of the client reaches the process: no environment (only ``TERM``, ``COLORTERM`` and
  ``LANG`` are read, into the session's own console), no exec, no subsystems (sftp), no port,
  agent or X11 forwarding, and the app has no command that opens a shell or a file.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import dataclasses
import gc
import logging
import os
import queue
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import asyncssh
from rich.console import Console

from tulipgames.net import audit
from tulipgames.net.driver import INBOX_BYTES, ChannelDriver, clamp_size
from tulipgames.net.gate import Gate, Throttle, Verdict
from tulipgames.net.identity import (
    IDENTITIES_FILE,
    Identities,
    KeyRing,
    fingerprint,
    name_key,
    name_problem,
)
from tulipgames.net.listener import Admission, GatedListener
from tulipgames.net.terminal import TerminalProfile, apply_profile
from tulipgames.net.worker import RemoteApp, WorkerPool, start_message

log = logging.getLogger("tulipgames.serve")

#: Bytes of unsent output a client may fall behind before it is disconnected.
MAX_BACKLOG = 4 * 1024 * 1024
#: Connections still in their handshake or login, from one address and in all.
MAX_UNAUTHENTICATED_PER_ADDRESS = 24
MAX_UNAUTHENTICATED = 64
#: Connections beyond players and logins that the SSH door still accepts (authenticated
#: connections about to hear that the server is full).
SPARE_CONNECTIONS = 16
HOST_KEY_NAME = "ssh_host_ed25519_key"


#: Addresses that reach only this machine (an open server or web door may listen there).
LOOPBACK = ("127.0.0.1", "::1", "localhost")


@dataclass
class ServerConfig:
    """Everything ``tulipgames serve`` is told on its command line."""

    data_dir: Path
    host: str = "127.0.0.1"
    port: int = 2222
    max_sessions: int = 32
    idle_timeout: float = 30 * 60
    authorized_keys: Path | None = None
    passwords: dict[str, str] = field(default_factory=dict)
    #: Seconds from the TCP connection to a running session (handshake, login, session request).
    login_timeout: float = 30.0
    #: On an open server, admit clients without a key under names no key owns yet.
    allow_keyless: bool = False
    #: Also serve browsers on this port (``--web``); ``ssh=False``: browsers only.
    web_port: int | None = None
    web_tokens: dict[str, str] = field(default_factory=dict)
    #: Names the web door answers to besides this machine's (``--web-host``; Host header).
    web_hosts: tuple[str, ...] = ()
    ssh: bool = True
    #: Worker processes for the apps of sessions away from the tables (``--workers``; 0: every
    #: app in this process). See :mod:`tulipgames.net.worker`.
    workers: int = 0
    #: The addresses of a reverse proxy in front (``--behind-proxy``): their connections carry
    #: the client's address (PROXY protocol on the SSH port, ``X-Forwarded-For`` on the web's).
    proxies: tuple[str, ...] = ()
    #: Write each table chat line to the operator's log (``--log-chat``; off by default: what
    #: players say is theirs).
    log_chat: bool = False
    #: ``--database``: a PostgreSQL URL that keeps what SQLite files in ``data_dir`` keep
    #: otherwise (tables, identities, players' games and high scores).
    database: str | None = None

    @property
    def open(self) -> bool:
        """No access control: anyone who can reach the port may play (keys still own names).
        Never behind a proxy (``serve`` refuses it there): no browser name form either."""
        return self.authorized_keys is None and not self.passwords and not self.proxies


@dataclass(frozen=True)
class SessionInfo:
    """What the app of one connection knows about its player."""

    username: str
    profile: TerminalProfile
    peer: str
    #: A lobby menu entry to open at once: the session was moved here from a worker's menu.
    entry: str = ""
    #: The menu entry to light at the start: the session's menu moved here from another
    #: process, and the player's place in it moves along.
    highlight: str = ""


AppFactory = Callable[[SessionInfo], Any]
#: Where the sessions of a player start, with workers: True for this process (the player sits
#: at a live table here), and the menu entries of the tables for a worker's menu.
HomeCheck = Callable[[str], bool]
EntriesFactory = Callable[[str], list[tuple[str, str]]]
#: Runs the plain-text mode for a session without a terminal, in a worker thread, with a
#: line console (``tulipgames.plain.menu.LineConsole``); returns an exit status.
PlainFactory = Callable[[SessionInfo, Any], int]

#: A session without a terminal (``ssh -T``) reads lines: at most this many wait to be read,
#: each at most this long; more is dropped (and counted) like a flood of keys.
PLAIN_QUEUE = 64
PLAIN_LINE = 1000
#: Seconds the lobby's changes are gathered before the worker sessions' menus hear of them.
ENTRIES_DELAY = 0.25


def web_connections(max_sessions: int) -> int:
    """The web door's cap on open connections: two for each player (a websocket and a page
    load) and room for a few dozen visitors logging in. Without it idle sockets could take all
    of the server's file descriptors (1,100 did), and then SSH logins time out too."""
    return 2 * max_sessions + 64


def files_needed(config: ServerConfig) -> int:
    """Open files the main process may need at its caps: each player a socket and a saves
    database (SQLite in WAL mode: three files), the connections still logging in, the web door's
    connections, a few for each worker's wire, and some for Python, the lobby, the log and the
    listeners."""
    ssh = config.max_sessions * 5 + MAX_UNAUTHENTICATED + SPARE_CONNECTIONS
    web = 0 if config.web_port is None else web_connections(config.max_sessions)
    return 64 + 4 * config.workers + ssh + web


def load_host_key(data_dir: Path) -> asyncssh.SSHKey:
    """The server's persistent host key, created (mode 0600) on first start."""
    path = data_dir / HOST_KEY_NAME
    if path.exists():
        return asyncssh.read_private_key(path)
    data_dir.mkdir(parents=True, exist_ok=True)
    key = asyncssh.generate_private_key("ssh-ed25519", comment="tulipgames host key")
    path.touch(mode=0o600)
    path.write_bytes(key.export_private_key())
    path.with_name(HOST_KEY_NAME + ".pub").write_bytes(key.export_public_key())
    return key


def name_lines(path: Path, what: str, wildcard: bool = False) -> Iterator[tuple[int, str, str]]:
    """The ``name:WHAT`` lines of a login file (``#`` starts a comment) as (line number, name,
    value), each name checked like a login name (``*`` too when ``wildcard``); a bad line raises
    ``ValueError`` naming the file and the line."""
    for number, raw in enumerate(path.read_text("utf-8").splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        name, sep, value = line.partition(":")
        if not sep or not name or not value:
            raise ValueError(f"{path}:{number}: expected name:{what}")
        problem = None if wildcard and name == "*" else name_problem(name)
        if problem:
            raise ValueError(f"{path}:{number}: {problem}")
        yield number, name, value


def read_password_file(path: Path) -> dict[str, str]:
    """``name:password`` lines (``*:password`` admits any name); ``#`` starts a comment."""
    passwords: dict[str, str] = {}
    for number, name, password in name_lines(path, "password", wildcard=True):
        if any(name_key(other) == name_key(name) for other in passwords):
            raise ValueError(f"{path}:{number}: {name} has a line already")
        passwords[name] = password
    return passwords


class HeapKeeper:
    """Keep the garbage collector from stalling every session at once.

    A Textual app is some 15,000 tracked objects, almost all made when it starts and kept until
    it ends. With dozens of apps in one process each full collection walks all of them, and a
    typing burst triggers several: measured 0.5-0.7 s stalls at 20 sessions. So shortly after
    sessions start their objects are frozen (``gc.freeze``: never scanned again). Reference
    counting still frees everything of an ended session except cycles, which a sweep (unfreeze,
    collect, freeze) reclaims once as many sessions have ended as are still running, keeping the
    cost of sweeps proportional to the memory they give back.
    """

    FREEZE_DELAY = 2.0

    def __init__(self) -> None:
        self._handle: asyncio.TimerHandle | None = None
        self._ended = 0

    def session_started(self) -> None:
        if self._handle is not None:
            self._handle.cancel()
        self._handle = asyncio.get_running_loop().call_later(self.FREEZE_DELAY, gc.freeze)

    def session_ended(self, running: int) -> None:
        self._ended += 1
        if self._ended >= max(8, running):
            self._ended = 0
            gc.unfreeze()
            gc.collect()
            gc.freeze()


class GameServer:
    """Accepts SSH connections and runs one app per interactive session."""

    def __init__(
        self,
        config: ServerConfig,
        app_factory: AppFactory,
        plain_factory: PlainFactory | None = None,
        at_home: HomeCheck | None = None,
        entries: EntriesFactory | None = None,
    ) -> None:
        self.config = config
        self.app_factory = app_factory
        self.plain_factory = plain_factory
        self.at_home = at_home or (lambda name: False)
        self.entries = entries or (lambda name: [])
        #: The worker processes (``config.workers``), started with the server.
        self.pool: WorkerPool | None = None
        #: Plain-text sessions run in threads of their own (never the bots' default pool).
        self.plain_pool = concurrent.futures.ThreadPoolExecutor(
            max_workers=max(1, config.max_sessions), thread_name_prefix="plain"
        )
        #: Every running session, SSH or browser (:mod:`tulipgames.net.web`).
        self.sessions: set[Any] = set()
        #: The browser sessions: each holds a player's place like an SSH connection.
        self.web_sessions: set[Any] = set()
        #: Every TCP connection, authenticated or not.
        self.connections: set[_Connection] = set()
        self.host_key = load_host_key(config.data_dir)
        keyring = None if config.authorized_keys is None else KeyRing.read(config.authorized_keys)
        self.identities = Identities(config.data_dir / IDENTITIES_FILE, config.database)
        self.gate = Gate(config.passwords, keyring, self.identities, config.allow_keyless,
                         config.web_tokens)
        self.throttle = Throttle()
        #: Connections per address and in all, before asyncssh sees them (see listener.py).
        self.admission = Admission(
            "ssh", per_address=config.max_sessions + MAX_UNAUTHENTICATED_PER_ADDRESS,
            total=config.max_sessions + MAX_UNAUTHENTICATED + SPARE_CONNECTIONS,
            exempt=frozenset(config.proxies),
        )
        self._acceptor: asyncssh.SSHAcceptor | None = None
        self._watchdog: asyncio.Task[None] | None = None
        self._stdout, self._stderr = sys.stdout, sys.stderr
        self.heap = HeapKeeper()
        self._entries_pending = False
        #: The lobby of this process's tables (set by ``serve``), and with workers the
        #: directory of the tables they hold (:class:`~tulipgames.net.homes.Homes`).
        self.lobby: Any = None
        self.homes: Any = None

    @property
    def fingerprint(self) -> str:
        return str(self.host_key.get_fingerprint("sha256"))

    @property
    def port(self) -> int:
        assert self._acceptor is not None
        return int(self._acceptor.get_port())

    @property
    def players(self) -> int:
        """Authenticated connections, with or without a session, and browser sessions: what
        ``--max-sessions`` caps (one count for both doors)."""
        return sum(1 for conn in self.connections if conn.authenticated) + len(self.web_sessions)

    def entries_changed(self) -> None:
        """The tables changed (one opened, started or closed): the menus of the sessions in
        workers get their shared-table entries again, so the counts they show stay true.

        Many changes in one moment (a table filling seat by seat) make one round of updates,
        and a session is sent only entries that differ from what it shows."""
        if self._entries_pending or self.pool is None:
            return
        self._entries_pending = True
        asyncio.get_running_loop().call_later(ENTRIES_DELAY, self._send_entries)

    def _send_entries(self) -> None:
        self._entries_pending = False
        for session in list(self.sessions):
            remote = getattr(session, "_remote", None) or getattr(session, "_remote_plain", None)
            if remote is not None:
                from tulipgames.i18n import using

                with using(getattr(session, "language", "en")):  # the reader's, not the mover's
                    remote.show_entries(self.entries(session.username))
        if self.homes is not None:
            self.homes.tell_online()

    def first_place(self, info: SessionInfo) -> tuple[int | None, SessionInfo]:
        """Where a new session's app starts, with workers: in the worker holding the live
        table its player is seated at (that table opened at once), here when the player sits
        at a table this process holds, else in any worker."""
        assert self.pool is not None
        if not self.pool.live:  # no worker left: everything runs here
            audit.record("session_placed", name=info.username, peer=info.peer,
                         worker="main", entry="seat")
            return MAIN, info
        if self.homes is not None:
            self.homes.tell_online()  # for invitations from the workers' tables
            seat = self.homes.seat_of(info.username)
            if seat is not None:
                code, worker = seat
                return worker, dataclasses.replace(info, entry=self.homes.entry(code))
        if self.at_home(info.username):
            audit.record("session_placed", name=info.username, peer=info.peer,
                         worker="main", entry="seat")
            return MAIN, info
        return ANY_WORKER, info

    def plain_route(self, answer: str) -> int | None:
        """The worker holding the table a plain-text answer (``join CODE``, ``watch CODE``)
        names, if a worker holds it (or it is a live table that gets one now)."""
        from tulipgames.net.homes import code_in, table_entry

        code = code_in(answer)
        return None if self.homes is None or code is None else self.homes.route(
            table_entry(code))

    def route(self, entry: str) -> int | None:
        """Where a session goes that left a worker's app for ``entry``: the worker holding
        the table it names, else this process (the lobby, the waiting tables)."""
        return MAIN if self.homes is None else self.homes.route(entry)

    async def start(self, ssh: bool = True) -> None:
        """Listen for SSH (unless ``ssh`` is false: a browser-only server) and watch for idle
        sessions."""
        self._watchdog = asyncio.get_running_loop().create_task(self._watch_idle())
        if self.config.workers > 0:  # for SSH and browser sessions alike
            if self.config.log_chat:  # the tables in workers log their chat too
                from tulipgames.net.homes import LOG_CHAT_ENV

                os.environ[LOG_CHAT_ENV] = "1"
            self.pool = WorkerPool(self.config.workers, self.config.data_dir)
            await self.pool.start()
            if self.lobby is not None and self.config.database is None:
                from tulipgames.net.homes import Homes

                self.homes = Homes(self, self.lobby, self.pool)
        if not ssh:
            return
        self._acceptor = await asyncssh.create_server(
            lambda: _Connection(self),
            self.config.host,
            self.config.port,
            server_host_keys=[self.host_key],
            encoding=None,
            line_editor=False,
            allow_pty=True,
            agent_forwarding=False,
            x11_forwarding=False,
            login_timeout=self.config.login_timeout,
            keepalive_interval=30,
            keepalive_count_max=3,
            server_version="tulipgames",
            # not a tunnel: the listener whose sockets pass admission (and a proxy's PROXY line)
            tunnel=GatedListener(self.admission, self.config.proxies),
        )

    async def stop(self, grace: float = 5.0) -> None:
        """Tell every player, close their sessions, then the connections and the listener.

        Bounded: after ``grace`` seconds whatever is still open is aborted.
        """
        if self._watchdog is not None:
            self._watchdog.cancel()
        self.plain_pool.shutdown(wait=False, cancel_futures=True)
        if self._acceptor is not None:
            self._acceptor.close()
        for session in list(self.sessions):
            session.close("The server is shutting down. Your games are saved.")
        loop = asyncio.get_running_loop()
        deadline = loop.time() + grace
        while self.sessions and loop.time() < deadline:
            await asyncio.sleep(0.05)  # each app restores the client's screen and says goodbye
        if self.pool is not None:
            await self.pool.stop()
        for conn in list(self.connections):
            conn.close()
        await asyncio.sleep(0.1)
        for conn in list(self.connections):
            conn.abort()
        if self._acceptor is not None:
            with contextlib.suppress(asyncio.TimeoutError):
                await asyncio.wait_for(self._acceptor.wait_closed(), 2)
        audit.flush_refusals()
        self.identities.close()

    async def _watch_idle(self) -> None:
        loop = asyncio.get_running_loop()
        timeout = self.config.idle_timeout
        while True:
            await asyncio.sleep(min(5.0, max(0.2, timeout / 4)))
            for session in list(self.sessions):
                if loop.time() - session.last_input > timeout:
                    session.close(
                        f"Closed after {describe_seconds(timeout)} without a key press. "
                        "Your tables are saved: reconnect and join with the same code."
                    )

    def app_finished(self) -> None:
        # Textual redirects sys.stdout/stderr while an app runs; with many apps interleaving
        # their starts and ends, put the server's own streams back once none is running.
        if not any(session.running for session in self.sessions):
            sys.stdout, sys.stderr = self._stdout, self._stderr

    def make_room(self, newcomer: _Connection) -> None:
        """Keep the connections still logging in under their caps, per address and in all.

        Over a cap, another connection goes: the oldest that has not even finished its
        handshake (an idle socket), else the oldest still logging in; the newcomer itself only
        if it is alone. So a flood of idle or stalled connections cannot lock a newcomer out:
        each newcomer pushes out the oldest of them, and the flood has to outpace a whole
        handshake to push the newcomer out in turn.
        """
        # An evicted connection stays in the set until its socket has closed: it is not
        # waiting any more (counting it again would evict, and log, the same one many times).
        waiting = [c for c in self.connections if not c.authenticated and not c.evicted]
        same = [c for c in waiting if c.address == newcomer.address]
        for pool, cap in ((same, MAX_UNAUTHENTICATED_PER_ADDRESS), (waiting, MAX_UNAUTHENTICATED)):
            while len(pool) > cap:
                victim = min(pool, key=lambda c: (c is newcomer, c.in_auth, c.since))
                pool.remove(victim)
                if victim in waiting:
                    waiting.remove(victim)
                if victim in same:
                    same.remove(victim)
                victim.evict()


def describe_seconds(seconds: float) -> str:
    """``45 s``, ``5 min``, ``1 h 30 min``: a timeout as a player reads it."""
    if seconds < 90:
        return f"{round(seconds)} s"
    minutes = round(seconds / 60)
    if minutes < 90:
        return f"{minutes} min"
    hours, rest = divmod(minutes, 60)
    return f"{hours} h" + (f" {rest} min" if rest else "")


class _Connection(asyncssh.SSHServer):
    """One TCP connection: its login (see :mod:`tulipgames.net.gate`) and its one session."""

    def __init__(self, server: GameServer) -> None:
        self.server = server
        self.conn: asyncssh.SSHServerConnection | None = None
        self.address = "?"
        self.peer = "?"
        self.since = time.monotonic()
        self.in_auth = False
        self.authenticated = False
        self.evicted = False
        self.name = ""
        self.session: GameSession | None = None
        #: The last attempt that passed: ("publickey", fingerprint), ("password", "") ...
        self._passed: tuple[str, str] = ("", "")
        self._banners: set[str] = set()
        self._offered_key = False
        self._no_session: asyncio.TimerHandle | None = None

    # -- the TCP connection -----------------------------------------------------------------
    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        self.conn = conn
        peer = conn.get_extra_info("peername") or ("?", 0)
        self.address, self.peer = str(peer[0]), f"{peer[0]}:{peer[1]}"
        self.server.connections.add(self)
        self.server.make_room(self)

    def connection_lost(self, exc: Exception | None) -> None:
        self.server.connections.discard(self)
        if self._no_session is not None:
            self._no_session.cancel()
        if not self.authenticated:
            return
        seconds = round(time.monotonic() - self.since)
        remote = None if self.session is None else self.session._remote
        if remote is not None and not remote.ended.done():
            # The worker counts what its fences dropped; it tells once the app has ended.
            remote.ended.add_done_callback(lambda _: self._record_disconnect(seconds))
        else:
            self._record_disconnect(seconds)

    def _record_disconnect(self, seconds: int) -> None:
        session = self.session
        audit.record(
            "disconnect", name=self.name, peer=self.peer, seconds=seconds,
            dropped_bytes=None if session is None else session.dropped_bytes,
            dropped_keys=None if session is None else session.dropped_events,
        )

    def evict(self) -> None:
        """Dropped to make room for newer connections (see :meth:`GameServer.make_room`)."""
        self.evicted = True
        audit.refused(self.address, "ssh", "too many connections logging in")
        self.abort()

    def close(self) -> None:
        if self.conn is not None:
            self.conn.close()

    def abort(self) -> None:
        if self.conn is not None:
            self.conn.abort()

    # -- authentication ----------------------------------------------------------------------
    def _banner(self, message: str | None) -> None:
        if message and message not in self._banners and self.conn is not None:
            self._banners.add(message)
            with contextlib.suppress(Exception):
                self.conn.send_auth_banner(message + "\r\n")

    def _verdict(self, method: str, verdict: Verdict, token: str = "") -> bool:
        if verdict.ok:
            self._passed = (method, token)
            return True
        self._banner(verdict.message)
        return False

    def begin_auth(self, username: str) -> bool:
        self.in_auth = True
        problem = name_problem(username)
        if problem is not None:
            audit.record("auth_refused", name=username, peer=self.peer, reason="bad name")
            assert self.conn is not None
            self.conn.disconnect(asyncssh.DISC_ILLEGAL_USER_NAME, f"tulipgames: {problem}")
        return True

    def public_key_auth_supported(self) -> bool:
        return self.server.gate.keyring is not None or self.server.gate.open

    def validate_public_key(self, username: str, key: asyncssh.SSHKey) -> bool:
        self._offered_key = True
        verdict = self.server.gate.check_key(username, key, self.address, self.address)
        if not verdict.ok and verdict.message and verdict.message not in self._banners:
            audit.record("auth_failure", name=username, peer=self.peer, method="publickey",
                         key=fingerprint(key), reason=verdict.reason)
        return self._verdict("publickey", verdict, fingerprint(key))

    def password_auth_supported(self) -> bool:
        return bool(self.server.gate.passwords)

    async def validate_password(self, username: str, password: str) -> bool:
        throttle = self.server.throttle
        wait = await throttle.wait(self.address, username)
        verdict = self.server.gate.check_password(username, password)
        throttle.done(self.address, username, verdict.ok)
        if not verdict.ok:
            audit.record("auth_failure", name=username, peer=self.peer, method="password",
                         reason=verdict.reason, waited=round(wait, 2))
        return self._verdict("password", verdict)

    def kbdint_auth_supported(self) -> bool:
        return self.server.gate.open

    def get_kbdint_challenge(self, username: str, lang: str, submethods: str) -> bool:
        verdict = self.server.gate.check_keyless(username)
        if not verdict.ok:
            audit.record("auth_failure", name=username, peer=self.peer, method="keyless",
                         reason=verdict.reason)
            if self._offered_key:  # it has a key: the key's refusal said why already
                return False
        return self._verdict("keyless", verdict)

    def auth_completed(self) -> None:
        assert self.conn is not None
        username = str(self.conn.get_extra_info("username"))
        method, token = self._passed
        if method == "publickey" and not self.server.identities.bind(username, token):
            audit.record("auth_failure", name=username, peer=self.peer, method=method,
                         reason="name taken by another key meanwhile")
            self.conn.disconnect(asyncssh.DISC_ILLEGAL_USER_NAME,
                                 f"tulipgames: the name {username} was just taken by another key")
            return
        self.authenticated = True
        self.name = self.server.gate.canonical(username)
        self.in_auth = False
        audit.record("login", name=self.name, peer=self.peer, method=method,
                     key=token if method == "publickey" else None)
        # A connection that never opens a session (``ssh -N``) holds a player's place: it
        # gets the login timeout to open one, like the login itself.
        self._no_session = asyncio.get_running_loop().call_later(
            self.server.config.login_timeout, self._close_sessionless
        )

    def _close_sessionless(self) -> None:
        if self.session is None and self.conn is not None:
            audit.record("disconnect", name=self.name, peer=self.peer, reason="no session")
            self.conn.disconnect(asyncssh.DISC_BY_APPLICATION,
                                 "tulipgames: no session opened; connect without -N")

    # -- the session -------------------------------------------------------------------------
    def session_requested(self) -> GameSession | bool:
        if self.session is not None:
            return False  # one session per connection: one app per player
        if self._no_session is not None:
            self._no_session.cancel()
        self.session = GameSession(self.server, self.name, self.peer, self)
        return self.session

    def session_ended(self) -> None:
        """The one session is over: the connection goes too (it would hold a player's place)."""
        if self.conn is not None:
            asyncio.get_running_loop().call_later(0.5, self.close)


#: What a session's screen says when its app ended in an error.
CRASH_NOTE = "Sorry, tulipgames hit an error; the server log has the details."


async def run_app(
    session: Any, info: SessionInfo, profile: TerminalProfile,
    release: Callable[[], None] | None = None,
) -> str:
    """Run one session's app through :class:`ChannelDriver` on ``session`` (an SSH
    :class:`GameSession` or a browser's ``WebSession``: the driver's ``Terminal``), counted by its
    server while it runs; return the note to leave on the player's screen. ``release``: how the
    app hands its session back to a worker (its ``release`` attribute, where it has one)."""
    server: GameServer = session.server
    note = "Goodbye."
    try:
        from tulipgames.net.language import use_for_session

        use_for_session(session, info)  # this session's language, before its app is made
        app = session._app = server.app_factory(info)
        app.driver_class = ChannelDriver.bind(session)
        if release is not None and hasattr(app, "release"):
            app.release = release
        apply_profile(app, profile)
        app.animation_level = "none"
        # Textual prints a crash report to sys.stderr, which another app may have redirected.
        app.error_console = Console(file=sys.__stderr__, markup=False, highlight=False)
        session.running = True
        server.heap.session_started()
        await app.run_async(mouse=False)
        if app.return_code:
            note = CRASH_NOTE
    except Exception:
        log.exception("session of %s (%s) failed", info.username, session.peer)
        note = CRASH_NOTE
    finally:
        session.running = False
        session._driver = None
        server.sessions.discard(session)
        server.app_finished()
        server.heap.session_ended(len(server.sessions))
    return note


#: Where a session's app runs: any worker (the least busy), or the main process.
ANY_WORKER, MAIN = -1, None


async def run_placed(session: Any, info: SessionInfo, profile: TerminalProfile) -> str:
    """Run a session's app where it belongs, moving it between processes as its player goes
    (an SSH :class:`GameSession` or a browser's ``WebSession``); return the note to leave.

    Without workers it runs here. With them it starts in a worker (the least busy; the one
    holding the live table its player is seated at, :class:`~tulipgames.net.homes.Homes`),
    unless the player sits at a table this process holds. An app in a worker that asks for
    something of the tables ends there (its last frame stays on the screen) and the session
    goes on where that is: the worker holding the table (a table entry), else this process.
    An app here at the bare menu, or at a table a worker holds, hands the session to a
    worker the same way (``session._release``)."""
    server: GameServer = session.server
    pool = server.pool
    if pool is None:
        return await run_app(session, info, profile)
    where, info = server.first_place(info)
    while True:
        if where is not MAIN:
            try:
                note, entry = await session._run_remote(info, where)
            except BaseException:
                server.sessions.discard(session)
                raise
            if not entry or session._closing_note is not None or session.gone:
                server.sessions.discard(session)
                return note
            session._keep_dropped()
            where = server.route(entry)
            info = dataclasses.replace(info, entry=entry, highlight="")
            if where is MAIN:
                audit.record("session_placed", name=info.username, peer=info.peer,
                             worker="main", entry=entry)
            continue
        session._releasing = False
        session._moving = None
        note = await run_app(session, info, profile, session._release)
        if not session._releasing or session._closing_note is not None or session.gone:
            return note
        # Back at the menu, away from the tables, or at a table a worker holds.
        session._releasing = False
        session._keep_dropped()
        server.sessions.add(session)
        entry, worker = session._moving or ("", ANY_WORKER)
        info = dataclasses.replace(info, entry=entry, highlight=session._highlight)
        where = worker if pool.live else MAIN


async def run_remote(session: Any, info: SessionInfo, worker: int = ANY_WORKER) -> tuple[str, str]:
    """Run the app of ``session`` in a worker (``worker``: its index, or any) until it ends
    (the note to leave) or hands the session on (the menu entry to open where it goes)."""
    server: GameServer = session.server
    assert server.pool is not None
    start = start_message(info.username, info.profile, info.peer, session.size,
                          server.entries(info.username), info.highlight, entry=info.entry)
    remote = server.pool.open(start, session.send, worker)
    audit.record("session_placed", name=info.username, peer=info.peer,
                 worker=remote.worker.index, pid=remote.worker.pid,
                 entry=info.entry or None)
    session._driver = session._fences = session._app = session._remote = remote
    try:
        outcome = await remote.ended
    finally:
        session._remote = session._app = None
        if session._driver is remote:
            session._driver = None
    early = str(outcome.get("early") or "").encode("latin-1")
    session._early = bytearray(early[:INBOX_BYTES]) + session._early
    return str(outcome.get("note") or CRASH_NOTE), str(outcome.get("moved_to") or "")


class GameSession(asyncssh.SSHServerSession):
    """One interactive session: a PTY, a Textual app and the bytes between them."""

    def __init__(
        self, server: GameServer, username: str, peer: str, owner: _Connection | None = None
    ) -> None:
        self.server = server
        self.owner = owner
        self.username = username
        self.peer = peer
        self.size: tuple[int, int] = (80, 24)
        self.running = False
        self.last_input = asyncio.get_running_loop().time()
        self._chan: Any = None
        self._term_type: str | None = None
        self._command: str | None = None
        #: Where input and resizes go: this process's driver, or the worker running the app.
        self._driver: ChannelDriver | RemoteApp | None = None
        self._app: Any = None
        #: The app of this session while it runs in a worker.
        self._remote: RemoteApp | None = None
        #: The app here is ending to hand the session back to a worker: its goodbye is muted.
        self._releasing = False
        #: The menu entry lit when the app here handed the session back (for the worker's).
        self._highlight = ""
        #: Where the app here hands the session: (entry to open, worker index).
        self._moving: tuple[str, int] | None = None
        #: What the client typed while its app was starting or moving, for the app once it can
        #: read (bounded like the driver's inbox).
        self._early = bytearray()
        self._pending: list[str] = []
        self._closing_note: str | None = None
        #: What the fences of this session's earlier apps dropped (it moved between processes).
        self._dropped_earlier = (0, 0)
        #: The driver, kept after the app ends: its counts of dropped input go to the log.
        self._fences: ChannelDriver | RemoteApp | None = None
        self._task: asyncio.Task[None] | None = None
        #: A session without a terminal: the lines it typed, and what is left of a line.
        self._lines: queue.Queue[str] | None = None
        self._partial = ""
        self._ended = False
        self.dropped_lines = 0
        #: The plain-text menu of this session in a worker (with ``--workers``).
        self._remote_plain: RemoteApp | None = None

    # -- asyncssh callbacks ---------------------------------------------------------------------
    def connection_made(self, chan: Any) -> None:
        self._chan = chan

    def pty_requested(self, term_type: str, term_size: Any, term_modes: Any) -> bool:
        self._term_type = term_type or "dumb"
        self.size = clamp_size(term_size[0], term_size[1])
        return True

    def shell_requested(self) -> bool:
        return True

    def exec_requested(self, command: str) -> bool:
        self._command = command  # accepted only to answer with a clear refusal
        return True

    def subsystem_requested(self, subsystem: str) -> bool:
        return False

    def session_started(self) -> None:
        from tulipgames.net.language import channel_language

        with channel_language(self):  # a refusal in the client's language
            refusal = self._refusal()
        if refusal is not None:
            with contextlib.suppress(OSError):  # the client may have gone already
                self._chan.write((refusal + "\r\n").encode("utf-8"))
                self._chan.exit(1)
            if self.owner is not None:
                self.owner.session_ended()
            return
        self.server.sessions.add(self)
        if self._term_type is None:  # no terminal (ssh -T, a script): the plain-text mode
            self._lines = queue.Queue(PLAIN_QUEUE)
            self._task = asyncio.get_running_loop().create_task(self._run_plain())
            return
        self._task = asyncio.get_running_loop().create_task(self._run())

    def _refusal(self) -> str | None:
        from tulipgames.i18n import _

        if self._command is not None:
            return _("tulipgames runs no commands: connect with plain `ssh -p PORT name@host`.")
        if self._term_type is None and self.server.plain_factory is None:
            return _("tulipgames needs a terminal: connect with `ssh -t` (no command, no -T).")
        cap = self.server.config.max_sessions
        if len(self.server.sessions) >= cap or self.server.players > cap:
            return _("The tulipgames server is full ({cap} players). Please try again later.") \
                .format(cap=cap)
        return None

    def data_received(self, data: bytes, datatype: Any) -> None:
        self.last_input = asyncio.get_running_loop().time()
        if self._lines is not None:
            self._feed_lines(data)
        elif self._driver is not None:
            self._driver.feed(data)
        elif self._task is not None and len(self._early) < INBOX_BYTES:
            self._early += data[: INBOX_BYTES - len(self._early)]

    def _feed_lines(self, data: bytes) -> None:
        """Bytes of a session without a terminal become lines of printable text, bounded: an
        overlong line is cut, and lines beyond the queue are dropped and counted."""
        text = self._partial + data.decode("utf-8", errors="replace")
        *complete, self._partial = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
        if len(self._partial) > PLAIN_LINE:
            complete.append(self._partial)
            self._partial = ""
        assert self._lines is not None
        if self._remote_plain is not None:  # the worker's queue bounds them (and counts)
            cleaned = ("".join(ch for ch in line[:PLAIN_LINE] if ch.isprintable())
                       for line in complete)
            if complete:
                self._remote_plain.feed("".join(line + "\n" for line in cleaned).encode())
            return
        for line in complete:
            clean = "".join(ch for ch in line[:PLAIN_LINE] if ch.isprintable())
            try:
                self._lines.put_nowait(clean)
            except queue.Full:
                self.dropped_lines += 1

    def terminal_size_changed(self, width: int, height: int, pixw: int, pixh: int) -> None:
        self.size = clamp_size(width, height)
        if self._driver is not None:
            self._driver.resize(*self.size)

    def break_received(self, msec: int) -> bool:
        return True

    def eof_received(self) -> bool:
        if self._lines is not None:
            self._ended = True  # the plain session reads what is queued, then ends
            if self._remote_plain is not None:
                self._remote_plain.end_input()
            return True
        self.close()
        return False

    def connection_lost(self, exc: Exception | None) -> None:
        self._chan = None
        self.close()

    # -- the Terminal protocol (see driver.py) ---------------------------------------------------
    def attach(self, driver: ChannelDriver) -> None:
        self._driver = self._fences = driver
        if self._early:
            # After the driver's start: it reads input from then on.
            asyncio.get_running_loop().call_soon(self._replay_early)

    def _replay_early(self) -> None:
        early, self._early = bytes(self._early), bytearray()
        if self._driver is not None and early:
            self._driver.feed(early)

    @property
    def dropped_bytes(self) -> int:
        return self._dropped_earlier[0] + (
            0 if self._fences is None else self._fences.dropped_bytes)

    @property
    def dropped_events(self) -> int:
        return self._dropped_earlier[1] + (
            0 if self._fences is None else self._fences.dropped_events)

    def _keep_dropped(self) -> None:
        """The app is moving to another process: keep its fences' counts for the log."""
        self._dropped_earlier = (self.dropped_bytes, self.dropped_events)
        self._fences = None

    def write(self, data: str) -> None:
        if self._chan is None or self._releasing:
            return
        if not self._pending:
            asyncio.get_running_loop().call_soon(self._flush)
        self._pending.append(data)

    def _flush(self) -> None:
        data, self._pending = "".join(self._pending), []
        if self._chan is None or not data:
            return
        if self._chan.get_write_buffer_size() > MAX_BACKLOG:
            self.close("Your connection is too slow to keep up; closing.")
            return
        self.send(data.encode("utf-8"))

    def send(self, data: bytes) -> None:
        """Write to the channel, unless the client is too far behind (then close)."""
        if self._chan is None or not data:
            return
        if self._chan.get_write_buffer_size() > MAX_BACKLOG:
            self.close("Your connection is too slow to keep up; closing.")
            return
        try:
            self._chan.write(data)
        except OSError:  # BrokenPipeError: the client vanished before we heard of it
            self._chan = None
            self.close()

    # -- the app ----------------------------------------------------------------------------------
    async def _run(self) -> None:
        if self._chan is None:  # the client left before its app could start
            self.server.sessions.discard(self)
            return
        profile = TerminalProfile.from_client(self._term_type, self._chan.get_environment())
        info = SessionInfo(self.username, profile, self.peer)
        from tulipgames.net.language import use_for_session

        use_for_session(self, info)  # the menu entries a worker's app is sent speak it too
        note = "Goodbye."
        try:
            note = await run_placed(self, info, profile)
        finally:
            self._flush()
            self._goodbye(self._closing_note or note)

    @property
    def gone(self) -> bool:
        """The client has left (nothing more to run for it)."""
        return self._chan is None

    def _release(self, entry: str = "", worker: int = ANY_WORKER) -> None:
        """The app here hands the session to a worker: back to the menu there (it is at the
        menu, no table), or to the worker holding a table (``entry`` opens it there)."""
        if self._app is not None and self.running and self._closing_note is None:
            self._releasing = True
            self._moving = (entry, worker)
            self._highlight = "" if entry else self._app.menu_highlight()
            self._app.exit()

    async def _run_remote(self, info: SessionInfo, worker: int = ANY_WORKER) -> tuple[str, str]:
        return await run_remote(self, info, worker)

    async def _run_plain(self) -> None:
        """A session without a terminal: the plain-text menu and games, in a worker thread,
        reading the lines typed and writing lines back (the same safety fences apply)."""
        from tulipgames.plain.menu import LineConsole
        from tulipgames.plain.shared import NOTHING

        assert self.server.plain_factory is not None
        loop = asyncio.get_running_loop()
        from tulipgames.net.language import speaking, use_for_session

        env = self._chan.get_environment() if self._chan is not None else {}
        info = SessionInfo(self.username, TerminalProfile.from_client("dumb", env), self.peer)
        lang = use_for_session(self, info)  # the plain thread's language (its own context)

        def read() -> str | None:
            assert self._lines is not None
            while True:
                try:
                    return self._lines.get(timeout=0.2)
                except queue.Empty:
                    if self._ended or self._chan is None:
                        return None

        def write(line: str) -> None:
            loop.call_soon_threadsafe(self.write, line + "\r\n")

        def prompt(text: str) -> None:
            loop.call_soon_threadsafe(self.write, text)

        def poll(seconds: float) -> object:
            """A line if one comes within ``seconds`` (a plain player at a shared table hears
            the others' moves between lines)."""
            assert self._lines is not None
            try:
                return self._lines.get(timeout=seconds)
            except queue.Empty:
                return None if self._ended or self._chan is None else NOTHING

        console = LineConsole(read, write, prompt, echo=False, player=self.username)
        console.loop, console.poll = loop, poll  # for the shared tables of this process
        note = "Goodbye."
        self.running = True
        pool = self.server.pool
        try:
            # A player seated at a live table starts here, where the table is (as full-screen).
            if pool is not None and pool.live and not self.server.at_home(self.username):
                note, console.first = await self._run_plain_remote(info, pool)
                worker = self.server.plain_route(console.first)
                if worker is not None and self._closing_note is None and self._chan is not None:
                    # a table a worker holds: the plain menu goes on there, at that table
                    note, console.first = await self._run_plain_remote(
                        info, pool, worker, console.first)
                if console.first and self._closing_note is None and self._chan is not None:
                    audit.record("session_placed", name=info.username, peer=info.peer,
                                 worker="main", plain=1)
                    await loop.run_in_executor(
                        self.server.plain_pool, speaking(lang, self.server.plain_factory),
                        info, console
                    )
                    note = "Goodbye."
            else:
                await loop.run_in_executor(
                    self.server.plain_pool, speaking(lang, self.server.plain_factory), info,
                    console
                )
        except Exception:
            log.exception("plain session of %s (%s) failed", self.username, self.peer)
            note = "Sorry, tulipgames hit an error; the server log has the details."
        finally:
            self.running = False
            self.server.sessions.discard(self)
            await asyncio.sleep(0)  # let the last lines the thread wrote be queued first
            self._flush()
            self._goodbye_plain(self._closing_note or note)

    async def _run_plain_remote(self, info: SessionInfo, pool: WorkerPool,
                                worker: int = ANY_WORKER, first: str = "") -> tuple[str, str]:
        """The plain-text menu in a worker, like a full-screen app there: its games and bots
        think in that process, never in this one's threads (16 sessions against hard bots
        here stalled every player). Returns the note to leave, and the answer that asked for
        a shared table when the session moves to this process for it (else ""). With
        ``first`` (``join CODE``, ``watch CODE``) it goes to the ``worker`` holding that table
        and plays there (the answer is its first line)."""
        from tulipgames.net.homes import code_in, table_entry

        code = code_in(first) if first else None
        start = start_message(info.username, info.profile, info.peer, self.size,
                              self.server.entries(info.username), plain=True,
                              entry="" if code is None else table_entry(code))
        start["first"] = first
        remote = self._remote_plain = pool.open(start, self.send, worker)
        audit.record("session_placed", name=info.username, peer=info.peer,
                     worker=remote.worker.index, pid=remote.worker.pid, plain=1,
                     entry=start["entry"] or None)
        assert self._lines is not None
        early = []
        while not self._lines.empty():  # typed before the worker was asked
            early.append(self._lines.get_nowait())
        if early:
            remote.feed("".join(line + "\n" for line in early).encode())
        if self._ended:
            remote.end_input()
        try:
            outcome = await remote.ended
        finally:
            self._remote_plain = None
        self.dropped_lines += int(outcome.get("dropped_lines") or 0)
        moved = str(outcome.get("moved_to") or "")
        if moved:  # what the worker had not read yet comes first, then what came since
            later = []
            while not self._lines.empty():
                later.append(self._lines.get_nowait())
            for line in [*(outcome.get("lines") or []), *later][:PLAIN_QUEUE]:
                self._lines.put_nowait(str(line))
        return str(outcome.get("note") or CRASH_NOTE), moved

    def _goodbye_plain(self, note: str) -> None:
        if self._chan is None:
            return
        from tulipgames.i18n import render

        with contextlib.suppress(Exception):
            self._chan.write((render(note) + "\r\n").encode("utf-8"))
            self._chan.exit(0)
        self._chan = None
        if self.owner is not None:
            self.owner.session_ended()

    def _goodbye(self, note: str) -> None:
        if self._chan is None:
            return
        from tulipgames.i18n import render

        with contextlib.suppress(Exception):
            self._chan.write(("\x1b[?1049l\x1b[?25h\r\n" + render(note) + "\r\n").encode("utf-8"))
            self._chan.exit(0)
        self._chan = None
        if self.owner is not None:
            self.owner.session_ended()

    def close(self, note: str | None = None) -> None:
        """End the session, telling the player ``note`` if the channel is still open."""
        if note is not None and self._closing_note is None:
            self._closing_note = note
        if self._lines is not None:
            self._ended = True  # the plain session's next read ends it
            if self._remote_plain is not None:
                self._remote_plain.exit()
            if self._task is None and self._chan is not None:
                self._goodbye_plain(self._closing_note or "Goodbye.")
            return
        if self._app is not None and (self.running or self._remote is not None):
            self._app.exit()
        elif self._task is None and self._chan is not None:
            self._goodbye(self._closing_note or "Goodbye.")
        elif self._chan is None:
            self.server.sessions.discard(self)

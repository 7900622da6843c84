"""The SSH server: one Textual app per connection, all in one asyncio process.

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
import contextlib
import gc
import hmac
import logging
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import asyncssh
from rich.console import Console

from tulipgames.net.driver import ChannelDriver
from tulipgames.net.terminal import TerminalProfile, apply_profile

log = logging.getLogger("tulipgames.serve")

#: Bytes of unsent output a client may fall behind before it is disconnected.
MAX_BACKLOG = 4 * 1024 * 1024
HOST_KEY_NAME = "ssh_host_ed25519_key"


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

    @property
    def open(self) -> bool:
        """No access control: anyone who can reach the port may play."""
        return self.authorized_keys is None and not self.passwords


@dataclass(frozen=True)
class SessionInfo:
    """What the app of one connection knows about its player."""

    username: str
    profile: TerminalProfile
    peer: str


AppFactory = Callable[[SessionInfo], Any]


def clean_name(username: str) -> str:
    """A player name from an SSH login name: printable, at most 20 characters."""
    name = "".join(ch for ch in username if ch.isprintable() and ch not in "{}[]").strip()
    return name[:20] or "player"


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


def read_password_file(path: Path) -> dict[str, str]:
    """``name:password`` lines (``*:password`` admits any name); ``#`` starts a comment."""
    passwords: dict[str, str] = {}
    for number, raw in enumerate(path.read_text("utf-8").splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        name, sep, password = line.partition(":")
        if not sep or not name or not password:
            raise ValueError(f"{path}:{number}: expected name:password")
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

    def __init__(self, config: ServerConfig, app_factory: AppFactory) -> None:
        self.config = config
        self.app_factory = app_factory
        self.sessions: set[GameSession] = set()
        self.connections: set[asyncssh.SSHServerConnection] = set()
        self.host_key = load_host_key(config.data_dir)
        self._acceptor: asyncssh.SSHAcceptor | None = None
        self._watchdog: asyncio.Task[None] | None = None
        self._stdout, self._stderr = sys.stdout, sys.stderr
        self.heap = HeapKeeper()

    @property
    def fingerprint(self) -> str:
        return str(self.host_key.get_fingerprint("sha256"))

    @property
    def port(self) -> int:
        assert self._acceptor is not None
        return int(self._acceptor.get_port())

    async def start(self) -> None:
        options: dict[str, Any] = {}
        if self.config.authorized_keys is not None:
            options["authorized_client_keys"] = str(self.config.authorized_keys)
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
            login_timeout=30,
            keepalive_interval=30,
            keepalive_count_max=3,
            server_version="tulipgames",
            **options,
        )
        self._watchdog = asyncio.get_running_loop().create_task(self._watch_idle())

    async def stop(self) -> None:
        """Tell every player, close their sessions, then the connections and the listener."""
        if self._watchdog is not None:
            self._watchdog.cancel()
        if self._acceptor is not None:
            self._acceptor.close()
        for session in list(self.sessions):
            session.close("The server is shutting down. Your games are saved.")
        for _ in range(50):  # each app restores the client's screen and says goodbye
            if not self.sessions:
                break
            await asyncio.sleep(0.1)
        for conn in list(self.connections):
            conn.close()
        if self._acceptor is not None:
            await self._acceptor.wait_closed()

    async def _watch_idle(self) -> None:
        loop = asyncio.get_running_loop()
        timeout = self.config.idle_timeout
        while True:
            await asyncio.sleep(min(5.0, max(0.2, timeout / 4)))
            for session in list(self.sessions):
                if loop.time() - session.last_input > timeout:
                    minutes = max(1, round(timeout / 60))
                    session.close(
                        f"Closed after {minutes} min without a key press. "
                        "Your tables are saved: reconnect and join with the same code."
                    )

    def app_finished(self) -> None:
        # Textual redirects sys.stdout/stderr while an app runs; with many apps interleaving
        # their starts and ends, put the server's own streams back once none is running.
        if not any(session.running for session in self.sessions):
            sys.stdout, sys.stderr = self._stdout, self._stderr


class _Connection(asyncssh.SSHServer):
    """One TCP connection: authentication and its session channel."""

    def __init__(self, server: GameServer) -> None:
        self.server = server
        self.conn: asyncssh.SSHServerConnection | None = None

    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        self.conn = conn
        self.server.connections.add(conn)
        # Unauthenticated connections cost a handshake each: bound them well above the
        # session cap so a flood cannot starve the players who are already in.
        if len(self.server.connections) > 2 * self.server.config.max_sessions + 16:
            conn.close()

    def connection_lost(self, exc: Exception | None) -> None:
        if self.conn is not None:
            self.server.connections.discard(self.conn)

    def begin_auth(self, username: str) -> bool:
        return not self.server.config.open

    def password_auth_supported(self) -> bool:
        return bool(self.server.config.passwords)

    def validate_password(self, username: str, password: str) -> bool:
        passwords = self.server.config.passwords
        expected = passwords.get(username, passwords.get("*"))
        return expected is not None and hmac.compare_digest(
            expected.encode("utf-8"), password.encode("utf-8")
        )

    def session_requested(self) -> GameSession:
        assert self.conn is not None
        username = str(self.conn.get_extra_info("username") or "player")
        peer = self.conn.get_extra_info("peername") or ("?", 0)
        return GameSession(self.server, clean_name(username), f"{peer[0]}:{peer[1]}")


class GameSession(asyncssh.SSHServerSession):  # type: ignore[type-arg]
    """One interactive session: a PTY, a Textual app and the bytes between them."""

    def __init__(self, server: GameServer, username: str, peer: str) -> None:
        self.server = server
        self.username = username
        self.peer = peer
        self.size: tuple[int, int] = (80, 24)
        self.running = False
        self.last_input = asyncio.get_running_loop().time()
        self._chan: Any = None
        self._term_type: str | None = None
        self._command: str | None = None
        self._driver: ChannelDriver | None = None
        self._app: Any = None
        self._pending: list[str] = []
        self._closing_note: str | None = None
        self._task: asyncio.Task[None] | None = None

    # -- asyncssh callbacks ---------------------------------------------------------------------
    def connection_made(self, chan: Any) -> None:
        self._chan = chan

    def pty_requested(self, term_type: str, term_size: Any, term_modes: Any) -> bool:
        self._term_type = term_type or "dumb"
        width, height = term_size[0], term_size[1]
        self.size = (width or 80, height or 24)
        return True

    def shell_requested(self) -> bool:
        return True

    def exec_requested(self, command: str) -> bool:
        self._command = command  # accepted only to answer with a clear refusal
        return True

    def subsystem_requested(self, subsystem: str) -> bool:
        return False

    def session_started(self) -> None:
        refusal = self._refusal()
        if refusal is not None:
            self._chan.write((refusal + "\r\n").encode("utf-8"))
            self._chan.exit(1)
            return
        self.server.sessions.add(self)
        self._task = asyncio.get_running_loop().create_task(self._run())

    def _refusal(self) -> str | None:
        if self._command is not None:
            return "tulipgames runs no commands: connect with plain `ssh -p PORT name@host`."
        if self._term_type is None:
            return "tulipgames needs a terminal: connect with `ssh -t` (no command, no -T)."
        cap = self.server.config.max_sessions
        if len(self.server.sessions) >= cap:
            return f"The tulipgames server is full ({cap} players). Please try again later."
        return None

    def data_received(self, data: bytes, datatype: Any) -> None:
        self.last_input = asyncio.get_running_loop().time()
        if self._driver is not None:
            self._driver.feed(data)

    def terminal_size_changed(self, width: int, height: int, pixw: int, pixh: int) -> None:
        self.size = (width or 80, height or 24)
        if self._driver is not None:
            self._driver.resize(*self.size)

    def break_received(self, msec: int) -> bool:
        return True

    def eof_received(self) -> bool:
        self.close()
        return False

    def connection_lost(self, exc: Exception | None) -> None:
        self._chan = None
        self.close()

    # -- the Terminal protocol (see driver.py) ---------------------------------------------------
    def attach(self, driver: ChannelDriver) -> None:
        self._driver = driver

    def write(self, data: str) -> None:
        if self._chan is None:
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
        self._chan.write(data.encode("utf-8"))

    # -- the app ----------------------------------------------------------------------------------
    async def _run(self) -> None:
        if self._chan is None:  # the client left before its app could start
            self.server.sessions.discard(self)
            return
        profile = TerminalProfile.from_client(self._term_type, self._chan.get_environment())
        info = SessionInfo(self.username, profile, self.peer)
        note = "Goodbye."
        try:
            app = self._app = self.server.app_factory(info)
            app.driver_class = ChannelDriver.bind(self)
            apply_profile(app, profile)
            app.animation_level = "none"
            # Textual prints a crash report to sys.stderr, which another app may have redirected.
            app.error_console = Console(file=sys.__stderr__, markup=False, highlight=False)
            self.running = True
            self.server.heap.session_started()
            await app.run_async(mouse=False)
            if app.return_code:
                note = "Sorry, tulipgames hit an error; the server log has the details."
        except Exception:
            log.exception("session of %s (%s) failed", self.username, self.peer)
            note = "Sorry, tulipgames hit an error; the server log has the details."
        finally:
            self.running = False
            self._driver = None
            self.server.sessions.discard(self)
            self.server.app_finished()
            self.server.heap.session_ended(len(self.server.sessions))
            self._flush()
            self._goodbye(self._closing_note or note)

    def _goodbye(self, note: str) -> None:
        if self._chan is None:
            return
        with contextlib.suppress(Exception):
            self._chan.write(("\x1b[?1049l\x1b[?25h\r\n" + note + "\r\n").encode("utf-8"))
            self._chan.exit(0)
        self._chan = None

    def close(self, note: str | None = None) -> None:
        """End the session, telling the player ``note`` if the channel is still open."""
        if note is not None and self._closing_note is None:
            self._closing_note = note
        if self._app is not None and self.running:
            self._app.exit()
        elif self._task is None and self._chan is not None:
            self._goodbye(self._closing_note or "Goodbye.")
        elif self._chan is None:
            self.server.sessions.discard(self)

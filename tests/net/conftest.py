"""Real clients against a real server: ``tulipgames serve`` in a subprocess on a free loopback
port, OpenSSH ``ssh`` clients inside a private ``tmux`` server whose panes we read."""

from __future__ import annotations

import asyncio
import os
import re
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import asyncssh
import pytest

from tests.net.lobbykit import FakeTime
from tests.tui import toygame
from tulipgames.net import loadtest
from tulipgames.net.lobby import Lobby
from tulipgames.store import Store

HOST = "127.0.0.1"
SSH_OPTIONS = [
    "-o", "StrictHostKeyChecking=no",
    "-o", "UserKnownHostsFile=/dev/null",
    "-o", "LogLevel=ERROR",
    "-o", "BatchMode=yes",
]


def client_key_file() -> Path:
    """One private key for the test clients (an open server binds each name to its first key)."""
    path = Path(f"/tmp/tulipgames-test-key-{os.getuid()}")
    if not path.exists():
        key = asyncssh.generate_private_key("ssh-ed25519")
        tmp = path.with_suffix(f".{os.getpid()}")
        tmp.touch(mode=0o600)
        tmp.write_bytes(key.export_private_key())
        tmp.replace(path)
    return path


needs_clients = pytest.mark.skipif(
    shutil.which("ssh") is None or shutil.which("tmux") is None,
    reason="needs the OpenSSH client and tmux",
)


class Server:
    """A ``tulipgames serve`` subprocess; ``port`` is read from its first lines."""

    def __init__(self, data_dir: Path, *extra: str) -> None:
        self.data_dir = data_dir
        command = [sys.executable, "-m", "tulipgames.net.ssh"]
        if (Path(__file__).parents[2] / "tulipgames" / "cli.py").exists():
            command = [sys.executable, "-m", "tulipgames", "serve"]
        self.proc = subprocess.Popen(
            [*command, "--host", HOST, "--port", "0", "--data-dir", str(data_dir), *extra],
            stdout=subprocess.PIPE,
            stderr=open(data_dir / "serve.err", "w"),  # noqa: SIM115 - lives with the process
            text=True,
            env={**os.environ, "TULIPGAMES_HOME": str(data_dir)},
        )
        self.banner: list[str] = []
        assert self.proc.stdout is not None
        while True:
            line = self.proc.stdout.readline()
            if not line:
                raise RuntimeError("server exited: " + (data_dir / "serve.err").read_text())
            self.banner.append(line.rstrip())
            if line.startswith("play:"):
                break
        match = re.search(r"listening on [\d.]+:(\d+)", "\n".join(self.banner))
        assert match, self.banner
        self.port = int(match.group(1))

    def ssh_command(self, name: str, *extra: str) -> list[str]:
        identity = ["-i", str(client_key_file()), "-o", "IdentitiesOnly=yes"]
        return ["ssh", "-p", str(self.port), *SSH_OPTIONS, *identity, *extra, f"{name}@{HOST}"]

    def wait_log(self, event: str, count: int, timeout: float = 10) -> list[str]:
        """The lines of ``event`` once there are ``count`` (the server writes them a moment
        after the client has its answer)."""
        deadline = time.monotonic() + timeout
        while len(self.log_lines(event)) < count and time.monotonic() < deadline:
            time.sleep(0.05)
        return self.log_lines(event)

    def log_lines(self, event: str | None = None) -> list[str]:
        """The structured log lines so far (stderr), optionally only those of one event."""
        lines = (self.data_dir / "serve.err").read_text().splitlines()
        return [line for line in lines if event is None or f" event={event} " in line + " "]

    def alive(self) -> bool:
        return self.proc.poll() is None

    def stop(self) -> None:
        self.proc.terminate()
        try:
            self.proc.wait(10)
        except subprocess.TimeoutExpired:
            self.proc.kill()


class Tmux:
    """A private tmux server (``-L``) holding one window per client."""

    def __init__(self, socket: str) -> None:
        self.socket = socket

    def run(self, *args: str) -> str:
        out = subprocess.run(
            ["tmux", "-L", self.socket, *args], capture_output=True, text=True, timeout=10
        )
        return out.stdout

    def client(self, name: str, command: list[str], size: tuple[int, int] = (80, 24)) -> Client:
        width, height = size
        self.run(
            "new-session", "-d", "-s", name, "-x", str(width), "-y", str(height),
            "-e", "TERM=xterm-256color", " ".join(command) + "; sleep 30",
        )
        return Client(self, name)

    def kill(self) -> None:
        self.run("kill-server")
        socket = Path(f"/tmp/tmux-{os.getuid()}") / self.socket
        socket.unlink(missing_ok=True)


class Client:
    """One terminal: send keys, read the screen, wait for text."""

    def __init__(self, tmux: Tmux, name: str) -> None:
        self.tmux = tmux
        self.name = name

    def screen(self) -> str:
        return self.tmux.run("capture-pane", "-p", "-t", self.name)

    def keys(self, *keys: str) -> None:
        for key in keys:
            self.tmux.run("send-keys", "-t", self.name, key)
            time.sleep(0.05)

    def type(self, text: str) -> None:
        self.tmux.run("send-keys", "-t", self.name, "-l", text)

    def resize(self, width: int, height: int) -> None:
        self.tmux.run("resize-window", "-t", self.name, "-x", str(width), "-y", str(height))

    def size(self) -> tuple[int, int]:
        out = self.tmux.run("display", "-p", "-t", self.name, "#{window_width} #{window_height}")
        width, height = out.split()
        return int(width), int(height)

    def wait_for(self, pattern: str, timeout: float = 15) -> str:
        """The screen once ``pattern`` (a regex) appears on it; fails with the screen if not."""
        deadline = time.monotonic() + timeout
        screen = ""
        while time.monotonic() < deadline:
            screen = self.screen()
            if re.search(pattern, screen):
                return screen
            time.sleep(0.1)
        raise AssertionError(f"{pattern!r} never appeared on {self.name}'s screen:\n{screen}")

    def wait_gone(self, pattern: str, timeout: float = 15) -> str:
        deadline = time.monotonic() + timeout
        screen = ""
        while time.monotonic() < deadline:
            screen = self.screen()
            if not re.search(pattern, screen):
                return screen
            time.sleep(0.1)
        raise AssertionError(f"{pattern!r} stayed on {self.name}'s screen:\n{screen}")

    def close(self) -> None:
        self.tmux.run("kill-session", "-t", self.name)


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    srv = Server(tmp_path)
    yield srv
    srv.stop()


@pytest.fixture
def serve(tmp_path: Path) -> Iterator[list[Server]]:
    """The running servers of a test (a restart appends the new one); all stopped at the end."""
    servers: list[Server] = []
    yield servers
    for server in servers:
        server.stop()


async def send(client: loadtest.Client, *keys: str, pause: float = 0.15) -> None:
    """Type ``keys`` on an asyncssh client's channel, one at a time, ``pause`` s apart."""
    for key in keys:
        client.chan.write(key.encode())
        await asyncio.sleep(pause)


@pytest.fixture
def tmux(tmp_path: Path) -> Iterator[Tmux]:
    mux = Tmux(f"tg-test-{os.getpid()}-{tmp_path.name}")
    yield mux
    mux.kill()


def menu_pick(client: Client, ups_from_quit: int) -> None:
    """Choose a menu entry counted upwards from Quit (1 = Join a table, 2 = Open a table)."""
    client.wait_for("Join a table")
    client.keys("End", *["Up"] * ups_from_quit, "Enter")


@pytest.fixture
def clock() -> FakeTime:
    """The lobby's wall clock, moved by hand (``clock.now += 60``)."""
    return FakeTime()


@pytest.fixture
def lobby(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, clock: FakeTime) -> Iterator[Lobby]:
    """A lobby of the toy game only, with its own store and the hand-moved clock; a module
    may define its own (a real clock, another game)."""
    toygame.install(monkeypatch, only=True)
    store = Store(tmp_path)
    yield Lobby(store, tmp_path, now=clock, bot_delay=0.01)
    store.close()

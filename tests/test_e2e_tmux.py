"""The real program in a real terminal: ``tulipgames`` inside a private tmux server at 80x24.

The screen is read with ``tmux capture-pane -p``; keys go in with ``send-keys``. Every test uses
its own tmux socket (``-L``) and data directory, so nothing touches the user's tmux or saves.
"""

from __future__ import annotations

import json
import os
import shlex
import shutil
import signal
import sqlite3
import subprocess
import sys
import time
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from tulipgames import games

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed"),
]

GAME = "sixtyone"


class Terminal:
    """One program running in a detached tmux session on a private socket."""

    def __init__(self, socket: str, width: int = 80, height: int = 24) -> None:
        self.socket = socket
        self.width = width
        self.height = height

    def tmux(self, *args: str) -> str:
        done = subprocess.run(
            ["tmux", "-L", self.socket, *args],
            capture_output=True, text=True, timeout=20, check=True,
        )
        return done.stdout

    def start(self, argv: list[str], env: dict[str, str]) -> None:
        command = " ".join(shlex.quote(a) for a in argv)
        exports = " ".join(f"{k}={shlex.quote(v)}" for k, v in env.items())
        self.tmux(
            "-f", "/dev/null", "new-session", "-d", "-s", "main",
            "-x", str(self.width), "-y", str(self.height),
            f"env -i {exports} {command}",
        )
        self.tmux("set-option", "-t", "main", "remain-on-exit", "on")

    def screen(self) -> str:
        return self.tmux("capture-pane", "-p", "-t", "main")

    def keys(self, *keys: str) -> None:
        for key in keys:
            self.tmux("send-keys", "-t", "main", key)
            time.sleep(0.15)

    def wait_for(self, check: Callable[[str], bool] | str, timeout: float = 20.0) -> str:
        """Poll the screen until ``check`` (a text to find, or a test) holds."""
        test = (lambda s: check in s) if isinstance(check, str) else check
        deadline = time.monotonic() + timeout
        shown = ""
        while time.monotonic() < deadline:
            shown = self.screen()
            if test(shown):
                return shown
            time.sleep(0.2)
        raise AssertionError(f"timed out waiting for {check!r}; the screen shows:\n{shown}")

    def wait_until_dead(self, timeout: float) -> None:
        """Wait for the pane's program to be gone (tmux's own flag, not a message on screen)."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.tmux("display-message", "-p", "-t", "main", "#{pane_dead}").strip() == "1":
                return
            time.sleep(0.2)
        raise AssertionError("the program in the pane is still running")

    def program_pid(self) -> int:
        """The tulipgames process in the pane (the pane's shell may have exec'd it or not)."""
        pane = int(self.tmux("display-message", "-p", "-t", "main", "#{pane_pid}").strip())
        for pid in [pane, *_descendants(pane)]:
            try:
                argv = Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")
            except OSError:
                continue
            # the Python process itself, not a shell or env(1) that started it
            program = Path(argv[0].decode()).name
            if "python" in program and b"-m" in argv and b"tulipgames" in argv:
                return pid
        raise AssertionError("no tulipgames process in the pane")

    def close(self) -> None:
        subprocess.run(["tmux", "-L", self.socket, "kill-server"],
                       capture_output=True, timeout=20, check=False)


def _descendants(pid: int) -> list[int]:
    found: list[int] = []
    for child in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = child.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid:
            found.append(int(child.parent.name))
            found.extend(_descendants(int(child.parent.name)))
    return found


@pytest.fixture
def terminal() -> Iterator[Terminal]:
    term = Terminal(f"tg-test-{os.getpid()}-{uuid.uuid4().hex[:8]}")
    yield term
    term.close()


@pytest.fixture
def env(tmp_path: Path) -> dict[str, str]:
    return {
        "TERM": "xterm-256color",
        "COLORTERM": "truecolor",
        "LANG": "C.UTF-8",
        "PATH": os.environ.get("PATH", ""),
        "HOME": str(tmp_path / "home"),
        "PYTHONPATH": os.pathsep.join(sys.path),
    }


def tulipgames(data_dir: Path, *args: str) -> list[str]:
    return [sys.executable, "-m", "tulipgames", "--data-dir", str(data_dir), *args]


def saved_actions(data_dir: Path, save_id: int = 1) -> list[list[object]]:
    db = sqlite3.connect(data_dir / "tulipgames.sqlite3")
    try:
        row = db.execute("SELECT record FROM saves WHERE id = ?", (save_id,)).fetchone()
    finally:
        db.close()
    return json.loads(row[0])["actions"]


def test_menu_fits_80x24_and_a_game_starts(terminal: Terminal, env: dict[str, str],
                                           tmp_path: Path):
    first = games.CATALOGUE[0]
    terminal.start(tulipgames(tmp_path / "data"), env)
    menu = terminal.wait_for("Quit")
    lines = menu.splitlines()
    assert len(lines) <= 24
    assert "tulipgames" in lines[1]
    for info in games.CATALOGUE:
        assert info.title in menu
    for entry in ("Resume a game", "Solo challenge", "History & high scores", "Rules"):
        assert entry in menu
    terminal.keys("1")
    terminal.wait_for(f"New game: {first.title}")
    terminal.keys("C-g")  # start as set up: Ana (human) against a bot
    shown = terminal.wait_for(lambda s: "Rules" in s and ("Ana:" in s or "thinking" in s))
    footer = shown.splitlines()[-1]  # key hints: only keys that work now
    assert "Rules" in footer and "esc Menu" in footer
    terminal.keys("Escape")
    back = terminal.wait_for("Resume a game")
    # A game is kept once an action was played (a bot may have opened, or the deal made Ana the
    # Seller); a game left before anything was played is not offered for resume
    db = sqlite3.connect(tmp_path / "data" / "tulipgames.sqlite3")
    try:
        records = [json.loads(text) for (text,) in db.execute("SELECT record FROM saves")]
    finally:
        db.close()
    played = any(record["actions"] for record in records)
    assert ("Resume a game (1)" in back) == played, back


def test_too_small_terminal_gets_a_notice(terminal: Terminal, env: dict[str, str],
                                          tmp_path: Path):
    terminal.width, terminal.height = 60, 20
    terminal.start(tulipgames(tmp_path / "data"), env)
    terminal.wait_for("Terminal too small")
    assert "need 80x24" in terminal.screen()
    terminal.tmux("resize-window", "-t", "main", "-x", "80", "-y", "24")
    terminal.wait_for("Quit")


def test_killed_mid_game_loses_no_action(terminal: Terminal, env: dict[str, str],
                                         tmp_path: Path):
    data = tmp_path / "data"
    terminal.start(tulipgames(data, "play", GAME, "--seats", "Ana,bot:random", "--seed", "7"), env)
    terminal.wait_for("Ana:")
    played = play_moves(terminal, data, moves=3)
    before = terminal.screen()
    os.kill(terminal.program_pid(), signal.SIGKILL)
    terminal.wait_until_dead(timeout=10)
    after_kill = saved_actions(data)
    assert after_kill[: len(played)] == played
    assert len(after_kill) >= len(played)

    terminal.close()
    again = Terminal(terminal.socket + "-2")
    try:
        again.start(tulipgames(data, "resume", "1"), env)
        resumed = again.wait_for("Ana:")
        # opening a save changes nothing, but a bot plays what it owes on this roll (in Sixty-One
        # every seat chooses at once, so the bot need not wait for Ana)
        reopened = saved_actions(data)
        assert reopened[: len(after_kill)] == after_kill
        assert all(seat == 1 for seat, _ in reopened[len(after_kill):])
        assert status_line(resumed) == status_line(before)
        play_moves(again, data, moves=1)
        assert saved_actions(data)[: len(after_kill)] == after_kill
    finally:
        again.close()


def status_line(screen: str) -> str:
    return next(line for line in screen.splitlines() if line.strip()).strip()


def ana_actions(data: Path) -> int:
    return sum(1 for seat, _ in saved_actions(data) if seat == 0)


def play_moves(terminal: Terminal, data: Path, moves: int) -> list[list[object]]:
    """Make ``moves`` of Ana's (seat 0) actions with Sixty-One's keys; returns the saved actions.

    On the dice sheet Enter takes the highlighted choice at every step: the area die, the write
    die, then the highlighted spot (or the leaf die when nothing can be written, or the X); y
    confirms it.
    """
    target = ana_actions(data) + moves
    for _ in range(moves * 8):
        if ana_actions(data) >= target:
            break
        terminal.wait_for("Ana:")
        terminal.keys("Enter", "y")  # y confirms the choice Enter has built
        time.sleep(0.2)
    assert ana_actions(data) >= target
    terminal.wait_for(lambda s: "Ana:" in s and "thinking" not in s)
    return saved_actions(data)

"""What the lobby tests share: a clock that moves only when told, and a session's app."""

from __future__ import annotations

from pathlib import Path

from tulipgames.net.app import ServerApp
from tulipgames.net.lobby import Lobby, player_dir
from tulipgames.net.server import SessionInfo
from tulipgames.net.terminal import TerminalProfile
from tulipgames.store import Store
from tulipgames.table import Table


class FakeTime:
    """Wall-clock seconds that move only when told."""

    def __init__(self) -> None:
        self.now = 1_800_000_000.0

    def __call__(self) -> float:
        return self.now


def session_app(lobby: Lobby, name: str, tmp_path: Path) -> ServerApp:
    """The app of ``name``'s SSH session at ``lobby``, its own store in the data directory."""
    info = SessionInfo(name, TerminalProfile("xterm-256color"), "127.0.0.1:1")
    return ServerApp(info, lobby, Store(player_dir(tmp_path, name)), bot_delay=0.01)


def sit(table: Table, *apps: ServerApp) -> None:
    """Each app's player at ``table`` in seat order (``apps[0]`` at seat 0), each in its own
    app's context as its session would be."""
    for seat, app in enumerate(apps):
        with app._context():
            app.start_table(table, seats=frozenset({seat}))

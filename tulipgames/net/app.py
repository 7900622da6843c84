"""The app of one SSH session: the ordinary tulipgames menu plus shared tables.

A remote player can do everything a local one can (play alone, hot-seat with a friend on the same
keyboard) and also open or join a shared table. Solo and hot-seat games, Resume and History use
the player's own store (``players/<name>/`` in the server's data directory), so nobody can resume,
and so peek into, another player's game. Shared tables live in the server's store and are rejoined
by their code.
"""

from __future__ import annotations

import hashlib
import re
from pathlib import Path
from typing import Any

from textual.command import CommandPalette
from textual.css.query import NoMatches
from textual.screen import Screen
from textual.worker import WorkerFailed

from tulipgames.net.lobby import Lobby, OpenTable, RemoteTable
from tulipgames.net.screens import JoinScreen, OpenTableScreen
from tulipgames.net.server import SessionInfo
from tulipgames.store import Store
from tulipgames.tui.app import TulipGamesApp
from tulipgames.tui.screens.game import GameScreen


def player_dir(data_dir: Path, name: str) -> Path:
    """The directory of a player's own games; any login name maps to a safe folder name."""
    safe = re.sub(r"[^A-Za-z0-9_.-]", "_", name).strip(".") or "player"
    if safe != name:
        safe += "-" + hashlib.sha256(name.encode("utf-8")).hexdigest()[:8]
    return data_dir / "players" / safe


class ServerApp(TulipGamesApp):
    """:class:`TulipGamesApp` for one SSH session, with Open a table / Join a table."""

    def __init__(
        self, info: SessionInfo, lobby: Lobby, store: Store | None, **kwargs: Any
    ) -> None:
        super().__init__(store, **kwargs)
        self.info = info
        self.player = info.username
        self.lobby = lobby
        self._present: set[str] = set()

    def extra_menu_entries(self) -> list[tuple[str, str]]:
        waiting = len(self.lobby.listing())
        return [
            ("net:open", "Open a table: play with others on this server"),
            ("net:join", f"Join a table ({waiting} open)" if waiting else "Join a table"),
        ]

    def on_extra_menu(self, entry_id: str) -> None:
        if entry_id == "net:open":
            self.push_screen(OpenTableScreen(self.lobby, self.player))
        elif entry_id == "net:join":
            self.push_screen(JoinScreen(self.lobby, self.player))

    def on_mount(self) -> None:
        # No super().on_mount(): Textual runs every class's own handler along the MRO, so
        # calling it here too pushed a second menu (and its size check) on every session.
        self.screen_change_signal.subscribe(self, self._screen_changed)
        if not self.info.profile.utf8:
            self.notify(
                "Your terminal says its language is not UTF-8 (LANG): card glyphs may look "
                "wrong. Try LANG=C.UTF-8 on your side.",
                severity="warning",
                timeout=10,
            )

    def _handle_exception(self, error: Exception) -> None:
        """An app whose client has gone may still run a screen's queued mount after Textual
        took that screen's widgets away; a missing widget then is no bug worth a traceback in
        the server log. Any other error, or one while the player is still there, is reported."""
        # A worker's error comes wrapped. Textual's command palette searches in a worker that
        # can outlive the palette when keys arrive fast (an Escape queued behind typed text):
        # its last refresh then finds no list. That is a closed palette, not a broken session.
        cause = error.error if isinstance(error, WorkerFailed) else error
        palette_gone = isinstance(error, WorkerFailed) and not isinstance(
            self.screen, CommandPalette
        )
        if isinstance(cause, NoMatches) and (getattr(self, "_exit", False) or palette_gone):
            return
        super()._handle_exception(error)

    def on_unmount(self) -> None:
        self._set_presence(set())
        if self.store is not None:
            self.store.close()

    def rematch(self, results: Any, same_seed: bool) -> None:
        if self._shared(results.save_id) is not None:
            self.notify("For a rematch of a shared table, open a new table.", severity="warning")
            return
        super().rematch(results, same_seed)

    # -- who is at which table ----------------------------------------------------------------
    def _shared(self, save_id: int | None) -> OpenTable | None:
        if save_id is None:
            return None
        for opened in self.lobby.tables.values():
            if opened.table is not None and opened.table.save_id == save_id:
                return opened
        return None

    def _screen_changed(self, _screen: Screen[Any]) -> None:
        codes = set()
        for screen in self.screen_stack:
            if isinstance(screen, GameScreen) and isinstance(screen.table, RemoteTable):
                opened = self._shared(screen.table.save_id)
                if opened is not None:
                    codes.add(opened.code)
        self._set_presence(codes)

    def _set_presence(self, codes: set[str]) -> None:
        for code in self._present - codes:
            if code in self.lobby.tables:
                self.lobby.tables[code].depart(self.player)
        for code in codes - self._present:
            self.lobby.tables[code].arrive(self.player)
        self._present = codes

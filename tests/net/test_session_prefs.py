"""Each SSH player's preferences are their own: kept with their saves, never in the config of
the account the server runs as, and the setup offers the name they logged in with."""

from __future__ import annotations

import json
from pathlib import Path

from textual.widgets import Input

from tulipgames.net.app import ServerApp, player_dir
from tulipgames.net.lobby import Lobby
from tulipgames.net.server import SessionInfo
from tulipgames.net.terminal import TerminalProfile
from tulipgames.store import Store


def session(tmp_path: Path, lobby: Lobby, name: str) -> ServerApp:
    info = SessionInfo(name, TerminalProfile("xterm-256color"), "127.0.0.1:1")
    return ServerApp(info, lobby, Store(player_dir(tmp_path, name)))


async def first_seat_offered(app: ServerApp) -> str:
    """The name in the first seat of a new Sixty-One game's setup screen."""
    async with app.run_test(size=(80, 24)) as pilot:
        app.show_setup("sixtyone")
        await pilot.pause()
        return app.screen.query_one("#name-0", Input).value


async def test_players_keep_their_own_name_and_theme_apart_from_the_server_account(
    tmp_path: Path, own_config: Path
) -> None:
    store = Store(tmp_path)
    lobby = Lobby(store, tmp_path)
    try:
        alice = session(tmp_path, lobby, "alice")
        assert await first_seat_offered(alice) == "alice"
        alice.remember(name="Alicia", theme="tulip-light")

        kept = json.loads((player_dir(tmp_path, "alice") / "config.json").read_text("utf-8"))
        assert kept["name"] == "Alicia" and kept["theme"] == "tulip-light"
        # the account the server runs as keeps no player's choices
        assert not own_config.exists()

        bob = session(tmp_path, lobby, "bob")
        assert bob.prefs.theme == "tulip-dark"
        assert await first_seat_offered(bob) == "bob"

        again = session(tmp_path, lobby, "alice")
        assert again.prefs.theme == "tulip-light"
        assert await first_seat_offered(again) == "Alicia"
    finally:
        store.close()

"""The host's lobby says how strong the bots it would seat are, from the measured
``BotLevel.strength`` (the same line as the setup screen), and follows `l`."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Static

from tulipgames import games
from tulipgames.net.app import ServerApp, player_dir
from tulipgames.net.lobby import Lobby
from tulipgames.net.screens import LobbyScreen
from tulipgames.net.server import SessionInfo
from tulipgames.net.terminal import TerminalProfile
from tulipgames.store import Store


async def test_the_host_sees_the_measured_strength_of_the_bot_level(tmp_path: Path) -> None:
    game = games.get_game("sixtyone")
    measured = {level.name: level.strength for level in game.levels}
    assert measured["hard"], "Sixty-One's hard level has a measured strength"
    store = Store(tmp_path)
    lobby = Lobby(store, tmp_path)
    info = SessionInfo("ana", TerminalProfile("xterm-256color"), "127.0.0.1:1")
    app = ServerApp(info, lobby, Store(player_dir(tmp_path, "ana")))
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            opened = lobby.open("sixtyone", 2, "ana")
            opened.claim("ana")
            await app.push_screen(LobbyScreen(lobby, opened, "ana"))
            await pilot.pause()

            def hint() -> str:
                return str(app.screen.query_one("#hint", Static).render())

            shown = {}
            for _ in game.bot_levels:
                level = app.screen.level  # type: ignore[attr-defined]
                shown[level] = hint()
                await pilot.press("l")
                await pilot.pause()
            for level, text in shown.items():
                assert f"Bot {level}: {measured[level] or ''}" in text, text
            assert shown["hard"] != shown["normal"]
    finally:
        store.close()

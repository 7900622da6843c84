"""At the end of a shared game: conflicting rematch votes are shown to everyone at the table
(players and watchers), and a watcher follows the table into its rematch.

Real ServerApps of two players and a watcher under Textual's Pilot, one lobby and a real SQLite
store, the app-shell's toy game with one card each (a game is two turns).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.net.lobbykit import session_app
from tests.tui import toygame
from tulipgames.net.app import ServerApp
from tulipgames.net.lobby import Lobby
from tulipgames.net.screens import SharedTableView
from tulipgames.store import Store
from tulipgames.tui.screens.results import ResultsScreen


@pytest.fixture
def lobby(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Lobby]:
    toygame.install(monkeypatch, only=True)
    store = Store(tmp_path)
    yield Lobby(store, tmp_path, bot_delay=0.01)
    store.close()


def differ(app: ServerApp) -> list[str]:
    return [n.message for n in app._notifications if n.message.startswith("Rematch votes differ")]


async def test_conflicting_votes_are_shown_to_all_and_a_watcher_follows_the_rematch(
    lobby: Lobby, tmp_path: Path
) -> None:
    opened = lobby.open("toy", 2, "ana", options={"cards": 1}, seed=5)
    opened.claim("ben")
    table = lobby.start(opened.code)
    apps = [session_app(lobby, name, tmp_path) for name in ("ana", "ben", "cleo")]
    ana, ben, cleo = apps
    async with (ana.run_test(size=(80, 24)) as pa, ben.run_test(size=(80, 24)) as pb,
                cleo.run_test(size=(80, 24)) as pc):
        pilots = (pa, pb, pc)

        async def settle() -> None:
            for _ in range(3):
                for pilot in pilots:
                    await pilot.pause()

        for app, seats in ((ana, {0}), (ben, {1}), (cleo, set())):
            with app._context():
                app.start_table(table, seats=frozenset(seats))
        await settle()
        for seat in (0, 1):
            table.play(seat, table.state.legal_actions(seat)[0])
            table.play(seat, "end")
        assert table.is_over
        for _ in range(100):  # the results follow the last move after a short pause
            await settle()
            if all(isinstance(app.screen, ResultsScreen) for app in apps):
                break
        assert all(isinstance(app.screen, ResultsScreen) for app in apps)

        with ana._context():
            ana.rematch(ana.screen, True)  # same seed
        await settle()
        assert differ(ana) == differ(ben) == differ(cleo) == []
        with ben._context():
            ben.rematch(ben.screen, False)  # a new seed: the votes conflict
        await settle()
        expected = (f"Rematch votes differ at table {opened.code}: same seed: ana; new seed: "
                    "ben. It starts when all choose the same (r or n).")
        for app in apps:
            assert differ(app) == [expected], app.player
        await settle()
        assert all(len(differ(app)) == 1 for app in apps)  # told once

        with ben._context():
            ben.rematch(ben.screen, True)  # he agrees: the rematch starts
        await settle()
        new = opened.table
        assert new is not None and new is not table and not new.is_over
        for app, viewer in ((ana, 0), (ben, 1)):
            assert isinstance(app.screen, SharedTableView) and app.screen.table is new
            assert app.screen.viewer == viewer
        screen = cleo.screen
        assert isinstance(screen, SharedTableView) and screen.table is new and screen.watching
        assert "cleo" in opened.watchers

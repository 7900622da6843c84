"""A player resigns (a bot finishes the seat, its result marked as a stand-in's and kept out of
the player's own statistics), and a host who leaves a lobby hands it to the next player (or,
alone, the table closes: it never stays "[waiting]" forever).

Real ServerApps under Textual's Pilot sharing one lobby and a real SQLite store, the app-shell's
toy game.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.net.lobbykit import session_app, sit
from tests.tui import toygame
from tulipgames.net.app import player_dir
from tulipgames.net.lobby import Lobby, OpenTable, TableError
from tulipgames.net.screens import LobbyScreen, SharedTableView
from tulipgames.store import Store, wait_for_histories


@pytest.fixture
def lobby(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Lobby]:
    toygame.install(monkeypatch, only=True)
    store = Store(tmp_path)
    yield Lobby(store, tmp_path, bot_delay=0.01)
    store.close()


def started(lobby: Lobby) -> OpenTable:
    opened = lobby.open("toy", 2, "ana", options={"cards": 3}, seed=5)
    opened.claim("ben")
    lobby.start(opened.code)
    return opened


async def test_a_resigned_seat_is_finished_by_a_bot_and_its_result_marked(
    lobby: Lobby, tmp_path: Path
) -> None:
    opened = started(lobby)
    table = opened.table
    assert table is not None
    ana, ben = session_app(lobby, "ana", tmp_path), session_app(lobby, "ben", tmp_path)
    async with ana.run_test(size=(80, 24)) as pa, ben.run_test(size=(80, 24)) as pb:
        sit(table, ana, ben)
        await pa.pause()
        await pb.pause()
        commands = {c.title: c for c in ana.get_system_commands(ana.screen)}
        assert "Resign this game" in commands
        with ana._context():
            commands["Resign this game"].callback()
        await pa.pause()
        assert table.resigned == {0} and table.record.standins == [0]
        assert any("You resigned at table" in n.message for n in ana._notifications)
        # A key of hers no longer takes the seat back; the bot plays it to the end, with ben.
        await pa.press("x")
        await pa.pause()
        assert 0 in table.standins
        assert "Resign this game" not in {c.title for c in ana.get_system_commands(ana.screen)}
        for _ in range(200):
            if table.is_over:
                break
            if table.to_act() == (1,):
                with ben._context():
                    table.play(1, table.state.legal_actions(1)[0])
                    table.play(1, "end")
            await pb.pause(0.02)
        assert table.is_over
    # The record says so; ana's own History has the game with her seat marked, so her
    # statistics do not count it as hers.
    saved = lobby.store.load(table.save_id)
    assert saved.record.standins == [0]
    wait_for_histories()  # the copy into ana's store is written off the loop
    own = Store(player_dir(tmp_path, "ana"))
    try:
        [game] = own.saves(None, empty=True)
        assert own.load(game.id).record.standins == [0]
    finally:
        own.close()
    with pytest.raises(TableError):
        opened.resign("ana")  # over, and hers no more


def test_a_resignation_survives_a_restart(lobby: Lobby, tmp_path: Path) -> None:
    opened = started(lobby)
    opened.resign("ben")
    again = Lobby(lobby.store, tmp_path, bot_delay=0.01)
    table = again.find(opened.code).table
    assert table is not None
    assert table.resigned == {1} and 1 in table.standins and table.record.standins == [1]
    assert not table.reclaim(1)


async def test_a_host_who_leaves_hands_the_lobby_to_the_next_player(
    lobby: Lobby, tmp_path: Path
) -> None:
    ana, ben = session_app(lobby, "ana", tmp_path), session_app(lobby, "ben", tmp_path)
    async with ben.run_test(size=(80, 24)) as pb:
        opened = lobby.open("toy", 3, "ana", options={"cards": 3})
        opened.claim("ben")
        async with ana.run_test(size=(80, 24)) as pa:
            for app in (ana, ben):
                with app._context():
                    app.push_screen(LobbyScreen(lobby, opened, app.player))
            await pa.pause()
            await pb.pause()
            assert isinstance(ben.screen, LobbyScreen) and not ben.screen.is_host
            assert "(host)" not in str(ben.screen.query_one("#seats").render()).split("ben")[1]
        # ana's session ended (her connection dropped): ben hosts, her seat is free.
        await pb.pause()
        assert opened.host == opened.settings.host == "ben"
        assert opened.seat_of("ana") is None and opened.code in lobby.tables
        seats = str(ben.screen.query_one("#seats").render())
        assert "Seat 2: ben  (host)  <- you" in seats and "Seat 1: (open)" in seats
        await pb.press("b", "s")  # his keys now: bots for the free seats, then start
        await pb.pause()
        assert opened.started and isinstance(ben.screen, SharedTableView)


async def test_a_lobby_whose_host_leaves_alone_closes(lobby: Lobby, tmp_path: Path) -> None:
    ana = session_app(lobby, "ana", tmp_path)
    async with ana.run_test(size=(80, 24)) as pa:
        opened = lobby.open("toy", 2, "ana", options={"cards": 3})
        with ana._context():
            ana.push_screen(LobbyScreen(lobby, opened, "ana"))
        await pa.pause()
        assert [t.code for t in lobby.listing()] == [opened.code]
    # her connection dropped with nobody else at the table
    assert opened.code not in lobby.tables and lobby.listing() == []
    with pytest.raises(TableError):
        lobby.find(opened.code)

"""Two session apps in one event loop share a table, as they do inside ``tulipgames serve``.

These run the real :class:`ServerApp` and lobby screens under Textual's Pilot with the app-shell's
toy game (hidden hands), so they check the cross-app plumbing without any SSH in between.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from textual.app import App

from tests.net.lobbykit import session_app
from tests.tui import toygame
from tulipgames.net.lobby import Listeners, Lobby, OpenTable, RemoteTable, TableError
from tulipgames.store import Store
from tulipgames.table import Table
from tulipgames.tui.screens.game import GameScreen


@pytest.fixture
def lobby(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Lobby]:
    toygame.install(monkeypatch, only=True)
    store = Store(tmp_path)
    yield Lobby(store, tmp_path)
    store.close()


def log_text(app: App[None]) -> str:
    screen = app.screen
    assert isinstance(screen, GameScreen)
    from tulipgames.tui.widgets import GameLog

    return "\n".join(screen.query_one(GameLog)._lines)


async def test_two_sessions_share_one_table_and_see_only_their_seat(
    lobby: Lobby, tmp_path: Path
) -> None:
    ana, ben = session_app(lobby, "ana", tmp_path), session_app(lobby, "ben", tmp_path)
    async with ana.run_test(size=(80, 24)) as pa, ben.run_test(size=(80, 24)) as pb:
        with ana._context():
            ana.on_extra_menu("net:open")
        await pa.pause()
        await pa.press("end", "enter")
        await pa.pause()
        [code] = lobby.tables
        with ben._context():
            ben.on_extra_menu("net:join")
        await pb.pause()
        await pb.press(*code.lower(), "enter")
        await pb.pause()
        assert lobby.tables[code].seat_of("ben") == 1
        assert type(ana.screen).__name__ == "LobbyScreen", ana.screen
        await pa.press("s")
        await pa.pause()
        await pb.pause()
        table = lobby.tables[code].table
        assert isinstance(table, RemoteTable)
        ana_screen, ben_screen = ana.screen, ben.screen
        assert isinstance(ana_screen, GameScreen) and isinstance(ben_screen, GameScreen)
        assert ana_screen.table is ben_screen.table is table
        assert (ana_screen.viewer, ben_screen.viewer) == (0, 1)

        card = table.state.hands[0][0]
        with ana._context():
            ana_screen.submit(f"play {card}")
            ana_screen.submit("end")
        await pa.pause()
        await pb.pause()
        assert f"ana plays {card}" in log_text(ben)
        assert ben_screen.acting and not ana_screen.acting

        # Each screen renders its own seat's view: ben's never holds ana's hand.
        def hand(seat: int) -> str:
            return "Hand: " + (" ".join(f"[{c}]" for c in table.state.hands[seat]) or "-")

        def shown(screen: GameScreen) -> str:
            return str(screen.query_one("#hand").render()).split("  Scores")[0]

        assert shown(ana_screen) == hand(0)
        assert shown(ben_screen) == hand(1)

        # Reconnect: a new session of ben joins with the code and gets seat 1 back.
        await pb.press("escape")
        await pb.pause()
        with ben._context():
            ben.on_extra_menu("net:join")
        await pb.pause()
        await pb.press(*code, "enter")
        await pb.pause()
        assert isinstance(ben.screen, GameScreen) and ben.screen.viewer == 1
        assert ben.screen.table is table


async def test_a_crashing_listener_app_does_not_break_the_mover(
    lobby: Lobby, tmp_path: Path
) -> None:
    """A callback of another session runs in that session's app, never in the mover's."""
    ana, ben = session_app(lobby, "ana", tmp_path), session_app(lobby, "ben", tmp_path)
    seen: list[object] = []

    def ben_listener(value: object) -> None:
        from textual._context import active_app

        seen.append(active_app.get())
        raise RuntimeError("a bug in ben's screen")

    listeners = Listeners()
    with pytest.raises(RuntimeError, match="a bug in ben's screen"):
        async with ana.run_test() as pa, ben.run_test() as pb:
            with ben._context():
                listeners.add(ben_listener)
            with ana._context():
                listeners.publish("move")  # does not raise here, in ana's call
            await pa.pause()
            await pb.pause()
            assert seen == [ben]
            assert ana.is_running and not ana.return_code
            assert ben.return_code == 1  # ben's app took the crash, alone


def test_lobby_codes_seats_and_bots(lobby: Lobby) -> None:
    opened = lobby.open("toy", 3, "ana")
    assert len(opened.code) == 4 and set(opened.code) <= set("ABCDEFGHJKLMNPQRSTUVWXYZ23456789")
    assert lobby.find(opened.code.lower()) is opened
    assert opened.claim("ben") == 1
    assert opened.claim("ben") == 1  # joining again keeps the seat
    with pytest.raises(TableError, match="every seat"):
        lobby.start(opened.code)
    assert opened.give_free_seats_to_bots("random") == 1
    table = lobby.start(opened.code, seed=7)
    assert [s.kind for s in table.seats] == ["human", "human", "bot:random"]
    with pytest.raises(TableError, match="has started"):
        opened.claim("cleo")
    with pytest.raises(TableError, match="no table"):
        lobby.find("ZZZZ")


def played_then_restarted(lobby: Lobby, tmp_path: Path) -> tuple[OpenTable, Table, Lobby]:
    """Ana and Ben's live table, one move played, and a lobby started again on its store."""
    opened = lobby.open("toy", 2, "ana")
    opened.claim("ben")
    table = lobby.start(opened.code, seed=3)
    table.play(0, f"play {table.state.hands[0][0]}")
    return opened, table, Lobby(lobby.store, tmp_path)


def test_started_table_comes_back_from_the_store_after_a_restart(
    lobby: Lobby, tmp_path: Path
) -> None:
    opened, table, restarted = played_then_restarted(lobby, tmp_path)
    again = restarted.find(opened.code)
    assert again.seat_of("ben") == 1 and again.started
    assert again.table is not None and again.table.record.actions == table.record.actions


async def test_a_player_returns_straight_to_a_live_seat_after_a_restart(
    lobby: Lobby, tmp_path: Path
) -> None:
    opened, _, restarted = played_then_restarted(lobby, tmp_path)
    assert opened.code not in restarted.tables  # live tables come back only when wanted
    assert restarted.seated_live("cleo") is None
    back = restarted.seated_live("ben")
    assert back is not None and back.code == opened.code and back.seat_of("ben") == 1
    ben = session_app(restarted, "ben", tmp_path)
    async with ben.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(ben.screen, GameScreen)
        assert ben.screen.table is back.table


def test_finished_tables_leave_the_list_but_not_the_store(
    lobby: Lobby, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level("INFO", logger="tulipgames.audit")
    opened = lobby.open("toy", 2, "ana")
    opened.give_free_seats_to_bots("random")
    table = lobby.start(opened.code, seed=5)
    table.run_bots_now()
    while not table.state.is_over():
        seat = table.state.to_act()[0]
        table.play(seat, table.state.legal_actions(seat)[0])
        table.run_bots_now()
    assert opened not in lobby.listing()
    assert opened.code not in lobby.tables
    again = lobby.find(opened.code)
    assert again.table is not None and again.table.state.is_over()
    events = [m.split()[1] for m in caplog.messages if f"code={opened.code}" in m]
    assert events == ["event=table_opened", "event=table_started", "event=table_finished"]


async def test_host_fills_empty_seats_with_bots_and_they_play(
    lobby: Lobby, tmp_path: Path
) -> None:
    ana = session_app(lobby, "ana", tmp_path)
    async with ana.run_test(size=(80, 24)) as pa:
        with ana._context():
            ana.on_extra_menu("net:open")
        await pa.pause()
        await pa.press("end", "plus", "enter")  # toy game, three seats
        await pa.pause()
        [code] = lobby.tables
        await pa.press("s")  # not yet: two seats are empty
        await pa.pause()
        assert not lobby.tables[code].started
        await pa.press("b", "s")
        await pa.pause()
        table = lobby.tables[code].table
        assert table is not None
        assert [s.kind for s in table.seats] == ["human", "bot:normal", "bot:normal"]
        screen = ana.screen
        assert isinstance(screen, GameScreen)
        with ana._context():
            screen.submit(f"play {table.state.hands[0][0]}")
            screen.submit("end")
        for _ in range(100):  # both bots take their turns, on the table's one driver
            if table.state.to_act() == (0,):
                break
            await pa.pause(0.05)
        assert table.state.to_act() == (0,)
        assert "Bot 1 ends the turn" in log_text(ana) and "Bot 2 ends the turn" in log_text(ana)


async def test_typed_codes_and_names_are_shown_as_plain_text(
    lobby: Lobby, tmp_path: Path
) -> None:
    """A code typed as markup, and a host whose name looks like markup, crash nothing."""
    host = session_app(lobby, "[/b]x", tmp_path)
    guest = session_app(lobby, "[@click=app.quit]", tmp_path)
    async with host.run_test(size=(80, 24)) as ph, guest.run_test(size=(80, 24)) as pg:
        with host._context():
            host.on_extra_menu("net:open")
        await ph.pause()
        await ph.press("end", "enter")
        await ph.pause()
        [code] = lobby.tables
        assert "[/b]x" in str(host.screen.query_one("#seats").render())
        with guest._context():
            guest.on_extra_menu("net:join")
        await pg.pause()
        await pg.press(*"[/]", "enter")
        await pg.pause()
        assert "no table has the code '[/]'" in str(guest.screen.query_one("#error").render())
        await pg.press(*["backspace"] * 3, *code, "enter")
        await pg.pause()
        await ph.pause()
        hint = str(guest.screen.query_one("#hint").render())
        assert "Waiting for [/b]x to start" in hint
        assert "[@click=app.quit]" in str(host.screen.query_one("#seats").render())
        assert host.is_running and guest.is_running
        assert not host.return_code and not guest.return_code

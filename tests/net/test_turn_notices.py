"""Turn notices: a player elsewhere in the app hears (a line and the bell) when a decision waits
for them at one of their tables, once per decision; "Your tables" follows live; the menu and the
command palette take them straight to the next table waiting for them.

Real ServerApps of two sessions under Textual's Pilot, one shared lobby and store, the app-shell's
toy game (a card, then "end", per turn).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from textual.widgets import OptionList

from tests.net.lobbykit import session_app
from tests.tui import toygame
from tulipgames.net.app import ServerApp, WorkerApp, lobby_entries, player_dir
from tulipgames.net.lobby import Lobby, OpenTable, RemoteTable
from tulipgames.net.notices import (
    NEXT_ENTRY,
    TurnNotices,
    desktop_kind,
    desktop_sequence,
    next_entry,
    parse_next,
)
from tulipgames.net.screens import SharedTableView, YourTablesScreen
from tulipgames.store import Store
from tulipgames.tui.screens.menu import MenuScreen


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


def turn(table: RemoteTable, seat: int) -> None:
    """One whole turn of ``seat``: a card, then "end"."""
    table.play(seat, table.state.legal_actions(seat)[0])
    table.play(seat, "end")


def told(app: ServerApp | WorkerApp) -> list[str]:
    return [n.message for n in app._notifications if n.message.startswith("Your turn")]


async def settle(*pilots: object) -> None:
    for _ in range(2):
        for pilot in pilots:
            await pilot.pause()  # type: ignore[attr-defined]


async def test_one_notice_and_bell_per_decision_for_a_player_elsewhere(
    lobby: Lobby, tmp_path: Path
) -> None:
    ana, ben = session_app(lobby, "ana", tmp_path), session_app(lobby, "ben", tmp_path)
    async with ana.run_test(size=(80, 24)) as pa, ben.run_test(size=(80, 24)) as pb:
        await settle(pa, pb)
        opened = started(lobby)  # both at their menus; ana acts first
        table = opened.table
        assert table is not None
        await settle(pa, pb)
        code = opened.code
        assert told(ana) == [f"Your turn at table {code} (Toy Cards). Menu or ctrl+p: next table "
                             "waiting for you."]
        assert ana.bells == 1 and told(ben) == [] and ben.bells == 0
        # Her menu shows it at once, and the count of her turns.
        assert isinstance(ana.screen, MenuScreen)
        labels = [str(e.label).strip() for e in ana.screen.entries]
        assert f"Next table waiting for you: {code} Toy Cards" in labels
        assert "Your tables (1, 1 your turn)" in labels

        # The tables change in other ways, and her decision goes on (a card, not yet "end"):
        # still one notice.
        lobby.listeners.publish(lobby)
        table.play(0, table.state.legal_actions(0)[0])
        await settle(pa, pb)
        assert len(told(ana)) == 1 and ana.bells == 1

        table.play(0, "end")  # ben's turn: his notice, none more for ana
        await settle(pa, pb)
        assert len(told(ben)) == 1 and ben.bells == 1 and len(told(ana)) == 1
        turn(table, 1)  # ana's next decision is a new one: a new notice
        await settle(pa, pb)
        assert len(told(ana)) == 2 and ana.bells == 2

        # The menu entry takes her straight to her seat there; at the table no notice comes.
        [next_id] = [e[0] for e in lobby_entries(lobby, "ana") if e[0].startswith(NEXT_ENTRY)]
        with ana._context():
            ana.on_extra_menu(next_id)
        await settle(pa, pb)
        screen = ana.screen
        assert isinstance(screen, SharedTableView) and screen.opened is opened
        assert screen.viewer == 0 and screen.acting
        with ana._context():
            turn(table, 0)
        await settle(pa, pb)
        turn(table, 1)
        await settle(pa, pb)
        assert len(told(ana)) == 2 and ana.bells == 2


async def test_your_tables_follows_live_and_the_palette_goes_to_the_next_table(
    lobby: Lobby, tmp_path: Path
) -> None:
    ana, ben = session_app(lobby, "ana", tmp_path), session_app(lobby, "ben", tmp_path)
    async with ana.run_test(size=(80, 24)) as pa, ben.run_test(size=(80, 24)) as pb:
        opened = started(lobby)
        table = opened.table
        assert table is not None
        await settle(pa, pb)
        with ben._context():
            ben.on_extra_menu("net:mine")
        await settle(pa, pb)
        assert isinstance(ben.screen, YourTablesScreen)

        def row() -> str:
            menu = ben.screen.query_one("#mine", OptionList)
            return str(menu.get_option_at_index(0).prompt)

        assert "waiting for ana" in row()
        turn(table, 0)  # now it is ben's turn: the open list says so without a key
        await settle(pa, pb)
        assert f"{opened.code}  Toy Cards: your turn" in row()
        # The palette offers "next table waiting for you" and it seats him.
        titles = [c.title for c in ben.get_system_commands(ben.screen)]
        assert "Next table waiting for you" in titles
        [command] = [c for c in ben.get_system_commands(ben.screen)
                     if c.title == "Next table waiting for you"]
        with ben._context():
            command.callback()
        await settle(pa, pb)
        assert isinstance(ben.screen, SharedTableView) and ben.screen.viewer == 1
        # No other table waits for him now: the palette no longer offers it.
        titles = [c.title for c in ben.get_system_commands(ben.screen)]
        assert "Next table waiting for you" not in titles


def test_the_menu_entry_carries_the_waiting_decisions_to_a_worker_session(
    lobby: Lobby,
) -> None:
    """A session in a worker process learns what waits from the entry's id alone."""
    opened = started(lobby)
    [entry] = [e for e in lobby_entries(lobby, "ana") if e[0].startswith(NEXT_ENTRY)]
    table = opened.table
    assert table is not None
    assert parse_next(entry[0]) == [(opened.code, table.decision[0])]
    assert parse_next("net:mine") == [] and parse_next("net:next:[/],X.y") == []
    assert next_entry([]) is None
    notices = TurnNotices()
    pairs = parse_next(entry[0])
    assert notices.fresh(pairs) == pairs
    assert notices.fresh(pairs) == []  # told once
    turn(table, 0)
    turn(table, 1)
    [entry] = [e for e in lobby_entries(lobby, "ana") if e[0].startswith(NEXT_ENTRY)]
    assert notices.fresh(parse_next(entry[0])) == parse_next(entry[0]) != pairs


async def test_desktop_notifications_are_a_player_setting_off_by_default(
    lobby: Lobby, tmp_path: Path
) -> None:
    ana = session_app(lobby, "ana", tmp_path)
    async with ana.run_test(size=(80, 24)) as pilot:
        assert ana.desktop == "off"
        for expected in ("osc9", "osc777", "osc99", "off", "osc9"):
            [command] = [c for c in ana.get_system_commands(ana.screen)
                         if c.title.startswith("Desktop notifications")]
            with ana._context():
                command.callback()
            await pilot.pause()
            assert ana.desktop == expected == desktop_kind(player_dir(tmp_path, "ana"))
    assert session_app(lobby, "ana", tmp_path).desktop == "osc9"  # kept for the next login
    assert desktop_kind(player_dir(tmp_path, "ben")) == "off"
    # What a title or body could smuggle into the sequence is removed.
    assert desktop_sequence("osc9", "t", "a\x07\x1b]52;c;x\x1b\\b") == "\x1b]9;a]52;c;x\\b\x07"
    assert desktop_sequence("osc777", "a;b", "c;d") == "\x1b]777;notify;a,b;c,d\x07"
    assert desktop_sequence("off", "t", "b") == ""
    # kitty's OSC 99: the title, then the body completing the notification, each in base64
    # (a ";", ":" or ESC in the text can neither end nor change the sequence), ended by ST.
    assert desktop_sequence("osc99", "tulipgames", "Your turn; a\x1b\\b") == (
        "\x1b]99;i=tulipgames:d=0:e=1;dHVsaXBnYW1lcw==\x1b\\"
        "\x1b]99;i=tulipgames:d=1:e=1:p=body;WW91ciB0dXJuOyBhXGI=\x1b\\")

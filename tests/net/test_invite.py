"""Invite by name: a player at a table invites another by their login name; the invited player
hears of it wherever they are in the app (a notice, the bell, a menu entry that seats them), or
by e-mail/webhook when not logged in and opted in; unknown and offline names get a clear word,
and invitations are rate-limited.

Real ServerApps under Textual's Pilot sharing one lobby and real SQLite stores, the app-shell's
toy game; a real aiohttp receiver for the webhook.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.net.lobbykit import FakeTime, session_app
from tests.net.test_outbound import hooks  # noqa: F401 - the real HTTP receiver fixture
from tests.net.test_turn_notices import settle
from tulipgames.net.app import WorkerApp, lobby_entries
from tulipgames.net.lobby import INVITE_LINES, Lobby, TableError, player_dir
from tulipgames.net.notices import INVITE_ENTRY, parse_invite
from tulipgames.net.outbound import Notifier, Outbound, set_contact
from tulipgames.net.screens import InviteScreen, LobbyScreen, SharedTableView
from tulipgames.net.server import SessionInfo
from tulipgames.net.terminal import TerminalProfile
from tulipgames.store import Store
from tulipgames.tui.screens.menu import MenuScreen


def invited_notes(app: Any) -> list[str]:
    return [n.message for n in app._notifications if "invites you" in n.message]


def said(app: Any) -> list[str]:
    return [n.message for n in app._notifications]


async def test_a_player_invites_another_by_name_who_is_told_and_seated_from_the_menu(
    lobby: Lobby, tmp_path: Path
) -> None:
    ana, ben = session_app(lobby, "ana", tmp_path), session_app(lobby, "ben", tmp_path)
    player_dir(tmp_path, "cleo").mkdir(parents=True)  # has played here, not logged in now
    async with ana.run_test(size=(80, 24)) as pa, ben.run_test(size=(80, 24)) as pb:
        opened = lobby.open("toy", 3, "ana", options={"cards": 3}, seed=5)
        with ana._context():
            ana.push_screen(LobbyScreen(lobby, opened, "ana"))
        await settle(pa, pb)
        # ctrl+p offers the invitation at the table; it asks for the name.
        [command] = [c for c in ana.get_system_commands(ana.screen)
                     if c.title == "Invite a player to this table"]
        with ana._context():
            command.callback()
        await settle(pa, pb)
        assert isinstance(ana.screen, InviteScreen)
        await pa.press(*"ben", "enter")
        await settle(pa, pb)
        assert isinstance(ana.screen, LobbyScreen)
        assert f"ben is invited to table {opened.code}." in said(ana)
        # ben, at his menu, is told at once (a line and the bell), once; his menu offers it.
        assert invited_notes(ben) == [
            f"ana invites you to a seat at table {opened.code} (Toy Cards). Menu: the "
            f"invitation, or Join a table with the code {opened.code}."]
        assert ben.bells == 1
        assert isinstance(ben.screen, MenuScreen)
        labels = [str(e.label).strip() for e in ben.screen.entries]
        assert f"Invitation: ana invites you to a seat at {opened.code} Toy Cards" in labels
        lobby.listeners.publish(lobby)
        await settle(pa, pb)
        assert len(invited_notes(ben)) == 1 and ben.bells == 1

        # Clear words for a name nobody has, one not logged in, and a second invitation.
        for name, words in (("zed", "nobody called 'zed' has played on this server"),
                            ("cleo", "cleo is not logged in now; invite them when they are"),
                            ("ben", f"ben is invited to table {opened.code} already"),
                            ("ana", f"ana has a seat at table {opened.code} already")):
            with ana._context():
                ana.invite(opened.code, name)
            await settle(pa, pb)
            assert said(ana)[-1] == f"Not invited: {words}.", name
        with pytest.raises(TableError, match="only the players"):
            lobby.invite(opened.code, "mallory", "ben")

        # The menu entry seats ben in the table's lobby; the invitation is then gone.
        [entry] = [e[0] for e in lobby_entries(lobby, "ben") if e[0].startswith(INVITE_ENTRY)]
        assert parse_invite(entry) is not None and parse_invite(entry)[0] == opened.code
        with ben._context():
            ben.on_extra_menu(entry)
        await settle(pa, pb)
        assert isinstance(ben.screen, LobbyScreen) and opened.seat_of("ben") == 1
        assert lobby.invites_for("ben") == []
        # From the lobby screen, "i" asks for a name too; Esc cancels.
        await pb.press("i")
        await settle(pa, pb)
        assert isinstance(ben.screen, InviteScreen)
        await pb.press("escape")
        await settle(pa, pb)
        assert isinstance(ben.screen, LobbyScreen)
        # The game starts while ben's box is open: it closes and he is at his seat.
        await pb.press("i")
        await settle(pa, pb)
        opened.give_free_seats_to_bots("random")
        lobby.start(opened.code)
        await settle(pa, pb)
        assert isinstance(ben.screen, SharedTableView) and ben.screen.viewer == 1
        assert [type(s).__name__ for s in ben.screen_stack[1:]] == ["SharedToyScreen"]


async def test_invitations_are_rate_limited_and_reach_a_started_table_s_chat(
    lobby: Lobby, tmp_path: Path, clock: FakeTime
) -> None:
    names = [f"p{n}" for n in range(INVITE_LINES + 2)]
    for name in names:
        lobby.here[name] = 1  # logged in (a session elsewhere)
    opened = lobby.open("toy", 2, "ana", options={"cards": 3}, seed=5)
    for name in names[:INVITE_LINES]:
        assert lobby.invite(opened.code, "ana", name).endswith("is invited to table "
                                                              f"{opened.code}.")
    with pytest.raises(TableError, match="slow down: at most 5 invitations per 60 seconds"):
        lobby.invite(opened.code, "ana", names[-2])
    clock.now += 61
    lobby.invite(opened.code, "ana", names[-2])
    # Once it starts, the seat invitations are gone; a player invites to watch, from chat.
    opened.claim("ben")
    lobby.start(opened.code)
    assert all(lobby.invites_for(name) == [] for name in names)
    table = opened.table
    assert table is not None
    ana, cleo = session_app(lobby, "ana", tmp_path), session_app(lobby, "cleo", tmp_path)
    async with ana.run_test(size=(80, 24)) as pa, cleo.run_test(size=(80, 24)) as pc:
        with ana._context():
            ana.start_table(table, seats=frozenset({0}))
        await settle(pa, pc)
        await pa.press("ctrl+t", *"/invite cleo", "enter")
        await settle(pa, pc)
        assert invited_notes(cleo) == [
            f"ana invites you to watch table {opened.code} (Toy Cards). Menu: the "
            f"invitation, or Join a table with the code {opened.code}."]
        [entry] = [e[0] for e in lobby_entries(lobby, "cleo") if e[0].startswith(INVITE_ENTRY)]
        with cleo._context():
            cleo.on_extra_menu(entry)
        await settle(pa, pc)
        assert isinstance(cleo.screen, SharedTableView) and cleo.screen.watching
        assert lobby.invites_for("cleo") == []


async def test_an_offline_player_who_opted_in_gets_the_invitation_by_webhook(
    lobby: Lobby, tmp_path: Path, clock: FakeTime, hooks: tuple[list[dict[str, Any]], int],  # noqa: F811
) -> None:
    received, port = hooks
    outbound = Outbound(webhook_hosts=frozenset({"127.0.0.1"}), timeout=5)
    set_contact(player_dir(tmp_path, "dan"), outbound,
                webhook=f"http://127.0.0.1:{port}/topic/dan-secret")
    player_dir(tmp_path, "eve").mkdir(parents=True)  # played here, never opted in
    notifier = Notifier(lobby, outbound, tmp_path, now=clock)
    notifier.attach()
    opened = lobby.open("toy", 3, "ana", options={"cards": 3}, seed=5)
    words = lobby.invite(opened.code, "ana", "dan")
    assert words == ("dan is not logged in now: the invitation went to the notices dan chose "
                     "outside the terminal.")
    with pytest.raises(TableError, match="eve is not logged in now"):
        lobby.invite(opened.code, "ana", "eve")
    await notifier.drain()
    [hook] = received
    assert hook["kind"] == "invite" and hook["table"] == opened.code
    assert hook["text"].startswith(f"ana invites you to a seat at table {opened.code}")
    assert hook["_title"] == f"tulipgames: an invitation to table {opened.code} (Toy Cards)"
    assert hook["_path"] == "/topic/dan-secret"


async def test_a_session_in_a_worker_hears_the_invitation_from_its_menu_entries(
    lobby: Lobby, tmp_path: Path
) -> None:
    """A worker's app never sees the lobby: the invitation entry the main process sends is
    told once, and choosing it moves the session to the main process with the entry."""
    lobby.here["ben"] = 1
    opened = lobby.open("toy", 2, "ana", options={"cards": 3}, seed=5)
    lobby.invite(opened.code, "ana", "ben")
    moved: list[str] = []
    info = SessionInfo("ben", TerminalProfile("xterm-256color"), "127.0.0.1:1")
    ben = WorkerApp(info, lobby_entries(lobby, "ben"), Store(player_dir(tmp_path, "ben")),
                    moved.append, bot_delay=0.01)
    async with ben.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert invited_notes(ben) == [f"Invitation: ana invites you to a seat at {opened.code} "
                                      "Toy Cards. Choose it in the menu to join."]
        assert ben.bells == 1
        ben.show_entries(lobby_entries(lobby, "ben"))  # sent again: no second notice
        await pilot.pause()
        assert len(invited_notes(ben)) == 1 and ben.bells == 1
        [entry] = [e[0] for e in lobby_entries(lobby, "ben") if e[0].startswith(INVITE_ENTRY)]
        ben.on_extra_menu(entry)
        assert moved == [entry]

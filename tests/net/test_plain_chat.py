"""Plain-mode (``ssh -T``) players get the table's chat, invitations and turn notices as text
lines between their prompts, and talk with ``say``: two real OpenSSH clients without a terminal
at a real ``tulipgames serve --log-chat`` (whose log then has the chat lines), with the plain
menus in the server's process and in a worker process."""

from __future__ import annotations

from pathlib import Path

from tests.net.conftest import Server, needs_clients
from tests.net.test_plain_shared import PlainClient

pytestmark = needs_clients


def cy_waits_and_ben_opens(server: Server) -> tuple[PlainClient, PlainClient, str]:
    """cy waits at the plain main menu; ben opens a two-seat Sixty-One table (its code)."""
    cy = PlainClient(server.ssh_command("cy", "-T"))
    cy.wait_for("7. Shared tables")
    ben = PlainClient(server.ssh_command("ben", "-T"))
    ben.wait_for("7. Shared tables")
    ben.type("7")
    ben.wait_for("1. Open a table for others to join")
    ben.type("1")
    ben.wait_for("Which game?")
    ben.type("5")
    ben.wait_for("How many seats")
    ben.type("")
    return cy, ben, ben.wait_for(r"Table ([A-Z2-9]{4}) is open: Sixty-One, 2 seats")[1]


def test_plain_players_invite_chat_and_hear_their_turn_at_the_menu(
    tmp_path: Path, serve: list[Server]
) -> None:
    # All sessions in the server's process (the worker's side: the test after this one).
    server = Server(tmp_path, "--log-chat", "--workers", "0")
    serve.append(server)
    cy, ben, code = cy_waits_and_ben_opens(server)
    ben.type("invite nobody")
    ben.wait_for("Not invited: nobody called 'nobody' has played on this server.")
    ben.type("invite cy")
    ben.wait_for(f"cy is invited to table {code}.")
    # cy hears it at the menu, between prompts, without typing anything
    cy.wait_for(f"ben invites you to table {code} \\(Sixty-One\\): at the main menu type "
                f"join {code}.")
    cy.type(f"join {code}")
    ben.wait_for(r"Seats: 1 ben, 2 cy\. Type start to begin\.")
    ben.type("start")
    ben.wait_for(r"Sixty-One at table [A-Z2-9]{4}, seat 1\.")
    cy.wait_for(r"Sixty-One at table [A-Z2-9]{4}, seat 2\.")
    ben.wait_for("> ")
    cy.wait_for("> ")
    # Both decide at once (the first roll); they talk at their prompts.
    ben.type("say hello there [b]x[/b]")
    cy.wait_for(r"ben says: hello there \[b\]x\[/b\]")
    cy.type("/1")
    ben.wait_for("cy says: good game")
    cy.type("chat")
    cy.wait_for("The last 2 chat lines:\nben says: hello there \\[b\\]x\\[/b\\]\n"
                "cy says: good game")
    assert "ben says" not in ben.text()  # one's own line is not said back
    # The operator asked for the chat in the log: both lines are there, quoted.
    logged = server.wait_log("chat", 2)
    assert f'code={code} name=ben text="hello there [b]x[/b]"' in logged[0]
    assert f'code={code} name=cy text="good game"' in logged[1]
    # cy leaves her decision for the menu: her turn there is told between prompts.
    cy.type("quit")
    cy.wait_for(f"You keep your seat at table {code}")
    cy.wait_for(f"Your turn at table {code}, Sixty-One: type tables to go there.")
    for client in (ben, cy):
        client.close()


def test_a_plain_menu_in_a_worker_hears_invitations_and_turns(
    tmp_path: Path, serve: list[Server]
) -> None:
    # The default shape: sessions start in a worker process, which never sees the lobby; the
    # main process's menu entries carry the invitation and the turn to the plain menu there.
    server = Server(tmp_path, "--workers", "1")
    serve.append(server)
    cy, ben, code = cy_waits_and_ben_opens(server)
    ben.type("invite cy")
    ben.wait_for(f"cy is invited to table {code}.")
    cy.wait_for(f"Invitation: ben invites you to a seat at {code} Sixty-One: at the main menu "
                f"type join {code}.")
    cy.type(f"join {code}")
    ben.wait_for(r"Seats: 1 ben, 2 cy\. Type start to begin\.")
    ben.type("start")
    cy.wait_for(r"Sixty-One at table [A-Z2-9]{4}, seat 2\.")
    assert cy.text().count("Invitation: ben invites you") == 1  # told once
    for client in (ben, cy):
        client.close()


def test_a_worker_plain_menu_tells_each_waiting_decision_once() -> None:
    from tulipgames.net.lobby import Waiting
    from tulipgames.net.notices import next_entry
    from tulipgames.net.worker_process import PlainTerminal

    terminal = PlainTerminal(8)
    first = next_entry([Waiting("ABCD", "Sixty-One", 3)])
    assert first is not None
    terminal.entries = [first]
    assert terminal.news() == ["Your turn at table ABCD: type tables to go there."]
    assert terminal.news() == []  # the same decision: not again
    both = next_entry([Waiting("ABCD", "Sixty-One", 3), Waiting("WXYZ", "Gift of Tulips", 1)])
    assert both is not None
    terminal.entries = [both]
    assert terminal.news() == ["Your turn at table WXYZ: type tables to go there."]
    again = next_entry([Waiting("ABCD", "Sixty-One", 4)])  # a new decision at the first table
    assert again is not None
    terminal.entries = [again]
    assert terminal.news() == ["Your turn at table ABCD: type tables to go there."]

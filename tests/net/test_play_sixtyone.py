"""Two OpenSSH clients play Sixty-One at one shared table of ``tulipgames serve``."""

from __future__ import annotations

import re
import time

from tests.net.conftest import Client, Server, Tmux, menu_pick, needs_clients

pytestmark = needs_clients


def open_sixtyone_table(host: Client) -> str:
    menu_pick(host, 2)
    host.wait_for("Pick the game with the arrows")
    host.wait_for("Sixty-One")
    host.keys("End", "Enter")  # Sixty-One is the last game of the list
    screen = host.wait_for(r"Join code: [A-Z2-9]{4}")
    match = re.search(r"Join code: ([A-Z2-9]{4})", screen)
    assert match is not None
    return match.group(1)


def join(player: Client, code: str) -> None:
    menu_pick(player, 1)
    player.wait_for("Type the code")
    player.type(code)
    player.keys("Enter")


def play_a_move(player: Client, name: str) -> None:
    """Enter picks the area die, the write die, then the highlighted spot (and an earned X's
    spot), y confirms, until the turn passes on."""
    player.wait_for(rf"^ {name}: ")
    deadline = time.monotonic() + 30  # a busy machine redraws slowly: a time budget, not tries
    while time.monotonic() < deadline:
        player.keys("Enter", "y")
        time.sleep(0.3)
        if not player.screen().startswith(f" {name}: "):
            return
    raise AssertionError(f"{name}'s turn never ended:\n{player.screen()}")


def moves_of(client: Client, name: str) -> int:
    return len(re.findall(rf"{name} writes \d+ in", client.screen()))


def test_two_players_share_a_sixtyone_table(server: Server, tmux: Tmux) -> None:
    ana = tmux.client("ana", server.ssh_command("ana"), (100, 30))
    ben = tmux.client("ben", server.ssh_command("ben"), (80, 24))
    code = open_sixtyone_table(ana)
    join(ben, code)
    ana.wait_for(r"\* Seat 2: ben")
    ana.keys("s")

    # Ana moves; Ben's screen shows that she has chosen. Ben moves, the round ends and both
    # screens show what each wrote.
    play_a_move(ana, "ana")
    ben.wait_for(r"ana has chosen")
    play_a_move(ben, "ben")
    ana.wait_for(r"ben writes \d+ in")
    ben.wait_for(r"ben writes \d+ in")

    # A resize re-lays the sheet out for the new size, and back.
    ben.resize(120, 40)
    assert ben.size() == (120, 40)
    ben.wait_for(r"(?m)^.{80,}\S")  # drawn past column 80 (the status line, the footer...)
    ben.resize(80, 24)
    narrow = ben.wait_for(r"ben writes")
    assert ben.size() == (80, 24)
    assert "Terminal too small" not in narrow

    # Ben drops out (Ana's screen says so); Ana plays on; Ben logs in again and is straight
    # back at his seat (no code to type), and sees what he missed.
    ben.close()
    ana.wait_for(r"ben away")
    play_a_move(ana, "ana")
    ana.wait_for(r"Waiting for ben")
    ben = tmux.client("ben2", server.ssh_command("ben"), (80, 24))
    ben.wait_for(r"(?s)^ ben: .*ana writes")  # his seat, his turn, and Ana's move in the log
    ana.wait_for(r"ben connected")
    play_a_move(ben, "ben")
    ana.wait_for(r"^ ana: ")
    assert server.alive()

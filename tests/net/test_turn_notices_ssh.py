"""Turn notices through real SSH clients (asyncssh, screens rendered by pyte) against a real
``tulipgames serve`` subprocess: a player back at the menu gets one line and one terminal bell
(BEL) when a new decision waits for them, and the menu entry takes them to their seat."""

from __future__ import annotations

import base64
import re
from pathlib import Path
from typing import Any

from tests.net.conftest import Server, send
from tests.net.test_tables_ssh import CLOCK, join, open_table, place_on_the_roll
from tulipgames.net.loadtest import Client, connect
from tulipgames.net.lobby import player_dir
from tulipgames.net.notices import set_desktop_kind

ESC, END, UP, ENTER = "\x1b", "\x1b[F", "\x1b[A", "\r"


def count_bells(client: Client) -> list[bytes]:
    """Every chunk the client's terminal receives from now on, kept to count its bells."""
    chunks: list[bytes] = []
    receive = client.term.data_received

    def data_received(data: bytes, datatype: Any) -> None:
        chunks.append(data if isinstance(data, bytes) else data.encode())
        receive(data, datatype)

    client.term.data_received = data_received  # type: ignore[method-assign]
    return chunks


def bells(chunks: list[bytes]) -> int:
    """The terminal bells (BEL) received, not counting the BEL that ends an OSC sequence (the
    mouse pointer's shape, ``ESC ] 22 ; default BEL``)."""
    return re.sub(rb"\x1b\][^\x07\x1b]*\x07", b"", b"".join(chunks)).count(b"\x07")


async def test_a_player_at_the_menu_hears_once_that_a_decision_waits_and_goes_there(
    tmp_path: Path, serve: list[Server]
) -> None:
    server = Server(tmp_path)
    serve.append(server)
    set_desktop_kind(player_dir(tmp_path, "ben"), "osc99")  # ben's terminal is kitty
    ana, ben = await connect(server.port, "ana"), await connect(server.port, "ben")
    code = await open_table(ana, "Sixty-One", (CLOCK, 3, "1 day per move"))
    await join(ben, code)
    await ana.term.wait_for("Seat 2: ben")
    await send(ana, "s")
    await place_on_the_roll(ben, "ben")  # ben has placed on the first roll, then leaves
    await send(ben, ESC)
    await ben.term.wait_for("Your tables")
    chunks = count_bells(ben)
    await place_on_the_roll(ana, "ana")  # the next roll: a new decision for ben, elsewhere
    await ben.term.wait_for(f"Your turn at table {code}")
    await ben.term.wait_for(f"Next table waiting for you: {code} Sixty-One")
    assert "Your tables (1, 1 your turn)" in ben.term.text()
    assert bells(chunks) == 1
    # ...and, his setting, one desktop notification; ana's (off, the default) sent none.
    # (OSC 99, kitty's: title and body in base64; OSC 9 and 777 are the same path, their
    # bytes checked in test_turn_notices)
    body = base64.b64encode(f"Your turn at table {code} (Sixty-One)".encode()).decode()
    desktop = ("\x1b]99;i=tulipgames:d=0:e=1;dHVsaXBnYW1lcw==\x1b\\"
               f"\x1b]99;i=tulipgames:d=1:e=1:p=body;{body}\x1b\\").encode()
    assert b"".join(chunks).count(desktop) == 1
    # The menu entry (the first of the tables' entries, above "Your tables") seats him there.
    lines = ben.term.text().splitlines()
    quit_row = next(i for i, line in enumerate(lines) if "Quit" in line)
    below = quit_row - next(i for i, line in enumerate(lines) if "Next table waiting" in line)
    await send(ben, END, *[UP] * below, ENTER)
    await ben.term.until(lambda: ben.term.status().startswith("ben:"))
    assert bells(chunks) == 1  # no second bell for the same decision
    assert b"".join(chunks).count(b"\x1b]99;") == 2  # one notification: title, body
    for client in (ana, ben):
        client.conn.close()

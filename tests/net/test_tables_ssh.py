"""Shared tables through real SSH clients (asyncssh, screens rendered by pyte) against a real
``tulipgames serve`` subprocess: the clock and its stand-in bots, a rematch with the same seed,
spectators who never see a private card, play-by-mail tables across a server restart.

The clock is scaled down with ``TULIPGAMES_CLOCK_SCALE`` (so "1 min per move" is 0.6 s), which the
server subprocess inherits. (A second key taking an owned name: tests/net/test_auth.py.)
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.net.conftest import Server, send
from tulipgames.net.loadtest import Client, connect
from tulipgames.store import Store
from tulipgames.table import Table

END, HOME, UP, DOWN = "\x1b[F", "\x1b[H", "\x1b[A", "\x1b[B"
TAB, BACKTAB, ENTER = "\t", "\x1b[Z", "\r"
#: The footer while a dropdown of the open-table form is open.
DROPDOWN_OPEN = "Dismiss menu"
#: Rows of the open-table form below the game list, in Tab order.
CLOCK, SPECTATORS = 1, 2


@pytest.fixture
def scaled(monkeypatch: pytest.MonkeyPatch) -> None:
    # 1 min per move -> 0.6 s: a stand-in plays one decision per clock period, so a game the
    # stand-ins finish takes a period per decision
    monkeypatch.setenv("TULIPGAMES_CLOCK_SCALE", "0.01")


async def pick_in_select(client: Client, row: int, downs: int, shown: str) -> None:
    """Tab from the game list to the ``row``-th field, choose ``downs`` entries further down
    (the field then shows ``shown``), and Tab back to the game list."""
    await send(client, *[TAB] * row, ENTER, pause=0.5)
    await client.term.wait_for(DROPDOWN_OPEN)
    await send(client, *[DOWN] * downs, ENTER, pause=0.4)
    # The dropdown closed (else the Tabs would move in it) and the field shows the choice.
    await client.term.until(
        lambda: DROPDOWN_OPEN not in client.term.text()
        and any(shown in line and "▼" in line for line in client.term.screen.display)
    )
    await send(client, *[BACKTAB] * row, pause=0.4)


async def open_table(host: Client, game: str, *fields: tuple[int, int, str]) -> str:
    """The host opens a table of ``game`` with form fields set as ``(row, downs, shown)``;
    returns the join code."""
    await host.term.wait_for("Join a table")
    await send(host, END, UP, UP, ENTER)
    await host.term.wait_for("Pick the game with the arrows")
    await send(host, HOME, *[DOWN] * GAMES.index(game), pause=0.3)
    await host.term.wait_for(f"Seats: 2  ({game}")
    for row, downs, shown in fields:
        await pick_in_select(host, row, downs, shown)
    await send(host, ENTER)
    await host.term.wait_for("Join code:")
    match = re.search(r"Join code: ([A-Z2-9]{4})", host.term.text())
    assert match is not None, host.term.text()
    return match.group(1)


async def join(player: Client, code: str) -> None:
    await player.term.wait_for("Join a table")
    await send(player, END, UP, ENTER)
    await player.term.wait_for("Type the code")
    await send(player, code + ENTER)


def saves(server: Server) -> list[Table]:
    """Every game the server's store holds, oldest first."""
    store = Store(server.data_dir)
    try:
        return [store.load(info.id) for info in reversed(store.saves(None, empty=True))]
    finally:
        store.close()


GAMES = ("Tulip & Rose", "Gift of Tulips", "Century: Spice Road", "The Little Flower Shop",
         "Sixty-One")


async def test_a_dropped_player_gets_a_stand_in_bot_then_the_seat_back_and_a_rematch(
    tmp_path: Path, scaled: None, serve: list[Server]
) -> None:
    server = Server(tmp_path)
    serve.append(server)
    ana, ben = await connect(server.port, "ana"), await connect(server.port, "ben")
    code = await open_table(ana, "Sixty-One", (CLOCK, 1, "1 min per move"))
    await join(ben, code)
    await ana.term.wait_for("Seat 2: ben")
    assert "Clock: 1 min per move" in ana.term.text()
    await send(ana, "s")
    await ben.term.wait_for("ben connected")  # the presence line of the game screen

    ben.conn.close()  # ben drops out; after his 0.6 s a bot plays for him, and everybody sees it
    await ana.term.until(lambda: "ben away" in ana.term.text()
                         and "(bot plays)" in ana.term.text(), timeout=20)
    # the first stand-in move (one per clock period: more may follow while ben is away)
    takeover = next(line for line in server.wait_log("bot_takeover", 1) if "name=ben" in line)
    assert f"code={code}" in takeover and "clock=1min" in takeover

    ben = await connect(server.port, "ben")  # back: straight to his seat, his own again
    await ben.term.wait_for("ben connected")
    assert any("name=ben" in line for line in server.wait_log("seat_reclaimed", 1))
    await ana.term.wait_for("ben connected")

    # Both fall silent: stand-ins finish the game, one decision per clock period; both accept
    # a rematch with the same seed.
    for player in (ana, ben):
        await player.term.until(lambda p=player: "Rematch" in p.term.text(), timeout=180)
    await send(ana, "r")
    await send(ben, "r")
    for player in (ana, ben):
        await player.term.until(lambda p=player: "connected" in p.term.text(), timeout=20)
    first, second = saves(server)
    assert first.is_over and not second.is_over
    assert second.record.seed == first.record.seed
    assert second.record.seats == first.record.seats
    fresh = [Table(t.game, type(t.record).from_json({**t.record.to_json(), "actions": []}))
             for t in (first, second)]
    assert repr(fresh[0].state.view(None)) == repr(fresh[1].state.view(None))
    assert repr(fresh[0].state.view(0)) == repr(fresh[1].state.view(0))  # the same deal
    assert server.wait_log("table_rematch", 1)


@pytest.mark.parametrize(
    ("game", "hidden_money"),
    [("Tulip & Rose", True), ("Gift of Tulips", False), ("The Little Flower Shop", False)],
    ids=["tulipandrose", "giftoftulips", "flowershop"],
)
async def test_a_spectator_sees_no_private_card_on_screen_or_in_the_log(
    tmp_path: Path, serve: list[Server], game: str, hidden_money: bool
) -> None:
    server = Server(tmp_path)
    serve.append(server)
    ana, ben = await connect(server.port, "ana", (120, 40)), await connect(server.port, "ben")
    # Tulip & Rose: the Hidden money option is the second game option (Tab row 4), "on".
    fields = [(4, 1, "on")] if hidden_money else []
    code = await open_table(ana, game, *fields)
    await join(ben, code)
    await ana.term.wait_for("Seat 2: ben")
    await send(ana, "s")
    await ben.term.wait_for("ben connected")
    dev = await connect(server.port, "dev", (120, 40))
    await join(dev, code)
    await dev.term.wait_for(f"Watching {code}")
    await ana.term.wait_for("watching: dev")

    [table] = saves(server)
    if hidden_money:
        assert table.record.options["hidden_money"] is True  # the option chosen at the opening
    screen = dev.term.text()
    private_lines = {
        line for seat in (0, 1) for line in table.log_for(seat)
    } - set(table.log_for(None))
    for line in private_lines:
        assert line[:60] not in screen, f"the spectator reads {line!r}"
    for seat in (0, 1):
        assert table.state.secrets(seat)
        shown = table.game.id == "tulipandrose" and {
            order.name for order in table.state.view(seat).players[seat].orders
        }
        for name in shown or ():
            assert name not in screen, f"the spectator sees {name!r}"
    if table.game.id == "flowershop":  # its screens show the cards by their ids
        assert any(token in ana.term.text() for token in table.state.secrets(0))
        for seat in (0, 1):
            for token in table.state.secrets(seat):
                assert token not in screen, f"the spectator sees seat {seat + 1}'s {token}"
    if table.game.id == "tulipandrose":
        assert "Your Special Orders" in ana.term.text()  # a seat sees its own
        assert "Special Orders" not in screen.replace("secret Special Orders", "")


async def place_on_the_roll(player: Client, name: str) -> None:
    """Sixty-One: Enter picks the area die, the write die, the spot (y confirms), until done."""
    await player.term.until(lambda: player.term.status().startswith(f"{name}:"))
    for _ in range(10):
        await send(player, ENTER, "y", pause=0.25)
        if not player.term.status().startswith(f"{name}:"):
            return
    raise AssertionError(f"{name} could not place:\n{player.term.text()}")


async def test_a_play_by_mail_table_survives_a_restart_in_your_tables(
    tmp_path: Path, serve: list[Server]
) -> None:
    server = Server(tmp_path)
    serve.append(server)
    ana, ben = await connect(server.port, "ana"), await connect(server.port, "ben")
    code = await open_table(ana, "Sixty-One", (CLOCK, 3, "1 day per move"))
    await join(ben, code)
    await ana.term.wait_for("Seat 2: ben")
    await send(ana, "s")
    await place_on_the_roll(ana, "ana")  # ana has placed; ben has not
    for client in (ana, ben):
        client.conn.close()
    server.stop()

    server = Server(tmp_path)
    serve.append(server)
    for name, turn in (("ana", "waiting for ben"), ("ben", "your turn")):
        client = await connect(server.port, name)
        await client.term.wait_for("Your tables (1")  # ben's: "(1, 1 your turn)"
        await send(client, END, UP, UP, UP, ENTER)
        # the menu's "Next table waiting for you: CODE" names the code too: wait for the row
        await client.term.until(lambda c=client: any(
            code in line and "(by mail)" in line for line in c.term.text().splitlines()))
        row = next(line for line in client.term.text().splitlines()
                   if code in line and "(by mail)" in line)
        assert "Sixty-One (by mail)" in row and turn in row and "since" in row
        await send(client, ENTER)  # straight to the seat
        await client.term.wait_for(f"{name} connected")
        if name == "ben":
            await client.term.until(lambda c=client: c.term.status().startswith("ben:"))

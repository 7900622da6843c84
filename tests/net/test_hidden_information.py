"""At a shared Tulip & Rose table each screen shows its own Special Orders, never the other's."""

from __future__ import annotations

import re

from tests.net.conftest import Server, Tmux, menu_pick, needs_clients
from tulipgames.store import Store

pytestmark = needs_clients


def secret_orders(server: Server) -> list[set[str]]:
    """Each seat's Special Order names, read from the server's own saved game."""
    store = Store(server.data_dir)
    try:
        [save] = store.saves(empty=True)  # no move yet
        state = store.load(save.id).state
    finally:
        store.close()
    return [{order.name for order in state.view(seat).players[seat].orders} for seat in (0, 1)]


def test_each_player_sees_only_their_own_secret_orders(server: Server, tmux: Tmux) -> None:
    ana = tmux.client("ana", server.ssh_command("ana"), (120, 40))
    ben = tmux.client("ben", server.ssh_command("ben"), (120, 40))
    menu_pick(ana, 2)
    ana.wait_for("Pick the game with the arrows")
    ana.keys("Home", "Enter")  # Tulip & Rose, the first game
    match = re.search(r"Join code: ([A-Z2-9]{4})", ana.wait_for(r"Join code: [A-Z2-9]{4}"))
    assert match is not None
    menu_pick(ben, 1)
    ben.wait_for("Type the code")
    ben.type(match.group(1))
    ben.keys("Enter")
    ana.wait_for(r"\* Seat 2: ben")
    ana.keys("s")
    ana.wait_for("Your Special Orders")  # the game has started: it is in the store

    own = secret_orders(server)
    for seat, client in enumerate((ana, ben)):
        screen = client.wait_for("Your Special Orders")
        for name in own[seat]:
            screen = client.wait_for(re.escape(name))  # the test can see orders at all
        for name in own[1 - seat] - own[seat]:
            assert name not in screen, f"{client.name} sees the other seat's order {name!r}"

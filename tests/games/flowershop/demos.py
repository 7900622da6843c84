"""Playing a Flower Shop table on to a position, for the tests (the demo positions themselves
are the game's own: ``tulipgames/games/flowershop/demos.py``)."""


from collections.abc import Callable

from tulipgames.games.flowershop.rules import (
    FlowerShopView,
)
from tulipgames.table import Table


def _advance(table: Table, stop: Callable[[FlowerShopView], bool], limit: int = 3000) -> None:
    """Let each seat play as the table's default bot would (on its determinized copy) until
    ``stop`` holds for the public view."""
    for _ in range(limit):
        turn = table.turn(None)
        if turn.over or stop(turn.view):
            return
        seat = turn.to_act[0]
        table.play(seat, table.think_job(seat)())

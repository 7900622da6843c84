"""Mid-game positions of flowershop for the screen tests, reached through the Table API (the
screenshots have their own, in ``tulipgames.screenshots``)."""


import random
from collections.abc import Callable

from tulipgames.engine.core import SeatSpec
from tulipgames.games.flowershop.rules import (
    GAME,
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


def demo_tables() -> dict[str, Table]:
    """Mid-game positions with seat 0 human, for ``tulipgames screenshots``."""
    seats = [SeatSpec("Ana"), SeatSpec("Ben", "bot:easy"), SeatSpec("Cleo", "bot:easy")]
    window = Table.new(GAME, seats, seed=31)
    # Round 3, Ana using a revealed card, with a well-stocked window.
    _advance(window, lambda v: v.round == 3 and v.step >= 3 and v.phase == "use"
             and v.shops[0].using is not None)
    draft = Table.new(GAME, seats[:2], seed=7)
    _advance(draft, lambda v: v.round == 2 and v.step == 3 and v.phase == "pick")
    solo = Table.new(GAME, [SeatSpec("Ana")], seed=random.Random(5).randrange(10**6))
    _advance(solo, lambda v: v.round == 2 and v.step == 4 and v.phase == "flip" and v.under > 0)
    return {"flowershop-window": window, "flowershop-draft": draft, "flowershop-solo": solo}

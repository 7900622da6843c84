"""Mid-game positions of tulipandrose for the screen tests, reached through the Table API (the
screenshots have their own, in ``tulipgames.screenshots``)."""


import random
from collections.abc import Callable

from tulipgames.engine.core import SeatSpec
from tulipgames.games.tulipandrose.rules import (
    GAME,
    TulipView,
)
from tulipgames.table import Table, Turn


def _advance(table: Table, stop: Callable[[Turn[TulipView]], bool], limit: int = 5000) -> None:
    """Let the table's bots (the default level for a human seat) play every seat until
    ``stop(public turn)`` holds."""
    for _ in range(limit):
        turn = table.turn(None)
        if turn.over or stop(turn):
            return
        seat = turn.to_act[0]
        table.play(seat, table.think_job(seat)())


def demo_tables() -> dict[str, Table]:
    """Mid-game positions with seat 0 human, for ``tulipgames screenshots``."""
    seats = [SeatSpec("Ana"), SeatSpec("Ben", "bot:normal"), SeatSpec("Cleo", "bot:normal")]
    bidding = Table.new(GAME, [*seats, SeatSpec("Dirk", "bot:normal")], seed=12)
    _advance(
        bidding,
        lambda t: (
            t.view.round >= 3
            and t.view.phase == "auction"
            and t.to_act == (0,)
            and t.view.auction is not None
            and t.view.auction.high is not None
        ),
    )
    splitting = Table.new(GAME, seats, seed=random.Random(4).randrange(10**6))
    _advance(
        splitting, lambda t: t.view.round > 3 and t.view.phase == "split" and t.view.seller == 0
    )
    return {"tulipandrose-bidding": bidding, "tulipandrose-splitting": splitting}

"""Mid-game positions of sixtyone for the screen tests, reached through the Table API (the
screenshots have their own, in ``tulipgames.screenshots``)."""


import random
from collections.abc import Callable

from tulipgames.engine.core import SeatSpec
from tulipgames.games.sixtyone.rules import GAME, SixtyOneView
from tulipgames.table import Table, Turn


def play_until(table: Table, seed: int, stop: Callable[[Turn[SixtyOneView]], bool]) -> None:
    """Play every seat with normal bots (and a random move now and then) until ``stop`` holds
    for the seat to act; only the Table's public API is used."""
    rng = random.Random(seed)
    for _ in range(400):
        seats = table.to_act()
        if table.is_over or not seats or stop(table.turn(seats[0])):
            return
        turn = table.turn(seats[0])
        job = table.think_job(seats[0]) if rng.random() < 0.8 else None
        table.play(seats[0], job() if job is not None else rng.choice(turn.legal))


def demo_tables() -> dict[str, Table]:
    """Mid-game positions with seat 0 human, for ``tulipgames screenshots``."""
    seats = [SeatSpec("Ana"), SeatSpec("Ben", "bot:normal")]
    midgame = Table.new(GAME, seats, seed=61)
    play_until(midgame, 61, lambda t: t.view.round >= 9 and t.seat == 0)
    pending = Table.new(GAME, seats, seed=7)
    play_until(pending, 7, lambda t: t.view.pending_x and t.seat == 0)
    crowd = Table.new(GAME, [SeatSpec(n) for n in ("Ana", "Ben", "Cleo", "Dev")]
                      + [SeatSpec(f"Bot {i}", "bot:normal") for i in range(1, 9)], seed=12)
    play_until(crowd, 12, lambda t: t.view.round >= 12 and t.seat == 0)
    return {
        "sixtyone-midgame": midgame,
        "sixtyone-x-pending": pending,
        "sixtyone-12-seats": crowd,
    }

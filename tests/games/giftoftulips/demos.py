"""Mid-game positions of giftoftulips for the screen tests, reached through the Table API (the
screenshots have their own, in ``tulipgames.screenshots``)."""


import random
from collections.abc import Callable

from tulipgames.engine.core import SeatSpec
from tulipgames.games.giftoftulips.rules import GAME, PLAY, GiftView
from tulipgames.table import Table, Turn

#: Seconds between flips when ``reveal_pace`` is "auto".


def _play_until(table: Table, seed: int, stop: Callable[[Turn[GiftView]], bool]) -> None:
    """Let the seats' bots (normal bots for human seats) play until ``stop(turn)`` holds; now
    and then a random legal move, so demo positions are not all bot-perfect."""
    rng = random.Random(seed)
    for _ in range(500):
        if table.is_over:
            return
        seat = table.to_act()[0]
        turn: Turn[GiftView] = table.turn(seat)
        if stop(turn):
            return
        choice = table.think_job(seat)() if rng.random() < 0.8 else rng.choice(turn.legal)
        table.play(seat, choice)


def demo_tables() -> dict[str, Table]:
    """A mid-game turn of the human seat 0 and a finished game at its reveal."""
    seats = [
        SeatSpec("Ana"),
        SeatSpec("Ben", "bot:normal"),
        SeatSpec("Cleo", "bot:normal"),
        SeatSpec("Dev", "bot:normal"),
    ]
    turn = Table.new(GAME, seats, seed=2024)
    _play_until(
        turn,
        2024,
        lambda t: t.view.phase == PLAY
        and t.view.turns_taken[0] >= 3
        and t.seat == 0
        and t.view.card_no == 2,
    )
    reveal = Table.new(GAME, seats, seed=77)
    _play_until(reveal, 77, lambda t: False)
    return {"giftoftulips-turn": turn, "giftoftulips-reveal": reveal}

"""What a seat remembers, where a game's ``determinize`` forgets it: the worlds of a decision
re-dealt from everything the seat has seen so far, not only from the position.

``State.determinize(seat, rng)`` re-deals what the seat cannot see *now*. In The Little Flower
Shop's draft that throws away what the seat saw earlier: hands travel round the table and every
pick is revealed, so a hand the seat passed on is known, less the picks revealed from it (at two
seats the rival's whole hand from the second pick on). The ``hard`` bot plays with that memory
(``DraftMemory`` and ``redeal`` in the game's ``bots.py``); a judge without it weighs the bot's
picks against rival hands it knows are wrong, and graded them worse than the greedy bot's.
Here the memory is rebuilt from the record, as the seat saw it: its own hand at each of its
picks and the public reveals, nothing else.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from tulipgames.engine.core import Game, State
from tulipgames.engine.record import GameRecord, start

#: Makes one world of a decision from the position: (state, rng) -> a re-dealt copy.
WorldMaker = Callable[[State, random.Random], State]


def world_maker(game: Game, record: GameRecord, index: int, seat: int) -> WorldMaker | None:
    """How to re-deal the worlds of ``seat``'s decision at record ``index`` from what it has
    seen; ``None`` where ``determinize`` already knows all of it."""
    if game.id != "flowershop" or len(record.seats) < 2:
        return None
    from tulipgames.games.flowershop.bots import DraftMemory, redeal
    from tulipgames.games.flowershop.rules import FlowerShopState

    memory = DraftMemory()
    state = start(game, record)
    for mover, text in record.actions[:index]:
        assert isinstance(state, FlowerShopState)
        if state.phase == "pick" and seat in state.to_act():
            memory.record(state, seat)
        state.apply(mover, game.parse_action(text))
    assert isinstance(state, FlowerShopState)
    if state.phase != "pick":
        return None
    memory.record(state, seat)
    known = memory.known_hands(state, seat)

    def world(position: State, rng: random.Random) -> State:
        assert isinstance(position, FlowerShopState)
        return redeal(position, seat, known, rng)

    return world

"""What a seat remembers, where a game's ``determinize`` forgets it: the worlds of a decision
re-dealt from everything the seat has seen so far, not only from the position.

``State.determinize(seat, rng)`` re-deals what the seat cannot see *now*. In a draft where hands
travel round the table (The Little Flower Shop) that throws away what the seat saw earlier: a
hand the seat passed on is known, less the picks revealed from it. A ``hard`` bot that plays
with that memory, judged against worlds that forget it, is graded against rival hands it knows
are wrong. A game whose seats remember declares how to rebuild the memory from the record (its
coach profile's ``remember``, in its folder's ``coach.py``); here is only the asking.
"""

from __future__ import annotations

from tulipgames.coach.profiles import WorldMaker
from tulipgames.engine.core import Game
from tulipgames.engine.record import GameRecord

__all__ = ["WorldMaker", "world_maker"]


def world_maker(game: Game, record: GameRecord, index: int, seat: int) -> WorldMaker | None:
    """How to re-deal the worlds of ``seat``'s decision at record ``index`` from what it has
    seen; ``None`` where ``determinize`` already knows all of it."""
    from tulipgames.coach.profiles import profile

    try:
        remember = profile(game.id).remember
    except KeyError:
        return None
    return None if remember is None else remember(record, index, seat)

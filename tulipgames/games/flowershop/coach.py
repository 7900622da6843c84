"""The Little Flower Shop: how the coach judges it (the hard bot's greedy play-out).

Named by the game's kit as ``coach:PROFILE``; ``tulipgames.coach.profiles`` says what each
figure means."""

from __future__ import annotations

import math
import random
from typing import TYPE_CHECKING, Any

from tulipgames.coach.profiles import Profile, WorldMaker, lead_of
from tulipgames.engine.core import Action, State

if TYPE_CHECKING:
    from tulipgames.engine.record import GameRecord


# -- The Little Flower Shop: the hard bot's greedy play-out to the end -----------------------
def _flower_finish(state: State, seat: int, rng: random.Random) -> float:
    from tulipgames.games.flowershop.bots import play_out
    from tulipgames.games.flowershop.rules import FlowerShopState

    assert isinstance(state, FlowerShopState)
    play_out(state)
    return lead_of(state.estimate(), seat)


def _flower_suggest(state: State, seat: int, rng: random.Random) -> Action:
    from tulipgames.games.flowershop.bots import greedy_action
    from tulipgames.games.flowershop.rules import FlowerShopState

    assert isinstance(state, FlowerShopState)
    return greedy_action(state, seat)


def _remembered_worlds(record: GameRecord, index: int, seat: int) -> WorldMaker | None:
    """The worlds of a pick re-dealt from what the seat has seen: hands travel round the table
    and every pick is revealed, so a hand the seat passed on is known, less the picks revealed
    from it (at two seats the rival's whole hand from the second pick on). The ``hard`` bot
    plays with that memory (``DraftMemory`` and ``redeal`` in ``bots.py``); it is rebuilt here
    from the record as the seat saw it: its own hand at each of its picks and the public
    reveals, nothing else."""
    from tulipgames.engine.record import start
    from tulipgames.games.flowershop.bots import DraftMemory, redeal
    from tulipgames.games.flowershop.rules import GAME, FlowerShopState

    if len(record.seats) < 2:
        return None
    memory = DraftMemory()
    state = start(GAME, record)
    for mover, text in record.actions[:index]:
        assert isinstance(state, FlowerShopState)
        if state.phase == "pick" and seat in state.to_act():
            memory.record(state, seat)
        state.apply(mover, GAME.parse_action(text))
    assert isinstance(state, FlowerShopState)
    if state.phase != "pick":
        return None
    memory.record(state, seat)
    known = memory.known_hands(state, seat)

    def world(position: State, rng: random.Random) -> State:
        assert isinstance(position, FlowerShopState)
        return redeal(position, seat, known, rng)

    return world


def _untimed(level: str, seed: int) -> Any:
    """``hard`` draws up to 12 deals per pick but stops after 0.35 s: at the load of a shared
    machine (8-15 on 2 cores) that can leave one or two, so a bench measured the load as much
    as the level. With all 12 deals the level is what its 81% against ``easy`` was measured
    with."""
    if level != "hard":
        return None
    from tulipgames.games.flowershop.bots import DraftBot

    return DraftBot(seed, draft_seconds=math.inf)


PROFILE = Profile(
    "flowershop", metric="margin", scale=6.0, thresholds=(5.0, 10.0, 20.0),
    solo_thresholds=(2.0, 5.0, 10.0), candidates=6, worlds=12,
    finish=_flower_finish, suggest=_flower_suggest, remember=_remembered_worlds,
    untimed=_untimed,
)

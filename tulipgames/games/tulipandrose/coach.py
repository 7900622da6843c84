"""Tulip & Rose: how the coach judges it (the hard bot's three-round playout policy).

Named by the game's kit as ``coach:PROFILE``; ``tulipgames.coach.profiles`` says what each
figure means."""

from __future__ import annotations

import random

from tulipgames.coach.profiles import Profile, lead_of
from tulipgames.engine.core import Action, State


# -- Tulip & Rose: the hard bot's three-round playouts --------------------------------------
def _tulip_finish(state: State, seat: int, rng: random.Random) -> float:
    from tulipgames.games.tulipandrose.bots import playout_policy
    from tulipgames.games.tulipandrose.rules import TulipState

    assert isinstance(state, TulipState)
    stop = state.round + 3
    while not state.is_over() and state.round < stop:
        mover = state.to_act()[0]
        state.apply(mover, playout_policy(state, mover, rng))
    totals = state.result().totals if state.is_over() else state.estimate()
    return lead_of(totals, seat)


def _tulip_suggest(state: State, seat: int, rng: random.Random) -> Action:
    from tulipgames.games.tulipandrose.bots import NormalBot

    return NormalBot(rng.getrandbits(32)).choose(state, seat)


PROFILE = Profile(
    "tulipandrose", metric="win", scale=12.0, thresholds=(5.0, 10.0, 20.0),
    solo_thresholds=(3.0, 8.0, 15.0), candidates=6, worlds=8,
    finish=_tulip_finish, suggest=_tulip_suggest,
)

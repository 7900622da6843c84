"""Gift of Tulips: how the coach judges it (the hard bot's greedy playout).

Named by the game's kit as ``coach:PROFILE``; ``tulipgames.coach.profiles`` says what each
figure means."""

from __future__ import annotations

import random

from tulipgames.coach.profiles import Profile, lead_of
from tulipgames.engine.core import State


# -- Gift of Tulips: the hard bot's greedy playout to the end ---------------------------------
def _gift_finish(state: State, seat: int, rng: random.Random) -> float:
    from tulipgames.games.giftoftulips.bots import playout_margin
    from tulipgames.games.giftoftulips.rules import GiftState

    assert isinstance(state, GiftState)
    playout_margin(state, seat, rng)
    return lead_of(state.result().totals, seat)


PROFILE = Profile(
    "giftoftulips", metric="win", scale=6.0, thresholds=(5.0, 10.0, 20.0),
    solo_thresholds=(2.0, 5.0, 10.0), candidates=4, worlds=16,
    finish=_gift_finish,
)

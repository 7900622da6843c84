"""The Little Flower Shop: how the coach judges it (the hard bot's greedy play-out).

Named by the game's kit as ``coach:PROFILE``; ``tulipgames.coach.profiles`` says what each
figure means."""

from __future__ import annotations

import random

from tulipgames.coach.profiles import Profile, lead_of
from tulipgames.engine.core import Action, State


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


PROFILE = Profile(
    "flowershop", metric="margin", scale=6.0, thresholds=(5.0, 10.0, 20.0),
    solo_thresholds=(2.0, 5.0, 10.0), candidates=6, worlds=12,
    finish=_flower_finish, suggest=_flower_suggest,
)

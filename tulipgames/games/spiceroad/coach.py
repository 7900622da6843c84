"""Century: Spice Road: how the coach judges it (the hard bot's five-round look).

Named by the game's kit as ``coach:PROFILE``; ``tulipgames.coach.profiles`` says what each
figure means."""

from __future__ import annotations

import random

from tulipgames.coach.profiles import Profile
from tulipgames.engine.core import State


# -- Century: Spice Road: the hard bot's five-round look --------------------------------------
def _spice_finish(state: State, seat: int, rng: random.Random) -> float:
    from tulipgames.games.spiceroad.bots import HORIZON, RolloutBot
    from tulipgames.games.spiceroad.rules import SpiceRoadState

    assert isinstance(state, SpiceRoadState)

    if state.seats == 1:  # pragma: no cover - Spice Road has two seats at least
        return float(state.estimate()[0])
    return RolloutBot(rng.getrandbits(32)).judge(state, seat, HORIZON)


PROFILE = Profile(
    "spiceroad", metric="margin", scale=8.0, thresholds=(5.0, 10.0, 20.0),
    solo_thresholds=(2.0, 5.0, 10.0), candidates=6, worlds=8,
    finish=_spice_finish,
)

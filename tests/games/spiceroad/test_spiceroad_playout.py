"""Spice Road's own random playout (``SpiceRoadState.play_out``) against the engine's loop: the
same draws from the same random source, so every seed gives the same game to the same end."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tulipgames import games
from tulipgames.engine.core import State
from tulipgames.games.spiceroad.rules import SpiceRoadState

SPICE_ROAD = games.get_game("spiceroad")


def everything(state: SpiceRoadState) -> dict[str, Any]:
    """Every field of a state (the view it may have built aside), its base fields included."""
    fields = {name: getattr(state, name) for name in SpiceRoadState.__slots__ if name != "_view"}
    fields.update(seats=state.seats, seed=state.seed, options=state.options,
                  rng=state.rng.getstate(), setup_events=state.setup_events)
    return fields


@pytest.mark.parametrize("seats", [2, 3, 4, 5])
def test_the_fast_playout_plays_the_engine_loops_games(seats: int) -> None:
    for seed in range(60 if seats == 2 else 15):
        options = {"edition": "golem"} if seed % 5 == 4 else {}
        looped = SPICE_ROAD.new_state(seats, seed, options)
        fast = SPICE_ROAD.new_state(seats, seed, options)
        assert isinstance(looped, SpiceRoadState) and isinstance(fast, SpiceRoadState)
        by_loop, by_fast = random.Random(seed), random.Random(seed)
        played = State.play_out(looped, by_loop)
        assert fast.play_out(by_fast) == played, seed
        assert by_fast.getstate() == by_loop.getstate(), seed
        assert everything(fast) == everything(looped), seed
        assert fast.result() == looped.result()


def test_a_playout_from_the_middle_of_a_game_and_of_a_step() -> None:
    """A position reached by hand, inside an acquisition's payment or a return, plays on the
    same either way."""
    for seed in range(40):
        rng = random.Random(seed)
        start = SPICE_ROAD.new_state(2, seed)
        assert isinstance(start, SpiceRoadState)
        for _ in range(rng.randrange(1, 200)):
            if start.is_over():
                break
            seat = start.to_act()[0]
            start.apply(seat, rng.choice(start.legal_actions(seat)))
        looped, fast = start.clone(), start.clone()
        State.play_out(looped, random.Random(seed))
        fast.play_out(random.Random(seed))
        assert everything(fast) == everything(looped), seed


class Dice(random.Random):
    """A random source of another kind (its own ``random``), which the fast loop must not read
    bit by bit: ``choice`` draws from it differently."""

    def random(self) -> float:
        return super().random() * 0.999


def test_another_random_source_gets_the_engine_loop() -> None:
    looped, fast = SPICE_ROAD.new_state(2, 5), SPICE_ROAD.new_state(2, 5)
    assert isinstance(looped, SpiceRoadState) and isinstance(fast, SpiceRoadState)
    State.play_out(looped, Dice(5))
    fast.play_out(Dice(5))
    assert everything(fast) == everything(looped)

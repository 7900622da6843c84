"""``State.play_out``: the engine's random playout, the loop every random driver runs."""

from __future__ import annotations

import random

import pytest

from tulipgames import games
from tulipgames.engine.core import GameInfo, State


def driven(game_id: str, seats: int, seed: int) -> tuple[State, int, random.Random]:
    """The game a driver plays by hand, ``rng.choice`` of the first acting seat's legal list:
    its end, the actions played and the random source after them."""
    rng = random.Random(seed)
    state = games.get_game(game_id).new_state(seats, seed)
    played = 0
    while not state.is_over():
        seat = state.to_act()[0]
        state.advance(seat, rng.choice(state.legal_actions(seat)))
        played += 1
    return state, played, rng


@pytest.mark.parametrize("info", games.CATALOGUE, ids=lambda info: info.id)
def test_the_default_playout_is_the_driver_loop(info: GameInfo) -> None:
    game = games.get_game(info.id)
    seats = max(game.min_players, min(3, game.max_players))
    for seed in range(3):
        by_hand, played, drawn = driven(info.id, seats, seed)
        state = game.new_state(seats, seed)
        rng = random.Random(seed)
        assert State.play_out(state, rng) == played
        assert state.is_over() and rng.getstate() == drawn.getstate()
        assert state.result() == by_hand.result()
        assert state.view(None) == by_hand.view(None)


@pytest.mark.parametrize("game_id", ["spiceroad", "tulipandrose"])
def test_the_search_bots_uniform_rollout_is_the_states_playout(game_id: str) -> None:
    """A search bot with uniformly random rollouts to the end plays them by ``play_out``: the
    same draws, so the same search as one choosing from the legal list move by move."""
    from tulipgames.engine.bots import SearchBot

    game = games.get_game(game_id)
    state = game.new_state(2 if game.min_players <= 2 else game.min_players, 4)
    by_playout = SearchBot(iterations=40, seed=1)
    by_steps = SearchBot(
        iterations=40, seed=1, rollout=lambda s, seat, rng: rng.choice(s.legal_actions(seat))
    )
    seat = state.to_act()[0]
    assert by_playout.choose(state, seat) == by_steps.choose(state, seat)
    assert by_playout.rng.getstate() == by_steps.rng.getstate()

"""Soak: 500 seeded random games over 2-5 seats, invariants after every action, replays exact."""

from __future__ import annotations

import random

import pytest

from tulipgames.engine.core import SeatSpec
from tulipgames.engine.record import GameRecord, replay
from tulipgames.games.spiceroad.rules import GAME, RETURN, TURN, SpiceRoadState

GAMES_PER_SEAT_COUNT = 125


def deck_ids(state: SpiceRoadState) -> list[str]:
    return state.merchant_deck + state.point_deck


def play_random_game(seats: int, seed: int) -> tuple[SpiceRoadState, list[tuple[int, str]]]:
    state = GAME.new_state(seats, seed, {"edition": "golem" if seed % 2 else "spice"})
    rng = random.Random(seed)
    actions: list[tuple[int, str]] = []
    while not state.is_over():
        seat = state.current
        assert state.to_act() == (seat,)
        legal = state.legal_actions(seat)
        assert legal, "there is always a legal action"
        for other in range(seats):
            if other != seat:
                assert state.legal_actions(other) == []
        if state.phase == TURN:
            assert str(legal[-1]) == "rest"
        action = rng.choice(legal)
        assert GAME.parse_action(str(action)) == action
        state.apply(seat, action)
        actions.append((seat, str(action)))
        problems = state.invariant_violations()
        assert problems == [], (seed, len(actions), problems)
        if state.phase != RETURN:
            assert sum(state.caravans[seat]) <= 10 or state.current == seat
    return state, actions


@pytest.mark.slow
@pytest.mark.parametrize("seats", [2, 3, 4, 5])
def test_random_games_keep_every_invariant_and_replay(seats: int) -> None:
    for number in range(GAMES_PER_SEAT_COUNT):
        seed = 1000 * seats + number
        state, actions = play_random_game(seats, seed)
        result = state.result()
        assert len(set(state.turns)) == 1, "every player has had the same number of turns"
        assert state.triggered_by is not None
        assert max(len(c) for c in state.claimed) >= state.target
        assert sorted(result.ranks) == list(range(1, seats + 1))
        if number % 10 == 0:
            options = {"edition": "golem" if seed % 2 else "spice"}
            record = GameRecord(
                "spiceroad", seed, [SeatSpec(f"p{i}") for i in range(seats)], options, 1, actions
            )
            again = replay(GAME, record).state
            assert again.view(None) == state.view(None)
            assert again.result() == result


def test_view_hides_deck_order_only() -> None:
    state, _ = play_random_game(3, 5)
    fresh = GAME.new_state(3, 5)
    text = repr(fresh.view(0))
    for card in deck_ids(fresh):
        assert f"'{card}'" not in text
    for card in fresh.merchant_row + fresh.point_row:
        assert f"'{card}'" in text
    assert fresh.view(0) == fresh.view(1) == fresh.view(None)
    assert state.view(None).over


def test_clone_is_independent_and_equal() -> None:
    state = GAME.new_state(4, 9)
    rng = random.Random(1)
    for _ in range(40):
        state.apply(state.current, rng.choice(state.legal_actions(state.current)))
    twin = state.clone()
    assert twin.view(None) == state.view(None)
    assert twin.rng.getstate() == state.rng.getstate()
    while not twin.is_over():
        twin.apply(twin.current, rng.choice(twin.legal_actions(twin.current)))
    assert not state.is_over() and state.invariant_violations() == []
    assert twin.view(None) != state.view(None)


def test_determinize_reshuffles_decks_but_keeps_the_table() -> None:
    state = GAME.new_state(2, 4)
    twin = state.determinize(0, random.Random(2))
    assert twin.view(0) == state.view(0)
    assert sorted(twin.merchant_deck) == sorted(state.merchant_deck)
    assert twin.merchant_deck != state.merchant_deck or twin.point_deck != state.point_deck


def test_invariants_catch_broken_conservation() -> None:
    state = GAME.new_state(3, 2)
    assert state.invariant_violations() == []
    broken = state.clone()
    broken.caravans[1][2] += 1  # a spice from nowhere
    assert any("ledger" in p for p in broken.invariant_violations())
    broken = state.clone()
    broken.hands[0].append(broken.merchant_row[0])  # a card in two places
    assert any("M01-M43" in p for p in broken.invariant_violations())
    broken = state.clone()
    broken.claimed[2].append(broken.point_row[1])
    assert any("P01-P36" in p for p in broken.invariant_violations())
    broken = state.clone()
    broken.gold -= 1
    assert any("gold" in p for p in broken.invariant_violations())
    broken = state.clone()
    broken.caravans[2] = [11, 0, 0, 0]
    broken.ledger[0] += 7
    assert any("more than 10" in p for p in broken.invariant_violations())

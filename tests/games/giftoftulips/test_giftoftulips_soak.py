"""Seeded random games to the end: invariants, equal turns, identical replays, no leaking views."""

from __future__ import annotations

import random

import pytest

from tests.games.giftoftulips.helpers import hidden_from, uids_in
from tulipgames.engine.core import SeatSpec
from tulipgames.engine.record import GameRecord, replay
from tulipgames.games.giftoftulips.data import TURNS_PER_PLAYER
from tulipgames.games.giftoftulips.rules import GAME, GiftState

GAMES_PER_COUNT = 100  # 500 games over 2-6 seats
FULL_LEAK_CHECK = 20  # games per count whose every position is searched for leaks


def assert_no_leak(state: GiftState) -> None:
    for viewer in (None, *range(state.seats)):
        leaked = uids_in(repr(state.view(viewer))) & hidden_from(state, viewer)
        assert not leaked, f"seat {viewer} sees hidden cards {leaked}"


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_random_games_soak(players: int) -> None:
    for number in range(GAMES_PER_COUNT):
        seed = players * 1000 + number
        state = GAME.new_state(players, seed)
        rng = random.Random(seed)
        actions: list[tuple[int, str]] = []
        full_check = number < FULL_LEAK_CHECK
        while not state.is_over():
            seat = rng.choice(state.to_act())
            legal = state.legal_actions(seat)
            assert legal
            for action in legal:
                assert GAME.parse_action(str(action)) == action
            action = rng.choice(legal)
            state.apply(seat, action)
            actions.append((seat, str(action)))
            assert state.invariant_violations() == []
            if full_check:
                assert_no_leak(state)
        assert_no_leak(state)
        assert state.turns_taken == [TURNS_PER_PLAYER[players]] * players
        flipped = len(state.view(None).reveals)
        assert flipped == min(5, flipped + len(state.secret))
        record = GameRecord(
            GAME.id, seed, [SeatSpec(f"p{i}") for i in range(players)], {}, 1, actions
        )
        again = replay(GAME, record).state
        assert repr(again.view(None)) == repr(state.view(None))
        assert again.result() == state.result()


@pytest.mark.parametrize("players", [2, 4, 6])
def test_determinize_keeps_the_view_and_redeals_the_rest(players: int) -> None:
    changed = 0
    for number in range(30):
        state = GAME.new_state(players, number)
        rng = random.Random(number)
        for _ in range(rng.randrange(0, 40)):
            if state.is_over():
                break
            seat = state.to_act()[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))
        for seat in range(players):
            twin = state.determinize(seat, random.Random(number * 7 + seat))
            assert repr(twin.view(seat)) == repr(state.view(seat))
            assert twin.invariant_violations() == []
            if not state.is_over():
                changed += [c.uid for c in twin.deck] != [c.uid for c in state.deck]
            # the copy plays on without touching the original
            if not twin.is_over():
                mover = twin.to_act()[0]
                twin.apply(mover, twin.legal_actions(mover)[0])
        assert state.invariant_violations() == []
    assert changed > 0

"""Seeded random games to the end through the conformance harness (invariants, notation, clones,
determinize, secrets, replay), plus this game's own laws: equal turns, the reveal count and no
hidden card in any view at any position."""

from __future__ import annotations

import random

import pytest

from tests.games.giftoftulips.helpers import hidden_from, new_game, uids_in
from tulipgames.engine.testing import check_bot_games, play_checked_game
from tulipgames.games.giftoftulips.data import SECRET_REVEAL_COUNT, TURNS_PER_PLAYER
from tulipgames.games.giftoftulips.rules import GAME, OVER, GiftState

GAMES_PER_COUNT = 100  # 500 games over 2-6 seats
FULL_LEAK_CHECK = 10  # games per count whose every position is searched for hidden cards


def assert_no_leak(state: GiftState) -> None:
    for viewer in (None, *range(state.seats)):
        leaked = uids_in(repr(state.view(viewer))) & hidden_from(state, viewer)
        assert not leaked, f"seat {viewer} sees hidden cards {leaked}"


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_random_games_obey_the_engine_contract(players: int) -> None:
    for number in range(GAMES_PER_COUNT):
        state, _ = play_checked_game(GAME, players, players * 1000 + number)
        assert isinstance(state, GiftState)
        assert state.turns_taken == [TURNS_PER_PLAYER[players]] * players
        flipped = len(state.view(None).reveals)
        assert flipped == min(SECRET_REVEAL_COUNT, flipped + len(state.secret))
        assert state.result().ending.startswith(f"The deck ran out after {state.turns_taken[0]}")


@pytest.mark.parametrize("players", [2, 4, 6])
def test_no_view_ever_shows_a_hidden_card_and_secrets_name_the_owners_cards(players: int) -> None:
    owned = 0
    for number in range(FULL_LEAK_CHECK):
        state = new_game(players, number)
        rng = random.Random(number)
        while True:
            assert_no_leak(state)
            for seat in range(players):
                secrets = state.secrets(seat)
                mine = repr(state.view(seat))
                # the owner sees every one of its secrets; they are real card tokens
                assert all(f"<{token}>" in mine for token in secrets), secrets
                owned += len(secrets)
            if state.is_over():
                break
            seat = rng.choice(state.to_act())
            state.apply(seat, rng.choice(state.legal_actions(seat)))
        assert state.phase == OVER and all(not state.secrets(s) for s in range(players))
    assert owned > 0


@pytest.mark.parametrize("players", [2, 4, 6])
def test_determinize_keeps_the_view_and_redeals_the_rest(players: int) -> None:
    changed = 0
    for number in range(30):
        state = new_game(players, number)
        rng = random.Random(number)
        for _ in range(rng.randrange(0, 40)):
            if state.is_over():
                break
            seat = state.to_act()[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))
        for seat in range(players):
            twin = state.determinize(seat, random.Random(number * 7 + seat))
            assert isinstance(twin, GiftState)
            assert repr(twin.view(seat)) == repr(state.view(seat))
            assert twin.invariant_violations() == []
            if not state.is_over():
                changed += [c.uid for c in twin.deck] != [c.uid for c in state.deck]
        assert state.invariant_violations() == []
    assert changed > 0


def test_bot_games_to_the_end() -> None:
    report = check_bot_games(GAME, ["normal", "random", "normal"], games=6, seed=3)
    assert report.games == report.ended == 6

"""Soak through the conformance harness: 500 seeded random games, 2-6 seats, every option mix
(invariants, notation round trip, clones, determinize, secrets, replay), plus normal-bot games;
and the determinize details only this game has (put-back cards stay at the bottom)."""

from __future__ import annotations

import random

from tulipgames.engine.testing import check_bot_games, check_game, play_checked_game
from tulipgames.games.tulipandrose import data
from tulipgames.games.tulipandrose.rules import GAME, TulipState

OPTION_MIXES = [
    {"special_orders": True, "hidden_money": False, "set_scoring": "partition"},
    {"special_orders": True, "hidden_money": True, "set_scoring": "both"},
    {"special_orders": False, "hidden_money": True, "set_scoring": "partition"},
    {"special_orders": False, "hidden_money": False, "set_scoring": "both"},
]
#: Games with every check after every seventh action, and games with the costly checks (clone,
#: determinize, leaks) thinned out so that the whole soak stays at 500 games in tens of seconds.
DEEP_GAMES_PER_COUNT, LIGHT_GAMES = 4, 420


def test_harness_deep_games_every_seat_count_and_option() -> None:
    report = check_game(GAME, games_per_count=DEEP_GAMES_PER_COUNT, seed=0, options=OPTION_MIXES)
    assert report.games == report.ended == DEEP_GAMES_PER_COUNT * 5 * len(OPTION_MIXES)
    assert report.seat_counts == {2, 3, 4, 5, 6}


def test_harness_light_games_reach_the_loan_rules() -> None:
    loans = 0
    for number in range(LIGHT_GAMES):
        options = OPTION_MIXES[number % len(OPTION_MIXES)]
        state, _ = play_checked_game(GAME, 2 + number % 5, 1000 + number, options, deep_every=40)
        assert state.is_over() and state.round == state.rounds == 2 * state.seats
        loans += sum(state.loans)
    assert loans > 0  # random bidding does reach the loan rules


def test_normal_bots_play_to_the_end_with_hidden_money() -> None:
    report = check_bot_games(
        GAME,
        ["normal", "normal", "random", "normal"],
        games=8,
        seed=5,
        options={"hidden_money": True},
    )
    assert report.games == report.ended == 8


def test_determinize_keeps_what_the_seat_knows() -> None:
    state = GAME.new_state(4, 11, {"special_orders": True})
    rng = random.Random(3)
    while state.known_bottom == 0 or state.phase != "auction":
        seat = state.to_act()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    for seat in range(4):
        twin = state.determinize(seat, random.Random(seat))
        assert repr(twin.view(seat)) == repr(state.view(seat))
        known = state.known_bottom
        assert twin.deck[-known:] == state.deck[-known:]
        assert sorted(twin.deck) == sorted(state.deck)
        assert twin.orders[seat] == state.orders[seat]
        dealt = sorted(o for hand in twin.orders for o in hand) + sorted(twin.undealt_orders)
        assert sorted(dealt) == sorted(data.ORDER_IDS)
    moved = [state.determinize(0, random.Random(k)).orders[1] for k in range(10)]
    assert len(set(moved)) > 1  # other seats' orders really are re-dealt


def money_leaks(state: TulipState, seat: int | None) -> list[str]:
    """What ``view(seat)`` shows of other seats' money under ``hidden_money`` (spec §7)."""
    view = state.view(seat)
    problems = [
        f"florins of {p.seat} visible to {seat}"
        for p in view.players
        if p.seat != seat and p.florins is not None
    ]
    if seat != state.seller and (view.keep_loans is not None or view.keep_problem is not None):
        problems.append(f"the Seller's means visible to {seat}")
    if seat is None and (view.max_bid is not None or view.loans_left is not None):
        problems.append("a spending limit in the public view")
    return problems


def test_hidden_money_stays_hidden_in_every_view_until_the_end() -> None:
    for number in range(30):
        state = GAME.new_state(2 + number % 5, number, {"hidden_money": True})
        rng = random.Random(number)
        while not state.is_over():
            for viewer in (None, *range(state.seats)):
                assert money_leaks(state, viewer) == [], (number, money_leaks(state, viewer))
            seat = state.to_act()[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))
        for viewer in (None, *range(state.seats)):
            assert [p.florins for p in state.view(viewer).players] == state.florins


def test_broken_bookkeeping_is_reported() -> None:
    """The invariants find a card lost, made or turned into another kind, and florins from
    nowhere."""
    state = GAME.new_state(3, 11)
    assert state.invariant_violations() == []
    lost = state.clone()
    lost.deck.pop()
    made = state.clone()
    made.holdings[0][0] += 1
    swapped = state.clone()
    swapped.deck[0] = "R1" if swapped.deck[0][0] != "R" else "T1"  # one kind more, one less
    for broken in (lost, made, swapped):
        assert any("cards not conserved" in p for p in broken.invariant_violations())
    rich = state.clone()
    rich.florins[1] += 1
    assert any("florins" in p for p in rich.invariant_violations())

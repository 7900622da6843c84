"""The conformance harness over Spice Road: 192 seeded random games at 2-5 seats in both
editions and both seat orders, plus the checks only this game needs."""

from __future__ import annotations

import random

import pytest

from tulipgames.engine.core import SeatSpec
from tulipgames.engine.record import GameRecord, replay
from tulipgames.engine.testing import check_bot_games, check_game
from tulipgames.games.spiceroad.rules import GAME, SpiceRoadState

OPTIONS = [
    {"edition": "spice", "seat_order": "drawn"},
    {"edition": "golem", "seat_order": "drawn"},
    {"edition": "spice", "seat_order": "typed"},
    {"edition": "golem", "seat_order": "typed"},
]


@pytest.mark.slow
@pytest.mark.parametrize("options", OPTIONS, ids=lambda o: f"{o['edition']}-{o['seat_order']}")
def test_random_games_obey_the_engine_contract(options: dict[str, str]) -> None:
    # 12 a seat count: every check after every action of 48 whole games per option is a
    # fifth of the whole suite's time at 32 (and found nothing more in 2 years of runs)
    report = check_game(GAME, games_per_count=12, seed=4000, options=[options])
    assert report.games == report.ended == 48 and report.seat_counts == {2, 3, 4, 5}


def test_bots_play_legal_games_to_the_end() -> None:
    report = check_bot_games(GAME, ["normal", "random", "normal"], games=3, seed=8)
    assert report.ended == 3


def play_random(state: SpiceRoadState, rng: random.Random, steps: int) -> None:
    for _ in range(steps):
        if state.is_over():
            return
        seat = state.current
        state.apply(seat, rng.choice(state.legal_actions(seat)))


def test_ends_turn_agrees_with_playing_the_step() -> None:
    """The view's ``turn_enders`` (what hot-seat confirms) is exactly the steps after which
    another seat acts or the game is over."""
    checked = 0
    for seed in range(12):
        state = GAME.new_state(2 + seed % 4, seed)
        rng = random.Random(seed)
        while not state.is_over():
            seat = state.current
            enders = set(state.view(seat).turn_enders)
            for action in state.legal_actions(seat):
                twin = state.clone()
                twin.apply(seat, action)
                assert (action in enders) == (twin.is_over() or twin.current != seat), (
                    seed,
                    action,
                )
                checked += 1
            play_random(state, rng, 1)
    assert checked > 1000


def test_turn_order_is_drawn_from_the_seed_and_shown() -> None:
    orders = {tuple(GAME.new_state(4, seed).order) for seed in range(40)}
    assert len(orders) > 10  # drawn, not always as typed
    assert {order[0] for order in orders} == {0, 1, 2, 3}
    state = GAME.new_state(4, 3)
    assert state.current == state.order[0] == state.view(None).order[0]
    assert state.caravans[state.order[0]] == (3, 0, 0, 0)
    assert state.caravans[state.order[3]] == (3, 1, 0, 0)
    assert "Turn order:" in state.setup_events[0].text_for(None)
    typed = GAME.new_state(4, 3, {"seat_order": "typed"})
    assert typed.order == [0, 1, 2, 3] and typed.merchant_row == state.merchant_row


def test_a_record_saved_before_the_drawn_order_replays_as_typed() -> None:
    """Records from before the ``seat_order`` option lack it and were played in typed order:
    they must resume identically (same start player, same caravans, same moves legal)."""
    seats = [SeatSpec(name) for name in ("Ana", "Ben", "Cleo")]
    typed = GAME.new_state(3, 77, {"seat_order": "typed"})
    rng = random.Random(5)
    actions = []
    while not typed.is_over() and len(actions) < 60:
        seat = typed.current
        action = rng.choice(typed.legal_actions(seat))
        typed.apply(seat, action)
        actions.append((seat, str(action)))
    old = GameRecord("spiceroad", 77, seats, {"edition": "spice"}, 1, actions)
    again = replay(GAME, old).state
    assert isinstance(again, SpiceRoadState) and again.order == [0, 1, 2]
    assert again.view(None) == typed.view(None)


def test_invariants_catch_broken_conservation() -> None:
    state = GAME.new_state(3, 2)
    assert state.invariant_violations() == []
    broken = state.clone()
    y, r, g, b = broken.caravans[1]
    broken.caravans[1] = (y, r, g + 1, b)  # a spice from nowhere
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
    broken.caravans[2] = (11, 0, 0, 0)
    broken.ledger[0] += 7
    assert any("more than 10" in p for p in broken.invariant_violations())
    broken = state.clone()
    broken.order[2] = broken.order[1]
    assert any("turn order" in p for p in broken.invariant_violations())


def test_view_hides_deck_order_only() -> None:
    fresh = GAME.new_state(3, 5)
    text = repr(fresh.view(0))
    for card in fresh.merchant_deck + fresh.point_deck:
        assert f"'{card}'" not in text
    for card in fresh.merchant_row + fresh.point_row:
        assert f"'{card}'" in text
    assert fresh.view(0) == fresh.view(1) == fresh.view(None)

"""Soak: 500 seeded games, 2-6 seats: invariants, replays and leak checks as they go."""

from __future__ import annotations

import random

from tulipgames.engine.core import SeatSpec
from tulipgames.engine.record import GameRecord, replay
from tulipgames.games.tulipandrose import data
from tulipgames.games.tulipandrose.bots import NormalBot
from tulipgames.games.tulipandrose.rules import GAME, TulipState

GAMES = 500


def options_for(number: int) -> dict[str, object]:
    return {
        "special_orders": number % 3 != 0,
        "hidden_money": number % 2 == 1,
        "set_scoring": "both" if number % 4 == 3 else "partition",
    }


def leaks(state: TulipState, seat: int | None) -> list[str]:
    """What ``view(seat)`` shows that ``seat`` may not see, judged on ``repr(view)``."""
    problems = []
    shown = repr(state.view(seat))
    hidden_orders = list(state.undealt_orders)
    if not state.is_over():
        hidden_orders += [o for s in range(state.seats) if s != seat for o in state.orders[s]]
    problems += [f"order {o} visible to {seat}" for o in hidden_orders if f"'{o}'" in shown]
    if state.options["hidden_money"] and not state.is_over():
        for s in range(state.seats):
            part = shown.split(f"PlayerView(seat={s}, ", 1)[1].split("PlayerView(", 1)[0]
            if s != seat and "florins=None" not in part:
                problems.append(f"florins of {s} visible to {seat}")
        if seat != state.seller and "keep_loans=None" not in shown:
            problems.append(f"seller's loan need visible to {seat}")
    return problems


def test_soak_random_and_normal_games() -> None:
    totals_seen = 0
    for number in range(GAMES):
        seats = 2 + number % 5
        options = options_for(number)
        state = GAME.new_state(seats, number, options)
        rng = random.Random(number)
        normal = NormalBot(number) if number % 10 == 0 else None
        actions: list[tuple[int, str]] = []
        while not state.is_over():
            seat = state.to_act()[0]
            legal = state.legal_actions(seat)
            assert legal, f"game {number}: seat {seat} has no legal action"
            action = normal.choose(state, seat) if normal else rng.choice(legal)
            assert GAME.parse_action(str(action)) == action
            assert action in legal
            state.apply(seat, action)
            actions.append((seat, str(action)))
            assert state.invariant_violations() == [], (number, state.invariant_violations())
            if len(actions) % 7 == 0 or state.is_over():
                for viewer in (None, *range(seats)):
                    assert leaks(state, viewer) == [], (number, leaks(state, viewer))
        assert state.round == state.rounds == 2 * seats
        record = GameRecord(
            GAME.id, number, [SeatSpec(f"p{i}") for i in range(seats)], options, 1, actions
        )
        again = replay(GAME, GameRecord.loads(record.dumps())).state
        assert repr(again.view(None)) == repr(state.view(None))
        assert again.result() == state.result()
        totals_seen += sum(state.loans)
    assert totals_seen > 0  # random bidding does reach the loan rules


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

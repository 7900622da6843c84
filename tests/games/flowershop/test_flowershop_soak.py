"""Soak: hundreds of seeded random games (solo and 2-4 seats) checked step by step.

After every action: the invariants (each of the 96 shop cards in exactly one place, money equal
to salaries plus sales minus spending, storage at most 4 once a seat's step is over). Every few
actions: every legal action passes ``check`` and round-trips through its notation, and no view
shows another seat's hand, face-down pick, the deck or an unflipped solo card. At the end the
record replays to the same views and result.
"""

from __future__ import annotations

import random
import re

import pytest

from tulipgames.engine.core import Action, IllegalAction, SeatSpec
from tulipgames.engine.record import GameRecord, replay
from tulipgames.games.flowershop.data import SPOTS
from tulipgames.games.flowershop.rules import (
    ENDING_ACTIONS,
    GAME,
    STORAGE,
    Buy,
    ChooseFiller,
    Discard,
    Done,
    Draw,
    FlowerShopState,
    Keep,
    Move,
    Pick,
    Place,
    Sell,
    Store,
    Swap,
    Trash,
)

GAMES_PER_COUNT = {1: 140, 2: 130, 3: 120, 4: 110}  # 500 games in all
CARD_ID = re.compile(r"'([A-Z]{2}\d{1,2})'")


def cards_shown(view: object) -> set[str]:
    """Every card id written in a view's repr."""
    return set(CARD_ID.findall(repr(view)))


def hidden_from(state: FlowerShopState, seat: int) -> list[str]:
    """Cards ``seat`` must not see: other hands and picks, the deck, face-down pile cards."""
    cards = list(state.deck)
    for index, shop in enumerate(state.shops):
        if index != seat:
            cards.extend(shop.hand)
            cards.extend(c for c in (shop.pick, shop.swap_from) if c)
    for pile in state.piles:
        cards.extend(c for c in pile if c != state.flipped)
    return cards


def choose(state: FlowerShopState, seat: int, rng: random.Random) -> Action:
    """A random action, ending the step half the time so games stay short but varied."""
    legal = state.legal_actions(seat)
    endings = [a for a in legal if isinstance(a, ENDING_ACTIONS)]
    if endings and rng.random() < 0.5:
        return rng.choice(endings)
    return rng.choice(legal)


def audit(state: FlowerShopState) -> None:
    for seat in state.to_act():
        for action in state.legal_actions(seat):
            state.check(seat, action)
            assert GAME.parse_action(str(action)) == action
    for seat in range(state.seats):
        leaks = cards_shown(state.view(seat)) & set(hidden_from(state, seat))
        assert not leaks, f"seat {seat} sees {leaks}"
    assert not cards_shown(state.view(None)) & set(hidden_from(state, -1))


def play_random(seats: int, seed: int, filler: bool) -> None:
    rng = random.Random(seed)
    state = GAME.new_state(seats, seed, {"filler_scoring": filler})
    actions: list[tuple[int, str]] = []
    step = 0
    while not state.is_over():
        seat = rng.choice(state.to_act())
        action = choose(state, seat, rng)
        state.apply(seat, action)
        actions.append((seat, str(action)))
        assert state.invariant_violations() == [], (seed, actions[-5:])
        step += 1
        if step % 11 == 0:
            audit(state)
    assert state.to_act() == ()
    record = GameRecord(
        GAME.id, seed, [SeatSpec(f"p{i}") for i in range(seats)],
        GAME.resolve_options({"filler_scoring": filler}), GAME.rules_version, actions,
    )
    again = replay(GAME, GameRecord.loads(record.dumps())).state
    for seat in (None, *range(seats)):
        assert repr(again.view(seat)) == repr(state.view(seat))
    assert again.result() == state.result()


@pytest.mark.slow
@pytest.mark.parametrize("seats", [1, 2, 3, 4])
def test_soak_random_games(seats: int) -> None:
    for number in range(GAMES_PER_COUNT[seats]):
        play_random(seats, seed=1000 * seats + number, filler=number % 3 == 0)


@pytest.mark.parametrize("seats", [1, 2, 4])
def test_redeal_hidden_keeps_the_view_and_reshuffles_the_unseen(seats: int) -> None:
    rng = random.Random(seats)
    state = GAME.new_state(seats, 77)
    for _ in range(40):  # into the game, some picks made
        seat = state.to_act()[0]
        state.apply(seat, choose(state, seat, rng))
    for seat in range(seats):
        changed = False
        for trial in range(5):
            twin = state.determinize(seat, random.Random(trial))
            assert repr(twin.view(seat)) == repr(state.view(seat))
            assert sorted(hidden_from(twin, seat)) == sorted(hidden_from(state, seat))
            assert twin.invariant_violations() == []
            changed |= hidden_from(twin, seat) != hidden_from(state, seat)
        assert changed


def test_clone_is_independent() -> None:
    state = GAME.new_state(3, 5)
    twin = state.clone()
    seat = 0
    twin.apply(seat, twin.legal_actions(seat)[0])
    assert state.shops[0].pick is None and twin.shops[0].pick is not None
    assert state.rng.random() == twin.rng.random()


def candidates(state: FlowerShopState, seat: int) -> list[Action]:
    """Every action over the seat's own cards, legal or not: a superset of the legal ones."""
    shop = state.shops[seat]
    cards = [*shop.storage, *shop.hand, *shop.hooks, *shop.trash, *shop.register]
    cards += [c for c in (*shop.spots, *shop.flowers, shop.using) if c]
    orders = [c for c in cards if c.startswith("OR")]
    found: list[Action] = [Swap(), Keep(), Discard(), Draw(), Done(), ChooseFiller("B")]
    for card in cards:
        found += [Pick(card), Store(card), Trash(card), Buy(card), Move(card, STORAGE)]
        found += [Place(card, spot) for spot in SPOTS] + [Move(card, spot) for spot in SPOTS]
        for order in orders:
            found.append(Sell(order, (card,)))
            found += [Sell(order, (card, other)) for other in cards if other != card]
    return found


@pytest.mark.parametrize("seats", [1, 3])
def test_legal_actions_are_exactly_the_actions_check_accepts(seats: int) -> None:
    for number in range(8):
        rng = random.Random(number)
        state = GAME.new_state(seats, 500 + number, {"filler_scoring": number % 2 == 0})
        step = 0
        while not state.is_over():
            seat = rng.choice(state.to_act())
            if step % 9 == 0:
                legal = {str(a) for a in state.legal_actions(seat)}
                for action in candidates(state, seat):
                    try:
                        state.check(seat, action)
                        accepted = True
                    except IllegalAction:
                        accepted = False
                    assert accepted == (str(action) in legal), (str(action), accepted)
            state.apply(seat, choose(state, seat, rng))
            step += 1

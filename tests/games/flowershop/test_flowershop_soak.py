"""Soak: hundreds of seeded random games (solo and 2-4 seats) through the conformance harness.

``engine.testing`` checks after every action the invariants (each of the 96 shop cards in
exactly one place, money equal to salaries plus sales minus spending, storage at most 4 once a
seat's step is over), the notation round trip of every legal action, and every few actions clone
independence, determinize consistency and that no seat's secrets (hand, face-down pick) show in
another view; at the end the record replays to the same result. The tests below add what only
this game has: the deck and unflipped solo piles never in any view, ``legal_actions`` equal to
what ``check`` accepts, and a determinized copy that really reshuffles the unseen cards.
"""

from __future__ import annotations

import random
import re

import pytest

from tulipgames.engine.core import Action, Event, IllegalAction, UnreadableAction
from tulipgames.engine.testing import check_game, play_checked_game
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
    Shop,
    Store,
    Swap,
    Trash,
)

CARD_ID = re.compile(r"'([A-Z]{2}\d{1,2})'")
OPTIONS = ({"filler_scoring": False}, {"filler_scoring": True})


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


def test_harness_with_every_check_at_every_seat_count() -> None:
    report = check_game(GAME, games_per_count=6, seed=100, options=OPTIONS)
    assert report.games == 2 * 4 * 6 and report.ended == report.games
    assert report.seat_counts == {1, 2, 3, 4}


@pytest.mark.slow
@pytest.mark.parametrize("seats", [1, 2, 3, 4])
def test_soak_random_games(seats: int) -> None:
    """With the 48 games above, 250 in all; the costly checks run every 61 actions here."""
    games = {1: 65, 2: 60, 3: 52, 4: 48}[seats]
    for number in range(games):
        state, _ = play_checked_game(
            GAME, seats, 1000 * seats + number, OPTIONS[number % 3 == 0], deep_every=61
        )
        assert state.is_over()


def test_no_view_ever_shows_the_deck_or_an_unflipped_card() -> None:
    for seats in (1, 2, 4):
        rng = random.Random(seats)
        state = GAME.new_state(seats, 40 + seats)
        step = 0
        while not state.is_over():
            if step % 5 == 0:
                for seat in (None, *range(seats)):
                    hidden = set(hidden_from(state, -1 if seat is None else seat))
                    assert not cards_shown(state.view(seat)) & hidden, (seats, seat, step)
            seat = rng.choice(state.to_act())
            state.apply(seat, choose(state, seat, rng))
            step += 1


def test_unreadable_notation_is_told_apart_from_a_forbidden_action() -> None:
    for text in ("pick", "pick XX99", "place FL07 L4", "sell OR01", "fly away", "done now"):
        with pytest.raises(UnreadableAction):
            GAME.parse_action(text)
    assert GAME.parse_action("SELL or02 va14+fl29") == Sell("OR02", ("VA14", "FL29"))
    assert GAME.parse_action("move VA05 to=storage") == Move("VA05", STORAGE)
    state = GAME.new_state(2, 1)
    with pytest.raises(IllegalAction) as error:
        state.apply(0, GAME.parse_action("done"))
    assert not isinstance(error.value, UnreadableAction)


def test_secrets_are_the_hand_and_the_face_down_pick() -> None:
    state = GAME.new_state(3, 9)
    hand = list(state.shops[1].hand)
    assert state.secrets(1) == frozenset(hand)
    state.apply(1, Pick(hand[0]))
    assert state.secrets(1) == frozenset(hand)  # the pick stays secret until the reveal
    for seat in (0, 2):
        state.apply(seat, Pick(state.shops[seat].hand[0]))
    assert hand[0] not in state.secrets(1)  # revealed: public now
    assert GAME.new_state(1, 9).secrets(0) == frozenset()


def test_clones_keep_the_setup_log_and_copy_every_shop_field() -> None:
    state = GAME.new_state(2, 5)
    state.setup_events.append(Event("The shop opens."))
    twin = state.clone()
    assert twin.setup_events == state.setup_events
    twin.setup_events.clear()
    assert state.setup_events  # an independent list
    for shop, copy in zip(state.shops, twin.shops, strict=True):
        for name in Shop.__slots__:
            assert getattr(copy, name) == getattr(shop, name), name
        copy.hand.pop()
        assert len(shop.hand) == 7


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

"""Rule sections of the spec that the scenarios do not pin down: data totals, notation, setup."""

from __future__ import annotations

from collections import Counter

import pytest

from tulipgames.engine.core import IllegalAction
from tulipgames.games.flowershop.data import (
    CARDS,
    COLOURS,
    SALARIES,
    SHOP_DECK,
    SOLO_PILES,
    STARTING_VASES,
    starting_vases,
)
from tulipgames.games.flowershop.rules import GAME, Sell, fits

NOTATIONS = (
    "pick FL07", "swap", "keep", "discard", "draw", "done", "filler B",
    "place VA05 at=H1", "place FL07 on=L4", "store FL07", "trash FL07",
    "sell OR02 FL07", "sell OR02 VA16", "sell OR02 VA14+FL29", "buy BA05",
    "move VA05 to=storage", "move FL16 on=L2", "move FL16 to=storage", "move VA05 at=L3",
)


def of_kind(name: str) -> list[str]:
    return [c for c in SHOP_DECK if CARDS[c].kind == name]


def test_inventory_matches_the_spec_tables() -> None:
    assert len(SHOP_DECK) == 96
    counts = Counter(CARDS[c].kind for c in SHOP_DECK)
    assert counts == {"flower": 39, "vase": 21, "basket": 12, "salary": 15, "order": 9}
    flowers = of_kind("flower")
    assert Counter(CARDS[c].count for c in flowers) == {1: 16, 2: 15, 3: 8}
    assert Counter(CARDS[c].flower for c in flowers) == {"R": 10, "T": 10, "S": 10, "I": 9}
    assert Counter(CARDS[c].filler for c in flowers) == {"B": 13, "H": 13, "F": 13}
    vases = of_kind("vase")
    assert sum(CARDS[v].petals for v in vases) == 61
    assert sum(CARDS[b].cost for b in of_kind("basket")) == 54
    assert sum(CARDS[s].amount for s in of_kind("salary")) == sum(SALARIES) == 105
    for colour in COLOURS:
        assert sum(CARDS[v].petals for v in starting_vases(colour)) == 6
        assert [f"{CARDS[v].flower}{CARDS[v].count}" for v in starting_vases(colour)] == list(
            STARTING_VASES[colour])


def test_supply_check_more_flowers_than_typed_vases() -> None:
    all_vases = of_kind("vase") + [v for c in COLOURS for v in starting_vases(c)]
    for flower in "RTSI":
        for count in (1, 2, 3):
            cards = [c for c in of_kind("flower")
                     if CARDS[c].flower == flower and CARDS[c].count == count]
            typed = [v for v in all_vases
                     if CARDS[v].flower == flower and CARDS[v].count == count]
            assert len(cards) > len(typed), (flower, count)


@pytest.mark.parametrize("text", NOTATIONS)
def test_notation_round_trips(text: str) -> None:
    action = GAME.parse_action(text)
    assert str(action) == text
    assert GAME.parse_action(str(action)) == action


def test_a_pair_is_written_vase_first() -> None:
    assert str(GAME.parse_action("sell OR02 FL29+VA14")) == "sell OR02 VA14+FL29"
    assert Sell("OR02", ("FL29", "VA14")) == Sell("OR02", ("VA14", "FL29"))


@pytest.mark.parametrize("text", ["", "pick", "pick XX99", "sell OR01", "place FL07 L4", "jump"])
def test_unreadable_notation_is_rejected(text: str) -> None:
    with pytest.raises(IllegalAction):
        GAME.parse_action(text)


def test_matching_rule_m1() -> None:
    assert fits("FL05", "VA05") and fits("FL05", "VA18")  # rose 2 in R×2 and in *×2
    assert not fits("FL05", "SR2") and not fits("FL05", "VA21")  # wrong type, wrong count


def test_the_spec_error_message_for_a_misfit() -> None:
    state = GAME.new_state(2, 1)
    state.phase = "use"
    state.shops[0].using = "FL05"
    with pytest.raises(IllegalAction, match=r"FL05 \(rose ×2\) does not fit SR2 \(tulip ×2\)"):
        state.apply(0, GAME.parse_action("place FL05 on=L2"))


def test_setup() -> None:
    for seats in (2, 3, 4):
        state = GAME.new_state(seats, 3)
        assert len(state.deck) == 96 - 7 * seats
        for seat, shop in enumerate(state.shops):
            assert shop.colour == COLOURS[seat] and shop.money == 0
            assert shop.spots[:3] == list(starting_vases(COLOURS[seat]))
            assert len(shop.hand) == 7
        assert state.to_act() == tuple(range(seats))
    solo = GAME.new_state(1, 3)
    assert [len(p) for p in solo.piles] == list(SOLO_PILES)
    assert len(solo.deck) == 96 - 29 and solo.to_act() == (0,)
    assert GAME.new_state(3, 3).deck == GAME.new_state(3, 3).deck
    with pytest.raises(ValueError):
        GAME.new_state(5, 3)


def test_broken_bookkeeping_is_reported() -> None:
    """The invariants find a card lost, a card in two places and money from nowhere, in games
    of each seat count (each has its own starting vases)."""
    for seats in (1, 2, 4):
        state = GAME.new_state(seats, 7)
        assert state.invariant_violations() == []
        lost = state.clone()
        lost.deck.pop()
        doubled = state.clone()
        doubled.deck.append(doubled.deck[0])
        for broken in (lost, doubled):
            assert any("cards not conserved" in p for p in broken.invariant_violations())
        rich = state.clone()
        rich.shops[0].money += 1
        assert any("money" in p for p in rich.invariant_violations())

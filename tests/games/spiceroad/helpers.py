"""Building Spice Road positions for the scenario tests without breaking conservation."""

from __future__ import annotations

from tulipgames.games.spiceroad.rules import GAME, SpiceRoadState


def new(
    seats: int = 2, seed: int = 7, edition: str = "spice", seat_order: str = "typed"
) -> SpiceRoadState:
    """A fresh game; the scenarios speak of seats 1..n in turn order, so seats sit as typed."""
    state = GAME.new_state(seats, seed, {"edition": edition, "seat_order": seat_order})
    assert isinstance(state, SpiceRoadState)
    return state


def set_caravan(
    state: SpiceRoadState, seat: int, y: int = 0, r: int = 0, g: int = 0, b: int = 0
) -> None:
    """Give a seat an exact caravan, keeping the spice ledger in step."""
    old = state.caravans[seat]
    new_counts = (y, r, g, b)
    for i in range(4):
        state.ledger[i] += new_counts[i] - old[i]
    state.caravans[seat] = new_counts


def give_hand(state: SpiceRoadState, seat: int, *cards: str) -> None:
    """Move merchant cards (from wherever they lie) into a seat's hand."""
    for card in cards:
        _take_merchant_card(state, card)
        state.hands[seat].append(card)
        state.owned[seat].append(card)


def give_played(state: SpiceRoadState, seat: int, *cards: str) -> None:
    for card in cards:
        _take_merchant_card(state, card)
        state.played[seat].append(card)
        state.owned[seat].append(card)


def _take_merchant_card(state: SpiceRoadState, card: str) -> None:
    if card in state.merchant_deck:
        state.merchant_deck.remove(card)
    elif card in state.merchant_row:
        index = state.merchant_row.index(card)
        state.merchant_row.pop(index)
        state.row_spices.pop(index)
        state.merchant_row.append(state.merchant_deck.pop())
        state.row_spices.append([0, 0, 0, 0])
    for pile in (*state.hands, *state.played, *state.owned):
        if card in pile and card.startswith("M"):
            pile.remove(card)


def set_merchant_row(state: SpiceRoadState, cards: list[str], spices: list[list[int]]) -> None:
    """Lay out the merchant row exactly; displaced row cards go back into the deck."""
    for card in state.merchant_row:
        state.merchant_deck.insert(0, card)
    for counts in state.row_spices:
        for i in range(4):
            state.ledger[i] -= counts[i]
    state.merchant_row, state.row_spices = [], []
    for card in cards:
        state.merchant_deck.remove(card)
    state.merchant_row = list(cards)
    state.row_spices = [list(s) for s in spices]
    for counts in state.row_spices:
        for i in range(4):
            state.ledger[i] += counts[i]


def set_point_row(state: SpiceRoadState, cards: list[str]) -> None:
    for card in state.point_row:
        state.point_deck.insert(0, card)
    for card in cards:
        state.point_deck.remove(card)
    state.point_row = list(cards)


def give_point_cards(state: SpiceRoadState, seat: int, count: int) -> None:
    """Hand a seat point cards from the deck (as if claimed earlier), sparing P01-P10 for the
    rows the tests lay out."""
    for _ in range(count):
        card = max(state.point_deck)
        state.point_deck.remove(card)
        state.claimed[seat].append(card)


def put_on_top(state: SpiceRoadState, card: str) -> None:
    state.merchant_deck.remove(card)
    state.merchant_deck.append(card)

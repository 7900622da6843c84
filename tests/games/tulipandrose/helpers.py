"""Builders for Tulip & Rose positions used by the scenario tests."""

from __future__ import annotations

from collections.abc import Sequence

from tulipgames.games.tulipandrose.rules import GAME, TulipState


def table(
    seats: int,
    merchants: Sequence[int] | None = None,
    seed: int = 1,
    **options: object,
) -> TulipState:
    """A new game whose merchants (priorities per seat) may be fixed; seller order follows them."""
    state = GAME.new_state(seats, seed, options)
    assert isinstance(state, TulipState)
    if merchants is not None:
        state.merchant = list(merchants)
        state.seller_order = tuple(sorted(range(seats), key=lambda s: state.merchant[s]))
    return state


def auction(
    state: TulipState,
    seller: int,
    bouquets: Sequence[Sequence[str]] = (("T5",), ("R4",), ("L3",)),
    florins: Sequence[int] | None = None,
    loans: Sequence[int] | None = None,
) -> TulipState:
    """Put ``state`` at the first auction of a round whose Seller is ``seller``."""
    state.round = state.seller_order.index(seller) + 1
    if florins is not None:
        state.florins = list(florins)
    if loans is not None:
        state.loans = list(loans)
    state.revealed = [card for bouquet in bouquets for card in bouquet]
    state.bouquets = [list(b) for b in bouquets]
    state.actor = seller
    state._start_auction(0)
    return state


def start_round_with(state: TulipState, deck: Sequence[str]) -> list:
    """Replace the deck and (re)start the current round from income and reveal."""
    state.round -= 1
    state.deck = list(deck)
    state.known_bottom = 0
    return state._next_round()

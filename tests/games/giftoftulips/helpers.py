"""Builders for Gift of Tulips test positions."""

from __future__ import annotations

import re
from typing import Any

from tulipgames.engine.core import Action
from tulipgames.games.giftoftulips.data import VARIETIES
from tulipgames.games.giftoftulips.rules import (
    GAME,
    Card,
    ChooseBouquet,
    GiftState,
)

#: uids far above the real pool, so hand-made cards never collide with dealt ones.
_next_uid = [1000]

LETTERS = {"V": "purple", "B": "blue", "P": "pink", "O": "orange"}


def card(text: str) -> Card:
    """A fresh card from its short form, e.g. ``card("O3")``."""
    _next_uid[0] += 1
    return Card(LETTERS[text[0]], int(text[1]), _next_uid[0])


def cards(*texts: str) -> list[Card]:
    return [card(t) for t in texts]


def new_game(players: int, seed: int, options: dict[str, Any] | None = None) -> GiftState:
    """A new game right after setup dealt, typed as this game's state."""
    state = GAME.new_state(players, seed, options)
    assert isinstance(state, GiftState)
    return state


def finish_setup(state: GiftState) -> None:
    """Every seat keeps the first dealt card in its bouquet."""
    for seat in state.to_act():
        first = state.deals[seat][0]
        state.apply(seat, ChooseBouquet(first.variety, first.value))


def playing(players: int, seed: int = 1, start: int = 0) -> GiftState:
    """A game just past setup, ``start`` to act on card 1."""
    state = new_game(players, seed, {"start_player": start})
    finish_setup(state)
    return state


def set_ranking(state: GiftState, *places: tuple[str, int]) -> None:
    """Force the festival ranking, e.g. ``("blue", 5), ("purple", 2)``; the rest unranked."""
    state.totals = dict.fromkeys(VARIETIES, 0)
    for variety, total in places:
        state.totals[variety] = total
    state.ranking = [variety for variety, _ in places]


def draw(state: GiftState, text: str) -> Card:
    """Put a chosen card in the active seat's hand as its drawn card."""
    drawn = card(text)
    state.pending = drawn
    return drawn


def ranking_of(state: GiftState) -> list[tuple[str, int]]:
    return [(v, state.totals[v]) for v in state.ranking]


_TOKEN = re.compile(r"<[VBPO]\d#(\d+)>")


def uids_in(text: str) -> set[int]:
    """Every card uid written in a repr (cards print as ``<V4#17>``)."""
    return {int(uid) for uid in _TOKEN.findall(text)}


def hidden_from(state: GiftState, seat: int | None) -> set[int]:
    """uids of the cards ``seat`` must not see: deck, removed, others' secrets, deals, draws."""
    hidden = {c.uid for c in (*state.deck, *state.removed)}
    hidden |= {
        c.uid
        for c, owner in zip(state.secret, state.secret_owner, strict=True)
        if owner != seat or state.phase == "over"
    }
    for other, deal in enumerate(state.deals):
        if other != seat:
            hidden |= {c.uid for c in deal}
    if state.pending is not None and state.active != seat:
        hidden.add(state.pending.uid)
    return hidden


def legal_texts(state: GiftState, seat: int) -> list[str]:
    return [str(a) for a in state.legal_actions(seat)]


def act(state: GiftState, seat: int, text: str) -> list:
    action: Action = GAME.parse_action(text)
    return state.apply(seat, action)

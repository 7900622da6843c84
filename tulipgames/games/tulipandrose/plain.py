"""Tulip & Rose in words, for the plain-text mode: the bouquets on offer, the auction, every
merchant's holdings and money (as far as the viewer may see them), one's Special Orders and what
a bouquet is worth to oneself, as sentences a screen reader can say.

A split is chosen card by card ("card 3, lily 4: into bouquet 2"), so every list stays short.
"""

from __future__ import annotations

from tulipgames.engine.core import Action
from tulipgames.games.tulipandrose.data import CARD_LETTERS, KIND_NAMES
from tulipgames.games.tulipandrose.rules import (
    Assign,
    Bid,
    Keep,
    Pass,
    Sell,
    Split,
    SplitDone,
    TulipView,
)
from tulipgames.table import Turn


def card_words(card: str) -> str:
    """"T3" → "tulip 3"; "W" → "weed"; "S" → "Semper Augustus"."""
    kind = KIND_NAMES.get(card[:1], card[:1])
    value = card[1:]
    name = kind if kind[0].isupper() and " " in kind else kind.lower()
    return f"{name} {value}".strip()


def cards_words(cards: tuple[str, ...]) -> str:
    return ", ".join(card_words(c) for c in cards) if cards else "nothing"


def florins(n: int) -> str:
    return f"{n} florin{'s' if n != 1 else ''}"


def holdings_words(counts: tuple[int, ...]) -> str:
    parts = [
        f"{n} {card_words(letter)}" for letter, n in zip(CARD_LETTERS, counts, strict=True) if n
    ]
    return ", ".join(parts) if parts else "nothing yet"


def describe(turn: Turn[TulipView]) -> list[str]:
    """The whole situation: the market day, the bouquets, every merchant, one's orders."""
    view = turn.view
    lines = [
        f"Round {view.round} of {view.rounds}, market day {view.day}. "
        f"{turn.name(view.seller)} is the Seller. {view.deck_size} cards in the deck."
    ]
    if view.revealed:
        lines.append(f"Revealed for splitting: {cards_words(view.revealed)}.")
    for number, bouquet in enumerate(view.bouquets, 1):
        worth = view.worth(bouquet) if turn.seat is not None else None
        to_you = f"; worth {worth} points to you" if worth is not None else ""
        lines.append(f"Bouquet {number}: {cards_words(bouquet)}{to_you}.")
    if view.auction is not None:
        auction = view.auction
        high = (
            f"the high bid is {auction.high} by {turn.name(auction.high_bidder)}"
            if auction.high is not None and auction.high_bidder is not None
            else "no bid yet"
        )
        lines.append(f"Auction of bouquet {auction.bouquet}: {high}.")
    for player in view.players:
        money = "money hidden" if player.florins is None else florins(player.florins)
        loans = f", {player.loans} loans" if player.loans else ""
        lines.append(
            f"{turn.name(player.seat)} ({player.merchant}): {money}{loans}, income "
            f"{player.income}; holds {holdings_words(player.cards)}."
        )
        if player.orders is not None and player.seat == turn.seat:
            for order in player.orders:
                met = "met" if order.met else "not met yet"
                lines.append(
                    f"  Your Special Order {order.name}: {order.condition}, "
                    f"{order.points} points, {met}."
                )
    return lines


def brief(turn: Turn[TulipView]) -> list[str]:
    """Before a decision: what is on offer and the limits of one's bid."""
    view = turn.view
    lines = []
    if view.phase == "split":
        lines.append(f"Cards to split: {cards_words(view.revealed)}.")
        for number, bouquet in enumerate(view.bouquets, 1):
            lines.append(f"Bouquet {number} so far: {cards_words(bouquet)}.")
    elif view.auction is not None:
        auction = view.auction
        worth = view.worth(auction.cards)
        lines.append(
            f"Bouquet {auction.bouquet} on offer: {cards_words(auction.cards)}"
            + (f", worth {worth} points to you." if worth is not None else ".")
        )
        if view.min_bid is not None and view.max_bid is not None:
            lines.append(f"You may bid {view.min_bid} to {view.max_bid}.")
    elif view.phase == "decide" and view.keep_price is not None:
        lines.append(f"The high bid is {view.keep_price}.")
        if view.keep_problem:
            lines.append(f"You cannot keep it: {view.keep_problem}.")
    return lines


def describe_action(action: Action, turn: Turn[TulipView]) -> str:
    """A choice in words, with what a bid would cost in loans."""
    view = turn.view
    if isinstance(action, Assign):
        card = view.revealed[action.card - 1] if 0 < action.card <= len(view.revealed) else ""
        return f"card {action.card}, {card_words(card)} · into bouquet {action.bouquet}"
    if isinstance(action, SplitDone):
        return "the split is done"
    if isinstance(action, Split):
        return "split " + ", ".join(str(b) for b in action.bouquets)
    if isinstance(action, Bid):
        loans = view.bid_loans(action.amount)
        extra = f", taking {loans} loan{'s' if loans != 1 else ''}" if loans else ""
        return f"bid · {action.amount}{extra}"
    if isinstance(action, Pass):
        return "pass"
    if isinstance(action, Sell):
        high = view.auction.high if view.auction is not None else None  # the bid, not the keep
        return f"sell it for {high}" if high is not None else "sell it"
    if isinstance(action, Keep):
        return f"keep it for {view.keep_price}" if view.keep_price is not None else "keep it"
    return str(action)


__all__ = ["brief", "describe", "describe_action"]

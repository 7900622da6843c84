"""Tulip & Rose in words, for the plain-text mode: the bouquets on offer, the auction, every
merchant's holdings and money (as far as the viewer may see them), one's Special Orders and what
a bouquet is worth to oneself, as sentences a screen reader can say.

A split is chosen card by card ("card 3, lily 4: into bouquet 2"), so every list stays short.
"""

from __future__ import annotations

from tulipgames.engine.core import Action
from tulipgames.games.tulipandrose.data import CARD_LETTERS, CARD_WORDS
from tulipgames.games.tulipandrose.rules import (
    Assign,
    Bid,
    Keep,
    Pass,
    PlayerView,
    Sell,
    Split,
    SplitDone,
    TulipView,
)
from tulipgames.i18n import _, ngettext
from tulipgames.table import Turn


def card_words(card: str) -> str:
    """"T3" → "tulip 3"; "W" → "weed"; "S" → "Semper Augustus" (in the reader's language)."""
    word = CARD_WORDS.get(card[:1])
    name = _(word) if word is not None else card[:1]
    value = card[1:]
    return f"{name} {value}".strip()


def cards_words(cards: tuple[str, ...]) -> str:
    return ", ".join(card_words(c) for c in cards) if cards else _("nothing")


def florins(n: int) -> str:
    return ngettext("{n} florin", "{n} florins", n).format(n=n)


def holdings_words(counts: tuple[int, ...]) -> str:
    parts = [
        f"{n} {card_words(letter)}" for letter, n in zip(CARD_LETTERS, counts, strict=True) if n
    ]
    return ", ".join(parts) if parts else _("nothing yet")


def describe(turn: Turn[TulipView]) -> list[str]:
    """The whole situation: the market day, the bouquets, every merchant, one's orders."""
    view = turn.view
    lines = [round_line(turn)]
    if view.revealed:
        lines.append(_("Revealed for splitting: {cards}.").format(cards=cards_words(view.revealed)))
    for number, bouquet in enumerate(view.bouquets, 1):
        worth = view.worth(bouquet) if turn.seat is not None else None
        lines.append(bouquet_words(number, bouquet, worth, "; "))
    auction = auction_line(turn)
    if auction is not None:
        lines.append(auction)
    for player in view.players:
        lines += player_lines(turn, player)
    return lines


def round_line(turn: Turn[TulipView]) -> str:
    """"Round 3 of 8, market day 1. Ana is the Seller. 60 cards in the deck." """
    view = turn.view
    return _("Round {round} of {rounds}, market day {day}. {seller} is the Seller. {deck} cards "
             "in the deck.").format(round=view.round, rounds=view.rounds, day=view.day,
                                    seller=turn.name(view.seller), deck=view.deck_size)


def auction_line(turn: Turn[TulipView]) -> str | None:
    """The auction under way, if one is: the bouquet and its high bid."""
    auction = turn.view.auction
    if auction is None:
        return None
    if auction.high is not None and auction.high_bidder is not None:
        return _("Auction of bouquet {number}: the high bid is {high} by {bidder}.").format(
            number=auction.bouquet, high=auction.high, bidder=turn.name(auction.high_bidder))
    return _("Auction of bouquet {number}: no bid yet.").format(number=auction.bouquet)


def player_lines(turn: Turn[TulipView], player: PlayerView) -> list[str]:
    """A merchant's money and cards, then (for one's own seat) each Special Order, indented."""
    money = _("money hidden") if player.florins is None else florins(player.florins)
    loans = (", " + ngettext("{n} loan", "{n} loans", player.loans).format(n=player.loans)
             if player.loans else "")
    # Translators: {loans} is empty or ", 2 loans".
    lines = [
        _("{name} ({merchant}): {money}{loans}, income {income}; holds {cards}.").format(
            name=turn.name(player.seat), merchant=player.merchant, money=money, loans=loans,
            income=player.income, cards=holdings_words(player.cards))
    ]
    if player.orders is not None and player.seat == turn.seat:
        for order in player.orders:
            lines.append("  " + (
                _("Your Special Order {name}: {condition}, {points} points, met.")
                if order.met else
                _("Your Special Order {name}: {condition}, {points} points, not met yet.")
            ).format(name=_(order.name), condition=_(order.condition), points=order.points))
    return lines


def bouquet_words(number: int, cards: tuple[str, ...], worth: int | None, sep: str) -> str:
    """"Bouquet 2: tulip 3, weed -1; worth 4 points to you." (``sep`` before the worth)."""
    text = _("Bouquet {number}: {cards}").format(number=number, cards=cards_words(cards))
    if worth is not None:
        text += sep + _("worth {points} points to you").format(points=worth)
    return text + "."


def brief(turn: Turn[TulipView]) -> list[str]:
    """Before a decision: what is on offer and the limits of one's bid."""
    view = turn.view
    lines = []
    if view.phase == "split":
        lines.append(_("Cards to split: {cards}.").format(cards=cards_words(view.revealed)))
        for number, bouquet in enumerate(view.bouquets, 1):
            lines.append(_("Bouquet {number} so far: {cards}.").format(
                number=number, cards=cards_words(bouquet)))
    elif view.auction is not None:
        auction = view.auction
        worth = view.worth(auction.cards)
        offer = _("Bouquet {number} on offer: {cards}").format(
            number=auction.bouquet, cards=cards_words(auction.cards))
        lines.append(offer + (", " + _("worth {points} points to you").format(points=worth) + "."
                              if worth is not None else "."))
        if view.min_bid is not None and view.max_bid is not None:
            lines.append(_("You may bid {low} to {high}.").format(low=view.min_bid,
                                                                 high=view.max_bid))
    elif view.phase == "decide" and view.keep_price is not None:
        lines.append(_("The high bid is {amount}.").format(amount=view.keep_price))
        if view.keep_problem:
            lines.append(_("You cannot keep it: {why}.").format(why=view.keep_problem))
    return lines


def describe_action(action: Action, turn: Turn[TulipView]) -> str:
    """A choice in words, with what a bid would cost in loans."""
    view = turn.view
    if isinstance(action, Assign):
        card = view.revealed[action.card - 1] if 0 < action.card <= len(view.revealed) else ""
        return _("card {card}, {name} · into bouquet {bouquet}").format(
            card=action.card, name=card_words(card), bouquet=action.bouquet)
    if isinstance(action, SplitDone):
        return _("the split is done")
    if isinstance(action, Split):
        return _("split {bouquets}").format(bouquets=", ".join(str(b) for b in action.bouquets))
    if isinstance(action, Bid):
        loans = view.bid_loans(action.amount)
        if loans:
            return ngettext("bid · {amount}, taking {n} loan", "bid · {amount}, taking {n} loans",
                            loans).format(amount=action.amount, n=loans)
        return _("bid · {amount}").format(amount=action.amount)
    if isinstance(action, Pass):
        return _("pass")
    if isinstance(action, Sell):
        high = view.auction.high if view.auction is not None else None  # the bid, not the keep
        return _("sell it for {amount}").format(amount=high) if high is not None else _("sell it")
    if isinstance(action, Keep):
        return (_("keep it for {amount}").format(amount=view.keep_price)
                if view.keep_price is not None else _("keep it"))
    return str(action)


__all__ = ["brief", "describe", "describe_action"]

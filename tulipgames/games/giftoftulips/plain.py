"""Gift of Tulips in words, for the plain-text mode: the festival, the bouquets, one's own
secret cards and what each choice scores, as sentences a screen reader can say."""

from __future__ import annotations

from tulipgames.engine.core import Action
from tulipgames.games.giftoftulips.data import VARIETIES, VARIETY_INFO
from tulipgames.games.giftoftulips.rules import (
    AddFaceUp,
    AddSecret,
    Card,
    ChooseBouquet,
    GiftView,
    Give,
    Keep,
)
from tulipgames.table import Turn

PLACES = ("first", "second", "third", "fourth")


def card_words(card: Card) -> str:
    """"blue 3" rather than "B3": a colour and a value read aloud."""
    return f"{card.variety} {card.value}"


def cards_words(cards: tuple[Card, ...]) -> str:
    return ", ".join(card_words(c) for c in cards) if cards else "no cards"


def points(n: int) -> str:
    return f"{n} point{'s' if n != 1 else ''}"


def festival_lines(view: GiftView) -> list[str]:
    """The festival ranking, best first, with each variety's total."""
    festival = view.festival
    ranked = [
        f"{PLACES[i]} {variety} with {festival.total(variety)}"
        for i, variety in enumerate(festival.ranking)
    ]
    unranked = [v for v in VARIETIES if v not in festival.ranking]
    line = "Festival: " + ("; ".join(ranked) if ranked else "no card yet") + "."
    if unranked:
        line += f" Not yet at the festival: {', '.join(unranked)}."
    return [line]


def describe(turn: Turn[GiftView]) -> list[str]:
    """The whole situation: festival, every bouquet and score so far, one's own secrets."""
    view = turn.view
    lines = festival_lines(view)
    lines.append(
        f"Deck: {view.deck_size} cards, about {view.turns_left} more turns each. "
        f"Secret festival: {view.secret_size} cards face down."
    )
    for seat in range(view.seats):
        bouquet = view.bouquets[seat]
        lines.append(
            f"{turn.name(seat)}: {points(view.scores[seat])} so far "
            f"(give {view.give_points[seat]}, keep {view.keep_points[seat]}); bouquet of "
            f"{len(bouquet)}: {cards_words(bouquet)}."
        )
    if view.viewer is not None and view.own_secret:
        lines.append(f"Your cards in the secret festival: {cards_words(view.own_secret)}.")
    if view.pending is not None and view.viewer == view.active:
        lines.append(f"You drew {card_words(view.pending)}.")
    return lines


def brief(turn: Turn[GiftView]) -> list[str]:
    """Before a decision: the card in hand and the festival, in two sentences."""
    view = turn.view
    lines = festival_lines(view)
    if view.pending is not None:
        lines.append(f"Your card: {card_words(view.pending)}.")
    elif view.deal and view.setup_choice is None:
        lines.append(f"Your two dealt cards: {cards_words(view.deal)}.")
    return lines


def describe_action(action: Action, turn: Turn[GiftView]) -> str:
    """A choice with what it scores now, from the rules' own list of choices."""
    view = turn.view
    choice = next((c for c in view.choices if c.action == action), None)
    worth = f", {points(choice.points)} now" if choice and choice.points else ""
    note = f" ({choice.note})" if choice and choice.note else ""
    if isinstance(action, Keep):
        return f"keep it in your bouquet{worth}"
    if isinstance(action, Give):
        return f"give it to {turn.name(action.target)}{worth}"
    if isinstance(action, AddFaceUp):
        return f"add it face up to the festival{note}"
    if isinstance(action, AddSecret):
        return "add it face down to the secret festival"
    if isinstance(action, ChooseBouquet):
        full = VARIETY_INFO[action.variety][0]
        return f"start your bouquet with {action.variety} {action.value} ({full}){note}"
    return str(action)


__all__ = ["brief", "describe", "describe_action"]

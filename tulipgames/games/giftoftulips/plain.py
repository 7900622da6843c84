"""Gift of Tulips in words, for the plain-text mode: the festival, the bouquets, one's own
secret cards and what each choice scores, as sentences a screen reader can say (in the
reader's language: these are made for the one who hears them)."""

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
from tulipgames.i18n import N_, _, ngettext, render
from tulipgames.table import Turn

# Translators: festival places said in words ("first with 12").
PLACES = (N_("first"), N_("second"), N_("third"), N_("fourth"))
#: Each variety's colour said in words (message ids).
COLOURS = {"purple": N_("purple"), "blue": N_("blue"), "pink": N_("pink"), "orange": N_("orange")}


def colour(variety: str) -> str:
    """A variety's colour in the reader's language."""
    return _(COLOURS[variety])


def card_words(card: Card) -> str:
    """"blue 3" rather than "B3": a colour and a value read aloud."""
    return f"{colour(card.variety)} {card.value}"


def cards_words(cards: tuple[Card, ...]) -> str:
    return ", ".join(card_words(c) for c in cards) if cards else _("no cards")


def points(n: int) -> str:
    return ngettext("{n} point", "{n} points", n).format(n=n)


def festival_lines(view: GiftView) -> list[str]:
    """The festival ranking, best first, with each variety's total."""
    festival = view.festival
    ranked = [
        _("{place} {colour} with {total}").format(
            place=_(PLACES[i]), colour=colour(variety), total=festival.total(variety))
        for i, variety in enumerate(festival.ranking)
    ]
    unranked = [v for v in VARIETIES if v not in festival.ranking]
    line = _("Festival: {ranking}.").format(
        ranking="; ".join(ranked) if ranked else _("no card yet"))
    if unranked:
        line += " " + _("Not yet at the festival: {colours}.").format(
            colours=", ".join(colour(v) for v in unranked))
    return [line]


def describe(turn: Turn[GiftView]) -> list[str]:
    """The whole situation: festival, every bouquet and score so far, one's own secrets."""
    view = turn.view
    lines = festival_lines(view)
    lines.append(
        _("Deck: {deck} cards, about {turns} more turns each. "
          "Secret festival: {secret} cards face down.").format(
            deck=view.deck_size, turns=view.turns_left, secret=view.secret_size)
    )
    for seat in range(view.seats):
        bouquet = view.bouquets[seat]
        lines.append(
            _("{name}: {points} so far (give {give}, keep {keep}); bouquet of {size}: "
              "{cards}.").format(
                name=turn.name(seat), points=points(view.scores[seat]),
                give=view.give_points[seat], keep=view.keep_points[seat], size=len(bouquet),
                cards=cards_words(bouquet))
        )
    if view.viewer is not None and view.own_secret:
        lines.append(_("Your cards in the secret festival: {cards}.").format(
            cards=cards_words(view.own_secret)))
    if view.pending is not None and view.viewer == view.active:
        lines.append(_("You drew {card}.").format(card=card_words(view.pending)))
    return lines


def brief(turn: Turn[GiftView]) -> list[str]:
    """Before a decision: the card in hand and the festival, in two sentences."""
    view = turn.view
    lines = festival_lines(view)
    if view.pending is not None:
        lines.append(_("Your card: {card}.").format(card=card_words(view.pending)))
    elif view.deal and view.setup_choice is None:
        lines.append(_("Your two dealt cards: {cards}.").format(cards=cards_words(view.deal)))
    return lines


def describe_action(action: Action, turn: Turn[GiftView]) -> str:
    """A choice with what it scores now, from the rules' own list of choices."""
    view = turn.view
    choice = next((c for c in view.choices if c.action == action), None)
    worth = (_(", {points} now").format(points=points(choice.points))
             if choice and choice.points else "")
    note = f" ({render(choice.note)})" if choice and choice.note else ""
    if isinstance(action, Keep):
        return _("keep it in your bouquet{worth}").format(worth=worth)
    if isinstance(action, Give):
        return _("give it to {name}{worth}").format(name=turn.name(action.target), worth=worth)
    if isinstance(action, AddFaceUp):
        return _("add it face up to the festival{note}").format(note=note)
    if isinstance(action, AddSecret):
        return _("add it face down to the secret festival")
    if isinstance(action, ChooseBouquet):
        full = VARIETY_INFO[action.variety][0]
        return _("start your bouquet with {colour} {value} ({name}){note}").format(
            colour=colour(action.variety), value=action.value, name=full, note=note)
    return str(action)


__all__ = ["brief", "describe", "describe_action"]

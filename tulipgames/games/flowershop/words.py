"""The Little Flower Shop in the plain mode's own words: the short turn's brief, the named queries
(``hand``, ``market``, ``scores``...) and its shorthand said in words, built on ``plain.py`` and
the views; nothing here changes a rule. Named by the game's kit as ``words:WORDS``."""

from __future__ import annotations

import re
from typing import Any

from tulipgames.games.parts import PlainWords
from tulipgames.i18n import _
from tulipgames.plain.speech import Speaker
from tulipgames.table import Turn


def flower_brief(turn: Turn[Any]) -> str:
    """The money while a card is in use and why the step may not end; the card itself is in
    the question ("Use VA16: place, store, sell or trash it")."""
    from tulipgames.games.flowershop.plain import card_words

    view = turn.view
    parts = []
    mine = next((s for s in view.shops if s.seat == turn.seat), None)
    if mine is not None and mine.using:
        parts.append(_("You have ${money}.").format(money=mine.money))
    if view.solo and view.flipped:
        parts.append(_("Flipped: {card}.").format(card=card_words(view.flipped)))
    # a card in use is the blocker the question names already ("Use VA16: ..."): only others
    if view.end_blocker and not (mine is not None and mine.using):
        parts.append(_("You cannot end this step yet: {reason}.").format(
            reason=view.end_blocker))
    return " ".join(parts)


def flower_hand(turn: Turn[Any]) -> list[str]:
    from tulipgames.games.flowershop.plain import cards_words

    view = turn.view
    if view.hand:
        return [_("Your hand: {cards}.").format(cards=cards_words(view.hand))]
    return [_("Your hand is empty.")]


def flower_shops(turn: Turn[Any], mine: bool) -> list[str]:
    from tulipgames.games.flowershop.plain import shop_words

    out = []
    for shop in turn.view.shops:
        if (shop.seat == turn.seat) == mine:
            out += [line.strip() for line in shop_words(shop, turn.name(shop.seat))]
    return out or [_("Nobody else has a shop in the solo game.")]


def flower_market(turn: Turn[Any]) -> list[str]:
    from tulipgames.games.flowershop.plain import flipped_words, piles_words

    view = turn.view
    if view.solo:
        lines = [piles_words(view)]
        if view.flipped:
            lines.append(flipped_words(view))
        return lines
    return flower_hand(turn)


def flower_scores(turn: Turn[Any]) -> list[str]:
    from tulipgames.games.flowershop.plain import scores_words

    return [scores_words(turn)]


# -- its shorthand said in words --------------------------------------------------
def flower_speaker() -> Speaker:
    from tulipgames.games.flowershop.data import FILLERS
    from tulipgames.games.flowershop.plain import flower_words

    def flower(letter: str, count: str) -> str:
        return flower_words(letter, int(count))

    def speak(line: str) -> str:
        # the words are looked up as each line is said: in the language of its reader
        line = re.sub(r"\(([RTSI*])×(\d+)\)", lambda m: f"({flower(m[1], m[2])})", line)
        line = re.sub(r"\(([RTSI])(\d)·([BHF])\)",
                      lambda m: "(" + _("{flowers} with {filler}").format(
                          flowers=flower(m[1], m[2]), filler=_(FILLERS[m[3]])) + ")", line)
        line = re.sub(r"\((\d+)FP \$(\d+)\)",
                      lambda m: "(" + _("{fp} points, costs ${cost}").format(
                          fp=m[1], cost=m[2]) + ")", line)
        line = re.sub(r"\b(\w+) \((\w+) ×(\d+)\)",
                      lambda m: f"{m[1]} ({m[3]} {m[2]})", line)
        line = re.sub(r"\bL([1-6])\b", lambda m: _("low spot {n}").format(n=m[1]), line)
        return re.sub(r"\bH([12])\b", lambda m: _("high spot {n}").format(n=m[1]), line)

    return speak


WORDS = PlainWords(
    brief=flower_brief,
    queries={"hand": flower_hand, "sheet": lambda t: flower_shops(t, True),
             "opponents": lambda t: flower_shops(t, False), "market": flower_market,
             "scores": flower_scores},
    speaker=lambda table: flower_speaker(),
)

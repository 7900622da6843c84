"""The Little Flower Shop in the plain mode's own words: the short turn's brief, the named queries
(``hand``, ``market``, ``scores``...) and its shorthand said in words, built on ``plain.py`` and
the views; nothing here changes a rule. Named by the game's kit as ``words:WORDS``."""

from __future__ import annotations

import re
from typing import Any

from tulipgames.games.parts import PlainWords
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
        parts.append(f"You have ${mine.money}.")
    if view.solo and view.flipped:
        parts.append(f"Flipped: {card_words(view.flipped)}.")
    if view.end_blocker and not view.end_blocker.startswith("use "):
        parts.append(f"You cannot end this step yet: {view.end_blocker}.")
    return " ".join(parts)


def flower_hand(turn: Turn[Any]) -> list[str]:
    from tulipgames.games.flowershop.plain import cards_words

    view = turn.view
    return [f"Your hand: {cards_words(view.hand)}." if view.hand else "Your hand is empty."]


def flower_shops(turn: Turn[Any], mine: bool) -> list[str]:
    from tulipgames.games.flowershop.plain import shop_words

    out = []
    for shop in turn.view.shops:
        if (shop.seat == turn.seat) == mine:
            out += [line.strip() for line in shop_words(shop, turn.name(shop.seat))]
    return out or ["Nobody else has a shop in the solo game."]


def flower_market(turn: Turn[Any]) -> list[str]:
    from tulipgames.games.flowershop.plain import card_words

    view = turn.view
    if view.solo:
        lines = [f"Piles: {', '.join(str(p) for p in view.piles)} cards left."]
        if view.flipped:
            lines.append(f"Flipped card: {card_words(view.flipped)}, {view.under} under it.")
        return lines
    return flower_hand(turn)


def flower_scores(turn: Turn[Any]) -> list[str]:
    view = turn.view
    preview = ", ".join(f"{turn.name(s)} {sum(row)}" for s, row in enumerate(view.preview))
    return [f"Score if the game ended now: {preview}."]


# -- its shorthand said in words --------------------------------------------------
def flower_speaker() -> Speaker:
    from tulipgames.games.flowershop.data import FILLERS, FLOWER_TYPES

    def flower(letter: str, count: str) -> str:
        n = int(count)
        if letter == "*":
            return f"{n} of any flower"
        word = FLOWER_TYPES[letter]
        return f"{n} {word}{'es' if n != 1 and word.endswith('s') else 's' if n != 1 else ''}"

    def speak(line: str) -> str:
        line = re.sub(r"\(([RTSI*])×(\d+)\)", lambda m: f"({flower(m[1], m[2])})", line)
        line = re.sub(r"\(([RTSI])(\d)·([BHF])\)",
                      lambda m: f"({flower(m[1], m[2])} with {FILLERS[m[3]]})", line)
        line = re.sub(r"\((\d+)FP \$(\d+)\)", r"(\1 points, costs $\2)", line)
        line = re.sub(r"\b(\w+) \((\w+) ×(\d+)\)",
                      lambda m: f"{m[1]} ({m[3]} {m[2]})", line)
        line = re.sub(r"\bL([1-6])\b", r"low spot \1", line)
        return re.sub(r"\bH([12])\b", r"high spot \1", line)

    return speak


WORDS = PlainWords(
    brief=flower_brief,
    queries={"hand": flower_hand, "sheet": lambda t: flower_shops(t, True),
             "opponents": lambda t: flower_shops(t, False), "market": flower_market,
             "scores": flower_scores},
    speaker=lambda table: flower_speaker(),
)

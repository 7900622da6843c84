"""Gift of Tulips in the plain mode's own words: the short turn's brief, the named queries
(``hand``, ``market``, ``scores``...) and its shorthand said in words, built on ``plain.py`` and
the views; nothing here changes a rule. Named by the game's kit as ``words:WORDS``."""

from __future__ import annotations

import re
from typing import Any

from tulipgames.games.parts import PlainWords
from tulipgames.plain.speech import Speaker
from tulipgames.plain.words import each, me
from tulipgames.table import Turn


def gift_brief(turn: Turn[Any]) -> str:
    from tulipgames.games.giftoftulips.plain import festival_lines

    return festival_lines(turn.view)[0]


def gift_hand(turn: Turn[Any]) -> list[str]:
    from tulipgames.games.giftoftulips.plain import brief, cards_words

    view = turn.view
    lines = brief(turn)[1:]
    lines.append(f"Your bouquet: {cards_words(view.bouquets[me(turn)])}.")
    if view.own_secret:
        lines.append(f"Your cards in the secret festival: {cards_words(view.own_secret)}.")
    return lines


def gift_bouquets(turn: Turn[Any]) -> list[str]:
    from tulipgames.games.giftoftulips.plain import cards_words

    view = turn.view
    return [f"{turn.name(s)}: {cards_words(b)}." for s, b in enumerate(view.bouquets)]


def gift_scores(turn: Turn[Any]) -> list[str]:
    view = turn.view
    share = each(view.turns_left, view.seats)
    left = "" if turn.over else f" About {share} more turn{'s' if share != 1 else ''} each."
    return ["; ".join(f"{turn.name(s)} {view.scores[s]} (give {view.give_points[s]}, keep "
                      f"{view.keep_points[s]})" for s in range(view.seats)) + "." + left]


def gift_market(turn: Turn[Any]) -> list[str]:
    from tulipgames.games.giftoftulips.plain import festival_lines

    view = turn.view
    return [*festival_lines(view),
            f"Deck: {view.deck_size} cards. Secret festival: {view.secret_size} cards."]


# -- its shorthand said in words --------------------------------------------------
def gift_speaker() -> Speaker:
    from tulipgames.games.giftoftulips.data import VARIETY_INFO

    colour = {info[1]: variety for variety, info in VARIETY_INFO.items()}
    glyphs = "".join(info[2] for info in VARIETY_INFO.values())

    def speak(line: str) -> str:
        line = re.sub(rf"[{glyphs}]([BOPV])\b", lambda m: colour[m[1]], line)
        line = re.sub(r"\bMaj (\d\w\w)\b", r"majority \1", line)
        line = re.sub(r"\(→ ([BOPV]) (\d+), (\w+)\)",
                      lambda m: f"(then {colour[m[1]]} has {m[2]}, {m[3]})", line)
        line = re.sub(r"\b([BOPV])(\d+)\b", lambda m: f"{colour[m[1]]} {m[2]}", line)
        return re.sub(r"\b([BOPV]) is\b", lambda m: f"{colour[m[1]]} is", line)

    return speak


WORDS = PlainWords(
    brief=gift_brief,
    queries={"hand": gift_hand, "bouquets": gift_bouquets, "scores": gift_scores,
             "market": gift_market, "opponents": gift_bouquets},
    # a draw is told by the question (one's own) or by what the drawer did with it
    repeated=re.compile(r"^(You drew \w+ \d+ \(card \d of \d\)|.* drew card \d of \d)$"),
    speaker=lambda table: gift_speaker(),
)

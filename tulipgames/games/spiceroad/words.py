"""Century: Spice Road in the plain mode's own words: the short turn's brief, the named queries
(``hand``, ``market``, ``scores``...) and its shorthand said in words, built on ``plain.py`` and
the views; nothing here changes a rule. Named by the game's kit as ``words:WORDS``."""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

from tulipgames.games.parts import PlainWords
from tulipgames.plain.speech import Speaker, times
from tulipgames.plain.words import me, one_or_more
from tulipgames.table import Turn


def spice_brief(turn: Turn[Any]) -> str:
    from tulipgames.games.spiceroad.plain import brief

    lines = brief(turn)
    return " ".join(line for line in lines if not line.startswith("Your hand"))


def spice_hand(turn: Turn[Any]) -> list[str]:
    from tulipgames.games.spiceroad.plain import brief, card_words, edition

    view = turn.view
    player = view.players[me(turn)]
    played = "; ".join(card_words(c, edition(view)) for c in player.played) or "none"
    return [*brief(turn)[:2], f"Played, back with a rest: {played}."]


def spice_market(turn: Turn[Any]) -> list[str]:
    from tulipgames.games.spiceroad.plain import describe

    return [line for line in describe(turn) if line.startswith(("Point card", "Merchant card"))]


def spice_opponents(turn: Turn[Any]) -> list[str]:
    from tulipgames.games.spiceroad.plain import describe

    names = [turn.name(s) for s in range(len(turn.names)) if s != me(turn)]
    return [line for line in describe(turn) if line.startswith(tuple(f"{n}:" for n in names))]


def spice_scores(turn: Turn[Any]) -> list[str]:
    from tulipgames.games.spiceroad.plain import edition

    view = turn.view
    ed = edition(view)
    return ["; ".join(
        f"{turn.name(s)}: {len(p.claimed)} {one_or_more(len(p.claimed), ed.point_cards)} "
        f"worth {p.point_vp}, "
        f"{p.gold} {ed.gold_name} and {p.silver} {ed.silver_name} coins"
        for s, p in enumerate(view.players)) + "."]


# -- its shorthand said in words --------------------------------------------------
SPICE_RUN = re.compile(r"(?<![A-Za-z])([YRGB]+)(?![A-Za-z])")


def spice_speaker(names: dict[str, str]) -> Speaker:
    """``YYYYY → BB ×1`` → "trade 5 turmeric for 2 cinnamon, once"; ``Y→R`` → "turmeric to saffron";
    ``+YY`` → "gain 2 turmeric"."""

    def run(letters: str) -> str:
        if len(letters) == 1:
            return names[letters]
        counts = Counter(letters)
        return " and ".join(f"{n} {names[k]}" for k, n in counts.items())

    def counted(letters: str) -> str:
        return run(letters) if len(letters) > 1 else f"1 {names[letters]}"

    def speak(line: str) -> str:
        line = re.sub(r"([YRGB]+) → ([YRGB]+) ×(\d+)",
                      lambda m: f"trade {counted(m[1])} for {counted(m[2])}, "
                                f"{times(int(m[3]))}", line)
        line = re.sub(r"\b([YRGB]+) → ([YRGB]+)",
                      lambda m: f"trade {counted(m[1])} for {counted(m[2])}", line)
        line = re.sub(r"\b([YRGB])→([YRGB])\b", lambda m: f"{run(m[1])} to {run(m[2])}", line)
        line = re.sub(r"(^|[\s:(])\+([YRGB]+)\b", lambda m: f"{m[1]}gain {counted(m[2])}",
                      line)
        line = re.sub(r"\((\d+) VP\)", lambda m: f"({m[1]} points)", line)
        line = re.sub(r"claimed ([YRGB]+) ", lambda m: f"claimed the card for {run(m[1])} ", line)
        line = line.replace(" acquired trade ", " acquired the card: trade ")
        return SPICE_RUN.sub(lambda m: run(m[1]), line)

    return speak


def spice_table_speaker(table: Any) -> Speaker:
    """The speech of a table's edition (its spice names)."""
    from tulipgames.games.spiceroad.data import EDITIONS

    edition = EDITIONS.get(str(table.record.options.get("edition", "spice")), EDITIONS["spice"])
    return spice_speaker(edition.names)


WORDS = PlainWords(
    brief=spice_brief,
    queries={"hand": spice_hand, "market": spice_market, "opponents": spice_opponents,
             "scores": spice_scores},
    labels=((", costs 0 spices", ", free"),),
    speaker=spice_table_speaker,
)

"""Sixty-One in the plain mode's own words: the short turn's brief, the named queries
(``hand``, ``market``, ``scores``...) and its shorthand said in words, built on ``plain.py`` and
the views; nothing here changes a rule. Named by the game's kit as ``words:WORDS``."""

from __future__ import annotations

import re
from typing import Any

from tulipgames.games.parts import PlainWords
from tulipgames.plain.words import me
from tulipgames.table import Turn


def sixtyone_brief(turn: Turn[Any]) -> str:
    from tulipgames.games.sixtyone.data import END_TOTAL

    view = turn.view
    parts = [f"Your leaf total: {view.leaf_total(me(turn))} of {END_TOTAL}."]
    for area_die, write_die, reason in view.blocked:
        if write_die is None:
            parts.append(f"The {view.dice[area_die]} cannot be the area die: {reason}.")
    return " ".join(parts)


def sixtyone_sheet(turn: Turn[Any]) -> list[str]:
    from tulipgames.games.sixtyone.data import AREAS
    from tulipgames.games.sixtyone.plain import area_line

    return [area_line(turn.view, me(turn), area) for area in AREAS]


def sixtyone_scores(turn: Turn[Any]) -> list[str]:
    view = turn.view
    return ["; ".join(f"{turn.name(s)} {sum(view.scores[s])} points, leaf total "
                      f"{view.leaf_total(s)}" for s in range(view.seats)) + "."]


WORDS = PlainWords(
    brief=sixtyone_brief,
    queries={"sheet": sixtyone_sheet, "scores": sixtyone_scores, "opponents": sixtyone_scores},
    repeated=re.compile(r"^Round \d+: the dice show [\d ]+$"),
    instructions=re.compile(r": pick the area die, the write die, then a spot"),
)

"""Sixty-One in the plain mode's own words: the short turn's brief, the named queries
(``hand``, ``market``, ``scores``...) and its shorthand said in words, built on ``plain.py`` and
the views; nothing here changes a rule. Named by the game's kit as ``words:WORDS``.

Every text is made for the one who hears it, in their language; the patterns that find the
game's own lines (the roll said again, the prompt's instructions) follow that language too."""

from __future__ import annotations

import re
from functools import cache
from typing import Any

from tulipgames.games.parts import PlainWords
from tulipgames.i18n import _, current, ngettext, render, translator
from tulipgames.plain.words import me
from tulipgames.table import Turn


def sixtyone_brief(turn: Turn[Any]) -> str:
    from tulipgames.games.sixtyone.data import END_TOTAL

    view = turn.view
    parts = [_("Your leaf total: {total} of {end}.").format(total=view.leaf_total(me(turn)),
                                                            end=END_TOTAL)]
    for area_die, write_die, reason in view.blocked:
        if write_die is None:
            parts.append(_("The {value} cannot be the area die: {reason}.").format(
                value=view.dice[area_die], reason=render(reason)))
    return " ".join(parts)


def sixtyone_sheet(turn: Turn[Any]) -> list[str]:
    from tulipgames.games.sixtyone.data import AREAS
    from tulipgames.games.sixtyone.plain import area_line

    return [area_line(turn.view, me(turn), area) for area in AREAS]


def sixtyone_scores(turn: Turn[Any]) -> list[str]:
    view = turn.view
    return ["; ".join(ngettext("{name} {n} point, leaf total {total}",
                               "{name} {n} points, leaf total {total}", sum(view.scores[s]))
                      .format(name=turn.name(s), n=sum(view.scores[s]),
                              total=view.leaf_total(s)) for s in range(view.seats)) + "."]


class _ByLanguage:
    """A compiled pattern per language, made from a translated message when first asked for:
    the plain mode calls ``sub`` and ``match`` on it as on a compiled pattern."""

    def __init__(self, make: Any) -> None:
        self.make = make

    def pattern(self) -> re.Pattern[str]:
        return _pattern(self.make, current())

    def sub(self, repl: str, text: str) -> str:
        return self.pattern().sub(repl, text)

    def match(self, text: str) -> re.Match[str] | None:
        return self.pattern().match(text)


@cache
def _pattern(make: Any, lang: str) -> re.Pattern[str]:
    return re.compile(make(translator(lang).gettext))


def _roll_line(gettext: Any) -> str:
    """The roll event said again by every question: "Round 4: the dice show 3 5 5"."""
    found = re.escape(gettext("Round {round}: the dice show {dice}"))
    return "^" + found.replace(r"\{round\}", r"\d+").replace(r"\{dice\}", r"[\d ]+") + "$"


def _instructions(gettext: Any) -> str:
    """The prompt's instructions, said the first time only."""
    prompt = gettext("Round {round}, roll {roll}: pick the area die, the write die, then a spot.")
    start = prompt.find("{roll}") + len("{roll}")
    tail = prompt[start:].rstrip(".")
    return re.escape(tail)


WORDS = PlainWords(
    brief=sixtyone_brief,
    queries={"sheet": sixtyone_sheet, "scores": sixtyone_scores, "opponents": sixtyone_scores},
    repeated=_ByLanguage(_roll_line),
    instructions=_ByLanguage(_instructions),
)

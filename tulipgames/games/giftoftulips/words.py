"""Gift of Tulips in the plain mode's own words: the short turn's brief, the named queries
(``hand``, ``market``, ``scores``...) and its shorthand said in words, built on ``plain.py`` and
the views; nothing here changes a rule. Named by the game's kit as ``words:WORDS``."""

from __future__ import annotations

import re
from functools import cache
from typing import Any

from tulipgames.games.parts import PlainWords
from tulipgames.i18n import _, current, ngettext
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
    lines.append(_("Your bouquet: {cards}.").format(cards=cards_words(view.bouquets[me(turn)])))
    if view.own_secret:
        lines.append(_("Your cards in the secret festival: {cards}.").format(
            cards=cards_words(view.own_secret)))
    return lines


def gift_bouquets(turn: Turn[Any]) -> list[str]:
    from tulipgames.games.giftoftulips.plain import cards_words

    view = turn.view
    return [_("{name}: {cards}.").format(name=turn.name(s), cards=cards_words(b))
            for s, b in enumerate(view.bouquets)]


def gift_scores(turn: Turn[Any]) -> list[str]:
    view = turn.view
    share = each(view.turns_left, view.seats)
    left = "" if turn.over else " " + ngettext(
        "About {n} more turn each.", "About {n} more turns each.", share).format(n=share)
    return ["; ".join(_("{name} {score} (give {give}, keep {keep})").format(
        name=turn.name(s), score=view.scores[s], give=view.give_points[s],
        keep=view.keep_points[s]) for s in range(view.seats)) + "." + left]


def gift_market(turn: Turn[Any]) -> list[str]:
    from tulipgames.games.giftoftulips.plain import festival_lines

    view = turn.view
    return [*festival_lines(view),
            _("Deck: {deck} cards. Secret festival: {secret} cards.").format(
                deck=view.deck_size, secret=view.secret_size)]


# -- its shorthand said in words --------------------------------------------------
def gift_speaker() -> Speaker:
    """The shorthand in words, in the language of the session that asks (a plain session
    makes its speaker once, in its own language)."""
    from tulipgames.games.giftoftulips.data import VARIETY_INFO
    from tulipgames.games.giftoftulips.plain import colour as colour_of
    from tulipgames.games.giftoftulips.rules import MAJORITY_LABELS, PLACE_NAMES

    colour = {info[1]: colour_of(variety) for variety, info in VARIETY_INFO.items()}
    glyphs = "".join(info[2] for info in VARIETY_INFO.values())
    # "Maj 1st" (a result's column) said "majority 1st", as the language has them
    majorities = [(_(MAJORITY_LABELS[place, None]),
                   _("majority {place}").format(place=_(PLACE_NAMES[place])))
                  for place in (1, 2, 3)]
    then = _("(then {colour} has {total}, {place})")
    # the verb after a variety's letter in "P is 1st with 14", in this language's words
    added = _("{who} added {card} to the festival: {letter} is {place} with {total}")
    verb = re.search(r"\{letter\}( \w+)", added)

    def speak(line: str) -> str:
        line = re.sub(rf"[{glyphs}]([BOPV])\b", lambda m: colour[m[1]], line)
        for short, said in majorities:
            line = line.replace(short, said)
        line = re.sub(r"\(→ ([BOPV]) (\d+), ([^)]+)\)",
                      lambda m: then.format(colour=colour[m[1]], total=m[2], place=m[3]), line)
        line = re.sub(r"\b([BOPV])(\d+)\b", lambda m: f"{colour[m[1]]} {m[2]}", line)
        if verb is None:
            return line
        return re.sub(rf"\b([BOPV])(?={re.escape(verb[1])}\b)", lambda m: colour[m[1]], line)

    return speak


class Repeated:
    """The event lines the question says again (a draw: told by the question, one's own, or by
    what the drawer did with it), matched in the session's language."""

    def match(self, line: str) -> re.Match[str] | None:
        return _draw_lines(current()).match(line)


@cache
def _draw_lines(lang: str) -> re.Pattern[str]:
    """The two draw lines of ``lang`` as one pattern (``lang`` keys the cache only: ``_``
    reads the session's language, which is ``lang``)."""
    own = _("You drew {card} (card {number} of 2)")
    public = _("{who} drew card {number} of 2")

    def pattern(template: str) -> str:
        fill = {"card": r"\S+(?: \d+)?", "number": r"\d", "who": r".*"}
        parts = re.split(r"(\{\w+\})", template)
        return "".join(fill[part[1:-1]] if part[1:-1] in fill else re.escape(part)
                       for part in parts)

    return re.compile(rf"^(?:{pattern(own)}|{pattern(public)})$")


WORDS = PlainWords(
    brief=gift_brief,
    queries={"hand": gift_hand, "bouquets": gift_bouquets, "scores": gift_scores,
             "market": gift_market, "opponents": gift_bouquets},
    # a draw is told by the question (one's own) or by what the drawer did with it
    repeated=Repeated(),
    speaker=lambda table: gift_speaker(),
)

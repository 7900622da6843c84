"""Century: Spice Road in the plain mode's own words: the short turn's brief, the named queries
(``hand``, ``market``, ``scores``...) and its shorthand said in words, built on ``plain.py`` and
the views; nothing here changes a rule. Named by the game's kit as ``words:WORDS``. The words
are in the session's language; a log line's spice letters are said as the names."""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

from tulipgames.games.parts import PlainWords
from tulipgames.i18n import _, ngettext
from tulipgames.plain.speech import Speaker, times
from tulipgames.plain.words import me
from tulipgames.table import Turn


def spice_brief(turn: Turn[Any]) -> str:
    from tulipgames.games.spiceroad.plain import brief

    return " ".join(brief(turn, hand=False))


def spice_hand(turn: Turn[Any]) -> list[str]:
    from tulipgames.games.spiceroad.plain import brief, card_words, edition, hand_line

    view = turn.view
    player = view.players[me(turn)]
    played = "; ".join(card_words(c, edition(view)) for c in player.played) or _("none")
    return [brief(turn, hand=False)[0], hand_line(turn),
            _("Played, back with a rest: {cards}.").format(cards=played)]


def spice_market(turn: Turn[Any]) -> list[str]:
    from tulipgames.games.spiceroad.plain import market_lines

    return market_lines(turn)


def spice_opponents(turn: Turn[Any]) -> list[str]:
    from tulipgames.games.spiceroad.plain import player_line

    return [player_line(turn, s) for s in turn.view.order if s != me(turn)]


def spice_scores(turn: Turn[Any]) -> list[str]:
    from tulipgames.games.spiceroad.plain import edition

    view = turn.view
    ed = edition(view)

    def score(seat: int) -> str:
        player = view.players[seat]
        claimed = len(player.claimed)
        cards = (ngettext("{n} Golem card", "{n} Golem cards", claimed) if ed.key == "golem"
                 else ngettext("{n} point card", "{n} point cards", claimed)).format(n=claimed)
        return _("{name}: {cards} worth {vp}, {gold} {gold_name} and {silver} {silver_name} "
                 "coins").format(name=turn.name(seat), cards=cards, vp=player.point_vp,
                                 gold=player.gold, gold_name=_(ed.gold_name),
                                 silver=player.silver, silver_name=_(ed.silver_name))

    return ["; ".join(score(s) for s in range(len(view.players))) + "."]


# -- its shorthand said in words --------------------------------------------------
SPICE_RUN = re.compile(r"(?<![A-Za-z])([YRGB]+)(?![A-Za-z])")


def spice_speaker(names: dict[str, str]) -> Speaker:
    """``YYYYY → BB ×1`` → "trade 5 turmeric for 2 cinnamon, once"; ``Y→R`` → "turmeric to saffron";
    ``+YY`` → "gain 2 turmeric". ``names``: the edition's spice names (message ids), said in
    the session's language."""

    def run(letters: str) -> str:
        if len(letters) == 1:
            return _(names[letters])
        counts = Counter(letters)
        # Translators: spoken spices: "2 turmeric and 1 saffron"
        return _(" and ").join(f"{n} {_(names[k])}" for k, n in counts.items())

    def counted(letters: str) -> str:
        return run(letters) if len(letters) > 1 else f"1 {_(names[letters])}"

    def trade(pay: str, gain: str) -> str:
        # Translators: a trade card said in words: "trade 2 turmeric for 1 cardamom"
        return _("trade {pay} for {gain}").format(pay=counted(pay), gain=counted(gain))

    def speak(line: str) -> str:
        line = re.sub(r"([YRGB]+) → ([YRGB]+) ×(\d+)",
                      lambda m: f"{trade(m[1], m[2])}, {times(int(m[3]))}", line)
        line = re.sub(r"\b([YRGB]+) → ([YRGB]+)", lambda m: trade(m[1], m[2]), line)
        line = re.sub(r"\b([YRGB])→([YRGB])\b",
                      lambda m: _("{spice} to {higher}").format(spice=run(m[1]),
                                                               higher=run(m[2])), line)
        line = re.sub(r"(^|[\s:(])\+([YRGB]+)\b",
                      lambda m: m[1] + _("gain {spices}").format(spices=counted(m[2])), line)
        # "(8 VP)", and the victory points' short word of a translated log line ("8 SP")
        line = re.sub(r"\((\d+) [A-Z]{2}\)",
                      lambda m: "(" + ngettext("{n} point", "{n} points", int(m[1])).format(
                          n=int(m[1])) + ")", line)
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

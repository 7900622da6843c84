"""Tulip & Rose in the plain mode's own words: the short turn's brief, the named queries
(``hand``, ``market``, ``scores``...) and its shorthand said in words, built on ``plain.py`` and
the views; nothing here changes a rule. Named by the game's kit as ``words:WORDS``."""

from __future__ import annotations

import re
from typing import Any

from tulipgames.games.parts import PlainWords
from tulipgames.i18n import _, ngettext
from tulipgames.plain.speech import Speaker
from tulipgames.plain.words import me
from tulipgames.table import Turn


def tulip_brief(turn: Turn[Any]) -> str:
    from tulipgames.games.tulipandrose.plain import brief

    view = turn.view
    if view.phase == "split":
        return split_brief(turn)
    return " ".join(brief(turn))


def split_state(turn: Turn[Any]) -> str:
    """The bouquets being made: which cards went where so far, and what is left to place."""
    from tulipgames.games.tulipandrose.plain import card_words, cards_words
    from tulipgames.games.tulipandrose.rules import bouquet_count

    view = turn.view
    count = bouquet_count(len(view.revealed))
    made = []
    for number in range(1, count + 1):
        cards = [card_words(view.revealed[i]) for i, b in enumerate(view.draft) if b == number]
        made.append(_("bouquet {number}: {cards}").format(
            number=number, cards=", ".join(cards) if cards else _("empty")))
    left = view.revealed[len(view.draft):]
    return (_("So far {bouquets}. Still to place: {cards}.").format(
                bouquets="; ".join(made), cards=cards_words(left)) if view.draft
            else _("The cards: {cards}.").format(cards=cards_words(left)))


def split_brief(turn: Turn[Any]) -> str:
    """During a split only the bouquets made so far (the next card is in the choices)."""
    from tulipgames.games.tulipandrose.plain import card_words

    view = turn.view
    if not view.draft:
        return split_state(turn)
    made = []
    for number in sorted(set(view.draft)):
        cards = [card_words(view.revealed[i]) for i, b in enumerate(view.draft) if b == number]
        made.append(_("bouquet {number}: {cards}").format(number=number, cards=", ".join(cards)))
    return _("So far {bouquets}.").format(bouquets="; ".join(made))


def tulip_bouquets(turn: Turn[Any]) -> list[str]:
    from tulipgames.games.tulipandrose.plain import bouquet_words

    view = turn.view
    if view.phase == "split":
        return [split_state(turn)]
    lines = []
    for number, bouquet in enumerate(view.bouquets, 1):
        worth = view.worth(bouquet) if turn.seat is not None else None
        lines.append(bouquet_words(number, bouquet, worth, ", "))
    return lines or [_("No bouquets on offer now.")]


def tulip_players(turn: Turn[Any], mine: bool) -> list[str]:
    from tulipgames.games.tulipandrose.plain import player_lines

    name = turn.name(me(turn))
    out = []
    for player in turn.view.players:
        if (turn.name(player.seat) == name) == mine:
            out += [line.strip() for line in player_lines(turn, player)]
    return out


def tulip_scores(turn: Turn[Any]) -> list[str]:
    """Money as far as the viewer may see it; the points come at the end of the festival."""
    from tulipgames.games.tulipandrose.plain import florins

    view = turn.view
    money = "; ".join(
        f"{turn.name(p.seat)} {_('money hidden') if p.florins is None else florins(p.florins)}"
        + (", " + ngettext("{n} loan", "{n} loans", p.loans).format(n=p.loans) if p.loans else "")
        for p in view.players)
    return [_("{money}. Points are counted at the end of the festival.").format(money=money)]


def tulip_market(turn: Turn[Any]) -> list[str]:
    from tulipgames.games.tulipandrose.plain import auction_line, round_line

    auction = auction_line(turn)
    return [round_line(turn)] + ([auction] if auction is not None else [])


# -- its shorthand said in words --------------------------------------------------
CODE = r"(?<![\w-])[CIRTSHLGWV]-?\d+\b"


def tulip_speaker() -> Speaker:
    from tulipgames.games.tulipandrose.plain import card_words

    def speak(line: str) -> str:
        # "loan ×2" as the reader's language writes it (an event's words), said as "2 loans"
        mark = re.escape(_("loan ×{n}")).replace(re.escape("{n}"), r"(\d+)")
        line = re.sub(rf"\b{mark}", lambda m: ngettext("{n} loan", "{n} loans", int(m[1]))
                      .format(n=m[1]), line)
        line = line.replace(" | ", "; ")
        # card codes: a kind letter and a value ("T4", "W-2"), in lists of cards
        line = re.sub(rf"{CODE}(?: {CODE})+", lambda m: ", ".join(m[0].split()), line)
        return re.sub(CODE, lambda m: card_words(m[0]), line)

    return speak


def sell_label(text: str, action: Any, turn: Any) -> str | None:
    """The Seller sells for the high bid; half of it is what keeping costs."""
    if type(action).__name__ == "Sell":
        auction = turn.view.auction
        if auction is not None and auction.high is not None:
            return _("sell it for {amount}").format(amount=auction.high)
    return None


WORDS = PlainWords(
    brief=tulip_brief,
    queries={"bouquets": tulip_bouquets, "market": tulip_market, "scores": tulip_scores,
             "hand": lambda t: tulip_players(t, True),
             "opponents": lambda t: tulip_players(t, False)},
    # what ``look`` adds to the game's own description: the bouquets of a split under way
    look_extra=lambda t: [split_state(t)] if t.view.phase == "split" else [],
    label=sell_label,
    speaker=lambda table: tulip_speaker(),
)

"""Tulip & Rose in the plain mode's own words: the short turn's brief, the named queries
(``hand``, ``market``, ``scores``...) and its shorthand said in words, built on ``plain.py`` and
the views; nothing here changes a rule. Named by the game's kit as ``words:WORDS``."""

from __future__ import annotations

import re
from typing import Any

from tulipgames.games.parts import PlainWords
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
        made.append(f"bouquet {number}: {', '.join(cards) if cards else 'empty'}")
    left = view.revealed[len(view.draft):]
    return (f"So far {'; '.join(made)}. Still to place: {cards_words(left)}." if view.draft
            else f"The cards: {cards_words(left)}.")


def split_brief(turn: Turn[Any]) -> str:
    """During a split only the bouquets made so far (the next card is in the choices)."""
    from tulipgames.games.tulipandrose.plain import card_words

    view = turn.view
    if not view.draft:
        return split_state(turn)
    made = []
    for number in sorted(set(view.draft)):
        cards = [card_words(view.revealed[i]) for i, b in enumerate(view.draft) if b == number]
        made.append(f"bouquet {number}: {', '.join(cards)}")
    return f"So far {'; '.join(made)}."


def tulip_bouquets(turn: Turn[Any]) -> list[str]:
    from tulipgames.games.tulipandrose.plain import cards_words

    view = turn.view
    if view.phase == "split":
        return [split_state(turn)]
    lines = []
    for number, bouquet in enumerate(view.bouquets, 1):
        worth = view.worth(bouquet) if turn.seat is not None else None
        to_you = f", worth {worth} points to you" if worth is not None else ""
        lines.append(f"Bouquet {number}: {cards_words(bouquet)}{to_you}.")
    return lines or ["No bouquets on offer now."]


def tulip_players(turn: Turn[Any], mine: bool) -> list[str]:
    from tulipgames.games.tulipandrose.plain import describe

    name = turn.name(me(turn))
    out = []
    keep = False
    for line in describe(turn):
        if not line.startswith("  "):
            keep = line.startswith(f"{name} (") == mine and any(
                line.startswith(f"{turn.name(s)} (") for s in range(len(turn.names)))
        if keep:
            out.append(line.strip())
    return out


def tulip_scores(turn: Turn[Any]) -> list[str]:
    """Money as far as the viewer may see it; the points come at the end of the festival."""
    from tulipgames.games.tulipandrose.plain import florins

    view = turn.view
    money = "; ".join(
        f"{turn.name(p.seat)} {'money hidden' if p.florins is None else florins(p.florins)}"
        + (f", {p.loans} loans" if p.loans else "") for p in view.players)
    return [f"{money}. Points are counted at the end of the festival."]


def tulip_market(turn: Turn[Any]) -> list[str]:
    from tulipgames.games.tulipandrose.plain import describe

    return [line for line in describe(turn) if line.startswith(("Round", "Auction"))]


# -- its shorthand said in words --------------------------------------------------
CODE = r"(?<![\w-])[CIRTSHLGWV]-?\d+\b"


def tulip_speaker() -> Speaker:
    from tulipgames.games.tulipandrose.plain import card_words

    def speak(line: str) -> str:
        line = re.sub(r"\bloan ×(\d+)", lambda m: f"{m[1]} loan{'s' if m[1] != '1' else ''}",
                      line)
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
            return f"sell it for {auction.high}"
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

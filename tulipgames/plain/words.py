"""Each game's short turn and its named queries, in the plain mode's own words.

A decision says only what changed and the choices (:mod:`tulipgames.plain.session`); the
one-clause ``brief`` here is what the seat needs to choose (one's caravan, the card in hand,
the leaf total). Everything else is asked for by name: ``hand``, ``market``, ``scores``,
``opponents``, ``bouquets``, ``sheet`` (and ``look`` for all of it, from the game's plain
module). The words build on the games' ``plain.py`` and views; nothing here changes a rule.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from tulipgames.table import Turn

Query = Callable[[Turn[Any]], list[str]]

QUERY_NAMES = ("hand", "market", "scores", "opponents", "bouquets", "sheet")


def game_id(game: Any) -> str:
    return str(getattr(getattr(game, "info", None), "id", ""))


def me(turn: Turn[Any]) -> int:
    return turn.seat if turn.seat is not None else 0


# -- fixes of sentences that are not true in plain text -------------------------------------------
def fix_line(line: str, turn: Turn[Any] | None) -> str:
    """Sentences written for the screen that are wrong in the plain mode."""
    line = line.replace("place your X in a highlighted spot", "place your X: choose a spot")
    if turn is not None and turn.over:
        line = re.sub(r",? about \d+ more turns each", "", line)
    elif turn is not None:
        # Gift of Tulips counts the turns the deck holds for the whole table (two cards a
        # turn): each player has their share of them
        line = re.sub(r"about (\d+) more turns each",
                      lambda m: plural_turns(each(int(m[1]), len(turn.names))), line)
    return line


def plural_turns(n: int) -> str:
    return f"about {n} more turn{'s' if n != 1 else ''} each"


def each(turns: int, seats: int) -> int:
    """A table's remaining turns as each player's share, rounded up."""
    return -(-turns // max(1, seats))


#: Per game: event lines the question says again, and the instruction part of a question that
#: is said the first time only ("pick the area die, the write die, then a spot").
REPEATED = {
    "sixtyone": re.compile(r"^Round \d+: the dice show [\d ]+$"),
    # a draw is told by the question (one's own) or by what the drawer did with it
    "giftoftulips": re.compile(r"^(You drew \w+ \d+ \(card \d of \d\)|.* drew card \d of \d)$"),
}

#: Per game: words of a choice said shorter.
LABELS = {"spiceroad": ((", costs 0 spices", ", free"),)}


def label(game: str, text: str, action: Any = None, turn: Turn[Any] | None = None) -> str:
    if game == "tulipandrose" and turn is not None and type(action).__name__ == "Sell":
        # the Seller sells for the high bid; half of it is what keeping costs
        auction = turn.view.auction
        if auction is not None and auction.high is not None:
            return f"sell it for {auction.high}"
    for long, short in LABELS.get(game, ()):
        text = text.replace(long, short)
    return text
INSTRUCTIONS = {"sixtyone": re.compile(r": pick the area die, the write die, then a spot")}


def shorter(game: str, prompt: str, first: bool) -> str:
    pattern = INSTRUCTIONS.get(game)
    return prompt if first or pattern is None else pattern.sub("", prompt)


def needed(game: str, event: str) -> bool:
    pattern = REPEATED.get(game)
    return pattern is None or not pattern.match(event)


# -- Sixty-One ------------------------------------------------------------------------------------
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


# -- Century: Spice Road --------------------------------------------------------------------------
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


def one_or_more(n: int, plural: str) -> str:
    """"point cards" for one card: "point card" ("Golem cards": "Golem card")."""
    return plural if n != 1 else plural[:-1] if plural.endswith("s") else plural


def spice_scores(turn: Turn[Any]) -> list[str]:
    from tulipgames.games.spiceroad.plain import edition

    view = turn.view
    ed = edition(view)
    return ["; ".join(
        f"{turn.name(s)}: {len(p.claimed)} {one_or_more(len(p.claimed), ed.point_cards)} "
        f"worth {p.point_vp}, "
        f"{p.gold} {ed.gold_name} and {p.silver} {ed.silver_name} coins"
        for s, p in enumerate(view.players)) + "."]


# -- Gift of Tulips -------------------------------------------------------------------------------
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


# -- Tulip & Rose ---------------------------------------------------------------------------------
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


# -- The Little Flower Shop -----------------------------------------------------------------------
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


#: What ``look`` adds to a game's own description: the bouquets of a split under way.
LOOK_EXTRA: dict[str, Query] = {
    "tulipandrose": lambda t: [split_state(t)] if t.view.phase == "split" else [],
}

BRIEFS: dict[str, Callable[[Turn[Any]], str]] = {
    "sixtyone": sixtyone_brief,
    "spiceroad": spice_brief,
    "giftoftulips": gift_brief,
    "tulipandrose": tulip_brief,
    "flowershop": flower_brief,
}

QUERIES: dict[str, dict[str, Query]] = {
    "sixtyone": {"sheet": sixtyone_sheet, "scores": sixtyone_scores,
                 "opponents": sixtyone_scores},
    "spiceroad": {"hand": spice_hand, "market": spice_market, "opponents": spice_opponents,
                  "scores": spice_scores},
    "giftoftulips": {"hand": gift_hand, "bouquets": gift_bouquets, "scores": gift_scores,
                     "market": gift_market, "opponents": gift_bouquets},
    "tulipandrose": {"bouquets": tulip_bouquets, "market": tulip_market,
                     "scores": tulip_scores,
                     "hand": lambda t: tulip_players(t, True),
                     "opponents": lambda t: tulip_players(t, False)},
    "flowershop": {"hand": flower_hand, "sheet": lambda t: flower_shops(t, True),
                   "opponents": lambda t: flower_shops(t, False), "market": flower_market,
                   "scores": flower_scores},
}

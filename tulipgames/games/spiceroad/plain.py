"""Century: Spice Road in words, for the plain-text mode: one's caravan and hand, the two rows
with what each card costs or is worth, and every rival's caravan, coins and point cards — in the
edition's own words (spices or crystals)."""

from __future__ import annotations

from tulipgames.engine.core import Action
from tulipgames.games.spiceroad.data import EDITIONS, MERCHANT_CARDS, Edition
from tulipgames.games.spiceroad.rules import (
    TURN,
    Acquire,
    Claim,
    Pay,
    Play,
    Rest,
    Return,
    SpiceRoadView,
    Times,
    Upgrade,
    UpgradeDone,
    caravan_words,
    counted,
)
from tulipgames.table import Turn


def edition(view: SpiceRoadView) -> Edition:
    return EDITIONS[view.edition]


def card_words(card_id: str, ed: Edition) -> str:
    """A merchant card as words: "gain 2 turmeric", "upgrade 2 times", "trade 2 turmeric for
    1 cardamom"."""
    card = MERCHANT_CARDS[card_id]
    if card.kind == "upgrade":
        return f"upgrade {counted(card.up, 'time')}"
    if card.kind == "spice":
        return f"gain {caravan_words(card.gain, ed)}"
    return f"trade {caravan_words(card.pay, ed)} for {caravan_words(card.gain, ed)}"


def describe(turn: Turn[SpiceRoadView]) -> list[str]:
    """The whole situation: the point row, the merchant row, then every player."""
    view = turn.view
    ed = edition(view)
    lines = []
    if view.last_round:
        lines.append("This is the last round.")
    for cell in view.points:
        metal = ed.gold_name if cell.coin == "gold" else ed.silver_name
        coin = f", with a {metal} coin" if cell.coin else ""
        can = ", you can claim it" if cell.claimable else ""
        lines.append(
            f"Point card {cell.position}: {cell.vp} points for {caravan_words(cell.need, ed)}"
            f"{coin}{can}."
        )
    for merchant in view.merchants:
        lying = f"; on it: {caravan_words(merchant.on, ed)}" if any(merchant.on) else ""
        lines.append(
            f"Merchant card {merchant.position}: {card_words(merchant.card, ed)}; costs "
            f"{counted(merchant.cost, ed.spice_word)}{lying}."
        )
    for seat in view.order:
        player = view.players[seat]
        lines.append(
            f"{turn.name(seat)}: caravan {caravan_words(player.caravan, ed)}; "
            f"{counted(len(player.claimed), 'point card')} worth {player.point_vp}; "
            f"{player.gold} {ed.gold_name} and {player.silver} {ed.silver_name} coins; "
            f"{counted(len(player.hand), 'card')} in hand, {len(player.played)} played."
        )
    return lines


def brief(turn: Turn[SpiceRoadView]) -> list[str]:
    """Before a decision: one's caravan and hand, and what happens in the step under way."""
    view = turn.view
    ed = edition(view)
    seat = turn.seat if turn.seat is not None else view.current
    me = view.players[seat]
    held = counted(me.spices, ed.spice_word)
    lines = [f"Your caravan: {caravan_words(me.caravan, ed)} ({held})."]
    if view.phase == TURN:
        hand = "; ".join(f"{card_words(c, ed)}" for c in me.hand) or "none"
        lines.append(f"Your hand: {hand}.")
    if view.excess:
        lines.append(f"Return {counted(view.excess, ed.spice_word)}: the caravan holds 10.")
    if view.last_round:
        lines.append("This is the last round.")
    return lines


def describe_action(action: Action, turn: Turn[SpiceRoadView]) -> str:
    """A step in words, with the costs and gains the view gives."""
    view = turn.view
    ed = edition(view)
    if isinstance(action, Play):
        return f"play · {card_words(action.card, ed)}"
    if isinstance(action, Acquire):
        cell = next(c for c in view.merchants if c.position == action.position)
        return (
            f"acquire · card {cell.position}: {card_words(cell.card, ed)}, costs "
            f"{counted(cell.cost, ed.spice_word)}"
        )
    if isinstance(action, Claim):
        point = next(c for c in view.points if c.position == action.position)
        return f"claim · point card {point.position}: {point.vp} points"
    if isinstance(action, Upgrade):
        return f"upgrade one {ed.names[action.spice]}"
    if isinstance(action, UpgradeDone):
        return "stop upgrading"
    if isinstance(action, Pay):
        return f"place one {ed.names[action.spice]}"
    if isinstance(action, Return):
        return f"return one {ed.names[action.spice]}"
    if isinstance(action, Times):
        caravan = dict(view.trade_options).get(action.count)
        after = f", leaving {caravan_words(caravan, ed)}" if caravan is not None else ""
        return f"trade {counted(action.count, 'time')}{after}"
    if isinstance(action, Rest):
        return "rest: take all played cards back"
    return str(action)


__all__ = ["brief", "describe", "describe_action"]

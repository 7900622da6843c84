"""Century: Spice Road in words, for the plain-text mode: one's caravan and hand, the two rows
with what each card costs or is worth, and every rival's caravan, coins and point cards — in the
edition's own words (spices or crystals), in the session's language (the spice letters a player
types stay as they are)."""

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
    spices_text,
)
from tulipgames.i18n import _, ngettext
from tulipgames.table import Turn


def edition(view: SpiceRoadView) -> Edition:
    return EDITIONS[view.edition]


def card_words(card_id: str, ed: Edition) -> str:
    """A merchant card as words: "gain 2 turmeric", "upgrade 2 times", "trade 2 turmeric for
    1 cardamom"."""
    card = MERCHANT_CARDS[card_id]
    if card.kind == "upgrade":
        return ngettext("upgrade {n} time", "upgrade {n} times", card.up).format(n=card.up)
    if card.kind == "spice":
        return _("gain {spices}").format(spices=caravan_words(card.gain, ed))
    return _("trade {pay} for {gain}").format(pay=caravan_words(card.pay, ed),
                                              gain=caravan_words(card.gain, ed))


def market_lines(turn: Turn[SpiceRoadView]) -> list[str]:
    """The point row, then the merchant row: what each card is worth or does, and costs."""
    view = turn.view
    ed = edition(view)
    lines = []
    for cell in view.points:
        need = caravan_words(cell.need, ed)
        if cell.coin is None:
            line = _("Point card {position}: {vp} points for {need}").format(
                position=cell.position, vp=cell.vp, need=need)
        else:
            metal = _(ed.gold_name if cell.coin == "gold" else ed.silver_name)
            line = _("Point card {position}: {vp} points for {need}, with a {metal} coin").format(
                position=cell.position, vp=cell.vp, need=need, metal=metal)
        if cell.claimable:
            line = _("{card}, you can claim it").format(card=line)
        lines.append(line + ".")
    for merchant in view.merchants:
        line = _("Merchant card {position}: {card}; costs {cost}").format(
            position=merchant.position, card=card_words(merchant.card, ed),
            cost=spices_text(merchant.cost, ed))
        if any(merchant.on):
            line = _("{card}; on it: {spices}").format(card=line,
                                                      spices=caravan_words(merchant.on, ed))
        lines.append(line + ".")
    return lines


def player_line(turn: Turn[SpiceRoadView], seat: int) -> str:
    """One player's caravan, point cards, coins and cards."""
    view = turn.view
    ed = edition(view)
    player = view.players[seat]
    claimed = len(player.claimed)
    cards = (ngettext("{n} Golem card", "{n} Golem cards", claimed) if ed.key == "golem" else
             ngettext("{n} point card", "{n} point cards", claimed)).format(n=claimed)
    in_hand = ngettext("{n} card in hand", "{n} cards in hand", len(player.hand)).format(
        n=len(player.hand))
    return _("{name}: caravan {caravan}; {cards} worth {vp}; {gold} {gold_name} and {silver} "
             "{silver_name} coins; {hand}, {played} played.").format(
        name=turn.name(seat), caravan=caravan_words(player.caravan, ed), cards=cards,
        vp=player.point_vp, gold=player.gold, gold_name=_(ed.gold_name), silver=player.silver,
        silver_name=_(ed.silver_name), hand=in_hand, played=len(player.played))


def describe(turn: Turn[SpiceRoadView]) -> list[str]:
    """The whole situation: the point row, the merchant row, then every player."""
    view = turn.view
    lines = []
    if view.last_round:
        lines.append(_("This is the last round."))
    lines += market_lines(turn)
    lines += [player_line(turn, seat) for seat in view.order]
    return lines


def hand_line(turn: Turn[SpiceRoadView]) -> str:
    """The cards in one's hand, as words."""
    view = turn.view
    ed = edition(view)
    seat = turn.seat if turn.seat is not None else view.current
    hand = "; ".join(card_words(c, ed) for c in view.players[seat].hand) or _("none")
    return _("Your hand: {cards}.").format(cards=hand)


def brief(turn: Turn[SpiceRoadView], hand: bool = True) -> list[str]:
    """Before a decision: one's caravan and hand (``hand``), and what happens in the step
    under way."""
    view = turn.view
    ed = edition(view)
    seat = turn.seat if turn.seat is not None else view.current
    me = view.players[seat]
    lines = [_("Your caravan: {caravan} ({count}).").format(
        caravan=caravan_words(me.caravan, ed), count=spices_text(me.spices, ed))]
    if view.phase == TURN and hand:
        lines.append(hand_line(turn))
    if view.excess:
        lines.append(_("Return {spices}: the caravan holds 10.").format(
            spices=spices_text(view.excess, ed)))
    if view.last_round:
        lines.append(_("This is the last round."))
    return lines


def describe_action(action: Action, turn: Turn[SpiceRoadView]) -> str:
    """A step in words, with the costs and gains the view gives."""
    view = turn.view
    ed = edition(view)
    if isinstance(action, Play):
        return _("play · {card}").format(card=card_words(action.card, ed))
    if isinstance(action, Acquire):
        cell = next(c for c in view.merchants if c.position == action.position)
        return _("acquire · card {position}: {card}, costs {cost}").format(
            position=cell.position, card=card_words(cell.card, ed),
            cost=spices_text(cell.cost, ed))
    if isinstance(action, Claim):
        point = next(c for c in view.points if c.position == action.position)
        return _("claim · point card {position}: {vp} points").format(
            position=point.position, vp=point.vp)
    if isinstance(action, Upgrade):
        return _("upgrade one {spice}").format(spice=_(ed.names[action.spice]))
    if isinstance(action, UpgradeDone):
        return _("stop upgrading")
    if isinstance(action, Pay):
        return _("place one {spice}").format(spice=_(ed.names[action.spice]))
    if isinstance(action, Return):
        return _("return one {spice}").format(spice=_(ed.names[action.spice]))
    if isinstance(action, Times):
        caravan = dict(view.trade_options).get(action.count)
        runs = ngettext("trade {n} time", "trade {n} times", action.count).format(
            n=action.count)
        if caravan is None:
            return runs
        return _("{trade}, leaving {caravan}").format(trade=runs,
                                                     caravan=caravan_words(caravan, ed))
    if isinstance(action, Rest):
        return _("rest: take all played cards back")
    return str(action)


__all__ = ["brief", "describe", "describe_action"]

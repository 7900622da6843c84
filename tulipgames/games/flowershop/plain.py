"""The Little Flower Shop in words, for the plain-text mode: one's hand and shop, the rivals'
windows and what each step may do, as sentences a screen reader can say."""

from __future__ import annotations

from tulipgames.engine.core import Action
from tulipgames.games.flowershop.data import CARDS, FILLERS, SPOTS
from tulipgames.games.flowershop.rules import (
    STORAGE,
    Buy,
    ChooseFiller,
    Discard,
    Done,
    Draw,
    FlowerShopView,
    Keep,
    Move,
    Pick,
    Place,
    Sell,
    ShopView,
    Store,
    Swap,
    Trash,
    kind,
    kind_word,
    level_word,
)
from tulipgames.i18n import _, ngettext
from tulipgames.table import Turn


def flower_words(letter: str, count: int) -> str:
    """``count`` flowers of a type in words, in the reader's language: "2 roses"."""
    if letter == "R":
        said = ngettext("{n} rose", "{n} roses", count)
    elif letter == "T":
        said = ngettext("{n} tulip", "{n} tulips", count)
    elif letter == "S":
        said = ngettext("{n} sunflower", "{n} sunflowers", count)
    elif letter == "I":
        said = ngettext("{n} iris", "{n} irises", count)
    else:
        said = ngettext("{n} of any flower", "{n} of any flower", count)
    return said.format(n=count)


def card_words(card: str) -> str:
    """A card said in full: "FL07, 2 roses with hypericum", "VA03, vase for 2 tulips, 3 petals"."""
    info = CARDS[card]
    if info.kind == "flower":
        return _("{card}, {flowers} with {filler}").format(
            card=card, flowers=flower_words(info.flower, info.count),
            filler=_(FILLERS[info.filler]))
    if info.kind == "vase":
        petals = ngettext("{n} petal", "{n} petals", info.petals).format(n=info.petals)
        return _("{card}, vase for {flowers}, {petals}").format(
            card=card, flowers=flower_words(info.flower, info.count), petals=petals)
    if info.kind == "basket":
        return _("{card}, basket worth {fp} points, costs ${cost}").format(
            card=card, fp=info.fp, cost=info.cost)
    if info.kind == "salary":
        return _("{card}, salary ${amount}").format(card=card, amount=info.amount)
    return f"{card}, {kind_word(info.kind)}"


def cards_words(cards: tuple[str, ...]) -> str:
    return "; ".join(card_words(c) for c in cards) if cards else _("none")


def shop_words(shop: ShopView, name: str) -> list[str]:
    """A shop window read spot by spot, then storage, baskets, money."""
    filled = []
    empty = []
    for spot, (vase, flower) in zip(SPOTS, shop.spots, strict=False):
        if vase is None:
            continue
        if flower is None:
            empty.append(f"{spot}: {card_words(vase)}")
        else:
            filled.append(_("{spot}: {vase} holds {flower}").format(
                spot=spot, vase=card_words(vase), flower=card_words(flower)))
    vases = ngettext("{n} filled vase", "{n} filled vases", len(filled)).format(n=len(filled))
    lines = [_("{name}'s shop: ${money}, {vases}.").format(name=name, money=shop.money,
                                                          vases=vases)]
    lines += [f"  {line}." for line in filled]
    if empty:
        lines.append("  " + _("Empty vases: {vases}.").format(vases="; ".join(empty)))
    if shop.hooks:
        lines.append("  " + _("Baskets: {cards}.").format(cards=cards_words(shop.hooks)))
    lines.append("  " + _("Storage: {cards}.").format(cards=cards_words(shop.storage)))
    return lines


def describe(turn: Turn[FlowerShopView]) -> list[str]:
    """The whole situation: the round, one's hand, every shop, the score if it ended now."""
    view = turn.view
    lines = [_("Round {round}, step {step}.").format(round=view.round, step=view.step)]
    if view.hand:
        lines.append(_("Your hand: {cards}.").format(cards=cards_words(view.hand)))
    if view.solo:
        lines.append(piles_words(view))
        if view.flipped:
            lines.append(flipped_words(view))
    for shop in view.shops:
        lines += shop_words(shop, turn.name(shop.seat))
    lines.append(scores_words(turn))
    if view.solo and view.level:
        lines.append(_("That reaches the level {level}.").format(level=level_word(view.level)))
    return lines


def piles_words(view: FlowerShopView) -> str:
    return _("Piles: {sizes} cards left.").format(sizes=", ".join(str(p) for p in view.piles))


def flipped_words(view: FlowerShopView) -> str:
    assert view.flipped is not None
    return _("Flipped card: {card}, {n} under it.").format(card=card_words(view.flipped),
                                                          n=view.under)


def scores_words(turn: Turn[FlowerShopView]) -> str:
    preview = ", ".join(
        f"{turn.name(seat)} {sum(row)}" for seat, row in enumerate(turn.view.preview)
    )
    return _("Score if the game ended now: {scores}.").format(scores=preview)


def brief(turn: Turn[FlowerShopView]) -> list[str]:
    """Before a decision: the hand or the card in use, and why the step may not end yet."""
    view = turn.view
    lines = []
    mine = next((s for s in view.shops if s.seat == turn.seat), None)
    if view.hand and view.phase == "pick":
        lines.append(_("Your hand: {cards}.").format(cards=cards_words(view.hand)))
    if mine is not None and mine.using:
        lines.append(_("You are using {card}. You have ${money}.").format(
            card=card_words(mine.using), money=mine.money))
    if view.solo and view.flipped:
        lines.append(_("Flipped: {card}.").format(card=card_words(view.flipped)))
    if view.end_blocker:
        lines.append(_("You cannot end this step yet: {reason}.").format(
            reason=view.end_blocker))
    return lines


def describe_action(action: Action, turn: Turn[FlowerShopView]) -> str:
    """A choice in words, with a sale's price from the rules."""
    text = str(action)
    if isinstance(action, Sell):
        price = turn.view.price(action)
        goods = _(" and ").join(card_words(g) for g in action.goods)
        if price is None:
            return _("sell {goods} with {order}").format(goods=goods,
                                                         order=card_words(action.order))
        return _("sell {goods} with {order} for ${price}").format(
            goods=goods, order=card_words(action.order), price=price)
    said = _action_words(action)
    return text if said is None else said


def _action_words(action: Action) -> str | None:
    """An action other than a sale in the reader's words: its verb and its card said in full
    (``place FL07, 2 roses with fern on L4``); ``None`` for an action of no other game."""
    card = getattr(action, "card", None)
    words = card_words(card) if card in CARDS else card
    if isinstance(action, Pick):
        return _("pick {card}").format(card=words)
    if isinstance(action, Place):
        if kind(action.card) == "flower":
            return _("place {card} on {spot}").format(card=words, spot=action.spot)
        return _("place {card} at {spot}").format(card=words, spot=action.spot)
    if isinstance(action, Store):
        return _("store {card}").format(card=words)
    if isinstance(action, Trash):
        return _("trash {card}").format(card=words)
    if isinstance(action, Buy):
        return _("buy {card}").format(card=words)
    if isinstance(action, Move):
        if not action.to:
            return _("move {card}").format(card=words)
        if action.to == STORAGE:
            return _("move {card} to storage").format(card=words)
        if kind(action.card) == "flower":
            return _("move {card} on {spot}").format(card=words, spot=action.to)
        return _("move {card} at {spot}").format(card=words, spot=action.to)
    if isinstance(action, ChooseFiller):
        return _("filler {letter}").format(letter=action.filler)
    steps = {Swap: _("swap"), Keep: _("keep"), Discard: _("discard"), Draw: _("draw"),
             Done: _("done")}
    return steps.get(type(action))


__all__ = ["brief", "describe", "describe_action"]

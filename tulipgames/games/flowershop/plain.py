"""The Little Flower Shop in words, for the plain-text mode: one's hand and shop, the rivals'
windows and what each step may do, as sentences a screen reader can say."""

from __future__ import annotations

from tulipgames.engine.core import Action
from tulipgames.games.flowershop.data import CARDS, FILLERS, FLOWER_TYPES, SPOTS
from tulipgames.games.flowershop.rules import FlowerShopView, Sell, ShopView
from tulipgames.table import Turn


def plural(count: int, word: str) -> str:
    if count == 1:
        return f"{count} {word}"
    return f"{count} {word}es" if word.endswith("s") else f"{count} {word}s"


def flower_words(letter: str, count: int) -> str:
    if letter == "*":
        return f"{count} of any flower"
    return plural(count, FLOWER_TYPES.get(letter, letter))


def card_words(card: str) -> str:
    """A card said in full: "FL07, 2 roses with hypericum", "VA03, vase for 2 tulips, 3 petals"."""
    info = CARDS[card]
    if info.kind == "flower":
        return f"{card}, {flower_words(info.flower, info.count)} with {FILLERS[info.filler]}"
    if info.kind == "vase":
        petals = plural(info.petals, "petal")
        return f"{card}, vase for {flower_words(info.flower, info.count)}, {petals}"
    if info.kind == "basket":
        return f"{card}, basket worth {info.fp} points, costs ${info.cost}"
    if info.kind == "salary":
        return f"{card}, salary ${info.amount}"
    return f"{card}, {info.kind}"


def cards_words(cards: tuple[str, ...]) -> str:
    return "; ".join(card_words(c) for c in cards) if cards else "none"


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
            filled.append(f"{spot}: {card_words(vase)} holds {card_words(flower)}")
    lines = [f"{name}'s shop: ${shop.money}, {plural(len(filled), 'filled vase')}."]
    lines += [f"  {line}." for line in filled]
    if empty:
        lines.append(f"  Empty vases: {'; '.join(empty)}.")
    if shop.hooks:
        lines.append(f"  Baskets: {cards_words(shop.hooks)}.")
    lines.append(f"  Storage: {cards_words(shop.storage)}.")
    return lines


def describe(turn: Turn[FlowerShopView]) -> list[str]:
    """The whole situation: the round, one's hand, every shop, the score if it ended now."""
    view = turn.view
    lines = [f"Round {view.round}, step {view.step}."]
    if view.hand:
        lines.append(f"Your hand: {cards_words(view.hand)}.")
    if view.solo:
        lines.append(f"Piles: {', '.join(str(p) for p in view.piles)} cards left.")
        if view.flipped:
            lines.append(f"Flipped card: {card_words(view.flipped)}, {view.under} under it.")
    for shop in view.shops:
        lines += shop_words(shop, turn.name(shop.seat))
    preview = ", ".join(
        f"{turn.name(seat)} {sum(row)}" for seat, row in enumerate(view.preview)
    )
    lines.append(f"Score if the game ended now: {preview}.")
    if view.solo and view.level:
        lines.append(f"That reaches the level {view.level}.")
    return lines


def brief(turn: Turn[FlowerShopView]) -> list[str]:
    """Before a decision: the hand or the card in use, and why the step may not end yet."""
    view = turn.view
    lines = []
    mine = next((s for s in view.shops if s.seat == turn.seat), None)
    if view.hand and view.phase == "pick":
        lines.append(f"Your hand: {cards_words(view.hand)}.")
    if mine is not None and mine.using:
        lines.append(f"You are using {card_words(mine.using)}. You have ${mine.money}.")
    if view.solo and view.flipped:
        lines.append(f"Flipped: {card_words(view.flipped)}.")
    if view.end_blocker:
        lines.append(f"You cannot end this step yet: {view.end_blocker}.")
    return lines


def describe_action(action: Action, turn: Turn[FlowerShopView]) -> str:
    """A choice in words, with a sale's price from the rules."""
    text = str(action)
    if isinstance(action, Sell):
        price = turn.view.price(action)
        goods = " and ".join(card_words(g) for g in action.goods)
        paid = f" for ${price}" if price is not None else ""
        return f"sell {goods} with {card_words(action.order)}{paid}"
    words = text.split()
    cards = [w for w in words if w.upper() in CARDS]
    if cards:
        said = text
        for card in cards:
            said = said.replace(card, card_words(card.upper()), 1)
        return said.replace("=", " ")
    return text


__all__ = ["brief", "describe", "describe_action"]

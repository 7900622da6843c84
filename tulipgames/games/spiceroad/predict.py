"""Century: Spice Road position values: what a spice, a merchant card and a position are worth.

Shared by the rules (``SpiceRoadState.estimate``, a search cut-off) and the bots, so that the rules
never import the bots: both import this module, which imports only the card data.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from tulipgames.games.spiceroad.data import MERCHANT_CARDS, POINT_CARDS, STARTING_HAND

#: What one spice is roughly worth towards a point card (a card's VP is about its spices' sum).
SPICE_VALUE = (1.0, 2.0, 3.0, 4.0)


def weight(counts: Iterable[int]) -> float:
    """Spice counts (Y, R, G, B) in spice value."""
    return sum(v * n for v, n in zip(SPICE_VALUE, counts, strict=False))


def card_value(card_id: str) -> float:
    """How much a merchant card adds to a caravan per play, in spice value."""
    card = MERCHANT_CARDS[card_id]
    if card.kind == "spice":
        return weight(card.gain)
    if card.kind == "upgrade":
        return card.up + 0.5
    # A trade often runs more than once and turns cheap spices into the ones point cards need.
    return 1.5 * (weight(card.gain) - weight(card.pay)) + 1.0


def position_value(
    score: int,
    caravan: Sequence[int],
    cards: Iterable[str],
    point_row: Iterable[str],
    leader_cards: int,
    target: int,
) -> float:
    """A prediction of a seat's final score from the position (the search's cut-off value).

    A linear fit on 12,905 positions of 150 planner-vs-planner games (2-3 seats) against their
    final scores: the score so far counts most, spices keep about a third of their value, and
    merchant cards (``cards``: hand and played) are worth something only while much of the game
    remains (``leader_cards`` of ``target`` point cards claimed by the leader). Score alone
    predicts the final score with an RMS error of 47; this fit, 10.5.
    """
    remaining = max(0, target - leader_cards) / target
    engine = sum(card_value(c) for c in cards if c not in STARTING_HAND)
    reach = 0.0
    for card_id in point_row:
        card = POINT_CARDS[card_id]
        missing = sum(SPICE_VALUE[i] * max(0, card.need[i] - caravan[i]) for i in range(4))
        reach = max(reach, card.vp * 0.8**missing)
    spices = weight(caravan)
    return (
        0.865 * score
        + (0.245 + 0.058 * remaining) * spices
        + (0.224 * remaining - 0.233) * engine
        + 0.045 * reach
        + 54.5 * remaining
        + 13.0
    )

"""Building Little Flower Shop positions for the spec's acceptance scenarios."""

from __future__ import annotations

from tulipgames.engine.core import Action
from tulipgames.games.flowershop.data import SPOTS
from tulipgames.games.flowershop.rules import GAME, FlowerShopState, Shop


def bare(seats: int = 2, seed: int = 0, **options: object) -> FlowerShopState:
    """A new game whose shops hold nothing at all ("the window holds only the vases named")."""
    state = GAME.new_state(seats, seed, options)
    assert isinstance(state, FlowerShopState)
    for shop in state.shops:
        shop.spots = [None] * len(SPOTS)
        shop.flowers = [None] * len(SPOTS)
    return state


def window(shop: Shop, *vases: str | tuple[str, str]) -> None:
    """Put vases (``"VA18"``) or filled vases (``("VA14", "FL29")``) on L1, L2, ... in order."""
    for index, item in enumerate(vases):
        vase, flower = (item, None) if isinstance(item, str) else item
        shop.spots[index] = vase
        shop.flowers[index] = flower


def using(state: FlowerShopState, seat: int, card: str | None) -> None:
    """Put ``seat`` in a use step with ``card`` revealed; every other seat is already done."""
    state.phase = "use"
    for index, shop in enumerate(state.shops):
        shop.done = index != seat
        shop.hand = []
    state.shops[seat].using = card


def texts(actions: list[Action]) -> set[str]:
    return {str(action) for action in actions}

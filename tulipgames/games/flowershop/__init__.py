"""The Little Flower Shop: the game's identity; rules in ``rules.py``, bots in ``bots.py``."""

from tulipgames.engine.core import GameInfo

INFO = GameInfo(
    "flowershop",
    "The Little Flower Shop",
    1,
    4,
    "Draft vases, flowers and baskets to fill your shop window.",
    order=4,
)

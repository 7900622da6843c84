"""Tulip & Rose: the game's identity; rules in ``rules.py``, bots in ``bots.py``."""

from tulipgames.engine.core import GameInfo

INFO = GameInfo(
    "tulipandrose",
    "Tulip & Rose",
    2,
    6,
    "Flower merchants auction bouquets over two market days.",
    order=1,
)

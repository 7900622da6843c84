"""Gift of Tulips: the game's identity; rules in ``rules.py``, bots in ``bots.py``."""

from tulipgames.engine.core import GameInfo

INFO = GameInfo(
    "giftoftulips",
    "Gift of Tulips",
    2,
    6,
    "Keep, gift or add tulips; the festival ranking decides their worth.",
    order=2,
)

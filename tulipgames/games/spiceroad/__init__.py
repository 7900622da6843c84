"""Century: Spice Road: the game's identity; rules in ``rules.py``, bots in ``bots.py``."""

from tulipgames.engine.core import GameInfo

INFO = GameInfo(
    "spiceroad",
    "Century: Spice Road",
    2,
    5,
    "Trade spices along the caravan routes and claim point cards.",
    order=3,
)

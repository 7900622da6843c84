"""Sixty-One: the game's identity; rules in ``rules.py``, bots in ``bots.py``."""

from tulipgames.engine.core import GameInfo
from tulipgames.games.sixtyone.data import MAX_PLAYERS, MIN_PLAYERS

INFO = GameInfo(
    "sixtyone",
    "Sixty-One",
    MIN_PLAYERS,
    MAX_PLAYERS,
    "Share three dice, fill your autumn sheet and race the leaf row to 61.",
    order=5,
)

"""The game registry: what the menu shows about every game, as data.

A game is a package here: its identity as ``INFO`` (a :class:`GameInfo`) in its ``__init__``,
its rules as ``GAME`` in ``rules.py`` and its bot levels as ``LEVELS`` in ``bots.py``. The
catalogue below lists the same ``GameInfo`` of every package (``tests/test_startup.py`` holds
them equal, one entry per package), so the menu is drawn without importing any game package
or the rules layer (``engine.core``, some 8 ms of the start: docs/speed.md); adding a game is
adding its folder and its line here.
"""

from __future__ import annotations

import importlib
from functools import cache
from typing import TYPE_CHECKING

from tulipgames.info import GameInfo

if TYPE_CHECKING:
    from tulipgames.engine.core import Game

__all__ = ["CATALOGUE", "GAME_IDS", "GameInfo", "UnknownGame", "get_game", "info"]


#: Every game's ``INFO``, in menu order.
CATALOGUE: tuple[GameInfo, ...] = (
    GameInfo("tulipandrose", "Tulip & Rose", 2, 6,
             "Flower merchants auction bouquets over two market days.", order=1),
    GameInfo("giftoftulips", "Gift of Tulips", 2, 6,
             "Keep, gift or add tulips; the festival ranking decides their worth.", order=2),
    GameInfo("spiceroad", "Century: Spice Road", 2, 5,
             "Trade spices along the caravan routes and claim point cards.", order=3),
    GameInfo("flowershop", "The Little Flower Shop", 1, 4,
             "Draft vases, flowers and baskets to fill your shop window.", order=4),
    GameInfo("sixtyone", "Sixty-One", 1, 12,
             "Share three dice, fill your autumn sheet and race the leaf row to 61.", order=5),
)
GAME_IDS: tuple[str, ...] = tuple(entry.id for entry in CATALOGUE)


class UnknownGame(ValueError):
    """A game id that is not in the catalogue."""


@cache
def get_game(game_id: str) -> Game:
    """The registered :class:`Game` for an id; raises :class:`UnknownGame`."""
    if game_id not in GAME_IDS:
        raise UnknownGame(f"unknown game {game_id!r} (games: {', '.join(GAME_IDS)})")
    game: Game = importlib.import_module(f"{__name__}.{game_id}.rules").GAME
    return game


def info(game_id: str) -> GameInfo:
    """What the menu shows about a game; raises :class:`UnknownGame`."""
    for entry in CATALOGUE:
        if entry.id == game_id:
            return entry
    raise UnknownGame(f"unknown game {game_id!r} (games: {', '.join(GAME_IDS)})")

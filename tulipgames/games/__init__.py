"""The game registry: every package under ``tulipgames.games`` is a game.

A game's package declares its identity as ``INFO`` (a :class:`GameInfo`) in its ``__init__``, its
rules as ``GAME`` in ``rules.py`` and its bot levels as ``LEVELS`` in ``bots.py``. The catalogue is
read from the packages' ``INFO`` alone, so the menu lists every game without importing any rules;
adding a game is adding a folder.
"""

from __future__ import annotations

import importlib
import pkgutil
from functools import cache

from tulipgames.engine.core import Game, GameInfo

__all__ = ["CATALOGUE", "GAME_IDS", "GameInfo", "UnknownGame", "get_game", "info"]


def _discover() -> tuple[GameInfo, ...]:
    found = []
    for module in pkgutil.iter_modules(__path__):
        if module.ispkg:
            found.append(importlib.import_module(f"{__name__}.{module.name}").INFO)
    return tuple(sorted(found, key=lambda entry: (entry.order, entry.id)))


CATALOGUE: tuple[GameInfo, ...] = _discover()
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

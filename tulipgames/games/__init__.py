"""The game catalogue and registry.

Every game lives in its own package ``tulipgames.games.<id>`` whose ``rules`` module defines
``GAME``. The catalogue lists all five so the menu can show them even before a game is built.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from functools import cache

from tulipgames.engine.core import Game


@dataclass(frozen=True)
class GameInfo:
    """What the menu shows about a game."""

    id: str
    title: str
    players: str
    pitch: str


CATALOGUE: tuple[GameInfo, ...] = (
    GameInfo(
        "tulipandrose",
        "Tulip & Rose",
        "2-6",
        "Flower merchants auction bouquets over two market days.",
    ),
    GameInfo(
        "giftoftulips",
        "Gift of Tulips",
        "2-6",
        "Keep, gift or add tulips; the festival ranking decides their worth.",
    ),
    GameInfo(
        "spiceroad",
        "Century: Spice Road",
        "2-5",
        "Trade spices along the caravan routes and claim point cards.",
    ),
    GameInfo(
        "flowershop",
        "The Little Flower Shop",
        "1-4",
        "Draft vases, flowers and baskets to fill your shop window.",
    ),
    GameInfo(
        "sixtyone",
        "Sixty-One",
        "1-12",
        "Share three dice, fill your autumn sheet and race the leaf row to 61.",
    ),
)

GAME_IDS: tuple[str, ...] = tuple(info.id for info in CATALOGUE)


class UnknownGame(ValueError):
    """A game id that is not in the catalogue, or a game not built yet."""


@cache
def get_game(game_id: str) -> Game:
    """The registered :class:`Game` for an id; raises :class:`UnknownGame`."""
    if game_id not in GAME_IDS:
        raise UnknownGame(f"unknown game {game_id!r} (games: {', '.join(GAME_IDS)})")
    try:
        module = importlib.import_module(f"tulipgames.games.{game_id}.rules")
    except ModuleNotFoundError as exc:
        if exc.name and exc.name.startswith(f"tulipgames.games.{game_id}"):
            raise UnknownGame(f"{game_id} is coming soon") from exc
        raise
    return module.GAME


def is_available(game_id: str) -> bool:
    """True when the game is built and can be played."""
    try:
        get_game(game_id)
    except UnknownGame:
        return False
    return True


def info(game_id: str) -> GameInfo:
    for entry in CATALOGUE:
        if entry.id == game_id:
            return entry
    raise UnknownGame(f"unknown game {game_id!r}")

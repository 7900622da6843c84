"""The game registry: the game folders found in this package, and what each declares.

A game is a folder here (a package) that declares its :class:`~tulipgames.games.kit.GameKit`
as ``KIT`` in its ``__init__``: identity, and the names of its rules, bots, screen, final
position, plain-mode words, demo positions, bench drive and coach profile. The registry lists
the folders with :func:`pkgutil.iter_modules` and reads their kits when first asked; the kits
import nothing heavy, so the menu is drawn without importing any game's rules or the rules
layer (``engine.core``, some 8 ms of the start: docs/speed.md). Adding a game is adding its
folder (docs/ARCHITECTURE.md, "How to add a game").

``CATALOGUE`` (every game's ``GameInfo`` in menu order) and ``GAME_IDS`` are worked out on
first use, like everything here.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, Any

from tulipgames.games.kit import GameKit, load
from tulipgames.info import GameInfo

if TYPE_CHECKING:
    from datetime import date

    from tulipgames.engine.core import Game

    #: Every game's ``INFO``, in menu order.
    CATALOGUE: tuple[GameInfo, ...]
    GAME_IDS: tuple[str, ...]

__all__ = ["CATALOGUE", "GAME_IDS", "GameInfo", "GameKit", "UnknownGame", "get_game", "info",
           "kit", "kits", "solo_id", "solo_kit"]


class UnknownGame(ValueError):
    """A game id that is not in the catalogue."""


@cache
def kits() -> tuple[GameKit, ...]:
    """Every game folder's kit, in menu order (``order``, then id)."""
    import pkgutil

    found = []
    for module in pkgutil.iter_modules(__path__):
        if module.ispkg:
            declared = load(f"{__name__}.{module.name}", ":KIT", optional=True)
            if isinstance(declared, GameKit):
                found.append(declared)
    return tuple(sorted(found, key=lambda k: (k.info.order, k.info.id)))


def __getattr__(name: str) -> Any:
    # CATALOGUE and GAME_IDS as module attributes, found on first use (tests may replace them)
    if name == "CATALOGUE":
        return tuple(entry.info for entry in kits())
    if name == "GAME_IDS":
        return tuple(entry.info.id for entry in kits())
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def _unknown(game_id: str) -> UnknownGame:
    ids = ", ".join(entry.id for entry in kits())
    return UnknownGame(f"unknown game {game_id!r} (games: {ids})")


def kit(game_id: str) -> GameKit:
    """The kit of a game; raises :class:`UnknownGame`."""
    for entry in kits():
        if entry.id == game_id:
            return entry
    raise _unknown(game_id)


def solo_kit() -> GameKit | None:
    """The kit of the solo challenge's game (``solo=True``), if a game declares it."""
    return next((entry for entry in kits() if entry.solo), None)


def solo_id() -> str:
    """The id of the solo challenge's game ("" when no game declares one)."""
    entry = solo_kit()
    return entry.id if entry is not None else ""


def daily_seed(day: date) -> int:
    """The daily deal's seed on ``day``: the solo game's own ``daily_seed(date)`` if its kit
    names one, otherwise the date as YYYYMMDD."""
    entry = solo_kit()
    own = entry.part(entry.daily_seed) if entry is not None else None
    return int(own(day)) if callable(own) else int(day.strftime("%Y%m%d"))


@cache
def get_game(game_id: str) -> Game:
    """The registered :class:`Game` for an id; raises :class:`UnknownGame`."""
    return kit(game_id).game()


def info(game_id: str) -> GameInfo:
    """What the menu shows about a game; raises :class:`UnknownGame`."""
    from tulipgames import games

    for entry in games.CATALOGUE:
        if entry.id == game_id:
            return entry
    raise _unknown(game_id)

"""A game's kit: everything the rest of tulipgames asks of a game, declared once in its folder.

Each game folder ``tulipgames/games/<id>/`` declares one :class:`GameKit` as ``KIT`` in its
``__init__.py``; the registry (:mod:`tulipgames.games`) finds the folders and reads their kits,
and nothing outside a folder names its game. The kit holds the light facts itself (identity,
whether it is the solo game) and names the heavy parts (rules, bots, the Textual screen, the
final position, the plain mode's words, demo positions, the bench drive, the coach's profile,
a tutorial) as ``"module:attribute"`` relative to the folder, loaded when first asked by
:func:`load`: the one place tulipgames imports a module by name. So the menu lists the games
without importing a rule, and ``tulipgames simulate`` never loads Textual.

This module imports nothing of tulipgames but :mod:`tulipgames.info` (and the rules layer for
type checking only): the game folders import it, and it must stay below all of them.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from tulipgames.info import GameInfo

if TYPE_CHECKING:
    from tulipgames.engine.core import BotLevel, Game
    from tulipgames.games.parts import BenchDrive, Demo, PlainWords

__all__ = ["GameKit", "load"]


def load(package: str, ref: str, *, optional: bool = False) -> Any:
    """What ``ref`` names in ``package``: ``"module:attribute"`` (``"screen:SCREEN"``), a whole
    module (``"final"``), or the package itself (``""``). The only ``import_module`` in
    tulipgames (``tests/test_boundaries.py`` holds it so).

    ``optional``: ``None`` when the module is not there at all (a game without a tutorial), or
    has no such attribute; a module that is there but fails to import is a bug to see, and
    raises all the same.
    """
    module_name, _, attribute = ref.partition(":")
    name = f"{package}.{module_name}" if module_name else package
    try:
        module = importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if optional and exc.name is not None and name.startswith(exc.name):
            return None
        raise
    if not attribute:
        return module
    return getattr(module, attribute, None) if optional else getattr(module, attribute)


@dataclass(frozen=True, eq=False)  # a kit is equal to itself only (and hashed as such)
class GameKit:
    """Everything tulipgames asks of one game, declared once in the game's folder.

    ``package`` is the folder's module name (``__name__`` in its ``__init__``); the parts named
    as strings are ``"module:attribute"`` relative to it (see :func:`load`). A part set to
    ``None`` the game does not have.
    """

    package: str
    info: GameInfo
    #: The rules: a :class:`~tulipgames.engine.core.Game`.
    rules: str = "rules:GAME"
    #: The game's own bot levels, weakest first (``random`` comes before them for every game).
    levels: str = "bots:LEVELS"
    #: The Textual screen: a ``GameScreen`` subclass.
    screen: str = "screen:SCREEN"
    #: A module with ``final_position(turns, width)`` (and optionally ``final_table``,
    #: ``result_columns``) for the results screen.
    final: str | None = "final"
    #: A module with ``describe(turn)`` (and optionally ``describe_action``): the situation in
    #: words for the plain mode and the SSH tables.
    plain: str | None = "plain"
    #: :class:`~tulipgames.games.parts.PlainWords`.
    words: str | None = "words:WORDS"
    #: The demo positions: a sequence of :class:`~tulipgames.games.parts.Demo`.
    demos: str | None = "demos:DEMOS"
    #: The bench's key presses: a :class:`~tulipgames.games.parts.BenchDrive`.
    drive: str | None = "bench:DRIVE"
    #: The coach's ``Profile`` (``tulipgames.coach.profiles``).
    coach: str | None = "coach:PROFILE"
    #: The game of the solo challenge and the daily deal (one game at most).
    solo: bool = False
    #: The solo game's ``daily_seed(date) -> int``; the date as YYYYMMDD without it.
    daily_seed: str | None = None
    #: The interactive tutorial (``TUTORIAL`` in ``tutorial.py``), if the folder has one.
    tutorial: str | None = "tutorial:TUTORIAL"
    #: The public engine the bench races this game against (a GitHub ``owner/name``).
    peer: str = ""
    #: Anything else a part of tulipgames may look up by name.
    extras: Mapping[str, str] = field(default_factory=dict)

    @property
    def id(self) -> str:
        return self.info.id

    def part(self, ref: str | None, *, optional: bool = False) -> Any:
        """A declared part, loaded (``None`` for a part the game does not declare)."""
        return None if ref is None else load(self.package, ref, optional=optional)

    def game(self) -> Game:
        game: Game = self.part(self.rules)
        return game

    def bot_levels(self) -> tuple[BotLevel, ...]:
        """The bot levels, weakest first: ``random`` (the same for every game), then the game's."""
        from tulipgames.engine.bots import RANDOM

        declared: tuple[BotLevel, ...] = self.part(self.levels)
        return (RANDOM, *declared)

    def screen_class(self) -> Any:
        """The game's ``GameScreen`` subclass (imports Textual)."""
        return self.part(self.screen)

    def final_module(self) -> Any:
        return self.part(self.final, optional=True)

    def plain_module(self) -> Any:
        return self.part(self.plain, optional=True)

    def plain_words(self) -> PlainWords:
        from tulipgames.games.parts import PlainWords

        words: PlainWords | None = self.part(self.words, optional=True)
        return words if words is not None else PlainWords()

    def demo_positions(self) -> tuple[Demo, ...]:
        return tuple(self.part(self.demos, optional=True) or ())

    def bench_drive(self) -> BenchDrive | None:
        drive: BenchDrive | None = self.part(self.drive, optional=True)
        return drive

    def coach_profile(self) -> Any:
        """The coach's ``Profile`` of the game, or ``None`` for a game the coach cannot judge."""
        return self.part(self.coach, optional=True)

    def load_tutorial(self) -> Any:
        """The game's ``TUTORIAL``, or ``None`` for a game without a ``tutorial.py``."""
        return self.part(self.tutorial, optional=True)

    def extra(self, name: str) -> Any:
        """An optional extra part by name (``None`` when not declared or not there)."""
        ref = self.extras.get(name)
        return self.part(ref, optional=True)

"""The types of the parts a game's kit names (:mod:`tulipgames.games.kit`): its demo positions,
its bench drive and its plain-mode words. Apart from the kit so that listing the games (the
menu) does not build these classes: only a game's part that is loaded imports them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

__all__ = ["BenchDrive", "Demo", "PlainWords"]


@dataclass(frozen=True)
class Demo:
    """One demo position of a game: a table of ``names`` (seat 0 human, the others bots) with
    ``seed`` and ``options``, played by bots until ``stop`` holds for the turn of ``viewer``
    (the public turn by default). Screenshots, the snapshot tests and the tests of the screens
    draw these (:func:`tulipgames.demos.demo_table`); ``name`` is the picture's file name."""

    name: str
    names: Sequence[str]
    seed: int
    stop: Callable[[Any], bool]
    options: Mapping[str, Any] = field(default_factory=dict)
    viewer: int | None = None


@dataclass(frozen=True)
class BenchDrive:
    """How ``tulipgames bench --ui`` plays a game by key presses: the seats at the table (seat
    0 at this keyboard) and ``drive(recorder, screen, rounds)``, which presses the keys."""

    seats: int
    drive: Callable[[Any, Any, int], Any]


@dataclass(frozen=True)
class PlainWords:
    """A game's words in the plain mode, beyond its ``plain.describe``: the one-clause brief of
    a short turn, the named queries (``hand``, ``market``, ``scores``...), what ``look`` adds,
    event lines the question says again, instructions said the first time only, choices said
    shorter, and the speech of its shorthand (``speaker(table)`` gives ``line -> words``)."""

    brief: Callable[[Any], str] | None = None
    queries: Mapping[str, Callable[[Any], list[str]]] = field(default_factory=dict)
    look_extra: Callable[[Any], list[str]] | None = None
    repeated: Any = None  # a compiled pattern, or None
    instructions: Any = None  # a compiled pattern, or None
    labels: Sequence[tuple[str, str]] = ()
    #: A choice's label in words given the action and the turn, or ``None`` to keep it.
    label: Callable[[str, Any, Any], str | None] | None = None
    speaker: Callable[[Any], Callable[[str], str]] | None = None

"""How the coach judges each game: one :class:`Profile` per game, declared as data in the
game's folder (``games/<id>/coach.py``, named by its kit), read here by :func:`profile`.

A profile says what the game's ``hard`` bot optimises (the reported figure), how a lead in
points turns into a win chance (the grading yardstick), the grade thresholds, the search budget,
and the one function that judges a choice: the game's own ``hard`` machinery wherever its bots
expose it (Sixty-One's exact evaluation, Gift of Tulips' greedy playout, Spice Road's five-round
look, the Flower Shop's greedy play-out, Tulip & Rose's three-round playout policy).

Nothing here names a game: every hook lives in the game's folder and reads public functions of
its ``bots.py``.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from tulipgames.engine.core import Action, State

if TYPE_CHECKING:
    from tulipgames.engine.record import GameRecord

#: A grade, from best to worst.
GRADES = ("good", "inaccuracy", "mistake", "blunder")

#: Plays a world on from just after the candidate choice and returns the seat's lead in points
#: (its total less the best rival's; alone, its own total), final or estimated.
Finish = Callable[[State, int, random.Random], float]
#: Judges candidate choices in one position without playouts (a game's exact evaluation): the
#: seat's expected lead after each choice, in points, in the same order.
Judge = Callable[[State, int, Sequence[Action]], list[float]]
#: The move the game's normal bot would make (always among the candidates weighed).
Suggest = Callable[[State, int, random.Random], Action]
#: Makes one world of a decision from the position: (state, rng) -> a re-dealt copy.
WorldMaker = Callable[[State, random.Random], State]
#: How to re-deal a decision's worlds from what the seat remembers (a record, the decision's
#: index in it and the seat), where ``determinize`` forgets it; ``None``: it forgets nothing.
Remember = Callable[["GameRecord", int, int], "WorldMaker | None"]
#: A level's bot with its full budget whatever the load (level, seed); ``None``: its own.
Untimed = Callable[[str, int], Any]


@dataclass(frozen=True)
class Profile:
    """The coach's settings for one game (see docs/coach.md for the reasons behind each)."""

    game: str
    #: What the game's ``hard`` bot optimises: ``"win"`` (win chance, margin breaking ties) or
    #: ``"margin"`` (expected final lead). Reported with every analysis.
    metric: str
    #: Points of lead that make a win chance of 73% (the logistic's scale: lead / scale = 1).
    #: Lichess turns centipawns into winning chances the same way before grading.
    scale: float
    #: Win-chance drops, in percentage points, from which a choice is an inaccuracy, a mistake
    #: and a blunder (lichess: 5, 10 and 15 on the same scale).
    thresholds: tuple[float, float, float]
    #: Alone there is no win chance: the same three steps in points of expected score lost.
    solo_thresholds: tuple[float, float, float]
    #: The most choices weighed per decision (the choice made and the normal bot's always are).
    candidates: int
    #: Determinized worlds per decision (every candidate plays each world with the same luck).
    worlds: int
    finish: Finish | None = None
    judge: Judge | None = None
    suggest: Suggest | None = None
    remember: Remember | None = None
    untimed: Untimed | None = None
    #: A solo game's par (the best expected score any play can reach) and the hard bot's solo
    #: average, for the results after a solo game; ``None``: no par is known.
    solo_par: tuple[float, float] | None = None
    #: What the game's score is counted in, for the lines that name it ("acorns").
    score_unit: str = "points"
    #: Sources of the budget and yardstick figures, for the docs.
    notes: str = field(default="", compare=False)


def win_chance(lead: float, scale: float) -> float:
    """A lead in points as a win chance in [0, 1]: the logistic ``1 / (1 + e^(-lead/scale))``."""
    x = max(-60.0, min(60.0, lead / scale))
    return 1.0 / (1.0 + math.exp(-x))


def lead_of(totals: Sequence[float], seat: int) -> float:
    """The seat's total less the best rival's; alone, its own total."""
    if len(totals) == 1:
        return float(totals[0])
    return float(totals[seat]) - max(float(t) for s, t in enumerate(totals) if s != seat)


def __getattr__(name: str) -> dict[str, Profile]:
    # PROFILES: every game's profile by id, as the game folders declare them (found on use)
    if name == "PROFILES":
        from tulipgames import games

        found = {kit.id: kit.coach_profile() for kit in games.kits()}
        return {game_id: entry for game_id, entry in found.items() if entry is not None}
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def profile(game_id: str) -> Profile:
    """The coach's profile of a game (``coach:PROFILE`` in its folder, as its kit names it);
    ``KeyError`` for a game it does not know."""
    from tulipgames import games

    try:
        found: Profile | None = games.kit(game_id).coach_profile()
    except games.UnknownGame:
        found = None
    if found is None:
        raise KeyError(game_id)
    return found


def grade(loss: float, thresholds: tuple[float, float, float]) -> str:
    """The grade of a choice that lost ``loss`` (win-chance points, or points alone)."""
    inaccuracy, mistake, blunder = thresholds
    if loss >= blunder:
        return "blunder"
    if loss >= mistake:
        return "mistake"
    if loss >= inaccuracy:
        return "inaccuracy"
    return "good"

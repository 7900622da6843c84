"""How the coach judges each game: one :class:`Profile` per game, declared as data.

A profile says what the game's ``hard`` bot optimises (the reported figure), how a lead in
points turns into a win chance (the grading yardstick), the grade thresholds, the search budget,
and the one function that judges a choice: the game's own ``hard`` machinery wherever its bots
expose it (Sixty-One's exact evaluation, Gift of Tulips' greedy playout, Spice Road's five-round
look, the Flower Shop's greedy play-out, Tulip & Rose's three-round playout policy).

Nothing here edits the games: every hook reads public functions of the game's ``bots.py``.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from tulipgames.engine.core import Action, State

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


# -- Tulip & Rose: the hard bot's three-round playouts --------------------------------------
def _tulip_finish(state: State, seat: int, rng: random.Random) -> float:
    from tulipgames.games.tulipandrose.bots import playout_policy
    from tulipgames.games.tulipandrose.rules import TulipState

    assert isinstance(state, TulipState)
    stop = state.round + 3
    while not state.is_over() and state.round < stop:
        mover = state.to_act()[0]
        state.apply(mover, playout_policy(state, mover, rng))
    totals = state.result().totals if state.is_over() else state.estimate()
    return lead_of(totals, seat)


def _tulip_suggest(state: State, seat: int, rng: random.Random) -> Action:
    from tulipgames.games.tulipandrose.bots import NormalBot

    return NormalBot(rng.getrandbits(32)).choose(state, seat)


# -- Gift of Tulips: the hard bot's greedy playout to the end ---------------------------------
def _gift_finish(state: State, seat: int, rng: random.Random) -> float:
    from tulipgames.games.giftoftulips.bots import playout_margin
    from tulipgames.games.giftoftulips.rules import GiftState

    assert isinstance(state, GiftState)
    playout_margin(state, seat, rng)
    return lead_of(state.result().totals, seat)


# -- Century: Spice Road: the hard bot's five-round look --------------------------------------
def _spice_finish(state: State, seat: int, rng: random.Random) -> float:
    from tulipgames.games.spiceroad.bots import HORIZON, RolloutBot

    if state.seats == 1:  # pragma: no cover - Spice Road has two seats at least
        return float(state.estimate()[0])
    return RolloutBot(rng.getrandbits(32)).judge(state, seat, HORIZON)  # type: ignore[arg-type]


# -- The Little Flower Shop: the hard bot's greedy play-out to the end -----------------------
def _flower_finish(state: State, seat: int, rng: random.Random) -> float:
    from tulipgames.games.flowershop.bots import play_out
    from tulipgames.games.flowershop.rules import FlowerShopState

    assert isinstance(state, FlowerShopState)
    play_out(state)
    return lead_of(state.estimate(), seat)


def _flower_suggest(state: State, seat: int, rng: random.Random) -> Action:
    from tulipgames.games.flowershop.bots import greedy_action
    from tulipgames.games.flowershop.rules import FlowerShopState

    assert isinstance(state, FlowerShopState)
    return greedy_action(state, seat)


# -- Sixty-One: the hard bot's exact evaluation, a pure margin --------------------------------
def _sixty_judge(state: State, seat: int, actions: Sequence[Action]) -> list[float]:
    from tulipgames.games.sixtyone.bots import Outlook, outcome, rival_outlook
    from tulipgames.games.sixtyone.rules import SixtyOneState

    assert isinstance(state, SixtyOneState)
    outlook = Outlook.of(state, seat)
    rival = rival_outlook(state, seat)
    sheet, total = state.sheets[seat], state.leaf_total(seat)
    leads = []
    for action in actions:
        value, after, new_total, _ = outcome(sheet, total, action, outlook)
        leads.append(value - (rival(new_total, after) if state.seats > 1 else 0.0))
    return leads


PROFILES: dict[str, Profile] = {
    "tulipandrose": Profile(
        "tulipandrose", metric="win", scale=12.0, thresholds=(5.0, 10.0, 20.0),
        solo_thresholds=(3.0, 8.0, 15.0), candidates=6, worlds=8,
        finish=_tulip_finish, suggest=_tulip_suggest,
    ),
    "giftoftulips": Profile(
        "giftoftulips", metric="win", scale=6.0, thresholds=(5.0, 10.0, 20.0),
        solo_thresholds=(2.0, 5.0, 10.0), candidates=4, worlds=16,
        finish=_gift_finish,
    ),
    "spiceroad": Profile(
        "spiceroad", metric="margin", scale=8.0, thresholds=(5.0, 10.0, 20.0),
        solo_thresholds=(2.0, 5.0, 10.0), candidates=6, worlds=8,
        finish=_spice_finish,
    ),
    "flowershop": Profile(
        "flowershop", metric="margin", scale=6.0, thresholds=(5.0, 10.0, 20.0),
        solo_thresholds=(2.0, 5.0, 10.0), candidates=6, worlds=12,
        finish=_flower_finish, suggest=_flower_suggest,
    ),
    "sixtyone": Profile(
        "sixtyone", metric="margin", scale=8.0, thresholds=(5.0, 10.0, 20.0),
        solo_thresholds=(2.0, 5.0, 10.0), candidates=24, worlds=1,
        judge=_sixty_judge,
    ),
}


def profile(game_id: str) -> Profile:
    """The coach's profile of a game; ``KeyError`` for a game it does not know."""
    return PROFILES[game_id]


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

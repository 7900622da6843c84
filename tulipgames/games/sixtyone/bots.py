"""Sixty-One bots: a plain greedy reader of the sheet (``normal``) and a player of the margin
whose evaluation is exact where it can be (``hard``).

``normal`` (:func:`plain_worth`) takes the choice that earns the most acorns now, blind to the
odds of the dice, the rounds left and the rivals.

``hard`` judges a position with :func:`evaluate`, an estimate of the final score of one sheet:

* the acorns already earned (spots, leaf bonuses, first-fill bonuses, including an open area this
  seat has just completed, since round end will pay it whatever the others do);
* the exact future value of every area (:func:`area_tables`): the par solver's dynamic programme
  over the area's spot patterns and the rounds left, over all 216 rolls, in which the area may
  take each write a roll offers at a price (:data:`PLACEMENT_PRICE`) for using the round's one
  placement. It knows which values each spot will accept later, how likely the dice are to
  offer them, and that pumpkins and skewers pay only when complete;
* the first-fill races: an open area's table with its bonus, halved when a rival needs fewer
  spots, the table without it once someone else claimed it;
* the leaf row: :func:`leaf_value` is the expected leaf bonus (X counted as :data:`X_WORTH`
  acorns) from a total with some rounds left, choosing the best leaf die of every roll (a dynamic
  programme over totals and rounds); it is weighted by :data:`LEAF_WEIGHT` because the leaf die
  is not free, it is whatever die the placement leaves over;
* tempo: the rounds left are estimated from the highest leaf total at the table, so a bot that
  leads the leaf race sees its own high leaf dice shorten the game and cut its potential.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from functools import cache
from itertools import product

from tulipgames.engine.core import Action, BotLevel
from tulipgames.games.sixtyone.data import (
    AREAS,
    END_TOTAL,
    FIRST_FILL_BONUS,
    LEAF_BONUS,
    MAX_ROUNDS,
)
from tulipgames.games.sixtyone.par import AreaTable, solve_area
from tulipgames.games.sixtyone.rules import (
    EMPTY,
    Cells,
    LeafOnly,
    Place,
    PlaceX,
    Sheet,
    SixtyOneState,
    X,
    all_x_spots,
    area_acorns,
    area_full,
)
from tulipgames.i18n import N_

LEAF_WEIGHT = 0.6
X_WORTH = 2.5
MEAN_LEAF_STEP = 3.2

def _sorted_roll(dice: tuple[int, ...]) -> tuple[int, int, int]:
    low, mid, high = sorted(dice)
    return (low, mid, high)


#: The 56 distinct rolls (sorted values) with their probabilities.
ROLLS: tuple[tuple[tuple[int, int, int], float], ...] = tuple(
    (roll, count / 216) for roll, count in
    sorted(Counter(_sorted_roll(d) for d in product(range(1, 7), repeat=3)).items())
)


#: The price of a placement in the area tables: the value of the round's one placement to
#: the rest of the sheet. 2 acorns gives the best greedy solo play (44.5 a game against 43.4
#: at 2.5 and 41.5 at 1 or 3, 150 seeded games each) and is near the price of the par bound.
PLACEMENT_PRICE = 2.0
#: An X price so high that no area table buys one: the tables value the dice alone; a bot
#: places an X it has earned by comparing the tables.
NO_X = 99.0


@cache
def area_tables(area: int) -> tuple[AreaTable, AreaTable]:
    """The exact relaxed values of an area (see :mod:`.par`) without and with its first-fill
    bonus, with up to 20 rounds left."""
    return (solve_area(area, PLACEMENT_PRICE, NO_X, bonus=0),
            solve_area(area, PLACEMENT_PRICE, NO_X, bonus=FIRST_FILL_BONUS))


def _leaf_bonus_worth(total: int) -> float:
    bonus = LEAF_BONUS.get(total, 0)
    return X_WORTH if bonus == "X" else float(bonus)


@cache
def leaf_value(total: int, rounds: int) -> float:
    """Expected further leaf bonus from ``total`` with ``rounds`` rounds left, picking the best
    leaf die of every roll."""
    if rounds <= 0 or total >= END_TOTAL:
        return 0.0
    expected = 0.0
    for roll, chance in ROLLS:
        expected += chance * max(
            _leaf_bonus_worth(total + d) + leaf_value(total + d, rounds - 1) for d in set(roll)
        )
    return expected


#: A seat's standing for an area's first-fill bonus.
OPEN, MINE, LOST = 0, 1, 2


@dataclass(frozen=True)
class Outlook:
    """What one seat's evaluation needs to know about the table, fixed for one decision.

    ``standing[area - 1]`` is OPEN, MINE (claimed by this seat) or LOST (claimed by others);
    ``rival_need[area - 1]`` is the fewest empty spots any rival has left in that area.
    """

    seat: int
    round: int
    rival_total: int
    earned_leaf: int
    standing: tuple[int, ...]
    rival_need: tuple[int, ...]

    @classmethod
    def of(cls, state: SixtyOneState, seat: int) -> Outlook:
        others = [s for s in range(state.seats) if s != seat]
        standing = tuple(
            OPEN if claim is None else MINE if seat in claim else LOST for claim in state.claims
        )
        return cls(
            seat=seat,
            round=state.round,
            rival_total=max((state.leaf_total(s) for s in others), default=0),
            earned_leaf=state.score_row(seat)[-1],
            standing=standing,
            rival_need=tuple(
                min((state.sheets[s][a - 1].count(EMPTY) for s in others), default=99)
                for a in AREAS
            ),
        )

    def rounds_left(self, total: int) -> int:
        """Rounds still to play after this one, from the round cap and the leaf race."""
        leader = max(total, self.rival_total)
        if leader >= END_TOTAL:
            return 0
        by_leaves = int((END_TOTAL - leader) / MEAN_LEAF_STEP + 0.999)
        return max(0, min(MAX_ROUNDS - self.round, by_leaves))


def leaf_gain(total_before: int, leaf: int) -> int:
    """Acorns a leaf step earns at once (21, 41, 61 hit exactly)."""
    bonus = LEAF_BONUS.get(total_before + leaf, 0)
    return bonus if isinstance(bonus, int) else 0


@cache
def area_worth(area: int, cells: Cells, rounds: int, standing: int, rival_need: int) -> float:
    """Acorns an area has plus what its tables say it is still worth with ``rounds`` rounds
    left (:func:`area_tables`), its first-fill bonus counted as won (claimed, or just filled),
    as lost, or, while open, by the table with the bonus (halved when a rival needs fewer
    spots to fill the area)."""
    plain, with_bonus = area_tables(area)
    future = plain.worth(cells, rounds)
    value = area_acorns(cells, area) + future
    if standing == MINE or (standing == OPEN and area_full(cells)):
        return value + FIRST_FILL_BONUS
    if standing == LOST:
        return value
    race = 0.5 if rival_need < cells.count(EMPTY) else 1.0
    return value + race * (with_bonus.worth(cells, rounds) - future)


def evaluate(sheet: Sheet, total: int, outlook: Outlook, gained_leaf: int = 0) -> float:
    """Estimated final score of a sheet with leaf total ``total`` (see the module docstring)."""
    rounds = outlook.rounds_left(total)
    value = outlook.earned_leaf + gained_leaf + LEAF_WEIGHT * leaf_value(total, rounds)
    for area in AREAS:
        value += area_worth(area, sheet[area - 1], rounds, outlook.standing[area - 1],
                            outlook.rival_need[area - 1])
    return value


def _write(sheet: Sheet, area: int, spot: int, mark: int) -> Sheet:
    cells = sheet[area - 1]
    cells = (*cells[:spot - 1], mark, *cells[spot:])
    return (*sheet[:area - 1], cells, *sheet[area:])


def best_x(sheet: Sheet, total: int, outlook: Outlook, gained: int) -> tuple[float, Sheet]:
    """The best X placement for a sheet by :func:`evaluate` (the sheet itself if none fits).

    Computed incrementally: an X changes one area, so only that area's worth is recomputed.
    """
    rounds = outlook.rounds_left(total)
    worths = [area_worth(a, sheet[a - 1], rounds, outlook.standing[a - 1],
                         outlook.rival_need[a - 1]) for a in AREAS]
    base = (outlook.earned_leaf + gained + LEAF_WEIGHT * leaf_value(total, rounds)
            + sum(worths))
    best, best_at = base, None
    for area, spot in all_x_spots(sheet):
        cells = sheet[area - 1]
        marked = (*cells[: spot - 1], X, *cells[spot:])
        value = base - worths[area - 1] + area_worth(
            area, marked, rounds, outlook.standing[area - 1], outlook.rival_need[area - 1])
        if best_at is None or value > best:
            best, best_at = value, (area, spot)
    if best_at is None:
        return best, sheet
    return best, _write(sheet, best_at[0], best_at[1], X)


def outcome(sheet: Sheet, total: int, action: Action, outlook: Outlook
            ) -> tuple[float, Sheet, int, int]:
    """(value, sheet, leaf total, leaf acorns gained) after a choice, the X placed at best."""
    if isinstance(action, PlaceX):
        after = _write(sheet, action.area, action.spot, X)
        return evaluate(after, total, outlook), after, total, 0
    assert isinstance(action, (Place, LeafOnly))
    after = sheet if isinstance(action, LeafOnly) else _write(
        sheet, action.area, action.spot, action.write)
    gained = leaf_gain(total, action.leaf)
    total += action.leaf
    if LEAF_BONUS.get(total) == "X":
        value, after = best_x(after, total, outlook, gained)
        return value, after, total, gained
    return evaluate(after, total, outlook, gained), after, total, gained


def plain_worth(sheet: Sheet, total_before: int, action: Action, claims: Sequence[object]
                ) -> float:
    """What a choice earns at once, for a player who reads the sheet but not the odds: the
    acorns of the spot it fills (a pumpkin or skewer only when it completes it), a first-fill
    bonus still open that it completes, and a leaf bonus hit exactly (an X counted as
    :data:`X_WORTH`)."""
    if isinstance(action, PlaceX):
        area, after, leaf_part = action.area, _write(sheet, action.area, action.spot, X), 0.0
    else:
        assert isinstance(action, (Place, LeafOnly))
        area = action.area if isinstance(action, Place) else 0
        after = sheet if isinstance(action, LeafOnly) else _write(
            sheet, action.area, action.spot, action.write)
        leaf_part = float(leaf_gain(total_before, action.leaf))
        if LEAF_BONUS.get(total_before + action.leaf) == "X":
            leaf_part += X_WORTH
    if area == 0:
        return leaf_part
    cells = after[area - 1]
    now = area_acorns(cells, area) - area_acorns(sheet[area - 1], area)
    if area_full(cells) and claims[area - 1] is None:
        now += FIRST_FILL_BONUS
    return leaf_part + now


class NormalBot:
    """Greedy on the plain reading of the sheet (:func:`plain_worth`): the choice that earns
    the most acorns now; it ignores the odds of the dice, the rounds left and the rivals (ties,
    such as the many choices that earn nothing yet, broken by the bot's seeded random
    source)."""

    level = "normal"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: SixtyOneState, seat: int) -> Action:
        legal = state.legal_actions(seat)
        if len(legal) == 1:
            return legal[0]
        sheet, total = state.sheets[seat], state.leaf_total(seat)
        self.rng.shuffle(legal)  # equal choices are then taken at random
        return max(legal, key=lambda a: plain_worth(sheet, total, a, state.claims))


def rival_outlook(state: SixtyOneState, seat: int) -> Callable[[int, Sheet], float]:
    """The best rival's evaluated final score as a function of ``seat``'s move: its new leaf
    total (which may bring the end closer for everyone) and its new sheet (an open area it
    completes now is lost to rivals who have not completed it too). ``0`` when playing alone."""
    rivals = [s for s in range(state.seats) if s != seat]
    if not rivals:
        return lambda total, sheet: 0.0
    base = {r: Outlook.of(state, r) for r in rivals}
    others = {r: max((state.leaf_total(s) for s in rivals if s != r), default=0) for r in rivals}
    cache: dict[tuple[int, frozenset[int]], float] = {}

    def best_rival(total: int, sheet: Sheet) -> float:
        taken = frozenset(a for a in AREAS
                          if state.claims[a - 1] is None and area_full(sheet[a - 1]))
        key = (total, taken)
        if key not in cache:
            values = []
            for r in rivals:
                theirs = state.sheets[r]
                standing = tuple(
                    LOST if a in taken and not area_full(theirs[a - 1]) else base[r].standing[a - 1]
                    for a in AREAS
                )
                view = replace(base[r], rival_total=max(others[r], total), standing=standing)
                values.append(evaluate(theirs, state.leaf_total(r), view))
            cache[key] = max(values)
        return cache[key]

    return best_rival


class HardBot:
    """Greedy on the margin: the choice that maximises its own :func:`evaluate` less
    :data:`RIVAL_WEIGHT` times the best rival's evaluation after it (:func:`rival_outlook`).

    The evaluation's area values are exact: each area's table (:func:`area_tables`, from the par
    solver) is the best expected value of its spots over every future roll, a placement priced
    at what it is worth to the rest of the sheet. So the bot weighs, for every choice, the odds
    of the dice that would fill each spot in the rounds left, the first-fill races and the leaf
    row's exact totals. The rival term is what a choice does to the others: a higher leaf total
    brings the end closer for everyone (worth it when the bot's sheet is ahead), and an area
    completed first takes its bonus from every rival who has not completed it too (ties broken
    by the bot's seeded random source). A decision reads a few thousand table entries: a few
    milliseconds.
    """

    level = "hard"
    #: How much the best rival's prospects count against the bot's own (1 = pure margin).
    #: Measured at 2 and 4 seats (300 and 200 seeded ladder games): 0.75 won 73.5% and 50.5%
    #: against ``normal``, 0.5 and 1.0 won 69% and 71% at 2 seats, 0.25 won 35% at 4 seats.
    RIVAL_WEIGHT = 0.75
    #: While a rival's sheet is the bot's own (hard bots on the same shared dice, from the
    #: first roll), choices within this many acorns of the best margin are equal to it, and
    #: which it takes is its own seeded choice (every seat has its own seed): each plays a sheet
    #: of its own instead of one sheet copied. Once the sheets differ it takes the best again,
    #: so the strength stays.
    TIE = 0.1

    def __init__(self, seed: int = 0, tie: float | None = None) -> None:
        self.rng = random.Random(seed)
        self.tie = self.TIE if tie is None else tie

    def choose(self, state: SixtyOneState, seat: int) -> Action:
        legal = state.legal_actions(seat)
        if len(legal) == 1:
            return legal[0]
        self.rng.shuffle(legal)  # equal choices are then taken at random
        outlook = Outlook.of(state, seat)
        rival = rival_outlook(state, seat)
        sheet, total = state.sheets[seat], state.leaf_total(seat)

        def margin(action: Action) -> float:
            value, after, new_total, _ = outcome(sheet, total, action, outlook)
            return value - self.RIVAL_WEIGHT * rival(new_total, after)

        scored = [(margin(action), action) for action in legal]
        best = max(value for value, _ in scored)
        mine = same_sheet(sheet)
        if not any(same_sheet(state.sheets[r]) == mine for r in range(state.seats) if r != seat):
            return next(action for value, action in scored if value == best)
        return self.rng.choice([action for value, action in scored if value >= best - self.tie])


def same_sheet(sheet: Sheet) -> tuple[tuple[int, ...], ...]:
    """A sheet with each area's marks in order, so that two sheets that differ only by which
    of an area's equal spots took a value compare equal (a few others do too: the bot then
    varies a little more often than it must)."""
    return tuple(tuple(sorted(cells)) for cells in sheet)


#: Strengths measured by ``tulipgames ladder`` (docs/bots.md, section Sixty-One).
LEVELS: tuple[BotLevel, ...] = (
    BotLevel("normal", NormalBot, N_("takes the placement that scores best now"), default=True,
             strength=N_("beats random 92 in 100 at 2 seats, 86% alone against 3")),
    BotLevel("hard", HardBot, N_("weighs every spot by the exact odds of the dice to come"),
             strength=N_("beats normal 72 in 100 at 2 seats, 52% alone against 3")),
)

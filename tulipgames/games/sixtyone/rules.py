"""Sixty-One (61 Autumn Leaves): a roll-and-write for 1-12 seats.

Each round the engine rolls three dice that every seat shares, and all seats choose at once (a
keyboard shared by several seats takes them one after another). A *choice*: one die picks the area
(its value is the area number), another die's value is written in a legal spot of that area, and
the third die goes to the leaf row, whose running total earns X marks and acorns when it hits 11,
21, 31, 41, 51 or 61 exactly. An X earned this way is placed at once, as a pending step of the same
seat. What a seat chose is shown to the others when the round ends; then the first seats to have
filled an area share its first-fill bonus. The game ends after the round in which some leaf total
reaches 61, or after round 20.

A sheet is a tuple of six area tuples; a spot holds :data:`EMPTY`, a die value 1-6 or :data:`X`.
Spot and area numbers are 1-based as on the printed sheet (spec section 2).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from itertools import pairwise, permutations
from typing import Any, Literal, cast

from tulipgames.engine.core import (
    Action,
    Event,
    Game,
    IllegalAction,
    Result,
    State,
    UnreadableAction,
    seat_ref,
)
from tulipgames.games.sixtyone import INFO
from tulipgames.games.sixtyone.data import (
    AREA_NAMES,
    AREA_SPOTS,
    AREAS,
    BURROW_ACORNS,
    BURROW_ADJACENT,
    BURROW_SUPPORTS,
    END_TOTAL,
    FIRST_FILL_BONUS,
    LEAF_BONUS,
    LEAVES,
    MAX_ROUNDS,
    MAX_SCORE,
    MUG_ACORNS,
    MUSHROOM_ACORNS,
    PUMPKIN_ACORNS,
    PUMPKINS,
    SKEWER_ACORNS,
    SKEWERS,
    WATERLILY_ACORNS,
)
from tulipgames.i18n import N_, Say, _, render, say_count

EMPTY = 0
X = 7
Cells = tuple[int, ...]
Sheet = tuple[Cells, ...]

#: Result categories, in score-column order.
CATEGORIES = (*(AREA_NAMES[a] for a in AREAS), N_("First-fill"), N_("Leaf bonuses"))

#: Each area's name as a message for events and reasons, rendered in each reader's language.
AREA_SAY = {area: Say(name) for area, name in AREA_NAMES.items()}

#: Each spot's neighbours in the fox burrow pyramid (spots 1 and 3 do not touch).
BURROW_NEIGHBOURS: dict[int, tuple[int, ...]] = {
    spot: tuple(sorted({b for a, b in BURROW_ADJACENT if a == spot}
                       | {a for a, b in BURROW_ADJACENT if b == spot}))
    for spot in range(1, 7)
}

_ROLES = tuple(permutations(range(3)))


def blank_sheet() -> Sheet:
    """A fresh sheet: all 31 spots empty (setup, spec 3.1)."""
    return tuple((EMPTY,) * AREA_SPOTS[area] for area in AREAS)


def cell_text(cell: int) -> str:
    """How a spot reads in logs: its value, ``X`` or ``-``."""
    return "X" if cell == X else "-" if cell == EMPTY else str(cell)


def mushroom_neighbours(value: int) -> tuple[int, int]:
    """The values a mushroom may follow ``value`` with: one up or down, 6 and 1 touching."""
    return (value % 6 + 1, (value - 2) % 6 + 1)


def _first_empty(cells: Cells) -> int:
    """Index of the first empty spot of a path area, or -1 when the path is full."""
    for index, cell in enumerate(cells):
        if cell == EMPTY:
            return index
    return -1


def _supported(cells: Cells, spot: int) -> bool:
    """A burrow spot is open when it is on the bottom row or both its supports are filled."""
    return all(cells[s - 1] != EMPTY for s in BURROW_SUPPORTS.get(spot, ()))


@lru_cache(maxsize=1 << 16)
def legal_spots(cells: Cells, area: int, value: int) -> tuple[int, ...]:
    """The empty spots of ``area`` where die value ``value`` may be written (spec 4.4).

    X marks match anything in "must equal" rules (pumpkins, skewers) and differ from everything
    in "must differ" rules (waterlilies, burrow neighbours, spec 8.5).
    """
    if area == 1:
        return tuple(
            spot
            for pair in PUMPKINS
            for spot, other in ((pair[0], pair[1]), (pair[1], pair[0]))
            if cells[spot - 1] == EMPTY and cells[other - 1] in (EMPTY, X, value)
        )
    if area == 2:
        index = _first_empty(cells)
        return () if index < 0 or value in cells else (index + 1,)
    if area == 3:
        return tuple(
            spot
            for skewer in SKEWERS
            if all(cells[s - 1] in (EMPTY, X, value) for s in skewer)
            for spot in skewer
            if cells[spot - 1] == EMPTY
        )
    if area == 4:
        return (value,) if cells[value - 1] == EMPTY else ()
    if area == 5:
        return tuple(
            spot
            for spot in range(1, 7)
            if cells[spot - 1] == EMPTY
            and _supported(cells, spot)
            and all(cells[n - 1] != value for n in BURROW_NEIGHBOURS[spot])
        )
    index = _first_empty(cells)
    if index < 0:
        return ()
    if index == 0 or cells[index - 1] == X or value in mushroom_neighbours(cells[index - 1]):
        return (index + 1,)
    return ()


def _after_mushroom(before: int) -> Say:
    """The values a mushroom may follow ``before`` with, as a reason."""
    low, high = sorted(mushroom_neighbours(before))
    return Say("after mushroom {before} the next one must be {low} or {high}",
               before=before, low=low, high=high)


def spot_problem(cells: Cells, area: int, spot: int, value: int) -> Say | None:
    """Why ``value`` may not go in ``spot`` of ``area`` (``None`` when it may), in words for
    each reader (:class:`~tulipgames.i18n.Say`)."""
    name = AREA_SAY[area]
    if not 1 <= spot <= AREA_SPOTS[area]:
        return Say("{area} has spots 1-{last}, not {spot}",
                   area=name, last=AREA_SPOTS[area], spot=spot)
    if cells[spot - 1] != EMPTY:
        return Say("{area} spot {spot} is already filled ({mark})",
                   area=name, spot=spot, mark=cell_text(cells[spot - 1]))
    if spot in legal_spots(cells, area, value):
        return None
    if area == 1:
        pair = next(p for p in PUMPKINS if spot in p)
        other = pair[1] if spot == pair[0] else pair[0]
        return Say("the other eye of that pumpkin holds {value}: both eyes must be equal",
                   value=cells[other - 1])
    if area in (2, 6):
        first = _first_empty(cells) + 1
        if spot != first:
            return Say("{area} are filled in path order: the next one is spot {spot}",
                       area=name, spot=first)
        if area == 2:
            return Say("waterlilies must all differ and {value} is already there", value=value)
        return _after_mushroom(cells[spot - 2])
    if area == 3:
        return Say("every value on a skewer must be the same")
    if area == 4:
        return Say("mug {spot} only takes the value {spot}", spot=spot)
    if not _supported(cells, spot):
        low, high = BURROW_SUPPORTS[spot]
        return Say("fox burrow {spot} needs both spots below it ({low} and {high}) filled first",
                   spot=spot, low=low, high=high)
    return Say("fox burrow {spot} touches a {value}: neighbouring burrows must differ",
               spot=spot, value=value)


@lru_cache(maxsize=1 << 14)
def x_spots(cells: Cells, area: int) -> tuple[int, ...]:
    """The spots of ``area`` where an X may go (spec 4.7): any empty spot, except that paths
    take only their next spot and upper burrows need both supports."""
    if area in (2, 6):
        index = _first_empty(cells)
        return () if index < 0 else (index + 1,)
    return tuple(
        spot
        for spot in range(1, AREA_SPOTS[area] + 1)
        if cells[spot - 1] == EMPTY and (area != 5 or _supported(cells, spot))
    )


def all_x_spots(sheet: Sheet) -> list[tuple[int, int]]:
    """Every (area, spot) of a sheet where an X may go."""
    return [(area, spot) for area in AREAS for spot in x_spots(sheet[area - 1], area)]


def area_full(cells: Cells) -> bool:
    """An area is complete when every spot holds a value or an X."""
    return EMPTY not in cells


@lru_cache(maxsize=1 << 16)
def area_acorns(cells: Cells, area: int) -> int:
    """Acorns of one area's spots (spec 5): complete pumpkins and skewers, per-spot values else."""
    if area == 1:
        return sum(a for pair, a in zip(PUMPKINS, PUMPKIN_ACORNS, strict=True)
                   if all(cells[s - 1] != EMPTY for s in pair))
    if area == 3:
        return sum(a for skewer, a in zip(SKEWERS, SKEWER_ACORNS, strict=True)
                   if all(cells[s - 1] != EMPTY for s in skewer))
    table = {2: WATERLILY_ACORNS, 4: MUG_ACORNS, 5: BURROW_ACORNS, 6: MUSHROOM_ACORNS}[area]
    return sum(a for cell, a in zip(cells, table, strict=True) if cell != EMPTY)


def area_subtotal(sheet: Sheet, claims: Sequence[tuple[int, ...] | None], seat: int,
                  area: int) -> int:
    """The score column's line for an area: its spot acorns, plus 3 if ``seat`` claimed its
    first-fill bonus."""
    claim = claims[area - 1]
    bonus = FIRST_FILL_BONUS if claim is not None and seat in claim else 0
    return area_acorns(sheet[area - 1], area) + bonus


#: What a leaf bonus earned reads in a seat's choice (rule 4.6).
_ACORN_BONUS = {acorns: Say("+{acorns} acorns", acorns=acorns)
                for acorns in LEAF_BONUS.values() if isinstance(acorns, int)}
_AN_X = Say("an X")
_X_LOST = Say("an X, but the sheet has no room for it")
#: The ending when no leaf row reached 61 (rule 4.9; 20 rounds, :data:`MAX_ROUNDS`).
_ALL_ROUNDS = Say("all 20 rounds were played")
assert MAX_ROUNDS == 20, "the message above names the number of rounds"


@cache
def _has_chosen(seat: int) -> Say:
    """What the others read while a seat's choice is secret: one message per seat, made once
    (equal events are then the same object)."""
    return Say("{who} has chosen", who=seat_ref(seat))


@cache
def _is_choosing(seat: int) -> Say:
    return Say("{who} is choosing", who=seat_ref(seat))


def joined(parts: Sequence[str | Say]) -> str | Say:
    """Names (or other parts) joined with "and" in each reader's language: "A and B and C"."""
    if not parts:
        return ""
    words: str | Say = parts[0]
    for part in parts[1:]:
        words = Say("{first} and {second}", first=words, second=part)
    return words


#: The leaf totals that pay acorns, with the acorns, and those that pay an X (rule 4.6).
_ACORN_TOTALS = tuple((t, b) for t, b in LEAF_BONUS.items() if isinstance(b, int))
_X_TOTALS = tuple(t for t, b in LEAF_BONUS.items() if b == "X")


def leaf_acorns(leaves: Sequence[int]) -> int:
    """Acorns of the leaf row: +2, +3, +5 for the totals 21, 41, 61 hit exactly."""
    return sum([acorns for total, acorns in _ACORN_TOTALS if total in leaves])


def leaf_xs(leaves: Sequence[int]) -> int:
    """How many X marks a leaf row has earned (totals 11, 31, 51 hit exactly)."""
    return sum([1 for total in _X_TOTALS if total in leaves])


def score_row(sheet: Sheet, leaves: Sequence[int], claimed: int) -> tuple[int, ...]:
    """One seat's score by category: six areas, first-fill bonuses, leaf bonuses (spec 5)."""
    return (*map(area_acorns, sheet, AREAS), FIRST_FILL_BONUS * claimed, leaf_acorns(leaves))


#: A seat's first-fill status for one area: still open, ``due`` (the seat has filled it and
#: claims it at round end), claimed by the seat (``mine``) or claimed by others only (``missed``).
Standing = Literal["open", "due", "mine", "missed"]


def standing(claim: tuple[int, ...] | None, cells: Cells, seat: int) -> Standing:
    """The first-fill status of one area for ``seat`` (rule 4.8: claims are made at round end)."""
    if claim is None:
        return "due" if area_full(cells) else "open"
    return "mine" if seat in claim else "missed"


def no_spot_reason(cells: Cells, area: int, value: int) -> Say:
    """Why die value ``value`` has no legal spot in ``area`` (it is known to have none), in
    words for each reader."""
    if area_full(cells):
        return Say("{area} is full", area=AREA_SAY[area])
    if area == 1:
        return Say("each open pumpkin has an eye that is not {value} (the eyes must match)",
                   value=value)
    if area == 2:
        return Say("{value} is already a waterlily (waterlilies must all differ)", value=value)
    if area == 3:
        return Say("each open skewer holds another value (a skewer's values must match)")
    if area == 4:
        return Say("mug {value} is already filled (mug {value} takes only a {value})",
                   value=value)
    if area == 5:
        if not any(cells[s - 1] == EMPTY and _supported(cells, s) for s in range(1, 7)):
            return Say("no fox burrow is open (an upper burrow needs both burrows below it)")
        return Say("every open fox burrow touches a {value} (neighbours must differ)",
                   value=value)
    return _after_mushroom(cells[_first_empty(cells) - 1])


def _both_reasons(reasons: list[Say]) -> Say:
    """One die's reasons (at most two, one per other die) said as one."""
    if len(reasons) == 1:
        return reasons[0]
    # Translators: two reasons why a die cannot be the area die, one after the other.
    return Say("{first}; {second}", first=reasons[0], second=reasons[1])


def die_blocks(sheet: Sheet, dice: Sequence[int]) -> tuple[tuple[int, int | None, Say], ...]:
    """Why dice cannot take a role, as ``(area die, write die, reason)`` by die index (4.3).

    ``(i, None, reason)``: die ``i`` cannot be the area die, as no other die has a spot in its
    area; ``(i, j, reason)``: with area die ``i``, die ``j`` cannot be the write die.
    """
    blocks: list[tuple[int, int | None, Say]] = []
    for i, area in enumerate(dice):
        reasons: list[Say] = []
        for j, value in enumerate(dice):
            if j != i and not legal_spots(sheet[area - 1], area, value):
                reason = no_spot_reason(sheet[area - 1], area, value)
                blocks.append((i, j, reason))
                if reason not in reasons:
                    reasons.append(reason)
        if sum(1 for block in blocks if block[0] == i) == 2:
            blocks.append((i, None, _both_reasons(reasons)))
    return tuple(blocks)


#: One leaf bonus marker of a seat's row: the exact total, its bonus as printed ("X", "+2") and
#: whether the seat has ``gained`` it, ``missed`` it (passed over) or it is still ``open``.
LeafMark = tuple[int, str, Literal["gained", "missed", "open"]]


def leaf_marks(leaves: Sequence[int]) -> tuple[LeafMark, ...]:
    """The six bonus markers of a leaf row (rule 4.6: only exact totals pay)."""
    reached = leaves[-1] if leaves else 0
    return tuple(
        (total, "X" if bonus == "X" else f"+{bonus}",
         "gained" if total in leaves else "missed" if reached > total else "open")
        for total, bonus in LEAF_BONUS.items()
    )


# -- actions ---------------------------------------------------------------------------------


def _die_number(word: str, what: str) -> int:
    """A notation argument that must be 1-6 (a die value, an area or a spot number). ``what``
    is a field of the notation or an English message id, said in the reader's language only
    when the argument is wrong."""
    try:
        number = int(word)
    except ValueError:
        raise UnreadableAction(_("{what} must be a number, not '{word}'").format(
            what=_(what), word=word)) from None
    if not 1 <= number <= 6:
        raise UnreadableAction(_("{what} must be 1-6, not {number}").format(
            what=_(what), number=number))
    return number


@dataclass(frozen=True)
class Place(Action):
    """A placement choice: area die, write die and leaf die (by value) and the target spot."""

    area: int
    write: int
    leaf: int
    spot: int

    def __str__(self) -> str:
        return f"place area={self.area} write={self.write} leaf={self.leaf} spot={self.spot}"

    @classmethod
    def parse(cls, words: list[str]) -> Place | None:
        """``place area=A write=W leaf=L spot=S`` (the four fields in this order)."""
        if words[0] != "place":
            return None
        fields = ("area", "write", "leaf", "spot")
        given = [word.partition("=") for word in words[1:]]
        if ([name for name, _eq, _value in given] != list(fields)
                or not all(eq for _name, eq, _value in given)):
            raise UnreadableAction(
                _("write a placement as '{notation}'").format(
                    notation="place area=A write=W leaf=L spot=S"))
        return cls(*(_die_number(value, name) for name, _eq, value in given))


@dataclass(frozen=True)
class LeafOnly(Action):
    """The choice when no placement exists: one die (by value) goes to the leaf row."""

    leaf: int

    def __str__(self) -> str:
        return f"leaf {self.leaf}"

    @classmethod
    def parse(cls, words: list[str]) -> LeafOnly | None:
        """``leaf D``."""
        if words[0] != "leaf":
            return None
        if len(words) != 2:
            raise UnreadableAction(_("write a leaf-only choice as '{notation}'").format(
                notation="leaf D"))
        return cls(_die_number(words[1], N_("the leaf die")))


@dataclass(frozen=True)
class PlaceX(Action):
    """Placing an X earned in the leaf row in ``spot`` of ``area``."""

    area: int
    spot: int

    def __str__(self) -> str:
        return f"x {self.area} {self.spot}"

    @classmethod
    def parse(cls, words: list[str]) -> PlaceX | None:
        """``x AREA SPOT``."""
        if words[0] != "x":
            return None
        if len(words) != 3:
            raise UnreadableAction(_("write an X as '{notation}'").format(notation="x AREA SPOT"))
        return cls(_die_number(words[1], N_("the area")), _die_number(words[2], N_("the spot")))


def placements(sheet: Sheet, dice: Sequence[int]) -> list[Place]:
    """Every placement choice for a roll, each (area, write, leaf, spot) once (spec 4.3).

    Two dice with equal values give the same choices in either role, so duplicates are dropped.
    """
    # Sorted by (area, write, leaf) and then by spot within each role: the listed order.
    found: list[Place] = []
    for area, roles in _area_dice(tuple(dice)):
        spots = _spots_by_value(sheet[area - 1], area)
        for write, leaf in roles:
            if spots[write]:
                found += _role_places(area, write, leaf, spots[write])
    return found


@lru_cache(maxsize=256)
def _roles(dice: tuple[int, ...]) -> tuple[tuple[int, int, int], ...]:
    """The distinct ways to use a roll as (area die, write die, leaf die), in order."""
    return tuple(sorted({(dice[i], dice[j], dice[k]) for i, j, k in _ROLES}))


@lru_cache(maxsize=256)
def _area_dice(dice: tuple[int, ...]) -> tuple[tuple[int, tuple[tuple[int, int], ...]], ...]:
    """The roles of a roll by area die: each distinct area die value in order, with its
    (write die, leaf die) pairs in order, so each area of a sheet is read once per roll."""
    found: dict[int, list[tuple[int, int]]] = {}
    for area, write, leaf in _roles(dice):
        found.setdefault(area, []).append((write, leaf))
    return tuple((area, tuple(roles)) for area, roles in found.items())


@lru_cache(maxsize=1 << 15)
def _spots_by_value(cells: Cells, area: int) -> tuple[tuple[int, ...], ...]:
    """The legal spots of an area for each die value (index 1-6), in spot order: one entry per
    way an area can be filled in, shared by every roll and every sheet that has it."""
    spots = legal_spots.__wrapped__
    return ((), *(tuple(sorted(set(spots(cells, area, value)))) for value in range(1, 7)))


@lru_cache(maxsize=1 << 14)
def _role_places(area: int, write: int, leaf: int, spots: tuple[int, ...]) -> tuple[Place, ...]:
    """The placements of one role of the dice (area, write and leaf die) on these spots."""
    return tuple(_place((area, write, leaf, spot)) for spot in spots)


@cache
def _place(key: tuple[int, int, int, int]) -> Place:
    # Actions are immutable: every placement is made once and shared by the legal lists.
    return Place(*key)


@cache
def _dice_text(dice: tuple[int, ...]) -> str:
    """A roll as logs write it: "3 5 5"."""
    return " ".join(str(d) for d in dice)


_leaf_only = cache(LeafOnly)
_place_x = cache(PlaceX)


def choices(sheet: Sheet, dice: Sequence[int]) -> list[Place] | list[LeafOnly]:
    """A seat's legal choices for a roll: the placements, or a leaf die when none exists."""
    found = placements(sheet, dice)
    if found:
        return found
    return [_leaf_only(v) for v in sorted(set(dice))]


@lru_cache(maxsize=1 << 12)
def seat_summary(sheet: Sheet, leaves: tuple[int, ...], claims: tuple[tuple[int, ...] | None, ...],
                 seat: int) -> tuple[tuple[int, ...], tuple[int, ...], tuple[Standing, ...],
                                 tuple[LeafMark, ...]]:
    """What a view shows of one seat's sheet: its score row, the six area subtotals, its
    first-fill standings and its leaf bonus markers."""
    claimed = sum(1 for claim in claims if claim is not None and seat in claim)
    return (
        score_row(sheet, leaves, claimed),
        tuple(area_subtotal(sheet, claims, seat, a) for a in AREAS),
        tuple(standing(claims[a - 1], sheet[a - 1], seat) for a in AREAS),
        leaf_marks(leaves),
    )


@dataclass(frozen=True)
class SixtyOneView:
    """Everything on the table (nothing is hidden in Sixty-One) plus the viewer's own options.

    ``sheets`` and ``leaves`` show the viewer's own sheet as it is and the others as the round
    began (choices for this roll are shown at round end); ``pending_x``: the viewer owes an X.
    ``legal`` holds the viewer's legal actions while it has not finished its choice, else ``()``;
    ``blocked`` says why dice cannot take a role then (see :func:`die_blocks`).
    ``claims[area - 1]`` is ``None`` while the first-fill bonus is open, else the claiming seats;
    ``standings[seat][area - 1]`` is that seat's first-fill status (:data:`Standing`).
    ``scores[seat]`` is the running score by :data:`CATEGORIES`; ``subtotals[seat]`` are the score
    column's six area lines (spot acorns plus a claimed first-fill bonus).
    ``chosen`` lists the seats that have finished their choice this round; ``last_round`` sums up
    the round before (each seat's choice, then the first-fill claims), seats as ``{seatN}``, each
    line a :class:`~tulipgames.i18n.Say` rendered for its reader.
    """

    seats: int
    round: int
    dice: tuple[int, int, int]
    sheets: tuple[Sheet, ...]
    leaves: tuple[tuple[int, ...], ...]
    claims: tuple[tuple[int, ...] | None, ...]
    pending_x: bool
    over: bool
    viewer: int | None
    legal: tuple[Action, ...]
    scores: tuple[tuple[int, ...], ...]
    subtotals: tuple[tuple[int, ...], ...]
    standings: tuple[tuple[Standing, ...], ...]
    leaf_marks: tuple[tuple[LeafMark, ...], ...]
    blocked: tuple[tuple[int, int | None, Say], ...]
    chosen: tuple[int, ...]
    last_round: tuple[Say, ...]
    first_fill_bonus: int = FIRST_FILL_BONUS

    def leaf_total(self, seat: int) -> int:
        return self.leaves[seat][-1] if self.leaves[seat] else 0

    def why_not_die(self, area_die: int, write_die: int | None = None) -> Say | None:
        """Why die ``area_die`` cannot be the area die (or, given it, ``write_die`` the write
        die), from :attr:`blocked`, in words for each reader; ``None`` when it can."""
        for area, write, reason in self.blocked:
            if (area, write) == (area_die, write_die):
                return reason
        return None


class SixtyOneState(State):
    """A game of Sixty-One: sheets, leaf rows, first-fill claims, the roll and who chooses."""

    game_id = "sixtyone"

    def __init__(self, seats: int, seed: int, options: Mapping[str, Any]) -> None:
        super().__init__(seats, seed, options)
        self.sheets: list[Sheet] = [blank_sheet() for _seat in range(seats)]
        self.leaves: list[tuple[int, ...]] = [() for _seat in range(seats)]
        self.passes = [0] * seats
        self.lost_x = [0] * seats
        self.claims: list[tuple[int, ...] | None] = [None] * len(AREAS)
        self.round = 1
        #: Seats that have earned an X this round and not placed it yet (their choice goes on).
        self.pending_x: set[int] = set()
        self.over = False
        #: This round's choice of each seat in words (for the round summary), ``None`` before it.
        self.choices_made: list[Say | None] = [None] * seats
        self.last_round: tuple[Say, ...] = ()
        #: The sheets and leaf rows as the round began: what everyone sees of the other seats
        #: while they choose (rule 4.2: choices are made at the same time, shown at round end).
        self.known_sheets: list[Sheet] = list(self.sheets)
        self.known_leaves: list[tuple[int, ...]] = list(self.leaves)
        #: The seats that still choose this round (what :meth:`to_act` answers), kept as the
        #: choices are made: it is asked before and after every step.
        self.acting: tuple[int, ...] = tuple(range(seats))
        self.dice = self._roll()
        self.setup_events.append(self._roll_event())

    def _roll(self) -> tuple[int, int, int]:
        """One roll of the three shared dice (spec 4.1)."""
        # Each die drawn as ``randint(1, 6)`` draws it (three random bits, drawn again while
        # they make 6 or 7), without its three layers of calls: the same seed, the same dice.
        bits = self.rng.getrandbits
        a = bits(3)
        while a > 5:
            a = bits(3)
        b = bits(3)
        while b > 5:
            b = bits(3)
        c = bits(3)
        while c > 5:
            c = bits(3)
        return (a + 1, b + 1, c + 1)

    def clone(self) -> SixtyOneState:
        twin = self._clone_base()
        twin.sheets = list(self.sheets)
        twin.leaves = list(self.leaves)
        twin.passes = list(self.passes)
        twin.lost_x = list(self.lost_x)
        twin.claims = list(self.claims)
        twin.round, twin.over, twin.dice = self.round, self.over, self.dice
        twin.acting = self.acting
        twin.pending_x = set(self.pending_x)
        twin.choices_made = list(self.choices_made)
        twin.last_round = self.last_round
        twin.known_sheets = list(self.known_sheets)
        twin.known_leaves = list(self.known_leaves)
        return twin

    def _redeal_hidden(self, seat: int, rng: random.Random) -> None:
        """What ``seat`` cannot see: the choices other seats made this round. A copy for it
        shows their sheets and leaf rows as the round began (their turn order is public)."""
        for other in range(self.seats):
            if other != seat:
                self.sheets[other] = self.known_sheets[other]
                self.leaves[other] = self.known_leaves[other]

    # -- reading -----------------------------------------------------------------------------
    def leaf_total(self, seat: int) -> int:
        """A seat's running leaf total (0 before its first leaf)."""
        leaves = self.leaves[seat]
        return leaves[-1] if leaves else 0

    def claimed_count(self, seat: int) -> int:
        return sum(1 for claim in self.claims if claim is not None and seat in claim)

    def score_row(self, seat: int) -> tuple[int, ...]:
        return score_row(self.sheets[seat], self.leaves[seat], self.claimed_count(seat))

    def has_chosen(self, seat: int) -> bool:
        """Whether ``seat`` has finished its choice for this roll (an earned X included)."""
        return self.choices_made[seat] is not None and seat not in self.pending_x

    def to_act(self) -> tuple[int, ...]:
        """Every seat that has not finished its choice for the shared roll (rule 4.2: all
        choose at once; a keyboard shared by several seats takes them one after another)."""
        return self.acting

    def legal_actions(self, seat: int) -> list[Action]:
        if seat not in self.acting:  # the game is over or the seat has made its choice
            return []
        sheet = self.sheets[seat]
        if seat in self.pending_x:
            return [_place_x(area, spot) for area, spot in all_x_spots(sheet)]
        return cast(list[Action], choices(sheet, self.dice))

    def check(self, seat: int, action: Action) -> None:
        sheet = self.sheets[seat]
        if isinstance(action, PlaceX):
            if seat not in self.pending_x:
                raise IllegalAction(_("you have no X to place"))
            if action.area not in AREA_NAMES:
                raise IllegalAction(_("there is no area {area}").format(area=action.area))
            cells = sheet[action.area - 1]
            if action.spot not in x_spots(cells, action.area):
                raise IllegalAction(self._x_problem(cells, action.area, action.spot))
            return
        if seat in self.pending_x:
            raise IllegalAction(_("place the X you earned first"))
        roll = _dice_text(tuple(self.dice))
        if isinstance(action, LeafOnly):
            if action.leaf not in self.dice:
                raise IllegalAction(_("no die shows {value} (the roll is {roll})").format(
                    value=action.leaf, roll=roll))
            if placements(sheet, self.dice):
                raise IllegalAction(_("a placement is possible with {roll}, so you must place")
                                    .format(roll=roll))
            return
        if not isinstance(action, Place):
            raise IllegalAction(_("'{action}' is not a Sixty-One action").format(action=action))
        if sorted((action.area, action.write, action.leaf)) != sorted(self.dice):
            raise IllegalAction(
                _("the roll is {roll}: area, write and leaf must use each die once")
                .format(roll=roll))
        cells = sheet[action.area - 1]
        # the legal list's own spots (the common case, a cache hit); the reason only if not
        if action.spot not in _spots_by_value(cells, action.area)[action.write]:
            problem = spot_problem(cells, action.area, action.spot, action.write)
            raise IllegalAction(render(problem) if problem is not None
                                else _("'{action}' is not allowed now").format(action=action))

    @staticmethod
    def _x_problem(cells: Cells, area: int, spot: int) -> str:
        """Why an X may not go in a spot (it is known not to be X-legal), in the language of
        the one who tried."""
        name = _(AREA_NAMES[area])
        if not 1 <= spot <= AREA_SPOTS[area]:
            return _("{area} has spots 1-{last}, not {spot}").format(
                area=name, last=AREA_SPOTS[area], spot=spot)
        if cells[spot - 1] != EMPTY:
            return _("{area} spot {spot} is already filled").format(area=name, spot=spot)
        if area == 5:
            return _("fox burrow {spot} needs both spots below it filled first").format(spot=spot)
        return _("{area} are filled in path order: the next one is spot {spot}").format(
            area=name, spot=_first_empty(cells) + 1)

    # -- playing -----------------------------------------------------------------------------
    def _write(self, seat: int, area: int, spot: int, mark: int) -> None:
        sheet = self.sheets[seat]
        cells = sheet[area - 1]
        cells = (*cells[:spot - 1], mark, *cells[spot:])
        self.sheets[seat] = (*sheet[:area - 1], cells, *sheet[area:])

    def _apply(self, seat: int, action: Action) -> list[Event]:
        """Play one step of ``seat``'s choice. What it wrote stays between the seat and the
        rules until the round ends: the others read "has chosen" (rule 4.2)."""
        who = seat_ref(seat)
        kind = type(action)
        if kind is PlaceX:
            assert isinstance(action, PlaceX)
            self._write(seat, action.area, action.spot, X)
            self.pending_x.discard(seat)
            area, spot = AREA_SAY[action.area], action.spot
            self.choices_made[seat] = Say("{choice}, X in {area} {spot}",
                                          choice=self.choices_made[seat], area=area, spot=spot)
            events = [Event(_has_chosen(seat),
                            Say("{who} has chosen: X in {area} {spot}", who=who, area=area,
                                spot=spot), seat)]
            self._finish_choice(seat, events)
            return events
        assert isinstance(action, (Place, LeafOnly))
        leaf = action.leaf
        if kind is Place:
            assert isinstance(action, Place)
            self._write(seat, action.area, action.spot, action.write)
            total, bonus = self._leaf_step(seat, leaf)
            # One whole message per kind of choice, its values flat: a replay's check compares
            # every event, and a nested message is compared level by level.
            if bonus is None:
                choice = Say("writes {value} in {area} {spot}, leaf {leaf} (total {total})",
                             value=action.write, area=AREA_SAY[action.area], spot=action.spot,
                             leaf=leaf, total=total)
            else:
                # Translators: "writes 5 in Mugs 5, leaf 3 (total 21, +2 acorns)".
                choice = Say(
                    "writes {value} in {area} {spot}, leaf {leaf} (total {total}, {bonus})",
                    value=action.write, area=AREA_SAY[action.area], spot=action.spot,
                    leaf=leaf, total=total, bonus=bonus)
        else:
            self.passes[seat] += 1
            total, bonus = self._leaf_step(seat, leaf)
            choice = (Say("cannot place and takes leaf {leaf} (total {total})",
                          leaf=leaf, total=total) if bonus is None
                      else Say("cannot place and takes leaf {leaf} (total {total}, {bonus})",
                               leaf=leaf, total=total, bonus=bonus))
        self.choices_made[seat] = Say("{who} {choice}", who=who, choice=choice)
        if seat in self.pending_x:
            return [Event(_is_choosing(seat),
                          Say("{who} {choice}: place the X now", who=who, choice=choice), seat)]
        events = [Event(_has_chosen(seat),
                        Say("{who} has chosen: {choice}", who=who, choice=choice), seat)]
        self._finish_choice(seat, events)
        return events

    def _leaf_step(self, seat: int, leaf: int) -> tuple[int, Say | None]:
        """Write the new running total in the next leaf; an exact bonus total pays at once
        (4.6). Returns the new total and what it earned in words (``None`` for nothing)."""
        leaves = self.leaves[seat]
        total = (leaves[-1] if leaves else 0) + leaf
        self.leaves[seat] = (*leaves, total)
        bonus = LEAF_BONUS.get(total)
        if bonus is None:
            return total, None
        if isinstance(bonus, int):
            return total, _ACORN_BONUS[bonus]
        if all_x_spots(self.sheets[seat]):
            self.pending_x.add(seat)
            return total, _AN_X
        # House rule: with no X-legal spot (a full sheet) the X is lost.
        self.lost_x[seat] += 1
        return total, _X_LOST

    def _finish_choice(self, seat: int, events: list[Event]) -> None:
        """``seat`` has made its whole choice; the round ends when it was the last to."""
        acting = self.acting
        at = acting.index(seat)
        self.acting = acting[:at] + acting[at + 1:]
        if not self.acting:
            self._end_round(events)

    def _end_round(self, events: list[Event]) -> None:
        """Every choice shown (the round summary), first-fill claims (4.8), the end check (4.9),
        else the next roll (4.1)."""
        choices = [choice for choice in self.choices_made if choice is not None]
        summary = [Say("Round {round}, dice {dice}:", round=self.round,
                       dice=_dice_text(tuple(self.dice))), *choices]
        events += map(Event, choices)
        claims, sheets = self.claims, self.sheets
        for area in AREAS:
            index = area - 1
            if claims[index] is not None:
                continue
            finishers = tuple(
                [s for s, sheet in enumerate(sheets) if EMPTY not in sheet[index]]
            )  # area_full of each seat's area
            if finishers:
                self.claims[area - 1] = finishers
                names = ", ".join(seat_ref(s) for s in finishers)
                claimed = Say("{area} first filled by {names}: +{bonus} acorns",
                              area=AREA_SAY[area], names=names, bonus=FIRST_FILL_BONUS)
                summary.append(claimed)
                events.append(Event(claimed))
        self.last_round = tuple(summary)
        self.choices_made = [None] * self.seats
        self.known_sheets, self.known_leaves = list(self.sheets), list(self.leaves)
        if self.round >= MAX_ROUNDS or any(
            [leaves and leaves[-1] >= END_TOTAL for leaves in self.leaves]
        ):
            self.over = True
            self.acting = ()
            winners = self.result().winners
            events.append(Event(say_count(
                "Game over: {ending}. {best} wins", "Game over: {ending}. {best} win",
                len(winners), ending=self.ending_words(),
                best=joined([seat_ref(s) for s in winners]))))
            return
        self.round += 1
        self.acting = tuple(range(self.seats))
        self.dice = self._roll()
        events.append(self._roll_event())

    def _roll_event(self) -> Event:
        return Event(
            Say("Round {round}: the dice show {dice}", round=self.round,
                dice=_dice_text(tuple(self.dice))), None, None, True
        )

    # -- seeing ------------------------------------------------------------------------------
    def view(self, seat: int | None) -> SixtyOneView:
        """The table as ``seat`` may see it: its own sheet as it is, the other sheets as the
        round began (their choices for this roll show at round end), who has chosen."""
        legal = tuple(self.legal_actions(seat)) if seat is not None else ()
        choosing = bool(legal) and isinstance(legal[0], Place)
        claims = tuple(self.claims)
        sheets = tuple(self.sheets[s] if s == seat else self.known_sheets[s]
                       for s in range(self.seats))
        leaves = tuple(self.leaves[s] if s == seat else self.known_leaves[s]
                       for s in range(self.seats))
        rows = [seat_summary(sheets[s], leaves[s], claims, s) for s in range(self.seats)]
        return SixtyOneView(
            seats=self.seats,
            round=self.round,
            dice=self.dice,
            sheets=sheets,
            leaves=leaves,
            claims=claims,
            pending_x=seat in self.pending_x,
            over=self.over,
            viewer=seat,
            legal=legal,
            scores=tuple(row[0] for row in rows),
            subtotals=tuple(row[1] for row in rows),
            standings=tuple(row[2] for row in rows),
            leaf_marks=tuple(row[3] for row in rows),
            blocked=die_blocks(self.sheets[seat], self.dice) if choosing and seat is not None
            else (),
            chosen=tuple(s for s in range(self.seats) if self.has_chosen(s)),
            last_round=self.last_round,
        )

    def prompt(self, seat: int) -> str:
        """What ``seat`` is asked now, in its reader's language (made for that reader)."""
        if self.over:
            return _("The game is over.")
        if self.has_chosen(seat):
            others = ", ".join(seat_ref(s) for s in self.to_act())
            return _("Waiting for {others} to choose.").format(others=others)
        roll = " ".join(str(d) for d in self.dice)
        if seat in self.pending_x:
            return _("Leaf total {total}: place your X in a highlighted spot.").format(
                total=self.leaf_total(seat))
        if not placements(self.sheets[seat], self.dice):
            return _("Round {round}, roll {roll}: no placement fits; pick a die for the leaves."
                     ).format(round=self.round, roll=roll)
        return _("Round {round}, roll {roll}: pick the area die, the write die, then a spot."
                 ).format(round=self.round, roll=roll)

    # -- the end -----------------------------------------------------------------------------
    def is_over(self) -> bool:
        return self.over

    def result(self) -> Result:
        """Area acorns + first-fill bonuses + leaf bonuses; ties share the win (house rule)."""
        return Result.build(CATEGORIES, [self.score_row(s) for s in range(self.seats)],
                            ending=self.ending() if self.over else "")

    def ending(self) -> str:
        """Why the game ended (rule 4.9), as the result keeps it: English, language-neutral
        (a result is stored as JSON); the same words as :meth:`ending_words`. The round-20
        ending is a message id the results screen can translate as it is."""
        words = self.ending_words()
        return words.message if not words.values else words.render("en")

    def ending_words(self) -> Say:
        """Why the game ended (rule 4.9): a leaf row reached 61, or round 20 was played; in
        words for each reader."""
        reached = [s for s in range(self.seats) if self.leaf_total(s) >= END_TOTAL]
        if not reached:
            return _ALL_ROUNDS
        # Translators: whose leaf row: "{who}'s" in "Ana's leaf row" (de: "von {who}").
        rows = joined([Say("{who}'s", who=seat_ref(s)) for s in reached])
        return say_count("{rows} leaf row reached {total} in round {round}",
                         "{rows} leaf rows reached {total} in round {round}",
                         len(reached), rows=rows, total=END_TOTAL, round=self.round)

    def invariant_violations(self) -> list[str]:
        """Checks every sheet against the placement rules and the bookkeeping of the round."""
        problems: list[str] = []
        for seat in range(self.seats):
            problems.extend(f"seat {seat}: {p}" for p in self._seat_problems(seat))
        for area in AREAS:
            claim = self.claims[area - 1]
            for seat in claim or ():
                if not area_full(self.sheets[seat][area - 1]):
                    problems.append(f"area {area} claimed by seat {seat} but not full")
        if not 1 <= self.round <= MAX_ROUNDS:
            problems.append(f"round {self.round} out of range")
        if any(not 1 <= d <= 6 for d in self.dice):
            problems.append(f"bad dice {self.dice}")
        for seat in self.pending_x:
            if not all_x_spots(self.sheets[seat]) or self.choices_made[seat] is None:
                problems.append(f"seat {seat} has an X pending but no choice or no spot for it")
        choosing = () if self.over else tuple(
            s for s in range(self.seats) if self.choices_made[s] is None or s in self.pending_x
        )
        if self.acting != choosing:
            problems.append(f"seats {self.acting} to act, but {choosing} have not chosen")
        fresh = all(choice is None for choice in self.choices_made)
        if fresh and not self.over and any(
            self.leaf_total(s) >= END_TOTAL for s in range(self.seats)
        ):
            problems.append("a new round started although a leaf total reached 61")
        if fresh and (self.known_sheets != self.sheets or self.known_leaves != self.leaves):
            problems.append("the sheets everyone sees differ from the sheets at round start")
        return problems

    def _seat_problems(self, seat: int) -> tuple[str, ...]:
        started = self.choices_made[seat] is not None
        return seat_audit(
            self.sheets[seat],
            self.leaves[seat],
            chosen=self.round if self.over else self.round - 1 + (1 if started else 0),
            passes=self.passes[seat],
            lost=self.lost_x[seat],
            pending=1 if seat in self.pending_x else 0,
            claimed=self.claimed_count(seat),
        )


@lru_cache(maxsize=1 << 14)
def seat_audit(sheet: Sheet, leaves: tuple[int, ...], chosen: int, passes: int, lost: int,
               pending: int, claimed: int) -> tuple[str, ...]:
    """One seat's bookkeeping: legal areas, one leaf per choice made, leaf steps that are die
    values, one value written per placement, one X per X bonus (minus lost or pending ones),
    and a score within the ceiling."""
    audits = list(map(_area_audit, sheet, AREAS))
    problems = [f"area {area}: {p}" for area, audit in zip(AREAS, audits, strict=True)
                for p in audit[0]]
    if len(leaves) != chosen:
        problems.append(f"{len(leaves)} leaves after {chosen} choices")
    if len(leaves) > LEAVES:
        problems.append(f"{len(leaves)} leaves, the row has {LEAVES}")
    if not _die_steps(leaves):
        steps = [b - a for a, b in zip((0, *leaves), leaves, strict=False)]
        problems.append(f"leaf steps {steps} are not die values")
    values = sum([audit[1] for audit in audits])
    if values != len(leaves) - passes:
        problems.append(f"{values} values written in {len(leaves)} choices, {passes} leaf-only")
    xs = sum([audit[2] for audit in audits])
    if xs != leaf_xs(leaves) - lost - pending:
        problems.append(f"{xs} X marks for {leaf_xs(leaves)} earned")
    # the sum of score_row, from the areas' acorns already audited
    score = sum([audit[3] for audit in audits]) + FIRST_FILL_BONUS * claimed
    if score + leaf_acorns(leaves) > MAX_SCORE:
        problems.append("score above the ceiling of 79")
    return tuple(problems)


def _die_steps(leaves: tuple[int, ...]) -> bool:
    """Whether each leaf adds a die value (1-6) to the one before it."""
    before = 0
    for total in leaves:
        if not 1 <= total - before <= 6:
            return False
        before = total
    return True


@lru_cache(maxsize=1 << 16)
def _area_audit(cells: Cells, area: int) -> tuple[tuple[str, ...], int, int, int]:
    """One area as written, for :func:`seat_audit`: its rule breaches, how many spots hold a
    die value, how many an X, and its acorns. An area changes one spot at a time, so a game
    meets each of its states once and every later audit of it is a look-up."""
    values = sum(1 for c in cells if 1 <= c <= 6)
    return _area_problems(cells, area), values, cells.count(X), area_acorns(cells, area)


def sheet_area_problems(cells: Cells, area: int) -> list[str]:
    """Rule breaches in one area as written (soak tests use this to audit whole sheets)."""
    return list(_area_problems(cells, area))


@lru_cache(maxsize=1 << 16)
def _area_problems(cells: Cells, area: int) -> tuple[str, ...]:
    problems: list[str] = []
    values = [c for c in cells if 1 <= c <= 6]
    if len(cells) != AREA_SPOTS[area] or any(c not in (EMPTY, X, *range(1, 7)) for c in cells):
        return (f"malformed area {cells}",)
    if area == 1:
        for a, b in PUMPKINS:
            if 1 <= cells[a - 1] <= 6 and 1 <= cells[b - 1] <= 6 and cells[a - 1] != cells[b - 1]:
                problems.append(f"pumpkin eyes {cells[a - 1]} and {cells[b - 1]} differ")
    elif area in (2, 6):
        filled = [c != EMPTY for c in cells]
        if filled != sorted(filled, reverse=True):
            problems.append(f"path skips a spot: {cells}")
        if area == 2 and len(values) != len(set(values)):
            problems.append(f"repeated waterlily value: {cells}")
        if area == 6:
            for before, after in pairwise(cells):
                written = 1 <= before <= 6 and 1 <= after <= 6
                if written and after not in mushroom_neighbours(before):
                    problems.append(f"mushroom {after} cannot follow {before}")
    elif area == 3:
        for skewer in SKEWERS:
            on = {cells[s - 1] for s in skewer} - {EMPTY, X}
            if len(on) > 1:
                problems.append(f"skewer holds different values {sorted(on)}")
    elif area == 4:
        for mug, cell in enumerate(cells, 1):
            if 1 <= cell <= 6 and cell != mug:
                problems.append(f"mug {mug} holds {cell}")
    else:
        for spot, supports in BURROW_SUPPORTS.items():
            if cells[spot - 1] != EMPTY and any(cells[s - 1] == EMPTY for s in supports):
                problems.append(f"burrow {spot} lacks support")
        for a, b in BURROW_ADJACENT:
            if 1 <= cells[a - 1] <= 6 and cells[a - 1] == cells[b - 1]:
                problems.append(f"burrows {a} and {b} both hold {cells[a - 1]}")
    return tuple(problems)


class SixtyOne(Game):
    """The game object: identity, setup (the state's constructor) and notation."""

    info = INFO
    state_class = SixtyOneState
    actions = (Place, LeafOnly, PlaceX)
    #: 2: the seats choose at once, so a record may interleave them (version 1 records, made
    #: strictly in seat order, are valid interleavings and replay unchanged).
    rules_version = 2
    notation_help = "'place area=A write=W leaf=L spot=S', 'leaf D' or 'x AREA SPOT'"
    options = {}
    hidden_information = False


GAME = SixtyOne()

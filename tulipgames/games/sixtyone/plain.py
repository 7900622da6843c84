"""Sixty-One in words, for the plain-text mode: the roll, one's sheet area by area, the leaf row,
the first-fill bonuses and everyone's totals, as sentences a screen reader can say.

A placement reads "Waterlilies, spot 2, write 5, leaf die 3", so the choice list groups by area
first and then by spot, which keeps every list short to hear.
"""

from __future__ import annotations

from tulipgames.engine.core import Action
from tulipgames.games.sixtyone.data import AREA_NAMES, AREAS, END_TOTAL
from tulipgames.games.sixtyone.rules import EMPTY, LeafOnly, Place, PlaceX, SixtyOneView, X
from tulipgames.table import LEVEL_MARK, Turn

STANDING_WORDS = {
    "open": "bonus still open",
    "due": "you would claim the bonus on filling it now",
    "mine": "bonus claimed",
    "missed": "bonus gone to others",
}


def points(n: int) -> str:
    return f"{n} point{'s' if n != 1 else ''}"


def cell_words(value: int) -> str:
    if value == EMPTY:
        return "empty"
    if value == X:
        return "X"
    return str(value)


def area_line(view: SixtyOneView, seat: int, area: int) -> str:
    cells = view.sheets[seat][area - 1]
    filled = sum(1 for c in cells if c != EMPTY)
    spots = ", ".join(f"{i} {cell_words(c)}" for i, c in enumerate(cells, 1))
    standing = STANDING_WORDS.get(view.standings[seat][area - 1], "")
    return (
        f"{area} {AREA_NAMES[area]}: {filled} of {len(cells)} filled ({spots}); "
        f"{points(view.subtotals[seat][area - 1])}; {standing}."
    )


def describe(turn: Turn[SixtyOneView]) -> list[str]:
    """The whole situation: the roll, the viewer's sheet, then everyone's totals."""
    view = turn.view
    lines = [f"Round {view.round}. Dice: {', '.join(str(d) for d in view.dice)}."]
    mine = turn.seat if turn.seat is not None else 0
    lines.append(f"{turn.name(mine)}'s sheet:")
    lines += [area_line(view, mine, area) for area in AREAS]
    lines.append(
        f"Leaf row total: {view.leaf_total(mine)} of {END_TOTAL}; "
        f"leaves: {', '.join(str(v) for v in view.leaves[mine]) or 'none yet'}."
    )
    for seat in range(view.seats):
        total = sum(view.scores[seat])
        lines.append(
            f"{turn.name(seat)}: {points(total)}, leaf total {view.leaf_total(seat)}"
            + (", has chosen this round" if seat in view.chosen and seat != turn.seat else "")
            + "."
        )
    return lines


def brief(turn: Turn[SixtyOneView]) -> list[str]:
    """Before a decision: the leaf total and why a die cannot be used (the prompt has the roll,
    the log has the last round)."""
    view = turn.view
    seat = turn.seat if turn.seat is not None else 0
    lines = [f"Your leaf total: {view.leaf_total(seat)} of {END_TOTAL}."]
    for area_die, write_die, reason in view.blocked:
        if write_die is None:
            lines.append(f"Die {area_die} cannot be the area die: {reason}.")
    return lines


def describe_action(action: Action, turn: Turn[SixtyOneView]) -> str:
    """A choice by area first, then spot: "Waterlilies, spot 2, write 5, leaf die 3"."""
    if isinstance(action, Place):
        return (
            f"{AREA_NAMES[action.area]}{LEVEL_MARK}spot {action.spot}{LEVEL_MARK}"
            f"write {action.write}, leaf die {action.leaf}"
        )
    if isinstance(action, PlaceX):
        return f"X in {AREA_NAMES[action.area]}{LEVEL_MARK}spot {action.spot}"
    if isinstance(action, LeafOnly):
        return f"no placement fits: only the leaf die {action.leaf}"
    return str(action)


__all__ = ["brief", "describe", "describe_action"]

"""Sixty-One in words, for the plain-text mode: the roll, one's sheet area by area, the leaf row,
the first-fill bonuses and everyone's totals, as sentences a screen reader can say (in the
reader's language: these are made for the one who hears them).

A placement reads "Waterlilies, spot 2, write 5, leaf die 3", so the choice list groups by area
first and then by spot, which keeps every list short to hear.
"""

from __future__ import annotations

from tulipgames.engine.core import Action
from tulipgames.games.sixtyone.data import AREA_NAMES, AREAS, END_TOTAL
from tulipgames.games.sixtyone.rules import EMPTY, LeafOnly, Place, PlaceX, SixtyOneView, X
from tulipgames.i18n import N_, _, ngettext, render
from tulipgames.table import LEVEL_MARK, Turn

STANDING_WORDS = {
    "open": N_("bonus still open"),
    "due": N_("you would claim the bonus on filling it now"),
    "mine": N_("bonus claimed"),
    "missed": N_("bonus gone to others"),
}


def points(n: int) -> str:
    return ngettext("{n} point", "{n} points", n).format(n=n)


def cell_words(value: int) -> str:
    if value == EMPTY:
        return _("empty")
    if value == X:
        return "X"
    return str(value)


def area_line(view: SixtyOneView, seat: int, area: int) -> str:
    cells = view.sheets[seat][area - 1]
    filled = sum(1 for c in cells if c != EMPTY)
    spots = ", ".join(f"{i} {cell_words(c)}" for i, c in enumerate(cells, 1))
    standing = STANDING_WORDS.get(view.standings[seat][area - 1], "")
    # Translators: one area of a sheet, e.g. "2 Waterlilies: 2 of 5 filled (1 3, 2 5, 3 empty,
    # 4 empty, 5 empty); 2 points; bonus still open."
    return _("{number} {area}: {filled} of {count} filled ({spots}); {points}; {standing}.").format(
        number=area, area=_(AREA_NAMES[area]), filled=filled, count=len(cells), spots=spots,
        points=points(view.subtotals[seat][area - 1]), standing=_(standing) if standing else "")


def describe(turn: Turn[SixtyOneView]) -> list[str]:
    """The whole situation: the roll, the viewer's sheet, then everyone's totals."""
    view = turn.view
    lines = [_("Round {round}. Dice: {dice}.").format(
        round=view.round, dice=", ".join(str(d) for d in view.dice))]
    mine = turn.seat if turn.seat is not None else 0
    lines.append(_("{name}'s sheet:").format(name=turn.name(mine)))
    lines += [area_line(view, mine, area) for area in AREAS]
    lines.append(_("Leaf row total: {total} of {end}; leaves: {leaves}.").format(
        total=view.leaf_total(mine), end=END_TOTAL,
        leaves=", ".join(str(v) for v in view.leaves[mine]) or _("none yet")))
    for seat in range(view.seats):
        total = sum(view.scores[seat])
        line = (_("{name}: {points}, leaf total {total}, has chosen this round.")
                if seat in view.chosen and seat != turn.seat
                else _("{name}: {points}, leaf total {total}."))
        lines.append(line.format(name=turn.name(seat), points=points(total),
                                 total=view.leaf_total(seat)))
    return lines


def brief(turn: Turn[SixtyOneView]) -> list[str]:
    """Before a decision: the leaf total and why a die cannot be used (the prompt has the roll,
    the log has the last round)."""
    view = turn.view
    seat = turn.seat if turn.seat is not None else 0
    lines = [_("Your leaf total: {total} of {end}.").format(total=view.leaf_total(seat),
                                                            end=END_TOTAL)]
    for area_die, write_die, reason in view.blocked:
        if write_die is None:
            lines.append(_("Die {die} cannot be the area die: {reason}.").format(
                die=area_die, reason=render(reason)))
    return lines


def describe_action(action: Action, turn: Turn[SixtyOneView]) -> str:
    """A choice by area first, then spot: "Waterlilies, spot 2, write 5, leaf die 3"."""
    if isinstance(action, Place):
        return (
            f"{_(AREA_NAMES[action.area])}{LEVEL_MARK}{_('spot {spot}').format(spot=action.spot)}"
            f"{LEVEL_MARK}"
            + _("write {value}, leaf die {leaf}").format(value=action.write, leaf=action.leaf)
        )
    if isinstance(action, PlaceX):
        return (_("X in {area}").format(area=_(AREA_NAMES[action.area])) + LEVEL_MARK
                + _("spot {spot}").format(spot=action.spot))
    if isinstance(action, LeafOnly):
        return _("no placement fits: only the leaf die {leaf}").format(leaf=action.leaf)
    return str(action)


__all__ = ["brief", "describe", "describe_action"]

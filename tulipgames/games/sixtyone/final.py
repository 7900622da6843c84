"""Sixty-One's final position for the results screen: every seat's sheet as the game left it
(the six areas with what was written in each spot, each area's first-fill outcome) and its leaf
row with the leaf bonuses gained and missed.

Drawn from each seat's finished :class:`~tulipgames.table.Turn` with the sheet widget's drawing
data (:data:`FRAMES`, :data:`SPOT_AT`, :func:`empty_hint`, :func:`short_label`): the same boxes
as the game screen, without the cursor and highlights that belong to choosing.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.cells import cell_len
from rich.console import RenderableType
from rich.text import Text

from tulipgames.games.sixtyone.data import AREAS
from tulipgames.games.sixtyone.rules import EMPTY, SixtyOneView, X
from tulipgames.games.sixtyone.widgets import FRAMES, SPOT_AT, empty_hint, fit, short_label
from tulipgames.i18n import _, ngettext
from tulipgames.table import Turn
from tulipgames.tui.widgets import seat_panel

#: Cells of an area's label and of its drawing (as the compact game screen has them).
LABEL, DRAWING = 11, 17
#: A frame's border and padding.
FRAME = 4


def spot_box(view: SixtyOneView, seat: int, area: int, spot: int) -> Text:
    """``[5]`` written, ``[X]`` crossed out, ``(3)`` left empty (worth 3 acorns)."""
    value = view.sheets[seat][area - 1][spot - 1]
    if value == X:
        return Text("[X]", style="bold magenta")
    if value != EMPTY:
        return Text(f"[{value}]", style="bold")
    return Text(f"({empty_hint(area, spot)})", style="dim")


def area_drawing(view: SixtyOneView, seat: int, area: int) -> list[Text]:
    """An area's three lines: its frame with the spot boxes laid over it."""
    lines = [Text(line.ljust(DRAWING)[:DRAWING], style="dim") for line in FRAMES[area]]
    for spot, (row, col) in SPOT_AT[area].items():
        line = lines[row]
        lines[row] = Text.assemble(line[:col], spot_box(view, seat, area, spot), line[col + 3:])
    return [fit(line, DRAWING) for line in lines]


def first_fill(view: SixtyOneView, seat: int, area: int, names: Sequence[str]) -> Text:
    """How the area's first-fill bonus went for this seat (rule 4.8)."""
    standing = view.standings[seat][area - 1]
    bonus = view.first_fill_bonus
    if standing == "mine":
        claim = view.claims[area - 1] or ()
        shared = "" if len(claim) == 1 else f" ({len(claim)})"
        return Text(f"✓ +{bonus}{shared}", style="bold cyan")
    if standing == "missed":
        first = ", ".join(names[s] for s in view.claims[area - 1] or ())
        # Translators: an area's first-fill bonus went to these other players.
        return Text(_("✗ by {names}").format(names=first), style="red")
    if standing == "due":
        return Text(_("+{bonus} at end").format(bonus=bonus), style="bold green")
    return Text(_("not filled"), style="dim")


def area_block(view: SixtyOneView, seat: int, area: int, names: Sequence[str]) -> list[Text]:
    """An area's label (number, name, first-fill outcome) beside its drawing, three lines."""
    first, second = short_label(area)
    labels = [Text(first, style="bold"), Text(second, style="bold"),
              first_fill(view, seat, area, names)]
    return [Text.assemble(fit(label, LABEL), drawing)
            for label, drawing in zip(labels, area_drawing(view, seat, area), strict=True)]


def leaf_lines(view: SixtyOneView, seat: int, width: int = 80 - FRAME) -> list[Text]:
    """The leaf row as written (the running totals) and the leaf bonuses: ``✓`` gained,
    ``✗`` missed (rule 4.6). The total ends the leaf row, or the bonus line where a full row
    under a longer translated label leaves no room for it in ``width`` cells."""
    leaves = view.leaves[seat]
    gained = {target for target, _bonus, status in view.leaf_marks[seat] if status == "gained"}
    row = Text(_("Leaves") + " ", style="bold")
    for value in leaves:
        row.append(f"{value:>2}", style="bold green" if value in gained else "")
        row.append(" ")
    total = (" " + _("total {total}").format(total=view.leaf_total(seat)) if leaves
             else _("none"))
    marks = Text(_("Bonus") + "  ", style="bold")
    styles = {"gained": ("✓", "bold green"), "missed": ("✗", "dim strike"), "open": ("·", "dim")}
    for target, bonus, status in view.leaf_marks[seat]:
        sign, style = styles[status]
        marks.append(f"{sign}{target}:{bonus}", style=style)
        marks.append(" ")
    (row if row.cell_len + cell_len(total) <= width else marks).append(total, style="italic")
    return [row, marks]


def sheet_body(view: SixtyOneView, seat: int, names: Sequence[str], width: int) -> Text:
    """The sheet: two areas a row at 80 columns, three where they fit."""
    per_row = 3 if width - FRAME >= 3 * (LABEL + DRAWING) + 2 else 2
    lines: list[Text] = []
    for first in range(0, len(AREAS), per_row):
        blocks = [area_block(view, seat, area, names) for area in AREAS[first:first + per_row]]
        for row in range(3):
            lines.append(Text(" ").join(block[row] for block in blocks))
    lines.extend(leaf_lines(view, seat, width - FRAME))
    return Text("\n").join(lines)


def points(score: int) -> str:
    """A seat's score under its frame: "42 points"."""
    return ngettext("{n} point", "{n} points", score).format(n=score)


def final_position(turns: Sequence[Turn[SixtyOneView]], width: int) -> list[RenderableType]:
    """One frame per seat, in seat order, titled with its name, its score at the bottom."""
    drawings: list[RenderableType] = []
    for seat, turn in enumerate(turns):
        view = turn.view
        names = turn.names
        drawings.append(seat_panel(turn.name(seat), sheet_body(view, seat, names, width),
                                   points(sum(view.scores[seat]))))
    return drawings


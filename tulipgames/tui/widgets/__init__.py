"""Widgets every game screen may use: the game log, and ``fit`` to cut text by cells."""

from tulipgames.tui.widgets.common import (
    Columns,
    DrawnFrom,
    GameLog,
    KeepsHeight,
    PatchStatic,
    RendersByRow,
    RowPainted,
    Rows,
    SizedFromOutside,
    Steady,
    changed_rows,
    displayed,
    fit,
    focus_now,
    plain,
    printable,
    row_regions,
    seat_panel,
    text_rows,
)

__all__ = [
    "Columns", "DrawnFrom", "GameLog", "KeepsHeight", "PatchStatic", "RendersByRow", "RowPainted",
    "Rows", "SizedFromOutside", "Steady", "changed_rows", "displayed", "fit", "focus_now", "plain",
    "printable", "row_regions", "seat_panel", "text_rows",
]

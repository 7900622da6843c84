"""Widgets every game screen may use: the game log, and ``fit`` to cut text by cells."""

from tulipgames.tui.widgets.common import (
    Columns,
    GameLog,
    KeepsHeight,
    PatchStatic,
    RowPainted,
    Rows,
    SizedFromOutside,
    Steady,
    changed_rows,
    fit,
    plain,
    printable,
    row_regions,
    seat_panel,
    text_rows,
)

__all__ = [
    "Columns", "GameLog", "KeepsHeight", "PatchStatic", "RowPainted", "Rows", "SizedFromOutside",
    "Steady", "changed_rows", "fit",
    "plain", "printable", "row_regions", "seat_panel", "text_rows",
]

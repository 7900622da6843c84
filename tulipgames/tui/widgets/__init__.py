"""Widgets every game screen may use: the game log, and ``fit`` to cut text by cells."""

from tulipgames.tui.widgets.common import (
    GameLog,
    PatchStatic,
    RowPainted,
    Steady,
    changed_rows,
    fit,
    plain,
    printable,
    row_regions,
    text_rows,
)

__all__ = [
    "GameLog", "PatchStatic", "RowPainted", "Steady", "changed_rows", "fit", "plain", "printable",
    "row_regions", "text_rows",
]

"""Building Sixty-One positions for tests: sheets from short strings, states mid-game."""

from __future__ import annotations

from collections.abc import Sequence

from tulipgames.games.sixtyone.data import AREA_SPOTS
from tulipgames.games.sixtyone.rules import EMPTY, GAME, Cells, Sheet, SixtyOneState, X, blank_sheet


def cells(text: str) -> Cells:
    """``"3 5 - X"`` -> (3, 5, EMPTY, X)."""
    return tuple(EMPTY if t == "-" else X if t.upper() == "X" else int(t) for t in text.split())


def sheet(**areas: str) -> Sheet:
    """A sheet with some areas given as strings (``a1="- 4 - -"``); the others empty."""
    rows = list(blank_sheet())
    for key, text in areas.items():
        area = int(key[1:])
        row = cells(text)
        assert len(row) == AREA_SPOTS[area]
        rows[area - 1] = row
    return tuple(rows)


def leaf_row(total: int, length: int | None = None) -> tuple[int, ...]:
    """A plausible leaf row ending at ``total`` (steps of at most 6), ``length`` leaves long."""
    if total == 0:
        return ()
    count = length if length is not None else -(-total // 6)
    steps = [total // count] * count
    for i in range(total - sum(steps)):
        steps[i] += 1
    out, run = [], 0
    for step in steps:
        run += step
        out.append(run)
    return tuple(out)


def position(
    seats: int = 1,
    dice: tuple[int, int, int] = (1, 1, 1),
    sheets: Sequence[Sheet] | None = None,
    totals: Sequence[int] | None = None,
    round_number: int = 1,
) -> SixtyOneState:
    """A state at the start of a round with the given roll, sheets and leaf totals."""
    state = GAME.new_state(seats, seed=7)
    assert isinstance(state, SixtyOneState)
    state.round = round_number
    state.dice = dice
    if sheets is not None:
        state.sheets = list(sheets)
    if totals is not None:
        state.leaves = [leaf_row(t, round_number - 1 if t else None) for t in totals]
    state.known_sheets, state.known_leaves = list(state.sheets), list(state.leaves)
    return state

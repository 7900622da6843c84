"""The solo par solver: its per-area tables against brute force, its symmetry, and the bound
above what a real policy scores."""

from __future__ import annotations

from functools import cache

import pytest

from tulipgames.games.sixtyone.par import (
    ALL_ROLLS,
    area_gain,
    area_graph,
    bound,
    canonical,
    solve_area,
    solve_leaf,
)
from tulipgames.games.sixtyone.rules import EMPTY, X, area_acorns, legal_spots, x_spots


def brute_area(area: int, cells: tuple[int, ...], rounds: int, price: float,
               x_price: float) -> float:
    """The relaxed area's value by plain expectimax over all 216 ordered rolls and the real
    cells (no symmetry, no grouping of rolls): the definition the solver must meet."""

    @cache
    def value(cells: tuple[int, ...], rounds: int) -> float:
        if rounds == 0:
            return 0.0

        def settle(now: tuple[int, ...]) -> float:
            best = value(now, rounds - 1)
            for s in x_spots(now, area):
                after = (*now[: s - 1], X, *now[s:])
                best = max(best, area_gain(area, now, after) - x_price + value(after, rounds - 1))
            return best

        total = 0.0
        for roll in ALL_ROLLS:
            best = settle(cells)
            for i in range(3):
                for j in range(3):
                    if i != j and roll[i] == area:
                        for s in legal_spots(cells, area, roll[j]):
                            after = (*cells[: s - 1], roll[j], *cells[s:])
                            best = max(best, area_gain(area, cells, after) - price + settle(after))
            total += best
        return total / len(ALL_ROLLS)

    return value(cells, rounds)


@pytest.mark.parametrize(("area", "cells"), [
    (1, (5, EMPTY, EMPTY, EMPTY)),
    (2, (3, EMPTY, EMPTY, EMPTY, EMPTY)),
    (4, (1, EMPTY, 3, EMPTY, 5, 6)),
    (5, (3, 5, EMPTY, EMPTY, EMPTY, EMPTY)),
    (6, (5, 6, EMPTY, EMPTY, EMPTY)),
])
def test_area_table_matches_brute_force(area: int, cells: tuple[int, ...]) -> None:
    table = solve_area(area, price=1.5, x_price=2.0, rounds=2)
    assert table.worth(cells, 2) == pytest.approx(brute_area(area, cells, 2, 1.5, 2.0))
    assert table.worth(cells, 1) == pytest.approx(brute_area(area, cells, 1, 1.5, 2.0))


def test_canonical_patterns_keep_score_and_moves() -> None:
    # Relabelling the values that play the same part keeps the acorns and the moves' count.
    for area in (1, 3, 5):
        graph = area_graph(area)
        for cells in graph.states[:200]:
            twin = canonical(area, cells)
            assert area_acorns(twin, area) == area_acorns(cells, area)
            assert sum(len(legal_spots(twin, area, v)) for v in range(1, 7)) == sum(
                len(legal_spots(cells, area, v)) for v in range(1, 7))
    # The area's own number is special (the area die shows it): never relabelled.
    assert canonical(5, (5, 2, 0, 0, 0, 0)) == (5, 1, 0, 0, 0, 0)
    assert canonical(4, (0, 2, 0, 0, 0, 0)) == (0, 2, 0, 0, 0, 0)


def test_leaf_row_pays_exact_totals_only() -> None:
    table = solve_leaf(x_price=0.0, rounds=1)
    # From 56, a 5 hits 61 (+5): any roll showing a 5.
    assert table[1][56] == pytest.approx((1 - (5 / 6) ** 3) * 5)
    assert table[0][56] == 0.0


def test_the_bound_is_above_a_real_policys_score() -> None:
    # One round from a nearly full sheet: the real best choice for every roll (placing is
    # mandatory, the leaf die is the die left over) can only score less than the bound.
    from tests.games.sixtyone.helpers import sheet
    from tulipgames.games.sixtyone.rules import choices

    near = sheet(a1="1 1 2 -", a2="1 3 4 5 -", a3="3 3 6 6 -", a4="1 2 3 - 5 6",
                 a5="1 2 1 3 4 -", a6="6 1 2 3 -")
    total = 55

    def worth(action: object) -> float:
        from tulipgames.games.sixtyone.rules import LeafOnly, Place

        gained = 0.0
        leaf = action.leaf if isinstance(action, (Place, LeafOnly)) else 0
        if total + leaf in (61,):
            gained += 5
        if isinstance(action, Place):
            cells = near[action.area - 1]
            after = (*cells[: action.spot - 1], action.write, *cells[action.spot:])
            gained += area_gain(action.area, cells, after)
        return gained

    real = sum(max(worth(a) for a in choices(near, roll)) for roll in ALL_ROLLS) / 216
    for price in (0.0, 1.0, 2.5):
        assert bound(price, 3.0, rounds=1, sheet=near, total=total) >= real - 1e-9
    assert real > 0

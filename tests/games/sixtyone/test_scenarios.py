"""The acceptance scenarios of spec section 10, one test each."""

from __future__ import annotations

import pytest

from tests.games.sixtyone.helpers import cells, leaf_row, position, sheet
from tulipgames.engine.bots import RandomBot
from tulipgames.engine.core import IllegalAction
from tulipgames.games.sixtyone.rules import (
    LeafOnly,
    Place,
    PlaceX,
    X,
    area_acorns,
    area_subtotal,
    legal_spots,
    score_row,
)


def spots_for(state, area: int, write: int) -> set[int]:
    """Spots the legal-move list offers for an area die and a write die."""
    return {
        a.spot for a in state.legal_actions(state.to_act()[0])
        if isinstance(a, Place) and a.area == area and a.write == write
    }


def test_scenario_01_pumpkins() -> None:
    state = position(dice=(1, 2, 4), sheets=[sheet(a1="- 4 - -")])
    assert spots_for(state, 1, 2) == {3, 4}
    assert spots_for(state, 1, 4) == {1, 3, 4}
    state.apply(0, Place(1, 4, 2, 1))
    assert state.sheets[0][0] == (4, 4, 0, 0)
    assert state.score_row(0)[0] == 3


def test_scenario_02_waterlilies_all_different() -> None:
    state = position(dice=(2, 3, 6), sheets=[sheet(a2="3 5 - - -")])
    assert spots_for(state, 2, 3) == set()
    assert spots_for(state, 2, 6) == {3}
    state.apply(0, Place(2, 6, 3, 3))
    assert state.score_row(0)[1] == 1 + 1 + 2
    with_x = cells("3 X - - -")
    assert legal_spots(with_x, 2, 3) == ()
    assert legal_spots(with_x, 2, 5) == (3,)


def test_scenario_03_marshmallows() -> None:
    state = position(dice=(3, 4, 2), sheets=[sheet(a3="- - 4 - -")])
    assert spots_for(state, 3, 4) == {1, 2, 4, 5}
    assert spots_for(state, 3, 2) == {1, 2}
    assert area_acorns(cells("2 2 4 4 -"), 3) == 3
    assert area_acorns(cells("2 2 4 X 4"), 3) == 3 + 5


def test_scenario_04_mugs() -> None:
    state = position(dice=(4, 4, 2), sheets=[sheet(a4="- - - 4 - -")])
    assert spots_for(state, 4, 4) == set()
    mug_moves = [a for a in state.legal_actions(0) if isinstance(a, Place) and a.area == 4]
    assert mug_moves == [Place(area=4, write=2, leaf=4, spot=2)]
    state.apply(0, mug_moves[0])
    assert state.score_row(0)[3] == 1 + 2


def test_scenario_05_fox_burrows_supports() -> None:
    state = position(dice=(5, 3, 1), sheets=[sheet(a5="3 5 - - - -")])
    assert spots_for(state, 5, 3) == {3}
    assert spots_for(state, 5, 1) == {3, 4}


def accepted(row, area: int, spot: int) -> set[int]:
    return {v for v in range(1, 7) if spot in legal_spots(row, area, v)}


def test_scenario_06_fox_burrows_middle_row_and_x() -> None:
    row = cells("3 5 2 1 - -")
    assert accepted(row, 5, 5) == {3, 4, 6}
    assert accepted(row, 5, 6) == set()
    row = cells("3 5 3 X - -")
    assert accepted(row, 5, 5) == {1, 2, 4, 6}
    row = cells("3 5 3 X 1 -")
    assert accepted(row, 5, 6) == {2, 3, 4, 5, 6}
    assert area_acorns(cells("1 2 1 3 4 1"), 5) == 11


def test_scenario_07_mushrooms_wrap_and_x() -> None:
    state = position(dice=(6, 1, 4), sheets=[sheet(a6="5 6 - - -")])
    assert spots_for(state, 6, 1) == {3}
    assert spots_for(state, 6, 4) == set()
    assert accepted(cells("5 6 1 X -"), 6, 5) == {1, 2, 3, 4, 5, 6}
    assert accepted(cells("1 - - - -"), 6, 2) == {2, 6}
    assert area_acorns(cells("1 2 3 4 5"), 6) == 10


def test_scenario_08_leaf_bonus_only_on_exact_totals() -> None:
    over = position(dice=(1, 1, 4), totals=[9], round_number=3)
    over.apply(0, Place(1, 1, 4, 1))
    assert over.leaves[0][-1] == 13
    assert not over.pending_x
    hit = position(dice=(1, 1, 2), totals=[9], round_number=3)
    hit.apply(0, Place(1, 1, 2, 1))
    assert hit.leaves[0][-1] == 11
    assert hit.pending_x and hit.to_act() == (0,)
    assert all(isinstance(a, PlaceX) for a in hit.legal_actions(0))
    plus2 = position(dice=(1, 1, 3), totals=[18], round_number=4)
    plus2.apply(0, Place(1, 1, 3, 1))
    assert plus2.leaves[0][-1] == 21 and plus2.score_row(0)[-1] == 2
    missed = position(dice=(1, 1, 6), totals=[38], round_number=8)
    missed.apply(0, Place(1, 1, 6, 1))
    assert missed.leaves[0][-1] == 44 and missed.score_row(0)[-1] == 0


def test_scenario_09_x_placement() -> None:
    state = position(dice=(2, 5, 4), sheets=[sheet(a2="2 - - - -")], totals=[7], round_number=3)
    state.apply(0, Place(area=2, write=5, leaf=4, spot=2))
    assert state.leaves[0][-1] == 11 and state.pending_x
    expected = (
        {(2, 3), (6, 1)}
        | {(1, s) for s in range(1, 5)}
        | {(3, s) for s in range(1, 6)}
        | {(4, s) for s in range(1, 7)}
        | {(5, s) for s in range(1, 4)}
    )
    assert {(a.area, a.spot) for a in state.legal_actions(0)} == expected
    for area, spot in ((2, 4), (2, 5), (5, 4), (5, 6)):
        with pytest.raises(IllegalAction):
            state.check(0, PlaceX(area, spot))
    with pytest.raises(IllegalAction):
        state.check(0, LeafOnly(4))
    state.apply(0, PlaceX(4, 4))
    assert state.sheets[0][3][3] == X
    assert state.score_row(0)[3] == 2


def test_scenario_10_mandatory_placement() -> None:
    state = position(dice=(4, 4, 4))
    assert state.legal_actions(0) == [Place(4, 4, 4, 4)]
    with pytest.raises(IllegalAction, match="must place"):
        state.apply(0, LeafOnly(4))
    full_mug = sheet(a4="- - - 4 - -")
    state = position(dice=(4, 4, 4), sheets=[full_mug], totals=[10], round_number=3)
    assert state.legal_actions(0) == [LeafOnly(4)]
    state.apply(0, LeafOnly(4))
    assert state.leaves[0][-1] == 14
    assert state.sheets[0] == full_mug


def test_scenario_11_equal_dice() -> None:
    state = position(dice=(3, 3, 5))
    moves = state.legal_actions(0)
    expected = (
        {Place(3, 3, 5, s) for s in range(1, 6)}
        | {Place(3, 5, 3, s) for s in range(1, 6)}
        | {Place(5, 3, 3, s) for s in range(1, 4)}
    )
    assert len(moves) == 13
    assert set(moves) == expected


def test_scenario_12_first_fill_shared_then_lost() -> None:
    nearly = sheet(a4="1 2 3 4 5 -")
    state = position(3, dice=(4, 6, 1), sheets=[nearly, nearly, sheet()], totals=[24, 24, 24],
                     round_number=9)
    state.apply(0, Place(4, 6, 1, 6))
    state.apply(1, Place(4, 6, 1, 6))
    state.apply(2, Place(1, 6, 4, 1))
    assert state.claims[3] == (0, 1)
    assert [state.score_row(s)[6] for s in range(3)] == [3, 3, 0]
    state.round, state.dice = 12, (4, 6, 1)
    state.sheets[2] = nearly
    state.apply(0, Place(1, 6, 4, 2))
    state.apply(1, Place(1, 6, 4, 2))
    state.apply(2, Place(4, 6, 1, 6))
    assert state.claims[3] == (0, 1)
    assert state.score_row(2)[3] == 7 and state.score_row(2)[6] == 0
    assert area_subtotal(state.sheets[2], state.claims, 2, 4) == 7
    assert area_subtotal(state.sheets[0], state.claims, 0, 4) == 10


def test_scenario_13_x_completes_an_area() -> None:
    mugs = sheet(a4="1 2 3 - 5 6")
    state = position(2, dice=(1, 1, 6), sheets=[mugs, sheet()], totals=[25, 20], round_number=6)
    state.apply(0, Place(1, 1, 6, 1))
    assert state.leaves[0][-1] == 31 and state.pending_x
    state.apply(0, PlaceX(4, 4))
    assert state.claims[3] is None  # claims wait for the round end (edge case 11)
    state.apply(1, Place(1, 1, 6, 1))
    assert state.claims[3] == (0,)
    assert area_subtotal(state.sheets[0], state.claims, 0, 4) == 1 + 1 + 1 + 2 + 1 + 1 + 3


@pytest.mark.parametrize("a_before, a_bonus", [(57, 5), (58, 0)])
def test_scenario_14_end_at_61_round_finished(a_before: int, a_bonus: int) -> None:
    state = position(3, dice=(3, 4, 1), totals=[a_before, 40, 45], round_number=14)
    state.apply(0, Place(3, 1, 4, 1))
    assert state.leaves[0][-1] == a_before + 4
    assert state.score_row(0)[-1] == a_bonus + leaf_bonus_before(a_before)
    assert not state.is_over() and state.to_act() == (1, 2)
    state.apply(1, Place(3, 4, 1, 1))
    assert state.leaves[1][-1] == 41
    assert state.to_act() == (2,)
    state.apply(2, Place(3, 1, 4, 1))
    assert state.leaves[2][-1] == 49
    assert state.is_over() and state.round == 14 and state.to_act() == ()
    assert state.result().ending == "{seat0}'s leaf row reached 61 in round 14"


def leaf_bonus_before(total: int) -> int:
    return sum(b for t, b in ((21, 2), (41, 3)) if t in leaf_row(total, 13))


def test_scenario_15_end_after_round_20() -> None:
    state = position(2, dice=(1, 1, 2), totals=[50, 56], round_number=20)
    state.apply(0, Place(1, 1, 2, 1))
    assert not state.is_over()
    state.apply(1, Place(1, 1, 2, 1))
    assert [state.leaf_total(s) for s in range(2)] == [52, 58]
    assert state.is_over() and state.round == 20 and state.to_act() == ()
    assert state.result().ending == "all 20 rounds were played"


def test_scenario_16_maximum_79() -> None:
    full = sheet(a1="1 1 2 2", a2="1 2 3 4 5", a3="3 3 6 6 6", a4="1 2 3 4 5 6",
                 a5="1 2 1 3 4 1", a6="6 1 2 3 4")
    row = score_row(full, (5, 21, 41, 61), claimed=6)
    assert row == (6, 9, 8, 7, 11, 10, 18, 10)
    assert sum(row) == 79


def test_scenario_17_solo() -> None:
    state = position(1, dice=(1, 3, 2), sheets=[sheet(a1="2 2 3 -")], totals=[20],
                     round_number=6)
    state.apply(0, Place(1, 3, 2, 4))
    assert state.claims[0] == (0,)
    assert state.score_row(0)[6] == 3
    assert not state.is_over() and state.round == 7
    bot = RandomBot(3)
    while not state.is_over():
        state.apply(0, bot.choose(state, 0))
    assert state.leaf_total(0) >= 61 or state.round == 20
    assert state.result().totals == (sum(state.score_row(0)),)


def test_scenario_18_tie() -> None:
    tied = sheet(a1="1 1 2 2", a3="3 3 6 6 6", a4="1 2 3 4 5 6", a5="1 2 1 3 4 1",
                 a6="6 1 2 3 4")
    lower = sheet(a1="1 1 2 2", a3="3 3 6 6 6", a4="1 2 3 - 5 6", a5="1 2 1 3 4 1",
                  a6="6 1 2 3 4")
    state = position(3, sheets=[tied, tied, lower])
    result = state.result()
    assert result.totals == (42, 42, 40)
    assert result.winners == (0, 1)
    assert result.ranks == (1, 1, 3)

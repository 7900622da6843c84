"""Sixty-One bots: their probability tables, sensible choices, and legal moves in every step."""

from __future__ import annotations

import pytest

from tests.games.sixtyone.helpers import position, sheet
from tulipgames.games.sixtyone.bots import (
    PLACEMENT_PRICE,
    ROLLS,
    HardBot,
    NormalBot,
    area_tables,
    leaf_value,
    plain_worth,
)
from tulipgames.games.sixtyone.rules import GAME, LeafOnly, Place, PlaceX


def test_roll_table_covers_all_216_rolls() -> None:
    assert len(ROLLS) == 56
    assert sum(chance for _, chance in ROLLS) == pytest.approx(1.0)


def test_area_tables_price_the_last_mug_exactly() -> None:
    # Mug 4 alone is empty, one round left: two dice must show 4 (16 of 216 rolls); the write
    # pays mug 4's 2 acorns (plus the first-fill bonus in the table with it) less the price.
    plain, with_bonus = area_tables(4)
    mugs = (1, 2, 3, 0, 5, 6)
    assert plain.worth(mugs, 1) == pytest.approx(16 / 216 * max(0.0, 2 - PLACEMENT_PRICE))
    assert with_bonus.worth(mugs, 1) == pytest.approx(16 / 216 * (2 + 3 - PLACEMENT_PRICE))
    assert with_bonus.worth((1, 2, 3, 4, 5, 6), 5) == 0.0  # a full area has nothing to come
    # More rounds left can only be worth more.
    assert with_bonus.worth(mugs, 6) > with_bonus.worth(mugs, 1)


def test_normal_reads_what_a_choice_earns_now() -> None:
    empty = sheet()
    claims = [None] * 6
    # Completing a pumpkin earns 3 at once; a first eye earns nothing yet.
    half = sheet(a1="5 - - -")
    assert plain_worth(half, 0, Place(1, 5, 1, 2), claims) > plain_worth(
        half, 0, Place(1, 5, 1, 3), claims)
    # A leaf die that hits 21 exactly earns 2 acorns.
    assert plain_worth(empty, 18, LeafOnly(3), claims) == pytest.approx(2.0)


def test_leaf_value_counts_only_exact_totals() -> None:
    assert leaf_value(60, 1) == pytest.approx((1 - (5 / 6) ** 3) * 5)
    assert leaf_value(61, 5) == 0.0
    assert leaf_value(60, 0) == 0.0


def test_normal_completes_a_pumpkin_when_offered() -> None:
    state = position(dice=(1, 5, 1), sheets=[sheet(a1="5 - - -")], totals=[4], round_number=2)
    choice = NormalBot(1).choose(state, 0)
    assert isinstance(choice, Place) and (choice.area, choice.write, choice.spot) == (1, 5, 2)


@pytest.mark.parametrize("bot", [NormalBot(1), HardBot(1)])
def test_bots_fill_the_last_mug_for_the_bonus(bot) -> None:  # type: ignore[no-untyped-def]
    # Mug 4 (2 acorns) completes the mugs (+3 first-fill): worth far more than any other spot.
    state = position(dice=(4, 4, 2), sheets=[sheet(a4="1 2 3 - 5 6")], totals=[4],
                     round_number=6)
    assert bot.choose(state, 0) == Place(4, 4, 2, 4)


@pytest.mark.parametrize("bot", [NormalBot(2), HardBot(2)])
def test_bots_handle_the_x_step_and_the_leaf_only_step(bot) -> None:  # type: ignore[no-untyped-def]
    state = position(dice=(1, 1, 2), totals=[9], round_number=3)
    state.apply(0, Place(1, 1, 2, 1))
    assert isinstance(bot.choose(state, 0), PlaceX)
    blocked = position(dice=(1, 3, 5), sheets=[sheet(a1="1 1 2 2", a3="3 3 6 6 6",
                                                     a5="1 2 1 3 4 1")], totals=[6], round_number=2)
    choice = bot.choose(blocked, 0)
    assert isinstance(choice, LeafOnly) and choice in blocked.legal_actions(0)


def test_hard_bot_is_deterministic() -> None:
    state = GAME.new_state(3, seed=21)
    first = [HardBot(5).choose(state.clone(), 0) for _ in range(2)]
    assert first[0] == first[1]


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_bots_use_every_area_and_the_x(level: str) -> None:
    # Not degenerate: over a few two-seat games every area gets values and the X is placed.
    areas: set[int] = set()
    kinds: set[type] = set()
    for seed in range(3):
        state = GAME.new_state(2, seed=seed)
        bots = [GAME.make_bot(level, seed=seed * 2 + s) for s in range(2)]
        while not state.is_over():
            seat = state.to_act()[0]
            action = bots[seat].choose(state.clone(), seat)
            kinds.add(type(action))
            if isinstance(action, Place):
                areas.add(action.area)
            state.apply(seat, action)
    assert areas == {1, 2, 3, 4, 5, 6}
    assert PlaceX in kinds


def test_four_hard_bots_on_the_same_dice_play_sheets_of_their_own() -> None:
    """Issue 29: four `hard` bots on the shared dice played one sheet four times (the same
    evaluation of the same position). Each seat's seeded choice among near-equal moves now
    gives each its own game: in every game the four final scores are not all one."""
    for seed in range(3):
        state = GAME.new_state(4, seed=seed)
        bots = [GAME.make_bot("hard", seed=seed * 31 + s) for s in range(4)]
        while not state.is_over():
            seat = state.to_act()[0]
            state.apply(seat, bots[seat].choose(state.clone(), seat))
        breakdowns = {tuple(row) for row in state.result().breakdown}
        assert len(breakdowns) > 1, (seed, breakdowns)

"""Sixty-One bots: their probability tables, sensible choices, and legal moves in every step."""

from __future__ import annotations

import pytest

from tests.games.sixtyone.helpers import position, sheet
from tulipgames.games.sixtyone.bots import FILL_CHANCE, ROLLS, HardBot, NormalBot, leaf_value
from tulipgames.games.sixtyone.rules import GAME, LeafOnly, Place, PlaceX


def test_roll_table_covers_all_216_rolls() -> None:
    assert len(ROLLS) == 56
    assert sum(chance for _, chance in ROLLS) == pytest.approx(1.0)


def test_fill_chance_is_exact() -> None:
    # Mug 4 needs two dice showing 4: exactly two (15 rolls) or three (1 roll).
    assert FILL_CHANCE[4, 1 << 3] == pytest.approx(16 / 216)
    # Any value in area 2 needs just one die showing 2.
    assert FILL_CHANCE[2, 0b111111] == pytest.approx(1 - (5 / 6) ** 3)


def test_leaf_value_counts_only_exact_totals() -> None:
    assert leaf_value(60, 1) == pytest.approx((1 - (5 / 6) ** 3) * 5)
    assert leaf_value(61, 5) == 0.0
    assert leaf_value(60, 0) == 0.0


@pytest.mark.parametrize("bot", [NormalBot(1), HardBot(1)])
def test_bots_complete_a_pumpkin_when_offered(bot) -> None:  # type: ignore[no-untyped-def]
    state = position(dice=(1, 5, 1), sheets=[sheet(a1="5 - - -")], totals=[4], round_number=2)
    choice = bot.choose(state, 0)
    assert isinstance(choice, Place) and (choice.area, choice.write, choice.spot) == (1, 5, 2)


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

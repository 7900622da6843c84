"""Sixty-One rules, section by section of the spec (the scenarios are in test_scenarios.py)."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from tests.games.sixtyone.helpers import cells, position, sheet
from tulipgames.engine.core import IllegalAction
from tulipgames.engine.record import GameRecord, replay
from tulipgames.games import get_game
from tulipgames.games.sixtyone.data import (
    AREA_SPOTS,
    BURROW_ADJACENT,
    LEAVES,
    MAX_ROUNDS,
)
from tulipgames.games.sixtyone.rules import (
    CATEGORIES,
    EMPTY,
    GAME,
    LeafOnly,
    Place,
    PlaceX,
    X,
    all_x_spots,
    area_acorns,
    blank_sheet,
    legal_spots,
    placements,
    sheet_area_problems,
    spot_problem,
    x_spots,
)

FULL = sheet(a1="1 1 2 2", a2="1 2 3 4 5", a3="3 3 6 6 6", a4="1 2 3 4 5 6",
             a5="1 2 1 3 4 1", a6="6 1 2 3 4")


# -- 2. components -------------------------------------------------------------------------------
def test_sheet_has_31_spots_worth_51_acorns() -> None:
    assert sum(AREA_SPOTS.values()) == 31
    assert sum(area_acorns(FULL[a - 1], a) for a in range(1, 7)) == 51


def test_burrow_adjacency_has_nine_pairs_and_1_3_do_not_touch() -> None:
    assert len(BURROW_ADJACENT) == 9
    row = cells("4 - - - - -")
    assert 3 in legal_spots(row, 5, 4)
    assert 2 not in legal_spots(row, 5, 4)


def test_game_is_registered() -> None:
    game = get_game("sixtyone")
    assert game is GAME and game.min_players == 1 and game.max_players == 12
    assert game.bot_levels == ("random", "normal", "hard")
    assert "61" in game.rules_markdown()


# -- 3. setup ------------------------------------------------------------------------------------
@pytest.mark.parametrize("seats", [1, 2, 12])
def test_setup_blank_sheets_open_bonuses_round_one(seats: int) -> None:
    state = GAME.new_state(seats, seed=5)
    assert state.sheets == [blank_sheet()] * seats
    assert state.leaves == [()] * seats
    assert state.claims == [None] * 6
    assert state.round == 1 and state.to_act() == tuple(range(seats))
    assert all(1 <= d <= 6 for d in state.dice)


@pytest.mark.parametrize("seats", [0, 13])
def test_player_count_outside_1_to_12_is_refused(seats: int) -> None:
    with pytest.raises(ValueError):
        GAME.new_state(seats, seed=1)


# -- 4.1 / 4.2 roll and order --------------------------------------------------------------------
@pytest.mark.parametrize("order", [(0, 1, 2), (2, 0, 1)])
def test_seats_choose_at_once_on_one_shared_roll_then_a_new_roll_is_revealed(
        order: tuple[int, ...]) -> None:
    state = GAME.new_state(3, seed=11)
    dice = state.dice
    for done, seat in enumerate(order):
        assert state.to_act() == tuple(sorted(order[done:]))  # every seat yet to choose
        assert state.dice == dice
        events = state.apply(seat, state.legal_actions(seat)[0])
        while state.pending_x:
            events += state.apply(seat, state.legal_actions(seat)[0])
        assert state.legal_actions(seat) == [] or done == 2
    assert state.round == 2 and state.to_act() == (0, 1, 2)
    rolls = [e for e in events if e.reveals]
    assert len(rolls) == 1 and "Round 2" in rolls[0].text_for(None)


def test_what_a_seat_chose_is_shown_to_the_others_only_at_round_end() -> None:
    state = GAME.new_state(2, seed=303)  # dice 1 2 6
    events = state.apply(1, Place(1, 2, 6, 1))
    assert [e.text_for(0) for e in events] == ["{seat1} has chosen"]
    assert events[0].text_for(1) == "{seat1} has chosen: writes 2 in Pumpkins 1, leaf 6 (total 6)"
    assert state.view(0).sheets[1] == blank_sheet() and state.view(0).leaves[1] == ()
    assert state.view(None).sheets[1] == blank_sheet()
    assert state.view(1).sheets[1] != blank_sheet() and state.view(0).chosen == (1,)
    bot_copy = state.determinize(0, random.Random(1))
    assert bot_copy.sheets[1] == blank_sheet() and bot_copy.to_act() == (0,)
    events = state.apply(0, Place(1, 2, 6, 2))
    assert "{seat1} writes 2 in Pumpkins 1, leaf 6 (total 6)" in [e.text_for(None) for e in events]
    assert state.view(0).sheets[1] == state.sheets[1] and state.view(0).chosen == ()


def test_out_of_turn_and_illegal_actions_leave_the_state_unchanged() -> None:
    state = position(2, dice=(2, 3, 6), sheets=[sheet(a2="3 5 - - -")] * 2, totals=[8, 4],
                     round_number=3)
    state.apply(1, Place(2, 6, 3, 3))
    before = repr(state.view(None)), repr(state.view(0))
    assert state.legal_actions(1) == []
    with pytest.raises(IllegalAction, match="turn"):  # seat 1 has chosen for this roll
        state.apply(1, Place(2, 6, 3, 3))
    with pytest.raises(IllegalAction, match="differ"):
        state.apply(0, Place(2, 3, 6, 3))
    with pytest.raises(IllegalAction, match="path order"):
        state.apply(0, Place(2, 6, 3, 4))
    with pytest.raises(IllegalAction, match="each die once"):
        state.apply(0, Place(2, 6, 6, 3))
    with pytest.raises(IllegalAction, match="no X"):
        state.apply(0, PlaceX(4, 4))
    assert (repr(state.view(None)), repr(state.view(0))) == before


# -- 4.3 placement choice ------------------------------------------------------------------------
def test_area_and_write_die_may_show_the_same_value() -> None:
    state = position(dice=(1, 1, 5))
    assert Place(1, 1, 5, 2) in state.legal_actions(0)


def test_each_choice_is_listed_once_even_with_three_equal_dice() -> None:
    moves = placements(blank_sheet(), (3, 3, 3))
    assert moves == [Place(3, 3, 3, s) for s in range(1, 6)]


# -- 4.4 legality per area -----------------------------------------------------------------------
def test_x_matches_anything_in_pumpkins_and_skewers_and_differs_in_waterlilies() -> None:
    assert legal_spots(cells("X - - -"), 1, 5) == (2, 3, 4)
    assert legal_spots(cells("X X - - -"), 3, 6) == (3, 4, 5)
    assert legal_spots(cells("X - - - -"), 2, 6) == (2,)
    assert legal_spots(cells("X - X X -"), 3, 2) == (2, 5)


def test_mushroom_only_the_immediate_predecessor_counts() -> None:
    row = cells("3 X 5 - -")
    assert {v for v in range(1, 7) if legal_spots(row, 6, v)} == {4, 6}


def test_mushroom_6_may_follow_1() -> None:
    assert legal_spots(cells("1 - - - -"), 6, 6) == (2,)


def test_burrow_upper_spot_needs_both_supports_and_x_supports() -> None:
    assert 4 not in legal_spots(cells("1 - - - - -"), 5, 3)
    assert 4 in legal_spots(cells("1 X - - - -"), 5, 3)
    assert 6 in legal_spots(cells("1 2 1 3 X -"), 5, 2)


def random_area(rng: random.Random, area: int) -> tuple[int, ...]:
    """A rule-abiding area grown by random legal writes and X marks."""
    row = (EMPTY,) * AREA_SPOTS[area]
    for _ in range(rng.randint(0, AREA_SPOTS[area])):
        if rng.random() < 0.2:
            spots = x_spots(row, area)
            mark = X
        else:
            mark = rng.randint(1, 6)
            spots = legal_spots(row, area, mark)
        if spots:
            spot = rng.choice(spots)
            row = (*row[:spot - 1], mark, *row[spot:])
    return row


def test_spot_problem_agrees_with_legal_spots_and_grown_areas_obey_the_rules() -> None:
    rng = random.Random(2024)
    for _ in range(400):
        area = rng.randint(1, 6)
        row = random_area(rng, area)
        assert sheet_area_problems(row, area) == []
        for value in range(1, 7):
            legal = legal_spots(row, area, value)
            for spot in range(1, AREA_SPOTS[area] + 1):
                problem = spot_problem(row, area, spot, value)
                assert (problem is None) == (spot in legal), (row, area, spot, value, problem)


# -- 4.5 / 4.6 leaf step -------------------------------------------------------------------------
def test_without_placement_any_die_may_go_to_the_leaves() -> None:
    blocked = sheet(a1="1 1 2 2", a3="3 3 6 6 6", a5="1 2 1 3 4 1")
    state = position(dice=(1, 3, 5), sheets=[blocked], totals=[6], round_number=2)
    assert state.legal_actions(0) == [LeafOnly(1), LeafOnly(3), LeafOnly(5)]
    with pytest.raises(IllegalAction, match="no die shows 2"):
        state.check(0, LeafOnly(2))
    state.apply(0, LeafOnly(5))
    assert state.leaves[0] == (6, 11)
    assert state.pending_x  # the leaf-only choice still earns the X (edge case 3)


def test_every_choice_fills_exactly_one_leaf() -> None:
    state = GAME.new_state(2, seed=3)
    for _ in range(6):
        seat = state.to_act()[0]
        count = len(state.leaves[seat])
        state.apply(seat, state.legal_actions(seat)[-1])
        while state.pending_x:
            state.apply(seat, state.legal_actions(seat)[0])
        assert len(state.leaves[seat]) == count + 1


# -- 4.7 X ---------------------------------------------------------------------------------------
def test_a_pending_x_keeps_the_same_seat_and_blocks_other_choices() -> None:
    state = position(2, dice=(1, 1, 2), totals=[9, 9], round_number=3)
    state.apply(0, Place(1, 1, 2, 1))
    assert state.to_act() == (0, 1) and state.pending_x == {0}
    assert state.legal_actions(0) == [PlaceX(a, s) for a, s in all_x_spots(state.sheets[0])]
    assert state.view(1).chosen == () and not state.view(1).pending_x
    with pytest.raises(IllegalAction, match="X you earned"):
        state.apply(0, Place(1, 1, 2, 2))
    with pytest.raises(IllegalAction, match="no X"):
        state.apply(1, PlaceX(1, 3))
    with pytest.raises(IllegalAction):
        GAME.parse_action("x 7 1")
    state.apply(0, PlaceX(1, 3))
    assert state.to_act() == (1,) and not state.pending_x


def test_x_is_lost_on_a_full_sheet_house_rule() -> None:
    state = position(dice=(1, 2, 2), sheets=[FULL], totals=[9], round_number=3)
    assert state.legal_actions(0) == [LeafOnly(1), LeafOnly(2)]
    events = state.apply(0, LeafOnly(2))
    assert not state.pending_x and state.lost_x == [1]
    assert any("no room" in e.text_for(0) for e in events)
    assert state.sheets[0] == FULL and state.round == 4


# -- 4.8 first-fill ------------------------------------------------------------------------------
def test_one_seat_can_claim_two_areas_in_a_round_by_die_and_by_x() -> None:
    near = sheet(a4="1 2 3 4 5 -", a1="2 2 3 -")
    state = position(2, dice=(4, 6, 2), sheets=[near, sheet()], totals=[9, 5], round_number=3)
    state.apply(0, Place(4, 6, 2, 6))
    state.apply(0, PlaceX(1, 4))
    state.apply(1, Place(4, 6, 2, 6))
    assert state.claims[0] == (0,) and state.claims[3] == (0,)
    assert state.score_row(0)[6] == 6


def test_later_seat_completing_in_the_same_round_also_claims() -> None:
    near = sheet(a4="1 2 3 4 5 -")
    state = position(2, dice=(4, 6, 1), sheets=[sheet(), near], totals=[5, 5], round_number=2)
    state.apply(0, Place(1, 6, 4, 1))
    state.apply(1, Place(4, 6, 1, 6))
    assert state.claims[3] == (1,)
    view = state.view(0)
    assert view.claims[3] == (1,)


# -- 4.9 end -------------------------------------------------------------------------------------
def test_game_always_ends_by_round_20() -> None:
    game_state = GAME.new_state(2, seed=99)
    while not game_state.is_over():
        seat = game_state.to_act()[0]
        legal = game_state.legal_actions(seat)
        small = min(legal, key=lambda a: getattr(a, "leaf", 0))
        game_state.apply(seat, small)
    assert game_state.round <= MAX_ROUNDS
    assert all(len(row) == game_state.round <= LEAVES for row in game_state.leaves)
    with pytest.raises(IllegalAction, match="over"):
        game_state.apply(0, LeafOnly(1))


# -- 5. scoring ----------------------------------------------------------------------------------
def test_half_pumpkins_and_incomplete_skewers_score_nothing_paths_score_per_spot() -> None:
    assert area_acorns(cells("4 - - 2"), 1) == 0
    assert area_acorns(cells("2 - 5 5 -"), 3) == 0
    assert area_acorns(cells("1 2 - - -"), 2) == 2
    assert area_acorns(cells("- - - 4 - -"), 4) == 2


def test_result_breakdown_has_the_eight_categories_and_sums_to_the_total() -> None:
    state = position(2, sheets=[FULL, sheet()])
    result = state.result()
    assert result.categories == CATEGORIES
    assert result.breakdown[0] == (6, 9, 8, 7, 11, 10, 0, 0)
    assert result.totals == (51, 0) and result.winners == (0,)


# -- notation, views, copies ---------------------------------------------------------------------
@pytest.mark.parametrize(
    "text, action",
    [("place area=5 write=3 leaf=2 spot=4", Place(5, 3, 2, 4)), ("leaf 6", LeafOnly(6)),
     ("x 2 3", PlaceX(2, 3))],
)
def test_notation_round_trips(text: str, action: object) -> None:
    assert GAME.parse_action(text) == action
    assert str(action) == text


@pytest.mark.parametrize("text", ["", "place area=5 write=3", "leaf 7", "x 1", "place area=0 "
                                  "write=1 leaf=1 spot=1", "pass"])
def test_unreadable_notation_is_refused(text: str) -> None:
    with pytest.raises(IllegalAction):
        GAME.parse_action(text)


def test_view_lists_options_only_for_seats_yet_to_choose() -> None:
    state = GAME.new_state(2, seed=4)
    assert state.view(0).legal == tuple(state.legal_actions(0))
    assert state.view(1).legal == tuple(state.legal_actions(1)) != ()
    assert state.view(None).legal == ()
    state.apply(1, state.legal_actions(1)[0])
    assert state.view(1).legal == () and state.view(1).sheets[1] == state.sheets[1]
    assert "{seat0}" in state.prompt(1)


def test_clone_is_independent_and_rolls_the_same_future() -> None:
    state = GAME.new_state(1, seed=8)
    twin = state.clone()
    twin.apply(0, twin.legal_actions(0)[0])
    assert state.leaves == [()] and state.round == 1
    state.apply(0, state.legal_actions(0)[0])
    assert twin.dice == state.dice and twin.sheets == state.sheets


def test_invariants_catch_a_corrupted_sheet_and_a_skipped_leaf() -> None:
    state = GAME.new_state(2, seed=6)
    state.apply(0, state.legal_actions(0)[0])
    assert state.invariant_violations() == []
    broken = state.clone()
    broken.sheets[1] = sheet(a4="- 5 - - - -")
    problems = broken.invariant_violations()
    assert any("mug 2 holds 5" in p for p in problems)
    assert any("1 values written in 0 choices" in p for p in problems)
    skipped = state.clone()
    skipped.leaves[0] = ()
    assert any("0 leaves after 1 choices" in p for p in skipped.invariant_violations())


def test_the_view_says_why_a_die_cannot_take_a_role() -> None:
    state = position(dice=(2, 2, 6), sheets=[sheet(a2="2 - - - -", a6="5 - - - -")])
    view = state.view(0)
    assert str(view.why_not_die(0, 1)) == "2 is already a waterlily (waterlilies must all differ)"
    assert view.why_not_die(0) is None  # the 6 may be written in waterlily 2
    reason = "after mushroom 5 the next one must be 4 or 6"
    assert str(view.why_not_die(2, 0)) == str(view.why_not_die(2, 1)) == reason
    assert str(view.why_not_die(2)) == reason  # said once although both write dice fail
    full = position(dice=(4, 4, 4), sheets=[sheet(a4="1 2 3 4 5 6")])
    assert full.view(0).blocked == ()  # nothing fits: the leaf-only choice, no die reasons
    assert all(isinstance(a, LeafOnly) for a in full.view(0).legal)
    blocked = position(dice=(4, 1, 1), sheets=[sheet(a4="1 - - - - -")])
    assert str(blocked.view(0).why_not_die(0)) == "mug 1 is already filled (mug 1 takes only a 1)"
    assert blocked.view(0).why_not_die(1) is None


def test_the_view_carries_first_fill_standings_and_subtotals() -> None:
    state = position(2, dice=(4, 4, 1), sheets=[sheet(a4="1 2 3 - 5 6"), sheet()])
    state.apply(0, Place(4, 4, 1, 4))
    assert state.view(0).standings[0][3] == "due"  # full, claimed at round end
    assert state.view(1).standings[0][3] == "open"  # the others see it at round end
    state.apply(1, state.legal_actions(1)[0])
    view = state.view(None)
    assert view.standings[0][3] == "mine" and view.standings[1][3] == "missed"
    assert view.subtotals[0][3] == 7 + view.first_fill_bonus
    assert view.leaf_marks[0][0] == (11, "X", "open")


def test_saves_made_in_seat_order_replay_identically() -> None:
    """``old_saves.json`` holds random games recorded (rules version 1) when the seats still
    chose strictly one after another; they must replay to the same sheets and scores."""
    saved = json.loads((Path(__file__).parent / "old_saves.json").read_text("utf-8"))
    assert len(saved) == 4
    for game in saved:
        record = GameRecord.from_json(game["record"])
        assert record.rules_version == 1
        state = replay(GAME, record).state
        assert state.is_over() and state.round == game["round"]
        assert list(state.result().totals) == game["totals"]
        assert [list(row) for row in state.result().breakdown] == game["breakdown"]
        assert [list(map(list, s)) for s in state.sheets] == game["sheets"]
        assert [list(row) for row in state.leaves] == game["leaves"]
        assert [list(c) if c else None for c in state.claims] == game["claims"]

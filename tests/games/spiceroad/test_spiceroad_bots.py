"""Spice Road bots: always legal, every sequenced step settled, and normal beats random."""

from __future__ import annotations

import random

from tests.games.spiceroad.helpers import give_hand, new, set_caravan, set_point_row
from tulipgames.engine.bots import bot_move
from tulipgames.games.spiceroad.bots import (
    PlannerBot,
    cap,
    greedy_policy,
    plan,
    upgrade_results,
    upgrade_step,
)
from tulipgames.games.spiceroad.rules import GAME, Claim, Play, Times, Upgrade, UpgradeDone
from tulipgames.simulate import simulate


def test_upgrade_results_cover_every_outcome_of_upgrade_two() -> None:
    assert upgrade_results((3, 0, 0, 0), 2) == {(2, 1, 0, 0), (2, 0, 1, 0), (1, 2, 0, 0)}
    assert upgrade_results((0, 0, 0, 3), 2) == set()


def test_upgrade_step_walks_to_the_goal() -> None:
    assert upgrade_step([3, 0, 0, 0], (2, 0, 1, 0)) == Upgrade("Y")
    assert upgrade_step([2, 1, 0, 0], (2, 0, 1, 0)) == Upgrade("R")
    assert upgrade_step([2, 0, 1, 0], (2, 0, 1, 0)) == UpgradeDone()


def test_cap_returns_what_the_target_does_not_need() -> None:
    assert cap((6, 4, 2, 0), (0, 4, 0, 0)) == (4, 4, 2, 0)
    assert cap((1, 6, 4, 0), (0, 0, 0, 0)) == (0, 6, 4, 0)


def test_plan_finds_a_claim_now_and_a_trade_first() -> None:
    state = new(2)
    set_point_row(state, ["P01", "P02", "P03", "P04", "P05"])
    _, best, first, _ = plan(state, 0, (2, 2, 0, 0), ("S1", "S2"), ())
    assert (best, first) == (1, None)  # YYRR is affordable now
    _, best, first, reached = plan(state, 0, (4, 0, 0, 0), ("M11",), ())
    # YY→RR once gives YYRR for P01 with the gold coin (6+3 VP in 2 turns), which beats RRRR
    # for P04 (8 VP in 2 turns): the plan counts coins.
    assert (best, first, reached) == (1, ("play", "M11", "1"), (2, 2, 0, 0))


def test_planner_claims_an_affordable_card() -> None:
    state = new(2)
    card = state.point_row[0]
    from tulipgames.games.spiceroad.data import POINT_CARDS

    need = POINT_CARDS[card].need
    set_caravan(state, 0, *need)
    assert isinstance(PlannerBot(1).choose(state.clone(), 0), Claim)


def test_planner_settles_a_trade_count() -> None:
    state = new(2)
    set_caravan(state, 0, y=6)
    give_hand(state, 0, "M10")
    state.apply(0, Play("M10"))
    choice = PlannerBot(1).choose(state.clone(), 0)
    assert isinstance(choice, Times) and 1 <= choice.count <= 3


def test_bots_always_choose_legal_actions() -> None:
    rng = random.Random(4)
    for seats in (2, 5):
        state = GAME.new_state(seats, seats)
        bots = [GAME.make_bot("normal", 1), GAME.make_bot("random", 2)]
        steps = 0
        while not state.is_over() and steps < 600:
            seat = state.current
            action = bot_move(bots[seat % 2], state, seat, rng)
            assert action in state.legal_actions(seat)
            state.apply(seat, action)
            steps += 1
            rollout = greedy_policy(state, state.current, rng) if not state.is_over() else None
            assert rollout is None or rollout in state.legal_actions(state.current)


def test_hard_bot_with_an_iteration_budget_is_legal_and_reproducible() -> None:
    from tulipgames.games.spiceroad.bots import make_hard_bot

    state = GAME.new_state(2, 9)
    first = make_hard_bot(3, iterations=12).choose(state.clone(), state.current)
    again = make_hard_bot(3, iterations=12).choose(state.clone(), state.current)
    assert first == again and first in state.legal_actions(state.current)


def test_normal_beats_random() -> None:
    report = simulate(GAME, 2, 6, ["normal", "random"], seed=2)
    assert report.invariant_violations == 0 and report.replay_mismatches == 0
    assert report.wins["normal"] >= 5

"""The bots, the balance check of spec §2.10, the solo seed of the day and high scores."""

from __future__ import annotations

import datetime as dt
import random
import statistics
from collections import Counter

from tulipgames.engine.bots import RandomBot, bot_move
from tulipgames.engine.core import State
from tulipgames.games.flowershop.bots import FlowerSearchBot, GreedyBot, Worth
from tulipgames.games.flowershop.data import SOLO_LEVELS
from tulipgames.games.flowershop.rules import GAME, Pick, daily_seed, solo_level
from tulipgames.simulate import simulate


def test_balance_check_of_the_house_data() -> None:
    """§2.10: `tulipgames simulate flowershop --seats 1 --games 1000 --bots easy --seed 1`."""
    report = simulate(GAME, 1, 1000, ["easy"], seed=1, check=False)
    scores = report.scores["easy"]
    mean = statistics.fmean(scores)
    levels = Counter(solo_level(int(score)) for score in scores)
    assert 28 <= mean <= 31, mean
    assert set(levels) == {name for _, name in SOLO_LEVELS}, levels
    assert round(mean, 3) == 29.438  # the figure recorded in data.py and the docs


def test_levels_and_bands() -> None:
    assert [solo_level(s) for s in (27, 28, 29, 30, 31, 32, 34, 35, 36, 37, 50)] == [
        "Soil", "Seed", "Seed", "Sprout", "Sprout", "Bud", "Bud", "Flower", "Flower",
        "Bouquet", "Bouquet",
    ]
    assert solo_level(31, filler_scoring=True) == "Soil"
    assert solo_level(32, filler_scoring=True) == "Seed"
    assert solo_level(41, filler_scoring=True) == "Bouquet"


def play(state: State, bots: list, seed: int) -> State:
    rng = random.Random(seed)
    while not state.is_over():
        seat = state.to_act()[0]
        state.apply(seat, bot_move(bots[seat], state, seat, rng))
    return state


def test_easy_beats_random() -> None:
    report = simulate(GAME, 2, 20, ["easy", "random"], seed=3)
    assert report.wins["easy"] >= 18
    assert statistics.fmean(report.scores["easy"]) > statistics.fmean(report.scores["random"]) + 15
    assert report.invariant_violations == 0 and report.replay_mismatches == 0


def test_greedy_worth_follows_the_reference() -> None:
    state = GAME.new_state(2, 4)
    shop = state.shops[0]
    shop.spots[:3] = ["SR1", "SR2", "SR3"]
    worth = Worth(state, 0)
    assert worth("FL01") == 2.5  # fits SR1 (R×1, 2 petals): petals + 0.5
    assert worth("FL05") == 0.0  # rose ×2: no vase, no order
    assert worth("SA01") == 0.45 * 6  # the money is short of the hooks' need
    assert worth("BA01") == 0.6 * 2  # not affordable yet
    shop.money = 20
    assert Worth(state, 0)("BA01") == 2 - 0.2 * 2


def test_hard_bot_is_reproducible_and_legal() -> None:
    first = play(GAME.new_state(1, 9), [FlowerSearchBot(iterations=12, seed=1)], seed=2)
    again = play(GAME.new_state(1, 9), [FlowerSearchBot(iterations=12, seed=1)], seed=2)
    assert first.result() == again.result()
    assert first.invariant_violations() == []


def test_hard_bot_sees_only_its_view() -> None:
    """A pick chosen by the hard bot comes from its own hand, whatever the other hands hold."""
    state = GAME.new_state(3, 12)
    bot = FlowerSearchBot(iterations=8, seed=3)
    action = bot_move(bot, state, 1, random.Random(1))
    assert isinstance(action, Pick) and action.card in state.shops[1].hand


def test_random_and_easy_finish_four_seat_games() -> None:
    state = play(GAME.new_state(4, 13), [RandomBot(1), GreedyBot(), RandomBot(2), GreedyBot()], 5)
    assert state.is_over() and state.invariant_violations() == []


def test_daily_seed_is_the_same_all_day_and_differs_by_day() -> None:
    day = dt.date(2026, 11, 30)
    assert daily_seed(day) == daily_seed(dt.date(2026, 11, 30))
    assert daily_seed(day) != daily_seed(day + dt.timedelta(days=1))
    assert GAME.new_state(1, daily_seed(day)).piles == GAME.new_state(1, daily_seed(day)).piles

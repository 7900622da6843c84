"""Bots: the search bot must beat random play, and only sees what its seat may know."""

from __future__ import annotations

from tests.engine.toygame import NIM, NimState
from tulipgames.engine.bots import SearchBot, ThinkTimer, outcome_values
from tulipgames.engine.core import Action, State
from tulipgames.simulate import simulate


def test_outcome_values_prefer_winning_and_margins() -> None:
    values = outcome_values((10.0, 4.0, 4.0))
    assert values[0] > values[1] == values[2]
    assert outcome_values((30.0,))[0] > outcome_values((10.0,))[0]


def test_search_finds_the_winning_nim_move() -> None:
    state = NIM.new_state(2, seed=1, options={"pile": 5})
    bot = SearchBot(iterations=600, seed=3)
    move = bot.choose(state, 0)
    assert str(move) == "take 1", "leaving 4 stones is the only winning move"


def test_search_bot_beats_random_in_simulation() -> None:
    report = simulate(NIM, seats=2, games=30, levels=["hard", "random"], seed=9)
    assert report.wins["hard"] > 20
    assert report.invariant_violations == 0 and report.replay_mismatches == 0


class SpyBot:
    level = "spy"

    def __init__(self) -> None:
        self.seen: list[list[int]] = []

    def choose(self, state: State, seat: int) -> Action:
        assert isinstance(state, NimState)
        self.seen.append(list(state.bonus))
        return state.legal_actions(seat)[0]


def test_bots_never_see_other_seats_hidden_cards() -> None:
    import random

    from tulipgames.engine.bots import bot_move

    state = NIM.new_state(3, seed=21)
    spy = SpyBot()
    rng = random.Random(1)
    for _ in range(30):
        bot_move(spy, state, 0, rng)
    assert all(seen[0] == state.bonus[0] for seen in spy.seen)
    assert any(seen[1:] != state.bonus[1:] for seen in spy.seen)


def test_think_timer_percentiles() -> None:
    timer = ThinkTimer([0.1 * i for i in range(1, 21)])
    assert round(timer.percentile(50), 6) == 1.0
    assert round(timer.percentile(95), 6) == 1.9


def test_make_bot_gives_random_and_refuses_unknown_levels() -> None:
    import pytest

    from tulipgames.engine.bots import RandomBot

    assert isinstance(NIM.make_bot("random", seed=1), RandomBot)
    assert isinstance(NIM.make_bot("hard", seed=1), SearchBot)
    with pytest.raises(ValueError, match=r"no bot level 'normal' \(levels: random, hard\)"):
        NIM.make_bot("normal")

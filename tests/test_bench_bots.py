"""``bot_move`` skips re-dealing for a bot that reads only its legal actions."""

from __future__ import annotations

import random

from tulipgames import games
from tulipgames.engine.bots import RandomBot, SearchBot, bot_move
from tulipgames.engine.core import Action, State


class Recorder:
    """Wraps a bot and keeps the state objects it was handed."""

    def __init__(self, bot: RandomBot | SearchBot) -> None:
        self.bot = bot
        self.level = bot.level
        self.needs_state = getattr(bot, "needs_state", True)
        self.handed: list[State] = []

    def choose(self, state: State, seat: int) -> Action:
        self.handed.append(state)
        return self.bot.choose(state, seat)


def test_the_random_bot_gets_the_real_state_and_draws_nothing() -> None:
    state = games.get_game("giftoftulips").new_state(3, 4)
    seat = state.to_act()[0]
    rng = random.Random(9)
    untouched = random.Random(9)
    bot = Recorder(RandomBot(seed=1))
    action = bot_move(bot, state, seat, rng)
    assert bot.handed == [state] and bot.handed[0] is state
    assert action in state.legal_actions(seat)
    assert rng.random() == untouched.random()


def test_a_bot_that_reads_the_state_still_gets_a_redealt_copy() -> None:
    state = games.get_game("giftoftulips").new_state(3, 4)
    seat = state.to_act()[0]
    bot = Recorder(SearchBot(iterations=2, seed=1))
    bot_move(bot, state, seat, random.Random(9))
    assert bot.handed[0] is not state

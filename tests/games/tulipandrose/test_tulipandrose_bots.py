"""Tulip & Rose bots: the normal bot's valuation rules and the hard bot's legality."""

from __future__ import annotations

import random

from tests.games.tulipandrose.helpers import auction, table
from tulipgames.engine.bots import bot_move
from tulipgames.games.tulipandrose.bots import NormalBot, bid_choice, hard_bot, sell_or_keep
from tulipgames.games.tulipandrose.rules import GAME, Assign, Bid, Keep, Pass, Sell, TulipState
from tulipgames.simulate import simulate

ANA, BEN, CLEO = 0, 1, 2


def won_auction(bouquet: tuple[str, ...], high: int) -> TulipState:
    """Ben sells ``bouquet``; Cleo won it at ``high``."""
    state = auction(
        table(3, merchants=[1, 3, 4], special_orders=False),
        seller=BEN,
        bouquets=(bouquet,),
        florins=[30, 30, 30],
    )
    state.apply(CLEO, Bid(high))
    state.apply(ANA, Pass())
    return state


def test_seller_keeps_a_valuable_bouquet_bought_cheaply() -> None:
    state = won_auction(("T5", "R4", "L3", "I2", "C1", "H1", "S4"), high=4)
    assert sell_or_keep(state, BEN) == Keep()


def test_seller_sells_weeds_at_any_price() -> None:
    state = won_auction(("W-1", "W-1", "W-1"), high=6)
    assert sell_or_keep(state, BEN) == Sell()


def test_bidder_raises_by_one_while_the_bouquet_is_worth_more() -> None:
    state = auction(
        table(3, merchants=[1, 3, 4], special_orders=False),
        seller=BEN,
        bouquets=(("T5", "R4", "L3", "S4"),),
    )
    assert bid_choice(state, CLEO) == Bid(1)
    state.apply(CLEO, Bid(40))
    assert bid_choice(state, ANA) == Pass()
    weeds = auction(table(3, merchants=[1, 3, 4]), seller=BEN, bouquets=(("W-1", "W-1"),))
    assert bid_choice(weeds, CLEO) == Pass()


def test_normal_bot_splits_step_by_step() -> None:
    state = GAME.new_state(3, 8)
    bot = NormalBot(1)
    seller = state.to_act()[0]
    for card in range(1, len(state.revealed) + 1):
        action = bot.choose(state, seller)
        assert isinstance(action, Assign) and action.card == card
        assert action in state.legal_actions(seller)
        state.apply(seller, action)
    state.apply(seller, bot.choose(state, seller))
    assert state.phase == "auction"


def test_hard_bot_plays_legal_reproducible_moves() -> None:
    state = GAME.new_state(3, 9)
    rng = random.Random(0)
    moves = 0
    while state.phase != "decide" and moves < 40:
        seat = state.to_act()[0]
        first = bot_move(hard_bot(seed=5, iterations=16), state, seat, random.Random(moves))
        again = bot_move(hard_bot(seed=5, iterations=16), state, seat, random.Random(moves))
        assert first == again
        assert first in state.legal_actions(seat)
        state.apply(seat, first if moves % 2 == 0 else rng.choice(state.legal_actions(seat)))
        moves += 1


def test_normal_beats_random() -> None:
    report = simulate(GAME, 3, 6, ["normal", "random"], seed=40)
    assert report.wins["normal"] >= 5
    assert report.invariant_violations == 0 and report.replay_mismatches == 0

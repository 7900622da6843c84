"""Tulip & Rose bots: the normal bot's valuation rules, its play over whole games (no degenerate
bidding) and the hard bot's legality."""

from __future__ import annotations

import random
import time
from typing import Any

from tests.games.tulipandrose.helpers import auction, table
from tulipgames.engine.bots import bot_move
from tulipgames.engine.core import Action, State
from tulipgames.games.tulipandrose.bots import (
    HardBot,
    NormalBot,
    another_world,
    bid_choice,
    hard_bot,
    sell_or_keep,
    worth,
)
from tulipgames.games.tulipandrose.rules import (
    GAME,
    Assign,
    Bid,
    Keep,
    Pass,
    Sell,
    SplitDone,
    TulipState,
)
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


def new(seats: int, seed: int) -> TulipState:
    """A new game, typed as this game's state."""
    state = GAME.new_state(seats, seed)
    assert isinstance(state, TulipState)
    return state


def test_normal_bot_splits_step_by_step() -> None:
    state = new(3, 8)
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
    state = new(3, 9)
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


def test_the_hard_budget_stops_at_its_world_cap_and_never_begins_a_late_world() -> None:
    state = new(2, 9)
    while not (state.phase == "decide" and Keep() in state.legal_actions(state.to_act()[0])):
        assert not state.is_over()
        seat = state.to_act()[0]
        state.apply(seat, NormalBot(seat).choose(state, seat))
    seat = state.to_act()[0]
    view = state.determinize(seat, random.Random(2))
    assert isinstance(view, TulipState)
    capped = HardBot(seed=1, seconds=60.0, worlds=5)
    capped.choose(view, seat)
    assert capped.last_iterations == 5
    no_time = HardBot(seed=1, seconds=0.0)
    assert no_time.choose(view, seat) == sell_or_keep(view, seat)
    assert no_time.last_iterations == 0
    now = time.perf_counter()
    # four worlds took 100 s: a fifth would end at 125 s
    assert not another_world(4, now - 100, now - 100, 120.0, 200)
    assert another_world(4, now - 100, now - 100, 130.0, 200)
    assert not another_world(200, now, now, 130.0, 200)


def test_normal_beats_random() -> None:
    report = simulate(GAME, 3, 6, ["normal", "random"], seed=40)
    assert report.wins["normal"] >= 5
    assert report.invariant_violations == 0 and report.replay_mismatches == 0


def duel_auction(bouquet: tuple[str, ...]) -> TulipState:
    """Two seats: Ben sells ``bouquet`` and Ana is the only bidder."""
    return auction(
        table(2, merchants=[1, 3], special_orders=False),
        seller=1,
        bouquets=(bouquet,),
        florins=[30, 30],
    )


def test_lone_bidder_bids_more_for_a_richer_bouquet() -> None:
    """At two seats one bid ends the auction, so the bid must price the bouquet: a seven-card
    bouquet is worth far more than one flower, and the opening minimum would let the Seller keep
    it for 1."""
    rich = duel_auction(("T5", "R4", "L3", "I2", "C1", "H1", "S4"))
    poor = duel_auction(("T1",))
    weeds = duel_auction(("W-1", "W-1", "W-1"))
    rich_bid, poor_bid = bid_choice(rich, 0), bid_choice(poor, 0)
    assert isinstance(rich_bid, Bid) and isinstance(poor_bid, Bid)
    assert rich_bid.amount > poor_bid.amount + 5
    assert rich_bid.amount > worth(rich, 0, rich.bouquets[0]) / 4
    # Passing a weed bouquet hands it to the Seller, who must take it for free.
    assert bid_choice(weeds, 0) == Pass()


def test_seller_keeps_a_rich_bouquet_bid_low_and_sells_one_bid_high() -> None:
    bouquet = ("T5", "R4", "L3", "I2", "C1", "H1", "S4")
    low = duel_auction(bouquet)
    low.apply(0, Bid(2))
    assert sell_or_keep(low, 1) == Keep()
    high = duel_auction(bouquet)
    high.apply(0, Bid(50))
    assert sell_or_keep(high, 1) == Sell()


def self_play(seats: int, seed: int) -> list[tuple[TulipState, int, Action]]:
    """Every (state before, seat, action) of a game of normal bots."""
    state = new(seats, seed)
    bots = [NormalBot(seed * 10 + s) for s in range(seats)]
    moves = []
    while not state.is_over():
        seat = state.to_act()[0]
        action = bot_move(bots[seat], state, seat, random.Random(seed))
        before = state.clone()
        assert isinstance(before, TulipState)
        moves.append((before, seat, action))
        state.apply(seat, action)
    return moves


def test_normal_uses_every_action_and_its_bids_follow_the_bouquets_worth() -> None:
    """Over a few two-seat games the normal bot splits, bids, passes, sells and keeps, its bids
    are not all one amount, and richer bouquets draw higher bids (rank correlation > 0.5)."""
    kinds: set[type] = set()
    pairs: list[tuple[float, int]] = []
    for seed in range(3):
        for before, seat, action in self_play(2, seed):
            kinds.add(type(action))
            if isinstance(action, Bid):
                pairs.append((worth(before, seat, before.bouquets[before.current]), action.amount))
    assert {Assign, SplitDone, Bid, Pass, Sell, Keep} <= kinds
    assert len({amount for _, amount in pairs}) > 3
    assert spearman(pairs) > 0.5


def spearman(pairs: list[tuple[float, int]]) -> float:
    """Spearman rank correlation (average ranks for ties)."""

    def ranks(values: list[float]) -> list[float]:
        order = sorted(range(len(values)), key=lambda i: values[i])
        out = [0.0] * len(values)
        i = 0
        while i < len(order):
            j = i
            while j + 1 < len(order) and values[order[j + 1]] == values[order[i]]:
                j += 1
            for k in range(i, j + 1):
                out[order[k]] = (i + j) / 2
            i = j + 1
        return out

    xs = ranks([float(x) for x, _ in pairs])
    ys = ranks([float(y) for _, y in pairs])
    n = len(pairs)
    mx, my = sum(xs) / n, sum(ys) / n
    cov = sum((x - mx) * (y - my) for x, y in zip(xs, ys, strict=True))
    var = (sum((x - mx) ** 2 for x in xs) * sum((y - my) ** 2 for y in ys)) ** 0.5
    return cov / var


class Spy:
    """Wraps a level's bot: records the state it is handed, then lets it choose (quickly)."""

    level = "spy"

    def __init__(self, bot: Any) -> None:
        self.bot = bot
        self.needs_state = getattr(bot, "needs_state", True)
        self.seen: list[TulipState] = []
        if hasattr(bot, "seconds"):
            bot.seconds = 0.02

    def choose(self, state: State, seat: int) -> Action:
        assert isinstance(state, TulipState)
        self.seen.append(state)
        return self.bot.choose(state, seat)


def test_every_level_sees_only_its_seats_view() -> None:
    """Every level (hard included) is handed a re-dealt copy: its own Special Orders as they
    are, the rivals' orders and the deck order re-dealt from what it cannot see."""
    for level in GAME.bot_levels:
        state = new(3, 14)
        rng = random.Random(3)
        while state.phase != "auction" or state.to_act()[0] != state.bid_order[0]:
            seat = state.to_act()[0]
            state.apply(seat, bot_move(NormalBot(seat), state, seat, rng))
        seat = state.to_act()[0]
        spy = Spy(GAME.make_bot(level, 5))
        for _ in range(8):
            bot_move(spy, state, seat, rng)
        if not spy.needs_state:
            assert spy.seen and all(seen is state for seen in spy.seen), level  # legal only
            continue
        assert all(seen is not state for seen in spy.seen)
        assert all(seen.orders[seat] == state.orders[seat] for seen in spy.seen)
        rivals = [s for s in range(3) if s != seat]
        assert any(
            [seen.orders[s] for s in rivals] != [state.orders[s] for s in rivals]
            for seen in spy.seen
        ), level
        assert any(seen.deck != state.deck for seen in spy.seen), level

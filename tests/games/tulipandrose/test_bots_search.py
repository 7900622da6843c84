"""Tulip & Rose hard bot: how it judges a playout's totals and where it spends its worlds."""

from __future__ import annotations

import random

from tests.games.tulipandrose.helpers import auction, table
from tests.games.tulipandrose.test_tulipandrose_bots import spearman
from tulipgames.engine.bots import bot_move
from tulipgames.games.tulipandrose.bots import (
    PRUNE_EVERY,
    HardBot,
    NormalBot,
    clearly_better,
    clearly_worse,
    hard_bot,
    sell_or_keep,
    standing,
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

ANA, BEN, CLEO = 0, 1, 2


def test_two_seats_judge_a_win_above_any_margin() -> None:
    narrow_win = standing([61.0, 60.0], 0)
    wide_loss = standing([60.0, 99.0], 0)
    assert narrow_win > standing([60.0, 60.0], 0) > wide_loss
    assert standing([80.0, 60.0], 0) > narrow_win


def test_four_seats_judge_the_place_when_every_line_is_lost() -> None:
    """Two losing lines are not equal: second place beats last, and a closer second beats a
    distant one."""
    second = standing([100.0, 120.0, 90.0, 80.0], 0)
    last = standing([70.0, 120.0, 90.0, 80.0], 0)
    close_second = standing([115.0, 120.0, 90.0, 80.0], 0)
    assert close_second > second > last
    assert standing([121.0, 120.0, 90.0, 80.0], 0) > close_second
    # a tie shares the places
    assert standing([100.0, 100.0, 90.0, 80.0], 0) == standing([100.0, 100.0, 90.0, 80.0], 1)


def test_clearly_worse_needs_a_steady_loss_not_one_bad_world() -> None:
    base = [1.0, 0.0, 1.0, 0.0, 1.0, 0.0, 1.0, 0.0]
    steady = [b - 0.3 for b in base]
    one_bad = [*base[:-1], base[-1] - 2.0]
    assert clearly_worse(steady, base)
    assert not clearly_worse(one_bad, base)
    assert not clearly_worse(base[:1], base[:1])
    assert clearly_better([base, steady]) == 0
    assert clearly_better([steady, base]) == 1


def test_the_search_stops_once_only_the_normal_move_is_left() -> None:
    """Keeping three weeds for half of 6 florins is worse in every world: after the first
    ``PRUNE_EVERY`` worlds nothing but the sale is left to weigh, so the search stops there."""
    state = auction(
        table(3, merchants=[1, 3, 4], special_orders=False),
        seller=BEN,
        bouquets=(("W-1", "W-1", "W-1"),),
        florins=[30, 30, 30],
    )
    state.apply(CLEO, Bid(6))
    state.apply(ANA, Pass())
    assert isinstance(state, TulipState)
    assert sell_or_keep(state, BEN) == Sell()
    bot = HardBot(seed=3, iterations=10 * PRUNE_EVERY)
    view = state.determinize(BEN, random.Random(1))
    assert bot.choose(view, BEN) == Sell()
    assert bot.last_iterations == PRUNE_EVERY


def test_hard_at_four_seats_uses_every_action_and_bids_up_to_the_bouquets_worth() -> None:
    """Judging four-seat playouts by place must not make ``hard`` degenerate: alone against
    three normal bots over two games it splits, bids, passes, sells and keeps, and the highest
    bid it reaches in an auction rises with the bouquet's worth to it (rank correlation > 0.5)."""
    kinds: set[type] = set()
    top: dict[tuple[int, int, int], tuple[float, int]] = {}
    for seed in (1, 2):
        state = GAME.new_state(4, seed)
        assert isinstance(state, TulipState)
        bots = [hard_bot(seed=seed, iterations=12)] + [NormalBot(seed * 10 + s) for s in (1, 2, 3)]
        while not state.is_over():
            seat = state.to_act()[0]
            action = bot_move(bots[seat], state, seat, random.Random(seed))
            if seat == 0:
                kinds.add(type(action))
                if isinstance(action, Bid):
                    bouquet = state.bouquets[state.current]
                    top[(seed, state.round, state.current)] = (
                        worth(state, 0, bouquet),
                        action.amount,
                    )
            state.apply(seat, action)
    assert {Assign, SplitDone, Bid, Pass, Sell, Keep} <= kinds
    assert len({amount for _, amount in top.values()}) > 5
    assert spearman(list(top.values())) > 0.5

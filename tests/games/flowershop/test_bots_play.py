"""Flower Shop bots: no degenerate drafting, and every level sees only its seat's view."""

from __future__ import annotations

import random
from collections import Counter

from tulipgames.engine.bots import bot_move
from tulipgames.engine.core import Action, State
from tulipgames.games.flowershop.bots import DENIAL, DraftBot, GreedyBot, denying_pick
from tulipgames.games.flowershop.rules import GAME, Buy, FlowerShopState, Pick, Place, Sell, kind


def drafted(bots: list, seats: int, seed: int) -> tuple[Counter, Counter]:
    """Card kinds picked by seat 0 and the kinds of seat 0's use-step actions, one game."""
    state = GAME.new_state(seats, seed)
    assert isinstance(state, FlowerShopState)
    rng = random.Random(seed)
    picks: Counter = Counter()
    uses: Counter = Counter()
    while not state.is_over():
        seat = state.to_act()[0]
        action = bot_move(bots[seat], state, seat, rng)
        if seat == 0:
            if isinstance(action, Pick):
                picks[kind(action.card)] += 1
            uses[type(action).__name__] += 1
        state.apply(seat, action)
    return picks, uses


def test_no_level_drafts_degenerately() -> None:
    """Over two games each level picks every kind of card (flower, vase, basket, salary and
    order) and uses them: it places flowers, sells with orders and buys baskets. A bot that
    always took the first card, or never took baskets or orders, fails here."""
    for level in ("easy", "hard"):
        picks: Counter = Counter()
        uses: Counter = Counter()
        for seed in (21, 22):
            bots = [GAME.make_bot(level, seed), GAME.make_bot("easy", seed + 1)]
            p, u = drafted(bots, 2, seed)
            picks += p
            uses += u
        assert set(picks) == {"flower", "vase", "basket", "salary", "order"}, (level, picks)
        assert max(picks.values()) < sum(picks.values()) * 0.7, (level, picks)
        for used in (Place, Sell, Buy):
            assert uses[used.__name__] >= 1, (level, used, uses)


class Spy:
    """Wraps a bot and records every state it is handed."""

    def __init__(self, inner: object) -> None:
        self.inner = inner
        self.level = getattr(inner, "level", "?")
        self.needs_state = getattr(inner, "needs_state", True)
        self.seen: list[State] = []

    def choose(self, state: State, seat: int) -> Action:
        self.seen.append(state)
        return self.inner.choose(state, seat)  # type: ignore[attr-defined]


def test_every_level_sees_only_its_view() -> None:
    """Each level is handed its own hand as it is, and other hands re-dealt (or, for a bot
    that reads only its legal actions, nothing but the real position)."""
    for level in GAME.bot_levels:
        state = GAME.new_state(4, 12)
        assert isinstance(state, FlowerShopState)
        spy = Spy(GAME.make_bot(level, 3))
        rng = random.Random(1)
        for _ in range(4):
            action = bot_move(spy, state, 1, rng)
            assert action in state.legal_actions(1)
            assert not isinstance(action, Pick) or action.card in state.shops[1].hand
        if not spy.needs_state:
            continue
        for seen in spy.seen:
            assert seen is not state
            assert isinstance(seen, FlowerShopState)
            assert seen.shops[1].hand == state.shops[1].hand
            assert seen.view(1) == state.view(1)
        others = [
            [seen.shops[s].hand for s in (0, 2, 3)]
            for seen in spy.seen
            if isinstance(seen, FlowerShopState)
        ]
        assert any(o != [state.shops[s].hand for s in (0, 2, 3)] for o in others), level


def test_hard_denies_the_neighbour_the_card_it_needs() -> None:
    """Two cards worth nothing to Red: the greedy bot takes the first, hard takes the rose
    bouquet that would fill Blue's empty 5-petal rose vase, and keeps it from Blue."""
    state = GAME.new_state(2, 4)
    assert isinstance(state, FlowerShopState)
    red, blue = state.shops
    red.spots[:3] = ["SR1", "SR2", "SR3"]
    blue.spots[:4] = ["SB1", "SB2", "SB3", "VA12"]
    red.hand = ["FL19", "FL09"]  # tulip ×3, rose ×3: no vase of Red's fits either
    assert state.pass_target(0) == 1
    assert denying_pick(state, 0, 0.0) == "FL19"
    assert denying_pick(state, 0, DENIAL[2]) == "FL09"
    assert GreedyBot().choose(state, 0) == Pick("FL19")
    assert DraftBot(1).choose(state, 0) == Pick("FL09")

"""Flower Shop bots: no degenerate drafting, and every level sees only its seat's view."""

from __future__ import annotations

import random
from collections import Counter

from tulipgames.engine.bots import bot_move
from tulipgames.engine.core import Action, State
from tulipgames.games.flowershop.bots import DraftBot, DraftMemory, GreedyBot, greedy_action, redeal
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


def late_position() -> FlowerShopState:
    """Two seats, round 3, pick 6: Red holds a tulip ×3 and a rose ×3 and no vase for either;
    Blue has an empty rose ×3 vase (VA12, 5 petals). Every card comes out of the deck, so no
    card is in two places."""
    state = GAME.new_state(2, 4)
    assert isinstance(state, FlowerShopState)

    for shop in state.shops:  # the deal goes back: the hands below are chosen
        state.deck.extend(shop.hand)
        shop.hand = []

    def take(card: str) -> str:
        state.deck.remove(card)
        return card

    state.round, state.step = 3, 6
    red, blue = state.shops
    blue.spots[3] = take("VA12")
    red.hand = [take("FL19"), take("FL09")]
    blue.hand = [take("OR01"), take("SA01")]
    return state


def test_hard_denies_the_neighbour_the_card_it_needs() -> None:
    """Both cards are worth nothing to Red, so the greedy bot takes the first. Hard plays both
    picks out and sees that the rose ×3 passed on fills Blue's 5-petal vase: it keeps it."""
    state = late_position()
    assert GreedyBot().choose(state, 0) == Pick("FL19")
    assert DraftBot(1, samples=6, draft_seconds=60).choose(state, 0) == Pick("FL09")


def test_hard_takes_the_card_its_own_shop_needs() -> None:
    """Give Red the rose ×3 vase instead: the rose ×3 fills it (5 petals), so hard takes it."""
    state = late_position()
    red, blue = state.shops
    red.spots[3], blue.spots[3] = blue.spots[3], None
    red.hand.reverse()
    assert DraftBot(2, samples=6, draft_seconds=60).choose(state, 0) == Pick("FL09")


def test_memory_works_out_the_hands_passed_on() -> None:
    """Seat 0 notes its own hands and the reveals only; from them it names every card another
    seat holds (hand and face-down pick) for each seat its passed hands have reached: one seat
    at pick 2, two at pick 3, all three from pick 4 on, in both pass directions."""
    state = GAME.new_state(4, 8)
    assert isinstance(state, FlowerShopState)
    memory = DraftMemory()
    checked = 0
    while state.round < 3:
        for seat in state.to_act():
            if state.phase == "pick" and seat == 0:
                memory.record(state, 0)
                known = memory.known_hands(state, 0)
                assert len(known) == min(state.step - 1, 3)
                for other, cards in known.items():
                    shop = state.shops[other]
                    held = shop.hand + ([shop.pick] if shop.pick else [])
                    assert sorted(cards) == sorted(held), (state.round, state.step, other)
                    checked += 1
            state.apply(seat, greedy_action(state, seat))
    assert checked == 2 * (1 + 2 + 3 * 4)


def test_redeal_keeps_the_known_hands_and_hides_the_rest() -> None:
    """A re-deal keeps seat 0's hand and the hands it knows, and shuffles the others."""
    state = GAME.new_state(4, 8)
    assert isinstance(state, FlowerShopState)
    memory = DraftMemory()
    while not (state.phase == "pick" and state.step == 3):
        for seat in state.to_act():
            if state.phase == "pick" and seat == 0:
                memory.record(state, 0)
            state.apply(seat, greedy_action(state, seat))
    memory.record(state, 0)
    known = memory.known_hands(state, 0)
    assert set(known) == {1, 2}
    rng = random.Random(5)
    deals = [redeal(state, 0, known, rng) for _ in range(6)]
    for deal in deals:
        assert deal.shops[0].hand == state.shops[0].hand
        for seat in (1, 2):
            assert sorted(deal.shops[seat].hand) == sorted(state.shops[seat].hand)
        assert deal.invariant_violations() == []
    assert any(deal.shops[3].hand != state.shops[3].hand for deal in deals)

"""Computer players for The Little Flower Shop.

* ``easy`` — :class:`GreedyBot`, the spec's reference greedy bot (section 2.10): it values every
  card in Flower Power given its own shop, picks or keeps by that worth, and tidies up after each
  card (place, buy, sell, trash on overflow).
* ``hard`` — :class:`DraftBot`: in a draft, flat Monte Carlo: each distinct pick is played out
  to the end of the game on re-dealt copies of the hidden cards (keeping the hands it can work
  out from what it passed on, :class:`DraftMemory`), every seat playing the greedy bot, and the
  pick that ends furthest ahead of the best rival wins.
  Alone it uses :class:`FlowerSearchBot`, the engine's :class:`SearchBot` (determinized Monte
  Carlo tree search) over :class:`DecisionState`: a view of the game whose only moves are the
  keep / discard / draw decisions, with every use step played by the greedy tidy-up and greedy
  playouts, so search spends its time where choices matter.

Bots are handed determinized copies (``engine.bots.bot_move``), so they only know what the view
of their seat shows.
"""

from __future__ import annotations

import random
import time
from typing import Any

from tulipgames.engine.bots import SearchBot
from tulipgames.engine.core import Action, BotLevel, State
from tulipgames.games.flowershop.data import (
    BASKET_HOOKS,
    CARDS,
    FILLERS,
    PICKS,
    ROUNDS,
    SPOTS,
    STORAGE_MAX,
    SWAP_COST,
)
from tulipgames.games.flowershop.rules import (
    Buy,
    ChooseFiller,
    Discard,
    Done,
    Draw,
    FlowerShopState,
    Keep,
    Move,
    Pick,
    Place,
    Sell,
    Shop,
    Store,
    Swap,
    Trash,
    filler_counts,
    fits,
    flower_price,
    kind,
)
from tulipgames.i18n import N_

#: What a free hook is expected to cost while no basket is stored for it.
HOOK_NEED = 4.5


# -- the worth of a card (spec 2.10, step 1) ---------------------------------------------------
def money_weight(shop: Shop) -> float:
    """*m*: $1 is worth 0.45 FP while the shop lacks money for its free hooks, else 0.2."""
    stored = [c for c in shop.storage if kind(c) == "basket"]
    free = BASKET_HOOKS - len(shop.hooks)
    need = sum(CARDS[c].cost for c in stored) + HOOK_NEED * max(0, free - len(stored))
    return 0.45 if shop.money < need else 0.2


def unseen_cards(state: FlowerShopState, seat: int) -> list[str]:
    """Shop cards ``seat`` has not seen: the deck, other hands and picks, face-down piles."""
    cards = list(state.deck)
    for i, shop in enumerate(state.shops):
        if i != seat:
            cards.extend(shop.hand)
            cards.extend(c for c in (shop.pick, shop.swap_from) if c)
    for p, pile in enumerate(state.piles):
        first = 1 if (state.phase == "flip" and p == state.step - 1) else 0
        cards.extend(pile[first:])
    return cards


def picks_left(state: FlowerShopState) -> int:
    """*r*: the picks (or solo piles) still to come after the current one."""
    return (PICKS - state.step) + PICKS * (ROUNDS - state.round)


class Worth:
    """Card worths for one seat in one position (the unseen pool is counted once)."""

    def __init__(self, state: FlowerShopState, seat: int) -> None:
        self.state = state
        self.shop = state.shops[seat]
        self.m = money_weight(self.shop)
        self.full = len(self.shop.storage) >= STORAGE_MAX
        self._unseen: tuple[int, dict[tuple[str, int], int]] | None = None
        self.seat = seat

    def unseen(self) -> tuple[int, dict[tuple[str, int], int]]:
        """*u*, the cards not seen, and how many of them are flowers of each type and count."""
        if self._unseen is None:
            cards = unseen_cards(self.state, self.seat)
            flowers: dict[tuple[str, int], int] = {}
            for card in cards:
                info = CARDS[card]
                if info.kind == "flower":
                    key = (info.flower, info.count)
                    flowers[key] = flowers.get(key, 0) + 1
            self._unseen = (len(cards), flowers)
        return self._unseen

    def __call__(self, card: str) -> float:
        k = kind(card)
        if k == "flower":
            return self.flower(card)
        if k == "vase":
            return self.vase(card)
        if k == "basket":
            return self.basket(card)
        if k == "salary":
            return CARDS[card].amount * self.m
        return self.order()

    def flower(self, card: str) -> float:
        shop = self.shop
        open_fits = [
            CARDS[v].petals
            for v, f in zip(shop.spots, shop.flowers, strict=True)
            if v is not None and f is None and fits(card, v)
        ]
        if open_fits:
            return max(open_fits) + 0.5
        if shop.empty_spots() and any(
            kind(c) == "vase" and fits(card, c) for c in shop.storage
        ):
            return 1.0
        if any(kind(c) == "order" for c in shop.storage):
            return flower_price(card) * self.m
        return -0.5 if self.full else 0.0

    def vase(self, card: str) -> float:
        shop = self.shop
        if not shop.empty_spots():
            return -0.5 if self.full else -0.2
        petals = CARDS[card].petals
        if any(kind(c) == "flower" and fits(c, card) for c in shop.storage):
            return petals + 0.5
        u, flowers = self.unseen()
        need = CARDS[card]
        k = sum(n for (flower, count), n in flowers.items()
                if count == need.count and need.flower in ("*", flower))
        r = picks_left(self.state)
        p = min(0.95, 1 - (1 - k / u) ** (1.8 * r)) if u else 0.0
        return petals * p - 0.5 * (1 - p)

    def basket(self, card: str) -> float:
        shop = self.shop
        baskets = len(shop.hooks) + sum(1 for c in shop.storage if kind(c) == "basket")
        if baskets >= BASKET_HOOKS:
            return -0.5
        info = CARDS[card]
        if shop.money >= info.cost:
            return info.fp - 0.2 * info.cost
        return 0.6 * info.fp - (0.5 if self.full else 0.0)

    def order(self) -> float:
        stored = [c for c in self.shop.storage if kind(c) == "flower"]
        if stored:
            return 0.5 + max(flower_price(c) for c in stored) * self.m
        return 0.2 - (0.3 if self.full else 0.0)


# -- the reference greedy bot -----------------------------------------------------------------
def decide(state: FlowerShopState, seat: int) -> Action:
    """Spec 2.10 steps 2 and 3: the pick, swap, keep, discard or draw of the greedy bot."""
    shop = state.shops[seat]
    worth = Worth(state, seat)
    if state.phase == "pick":
        best = max(shop.hand, key=worth)
        if state.step == PICKS and worth(best) <= 0.3 and shop.money >= SWAP_COST and state.deck:
            return Swap()
        return Pick(best)
    card = state.flipped
    assert card is not None
    value, under = worth(card), state.under
    if under >= 3:
        return Keep() if value >= 2.0 else Discard()
    if under >= 1:
        return Keep() if value >= 1.0 else Discard()
    if value <= 0.3 and shop.money >= SWAP_COST and state.draw_allowed():
        return Draw()
    return Keep()


def tidy(state: FlowerShopState, seat: int) -> Action:
    """Spec 2.10 step 4: the next tidy-up action of a use step, ``done`` when nothing is left."""
    shop = state.shops[seat]
    empty = shop.empty_spots()
    if shop.using is not None:
        return use_card(shop, shop.using, empty)
    for card in shop.storage:
        if kind(card) == "vase" and empty:
            return Move(card, SPOTS[empty[0]])
    for card in sorted(shop.storage, key=lambda c: -CARDS[c].count):
        if kind(card) == "flower":
            spot = best_vase(shop, card)
            if spot is not None:
                return Move(card, SPOTS[spot])
    baskets = sorted((c for c in shop.storage if kind(c) == "basket"), key=lambda c: -CARDS[c].fp)
    for card in baskets:
        if len(shop.hooks) < BASKET_HOOKS and shop.money >= CARDS[card].cost:
            return Buy(card)
    orders = [c for c in shop.storage if kind(c) == "order"]
    if orders:
        flowers = sorted(
            (c for c in shop.storage if kind(c) == "flower"), key=lambda c: -CARDS[c].count
        )
        if flowers:
            return Sell(orders[0], (flowers[0],))
        if not empty:
            for card in shop.storage:
                if kind(card) == "vase":
                    return Sell(orders[0], (card,))
        if final_use(state):
            for vase, flower in zip(shop.spots, shop.flowers, strict=True):
                if vase is not None and flower is None:
                    return Sell(orders[0], (vase,))
    if len(shop.storage) > STORAGE_MAX:
        return Trash(least_useful(state, seat))
    return Done()


def use_card(shop: Shop, card: str, empty: list[int]) -> Action:
    """Use the revealed card: into the window if it fits, a basket bought if affordable."""
    k = kind(card)
    if k == "vase" and empty:
        return Place(card, SPOTS[empty[0]])
    if k == "flower":
        spot = best_vase(shop, card)
        if spot is not None:
            return Place(card, SPOTS[spot])
    if k == "basket" and len(shop.hooks) < BASKET_HOOKS and shop.money >= CARDS[card].cost:
        return Buy(card)
    return Store(card)


def best_vase(shop: Shop, flower: str) -> int | None:
    """The spot of the highest-petal empty window vase the flower fits, if any."""
    best: int | None = None
    best_petals = 0
    for i, vase in enumerate(shop.spots):
        if vase is None or shop.flowers[i] is not None or not fits(flower, vase):
            continue
        petals = CARDS[vase].petals
        if best is None or petals > best_petals:
            best, best_petals = i, petals
    return best


def final_use(state: FlowerShopState) -> bool:
    """The use step of the game's last card: the last chance before cleanup."""
    last = 7 if state.solo else PICKS
    return state.round == ROUNDS and state.step == last and state.phase == "use"


def least_useful(state: FlowerShopState, seat: int) -> str:
    """The stored card to trash on overflow: flowers and vases first, then orders, then baskets."""
    shop = state.shops[seat]
    worth = Worth(state, seat)
    rank = {"flower": 0, "vase": 0, "order": 1, "basket": 2}
    return min(shop.storage, key=lambda c: (rank[kind(c)], worth(c)))


class GreedyBot:
    """The ``easy`` level: the spec's reference greedy bot (section 2.10)."""

    level = "easy"

    def choose(self, state: State, seat: int) -> Action:
        assert isinstance(state, FlowerShopState)
        return greedy_action(state, seat)


def greedy_action(state: FlowerShopState, seat: int) -> Action:
    """The greedy bot's action for whatever step ``seat`` is in."""
    if state.phase == "filler":
        counts = filler_counts(state.shops[seat])
        return ChooseFiller(max(FILLERS, key=lambda f: counts[f]))
    if state.phase == "use":
        return tidy(state, seat)
    return decide(state, seat)


# -- the rollout drafter ---------------------------------------------------------------------
#: The hard bot's thinking time per solo decision: half a second keeps the slowest decisions
#: (a busy machine) well inside one second.
SECONDS = 0.5

#: The draft's thinking budget per pick: at most this many re-dealt samples of the hidden cards
#: (every candidate is played out on each), and no new sample once this many seconds have gone.
SAMPLES = 12
DRAFT_SECONDS = 0.35

def card_class(card: str, filler_scoring: bool) -> tuple[Any, ...]:
    """What a card does in play: two orders, two $7 salaries or two rose ×2 flowers (filler aside,
    unless fillers score) are the same pick."""
    info = CARDS[card]
    filler = info.filler if filler_scoring else ""
    return (info.kind, info.flower, info.count, info.fp, info.cost, info.amount, filler)


class DraftMemory:
    """What one seat has seen of this round's hands: its own hand at each pick and every reveal.

    Hands travel round the table and every pick is revealed, so the hand a seat passed on ``d``
    picks ago is known now, less the cards revealed from it since: at four seats, from pick 4
    on, every hand at the table is known (:meth:`known_hands`).
    """

    def __init__(self) -> None:
        self.hands: dict[tuple[int, int], tuple[str, ...]] = {}
        self.reveals: dict[tuple[int, int], tuple[str | None, ...]] = {}

    def record(self, state: FlowerShopState, seat: int) -> None:
        """Note the seat's hand at this pick and the picks revealed at the one before."""
        key = (state.round, state.step)
        self.hands[key] = tuple(state.shops[seat].hand)
        if state.step > 1:
            self.reveals[(state.round, state.step - 1)] = tuple(c for c, _ in state.reveal)

    def known_hands(self, state: FlowerShopState, seat: int) -> dict[int, list[str]]:
        """The cards each other seat holds now (hand and face-down pick together), for the seats
        whose hand started as one this seat passed on this round."""
        known: dict[int, list[str]] = {}
        r, s, n, off = state.round, state.step, state.seats, state.pass_offset()
        for d in range(1, n):
            t = s - d
            held = self.hands.get((r, t))
            if held is None:
                break
            cards = list(held)
            for k in range(d):
                picked = self.reveals.get((r, t + k))
                card = picked[(seat + k * off) % n] if picked else None
                if card is None or card not in cards:
                    return known
                cards.remove(card)
            known[(seat + d * off) % n] = cards
        return known


def redeal(
    state: FlowerShopState, seat: int, known: dict[int, list[str]], rng: random.Random
) -> FlowerShopState:
    """A copy with what ``seat`` cannot see re-dealt, keeping the hands it knows (spec 7 hides
    hands and face-down picks; a hand passed on stays known, less its revealed picks). A seat
    that has already picked from a known hand is given its greedy pick."""
    twin = state.clone()
    others = [i for i in range(state.seats) if i != seat]
    pool = list(twin.deck)
    for i in others:
        shop = twin.shops[i]
        pool.extend(shop.hand)
        pool.extend(c for c in (shop.pick, shop.swap_from) if c)
    trusted: dict[int, list[str]] = {}
    for i, cards in known.items():
        shop = twin.shops[i]
        size = len(shop.hand) + (shop.pick is not None)
        if shop.swap_from is None and len(cards) == size and all(c in pool for c in cards):
            for c in cards:
                pool.remove(c)
            trusted[i] = cards
    rng.shuffle(pool)
    for i in others:
        shop = twin.shops[i]
        if i in trusted:
            cards = list(trusted[i])
            if shop.pick is not None:
                shop.hand = cards
                shop.pick = None
                choice = max(cards, key=Worth(twin, i))
                cards.remove(choice)
                shop.pick = choice
            shop.hand = cards
            continue
        shop.hand = [pool.pop() for _ in shop.hand]
        if shop.pick is not None:
            shop.pick = pool.pop()
        if shop.swap_from is not None:
            shop.swap_from = pool.pop()
    twin.deck = pool
    twin.rng = random.Random(rng.getrandbits(64))
    return twin


def play_out(state: FlowerShopState) -> FlowerShopState:
    """Every seat plays the greedy bot to the end of the game (the rollout policy)."""
    while not state.is_over():
        for seat in state.to_act():
            state.advance(seat, greedy_action(state, seat))
    return state


def margin(state: FlowerShopState, seat: int) -> float:
    """How far the seat finished ahead of the best other seat, in FP (negative when behind)."""
    totals = state.estimate()
    best = max(t for i, t in enumerate(totals) if i != seat)
    return totals[seat] - best


class DraftBot:
    """The ``hard`` level in a draft: Monte Carlo rollouts over re-dealt hidden hands.

    For each pick (and the seventh card's swap) it re-deals what it cannot see, keeping every
    hand it knows from what it passed on (:class:`DraftMemory`), plays each distinct candidate
    out to the end of the game with every seat playing the greedy bot, and takes the candidate
    that finished furthest ahead of the best rival on average (the same deals for every
    candidate, so their differences are not drowned by the luck of the deal). Use steps are the
    greedy tidy-up. Alone (the solo challenge) it searches the keep / discard / draw decisions
    like :class:`FlowerSearchBot`.
    """

    level = "hard"

    def __init__(
        self,
        seed: int = 0,
        seconds: float = SECONDS,
        iterations: int | None = None,
        samples: int = SAMPLES,
        draft_seconds: float = DRAFT_SECONDS,
    ) -> None:
        self.solo = FlowerSearchBot(seconds=seconds, iterations=iterations, seed=seed)
        self.rng = random.Random(seed)
        self.samples = samples
        self.draft_seconds = draft_seconds
        self.memory: dict[int, DraftMemory] = {}

    def choose(self, state: State, seat: int) -> Action:
        assert isinstance(state, FlowerShopState)
        if state.solo:
            return self.solo.choose(state, seat)
        if state.phase == "pick" and len(state.shops[seat].storage) <= STORAGE_MAX:
            return self.draft(state, seat)
        return greedy_action(state, seat)

    def draft(self, state: FlowerShopState, seat: int) -> Action:
        """The pick (or swap) whose greedy play-outs end furthest ahead on average."""
        memory = self.memory.setdefault(seat, DraftMemory())
        memory.record(state, seat)
        candidates: dict[tuple[Any, ...], Action] = {}
        for card in state.shops[seat].hand:
            candidates.setdefault(card_class(card, state.filler_scoring), Pick(card))
        actions = list(candidates.values())
        if state.step == PICKS and Swap() in state.step_actions(seat):
            actions.append(Swap())
        if len(actions) == 1:
            return actions[0]
        known = memory.known_hands(state, seat)
        totals = [0.0] * len(actions)
        deadline = time.perf_counter() + self.draft_seconds
        for _ in range(self.samples):
            deal = redeal(state, seat, known, self.rng)
            for i, action in enumerate(actions):
                line = deal.clone()
                line.advance(seat, action)
                totals[i] += margin(play_out(line), seat)
            if time.perf_counter() > deadline:
                break
        return actions[max(range(len(actions)), key=totals.__getitem__)]


# -- the search bot ---------------------------------------------------------------------------
class DecisionState(State):
    """The game seen only at its draft decisions, for :class:`SearchBot`.

    Its legal actions are the picks (and swap) or the solo keep / discard / draw; every use step
    and filler choice in between is played by the greedy tidy-up. The search therefore compares
    drafting lines, not the order of free actions, which never matters to other seats.
    """

    def __init__(self, inner: FlowerShopState) -> None:
        self.inner = inner
        self.seats = inner.seats
        self.seed = inner.seed
        self.options = inner.options
        self.rng = inner.rng
        self._settle()

    def _settle(self) -> None:
        inner = self.inner
        while inner.phase in ("use", "filler"):
            seat = inner.to_act()[0]
            inner.apply(seat, greedy_action(inner, seat))

    def to_act(self) -> tuple[int, ...]:
        return self.inner.to_act()

    def legal_actions(self, seat: int) -> list[Action]:
        return self.inner.step_actions(seat)

    def check(self, seat: int, action: Action) -> None:
        self.inner.check(seat, action)

    def _apply(self, seat: int, action: Action) -> list[Any]:
        events = self.inner.apply(seat, action)
        self._settle()
        return events

    def view(self, seat: int | None) -> Any:
        return self.inner.view(seat)

    def prompt(self, seat: int) -> str:
        return self.inner.prompt(seat)

    def is_over(self) -> bool:
        return self.inner.is_over()

    def result(self) -> Any:
        return self.inner.result()

    def estimate(self) -> tuple[float, ...]:
        return self.inner.estimate()

    def clone(self) -> DecisionState:
        twin = DecisionState.__new__(DecisionState)
        twin.inner = self.inner.clone()
        twin.seats, twin.seed, twin.options = self.seats, self.seed, self.options
        twin.rng = twin.inner.rng
        return twin

    def determinize(self, seat: int, rng: random.Random) -> DecisionState:
        twin = DecisionState.__new__(DecisionState)
        twin.inner = self.inner.determinize(seat, rng)
        twin.seats, twin.seed, twin.options = self.seats, self.seed, self.options
        twin.rng = twin.inner.rng
        return twin


def _greedy_rollout(state: State, seat: int, rng: random.Random) -> Action:
    assert isinstance(state, DecisionState)
    return decide(state.inner, seat)


class FlowerSearchBot:
    """The ``hard`` level: :class:`SearchBot` over :class:`DecisionState`, greedy elsewhere.

    At a draft decision it searches determinized copies with greedy playouts to the end of the
    game; in a use step it tidies up like the greedy bot (free actions only touch its own shop).
    """

    level = "hard"

    def __init__(self, seconds: float = 0.5, iterations: int | None = None, seed: int = 0):
        self.search = SearchBot(
            seconds=seconds, iterations=iterations, seed=seed, rollout=_greedy_rollout
        )

    def choose(self, state: State, seat: int) -> Action:
        assert isinstance(state, FlowerShopState)
        if state.phase in ("pick", "flip") and len(state.shops[seat].storage) <= STORAGE_MAX:
            return self.search.choose(DecisionState(state.clone()), seat)
        return greedy_action(state, seat)


LEVELS: tuple[BotLevel, ...] = (
    BotLevel(
        "easy", lambda seed: GreedyBot(), N_("takes the card that scores most now"), default=True,
        strength=N_("beats random 100 of 100 at 2 seats; wins 100% against 3 random at 4 "
                    "(4x fair)"),
    ),
    BotLevel(
        "hard", DraftBot, N_("plays each pick out to the end on re-dealt hands; solo: searches"),
        strength=N_("beats easy 81% of 200 at 2 seats; wins 57% against 3 easy at 4 (2.3x fair)"),
    ),
)

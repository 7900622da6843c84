"""Tulip & Rose: rounds of income, reveal, split, auction and sell-or-keep; end scoring.

Each of the 2N rounds (two days of one round per player) runs R1-R5 of the spec: every player
collects income, cards are revealed until their values reach the window, the round's Seller splits
them into up to three bouquets, and each bouquet is sold in an open ascending auction after which
the Seller either sells it to the high bidder or keeps it for half the bid.

Steps the engine runs by itself (income, reveal, automatic passes, loans, the only possible split
of a single card) happen inside :meth:`TulipState._apply`, so the state always rests at a decision:
an ``assign`` step of the split, ``split done``, a bid or pass, or ``sell``/``keep``.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from operator import itemgetter
from typing import Any

from tulipgames.engine.core import (
    Action,
    Event,
    Game,
    IllegalAction,
    Option,
    Result,
    State,
    UnreadableAction,
    as_int,
    seat_ref,
)
from tulipgames.games.tulipandrose import INFO, data
from tulipgames.i18n import N_, Say, _, ngettext, say_count

N_KINDS = len(data.CARD_LETTERS)
KIND_INDEX = {letter: i for i, letter in enumerate(data.CARD_LETTERS)}
WEED_I = KIND_INDEX[data.WEED]
SEMPER_I = KIND_INDEX[data.SEMPER_AUGUSTUS]
VASE_I = KIND_INDEX[data.GOLDEN_VASE]
GARDENER_I = KIND_INDEX[data.GARDENER]
#: Points a flower held at the start is expected to add later as its sets grow (a heuristic
#: for estimate() and the bots, not a rule).
FLOWER_PROSPECT = 3.0
_KIND_BY_WORD = {name.lower(): i for i, name in enumerate(data.FLOWER_KINDS)}


# -- cards ------------------------------------------------------------------------------------
def card_value(card: str) -> int:
    """The printed value of a card code (``W-1`` -> -1); it matters only for the reveal."""
    return int(card[1:])


def count_kinds(cards: Iterable[str]) -> list[int]:
    """Counts per kind, in ``data.CARD_LETTERS`` order (a card of no kind is a ``KeyError``)."""
    cards = list(cards)
    found = Counter(map(itemgetter(0), cards))  # counted in C: the soak checks count often
    counts = [found[letter] for letter in data.CARD_LETTERS]
    if sum(counts) != len(cards):
        raise KeyError(next(c for c in cards if c[0] not in KIND_INDEX))
    return counts


def holdings_text(counts: Sequence[int]) -> str:
    """Cards held as ``T4 R1 L0 I1 C0 H2 · W3 S1`` (flowers always, other cards when held)."""
    flowers = " ".join(f"{letter}{counts[KIND_INDEX[letter]]}" for letter in data.FLOWER_LETTERS)
    others = " ".join(
        f"{letter}{counts[KIND_INDEX[letter]]}"
        for letter in data.CARD_LETTERS
        if letter not in data.FLOWER_LETTERS and counts[KIND_INDEX[letter]]
    )
    return f"{flowers} · {others}" if others else flowers


def ceil_half(amount: int) -> int:
    """The Keep price: half the high bid, rounded up (R5)."""
    return (amount + 1) // 2


def loans_needed(amount: int, cash: int) -> int:
    """Loans a payment of ``amount`` forces: the minimum k with cash + 20k >= amount (§4.1)."""
    if amount <= cash:
        return 0
    return -(-(amount - cash) // data.LOAN_FLORINS)


def bid_cap(cash: int, loans: int) -> int:
    """The highest bid a player may make: cash plus the loans still available (R4.4)."""
    return cash + data.LOAN_FLORINS * (data.MAX_LOANS - loans)


def income(merchant: int, counts: Sequence[int]) -> int:
    """R1 income: 2 + owned flowers of the merchant's specialty + 2 per owned Golden Vase."""
    specialty = data.MERCHANTS[merchant - 1][2]
    owned = counts[_KIND_BY_WORD[specialty.lower()]]
    return data.BASE_INCOME + owned + data.GOLDEN_VASE_INCOME * counts[VASE_I]


# -- scoring ----------------------------------------------------------------------------------
@cache
def _partition_best(counts: tuple[int, ...]) -> int:
    """Best partition score for a tuple of non-zero flower counts (spec §5.1, fast exact method).

    dᵢ cards of kind i go to the distinct layers and the other cᵢ - dᵢ form one identical set.
    Kinds are placed one at a time with non-increasing d; the r-th placed kind adds
    (c - d)² + (2r - 1)·d. A DP over (kinds placed, last d), filled from the full set down.
    """
    k = len(counts)
    top = max(counts, default=0)
    full = (1 << k) - 1
    best = [[0] * (top + 1) for _ in range(full + 1)]
    for mask in range(full - 1, -1, -1):
        weight = 2 * bin(mask).count("1") + 1
        row = [-1] * (top + 1)
        for i in range(k):
            bit = 1 << i
            if mask & bit:
                continue
            c, after = counts[i], best[mask | bit]
            # Best placement of kind i with d <= last, as a running maximum over d.
            running = -1
            for d in range(top + 1):
                if d <= c:
                    running = max(running, (c - d) * (c - d) + weight * d + after[d])
                if running > row[d]:
                    row[d] = running
        best[mask] = row
    return best[0][top]


def partition_points(flowers: Sequence[int]) -> int:
    """Set points with ``partition``: the best grouping into identical or distinct sets."""
    return _partition_best(tuple(sorted(c for c in flowers if c)))


def both_points(flowers: Sequence[int]) -> int:
    """Set points with ``both``: each card once in an identical set, once in a distinct layer."""
    identical = sum(c * c for c in flowers)
    layers = sum(min(a, b) for a in flowers for b in flowers)
    return identical + layers


def set_points(flowers: Sequence[int], scoring: str) -> int:
    """Flower set points by the ``set_scoring`` option (only the six flower kinds count)."""
    return both_points(flowers) if scoring == "both" else partition_points(flowers)


def counted_weeds(weeds: int, gardeners: int) -> int:
    """Weeds left after the Gardeners discard as many as they can (2 each)."""
    return max(0, weeds - data.GARDENER_DISCARDS * gardeners)


def weed_penalty(weeds: int) -> int:
    """The weed table of §2.5, with -15 for each weed beyond the 15th."""
    if weeds <= 15:
        return data.WEED_PENALTY[weeds]
    return data.WEED_PENALTY[15] + data.WEED_PENALTY_BEYOND_15 * (weeds - 15)


def order_met(order_id: str, counts: Sequence[int], loans: int, florins: int) -> bool:
    """Whether a Special Order's condition holds for these holdings (flower cards only count)."""
    flowers = counts[: len(data.FLOWER_LETTERS)]
    kind, _, rest = order_id.partition("_")
    if kind == "specialist":
        return flowers[_KIND_BY_WORD[rest]] >= 4
    if kind == "pair":
        first, second = rest.split("_")
        return flowers[_KIND_BY_WORD[first]] >= 2 and flowers[_KIND_BY_WORD[second]] >= 2
    if order_id == "full_garden":
        return all(c >= 1 for c in flowers)
    if order_id == "trio":
        return sum(1 for c in flowers if c >= 3) >= 3
    if order_id == "grand_stock":
        return sum(flowers) >= 16
    if order_id == "clean_stock":
        return counted_weeds(counts[WEED_I], counts[GARDENER_I]) == 0
    if order_id == "debt_free":
        return loans == 0
    if order_id == "rich_merchant":
        return florins >= 60
    raise ValueError(f"unknown Special Order {order_id!r}")


@dataclass(frozen=True)
class ScoreSheet:
    """One player's end-of-game score, part by part (spec §5)."""

    florins: int
    sets: int
    semper: int
    orders: tuple[tuple[str, int], ...]  # (order id, points scored: 0 when not met)
    loans: int
    weeds_held: int
    weeds_discarded: int
    weeds: int  # the penalty, <= 0

    @property
    def order_points(self) -> int:
        return sum(points for _, points in self.orders)

    @property
    def total(self) -> int:
        return self.florins + self.sets + self.semper + self.order_points + self.loans + self.weeds


def score_sheet(
    counts: Sequence[int],
    florins: int,
    loans: int,
    orders: Sequence[str],
    scoring: str,
) -> ScoreSheet:
    """Score one player: Gardener discards first, then Clean Stock and the weed penalty."""
    weeds = counts[WEED_I]
    counted = counted_weeds(weeds, counts[GARDENER_I])
    return ScoreSheet(
        florins=florins,
        sets=set_points(counts[: len(data.FLOWER_LETTERS)], scoring),
        semper=data.SEMPER_AUGUSTUS_POINTS * counts[SEMPER_I],
        orders=tuple(
            (o, data.ORDERS_BY_ID[o][3] if order_met(o, counts, loans, florins) else 0)
            for o in orders
        ),
        loans=data.LOAN_POINTS * loans,
        weeds_held=weeds,
        weeds_discarded=weeds - counted,
        weeds=weed_penalty(counted),
    )


# Bounded: the bots ask about every collection and bouquet their playouts meet, so an unbounded
# cache grew by about 100 MB per four-seat game of `hard` bots in a long-running server.
@lru_cache(maxsize=1 << 16)
def points_gained(
    counts: tuple[int, ...], cards: tuple[str, ...], orders: tuple[str, ...], scoring: str
) -> int:
    """What owning ``cards`` adds to a final score from sets, Semper Augustus, weeds and Special
    Orders (florins and loans are left out: cards never change them)."""
    after = list(counts)
    for card in cards:
        after[KIND_INDEX[card[0]]] += 1
    before = score_sheet(counts, 0, 0, orders, scoring).total
    return score_sheet(after, 0, 0, orders, scoring).total - before


def worth_of(
    counts: Sequence[int],
    merchant: int,
    cards: Sequence[str],
    orders: Sequence[str],
    scoring: str,
    rounds_left: int,
) -> int:
    """What owning ``cards`` adds to a final score: the points they add (sets, Semper Augustus,
    weeds, the given Special Orders) plus the income they add in each round still to come (a
    specialty flower +1 and a Golden Vase +2 per round; florins are points one for one)."""
    after = list(counts)
    for card in cards:
        after[KIND_INDEX[card[0]]] += 1
    points = points_gained(tuple(counts), tuple(sorted(cards)), tuple(orders), scoring)
    return points + rounds_left * (income(merchant, after) - income(merchant, counts))


# -- reveal and split -------------------------------------------------------------------------
def reveal(deck: list[str], window: tuple[int, int]) -> tuple[list[str], list[str], int]:
    """R2: flip cards until the total lands in the window; cards that would pass it go under.

    Mutates ``deck`` (index 0 is the top). Returns (revealed, put back, total). Stops short when the
    deck is empty or every remaining card has been put back once in a row.
    """
    low, high = window
    total, in_a_row = 0, 0
    revealed: list[str] = []
    put_back: list[str] = []
    while deck:
        card = deck.pop(0)
        if total + card_value(card) > high:
            deck.append(card)
            put_back.append(card)
            in_a_row += 1
            if in_a_row == len(deck):
                break
            continue
        revealed.append(card)
        total += card_value(card)
        in_a_row = 0
        if low <= total <= high:
            break
    return revealed, put_back, total


def bouquet_count(cards: int) -> int:
    """B = min(3, n): one bouquet per card when fewer than 3 were revealed."""
    return min(data.BOUQUETS, cards)


def split_problem(split: Sequence[int], cards: int) -> str | None:
    """Why a split (one bouquet number per revealed card) is illegal, or None when it is legal."""
    bouquets = bouquet_count(cards)
    if len(split) != cards:
        return _("a split needs one bouquet number for each of the {cards} cards, not "
                 "{given}").format(cards=cards, given=len(split))
    for number in split:
        if not 1 <= number <= bouquets:
            return _("there is no bouquet {number} (bouquets are 1-{bouquets})").format(
                number=number, bouquets=bouquets)
    empty = [b for b in range(1, bouquets + 1) if b not in split]
    if empty:
        return _("bouquet {number} is empty: every bouquet needs at least one card").format(
            number=empty[0])
    return None


def feasible_bouquets(draft: Sequence[int], cards: int) -> list[int]:
    """Bouquets the next card may join so that every bouquet can still get a card."""
    bouquets = bouquet_count(cards)
    left_after = cards - len(draft) - 1
    used = set(draft)
    empty = bouquets - len(used)
    if empty <= left_after:  # the cards after this one can still fill every empty bouquet
        return list(range(1, bouquets + 1))
    if empty - 1 <= left_after:  # only if this card fills one of them
        return [b for b in range(1, bouquets + 1) if b not in used]
    return []


# -- actions ----------------------------------------------------------------------------------
@dataclass(frozen=True)
class Assign(Action):
    """One step of the Seller's split: revealed card ``card`` (1-based) joins ``bouquet``."""

    card: int
    bouquet: int

    def __str__(self) -> str:
        return f"assign {self.card} to {self.bouquet}"

    @classmethod
    def parse(cls, words: list[str]) -> Action | None:
        if not words or words[0] != "assign":
            return None
        if len(words) != 4 or words[2] != "to":
            raise UnreadableAction(_("write an assignment as 'assign CARD to BOUQUET'"))
        return cls(as_int(words[1], "the card"), as_int(words[3], "the bouquet"))


@dataclass(frozen=True)
class SplitDone(Action):
    """The Seller confirms a complete split."""

    def __str__(self) -> str:
        return "split done"

    @classmethod
    def parse(cls, words: list[str]) -> Action | None:
        return cls() if words == ["split", "done"] else None


@dataclass(frozen=True)
class Split(Action):
    """The whole split at once (the spec's notation ``split b1 b2 ... bn``)."""

    bouquets: tuple[int, ...]

    def __str__(self) -> str:
        return "split " + " ".join(str(b) for b in self.bouquets)

    @classmethod
    def parse(cls, words: list[str]) -> Action | None:
        if not words or words[0] != "split":
            return None
        if len(words) < 2:
            raise UnreadableAction(_("write a split as 'split B1 B2 ...', one bouquet per card"))
        return cls(tuple(as_int(word, "a bouquet number") for word in words[1:]))


@dataclass(frozen=True)
class Bid(Action):
    """Raise the high bid of the bouquet on offer to ``amount`` florins."""

    amount: int

    def __str__(self) -> str:
        return f"bid {self.amount}"

    @classmethod
    def parse(cls, words: list[str]) -> Action | None:
        if not words or words[0] != "bid":
            return None
        if len(words) != 2:
            raise UnreadableAction(_("write a bid as 'bid AMOUNT'"))
        return cls(as_int(words[1], "the bid"))


@dataclass(frozen=True)
class Pass(Action):
    """Leave this bouquet's auction for good."""

    def __str__(self) -> str:
        return "pass"

    @classmethod
    def parse(cls, words: list[str]) -> Action | None:
        return cls() if words == ["pass"] else None


@dataclass(frozen=True)
class Sell(Action):
    """The Seller sells the bouquet to the high bidder for the high bid."""

    def __str__(self) -> str:
        return "sell"

    @classmethod
    def parse(cls, words: list[str]) -> Action | None:
        return cls() if words == ["sell"] else None


@dataclass(frozen=True)
class Keep(Action):
    """The Seller keeps the bouquet and pays the high bidder half the bid, rounded up."""

    def __str__(self) -> str:
        return "keep"

    @classmethod
    def parse(cls, words: list[str]) -> Action | None:
        return cls() if words == ["keep"] else None


# Actions are immutable, so the legal lists hand out shared instances: an auction offers every
# bid up to the bidder's cap at each step, and building them anew was most of a playout's time.
_BIDS: list[Bid] = []
PASS, SELL, KEEP, SPLIT_DONE = Pass(), Sell(), Keep(), SplitDone()
_ASSIGNS: dict[tuple[int, int], Assign] = {}


def bids(low: int, high: int) -> list[Action]:
    """``bid low`` .. ``bid high`` (shared instances, made once each); none when high < low."""
    if high < low:
        return []
    while len(_BIDS) <= high:
        _BIDS.append(Bid(len(_BIDS)))
    return list(_BIDS[low : high + 1])


def assign(card: int, bouquet: int) -> Assign:
    """The shared ``assign CARD to BOUQUET`` action."""
    action = _ASSIGNS.get((card, bouquet))
    if action is None:
        action = _ASSIGNS[card, bouquet] = Assign(card, bouquet)
    return action


# -- views ------------------------------------------------------------------------------------
@dataclass(frozen=True)
class OrderView:
    """A Special Order as its owner sees it, with whether it is met right now."""

    id: str
    name: str
    condition: str
    points: int
    met: bool


@dataclass(frozen=True)
class PlayerView:
    """What a viewer may see of one player. ``florins`` is None when hidden (``hidden_money``);
    ``orders`` is None unless the viewer owns them or the game is over."""

    seat: int
    priority: int
    merchant: str
    specialty: str  # letter
    florins: int | None
    loans: int
    cards: tuple[int, ...]  # counts in data.CARD_LETTERS order
    income: int
    order_count: int
    orders: tuple[OrderView, ...] | None


@dataclass(frozen=True)
class BidderView:
    """One bidder's standing in the current auction: ``in``, ``passed`` or ``high``."""

    seat: int
    status: str
    loans_declared: int


@dataclass(frozen=True)
class Sale:
    """How one bouquet of a round ended: who took it, for what, and how (``sold`` to the high
    bidder, ``kept`` by the Seller for half the bid, or ``unbid``: the Seller took it free)."""

    bouquet: int  # 1-based
    cards: tuple[str, ...]
    receiver: int
    price: int  # florins the receiver paid (0 when unbid)
    how: str  # sold | kept | unbid


@dataclass(frozen=True)
class AuctionView:
    """The bouquet on offer and the open auction around it."""

    bouquet: int  # 1-based
    cards: tuple[str, ...]
    high: int | None
    high_bidder: int | None
    bidders: tuple[BidderView, ...]
    to_act: int | None


@dataclass(frozen=True)
class TulipView:
    """Everything one seat may see (``seat`` None = an onlooker)."""

    seat: int | None
    seats: int
    round: int
    rounds: int
    day: int
    seller: int
    seller_order: tuple[int, ...]
    window: tuple[int, int]
    deck_size: int
    phase: str  # split | auction | decide | over
    revealed: tuple[str, ...]
    put_back: tuple[str, ...]
    reveal_total: int
    draft: tuple[int, ...]
    bouquets: tuple[tuple[str, ...], ...]
    auction: AuctionView | None
    keep_price: int | None
    keep_loans: int | None  # only for the Seller (or when money is public)
    keep_allowed: bool | None
    players: tuple[PlayerView, ...]
    hidden_money: bool
    special_orders: bool
    set_scoring: str
    scores: tuple[ScoreSheet, ...] | None
    #: Income rounds still to come after this one (what a card's extra income is worth).
    rounds_left: int
    #: The lowest legal bid now (auction only).
    min_bid: int | None
    #: The viewer's own cap: cash plus the loans still open to them (R4.4).
    max_bid: int | None
    #: Loan tiles the viewer may still take.
    loans_left: int | None
    #: Why the Seller may not keep (decide only; None when keeping is allowed or not known).
    keep_problem: str | None
    #: The bouquets of this round that are settled, and all of the round before (for a summary).
    sales: tuple[Sale, ...]
    last_sales: tuple[Sale, ...]

    def bid_loans(self, amount: int) -> int | None:
        """The loans the viewer takes if they win at ``amount`` and the Seller sells (§4.1), or
        None when the amount is above their cap."""
        if self.seat is None or self.max_bid is None or amount > self.max_bid:
            return None
        cash = self.players[self.seat].florins
        return None if cash is None else loans_needed(amount, cash)

    def worth(self, cards: Sequence[str], with_orders: bool = True) -> int | None:
        """What ``cards`` would add to the viewer's final score, income to come included; with
        ``with_orders`` False the viewer's Special Orders are left out (a public figure)."""
        if self.seat is None:
            return None
        me = self.players[self.seat]
        orders = tuple(o.id for o in me.orders or ()) if with_orders else ()
        return worth_of(me.cards, me.priority, cards, orders, self.set_scoring, self.rounds_left)


# -- the state --------------------------------------------------------------------------------
class TulipState(State):
    """A game of Tulip & Rose in progress."""

    game_id = data.GAME_ID

    def __init__(self, seats: int, seed: int, options: Mapping[str, Any]) -> None:
        super().__init__(seats, seed, options)
        self.window = data.reveal_window(seats)
        deck = list(data.DECK)
        self.rng.shuffle(deck)
        self.deck: list[str] = deck
        self.known_bottom = 0  # put-back cards at the bottom, whose order everyone knows
        self.merchant: list[int] = self.rng.sample([m[0] for m in data.MERCHANTS], seats)
        self.florins = [data.START_FLORINS] * seats
        self.loans = [0] * seats
        self.holdings = [[0] * N_KINDS for _ in range(seats)]
        self.orders: list[tuple[str, ...]] = [() for _ in range(seats)]
        self.undealt_orders: tuple[str, ...] = ()
        if self.options.get("special_orders", True):
            pool = list(data.ORDER_IDS)
            self.rng.shuffle(pool)
            each = data.orders_dealt(seats)
            self.orders = [tuple(pool[i * each : (i + 1) * each]) for i in range(seats)]
            self.undealt_orders = tuple(pool[seats * each :])
        self.seller_order = tuple(sorted(range(seats), key=lambda s: self.merchant[s]))
        self.rounds = data.DAYS * seats
        self.round = 0
        self.income_paid = 0
        self.phase = "over"
        self.revealed: list[str] = []
        self.put_back: list[str] = []
        self.reveal_total = 0
        self.draft: list[int] = []
        self.bouquets: list[list[str]] = []
        self.current = 0
        self.bid_order: tuple[int, ...] = ()
        self.bid_pos = 0
        self.still_in: list[bool] = [False] * seats
        self.declared = [0] * seats
        self.high: int | None = None
        self.high_bidder: int | None = None
        self.actor: int | None = None
        self.sales: list[Sale] = []
        self.last_sales: list[Sale] = []
        self.setup_events = self._next_round()

    # -- copies ---------------------------------------------------------------------------
    def clone(self) -> TulipState:
        twin = self._clone_base()
        for name, value in self.__dict__.items():
            twin.__dict__.setdefault(name, value)
        twin.deck = list(self.deck)
        twin.merchant = list(self.merchant)
        twin.florins = list(self.florins)
        twin.loans = list(self.loans)
        twin.holdings = [list(h) for h in self.holdings]
        twin.orders = list(self.orders)
        twin.revealed = list(self.revealed)
        twin.put_back = list(self.put_back)
        twin.draft = list(self.draft)
        twin.bouquets = [list(b) for b in self.bouquets]
        twin.sales = list(self.sales)
        twin.last_sales = list(self.last_sales)
        twin.still_in = list(self.still_in)
        twin.declared = list(self.declared)
        return twin

    def _redeal_hidden(self, seat: int, rng: random.Random) -> None:
        """Shuffle the unseen part of the deck and re-deal the Special Orders ``seat`` cannot see.

        Put-back cards stay at the bottom in their known order. Florins are not resampled: under
        ``hidden_money`` only running totals are hidden, every income, bid, payment and loan is
        public, so the totals follow from what the seat has seen (spec §7).
        """
        known = min(self.known_bottom, len(self.deck))
        unseen = self.deck[: len(self.deck) - known]
        rng.shuffle(unseen)
        self.deck = unseen + self.deck[len(self.deck) - known :]
        others = [s for s in range(self.seats) if s != seat]
        pool = [o for s in others for o in self.orders[s]] + list(self.undealt_orders)
        rng.shuffle(pool)
        for s in others:
            size = len(self.orders[s])
            self.orders[s], pool = tuple(pool[:size]), pool[size:]
        self.undealt_orders = tuple(pool)

    # -- round flow -----------------------------------------------------------------------
    @property
    def seller(self) -> int:
        return self.seller_order[(self.round - 1) % self.seats]

    @property
    def day(self) -> int:
        return 1 if self.round <= self.seats else 2

    def _next_round(self) -> list[Event]:
        """End the round; start the next with income, reveal and (when forced) the split."""
        self.round += 1
        self.revealed, self.put_back, self.bouquets, self.draft = [], [], [], []
        self.last_sales, self.sales = self.sales, []
        self.high, self.high_bidder, self.actor = None, None, None
        if self.round > self.rounds:
            self.round = self.rounds
            self.phase = "over"
            return [Event(N_("The festival is over. Final scoring."))]
        events = [self._pay_income()]
        events.append(self._reveal())
        count = len(self.revealed)
        if count == 0:
            events.append(Event(N_("No cards to sell this round.")))
            return events + self._next_round()
        self.phase = "split"
        self.actor = self.seller
        if count == 1:
            events += self._finish_split([1])
        return events

    def _pay_income(self) -> Event:
        """R1: every player collects income from what they own now."""
        parts = []
        for seat in range(self.seats):
            amount = income(self.merchant[seat], self.holdings[seat])
            self.florins[seat] += amount
            self.income_paid += amount
            parts.append(f"{seat_ref(seat)} +{amount}")
        # Translators: {incomes} is a list such as "Ana +3, Ben +2".
        return Event(Say("Round {round}, day {day}. Income: {incomes}.", round=self.round,
                         day=self.day, incomes=", ".join(parts)))

    def _reveal(self) -> Event:
        """R2, for the round's Seller; records the put-backs, whose order at the bottom is known."""
        before, known = len(self.deck), self.known_bottom
        self.revealed, self.put_back, self.reveal_total = reveal(self.deck, self.window)
        untouched = max(0, before - len(self.revealed) - len(self.put_back))
        # Every card still in the deck past the untouched originals was put back in view.
        self.known_bottom = min(known, untouched) + len(self.deck) - untouched
        seller, put_back = seat_ref(self.seller), " ".join(self.put_back)
        # Translators: {cards} and {put_back} are card codes such as "T5 W-1 R3".
        if self.revealed and self.put_back:
            text = Say("{seller} is Seller. Revealed {cards} (total {total}); did not fit, put "
                       "back: {put_back}.", seller=seller, cards=" ".join(self.revealed),
                       total=self.reveal_total, put_back=put_back)
        elif self.revealed:
            text = Say("{seller} is Seller. Revealed {cards} (total {total}).", seller=seller,
                       cards=" ".join(self.revealed), total=self.reveal_total)
        elif self.put_back:
            text = Say("{seller} is Seller. The deck is empty; did not fit, put back: "
                       "{put_back}.", seller=seller, put_back=put_back)
        else:
            text = Say("{seller} is Seller. The deck is empty.", seller=seller)
        return Event(text, reveals=True)

    def _finish_split(self, split: Sequence[int]) -> list[Event]:
        self.bouquets = [[] for _ in range(bouquet_count(len(self.revealed)))]
        for card, number in zip(self.revealed, split, strict=True):
            self.bouquets[number - 1].append(card)
        self.draft = list(split)
        shown = " | ".join(f"{i + 1}: {' '.join(b)}" for i, b in enumerate(self.bouquets))
        # Translators: {bouquets} lists each bouquet's cards: "1: T5 R3 | 2: W-1 | 3: L2".
        events = [Event(Say("{seller} splits the cards into bouquets {bouquets}.",
                            seller=seat_ref(self.seller), bouquets=shown))]
        return events + self._start_auction(0)

    def _start_auction(self, index: int) -> list[Event]:
        """R4: the bidders follow the priority cycle from the player after the Seller."""
        if index >= len(self.bouquets):
            return self._next_round()
        self.current = index
        self.phase = "auction"
        start = self.seller_order.index(self.seller)
        self.bid_order = tuple(
            self.seller_order[(start + k) % self.seats] for k in range(1, self.seats)
        )
        self.bid_pos = 0
        self.still_in = [s in self.bid_order for s in range(self.seats)]
        self.declared = [0] * self.seats
        self.high, self.high_bidder = None, None
        return self._advance_auction()

    def min_bid(self) -> int:
        """The lowest legal bid: 1 to open, otherwise one above the high bid."""
        return 1 if self.high is None else self.high + 1

    def cap(self, seat: int) -> int:
        return bid_cap(self.florins[seat], self.loans[seat])

    def _advance_auction(self) -> list[Event]:
        """Find the next bidder to ask, passing for those who cannot reach the minimum bid."""
        events: list[Event] = []
        while True:
            in_seats = [s for s in self.bid_order if self.still_in[s]]
            if self.high_bidder is not None and in_seats == [self.high_bidder]:
                self.phase = "decide"
                self.actor = self.seller
                return events
            if not in_seats:
                return events + self._seller_takes_unbid()
            bidder = self.bid_order[self.bid_pos % len(self.bid_order)]
            self.bid_pos += 1
            if not self.still_in[bidder] or bidder == self.high_bidder:
                continue
            if self.cap(bidder) < self.min_bid():
                self.still_in[bidder] = False
                # Logged as an ordinary pass: the reason would tell everyone the seat's spending
                # limit, which is secret under hidden_money (R4.4).
                events.append(Event(Say("{who} passes.", who=seat_ref(bidder))))
                continue
            self.actor = bidder
            return events

    def _settle(self, receiver: int, price: int, how: str) -> None:
        """The bouquet on offer joins ``receiver``'s holdings; the round's summary records it."""
        cards = self.bouquets[self.current]
        for card in cards:
            self.holdings[receiver][KIND_INDEX[card[0]]] += 1
        self.sales.append(Sale(self.current + 1, tuple(cards), receiver, price, how))

    def _pay(self, payer: int, payee: int, amount: int) -> list[Event]:
        """Move florins, with the payer taking the fewest loans needed first (§4.1)."""
        events = []
        needed = loans_needed(amount, self.florins[payer])
        if needed:
            self.loans[payer] += needed
            self.florins[payer] += data.LOAN_FLORINS * needed
            events.append(Event(say_count(
                "{who} takes {n} loan (+{florins}).", "{who} takes {n} loans (+{florins}).",
                needed, who=seat_ref(payer), florins=data.LOAN_FLORINS * needed)))
        self.florins[payer] -= amount
        self.florins[payee] += amount
        return events

    def _seller_takes_unbid(self) -> list[Event]:
        """R5, no bid: the Seller takes the bouquet for free."""
        self._settle(self.seller, 0, "unbid")
        events = [
            Event(Say("No bids: {seller} takes bouquet {number} for free.",
                      seller=seat_ref(self.seller), number=self.current + 1))
        ]
        return events + self._start_auction(self.current + 1)

    # -- the contract ---------------------------------------------------------------------
    def to_act(self) -> tuple[int, ...]:
        return () if self.phase == "over" or self.actor is None else (self.actor,)

    def legal_actions(self, seat: int) -> list[Action]:
        if seat not in self.to_act():
            return []
        if self.phase == "split":
            cards = len(self.revealed)
            if len(self.draft) == cards:
                return [SPLIT_DONE]
            nxt = len(self.draft) + 1
            return [assign(nxt, b) for b in feasible_bouquets(self.draft, cards)]
        if self.phase == "auction":
            return [PASS, *bids(max(0, self.min_bid()), self.cap(seat))]
        actions: list[Action] = [SELL]
        if self._may_keep():
            actions.append(KEEP)
        return actions

    def _may_keep(self) -> bool:
        """Whether the Seller can pay the keep price, loans included (no words: playouts ask)."""
        assert self.high is not None
        return ceil_half(self.high) <= self.cap(self.seller)

    def _keep_problem(self) -> str | None:
        """Why the Seller may not keep, in the words of this session (None when they may)."""
        assert self.high is not None
        if self._may_keep():
            return None
        price = ceil_half(self.high)
        # say what the Seller has, not "with your loans" to one who may take none
        florins, left = self.florins[self.seller], data.MAX_LOANS - self.loans[self.seller]
        if not left:
            return _("keeping costs {price}, but you have {florins} florins and no loan left to "
                     "take: you must sell").format(price=price, florins=florins)
        return ngettext(
            "keeping costs {price}, but your {florins} florins and the {left} loan you may "
            "still take (+{loan_florins}) make only {cap}: you must sell",
            "keeping costs {price}, but your {florins} florins and the {left} loans you may "
            "still take (+{loan_florins}) make only {cap}: you must sell",
            left,
        ).format(price=price, florins=florins, left=left, loan_florins=data.LOAN_FLORINS * left,
                 cap=self.cap(self.seller))

    def check(self, seat: int, action: Action) -> None:
        """Each action's legality with a reason a player can read (see the notation, §4.2)."""
        if self.phase == "split":
            self._check_split(action)
        elif self.phase == "auction":
            if isinstance(action, Pass):
                return
            if not isinstance(action, Bid):
                raise IllegalAction(_("bid or pass: the auction of this bouquet is running"))
            if action.amount < self.min_bid():
                raise IllegalAction(
                    _("the bid must be at least {low}").format(low=self.min_bid())
                    if self.high is None
                    else _("the bid must be at least {low} (the high bid is {high})").format(
                        low=self.min_bid(), high=self.high)
                )
            if action.amount > self.cap(seat):
                left = data.MAX_LOANS - self.loans[seat]
                raise IllegalAction(ngettext(
                    "you can bid at most {cap} (your florins plus the {left} loan you may still "
                    "take)",
                    "you can bid at most {cap} (your florins plus the {left} loans you may still "
                    "take)",
                    left,
                ).format(cap=self.cap(seat), left=left))
        elif isinstance(action, Keep):
            problem = self._keep_problem()
            if problem:
                raise IllegalAction(problem)
        elif not isinstance(action, Sell):
            raise IllegalAction(_("sell or keep the bouquet"))

    def _check_split(self, action: Action) -> None:
        cards = len(self.revealed)
        if isinstance(action, Split):
            if self.draft:
                raise IllegalAction(_("cards are already being assigned; go on with 'assign'"))
            problem = split_problem(action.bouquets, cards)
            if problem:
                raise IllegalAction(problem)
            return
        if isinstance(action, SplitDone):
            if len(self.draft) < cards:
                raise IllegalAction(_("card {card} of {cards} has no bouquet yet").format(
                    card=len(self.draft) + 1, cards=cards))
            return
        if not isinstance(action, Assign):
            raise IllegalAction(_("split the revealed cards into bouquets first"))
        if len(self.draft) == cards:
            raise IllegalAction(_("every card has a bouquet: confirm with 'split done'"))
        if action.card != len(self.draft) + 1:
            raise IllegalAction(_("assign card {card} next (cards go in order)").format(
                card=len(self.draft) + 1))
        if action.bouquet not in feasible_bouquets(self.draft, cards):
            bouquets = bouquet_count(cards)
            if not 1 <= action.bouquet <= bouquets:
                raise IllegalAction(_("there is no bouquet {number} (1-{bouquets})").format(
                    number=action.bouquet, bouquets=bouquets))
            raise IllegalAction(_("then a bouquet would stay empty: every bouquet needs a card"))

    def _apply(self, seat: int, action: Action) -> list[Event]:
        if isinstance(action, Assign):
            self.draft.append(action.bouquet)
            return []
        if isinstance(action, SplitDone):
            return self._finish_split(self.draft)
        if isinstance(action, Split):
            return self._finish_split(action.bouquets)
        if isinstance(action, Bid):
            return self._bid(seat, action.amount)
        if isinstance(action, Pass):
            self.still_in[seat] = False
            return [Event(Say("{who} passes.", who=seat_ref(seat))), *self._advance_auction()]
        if isinstance(action, Sell):
            return self._sell()
        return self._keep()

    def _bid(self, seat: int, amount: int) -> list[Event]:
        self.high, self.high_bidder = amount, seat
        self.declared[seat] = loans_needed(amount, self.florins[seat])
        loans = self.declared[seat]
        text = (Say("{who} bids {amount} (loan ×{loans}).", who=seat_ref(seat), amount=amount,
                    loans=loans)
                if loans else Say("{who} bids {amount}.", who=seat_ref(seat), amount=amount))
        return [Event(text), *self._advance_auction()]

    def _sell(self) -> list[Event]:
        assert self.high is not None and self.high_bidder is not None
        buyer, number = self.high_bidder, self.current + 1
        events = self._pay(buyer, self.seller, self.high)
        self._settle(buyer, self.high, "sold")
        events.append(
            Event(Say("{seller} sells bouquet {number} to {buyer} for {price}.",
                      seller=seat_ref(self.seller), number=number, buyer=seat_ref(buyer),
                      price=self.high))
        )
        return events + self._start_auction(self.current + 1)

    def _keep(self) -> list[Event]:
        assert self.high is not None and self.high_bidder is not None
        price = ceil_half(self.high)
        events = self._pay(self.seller, self.high_bidder, price)
        self._settle(self.seller, price, "kept")
        events.append(
            Event(Say("{seller} keeps bouquet {number} and pays {bidder} {price}.",
                      seller=seat_ref(self.seller), number=self.current + 1,
                      bidder=seat_ref(self.high_bidder), price=price))
        )
        return events + self._start_auction(self.current + 1)

    # -- telling the players --------------------------------------------------------------
    def prompt(self, seat: int) -> str:
        if self.phase == "over":
            return _("The game is over.")
        if seat != self.actor:
            return _("Waiting for {who}.").format(who=seat_ref(self.actor or 0))
        if self.phase == "split":
            cards, bouquets = len(self.revealed), bouquet_count(len(self.revealed))
            if len(self.draft) == cards:
                return _("Confirm the split")
            return ngettext("Split the {cards} cards into {bouquets} bouquet",
                            "Split the {cards} cards into {bouquets} bouquets",
                            bouquets).format(cards=cards, bouquets=bouquets)
        number = self.current + 1
        if self.phase == "auction":
            if self.high is None:
                return _("Bouquet {number}: bid at least {low} or pass (no bid yet)").format(
                    number=number, low=self.min_bid())
            return _("Bouquet {number}: bid at least {low} or pass (high bid {high})").format(
                number=number, low=self.min_bid(), high=self.high)
        assert self.high is not None
        if not self._may_keep():
            return _("Bouquet {number}: sell for {high} (you cannot afford to keep it)").format(
                number=number, high=self.high)
        return _("Bouquet {number}: sell for {high} or keep for {price}").format(
            number=number, high=self.high, price=ceil_half(self.high))

    def _player_view(self, seat: int, viewer: int | None) -> PlayerView:
        over = self.phase == "over"
        hidden = self.options.get("hidden_money", False) and not over and seat != viewer
        counts = self.holdings[seat]
        orders = None
        if over or seat == viewer:
            orders = tuple(
                OrderView(
                    o,
                    data.ORDERS_BY_ID[o][1],
                    data.ORDERS_BY_ID[o][2],
                    data.ORDERS_BY_ID[o][3],
                    order_met(o, counts, self.loans[seat], self.florins[seat]),
                )
                for o in self.orders[seat]
            )
        priority = self.merchant[seat]
        _, name, specialty = data.MERCHANTS[priority - 1]
        return PlayerView(
            seat=seat,
            priority=priority,
            merchant=name,
            specialty=data.LETTERS[specialty],
            florins=None if hidden else self.florins[seat],
            loans=self.loans[seat],
            cards=tuple(counts),
            income=income(priority, counts),
            order_count=len(self.orders[seat]),
            orders=orders,
        )

    def _auction_view(self) -> AuctionView | None:
        if self.phase not in ("auction", "decide"):
            return None
        bidders = []
        for s in self.bid_order:
            status = "high" if s == self.high_bidder else ("in" if self.still_in[s] else "passed")
            bidders.append(BidderView(s, status, self.declared[s]))
        return AuctionView(
            bouquet=self.current + 1,
            cards=tuple(self.bouquets[self.current]),
            high=self.high,
            high_bidder=self.high_bidder,
            bidders=tuple(bidders),
            to_act=self.actor if self.phase == "auction" else None,
        )

    def view(self, seat: int | None) -> TulipView:
        keep_price = keep_loans = None
        keep_allowed = None
        keep_problem = None
        if self.phase == "decide" and self.high is not None:
            keep_price = ceil_half(self.high)
            if seat == self.seller or not self.options.get("hidden_money", False):
                keep_loans = loans_needed(keep_price, self.florins[self.seller])
                keep_problem = self._keep_problem()
                keep_allowed = keep_problem is None
        over = self.phase == "over"
        own = seat is not None and 0 <= seat < self.seats
        return TulipView(
            seat=seat,
            seats=self.seats,
            round=self.round,
            rounds=self.rounds,
            day=self.day,
            seller=self.seller,
            seller_order=self.seller_order,
            window=self.window,
            deck_size=len(self.deck),
            phase=self.phase,
            revealed=tuple(self.revealed),
            put_back=tuple(self.put_back),
            reveal_total=self.reveal_total,
            draft=tuple(self.draft),
            bouquets=tuple(tuple(b) for b in self.bouquets),
            auction=self._auction_view(),
            keep_price=keep_price,
            keep_loans=keep_loans,
            keep_allowed=keep_allowed,
            players=tuple(self._player_view(s, seat) for s in range(self.seats)),
            hidden_money=bool(self.options.get("hidden_money", False)),
            special_orders=bool(self.options.get("special_orders", True)),
            set_scoring=str(self.options.get("set_scoring", "partition")),
            scores=self.score_sheets() if over else None,
            rounds_left=self.rounds - self.round,
            min_bid=self.min_bid() if self.phase == "auction" else None,
            max_bid=self.cap(seat) if own and seat is not None else None,
            loans_left=data.MAX_LOANS - self.loans[seat] if own and seat is not None else None,
            keep_problem=keep_problem,
            sales=tuple(self.sales),
            last_sales=tuple(self.last_sales),
        )

    def secrets(self, seat: int) -> frozenset[str]:
        """The seat's Special Orders, private until the game is over (§7)."""
        return frozenset() if self.phase == "over" else frozenset(self.orders[seat])

    # -- the end --------------------------------------------------------------------------
    def is_over(self) -> bool:
        return self.phase == "over"

    def score_sheets(self) -> tuple[ScoreSheet, ...]:
        """Every player's score as it stands (the final score once the game is over)."""
        scoring = str(self.options.get("set_scoring", "partition"))
        return tuple(
            score_sheet(self.holdings[s], self.florins[s], self.loans[s], self.orders[s], scoring)
            for s in range(self.seats)
        )

    def result(self) -> Result:
        """Totals by part; ties go to most florins, then fewest loans, then fewest counted weeds."""
        sheets = self.score_sheets()
        with_orders = bool(self.options.get("special_orders", True))
        # Result categories: message ids, shown translated by the results screen (render()).
        categories = [N_("Florins"), N_("Flower sets"), N_("Semper Augustus")]
        if with_orders:
            categories.append(N_("Special Orders"))
        categories += [N_("Loans"), N_("Weeds")]
        rows = []
        for sheet in sheets:
            row = [sheet.florins, sheet.sets, sheet.semper]
            if with_orders:
                row.append(sheet.order_points)
            rows.append([*row, sheet.loans, sheet.weeds])
        keys = [
            (sheet.florins, sheet.loans, sheet.weeds_discarded - sheet.weeds_held)
            for sheet in sheets
        ]
        totals = [sheet.total for sheet in sheets]
        tied = len(set(totals)) < len(totals)
        return Result.build(
            categories,
            rows,
            tiebreak=(
                N_("equal totals: most florins, then fewest loan tiles, then fewest counted weeds")
                if tied
                else ""
            ),
            tiebreak_values=[
                f"{s.florins} florins, {s.loans // data.LOAN_POINTS} loans, "
                f"{s.weeds_held - s.weeds_discarded} weeds counted"
                for s in sheets
            ],
            tiebreak_keys=keys,
            ending=ENDINGS.get(self.seats, "") if self.is_over() else "",
        )

    def score_detail(self, seat: int) -> str:
        """The results screen's line per player: the final cards, each Special Order and the
        weed count."""
        sheet = self.score_sheets()[seat]
        parts = [holdings_text(self.holdings[seat])]
        parts += [
            f"{data.ORDERS_BY_ID[order][1]} {points:+d}"
            if points
            else f"{data.ORDERS_BY_ID[order][1]} not met"
            for order, points in sheet.orders
        ]
        counted = sheet.weeds_held - sheet.weeds_discarded
        parts.append(
            f"weeds {sheet.weeds_held} held, {sheet.weeds_discarded} discarded, {counted} counted"
        )
        return "; ".join(parts)

    def estimate(self) -> tuple[float, ...]:
        """The running score, plus the income still to come at today's rate, plus a prospect for
        each flower held: sets grow quadratically, so early flowers are worth more than their
        current points."""
        rounds_left = self.rounds - self.round
        share = FLOWER_PROSPECT * rounds_left / self.rounds
        return tuple(
            sheet.total
            + rounds_left * income(self.merchant[s], self.holdings[s])
            + share * sum(self.holdings[s][: len(data.FLOWER_LETTERS)])
            for s, sheet in enumerate(self.score_sheets())
        )

    def invariant_violations(self) -> list[str]:
        """Florins come only from the start, income and loans; all 105 cards are somewhere."""
        problems = []
        made = (
            data.START_FLORINS * self.seats + self.income_paid + data.LOAN_FLORINS * sum(self.loans)
        )
        if sum(self.florins) != made:
            problems.append(f"florins {sum(self.florins)} != created {made}")
        if any(f < 0 for f in self.florins):
            problems.append(f"negative florins {self.florins}")
        if any(not 0 <= k <= data.MAX_LOANS for k in self.loans):
            problems.append(f"loans out of range {self.loans}")
        in_play = list(self.deck)
        if self.phase == "split":
            in_play += self.revealed
        elif self.phase in ("auction", "decide"):
            for bouquet in self.bouquets[self.current :]:
                in_play += bouquet
        # A card is its kind's letter and then digits or "-1" ("T4", "W-1"), so each letter of
        # the joined cards begins one card: counted in C, this is the check's cheap half.
        joined = "".join(in_play)
        counts = [joined.count(letter) for letter in data.CARD_LETTERS]
        if sum(counts) != len(in_play):
            odd = {card for card in in_play
                   if card[:1] not in KIND_INDEX or card[1:].strip("-0123456789")}
            problems.append(f"cards of no kind in play: {sorted(odd)}")
        for held in self.holdings:
            counts = [a + b for a, b in zip(counts, held, strict=True)]
        if counts != _DECK_KINDS:
            problems.append(f"cards not conserved: {counts}")
        if self.known_bottom > len(self.deck):
            problems.append("more known cards at the bottom than in the deck")
        return problems


#: Why the game ended, per seat count: a whole message id each (not a Say: a Result is kept as
#: JSON), so that the results screen can show it translated with render().
ENDINGS = {
    2: N_("The festival is over: every player was Seller twice (4 rounds over two days)."),
    3: N_("The festival is over: every player was Seller twice (6 rounds over two days)."),
    4: N_("The festival is over: every player was Seller twice (8 rounds over two days)."),
    5: N_("The festival is over: every player was Seller twice (10 rounds over two days)."),
    6: N_("The festival is over: every player was Seller twice (12 rounds over two days)."),
}

#: The whole deck by kind, what the cards in play and in hand must always add up to.
_DECK_KINDS = count_kinds(data.DECK)


class TulipAndRose(Game):
    """Tulip & Rose (as adapted on Board Game Arena)."""

    info = INFO
    state_class = TulipState
    hidden_information = True
    actions = (Assign, SplitDone, Split, Bid, Pass, Sell, Keep)
    notation_help = "assign N to B, split done, split B1 B2 ..., bid X, pass, sell or keep"
    # The options' help: message ids, shown translated by the setup screen.
    options = {
        "special_orders": Option(
            "special_orders", True, (True, False),
            N_("Deal secret Special Orders worth bonus points"),
        ),
        "hidden_money": Option(
            "hidden_money", False, (False, True), N_("Each player sees only their own florins")
        ),
        "set_scoring": Option(
            "set_scoring",
            "partition",
            ("partition", "both"),
            N_("partition: each flower in one set; both: each counts as identical and distinct"),
        ),
    }

    def has_secrets(self, options: Mapping[str, Any]) -> bool:
        """Special Orders are dealt face down and hidden money hides florins; without either,
        every seat sees everything (spec §4)."""
        return bool(options.get("special_orders") or options.get("hidden_money"))


GAME = TulipAndRose()

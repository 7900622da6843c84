"""Tulip & Rose bots: ``normal`` prices every bouquet for itself and its rivals, ``hard`` searches.

A bouquet is worth to a player what it adds to their final score: flower set points, Semper
Augustus, weeds (after Gardeners), their own Special Orders, plus the income it brings in the rounds
still to come, plus a little for the sets it may grow into later. Florins are points one for one,
and a loan costs 10 points net (+20 florins, -30 points).

Both levels judge an outcome by their **standing**: their own gain less ``rival_weight`` times each
rival's gain (all of it at two seats, where the game is a duel; a share of it at more seats, where
one rival's gain is spread over the field). That one yardstick decides every choice:

- **Bids with rivals still in** (an open ascending auction) rise by one while winning at that
  price beats letting the strongest rival take it (``reservation``).
- **The last bidder in with no bid yet** (always the case at two seats, where one bid ends the
  auction) picks the amount at which the Seller's best reply, sell or keep, leaves it best off:
  too low and the Seller keeps cheaply, too high and the bidder overpays (``lone_bid``). The bid
  therefore scales with the bouquet's worth to both.
- **Sell or keep** compares the two standings with the high bidder's worth (``sell_or_keep``).
- **The split** predicts each bouquet's auction with the same models and hill-climbs over splits
  (moving one card at a time) for the best total, so a rich bouquet is paired with what the
  rivals do not want, and weeds go where they cost the Seller least.

The hard bot runs a determinized Monte Carlo search (re-dealing the deck and the rivals' Special
Orders every iteration) over its own few sensible moves, with rivals and playouts following the
normal policy, and keeps the normal move unless the search finds a clearly better one. Rivals'
florins are not re-dealt under ``hidden_money``: every payment is public, so a player with a
perfect memory knows them (see ``TulipState._redeal_hidden``).
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence

from tulipgames.engine.bots import SearchBot, _Node
from tulipgames.engine.core import Action, BotLevel, State
from tulipgames.games.tulipandrose import data
from tulipgames.games.tulipandrose.rules import (
    FLOWER_PROSPECT,
    Assign,
    Bid,
    Keep,
    Pass,
    Sell,
    Split,
    SplitDone,
    TulipState,
    bid_cap,
    bouquet_count,
    ceil_half,
    feasible_bouquets,
    loans_needed,
    split_problem,
    worth_of,
)

#: Points a loan costs beyond the florins it brings: -30 points, +20 florins.
LOAN_COST = -data.LOAN_POINTS - data.LOAN_FLORINS


def worth(state: TulipState, seat: int, cards: Sequence[str], own_orders: bool = True) -> float:
    """What ``cards`` would add to ``seat``'s final score, as that seat can judge it now: the
    rules' worth (points and income to come) plus a prospect for the sets flowers may grow into."""
    scoring = str(state.options.get("set_scoring", "partition"))
    orders = state.orders[seat] if own_orders else ()
    rounds_left = state.rounds - state.round
    value = worth_of(
        state.holdings[seat], state.merchant[seat], cards, orders, scoring, rounds_left
    )
    flowers = sum(1 for c in cards if c[0] in data.FLOWER_LETTERS)
    return value + FLOWER_PROSPECT * flowers * rounds_left / state.rounds


def rival_weight(state: TulipState) -> float:
    """How much a rival's gain counts against one's own: all of it in a duel, a share at more
    seats (a gain of one rival is a loss spread over the whole field)."""
    return 1.0 / (state.seats - 1)


def loan_cost(amount: int, cash: int) -> int:
    """The points lost to loans if a payment of ``amount`` is due with ``cash`` in hand."""
    return LOAN_COST * loans_needed(amount, cash)


def can_keep(state: TulipState, seller: int, high: int) -> bool:
    """The rules' Keep condition: the Seller can raise half the bid (rounded up) with loans."""
    return ceil_half(high) <= bid_cap(state.florins[seller], state.loans[seller])


def sale_standing(state: TulipState, seller: int, winner: int, high: int, theirs: float) -> float:
    """The Seller's standing after selling at ``high`` to ``winner`` (who values it ``theirs``)."""
    paid = theirs - high - loan_cost(high, state.florins[winner])
    return high - rival_weight(state) * paid


def keep_standing(state: TulipState, seller: int, high: int, mine: float) -> float:
    """The Seller's standing after keeping a bouquet it values ``mine`` at half the bid."""
    price = ceil_half(high)
    return mine - price - loan_cost(price, state.florins[seller]) - rival_weight(state) * price


def seller_keeps(
    state: TulipState, seller: int, winner: int, high: int, mine: float, theirs: float
) -> bool:
    """Whether the Seller does best to keep (the rules allowing it) rather than sell."""
    if not can_keep(state, seller, high):
        return False
    return keep_standing(state, seller, high, mine) > sale_standing(
        state, seller, winner, high, theirs
    )


def lone_outcome(
    state: TulipState, seat: int, seller: int, amount: int, mine: float, sellers: float
) -> float:
    """The bidder's standing if ``amount`` ends the auction and the Seller replies at its best
    (as the bidder can judge the Seller's worth: without the Seller's hidden orders)."""
    weight = rival_weight(state)
    if seller_keeps(state, seller, seat, amount, sellers, mine):
        price = ceil_half(amount)
        return price - weight * (sellers - price - loan_cost(price, state.florins[seller]))
    return mine - amount - loan_cost(amount, state.florins[seat]) - weight * amount


def lone_amount(state: TulipState, seat: int, mine: float, sellers: float) -> int | None:
    """The single bid (None: pass) that leaves the last bidder in, valuing the bouquet ``mine``,
    best off after the Seller's best reply; passing hands the bouquet to the Seller for free."""
    best: int | None = None
    best_value = -rival_weight(state) * sellers
    for amount in range(state.min_bid(), state.cap(seat) + 1):
        value = lone_outcome(state, seat, state.seller, amount, mine, sellers)
        if value > best_value + 1e-9:
            best, best_value = amount, value
    return best


def lone_bid(state: TulipState, seat: int) -> Action:
    """The last bidder in with no bid yet (always so at two seats): bid ``lone_amount``."""
    bouquet = state.bouquets[state.current]
    mine = worth(state, seat, bouquet)
    sellers = worth(state, state.seller, bouquet, own_orders=False)
    amount = lone_amount(state, seat, mine, sellers)
    return Pass() if amount is None else Bid(amount)


def reservation(state: TulipState, seat: int, mine: float, rivals: float) -> int:
    """The highest price (0: none) at which winning, loans included, beats letting the strongest
    rival still in (who values the bouquet ``rivals``) take it:
    mine - price - loans - w * price >= -w * rivals."""
    weight = rival_weight(state)
    price = min(int((mine + weight * rivals) / (1 + weight)), state.cap(seat))
    cash = state.florins[seat]
    while price >= 1 and mine - price - loan_cost(price, cash) - weight * price < -weight * rivals:
        price -= 1
    return max(price, 0)


def bid_choice(state: TulipState, seat: int) -> Action:
    """Bid for the bouquet on offer: alone, the best single bid (``lone_bid``); against rivals
    still in, raise by one while the price is within the ``reservation``."""
    amount = state.min_bid()
    if amount > state.cap(seat):
        return Pass()
    rivals = [s for s in state.bid_order if state.still_in[s] and s != seat]
    if not rivals:
        return lone_bid(state, seat)
    bouquet = state.bouquets[state.current]
    mine = worth(state, seat, bouquet)
    theirs = max(worth(state, s, bouquet, own_orders=False) for s in rivals)
    return Bid(amount) if amount <= reservation(state, seat, mine, theirs) else Pass()


def sell_or_keep(state: TulipState, seat: int) -> Action:
    """Keep when that leaves the Seller better placed than the florins the sale brings."""
    assert state.high is not None and state.high_bidder is not None
    if Keep() not in state.legal_actions(seat):
        return Sell()
    bouquet = state.bouquets[state.current]
    mine = worth(state, seat, bouquet)
    theirs = worth(state, state.high_bidder, bouquet, own_orders=False)
    keeps = seller_keeps(state, seat, state.high_bidder, state.high, mine, theirs)
    return Keep() if keeps else Sell()


def expected_sale(state: TulipState, bouquet: Sequence[str]) -> tuple[int, int | None]:
    """Price and winner the Seller expects for ``bouquet`` (no winner: nobody bids). One bidder
    bids ``lone_amount``; several stop one above the second-highest ``reservation``. Bidders'
    own orders are unknown to the Seller and left out."""
    bidders = [s for s in range(state.seats) if s != state.seller]
    worths = {s: worth(state, s, bouquet, own_orders=False) for s in bidders}
    if len(bidders) == 1:
        (only,) = bidders
        sellers = worth(state, state.seller, bouquet, own_orders=False)
        amount = lone_amount(state, only, worths[only], sellers)
        return (0, None) if amount is None else (amount, only)
    reach = []
    for seat in bidders:
        rivals = max(w for s, w in worths.items() if s != seat)
        reach.append((reservation(state, seat, worths[seat], rivals), seat))
    reach.sort(reverse=True)
    if reach[0][0] < 1:
        return 0, None
    return max(1, min(reach[0][0], reach[1][0] + 1)), reach[0][1]


def seller_outcome(state: TulipState, seller: int, bouquet: Sequence[str]) -> float:
    """The Seller's expected standing from auctioning ``bouquet`` (``expected_sale``, then the
    better of sell and keep)."""
    mine = worth(state, seller, bouquet)
    price, winner = expected_sale(state, bouquet)
    if winner is None:
        return mine
    theirs = worth(state, winner, bouquet, own_orders=False)
    if seller_keeps(state, seller, winner, price, mine, theirs):
        return keep_standing(state, seller, price, mine)
    return sale_standing(state, seller, winner, price, theirs)


def split_value(
    state: TulipState,
    seller: int,
    split: Sequence[int],
    memo: dict[tuple[str, ...], float] | None = None,
) -> float:
    """The Seller's expected outcome of a whole split (bouquets judged one by one)."""
    bouquets: list[list[str]] = [[] for _ in range(bouquet_count(len(split)))]
    for card, number in zip(state.revealed, split, strict=True):
        bouquets[number - 1].append(card)
    memo = {} if memo is None else memo
    total = 0.0
    for bouquet in bouquets:
        key = tuple(sorted(bouquet))
        if key not in memo:
            memo[key] = seller_outcome(state, seller, bouquet)
        total += memo[key]
    return total


def best_split(
    state: TulipState, seller: int, rng: random.Random, starts: int = 6, climb: bool = True
) -> list[int]:
    """A good legal split: hill-climbing from random and kind-grouped starting splits."""
    return split_candidates(state, seller, rng, starts, climb)[0]


def split_candidates(
    state: TulipState, seller: int, rng: random.Random, starts: int = 6, climb: bool = True
) -> list[list[int]]:
    """The distinct splits hill-climbing ends at, best first by the pricing model."""
    cards = len(state.revealed)
    bouquets = bouquet_count(cards)
    candidates = [[1 + i % bouquets for i in range(cards)]]
    order = sorted(range(cards), key=lambda i: state.revealed[i][0])
    grouped = [0] * cards
    for rank, i in enumerate(order):
        grouped[i] = 1 + rank * bouquets // cards
    candidates.append(grouped)
    while len(candidates) < starts:
        split = [rng.randint(1, bouquets) for _ in range(cards)]
        if split_problem(split, cards) is None:
            candidates.append(split)
    found: dict[tuple[int, ...], float] = {}
    memo: dict[tuple[str, ...], float] = {}
    for split in candidates:
        value = split_value(state, seller, split, memo)
        improved = climb
        while improved:
            improved = False
            for i in range(cards):
                for b in range(1, bouquets + 1):
                    if b == split[i]:
                        continue
                    trial = list(split)
                    trial[i] = b
                    if split_problem(trial, cards) is not None:
                        continue
                    trial_value = split_value(state, seller, trial, memo)
                    if trial_value > value + 1e-9:
                        split, value, improved = trial, trial_value, True
        found[tuple(split)] = value
    return [list(split) for split in sorted(found, key=lambda k: -found[k])]


class NormalBot:
    """Values bouquets by marginal score, bids up to that worth, splits to use the keep option.

    The split is planned whole once per reveal and then played one ``assign`` step at a time.
    """

    level = "normal"

    def __init__(self, seed: int = 0, starts: int = 6) -> None:
        self.rng = random.Random(seed)
        self.starts = starts
        self.plan: tuple[tuple[int, tuple[str, ...]], list[int]] | None = None

    def choose(self, state: TulipState, seat: int) -> Action:
        if state.phase != "split":
            return policy(state, seat, self.rng, self.starts)
        cards = len(state.revealed)
        if len(state.draft) == cards:
            return SplitDone()
        key = (state.round, tuple(state.revealed))
        if (
            self.plan is None
            or self.plan[0] != key
            or self.plan[1][: len(state.draft)] != state.draft
        ):
            self.plan = (
                (key, best_split(state, seat, self.rng, self.starts))
                if not state.draft
                else (key, state.draft + finish_split(state, seat))
            )
        return Assign(len(state.draft) + 1, self.plan[1][len(state.draft)])


def finish_split(state: TulipState, seat: int) -> list[int]:
    """Bouquets for the cards not yet assigned of a split already under way (greedy)."""
    cards = len(state.revealed)
    draft = list(state.draft)
    while len(draft) < cards:
        options = feasible_bouquets(draft, cards)
        rest = cards - len(draft) - 1

        def value(b: int, draft: list[int] = draft, rest: int = rest) -> float:
            trial = [*draft, b]
            filler = [x for x in range(1, bouquet_count(cards) + 1) if x not in trial]
            tail = (filler + [b] * rest)[:rest]
            return split_value(state, seat, trial + tail)

        draft.append(max(options, key=value))
    return draft[len(state.draft) :]


def policy(
    state: TulipState, seat: int, rng: random.Random, starts: int = 6, climb: bool = True
) -> Action:
    """The normal bot's move; in playouts the split is played whole (``split b1 b2 ...``)."""
    if state.phase == "split":
        if len(state.draft) == len(state.revealed):
            return SplitDone()
        if state.draft:
            return Assign(len(state.draft) + 1, finish_split(state, seat)[0])
        return Split(tuple(best_split(state, seat, rng, starts, climb)))
    if state.phase == "auction":
        return bid_choice(state, seat)
    return sell_or_keep(state, seat)


def search_moves(state: TulipState, seat: int) -> list[Action]:
    """The moves the search weighs: a few sensible bids around the normal one instead of every
    amount."""
    if state.phase != "auction":
        return state.legal_actions(seat)
    low, high = state.min_bid(), state.cap(seat)
    value = int(worth(state, seat, state.bouquets[state.current]))
    amounts = {low, low + 2, value - 2, value}
    normal = bid_choice(state, seat)
    if isinstance(normal, Bid):
        amounts |= {
            normal.amount - 3,
            normal.amount - 1,
            normal.amount,
            normal.amount + 1,
            normal.amount + 3,
        }
    return [Pass()] + [Bid(x) for x in sorted(amounts) if low <= x <= high]


class GuidedSearch(SearchBot):
    """A ``SearchBot`` that keeps the normal bot's move unless the search finds a clearly better
    one: a single bid barely moves the final ranking, so playout noise must not decide alone."""

    margin = 0.02
    min_visits = 12

    def choose(self, state: State, seat: int) -> Action:
        assert isinstance(state, TulipState)
        return self.choose_from(state, seat, policy(state, seat, self.rng))

    def choose_from(self, state: TulipState, seat: int, default: Action) -> Action:
        """Search the moves of ``self.actions``; keep ``default`` unless one is clearly better."""
        moves = {str(a): a for a in self.actions(state, seat)}
        if len(moves) == 1:
            return next(iter(moves.values()))
        root = _Node()
        deadline = time.perf_counter() + self.seconds
        done = 0
        while (done < self.iterations) if self.iterations else (time.perf_counter() < deadline):
            self._iterate(root, state.determinize(seat, self.rng), seat)
            done += 1
        self.last_iterations = done
        mean = {
            key: child.total / child.visits
            for key, child in root.children.items()
            if key in moves and child.visits >= self.min_visits
        }
        if not mean:
            return default
        best = max(mean, key=lambda key: mean[key])
        if str(default) in mean and mean[best] < mean[str(default)] + self.margin:
            return default
        return moves[best]


class HardBot:
    """Determinized search (``GuidedSearch``) over the Seller's best splits, a few bid sizes and
    the sell-or-keep choice.

    A split has thousands of options, so the search weighs only the few that the normal bot's
    hill-climbing ends at; playouts use the normal policy (with plain splits), are cut off after
    ``rollout_depth`` moves and judged by ``TulipState.estimate``. A chosen split is then played
    one ``assign`` step at a time.
    """

    level = "hard"

    def __init__(
        self,
        seed: int = 0,
        seconds: float = 1.0,
        iterations: int | None = None,
        rollout_depth: int = 60,
    ) -> None:
        self.rng = random.Random(seed)
        self.me = 0
        self.candidates: dict[tuple[int, tuple[str, ...]], list[list[int]]] = {}
        self.plan: tuple[tuple[int, tuple[str, ...]], list[int]] | None = None
        self.search = GuidedSearch(
            seconds=seconds,
            iterations=iterations,
            seed=seed,
            rollout=playout_policy,  # type: ignore[arg-type]
            rollout_depth=rollout_depth,
            actions=self.moves,  # type: ignore[arg-type]
        )

    def moves(self, state: TulipState, seat: int) -> list[Action]:
        """What the search weighs: for the split being decided, the best few; for splits deeper
        in the tree, just the playout's plain split; otherwise ``search_moves``. Rivals are
        modelled by the normal policy: one move each, so that their untried replies (picked at
        random while the tree grows) do not drown the few iterations a second allows."""
        if seat != self.me:
            return [playout_policy(state, seat, self.rng)]
        if state.phase == "split" and not state.draft and len(state.revealed) > 1:
            key = (state.round, tuple(state.revealed))
            if key in self.candidates:
                return [Split(tuple(split)) for split in self.candidates[key]]
            return [playout_policy(state, seat, self.rng)]
        return search_moves(state, seat)

    def choose(self, state: TulipState, seat: int) -> Action:
        self.me = seat
        if state.phase != "split":
            return self.search.choose(state, seat)
        cards = len(state.revealed)
        if len(state.draft) == cards:
            return SplitDone()
        key = (state.round, tuple(state.revealed))
        if (
            self.plan is None
            or self.plan[0] != key
            or self.plan[1][: len(state.draft)] != state.draft
        ):
            if state.draft:
                self.plan = (key, state.draft + finish_split(state, seat))
            else:
                self.candidates = {key: split_candidates(state, seat, self.rng, starts=10)[:4]}
                options = self.moves(state, seat)
                chosen = self.search.choose_from(state, seat, options[0])
                assert isinstance(chosen, Split)
                self.plan = (key, list(chosen.bouquets))
        return Assign(len(state.draft) + 1, self.plan[1][len(state.draft)])


def playout_policy(state: TulipState, seat: int, rng: random.Random) -> Action:
    """The normal policy with a plain (not hill-climbed) split, for search playouts."""
    return policy(state, seat, rng, starts=2, climb=False)


def hard_bot(
    seed: int = 0, seconds: float = 1.0, iterations: int | None = None, rollout_depth: int = 60
) -> HardBot:
    """The ``hard`` level: one second of search per decision unless ``iterations`` is given."""
    return HardBot(seed, seconds, iterations, rollout_depth)


LEVELS: tuple[BotLevel, ...] = (
    BotLevel(
        "normal", NormalBot, "values each bouquet for itself and bids up to that", default=True
    ),
    BotLevel("hard", hard_bot, "searches its own sensible moves against normal replies"),
)

"""Century: Spice Road bots.

* ``normal`` (:class:`PlannerBot`) picks a target point card and the shortest plan of plays and
  rests that makes it affordable (a breadth-first search over its own caravan and cards), buys
  strong merchant cards early, and settles each sequenced step (trade count, upgrades, payment,
  returns) towards that plan.
* ``hard`` (:class:`HardBot`) chooses each turn's action with the generic determinized MCTS
  (``engine.bots.SearchBot``): short playouts with a fast greedy policy (:func:`greedy_policy`),
  cut off by the state's ``estimate`` (``predict.position_value``), a final-score prediction
  fitted to real games. The planner then settles the steps of the chosen action.
"""

from __future__ import annotations

import random
from collections.abc import Iterable

from tulipgames.engine.bots import SearchBot
from tulipgames.engine.core import Action, BotLevel, State
from tulipgames.games.spiceroad.data import (
    CARAVAN_LIMIT,
    MERCHANT_CARDS,
    POINT_CARDS,
    Counts,
)
from tulipgames.games.spiceroad.predict import card_value, weight
from tulipgames.games.spiceroad.rules import (
    PAY,
    RETURN,
    TRADE,
    TURN,
    UPGRADE,
    Acquire,
    Claim,
    Pay,
    Play,
    Rest,
    Return,
    SpiceRoadState,
    Times,
    Upgrade,
    UpgradeDone,
    affords,
    can_upgrade,
    coin_for_claim,
    trade_max,
)

KEYS = ("Y", "R", "G", "B")
PLAN_DEPTH = 3  # turns of plays and rests looked ahead before the claim


def cap(caravan: Counts, need: Counts) -> Counts:
    """The caravan after the end-of-turn limit, returning first what the target does not need."""
    extra = sum(caravan) - CARAVAN_LIMIT
    if extra <= 0:
        return caravan
    counts = list(caravan)
    for i in range(4):
        drop = min(extra, max(0, counts[i] - need[i]))
        counts[i] -= drop
        extra -= drop
    for i in range(4):
        drop = min(extra, counts[i])
        counts[i] -= drop
        extra -= drop
    return tuple(counts)  # type: ignore[return-value]


def upgrade_results(caravan: Counts, up: int) -> set[Counts]:
    """Every caravan reachable by 1..up single-rank upgrades."""
    results: set[Counts] = set()
    layer = {caravan}
    for _ in range(up):
        nxt = set()
        for c in layer:
            for i in range(3):
                if c[i]:
                    d = list(c)
                    d[i] -= 1
                    d[i + 1] += 1
                    nxt.add(tuple(d))
        results |= nxt  # type: ignore[arg-type]
        layer = nxt  # type: ignore[assignment]
    return results


Macro = tuple[str, ...]  # ("play", card, result...) / ("rest",) / ("claim", position)


def moves(caravan: Counts, hand: Iterable[str]) -> list[tuple[Macro, Counts]]:
    """Each play from the hand with each caravan it can produce."""
    out: list[tuple[Macro, Counts]] = []
    for card_id in hand:
        card = MERCHANT_CARDS[card_id]
        if card.kind == "spice":
            gained = tuple(a + b for a, b in zip(caravan, card.gain, strict=True))
            out.append((("play", card_id), gained))  # type: ignore[arg-type]
        elif card.kind == "upgrade":
            if can_upgrade(caravan):
                out.extend((("play", card_id), c) for c in upgrade_results(caravan, card.up))
        else:
            for r in range(1, trade_max(caravan, card.pay) + 1):
                traded = tuple(
                    a - r * p + r * g for a, p, g in zip(caravan, card.pay, card.gain, strict=True)
                )
                out.append((("play", card_id, str(r)), traded))  # type: ignore[arg-type]
    return out


def claim_value(state: SpiceRoadState, position: int) -> float:
    card = POINT_CARDS[state.point_row[position - 1]]
    coin = coin_for_claim(position, state.gold, state.silver)
    return card.vp + (3.0 if coin == "gold" else 1.0 if coin == "silver" else 0.0)


def plan(
    state: SpiceRoadState,
    seat: int,
    caravan: Counts,
    hand: tuple[str, ...],
    played: tuple[str, ...],
    depth: int = PLAN_DEPTH,
) -> tuple[float, int, Macro | None, Counts]:
    """Breadth-first search of plays and rests towards the point cards in the row.

    Returns ``(utility, position, first_move, caravan_reached)`` of the best target, where
    utility is the card's value (VP and coin) per turn spent, or ``(0, 0, None, caravan)`` when
    nothing is reachable within ``depth`` turns. ``first_move`` is ``None`` when the target is
    affordable right now.
    """
    targets = [
        (p, POINT_CARDS[c].need, claim_value(state, p)) for p, c in enumerate(state.point_row, 1)
    ]
    best: tuple[float, int, Macro | None, Counts] = (0.0, 0, None, caravan)
    found: set[int] = set()
    start = (caravan, frozenset(played))
    frontier: dict[tuple[Counts, frozenset[str]], Macro | None] = {start: None}
    seen = {start}
    for turns in range(depth + 1):
        for (car, _), first in frontier.items():
            for position, need, value in targets:
                if position in found or not affords(car, need):
                    continue
                found.add(position)
                utility = value / (turns + 1) + 0.01 * weight(car)
                if utility > best[0]:
                    best = (utility, position, first, car)
        if turns == depth or len(found) == len(targets):
            break
        nxt: dict[tuple[Counts, frozenset[str]], Macro | None] = {}
        for (car, done), first in frontier.items():
            options: list[tuple[Macro, Counts, frozenset[str]]] = []
            if done:
                options.append((("rest",), car, frozenset()))
            for macro, result in moves(car, (c for c in hand if c not in done)):
                options.append((macro, result, done | {macro[1]}))
            for macro, result, now_done in options:
                key = (
                    cap(result, (0, 0, 0, 0)) if sum(result) > CARAVAN_LIMIT else result,
                    now_done,
                )
                if key in seen:
                    continue
                seen.add(key)
                nxt[key] = first if first is not None else macro
        frontier = nxt
    return best


def keep_needs(state: SpiceRoadState, seat: int) -> Counts:
    """The spices the seat's best target needs (what payments and returns should spare)."""
    caravan: Counts = tuple(state.caravans[seat])  # type: ignore[assignment]
    _, position, _, _ = plan(
        state,
        seat,
        caravan,
        tuple(state.hands[seat]),
        tuple(state.played[seat]),
        depth=1,
    )
    if position:
        return POINT_CARDS[state.point_row[position - 1]].need
    return (0, 0, 0, 0)


def cheapest_spare(caravan: list[int], need: Counts) -> str:
    """The lowest spice the caravan holds beyond ``need``, else simply the lowest it holds."""
    for i in range(4):
        if caravan[i] > need[i]:
            return KEYS[i]
    for i in range(4):
        if caravan[i]:
            return KEYS[i]
    raise ValueError("empty caravan")


def upgrade_step(current: list[int], goal: Counts) -> Action:
    """The next single upgrade on the way from ``current`` to ``goal`` (``done`` when there)."""
    total_c = total_g = 0
    surplus = []
    for i in range(4):
        total_c += current[i]
        total_g += goal[i]
        surplus.append(total_c - total_g)
    for i in (2, 1, 0):
        if surplus[i] > 0 and current[i] > 0:
            return Upgrade(KEYS[i])
    return UpgradeDone()


class PlannerBot:
    """``normal``: plan the quickest route to a point card; buy good merchant cards early."""

    level = "normal"

    def __init__(self, seed: int = 0, depth: int = PLAN_DEPTH) -> None:
        """``depth``: turns of plays and rests planned ahead of a claim. The planner is
        deterministic; ``seed`` is taken for the common bot signature."""
        self.depth = depth

    def choose(self, state: State, seat: int) -> Action:
        assert isinstance(state, SpiceRoadState)
        phase = state.phase
        caravan = state.caravans[seat]
        if phase == PAY:
            return Pay(cheapest_spare(caravan, keep_needs(state, seat)))
        if phase == RETURN:
            return Return(cheapest_spare(caravan, keep_needs(state, seat)))
        if phase in (TRADE, UPGRADE):
            return self._settle_play(state, seat)
        return self._turn(state, seat)

    def _turn(self, state: SpiceRoadState, seat: int) -> Action:
        caravan: Counts = tuple(state.caravans[seat])  # type: ignore[assignment]
        hand, played = tuple(state.hands[seat]), tuple(state.played[seat])
        utility, position, first, _ = plan(state, seat, caravan, hand, played, self.depth)
        if position and first is None:
            return Claim(position)
        buy = self._purchase(state, seat)
        if buy is not None and (utility < 4.0 or len(hand) + len(played) < 5):
            return buy
        if first is not None:
            return Rest() if first[0] == "rest" else Play(first[1])
        return self._improve(state, seat)

    def _purchase(self, state: SpiceRoadState, seat: int) -> Action | None:
        """A strong merchant card worth its price, while the game is young enough to use it."""
        owned = len(state.hands[seat]) + len(state.played[seat])
        if owned >= 9 or max(len(c) for c in state.claimed) >= state.target - 2:
            return None
        total = sum(state.caravans[seat])
        best, best_gain = None, 2.0 if owned < 6 else 3.5
        for position, card_id in enumerate(state.merchant_row, 1):
            if position - 1 > total:
                break
            gain = (
                card_value(card_id) + weight(state.row_spices[position - 1]) - 1.2 * (position - 1)
            )
            if gain > best_gain:
                best, best_gain = Acquire(position), gain
        return best

    def _improve(self, state: SpiceRoadState, seat: int) -> Action:
        """No target in reach: raise the caravan's value, else rest, else take a free card."""
        caravan: Counts = tuple(state.caravans[seat])  # type: ignore[assignment]
        options = moves(caravan, state.hands[seat])
        if options:
            macro, result = max(options, key=lambda m: weight(cap(m[1], (0, 0, 0, 0))))
            if weight(cap(result, (0, 0, 0, 0))) > weight(caravan) or not state.played[seat]:
                return Play(macro[1])
        if state.played[seat]:
            return Rest()
        return Acquire(1) if state.merchant_row else Rest()

    def _settle_play(self, state: SpiceRoadState, seat: int) -> Action:
        """Choose the trade count or the next upgrade by the plan each outcome leaves."""
        card_id = state.pending_card
        assert card_id is not None
        card = MERCHANT_CARDS[card_id]
        caravan = state.caravans[seat]
        hand, played = tuple(state.hands[seat]), tuple(state.played[seat])
        if state.phase == TRADE:
            outcomes = [
                (
                    r,
                    tuple(
                        a - r * p + r * g
                        for a, p, g in zip(caravan, card.pay, card.gain, strict=True)
                    ),
                )
                for r in range(1, state.trade_limit() + 1)
            ]
        else:
            left = card.up - state.upgrades_done
            reach = upgrade_results(tuple(caravan), left)  # type: ignore[arg-type]
            if state.upgrades_done:
                reach.add(tuple(caravan))  # type: ignore[arg-type]
            outcomes = [(0, c) for c in sorted(reach)]
        scored = []
        for r, result in outcomes:
            utility, _, _, _ = plan(state, seat, cap(result, (0, 0, 0, 0)), hand, played, depth=2)  # type: ignore[arg-type]
            scored.append((utility + 0.001 * weight(cap(result, (0, 0, 0, 0))), r, result))  # type: ignore[arg-type]
        _, r, goal = max(scored)
        if state.phase == TRADE:
            return Times(r)
        return upgrade_step(caravan, goal)  # type: ignore[arg-type]


def greedy_policy(state: State, seat: int, rng: random.Random) -> Action:
    """A fast rollout policy: claim the best card in reach, else play the card that adds the most
    spice value, buy cheap strong cards now and then, rest when the hand is spent."""
    assert isinstance(state, SpiceRoadState)
    caravan = state.caravans[seat]
    phase = state.phase
    if phase == TRADE:
        return Times(state.trade_limit())
    if phase == UPGRADE:
        for i in (2, 1, 0):
            if caravan[i]:
                return Upgrade(KEYS[i])
        return UpgradeDone()
    if phase in (PAY, RETURN):
        key = next(KEYS[i] for i in range(4) if caravan[i])
        return Pay(key) if phase == PAY else Return(key)
    best_claim, best_vp = None, -1.0
    for position, card_id in enumerate(state.point_row, 1):
        if affords(caravan, POINT_CARDS[card_id].need):
            vp = claim_value(state, position)
            if vp > best_vp:
                best_claim, best_vp = Claim(position), vp
    if best_claim is not None:
        return best_claim
    owned = len(state.hands[seat]) + len(state.played[seat])
    if owned < 7 and rng.random() < 0.5:
        total = sum(caravan)
        for position, card_id in enumerate(state.merchant_row[: total + 1], 1):
            if card_value(card_id) - 1.2 * (position - 1) > 3.0:
                return Acquire(position)
    best_play, best_gain = None, 0.0
    for card_id in state.hands[seat]:
        card = MERCHANT_CARDS[card_id]
        if card.kind == "spice":
            gain = weight(card.gain)
        elif card.kind == "upgrade":
            gain = float(min(card.up, caravan[0] + caravan[1] + caravan[2]))
        else:
            gain = trade_max(caravan, card.pay) * (weight(card.gain) - weight(card.pay))
        gain *= 0.6 + 0.8 * rng.random()
        if gain > best_gain:
            best_play, best_gain = Play(card_id), gain
    if best_play is not None and (sum(caravan) < CARAVAN_LIMIT or rng.random() < 0.5):
        return best_play
    if state.played[seat]:
        return Rest()
    return best_play or Rest()


class HardBot:
    """``hard``: determinized MCTS chooses the turn's action; the planner settles the steps that
    follow it (trade count, upgrades, payments, returns), where search adds little but would
    spend many iterations. Playouts use :func:`greedy_policy` for a few actions per seat and
    are then cut off with the state's ``estimate``, a predicted final score."""

    level = "hard"

    def __init__(self, seed: int = 0, seconds: float = 1.0, iterations: int | None = None) -> None:
        self.planner = PlannerBot(seed)
        self.search = SearchBot(
            seconds=seconds,
            iterations=iterations,
            seed=seed,
            rollout=greedy_policy,
        )

    def choose(self, state: State, seat: int) -> Action:
        assert isinstance(state, SpiceRoadState)
        if state.phase != TURN:
            return self.planner.choose(state, seat)
        self.search.rollout_depth = ROLLOUT_ACTIONS_PER_SEAT * state.seats
        return self.search.choose(state, seat)


#: Short playouts (about two turns per player): the greedy policy is weak, the cut-off
#: estimate is fitted to real games.
ROLLOUT_ACTIONS_PER_SEAT = 4


def make_hard_bot(seed: int = 0, seconds: float = 1.0, iterations: int | None = None) -> HardBot:
    return HardBot(seed, seconds, iterations)


LEVELS: tuple[BotLevel, ...] = (
    BotLevel("normal", PlannerBot, "plans the cheapest route to a point card", default=True),
    BotLevel("hard", make_hard_bot, "searches with greedy playouts and a score predictor"),
)

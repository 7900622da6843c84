"""Century: Spice Road bots.

* ``normal`` (:class:`PlannerBot`) picks a target point card and the shortest plan of plays and
  rests that makes it affordable (a breadth-first search over its own caravan and cards), buys
  strong merchant cards early, and settles each sequenced step (trade count, upgrades, payment,
  returns) towards that plan.
* ``hard`` (:class:`RolloutBot`) plans whole turns (action, trade count, upgrades, payments):
  a quick one-round look with the planner at every seat ranks them, and the best few (with the
  planner's own) are played on for five rounds on two deck orders, scored by the state's
  ``estimate`` (``predict.position_value``, a final-score prediction fitted to real games) plus
  what its merchant cards will still convert (:func:`engine_values`), as a margin over the
  strongest rival, or by the real result with a bonus for a win once a playout ends; it keeps
  the planner's turn unless another is clearly better.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from functools import cache

from tulipgames.engine.core import Action, BotLevel, State
from tulipgames.games.spiceroad.data import (
    CARAVAN_LIMIT,
    MERCHANT_CARDS,
    POINT_CARDS,
    STARTING_HAND,
    Counts,
    as_counts,
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
from tulipgames.i18n import N_

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
    return as_counts(counts)


def upgrade_results(caravan: Counts, up: int) -> set[Counts]:
    """Every caravan reachable by 1..up single-rank upgrades."""
    results: set[Counts] = set()
    layer = {caravan}
    for _ in range(up):
        nxt: set[Counts] = set()
        for c in layer:
            for i in range(3):
                if c[i]:
                    d = list(c)
                    d[i] -= 1
                    d[i + 1] += 1
                    nxt.add(as_counts(d))
        results |= nxt
        layer = nxt
    return results


Macro = tuple[str, ...]  # ("play", card, result...) / ("rest",) / ("claim", position)


@cache
def card_moves(caravan: Counts, card_id: str) -> tuple[tuple[Macro, Counts], ...]:
    """Each play of one merchant card on this caravan with the caravan it produces (each
    upgrade outcome, each trade count)."""
    card = MERCHANT_CARDS[card_id]
    if card.kind == "spice":
        gained = as_counts(a + b for a, b in zip(caravan, card.gain, strict=True))
        return ((("play", card_id), gained),)
    if card.kind == "upgrade":
        if not can_upgrade(caravan):
            return ()
        return tuple((("play", card_id), c) for c in upgrade_results(caravan, card.up))
    out: list[tuple[Macro, Counts]] = []
    for r in range(1, trade_max(caravan, card.pay) + 1):
        traded = as_counts(
            a - r * p + r * g for a, p, g in zip(caravan, card.pay, card.gain, strict=True)
        )
        out.append((("play", card_id, str(r)), traded))
    return tuple(out)


def moves(caravan: Counts, hand: Iterable[str]) -> list[tuple[Macro, Counts]]:
    """Each play from the hand with each caravan it can produce."""
    return [move for card_id in hand for move in card_moves(caravan, card_id)]


Layer = tuple[tuple[Counts, "Macro | None"], ...]


class Reach:
    """The caravans a seat can reach from one caravan and hand, turn by turn (breadth first),
    each with the first move of the shortest way there; extended a turn at a time on demand."""

    __slots__ = ("cars", "frontier", "layers", "seen")

    def __init__(self, caravan: Counts, played: frozenset[str]) -> None:
        start = (caravan, played)
        self.layers: list[Layer] = [((caravan, None),)]
        self.frontier: dict[tuple[Counts, frozenset[str]], Macro | None] = {start: None}
        self.seen = {start}
        self.cars = {caravan}

    def extend(self, hand: tuple[str, ...]) -> None:
        """One more turn: every play of a card not yet played, or a rest that takes them back.
        A caravan reached earlier is left out (it can claim nothing new)."""
        nxt: dict[tuple[Counts, frozenset[str]], Macro | None] = {}
        seen = self.seen
        for (car, done), first in self.frontier.items():
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
        self.frontier = nxt
        layer = []
        for (car, _), first in nxt.items():
            if car not in self.cars:
                self.cars.add(car)
                layer.append((car, first))
        self.layers.append(tuple(layer))


#: Reach searches kept between decisions (a playout meets the same caravans and hands again
#: and again); forgotten wholesale when full. A game of two `hard` seats makes about 4,000 of
#: each, some 15 KB a search: 50,000 held about 750 MB in a server process; 10,000 keeps a
#: game's own and its neighbour's.
REACH_CACHE = 10_000
_reaches: dict[tuple[Counts, tuple[str, ...], frozenset[str]], Reach] = {}
_plans: dict[tuple[object, ...], tuple[float, int, Macro | None, Counts]] = {}


def reach(
    caravan: Counts, hand: tuple[str, ...], played: tuple[str, ...], depth: int
) -> list[Layer]:
    """The first ``depth + 1`` layers of :class:`Reach` (turn 0 is the caravan itself)."""
    done = frozenset(played)
    key = (caravan, hand, done)
    found = _reaches.get(key)
    if found is None:
        if len(_reaches) >= REACH_CACHE:
            _reaches.clear()
        found = _reaches[key] = Reach(caravan, done)
    while len(found.layers) <= depth:
        found.extend(hand)
    return found.layers[: depth + 1]


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
    key = (tuple(state.point_row), state.gold, state.silver, caravan, hand, played, depth)
    known = _plans.get(key)
    if known is not None:
        return known
    targets = [
        (p, POINT_CARDS[c].need, claim_value(state, p)) for p, c in enumerate(state.point_row, 1)
    ]
    best: tuple[float, int, Macro | None, Counts] = (0.0, 0, None, caravan)
    found: set[int] = set()
    for turns, layer in enumerate(reach(caravan, hand, played, depth)):
        for car, first in layer:
            for position, need, value in targets:
                if position in found or not affords(car, need):
                    continue
                found.add(position)
                utility = value / (turns + 1) + 0.01 * weight(car)
                if utility > best[0]:
                    best = (utility, position, first, car)
        if len(found) == len(targets):
            break
    if len(_plans) >= REACH_CACHE:
        _plans.clear()
    _plans[key] = best
    return best


def keep_needs(state: SpiceRoadState, seat: int) -> Counts:
    """The spices the seat's best target needs (what payments and returns should spare)."""
    caravan = state.caravans[seat]
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


def cheapest_spare(caravan: Sequence[int], need: Counts) -> str:
    """The lowest spice the caravan holds beyond ``need``, else simply the lowest it holds."""
    for i in range(4):
        if caravan[i] > need[i]:
            return KEYS[i]
    for i in range(4):
        if caravan[i]:
            return KEYS[i]
    raise ValueError("empty caravan")


def upgrade_step(current: Counts, goal: Counts) -> Action:
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
        caravan = state.caravans[seat]
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
        caravan = state.caravans[seat]
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
                    as_counts(
                        a - r * p + r * g
                        for a, p, g in zip(caravan, card.pay, card.gain, strict=True)
                    ),
                )
                for r in range(1, state.trade_limit() + 1)
            ]
        else:
            left = card.up - state.upgrades_done
            reach = upgrade_results(caravan, left)
            if state.upgrades_done:
                reach.add(caravan)
            outcomes = [(0, c) for c in sorted(reach)]
        scored = []
        for r, result in outcomes:
            utility, _, _, _ = plan(state, seat, cap(result, (0, 0, 0, 0)), hand, played, depth=2)
            scored.append((utility + 0.001 * weight(cap(result, (0, 0, 0, 0))), r, result))
        _, r, goal = max(scored)
        if state.phase == TRADE:
            return Times(r)
        return upgrade_step(caravan, goal)


# -- hard: whole turns judged by planner playouts ---------------------------------------------
Turn = tuple[Action, ...]


def turn_key(state: SpiceRoadState, seat: int) -> tuple[object, ...]:
    """What a finished turn leaves behind that later turns can tell apart (two upgrade orders
    that reach the same caravan are one choice)."""
    return (
        tuple(state.caravans[seat]),
        tuple(sorted(state.hands[seat])),
        tuple(state.merchant_row),
        tuple(map(tuple, state.row_spices)),
        tuple(state.point_row),
        len(state.claimed[seat]),
    )


def whole_turns(
    state: SpiceRoadState, seat: int, settle: PlannerBot
) -> list[tuple[Turn, SpiceRoadState]]:
    """Every distinct whole turn of ``seat`` with the position it leaves.

    The turn's action, a trade's repeat count and each upgrade are branched on (they are the
    choices that shape the caravan); payments for an acquire and returns over the limit are
    settled by the planner, which spares what its target needs.
    """
    out: dict[tuple[object, ...], tuple[Turn, SpiceRoadState]] = {}

    def walk(position: SpiceRoadState, steps: Turn) -> None:
        if position.is_over() or (steps and position.phase == TURN):
            key = turn_key(position, seat)
            if key not in out:
                out[key] = (steps, position)
            return
        if position.phase in (PAY, RETURN):
            choices = [settle.choose(position, seat)]
        else:
            choices = position.legal_actions(seat)
        for i, action in enumerate(choices):
            twin = position if i == len(choices) - 1 else position.clone()
            twin.apply(seat, action)
            walk(twin, (*steps, action))

    walk(state.clone(), ())
    return list(out.values())


REST_ACTION = Rest()
#: Points (of margin over the strongest rival) another turn must gain over the planner's.
MARGIN = 2.0
#: Rounds of planner turns in the quick look every whole turn gets.
SCREEN_HORIZON = 1
#: Turns the quick look keeps (the planner's own turn is always kept as well).
SHORTLIST = 6
#: Deck orders each kept turn is played out on, the same ones for every turn.
WORLDS = 2
#: Rounds of planner turns in the deep look at the kept turns.
HORIZON = 5
#: Points a playout that reaches the end adds for a win (and takes for anything else): the
#: margin alone would trade a sure win for a wider, riskier one.
WIN_BONUS = 10.0


class RolloutBot:
    """``hard``: plans whole turns and keeps the planner's choice unless a look ahead finds a
    clearly better one.

    Every distinct whole turn (action, trade count, upgrades, with the planner's payments) is
    played on a copy of the bot's determinized position and given a quick look: every seat
    continues with the ``normal`` planner for ``screen`` round(s). The best ``shortlist`` turns
    and the planner's own are then replayed from the start of the turn on ``worlds`` deck
    orders (the same ones for every turn, so the comparison is fair and a lucky draw does not
    decide) and played on for ``horizon`` rounds. A position is scored by the state's
    ``estimate`` (a fitted final-score prediction) with the merchant cards' remaining plays added,
    as the seat's margin over its strongest rival, averaged over the ends of those rounds; a
    playout that reaches the end counts its real final margin plus or minus ``win_bonus``. The
    planner's own turn stands unless another beats it by more than ``margin`` points: the
    estimate is rough, and a small edge is more often its error than a better move. A pass (rest
    with nothing played) is never a candidate."""

    level = "hard"

    def __init__(
        self,
        seed: int = 0,
        horizon: int = HORIZON,
        margin: float = MARGIN,
        screen: int = SCREEN_HORIZON,
        shortlist: int = SHORTLIST,
        worlds: int = WORLDS,
        win_bonus: float = WIN_BONUS,
    ) -> None:
        self.horizon = horizon
        self.margin = margin
        self.screen = screen
        self.shortlist = shortlist
        self.worlds = worlds
        self.win_bonus = win_bonus
        self.rng = random.Random(seed)
        self.settle = PlannerBot(seed)
        self.playout = PlannerBot(seed, depth=2)
        self.values = engine_values
        self.queue: list[Action] = []
        #: Per seat, the point card the planner would have claimed last turn and the look
        #: ahead put off: it is claimed now if the planner still rates it best.
        self.deferred: dict[int, str] = {}

    def choose(self, state: State, seat: int) -> Action:
        assert isinstance(state, SpiceRoadState)
        if state.phase != TURN:
            if self.queue and self.queue[0] in state.legal_actions(seat):
                return self.queue.pop(0)
            self.queue = []
            return self.settle.choose(state, seat)
        planned = self.settle.choose(state.clone(), seat)
        wanted = state.point_row[planned.position - 1] if isinstance(planned, Claim) else None
        if wanted is not None and self.deferred.get(seat) == wanted:
            # A claim put off once is not put off again: the look ahead is rough, and every
            # turn a claimable card lies there a rival may take it (and its coin) first.
            del self.deferred[seat]
            self.queue = []
            return planned
        action = self._look_ahead(state, seat, planned)
        if wanted is not None and action != planned:
            self.deferred[seat] = wanted
        else:
            self.deferred.pop(seat, None)
        return action

    def _look_ahead(self, state: SpiceRoadState, seat: int, planned: Action) -> Action:
        """The first step of the best whole turn (the planner's own unless another is
        clearly better); the rest of that turn is queued."""
        turns = [
            (steps, after)
            for steps, after in whole_turns(state, seat, self.settle)
            if steps[0] != REST_ACTION or state.played[seat] or steps[0] == planned
        ]
        scored = self.deep_look(state, seat, self.kept(turns, seat, planned))
        mine = max((v for v, steps in scored if steps[0] == planned), default=None)
        value, best = max(scored, key=lambda s: (s[0], -len(s[1])))
        if mine is not None and value <= mine + self.margin:
            self.queue = []
            return planned
        self.queue = list(best[1:])
        return best[0]

    def kept(
        self, turns: list[tuple[Turn, SpiceRoadState]], seat: int, planned: Action
    ) -> list[Turn]:
        """The turns the quick look ranks best, and the best of those the planner's action
        starts."""
        ranked = sorted(
            ((self.judge(after, seat, self.screen), steps) for steps, after in turns),
            key=lambda s: (-s[0], len(s[1])),
        )
        kept = [steps for _, steps in ranked[: self.shortlist]]
        own = next((steps for _, steps in ranked if steps[0] == planned), None)
        if own is not None and own not in kept:
            kept.append(own)
        return kept

    def deep_look(
        self, state: SpiceRoadState, seat: int, turns: list[Turn]
    ) -> list[tuple[float, Turn]]:
        """Each turn's mean judgement over ``worlds`` deck orders, replayed from the start of
        the turn so that its own draws (a claim's or an acquire's new card) vary too."""
        worlds = [self.rng.randrange(1 << 30) for _ in range(self.worlds)]
        scored = []
        for steps in turns:
            total = 0.0
            for world in worlds:
                position = state.clone()
                shuffle = random.Random(world).shuffle
                shuffle(position.point_deck)
                shuffle(position.merchant_deck)
                for step in steps:
                    position.apply(seat, step)
                total += self.judge(position, seat, self.horizon)
            scored.append((total / len(worlds), steps))
        return scored

    def judge(self, position: SpiceRoadState, seat: int, horizon: int) -> float:
        """The seat's margin over its strongest rival, averaged over the ends of the next
        ``horizon`` rounds of planner turns, or the real final margin (plus or minus the win
        bonus) once the game is over.

        Averaging over several cut-offs keeps the estimate from favouring a turn only because
        the cut-off then falls when the caravan is full rather than just spent on a claim."""
        position = position.clone()
        start = position.turns[:]
        margins: list[float] = []
        while True:
            if position.is_over():
                return self.final_value(position, seat)
            if position.phase == TURN:
                rounds = min(t - s for t, s in zip(position.turns, start, strict=True))
                if rounds > len(margins):
                    margins.append(margin_of(self.values(position), seat))
                    if len(margins) >= horizon:
                        break
            mover = position.current
            position.apply(mover, self.playout.choose(position, mover))
        return sum(margins) / len(margins)

    def final_value(self, position: SpiceRoadState, seat: int) -> float:
        """The final margin over the strongest rival, plus the bonus for a win (sole first
        place after the tie-break) or minus it for anything else."""
        result = position.result()
        won = result.ranks[seat] == 1 and result.ranks.count(1) == 1
        return margin_of(result.totals, seat) + (self.win_bonus if won else -self.win_bonus)


#: Points a merchant card's per-play spice value is worth per turn left in the game: the fitted
#: estimate prices cards at nothing or less (planner games end before an engine pays), which
#: makes the look-ahead refuse every acquire; a card is played about once every other turn.
ENGINE_RATE = 0.2
#: Turns a seat takes per point card claimed, for the turns-left guess.
TURNS_PER_CLAIM = 3.0


def engine_values(position: SpiceRoadState, rate: float = ENGINE_RATE) -> tuple[float, ...]:
    """Each seat's estimate plus what its bought merchant cards will still convert: the card's
    spice value per play (``card_value``) times the plays left, guessed from how many point cards
    the leader still needs for the end trigger, shared among the seat's cards (a card comes
    back once per rest)."""
    leader = max(len(c) for c in position.claimed)
    turns_left = max(0.0, (position.target - leader) * TURNS_PER_CLAIM)
    base = position.estimate()
    return tuple(
        base[seat]
        + rate
        * turns_left
        / (1 + len(position.hands[seat]) + len(position.played[seat]))
        * sum(
            card_value(c)
            for c in position.hands[seat] + position.played[seat]
            if c not in STARTING_HAND
        )
        for seat in range(position.seats)
    )


def margin_of(totals: Sequence[float], seat: int) -> float:
    """The seat's (predicted or final) score minus its strongest rival's."""
    return totals[seat] - max(t for s, t in enumerate(totals) if s != seat)


#: The blurbs and strengths are message ids, shown translated by the setup screens.
LEVELS: tuple[BotLevel, ...] = (
    BotLevel(
        "normal", PlannerBot, N_("plans the cheapest route to a point card"), default=True,
        strength=N_("beats random 40 of 40 at 2 seats, 3x fair share at 3"),
    ),
    BotLevel(
        "hard", RolloutBot, N_("plans whole turns and looks five rounds ahead"),
        strength=N_("beats normal 195 of 240 at 2 seats, 2.1x fair share at 3"),
    ),
)

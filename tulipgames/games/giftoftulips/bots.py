"""Gift of Tulips computer players.

``normal`` scores every option by the points it gives now plus its effect on the majorities the
ranking would pay if the game ended now, for itself against the other seats, and looks one card
ahead: the first card's option is valued together with the best option left for every possible
second card. ``hard`` plays the normal bot's best few options out to the end in the same
re-dealt worlds (``HardBot``), with this bot's quick greedy judgement in the playouts.

Bots receive a determinized copy of the state (``engine.bots.bot_move``), so the "unseen" cards
they weigh are only a re-deal of what their seat cannot see.
"""

from __future__ import annotations

import random
import time
from collections import Counter
from collections.abc import Sequence

from tulipgames.engine.bots import SearchBot, another_world
from tulipgames.engine.core import Action, BotLevel, State
from tulipgames.games.giftoftulips.data import (
    GIVE_BONUS,
    KEEP_POINTS,
    MAJORITY,
    SCORED_PLACES,
    SECRET_REVEAL_COUNT,
)
from tulipgames.games.giftoftulips.rules import (
    SETUP,
    AddFaceUp,
    AddSecret,
    ChooseBouquet,
    GiftState,
    Give,
    Keep,
    family,
    place_of,
    rank_after_adding,
)
from tulipgames.i18n import N_

Holding = dict[str, tuple[int, int]]


class Position:
    """A light copy of what decides a seat's fortune: ranking, totals, bouquets and points.

    ``paid`` caches each variety's majority points per seat by festival place: they change
    only when someone receives that variety, so a playout re-counts one variety per move
    instead of every scored one for every option it judges.
    """

    __slots__ = ("held", "paid", "points", "ranking", "secret_size", "sums", "totals")

    def __init__(
        self,
        ranking: list[str],
        totals: dict[str, int],
        held: list[Holding],
        points: list[float],
        secret_size: int,
        paid: dict[tuple[str, int], tuple[int, ...]] | None = None,
        sums: list[float] | None = None,
    ) -> None:
        self.ranking = ranking
        self.totals = totals
        self.held = held
        self.points = points
        self.secret_size = secret_size
        self.paid = {} if paid is None else paid
        self.sums = sums

    @classmethod
    def of(cls, state: GiftState) -> Position:
        held: list[Holding] = []
        for bouquet in state.bouquets:
            holding: Holding = {}
            for card in bouquet:
                count, total = holding.get(card.variety, (0, 0))
                holding[card.variety] = (count + 1, total + card.value)
            held.append(holding)
        points = [float(g + k) for g, k in zip(state.give_points, state.keep_points, strict=True)]
        return cls(state.ranking[:], dict(state.totals), held, points, len(state.secret))

    def copy(self) -> Position:
        return Position(
            self.ranking[:],
            dict(self.totals),
            [dict(h) for h in self.held],
            self.points[:],
            self.secret_size,
            dict(self.paid),
            self.sums,
        )

    def receive(self, seat: int, variety: str, value: int) -> None:
        count, total = self.held[seat].get(variety, (0, 0))
        self.held[seat][variety] = (count + 1, total + value)
        self.sums = None
        for place in SCORED_PLACES:
            self.paid.pop((variety, place), None)

    def paid_for(self, variety: str, place: int) -> tuple[int, ...]:
        """Majority points per seat for ``variety`` ranked at ``place``: the n-th distinct
        (count, sum) group of holders takes the n-th printed level (dense levels)."""
        key = (variety, place)
        cached = self.paid.get(key)
        if cached is None:
            holds = [h.get(variety) for h in self.held]
            cached = self.paid[key] = majority_paid(holds, MAJORITY[len(self.held)][place])
        return cached

    def majorities(self) -> list[float]:
        """Majority points per seat if the game ended with this ranking (the list is shared
        between copies: do not change it)."""
        if self.sums is None:
            result = [0.0] * len(self.held)
            for place, variety in enumerate(self.ranking[: len(SCORED_PLACES)], 1):
                for seat, points in enumerate(self.paid_for(variety, place)):
                    result[seat] += points
            self.sums = result
        return self.sums

    def add_face_up(self, variety: str, value: int) -> None:
        """A card joins the festival face up: the ranking may change."""
        rank_after_adding(self.ranking, self.totals, variety, value)
        self.sums = None

    def worth(self, seat: int) -> float:
        """The seat's projected score ahead of the average other seat."""
        majorities = self.majorities()
        totals = [p + m for p, m in zip(self.points, majorities, strict=True)]
        others = [t for s, t in enumerate(totals) if s != seat]
        return totals[seat] - sum(others) / len(others)


def majority_paid(
    holds: Sequence[tuple[int, int] | None], levels: Sequence[int]
) -> tuple[int, ...]:
    """The majority levels of one scored variety paid to each seat by its (count, sum) there:
    the n-th distinct group of holders takes the n-th printed level (dense levels)."""
    groups = sorted({h for h in holds if h}, reverse=True)
    paid = dict(zip(groups, levels, strict=False))
    return tuple(paid.get(h, 0) if h else 0 for h in holds)


def lead(totals: Sequence[float], seat: int) -> float:
    """``seat``'s total ahead of the average other seat."""
    return totals[seat] - (sum(totals) - totals[seat]) / (len(totals) - 1)


def quick_judge(position: Position, seat: int, action: Action, variety: str, value: int) -> float:
    """:func:`judge` without copying the position: only what ``action`` changes is re-counted
    (the majority of the card's variety for a keep or a give, the ranking for a face-up add).
    Playouts judge every option of every move, so this is most of a search's time."""
    if isinstance(action, AddSecret):
        chance = min(1.0, SECRET_REVEAL_COUNT / (position.secret_size + 1))
        flipped = quick_judge(position, seat, AddFaceUp(), variety, value)
        return (1 - chance) * position.worth(seat) + chance * flipped
    points = position.points[:]
    if isinstance(action, AddFaceUp):
        ranking, totals = position.ranking[:], dict(position.totals)
        rank_after_adding(ranking, totals, variety, value)
        majorities = [0.0] * len(points)
        for place, scored in enumerate(ranking[: len(SCORED_PLACES)], 1):
            for s, paid in enumerate(position.paid_for(scored, place)):
                majorities[s] += paid
        return lead([p + m for p, m in zip(points, majorities, strict=True)], seat)
    place = place_of(position.ranking, variety)
    if isinstance(action, Keep):
        points[seat] += KEEP_POINTS[place]
        receiver = seat
    else:
        assert isinstance(action, Give)
        points[seat] += value + GIVE_BONUS[place]
        receiver = action.target
    majorities = list(position.majorities())
    if place <= len(SCORED_PLACES):
        holds = [h.get(variety) for h in position.held]
        count, total = holds[receiver] or (0, 0)
        holds[receiver] = (count + 1, total + value)
        before = position.paid_for(variety, place)
        now = majority_paid(holds, MAJORITY[len(points)][place])
        for s in range(len(points)):
            majorities[s] += now[s] - before[s]
    return lead([p + m for p, m in zip(points, majorities, strict=True)], seat)


def resolve(position: Position, seat: int, action: Action, variety: str, value: int) -> None:
    """``seat`` resolves a card with ``action`` in ``position`` itself, scoring it by the
    ranking of the moment, as the rules do."""
    if isinstance(action, Keep):
        position.points[seat] += KEEP_POINTS[place_of(position.ranking, variety)]
        position.receive(seat, variety, value)
    elif isinstance(action, Give):
        position.points[seat] += value + GIVE_BONUS[place_of(position.ranking, variety)]
        position.receive(action.target, variety, value)
    elif isinstance(action, AddFaceUp):
        position.add_face_up(variety, value)
    else:
        position.secret_size += 1


def after(position: Position, seat: int, action: Action, variety: str, value: int) -> Position:
    """The position after ``seat`` resolves a card with ``action`` (secret adds count in part:
    the chance that the card is among the flipped ones)."""
    position.majorities()  # fills the cache the copy starts from
    nxt = position.copy()
    resolve(nxt, seat, action, variety, value)
    return nxt


def judge(position: Position, seat: int, action: Action, variety: str, value: int) -> float:
    """How good resolving a card with ``action`` leaves ``seat``."""
    nxt = after(position, seat, action, variety, value)
    if not isinstance(action, AddSecret):
        return nxt.worth(seat)
    chance = min(1.0, SECRET_REVEAL_COUNT / nxt.secret_size)
    flipped = after(position, seat, AddFaceUp(), variety, value)
    return (1 - chance) * nxt.worth(seat) + chance * flipped.worth(seat)


def second_card_actions(players: int, seat: int, used: str) -> list[Action]:
    """Every action the second card may take after the first used family ``used``."""
    actions: list[Action] = [Keep(), *(Give(t) for t in range(players) if t != seat)]
    actions.extend([AddFaceUp(), AddSecret()])
    return [a for a in actions if family(a) != used]


def unseen_kinds(state: GiftState, seat: int) -> Counter[tuple[str, int]]:
    """How many cards of each (variety, value) the seat has not seen: what may still be drawn."""
    secret = (c for c, owner in zip(state.secret, state.secret_owner, strict=True) if owner != seat)
    return Counter((c.variety, c.value) for c in (*state.deck, *state.removed, *secret))


class NormalBot:
    """Greedy with one card of look-ahead; see the module docstring."""

    level = "normal"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: State, seat: int) -> Action:
        assert isinstance(state, GiftState)
        return best(self.scored(state, seat), self.rng)

    def ranked(self, state: GiftState, seat: int) -> list[Action]:
        """The legal actions, best first."""
        scored = self.scored(state, seat)
        order = sorted(range(len(scored)), key=lambda i: -scored[i][0])
        return [scored[i][1] for i in order]

    def scored(self, state: GiftState, seat: int) -> list[tuple[float, Action]]:
        """Every legal action with its judged worth."""
        legal = state.legal_actions(seat)
        if state.phase == SETUP:
            return self._score_bouquets(state, seat, legal)
        card = state.pending
        assert card is not None
        position = Position.of(state)
        if state.card_no == 2:
            scored = [(judge(position, seat, a, card.variety, card.value), a) for a in legal]
        else:
            kinds = unseen_kinds(state, seat)
            scored = [
                (self._with_second_card(position, seat, a, card.variety, card.value, kinds), a)
                for a in legal
            ]
        return scored

    def _with_second_card(
        self,
        position: Position,
        seat: int,
        action: Action,
        variety: str,
        value: int,
        kinds: Counter[tuple[str, int]],
    ) -> float:
        """The first card's option followed by the best option left for each possible second card,
        weighted by how many such cards are unseen."""
        nxt = after(position, seat, action, variety, value)
        seconds = second_card_actions(len(position.held), seat, family(action))
        total = sum(kinds.values())
        if not total:
            return judge(position, seat, action, variety, value)
        expected = 0.0
        for (kind_variety, kind_value), count in kinds.items():
            expected += count * max(
                judge(nxt, seat, second, kind_variety, kind_value) for second in seconds
            )
        return expected / total

    def _score_bouquets(
        self, state: GiftState, seat: int, legal: Sequence[Action]
    ) -> list[tuple[float, Action]]:
        """Keep the card whose bouquet place (and the other's secret place) looks better."""
        position = Position.of(state)
        scored: list[tuple[float, Action]] = []
        for action in legal:
            assert isinstance(action, ChooseBouquet)
            deal = list(state.deals[seat])
            kept = next(c for c in deal if (c.variety, c.value) == (action.variety, action.value))
            deal.remove(kept)
            hidden = deal[0]
            nxt = position.copy()
            nxt.receive(seat, kept.variety, kept.value)
            score = judge(nxt, seat, AddSecret(), hidden.variety, hidden.value)
            scored.append((score, action))
        return scored


def best(scored: Sequence[tuple[float, Action]], rng: random.Random) -> Action:
    """The highest-scoring action; equal scores are broken at random."""
    top = max(score for score, _ in scored)
    return rng.choice([a for score, a in scored if score >= top - 1e-9])


def playout_margin(state: GiftState, seat: int, rng: random.Random) -> float:
    """Play a determinized game to the end with greedy seats and judge it for ``seat``.

    Two seats: a win counts 1 (a shared one its share, after the bouquet-size tie-break), and the
    final lead over the other seat / 100 breaks near-equal lines. More seats: a win-or-lose
    reward is too sparse (most playouts are lost whatever the option), so the finishing place
    counts (first 1, last 0, evenly between) plus the lead over the best rival / 20.
    """
    # One position follows the playout move by move (its majority cache with it) instead of
    # one read from the state for every move: the same playouts, a decision's worlds in about
    # three quarters of the time.
    position: Position | None = None
    while not state.is_over():
        mover = state.to_act()[0]
        card = state.pending
        if card is None:  # a bouquet choice in setup
            state._apply(mover, rng.choice(state.legal_actions(mover)))
            position = None
            continue
        if position is None:
            position = Position.of(state)
        legal = state.legal_actions(mover)
        scored = [(quick_judge(position, mover, a, card.variety, card.value), a) for a in legal]
        action = best(scored, rng)
        state._apply(mover, action)
        resolve(position, mover, action, card.variety, card.value)
    result = state.result()
    rival = max(t for s, t in enumerate(result.totals) if s != seat)
    seats = len(result.ranks)
    if seats > 2:
        place = (seats - result.ranks[seat]) / (seats - 1)
        return place + (result.totals[seat] - rival) / 20.0
    winners = result.ranks.count(1)
    won = 1.0 / winners if result.ranks[seat] == 1 else 0.0
    return won + (result.totals[seat] - rival) / 100.0


def clearly_better(rewards: Sequence[Sequence[float]], pick: int) -> bool:
    """Whether option ``pick`` beats the normal bot's option (index 0) by more than one standard
    error of the paired per-world differences: with ten-odd worlds a four-seat search otherwise
    overrides the normal choice on noise."""
    diffs = [row[pick] - row[0] for row in rewards]
    if len(diffs) < 2:
        return False
    mean = sum(diffs) / len(diffs)
    spread = (sum((d - mean) ** 2 for d in diffs) / len(diffs)) ** 0.5
    return mean > spread / len(diffs) ** 0.5


#: The hard level's budget per decision: at most ``SECONDS`` of wall-clock time from the start
#: of the decision (the shortlist included), and at most ``WORLDS`` worlds. A world is not begun
#: when, at the pace of those before it, it would end past the time, so the cap holds on a
#: loaded machine too; on a quiet one late decisions reach ``WORLDS`` first.
SECONDS = 0.85
WORLDS = 300


class HardBot(SearchBot):
    """Search over determinized states: the normal bot's best few options are each played out
    to the end in the same re-dealt worlds with the same future draws (common random numbers,
    so the options are compared on equal luck), and the best average playout reward wins
    (:func:`playout_margin`); at three or more seats only when :func:`clearly_better`.

    Budget: ``seconds`` and ``worlds`` (:func:`another_world`), or a fixed number of worlds
    (``iterations``, no time limit: reproducible).
    """

    level = "hard"

    def __init__(
        self,
        seconds: float = SECONDS,
        iterations: int | None = None,
        seed: int = 0,
        candidates: int = 3,
        worlds: int = WORLDS,
    ) -> None:
        super().__init__(seconds=seconds, iterations=iterations, seed=seed)
        self.candidates = candidates
        self.worlds = worlds
        self.normal = NormalBot(seed)

    def choose(self, state: State, seat: int) -> Action:
        assert isinstance(state, GiftState)
        started = time.perf_counter()
        legal = state.legal_actions(seat)
        if len(legal) == 1:
            return legal[0]
        shortlist = self.normal.ranked(state, seat)[: self.candidates]
        rewards: list[list[float]] = []
        began = time.perf_counter()
        while (
            (len(rewards) < self.iterations)
            if self.iterations
            else another_world(len(rewards), began, started, self.seconds, self.worlds)
        ):
            world = state.determinize(seat, self.rng)
            luck = self.rng.getrandbits(64)
            row: list[float] = []
            for action in shortlist:
                twin = world.clone()
                assert isinstance(twin, GiftState)
                twin.rng = random.Random(luck)
                twin._apply(seat, action)
                row.append(playout_margin(twin, seat, random.Random(luck + 1)))
            rewards.append(row)
        self.last_iterations = len(rewards)
        self.last_rewards = rewards
        sums = [sum(row[i] for row in rewards) for i in range(len(shortlist))]
        pick = max(range(len(shortlist)), key=lambda i: sums[i])
        if pick and state.seats > 2 and not clearly_better(rewards, pick):
            pick = 0
        return shortlist[pick]


def make_search_bot(seed: int, seconds: float, iterations: int | None) -> HardBot:
    """The hard bot (see :class:`HardBot`)."""
    return HardBot(seconds=seconds, iterations=iterations, seed=seed)


LEVELS: tuple[BotLevel, ...] = (
    BotLevel(
        "normal",
        NormalBot,
        N_("weighs keeping, giving and adding by the festival"),
        default=True,
        strength=N_("beats random 40 of 40 at 2 seats; wins 72% against 3 random at 4 (2.9x fair)"),
    ),
    BotLevel(
        "hard",
        lambda seed: make_search_bot(seed, SECONDS, None),
        N_("plays its best three options to the end in re-dealt worlds"),
        strength=N_("beats normal 73% of 180 at 2 seats; wins 44% of 400 against 3 normal at 4"
                    " (1.8x fair)"),
    ),
)

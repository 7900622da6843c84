"""The coach: what each choice of a finished game was worth, seen from the seat that made it.

For every decision of the seats asked for (an action with more than one legal choice), the coach
re-creates the position from the record and weighs the choices **only from what that seat could
see**: each world is ``State.determinize(seat, rng)`` (the hidden cards re-dealt, the future
luck reseeded), exactly as the bots are handed their positions. Every candidate is played on in
the same worlds with the same future luck (common random numbers, as the ``hard`` bots do), by
the game's own judgement (:mod:`tulipgames.coach.profiles`), and its expected lead in points is
turned into a win chance (a logistic, as lichess turns centipawns into winning chances). The loss
of a choice is the best candidate's win chance less its own, in percentage points, and the grade
follows from the game's declared thresholds.

Same record, same analysis: every decision draws from its own random source, seeded by the
record's seed and the decision's index, so the order in which processes finish changes nothing.

This module holds no screen and no process pool (see :mod:`tulipgames.coach.run`), so a hint,
a "try again" puzzle or a tutorial can call :func:`weigh` on any position.
"""

from __future__ import annotations

import math
import random
import statistics
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

from tulipgames.coach.memory import WorldMaker, world_maker
from tulipgames.coach.profiles import Profile, grade, profile, win_chance
from tulipgames.engine.core import Action, Game, IllegalAction, State
from tulipgames.engine.record import GameRecord, RecordError, start
from tulipgames.i18n import SOURCE
from tulipgames.i18n import render as in_words


@dataclass(frozen=True)
class Budget:
    """How hard the coach looks: candidates weighed and worlds per decision (``None``: the
    game's profile). Tests pass small ones."""

    candidates: int | None = None
    worlds: int | None = None


#: The games' own budgets.
PROFILE_BUDGET = Budget()


@dataclass(frozen=True)
class ChoiceValue:
    """One weighed choice: its notation, win chance (0-100) and expected lead in points."""

    action: str
    win: float
    lead: float


@dataclass(frozen=True)
class Decision:
    """One graded decision of one seat.

    ``index`` is the action's position in the record (0-based), so a replay viewer can seek to
    ``index`` to show the position before it. ``choices`` are the weighed ones, best first;
    ``legal`` counts every legal choice (more than were weighed in a large decision, such as a
    bid among sixty amounts). ``loss`` is in win-chance points (points of score alone).
    """

    index: int
    seat: int
    prompt: str
    made: str
    best: str
    legal: int
    choices: tuple[ChoiceValue, ...]
    loss: float
    grade: str

    @property
    def value(self) -> ChoiceValue:
        """The weighed value of the choice made."""
        return next(c for c in self.choices if c.action == self.made)


@dataclass(frozen=True)
class Performance:
    """A seat's figures over its graded decisions."""

    seat: int
    name: str
    decisions: int
    mean_loss: float
    #: Lichess's accuracy: per decision 103.1668·e^(-0.04354·loss) - 3.1669, clamped to 0-100,
    #: averaged over the decisions (100 = every choice the coach's best).
    accuracy: float
    grades: dict[str, int]


@dataclass
class Analysis:
    """A whole game's analysis: every graded decision, the costliest ones and each seat's
    figures."""

    game: str
    seed: int
    names: list[str]
    seats: list[int]
    metric: str
    unit: str
    thresholds: tuple[float, float, float]
    decisions: list[Decision] = field(default_factory=list)

    def costliest(self, count: int = 5) -> list[Decision]:
        """The ``count`` costliest decisions (3-5 shown), worst first; losses of zero left out,
        ties kept in game order."""
        ranked = sorted(
            (d for d in self.decisions if d.loss > 0), key=lambda d: (-d.loss, d.index)
        )
        return ranked[:count]

    def performance(self) -> list[Performance]:
        out = []
        for seat in self.seats:
            mine = [d for d in self.decisions if d.seat == seat]
            losses = [d.loss for d in mine]
            counts = {g: sum(1 for d in mine if d.grade == g) for g in
                      ("good", "inaccuracy", "mistake", "blunder")}
            out.append(Performance(
                seat, self.names[seat], len(mine),
                sum(losses) / len(losses) if losses else 0.0,
                sum(accuracy(x) for x in losses) / len(losses) if losses else 100.0,
                counts,
            ))
        return out

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "seed": self.seed,
            "names": self.names,
            "seats": self.seats,
            "metric": self.metric,
            "unit": self.unit,
            "thresholds": list(self.thresholds),
            "decisions": [asdict(d) for d in self.decisions],
            "costliest": [d.index for d in self.costliest()],
            "performance": [asdict(p) for p in self.performance()],
        }


def accuracy(loss: float) -> float:
    """Lichess's accuracy of one move from its win-chance loss in percentage points."""
    return max(0.0, min(100.0, 103.1668 * math.exp(-0.04354 * loss) - 3.1669))


def decision_rng(seed: int, index: int) -> random.Random:
    """The random source of the decision at record index ``index``: seeded by the record's
    seed and the index only (a string seed is hashed with SHA-512, the same in every run)."""
    return random.Random(f"coach:{seed}:{index}")


def candidates(
    legal: Sequence[Action], made: Action, suggested: Action | None, most: int
) -> list[Action]:
    """The choices to weigh: all of them when there are at most ``most``; otherwise the one
    made, the normal bot's, and the rest spread evenly over the legal list (its order is the
    rules' own: pass then amounts for a bid, so the spread covers low to high)."""
    if len(legal) <= most:
        return list(legal)
    chosen: dict[str, Action] = {str(made): made}
    if suggested is not None:
        chosen.setdefault(str(suggested), suggested)
    room = max(0, most - len(chosen))
    if room:
        step = len(legal) / room
        for k in range(room):
            action = legal[min(len(legal) - 1, int(k * step + step / 2))]
            chosen.setdefault(str(action), action)
    return list(chosen.values())


def weigh_worlds(
    state: State, seat: int, choices: Sequence[Action], rng: random.Random,
    prof: Profile, worlds: int, world_of: WorldMaker | None = None,
) -> list[list[tuple[float, float]]]:
    """Each choice's (win chance 0-1, lead in points) for ``seat`` in each world, judged only
    from what the seat can see: one list per choice, the worlds in the same order for every
    choice (so that two choices can be compared world by world).

    With a game's own exact evaluation (``judge``) the position is judged once per world; with
    playouts (``finish``) every choice is played in the same re-dealt worlds with the same
    future luck. A choice that some world does not allow (it cannot happen for a seat's own
    legal choices, which depend only on what it sees) is scored as that world's worst.
    ``world_of``: how to re-deal a world from what the seat remembers too
    (:mod:`tulipgames.coach.memory`); by default ``state.determinize``."""
    leads: list[list[float]] = [[] for _ in choices]
    for _ in range(worlds):
        world = world_of(state, rng) if world_of is not None else state.determinize(seat, rng)
        if prof.judge is not None:
            for i, lead in enumerate(prof.judge(world, seat, choices)):
                leads[i].append(lead)
            continue
        assert prof.finish is not None
        luck = rng.getrandbits(64)
        row: list[float | None] = []
        for action in choices:
            twin = world.clone()
            twin.rng = random.Random(luck)
            try:
                twin.apply(seat, action)
            except IllegalAction:
                row.append(None)
                continue
            row.append(prof.finish(twin, seat, random.Random(luck + 1)))
        floor = min((x for x in row if x is not None), default=0.0)
        for i, found in enumerate(row):
            leads[i].append(floor if found is None else found)
    solo = state.seats == 1
    return [
        [(0.0 if solo else win_chance(v, prof.scale), v) for v in values] for values in leads
    ]


def weigh(
    state: State, seat: int, choices: Sequence[Action], rng: random.Random,
    prof: Profile, worlds: int,
) -> list[tuple[float, float]]:
    """Each choice's (win chance 0-1, expected lead in points) for ``seat`` in ``state``,
    judged only from what the seat can see: the means over the worlds of
    :func:`weigh_worlds`."""
    return [
        (statistics.fmean(c for c, _ in values), statistics.fmean(v for _, v in values))
        for values in weigh_worlds(state, seat, choices, rng, prof, worlds)
    ]


def paired_loss(best: Sequence[float], mine: Sequence[float]) -> float:
    """What the choice made lost against the best, counting only what the worlds show beyond
    their noise: the mean of the per-world differences (the same worlds and luck for both, so
    the luck of the deal cancels out) less one standard error of that mean, never below 0.

    A search of a few worlds per choice picks as "best" the largest of several noisy means,
    which is biased upwards; without this every decision, good or bad, would lose a point or
    two to noise alone (as the ``hard`` bots' ``clearly_better`` test guards against). One
    world (an exact judgement) has no noise to take off."""
    diffs = [b - m for b, m in zip(best, mine, strict=True)]
    mean = statistics.fmean(diffs)
    if len(diffs) < 2:
        return max(0.0, mean)
    error = statistics.stdev(diffs) / math.sqrt(len(diffs))
    return max(0.0, mean - error)


def suggestion(state: State, seat: int, prof: Profile, game: Game, rng: random.Random) -> Action:
    """The normal bot's choice, on a determinized copy (what the seat could know)."""
    world = state.determinize(seat, rng)
    if prof.suggest is not None:
        return prof.suggest(world, seat, rng)
    bot = game.make_bot(None, rng.getrandbits(32))
    action: Action = bot.choose(world, seat)
    return action


def analyse_decision(
    game: Game, state: State, seat: int, made: Action, index: int, seed: int,
    budget: Budget = PROFILE_BUDGET, world_of: WorldMaker | None = None,
) -> Decision | None:
    """Grade ``seat`` playing ``made`` in ``state`` (the position before record action
    ``index``); ``None`` when the seat had no choice. ``world_of``: the worlds re-dealt from
    what the seat remembers (:func:`tulipgames.coach.memory.world_maker`)."""
    legal = state.legal_actions(seat)
    if len(legal) < 2:
        return None
    prof = profile(game.id)
    rng = decision_rng(seed, index)
    most = budget.candidates or prof.candidates
    suggested = suggestion(state, seat, prof, game, rng) if len(legal) > most else None
    choices = candidates(legal, made, suggested, most)
    if str(made) not in {str(c) for c in choices}:
        choices.append(made)
    worlds = budget.worlds or prof.worlds
    per_world = weigh_worlds(state, seat, choices, rng, prof, worlds, world_of)
    solo = state.seats == 1
    weighed = [
        ChoiceValue(
            str(action), round(100.0 * statistics.fmean(c for c, _ in values), 2),
            round(statistics.fmean(v for _, v in values), 2),
        )
        for action, values in zip(choices, per_world, strict=True)
    ]
    key = (lambda c: c.lead) if solo else (lambda c: (c.win, c.lead))
    ranked = sorted(weighed, key=lambda c: (key(c), -choices_order(weighed, c)), reverse=True)
    best = ranked[0]
    # the figure compared, per world: the lead alone, else the win chance in percentage points
    worth = [[v if solo else 100.0 * c for c, v in values] for values in per_world]
    names = [str(action) for action in choices]
    loss = round(paired_loss(worth[names.index(best.action)], worth[names.index(str(made))]), 2)
    thresholds = prof.solo_thresholds if solo else prof.thresholds
    return Decision(
        # the prompt is data here (the analysis's JSON): in English, whatever the session's
        index, seat, in_words(state.prompt(seat), SOURCE), str(made), best.action, len(legal),
        tuple(ranked), loss, grade(loss, thresholds),
    )


def choices_order(weighed: Sequence[ChoiceValue], choice: ChoiceValue) -> int:
    """A choice's place in the weighed list (ties between equal values go to the earlier)."""
    return next(i for i, c in enumerate(weighed) if c.action == choice.action)


def decisions_of(game: Game, record: GameRecord, seats: Sequence[int]) -> list[int]:
    """The record indices of every decision of ``seats`` (actions with more than one legal
    choice), replaying the record once."""
    state = start(game, record)
    found = []
    for index, (seat, text) in enumerate(record.actions):
        action = game.parse_action(text)
        if seat in seats and len(state.legal_actions(seat)) > 1:
            found.append(index)
        try:
            state.apply(seat, action)
        except IllegalAction as exc:
            raise RecordError(f"action {index + 1} ({text!r}) fails: {exc}") from exc
    return found


def position_before(game: Game, record: GameRecord, index: int) -> State:
    """The state just before record action ``index``."""
    state = start(game, record)
    for seat, text in record.actions[:index]:
        state.apply(seat, game.parse_action(text))
    return state


def new_analysis(game: Game, record: GameRecord, seats: Sequence[int]) -> Analysis:
    prof = profile(game.id)
    solo = len(record.seats) == 1
    return Analysis(
        game.id, record.seed, record.names, list(seats), prof.metric,
        "points" if solo else "win %",
        prof.solo_thresholds if solo else prof.thresholds,
    )


def analyse(
    game: Game, record: GameRecord, seats: Sequence[int], budget: Budget = PROFILE_BUDGET,
) -> Analysis:
    """The whole analysis in this process, one decision after another (see
    :func:`tulipgames.coach.run.analyse_parallel` for both cores and a progress bar)."""
    analysis = new_analysis(game, record, seats)
    wanted = set(decisions_of(game, record, seats))
    state = start(game, record)
    for index, (seat, text) in enumerate(record.actions):
        action = game.parse_action(text)
        if index in wanted:
            decision = analyse_decision(
                game, state, seat, action, index, record.seed, budget,
                world_maker(game, record, index, seat),
            )
            if decision is not None:
                analysis.decisions.append(decision)
        state.apply(seat, action)
    return analysis

"""The bot ladder: a game's bot levels play each other and get an Elo-style rating.

``tulipgames ladder GAME --games N --seats S`` plays ``N`` games. Every pair of levels meets in
turn: one seat of the stronger level (the *challenger*) against ``S - 1`` seats of the weaker,
the same seed played ``S`` times with the challenger at each seat (seats rotated, seeds paired:
the dice and the seat order cannot favour a level; at two seats, one seed twice with the seats
swapped). See :func:`schedule`.

Every game is turned into pairwise results between seats of different levels (a better final
place wins, an equal one draws). The ratings are the Bradley-Terry maximum-likelihood strengths of
those results on the Elo scale (400 points = 10:1 odds), anchored so that ``random`` is 0 (or the
weakest level when there is no random), with 95% intervals from resampling the games (bootstrap).
Per level the report also gives the win share against the fair share ``1/seats``, each
head-to-head with a Wilson 95% interval, each challenge (the lone challenger's share of wins)
with a 95% interval that also allows for the games of one seed sharing their dice
(:meth:`LadderReport.challenge_interval`), and think times p50/p95.
"""

from __future__ import annotations

import math
import random
import time
from collections import defaultdict
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from itertools import combinations
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from tulipgames.engine.bots import ThinkTimer, bot_move
from tulipgames.engine.core import Game

#: Bootstrap resamples for the rating intervals.
RESAMPLES = 200
#: Virtual draws between every two levels: keeps ratings finite when one level never loses.
PRIOR_DRAWS = 0.5


@dataclass(frozen=True)
class Played:
    """One finished ladder game: the level at each seat and each seat's final place."""

    seed: int
    levels: tuple[str, ...]
    ranks: tuple[int, ...]

    def pairs(self) -> list[tuple[str, str, float]]:
        """(level a, level b, a's score 1/0.5/0) for each two seats of different levels."""
        out = []
        for a, b in combinations(range(len(self.levels)), 2):
            if self.levels[a] == self.levels[b]:
                continue
            ra, rb = self.ranks[a], self.ranks[b]
            score = 1.0 if ra < rb else 0.5 if ra == rb else 0.0
            out.append((self.levels[a], self.levels[b], score))
        return out


def elo_of(score: float) -> float:
    """The Elo difference that predicts an expected score (kept finite at 0 and 1)."""
    p = min(max(score, 0.005), 0.995)
    return 400.0 * math.log10(p / (1 - p))


def wilson(wins: float, games: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score 95% interval of a win rate (draws count half)."""
    if games == 0:
        return (0.0, 1.0)
    p = wins / games
    centre = p + z * z / (2 * games)
    spread = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games))
    scale = 1 + z * z / games
    return (max(0.0, (centre - spread) / scale), min(1.0, (centre + spread) / scale))


def clustered(groups: Sequence[tuple[float, int]], z: float = 1.96) -> tuple[float, float]:
    """A 95% interval of a win rate from games played in groups that share a seed, ``(wins,
    games)`` per group: the games of one seed share their dice, so they are not independent,
    and the spread is estimated between the groups (cluster-robust normal interval)."""
    games = sum(n for _, n in groups)
    if games == 0 or len(groups) < 2:
        return (0.0, 1.0)
    rate = sum(w for w, _ in groups) / games
    spread = sum((w - rate * n) ** 2 for w, n in groups) * len(groups) / (len(groups) - 1)
    half = z * math.sqrt(spread) / games
    return (max(0.0, rate - half), min(1.0, rate + half))


def bradley_terry(
    levels: Sequence[str], results: Sequence[tuple[str, str, float]], rounds: int = 200
) -> dict[str, float]:
    """Elo-scale ratings (mean 0) from pairwise results, by the minorise-maximise iteration."""
    wins: dict[str, float] = defaultdict(float)
    meetings: dict[tuple[str, str], float] = defaultdict(float)
    for a, b, score in results:
        wins[a] += score
        wins[b] += 1.0 - score
        meetings[(a, b)] += 1.0
        meetings[(b, a)] += 1.0
    for a, b in combinations(levels, 2):
        wins[a] += PRIOR_DRAWS / 2
        wins[b] += PRIOR_DRAWS / 2
        meetings[(a, b)] += PRIOR_DRAWS
        meetings[(b, a)] += PRIOR_DRAWS
    strength = dict.fromkeys(levels, 1.0)
    for _ in range(rounds):
        new = {}
        for a in levels:
            denominator = sum(
                meetings[(a, b)] / (strength[a] + strength[b]) for b in levels if b != a
            )
            new[a] = wins[a] / denominator if denominator else strength[a]
        norm = math.exp(sum(math.log(v) for v in new.values()) / len(new))
        strength = {a: v / norm for a, v in new.items()}
    return {a: 400.0 * math.log10(v) for a, v in strength.items()}


@dataclass
class LadderReport:
    """What one ladder run measured."""

    game: str
    seats: int
    levels: list[str]
    seed: int
    planned: int
    played: list[Played] = field(default_factory=list)
    think: dict[str, ThinkTimer] = field(default_factory=lambda: defaultdict(ThinkTimer))
    seconds: float = 0.0
    interrupted: bool = False

    @property
    def anchor(self) -> str:
        return "random" if "random" in self.levels else self.levels[0]

    def ratings(self, games: Sequence[Played] | None = None) -> dict[str, float]:
        chosen = self.played if games is None else games
        rated = bradley_terry(self.levels, [p for g in chosen for p in g.pairs()])
        base = rated[self.anchor]
        return {level: value - base for level, value in rated.items()}

    def intervals(self, seed: int = 1) -> dict[str, tuple[float, float]]:
        """95% intervals of each rating: the bootstrap's (games resampled with replacement),
        widened to the Wilson interval of the level's score against the field, so that a level
        that won every game still gets an honest, wide interval (a bootstrap of identical games
        cannot show any doubt). The anchor level is 0 by definition."""
        if not self.played:
            return {level: (0.0, 0.0) for level in self.levels}
        boot = self._bootstrap(seed)
        ratings = self.ratings()
        out = {}
        for level in self.levels:
            low, high = boot[level]
            if level != self.anchor:
                score, count = self.field_score(level)
                if count:
                    point = elo_of((score + PRIOR_DRAWS / 2) / (count + PRIOR_DRAWS))
                    w_low, w_high = wilson(score, count)
                    low = min(low, ratings[level] + elo_of(w_low) - point)
                    high = max(high, ratings[level] + elo_of(w_high) - point)
            out[level] = (low, high)
        return out

    def field_score(self, level: str) -> tuple[float, int]:
        """``level``'s score (draws half) against every other level, and the meetings."""
        score, count = 0.0, 0
        for other in self.levels:
            if other != level:
                s, n = self.head_to_head(level, other)
                score, count = score + s, count + n
        return score, count

    def _bootstrap(self, seed: int) -> dict[str, tuple[float, float]]:
        rng = random.Random(seed)
        samples: dict[str, list[float]] = defaultdict(list)
        for _ in range(RESAMPLES):
            pick = [rng.choice(self.played) for _ in self.played]
            for level, value in self.ratings(pick).items():
                samples[level].append(value)
        out = {}
        for level, values in samples.items():
            values.sort()
            out[level] = (values[int(0.025 * len(values))], values[int(0.975 * len(values)) - 1])
        return out

    def win_share(self, level: str) -> tuple[float, int]:
        """Wins (shared first places split) per seat played by ``level``, and seats played."""
        wins = 0.0
        seats = 0
        for game in self.played:
            first = [s for s, r in enumerate(game.ranks) if r == 1]
            for seat, lv in enumerate(game.levels):
                if lv == level:
                    seats += 1
                    if seat in first:
                        wins += 1.0 / len(first)
        return wins, seats

    def challenge(self, field_level: str, challenger: str) -> tuple[float, int]:
        """Wins of a lone ``challenger`` seat (shared first places split) in the games where it
        met only ``field_level`` seats, and the number of those games."""
        groups = self.challenge_by_seed(field_level, challenger)
        return sum(w for w, _ in groups), sum(n for _, n in groups)

    def challenge_by_seed(self, field_level: str, challenger: str) -> list[tuple[float, int]]:
        """:meth:`challenge`, as (wins, games) per seed."""
        by_seed: dict[int, tuple[float, int]] = {}
        for game in self.played:
            if game.levels.count(challenger) != 1 or set(game.levels) != {challenger,
                                                                           field_level}:
                continue
            seat = game.levels.index(challenger)
            first = [s for s, r in enumerate(game.ranks) if r == 1]
            won = 1.0 / len(first) if seat in first else 0.0
            wins, count = by_seed.get(game.seed, (0.0, 0))
            by_seed[game.seed] = (wins + won, count + 1)
        return list(by_seed.values())

    def challenge_interval(self, field_level: str, challenger: str) -> tuple[float, float]:
        """The 95% interval of a challenger's win share: the wider of the Wilson interval over
        the games and the interval between seeds (:func:`clustered`), since the games of one
        seed share their dice."""
        groups = self.challenge_by_seed(field_level, challenger)
        low, high = wilson(sum(w for w, _ in groups), sum(n for _, n in groups))
        c_low, c_high = clustered(groups)
        return (min(low, c_low), max(high, c_high))

    def head_to_head(self, a: str, b: str) -> tuple[float, int]:
        """``a``'s score against ``b`` (draws half) and the number of meetings."""
        score = 0.0
        count = 0
        for game in self.played:
            for x, y, s in game.pairs():
                if (x, y) == (a, b):
                    score, count = score + s, count + 1
                elif (x, y) == (b, a):
                    score, count = score + 1.0 - s, count + 1
        return score, count

    def to_json(self) -> dict[str, Any]:
        ratings = self.ratings()
        intervals = self.intervals()
        levels = {}
        for level in self.levels:
            wins, seats = self.win_share(level)
            timer = self.think.get(level, ThinkTimer())
            levels[level] = {
                "rating": round(ratings[level], 1),
                "interval": [round(v, 1) for v in intervals[level]],
                "win_share": round(wins / seats, 4) if seats else None,
                "win_share_interval": [round(v, 4) for v in wilson(wins, seats)],
                "fair_share": round(1 / self.seats, 4),
                "seats_played": seats,
                "think_ms_p50": round(timer.percentile(50) * 1000, 2),
                "think_ms_p95": round(timer.percentile(95) * 1000, 2),
            }
        pairs = {}
        for a, b in combinations(self.levels, 2):
            score, count = self.head_to_head(a, b)
            low, high = wilson(score, count)
            pairs[f"{a}-{b}"] = {
                "score": round(score / count, 4) if count else None,
                "interval": [round(low, 4), round(high, 4)],
                "meetings": count,
            }
        challenges = {}
        for field_level, challenger in combinations(self.levels, 2):
            wins, count = self.challenge(field_level, challenger)
            if count:
                low, high = self.challenge_interval(field_level, challenger)
                challenges[f"{challenger}-{field_level}"] = {
                    "win_share": round(wins / count, 4),
                    "interval": [round(low, 4), round(high, 4)],
                    "fair_share": round(1 / self.seats, 4),
                    "games": count,
                }
        return {
            "game": self.game,
            "seats": self.seats,
            "seed": self.seed,
            "games": len(self.played),
            "planned_games": self.planned,
            "interrupted": self.interrupted,
            "seconds": round(self.seconds, 2),
            "levels": levels,
            "head_to_head": pairs,
            "challenges": challenges,
        }

    def render(self) -> RenderableType:
        data = self.to_json()
        head = Text(
            f"{self.game}: {len(self.played)} games at {self.seats} seats, seed {self.seed}"
            + (" (interrupted: figures so far)" if self.interrupted else ""),
            style="bold",
        )
        table = Table(title=None, box=None, pad_edge=False)
        for column in ("level", "rating", "95% interval", "win share", "fair", "think p50/p95"):
            table.add_column(column, justify="left" if column == "level" else "right")
        ordered = sorted(self.levels, key=lambda lv: -data["levels"][lv]["rating"])
        for level in ordered:
            row = data["levels"][level]
            low, high = row["interval"]
            share = row["win_share"]
            s_low, s_high = row["win_share_interval"]
            table.add_row(
                level,
                f"{row['rating']:+.0f}",
                f"{low:+.0f} … {high:+.0f}",
                "-" if share is None else f"{share:.0%} ({s_low:.0%}-{s_high:.0%})",
                f"{row['fair_share']:.0%}",
                f"{_ms(row['think_ms_p50'])}/{_ms(row['think_ms_p95'])} ms",
            )
        parts: list[RenderableType] = [head, table]
        if data["head_to_head"]:
            duel = Table(box=None, pad_edge=False)
            duel.add_column("pairing")
            duel.add_column("score", justify="right")
            duel.add_column("95% interval", justify="right")
            duel.add_column("meetings", justify="right")
            for name, row in data["head_to_head"].items():
                if row["meetings"]:
                    low, high = row["interval"]
                    duel.add_row(
                        name.replace("-", " vs "), f"{row['score']:.0%}",
                        f"{low:.0%}-{high:.0%}", str(row["meetings"]),
                    )
            parts += [Text("head to head (draws count half)", style="bold"), duel]
        if data["challenges"]:
            lone = Table(box=None, pad_edge=False)
            for column in ("one seat of", f"vs {self.seats - 1} of", "wins", "95% interval",
                           "fair", "games"):
                lone.add_column(column, justify="left" if "of" in column else "right")
            for name, row in data["challenges"].items():
                challenger, field_level = name.split("-", 1)
                low, high = row["interval"]
                lone.add_row(challenger, field_level, f"{row['win_share']:.0%}",
                             f"{low:.0%}-{high:.0%}", f"{row['fair_share']:.0%}",
                             str(row["games"]))
            parts += [Text("one level alone against another (shared wins split)",
                           style="bold"), lone]
        return Group(*parts)


def _ms(value: float) -> str:
    """A think time in milliseconds, with a decimal below 10 ms (a fast bot reads 0.1, not 0)."""
    return f"{value:.1f}" if value < 10 else f"{value:.0f}"


def schedule(levels: Sequence[str], seats: int, games: int) -> list[tuple[int, tuple[str, ...]]]:
    """(seed offset, level per seat) for each game.

    Every pair of levels meets in turn, the stronger one (later in ``levels``) as the
    *challenger*: one seat of it against ``seats - 1`` seats of the other level. Each meeting is
    played on one seed ``seats`` times, the challenger at each seat in turn (seats rotated, seeds
    paired: neither the roll of the dice nor the seat order can favour a level). At two seats
    that is the same seed twice with the seats swapped. With a single level, it fills every seat
    and the seats simply rotate."""
    plan: list[tuple[int, tuple[str, ...]]] = []
    pairings = list(combinations(levels, 2))
    number = 0
    while len(plan) < games:
        if not pairings:
            plan.append((number, tuple(levels[0] for _ in range(seats))))
        else:
            field_level, challenger = pairings[number % len(pairings)]
            for seat in range(seats):
                if len(plan) < games:
                    plan.append((number, tuple(challenger if s == seat else field_level
                                               for s in range(seats))))
        number += 1
    return plan


class TimeLeft:
    """How long the games still to play will take, game by game.

    The levels of a ladder think for very different times (a random bot in microseconds, a
    hard one in tens of milliseconds a move), and the schedule takes the pairings in turn, so
    the rate of the games just played says little of the next ones: it said 1 s where 25 s
    remained. Each game still to play is expected to last the moves a game takes times what
    a move costs at its seats: the mean think time of each seat's level (a level not seen yet:
    the slowest seen), plus what a move costs beside thinking (applying it, the game's own
    work).
    """

    def __init__(self, plan: Sequence[tuple[str, ...]]) -> None:
        self.plan = list(plan)
        #: Per level: seconds thought and moves.
        self._think: dict[str, list[float]] = defaultdict(lambda: [0.0, 0.0])
        self._games = 0
        self._moves = 0
        self._seconds = 0.0

    def move(self, level: str, seconds: float) -> None:
        """A bot of ``level`` thought ``seconds`` for a move."""
        spent = self._think[level]
        spent[0] += seconds
        spent[1] += 1

    def game(self, moves: int, seconds: float) -> None:
        """A game of ``moves`` moves took ``seconds`` in all."""
        self._games += 1
        self._moves += moves
        self._seconds += seconds

    @property
    def moves_per_game(self) -> float | None:
        return self._moves / self._games if self._games else None

    def move_seconds(self, levels: Sequence[str]) -> float | None:
        """What a move of a game with these seats is expected to cost."""
        means = {lv: spent[0] / spent[1] for lv, spent in self._think.items() if spent[1]}
        if not means or not self._moves:
            return None
        thinking = sum(spent[0] for spent in self._think.values())
        beside = max(0.0, self._seconds - thinking) / self._moves
        unseen = max(means.values())
        return beside + sum(means.get(lv, unseen) for lv in levels) / len(levels)

    def left(self, index: int, moves_played: int = 0, current: float = 0.0) -> float | None:
        """Seconds left while game ``index`` of the plan is being played (``moves_played``
        moves in, ``current`` seconds spent on it), or ``None`` before anything is known."""
        per_game = self.moves_per_game
        if per_game is None:
            return None
        total = 0.0
        for levels in self.plan[index:]:
            cost = self.move_seconds(levels)
            if cost is None:
                return None
            total += cost * per_game
        if moves_played and index < len(self.plan):
            this_game = (self.move_seconds(self.plan[index]) or 0.0) * per_game
            total -= min(current, this_game)
        return total

    def done(self, index: int, moves_played: int) -> float:
        """Games finished, with the share of game ``index`` its moves so far make (never a
        whole game before it ends)."""
        per_game = self.moves_per_game
        if not per_game:
            return float(index)
        return index + min(moves_played / per_game, 0.99)


#: At most this often (seconds) the progress callback hears of moves inside a game.
PROGRESS_EVERY = 0.1


def ladder(
    game: Game,
    levels: Sequence[str] | None = None,
    *,
    games: int,
    seats: int = 2,
    seed: int = 0,
    options: dict[str, Any] | None = None,
    progress: Callable[[float, float | None], None] | None = None,
) -> LadderReport:
    """Play the ladder; Ctrl-C ends it early with the games finished so far.

    ``progress(done, left)`` hears, after each game and every :data:`PROGRESS_EVERY` seconds
    within one, the games done (with the share of the one being played) and the seconds the
    rest is expected to take (:class:`TimeLeft`; ``None`` while nothing is known)."""
    chosen = list(levels or game.bot_levels)
    for level in chosen:
        game.check_level(level)
    game.check_seats(seats)
    resolved = game.resolve_options(options)
    report = LadderReport(game.id, seats, chosen, seed, games)
    plan = schedule(chosen, seats, games)
    clock = TimeLeft([levels for _, levels in plan])
    began = time.perf_counter()
    try:
        for index, (offset, seat_levels) in enumerate(plan):
            game_seed = seed + offset
            bots = [game.make_bot(lv, seed=game_seed * 31 + s) for s, lv in enumerate(seat_levels)]
            rng = random.Random(game_seed ^ 0x1ADDE5)
            game_began = told = time.perf_counter()
            state = game.new_state(seats, game_seed, resolved)
            moves = 0
            while not state.is_over():
                seat = state.to_act()[0]
                start = time.perf_counter()
                action = bot_move(bots[seat], state, seat, rng)
                now = time.perf_counter()
                report.think[seat_levels[seat]].samples.append(now - start)
                clock.move(seat_levels[seat], now - start)
                state.apply(seat, action)
                moves += 1
                if progress is not None and now - told >= PROGRESS_EVERY:
                    told = now
                    progress(clock.done(index, moves), clock.left(index, moves, now - game_began))
            clock.game(moves, time.perf_counter() - game_began)
            report.played.append(Played(game_seed, seat_levels, state.result().ranks))
            if progress is not None:
                progress(float(len(report.played)), clock.left(index + 1))
    except KeyboardInterrupt:
        report.interrupted = True
    report.seconds = time.perf_counter() - began
    return report


@contextmanager
def ladder_progress(
    total: int, description: str, shown: bool
) -> Iterator[Callable[[float, float | None], None]]:
    """The progress bar of ``tulipgames ladder`` (when ``shown``: a terminal, no ``--json``):
    games done of ``total``, the bar moving within a game, and the time left as
    :class:`TimeLeft` reckons it (Rich's own estimate follows the rate of the latest games,
    which differ by level). The bar goes away when the ladder ends."""
    if not shown:
        yield lambda done, left: None
        return
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        ProgressColumn,
        Task,
        TextColumn,
        TimeElapsedColumn,
    )

    class Left(ProgressColumn):
        def render(self, task: Task) -> Text:
            return Text(clock_text(task.fields.get("left")), style="progress.remaining")

    with Progress(
        TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
        TimeElapsedColumn(), Left(), transient=True,
    ) as bar:
        task = bar.add_task(description, total=total, left=None)
        yield lambda done, left: bar.update(task, completed=done, left=left)


def clock_text(seconds: float | None) -> str:
    """Seconds left as a progress bar shows them ("0:01:05"; "-:--:--" while unknown)."""
    if seconds is None:
        return "-:--:--"
    minutes, whole = divmod(math.ceil(seconds), 60)
    hours, minutes = divmod(minutes, 60)
    return f"{hours:d}:{minutes:02d}:{whole:02d}"


"""Headless bot-vs-bot games: results, throughput, think times and invariant checks.

``tulipgames simulate`` is a thin wrapper over :func:`simulate`. Bot levels are dealt to the seats
in turn (``hard,normal`` with 4 seats is hard, normal, hard, normal) and the seating is rotated
between games, so no level keeps the first seat. Ctrl-C stops a run between two actions; the
report then holds the games finished so far (``interrupted``), never a half-played one.

A checked run (the default) costs at most twice the unchecked one (``tulipgames bench --only
simulate`` measures it) and catches:

- with the game's ``invariant_violations``, tested at a sampled share of the positions and at
  the last one of every game (:data:`CHECK_SHARE`): a broken conservation law or bookkeeping
  (a lost card, a coin from nowhere), which stays broken and so is caught in the game where it
  happens; a break that lasts one step only at that share of its occurrences;
- by replaying every game from its record (seed and notations, ``record.replay_log``, the
  machinery resume and undo use): a notation that does not read back as the action played, an
  action the legal list offered but the rules' check refuses in the same position, a game that
  does not tell the same story again (hidden state, a global, randomness not from the seed:
  every event compared, private lines included) or does not end with the same result;
- by comparing the public view of the replay's end with the game's, in a sampled share of the
  games: a view built from something other than the state.

An unchecked run plays the very same games (the sampling draws from its own random source).
"""

from __future__ import annotations

import random
import signal
import statistics
import threading
import time
from collections import defaultdict
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from tulipgames.engine.bots import ThinkTimer, bot_move
from tulipgames.engine.core import Action, Event, Game, SeatSpec
from tulipgames.engine.record import GameRecord, RecordError, replay_log

#: The share of positions whose invariants a checked run tests during a game, drawn at random
#: (seeded by the game); the last position of every game is always tested, and every game is
#: replayed from its record. A conservation law that breaks stays broken (a lost card does not
#: come back), so it is caught at the next sampled position or at the end, in the game where it
#: broke; a bug that breaks an invariant only for one step is caught at a twentieth of the
#: positions where it happens, which a run of many games still finds (and the conformance
#: harness, ``engine.testing.check_game``, tests every position of its games). An invariant
#: test costs two to nine actions' worth: testing every position cost 2.5-4.5x the unchecked
#: run, and a tenth of them up to 0.13x of it (Gift of Tulips, counted in instructions), twice
#: what this share costs; ``check_share=1.0`` tests them all.
CHECK_SHARE = 0.05

#: The share of games, after the first of a run (always compared), whose replay's public view
#: at the end is compared with the game's. A view built from something besides the state does
#: so in every game and is caught in the first; building a view can cost a third of a whole
#: random game (Gift of Tulips), so the others are a small sample.
VIEW_SHARE = 0.02


@dataclass
class SimulationReport:
    """Everything one ``simulate`` run measured."""

    game: str
    games: int
    seats: int
    levels: list[str]
    seconds: float
    actions: int
    turns: list[int] = field(default_factory=list)
    scores: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))
    wins: dict[str, float] = field(default_factory=lambda: defaultdict(float))
    seat_scores: dict[int, list[float]] = field(default_factory=lambda: defaultdict(list))
    think: dict[str, ThinkTimer] = field(default_factory=lambda: defaultdict(ThinkTimer))
    #: How often each ``state.score_detail(seat)`` text occurred (e.g. solo levels), if any.
    details: dict[str, int] = field(default_factory=lambda: defaultdict(int))
    invariant_violations: int = 0
    #: Positions whose invariants were tested (a share of all, see ``CHECK_SHARE``).
    invariant_checks: int = 0
    replay_mismatches: int = 0
    violations: list[str] = field(default_factory=list)
    #: Games asked for; ``games`` is how many were played (fewer after Ctrl-C).
    planned: int = 0
    interrupted: bool = False

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "games": self.games,
            "planned_games": self.planned,
            "interrupted": self.interrupted,
            "seats": self.seats,
            "bots": self.levels,
            "seconds": round(self.seconds, 4),
            "games_per_second": round(self.games / self.seconds, 3) if self.seconds else None,
            "actions_per_second": round(self.actions / self.seconds, 1) if self.seconds else None,
            "mean_actions_per_game": round(self.actions / self.games, 2) if self.games else 0,
            "mean_score_per_seat": {
                str(seat): round(statistics.fmean(vals), 3)
                for seat, vals in sorted(self.seat_scores.items())
            },
            "mean_score_per_bot": {
                level: round(statistics.fmean(vals), 3) for level, vals in self.scores.items()
            },
            "wins": {
                level: round(self.wins.get(level, 0.0), 3) for level in dict.fromkeys(self.levels)
            },
            "think_ms": {
                level: {
                    "p50": round(timer.percentile(50) * 1000, 3),
                    "p95": round(timer.percentile(95) * 1000, 3),
                    "decisions": len(timer.samples),
                }
                for level, timer in self.think.items()
            },
            "invariant_violations": self.invariant_violations,
            "invariant_checks": self.invariant_checks,
            "replay_mismatches": self.replay_mismatches,
            "score_details": dict(sorted(self.details.items())),
        }

    def renderable(self) -> RenderableType:
        """The report for a terminal: a heading, one table row per bot level, the checks."""
        data = self.to_json()
        played = f"{self.games} games" if not self.interrupted else (
            f"stopped after {self.games} of {self.planned} games"
        )
        heading = Text(
            f"{self.game}: {played}, {self.seats} seats, bots {','.join(self.levels)}\n"
            f"{data['seconds']} s, {data['games_per_second']} games/s, "
            f"{data['actions_per_second']} actions/s, {data['mean_actions_per_game']} actions/game"
        )
        table = Table(box=None, pad_edge=False)
        for column in ("bot", "mean score", "wins", "think p50 ms", "think p95 ms"):
            table.add_column(column, justify="left" if column == "bot" else "right")
        for level in dict.fromkeys(self.levels):
            think = data["think_ms"].get(level, {"p50": "-", "p95": "-"})
            table.add_row(
                level, f"{data['mean_score_per_bot'].get(level, 0):.2f}",
                f"{data['wins'].get(level, 0):g}", str(think["p50"]), str(think["p95"]),
            )
        parts: list[RenderableType] = [heading, table]
        if self.details:
            counts = ", ".join(f"{text}: {n}" for text, n in sorted(self.details.items()))
            parts.append(Text(f"score details: {counts}"))
        parts.append(Text(
            f"invariant violations: {self.invariant_violations} "
            f"({self.invariant_checks} of {self.actions} positions tested), "
            f"replay mismatches: {self.replay_mismatches}"
        ))
        parts += [Text(f"  ! {line}") for line in self.violations[:10]]
        return Group(*parts)


def simulate(
    game: Game,
    seats: int,
    games: int,
    levels: Sequence[str],
    seed: int = 0,
    options: dict[str, Any] | None = None,
    check: bool = True,
    progress: Callable[[int], None] | None = None,
    check_share: float = CHECK_SHARE,
    view_share: float = VIEW_SHARE,
) -> SimulationReport:
    """Play ``games`` bot games and measure them; ``check`` runs invariants (on a random
    ``check_share`` of the positions and the last one of every game), replays every game and
    compares the public views at the end of the first game and a random ``view_share`` of the
    others (see the module's docstring for what each check catches).

    ``progress(done)`` is called after each game. Ctrl-C (``KeyboardInterrupt``) ends the run
    early with the games finished so far and ``interrupted`` set.
    """
    game.check_seats(seats)
    for level in levels:
        if level not in game.bot_levels:
            raise ValueError(
                f"{game.title} has no bot level {level!r} ({', '.join(game.bot_levels)})"
            )
    resolved = game.resolve_options(options)
    report = SimulationReport(game.id, 0, seats, list(levels), 0.0, 0, planned=games)
    # One memo of read notations for every replay of the run (reading is pure).
    notations: dict[str, Action] = {}
    start = time.perf_counter()
    try:
        with ctrl_c_noted() as stopped:
            for number in range(games):
                _play_one(
                    game, seats, levels, seed + number, number, resolved, check, report,
                    check_share, notations, view_share,
                )
                if progress is not None:
                    progress(report.games)
                if stopped():
                    raise KeyboardInterrupt
    except KeyboardInterrupt:
        report.interrupted = True
    report.seconds = time.perf_counter() - start
    return report


@contextmanager
def ctrl_c_noted() -> Iterator[Callable[[], bool]]:
    """Inside: Ctrl-C still raises ``KeyboardInterrupt`` at once, and is also noted, so that
    the run stops after the game in play even when Python swallowed that exception (raised
    inside a ``__del__`` or a weakref callback, it is only printed as "ignored"). Yields
    whether Ctrl-C was pressed. Outside the main thread the handler cannot be set: then only
    the exception stops the run."""
    pressed = threading.Event()
    if threading.current_thread() is not threading.main_thread():
        yield pressed.is_set
        return

    def note(number: int, frame: object) -> None:
        pressed.set()
        raise KeyboardInterrupt

    before = signal.signal(signal.SIGINT, note)
    try:
        yield pressed.is_set
    finally:
        signal.signal(signal.SIGINT, before)


def _play_one(
    game: Game,
    seats: int,
    levels: Sequence[str],
    game_seed: int,
    number: int,
    resolved: dict[str, Any],
    check: bool,
    report: SimulationReport,
    check_share: float = CHECK_SHARE,
    notations: dict[str, Action] | None = None,
    view_share: float = VIEW_SHARE,
) -> None:
    """Play one game into the report. Its scores and wins count once it is over; think times
    and invariant violations count as they happen (a violation is a bug even mid-game)."""
    seat_levels = [levels[(i + number) % len(levels)] for i in range(seats)]
    bots = [
        game.make_bot(level, seed=game_seed * 31 + i) for i, level in enumerate(seat_levels)
    ]
    # With checks on, every action is replayed through ``apply`` from the record in the same
    # position, which asks the rules "may I?" again; so a bot that picks straight from the real
    # state's legal list (``needs_state = False``) has its action played with ``advance``, the
    # question asked once, in the replay. Other bots read a determinized copy: theirs are
    # checked at once. Unchecked runs check every bot action with ``apply``.
    direct = [check and not getattr(bot, "needs_state", True) for bot in bots]
    rng = random.Random(game_seed ^ 0xB07)
    # Its own source, so that checking or not never changes what the bots draw.
    sampler = random.Random(game_seed ^ 0xC4EC)
    state = game.new_state(seats, game_seed, resolved)
    actions: list[tuple[int, str]] = []
    log: list[list[Event]] = []  # the events of each action
    while not state.is_over():
        seat = state.to_act()[0]
        began = time.perf_counter()
        action = bot_move(bots[seat], state, seat, rng)
        report.think[seat_levels[seat]].samples.append(time.perf_counter() - began)
        log.append(state.advance(seat, action) if direct[seat] else state.apply(seat, action))
        actions.append((seat, str(action)))
        if check and (sampler.random() < check_share or state.is_over()):
            report.invariant_checks += 1
            problems = state.invariant_violations()
            if problems:
                report.invariant_violations += len(problems)
                report.violations.extend(
                    f"game seed {game_seed} action {len(actions)} ({action}): {p}"
                    for p in problems
                )
    result = state.result()
    mismatch = False
    if check:
        record = GameRecord(
            game.id,
            game_seed,
            [SeatSpec(f"bot{i}", f"bot:{lvl}") for i, lvl in enumerate(seat_levels)],
            resolved,
            game.rules_version,
            actions,
        )
        try:
            again, told = replay_log(game, record, notations=notations)
        except RecordError as exc:  # an action the rules refuse in the replayed position
            mismatch = True
            report.violations.append(f"game seed {game_seed}: the record does not replay: {exc}")
        else:
            # The replay must tell the same story, action by action and line by line (private
            # lines included), and end with the same scores and, in the games sampled for it,
            # the same public view.
            compare_views = number == 0 or sampler.random() < view_share
            differs = _replay_differs(told, log, again.result() != result,
                                      compare_views and again.view(None) != state.view(None))
            if differs:
                mismatch = True
                report.violations.append(f"game seed {game_seed}: the replay {differs}")
    detail = getattr(state, "score_detail", None)
    # the game is played and checked: count it all at once
    report.games += 1
    report.actions += len(actions)
    report.turns.append(len(actions))
    report.replay_mismatches += int(mismatch)
    if seats == 1 and callable(detail):
        report.details[str(detail(0))] += 1
    for seat, total in enumerate(result.totals):
        report.scores[seat_levels[seat]].append(total)
        report.seat_scores[seat].append(total)
    for seat in result.winners:
        report.wins[seat_levels[seat]] += 1.0 / len(result.winners)


def _replay_differs(told: list[list[Event]], log: list[list[Event]], result: bool,
                    view: bool) -> str:
    """How a replay differs from the game it replays, in words ("" when it does not)."""
    if told != log:
        at = next((n for n, (a, b) in enumerate(zip(told, log, strict=False), 1) if a != b),
                  min(len(told), len(log)) + 1)
        return f"tells another story from action {at} on"
    if result:
        return "ends with another result"
    return "ends with another public view" if view else ""

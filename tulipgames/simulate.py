"""Headless bot-vs-bot games: results, throughput, think times and invariant checks.

``tulipgames simulate`` is a thin wrapper over :func:`simulate`. Bot levels are dealt to the seats
in turn (``hard,normal`` with 4 seats is hard, normal, hard, normal) and the seating is rotated
between games, so no level keeps the first seat.
"""

from __future__ import annotations

import random
import statistics
import time
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from tulipgames.engine.bots import ThinkTimer, bot_move
from tulipgames.engine.core import Game, SeatSpec
from tulipgames.engine.record import GameRecord, replay


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
    replay_mismatches: int = 0
    violations: list[str] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "games": self.games,
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
            "replay_mismatches": self.replay_mismatches,
            "score_details": dict(sorted(self.details.items())),
        }

    def lines(self) -> list[str]:
        data = self.to_json()
        out = [
            f"{self.game}: {self.games} games, {self.seats} seats, bots {','.join(self.levels)}",
            f"  {data['seconds']} s, {data['games_per_second']} games/s, "
            f"{data['actions_per_second']} actions/s, {data['mean_actions_per_game']} actions/game",
        ]
        for level in dict.fromkeys(self.levels):
            mean = data["mean_score_per_bot"].get(level, 0)
            wins = data["wins"].get(level, 0)
            out.append(f"  {level:>8}: mean score {mean:7.2f}  wins {wins:g}")
        for level, think in data["think_ms"].items():
            out.append(f"  {level:>8}: think p50 {think['p50']} ms, p95 {think['p95']} ms")
        if self.details:
            counts = ", ".join(f"{text}: {n}" for text, n in sorted(self.details.items()))
            out.append(f"  score details: {counts}")
        out.append(
            f"  invariant violations: {self.invariant_violations}, "
            f"replay mismatches: {self.replay_mismatches}"
        )
        return out


def simulate(
    game: Game,
    seats: int,
    games: int,
    levels: Sequence[str],
    seed: int = 0,
    options: dict[str, Any] | None = None,
    check: bool = True,
) -> SimulationReport:
    """Play ``games`` bot games and measure them; ``check`` runs invariants and replays."""
    game.check_seats(seats)
    for level in levels:
        if level not in game.bot_levels:
            raise ValueError(
                f"{game.title} has no bot level {level!r} ({', '.join(game.bot_levels)})"
            )
    resolved = game.resolve_options(options)
    report = SimulationReport(game.id, games, seats, list(levels), 0.0, 0)
    start = time.perf_counter()
    for number in range(games):
        game_seed = seed + number
        seat_levels = [levels[(i + number) % len(levels)] for i in range(seats)]
        bots = [
            game.make_bot(level, seed=game_seed * 31 + i) for i, level in enumerate(seat_levels)
        ]
        rng = random.Random(game_seed ^ 0xB07)
        state = game.new_state(seats, game_seed, resolved)
        actions: list[tuple[int, str]] = []
        while not state.is_over():
            seat = state.to_act()[0]
            began = time.perf_counter()
            action = bot_move(bots[seat], state, seat, rng)
            report.think[seat_levels[seat]].samples.append(time.perf_counter() - began)
            state.apply(seat, action)
            actions.append((seat, str(action)))
            if check:
                problems = state.invariant_violations()
                if problems:
                    report.invariant_violations += len(problems)
                    report.violations.extend(f"game seed {game_seed}: {p}" for p in problems)
        report.actions += len(actions)
        report.turns.append(len(actions))
        detail = getattr(state, "score_detail", None)
        if seats == 1 and callable(detail):
            report.details[str(detail(0))] += 1
        result = state.result()
        for seat, total in enumerate(result.totals):
            report.scores[seat_levels[seat]].append(total)
            report.seat_scores[seat].append(total)
        winners = result.winners
        for seat in winners:
            report.wins[seat_levels[seat]] += 1.0 / len(winners)
        if check:
            record = GameRecord(
                game.id,
                game_seed,
                [SeatSpec(f"bot{i}", f"bot:{lvl}") for i, lvl in enumerate(seat_levels)],
                resolved,
                game.rules_version,
                actions,
            )
            again = replay(game, record).state
            if repr(again.view(None)) != repr(state.view(None)) or (
                again.result().totals != result.totals
            ):
                report.replay_mismatches += 1
    report.seconds = time.perf_counter() - start
    return report

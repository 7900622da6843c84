"""The coach checked against the bot levels: ``python -m tulipgames.coach.bench``.

Plays two-seat bot games of each game, the levels meeting in turn (random-hard, normal-hard,
random-normal, seats swapped every other game), analyses both seats of every game with the
coach on every core, and reports per game the mean loss per decision of each level and the
analysis time of a whole two-player game. The coach must grade ``random`` worse than ``hard``
on average (docs/coach.md holds the figures of a run).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from collections import defaultdict
from collections.abc import Sequence
from typing import Any

from tulipgames import games
from tulipgames.coach.core import PROFILE_BUDGET, Analysis, Budget
from tulipgames.coach.run import analyse_parallel
from tulipgames.engine.bots import bot_move
from tulipgames.engine.core import Game, SeatSpec
from tulipgames.engine.record import GameRecord

#: The meetings, in turn.
PAIRINGS = (("random", "hard"), ("normal", "hard"), ("random", "normal"))


def level_of(game: Game, name: str) -> str:
    """``normal`` is the game's default level (the Flower Shop calls it ``easy``)."""
    return game.default_level if name == "normal" else name


def untimed_bot(game: Game, level: str, seed: int) -> Any:
    """A level's bot with its full budget whatever the load, where the level's budget is
    wall-clock time that a loaded machine cuts short (the game's coach profile says how);
    ``None``: the level's own bot."""
    from tulipgames.coach.profiles import profile

    try:
        untimed = profile(game.id).untimed
    except KeyError:
        return None
    return None if untimed is None else untimed(level, seed)


def play(game: Game, levels: Sequence[str], seed: int, untimed: bool = False) -> GameRecord:
    """One bot game as a record; seat kinds name the levels played. ``untimed``: bots whose
    budget is wall-clock time get their full budget (:func:`untimed_bot`)."""
    state = game.new_state(len(levels), seed)
    bots = [
        (untimed and untimed_bot(game, lv, seed * 10 + i))
        or game.make_bot(level_of(game, lv), seed * 10 + i)
        for i, lv in enumerate(levels)
    ]
    rng = random.Random(seed)
    record = GameRecord(
        game.id, seed, [SeatSpec(f"{lv} {i + 1}", f"bot:{level_of(game, lv)}")
                        for i, lv in enumerate(levels)], dict(state.options),
    )
    while not state.is_over():
        seat = state.to_act()[0]
        action = bot_move(bots[seat], state, seat, rng)
        state.apply(seat, action)
        record.actions.append((seat, str(action)))
    return record


def losses_by_level(analysis: Analysis, record: GameRecord) -> dict[str, list[float]]:
    """Every decision's loss, by the level (random, normal, hard) that made it."""
    out: dict[str, list[float]] = defaultdict(list)
    for decision in analysis.decisions:
        name = record.seats[decision.seat].name.split()[0]
        out[name].append(decision.loss)
    return out


def bench(game_id: str, count: int, seed: int, budget: Budget = PROFILE_BUDGET,
          workers: int | None = None, untimed: bool = False) -> dict[str, object]:
    game = games.get_game(game_id)
    losses: dict[str, list[float]] = defaultdict(list)
    times: list[float] = []
    decisions: list[int] = []
    for k in range(count):
        levels = list(PAIRINGS[k % len(PAIRINGS)])
        if (k // len(PAIRINGS)) % 2:
            levels.reverse()
        record = play(game, levels, seed + k, untimed)
        began = time.perf_counter()
        analysis = analyse_parallel(game, record, [0, 1], budget, workers)
        times.append(time.perf_counter() - began)
        decisions.append(len(analysis.decisions))
        for level, values in losses_by_level(analysis, record).items():
            losses[level].extend(values)
        so_far = {lv: f"{statistics.fmean(v):.2f}/{len(v)}" for lv, v in sorted(losses.items())}
        print(f"{game_id} game {k + 1}/{count} {levels}: {times[-1]:.1f} s, "
              f"{len(analysis.decisions)} decisions; mean loss/decisions so far {so_far}",
              file=sys.stderr, flush=True)
    return {
        "game": game_id,
        "games": count,
        "mean_loss": {lv: round(statistics.fmean(v), 2) for lv, v in sorted(losses.items())},
        "decisions": {lv: len(v) for lv, v in sorted(losses.items())},
        "analysis_seconds": {
            "median": round(statistics.median(times), 1), "max": round(max(times), 1),
        },
        "decisions_per_game": round(statistics.fmean(decisions), 1),
    }


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tulipgames.coach.bench")
    parser.add_argument("games", nargs="*", default=list(games.GAME_IDS))
    parser.add_argument("--count", type=int, default=50, help="games per game (50)")
    parser.add_argument("--seed", type=int, default=1000)
    parser.add_argument("--worlds", type=int, default=None, help="override the profiles'")
    parser.add_argument("--workers", type=int, default=None, help="processes (one per core)")
    parser.add_argument("--untimed", action="store_true",
                        help="bots timed by the clock get their full budget (see untimed_bot)")
    args = parser.parse_args(argv)
    for game_id in args.games:
        report = bench(game_id, args.count, args.seed, Budget(worlds=args.worlds), args.workers,
                       args.untimed)
        print(json.dumps(report), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""Running an analysis on both cores: one process per core, one task per decision.

Each task re-creates its position from the record (a few hundred actions at most, nothing next
to the weighing) and draws only from its own decision's random source, so the result does not
depend on which process took which decision or in what order they finished.
"""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from multiprocessing.context import BaseContext
from typing import Any

from tulipgames.coach.core import (
    PROFILE_BUDGET,
    Analysis,
    Budget,
    Decision,
    analyse_decision,
    decisions_of,
    new_analysis,
    position_before,
)
from tulipgames.coach.memory import world_maker
from tulipgames.engine.core import Game
from tulipgames.engine.record import GameRecord

#: Called after each decision with (done, total).
Progress = Callable[[int, int], None]


def _task(record_json: dict[str, Any], index: int, budget: Budget) -> Decision | None:
    """One decision, in a worker process."""
    from tulipgames import games

    record = GameRecord.from_json(record_json)
    game = games.get_game(record.game)
    state = position_before(game, record, index)
    seat, text = record.actions[index]
    return analyse_decision(
        game, state, seat, game.parse_action(text), index, record.seed, budget,
        world_maker(game, record, index, seat),
    )


def start_resource_tracker() -> None:
    """Start multiprocessing's resource tracker with the process's real stderr, if it must be.

    Every process pool needs the tracker (a helper process, started with the pool's first
    semaphore, in the ``spawn`` and ``forkserver`` contexts alike), and starting it hands the
    tracker ``sys.stderr.fileno()``. Inside a running Textual app ``sys.stderr`` is Textual's
    print capture, whose ``fileno()`` is -1, so the pool failed at once with "bad value(s) in
    fds_to_keep" (which is why the replay viewer's coach once ran on one process). Here the
    tracker is started with ``sys.__stderr__`` for the moment it takes; once it runs, every
    later pool reuses it."""
    from multiprocessing import resource_tracker

    try:
        valid = sys.stderr is None or sys.stderr.fileno() >= 0
    except (AttributeError, OSError, ValueError):  # no file behind it: the tracker skips it
        valid = True
    if valid:
        return
    with contextlib.redirect_stderr(sys.__stderr__):
        resource_tracker.ensure_running()


def default_workers() -> int:
    """One process per core this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # pragma: no cover - not on Linux
        return max(1, os.cpu_count() or 1)


def analyse_parallel(
    game: Game,
    record: GameRecord,
    seats: Sequence[int],
    budget: Budget = PROFILE_BUDGET,
    workers: int | None = None,
    progress: Progress | None = None,
    mp_context: BaseContext | None = None,
) -> Analysis:
    """The analysis of ``seats`` in ``record``, its decisions spread over ``workers``
    processes (default: one per core); ``progress(done, total)`` after each one. The result
    is the same as :func:`tulipgames.coach.core.analyse` gives in one process.
    ``mp_context``: how the processes start (the app, whose threads must not be forked,
    passes "spawn"; the default is the platform's)."""
    analysis = new_analysis(game, record, seats)
    indices = decisions_of(game, record, seats)
    total = len(indices)
    if progress is not None:
        progress(0, total)
    found: list[Decision] = []
    data = record.to_json()
    workers = workers or default_workers()
    if workers == 1 or total < 2:
        for done, index in enumerate(indices, 1):
            decision = _task(data, index, budget)
            if decision is not None:
                found.append(decision)
            if progress is not None:
                progress(done, total)
    else:
        start_resource_tracker()
        with ProcessPoolExecutor(max_workers=min(workers, total), mp_context=mp_context) as pool:
            futures = [pool.submit(_task, data, index, budget) for index in indices]
            for done, future in enumerate(as_completed(futures), 1):
                decision = future.result()
                if decision is not None:
                    found.append(decision)
                if progress is not None:
                    progress(done, total)
    analysis.decisions = sorted(found, key=lambda d: d.index)
    return analysis

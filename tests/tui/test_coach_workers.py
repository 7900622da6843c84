"""The replay viewer's coach on two processes inside the running app.

Inside a Textual app ``sys.stderr`` is Textual's print capture (``fileno()`` is -1), and a
process pool's first semaphore starts multiprocessing's resource tracker with that fd: the pool
failed at once ("bad value(s) in fds_to_keep"), so the app analysed on one process. The coach
now starts the tracker with the real stderr (``tulipgames.coach.run.start_resource_tracker``)."""

from __future__ import annotations

import sys

import pytest

from tests.pilot import wait_for
from tests.test_replay import random_record
from tulipgames import games
from tulipgames.coach.core import Budget, analyse
from tulipgames.store import Store
from tulipgames.tui.app import TulipGamesApp
from tulipgames.tui.screens.replay import ReplayControls, replay_screen


async def test_the_apps_analysis_finishes_on_two_processes(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    budget = Budget(candidates=2, worlds=2)
    monkeypatch.setattr(ReplayControls, "ANALYSIS_BUDGET", budget)
    monkeypatch.setattr(ReplayControls, "ANALYSIS_WORKERS", 2)
    assert ReplayControls.ANALYSIS_WORKERS == 2
    record = random_record("giftoftulips", 2, seed=9)
    app = TulipGamesApp(store)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.pause()
        assert sys.stderr.fileno() < 0  # Textual's capture, as in the real app
        screen = replay_screen(record, owned={0}, analyse=True)
        app.push_screen(screen)

        def failed() -> list[str]:
            return [str(n.message) for n in app._notifications if "could not" in str(n.message)]

        await wait_for(pilot, lambda: screen.analysis is not None or failed(), tries=2000)
        assert not failed()
    assert screen.analysis is not None
    # the same grades as in one process
    alone = analyse(games.get_game("giftoftulips"), record, [0], budget)
    assert screen.analysis.to_json() == alone.to_json()

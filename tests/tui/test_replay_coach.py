"""The coach in the replay viewer: ``a`` grades the game off the UI thread with a progress
line, the graded decisions are marked on a timeline, ``m`` jumps to the next mistake."""

from __future__ import annotations

from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import Static

from tests.pilot import screen_text
from tests.test_replay import random_record
from tulipgames.coach.core import Budget
from tulipgames.store import Store
from tulipgames.tui.app import TulipGamesApp
from tulipgames.tui.screens.replay import MISTAKES, ReplayControls, replay_screen


async def until(pilot: Pilot[Any], ready: Any, rounds: int = 400) -> None:
    for _ in range(rounds):
        if ready():
            return
        await pilot.pause(0.05)
    raise AssertionError("the condition never held")


async def test_a_grades_the_game_and_m_jumps_to_each_mistake(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(ReplayControls, "ANALYSIS_BUDGET", Budget(candidates=3, worlds=2))
    monkeypatch.setattr(ReplayControls, "ANALYSIS_WORKERS", 1)
    record = random_record("giftoftulips", 2, seed=21)  # random play: mistakes to find
    # the progress line as the analysis reports each decision done (on the UI thread)
    lines: list[str] = []
    progress = ReplayControls._progress

    def seen(self: Any, done: int, total: int) -> None:
        progress(self, done, total)
        lines.append(self.status_text(self.turn))

    monkeypatch.setattr(ReplayControls, "_progress", seen)
    app = TulipGamesApp(store)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.pause()
        screen = replay_screen(record, owned={0})
        app.push_screen(screen)
        await pilot.pause()
        assert isinstance(screen, ReplayControls)
        assert screen.check_action("replay_mistake", ()) is False
        await pilot.press("m")  # nothing to jump to yet: told why
        assert screen.table.position == screen.table.length
        await pilot.press("a")
        await until(pilot, lambda: screen.analysis is not None)
        analysis = screen.analysis
        assert analysis is not None and analysis.decisions
        assert {d.seat for d in analysis.decisions} == {0}  # the watcher's own seat
        total = len(analysis.decisions)
        assert lines[0].startswith(f"Analysing 0/{total}…")
        assert lines[-1].startswith(f"Analysing {total}/{total}…")
        await pilot.pause()
        assert screen.analysing is None and "Analysing" not in screen_text(app)
        strip = screen.query_one("#coach-timeline", Static)
        marks = str(strip.render())
        assert "·" in marks or "?" in marks
        # from the start, m goes to each mistake after the position shown, in game order
        mistakes = [d for d in analysis.decisions if d.grade in MISTAKES and d.index > 0]
        assert len(mistakes) >= 2
        assert screen.check_action("replay_mistake", ()) is True
        await pilot.press("home")
        for target in mistakes[:2]:
            await pilot.press("m")
            await pilot.pause()
            assert screen.table.position == target.index and screen.viewer == target.seat
            assert f"P{target.seat} plays {target.made}: {target.grade}" in screen_text(app)
            told = [str(note.message) for note in app._notifications][-1]
            assert told.startswith(f"P{target.seat} plays {target.made}: {target.grade}")
            assert told.endswith("r: try again")  # the coach's choice: the puzzle's answer
            assert {"!", "X"} & set(str(screen.query_one("#coach-timeline", Static).render()))

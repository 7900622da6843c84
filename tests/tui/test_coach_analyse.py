"""Analysis from the results screen and from History: ``a`` opens the replay viewer with the
coach already grading (off the UI thread, a progress line on the status line)."""

from __future__ import annotations

from typing import Any

import pytest
from textual.widgets import DataTable, TabbedContent

from tests.pilot import wait_for
from tests.test_replay import random_record
from tulipgames import games
from tulipgames.coach.core import Budget
from tulipgames.store import Store
from tulipgames.table import Table
from tulipgames.tui.app import TulipGamesApp
from tulipgames.tui.screens.history import HistoryScreen
from tulipgames.tui.screens.replay import ReplayControls
from tulipgames.tui.screens.results import ResultsScreen


@pytest.fixture
def progress_lines(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """A tiny budget on one process, and the status line each time the analysis reports."""
    monkeypatch.setattr(ReplayControls, "ANALYSIS_BUDGET", Budget(candidates=2, worlds=1))
    monkeypatch.setattr(ReplayControls, "ANALYSIS_WORKERS", 1)
    lines: list[str] = []
    progress = ReplayControls._progress

    def seen(self: Any, done: int, total: int) -> None:
        progress(self, done, total)
        lines.append(self.status_text(self.turn))

    monkeypatch.setattr(ReplayControls, "_progress", seen)
    return lines


async def graded(pilot: Any, app: TulipGamesApp, lines: list[str]) -> ReplayControls:
    """The replay the key opened, once the coach has finished; its progress line was shown."""
    await wait_for(pilot, lambda: isinstance(app.screen, ReplayControls))
    replay = app.screen
    assert isinstance(replay, ReplayControls)
    await wait_for(pilot, lambda: replay.analysis is not None, tries=600)
    assert replay.analysis is not None and replay.analysis.decisions
    total = len(replay.analysis.decisions)
    assert lines[0].startswith(f"Analysing 0/{total}…")
    assert lines[-1].startswith(f"Analysing {total}/{total}…")
    return replay


async def test_a_on_the_results_screen_opens_the_replay_graded(
    store: Store, progress_lines: list[str]
) -> None:
    record = random_record("giftoftulips", 2, seed=5)
    table = Table(games.get_game("giftoftulips"), record)
    app = TulipGamesApp(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await app.push_screen(ResultsScreen.for_table(table))
        await pilot.pause()
        assert app.screen.check_action("analyse", ()) is True
        await pilot.press("a")
        replay = await graded(pilot, app, progress_lines)
        # the humans' seats: both, in a game without bots
        assert {d.seat for d in replay.analysis.decisions} == {0, 1}  # type: ignore[union-attr]


async def test_a_in_history_analyses_the_finished_game_under_the_cursor(
    store: Store, progress_lines: list[str]
) -> None:
    record = random_record("giftoftulips", 2, seed=6)
    record.seats[1] = type(record.seats[1])("Bot", "bot:normal")
    table = Table(games.get_game("giftoftulips"), record)
    store.import_record(table)
    app = TulipGamesApp(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.show_history()
        await wait_for(pilot, lambda: isinstance(app.screen, HistoryScreen))
        history = app.screen
        assert history.check_action("analyse", ()) is False  # the scores' tab: no game
        history.query_one(TabbedContent).active = "tab-games"
        await pilot.pause()
        history.query_one("#games", DataTable).focus()
        await pilot.pause()
        assert history.check_action("analyse", ()) is True
        await pilot.press("a")
        replay = await graded(pilot, app, progress_lines)
        assert {d.seat for d in replay.analysis.decisions} == {0}  # type: ignore[union-attr]

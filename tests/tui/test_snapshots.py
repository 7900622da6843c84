"""Snapshot tests: every shell screen and the key screens of every game at 80x24, drawn with
Textual's own SVG export and compared with the files in ``tests/snapshots/``.

A layout change shows as a failing test with a text diff of the screen. When the change is
meant, draw the snapshots again and look at them before committing::

    TULIPGAMES_UPDATE_SNAPSHOTS=1 .venv/bin/python -m pytest tests/tui/test_snapshots.py

(``-k sixtyone`` and the like redraw one game's only.)
"""

from __future__ import annotations

import difflib
import os
from collections.abc import Callable
from functools import cache, partial
from pathlib import Path
from typing import Any

import pytest
from textual.screen import Screen

from tests.pilot import svg_text
from tulipgames import games, screenshots
from tulipgames.engine.core import Result, SeatSpec
from tulipgames.store import FinishedGame, HighScore, SaveInfo
from tulipgames.table import Table
from tulipgames.tui.app import GamePickScreen, TulipGamesApp
from tulipgames.tui.screens.curtain import CurtainScreen
from tulipgames.tui.screens.history import HistoryScreen
from tulipgames.tui.screens.results import ResultsScreen
from tulipgames.tui.screens.resume import ResumeScreen
from tulipgames.tui.screens.rules import RulesScreen
from tulipgames.tui.screens.setup import SetupScreen

SNAPSHOTS = Path(__file__).parent.parent / "snapshots"
UPDATE = bool(os.environ.get("TULIPGAMES_UPDATE_SNAPSHOTS"))
SIZE = (80, 24)

NAMES = ("Ana", "Ben", "Cleo", "Dev", "Mira", "Noah")
SAVES = [
    SaveInfo(3, "flowershop", "The Little Flower Shop", NAMES[:3], "", "active",
             "2026-12-01T09:00", "2026-12-01T09:20", 41, None),
    SaveInfo(5, "tulipandrose", "Tulip & Rose", NAMES, "", "active", "2026-12-01T09:30",
             "2026-12-01T09:41", 1, None),
    SaveInfo(6, "sixtyone", "Sixty-One", NAMES[:2], "", "active", "2026-12-01T10:00",
             "2026-12-01T10:02", 4, "this game's rules changed since it was saved"),
]
SCORES = [
    HighScore("sixtyone", "", "Ana", 52, "place 1 of 2", 61, "2026-11-30"),
    HighScore("spiceroad", "", "Ben", 71, "place 1 of 3", 21, "2026-11-29"),
    HighScore("flowershop", "solo", "Ana", 33, "level 4 (Blooming)", 5, "2026-11-28"),
    HighScore("flowershop", "daily", "Cleo", 29, "level 3 (Budding)", 20261128, "2026-11-28"),
]
FINISHED = [
    FinishedGame(2, "sixtyone", "Sixty-One", NAMES[:2],
                 "", Result.build(["Leaves", "Acorns"], [[40, 12], [31, 9]]), 61,
                 "2026-11-30T20:15"),
]


def shell_screens() -> dict[str, Callable[[], Screen[Any] | None]]:
    """The shell's screens, each on fixed data (no clock, no random seed)."""
    first = games.get_game(games.GAME_IDS[0])
    tie = Result.build(["Points", "Bonus"], [[20, 3], [18, 5], [23, 0], [9, 2]],
                       tiebreak="most money left", tiebreak_values=[4, 7, 1, 0],
                       tiebreak_keys=[[4], [7], [1], [0]])
    return {
        "menu": lambda: None,
        "setup": partial(SetupScreen, first, seed=4242),
        "setup-daily": partial(
            SetupScreen, games.get_game("flowershop"), [SeatSpec("Ana")], 20261201, "daily"
        ),
        "results": partial(ResultsScreen, "Spice Road", NAMES[:4], tie, 77),
        "results-many": partial(
            ResultsScreen, "Sixty-One", NAMES,
            Result.build(["Leaves", "Acorns", "Mugs"], [[i, 2 * i, 9 - i] for i in range(6)]), 5,
        ),
        "resume": partial(ResumeScreen, SAVES),
        "history": partial(HistoryScreen, FINISHED, SCORES),
        "curtain": partial(CurtainScreen, "Mira", "Tulip & Rose"),
        "rules": partial(RulesScreen, games.get_game("sixtyone")),
        "rules-pick": partial(GamePickScreen, "Rules of which game?"),
    }


@cache
def demos() -> dict[str, Table]:
    """Every game's demo tables by name (played once per test run)."""
    return {name: table for game_id in games.GAME_IDS
            for name, table in screenshots.demo_tables(game_id).items()}


async def draw(make: Callable[[], Screen[Any] | None], size: tuple[int, int] = SIZE) -> str:
    return await screenshots.snapshot(TulipGamesApp(None), make, size)


def compare(name: str, svg: str, size: tuple[int, int] = SIZE) -> None:
    path = SNAPSHOTS / f"{name}.svg"
    svg = screenshots.stable_svg(svg, name)
    if UPDATE:
        SNAPSHOTS.mkdir(exist_ok=True)
        path.write_text(svg, encoding="utf-8")
        return
    if not path.exists():
        pytest.fail(f"no snapshot {path.name}: run with TULIPGAMES_UPDATE_SNAPSHOTS=1 to draw it")
    expected = path.read_text(encoding="utf-8")
    if svg == expected:
        return
    before, after = svg_text(expected, *size), svg_text(svg, *size)
    diff = "\n".join(difflib.unified_diff(
        before.splitlines(), after.splitlines(), "snapshot", "now", lineterm=""
    ))
    pytest.fail(
        f"{name} is drawn differently from tests/snapshots/{path.name}"
        + (f" (the text):\n{diff}" if diff else " (only colours or styles)")
        + "\nIf that is meant: TULIPGAMES_UPDATE_SNAPSHOTS=1 and look at the SVG."
    )


@pytest.mark.parametrize("name", list(shell_screens()))
async def test_shell_screen(name: str, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.delenv("NO_COLOR", raising=False)
    compare(name, await draw(shell_screens()[name]))


async def test_too_small_notice():
    compare("too-small", await draw(lambda: None, (60, 20)), (60, 20))


@pytest.mark.parametrize("game_id", games.GAME_IDS)
async def test_game_screens(game_id: str):
    """Each demo position of the game (its folder's ``demos.py``), at 80x24."""
    mine = {name: table for name, table in demos().items() if table.game.id == game_id}
    assert mine, f"{game_id} has no demo position in its folder's demos.py"
    for name, table in mine.items():
        compare(name, await draw(partial(screenshots.demo_screen, table)))

"""Sixty-One: how ``tulipgames bench --ui`` plays it by key presses.

Named by the game's kit as ``bench:DRIVE``; the measuring is ``tulipgames.bench_ui``'s."""

from __future__ import annotations

import random
from typing import Any

from tulipgames.bench_ui import Recorder, me_to_act, play_others
from tulipgames.games.parts import BenchDrive


async def drive_sixtyone(recorder: Recorder, screen: Any, rounds: int) -> None:
    """Each round: pick the area die, the write die and the spot with Enter, then ``y``."""
    from tulipgames.games.sixtyone.widgets import DiceSheet

    rng = random.Random(1)
    sheet = screen.query_one(DiceSheet)
    keys = {"area": ("enter", "pick a die (Enter)"), "write": ("enter", "pick a die (Enter)"),
            "leaf": ("enter", "pick a die (Enter)"), "spot": ("enter", "pick the spot (Enter)"),
            "x": ("enter", "pick the spot (Enter)"), "confirm": ("y", "place (y)")}
    for _ in range(rounds):
        play_others(screen.table, rng)
        for _ in range(12):
            if not me_to_act(screen) or sheet.stage not in keys:
                break
            await recorder.press(*keys[sheet.stage])
        if screen.table.is_over:
            return


#: 2 seats, one at this keyboard, the rest remote.
DRIVE = BenchDrive(2, drive_sixtyone)

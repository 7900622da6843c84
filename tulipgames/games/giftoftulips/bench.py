"""Gift of Tulips: how ``tulipgames bench --ui`` plays it by key presses.

Named by the game's kit as ``bench:DRIVE``; the measuring is ``tulipgames.bench_ui``'s."""

from __future__ import annotations

import random
from typing import Any

from tulipgames.bench_ui import Recorder, me_to_act, play_others
from tulipgames.games.parts import BenchDrive


async def drive_giftoftulips(recorder: Recorder, screen: Any, rounds: int) -> None:
    """The setup card (``1``), then every drawn card kept (``k``) or given (``g`` and a seat)."""
    from tulipgames.games.giftoftulips.widgets import TurnPanel

    rng = random.Random(3)
    table = screen.table
    panel = screen.query_one(TurnPanel)
    for turn_no in range(rounds * 2):
        play_others(table, rng)
        if not me_to_act(screen):
            if table.is_over:
                return
            continue
        rows = dict(panel._rows())
        if "1" in rows:
            await recorder.press("1", "setup card (1)")
        elif "g" in rows and (turn_no % 2 or "k" not in rows):
            await recorder.press("g", "give (g)")
            if panel.giving:
                gives = rows["g"]
                target = rng.choice(gives).action.target
                await recorder.press(str(target + 1), "give to (seat number)")
        elif "k" in rows:
            await recorder.press("k", "keep (k)")
        else:
            table.play(0, rng.choice(screen.turn.legal))


#: 3 seats, one at this keyboard, the rest remote.
DRIVE = BenchDrive(3, drive_giftoftulips)

"""The Little Flower Shop: how ``tulipgames bench --ui`` plays it by key presses.

Named by the game's kit as ``bench:DRIVE``; the measuring is ``tulipgames.bench_ui``'s."""

from __future__ import annotations

import random
from typing import Any

from tulipgames.bench_ui import Recorder, me_to_act, play_others
from tulipgames.games.parts import BenchDrive


async def drive_flowershop(recorder: Recorder, screen: Any, rounds: int) -> None:
    """Every pick with its number key; the other steps are played directly, unmeasured."""
    from tulipgames.games.flowershop.rules import Pick

    rng = random.Random(5)
    table = screen.table
    picked = 0
    # a round is 7 picks, each followed by many unmeasured use steps: count the picks
    for _ in range(rounds * 200):
        if picked >= rounds * 4:
            return
        play_others(table, rng)
        if not me_to_act(screen):
            if table.is_over:
                return
            continue
        turn = screen.turn
        picks = [a for a in turn.legal if isinstance(a, Pick)]
        if picks:
            hand = list(turn.view.hand)
            choice = rng.choice(picks)
            await recorder.press(str(hand.index(choice.card) + 1), "pick (digit)")
            picked += 1
        else:
            table.play(0, rng.choice(turn.legal))


#: 2 seats, one at this keyboard, the rest remote.
DRIVE = BenchDrive(2, drive_flowershop)

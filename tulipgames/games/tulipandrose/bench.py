"""Tulip & Rose: how ``tulipgames bench --ui`` plays it by key presses.

Named by the game's kit as ``bench:DRIVE``; the measuring is ``tulipgames.bench_ui``'s."""

from __future__ import annotations

import random
from typing import Any

from tulipgames.bench_ui import Recorder, me_to_act, play_others
from tulipgames.games.parts import BenchDrive


async def drive_tulipandrose(recorder: Recorder, screen: Any, rounds: int) -> None:
    """Bids (``+`` then Enter, or ``p``), the Seller's split (a digit per card, then Enter)
    and the Seller's choice (``s``)."""
    from tulipgames.games.tulipandrose.rules import Bid, Sell
    from tulipgames.games.tulipandrose.widgets import BiddingPanel, SplitPanel

    rng = random.Random(2)
    table = screen.table
    for _ in range(rounds * 6):
        play_others(table, rng)
        if not me_to_act(screen):
            if table.is_over:
                return
            continue
        phase = screen.turn.view.phase
        if phase == "auction":
            bids = screen.query_one(BiddingPanel)
            if screen.turn.may(Bid(bids.amount + 1)):
                await recorder.press("plus", "raise the bid (+)")
                await recorder.press("enter", "bid (Enter)")
            else:
                await recorder.press("p", "pass (p)")
        elif phase == "split":
            splitter = screen.query_one(SplitPanel)
            for _ in range(len(splitter.draft)):
                bouquet = splitter.cursor % splitter.bouquets + 1
                await recorder.press(str(bouquet), "split step (digit)")
            if splitter.problem() is None:
                await recorder.press("enter", "confirm the split (Enter)")
            else:
                table.play(0, rng.choice(screen.turn.legal))
        elif phase == "decide":
            await recorder.press("s" if screen.turn.may(Sell()) else "k", "sell or keep (s/k)")
        else:
            table.play(0, rng.choice(screen.turn.legal))


#: 3 seats, one at this keyboard, the rest remote.
DRIVE = BenchDrive(3, drive_tulipandrose)

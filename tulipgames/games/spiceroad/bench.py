"""Century: Spice Road: how ``tulipgames bench --ui`` plays it by key presses.

Named by the game's kit as ``bench:DRIVE``; the measuring is ``tulipgames.bench_ui``'s."""

from __future__ import annotations

import random
from typing import Any

from tulipgames.bench_ui import Recorder, me_to_act, play_others
from tulipgames.games.parts import BenchDrive


async def drive_spiceroad(recorder: Recorder, screen: Any, rounds: int) -> None:
    """Plays (``p`` and the card's key, then the count or upgrades), acquisitions (``a`` and a
    position, paid with Enter), claims and rests, as the rules allow."""
    from tulipgames.games.spiceroad.data import EDITIONS
    from tulipgames.games.spiceroad.rules import (
        PAY,
        RETURN,
        TRADE,
        TURN,
        UPGRADE,
        Acquire,
        Claim,
        Play,
        UpgradeDone,
    )
    from tulipgames.games.spiceroad.widgets import HAND_KEYS

    rng = random.Random(4)
    table = screen.table
    for _ in range(rounds * 4):
        play_others(table, rng)
        if not me_to_act(screen):
            if table.is_over:
                return
            continue
        turn = screen.turn
        view = turn.view
        letters = EDITIONS[view.edition].letters
        if view.phase == TURN:
            claims = [a for a in turn.legal if isinstance(a, Claim)]
            plays = [a for a in turn.legal if isinstance(a, Play)]
            buys = [a for a in turn.legal if isinstance(a, Acquire)]
            if claims:
                await recorder.press("c", "select (p/a/c)")
                await recorder.press(str(claims[0].position), "claim (digit)")
            elif buys and (not plays or rng.random() < 0.4):
                buy = rng.choice(buys)
                await recorder.press("a", "select (p/a/c)")
                await recorder.press(str(buy.position), "acquire (digit)")
            elif plays:
                card = rng.choice(plays).card
                owned = view.players[view.current].owned
                await recorder.press("p", "select (p/a/c)")
                await recorder.press(HAND_KEYS[owned.index(card)], "play (card key)")
            else:
                await recorder.press("r", "rest (r)")
                await recorder.press("enter", "confirm (Enter)")  # a rest asks first
        elif view.phase == TRADE:
            count = view.trade_options[0][0]
            await recorder.press(str(count % 10), "trade count (digit)")
        elif view.phase == UPGRADE:
            if turn.may(UpgradeDone()):
                await recorder.press("enter", "upgrade done (Enter)")
            else:
                step = rng.choice(turn.legal)
                await recorder.press(letters[step.spice].lower(), "upgrade (letter)")
        elif view.phase == PAY:
            await recorder.press("enter", "pay (Enter)")
        elif view.phase == RETURN:
            step = turn.legal[0]
            await recorder.press(letters[step.spice].lower(), "return (letter)")
        else:
            table.play(0, rng.choice(turn.legal))


#: 2 seats, one at this keyboard, the rest remote.
DRIVE = BenchDrive(2, drive_spiceroad)

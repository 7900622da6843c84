"""Measure a hot-seat Little Flower Shop game played by keys (not a test; run by hand):

    .venv/bin/python -m tests.games.flowershop.measure_hotseat [SEATS] [SEED]

Two (or more) human seats play the greedy bot's choices through the real app at 80x24, key by
key, as people would: a step key where one exists (1-7 pick, d done, k/x/s), else the action's
line in the "What may I do now" menu. Prints the curtains raised, the key presses, the
screen redraws (``show`` calls) and the view / legal-list computations per key press.
"""

from __future__ import annotations

import asyncio
import sys
from typing import Any

from tests.pilot import wait_for
from tulipgames.engine.core import Action, SeatSpec
from tulipgames.games.flowershop import screen as screen_module
from tulipgames.games.flowershop.bots import greedy_action
from tulipgames.games.flowershop.rules import (
    GAME,
    ChooseFiller,
    Discard,
    Done,
    Draw,
    FlowerShopState,
    Keep,
    Pick,
    Swap,
)
from tulipgames.games.flowershop.widgets import ActionMenu
from tulipgames.table import Table
from tulipgames.tui.app import TulipGamesApp
from tulipgames.tui.screens.curtain import CurtainScreen

COUNTS = {"views": 0, "legal": 0, "shows": 0, "keys": 0, "curtains": 0}


def _count(cls: Any, name: str, counter: str) -> None:
    original = getattr(cls, name)

    def counted(self: Any, *args: Any, **kwargs: Any) -> Any:
        COUNTS[counter] += 1
        return original(self, *args, **kwargs)

    setattr(cls, name, counted)


def key_for(action: Action, state: FlowerShopState, seat: int) -> str | None:
    if isinstance(action, Pick):
        return str(state.shops[seat].hand.index(action.card) + 1)
    keys = {Keep: "k", Discard: "x", Swap: "s", Draw: "s", Done: "d"}
    if type(action) in keys:
        return keys[type(action)]
    if isinstance(action, ChooseFiller):
        return action.filler.lower()
    return None


async def main(seats: int, seed: int) -> None:
    _count(FlowerShopState, "view", "views")
    _count(FlowerShopState, "legal_actions", "legal")
    _count(screen_module.FlowerShopScreen, "show", "shows")
    _count(CurtainScreen, "__init__", "curtains")
    names = ["Ana", "Ben", "Cleo", "Dan"][:seats]
    table = Table.new(GAME, [SeatSpec(n) for n in names], seed=seed, bot_delay=0.0)
    app = TulipGamesApp(None, table=table)
    async with app.run_test(size=(80, 24)) as pilot:

        async def press(key: str) -> None:
            COUNTS["keys"] += 1
            await pilot.press(key)

        await pilot.pause()
        while not table.is_over:
            if isinstance(app.screen, CurtainScreen):
                await press("enter")
                await wait_for(pilot, lambda: not isinstance(app.screen, CurtainScreen))
                continue
            screen = app.screen
            seat = screen.viewer  # type: ignore[attr-defined]
            state = table.state
            assert isinstance(state, FlowerShopState)
            action = greedy_action(state, seat)
            before = len(table.record.actions)
            key = key_for(action, state, seat)
            for _attempt in range(2):  # a second press confirms where the screen asks
                if key is None:
                    menu = screen.query_one(ActionMenu)
                    index = menu.row_for(action)  # its outcome's row (a folded group opened)
                    assert index is not None
                    if menu.highlighted != index:
                        menu.highlighted = index
                    await press("enter")
                else:
                    await press(key)
                await pilot.pause()
                if len(table.record.actions) > before:
                    break
            await wait_for(
                pilot, lambda n=before: len(table.record.actions) > n or table.is_over
            )
    played = len(table.record.actions)
    print(f"seats={seats} seed={seed}: {played} actions, {COUNTS['keys']} key presses, "
          f"{COUNTS['curtains']} curtains")
    per_key = {k: round(COUNTS[k] / COUNTS["keys"], 2) for k in ("views", "legal", "shows")}
    print(f"per key press: {per_key}")


if __name__ == "__main__":
    args = [int(a) for a in sys.argv[1:]]
    asyncio.run(main(*(args + [2, 31][len(args):])))

"""Sixty-One: its demo positions, for screenshots, the snapshot tests, the
screens' tests and the bench (named by the game's kit as ``demos:DEMOS``; played to by
``tulipgames.demos``)."""

from __future__ import annotations

from typing import Any

from tulipgames.games.parts import Demo


def _mine(turn: Any) -> bool:
    return 0 in turn.to_act


CROWD = ["Ana", "Ben", "Cleo", "Dev", *[f"Bot {i}" for i in range(1, 9)]]

DEMOS = (
    Demo("sixtyone-midgame", ["Ana", "Ben"], 61, lambda t: t.view.round >= 9 and _mine(t)),
    Demo("sixtyone-x-pending", ["Ana", "Ben"], 7, lambda t: t.view.pending_x and _mine(t),
         viewer=0),
    Demo("sixtyone-12-seats", CROWD, 12, lambda t: t.view.round >= 12 and _mine(t)),
)

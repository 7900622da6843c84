"""The Little Flower Shop: its demo positions, for screenshots, the snapshot tests, the
screens' tests and the bench (named by the game's kit as ``demos:DEMOS``; played to by
``tulipgames.demos``)."""

from __future__ import annotations

from typing import Any

from tulipgames.games.parts import Demo


def _using(turn: Any) -> bool:
    view = turn.view
    return bool(view.round == 3 and view.phase == "use" and view.shops[0].using is not None)


DEMOS = (
    Demo("flowershop-window", ["Ana", "Ben", "Cleo"], 31, _using),
    Demo("flowershop-draft", ["Ana", "Ben"], 7,
         lambda t: t.view.round == 2 and t.view.step == 3 and t.view.phase == "pick"),
    Demo("flowershop-solo", ["Ana"], 5,
         lambda t: t.view.round == 2 and t.view.phase == "flip" and t.view.under > 0),
)

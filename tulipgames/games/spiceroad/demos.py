"""Century: Spice Road: its demo positions, for screenshots, the snapshot tests, the
screens' tests and the bench (named by the game's kit as ``demos:DEMOS``; played to by
``tulipgames.demos``)."""

from __future__ import annotations

from typing import Any

from tulipgames.games.parts import Demo


def _eighth_turn(turn: Any) -> bool:
    view = turn.view
    return bool(view.players[0].turns >= 8 and view.current == 0 and view.phase == "turn")


DEMOS = (
    Demo("spiceroad-spice", ["Ana", "Ben", "Cleo"], 21, _eighth_turn, {"edition": "spice"}),
    Demo("spiceroad-golem", ["Ana", "Ben", "Cleo", "Dev"], 21, _eighth_turn,
         {"edition": "golem"}),
)

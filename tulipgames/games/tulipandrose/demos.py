"""Tulip & Rose: its demo positions, for screenshots, the snapshot tests, the
screens' tests and the bench (named by the game's kit as ``demos:DEMOS``; played to by
``tulipgames.demos``)."""

from __future__ import annotations

from typing import Any

from tulipgames.games.parts import Demo


def _bidding(turn: Any) -> bool:
    view = turn.view
    return bool(
        view.round >= 3
        and view.phase == "auction"
        and turn.to_act == (0,)
        and view.auction is not None
        and view.auction.high is not None
    )


DEMOS = (
    Demo("tulipandrose-bidding", ["Ana", "Ben", "Cleo", "Dirk"], 12, _bidding),
    Demo("tulipandrose-splitting", ["Ana", "Ben", "Cleo"], 4,
         lambda t: t.view.round > 3 and t.view.phase == "split" and t.view.seller == 0),
)

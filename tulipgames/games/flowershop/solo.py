"""The solo challenge's results: recording a finished challenge in the high-score table.

The app shell's store already adds a high score when a saved game ends (its detail comes from
``FlowerShopState.score_detail``: the level). :func:`record_solo_result` is for callers that play
a challenge outside a saved table, such as a daily-deal run started from the command line.
"""

from __future__ import annotations

import datetime as _dt
from typing import Protocol

from tulipgames.games.flowershop.rules import FlowerShopState, daily_seed, level_band


class HighScores(Protocol):
    """What this module needs of ``tulipgames.store.Store``."""

    def add_high_score(
        self,
        game: str,
        name: str,
        score: int,
        *,
        variant: str = "",
        detail: str = "",
        seed: int | None = None,
        date: str | None = None,
    ) -> None: ...


def record_solo_result(
    store: HighScores, name: str, state: FlowerShopState, date: _dt.date | None = None
) -> tuple[int, str]:
    """Add a finished solo challenge's score and level; returns them.

    A game played on the daily seed of ``date`` goes in the ``daily`` table, any other in
    ``solo``, so the daily deal has a fair leaderboard of its own.
    """
    if not state.solo or not state.is_over():
        raise ValueError("only a finished solo challenge has a result to record")
    result = state.result()
    day = date or _dt.date.today()
    variant = "daily" if state.seed == daily_seed(day) else "solo"
    score = int(result.totals[0])
    store.add_high_score(
        state.game_id,
        name,
        score,
        variant=variant,
        detail=f"{result.level} ({level_band(result.level, state.filler_scoring)})",
        seed=state.seed,
        date=day.isoformat(),
    )
    return score, result.level

"""Short texts the screens show about how the store counts games.

Kept apart from the screens that show them (setup, results, History, Statistics), and light to
import: nothing here loads the store, SQLite or a game's rules.
"""

from __future__ import annotations

from typing import Protocol

from rich.text import Text

from tulipgames import games
from tulipgames.i18n import _

#: The game of the daily deal: the solo game.
DAILY_GAME = games.solo_id()


class _Scores(Protocol):
    def daily_score(self, game: str, name: str, seed: int) -> int | None: ...


def daily_notice(store: _Scores | None, name: str, seed: int, game: str = DAILY_GAME) -> str:
    """What a daily-deal attempt counts for. The store keeps a player's first finished attempt
    of a day's deal in the daily high scores; another attempt (a new one, or "Rematch same
    seed") may be played, and is not scored, so the player is told before playing it."""
    done = store.daily_score(game, name, seed) if store is not None else None
    if done is None:
        return _(
            "Only your first finished attempt at today's deal goes into the daily high "
            "scores; you may play it again afterwards, for practice (not scored)."
        )
    return _(
        "{name} has finished today's deal already ({points} points, the score that counts): "
        "this attempt is practice and is not scored."
    ).format(name=name, points=done)


def daily_line(app: object, name: str, seed: int) -> Text:
    """:func:`daily_notice` for a screen of ``app`` (its ``store``, if it has one)."""
    return Text(daily_notice(getattr(app, "store", None), name, seed))

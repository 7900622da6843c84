"""Messages shared by game screens and widgets, and the requests screens post up to the app.

A screen never calls up into the app (``self.app.rematch(...)``): it posts one of the requests
below, which bubbles from the screen to the app, and the app (``TulipGamesApp``) answers it. A
screen can then be shown by any app; one that does not answer a request simply ignores it.
(The results screen's ``RematchAsked`` lives with that screen, which it carries.)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.message import Message

# annotations only: the menu posts requests from here before any game's rules are imported
if TYPE_CHECKING:
    from tulipgames.engine.core import Action
    from tulipgames.engine.record import GameRecord


class ActionChosen(Message):
    """A widget's intent: one or several steps to be played, all or none, by the seat at the
    keyboard (``ActionChosen(Assign(1, 2), Assign(2, 1), SplitDone())``)."""

    def __init__(self, *actions: Action | str) -> None:
        super().__init__()
        self.actions = actions

    @property
    def action(self) -> Action | str:
        """The first step (most intents hold one)."""
        return self.actions[0]


# -- requests to the app ---------------------------------------------------------------------------
class ReplayAsked(Message):
    """Step through a game: its ``record`` (just finished) or the saved game ``save_id``;
    ``analyse``: with the coach's grading started at once."""

    def __init__(
        self, record: GameRecord | None = None, save_id: int | None = None, analyse: bool = False
    ) -> None:
        super().__init__()
        self.record = record
        self.save_id = save_id
        self.analyse = analyse


class ResumeAsked(Message):
    """Open the saved game ``save_id`` (its score sheet if it is over)."""

    def __init__(self, save_id: int) -> None:
        super().__init__()
        self.save_id = save_id


class StatisticsAsked(Message):
    """Show the statistics screen."""


class MenuEntriesAsked(Message):
    """The menu is back on top: the counts on it (games to resume) may have changed."""


class SizeCheckAsked(Message):
    """The too-small notice is back on top: the terminal may have grown meanwhile."""


class ChoicesRedrawn(Message):
    """A game screen drew new choices without a key (another seat's or a bot's move): the
    terminal's cursor follows the highlighted one."""

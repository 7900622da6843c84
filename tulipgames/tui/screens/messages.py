"""Messages shared by game screens and widgets."""

from __future__ import annotations

from textual.message import Message

from tulipgames.engine.core import Action


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

"""Messages shared by game screens and widgets."""

from __future__ import annotations

from textual.message import Message

from tulipgames.engine.core import Action


class ActionChosen(Message):
    """A widget asks for an action to be played by the seat at the keyboard."""

    def __init__(self, action: Action | str) -> None:
        super().__init__()
        self.action = action

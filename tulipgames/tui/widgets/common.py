"""Shared widgets: they render what they are given and post messages; they decide no rule."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual.widgets import OptionList, RichLog
from textual.widgets.option_list import Option

from tulipgames.engine.core import Action
from tulipgames.tui.screens.messages import ActionChosen


class GameLog(RichLog):
    """The game log: one line per event as the viewer may read it, newest at the bottom.

    It takes no part in Tab focus, so it never steals the arrow keys from a game's widgets;
    :meth:`take_focus` (ctrl+l on a game screen) lets the arrow keys scroll it until focus moves
    on. :meth:`show_lines` appends when the log only grew and rewrites it when it changed
    otherwise (after an undo).
    """

    can_focus = False

    DEFAULT_CSS = """
    GameLog {
        height: 5;
        border-top: solid $primary-darken-2;
        padding: 0 1;
        background: $surface;
        scrollbar-size-vertical: 1;
    }
    GameLog:focus { border-top: solid $accent; }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id, wrap=True, markup=False, auto_scroll=True, min_width=20)
        self._lines: list[str] = []

    def take_focus(self) -> None:
        self.can_focus = True
        self.focus()

    def on_blur(self) -> None:
        self.can_focus = False

    def show_lines(self, lines: Sequence[str]) -> None:
        new = list(lines)
        if new[: len(self._lines)] == self._lines:
            fresh = new[len(self._lines) :]
        else:
            self.clear()
            fresh = new
        for line in fresh:
            self.write(Text(line))
        self._lines = new


class LegalActionList(OptionList):
    """The acting seat's legal actions by notation; Enter (or a click) plays the highlighted one.

    Games that have no better widget for a decision, or want to show "what may be done now",
    fill it from ``state.legal_actions(seat)`` with :meth:`show_actions`.
    """

    DEFAULT_CSS = """
    LegalActionList { height: auto; max-height: 12; border: round $primary-darken-2; }
    LegalActionList:focus { border: round $accent; }
    """

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self._actions: list[Action] = []

    @property
    def actions(self) -> list[Action]:
        return list(self._actions)

    def show_actions(self, actions: Sequence[Action], labels: Sequence[str] | None = None) -> None:
        """Replace the list; ``labels`` (same length) may describe actions better than notation."""
        new = list(actions)
        if new == self._actions:
            return
        self._actions = new
        shown = labels if labels is not None else [str(a) for a in new]
        self.clear_options()
        self.add_options([Option(Text(label), id=str(i)) for i, label in enumerate(shown)])
        if new:
            self.highlighted = 0

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if event.option_index < len(self._actions):
            self.post_message(ActionChosen(self._actions[event.option_index]))

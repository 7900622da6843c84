"""A yes/no question before something that cannot be undone (deleting a saved game)."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Footer, Static

from tulipgames.i18n import N_, _
from tulipgames.tui.keyline import TranslatedKeys


class ConfirmScreen(TranslatedKeys, ModalScreen[bool]):
    """Dismisses with True on ``y``, False on ``n`` or Esc. Enter does not answer: a question
    about deleting must not be answered by a key pressed out of habit."""

    BINDINGS = [
        Binding("y", "answer(True)", N_("Yes")),
        Binding("n", "answer(False)", N_("No")),
        Binding("escape", "answer(False)", N_("No"), show=False),
    ]
    DEFAULT_CSS = """
    ConfirmScreen { align: center middle; }
    ConfirmScreen > Vertical {
        width: 60; height: auto; border: heavy $error; background: $surface; padding: 1 2;
    }
    ConfirmScreen #confirm-keys { color: $text-muted; padding: 1 0 0 0; }
    """

    def __init__(self, question: Text | str) -> None:
        super().__init__()
        self.question = Text(question) if isinstance(question, str) else question

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(self.question, id="confirm-question")
            yield Static(Text(_("y: yes · n or Esc: no")), id="confirm-keys")
        yield Footer()

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)

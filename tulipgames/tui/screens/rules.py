"""A game's rules on screen (``?`` anywhere in a game, or Rules in the menu)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Footer

from tulipgames.engine.core import Game


class RulesScreen(ModalScreen[None]):
    """The game's ``rules.md`` rendered as Markdown; arrows/PgUp/PgDn scroll, Esc closes."""

    BINDINGS = [
        Binding("escape", "close", "Close"),
        Binding("q", "close", "Close", show=False),
        Binding("question_mark", "close", "Close", show=False),
    ]
    DEFAULT_CSS = """
    RulesScreen { align: center middle; }
    RulesScreen > VerticalScroll {
        width: 100%; max-width: 100; height: 1fr; border: round $accent; background: $surface;
    }
    """

    def __init__(self, game: Game) -> None:
        super().__init__()
        self.game = game

    def compose(self) -> ComposeResult:
        # Imported here: the Markdown widget brings markdown-it, about a tenth of start-up time,
        # and the rules are opened far less often than the menu.
        from textual.widgets import Markdown

        try:
            text = self.game.rules_markdown()
        except (OSError, ModuleNotFoundError):
            text = f"# {self.game.title}\n\nThe rules text is missing from this installation."
        with VerticalScroll(id="rules-scroll") as scroll:
            scroll.border_title = f"Rules: {self.game.title}"
            yield Markdown(text)
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#rules-scroll").focus()

    def action_close(self) -> None:
        self.dismiss(None)

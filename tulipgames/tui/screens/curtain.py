"""The pass-the-device curtain: hides the table while the keyboard changes hands."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Middle
from textual.screen import Screen
from textual.widgets import Static

from tulipgames.tui.widgets import plain


class CurtainScreen(Screen[bool]):
    """"Pass to Mira — press Enter". Dismisses with True on Enter, False on Esc (to the menu)."""

    BINDINGS = [
        Binding("enter", "reveal", "Show my table"),
        Binding("escape", "leave", "Menu"),
    ]
    DEFAULT_CSS = """
    CurtainScreen { align: center middle; background: $background; }
    CurtainScreen #curtain-card {
        width: 50; height: auto; padding: 1 2; border: heavy $accent; text-align: center;
    }
    """

    def __init__(self, name: str, game_title: str) -> None:
        super().__init__()
        self.player = name
        self.game_title = game_title

    def compose(self) -> ComposeResult:
        with Middle(), Center():
            # the name is the player's own text: plain, never markup
            card = Text(f"{self.game_title}\n\nPass to ")
            card.append_text(plain(self.player, "bold"))
            card.append_text(plain(f"\n\n{self.player}: press Enter when nobody else is looking."))
            yield Static(card, id="curtain-card")

    def action_reveal(self) -> None:
        self.dismiss(True)

    def action_leave(self) -> None:
        self.dismiss(False)

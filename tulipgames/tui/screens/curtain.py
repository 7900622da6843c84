"""The pass-the-device curtain: hides the table while the keyboard changes hands."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Middle
from textual.screen import Screen
from textual.widgets import Static

from tulipgames.i18n import N_, _
from tulipgames.tui.keyline import TranslatedKeys
from tulipgames.tui.widgets import plain


class CurtainScreen(TranslatedKeys, Screen[bool]):
    """"Pass to Mira — press Enter". Dismisses with True on Enter, False on Esc (to the menu)."""

    BINDINGS = [
        Binding("enter", "reveal", N_("Show my table")),
        Binding("escape", "leave", N_("Menu")),
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
            before, _sep, after = _("Pass to {name}").partition("{name}")
            card = Text(f"{_(self.game_title)}\n\n{before}")
            card.append_text(plain(self.player, "bold"))
            card.append_text(plain(after + "\n\n" + _(
                "{name}: press Enter when nobody else is looking.").format(name=self.player)))
            yield Static(card, id="curtain-card")

    def action_reveal(self) -> None:
        self.dismiss(True)

    def action_leave(self) -> None:
        self.dismiss(False)

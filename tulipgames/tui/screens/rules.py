"""A game's rules on screen (``?`` anywhere in a game, or Rules in the menu).

The rules are drawn as one Rich Markdown renderable in one widget. Textual's Markdown widget
made a widget of every paragraph, bullet and table cell (218 for Tulip & Rose), and styling and
laying those out took 0.4-1.0 s of CPU each time the page opened; one renderable is drawn in a
few tens of milliseconds, and only again when the width changes. The parsed text is kept per
game, so a page opened again is not parsed again either.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from tulipgames.engine.core import Game
from tulipgames.i18n import N_, _
from tulipgames.tui.keyline import TranslatedKeys
from tulipgames.tui.widgets.footer import KeyFooter

if TYPE_CHECKING:
    from rich.markdown import Markdown


def rules_text(game: Game) -> str:
    """The game's ``rules.md`` in the session's language (``Game.rules_markdown`` translates it
    block by block), or a line saying it is missing."""
    try:
        return game.rules_markdown()
    except (OSError, ModuleNotFoundError):
        return f"# {_(game.title)}\n\n" + _("The rules text is missing from this installation.")


@lru_cache(maxsize=16)
def rules_markdown(text: str) -> Markdown:
    """The rules parsed once (Rich's Markdown keeps its parsed blocks, not a width)."""
    # Imported here: Markdown brings markdown-it, about a tenth of start-up time, and the rules
    # are opened far less often than the menu.
    from rich.markdown import Markdown

    return Markdown(text, hyperlinks=False)


class RulesScreen(TranslatedKeys, ModalScreen[None]):
    """The game's ``rules.md`` rendered as Markdown; arrows/PgUp/PgDn scroll, Esc closes."""

    BINDINGS = [
        Binding("escape", "close", N_("Close")),
        Binding("q", "close", N_("Close"), show=False),
        Binding("question_mark", "close", N_("Close"), show=False),
    ]
    DEFAULT_CSS = """
    RulesScreen { align: center middle; }
    RulesScreen > VerticalScroll {
        width: 100%; max-width: 100; height: 1fr; border: round $accent; background: $surface;
        padding: 0 1;
    }
    RulesScreen #rules-text { width: 100%; height: auto; }
    """

    def __init__(self, game: Game) -> None:
        super().__init__()
        self.game = game

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="rules-scroll") as scroll:
            scroll.border_title = _("Rules: {title}").format(title=_(self.game.title))
            yield Static(rules_markdown(rules_text(self.game)), id="rules-text")
        yield KeyFooter()

    def on_mount(self) -> None:
        self.query_one("#rules-scroll").focus()

    def action_close(self) -> None:
        self.dismiss(None)

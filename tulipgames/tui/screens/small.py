"""The notice shown while the terminal is smaller than the 80x24 every screen is drawn for."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.screen import Screen
from textual.widgets import Static

from tulipgames.i18n import N_, _
from tulipgames.tui.keyline import TranslatedKeys
from tulipgames.tui.screens.messages import SizeCheckAsked

MIN_WIDTH, MIN_HEIGHT = 80, 24


class TooSmallScreen(TranslatedKeys, Screen[None]):
    """Covers everything until the terminal is large enough again (the app pops it on resize).

    An opaque screen, not a modal one: the screens under it are then not laid out at all, so a
    terminal 1 to 6 columns wide never reaches widgets that cannot wrap text in no room (Rich
    divides a line by zero cells there: ``range() arg 3 must not be zero``).
    """

    DEFAULT_CSS = """
    TooSmallScreen { align: center middle; background: $background; }
    TooSmallScreen Static { width: auto; height: auto; text-align: center; }
    """
    BINDINGS = [("ctrl+c", "app.quit", N_("Quit"))]

    def compose(self) -> ComposeResult:
        yield Static(id="too-small")

    def on_mount(self) -> None:
        self.update_size()

    def on_resize(self) -> None:
        self.update_size()

    def on_screen_resume(self) -> None:
        """Back on top (a curtain above it closed): the terminal may have grown meanwhile."""
        self.post_message(SizeCheckAsked())
        self.update_size()

    def update_size(self) -> None:
        width, height = self.app.size
        self.query_one("#too-small", Static).update(
            _("Terminal too small\n(need {need}, have {have})\nEnlarge the window to go on.")
            .format(need=f"{MIN_WIDTH}x{MIN_HEIGHT}", have=f"{width}x{height}")
        )

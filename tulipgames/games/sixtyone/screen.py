"""The Sixty-One game screen: the dice sheet widget inside the shared game frame."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding

from tulipgames.games.sixtyone.rules import SixtyOneView
from tulipgames.games.sixtyone.widgets import DiceSheet
from tulipgames.i18n import N_, _
from tulipgames.table import Turn
from tulipgames.tui.screens.game import GameScreen


class SixtyOneScreen(GameScreen[SixtyOneView]):
    """Hot-seat or remote Sixty-One: one dice sheet, drawn for the seat choosing now."""

    AUTO_FOCUS = "DiceSheet"
    BINDINGS = [
        # Esc steps back a pick while a choice is being built, and leaves only from the top.
        Binding("escape", "step_back", N_("back")),
        Binding("escape", "leave", N_("Menu")),
        Binding("backspace", "step_back", N_("Back"), show=False),
    ]
    DEFAULT_CSS = """
    SixtyOneScreen GameLog { height: 4; }
    SixtyOneScreen.-tall GameLog { height: 8; }
    """
    VERTICAL_BREAKPOINTS = [(0, "-short"), (34, "-tall")]

    def compose_board(self) -> ComposeResult:
        yield DiceSheet(id="sheet")

    def show(self, turn: Turn[SixtyOneView]) -> None:
        self.part(DiceSheet).show_turn(turn, self.acting, self.bot_levels)

    def step_back(self) -> bool:
        """Esc inside a choice: undo the latest pick; on a pending X, take the placement back
        (one undo of the seat's own step) and pick its dice and spot again. Esc never leaves
        from an X: when the placement cannot be taken back (another seat has played since), the
        player is told so."""
        sheet = self.part(DiceSheet)
        if sheet.step_back():
            return True
        if sheet.stage != "x":
            return False
        placed = sheet.placed
        if sheet.can_step_back() and self.take_back(1):
            sheet.pick_up(placed)
        elif not sheet.can_step_back():
            self.notify(
                _("Another player has played since: place your X to finish your choice."),
                severity="warning")
        return True

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Esc reads "back" inside a choice (dimmed on an X that cannot be taken back any
        more), "Menu" at the top level."""
        if action == "hint":  # the base screen's rule: off at shared tables
            return super().check_action(action, parameters)
        if action != "step_back" or not self.is_attached:
            return True
        sheet = self.part(DiceSheet)
        return True if sheet.can_step_back() else None if sheet.stage == "x" else False

    def action_step_back(self) -> None:
        self.step_back()
        self.refresh_bindings()


SCREEN = SixtyOneScreen

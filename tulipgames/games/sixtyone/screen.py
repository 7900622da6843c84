"""The Sixty-One game screen: the dice sheet widget inside the shared game frame."""

from __future__ import annotations

import random
from collections.abc import Callable

from textual.app import ComposeResult
from textual.binding import Binding

from tulipgames.engine.core import SeatSpec
from tulipgames.games.sixtyone.rules import GAME, SixtyOneView
from tulipgames.games.sixtyone.widgets import DiceSheet
from tulipgames.table import Table, Turn
from tulipgames.tui.screens.game import GameScreen


class SixtyOneScreen(GameScreen[SixtyOneView]):
    """Hot-seat or remote Sixty-One: one dice sheet, drawn for the seat choosing now."""

    AUTO_FOCUS = "DiceSheet"
    BINDINGS = [
        # Esc steps back a pick while a choice is being built, and leaves only from the top.
        Binding("escape", "step_back", "back"),
        Binding("escape", "leave", "Menu"),
        Binding("backspace", "step_back", "Back", show=False),
    ]
    DEFAULT_CSS = """
    SixtyOneScreen GameLog { height: 4; }
    SixtyOneScreen.-tall GameLog { height: 8; }
    """
    VERTICAL_BREAKPOINTS = [(0, "-short"), (34, "-tall")]

    def compose_board(self) -> ComposeResult:
        yield DiceSheet(id="sheet")

    def show(self, turn: Turn[SixtyOneView]) -> None:
        self.query_one(DiceSheet).show_turn(turn, self.acting)

    def step_back(self) -> bool:
        """Esc inside a choice: undo the latest pick; on a pending X, take the placement back
        (one undo of the seat's own step) and pick its dice and spot again. Esc never leaves
        from an X: when the placement cannot be taken back (another seat has played since), the
        player is told so."""
        sheet = self.query_one(DiceSheet)
        if sheet.step_back():
            return True
        if sheet.stage != "x":
            return False
        placed = sheet.placed
        if sheet.can_step_back() and self.take_back(1):
            sheet.pick_up(placed)
        elif not sheet.can_step_back():
            self.notify("Another player has played since: place your X to finish your choice.",
                        severity="warning")
        return True

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Esc reads "back" inside a choice (dimmed on an X that cannot be taken back any
        more), "Menu" at the top level."""
        if action != "step_back" or not self.is_attached:
            return True
        sheet = self.query_one(DiceSheet)
        return True if sheet.can_step_back() else None if sheet.stage == "x" else False

    def action_step_back(self) -> None:
        self.step_back()
        self.refresh_bindings()


SCREEN = SixtyOneScreen


def play_until(table: Table, seed: int, stop: Callable[[Turn[SixtyOneView]], bool]) -> None:
    """Play every seat with normal bots (and a random move now and then) until ``stop`` holds
    for the seat to act; only the Table's public API is used."""
    rng = random.Random(seed)
    for _ in range(400):
        seats = table.to_act()
        if table.is_over or not seats or stop(table.turn(seats[0])):
            return
        turn = table.turn(seats[0])
        job = table.think_job(seats[0]) if rng.random() < 0.8 else None
        table.play(seats[0], job() if job is not None else rng.choice(turn.legal))


def demo_tables() -> dict[str, Table]:
    """Mid-game positions with seat 0 human, for ``tulipgames screenshots``."""
    seats = [SeatSpec("Ana"), SeatSpec("Ben", "bot:normal")]
    midgame = Table.new(GAME, seats, seed=61)
    play_until(midgame, 61, lambda t: t.view.round >= 9 and t.seat == 0)
    pending = Table.new(GAME, seats, seed=7)
    play_until(pending, 7, lambda t: t.view.pending_x and t.seat == 0)
    crowd = Table.new(GAME, [SeatSpec(n) for n in ("Ana", "Ben", "Cleo", "Dev")]
                      + [SeatSpec(f"Bot {i}", "bot:normal") for i in range(1, 9)], seed=12)
    play_until(crowd, 12, lambda t: t.view.round >= 12 and t.seat == 0)
    return {
        "sixtyone-midgame": midgame,
        "sixtyone-x-pending": pending,
        "sixtyone-12-seats": crowd,
    }

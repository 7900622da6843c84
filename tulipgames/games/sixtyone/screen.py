"""The Sixty-One game screen: the dice sheet widget inside the shared game frame."""

from __future__ import annotations

import random

from textual.app import ComposeResult

from tulipgames.engine.core import SeatSpec
from tulipgames.games.sixtyone.rules import GAME, SixtyOneState, SixtyOneView
from tulipgames.games.sixtyone.widgets import DiceSheet
from tulipgames.table import Table, Turn
from tulipgames.tui.screens.game import GameScreen


class SixtyOneScreen(GameScreen[SixtyOneView]):
    """Hot-seat or remote Sixty-One: one dice sheet, drawn for the seat choosing now."""

    AUTO_FOCUS = "DiceSheet"
    DEFAULT_CSS = """
    SixtyOneScreen GameLog { height: 4; }
    SixtyOneScreen.-tall GameLog { height: 8; }
    """
    VERTICAL_BREAKPOINTS = [(0, "-short"), (34, "-tall")]

    def compose_board(self) -> ComposeResult:
        yield DiceSheet(id="sheet")

    def show(self, turn: Turn[SixtyOneView]) -> None:
        view, seat, acting = turn.view, turn.seat, self.acting
        self.query_one(DiceSheet).show_view(view, seat, acting, self.table.names)


SCREEN = SixtyOneScreen


def _play_until(table: Table, seed: int, stop) -> None:  # type: ignore[no-untyped-def]
    """Let normal bots play every seat until ``stop(state)`` holds."""
    rng = random.Random(seed)
    bot = GAME.make_bot("normal", seed)
    for _ in range(400):
        state = table.state
        assert isinstance(state, SixtyOneState)
        if state.is_over() or stop(state):
            return
        seat = state.to_act()[0]
        choice = bot.choose(state, seat) if rng.random() < 0.8 else rng.choice(
            state.legal_actions(seat))
        table.play(seat, choice)


def demo_tables() -> dict[str, Table]:
    """Mid-game positions with seat 0 human, for ``tulipgames screenshots``."""
    seats = [SeatSpec("Ana"), SeatSpec("Ben", "bot:normal")]
    midgame = Table.new(GAME, seats, seed=61)
    _play_until(midgame, 61, lambda s: s.round >= 9 and s.current == 0)
    pending = Table.new(GAME, seats, seed=7)
    _play_until(pending, 7, lambda s: s.pending_x and s.current == 0)
    crowd = Table.new(GAME, [SeatSpec(n) for n in ("Ana", "Ben", "Cleo", "Dev")]
                      + [SeatSpec(f"Bot {i}", "bot:normal") for i in range(1, 9)], seed=12)
    _play_until(crowd, 12, lambda s: s.round >= 12 and s.current == 0)
    return {
        "sixtyone-midgame": midgame,
        "sixtyone-x-pending": pending,
        "sixtyone-12-seats": crowd,
    }

"""The Century: Spice Road screen: point row, merchant row, caravans and the action pad."""

from __future__ import annotations

import random
from collections.abc import Callable

from textual.app import ComposeResult
from textual.containers import VerticalScroll

from tulipgames.engine.core import SeatSpec
from tulipgames.games.spiceroad.rules import (
    GAME,
    PAY,
    TRADE,
    UPGRADE,
    SpiceRoadState,
    SpiceRoadView,
)
from tulipgames.games.spiceroad.widgets import (
    ActionPad,
    CancelPlay,
    CaravanPanel,
    Choices,
    MerchantRow,
    PickingChanged,
    PointRow,
    RivalsPanel,
)
from tulipgames.table import Table, Turn
from tulipgames.tui.screens.game import GameScreen


class SpiceRoadScreen(GameScreen[SpiceRoadView]):
    """Hot-seat or remote Spice Road; everything is public, so no curtain is needed."""

    AUTO_FOCUS = "ActionPad"
    DEFAULT_CSS = """
    SpiceRoadScreen GameLog { height: 4; }
    SpiceRoadScreen.-tall GameLog { height: 8; }
    SpiceRoadScreen #players { height: 1fr; }
    """
    VERTICAL_BREAKPOINTS = [(0, "-short"), (34, "-tall")]

    def compose_board(self) -> ComposeResult:
        yield PointRow()
        yield MerchantRow()
        with VerticalScroll(id="players"):
            yield CaravanPanel()
            yield RivalsPanel()
        yield ActionPad()

    def show(self, turn: Turn[SpiceRoadView]) -> None:
        view, seat, acting = turn.view, turn.seat, self.acting
        shown = seat if seat is not None else view.current
        legal = self.table.state.legal_actions(seat) if acting and seat is not None else []
        choices = Choices.of(legal)
        pad = self.query_one(ActionPad)
        pad.set_context(view, seat, acting, choices)
        self.query_one(PointRow).show_row(view, choices, pad.picking == "claim")
        self.query_one(MerchantRow).show_row(view, choices, pad.picking == "acquire")
        names = self.table.names
        self.query_one(CaravanPanel).show_player(
            view, shown, names[shown], choices, pad.picking == "play"
        )
        self.query_one(RivalsPanel).show_rivals(view, shown, names)

    def on_picking_changed(self, message: PickingChanged) -> None:
        message.stop()
        if self.is_attached:
            self.show(self.turn)

    def on_cancel_play(self, message: CancelPlay) -> None:
        """Esc inside a play or an acquisition: take back all of its steps."""
        message.stop()
        viewer = self.viewer
        while (
            viewer is not None
            and self.table.state.view(viewer).phase in (TRADE, UPGRADE, PAY)
            and self.table.can_undo(viewer)
        ):
            self.table.undo(viewer)


SCREEN = SpiceRoadScreen


def _play_until(table: Table, seed: int, stop: Callable[[SpiceRoadState], bool]) -> None:
    """Let normal bots (with a little randomness) play every seat until ``stop(state)``."""
    rng = random.Random(seed)
    bot = GAME.make_bot("normal", seed)
    for _ in range(2000):
        state = table.state
        assert isinstance(state, SpiceRoadState)
        if state.is_over() or stop(state):
            return
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        choice = bot.choose(state.clone(), seat) if rng.random() < 0.85 else rng.choice(legal)
        table.play(seat, choice)


def demo_tables() -> dict[str, Table]:
    """Mid-game positions with seat 0 human, for ``tulipgames screenshots``."""
    tables = {}
    for edition, names in (
        ("spice", ("Ana", "Ben", "Cleo")),
        ("golem", ("Ana", "Ben", "Cleo", "Dev")),
    ):
        seats = [SeatSpec(names[0])] + [SeatSpec(n, "bot:normal") for n in names[1:]]
        table = Table.new(GAME, seats, seed=21, options={"edition": edition})
        _play_until(
            table,
            21,
            lambda s: s.turns[0] >= 8 and s.current == 0 and s.phase == "turn",
        )
        tables[f"spiceroad-{edition}"] = table
    return tables

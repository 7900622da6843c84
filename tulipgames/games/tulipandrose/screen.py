"""The Tulip & Rose screen: holdings of every merchant, the reveal, and the decision of the moment.

Layout (80x24 and up): a table line (day, round, Seller, window, deck) and the reveal strip; the
holdings table, one line per player; then the decision panel (bouquet splitter, bidding panel or
sell-or-keep) beside your Special Orders.

Keys: splitter: Left/Right (or Up/Down) move the cursor, 1-3 place the card, 0 or Backspace clear
it, Enter confirms. Auction: Up/Down or +/- change the bid by 1, PgUp/PgDn by 5, digits type it,
Backspace erases, Enter raises, p passes. Seller's choice: s sell, k keep.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical

from tulipgames.engine.core import IllegalAction, SeatSpec
from tulipgames.games.tulipandrose.bots import NormalBot
from tulipgames.games.tulipandrose.rules import (
    GAME,
    Assign,
    Bid,
    Keep,
    Pass,
    Sell,
    SplitDone,
    TulipState,
    TulipView,
)
from tulipgames.games.tulipandrose.widgets import (
    BiddingPanel,
    DecidePanel,
    HoldingsTable,
    OrdersPanel,
    RevealStrip,
    SplitPanel,
    TableLine,
)
from tulipgames.table import Table, Turn
from tulipgames.tui.screens.game import GameScreen


class TulipAndRoseScreen(GameScreen[TulipView]):
    """Hot-seat or remote Tulip & Rose for the seat at this keyboard."""

    AUTO_FOCUS = None
    BINDINGS = [
        Binding("left", "cursor(-1)", "Card", show=False),
        Binding("right", "cursor(1)", show=False),
        Binding("up", "up", show=False),
        Binding("down", "down", show=False),
        Binding("plus,equals_sign", "change(1)", show=False),
        Binding("minus", "change(-1)", show=False),
        Binding("pageup", "change(5)", show=False),
        Binding("pagedown", "change(-5)", show=False),
        *(Binding(str(d), f"digit('{d}')", show=False) for d in range(10)),
        Binding("backspace", "erase", show=False),
        Binding("enter", "confirm", "Confirm"),
        Binding("p", "pass", "Pass"),
        Binding("s", "sell", "Sell"),
        Binding("k", "keep", "Keep"),
    ]
    DEFAULT_CSS = """
    TulipAndRoseScreen GameLog { height: 3; }
    TulipAndRoseScreen.-tall GameLog { height: 8; }
    TulipAndRoseScreen #tr-main { height: auto; }
    TulipAndRoseScreen #tr-decision { width: 1fr; height: auto; }
    """
    VERTICAL_BREAKPOINTS = [(0, "-short"), (34, "-tall")]

    def compose_board(self) -> ComposeResult:
        yield TableLine(id="tr-table")
        yield RevealStrip(id="tr-reveal")
        yield HoldingsTable(id="tr-holdings")
        with Horizontal(id="tr-main"):
            with Vertical(id="tr-decision"):
                yield SplitPanel(id="tr-split")
                yield BiddingPanel(id="tr-bids")
                yield DecidePanel(id="tr-decide")
            yield OrdersPanel(id="tr-orders")

    def on_resize(self) -> None:
        self.query_one(OrdersPanel).set_class(self.size.width >= 110, "-wide")
        if self.is_attached:
            self.refresh_table()

    def show(self, turn: Turn[TulipView]) -> None:
        view, seat, acting = turn.view, turn.seat, self.acting
        names = self.table.names
        self.query_one(TableLine).show_table(view, names)
        self.query_one(RevealStrip).show_reveal(view)
        self.query_one(HoldingsTable).show_holdings(view, names, self.table.state.to_act())
        self.query_one(OrdersPanel).show_orders(view, seat)
        splitter = self.query_one(SplitPanel)
        bids = self.query_one(BiddingPanel)
        decide = self.query_one(DecidePanel)
        splitter.display = view.phase == "split" and acting
        bids.display = view.phase == "auction" or (view.phase == "split" and not acting)
        decide.display = view.phase == "decide"
        if splitter.display:
            splitter.load(view)
        if view.phase == "auction":
            bids.load(view, names, acting)
        elif view.phase == "split":
            bids.border_title = "Split"
            bids.update(f"{names[view.seller]} (Seller) is splitting the cards into bouquets.")
        if decide.display:
            decide.show_decision(view, names, acting, self._keep_reason() if acting else None)
        self.refresh_bindings()

    #: The decisions each of this screen's own keys belongs to; the footer shows only those.
    KEY_PHASES: ClassVar[dict[str, tuple[str, ...]]] = {
        "confirm": ("split", "auction"),
        "pass": ("auction",),
        "sell": ("decide",),
        "keep": ("decide",),
    }

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        phases = self.KEY_PHASES.get(action)
        if phases is not None and self.is_attached:
            return self._phase() in phases
        return super().check_action(action, parameters)

    def _keep_reason(self) -> str | None:
        assert self.viewer is not None
        try:
            self.table.state.check(self.viewer, Keep())
        except IllegalAction as exc:
            return exc.reason
        return None

    def _phase(self) -> str | None:
        """The phase of the decision the seat at the keyboard must make now, if any."""
        if not self.acting or self.viewer is None:
            return None
        view = self.table.state.view(self.viewer)
        assert isinstance(view, TulipView)
        return view.phase

    # -- keys ---------------------------------------------------------------------------------
    def action_cursor(self, step: int) -> None:
        if self._phase() == "split":
            self.query_one(SplitPanel).move(step)

    def action_up(self) -> None:
        if self._phase() == "split":
            self.query_one(SplitPanel).move(-1)
        elif self._phase() == "auction":
            self.query_one(BiddingPanel).change(1)

    def action_down(self) -> None:
        if self._phase() == "split":
            self.query_one(SplitPanel).move(1)
        elif self._phase() == "auction":
            self.query_one(BiddingPanel).change(-1)

    def action_change(self, step: int) -> None:
        if self._phase() == "auction":
            self.query_one(BiddingPanel).change(step)

    def action_digit(self, digit: str) -> None:
        phase = self._phase()
        if phase == "split":
            problem = self.query_one(SplitPanel).place(int(digit))
            if problem:
                self.notify(problem, severity="warning")
        elif phase == "auction":
            self.query_one(BiddingPanel).type_digit(digit)

    def action_erase(self) -> None:
        phase = self._phase()
        if phase == "split":
            self.query_one(SplitPanel).place(0)
        elif phase == "auction":
            self.query_one(BiddingPanel).erase()

    def action_confirm(self) -> None:
        phase = self._phase()
        if phase == "split":
            self._confirm_split()
        elif phase == "auction":
            self.submit(Bid(self.query_one(BiddingPanel).amount))
        elif phase == "decide":
            self.notify("Press s to sell or k to keep.", severity="warning")

    def _confirm_split(self) -> None:
        """Play the split as the rules sequence it: one ``assign`` per card, then ``split done``."""
        splitter = self.query_one(SplitPanel)
        problem = splitter.problem()
        if problem:
            self.notify(problem, severity="warning")
            return
        draft = list(splitter.draft)
        viewer = self.viewer
        assert viewer is not None
        # Steps already played that the player has since changed are taken back first.
        while self._played_draft() != draft[: len(self._played_draft())]:
            if not self.table.can_undo(viewer):
                self.notify("The split can no longer be changed.", severity="error")
                return
            self.table.undo(viewer)
        for card in range(len(self._played_draft()) + 1, len(draft) + 1):
            self.submit(Assign(card, draft[card - 1]))
        self.submit(SplitDone())

    def _played_draft(self) -> list[int]:
        view = self.table.state.view(self.viewer)
        assert isinstance(view, TulipView)
        return list(view.draft)

    def action_pass(self) -> None:
        if self._phase() == "auction":
            self.submit(Pass())

    def action_sell(self) -> None:
        if self._phase() == "decide":
            self.submit(Sell())

    def action_keep(self) -> None:
        if self._phase() == "decide":
            self.submit(Keep())


SCREEN = TulipAndRoseScreen


def _advance(table: Table, stop: Callable[[TulipState], bool], limit: int = 5000) -> None:
    """Let the normal bot play every seat until ``stop(state)`` holds."""
    bots = [NormalBot(seed) for seed in range(len(table.seats))]
    for _ in range(limit):
        state = table.state
        assert isinstance(state, TulipState)
        if state.is_over() or stop(state):
            return
        seat = state.to_act()[0]
        table.play(seat, bots[seat].choose(state, seat))


def demo_tables() -> dict[str, Table]:
    """Mid-game positions with seat 0 human, for ``tulipgames screenshots``."""
    seats = [SeatSpec("Ana"), SeatSpec("Ben", "bot:normal"), SeatSpec("Cleo", "bot:normal")]
    bidding = Table.new(GAME, [*seats, SeatSpec("Dirk", "bot:normal")], seed=12)
    _advance(
        bidding,
        lambda s: (
            s.round >= 3 and s.phase == "auction" and s.to_act() == (0,) and s.high is not None
        ),
    )
    splitting = Table.new(GAME, seats, seed=random.Random(4).randrange(10**6))
    _advance(splitting, lambda s: s.round > 3 and s.phase == "split" and s.seller == 0)
    return {"tulipandrose-bidding": bidding, "tulipandrose-splitting": splitting}

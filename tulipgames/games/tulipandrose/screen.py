"""The Tulip & Rose screen: holdings of every merchant, the reveal, and the decision of the moment.

Layout (80x24 and up): a table line (day, round, Seller, window, deck) and the reveal strip; the
holdings table, one line per player; then the decision panel (the bouquet splitter, or the
auction panel: the split awaited, the bidding, the Seller's sell or keep) beside your Special
Orders.

Keys: splitter: Left/Right (or Up/Down) move the cursor, 1-3 place the card, 0 or Backspace clear
it, Enter confirms, Esc takes the whole split back. Auction: Up/Down or +/- change the bid by 1,
PgUp/PgDn by 5, digits type it, Backspace erases, Enter raises, p passes. Seller's choice: s sell,
k keep. Hot-seat: o opens your Special Orders (behind the curtain) while bidding; a player to
bid again right after their own move (only bots in between) presses Enter twice, or changes
the amount first, so a stray Enter does not bid the minimum.

Hot-seat curtains: the screen draws a seat's private things (its Special Orders, what a bouquet
is worth with them, and under ``hidden_money`` its florins) only after the curtain was lifted for
that seat. A curtain is raised for the Seller's split (orders shape a split), for every change of
seat under ``hidden_money`` (a bid needs one's own cash), and when a player presses ``o``; other
bids are made on the public screen, with the status line saying whose turn it is.
"""

from __future__ import annotations

from typing import ClassVar

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding

from tulipgames.games.tulipandrose.rules import (
    Bid,
    Keep,
    Pass,
    Sell,
    SplitDone,
    TulipView,
)
from tulipgames.games.tulipandrose.widgets import (
    BiddingPanel,
    HoldingsTable,
    OrdersPanel,
    RevealStrip,
    SplitPanel,
    TableLine,
)
from tulipgames.i18n import N_
from tulipgames.table import Table, Turn
from tulipgames.tui.screens.game import GameScreen
from tulipgames.tui.widgets import Columns, Rows, focus_now


class TulipAndRoseScreen(GameScreen[TulipView]):
    """Hot-seat or remote Tulip & Rose for the seat at this keyboard."""

    AUTO_FOCUS = None
    BINDINGS = [
        Binding("left", "cursor(-1)", N_("Card"), show=False),
        Binding("right", "cursor(1)", show=False),
        Binding("up", "up", show=False),
        Binding("down", "down", show=False),
        Binding("plus,equals_sign", "change(1)", show=False),
        Binding("minus", "change(-1)", show=False),
        Binding("pageup", "change(5)", show=False),
        Binding("pagedown", "change(-5)", show=False),
        *(Binding(str(d), f"digit('{d}')", show=False) for d in range(10)),
        Binding("backspace", "erase", show=False),
        Binding("enter", "confirm", N_("Confirm")),
        Binding("p", "pass", N_("Pass")),
        Binding("s", "sell", N_("Sell")),
        Binding("k", "keep", N_("Keep")),
        Binding("o", "private", N_("My orders")),
        # Esc first steps back out of a split in progress (and the footer says so), then leaves.
        Binding("escape", "take_back_split", N_("Take back split")),
        Binding("escape", "leave", N_("Menu")),
    ]
    DEFAULT_CSS = """
    TulipAndRoseScreen GameLog { height: 3; }
    TulipAndRoseScreen.-tall GameLog { height: 8; }
    TulipAndRoseScreen #tr-main { height: 1fr; }
    TulipAndRoseScreen #tr-decision { width: 1fr; height: 100%; }
    """
    VERTICAL_BREAKPOINTS = [(0, "-short"), (34, "-tall")]

    def __init__(self, table: Table, seats: frozenset[int] | None = None) -> None:
        super().__init__(table, seats)
        #: The seat that asked (``o``) to see its private things while bidding.
        self._asked: int | None = None
        #: The decision the focus was last given to: (table version, seat).
        self._focused_for: tuple[int, int | None] | None = None

    def compose_board(self) -> ComposeResult:
        yield TableLine(id="tr-table")
        yield RevealStrip(id="tr-reveal")
        yield HoldingsTable(id="tr-holdings")
        with Columns(id="tr-main"):
            with Rows(id="tr-decision"):
                # one panel for every decision of a round, the split included (see its doc)
                yield BiddingPanel(id="tr-bids")
            yield OrdersPanel(id="tr-orders")

    def on_resize(self, event: events.Resize) -> None:
        # Textual calls the on_resize of every class up the line: GameScreen fits the log itself
        self.part(OrdersPanel).set_class(self.size.width >= 110, "-wide")
        if self.is_attached:
            self.refresh_table()

    # -- hot-seat privacy -----------------------------------------------------------------
    def shows_secrets(self, seat: int) -> bool:
        """Whether ``seat``'s screen would show something private now (see the module doc)."""
        if not self.table.has_secrets:
            return False
        view = self.table.turn(seat).view
        if view.hidden_money:
            return True
        return (view.phase == "split" and seat == view.seller) or self._asked == seat

    def private(self, turn: Turn[TulipView]) -> bool:
        """Whether the seat on screen may see its private things: always at its own terminal;
        in hot-seat only once the curtain was lifted for it."""
        return turn.seat is not None and (not self.needs_curtain or self._revealed == turn.seat)

    # -- drawing --------------------------------------------------------------------------
    def show(self, turn: Turn[TulipView]) -> None:
        view, acting = turn.view, self.acting
        if self.needs_curtain and turn.seat is not None and turn.seat != self._revealed:
            # The keyboard went to this seat without a curtain: whoever lifted the last one is
            # gone, so their private things need a new curtain next time.
            self._revealed = None
        if turn.seat != self._asked:
            self._asked = None
        private = self.private(turn)
        names = list(turn.names)
        self.part(TableLine).show_table(view, names)
        splitting = view.phase == "split" and acting
        self.part(RevealStrip).show_reveal(view, compact=splitting)
        self.part(HoldingsTable).show_holdings(view, names, turn.to_act, self.bot_levels)
        self.part(OrdersPanel).show_orders(view, private)
        # One panel from the split through the sell or keep to the end: the keys that end a
        # split, an auction or a sale change its rows only.
        panel = self.part(BiddingPanel)
        if splitting:
            panel.load_split(view, private)
        elif view.phase == "auction":
            panel.load(view, names, acting, private, guarded=self._again(turn))
        elif view.phase == "split":
            panel.waiting_for_split(view, names)
        elif view.phase == "decide":
            panel.show_decision(view, names, acting, private)
        else:
            panel.show_end(view, names)
        self._focus_decision(turn)
        self.refresh_bindings()

    def _again(self, turn: Turn[TulipView]) -> bool:
        """Hot-seat: whether the seat to decide made the last move of this keyboard's humans
        (bots may have moved since), so an Enter still meant for that move could land here."""
        if len(self.local_seats) < 2 or turn.seat is None:
            return False
        actions = self.table.record.actions
        last = next((seat for seat, _ in reversed(actions) if seat in self.local_seats), None)
        return last == turn.seat

    def _focus_decision(self, turn: Turn[TulipView]) -> None:
        """Give the keys back to the decision at hand when it is new (after ctrl+l, the log
        keeps the arrows only until the next decision or Tab)."""
        if not self.acting:
            return
        key = (turn.version, turn.seat)
        if key == self._focused_for:
            return
        self._focused_for = key
        focus_now(self, self.part(BiddingPanel))

    #: The decisions each of this screen's own keys belongs to; the footer shows only those.
    KEY_PHASES: ClassVar[dict[str, tuple[str, ...]]] = {
        "confirm": ("split", "auction"),
        "pass": ("auction",),
        "sell": ("decide",),
        "keep": ("decide",),
    }

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if not self.is_attached:
            return super().check_action(action, parameters)
        if action == "private":
            turn = self.turn
            return (
                self.needs_curtain
                and turn.seat is not None
                and turn.view.special_orders
                and not self.private(turn)
            )
        if action == "take_back_split":
            return self._split_started()
        if action == "undo":  # greyed out while there is nothing of this seat's to take back
            return self.turn.can_undo or None
        if action == "keep" and self._phase() == "decide":
            return self.turn.may(Keep()) or None  # shown greyed out while keeping is impossible
        phases = self.KEY_PHASES.get(action)
        if phases is not None:
            return self._phase() in phases
        return super().check_action(action, parameters)

    def _phase(self) -> str | None:
        """The phase of the decision the seat at the keyboard must make now, if any."""
        return self.turn.view.phase if self.acting else None

    # -- keys ---------------------------------------------------------------------------------
    def action_private(self) -> None:
        """Hot-seat: raise the curtain so that only this player sees their Special Orders."""
        turn = self.turn
        if turn.seat is None or self.private(turn):
            return
        self._asked = turn.seat
        self.refresh_table()

    def action_cursor(self, step: int) -> None:
        if self._phase() == "split":
            self.part(SplitPanel).move(step)

    def action_up(self) -> None:
        if self._phase() == "split":
            self.part(SplitPanel).move(-1)
        elif self._phase() == "auction":
            self.part(BiddingPanel).change(1)

    def action_down(self) -> None:
        if self._phase() == "split":
            self.part(SplitPanel).move(1)
        elif self._phase() == "auction":
            self.part(BiddingPanel).change(-1)

    def action_change(self, step: int) -> None:
        if self._phase() == "auction":
            self.part(BiddingPanel).change(step)

    def action_digit(self, digit: str) -> None:
        phase = self._phase()
        if phase == "split":
            problem = self.part(SplitPanel).place(int(digit))
            if problem:
                self.notify(problem, severity="warning")
            else:
                self._sync_split()
        elif phase == "auction":
            self.part(BiddingPanel).type_digit(digit)

    def action_erase(self) -> None:
        phase = self._phase()
        if phase == "split":
            self.part(SplitPanel).place(0)
            self._sync_split()
        elif phase == "auction":
            self.part(BiddingPanel).erase()

    def _sync_split(self, *more: SplitDone) -> bool:
        """Play what the splitter's draft adds to the steps already played (one intent); a
        changed card first takes back the steps from it on (one replay). ``more``: the
        confirmation, played with the last steps."""
        splitter = self.part(SplitPanel)
        back, steps = splitter.plan()
        splitter.syncing = True
        try:
            if back and not self.take_back(back):
                return False
            if steps or more:
                return self.submit(*steps, *more)
        finally:
            splitter.syncing = False
        return True

    def action_confirm(self) -> None:
        phase = self._phase()
        if phase == "split":
            problem = self.part(SplitPanel).problem()
            if problem:
                self.notify(problem, severity="warning")
                return
            self._sync_split(SplitDone())
        elif phase == "auction":
            panel = self.part(BiddingPanel)
            if panel.confirm():
                self.submit(Bid(panel.amount))

    def _split_started(self) -> bool:
        return self._phase() == "split" and any(self.part(SplitPanel).draft)

    def action_take_back_split(self) -> None:
        self.step_back()

    def step_back(self) -> bool:
        """Esc during a split takes back every card placed (one replay); otherwise Esc leaves."""
        if not self._split_started():
            return False
        splitter = self.part(SplitPanel)
        played = len(splitter.played)
        splitter.draft = [0] * len(splitter.draft)
        splitter.cursor = 0
        if played:
            self.take_back(played)
        else:
            splitter.render_split()
        return True

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

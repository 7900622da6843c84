"""The Little Flower Shop screen: your shop window, the draft (or solo piles), and what you may do.

Layout (80x24 and up): the other shops one line each (solo: nothing) above; on the left your
shop window; on the right the step panel (hand and pass direction, the reveal, or the solo piles
and level ladder) over the "what may I do now" menu. Keys: arrows and Enter in the menu; 1-7 pick
a hand card; ``s`` swap (pick 7) or draw (solo last card); ``k`` keep, ``x`` discard; ``d`` done;
``b``/``h``/``f`` choose the scored filler.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll

from tulipgames.engine.core import Action, SeatSpec
from tulipgames.games.flowershop.bots import greedy_action
from tulipgames.games.flowershop.rules import (
    GAME,
    ChooseFiller,
    Discard,
    Done,
    Draw,
    FlowerShopState,
    FlowerShopView,
    Keep,
    Pick,
    Swap,
)
from tulipgames.games.flowershop.widgets import ActionMenu, DraftPanel, OpponentsPanel, ShopWindow
from tulipgames.table import Table, Turn
from tulipgames.tui.screens.game import GameScreen


class FlowerShopScreen(GameScreen[FlowerShopView]):
    """Hot-seat, remote or solo Little Flower Shop for the seat at this keyboard."""

    AUTO_FOCUS = "ActionMenu"
    BINDINGS = [
        Binding("1", "pick(0)", "Pick", key_display="1-7"),
        Binding("2", "pick(1)", show=False),
        Binding("3", "pick(2)", show=False),
        Binding("4", "pick(3)", show=False),
        Binding("5", "pick(4)", show=False),
        Binding("6", "pick(5)", show=False),
        Binding("7", "pick(6)", show=False),
        Binding("k", "step('keep')", "Keep"),
        Binding("x", "step('discard')", "Discard"),
        Binding("s", "step('swap')", "$2 swap"),
        Binding("d", "step('done')", "Done"),
        Binding("b", "filler('B')", "Filler", key_display="b/h/f"),
        Binding("h", "filler('H')", show=False),
        Binding("f", "filler('F')", show=False),
    ]
    DEFAULT_CSS = """
    FlowerShopScreen GameLog { height: 3; }
    FlowerShopScreen.-tall GameLog { height: 7; }
    FlowerShopScreen #fs-main { height: 1fr; }
    FlowerShopScreen #fs-side { width: 1fr; }
    FlowerShopScreen #fs-left { width: auto; height: 1fr; scrollbar-size-vertical: 0; }
    FlowerShopScreen .fs-rival { display: none; }
    FlowerShopScreen.-roomy .fs-rival { display: block; }
    """
    VERTICAL_BREAKPOINTS = [(0, "-short"), (34, "-tall")]

    def compose_board(self) -> ComposeResult:
        yield OpponentsPanel(id="fs-opponents")
        with Horizontal(id="fs-main"):
            with VerticalScroll(id="fs-left"):
                yield ShopWindow(id="fs-window")
                for _ in range(self.table.state.seats - 1):
                    yield ShopWindow(classes="fs-rival")
            with Vertical(id="fs-side"):
                yield DraftPanel(id="fs-step")
                yield ActionMenu(id="fs-actions")

    def on_resize(self) -> None:
        wide = self.size.width >= 110
        for window in self.query(ShopWindow):
            window.set_class(wide, "-wide")
        # Roomy terminals also show the other shops in full under your own.
        self.set_class(wide and self.size.height >= 34, "-roomy")
        if self.is_attached:
            self.refresh_table()

    def show(self, turn: Turn[FlowerShopView]) -> None:
        view, seat, acting = turn.view, turn.seat, self.acting
        names = self.table.names
        shown = seat if seat is not None else 0
        self.query_one("#fs-window", ShopWindow).show_shop(view, shown, names[shown], acting)
        rivals = [s for s in range(view.seats) if s != shown]
        for window, rival in zip(self.query(".fs-rival").results(ShopWindow), rivals,
                                 strict=True):
            window.show_shop(view, rival, names[rival], False)
        opponents = self.query_one(OpponentsPanel)
        opponents.display = not view.solo
        opponents.show_opponents(view, shown, names, wide=self.size.width >= 110)
        self.query_one(DraftPanel).show_step(view, seat, names, acting)
        self.refresh_bindings()
        menu = self.query_one(ActionMenu)
        if acting and seat is not None:
            menu.show_actions(self.table.state.legal_actions(seat), view, seat)
        else:
            menu.show_actions([], None, None, note=self.status_text(turn))

    # -- keys ---------------------------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Offer (and show in the footer) only the keys of the current step."""
        phases = {"pick": "pick", "step": None, "filler": "filler"}
        if action not in phases:
            return True
        state = self.table.state
        assert isinstance(state, FlowerShopState)
        if action == "step":
            name = str(parameters[0])
            if name == "swap":
                last = state.step == 7 if state.phase == "pick" else state.under == 0
                wanted = state.phase if last else ""
            else:
                wanted = {"keep": "flip", "discard": "flip", "done": "use"}[name]
        else:
            wanted = phases[action]
        return self.acting and state.phase == wanted
    def _legal(self) -> list[Action]:
        if not self.acting or self.viewer is None:
            return []
        return self.table.state.legal_actions(self.viewer)

    def _play_first(self, wanted: Callable[[Action], bool], missing: str) -> None:
        for action in self._legal():
            if wanted(action):
                self.submit(action)
                return
        self.notify(missing, severity="warning")

    def action_pick(self, index: int) -> None:
        view = self.table.state.view(self.viewer)
        assert isinstance(view, FlowerShopView)
        if index >= len(view.hand):
            self.notify(f"There is no card {index + 1} in the hand.", severity="warning")
            return
        card = view.hand[index]
        self._play_first(lambda a: a == Pick(card), "You cannot pick now.")

    def action_step(self, name: str) -> None:
        kinds = {"keep": (Keep,), "discard": (Discard,), "swap": (Swap, Draw), "done": (Done,)}
        self._play_first(lambda a: isinstance(a, kinds[name]), f"'{name}' is not possible now.")

    def action_filler(self, letter: str) -> None:
        self._play_first(lambda a: a == ChooseFiller(letter), "The filler is chosen at the end.")


SCREEN = FlowerShopScreen


def _advance(table: Table, stop: Callable[[FlowerShopState], bool], limit: int = 3000) -> None:
    """Let the greedy bot play every seat until ``stop(state)`` holds."""
    for _ in range(limit):
        state = table.state
        assert isinstance(state, FlowerShopState)
        if state.is_over() or stop(state):
            return
        seat = state.to_act()[0]
        table.play(seat, greedy_action(state, seat))


def demo_tables() -> dict[str, Table]:
    """Mid-game positions with seat 0 human, for ``tulipgames screenshots``."""
    seats = [SeatSpec("Ana"), SeatSpec("Ben", "bot:easy"), SeatSpec("Cleo", "bot:easy")]
    window = Table.new(GAME, seats, seed=31)
    # Round 3, Ana using a revealed card, with a well-stocked window.
    _advance(window, lambda s: s.round == 3 and s.step >= 3 and s.phase == "use"
             and s.shops[0].using is not None)
    draft = Table.new(GAME, seats[:2], seed=7)
    _advance(draft, lambda s: s.round == 2 and s.step == 3 and s.phase == "pick")
    solo = Table.new(GAME, [SeatSpec("Ana")], seed=random.Random(5).randrange(10**6))
    _advance(solo, lambda s: s.round == 2 and s.step == 4 and s.phase == "flip" and s.under > 0)
    return {"flowershop-window": window, "flowershop-draft": draft, "flowershop-solo": solo}

"""The Little Flower Shop screen: your shop window, the draft (or solo piles), and what you may do.

Layout (80x24 and up): the other shops one line each (solo: nothing) above; on the left a shop
window (yours; ``w`` shows the next shop in full); on the right the step panel (hand and pass
direction, the reveal, or the solo piles and level ladder) over the "what may I do now" menu.
Keys: arrows and Enter in the menu; 1-7 pick a hand card; ``s`` swap (pick 7) or draw (solo last
card); ``k`` keep, ``x`` discard; ``d`` done; ``b``/``h``/``f`` choose the scored filler; ``c``
selects your next card (the menu then lists only what may be done with it); Esc steps back
(confirmation, selection, the shop looked at) before it leaves. In hot-seat a step that passes
the keyboard (pick, swap, done, filler) waits for a second press or Enter.
"""

from __future__ import annotations

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll

from tulipgames.engine.core import Action
from tulipgames.games.flowershop.rules import (
    ENDING_ACTIONS,
    ChooseFiller,
    Discard,
    Done,
    Draw,
    FlowerShopView,
    Keep,
    Pick,
    Swap,
)
from tulipgames.games.flowershop.widgets import (
    ActionMenu,
    DraftPanel,
    OpponentsPanel,
    ShopWindow,
    involves,
    my_cards,
)
from tulipgames.i18n import N_, _
from tulipgames.table import Table, Turn
from tulipgames.tui.screens.game import GameScreen
from tulipgames.tui.screens.messages import ActionChosen
from tulipgames.tui.widgets import Columns, Rows, focus_now

#: The step each step key plays, and the phase in which it belongs to the step at hand.
STEP_KEYS: dict[str, tuple[Action, str]] = {
    "keep": (Keep(), "flip"), "discard": (Discard(), "flip"), "draw": (Draw(), "flip"),
    "swap": (Swap(), "pick"), "done": (Done(), "use"),
}


class FlowerShopScreen(GameScreen[FlowerShopView]):
    """Hot-seat, remote or solo Little Flower Shop for the seat at this keyboard."""

    AUTO_FOCUS = "ActionMenu"
    BINDINGS = [
        Binding("1", "pick(0)", N_("Pick"), key_display="1-7"),
        Binding("2", "pick(1)", show=False),
        Binding("3", "pick(2)", show=False),
        Binding("4", "pick(3)", show=False),
        Binding("5", "pick(4)", show=False),
        Binding("6", "pick(5)", show=False),
        Binding("7", "pick(6)", show=False),
        Binding("k", "step('keep')", N_("Keep")),
        Binding("x", "step('discard')", N_("Discard")),
        Binding("s", "step('swap')", N_("Swap $2")),
        Binding("s", "step('draw')", N_("Draw $2")),
        Binding("d", "step('done')", N_("Done")),
        Binding("b", "filler('B')", N_("Baby's br.")),
        Binding("h", "filler('H')", N_("Hypericum")),
        Binding("f", "filler('F')", N_("Fern")),
        Binding("c", "card", N_("Card")),
        Binding("w", "look", N_("Shops")),
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

    def __init__(self, table: Table, seats: frozenset[int] | None = None) -> None:
        super().__init__(table, seats)
        #: Which shop the big window shows: 0 = yours, 1 = the next seat's, ...
        self._look = 0
        #: The card of yours selected with ``c`` (the menu lists only its actions).
        self._card: str | None = None
        #: A step that passes the keyboard, waiting for its confirmation (hot-seat only).
        self._pending: Action | None = None
        #: The seat these belong to: they do not pass with the keyboard.
        self._set_up_for: int | None = None

    def compose_board(self) -> ComposeResult:
        yield OpponentsPanel(id="fs-opponents")
        with Columns(id="fs-main"):
            # the windows scroll with the mouse only: a focusable column took Tab's focus
            # from the menu and showed no sign of having it
            with VerticalScroll(id="fs-left", can_focus=False):
                yield ShopWindow(id="fs-window")
                for _rival in range(len(self.table.seats) - 1):
                    yield ShopWindow(classes="fs-rival")
            with Rows(id="fs-side"):
                yield DraftPanel(id="fs-step")
                yield ActionMenu(id="fs-actions")

    def on_resize(self, event: events.Resize) -> None:
        # Textual calls the on_resize of every class up the line: GameScreen fits the log itself
        wide = self.size.width >= 110
        for window in self.query(ShopWindow):
            window.set_class(wide, "-wide")
        # Roomy terminals also show the other shops in full under your own.
        self.set_class(wide and self.size.height >= 34, "-roomy")
        if self.is_attached:
            self.refresh_table()

    def shows_secrets(self, seat: int) -> bool:
        """Spec 7: only a pick step shows a seat's hand (and its face-down pick); the use
        step, the filler choice and the solo game show nothing private, so no curtain."""
        return self.table.turn(seat).view.phase == "pick"

    def show(self, turn: Turn[FlowerShopView]) -> None:
        view, seat = turn.view, turn.seat
        if seat != self._set_up_for:
            self._look, self._card, self._pending = 0, None, None
            self._set_up_for = seat
        # What the player set up on screen lasts only while the rules still allow it.
        if self._pending is not None and not turn.may(self._pending):
            self._pending = None
        if self._card is not None and not any(involves(a, self._card) for a in turn.legal):
            self._card = None
        mine = seat if seat is not None else 0
        shown = (mine + self._look) % view.seats
        hint = _("w: next shop") if view.seats > 1 else ""
        if shown != mine:
            hint = _("w: next shop · Esc: yours")
        self.part(ShopWindow, "#fs-window").show_shop(
            view, shown, turn.name(shown), selected=self._card if shown == mine else None,
            hint=hint,
        )
        if self.has_class("-roomy"):  # shown only then (a resize draws them)
            rivals = [s for s in range(view.seats) if s != mine]
            for window, rival in zip(self.query(".fs-rival").results(ShopWindow), rivals,
                                     strict=True):
                window.show_shop(view, rival, turn.name(rival))
        opponents = self.part(OpponentsPanel)
        opponents.display = not view.solo
        opponents.show_opponents(view, mine, turn.names, wide=self.size.width >= 110,
                                 levels=self.bot_levels)
        self.part(DraftPanel).show_step(turn, self.why_not, self._pending)
        note = "" if turn.acting else self.status_text(turn)
        self.part(ActionMenu).show_actions(turn, note=note, card=self._card,
                                                pending=self._pending)
        self.refresh_bindings()

    def _redraw(self) -> None:
        """Redraw after a change on screen only (selection, confirmation, shop looked at)."""
        self.show(self.turn)

    def _tell(self, message: str) -> None:
        """One toast at a time: a new one replaces the last instead of piling up."""
        self.app.clear_notifications()
        self.notify(message, severity="warning")

    # -- intents ------------------------------------------------------------------------------
    def play(self, action: Action) -> None:
        """Play a step, or in hot-seat first ask to confirm a step that passes the keyboard."""
        if self.needs_curtain and isinstance(action, ENDING_ACTIONS) and action != self._pending:
            self._pending = action
            self._redraw()
            return
        self._pending = None
        self.app.clear_notifications()
        self.submit(action)

    def on_action_chosen(self, message: ActionChosen) -> None:
        message.stop()
        # Textual calls the handler of every class up the line: without this GameScreen's
        # would submit the same action a second time (refused: "VA18 is already yours").
        message.prevent_default()
        action = message.action
        if isinstance(action, Action):
            self.play(action)

    def can_step_back(self) -> bool:
        """Whether Esc has something on screen to undo (the footer then says "Back"; at the
        top level Esc leaves the table and the footer says so)."""
        return self._pending is not None or self._card is not None or bool(self._look)

    def step_back(self) -> bool:
        """Esc undoes what was set up on screen, innermost first: a confirmation, the
        selected card, the shop looked at. At the top level Esc leaves to the menu."""
        if self._pending is not None:
            self._pending = None
        elif self._card is not None:
            self._card = None
        elif self._look:
            self._look = 0
        else:
            return False
        self._redraw()
        return True

    # -- keys ---------------------------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Show (and run) only the keys that work now; a key of the step at hand that the rules
        refuse just now is shown dimmed (its reason is on screen), every other key hidden."""
        if action not in ("pick", "step", "filler", "card", "look"):
            return super().check_action(action, parameters)  # Undo, and Esc's Back or Menu
        turn = self.turn
        view = turn.view
        if action == "look":
            return view.seats > 1
        if not self.acting:
            return False
        if action == "pick":
            if any(isinstance(a, Pick) for a in turn.legal):
                return True
            return None if view.phase == "pick" else False
        if action == "filler":
            return turn.may(ChooseFiller(str(parameters[0])))
        if action == "card":
            return bool(self._selectable(turn))
        step, phase = STEP_KEYS[str(parameters[0])]
        if turn.may(step):
            return True
        if view.phase != phase:
            return False
        if isinstance(step, Swap):
            return None if view.step == 7 and not view.solo else False
        if isinstance(step, Discard):
            return None if view.under > 0 else False
        if isinstance(step, Draw):
            return None if view.under == 0 else False
        return None

    @staticmethod
    def _selectable(turn: Turn[FlowerShopView]) -> list[str]:
        """The viewer's cards that some legal action acts on, in screen order."""
        if turn.seat is None:
            return []
        cards = my_cards(turn.view.shops[turn.seat])
        return [c for c in cards if any(involves(a, c) for a in turn.legal)]

    def action_pick(self, index: int) -> None:
        hand = self.turn.view.hand
        if index >= len(hand):
            self._tell(_("There is no card {number}: your hand holds {n}.").format(
                number=index + 1, n=len(hand)))
            return
        self.play(Pick(hand[index]))

    def action_step(self, name: str) -> None:
        self.play(STEP_KEYS[name][0])

    def action_filler(self, letter: str) -> None:
        self.play(ChooseFiller(letter))

    def action_card(self) -> None:
        """Select the next of your cards that something may be done with."""
        cards = self._selectable(self.turn)
        if not cards:
            return
        at = cards.index(self._card) + 1 if self._card in cards else 0
        self._card = cards[at % len(cards)]
        self._pending = None
        self._look = 0
        self._redraw()
        focus_now(self, self.part(ActionMenu))

    def action_look(self) -> None:
        """Show the next shop in full in the big window (Esc: back to yours)."""
        self._look = (self._look + 1) % self.turn.view.seats
        self._redraw()


SCREEN = FlowerShopScreen

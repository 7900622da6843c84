"""The Gift of Tulips game screen: festival ranking and turn panel side by side, the bouquets
below, and at the end the secret festival flipped one card at a time before the scores.

Keys: ``k`` keep, ``g`` then a seat number to give, ``f`` add face up, ``s`` add secret (also
arrows and Enter); ``1``/``2`` choose the setup bouquet card; during the reveal Space or Enter
flips the next secret card (``reveal_pace`` "auto" flips one a second). Esc while choosing whom
to give to goes back to the options; otherwise it leaves for the menu.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.timer import Timer

from tulipgames.games.giftoftulips.rules import Festival, GiftView
from tulipgames.games.giftoftulips.widgets import BouquetsPanel, FestivalPanel, TurnPanel
from tulipgames.i18n import N_, _
from tulipgames.table import Table, Turn
from tulipgames.tui.screens.game import GameScreen
from tulipgames.tui.widgets import Columns, GameLog

#: Seconds between flips when ``reveal_pace`` is "auto".
AUTO_FLIP_SECONDS = 1.0


class GiftOfTulipsScreen(GameScreen[GiftView]):
    """Gift of Tulips at one keyboard: one human against bots, or hot-seat behind the curtain."""

    AUTO_FOCUS = "TurnPanel"
    BINDINGS = [
        Binding("space", "flip", N_("Flip card")),
        Binding("enter", "flip", N_("Flip card"), show=False),
        Binding("space", "scores", N_("Final scores"), show=False),
        Binding("enter", "scores", N_("Final scores")),
    ]
    DEFAULT_CSS = """
    GiftOfTulipsScreen #top { height: auto; }
    GiftOfTulipsScreen FestivalPanel { width: 3fr; min-width: 45; max-width: 76; }
    GiftOfTulipsScreen TurnPanel { width: 2fr; min-width: 34; }
    GiftOfTulipsScreen #board { height: auto; }
    GiftOfTulipsScreen GameLog { height: 1fr; min-height: 2; }
    """

    def __init__(self, table: Table, seats: frozenset[int] | None = None) -> None:
        super().__init__(table, seats)
        #: How many secret cards the reveal has shown (``None`` until the game is over).
        self.flipped: int | None = None
        self._auto: Timer | None = None
        self._humans = frozenset(table.human_seats())

    def compose_board(self) -> ComposeResult:
        with Columns(id="top"):
            yield FestivalPanel(id="festival")
            yield TurnPanel(id="turn")
        yield BouquetsPanel(id="bouquets")

    # -- drawing ------------------------------------------------------------------------------
    def show(self, turn: Turn[GiftView]) -> None:
        view = turn.view
        if view.reveals and self.flipped is None:
            self._start_reveal(view)
        festival, caption, fresh = self._festival_shown(view)
        piles = (
            view.secret_size + self._unflipped(view),
            view.deck_size,
            view.removed_size,
            view.turns_left,
        )
        self.part(FestivalPanel).show_festival(
            festival, view.rewards, piles, caption, fresh
        )
        done = self.flipped is not None and self._unflipped(view) == 0
        self.part(BouquetsPanel).show_bouquets(
            view, turn.names, self._humans, festival, final=done, levels=self.bot_levels
        )
        shown = view.reveals[: self.flipped or 0]
        self.part(TurnPanel).show_turn(
            view, turn.names, self.acting, [step.card for step in shown]
        )
        self._hold_back_log(view)
        self.refresh_bindings()

    def _unflipped(self, view: GiftView) -> int:
        """Secret cards still face down on screen while the reveal is being shown."""
        if not view.reveals or self.flipped is None:
            return 0
        return len(view.reveals) - self.flipped

    def _festival_shown(self, view: GiftView) -> tuple[Festival, str, str | None]:
        """The festival as the reveal has got so far, its caption and the variety that moved."""
        if not view.reveals or self.flipped is None or view.festival_before_reveal is None:
            return view.festival, "", None
        count = len(view.reveals)
        if self.flipped == 0:
            caption = _("Secret festival: 0 of {count} flipped").format(count=count)
            return view.festival_before_reveal, caption, None
        step = view.reveals[self.flipped - 1]
        caption = _("Secret card {number} of {count}: {card} added").format(
            number=step.number, count=count, card=step.card)
        return step.festival, caption, step.card.variety

    def _hold_back_log(self, view: GiftView) -> None:
        """The log must not spoil the reveal: hide the flips not shown yet and the final scores
        (the last lines of the log are one per flipped card, then the scores)."""
        if self.flipped is None:
            return
        lines = self.table.log_for(self.viewer)
        hidden = self._unflipped(view)
        self.part(GameLog).show_lines(lines[: -(hidden + 1)] if hidden else lines)

    def status_text(self, turn: Turn[GiftView]) -> str:
        """During the reveal the status line says what the keys do next."""
        if not turn.over or not turn.view.reveals or turn.trouble:
            return super().status_text(turn)
        left = len(turn.view.reveals) - (self.flipped or 0)
        if left:
            return _("The deck is empty: Space flips the next secret card ({left} face down)"
                     ).format(left=left)
        return _("Final scores: Enter for the results")

    # -- keys ---------------------------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The footer lists only keys that work now: undo when the rules allow taking a step
        back (only a setup choice nobody has followed yet), the flip during the reveal."""
        if action == "undo":
            return self.turn.undoable > 0
        if action == "hint":  # the base screen's rule: off at shared tables
            return super().check_action(action, parameters)
        if action in ("flip", "scores"):
            revealing = self.flipped is not None
            cards_left = self._unflipped(self.turn.view) > 0
            return revealing and cards_left == (action == "flip")
        return True

    def step_back(self) -> bool:
        """Esc while choosing whom to give to goes back to the options."""
        return self.part(TurnPanel).cancel_give()

    # -- the reveal ---------------------------------------------------------------------------
    def _start_reveal(self, view: GiftView) -> None:
        self.flipped = 0
        if view.reveal_pace == "auto":
            self._auto = self.set_interval(AUTO_FLIP_SECONDS, self._auto_step)

    def _auto_step(self) -> None:
        if self._unflipped(self.turn.view):
            self.action_flip()
        else:
            self.action_scores()

    def action_flip(self) -> None:
        """Flip the next secret card onto the festival."""
        if self.flipped is not None and self._unflipped(self.turn.view):
            self.flipped += 1
            self.refresh_table()

    def action_scores(self) -> None:
        """Every secret card is shown: on to the results."""
        if self._auto is not None:
            self._auto.stop()
        super().show_results()

    def show_results(self) -> None:
        """The results wait for the reveal: every secret card flipped on screen and the final
        table seen; then Enter (``scores``) moves on."""
        if self.flipped is not None:
            return
        super().show_results()


SCREEN = GiftOfTulipsScreen

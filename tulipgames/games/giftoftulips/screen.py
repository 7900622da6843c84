"""The Gift of Tulips game screen: festival ranking and turn panel side by side, the bouquets
below, and at the end the secret festival flipped one card at a time before the scores.

Keys: ``k`` keep, ``g`` then a seat number to give, ``f`` add face up, ``s`` add secret (also
arrows and Enter); ``1``/``2`` choose the setup bouquet card; during the reveal Space or Enter
flips the next secret card (``reveal_pace`` "auto" flips one a second).
"""

from __future__ import annotations

import random
from collections.abc import Callable

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.timer import Timer

from tulipgames.engine.core import SeatSpec, render_names
from tulipgames.games.giftoftulips.rules import (
    GAME,
    PLAY,
    Festival,
    GiftState,
    GiftView,
)
from tulipgames.games.giftoftulips.widgets import BouquetsPanel, FestivalPanel, TurnPanel
from tulipgames.table import Table, Turn
from tulipgames.tui.screens.game import GameScreen
from tulipgames.tui.widgets import GameLog

#: Seconds between flips when ``reveal_pace`` is "auto".
AUTO_FLIP_SECONDS = 1.0


class GiftOfTulipsScreen(GameScreen[GiftView]):
    """Gift of Tulips at one keyboard: one human against bots, or hot-seat behind the curtain."""

    AUTO_FOCUS = "TurnPanel"
    BINDINGS = [
        Binding("space", "flip", "Flip secret card", show=False),
        Binding("enter", "flip", "Flip / scores", show=False),
    ]
    DEFAULT_CSS = """
    GiftOfTulipsScreen #top { height: auto; }
    GiftOfTulipsScreen FestivalPanel { width: 3fr; min-width: 46; max-width: 76; }
    GiftOfTulipsScreen TurnPanel { width: 2fr; min-width: 34; }
    GiftOfTulipsScreen #board { height: auto; }
    GiftOfTulipsScreen GameLog { height: 1fr; min-height: 3; }
    """

    def __init__(self, table: Table, seats: frozenset[int] | None = None) -> None:
        super().__init__(table, seats)
        #: How many secret cards the reveal has shown (``None`` until the game is over).
        self.flipped: int | None = None
        self._auto: Timer | None = None
        self._last_view: GiftView | None = None

    def compose_board(self) -> ComposeResult:
        with Horizontal(id="top"):
            yield FestivalPanel(id="festival")
            yield TurnPanel(id="turn")
        yield BouquetsPanel(id="bouquets")

    # -- drawing ------------------------------------------------------------------------------
    def show(self, turn: Turn[GiftView]) -> None:
        view, acting = turn.view, self.acting
        self._last_view = view
        if view.reveals and self.flipped is None:
            self._start_reveal()
        self._draw_view(view, acting)

    def _draw_view(self, view: GiftView, acting: bool) -> None:
        names = self.table.names
        kinds = [seat.kind for seat in self.table.seats]
        festival, caption, fresh = self._festival_shown(view)
        piles = (view.secret_size + self._unflipped(view), view.deck_size, view.removed_size)
        self.query_one(FestivalPanel).show_festival(festival, view.seats, piles, caption, fresh)
        self.query_one(BouquetsPanel).show_bouquets(view, names, kinds, festival)
        shown = view.reveals[: self.flipped or 0]
        self.query_one(TurnPanel).show_turn(view, names, acting, [step.card for step in shown])

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
            return view.festival_before_reveal, f"Secret festival: 0 of {count} flipped", None
        step = view.reveals[self.flipped - 1]
        caption = f"Secret card {step.number} of {count}: {step.card} added"
        return step.festival, caption, step.card.variety

    def _draw(self) -> None:
        """The shared frame draws the log too: hold back the flips not shown yet and the
        final scores, so the log does not spoil the reveal."""
        super()._draw()
        view = self._last_view
        if view is None or self.flipped is None or self.flipped >= len(view.reveals):
            return
        names = self.table.names
        lines = [render_names(e.text_for(self.viewer), names) for e in self.table.events()]
        hidden = len(view.reveals) - self.flipped + 1
        self.query_one(GameLog).show_lines(lines[:-hidden])

    # -- the reveal ---------------------------------------------------------------------------
    def _start_reveal(self) -> None:
        self.flipped = 0
        if self.table.record.options.get("reveal_pace") == "auto":
            self._auto = self.set_interval(AUTO_FLIP_SECONDS, self.action_flip)

    def action_flip(self) -> None:
        """Flip the next secret card; after the last one, go on to the scores."""
        view = self._last_view
        if view is None or self.flipped is None:
            return
        if self.flipped < len(view.reveals):
            self.flipped += 1
            self._draw()
            return
        if self._auto is not None:
            self._auto.stop()
        super().show_results()

    def show_results(self) -> None:
        """The results wait until every secret card has been flipped on screen."""
        view = self._last_view
        if view is not None and self.flipped is not None and self.flipped < len(view.reveals):
            return
        super().show_results()


SCREEN = GiftOfTulipsScreen


def _play_until(table: Table, seed: int, stop: Callable[[GiftState], bool]) -> None:
    """Let normal bots play every seat until ``stop(state)`` holds."""
    rng = random.Random(seed)
    bot = GAME.make_bot("normal", seed)
    for _ in range(500):
        state = table.state
        assert isinstance(state, GiftState)
        if state.is_over() or stop(state):
            return
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        choice = (
            bot.choose(state.determinize(seat, rng), seat)
            if rng.random() < 0.8
            else (rng.choice(legal))
        )
        table.play(seat, choice)


def demo_tables() -> dict[str, Table]:
    """A mid-game turn of the human seat 0 and a finished game at its reveal."""
    seats = [
        SeatSpec("Ana"),
        SeatSpec("Ben", "bot:normal"),
        SeatSpec("Cleo", "bot:normal"),
        SeatSpec("Dev", "bot:hard"),
    ]
    turn = Table.new(GAME, seats, seed=2024)
    _play_until(
        turn,
        2024,
        lambda s: s.turns_taken[0] >= 3 and s.active == 0 and s.card_no == 2 and s.phase == PLAY,
    )
    reveal = Table.new(GAME, seats, seed=77)
    _play_until(reveal, 77, lambda s: False)
    return {"giftoftulips-turn": turn, "giftoftulips-reveal": reveal}

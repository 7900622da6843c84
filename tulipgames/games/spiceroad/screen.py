"""The Century: Spice Road screen: point row, merchant row, the seat's own area, the rivals.

It draws only from the :class:`~tulipgames.table.Turn` (``turn.view``, ``turn.legal``) and posts
intents. The keys are the screen's, not a focused widget's, so they work whatever has the focus
(the log gives it back after a game key):

* ``p`` then a card's key plays it (each card keeps its key for the game); ``a`` then 1-6
  acquires, ``c`` then 1-5 claims, ``r`` rests; ``t`` switches the rivals between their latest
  turns and their hands.
* Inside a play or an acquisition the rules ask for steps: a count (1-9, 0 = 10), spice letters
  of the edition, Enter (stop upgrading; pay the rest with the lowest spices). Esc takes the
  whole play back in one step; ``u`` undoes the last step.
* In hot-seat, a step that would pass the turn waits for Enter (Esc: think again), because the
  next player's first move makes it final; so does a rest everywhere (one stray ``r`` took
  every played card back and, against bots, could not be undone).
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.containers import VerticalScroll

from tulipgames.engine.core import Action
from tulipgames.games.spiceroad.data import CARAVAN_LIMIT, EDITIONS, SPICES, Edition
from tulipgames.games.spiceroad.rules import (
    PAY,
    RETURN,
    TRADE,
    TURN,
    UPGRADE,
    Acquire,
    Claim,
    Pay,
    Play,
    Rest,
    Return,
    SpiceRoadView,
    Times,
    Upgrade,
    UpgradeDone,
    card_text,
    spices_text,
)
from tulipgames.games.spiceroad.widgets import (
    HAND_KEYS,
    CaravanPanel,
    KeyHints,
    MerchantRow,
    PointRow,
    RivalsPanel,
    hints,
    spice_counts,
    spice_letters,
)
from tulipgames.i18n import _
from tulipgames.table import Table, Turn
from tulipgames.tui.screens.game import GameScreen
from tulipgames.tui.widgets import GameLog

#: Screen height from which the log gets taller.
ROOMY_ROWS = 34
#: Rows of everything but the players' area at 80x24 (status, rows, hints, log, footer): what
#: is left decides whether each rival also gets a line with their hand.
BOARD_ROWS = 16


class SpiceRoadScreen(GameScreen[SpiceRoadView]):
    """Hot-seat or remote Spice Road; everything is public, so no curtain is needed."""

    DEFAULT_CSS = """
    SpiceRoadScreen GameLog { height: 4; }
    SpiceRoadScreen.-tall GameLog { height: 8; }
    SpiceRoadScreen #players { height: 1fr; }
    """
    VERTICAL_BREAKPOINTS = [(0, "-short"), (ROOMY_ROWS, "-tall")]

    def __init__(self, table: Table, seats: frozenset[int] | None = None) -> None:
        super().__init__(table, seats)
        #: A selection the keyboard is in: "", "play", "acquire" or "claim" (screen-only).
        self.picking = ""
        #: Steps waiting for Enter before they pass the turn (hot-seat only).
        self.staged: tuple[Action, ...] = ()
        #: What the rivals panel shows: "turns" (their latest turns) or "hands".
        self.rivals = "turns"
        self._version = -1

    def compose_board(self) -> ComposeResult:
        yield PointRow()
        yield MerchantRow()
        with VerticalScroll(id="players"):
            yield CaravanPanel()
            yield RivalsPanel()
        yield KeyHints()

    # -- drawing ----------------------------------------------------------------------------
    def show(self, turn: Turn[SpiceRoadView]) -> None:
        if turn.version != self._version:  # a new position: selections made before are void
            self._version = turn.version
            self.picking, self.staged = "", ()
        view, seat = turn.view, turn.seat
        edition = EDITIONS[view.edition]
        width = self.size.width or self.app.size.width
        shown = seat if seat is not None else view.current
        acting = self.acting
        playable = frozenset(a.card for a in turn.legal if isinstance(a, Play))
        self.part(PointRow).show_row(view, edition, width, self.picking == "claim")
        self.part(MerchantRow).show_row(view, edition, width, self.picking == "acquire")
        self.part(CaravanPanel).show_player(
            view,
            edition,
            shown,
            turn.name(shown),
            width,
            playable if acting and view.phase == TURN else None,
        )
        height = self.size.height or self.app.size.height
        roomy = height - BOARD_ROWS >= 3 + 2 * (view.seats - 1)
        self.part(RivalsPanel).show_rivals(
            view, edition, shown, turn.names, width, self.rivals, roomy, self.bot_levels
        )
        self.part(KeyHints).update(self.hint_text(turn, edition))
        self.refresh_bindings()

    def redraw(self) -> None:
        if self.is_attached:
            self.show(self.turn)

    def on_resize(self, event: events.Resize) -> None:
        """Columns follow the terminal's width at once, not at the next move (Textual calls
        every class's ``on_resize``: GameScreen's fits the log by itself)."""
        self.redraw()

    def hint_text(self, turn: Turn[SpiceRoadView], edition: Edition) -> Text:
        """The key hints of the moment, in the session's language (the keys themselves, and
        the spice letters, are the same in every language)."""
        view = turn.view
        if not self.acting:
            if view.over:
                return Text(_("The game is over."))
            return Text.assemble(
                (_("Waiting for the other players…") + "  ", "dim"),
                hints(("t", _("rivals' hands"))),
            )
        letters = "/".join(edition.letters[k] for k in SPICES)
        golem = edition.key == "golem"
        if self.staged:
            what = "; ".join(self.describe(step, view, edition) for step in self.staged)
            return Text.assemble(
                (_("End your turn: {steps}?").format(steps=what) + " ", "bold"),
                hints(("Enter", _("yes")), ("Esc", _("no"))),
            )
        if view.phase == TRADE:
            assert view.pending_card is not None
            out = Text(_("Run {card} how many times?").format(
                card=card_text(view.pending_card, edition)) + " ", "bold")
            for count, after in view.trade_options:
                out.append(f" {count % 10}:", style="bold reverse")
                out.append_text(spice_counts(after, edition))
            return out.append("  " + _("Esc cancel"))
        if view.phase == UPGRADE:
            raisable = "/".join(edition.letters[k] for k in SPICES[:3])
            steps = [(raisable, _("raise one crystal a rank") if golem
                      else _("raise one spice a rank"))]
            if view.upgrades_done:
                steps.append(("Enter", _("done")))
            return Text.assemble(
                (_("Upgrade {done} of {limit} done.").format(
                    done=view.upgrades_done, limit=view.upgrade_limit) + " ", "bold"),
                hints(*steps, ("u", _("undo step")), ("Esc", _("cancel"))),
            )
        if view.phase == PAY:
            rest = Text("Enter", style="bold reverse").append(" " + _("place") + " ", style="")
            rest.append_text(spice_letters(view.cheapest_payment, edition))
            return Text.assemble(
                (
                    _("Acquire {position}: place on card {card} of {total}.").format(
                        position=view.acquire_position, card=len(view.paid) + 1,
                        total=view.pay_total) + " ",
                    "bold",
                ),
                # Translators: a key hint: the spice letters place one spice
                hints((letters, _("one"))),
                "  ",
                rest,
                "  ",
                hints(("u", _("undo")), ("Esc", _("cancel"))),
            )
        if view.phase == RETURN:
            return Text.assemble(
                (
                    _("Over {limit}: return {spices} more.").format(
                        limit=CARAVAN_LIMIT, spices=spices_text(view.excess, edition)) + " ",
                    "bold red",
                ),
                hints((letters, _("return one crystal") if golem else _("return one spice"))),
            )
        if self.picking == "play":
            return Text.assemble(
                (_("Play which card?") + " ", "bold"),
                _("Press its key (shown in your hand)") + "  ",
                hints(("Esc", _("back"))),
            )
        if self.picking in ("acquire", "claim"):
            count = len(view.merchants if self.picking == "acquire" else view.points)
            if self.picking == "acquire":
                which = _("Acquire which merchant card?")
            else:
                which = _("Claim which Golem card?") if golem else _("Claim which point card?")
            return Text.assemble(
                (which + " ", "bold"),
                _("Press 1-{count}").format(count=count) + "  ",
                hints(("Esc", _("back"))),
            )
        keys = [
            ("p", _("play")),
            ("a", _("acquire")),
            ("c", _("claim")),
            ("r", _("rest")),
            ("t", _("rivals' hands") if self.rivals == "turns" else _("rivals' turns")),
            ("?", _("rules")),
        ]
        return hints(*keys, *([("u", _("undo"))] if turn.undoable else []))

    @staticmethod
    def describe(step: Action, view: SpiceRoadView, edition: Edition) -> str:
        """A step in a few words for the confirm line (in the session's language)."""
        if isinstance(step, Play):
            return _("play {card}").format(card=card_text(step.card, edition))
        if isinstance(step, Acquire):
            return _("acquire card {position}").format(position=step.position)
        if isinstance(step, Claim):
            return _("claim card {position}").format(position=step.position)
        if isinstance(step, (Upgrade, Pay, Return)):
            verb = {Upgrade: _("raise {spice}"), Pay: _("place {spice}"),
                    Return: _("return {spice}")}[type(step)]
            return verb.format(spice=edition.letters[step.spice])
        if isinstance(step, Times):
            return _("run it ×{count}").format(count=step.count)
        return _("stop upgrading") if isinstance(step, UpgradeDone) else _("rest")

    # -- keys ---------------------------------------------------------------------------------
    def on_key(self, event: events.Key) -> None:
        """Game keys work whatever has the focus; the log gives the focus back. A key that
        plays a step is drawn once, by the table's change; one that only changes the selection
        is drawn here."""
        if event.key == "t":
            self.rivals = "hands" if self.rivals == "turns" else "turns"
            self._handled(event)
            self.redraw()
            return
        if not self.acting:
            return
        turn = self.turn
        if self.staged:
            if event.key == "enter":
                steps, self.staged = self.staged, ()
                self._handled(event)
                if not self.submit(*steps):
                    self.redraw()
            return
        chosen = self._steps_for(event.key, turn)
        if chosen is None:
            return
        self._handled(event)
        if not (chosen and self.choose(turn, chosen)):
            self.redraw()

    def _handled(self, event: events.Key) -> None:
        event.stop()
        event.prevent_default()
        if isinstance(self.focused, GameLog):
            self.set_focus(None)

    def choose(self, turn: Turn[SpiceRoadView], steps: Sequence[Action]) -> bool:
        """Play steps the keys asked for; a reason instead when the rules refuse the first, and
        a confirm first in hot-seat when they would pass the turn. Whether the screen was
        redrawn (the steps played, or the confirm shown)."""
        first = steps[0]
        if not turn.may(first):
            reason = self.why_not(first)
            if reason:
                self.notify(turn.text(reason), severity="warning", timeout=4)
            return False
        hot_seat = len(self.local_seats) > 1
        final = steps[-1] in turn.view.turn_enders or len(steps) > 1
        # a rest is one key that takes every played card back and ends the turn: against bots
        # the next move makes it final at once, so a stray ``r`` asks first too
        if (hot_seat and final) or isinstance(first, Rest):
            self.staged = tuple(steps)
            self.redraw()
            return True
        self.picking = ""
        return self.submit(*steps)

    def _steps_for(self, key: str, turn: Turn[SpiceRoadView]) -> list[Action] | None:
        """The steps a key asks for ([] when it only changed the selection), ``None`` when it
        is not a game key now."""
        view = turn.view
        edition = EDITIONS[view.edition]
        if view.phase == TRADE:
            return [Times(int(key) or 10)] if key.isdigit() else None
        if view.phase in (UPGRADE, PAY, RETURN):
            if key == "enter" and view.phase == UPGRADE:
                return [UpgradeDone()]
            if key == "enter" and view.phase == PAY:
                return [Pay(spice) for spice in view.cheapest_payment]
            spice = next((k for k, v in edition.letters.items() if v.lower() == key), None)
            if spice is None:
                return None
            step = {UPGRADE: Upgrade, PAY: Pay, RETURN: Return}[view.phase]
            return [step(spice)]
        if view.phase != TURN:
            return None
        if self.picking == "play":
            owned = view.players[view.current].owned
            index = HAND_KEYS.find(key) if len(key) == 1 else -1
            return [Play(owned[index])] if 0 <= index < len(owned) else None
        if self.picking in ("acquire", "claim"):
            if not (key.isdigit() and key != "0"):
                return None
            position = int(key)
            return [Acquire(position) if self.picking == "acquire" else Claim(position)]
        if key in ("p", "a", "c"):
            self.picking = {"p": "play", "a": "acquire", "c": "claim"}[key]
            return []
        return [Rest()] if key == "r" else None

    def can_step_back(self) -> bool:
        """Esc steps back out of a confirm, a selection or a play in progress (the footer then
        says "Back"); at the top level it leaves ("Menu")."""
        if self.staged or self.picking:
            return True
        turn = self.turn
        return self.acting and min(turn.view.steps_taken, turn.undoable) > 0

    def step_back(self) -> bool:
        """Esc: out of a confirm or a selection, or take back the whole play or acquisition in
        progress in one undo (one replay, one save, one redraw)."""
        if self.staged or self.picking:
            self.staged, self.picking = (), ""
            self.redraw()
            return True
        turn = self.turn
        steps = min(turn.view.steps_taken, turn.undoable)
        if self.acting and steps:
            self.take_back(steps)
            return True
        return False


SCREEN = SpiceRoadScreen

"""The base screen every game's screen extends.

A game screen draws one :class:`~tulipgames.table.Turn` — ``table.turn(seat)`` for the seat at
this keyboard (``self.viewer``): its view, legal actions, prompt and undo — and nothing else; it
never reads the table's state. Its widgets render from the turn and post :class:`ActionChosen`
intents (one or several steps), which this base class turns into one ``table.play``. The base
class owns what all games share: the status line with the prompt, the game log, undo, save, rules
on ``?``, the pass-the-device curtain and the move to the results screen.

A game's screen subclass implements two methods:

* :meth:`compose_board` yields the game's own widgets (dice sheet, auction panel, ...);
* :meth:`show` updates them from a :class:`Turn` (``turn.seat`` is ``None`` for an onlooker;
  ``turn.acting`` is True when that seat must decide now).

Hot-seat with hidden information: when the seat at the keyboard changes from one human to another,
the table is first redrawn with the public view (``seat=None``) and covered by a
:class:`CurtainScreen`; only after the next player presses Enter is their view shown.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any, Generic, TypeVar

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.geometry import Region
from textual.reactive import Reactive
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Static

from tulipgames.coach.core import PROFILE_BUDGET, Budget
from tulipgames.coach.hint import Hint
from tulipgames.engine.core import Action, IllegalAction
from tulipgames.i18n import N_, _
from tulipgames.table import SaveConflict, SaveFailed, Table, Turn, ViewT
from tulipgames.tui.keyline import TranslatedKeys
from tulipgames.tui.screens.curtain import CurtainScreen
from tulipgames.tui.screens.messages import ActionChosen, ChoicesRedrawn
from tulipgames.tui.screens.results import ResultsScreen
from tulipgames.tui.screens.rules import RulesScreen
from tulipgames.tui.widgets import GameLog, PatchStatic, Rows, displayed, focus_now, printable
from tulipgames.tui.widgets.footer import KeyFooter

__all__ = ["ActionChosen", "GameScreen"]

WidgetT = TypeVar("WidgetT", bound=Widget)

#: Seconds the final position stays on screen before the results appear.
RESULTS_DELAY = 1.2
#: The log keeps at least this many rows (its border and two lines) however full the board.
MIN_LOG_ROWS = 3


class GameScreen(TranslatedKeys, Screen[None], Generic[ViewT]):
    """Shared frame of a game: status, board (from the game), log and key hints."""

    BINDINGS = [
        Binding("question_mark", "rules", N_("Rules")),
        Binding("u", "undo", N_("Undo")),
        # ``u`` where undo is not possible now: say why instead of doing nothing (Textual tries
        # a key's bindings in order, and takes this one only when the first is off)
        Binding("u", "no_undo", show=False),
        # every move is saved as played, so the footer's room goes to the keys that matter more
        Binding("ctrl+s", "save", N_("Save"), show=False),
        Binding("ctrl+l", "focus_log", N_("Log"), show=False),  # on the rules page and in ^p
        # one key, two meanings, and the footer names the one that applies now (check_action)
        Binding("escape", "back", N_("Back")),
        Binding("escape", "leave", N_("Menu")),
        # the coach's choice now, on request (in ^p too); off at shared tables
        Binding("h", "hint", N_("Hint"), show=False),
    ]
    #: How hard the coach looks for a hint (the game's own budget; tests pass a small one).
    HINT_BUDGET: Budget = PROFILE_BUDGET
    DEFAULT_CSS = """
    GameScreen { layout: vertical; }
    GameScreen #status {
        height: 1; padding: 0 1; background: $primary-darken-2; color: $text;
        text-style: bold;
    }
    GameScreen #status.warning { background: $error; }
    GameScreen #board { height: 1fr; }
    GameScreen GameLog { height: 1fr; min-height: 3; }
    """

    #: Textual repaints the whole screen when the focus moves; the two widgets concerned
    #: repaint themselves (their ``:focus`` styles), so a key that moves it stays one small frame.
    focused: Reactive[Widget | None] = Reactive(None, repaint=False)

    def __init__(self, table: Table, seats: frozenset[int] | None = None) -> None:
        """``seats``: the seats this terminal plays (``None`` = every human seat, hot-seat)."""
        super().__init__()
        self.table = table
        self.local_seats = frozenset(table.human_seats()) if seats is None else seats
        #: The seat whose view is on screen; ``None`` shows public information only.
        self.viewer: int | None = None
        #: The seat the curtain was last lifted for (hot-seat with hidden information).
        self._revealed: int | None = None
        self._curtain_up = False
        self._finishing = False
        #: What had the focus before ctrl+l gave it to the log (it gets it back after).
        self._focus_before_log: Widget | None = None
        #: True while :meth:`_draw` runs (the footer is brought up to date once, at its end).
        self._drawing = False
        #: The widgets :meth:`part` found (the screen keeps its widgets for its whole life).
        self._parts: dict[tuple[type[Widget], str | None], Widget] = {}
        #: The status line on screen and whether it warns (``None``: nothing drawn yet).
        self._status: tuple[str, bool] | None = None
        #: True while the coach thinks about a hint (one at a time).
        self._hinting = False
        #: The last hint shown (tests and the palette read it).
        self.last_hint: Hint | None = None

    # -- to implement per game ------------------------------------------------------------
    def compose_board(self) -> ComposeResult:
        """The game's own widgets."""
        raise NotImplementedError

    def show(self, turn: Turn[ViewT]) -> None:
        """Redraw the game's widgets from ``turn`` (what ``turn.seat`` may know and do)."""
        raise NotImplementedError

    def step_back(self) -> bool:
        """Esc inside a sub-step (a half-placed X, a payment, a card picked in a widget): undo
        that sub-step and return True. Return False at the top level, where Esc leaves."""
        return False

    def can_step_back(self) -> bool:
        """Whether :meth:`step_back` would act now (the footer then says "Esc Back" instead of
        "Esc Menu"). Games with sub-steps answer it from the same state ``step_back`` reads."""
        return False

    def shows_secrets(self, seat: int) -> bool:
        """Whether ``seat``'s screen would show something private now, so that hot-seat play
        must raise the curtain before drawing it. The default: whenever the game's seats hold
        secrets; games whose secrets are not on screen at every step refine it."""
        return self.table.has_secrets

    # -- shared frame -------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield PatchStatic(id="status")
        with Rows(id="board"):
            yield from self.compose_board()
        yield GameLog(id="log")
        yield KeyFooter()

    def on_mount(self) -> None:
        self.table.subscribe(self._on_table_change)
        self.refresh_table()
        self.table.ensure_bots_running()

    def on_unmount(self) -> None:
        self.table.unsubscribe(self._on_table_change)

    @property
    def bot_levels(self) -> tuple[str | None, ...]:
        """Each seat's bot level ("hard"), ``None`` for a human: the game's widgets show it
        beside the bot's name, so the players know what they are up against."""
        return tuple(spec.bot_level for spec in self.table.seats)

    @property
    def needs_curtain(self) -> bool:
        """Hot-seat between several humans in a game where they hold secrets."""
        return self.table.has_secrets and len(self.local_seats) > 1

    def _next_viewer(self) -> int | None:
        acting = [seat for seat in self.table.to_act() if seat in self.local_seats]
        if acting:
            return acting[0]
        if len(self.local_seats) == 1:
            return next(iter(self.local_seats))
        if self.needs_curtain:
            return self._revealed
        return self.viewer if self.viewer is not None else min(self.local_seats, default=None)

    def _on_table_change(self, table: Table) -> None:
        # a new decision (or another seat's move) gives the keys back to the board
        self.leave_log()
        self.refresh_table()

    @property
    def turn(self) -> Turn[ViewT]:
        """The snapshot on screen: what the viewer may know and do now."""
        return self.table.turn(self.viewer)

    @property
    def acting(self) -> bool:
        return not self._curtain_up and self.turn.acting

    def refresh_table(self) -> None:
        """Redraw from the table; first raise the curtain if the keyboard changes hands."""
        if not self.is_attached:
            return
        over = self.table.is_over
        upcoming = self._next_viewer()
        if (
            self.needs_curtain
            and upcoming is not None
            and upcoming != self._revealed
            and not over
            and self.shows_secrets(upcoming)
        ):
            self.viewer = None
            self.leave_log()
            self._draw()
            if not self._curtain_up:
                self._curtain_up = True
                # a toast about the last seat (an impossible bid...) must not reach the next
                self.app.clear_notifications()
                self.app.push_screen(
                    CurtainScreen(self.table.names[upcoming], self.table.game.title),
                    callback=lambda lifted: self._curtain_lifted(upcoming, lifted),
                )
            return
        if self.needs_curtain and upcoming is not None and upcoming != self._revealed:
            # the keyboard passed without a curtain (nothing private on that screen): the next
            # private screen of any seat, the last revealed one too, needs a curtain again
            self._revealed = None
        if upcoming != self.viewer and self.viewer is not None and upcoming is not None:
            self.app.clear_notifications()  # the last seat's toasts are not the next one's
        self.viewer = upcoming
        self._draw()
        if over and not self._finishing:
            self._finishing = True
            self.set_timer(RESULTS_DELAY, self.show_results)

    def _curtain_lifted(self, seat: int, lifted: bool | None) -> None:
        self._curtain_up = False
        if not lifted:
            self.action_leave()
            return
        self._revealed = seat
        self.refresh_table()

    def _draw(self) -> None:
        turn = self.turn
        self._drawing = True
        try:
            self._show_status(printable(self.status_text(turn)), turn.trouble is not None)
            self.part(GameLog).show_lines(self.table.log_for(self.viewer))
            self.show(turn)
            self._keep_focus_shown()
        finally:
            self._drawing = False
        self.refresh_bindings()
        self.call_after_refresh(self.fit_log)
        # a move of another seat or a bot changes the choices without a key: the terminal's
        # cursor follows them too (see TulipGamesApp.follow_choice)
        self.post_message(ChoicesRedrawn())

    def _show_status(self, text: str, warning: bool) -> None:
        """The status line says ``text`` (in the warning colours when ``warning``); the same
        line as on screen changes nothing (most presses of a step keep it)."""
        if self._status == (text, warning):
            return
        self._status = (text, warning)
        status = self.part(Static, "#status")
        status.set_class(warning, "warning")
        status.update(Text(text, no_wrap=True, overflow="ellipsis"))

    def cursor_region(self) -> Region | None:
        """Where the terminal's cursor rests when no choice is highlighted (a game of keys,
        a wait): the status line, which says whose turn it is and what is asked (see
        :mod:`tulipgames.tui.widgets.cursor`); ``None`` before the screen is composed."""
        status = self.query("#status")
        return status.first().region if status else None

    def part(self, kind: type[WidgetT], selector: str | None = None) -> WidgetT:
        """The screen's one widget of ``kind`` (matching ``selector``), looked up once: a key
        press redraws a dozen widgets, and a DOM query per widget was a tenth of the redraw."""
        key = (kind, selector)
        widget = self._parts.get(key)
        if widget is None or not widget.is_attached:
            widget = self.query_one(selector, kind) if selector else self.query_one(kind)
            self._parts[key] = widget
        assert isinstance(widget, kind)
        return widget

    def refresh_bindings(self) -> None:
        """Within :meth:`_draw` (a game's ``show`` asks too) the footer is brought up to date
        once, at the end: every time costs a ``check_action`` per binding."""
        if not self._drawing:
            super().refresh_bindings()

    def _keep_focus_shown(self) -> None:
        """When :meth:`show` hid the focused widget, give the focus to the first shown board
        widget now, in this frame: Textual would move it after the next layout, in a frame of
        its own."""
        focused = self.focused
        if focused is None or displayed(focused):
            return
        board = self.part(Rows, "#board").walk_children(Widget)  # depth first, as a query
        focus_now(self, next((w for w in board if w.focusable and displayed(w)), None))

    def on_resize(self, event: events.Resize) -> None:
        self.call_after_refresh(self.fit_log)

    def fit_log(self) -> None:
        """Give the log the rows the board leaves empty (and take them back when the board
        needs them), so it is never 2 lines under a short board nor leaves 15 rows blank.

        A board that fills its room itself (``height: 1fr`` widgets) leaves nothing over, and
        the log keeps the height the game's CSS gives it.
        """
        if not self.is_attached:
            return
        board, log = self.query_one("#board"), self.part(GameLog)
        children = [child for child in board.children if child.display]
        if not children or board.region.height == 0:
            return
        used = max(child.region.bottom for child in children) - board.region.y
        room = board.region.height + log.outer_size.height
        wanted = max(MIN_LOG_ROWS, room - used)
        if wanted != log.outer_size.height:
            log.styles.height = wanted

    def status_text(self, turn: Turn[Any]) -> str:
        """The status line: whose turn, the prompt, bots thinking, a bot error, the end."""
        if turn.trouble:
            return turn.trouble
        if turn.over:
            return _("The game is over. The scores follow...")
        if turn.acting and turn.seat is not None and not self._curtain_up:
            # Translators: the status line: a player's name, then the rules' question to them
            return _("{name}: {prompt}").format(name=turn.name(turn.seat), prompt=turn.prompt)
        if self._curtain_up:
            return _("Passing the keyboard...")
        if turn.bots_to_act:
            return " ".join(_("{name} (bot) is thinking…").format(name=turn.name(s))
                            for s in turn.bots_to_act)
        waiting = ", ".join(turn.name(s) for s in turn.to_act)
        return _("Waiting for {names}…").format(names=waiting)

    def submit(self, *actions: Action | str) -> bool:
        """Play one intent (one or several steps) for the seat at the keyboard: all or none.

        An illegal step is explained, not played; a move that cannot be saved is not played
        and the player is told why. Returns whether the steps were played.
        """
        if not self.acting or self.viewer is None:
            self.notify(_("It is not your turn."), severity="warning")
            return False
        try:
            self.table.play(self.viewer, *actions)
        except IllegalAction as exc:
            self.notify(self.turn.text(exc.reason), severity="error")
            return False
        except SaveConflict as exc:
            self.notify(_("{problem} The game was reloaded.").format(problem=exc),
                        severity="warning", timeout=10)
            return False
        except SaveFailed as exc:
            self.notify(_("Not saved, so not played: {problem}").format(problem=exc),
                        severity="error", timeout=10)
            return False
        return True

    def why_no_undo(self) -> str:
        """Why ``u`` takes nothing back now, in the player's words: watching, the game over,
        nothing played yet, another player (a bot, at once) moved since, or new information."""
        turn = self.turn
        if self.viewer is None:
            return _("Nothing to undo: you are watching.")
        if turn.over:
            return _("Nothing to undo: the game is over.")
        actions = self.table.record.actions
        mine = [seat for seat, _step in actions if seat == self.viewer]
        if not mine:
            return _("Nothing to undo: you have not played yet.")
        last = actions[-1][0]
        if last != self.viewer:
            return _("Nothing to undo: {name} has played since your move, and undo stops at "
                     "another player's move.").format(name=turn.name(last))
        if turn.undoable:
            return _("Undo works when it is your turn.")
        return _("Nothing to undo: your last move brought new information (a roll, a draw or "
                 "a reveal), and undo stops there.")

    def take_back(self, steps: int = 1) -> bool:
        """Undo the viewer's latest ``steps`` quiet steps at once (one replay, one redraw)."""
        if self.viewer is None or self.turn.undoable < steps:
            self.notify(self.why_no_undo(), severity="warning")
            return False
        try:
            self.table.take_back(self.viewer, steps)
        except SaveFailed as exc:
            self.notify(_("Not saved, so not undone: {problem}").format(problem=exc),
                        severity="error", timeout=10)
            return False
        return True

    def why_not(self, *actions: Action | str) -> str | None:
        """The rules' reason why the viewer may not play these steps now (``None``: it may)."""
        if self.viewer is None:
            return _("You are watching.")
        return self.table.why_not(self.viewer, *actions)

    def on_action_chosen(self, message: ActionChosen) -> None:
        message.stop()
        self.submit(*message.actions)

    def show_results(self) -> None:
        """Replace this screen by the results (the store recorded the end already)."""
        if self.is_current:
            self.app.switch_screen(ResultsScreen.for_table(self.table))
        else:
            self._finishing = False  # e.g. the rules are open: try again when we are back

    def on_screen_resume(self) -> None:
        if self.table.is_over and not self._finishing:
            self.refresh_table()

    # -- keys ---------------------------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The footer lists only keys that work now: Undo when there is something to undo,
        Esc as "Back" inside a sub-step and as "Menu" at the top level."""
        if action == "undo":
            return self.acting and self.turn.can_undo
        if action == "back":
            return self.can_step_back()
        if action == "leave":
            return not self.can_step_back()
        if action == "hint":
            return not self.shared_table
        return True

    @property
    def shared_table(self) -> bool:
        """Whether this screen is a seat (or a spectator) at a shared table: the net's
        ``SharedTableView`` gives its screens the table they opened (``opened``). Hints are
        off there, where the others play without a coach."""
        return getattr(self, "opened", None) is not None

    def why_no_hint(self) -> str | None:
        """Why ``h`` gives no hint now (``None``: it does)."""
        if self.shared_table:
            return _("No hints at a shared table.")
        if self.viewer is None or not self.acting:
            return _("Hints are for your own turn.")
        if len(self.turn.legal) < 2:
            return _("Only one choice here: nothing to weigh.")
        if self._hinting:
            return _("The coach is still thinking…")
        return None

    def action_hint(self) -> None:
        """``h``: what the coach would do now and why, in one line. The coach weighs the
        choices in a worker thread on a copy of the position determinized for the seat (the
        hidden cards re-dealt, as the bots get it), so it knows only what the player sees.
        The player's seat is marked in the record: History and the high scores say "(hints)"."""
        refusal = self.why_no_hint()
        if refusal is not None:
            self.notify(refusal, severity="warning")
            return
        assert self.viewer is not None
        seat, version = self.viewer, self.table.version
        job = self.table.hint_job(seat, self.HINT_BUDGET)
        self._hinting = True
        self.notify(_("The coach is thinking…"), timeout=3)
        self.run_worker(self._think_hint(job, seat, version), group="hint")

    async def _think_hint(self, job: Callable[[], Hint | None], seat: int, version: int) -> None:
        try:
            found = await asyncio.to_thread(job)
        except Exception as exc:  # a coach failure must not end the game
            self.notify(_("The coach could not judge this position: {problem}").format(problem=exc),
                        severity="error")
            return
        finally:
            self._hinting = False
        if self.table.version != version or self.viewer != seat:
            self.notify(_("The position changed meanwhile: press h again."), severity="warning")
            return
        if found is None:
            self.notify(_("Only one choice here: nothing to weigh."))
            return
        self.table.mark_hinted(seat)
        self.last_hint = found
        self.notify(self.turn.text(found.line()), title=_("Hint"), timeout=20, markup=False)

    def action_undo(self) -> None:
        self.take_back(1)

    def action_no_undo(self) -> None:
        """``u`` while undo is off: the reason, where the key did nothing before."""
        self.notify(self.why_no_undo(), severity="warning")

    def action_save(self) -> None:
        try:
            self.table.save()
        except SaveFailed as exc:
            self.notify(_("Not saved: {problem}").format(problem=exc), severity="error", timeout=10)
            return
        if self.table.save_id is not None:
            said = _("Saved as game #{number}. Every move is saved as it is played.").format(
                number=self.table.save_id)
        else:
            said = _("Saved. Every move is saved as it is played.")
        self.notify(said)

    def action_rules(self) -> None:
        self.app.push_screen(RulesScreen(self.table.game))

    def action_focus_log(self) -> None:
        """ctrl+l: the arrow keys scroll the log; any other key gives them back to the board
        (see :class:`GameLog`), and so do a new decision and the curtain."""
        log = self.part(GameLog)
        if log.has_focus:
            self.leave_log()
            return
        self._focus_before_log = self.focused
        log.take_focus()

    def leave_log(self) -> None:
        """Give the focus back to the board widget that had it before the log took it."""
        log = self.part(GameLog)
        if not log.has_focus:
            return
        log.can_focus = False
        before, self._focus_before_log = self._focus_before_log, None
        if before is not None and before.is_attached and before.focusable:
            before.focus()
            return
        board = [w for w in self.query_one("#board").query("*") if w.focusable]
        self.set_focus(board[0] if board else None)

    def action_back(self) -> None:
        """Esc inside a sub-step: step back out of it."""
        self.action_leave()

    def action_leave(self) -> None:
        """Esc: step back out of the current sub-step; at the top level, back to the menu (the
        game stays saved and can be resumed)."""
        if self.step_back():
            return
        if self.is_current:
            self.dismiss(None)

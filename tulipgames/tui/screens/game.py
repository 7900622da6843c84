"""The base screen every game's screen extends.

A game screen shows ``table.state.view(seat)`` for the seat at this keyboard (``self.viewer``) and
nothing else; its widgets render that view and post :class:`ActionChosen` messages, which this base
class turns into ``table.play``. The base class owns what all games share: the status line with
the prompt, the game log, undo, save, rules on ``?``, the pass-the-device curtain, bot turns and
the move to the results screen.

A game's screen subclass implements two methods:

* :meth:`compose_board` yields the game's own widgets (dice sheet, auction panel, ...);
* :meth:`show` updates them from a view, for the seat ``seat`` (or ``None`` = onlooker), with
  ``acting`` True when that seat must decide now.

Hot-seat with hidden information: when the seat at the keyboard changes from one human to another,
the table is first redrawn with the public view (``seat=None``) and covered by a
:class:`CurtainScreen`; only after the next player presses Enter is their view shown.
"""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Footer, Static

from tulipgames.engine.core import Action, IllegalAction, render_names
from tulipgames.store import StoreError
from tulipgames.table import Table
from tulipgames.tui.screens.curtain import CurtainScreen
from tulipgames.tui.screens.messages import ActionChosen
from tulipgames.tui.screens.results import ResultsScreen
from tulipgames.tui.screens.rules import RulesScreen
from tulipgames.tui.widgets import GameLog

__all__ = ["ActionChosen", "GameScreen"]

#: Seconds the final position stays on screen before the results appear.
RESULTS_DELAY = 1.2


class GameScreen(Screen[None]):
    """Shared frame of a game: status, board (from the game), log and key hints."""

    BINDINGS = [
        Binding("question_mark", "rules", "Rules"),
        Binding("u", "undo", "Undo"),
        # every move is saved as played, so the footer's room goes to the keys that matter more
        Binding("ctrl+s", "save", "Save", show=False),
        Binding("ctrl+l", "focus_log", "Scroll log", show=False),
        Binding("escape", "leave", "Menu"),
    ]
    DEFAULT_CSS = """
    GameScreen { layout: vertical; }
    GameScreen #status {
        height: 1; padding: 0 1; background: $primary-darken-2; color: $text;
        text-style: bold;
    }
    GameScreen #status.warning { background: $error; }
    GameScreen #board { height: 1fr; }
    """

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

    # -- to implement per game ------------------------------------------------------------
    def compose_board(self) -> ComposeResult:
        """The game's own widgets."""
        raise NotImplementedError

    def show(self, view: object, seat: int | None, acting: bool) -> None:
        """Redraw the game's widgets from ``view`` (what ``seat`` may see)."""
        raise NotImplementedError

    # -- shared frame -------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield Static(id="status")
        with Vertical(id="board"):
            yield from self.compose_board()
        yield GameLog(id="log")
        yield Footer()

    def on_mount(self) -> None:
        self.table.subscribe(self._on_table_change)
        self.refresh_table()
        self.table.ensure_bots_running()

    def on_unmount(self) -> None:
        self.table.unsubscribe(self._on_table_change)

    @property
    def needs_curtain(self) -> bool:
        """Hot-seat between several humans in a game where they hold secrets."""
        return self.table.game.hidden_information and len(self.local_seats) > 1

    def _next_viewer(self) -> int | None:
        state = self.table.state
        acting = [seat for seat in state.to_act() if seat in self.local_seats]
        if acting:
            return acting[0]
        if len(self.local_seats) == 1:
            return next(iter(self.local_seats))
        if self.needs_curtain:
            return self._revealed
        return self.viewer if self.viewer is not None else min(self.local_seats, default=None)

    def _on_table_change(self, table: Table) -> None:
        self.refresh_table()
        table.ensure_bots_running()

    @property
    def acting(self) -> bool:
        return (
            not self._curtain_up
            and self.viewer is not None
            and self.viewer in self.table.state.to_act()
        )

    def refresh_table(self) -> None:
        """Redraw from the table; first raise the curtain if the keyboard changes hands."""
        if not self.is_attached:
            return
        state = self.table.state
        upcoming = self._next_viewer()
        if (
            self.needs_curtain
            and upcoming is not None
            and upcoming != self._revealed
            and not state.is_over()
        ):
            self.viewer = None
            self._draw()
            if not self._curtain_up:
                self._curtain_up = True
                self.app.push_screen(
                    CurtainScreen(self.table.names[upcoming], self.table.game.title),
                    callback=lambda lifted: self._curtain_lifted(upcoming, lifted),
                )
            return
        self.viewer = upcoming
        self._draw()
        if state.is_over() and not self._finishing:
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
        state = self.table.state
        names = self.table.names
        status = self.query_one("#status", Static)
        status.set_class(self.table.bot_error is not None, "warning")
        status.update(Text(self.status_text(), no_wrap=True, overflow="ellipsis"))
        lines = [render_names(e.text_for(self.viewer), names) for e in self.table.events()]
        self.query_one(GameLog).show_lines(lines)
        self.show(state.view(self.viewer), self.viewer, self.acting)

    def status_text(self) -> str:
        """The status line: whose turn, the prompt, bots thinking, a bot error, the end."""
        state = self.table.state
        names = self.table.names
        if self.table.bot_error:
            return self.table.bot_error
        if state.is_over():
            return "The game is over. The scores follow..."
        if self.acting and self.viewer is not None:
            return render_names(f"{names[self.viewer]}: {state.prompt(self.viewer)}", names)
        if self._curtain_up:
            return "Passing the keyboard..."
        bots = [s for s in state.to_act() if self.table.seats[s].is_bot]
        if bots:
            return " ".join(f"{names[s]} (bot) is thinking…" for s in bots)
        waiting = ", ".join(names[s] for s in state.to_act())
        return f"Waiting for {waiting}…"

    def submit(self, action: Action | str) -> None:
        """Play an action for the seat at the keyboard; an illegal one is explained, not played."""
        if not self.acting or self.viewer is None:
            self.notify("It is not your turn.", severity="warning")
            return
        try:
            self.table.play(self.viewer, action)
        except IllegalAction as exc:
            self.notify(render_names(exc.reason, self.table.names), severity="error")
        except StoreError as exc:
            # the move stands on this screen; say plainly that it is not on disk
            self.notify(f"Not saved: {exc}", severity="error", timeout=10)
            self.refresh_table()

    def on_action_chosen(self, message: ActionChosen) -> None:
        message.stop()
        self.submit(message.action)

    def show_results(self) -> None:
        """Replace this screen by the results (the store recorded the end already)."""
        if self.is_current:
            self.app.switch_screen(ResultsScreen.for_table(self.table))
        else:
            self._finishing = False  # e.g. the rules are open: try again when we are back

    def on_screen_resume(self) -> None:
        if self.table.state.is_over() and not self._finishing:
            self.refresh_table()

    # -- keys ---------------------------------------------------------------------------------
    def action_undo(self) -> None:
        if self.viewer is None or not self.table.can_undo(self.viewer):
            self.notify(
                "Nothing to undo: undo stops at new information or another player's move.",
                severity="warning",
            )
            return
        self.table.undo(self.viewer)

    def action_save(self) -> None:
        if self.table.persist is not None:
            self.table.persist(self.table)
        where = f" as game #{self.table.save_id}" if self.table.save_id is not None else ""
        self.notify(f"Saved{where}. Every move is saved as it is played.")

    def action_rules(self) -> None:
        self.app.push_screen(RulesScreen(self.table.game))

    def action_focus_log(self) -> None:
        """Arrow keys scroll the log until Tab or a click moves the focus on."""
        self.query_one(GameLog).take_focus()

    def action_leave(self) -> None:
        """Back to the menu; the game stays saved and can be resumed."""
        if self.is_current:
            self.dismiss(None)

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
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Footer, Static

from tulipgames.engine.core import Action, IllegalAction, render_names
from tulipgames.table import Table


class ActionChosen(Message):
    """A widget asks for an action to be played by the seat at the keyboard."""

    def __init__(self, action: Action | str) -> None:
        super().__init__()
        self.action = action


class GameScreen(Screen[None]):
    """Shared frame of a game: status, board (from the game), log and key hints."""

    BINDINGS = [
        Binding("question_mark", "rules", "Rules"),
        Binding("u", "undo", "Undo"),
        Binding("ctrl+s", "save", "Save"),
        Binding("escape", "leave", "Menu"),
    ]

    def __init__(self, table: Table, seats: frozenset[int] | None = None) -> None:
        """``seats``: the seats this terminal plays (``None`` = every human seat, hot-seat)."""
        super().__init__()
        self.table = table
        self.local_seats = frozenset(table.human_seats()) if seats is None else seats
        self.viewer: int | None = self._pick_viewer()

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
        yield Static(id="log")
        yield Footer()

    def on_mount(self) -> None:
        self.table.subscribe(self._on_table_change)
        self.refresh_table()
        self.table.ensure_bots_running()

    def on_unmount(self) -> None:
        self.table.unsubscribe(self._on_table_change)

    def _pick_viewer(self) -> int | None:
        acting = [seat for seat in self.table.state.to_act() if seat in self.local_seats]
        if acting:
            return acting[0]
        if len(self.local_seats) == 1:
            return next(iter(self.local_seats))
        return getattr(self, "viewer", None)

    def _on_table_change(self, table: Table) -> None:
        self.refresh_table()
        table.ensure_bots_running()

    @property
    def acting(self) -> bool:
        return self.viewer is not None and self.viewer in self.table.state.to_act()

    def refresh_table(self) -> None:
        self.viewer = self._pick_viewer()
        state = self.table.state
        names = self.table.names
        if self.acting and self.viewer is not None:
            status = f"{names[self.viewer]}: {state.prompt(self.viewer)}"
        elif state.is_over():
            status = "The game is over."
        else:
            waiting = ", ".join(names[s] for s in state.to_act())
            status = f"Waiting for {waiting}..."
        self.query_one("#status", Static).update(render_names(status, names))
        lines = [render_names(e.text_for(self.viewer), names) for e in self.table.events()[-4:]]
        self.query_one("#log", Static).update("\n".join(lines))
        self.show(state.view(self.viewer), self.viewer, self.acting)

    def submit(self, action: Action | str) -> None:
        """Play an action for the seat at the keyboard; an illegal one is explained, not played."""
        if not self.acting or self.viewer is None:
            self.notify("It is not your turn.", severity="warning")
            return
        try:
            self.table.play(self.viewer, action)
        except IllegalAction as exc:
            self.notify(render_names(exc.reason, self.table.names), severity="error")

    def on_action_chosen(self, message: ActionChosen) -> None:
        message.stop()
        self.submit(message.action)

    def action_undo(self) -> None:
        if self.viewer is None or not self.table.can_undo(self.viewer):
            self.notify("Nothing to undo.", severity="warning")
            return
        self.table.undo(self.viewer)

    def action_save(self) -> None:
        self.notify("Saved. Every move is saved as it is played.")

    def action_rules(self) -> None:
        self.notify(self.table.game.title)

    def action_leave(self) -> None:
        self.app.pop_screen()

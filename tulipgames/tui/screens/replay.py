"""The replay viewer: the game's own screen over a :class:`~tulipgames.replay.ReplayTable`.

A replay is drawn by the same screen class as the live game (the board, the log, the status
line), made read-only and given replay keys that take priority over the game's own:
←/→ one action, PgUp/PgDn the previous/next point of new information (a roll, a draw, a new
round), Home/End the start and the end, ``v`` the next seat whose view to show (every seat once
the game is over; only the viewer's own seats before), Esc back.
"""

from __future__ import annotations

import importlib
from collections.abc import Collection
from typing import TYPE_CHECKING, Any

from textual.binding import Binding

from tulipgames.engine.record import GameRecord
from tulipgames.replay import ReplayTable
from tulipgames.table import Turn
from tulipgames.tui.screens.game import GameScreen

#: The replay's keys, shown in pairs ("←→ Step") so that they fit the footer at 80 columns
#: beside the game's own (Home/End are in the rules and the docs, not the footer).
REPLAY_BINDINGS = [
    Binding("left", "replay_step(-1)", "Step", key_display="←→", priority=True),
    Binding("right", "replay_step(1)", "Forward", show=False, priority=True),
    Binding("pageup", "replay_news(-1)", "Turn", key_display="pgup/dn", priority=True),
    Binding("pagedown", "replay_news(1)", "Next turn", show=False, priority=True),
    Binding("home", "replay_seek(0)", "Start", show=False, priority=True),
    Binding("end", "replay_seek(-1)", "End", show=False, priority=True),
    Binding("v", "replay_viewer", "View", priority=True),
    Binding("escape", "replay_close", "Close", priority=True),
]


class ReplayControls:
    """What every replay screen adds to its game's screen (mixed in before the game class)."""

    table: ReplayTable
    viewer: int | None
    local_seats: frozenset[int]
    #: The seats the person watching played (see :func:`replay_screen`).
    owned_seats: Collection[int] | None = None

    if TYPE_CHECKING:  # what the game's screen this is mixed into (a GameScreen) provides
        def refresh_table(self) -> None: ...

        def dismiss(self, result: None = None) -> object: ...

    def status_text(self, turn: Turn[Any]) -> str:
        table = self.table
        who = "everyone (public)" if turn.seat is None else turn.name(turn.seat)
        last = table.last_step()
        did = f" · {turn.name(last[0])}: {last[1]}" if last else " · the start"
        return f"Replay {table.position}/{table.length}{did} · view of {who}"

    def show_results(self) -> None:
        """A replay stays on the board at the end (the results are one Esc away)."""

    def action_undo(self) -> None:
        """Nothing is undone in a replay."""

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("undo", "no_undo", "save"):
            return False
        if action == "replay_viewer":
            return len(self.table.viewers(self._owned)) > 1
        if action.startswith("replay_"):
            return True
        game_check = getattr(super(), "check_action", None)
        return game_check(action, parameters) if callable(game_check) else True

    @property
    def _owned(self) -> Collection[int] | None:
        return self.owned_seats

    def action_replay_step(self, delta: int) -> None:
        self.table.step(delta)

    def action_replay_news(self, direction: int) -> None:
        self.table.news(direction)

    def action_replay_seek(self, position: int) -> None:
        self.table.seek(self.table.length if position < 0 else position)

    def action_replay_viewer(self) -> None:
        choices = self.table.viewers(self._owned)
        current = choices.index(self.viewer) if self.viewer in choices else 0
        seat = choices[(current + 1) % len(choices)]
        self.local_seats = frozenset() if seat is None else frozenset({seat})
        self.viewer = seat
        self.refresh_table()

    def action_replay_close(self) -> None:
        self.dismiss(None)


def replay_screen(
    record: GameRecord, owned: Collection[int] | None = None, position: int | None = None
) -> GameScreen[Any]:
    """The replay viewer of a record, opened at ``position`` (the end by default).

    ``owned``: the seats the person watching played (their own view is shown first); ``None``
    for someone who played none of them.
    """
    from tulipgames import games

    game = games.get_game(record.game)
    base: type[GameScreen[Any]] = importlib.import_module(
        f"tulipgames.games.{record.game}.screen"
    ).SCREEN
    table = ReplayTable(game, record, position)
    screen_type = type(
        f"Replay{base.__name__}",
        (ReplayControls, base),
        # a class of its own for each replay: it holds the seats this replay's watcher played
        {"BINDINGS": [*base.BINDINGS, *REPLAY_BINDINGS], "owned_seats": owned},
    )
    allowed = table.viewers(owned)
    first = next((seat for seat in allowed if seat is not None and seat in (owned or ())), None)
    screen: GameScreen[Any] = screen_type(table, frozenset() if first is None else {first})
    return screen

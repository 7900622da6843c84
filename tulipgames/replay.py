"""Replays: a record shown at any position, stepping forward and back without replaying it all.

A :class:`ReplayTable` is a read-only :class:`~tulipgames.table.Table` over a whole record. It
replays the record once when opened and keeps a copy of the state every
:data:`CHECKPOINT_EVERY` actions, so moving to any position costs one copy and at most that many
actions, however long the game. Screens draw it through ``turn(seat)`` like a live table (with no
legal actions: nobody acts in a replay).

What may be seen: once the record's game is over, every seat's view may be shown (all hands
revealed). An unfinished game can only be watched from the seats its viewer owns, never from
another seat's side (see :meth:`ReplayTable.viewers`).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Collection
from typing import Any

from tulipgames.engine.core import Action, Applied, Event, Game, IllegalAction, State
from tulipgames.engine.record import GameRecord, RecordError, start
from tulipgames.i18n import N_, _, ngettext
from tulipgames.table import Table, Turn

#: A copy of the state is kept every this many actions.
CHECKPOINT_EVERY = 16


class ReplayTable(Table):
    """A finished or saved game at one position of its record; read-only."""

    def __init__(self, game: Game, record: GameRecord, position: int | None = None) -> None:
        # Table's constructor replays the whole record; a replay wants the checkpoints too.
        super().__init__(game, GameRecord.from_json(record.to_json()), bot_delay=0.0)
        self.full = list(self.record.actions)
        self._all_applied: list[Applied] = list(self.applied)
        self.finished = self.state.is_over()
        self._setup_events = list(self.state.setup_events)
        self._checkpoints = self._take_checkpoints()
        self.position = len(self.full)
        if position is not None:
            self.seek(position)

    def _take_checkpoints(self) -> dict[int, State]:
        state = start(self.game, self.record)
        marks = {0: state.clone()}
        for number, (seat, text) in enumerate(self.full, 1):
            try:
                state.apply(seat, self.game.parse_action(text))
            except IllegalAction as exc:  # Table's replay succeeded, so this cannot happen
                raise RecordError(f"action {number} fails on replay: {exc}") from exc
            if number % CHECKPOINT_EVERY == 0:
                marks[number] = state.clone()
        return marks

    # -- moving -----------------------------------------------------------------------------
    @property
    def length(self) -> int:
        return len(self.full)

    def seek(self, position: int) -> None:
        """Show the game after its first ``position`` actions (clamped to the record)."""
        position = max(0, min(position, self.length))
        if position == self.position:
            return
        base = position - position % CHECKPOINT_EVERY
        state = self._checkpoints[base].clone()
        for seat, text in self.full[base:position]:
            state.apply(seat, self.game.parse_action(text))
        self.state = state
        self.applied = self._all_applied[:position]
        self.record.actions = self.full[:position]
        self.position = position
        self._changed()

    def step(self, delta: int) -> None:
        self.seek(self.position + delta)

    def news(self, direction: int) -> None:
        """Jump to the next (``+1``) or previous (``-1``) point where new information came in (a
        roll, a draw, a reveal, a new round): the rhythm of the game's turns."""
        marks = [i + 1 for i, entry in enumerate(self._all_applied) if entry.reveals]
        marks = sorted({0, *marks, self.length})
        if direction > 0:
            later = [m for m in marks if m > self.position]
            self.seek(later[0] if later else self.length)
        else:
            earlier = [m for m in marks if m < self.position]
            self.seek(earlier[-1] if earlier else 0)

    def events(self) -> list[Event]:
        played = [event for entry in self.applied for event in entry.events]
        return [*self._setup_events, *played]

    def last_step(self) -> tuple[int, str] | None:
        """The action that led to this position (seat, notation), if any."""
        return self.full[self.position - 1] if self.position else None

    def viewers(self, owned: Collection[int] | None) -> list[int | None]:
        """The seats whose view may be shown: every seat and the public view once the game is
        over; otherwise only the seats the viewer owns (``owned``; ``None`` = the public view
        only)."""
        if self.finished:
            return [None, *range(len(self.seats))]
        return [None, *sorted(owned or ())]

    # -- read-only ----------------------------------------------------------------------------
    def turn(self, seat: int | None) -> Turn[Any]:
        live = super().turn(seat)
        if not live.acting and not live.undoable:
            return live
        quiet = dataclasses.replace(live, legal=(), prompt="", acting=False, undoable=0)
        self.keep_turn(quiet)
        return quiet

    def play(self, seat: int, *actions: Action | str) -> list[Event]:
        raise IllegalAction(N_("this is a replay: nothing can be played here"))

    def take_back(self, seat: int, steps: int = 1) -> None:
        raise IllegalAction(N_("this is a replay: nothing can be undone here"))

    def ensure_bots_running(self) -> None:
        """Bots never play in a replay."""

    def save(self) -> None:
        """A replay is never saved."""


def plain_replay(
    game: Game, record: GameRecord, owned: Collection[int] | None,
    write: Callable[[str], None],
) -> None:
    """A record told as plain text in reading order (``replay --plain``, or
    ``TULIPGAMES_PLAIN=1``): who played, every event of the log, then the result of a finished
    game. What may be read follows :meth:`ReplayTable.viewers`: an unfinished game is told as
    the one seat its viewer owns sees it, else as everyone sees it."""
    from tulipgames.plain.session import PlainSession

    table = ReplayTable(game, record)
    seats = ", ".join(
        seat.name if not seat.is_bot else _("{name} (bot {level})").format(
            name=seat.name, level=_(seat.bot_level) if seat.bot_level else _("default"))
        for seat in table.seats
    )
    write(ngettext("Replay of {title}, seed {seed}: {seats}; {n} move.",
                   "Replay of {title}, seed {seed}: {seats}; {n} moves.", table.length).format(
        title=_(game.title), seed=record.seed, seats=seats, n=table.length))
    mine = sorted(owned or ())
    viewer = mine[0] if not table.finished and len(mine) == 1 else None
    for line in table.log_for(viewer):
        write(line)
    if table.finished:
        PlainSession(table, lambda: None, write).finish()
    else:
        write(ngettext("The game is not over: {n} move played so far.",
                       "The game is not over: {n} moves played so far.", table.length).format(
            n=table.length))

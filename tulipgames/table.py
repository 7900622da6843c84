"""A table: one game in progress, the single place where actions are applied.

The local app and the SSH server both play through a :class:`Table`. It owns the record and the
live state, saves the record (``persist``) after each action and *before* telling anyone, then
notifies its listeners (screens) so they redraw from ``view(seat)``. Bots run in a worker thread on
a determinized copy, never on the live state, and only one bot driver runs per table however many
screens watch it.
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable, Sequence
from typing import Any

from tulipgames.engine.bots import Bot, bot_move
from tulipgames.engine.core import Action, Applied, Event, Game, IllegalAction, SeatSpec, State
from tulipgames.engine.record import GameRecord, can_undo, replay

Listener = Callable[["Table"], None]


class Table:
    """A game being played by named seats, with its record, log, undo and bots."""

    def __init__(
        self,
        game: Game,
        record: GameRecord,
        *,
        persist: Callable[[Table], None] | None = None,
        save_id: int | None = None,
        bot_delay: float = 0.35,
    ) -> None:
        self.game = game
        self.record = record
        self.persist = persist
        self.save_id = save_id
        self.bot_delay = bot_delay
        loaded = replay(game, record)
        self.state: State = loaded.state
        self.applied: list[Applied] = loaded.applied
        self.version = 0
        self._listeners: list[Listener] = []
        self._bots: dict[int, Bot] = {}
        self._bot_task: asyncio.Task[None] | None = None
        self._bot_rng = random.Random(record.seed ^ 0x5EED)
        self.bot_error: str | None = None

    @classmethod
    def new(
        cls,
        game: Game,
        seats: Sequence[SeatSpec],
        seed: int,
        options: dict[str, Any] | None = None,
        **kwargs: Any,
    ) -> Table:
        """Set up a new game; raises ``ValueError`` for a bad seat count or option."""
        game.check_seats(len(seats))
        for spec in seats:
            if spec.is_bot and spec.bot_level not in game.bot_levels:
                levels = ", ".join(game.bot_levels)
                raise ValueError(f"{game.title} has no bot level {spec.bot_level!r} ({levels})")
        record = GameRecord(
            game=game.id,
            seed=seed,
            seats=list(seats),
            options=game.resolve_options(options),
            rules_version=game.rules_version,
        )
        return cls(game, record, **kwargs)

    # -- reading ----------------------------------------------------------------------------
    @property
    def names(self) -> list[str]:
        return self.record.names

    @property
    def seats(self) -> list[SeatSpec]:
        return self.record.seats

    def events(self) -> list[Event]:
        """The log: what setup did, then every played action's events."""
        played = [event for entry in self.applied for event in entry.events]
        return [*self.state.setup_events, *played]

    def human_seats(self) -> list[int]:
        return [i for i, spec in enumerate(self.seats) if not spec.is_bot]

    def bot_seats_to_act(self) -> list[int]:
        return [seat for seat in self.state.to_act() if self.seats[seat].is_bot]

    # -- changing ---------------------------------------------------------------------------
    def play(self, seat: int, action: Action | str) -> list[Event]:
        """Apply an action (object or notation) for a seat, save, then notify.

        Raises :class:`IllegalAction` with the reason when the notation cannot be read or the
        rules forbid it; then nothing changes.
        """
        if isinstance(action, str):
            action = self.game.parse_action(action)
        events = self.state.apply(seat, action)
        self.record.actions.append((seat, str(action)))
        self.applied.append(Applied(seat, str(action), events))
        self.version += 1
        self._save()
        self._notify()
        return events

    def can_undo(self, seat: int) -> bool:
        return can_undo(self.applied, seat)

    def undo(self, seat: int) -> None:
        """Take back ``seat``'s last action under the undo policy (see ``record.can_undo``)."""
        if not self.can_undo(seat):
            raise IllegalAction("nothing to undo: undo stops at new information or another seat")
        self.record.actions.pop()
        loaded = replay(self.game, self.record)
        self.state, self.applied = loaded.state, loaded.applied
        self.version += 1
        self._save()
        self._notify()

    def _save(self) -> None:
        if self.persist is not None:
            self.persist(self)

    # -- listeners --------------------------------------------------------------------------
    def subscribe(self, listener: Listener) -> None:
        self._listeners.append(listener)

    def unsubscribe(self, listener: Listener) -> None:
        if listener in self._listeners:
            self._listeners.remove(listener)

    def _notify(self) -> None:
        for listener in list(self._listeners):
            listener(self)

    # -- bots -------------------------------------------------------------------------------
    def bot_for(self, seat: int) -> Bot:
        if seat not in self._bots:
            level = self.seats[seat].bot_level or "normal"
            self._bots[seat] = self.game.make_bot(level, seed=self.record.seed + seat)
        return self._bots[seat]

    def think_job(self, seat: int) -> Callable[[], Action]:
        """A job computing ``seat``'s bot action on a determinized copy, safe to run in a thread."""
        bot = self.bot_for(seat)
        private = self.state.determinize(seat, self._bot_rng)
        rng = random.Random(self._bot_rng.getrandbits(64))
        return lambda: bot_move(bot, private, seat, rng)

    def ensure_bots_running(self) -> None:
        """Start the bot driver if a bot must act and none is running (needs a running loop)."""
        if self._bot_task is not None and not self._bot_task.done():
            return
        if not self.bot_seats_to_act() or self.state.is_over():
            return
        self._bot_task = asyncio.get_running_loop().create_task(self._drive_bots())

    async def _drive_bots(self) -> None:
        while not self.state.is_over():
            seats = self.bot_seats_to_act()
            if not seats:
                return
            seat, version = seats[0], self.version
            job = self.think_job(seat)
            await asyncio.sleep(self.bot_delay)
            try:
                action = await asyncio.to_thread(job)
                if version != self.version:
                    continue  # someone undid or played meanwhile: think again
                self.play(seat, action)
            except IllegalAction as exc:
                self._bot_failed(f"{self.names[seat]}'s bot chose an illegal move: {exc}")
                return
            except Exception as exc:  # a bot crash or a failed save must not freeze silently
                self._bot_failed(f"{self.names[seat]}'s bot stopped: {exc}")
                return

    def _bot_failed(self, message: str) -> None:
        self.bot_error = message
        self._notify()

    def run_bots_now(self) -> None:
        """Play every pending bot action synchronously (tests, headless simulation)."""
        while not self.state.is_over() and self.bot_seats_to_act():
            seat = self.bot_seats_to_act()[0]
            self.play(seat, self.think_job(seat)())

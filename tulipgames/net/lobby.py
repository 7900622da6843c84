"""Tables shared between the players of one SSH server.

A player opens a table (a game and a number of seats) and gets a short join code; others claim
the open seats with that code; empty seats may go to bots; when every seat is filled the host
starts the game. From then on there is one :class:`RemoteTable` per table, in this process, and
every player's screen subscribes to it and shows only that player's seat.

A seat belongs to a player *name* (the SSH login name), so a player who drops out reconnects by
joining the same code under the same name. Started tables are saved in the store like any game,
and the code of each is remembered in ``tables.json`` in the data directory, so even after a
server restart ``join CODE`` brings the players back to their seats.

Every session runs its own Textual app on the shared event loop. Textual finds "the current app"
through a context variable, so a callback registered by one session's screen must run inside that
session's app, not inside whichever session happened to make the move: :class:`Listeners`
delivers each callback through the app that registered it.
"""

from __future__ import annotations

import json
import logging
import secrets
import threading
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tulipgames import games
from tulipgames.engine.core import Game, SeatSpec
from tulipgames.net import audit
from tulipgames.table import Listener, Table

log = logging.getLogger("tulipgames.serve")

#: Join codes avoid letters and digits that are easily confused (0/O, 1/I).
CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 4
CODES_FILE = "tables.json"


class TableError(ValueError):
    """A lobby request that cannot be granted, with the reason a player can read."""


def _current_app() -> Any:
    from textual._context import active_app

    return active_app.get(None)


class Listeners:
    """Callbacks, each run inside the Textual app (and asyncio context) that registered it.

    A callback of the app that publishes runs at once, as with a local table; a callback of
    another session's app is queued on that app with ``call_later``, so it runs on that app's
    own message loop and an error in it ends that session only.
    """

    def __init__(self) -> None:
        self._entries: list[tuple[Callable[..., None], Any]] = []

    def add(self, callback: Callable[..., None]) -> None:
        self._entries.append((callback, _current_app()))

    def remove(self, callback: Callable[..., None]) -> None:
        self._entries = [entry for entry in self._entries if entry[0] != callback]

    def publish(self, *args: Any) -> None:
        current = _current_app()
        for callback, app in list(self._entries):
            if app is None or app is current:
                callback(*args)
            elif not app.call_later(callback, *args):
                self.remove(callback)  # that app has closed without unsubscribing


class RemoteTable(Table):
    """A :class:`Table` whose listeners may belong to different sessions' apps."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._remote_listeners = Listeners()
        #: The join code, for the log; set by the lobby.
        self.code = ""
        self._finish_logged = False

    @classmethod
    def adopt(cls, table: Table) -> RemoteTable:
        """The same game as a shared table (for a table loaded from the store)."""
        return cls(
            table.game,
            table.record,
            persist=table.persist,
            save_id=table.save_id,
            bot_delay=table.bot_delay,
        )

    def subscribe(self, listener: Listener) -> None:
        self._remote_listeners.add(listener)

    def unsubscribe(self, listener: Listener) -> None:
        self._remote_listeners.remove(listener)

    def _notify(self) -> None:
        if not self._finish_logged and self.state.is_over():
            self._finish_logged = True
            audit.record("table_finished", code=self.code or None, game=self.game.id,
                         save=self.save_id)
        self._remote_listeners.publish(self)


@dataclass
class Seat:
    """One seat of an open table: free, claimed by a player name, or given to a bot."""

    name: str | None = None
    bot: str | None = None

    @property
    def free(self) -> bool:
        return self.name is None and self.bot is None

    def label(self) -> str:
        if self.bot is not None:
            return f"bot ({self.bot})"
        return self.name or "(open)"


class OpenTable:
    """A table in the lobby: its code, game, seats and, once started, the live table."""

    def __init__(self, code: str, game: Game, seats: int, host: str) -> None:
        self.code = code
        self.game = game
        self.host = host
        self.seats = [Seat() for _ in range(seats)]
        self.seats[0].name = host
        self.table: RemoteTable | None = None
        self.present: dict[str, int] = {}
        self.listeners = Listeners()

    @classmethod
    def from_table(cls, code: str, table: RemoteTable) -> OpenTable:
        """A started table brought back from the store."""
        human = table.human_seats()
        opened = cls(code, table.game, len(table.seats), table.names[human[0]] if human else "")
        for seat, spec in enumerate(table.seats):
            opened.seats[seat] = Seat(
                None if spec.is_bot else spec.name, spec.bot_level if spec.is_bot else None
            )
        opened.table = table
        return opened

    # -- reading ----------------------------------------------------------------------------
    @property
    def started(self) -> bool:
        return self.table is not None

    @property
    def over(self) -> bool:
        return self.table is not None and self.table.state.is_over()

    @property
    def ready(self) -> bool:
        """Every seat is filled (a player or a bot): the host may start."""
        return not self.started and not any(seat.free for seat in self.seats)

    def seat_of(self, name: str) -> int | None:
        for index, seat in enumerate(self.seats):
            if seat.name == name:
                return index
        return None

    def summary(self) -> str:
        """One line for the list of open tables."""
        names = ", ".join(seat.label() for seat in self.seats)
        state = "playing" if self.started else "waiting"
        return f"{self.code}  {self.game.title}  [{state}]  {names}"

    # -- changing ---------------------------------------------------------------------------
    def claim(self, name: str) -> int:
        """The seat of ``name`` at this table: the one it already has, or the first free one."""
        seat = self.seat_of(name)
        if seat is not None:
            return seat
        if self.started:
            raise TableError(
                f"table {self.code} has started; only its players can rejoin "
                "(log in with the name you played under)"
            )
        for index, candidate in enumerate(self.seats):
            if candidate.free:
                candidate.name = name
                self.listeners.publish(self)
                return index
        raise TableError(f"table {self.code} is full")

    def leave(self, name: str) -> None:
        """A player leaves the lobby before the start: the seat is free again."""
        seat = self.seat_of(name)
        if seat is not None and not self.started and name != self.host:
            self.seats[seat] = Seat()
            self.listeners.publish(self)

    def give_free_seats_to_bots(self, level: str) -> int:
        """Fill every free seat with a bot of ``level``; returns how many."""
        if level not in self.game.bot_levels:
            raise TableError(f"{self.game.title} has no bot level {level!r}")
        filled = 0
        for seat in self.seats:
            if seat.free:
                seat.bot = level
                filled += 1
        if filled:
            self.listeners.publish(self)
        return filled

    def arrive(self, name: str) -> None:
        """A session of ``name`` is watching this table (lobby or game)."""
        self.present[name] = self.present.get(name, 0) + 1
        self.listeners.publish(self)

    def depart(self, name: str) -> None:
        count = self.present.get(name, 0) - 1
        if count > 0:
            self.present[name] = count
        else:
            self.present.pop(name, None)
        self.listeners.publish(self)


class Lobby:
    """Every table of the server, by join code."""

    def __init__(self, store: Any = None, data_dir: Path | None = None) -> None:
        self.store = store
        self.codes_path = None if data_dir is None else data_dir / CODES_FILE
        self.tables: dict[str, OpenTable] = {}
        self.listeners = Listeners()
        self._lock = threading.Lock()

    def new_code(self) -> str:
        taken = set(self.tables) | set(self._saved_codes())
        while True:
            code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
            if code not in taken:
                return code

    def open(self, game_id: str, seats: int, host: str) -> OpenTable:
        """Open a table of ``game_id`` with ``seats`` seats, the first one the host's."""
        try:
            game = games.get_game(game_id)
            game.check_seats(seats)
        except ValueError as exc:
            raise TableError(str(exc)) from exc
        opened = OpenTable(self.new_code(), game, seats, host)
        self.tables[opened.code] = opened
        audit.record("table_opened", code=opened.code, game=game.id, seats=seats, host=host)
        self.listeners.publish(self)
        return opened

    def find(self, code: str) -> OpenTable:
        """The table with this join code (any case), from memory or brought back from the store."""
        key = code.strip().upper()
        if key in self.tables:
            return self.tables[key]
        save_id = self._saved_codes().get(key)
        if save_id is not None and self.store is not None:
            try:
                table = RemoteTable.adopt(self.store.load(save_id))
            except Exception as exc:
                raise TableError(f"table {key} cannot be opened: {exc}") from exc
            table.code = key
            table._finish_logged = table.state.is_over()
            opened = self.tables[key] = OpenTable.from_table(key, table)
            return opened
        raise TableError(f"no table has the code {key!r}")

    def listing(self) -> list[OpenTable]:
        """Tables still waiting for players or being played, newest first.

        Finished tables nobody is looking at leave memory here; their codes still find them
        in the store.
        """
        for code, opened in list(self.tables.items()):
            if opened.over and not opened.present:
                del self.tables[code]
        return [t for t in reversed(self.tables.values()) if not t.over]

    def close(self, code: str) -> None:
        """The host closes a table that has not started."""
        opened = self.tables.get(code)
        if opened is not None and not opened.started:
            del self.tables[code]
            audit.record("table_closed", code=code, game=opened.game.id, host=opened.host)
            opened.listeners.publish(opened)
            self.listeners.publish(self)

    def start(self, code: str, seed: int | None = None) -> RemoteTable:
        """Start a full table: make the shared table, save it and tell every waiting screen."""
        opened = self.find(code)
        if not opened.ready:
            raise TableError("every seat needs a player or a bot before the start")
        specs = [
            SeatSpec(seat.name or "", "human") if seat.bot is None
            else SeatSpec(_bot_name(opened, i), f"bot:{seat.bot}")
            for i, seat in enumerate(opened.seats)
        ]
        # Not the random module: something in the process may have seeded it, and players must
        # not be able to predict the deal.
        table = RemoteTable.new(
            opened.game, specs, secrets.randbelow(999_999) + 1 if seed is None else seed
        )
        assert isinstance(table, RemoteTable)
        table.code = opened.code
        if self.store is not None:
            self.store.create(table, variant="")
            self._remember(code, table.save_id)
        audit.record(
            "table_started", code=opened.code, game=opened.game.id, save=table.save_id,
            players=",".join(seat.name or f"bot:{seat.bot}" for seat in opened.seats),
        )
        opened.table = table
        opened.listeners.publish(opened)
        self.listeners.publish(self)
        return table

    # -- codes of started tables ------------------------------------------------------------
    def _saved_codes(self) -> dict[str, int]:
        if self.codes_path is None or not self.codes_path.exists():
            return {}
        try:
            data = json.loads(self.codes_path.read_text("utf-8"))
            return {str(k): int(v) for k, v in data.items()}
        except (OSError, ValueError, TypeError, AttributeError):
            log.warning("ignoring unreadable %s", self.codes_path)
            return {}

    def _remember(self, code: str, save_id: int | None) -> None:
        if self.codes_path is None or save_id is None:
            return
        with self._lock:
            codes = self._saved_codes()
            codes[code] = save_id
            tmp = self.codes_path.with_suffix(".tmp")
            tmp.write_text(json.dumps(codes), "utf-8")
            tmp.replace(self.codes_path)


def _bot_name(opened: OpenTable, seat: int) -> str:
    taken = {s.name for s in opened.seats if s.name}
    number = sum(1 for s in opened.seats[: seat + 1] if s.bot is not None)
    name = f"Bot {number}"
    return name if name not in taken else f"Bot {number}.{seat + 1}"

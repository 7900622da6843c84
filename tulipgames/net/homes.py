"""Tables in worker processes: each has a home worker, the main process only routes.

With ``tulipgames serve --workers N`` a shared table lives in one worker, with the apps of
everybody at it: its seats and lobby while it waits for players, then its
:class:`~tulipgames.net.lobby.RemoteTable`, its bots, its clock, its presence and its chat; the
screens that redraw at each move are painted there. The main process carries the sessions'
bytes and keeps:

* the **directory** (:class:`Homes`, code -> worker index). A table opened in the main
  process's form gets a home at once (the worker with the fewest sessions, :meth:`Homes.opened`:
  the table goes there in a ``TABLE`` frame, and the host's session after it). A session that
  opens, joins, watches or returns to a table a worker holds is handed to that worker, with the
  table's entry (:func:`table_entry`), exactly as a worker's menu hands a session to the main
  process: the app there ends (its last frame stays on the screen) and the session's app starts
  again in the worker, at the table. A player seated at a live table logs in straight to its
  worker; a live table found only in the store (after a restart) gets a home when first wanted.
* the tables that stay with it: play-by-mail tables (their clocks run for days, the e-mail
  notices are sent from the main process) and a table a plain-text (``ssh -T``) session opened
  there or sits at when it starts (:meth:`Homes.started` hands over a table that started in
  the main process otherwise).
* what the menus need of the workers' tables, which each worker sends as a **digest** when its
  tables change (:func:`digest`: the tables' listing lines and players, the decisions waiting
  for each player, the invitations): "Join a table (3 open)", "Your tables (2, 1 your turn)",
  the turn notices and invitations of a player anywhere come from the main process's lobby
  plus these digests (:meth:`Homes.listing`, :meth:`Homes.waiting_for`,
  :meth:`Homes.invites_for`).

A table's moves are written to the server's store by its worker (SQLite in WAL mode takes
writers from several processes; a save's revision refuses a writer that is behind). A worker
that dies takes its sessions with it, as before, and its tables with them: the directory
forgets them, and a player who reconnects is routed (:meth:`Homes.seat_of`) to a live worker,
which brings a started table back from the store at the last committed move (a table still
waiting for players is lost, as it was when the whole server stopped).

With ``--database`` (nodes on one PostgreSQL database) the tables stay in the main process,
which holds their leases (see ``docs/ssh.md``); with ``--workers 0`` everything is in one
process, as always.
"""

from __future__ import annotations

import asyncio
import json
import os
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tulipgames.net.lobby import Invite, Lobby, OpenTable, TableError, TableSettings, Waiting
from tulipgames.net.worker import ONLINE, TABLE, WorkerPool

#: A menu entry that opens one table, by its code (the session was routed to its home).
TABLE_ENTRY = "net:table:"
#: Seconds the main process keeps its copy of a table it handed to a worker (the screens
#: still showing it are on their way there; a lobby screen must not read "closed").
LET_GO_AFTER = 3.0
#: Seconds a worker gathers its lobby's changes before it sends a digest.
DIGEST_DELAY = 0.1
#: Set for the workers when the operator logs the tables' chat (``serve --log-chat``).
LOG_CHAT_ENV = "TULIPGAMES_LOG_CHAT"


def table_entry(code: str) -> str:
    return TABLE_ENTRY + code


def parse_table_entry(entry: str) -> str | None:
    """The code a table entry names, else ``None``."""
    if not entry.startswith(TABLE_ENTRY):
        return None
    code = entry[len(TABLE_ENTRY):].strip().upper()
    return code or None


def code_in(answer: str) -> str | None:
    """The code of a plain-text answer that names a table (``join K7QM``, ``watch k7qm``)."""
    word, _, rest = answer.strip().partition(" ")
    code = rest.replace(" ", "").upper()
    return code if word.lower() in ("join", "watch") and code else None


@dataclass(frozen=True)
class ForeignTable:
    """A table a worker holds, as this process's lists of tables show it."""

    code: str
    line: str
    over: bool = False
    started: bool = True

    def summary(self) -> str:
        return self.line


def _ended(settings: dict[str, Any]) -> bool:
    decided = settings.get("decided")
    return isinstance(decided, dict) and bool(decided.get("ended"))


# -- the main process ---------------------------------------------------------------------------
class Homes:
    """The main process's directory of the tables the workers hold (see the module)."""

    def __init__(self, server: Any, lobby: Lobby, pool: WorkerPool) -> None:
        self.server = server
        self.lobby = lobby
        self.pool = pool
        #: Join code -> the index of the worker holding it (or sent its players to it).
        self.directory: dict[str, int] = {}
        #: Each worker's last digest (:func:`digest`).
        self.digests: dict[int, dict[str, Any]] = {}
        self._online: list[str] | None = None
        lobby.homes = self
        pool.on_digest = self.heard
        pool.on_lost = self.lost

    @staticmethod
    def entry(code: str) -> str:
        return table_entry(code)

    # -- where a table is ----------------------------------------------------------------------
    def where(self, code: str) -> int | None:
        """The live worker holding table ``code``, if any."""
        worker = self.directory.get(code.strip().upper())
        return worker if worker is not None and self.pool.alive(worker) else None

    def movable(self, code: str) -> bool:
        """Whether table ``code`` may get a home worker: a live game in the store that this
        process does not hold (not by mail: those stay here, with their clocks and notices)."""
        if code in self.lobby.tables or self.lobby.store is None or not self.pool.live:
            return False
        found = self.lobby.store.shared_save(code)
        if found is None:
            return False
        settings = found[1]
        return not TableSettings.from_json(settings).mail and not _ended(settings)

    def assign(self, code: str) -> int:
        """Give table ``code`` a home: the live worker with the fewest sessions."""
        worker = self.pool.place().index
        self.directory[code] = worker
        return worker

    def route(self, entry: str) -> int | None:
        """Where a session that asked for ``entry`` goes: the worker holding the table a
        table entry names (given one if it has none yet), else ``None``: this process."""
        code = parse_table_entry(entry)
        if code is None:
            return None
        worker = self.where(code)
        if worker is None and self.movable(code):
            worker = self.assign(code)
        return worker

    def seat_of(self, name: str) -> tuple[str, int] | None:
        """The live table (code, worker) a player logging in goes straight to: their newest
        live seat that this process does not hold, given a home if it has none yet."""
        if not self.pool.live:
            return None
        for row in self.lobby.your_tables(name):
            worker = self.where(row.code)
            if worker is not None:
                return row.code, worker
            if row.code in self.lobby.tables or TableSettings.from_json(row.settings).mail:
                continue
            return row.code, self.assign(row.code)
        return None

    # -- moving sessions -------------------------------------------------------------------
    def _session_of(self, app: Any) -> Any:
        if app is None:
            return None
        for session in self.server.sessions:
            if getattr(session, "_app", None) is app and hasattr(session, "_release"):
                return session
        return None

    def take(self, code: str) -> None:
        """``Lobby.find`` asks for table ``code``: if a worker holds it (or it is a live game
        in the store that should get a home), the session asking is handed to that worker
        and :class:`TableError` stops the caller here. A plain-text session here (a thread,
        no app) cannot move: a table a worker holds is out of its reach (it is told how to
        get there), any other it brings back into this process."""
        from tulipgames.net.lobby import _current_app

        key = code.strip().upper()
        worker = self.where(key)
        session = self._session_of(_current_app())
        if session is not None and session._releasing:
            raise TableError(f"Taking you to table {key}...")  # on its way already
        if worker is None:
            if session is None or not self.movable(key):
                return
            worker = self.assign(key)
        elif session is None:
            raise TableError(f"table {key} is played elsewhere on this server: log in again "
                             f"and type join {key}")
        session._release(table_entry(key), worker)
        raise TableError(f"Taking you to table {key}...")

    def opened(self, opened: OpenTable) -> None:
        """A table was just opened here: unless it is by mail (its game will live here, with
        its clock and e-mail notices) or a plain-text session opened it, it gets a home
        worker at once, which takes its seats, lobby and start; the host's session goes
        there, and this process forgets its copy (the worker's is the table)."""
        from tulipgames.net.lobby import _current_app

        session = self._session_of(_current_app())
        if opened.settings.mail or session is None or not self.pool.live:
            return
        worker = self.assign(opened.code)
        data = Lobby._waiting_json(opened)
        self.pool.tell_one(worker, TABLE, json.dumps({"code": opened.code, "data": data}).encode())
        opened.closed = True  # (no hand-over, no "closed" from this copy as its screens go)
        opened.abandoned_hook = None
        del self.lobby.tables[opened.code]
        session._release(table_entry(opened.code), worker)

    def started(self, opened: OpenTable) -> None:
        """A waiting table of this process started: unless it is by mail (or a plain-text
        player sits at it), it gets a home worker, and every session here showing it goes
        there; this process's copy stops (no bot, no clock) and leaves a moment later."""
        table = opened.table
        if table is None or opened.settings.mail or not self.pool.live:
            return
        players = set(opened.humans()) | set(opened.watchers)
        if any(getattr(s, "_lines", None) is not None and s.username in players
               for s in self.server.sessions):
            return  # a plain-text player at it: the table stays here, where they are
        worker = self.assign(opened.code)
        table.runs_here = False
        table.close()
        for session in list(self.server.sessions):
            app = getattr(session, "_app", None)
            if app is None or not getattr(session, "running", False):
                continue
            if any(getattr(screen, "opened", None) is opened for screen in app.screen_stack):
                session._release(table_entry(opened.code), worker)

        def let_go() -> None:
            if self.lobby.tables.get(opened.code) is opened and self.where(opened.code) is not None:
                del self.lobby.tables[opened.code]

        asyncio.get_running_loop().call_later(LET_GO_AFTER, let_go)

    # -- what the workers tell ---------------------------------------------------------------
    def heard(self, worker: int, told: dict[str, Any]) -> None:
        """A worker's digest: its tables join the directory, the menus follow."""
        self.digests[worker] = told
        for table in told.get("tables", []):
            self.directory.setdefault(str(table["code"]), worker)
        self.lobby.listeners.publish(self.lobby)

    def lost(self, worker: int) -> None:
        """A worker died: its tables come back from the store wherever they are next wanted."""
        self.digests.pop(worker, None)
        self._online = None  # its replacement is told who is logged in at the next session
        for code in [code for code, index in self.directory.items() if index == worker]:
            del self.directory[code]
        self.lobby.listeners.publish(self.lobby)

    def tell_online(self) -> None:
        """Who is logged in, for the workers' tables (an invitation by name needs it)."""
        names = sorted({str(getattr(s, "username", "")) for s in self.server.sessions})
        if names != self._online:
            self._online = names
            self.pool.tell(ONLINE, json.dumps(names).encode())

    def _told(self) -> list[tuple[int, dict[str, Any]]]:
        return [(w, d) for w, d in self.digests.items() if self.pool.alive(w)]

    def listing(self) -> list[ForeignTable]:
        return [ForeignTable(str(t["code"]), str(t["line"]), started=bool(t.get("started")))
                for _, told in self._told() for t in told.get("tables", [])
                if not t.get("over") and t["code"] not in self.lobby.tables]

    def waiting_for(self, name: str) -> list[Waiting]:
        return [Waiting(str(code), str(title), int(number))
                for _, told in self._told()
                for who, code, title, number in told.get("waiting", []) if who == name]

    def invites_for(self, name: str) -> list[Invite]:
        return [Invite(int(i[0]), str(i[1]), str(i[2]), str(i[3]), str(i[4]), float(i[5]),
                       bool(i[6]))
                for _, told in self._told() for i in told.get("invites", []) if i[4] == name]


# -- a worker -----------------------------------------------------------------------------------
class HomeLobby(Lobby):
    """The lobby of a worker process: the tables the main process made it the home of
    (:attr:`routed`): opened there and sent here (:meth:`adopt`), or live ones brought back
    from the store when their first session arrives. The by-mail tables stay in the main
    process."""

    def __init__(self, store: Any, data_dir: Path | None) -> None:
        #: The codes of the tables the main process routed sessions to.
        self.routed: set[str] = set()
        #: Who is logged in anywhere (the main process says, :data:`ONLINE`).
        self.online_names: set[str] = set()
        super().__init__(store, data_dir)
        self.online = lambda name: name in self.online_names
        self.log_chat = os.environ.get(LOG_CHAT_ENV) == "1"

    def _bring_back_mail_tables(self) -> None:
        pass  # the main process holds them

    def _import_codes_file(self) -> None:
        pass  # the main process did

    def find(self, code: str) -> OpenTable:
        """A table of this worker; any other hands the session asking to the main process
        (which routes it on) and :class:`TableError` stops the caller."""
        from tulipgames.net.lobby import _current_app

        key = code.strip().upper()
        if key in self.tables or key in self.routed:
            return super().find(key)
        app = _current_app()
        move = getattr(app, "move_to_table", None)
        if move is None:  # a plain-text session: it reaches another table from the start
            if self.store is None or self.store.shared_save(key) is None:
                raise TableError(f"no table has the code {key!r}")
            raise TableError(f"table {key} is played elsewhere on this server: log in again "
                             f"and type join {key}")
        move(key)
        raise TableError(f"Taking you to table {key}...")

    def adopt(self, code: str, data: str) -> None:
        """A table the main process opened, waiting for players, is this worker's now."""
        self.routed.add(code)
        opened = self._waiting_copy(code, data)
        opened.abandoned_hook = lambda table: self.close(table.code)
        self.listeners.publish(self)

    def seated_live(self, name: str) -> OpenTable | None:
        """Only the tables in memory here: the main process routes a player to the others."""
        for opened in reversed(self.tables.values()):
            if (opened.started and not opened.over and not opened.settings.mail
                    and opened.seat_of(name) is not None):
                return opened
        return None


def digest(lobby: Lobby) -> dict[str, Any]:
    """What a worker tells the main process of its tables: each table's code, listing line,
    whether it is over and its players; the decisions waiting for each player; and the
    invitations still open (all numbered apart from the main process's, see worker_process)."""
    tables, waiting, invites = [], [], []
    players: set[str] = set()
    Lobby.listing(lobby)  # finished tables nobody looks at leave memory (as in the main process)
    for opened in list(lobby.tables.values()):
        tables.append({"code": opened.code, "line": opened.summary(), "over": opened.over,
                       "started": opened.started, "players": opened.humans()})
        players.update(opened.humans())
    for name in sorted(players):
        for found in Lobby.waiting_for(lobby, name):
            waiting.append([name, found.code, found.title, found.decision])
    for invite in list(lobby.invites):
        if invite in Lobby.invites_for(lobby, invite.invitee):
            invites.append([invite.number, invite.code, invite.title, invite.inviter,
                            invite.invitee, invite.at, invite.watch])
    return {"tables": tables, "waiting": waiting, "invites": invites}


class DigestSender:
    """Sends a worker's digest to the main process a moment after its lobby changed."""

    def __init__(self, lobby: Lobby, send: Callable[[bytes], None]) -> None:
        self.lobby = lobby
        self.send = send
        self._pending = False
        self._last = b""
        lobby.listeners.add(self.soon)

    def soon(self, *_: Any) -> None:
        if not self._pending:
            self._pending = True
            asyncio.get_running_loop().call_later(DIGEST_DELAY, self._send)

    def _send(self) -> None:
        self._pending = False
        payload = json.dumps(digest(self.lobby)).encode()
        if payload != self._last:
            self._last = payload
            self.send(payload)

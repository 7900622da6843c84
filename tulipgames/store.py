"""The store: saved games, finished games with their results, and high scores.

One SQLite database file, ``tulipgames.sqlite3``, in the data directory (``--data-dir``, else the
environment variable ``TULIPGAMES_HOME``, else platformdirs' user data dir). WAL journaling lets
several SSH sessions of one server share it. ``tulipgames serve --database postgresql://...``
keeps the same data as one player's rows of a PostgreSQL database instead (:mod:`store_pg`);
the SQL is the same for both and runs through one :class:`Connection` interface.

A saved game is its :class:`GameRecord` as JSON, so resuming is a replay. :meth:`Store.persist` is
given to a :class:`Table` and runs after every action and before any screen redraws, so a killed
process loses nothing. When the last action ends the game, the same transaction marks the save
finished, stores the :class:`Result` and adds the human seats' high scores.

Two screens on one save (two processes, two SSH sessions of one player) must not overwrite each
other's moves, so every save has a ``revision``: a write names the revision its table last saw
and is refused with :class:`SaveConflict` when the save moved on meanwhile.

A save with no action played is not a game yet: it is not offered for resume, and one left empty
for a day is deleted when a store opens.

A save that cannot be read (damaged JSON, a replay that fails, a newer format or rules version, a
game this version lacks) is listed with its reason and never changed or deleted: a newer
tulipgames may still open it. A database that cannot be used is reported with what is wrong
(read-only, disk full, locked, damaged), and a healthy database is never called damaged.
"""

from __future__ import annotations

import asyncio
import errno
import json
import logging
import os
import re
import shutil
import sqlite3
import threading
from collections.abc import Callable, Iterator, Mapping
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple, Protocol

from tulipgames import __version__, games
from tulipgames.engine.core import Result
from tulipgames.engine.record import (
    RECORD_FORMAT,
    GameRecord,
    RecordError,
    check_seats,
    parse_json,
    shown,
)
from tulipgames.table import SaveConflict, SaveFailed, Table

if TYPE_CHECKING:
    from tulipgames import store_pg

DB_NAME = "tulipgames.sqlite3"
ENV_HOME = "TULIPGAMES_HOME"
#: The PostgreSQL database of ``tulipgames serve --database``, for the server's processes (its
#: workers inherit it): :func:`player_store` opens a player's store there.
ENV_DATABASE = "TULIPGAMES_DATABASE"
#: An empty save (no action) older than this is deleted when a store opens.
EMPTY_SAVE_LIFETIME = timedelta(days=1)
#: ``"format"`` and ``"version"`` of an exported record file (docs/records.md).
EXPORT_FORMAT = "tulipgames-record"
EXPORT_VERSION = 1
#: A variant (the high-score table a game counts for: "", "solo", "daily") as a file may name it.
VARIANT_RULE = re.compile(r"[a-z0-9_-]{0,32}")


class Cursor(Protocol):
    """What the store reads of a statement it ran (``sqlite3.Cursor``, ``psycopg.Cursor``)."""

    @property
    def rowcount(self) -> int: ...

    def fetchone(self) -> Any: ...

    def fetchall(self) -> list[Any]: ...

    def __iter__(self) -> Iterator[Any]: ...


class Connection(Protocol):
    """The one interface the store's SQL runs through, inside a transaction: SQLite's
    (:class:`SqliteConnection`, the default) or PostgreSQL's (``store_pg.PgConnection``).
    Statements use ``?`` placeholders and the SQL both databases understand; the few words
    PostgreSQL lacks (``instr``) are functions its schema defines."""

    def execute(self, sql: str, params: Any = ()) -> Cursor: ...

    def insert(self, sql: str, params: Any = ()) -> int:
        """Run an ``INSERT`` and return the new row's ``id``."""
        ...


class SqliteConnection:
    """An ``sqlite3.Connection`` as a :class:`Connection`."""

    def __init__(self, raw: sqlite3.Connection) -> None:
        self.raw = raw

    def execute(self, sql: str, params: Any = ()) -> sqlite3.Cursor:
        return self.raw.execute(sql, params)

    def insert(self, sql: str, params: Any = ()) -> int:
        return int(self.raw.execute(sql, params).lastrowid or 0)


_SCHEMA_V1 = (
    """CREATE TABLE IF NOT EXISTS saves (
    id INTEGER PRIMARY KEY,
    game TEXT NOT NULL,
    title TEXT NOT NULL,
    names TEXT NOT NULL,
    variant TEXT NOT NULL DEFAULT '',
    record TEXT NOT NULL,
    status TEXT NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'finished')),
    result TEXT,
    created TEXT NOT NULL,
    updated TEXT NOT NULL
)""",
    "CREATE INDEX IF NOT EXISTS saves_status ON saves (status, updated)",
    """CREATE TABLE IF NOT EXISTS scores (
    id INTEGER PRIMARY KEY,
    game TEXT NOT NULL,
    variant TEXT NOT NULL DEFAULT '',
    name TEXT NOT NULL,
    score INTEGER NOT NULL,
    detail TEXT NOT NULL DEFAULT '',
    seed INTEGER,
    date TEXT NOT NULL,
    save_id INTEGER REFERENCES saves (id)
)""",
    "CREATE INDEX IF NOT EXISTS scores_game ON scores (game, variant, score)",
)


def _migrate_to_2(db: Connection) -> None:
    """Schema 2: each save's ``revision``, so a writer that is behind can be refused."""
    db.execute("ALTER TABLE saves ADD COLUMN revision INTEGER NOT NULL DEFAULT 0")


def _migrate_to_3(db: Connection) -> None:
    """Schema 3: shared tables of ``tulipgames serve`` are saves too. ``code`` is the table's
    join code, ``shared`` its settings (clock, stand-in bots, spectators) as JSON, and
    ``to_act`` the seats whose turn it is, written with every move, so "Your tables" lists
    whose turn it is without replaying a game."""
    db.execute("ALTER TABLE saves ADD COLUMN code TEXT")
    db.execute("ALTER TABLE saves ADD COLUMN shared TEXT")
    db.execute("ALTER TABLE saves ADD COLUMN to_act TEXT NOT NULL DEFAULT '[]'")
    db.execute("CREATE INDEX IF NOT EXISTS saves_code ON saves (code, id)")


#: A finished save's seed, from its record: only when SQLite holds it exactly (a seed past
#: 64 bits comes back as a float, so it stays NULL and is read from the record instead).
_SEED_OF_RECORD = (
    "CASE WHEN json_valid(record) AND typeof(json_extract(record, '$.seed')) = 'integer' "
    "THEN json_extract(record, '$.seed') END"
)


#: The kind :meth:`Store.finished` gives a human seat a stand-in bot played for (its record's
#: ``standins``): the result counts for "the stand-in bots", never as its player's own win.
STANDIN_KIND = "bot:stand-in"


def _seat_kind_sql(record: str, seat: str) -> str:
    """SQL for one seat's kind as :func:`seat_kinds` gives it: the record's ``kind`` (a seat
    without one is human), a human seat with stand-in moves as :data:`STANDIN_KIND`.
    ``seat`` is a ``json_each`` row over the record's seats."""
    kind = (f"coalesce(CASE WHEN {seat}.type = 'object' "
            f"THEN json_extract({seat}.value, '$.kind') END, 'human')")
    return (f"CASE WHEN {kind} = 'human' AND EXISTS (SELECT 1 FROM json_each({record}, "
            f"'$.standins') AS standin WHERE standin.value = {seat}.key) "
            f"THEN '{STANDIN_KIND}' ELSE {kind} END")


#: Its seats' kinds as a JSON list (``["human", "bot:hard"]``; a seat without one is human).
_KINDS_OF_RECORD = (
    "CASE WHEN json_valid(record) AND json_type(record, '$.seats') = 'array' THEN ("
    f"SELECT json_group_array({_seat_kind_sql('record', 'seat')}) "
    "FROM json_each(record, '$.seats') AS seat) END"
)
#: One ``seat_results`` row per seat of the finished saves that ``{which}`` picks, read from
#: the save's names, record (seat kinds) and result (totals, ranks), and the seat's score
#: detail. A damaged save gives no seats (json_each of ``{{}}``) rather than an error that would
#: refuse the move that finished it.
_SEAT_ROWS = (
    "INSERT OR REPLACE INTO seat_results "
    "(save_id, seat, game, finished, seats, name, kind, score, place, detail) "
    "SELECT saves.id, seat.key, saves.game, saves.updated, json_array_length(saves.names), "
    "json_extract(saves.names, '$[' || seat.key || ']'), "
    f"{_seat_kind_sql('saves.record', 'seat')}, "
    "json_extract(saves.result, '$.totals[' || seat.key || ']'), "
    "json_extract(saves.result, '$.ranks[' || seat.key || ']'), "
    "coalesce((SELECT detail FROM scores WHERE scores.save_id = saves.id "
    "AND scores.name = json_extract(saves.names, '$[' || seat.key || ']') LIMIT 1), '') "
    "FROM saves, json_each(CASE WHEN json_valid(saves.record) AND json_valid(saves.names) "
    "AND json_valid(saves.result) AND json_type(saves.record, '$.seats') = 'array' "
    "AND json_type(saves.names) = 'array' THEN saves.record ELSE '{{}}' END, '$.seats') AS seat "
    "WHERE saves.status = 'finished' AND {which}"
)


#: Who a ``seat_results`` row counts for (``tulipgames.stats.who``), and a row that is whole.
_WHO = "CASE WHEN kind = 'human' THEN name ELSE kind END"
_WHOLE_SEAT = (
    "name IS NOT NULL AND kind IS NOT NULL AND score IS NOT NULL AND place IS NOT NULL"
)


def _migrate_to_4(db: Connection) -> None:
    """Schema 4: what History and Statistics read, as columns, so they need not parse every
    game's whole record and result (10,000 games took two seconds of CPU).

    ``saves`` gets a finished game's ``seed`` and seat ``kinds``; ``seat_results`` has one row
    per seat of a finished game: its game, finish time, seat count, name, kind, score, place
    and score detail (the solo level). Both are filled here for the games finished before,
    and by triggers whenever a save is finished (or stored finished) and its scores added,
    so no writer has to remember them.
    """
    have = {row[1] for row in db.execute("PRAGMA table_info(saves)")}
    for column, kind in (("seed", "INTEGER"), ("kinds", "TEXT")):
        if column not in have:  # (a database taken back to an older schema by hand keeps it)
            db.execute(f"ALTER TABLE saves ADD COLUMN {column} {kind}")
    db.execute(
        """CREATE TABLE IF NOT EXISTS seat_results (
    save_id INTEGER NOT NULL REFERENCES saves (id),
    seat INTEGER NOT NULL,
    game TEXT NOT NULL,
    finished TEXT NOT NULL,
    seats INTEGER NOT NULL,
    name TEXT,
    kind TEXT,
    score INTEGER,
    place INTEGER,
    detail TEXT NOT NULL DEFAULT '',
    PRIMARY KEY (save_id, seat)
) WITHOUT ROWID"""
    )
    db.execute("CREATE INDEX IF NOT EXISTS scores_save ON scores (save_id, name)")
    fill = f"UPDATE saves SET seed = {_SEED_OF_RECORD}, kinds = {_KINDS_OF_RECORD}"
    db.execute(f"{fill} WHERE status = 'finished'")
    db.execute(_SEAT_ROWS.format(which="1"))
    for event in ("INSERT", "UPDATE OF status, names, record, result, updated"):
        name = "saves_finished_" + event.split()[0].lower()
        db.execute(
            f"CREATE TRIGGER IF NOT EXISTS {name} AFTER {event} ON saves "
            "WHEN NEW.status = 'finished' BEGIN "
            f"{fill} WHERE id = NEW.id; "
            "DELETE FROM seat_results WHERE save_id = NEW.id; "
            f"{_SEAT_ROWS.format(which='saves.id = NEW.id')}; END"
        )
    db.execute(
        "CREATE TRIGGER IF NOT EXISTS saves_deleted AFTER DELETE ON saves BEGIN "
        "DELETE FROM seat_results WHERE save_id = OLD.id; END"
    )
    # a finished game's scores are added after it is marked finished: their details follow
    db.execute(
        "CREATE TRIGGER IF NOT EXISTS scores_detail AFTER INSERT ON scores "
        "WHEN NEW.save_id IS NOT NULL BEGIN "
        "UPDATE seat_results SET detail = NEW.detail WHERE save_id = NEW.save_id "
        "AND name = NEW.name AND kind = 'human' AND detail = ''; END"
    )


def _to_act(table: Table) -> str:
    """The seats that must act now, as stored in ``saves.to_act`` (none once it is over)."""
    return json.dumps([] if table.state.is_over() else list(table.to_act()))


def _is_empty(record_text: str) -> bool:
    """A save with no action played. An unreadable one or one of a newer record format is
    not: it is listed with its reason and left alone."""
    try:
        data = parse_json(record_text)  # a damaged one (Infinity, deep nesting) raises here
        return int(data.get("format", 1)) <= RECORD_FORMAT and data["actions"] == []
    except (ValueError, TypeError, KeyError, AttributeError):
        return False


def _create_v1(db: Connection) -> None:
    for statement in _SCHEMA_V1:
        db.execute(statement)


#: Step ``n`` brings a database from schema ``n`` to ``n + 1``; ``PRAGMA user_version`` says
#: which steps a database has had.
_MIGRATIONS: tuple[Callable[[Connection], None], ...] = (
    _create_v1, _migrate_to_2, _migrate_to_3, _migrate_to_4,
)
SCHEMA_VERSION = len(_MIGRATIONS)


class StoreError(RuntimeError):
    """The database cannot be used; the message says what is wrong and what to do.

    ``kind`` is one of ``read-only``, ``full``, ``locked``, ``damaged``, ``newer``, ``io`` or
    ``other``.
    """

    def __init__(self, message: str, kind: str = "other") -> None:
        super().__init__(message)
        self.kind = kind


class WriteFailed(StoreError, SaveFailed):
    """The database refused a write (disk full, read-only, locked, I/O); nothing was saved.

    A :class:`SaveFailed` for the table that tried to save, a :class:`StoreError` for callers
    that only know the store.
    """


class SaveError(ValueError):
    """A saved game that cannot be opened, with the reason a player can read."""


def _read_only_reason(path: Path) -> str | None:
    """Which part of the data directory cannot be written, if any."""
    directory = path.parent
    if not os.access(directory, os.W_OK):
        return f"the data directory {directory} is read-only"
    for part in (path, path.with_name(path.name + "-wal"), path.with_name(path.name + "-shm")):
        if part.exists() and not os.access(part, os.W_OK):
            return f"the database file {part} is read-only"
    return None


def _disk_nearly_full(directory: Path) -> bool:
    try:
        return shutil.disk_usage(directory).free < 256 * 1024
    except OSError:
        return False


def diagnose(exc: sqlite3.Error | OSError, path: Path) -> tuple[str, str]:
    """``(kind, reason)`` for a failure of the database at ``path``, in a player's words.

    SQLite's own words are misleading here ("unable to open database file" for a directory
    that cannot be written, "disk I/O error" for a write the file system refused), so the
    reason also looks at the directory: is it writable, is its disk full.
    """
    if isinstance(exc, OSError):
        if exc.errno in (errno.ENOSPC, errno.EDQUOT):
            return "full", "the disk is full"
        if exc.errno in (errno.EACCES, errno.EPERM, errno.EROFS):
            return "read-only", _read_only_reason(path) or f"permission denied ({exc})"
        return "io", str(exc)
    name = str(getattr(exc, "sqlite_errorname", ""))  # Python 3.11+
    text = str(exc).lower()
    if "SQLITE_FULL" in name or "disk is full" in text:
        return "full", "the disk is full"
    if "READONLY" in name or "SQLITE_PERM" in name or "readonly" in text:
        return "read-only", _read_only_reason(path) or "the database is read-only"
    if "CANTOPEN" in name or "unable to open" in text:
        reason = _read_only_reason(path)
        if reason is not None:
            return "read-only", reason
        return "io", f"the database file cannot be opened ({exc})"
    if "BUSY" in name or "LOCKED" in name or "locked" in text:
        return "locked", "another program is writing to the database and did not let go"
    if "NOTADB" in name or "not a database" in text:
        return "damaged", "it is not an SQLite database, or its first page is damaged"
    if "CORRUPT" in name or "malformed" in text:
        return "damaged", f"it is damaged ({exc})"
    if "IOERR" in name or "i/o error" in text:
        if _disk_nearly_full(path.parent):
            return "full", "the disk is full"
        return "io", f"the disk refused a write ({exc}): it may be full, over a quota or failing"
    return "other", str(exc)


def _open_failure(exc: sqlite3.Error | OSError, path: Path) -> StoreError:
    """The one-line explanation of a database that cannot be opened, with what to do."""
    kind, reason = diagnose(exc, path)
    advice = {
        "read-only": f"cannot save games in {path.parent}: {reason}; fix its permissions or "
        "choose another directory with --data-dir (your saves are untouched)",
        "full": f"cannot save games in {path.parent}: {reason}; free some space and start "
        "again (your saves are untouched)",
        "locked": f"the tulipgames database {path} is busy: {reason}; close the other "
        "program or try again",
        "damaged": f"the tulipgames database {path} cannot be read: {reason}; tulipgames did "
        f"not change it. Keep a copy: `sqlite3 {path} .recover` can often rescue its games",
    }
    return StoreError(advice.get(kind, f"cannot use the tulipgames database {path}: {reason}"),
                      kind)


def default_data_dir() -> Path:
    """``$TULIPGAMES_HOME`` if set, else the platform's user data directory."""
    home = os.environ.get(ENV_HOME)
    if home:
        return Path(home).expanduser()
    from platformdirs import user_data_dir

    return Path(user_data_dir("tulipgames", appauthor=False))


def player_store(directory: Path, name: str) -> Store:
    """A player's own store in a server's process: ``name``'s rows in the PostgreSQL database
    of ``serve --database`` (:data:`ENV_DATABASE`, which its workers inherit), else the SQLite
    file in their folder ``directory``."""
    database = os.environ.get(ENV_DATABASE) or None
    return Store(directory, database=database, player=name if database else None)


#: The thread that copies finished shared games into their players' stores (one, so the copies
#: are written in order and never crowd the server's cores).
_HISTORIES = ThreadPoolExecutor(max_workers=1, thread_name_prefix="tulipgames-histories")


def add_to_histories(store: Store | None, table: Table, players: Mapping[str, Path]) -> None:
    """Copy a finished shared game into each of its players' own store (``players``: name to
    their folder), so it shows in their History, statistics and high scores.

    On a running event loop (the server) the copies are written by a thread of their own:
    opening and writing each player's store took about 56 ms per player on SQLite, during
    which no other table moved. :func:`wait_for_histories` waits for them.
    """
    record_text, game, code = table.record.dumps(), table.game, getattr(table, "code", None)
    log = logging.getLogger("tulipgames.serve")

    def copy() -> None:
        for name, directory in players.items():
            try:
                own = store.for_player(name, directory) if store else Store(directory)
            except StoreError as exc:
                log.warning("cannot add table %s to %s's history: %s", code, name, exc)
                continue
            try:
                own.import_record(Table(game, GameRecord.loads(record_text)))
            except (SaveError, StoreError, RecordError) as exc:
                log.warning("cannot add table %s to %s's history: %s", code, name, exc)
            finally:
                own.close()

    try:
        asyncio.get_running_loop()
    except RuntimeError:
        copy()  # no loop to keep free (a script, a test): at once
        return
    _HISTORIES.submit(copy)


def wait_for_histories() -> None:
    """Return once every copy :func:`add_to_histories` started is written."""
    _HISTORIES.submit(lambda: None).result()


def now() -> str:
    """A UTC timestamp as stored in the database (ISO 8601, seconds)."""
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


@dataclass(frozen=True)
class SaveInfo:
    """One row of the Resume list. ``problem`` is why it cannot be opened, or ``None``."""

    id: int
    game: str
    title: str
    names: tuple[str, ...]
    variant: str
    status: str
    created: str
    updated: str
    moves: int
    problem: str | None
    #: The save's revision when listed: :meth:`Store.delete` refuses if it moved on since.
    revision: int = 0

    @property
    def playable(self) -> bool:
        return self.problem is None


@dataclass(frozen=True)
class FinishedGame:
    """A finished game for the History screen."""

    id: int
    game: str
    title: str
    names: tuple[str, ...]
    variant: str
    result: Result
    seed: int
    finished: str
    #: Each seat's kind (``"human"``, ``"bot:hard"``) and high-score detail (a solo level).
    kinds: tuple[str, ...] = ()
    details: tuple[str, ...] = ()


class SeatResult(NamedTuple):
    """One seat of a finished game, for Statistics (a tuple: 10,000 games make 25,000)."""

    save_id: int
    game: str
    #: When the game finished (UTC, ISO 8601).
    finished: str
    #: How many seats the game had.
    seats: int
    seat: int
    name: str
    #: ``"human"`` or a bot's level (``"bot:hard"``).
    kind: str
    score: int
    place: int
    #: A human seat's high-score detail (the Flower Shop solo level), else ``""``.
    detail: str


@dataclass(frozen=True)
class HighScore:
    """One entry of a game's high-score list."""

    game: str
    variant: str
    name: str
    score: int
    detail: str
    seed: int | None
    date: str


@dataclass(frozen=True)
class SharedTable:
    """One row of "Your tables": a shared table's game in progress and whose turn it is."""

    id: int
    code: str
    title: str
    names: tuple[str, ...]
    #: The seats played by people (not bots).
    humans: tuple[int, ...]
    #: The seats that must act now.
    to_act: tuple[int, ...]
    #: When the last move was played (UTC, ISO 8601): the turn has waited since then.
    since: str
    settings: dict[str, Any]


def _settings(text: str | None) -> dict[str, Any]:
    try:
        data = json.loads(text or "{}")
    except ValueError:
        return {}
    return data if isinstance(data, dict) else {}


def result_from_json(data: dict[str, Any]) -> Result:
    """The inverse of :meth:`Result.to_json`."""
    return Result(
        categories=tuple(data["categories"]),
        breakdown=tuple(tuple(row) for row in data["breakdown"]),
        totals=tuple(data["totals"]),
        ranks=tuple(data["ranks"]),
        tiebreak=data.get("tiebreak", ""),
        tiebreak_values=tuple(data.get("tiebreak_values", ())),
    )


def score_detail(table: Table, seat: int) -> str:
    """The high-score detail for a seat: the game's own words if it has them, else the place.

    A game's state may define ``score_detail(seat) -> str`` (the Flower Shop solo level, say).
    """
    custom = getattr(table.state, "score_detail", None)
    if callable(custom):
        return str(custom(seat))
    result = table.state.result()
    if len(result.ranks) == 1:
        return ""
    return f"place {result.ranks[seat]} of {len(result.ranks)}"


#: The mark a high-score detail carries when its player asked the coach for hints.
HINTS_MARK = "(hints)"


def hinted(detail: str, hints: bool) -> str:
    """A high-score detail, marked :data:`HINTS_MARK` when the player used hints."""
    return f"{detail} {HINTS_MARK}".strip() if hints else detail


def _has_score(db: Connection, game: str, variant: str, name: str, seed: int) -> bool:
    """Whether ``name`` already has a score of this game and variant on this deal."""
    row = db.execute(
        "SELECT 1 FROM scores WHERE game = ? AND variant = ? AND name = ? AND seed = ? LIMIT 1",
        (game, variant, name, seed),
    ).fetchone()
    return row is not None


def _insert_score(
    db: Connection,
    game: str,
    variant: str,
    name: str,
    score: int,
    detail: str,
    seed: int | None,
    date: str,
    save_id: int | None,
) -> None:
    db.execute(
        "INSERT INTO scores (game, variant, name, score, detail, seed, date, save_id) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        (game, variant, name, score, detail, seed, date, save_id),
    )


def seat_kinds(record: Mapping[str, Any]) -> tuple[str, ...]:
    """Each seat's kind in a stored record, a human seat with stand-in moves as
    :data:`STANDIN_KIND` (statistics count it so; high scores already left it out)."""
    standins = set(record.get("standins", ()))
    kinds = (str(seat.get("kind", "human")) for seat in record["seats"])
    return tuple(
        STANDIN_KIND if kind == "human" and seat in standins else kind
        for seat, kind in enumerate(kinds)
    )


class Store:
    """The database of one data directory, or one player's rows in a PostgreSQL database.
    Safe to share between the tasks and threads of one process.

    ``notice`` is something the player should hear about that is not a failure (a 0-byte
    database file that was started afresh), or ``None``.
    """

    def __init__(
        self,
        data_dir: Path | str | None = None,
        busy_timeout: float = 5.0,
        *,
        database: str | None = None,
        player: str | None = None,
    ) -> None:
        """Open (or create) the database; ``busy_timeout``: seconds to wait for another writer.

        With ``database`` (a ``postgresql://`` URL, ``tulipgames serve --database``) the store
        is ``player``'s rows in that database (``None``: the server's own store of shared
        tables) and ``data_dir`` is not used for it.

        Raises :class:`StoreError` saying what is wrong when the database cannot be used.
        """
        self.data_dir = Path(data_dir).expanduser() if data_dir else default_data_dir()
        self.path = self.data_dir / DB_NAME
        self.notice: str | None = None
        self._lock = threading.RLock()
        self.database = database
        self._pg: store_pg.Database | None = None
        if database is not None:
            self._open_postgres(database, player)
            return
        try:
            self.data_dir.mkdir(parents=True, exist_ok=True, mode=0o700)  # saves: private
            was_empty = self.path.exists() and self.path.stat().st_size == 0
            if not self.path.exists():  # made 0600 before SQLite opens it (-wal, -shm follow)
                os.close(os.open(self.path, os.O_CREAT | os.O_WRONLY, 0o600))
        except OSError as exc:
            raise _open_failure(exc, self.path) from exc
        try:
            self._db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
        except sqlite3.Error as exc:
            raise _open_failure(exc, self.path) from exc
        try:
            self._db.execute(f"PRAGMA busy_timeout = {int(busy_timeout * 1000)}")
            self._db.execute("PRAGMA journal_mode = WAL")
            # In WAL mode NORMAL still writes every commit to the WAL file before it returns,
            # so a killed process loses no move; only a crash of the whole machine may lose the
            # last moves (never the database). FULL would also fsync each commit: 4 ms a move.
            self._db.execute("PRAGMA synchronous = NORMAL")
            self._check()  # before any write: a damaged file is left exactly as it was
            self._migrate()
        except sqlite3.Error as exc:
            self._db.close()
            raise _open_failure(exc, self.path) from exc
        except StoreError:
            self._db.close()
            raise
        if was_empty:
            # SQLite's own empty database: nothing was in it, but something (a full disk, a
            # copy that failed) probably emptied it, so the player hears of it once.
            self.notice = (
                f"the database file {self.path} was empty (0 bytes), so no saved games were "
                "found; a new database was started in it"
            )

    def _open_postgres(self, url: str, player: str | None) -> None:
        try:
            from tulipgames import store_pg
        except ImportError as exc:
            raise StoreError(
                f'a PostgreSQL database needs pip install "tulipgames[postgres]" ({exc.name} '
                "is missing)", "other",
            ) from exc
        self.player = store_pg.SERVER if player is None else player
        self._pg = store_pg.database(url)
        where = store_pg.shown_url(url)
        try:
            with self._pg.transaction(self.player) as db:
                if not self._pg.migrated:
                    store_pg.migrate(db)
                self._delete_stale(db)
            self._pg.migrated = True
        except store_pg.NewerSchema as exc:
            raise StoreError(
                f"the database {where} was written by a newer tulipgames (schema {exc.version}, "
                f"this one knows {store_pg.SCHEMA_VERSION}); upgrade tulipgames to use it",
                "newer",
            ) from exc
        except store_pg.Error as exc:
            raise StoreError(f"cannot use the tulipgames database {where}: {exc}", "io") from exc

    def for_player(self, name: str, directory: Path) -> Store:
        """``name``'s own store beside this one: their rows in the same PostgreSQL database,
        or the SQLite file in ``directory`` (their folder in the server's data directory)."""
        if self.database is not None:
            return Store(directory, database=self.database, player=name)
        return Store(directory)

    def _delete_stale(self, db: Connection) -> None:
        """Delete the saves left empty (no action) for longer than :data:`EMPTY_SAVE_LIFETIME`."""
        cutoff = (datetime.now(timezone.utc) - EMPTY_SAVE_LIFETIME).isoformat(timespec="seconds")
        stale = db.execute(
            "SELECT id, record FROM saves WHERE status = 'active' AND updated < ?", (cutoff,),
        ).fetchall()
        for save_id, record_text in stale:
            if _is_empty(record_text):
                db.execute("DELETE FROM saves WHERE id = ?", (save_id,))

    def _migrate(self) -> None:
        """Bring the schema up to date in one transaction (another process may race us)."""
        with self._lock:
            version = self._db.execute("PRAGMA user_version").fetchone()[0]
            if version > SCHEMA_VERSION:
                raise StoreError(
                    f"the database {self.path} was written by a newer tulipgames (schema "
                    f"{version}, this one knows {SCHEMA_VERSION}); upgrade tulipgames to open it",
                    "newer",
                )
            self._db.execute("BEGIN IMMEDIATE")
            try:
                version = self._db.execute("PRAGMA user_version").fetchone()[0]
                for step in _MIGRATIONS[version:]:
                    step(SqliteConnection(self._db))
                # Written even when nothing changed: a database that cannot take this write
                # (read-only directory with a WAL file, full disk) is found out now, not at
                # the first move.
                self._db.execute(f"PRAGMA user_version = {max(version, SCHEMA_VERSION)}")
                self._delete_stale(SqliteConnection(self._db))
                self._db.execute("COMMIT")
            except BaseException:
                with suppress(sqlite3.Error):
                    self._db.execute("ROLLBACK")
                raise

    def _check(self) -> None:
        """Read every page once, so damage is reported now rather than as a crash later."""
        rows = self._db.execute("PRAGMA quick_check").fetchall()
        if [tuple(row) for row in rows] != [("ok",)]:
            first = rows[0][0] if rows else "no answer"
            raise sqlite3.DatabaseError(f"database disk image is malformed: {first}")

    def close(self) -> None:
        """Close an SQLite store's file (a PostgreSQL store's connections are the process's,
        kept for the next store)."""
        if self._pg is not None:
            return
        with self._lock:
            self._db.close()

    def _failure(self, exc: sqlite3.Error) -> WriteFailed:
        kind, reason = diagnose(exc, self.path)
        return WriteFailed(reason, kind)

    @contextmanager
    def _transaction(self) -> Iterator[Connection]:
        """One write transaction, committed before it returns (a move shown is a move
        committed); a database failure becomes :class:`WriteFailed`."""
        if self._pg is not None:
            from tulipgames import store_pg

            try:
                with self._pg.transaction(self.player) as db:
                    yield db
            except store_pg.Error as exc:
                raise WriteFailed(f"the database refused the write ({exc})", "io") from exc
            return
        with self._lock:
            try:
                self._db.execute("BEGIN IMMEDIATE")
            except sqlite3.Error as exc:
                raise self._failure(exc) from exc
            try:
                yield SqliteConnection(self._db)
                self._db.execute("COMMIT")
            except BaseException as exc:
                with suppress(sqlite3.Error):  # a failed COMMIT may have ended it already
                    self._db.execute("ROLLBACK")
                if isinstance(exc, sqlite3.Error):
                    raise self._failure(exc) from exc
                raise

    def _read(self, query: str, params: tuple[Any, ...] | list[Any] = ()) -> list[Any]:
        """Rows of a query; a database failure becomes a :class:`StoreError`."""
        if self._pg is not None:
            from tulipgames import store_pg

            try:
                return self._pg.read(self.player, query, params)
            except store_pg.Error as exc:
                raise StoreError(f"cannot read the database: {exc}", "io") from exc
        with self._lock:
            try:
                return self._db.execute(query, params).fetchall()
            except sqlite3.Error as exc:
                kind, reason = diagnose(exc, self.path)
                raise StoreError(f"cannot read {self.path}: {reason}", kind) from exc

    # -- saving -------------------------------------------------------------------------------
    def create(self, table: Table, variant: str = "", stamp: str | None = None) -> int:
        """Save a new table (sets ``table.save_id``, ``table.persist`` and ``table.revision``).

        Returns the id. Raises :class:`WriteFailed` when the database refuses the write.
        ``stamp``: when it was played, if not now (an imported game keeps its own date).
        """
        stamp = stamp or now()
        with self._transaction() as db:
            save_id = db.insert(
                "INSERT INTO saves (game, title, names, variant, record, created, updated, "
                "revision, to_act) VALUES (?, ?, ?, ?, ?, ?, ?, 0, ?)",
                (
                    table.game.id,
                    table.game.title,
                    json.dumps(table.names),
                    variant,
                    table.record.dumps(),
                    stamp,
                    stamp,
                    _to_act(table),
                ),
            )
            if table.state.is_over():
                self._finish(db, table, save_id, stamp)
        table.save_id = save_id
        table.revision = 0
        table.persist = self.persist
        return save_id

    def persist(self, table: Table) -> None:
        """Commit a table's record; ``Table.play`` calls this before redrawing any screen.

        A table without a save id is created first. The write is refused with
        :class:`SaveConflict` (holding the newer record) when the save moved on since
        ``table.revision`` (another screen saved first), and fails with :class:`WriteFailed`
        (a :class:`SaveFailed`) when the database refuses it; either way nothing on disk
        changes. The action that ends the game also marks the save finished and records its
        result and high scores, in the same transaction.
        """
        if table.save_id is None:
            self.create(table)
            return
        save_id, revision = table.save_id, table.revision
        stamp = now()
        with self._transaction() as db:
            cursor = db.execute(
                "UPDATE saves SET record = ?, updated = ?, revision = revision + 1, to_act = ? "
                "WHERE id = ? AND revision = ? AND status = 'active'",
                (table.record.dumps(), stamp, _to_act(table), save_id, revision),
            )
            if cursor.rowcount == 0:
                self._refuse(db, table)
                return  # the game was finished by this very table already: nothing to write
            if table.state.is_over():
                self._finish(db, table, save_id, stamp)
        table.revision = revision + 1

    def _refuse(self, db: Connection, table: Table) -> None:
        """Why a save's row did not take a write: raise, unless there is nothing to do."""
        row = db.execute(
            "SELECT record, revision, status FROM saves WHERE id = ?", (table.save_id,)
        ).fetchone()
        if row is None:
            raise SaveFailed(f"game #{table.save_id} is no longer in the store (it was deleted)")
        record_text, revision, status = row
        if status == "finished" and revision == table.revision:
            return
        try:
            newer = GameRecord.loads(record_text)
        except RecordError as exc:
            raise SaveFailed(
                f"game #{table.save_id} was changed elsewhere and cannot be read ({exc})"
            ) from exc
        raise SaveConflict(
            f"game #{table.save_id} was saved from another screen meanwhile "
            f"({len(newer.actions)} moves there); this move was not saved",
            record=newer,
            revision=int(revision),
        )

    def _finish(self, db: Connection, table: Table, save_id: int, stamp: str) -> None:
        result = table.state.result()
        db.execute(
            "UPDATE saves SET status = 'finished', result = ?, updated = ? WHERE id = ?",
            (json.dumps(result.to_json()), stamp, save_id),
        )
        variant = db.execute("SELECT variant FROM saves WHERE id = ?", (save_id,)).fetchone()[0]
        for seat in table.human_seats():
            if seat in table.record.standins:
                continue  # a stand-in bot played for this seat: not its player's own score
            if variant == "daily" and _has_score(
                db, table.game.id, variant, table.names[seat], table.record.seed
            ):
                continue  # the daily deal counts a player's first finished attempt of the day
            _insert_score(
                db, table.game.id, variant, table.names[seat], int(result.totals[seat]),
                hinted(score_detail(table, seat), seat in table.record.hints),
                table.record.seed, stamp, save_id,
            )

    def delete(self, save_id: int, revision: int | None = None) -> None:
        """Delete a game in progress (the Resume list's delete, after the player confirmed).

        Refuses with :class:`SaveError` an id that is not saved, a finished game (it stays in
        History with its scores) and, given the ``revision`` the player saw, a save that was
        played on since.
        """
        with self._transaction() as db:
            row = db.execute(
                "SELECT status, revision FROM saves WHERE id = ?", (save_id,)
            ).fetchone()
            if row is None:
                raise SaveError(f"there is no saved game {save_id}")
            if row[0] == "finished":
                raise SaveError(f"game {save_id} is finished; it stays in History")
            if revision is not None and row[1] != revision:
                raise SaveError(f"game {save_id} was played on meanwhile; it was not deleted")
            db.execute("DELETE FROM saves WHERE id = ?", (save_id,))

    # -- loading ------------------------------------------------------------------------------
    def load(self, save_id: int, **table_args: Any) -> Table:
        """Open a saved game as a live :class:`Table` that keeps saving to this store.

        Raises :class:`SaveError` with the reason when the save cannot be opened.
        """
        rows = self._read("SELECT record, revision FROM saves WHERE id = ?", (save_id,))
        if not rows:
            raise SaveError(f"there is no saved game {save_id}")
        record_text, revision = rows[0]
        return self._open(record_text, save_id, int(revision), table_args)

    def _open(
        self, record_text: str, save_id: int, revision: int, table_args: dict[str, Any]
    ) -> Table:
        try:
            record = GameRecord.loads(record_text)
            game = games.get_game(record.game)
            return Table(
                game, record, persist=self.persist, save_id=save_id, revision=revision,
                **table_args,
            )
        except (RecordError, games.UnknownGame) as exc:
            raise SaveError(str(exc)) from exc

    def count_active(self) -> int:
        """Games in progress with at least one move (readable or not), cheaply, for the menu."""
        rows = self._read("SELECT record FROM saves WHERE status = 'active'")
        return sum(1 for (record_text,) in rows if not _is_empty(record_text))

    def saves(self, status: str | None = "active", *, empty: bool = False) -> list[SaveInfo]:
        """Saved games, newest first, each checked by replaying it (``problem`` says why not).

        Games in progress with no move yet are left out (they are not games to go on with)
        unless ``empty`` is true.
        """
        query = (
            "SELECT id, game, title, names, variant, record, status, created, updated, revision "
            "FROM saves"
        )
        params: tuple[Any, ...] = ()
        if status is not None:
            query += " WHERE status = ?"
            params = (status,)
        rows = self._read(query + " ORDER BY updated DESC, id DESC", params)
        out = []
        for row in rows:
            save_id, game, title, names, variant, record_text, state, created, updated, rev = row
            if not empty and state == "active" and _is_empty(record_text):
                continue
            problem: str | None = None
            moves = 0
            try:
                table = self._open(record_text, save_id, rev, {})
                moves = len(table.record.actions)
            except SaveError as exc:
                problem = str(exc)
            try:
                name_list = tuple(str(n) for n in json.loads(names))
            except (ValueError, TypeError):
                name_list = ()
            out.append(
                SaveInfo(
                    save_id, game, title, name_list, variant, state, created, updated, moves,
                    problem, int(rev),
                )
            )
        return out

    # -- shared tables (tulipgames serve) -------------------------------------------------------
    def share(self, save_id: int, code: str, settings: Mapping[str, Any]) -> None:
        """Mark a save as the game of the shared table ``code`` with these settings."""
        with self._transaction() as db:
            db.execute(
                "UPDATE saves SET code = ?, shared = ? WHERE id = ?",
                (code, json.dumps(dict(settings)), save_id),
            )

    def shared_save(self, code: str) -> tuple[int, dict[str, Any]] | None:
        """The newest save of the table ``code`` (a rematch is a new save under the same code)
        and its settings, or ``None``."""
        rows = self._read(
            "SELECT id, shared FROM saves WHERE code = ? ORDER BY id DESC LIMIT 1", (code,)
        )
        if not rows:
            return None
        return int(rows[0][0]), _settings(rows[0][1])

    def shared_tables(self, name: str | None = None) -> list[SharedTable]:
        """Shared tables still being played, the one played on last first; with ``name``, only
        those where a seat of that name sits (one query, no replay: whose turn it is was
        stored with the last move)."""
        query = (
            "SELECT id, code, title, names, to_act, updated, shared, record FROM saves "
            "WHERE code IS NOT NULL AND status = 'active'"
        )
        params: tuple[Any, ...] = ()
        if name is not None:  # a cheap first cut; the seats are checked exactly below
            query += " AND instr(names, ?) > 0"
            params = (json.dumps(name),)
        rows = self._read(query + " ORDER BY updated DESC, id DESC", params)
        out = []
        newest: set[str] = set()
        for save_id, code, title, names, to_act, updated, shared, record_text in rows:
            if code in newest:
                continue  # an older game of a table that had a rematch
            newest.add(code)
            try:
                name_list = tuple(str(n) for n in json.loads(names))
                seats = json.loads(record_text)["seats"]
                humans = tuple(
                    i for i, seat in enumerate(seats) if seat.get("kind", "human") == "human"
                )
                waiting = tuple(int(seat) for seat in json.loads(to_act))
            except (ValueError, TypeError, KeyError, AttributeError, RecursionError):
                continue  # a damaged row is not offered; the code still finds it
            if name is not None and not any(name_list[i] == name for i in humans):
                continue
            out.append(SharedTable(
                int(save_id), str(code), str(title), name_list, humans, waiting, str(updated),
                _settings(shared),
            ))
        return out

    # -- history and high scores --------------------------------------------------------------
    def finished(self, game: str | None = None, limit: int | None = 50) -> list[FinishedGame]:
        """Finished games, newest first (``limit=None``: all of them).

        The seed and seat kinds come from their columns (schema 4); only a row without them
        (a seed past 64 bits, a damaged record) has its record parsed.
        """
        query = (
            "SELECT id, game, title, names, variant, result, seed, kinds, updated FROM saves "
            "WHERE status = 'finished'"
        )
        params: list[Any] = []
        if game is not None:
            query += " AND game = ?"
            params.append(game)
        query += " ORDER BY updated DESC, id DESC"
        if limit is not None:
            query += " LIMIT ?"
            params.append(limit)
        rows = self._read(query, params)
        details: dict[int, dict[str, str]] = {}
        detail_query = "SELECT save_id, name, detail FROM scores WHERE save_id IS NOT NULL"
        if limit is not None:  # History's few rows need only their own details
            ids = ",".join(str(int(row[0])) for row in rows) or "NULL"
            detail_query += f" AND save_id IN ({ids})"
        for save_id, name, detail in self._read(detail_query):
            details.setdefault(save_id, {})[name] = detail
        out = []
        for save_id, gid, title, names, variant, result, seed, kinds_text, updated in rows:
            try:
                if seed is None or kinds_text is None:
                    seed, kinds = self._seed_and_kinds(save_id)
                else:
                    kinds = tuple(str(kind) for kind in json.loads(kinds_text))
                name_list = tuple(str(n) for n in json.loads(names))
                found = details.get(save_id, {})
                out.append(
                    FinishedGame(
                        save_id, gid, title, name_list, variant,
                        result_from_json(json.loads(result)), int(seed), updated, kinds,
                        tuple(
                            found.get(name, "") if kind == "human" else ""
                            for name, kind in zip(name_list, kinds, strict=True)
                        ),
                    )
                )
            except (ValueError, TypeError, KeyError, AttributeError):
                continue  # a damaged history row is skipped, not shown half-read
        return out

    def _seed_and_kinds(self, save_id: int) -> tuple[int, tuple[str, ...]]:
        """A finished save's seed and seat kinds read from its record (the slow way, for a
        row whose columns could not hold them); raises on a damaged record."""
        record = json.loads(self._read("SELECT record FROM saves WHERE id = ?", (save_id,))[0][0])
        return int(record.get("seed", 0)), seat_kinds(record)

    def seat_results(self, player: str | None = None) -> list[SeatResult]:
        """Every seat of every finished game, or with ``player`` every seat of the games that
        player sat in (a human by name, a bot by its level, as ``tulipgames.stats`` counts
        them): one read of the ``seat_results`` columns, no JSON. Oldest game first."""
        query = (
            "SELECT save_id, game, finished, seats, seat, name, kind, score, place, detail "
            f"FROM seat_results WHERE {_WHOLE_SEAT}"
        )
        params: tuple[str, ...] = ()
        if player is not None:
            query += f" AND save_id IN (SELECT save_id FROM seat_results WHERE {_WHO} = ?)"
            params = (player,)
        rows = self._read(query + " ORDER BY finished, save_id, seat", params)
        return [SeatResult._make(row) for row in rows]

    def seat_players(self) -> list[str]:
        """Everyone with a seat in a finished game (a human by name, a bot by its level)."""
        rows = self._read(f"SELECT DISTINCT {_WHO} FROM seat_results WHERE {_WHOLE_SEAT}")
        return [str(row[0]) for row in rows]

    def daily_score(self, game: str, name: str, seed: int) -> int | None:
        """``name``'s score on the daily deal ``seed``: the first attempt they finished, the
        one the daily high scores keep (``None``: no attempt finished yet)."""
        rows = self._read(
            "SELECT score FROM scores WHERE game = ? AND variant = 'daily' AND name = ? "
            "AND seed = ? ORDER BY date, id LIMIT 1",
            (game, name, seed),
        )
        return int(rows[0][0]) if rows else None

    def add_high_score(
        self,
        game: str,
        name: str,
        score: int,
        *,
        variant: str = "",
        detail: str = "",
        seed: int | None = None,
        date: str | None = None,
    ) -> None:
        """Record a score by hand (finished games add theirs in :meth:`persist`)."""
        with self._transaction() as db:
            _insert_score(db, game, variant, name, score, detail, seed, date or now(), None)

    def high_scores(
        self, game: str, variant: str | None = None, limit: int = 10
    ) -> list[HighScore]:
        """Best scores of a game (one variant, or all), best first, earliest first on ties."""
        query = "SELECT game, variant, name, score, detail, seed, date FROM scores WHERE game = ?"
        params: list[Any] = [game]
        if variant is not None:
            query += " AND variant = ?"
            params.append(variant)
        query += " ORDER BY score DESC, date ASC, id ASC LIMIT ?"
        params.append(limit)
        return [HighScore(*row) for row in self._read(query, params)]

    # -- records in and out -------------------------------------------------------------------
    def export_record(self, save_id: int) -> dict[str, Any]:
        """A save as an export file's JSON object (docs/records.md).

        Any save whose record is JSON is exported, even one this version cannot open: a newer
        tulipgames may import it.
        """
        rows = self._read(
            "SELECT record, variant, status, updated FROM saves WHERE id = ?", (save_id,)
        )
        if not rows:
            raise SaveError(f"there is no saved game {save_id}")
        record_text, variant, status, updated = rows[0]
        try:
            record = json.loads(record_text)
        except (ValueError, RecursionError) as exc:
            raise SaveError(f"game {save_id} is damaged ({exc})") from exc
        data = {
            "format": EXPORT_FORMAT,
            "version": EXPORT_VERSION,
            "exported_by": f"tulipgames {__version__}",
            "exported": now(),
            "variant": variant,
            "finished": status == "finished",
            "record": record,
        }
        if status == "finished":
            data["finished_at"] = updated
        return data

    def import_record(self, table: Table, variant: str = "", played: str | None = None) -> int:
        """Add a record read by :func:`read_export` as a new save; returns its id.

        ``played`` is when the game was last played (its finish for a finished game, from the
        file; see :func:`played_at`): History and the high scores date the game by it, not by
        the import. Refuses with :class:`SaveError` a game with no move and one already in the
        store (the same seed, seats, options and moves).
        """
        if not table.record.actions:
            raise SaveError("the record has no moves: an empty game is not kept")
        same = self._read("SELECT id FROM saves WHERE record = ?", (table.record.dumps(),))
        if same:
            raise SaveError(f"this game is already in the store as game {same[0][0]}")
        return self.create(table, variant, played)


@dataclass(frozen=True)
class RecordFile:
    """An export file as read by :func:`read_record_file`."""

    #: The replayed game, not saved anywhere yet.
    table: Table
    variant: str
    #: When a finished game finished (UTC, ISO 8601 seconds), as the file says, else ``None``.
    played: str | None


def played_at(data: Mapping[str, Any], finished: bool, stamp: str | None = None) -> str | None:
    """When the game of an export file finished: its ``finished_at``, else (a file from before
    that field) the ``exported`` time, by which it had finished; ``None`` for an unfinished game
    or a date that cannot be read or lies ahead of ``stamp`` (now). Dates are informative: a
    bad one is not a reason to refuse the file."""
    if not finished:
        return None
    limit = datetime.fromisoformat(stamp or now())
    for key in ("finished_at", "exported"):
        text = data.get(key)
        if not isinstance(text, str) or len(text) > 40:
            continue
        try:
            when = datetime.fromisoformat(text)
        except ValueError:
            continue
        if when.tzinfo is None or when.year < 2000:
            continue
        when = when.astimezone(timezone.utc)
        if when <= limit:
            return when.isoformat(timespec="seconds")
    return None


def read_export(text: str) -> tuple[Table, str]:
    """Read an export file: the replayed table (not saved anywhere yet) and its variant
    (:func:`read_record_file` has its date too)."""
    read = read_record_file(text)
    return read.table, read.variant


def read_record_file(text: str) -> RecordFile:
    """Read an export file: the replayed table, its variant and when it was played.

    Raises :class:`RecordError` with a one-line reason for a file that is not an export,
    is damaged, comes from a newer tulipgames, or whose actions no longer replay.
    """
    try:
        data = parse_json(text)
    except RecordError as exc:
        raise RecordError(f"damaged file, {exc}") from exc
    if not isinstance(data, Mapping) or data.get("format") != EXPORT_FORMAT:
        raise RecordError(f"not a tulipgames record (no \"format\": \"{EXPORT_FORMAT}\")")
    version = data.get("version")
    if isinstance(version, bool) or not isinstance(version, int):
        raise RecordError("damaged file: its version is missing")
    if version > EXPORT_VERSION:
        raise RecordError(
            f"written by a newer tulipgames (record file version {version}, this one reads "
            f"{EXPORT_VERSION}); upgrade tulipgames to import it"
        )
    if not isinstance(data.get("record"), Mapping):
        raise RecordError("damaged file: it holds no record")
    record = GameRecord.from_json(data["record"])
    try:
        game = games.get_game(record.game)
    except games.UnknownGame as exc:
        raise RecordError(str(exc)) from exc
    if record.rules_version > game.rules_version:
        raise RecordError(
            f"played with newer {game.title} rules (version {record.rules_version}, this "
            f"tulipgames knows {game.rules_version}); upgrade tulipgames to import it"
        )
    check_seats(game, record)
    try:
        table = Table(game, record)
    except RecordError as exc:
        raise RecordError(f"its moves no longer replay: {exc}") from exc
    variant = data.get("variant", "")
    if not isinstance(variant, str) or VARIANT_RULE.fullmatch(variant) is None:
        raise RecordError(f"damaged file: its variant is {shown(variant)}")
    return RecordFile(table, variant, played_at(data, table.state.is_over()))

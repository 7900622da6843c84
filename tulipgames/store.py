"""SQLite store: saved games, finished games with their results, and high scores.

One database file, ``tulipgames.sqlite3``, in the data directory (``--data-dir``, else the
environment variable ``TULIPGAMES_HOME``, else platformdirs' user data dir). WAL journaling lets
several SSH sessions of one server share it.

A saved game is its :class:`GameRecord` as JSON, so resuming is a replay. :meth:`Store.persist` is
given to a :class:`Table` and runs after every action and before any screen redraws, so a killed
process loses nothing. When the last action ends the game, the same transaction marks the save
finished, stores the :class:`Result` and adds the human seats' high scores.

A save that cannot be read (damaged JSON, a replay that fails, a newer format or rules version, a
game this version lacks) is listed with its reason and never changed or deleted: a newer
tulipgames may still open it.
"""

from __future__ import annotations

import json
import os
import sqlite3
import threading
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from tulipgames import games
from tulipgames.engine.core import Result
from tulipgames.engine.record import GameRecord, RecordError
from tulipgames.table import Table

#: Bumped whenever the tables change; kept in ``PRAGMA user_version``.
SCHEMA_VERSION = 1
DB_NAME = "tulipgames.sqlite3"
ENV_HOME = "TULIPGAMES_HOME"

_SCHEMA = """
CREATE TABLE IF NOT EXISTS saves (
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
);
CREATE INDEX IF NOT EXISTS saves_status ON saves (status, updated);
CREATE TABLE IF NOT EXISTS scores (
    id INTEGER PRIMARY KEY,
    game TEXT NOT NULL,
    variant TEXT NOT NULL DEFAULT '',
    name TEXT NOT NULL,
    score INTEGER NOT NULL,
    detail TEXT NOT NULL DEFAULT '',
    seed INTEGER,
    date TEXT NOT NULL,
    save_id INTEGER REFERENCES saves (id)
);
CREATE INDEX IF NOT EXISTS scores_game ON scores (game, variant, score);
"""


class StoreError(RuntimeError):
    """The database cannot be used (corrupt file, newer schema, unwritable directory)."""


class SaveError(ValueError):
    """A saved game that cannot be opened, with the reason a player can read."""


def default_data_dir() -> Path:
    """``$TULIPGAMES_HOME`` if set, else the platform's user data directory."""
    home = os.environ.get(ENV_HOME)
    if home:
        return Path(home).expanduser()
    from platformdirs import user_data_dir

    return Path(user_data_dir("tulipgames", appauthor=False))


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


def _insert_score(
    db: sqlite3.Connection,
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


class Store:
    """The database of one data directory. Safe to share between the tasks of one process."""

    def __init__(self, data_dir: Path | str | None = None, busy_timeout: float = 5.0) -> None:
        """Open (or create) the database; ``busy_timeout``: seconds to wait for another writer."""
        self.data_dir = Path(data_dir).expanduser() if data_dir else default_data_dir()
        self.path = self.data_dir / DB_NAME
        self._lock = threading.RLock()
        try:
            self.data_dir.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise StoreError(f"cannot create the data directory {self.data_dir}: {exc}") from exc
        try:
            self._db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
            self._db.execute(f"PRAGMA busy_timeout = {int(busy_timeout * 1000)}")
            self._db.execute("PRAGMA journal_mode = WAL")
            self._migrate()
        except sqlite3.DatabaseError as exc:
            raise StoreError(
                f"the tulipgames database {self.path} is damaged or not a database ({exc}); "
                "move it away to start afresh"
            ) from exc

    def _migrate(self) -> None:
        version = self._db.execute("PRAGMA user_version").fetchone()[0]
        if version > SCHEMA_VERSION:
            raise StoreError(
                f"the database {self.path} was written by a newer tulipgames "
                f"(schema {version}, this one knows {SCHEMA_VERSION}); upgrade tulipgames"
            )
        if version < SCHEMA_VERSION:
            with self._lock:
                self._db.executescript(
                    f"BEGIN IMMEDIATE;{_SCHEMA}PRAGMA user_version = {SCHEMA_VERSION};COMMIT;"
                )

    def close(self) -> None:
        with self._lock:
            self._db.close()

    @contextmanager
    def _transaction(self) -> Iterator[sqlite3.Connection]:
        """One write transaction; any database failure becomes a :class:`StoreError`."""
        with self._lock:
            try:
                self._db.execute("BEGIN IMMEDIATE")
            except sqlite3.Error as exc:
                raise StoreError(f"cannot write to {self.path}: {exc}") from exc
            try:
                yield self._db
                self._db.execute("COMMIT")
            except BaseException as exc:
                with suppress(sqlite3.Error):  # a failed COMMIT may have ended it already
                    self._db.execute("ROLLBACK")
                if isinstance(exc, sqlite3.Error):
                    raise StoreError(f"cannot save to {self.path}: {exc}") from exc
                raise

    # -- saving -------------------------------------------------------------------------------
    def create(self, table: Table, variant: str = "") -> int:
        """Save a new table (sets ``table.save_id`` and ``table.persist``); returns the id."""
        stamp = now()
        with self._transaction() as db:
            cursor = db.execute(
                "INSERT INTO saves (game, title, names, variant, record, created, updated) "
                "VALUES (?, ?, ?, ?, ?, ?, ?)",
                (
                    table.game.id,
                    table.game.title,
                    json.dumps(table.names),
                    variant,
                    table.record.dumps(),
                    stamp,
                    stamp,
                ),
            )
            save_id = int(cursor.lastrowid or 0)
            table.save_id = save_id
            table.persist = self.persist
            if table.state.is_over():
                self._finish(db, table, stamp)
        return save_id

    def persist(self, table: Table) -> None:
        """Commit a table's record; ``Table.play`` calls this before redrawing any screen.

        A table without a save id is created first. The action that ends the game also marks
        the save finished and records its result and high scores, in the same transaction.
        """
        if table.save_id is None:
            self.create(table)
            return
        stamp = now()
        with self._transaction() as db:
            row = db.execute("SELECT status FROM saves WHERE id = ?", (table.save_id,)).fetchone()
            if row is None:
                raise StoreError(f"saved game {table.save_id} is missing from {self.path}")
            if row[0] == "finished":
                return
            db.execute(
                "UPDATE saves SET record = ?, updated = ? WHERE id = ?",
                (table.record.dumps(), stamp, table.save_id),
            )
            if table.state.is_over():
                self._finish(db, table, stamp)

    def _finish(self, db: sqlite3.Connection, table: Table, stamp: str) -> None:
        result = table.state.result()
        db.execute(
            "UPDATE saves SET status = 'finished', result = ?, updated = ? WHERE id = ?",
            (json.dumps(result.to_json()), stamp, table.save_id),
        )
        variant = db.execute(
            "SELECT variant FROM saves WHERE id = ?", (table.save_id,)
        ).fetchone()[0]
        for seat in table.human_seats():
            _insert_score(
                db, table.game.id, variant, table.names[seat], int(result.totals[seat]),
                score_detail(table, seat), table.record.seed, stamp, table.save_id,
            )

    # -- loading ------------------------------------------------------------------------------
    def _row(self, save_id: int) -> sqlite3.Row | tuple[Any, ...]:
        with self._lock:
            row = self._db.execute(
                "SELECT id, game, title, names, variant, record, status, created, updated "
                "FROM saves WHERE id = ?",
                (save_id,),
            ).fetchone()
        if row is None:
            raise SaveError(f"there is no saved game {save_id}")
        return row

    def load(self, save_id: int, **table_args: Any) -> Table:
        """Open a saved game as a live :class:`Table` that keeps saving to this store.

        Raises :class:`SaveError` with the reason when the save cannot be opened.
        """
        row = self._row(save_id)
        record_text = row[5]
        table = self._open(record_text, save_id, table_args)
        return table

    def _open(self, record_text: str, save_id: int, table_args: dict[str, Any]) -> Table:
        try:
            record = GameRecord.loads(record_text)
            game = games.get_game(record.game)
            return Table(game, record, persist=self.persist, save_id=save_id, **table_args)
        except (RecordError, games.UnknownGame) as exc:
            raise SaveError(str(exc)) from exc

    def count_active(self) -> int:
        """Games in progress (readable or not), cheaply, for the menu."""
        with self._lock:
            return int(
                self._db.execute("SELECT COUNT(*) FROM saves WHERE status = 'active'").fetchone()[0]
            )

    def saves(self, status: str | None = "active") -> list[SaveInfo]:
        """Saved games, newest first, each checked by replaying it (``problem`` says why not)."""
        query = (
            "SELECT id, game, title, names, variant, record, status, created, updated FROM saves"
        )
        params: tuple[Any, ...] = ()
        if status is not None:
            query += " WHERE status = ?"
            params = (status,)
        with self._lock:
            rows = self._db.execute(query + " ORDER BY updated DESC, id DESC", params).fetchall()
        out = []
        for save_id, game, title, names, variant, record_text, state, created, updated in rows:
            problem: str | None = None
            moves = 0
            try:
                table = self._open(record_text, save_id, {})
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
                    problem,
                )
            )
        return out

    # -- history and high scores --------------------------------------------------------------
    def finished(self, game: str | None = None, limit: int = 50) -> list[FinishedGame]:
        """Finished games, newest first."""
        query = (
            "SELECT id, game, title, names, variant, result, record, updated FROM saves "
            "WHERE status = 'finished'"
        )
        params: list[Any] = []
        if game is not None:
            query += " AND game = ?"
            params.append(game)
        query += " ORDER BY updated DESC, id DESC LIMIT ?"
        params.append(limit)
        with self._lock:
            rows = self._db.execute(query, params).fetchall()
        out = []
        for save_id, gid, title, names, variant, result, record_text, updated in rows:
            try:
                seed = int(json.loads(record_text).get("seed", 0))
                out.append(
                    FinishedGame(
                        save_id, gid, title, tuple(json.loads(names)), variant,
                        result_from_json(json.loads(result)), seed, updated,
                    )
                )
            except (ValueError, TypeError, KeyError, AttributeError):
                continue  # a damaged history row is skipped, not shown half-read
        return out

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
        with self._lock:
            rows = self._db.execute(query, params).fetchall()
        return [HighScore(*row) for row in rows]

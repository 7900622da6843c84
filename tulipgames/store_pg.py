"""PostgreSQL behind :class:`tulipgames.store.Store` (``tulipgames serve --database URL``).

SQLite stays the embedded default; this module is only imported for a ``postgresql://`` URL and
needs the ``postgres`` extra (psycopg 3).

One database holds what a server keeps in many SQLite files: its shared tables, every player's
own games, histories and high scores, and the identities (who owns which name). The player's
files become rows keyed by ``player`` (the login name; :data:`SERVER` for the server's own
store of shared tables) in the same tables. The store's SQL is the same for both backends: it
names ``saves``, ``scores`` and ``seat_results``, and on PostgreSQL those are views in the schema
``mine`` that show and take only the rows of the player named in the transaction's setting
``tulipgames.player`` (``WITH CHECK OPTION``: a row of another player can be neither read nor
written through them). The tables themselves are in ``public``.

Every store operation borrows a connection from a small per-process pool (set to its player
with ``set_config``), runs in one transaction and commits before it returns, so a move shown is
a move committed, as on SQLite.

Migrations are versioned like SQLite's (step ``n`` brings schema ``n`` to ``n + 1``), recorded in
the table ``schema_version``, and run under an advisory lock so that two nodes starting at once
do not both migrate.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import re
import socket
import threading
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import psycopg

#: The ``player`` of a server's own store (its shared tables): no login name can be this.
SERVER = "@server"
#: The schema of the per-player views the store's SQL runs on.
VIEWS = "mine"
#: What PostgreSQL raises; the store turns these into its own errors.
Error = psycopg.Error
#: This process among the nodes on one database: its connections' ``application_name``, which
#: the table events carry, so a node can tell its own writes from another's.
NODE = f"tulipgames:{socket.gethostname()[:40]}:{os.getpid()}"
#: The channel of :class:`TableEvent` (``LISTEN tulipgames_tables``).
TABLES_CHANNEL = "tulipgames_tables"


@lru_cache(maxsize=512)
def translate(sql: str) -> str:
    """The store's SQL (SQLite's ``?`` placeholders) in psycopg's words (``%s``; ``%`` doubled).
    Text inside quotes is kept as written."""
    parts = re.split(r"('(?:[^']|'')*')", sql)
    for i in range(0, len(parts), 2):
        parts[i] = parts[i].replace("%", "%%").replace("?", "%s")
    return "".join(parts)


class PgConnection:
    """One PostgreSQL connection seen through the store's connection interface (what
    ``sqlite3.Connection`` offers the store: ``execute`` with ``?`` placeholders, and
    ``insert`` for a new row's id)."""

    def __init__(self, raw: psycopg.Connection[Any]) -> None:
        self.raw = raw

    def execute(self, sql: str, params: Sequence[Any] = ()) -> psycopg.Cursor[Any]:
        return self.raw.execute(translate(sql), tuple(params))

    def insert(self, sql: str, params: Sequence[Any] = ()) -> int:
        row = self.execute(sql + " RETURNING id", params).fetchone()
        assert row is not None
        return int(row[0])


def shown_url(url: str) -> str:
    """A database URL safe to print: any password left out."""
    return re.sub(r"(://[^:/@]*):[^@]*@", r"\1:***@", url)


class Database:
    """The PostgreSQL database of one URL in this process: a few idle connections kept for
    reuse (each operation borrows one for one transaction), and the schema brought up to date
    once."""

    #: Idle connections kept open; more are opened when needed and closed after use.
    KEEP = 4

    def __init__(self, url: str) -> None:
        self.url = url
        self._idle: list[psycopg.Connection[Any]] = []
        self._lock = threading.Lock()
        self.migrated = False
        #: The player each open connection is set to (saves a round trip per transaction).
        self._player_of: dict[int, str] = {}

    def _connect(self) -> psycopg.Connection[Any]:
        raw = psycopg.connect(self.url, autocommit=True, application_name=NODE)
        raw.execute(f"SET search_path = {VIEWS}, public")
        self._player_of.pop(id(raw), None)  # (a closed connection's id may come again)
        return raw

    @contextmanager
    def connection(self) -> Iterator[psycopg.Connection[Any]]:
        with self._lock:
            raw = self._idle.pop() if self._idle else None
        if raw is None or raw.closed:
            raw = self._connect()
        try:
            yield raw
        finally:
            broken = raw.closed or raw.info.transaction_status != psycopg.pq.TransactionStatus.IDLE
            with self._lock:
                if not broken and len(self._idle) < self.KEEP:
                    self._idle.append(raw)
                    raw = None
            if raw is not None:
                self._player_of.pop(id(raw), None)
                raw.close()

    def _as(self, raw: psycopg.Connection[Any], player: str | None) -> None:
        """Set the connection's player (for its session: every use names its player, and a
        connection whose setting failed half-way is left out of the pool)."""
        if player is not None and self._player_of.get(id(raw)) != player:
            self._player_of.pop(id(raw), None)
            raw.execute("SELECT set_config('tulipgames.player', %s, false)", (player,))
            self._player_of[id(raw)] = player

    @contextmanager
    def transaction(self, player: str | None) -> Iterator[PgConnection]:
        """One transaction, as ``player`` (the views show that player's rows), committed when
        the block ends without an exception and rolled back otherwise."""
        with self.connection() as raw:
            self._as(raw, player)
            with raw.transaction():
                yield PgConnection(raw)

    def read(self, player: str, query: str, params: Sequence[Any] = ()) -> list[Any]:
        """The rows of one query as ``player``: one statement, its own transaction (one round
        trip, not three). A connection the server dropped (a restart) is replaced and the
        query asked again once: a read has nothing to lose."""
        for again in (True, False):
            used: psycopg.Connection[Any] | None = None
            try:
                with self.connection() as used:
                    self._as(used, player)
                    return PgConnection(used).execute(query, params).fetchall()
            except psycopg.OperationalError:
                if not (again and used is not None and used.closed):
                    raise  # the server cannot be reached, or the query itself failed
        raise AssertionError("unreachable")

    def claim(self, code: str, seconds: float, node: str = NODE) -> str:
        """Take or renew the lease of the shared table ``code`` for ``seconds``; returns the
        node that holds it now (``node`` when granted). A lease another node let run out is
        taken over: that is how a table of a dead node comes back on a live one."""
        while True:  # (again if the holder gave it up between the two statements)
            with self.transaction(None) as db:
                row = db.execute(
                    "INSERT INTO public.table_leases (code, node, expires) "
                    "VALUES (?, ?, now() + make_interval(secs => ?)) "
                    "ON CONFLICT (code) DO UPDATE SET node = EXCLUDED.node, expires = "
                    "EXCLUDED.expires WHERE table_leases.node = EXCLUDED.node "
                    "OR table_leases.expires < now() RETURNING node",
                    (code, node, seconds),
                ).fetchone() or db.execute(
                    "SELECT node FROM public.table_leases WHERE code = ?", (code,)
                ).fetchone()
            if row is not None:
                return str(row[0])

    def release(self, code: str, node: str = NODE) -> None:
        """Give the lease of ``code`` up (a table closed on this node), if this node holds it."""
        with self.transaction(None) as db:
            db.execute("DELETE FROM public.table_leases WHERE code = ? AND node = ?", (code, node))

    def put_waiting(self, code: str, data: str, node: str = NODE,
                    expected: str | None = None) -> bool:
        """Keep (or change) the table ``code`` waiting for players, as ``data`` (the lobby's
        JSON of its game, seats, host and settings). With ``expected`` (what this node last
        read or wrote) a change is made only if the database still holds that: two nodes
        seating a player in the last seat at once, one of them is told no (``False``) and
        reads the table again. A new table is always put."""
        with self.transaction(None) as db:
            if expected is None:
                db.execute(
                    "INSERT INTO public.waiting_tables (code, node, data) VALUES (?, ?, ?) "
                    "ON CONFLICT (code) DO UPDATE SET node = EXCLUDED.node, "
                    "data = EXCLUDED.data WHERE waiting_tables.data <> EXCLUDED.data",
                    (code, node, data),
                )
                return True
            row = db.execute(
                "UPDATE public.waiting_tables SET node = ?, data = ? WHERE code = ? AND data = ? "
                "RETURNING code", (node, data, code, expected),
            ).fetchone()
            return row is not None

    def waiting(self, code: str) -> str | None:
        """The data of the table ``code`` waiting for players (``None``: none waits)."""
        rows = self.read(SERVER, "SELECT data FROM public.waiting_tables WHERE code = ?",
                         (code,))
        return str(rows[0][0]) if rows else None

    def drop_waiting(self, code: str) -> None:
        """The table ``code`` no longer waits (it started, or was closed)."""
        with self.transaction(None) as db:
            db.execute("DELETE FROM public.waiting_tables WHERE code = ?", (code,))

    def put_node_state(self, code: str, data: str, seconds: float, node: str = NODE) -> None:
        """What this node knows of table ``code`` that is in no save: who has a session at it
        here (players, watchers) and the rematch votes cast here, as JSON ``data``, for
        ``seconds`` (renewed by the node's sweep: a dead node's state runs out with it). An
        empty state (``"{}"``) takes the row away."""
        with self.transaction(None) as db:
            if data == "{}":
                db.execute("DELETE FROM public.table_nodes WHERE code = ? AND node = ?",
                           (code, node))
                return
            db.execute(
                "INSERT INTO public.table_nodes (code, node, data, expires) "
                "VALUES (?, ?, ?, now() + make_interval(secs => ?)) ON CONFLICT (code, node) "
                "DO UPDATE SET data = EXCLUDED.data, expires = EXCLUDED.expires",
                (code, node, data, seconds),
            )

    def node_states(self, codes: Sequence[str], node: str = NODE) -> dict[str, dict[str, str]]:
        """The live state of every other node at each of ``codes``: code -> node -> data."""
        if not codes:
            return {}
        rows = self.read(
            SERVER, "SELECT code, node, data FROM public.table_nodes WHERE code = ANY(?) "
            "AND node <> ? AND expires > now()", (list(codes), node),
        )
        found: dict[str, dict[str, str]] = {}
        for code, other, data in rows:
            found.setdefault(str(code), {})[str(other)] = str(data)
        return found

    def abandoned_waiting(self) -> list[str]:
        """The tables waiting for players that nobody keeps any more: their node stopped
        renewing its lease of them (it died) and no live node has a session at them."""
        return [str(row[0]) for row in self.read(
            SERVER, "SELECT w.code FROM public.waiting_tables w WHERE NOT EXISTS ("
            "SELECT 1 FROM public.table_leases l WHERE l.code = w.code AND l.expires > now()) "
            "AND NOT EXISTS (SELECT 1 FROM public.table_nodes n WHERE n.code = w.code "
            "AND n.expires > now())",
        )]

    def close(self) -> None:
        with self._lock:
            idle, self._idle = self._idle, []
        for raw in idle:
            self._player_of.pop(id(raw), None)
            raw.close()


_databases: dict[tuple[int, str], Database] = {}
_databases_lock = threading.Lock()


def database(url: str) -> Database:
    """This process's :class:`Database` for ``url`` (a forked worker gets its own)."""
    key = (os.getpid(), url)
    with _databases_lock:
        found = _databases.get(key)
        if found is None:
            found = _databases[key] = Database(url)
        return found


# -- the schema ------------------------------------------------------------------------------
def _create_v1(db: PgConnection) -> None:
    """The tables of SQLite's schema 1, each row with the ``player`` whose store it is in."""
    player = "player TEXT NOT NULL DEFAULT current_setting('tulipgames.player')"
    db.execute(
        f"""CREATE TABLE IF NOT EXISTS saves (
    id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
    {player},
    game TEXT NOT NULL,
    title TEXT NOT NULL,
    names TEXT NOT NULL,
    variant TEXT NOT NULL DEFAULT '',
    record TEXT NOT NULL,
    status TEXT NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'finished')),
    result TEXT,
    created TEXT COLLATE "C" NOT NULL,
    updated TEXT COLLATE "C" NOT NULL
)"""
    )
    db.execute("CREATE INDEX IF NOT EXISTS saves_status ON saves (player, status, updated)")
    db.execute(
        f"""CREATE TABLE IF NOT EXISTS scores (
    id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
    {player},
    game TEXT NOT NULL,
    variant TEXT NOT NULL DEFAULT '',
    name TEXT NOT NULL,
    score BIGINT NOT NULL,
    detail TEXT NOT NULL DEFAULT '',
    seed BIGINT,
    date TEXT COLLATE "C" NOT NULL,
    save_id BIGINT REFERENCES saves (id)
)"""
    )
    db.execute("CREATE INDEX IF NOT EXISTS scores_game ON scores (player, game, variant, score)")


def _migrate_to_2(db: PgConnection) -> None:
    """Schema 2 (as SQLite's): each save's ``revision``."""
    db.execute("ALTER TABLE saves ADD COLUMN IF NOT EXISTS revision BIGINT NOT NULL DEFAULT 0")


def _migrate_to_3(db: PgConnection) -> None:
    """Schema 3 (as SQLite's): shared tables' ``code``, ``shared`` settings and ``to_act``;
    and SQLite's ``instr``, which "Your tables" uses."""
    db.execute("ALTER TABLE saves ADD COLUMN IF NOT EXISTS code TEXT")
    db.execute("ALTER TABLE saves ADD COLUMN IF NOT EXISTS shared TEXT")
    db.execute("ALTER TABLE saves ADD COLUMN IF NOT EXISTS to_act TEXT NOT NULL DEFAULT '[]'")
    db.execute("CREATE INDEX IF NOT EXISTS saves_code ON saves (player, code, id)")
    db.execute(
        "CREATE OR REPLACE FUNCTION public.instr(haystack text, needle text) RETURNS integer "
        "LANGUAGE sql IMMUTABLE AS 'SELECT strpos(haystack, needle)'"
    )


#: The functions and triggers of schema 4: SQLite's triggers (``store._migrate_to_4``) in
#: PL/pgSQL. A damaged record, names or result gives no seat rows and never an error, which would
#: refuse the move that finished the game.
_SCHEMA_4_FUNCTIONS = r"""
CREATE OR REPLACE FUNCTION public.tulip_json(t text) RETURNS jsonb
LANGUAGE plpgsql IMMUTABLE AS $$
BEGIN
    RETURN t::jsonb;
EXCEPTION WHEN others THEN
    RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION public.tulip_int(j jsonb) RETURNS bigint
LANGUAGE sql IMMUTABLE AS $$
    SELECT CASE WHEN jsonb_typeof(j) = 'number' AND j::text ~ '^-?[0-9]{1,18}$'
                THEN j::text::bigint END
$$;

CREATE OR REPLACE FUNCTION public.tulip_seat_kind(record jsonb, seat jsonb, idx integer)
RETURNS text LANGUAGE sql IMMUTABLE AS $$
    SELECT CASE WHEN k = 'human' AND jsonb_typeof(record -> 'standins') = 'array'
                     AND (record -> 'standins') @> to_jsonb(idx)
                THEN 'bot:stand-in' ELSE k END
    FROM (SELECT coalesce(CASE WHEN jsonb_typeof(seat) = 'object' THEN seat ->> 'kind' END,
                          'human') AS k) AS s
$$;

CREATE OR REPLACE FUNCTION public.tulip_saves_columns() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
    r jsonb := public.tulip_json(NEW.record);
BEGIN
    IF NEW.status = 'finished' THEN
        NEW.seed := public.tulip_int(r -> 'seed');
        NEW.kinds := CASE WHEN jsonb_typeof(r -> 'seats') = 'array' THEN coalesce((
            SELECT jsonb_agg(public.tulip_seat_kind(r, s.value, (s.i - 1)::integer)
                             ORDER BY s.i)
            FROM jsonb_array_elements(r -> 'seats') WITH ORDINALITY AS s(value, i)
        ), '[]'::jsonb)::text END;
    END IF;
    RETURN NEW;
END $$;

CREATE OR REPLACE FUNCTION public.tulip_seat_rows() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
    r jsonb := public.tulip_json(NEW.record);
    n jsonb := public.tulip_json(NEW.names);
    res jsonb := public.tulip_json(NEW.result);
BEGIN
    DELETE FROM public.seat_results WHERE save_id = NEW.id;
    IF jsonb_typeof(r -> 'seats') = 'array' AND jsonb_typeof(n) = 'array'
            AND res IS NOT NULL THEN
        INSERT INTO public.seat_results
            (player, save_id, seat, game, finished, seats, name, kind, score, place, detail)
        SELECT NEW.player, NEW.id, s.i - 1, NEW.game, NEW.updated, jsonb_array_length(n),
               n ->> (s.i - 1)::integer,
               public.tulip_seat_kind(r, s.value, (s.i - 1)::integer),
               public.tulip_int(res -> 'totals' -> (s.i - 1)::integer),
               public.tulip_int(res -> 'ranks' -> (s.i - 1)::integer),
               coalesce((SELECT detail FROM public.scores
                         WHERE scores.save_id = NEW.id
                           AND scores.name = n ->> (s.i - 1)::integer LIMIT 1), '')
        FROM jsonb_array_elements(r -> 'seats') WITH ORDINALITY AS s(value, i);
    END IF;
    RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION public.tulip_score_detail() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    UPDATE public.seat_results SET detail = NEW.detail
    WHERE save_id = NEW.save_id AND name = NEW.name AND kind = 'human' AND detail = '';
    RETURN NULL;
END $$;
"""


def _migrate_to_4(db: PgConnection) -> None:
    """Schema 4 (as SQLite's): finished games' ``seed`` and ``kinds`` columns and the
    ``seat_results`` rows History and Statistics read, kept by triggers."""
    db.execute("ALTER TABLE saves ADD COLUMN IF NOT EXISTS seed BIGINT")
    db.execute("ALTER TABLE saves ADD COLUMN IF NOT EXISTS kinds TEXT")
    db.execute(
        """CREATE TABLE IF NOT EXISTS seat_results (
    save_id BIGINT NOT NULL REFERENCES saves (id) ON DELETE CASCADE,
    seat INTEGER NOT NULL,
    player TEXT NOT NULL,
    game TEXT NOT NULL,
    finished TEXT COLLATE "C" NOT NULL,
    seats INTEGER NOT NULL,
    name TEXT,
    kind TEXT,
    score BIGINT,
    place BIGINT,
    detail TEXT NOT NULL DEFAULT '',
    PRIMARY KEY (save_id, seat)
)"""
    )
    db.execute("CREATE INDEX IF NOT EXISTS seat_results_player ON seat_results (player, finished)")
    db.execute("CREATE INDEX IF NOT EXISTS scores_save ON scores (save_id, name)")
    db.raw.execute(_SCHEMA_4_FUNCTIONS)
    watched = "status, names, record, result, updated"
    for statement in (
        "DROP TRIGGER IF EXISTS saves_columns ON saves",
        f"CREATE TRIGGER saves_columns BEFORE INSERT OR UPDATE OF {watched} ON saves "
        "FOR EACH ROW EXECUTE FUNCTION public.tulip_saves_columns()",
        "DROP TRIGGER IF EXISTS saves_finished ON saves",
        f"CREATE TRIGGER saves_finished AFTER INSERT OR UPDATE OF {watched} ON saves "
        "FOR EACH ROW WHEN (NEW.status = 'finished') EXECUTE FUNCTION public.tulip_seat_rows()",
        "DROP TRIGGER IF EXISTS scores_detail ON scores",
        "CREATE TRIGGER scores_detail AFTER INSERT ON scores FOR EACH ROW "
        "WHEN (NEW.save_id IS NOT NULL) EXECUTE FUNCTION public.tulip_score_detail()",
    ):
        db.execute(statement)
    # the games finished before: the triggers fill their columns and seat rows
    db.execute("UPDATE saves SET status = status WHERE status = 'finished'")


def _migrate_to_5(db: PgConnection) -> None:
    """Schema 5: the identities (``net.identity.Identities``; ``identities.sqlite3`` on
    SQLite) in the same database, one name for every node."""
    db.execute(
        "CREATE TABLE IF NOT EXISTS owners ("
        " name_key TEXT PRIMARY KEY, name TEXT NOT NULL,"
        " fingerprint TEXT NOT NULL, since DOUBLE PRECISION NOT NULL,"
        " kind TEXT NOT NULL DEFAULT 'key')"
    )


def _migrate_to_6(db: PgConnection) -> None:
    """Schema 6: every committed change of a shared table's save (a move, its settings, its
    end) is announced on the channel :data:`TABLES_CHANNEL`, by a trigger, so no writer can
    forget it. The trigger is deferred to the commit and reads the row as committed, so a
    transaction announces each save once (PostgreSQL folds equal notices of a transaction into
    one: the move that ends a game is one event, finished) and a rolled-back one never: the bus
    between nodes on one database (:class:`TableEvents`)."""
    db.raw.execute(
        """CREATE OR REPLACE FUNCTION public.tulip_table_event() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    PERFORM pg_notify('""" + TABLES_CHANNEL + """', json_build_object(
        'code', code, 'save', id, 'revision', revision, 'status', status, 'to_act', to_act,
        'node', current_setting('application_name'))::text)
    FROM public.saves WHERE id = NEW.id AND code IS NOT NULL;
    RETURN NULL;
END $$"""
    )
    db.execute("DROP TRIGGER IF EXISTS saves_table_event ON saves")
    db.execute(
        "CREATE CONSTRAINT TRIGGER saves_table_event AFTER INSERT OR UPDATE ON saves "
        "DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (NEW.code IS NOT NULL) "
        "EXECUTE FUNCTION public.tulip_table_event()"
    )


def _migrate_to_7(db: PgConnection) -> None:
    """Schema 7: a lease per shared table (:meth:`Database.claim`): the one node that runs it
    (its bots and clock) until the lease runs out, timed by the database's clock."""
    db.execute(
        "CREATE TABLE IF NOT EXISTS table_leases (code TEXT PRIMARY KEY, node TEXT NOT NULL,"
        " expires TIMESTAMPTZ NOT NULL)"
    )


def _migrate_to_8(db: PgConnection) -> None:
    """Schema 8: the tables waiting for players (not started: no save yet), so a player on
    any node joins a table opened on another (:meth:`Database.put_waiting`). Each change is
    announced on :data:`TABLES_CHANNEL` as the saves' are, with ``save`` 0 and the status
    ``waiting``, or ``closed`` when the row goes (the table started or was closed)."""
    db.execute(
        "CREATE TABLE IF NOT EXISTS waiting_tables (code TEXT PRIMARY KEY, node TEXT NOT NULL,"
        " data TEXT NOT NULL)"
    )
    db.raw.execute(
        """CREATE OR REPLACE FUNCTION public.tulip_waiting_event() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    PERFORM pg_notify('""" + TABLES_CHANNEL + """', json_build_object(
        'code', CASE WHEN TG_OP = 'DELETE' THEN OLD.code ELSE NEW.code END, 'save', 0,
        'revision', 0, 'status', CASE WHEN TG_OP = 'DELETE' THEN 'closed' ELSE 'waiting' END,
        'to_act', '[]', 'node', current_setting('application_name'))::text);
    RETURN NULL;
END $$"""
    )
    db.execute("DROP TRIGGER IF EXISTS waiting_tables_event ON waiting_tables")
    db.execute(
        "CREATE TRIGGER waiting_tables_event AFTER INSERT OR UPDATE OR DELETE ON waiting_tables "
        "FOR EACH ROW EXECUTE FUNCTION public.tulip_waiting_event()"
    )


def _migrate_to_9(db: PgConnection) -> None:
    """Schema 9: each node's own knowledge of a shared table that no save holds (who has a
    session at it on that node, the rematch votes cast there: :meth:`Database.put_node_state`),
    with an expiry its node renews, so every node shows the same presence, counts every
    player's vote and stops counting a dead node's sessions. Each change is announced on
    :data:`TABLES_CHANNEL` with the status ``nodes``."""
    db.execute(
        "CREATE TABLE IF NOT EXISTS table_nodes (code TEXT NOT NULL, node TEXT NOT NULL,"
        " data TEXT NOT NULL, expires TIMESTAMPTZ NOT NULL, PRIMARY KEY (code, node))"
    )
    db.raw.execute(
        """CREATE OR REPLACE FUNCTION public.tulip_nodes_event() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'UPDATE' AND OLD.data = NEW.data THEN
        RETURN NULL;  -- a renewal: nothing changed for the other nodes
    END IF;
    PERFORM pg_notify('""" + TABLES_CHANNEL + """', json_build_object(
        'code', CASE WHEN TG_OP = 'DELETE' THEN OLD.code ELSE NEW.code END, 'save', 0,
        'revision', 0, 'status', 'nodes', 'to_act', '[]',
        'node', current_setting('application_name'))::text);
    RETURN NULL;
END $$"""
    )
    db.execute("DROP TRIGGER IF EXISTS table_nodes_event ON table_nodes")
    db.execute(
        "CREATE TRIGGER table_nodes_event AFTER INSERT OR UPDATE OR DELETE ON table_nodes "
        "FOR EACH ROW EXECUTE FUNCTION public.tulip_nodes_event()"
    )


#: Step ``n`` brings a database from schema ``n`` to ``n + 1``; ``schema_version`` says which
#: steps a database has had. Steps 1-4 are SQLite's (``store._MIGRATIONS``) in PostgreSQL's words.
MIGRATIONS: tuple[Callable[[PgConnection], None], ...] = (
    _create_v1, _migrate_to_2, _migrate_to_3, _migrate_to_4, _migrate_to_5, _migrate_to_6,
    _migrate_to_7, _migrate_to_8, _migrate_to_9,
)
SCHEMA_VERSION = len(MIGRATIONS)
#: The tables a player's store sees through views of its own rows.
PLAYER_TABLES = ("saves", "scores", "seat_results")


def _views(db: PgConnection) -> None:
    """(Re)create the per-player views over the tables' present columns, after any step."""
    db.execute(f"CREATE SCHEMA IF NOT EXISTS {VIEWS}")
    for table in PLAYER_TABLES:
        columns = [
            str(row[0]) for row in db.execute(
                "SELECT column_name FROM information_schema.columns WHERE table_schema = "
                "'public' AND table_name = ? AND column_name <> 'player' "
                "ORDER BY ordinal_position", (table,),
            ).fetchall()
        ]
        if not columns:
            continue
        db.execute(f"DROP VIEW IF EXISTS {VIEWS}.{table}")
        db.execute(
            f"CREATE VIEW {VIEWS}.{table} AS SELECT {', '.join(columns)} FROM public.{table} "
            "WHERE player = current_setting('tulipgames.player', true) WITH CHECK OPTION"
        )


class NewerSchema(Exception):
    """The database was written by a newer tulipgames."""

    def __init__(self, version: int) -> None:
        super().__init__(version)
        self.version = version


def version(db: PgConnection) -> int:
    """The schema version of the database (0: nothing of tulipgames in it yet)."""
    db.execute("CREATE TABLE IF NOT EXISTS public.schema_version (version INTEGER NOT NULL)")
    row = db.execute("SELECT max(version) FROM public.schema_version").fetchone()
    return int(row[0]) if row and row[0] is not None else 0


def migrate(db: PgConnection, upto: int = SCHEMA_VERSION) -> int:
    """Bring the schema to ``upto`` (the latest) in the caller's transaction, under an advisory
    lock that another node migrating at the same time waits for. Returns the version found;
    raises :class:`NewerSchema` for a database a newer tulipgames wrote."""
    db.execute("SET LOCAL search_path = public")
    db.execute("SELECT pg_advisory_xact_lock(7331000)")
    found = version(db)
    if found > SCHEMA_VERSION:
        raise NewerSchema(found)
    for step in MIGRATIONS[found:upto]:
        step(db)
    if found < upto:
        db.execute("DELETE FROM schema_version")
        db.execute("INSERT INTO schema_version (version) VALUES (?)", (upto,))
        _views(db)
    elif not db.execute(
        "SELECT 1 FROM information_schema.views WHERE table_schema = ?", (VIEWS,)
    ).fetchone():
        _views(db)
    db.execute(f"SET LOCAL search_path = {VIEWS}, public")
    return found


def forget(url: str) -> None:
    """Close this process's connections to ``url`` (before the database is dropped)."""
    with _databases_lock:
        found = _databases.pop((os.getpid(), url), None)
    if found is not None:
        found.close()


# -- the bus between nodes -------------------------------------------------------------------
@dataclass(frozen=True)
class TableEvent:
    """A committed change of a shared table's save, as :class:`TableEvents` hears it."""

    code: str
    save: int
    revision: int
    status: str
    #: The seats whose turn it is now (``saves.to_act``).
    to_act: tuple[int, ...]
    #: The node that wrote it (:data:`NODE` of its process).
    node: str

    @property
    def elsewhere(self) -> bool:
        """Written by another node (or another program), not by this process."""
        return self.node != NODE


def parse_event(payload: str) -> TableEvent | None:
    """The event of a notification's payload; ``None`` for one that is not ours."""
    try:
        data = json.loads(payload)
        return TableEvent(str(data["code"]), int(data["save"]), int(data["revision"]),
                          str(data["status"]), tuple(int(s) for s in json.loads(data["to_act"])),
                          str(data["node"]))
    except (ValueError, TypeError, KeyError):
        return None


class TableEvents:
    """Listen to the shared tables' changes on one database (``LISTEN``) and hand each to
    ``heard`` on the event loop. A lost connection is opened again (the events meanwhile are
    lost: a listener reads the store when it matters, as after a restart)."""

    RETRY = 2.0

    def __init__(self, url: str, heard: Callable[[TableEvent], None]) -> None:
        self.url = url
        self.heard = heard
        self.listening = asyncio.Event()

    async def run(self) -> None:
        log = logging.getLogger("tulipgames.serve")
        while True:
            try:
                conn = await psycopg.AsyncConnection.connect(
                    self.url, autocommit=True, application_name=NODE + ":listen"
                )
                async with conn:
                    await conn.execute(f"LISTEN {TABLES_CHANNEL}")
                    self.listening.set()
                    async for notice in conn.notifies():
                        event = parse_event(notice.payload)
                        if event is not None:
                            self.heard(event)
            except psycopg.Error as exc:
                self.listening.clear()
                log.warning("table events: %s; listening again in %.0f s", exc, self.RETRY)
                await asyncio.sleep(self.RETRY)

"""A real PostgreSQL for the tests: one throwaway cluster per test session (per xdist worker),
a fresh database per test, copied from a migrated template.

The cluster is Debian's ``postgresql`` package (``.ci/run`` installs it) started from its
binaries into a temporary directory, listening on a Unix socket only (no port to collide on).
PostgreSQL refuses to run as root, so under root the cluster belongs to ``nobody``. Without
PostgreSQL the tests that need it skip, which fails under ``CI`` (tests/conftest.py).
"""

from __future__ import annotations

import glob
import itertools
import os
import shutil
import subprocess
import tempfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from tulipgames.store import DB_NAME, Store

#: The cluster's superuser (trusted on its socket).
USER = "tulip"


def _binary(name: str) -> str | None:
    """A PostgreSQL program: on PATH, else in Debian's versioned directory (newest first)."""
    found = shutil.which(name)
    if found:
        return found
    candidates = glob.glob(f"/usr/lib/postgresql/*/bin/{name}")
    candidates.sort(key=lambda path: int(Path(path).parts[4]) if Path(path).parts[4].isdigit()
                    else 0, reverse=True)
    return candidates[0] if candidates else None


@dataclass
class Cluster:
    """A running throwaway cluster; :meth:`url` of one of its databases."""

    root: Path
    socket: Path
    pg_ctl: str
    as_user: str | None
    counter: Iterator[int] = field(default_factory=itertools.count)

    def url(self, name: str) -> str:
        return f"postgresql:///{name}?host={self.socket}&user={USER}"

    def admin(self, sql: str) -> None:
        import psycopg

        with psycopg.connect(self.url("postgres"), autocommit=True) as conn:
            conn.execute(sql)  # type: ignore[arg-type]

    def stop(self) -> None:
        subprocess.run([self.pg_ctl, "stop", "-D", str(self.root / "data"), "-m", "immediate",
                        "-s"], user=self.as_user, check=False, capture_output=True)
        shutil.rmtree(self.root, ignore_errors=True)


def start_cluster() -> Cluster:
    """initdb and start a cluster in a new temporary directory, as ``nobody`` under root."""
    initdb, pg_ctl = _binary("initdb"), _binary("pg_ctl")
    if initdb is None or pg_ctl is None:
        pytest.skip("PostgreSQL is not installed (Debian: apt-get install postgresql)")
    try:
        import psycopg  # noqa: F401
    except ImportError:
        pytest.skip('psycopg is not installed (pip install -e ".[test]")')
    as_user = "nobody" if os.geteuid() == 0 else None
    root = Path(tempfile.mkdtemp(prefix="tgpg-"))
    socket = root / "s"
    socket.mkdir()
    if as_user is not None:
        for path in (root, socket):
            shutil.chown(path, as_user)
    data = root / "data"
    subprocess.run(
        [initdb, "-D", str(data), "-U", USER, "--auth=trust", "--no-sync", "-E", "UTF8",
         "--locale=C"],
        user=as_user, check=True, capture_output=True, cwd=root,
    )
    options = (f"-c listen_addresses='' -k {socket} -c fsync=off -c synchronous_commit=off "
               "-c full_page_writes=off -c max_connections=200")
    subprocess.run(
        [pg_ctl, "start", "-D", str(data), "-w", "-s", "-l", str(root / "log"), "-o", options],
        user=as_user, check=True, capture_output=True, cwd=root,
    )
    return Cluster(root, socket, pg_ctl, as_user)


@pytest.fixture(scope="session")
def postgres() -> Iterator[Cluster]:
    """The session's cluster, with a database ``tg`` migrated to the latest schema."""
    cluster = start_cluster()
    try:
        cluster.admin("CREATE DATABASE tg")
        Store(database=cluster.url("tg"))
        yield cluster
    finally:
        from tulipgames import store_pg

        store_pg.forget(cluster.url("tg"))
        cluster.stop()


@pytest.fixture
def pg_url(postgres: Cluster) -> str:
    """The session's migrated database, emptied for this test (ids start at 1 again):
    cheaper than a database per test (10 ms, not 200)."""
    from tulipgames import store_pg

    url = postgres.url("tg")
    with store_pg.database(url).transaction(None) as db:
        db.execute("TRUNCATE public.saves, public.scores, public.seat_results, public.owners, "
                   "public.table_leases, public.waiting_tables, public.table_nodes "
                   "RESTART IDENTITY")
    return url


@pytest.fixture
def empty_pg_url(postgres: Cluster) -> Iterator[str]:
    """A fresh database with nothing in it (for migrations)."""
    from tulipgames import store_pg

    name = f"e{os.getpid()}_{next(postgres.counter)}"
    postgres.admin(f"CREATE DATABASE {name}")
    url = postgres.url(name)
    yield url
    store_pg.forget(url)
    postgres.admin(f"DROP DATABASE {name} WITH (FORCE)")


class Backend:
    """The store tests' view of one backend: stores by name (a data directory on SQLite, a
    player's rows on PostgreSQL) and raw SQL on a store's rows, as another program would run it.
    """

    def __init__(self, kind: str, root: Path, url: str | None) -> None:
        self.kind = kind
        self.root = root
        self.url = url

    def open(self, name: str = "home", **kwargs: Any) -> Store:
        if self.url is None:
            return Store(self.root / name, **kwargs)
        return Store(self.root / name, database=self.url, player=name)

    def sql(self, statement: str, params: tuple[Any, ...] = (), name: str = "home") -> list[Any]:
        """Run one statement on ``name``'s store in its own committed transaction."""
        if self.url is None:
            import sqlite3

            raw = sqlite3.connect(self.root / name / DB_NAME, isolation_level=None)
            try:
                return raw.execute(statement, params).fetchall()
            finally:
                raw.close()
        from tulipgames import store_pg

        with store_pg.database(self.url).transaction(name) as db:
            cursor = db.execute(statement, params)
            return cursor.fetchall() if cursor.description else []


@pytest.fixture(params=["sqlite", "postgresql"])
def backend(request: pytest.FixtureRequest, tmp_path: Path) -> Backend:
    """Each store test on both backends: SQLite files, and a fresh PostgreSQL database."""
    if request.param == "sqlite":
        return Backend("sqlite", tmp_path, None)
    url: str = request.getfixturevalue("pg_url")
    return Backend("postgresql", tmp_path, url)


OpenStore = Callable[..., Store]

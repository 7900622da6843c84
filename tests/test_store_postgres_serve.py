"""``tulipgames serve --database postgresql://...`` end to end: a real OpenSSH client plays a
game on a server whose store is PostgreSQL, and the game, its result and the player's identity
are rows there, not SQLite files in the data directory."""

from __future__ import annotations

import subprocess
from collections.abc import Iterator
from pathlib import Path

import psycopg
import pytest

from tests.net.conftest import Server, needs_clients
from tests.pg import Cluster

pytestmark = needs_clients


@pytest.fixture
def database(postgres: Cluster) -> Iterator[str]:
    """A database of its own (the server migrates it, as at a first deployment)."""
    postgres.admin("CREATE DATABASE serve_e2e")
    yield postgres.url("serve_e2e")
    postgres.admin("DROP DATABASE serve_e2e WITH (FORCE)")


def test_serve_with_a_database_keeps_games_and_identities_there(
    database: str, tmp_path: Path
) -> None:
    # one worker process: the session's app runs there and opens zoe's store from the URL too
    server = Server(tmp_path, "--database", database, "--workers", "1")
    try:
        played = subprocess.run(  # Sixty-One between two bots, to the end, then zoe's History
            server.ssh_command("zoe", "-T"), input="5\nbot,bot\nhistory\n8\n",
            capture_output=True, text=True, timeout=60,
        )
        assert played.returncode == 0, played.stderr
        assert "Final scores: Bot 1" in played.stdout
        assert "Sixty-One" in played.stdout.split("Final scores:")[1]  # History lists it
    finally:
        server.stop()
    with psycopg.connect(database) as db:
        [(player, status, kinds, seed)] = db.execute(
            "SELECT player, status, kinds, seed FROM public.saves").fetchall()
        assert (player, status, kinds) == ("zoe", "finished", '["bot:normal", "bot:normal"]')
        assert seed is not None
        places = db.execute("SELECT name, place FROM public.seat_results ORDER BY seat")
        assert sorted(place for _, place in places.fetchall()) == [1, 2]
        assert db.execute("SELECT name, kind FROM public.owners").fetchall() == [("zoe", "key")]
    # nothing of the store went to SQLite files
    assert sorted(path.name for path in tmp_path.rglob("*.sqlite3")) == []

"""``tulipgames serve --database postgresql://...`` end to end: two server nodes on one
database, real OpenSSH clients. A game played on one node is in PostgreSQL (not in SQLite files)
and is resumed from the other; a name one key owns on one node is refused to another key on the
other."""

from __future__ import annotations

import re
import subprocess
from collections.abc import Iterator
from pathlib import Path

import asyncssh
import psycopg
import pytest

from tests.net.conftest import Server, client_key_file, needs_clients
from tests.pg import Cluster

pytestmark = needs_clients


@pytest.fixture
def database(postgres: Cluster) -> Iterator[str]:
    """A database of its own (the nodes migrate it, as at a first deployment)."""
    postgres.admin("CREATE DATABASE serve_e2e")
    yield postgres.url("serve_e2e")
    postgres.admin("DROP DATABASE serve_e2e WITH (FORCE)")


def plain(server: Server, name: str, answers: str, key: Path | None = None) -> str:
    """A session without a terminal (``ssh -T``) typing ``answers``; its output."""
    command = server.ssh_command(name, "-T")
    if key is not None:
        command[command.index(str(client_key_file()))] = str(key)
    done = subprocess.run(command, input=answers, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_two_nodes_on_one_database_share_games_and_identities(
    database: str, tmp_path: Path
) -> None:
    # node a with a worker process (the session's app runs there and opens zoe's store from
    # the URL it inherits), node b with none
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    nodes = [Server(tmp_path / "a", "--database", database, "--workers", "1")]
    try:
        nodes.append(Server(tmp_path / "b", "--database", database, "--workers", "0"))
        a, b = nodes
        # on a: Sixty-One between two bots, to its end; then one of zoe's own, one move, saved
        out = plain(a, "zoe", "5\nbot,bot\n5\nzoe,bot\n1\n1\nquit\n8\n")
        assert "Final scores: Bot 1" in out
        assert "Saved as game 2. Reconnect and choose Resume" in out
        # on b: zoe's saved game is there to resume
        out = plain(b, "zoe", "6\n0\n8\n")
        assert "Resume a saved game (1 saved)" in out
        assert re.search(r"1\. Game 2, Sixty-One: zoe, Bot 2, \d+ moves", out), out[-600:]
        # another key cannot take zoe's name on b: a's first key owns it everywhere
        other = tmp_path / "other_key"
        other.write_bytes(asyncssh.generate_private_key("ssh-ed25519").export_private_key())
        other.chmod(0o600)
        with pytest.raises(AssertionError, match="Permission denied"):
            plain(b, "zoe", "8\n", key=other)
        assert "Goodbye." in plain(b, "yan", "8\n", key=other)  # a free name it may take
    finally:
        for node in nodes:
            node.stop()
    with psycopg.connect(database) as db:
        saves = db.execute("SELECT player, id, status, kinds FROM public.saves ORDER BY id")
        assert saves.fetchall() == [
            ("zoe", 1, "finished", '["bot:normal", "bot:normal"]'), ("zoe", 2, "active", None)
        ]
        places = db.execute("SELECT place FROM public.seat_results WHERE save_id = 1")
        assert sorted(place for (place,) in places.fetchall()) == [1, 2]
        owners = db.execute("SELECT name, kind FROM public.owners ORDER BY name")
        assert owners.fetchall() == [("yan", "key"), ("zoe", "key")]
    # nothing of the store went to SQLite files
    assert sorted(path.name for path in tmp_path.rglob("*.sqlite3")) == []

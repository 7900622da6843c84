"""Several ``tulipgames serve --database`` nodes on one PostgreSQL database, real OpenSSH
clients (plain sessions, ``ssh -T``) on different nodes at one table: a table held on one node
is played from the other (each node's copy follows the other's committed moves over LISTEN/
NOTIFY), only the node holding the table's lease runs its bot, and when that node is killed
(SIGKILL) the other takes the table over from the saved record: no committed move is lost, the
bot moves again and the killed node's player finds their seat on the surviving node."""

from __future__ import annotations

import json
import re
import signal
import time
from collections.abc import Iterator
from pathlib import Path

import psycopg
import pytest

from tests.net.conftest import Server, needs_clients
from tests.net.test_plain_shared import PlainClient
from tests.pg import Cluster
from tulipgames.net.lobby import LEASE_ENV

pytestmark = needs_clients

#: The lease in these tests: a killed node's table is taken over within about this long.
LEASE = 1.5


@pytest.fixture
def database(postgres: Cluster) -> Iterator[str]:
    postgres.admin("CREATE DATABASE nodes_e2e")
    yield postgres.url("nodes_e2e")
    postgres.admin("DROP DATABASE nodes_e2e WITH (FORCE)")


def actions(database: str) -> list[list[object]]:
    """The moves committed at the one shared table, in order."""
    with psycopg.connect(database) as db:
        row = db.execute("SELECT record FROM public.saves WHERE code IS NOT NULL").fetchone()
    assert row is not None
    return list(json.loads(row[0])["actions"])


def bot_moves(database: str) -> int:
    return sum(1 for seat, _ in actions(database) if seat == 2)


def holder(database: str) -> str:
    with psycopg.connect(database) as db:
        row = db.execute("SELECT node FROM public.table_leases").fetchone()
    return "" if row is None else str(row[0])


def answer(until: dict[PlainClient, str], timeout: float = 30) -> None:
    """Type ``1`` at each new prompt of each client (the first choice, as far as it goes)
    until its pattern shows in what it was told since it was called."""
    deadline = time.monotonic() + timeout
    start = {client: len(client.text()) for client in until}
    seen = {client: client.text()[:-2].count("> ") for client in until}
    left = dict(until)
    while left:
        for client, pattern in list(left.items()):
            assert time.monotonic() < deadline, client.text()[-3000:]
            if re.search(pattern, client.text()[start[client]:]):
                del left[client]
            elif client.text().count("> ") > seen[client]:
                seen[client] = client.text().count("> ")
                client.type("1")
        time.sleep(0.05)


def test_a_table_is_played_across_nodes_and_survives_its_node_killed(
    database: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(LEASE_ENV, str(LEASE))
    for name in ("a", "b"):
        (tmp_path / name).mkdir()
    nodes = [Server(tmp_path / "a", "--database", database, "--workers", "0")]
    clients: list[PlainClient] = []
    try:
        nodes.append(Server(tmp_path / "b", "--database", database, "--workers", "0"))
        a, b = nodes
        ana = PlainClient(a.ssh_command("ana", "-T"))
        clients.append(ana)
        ana.wait_for("7. Shared tables")
        ana.type("open 5")  # Sixty-One
        ana.wait_for("How many seats")
        ana.type("3")
        code = ana.wait_for(r"Table ([A-Z2-9]{4}) is open")[1]
        # ben, on b, takes a seat at the table opened on a
        ben = PlainClient(b.ssh_command("ben", "-T"))
        clients.append(ben)
        ben.wait_for("7. Shared tables")
        ben.type(f"join {code}")
        ben.wait_for(r"Seats: 1 ana, 2 ben, 3 \(open\)")
        ana.wait_for(r"Seats: 1 ana, 2 ben, 3 \(open\)")
        ana.type("bots")
        ana.wait_for("Type start to begin.")
        ben.wait_for(r"Seats: 1 ana, 2 ben, 3 bot")
        ana.type("start")
        ben.wait_for(rf"Sixty-One at table {code}, seat 2")
        cleo = PlainClient(b.ssh_command("cleo", "-T"))  # watches on b
        clients.append(cleo)
        cleo.wait_for("7. Shared tables")
        cleo.type(f"watch {code}")
        cleo.wait_for(rf"Sixty-One at table {code}")
        # round 1 needs every seat: ana on a, ben on b, the bot on a (a holds the lease); each
        # sees round 2 only once the other node's moves reached its copy
        answer({ben: r"ben, Round 2, roll", ana: r"ana, Round 2, roll"})
        for said in ("ana writes", "ben writes", "Bot 1 writes", "Round 2: the dice"):
            cleo.wait_for(said)  # the watcher on b hears a's moves and b's alike
        [owner] = {holder(database)}
        assert owner.endswith(f":{a.proc.pid}")  # a runs the bot
        bot_round_1 = bot_moves(database)
        assert bot_round_1 >= 1

        # a dies mid-game: b takes the table over from the saved record within the lease
        committed = actions(database)
        a.proc.send_signal(signal.SIGKILL)
        a.proc.wait(10)
        answer({ben: r"Waiting for ana\."})  # ben plays round 2 on b...
        assert holder(database).endswith(f":{b.proc.pid}")
        ana = PlainClient(b.ssh_command("ana", "-T"))  # ...and ana comes back on b
        clients.append(ana)
        ana.wait_for("7. Shared tables")
        ana.type("tables")
        ana.wait_for(rf"1\. Table {code}, Sixty-One")
        ana.type("1")
        ana.wait_for(rf"Sixty-One at table {code}, seat 1(.|\n)*ana, Round 2, roll")
        answer({ana: r"ana, Round 3, roll", ben: r"ben, Round 3, roll"})
        after = actions(database)
        assert after[: len(committed)] == committed  # no committed move lost
        assert bot_moves(database) > bot_round_1  # the bot moved again, on b
        assert b.wait_log("table_lease", 1)
    finally:
        for client in clients:
            client.proc.kill()
        for node in nodes:
            node.stop()

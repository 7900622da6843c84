"""The failover time of a killed node (not a test: run by hand, ``pytest
tests/net/nodes_measure.py -s``; docs/ssh.md has the figures): SIGKILL the node holding a
table whose bot is to move, time until the surviving node commits the bot's move."""

from __future__ import annotations

import os
import signal
import time
from pathlib import Path

import pytest

from tests.net.conftest import Server
from tests.net.test_nodes import actions, answer, database, holder  # noqa: F401
from tests.net.test_plain_shared import PlainClient
from tulipgames.net.lobby import LEASE_ENV


@pytest.mark.parametrize("lease", [float(s) for s in os.environ.get("LEASES", "3").split()])
def test_failover_time(database: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,  # noqa: F811
                       lease: float) -> None:
    monkeypatch.setenv(LEASE_ENV, str(lease))
    for name in ("a", "b"):
        (tmp_path / name).mkdir()
    a = Server(tmp_path / "a", "--database", database, "--workers", "0")
    b = Server(tmp_path / "b", "--database", database, "--workers", "0")
    ana = PlainClient(a.ssh_command("ana", "-T"))
    ana.wait_for("7. Shared tables")
    ana.type("open 5")
    ana.wait_for("How many seats")
    ana.type("2")
    code = ana.wait_for(r"Table ([A-Z2-9]{4}) is open")[1]
    ana.type("bots")
    ana.wait_for("Type start to begin.")
    ana.type("start")
    ana.wait_for("Sixty-One at table")
    ana.type("quit")
    ana.wait_for("You keep your seat")
    ana.close()
    ana = PlainClient(b.ssh_command("ana", "-T"))
    ana.wait_for("7. Shared tables")
    ana.type("tables")
    ana.wait_for(rf"1\. Table {code}")
    ana.type("1")
    ana.wait_for("ana, Round 1, roll")
    time.sleep(1)  # a's bot has played round 1
    assert holder(database).endswith(f":{a.proc.pid}")
    bots = sum(1 for seat, _ in actions(database) if seat == 1)
    a.proc.send_signal(signal.SIGKILL)
    killed = time.monotonic()
    answer({ana: "ana, Round 2, roll"})  # ana's round 1 on b; the bot's round 2 waits for b
    while sum(1 for seat, _ in actions(database) if seat == 1) <= bots:
        time.sleep(0.02)
        if time.monotonic() - killed > 60:
            raise AssertionError("no bot move")
    print(f"\nFAILOVER lease={lease} s: kill -> next bot move committed "
          f"{time.monotonic() - killed:.2f} s")
    ana.proc.kill()
    b.stop()

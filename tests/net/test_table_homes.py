"""A live table lives in a worker process (``serve --workers N``, :mod:`tulipgames.net.homes`):
two real OpenSSH clients (in tmux) play Sixty-One at one table whose sessions and game are in
one worker, the main process only carrying their bytes; that worker is killed (SIGKILL) and
both players reconnect to their seats, the table brought back from the store in a live
worker, with every move committed before the kill."""

from __future__ import annotations

import os
import re
import signal
from pathlib import Path

from tests.net.conftest import Server, Tmux, needs_clients
from tests.net.test_plain_shared import PlainClient
from tests.net.test_play_sixtyone import join, moves_of, open_sixtyone_table, play_a_move
from tests.net.test_workers import placed, worker_pids
from tulipgames.engine.record import GameRecord
from tulipgames.net.worker import WORKER_LOST
from tulipgames.store import Store

pytestmark = needs_clients


def the_record(server: Server) -> GameRecord:
    """The one shared game the server's store holds, as committed."""
    store = Store(server.data_dir)
    try:
        [info] = store.saves(None, empty=True)
        return store.load(info.id).record
    finally:
        store.close()


def placements(server: Server, count: int) -> list[dict[str, str]]:
    return [dict(re.findall(r"(\w+)=(\S+)", line))
            for line in server.wait_log("session_placed", count)]


def test_a_table_in_a_worker_is_played_and_survives_the_worker_killed(
    serve: list[Server], tmp_path: Path, tmux: Tmux
) -> None:
    serve.append(server := Server(tmp_path, "--workers", "2"))
    pids = worker_pids(server)
    ana = tmux.client("ana", server.ssh_command("ana"), (100, 30))
    ben = tmux.client("ben", server.ssh_command("ben"), (80, 24))
    code = open_sixtyone_table(ana)
    join(ben, code)
    ana.wait_for(r"\* Seat 2: ben")
    ana.keys("s")

    # Opened, the table went to a worker, and both players' sessions with it: the open-table
    # form and the join screen were in the main process, the next placement is its home.
    where = placed(server, 6)
    home = where["ana"][-1]
    assert home in ("0", "1") and where["ben"][-1] == home, where
    assert where["ana"][-2] == where["ben"][-2] == "main", where
    routed = [p for p in placements(server, 6) if p.get("entry") == f"net:table:{code}"]
    assert {p["name"] for p in routed} == {"ana", "ben"}
    assert {p["pid"] for p in routed} == {str(pids[int(home)])}

    # A plain-text watcher (ssh -T) types the code at her menu (in a worker) and is routed to
    # the table's worker, where she hears the moves.
    cleo = PlainClient(server.ssh_command("cleo", "-T"))
    cleo.wait_for("7. Shared tables")
    cleo.type(f"watch {code}")
    cleo.wait_for(rf"Sixty-One at table {code}")
    [watching] = [p for p in placements(server, 8) if p["name"] == "cleo" and "entry" in p]
    assert watching["pid"] == str(pids[int(home)]), watching

    # A round, played in that worker: each screen shows the other's move.
    play_a_move(ana, "ana")
    ben.wait_for(r"ana has chosen")
    play_a_move(ben, "ben")
    ana.wait_for(r"ben writes \d+ in")
    ben.wait_for(r"ana writes \d+ in")
    cleo.wait_for(r"ben writes")
    committed = the_record(server).actions
    assert len(committed) >= 2

    # The worker dies: its sessions end with the note, the server goes on.
    os.kill(pids[int(home)], signal.SIGKILL)
    ana.wait_for(re.escape(WORKER_LOST[:40]))
    ben.wait_for(re.escape(WORKER_LOST[:40]))
    assert server.wait_log("worker_lost", 1)
    assert server.alive()

    # Both log in again and are straight at their seats, the table brought back in a live
    # worker (not the main process) at the last committed move; the game goes on there.
    ana = tmux.client("ana2", server.ssh_command("ana"), (100, 30))
    ana.wait_for(r"(?s)^ ana: .*ben writes")
    ben = tmux.client("ben2", server.ssh_command("ben"), (80, 24))
    ben.wait_for(r"(?s)ana writes")
    back = [p for p in placements(server, 10)[8:]]
    assert {p["name"] for p in back} == {"ana", "ben"}
    assert all(p["worker"] in ("0", "1") and p["pid"] != str(pids[int(home)]) for p in back)
    assert len({p["pid"] for p in back}) == 1, back  # one home again, for both
    assert the_record(server).actions[: len(committed)] == committed  # no move lost
    play_a_move(ana, "ana")
    ben.wait_for(r"ana has chosen")  # the move reached the other seat, in the new home
    assert moves_of(ana, "ben") >= 1
    assert len(the_record(server).actions) > len(committed)
    assert server.alive()
    cleo.proc.kill()

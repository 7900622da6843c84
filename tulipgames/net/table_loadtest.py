"""One big shared table under load: where a move's CPU goes, process by process.

``python -m tulipgames.net.table_loadtest --seats 12 --rounds 3`` starts ``tulipgames serve``
on a free loopback port, connects one :mod:`~tulipgames.net.loadtest` client per seat (80x24,
rendered by its light screen), opens a Sixty-One table of that many seats, seats everybody and
starts it; then every player makes their move of each round, one after another. Each move is
timed from its last key until every other player's screen has received its redraw (the move
reaching the table), and the server's CPU over the rounds is divided by the moves: in all, in
the main process and in the busiest process.

``--server-dir DIR`` runs the server of another checkout (from that directory, with its
``.venv``): a before/after comparison on the same machine and load. ``--setups sqlite,pg,pg2
--database URL`` compares stores and nodes instead, side by side in one run (as
:mod:`~tulipgames.net.loadtest` does): one node on SQLite, one node on PostgreSQL, two nodes on
one PostgreSQL database with the seats alternating between them (the host on the first); the
server's CPU is then every node's, and "main" every node's main process.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from functools import partial
from pathlib import Path
from typing import Any

from tulipgames.net.loadtest import (
    END,
    MENU_READY,
    RIGHT,
    SETUPS,
    UP,
    Client,
    connect,
    family_cpu,
    percentile,
)


def start_server(python: str, data_dir: Path, sessions: int, workers: int | None,
                 cwd: Path | None = None, database: str | None = None,
                 ) -> tuple[subprocess.Popen[str], int]:
    command = [python, "-m", "tulipgames", "serve", "--host", "127.0.0.1", "--port", "0",
               "--data-dir", str(data_dir), "--max-sessions", str(sessions)]
    if workers is not None:
        command += ["--workers", str(workers)]
    if database is not None:
        command += ["--database", database]
    proc = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                            text=True, env=dict(os.environ), cwd=cwd)
    assert proc.stdout is not None
    for line in proc.stdout:
        match = re.search(r"listening on [\d.]+:(\d+)", line)
        if match:
            return proc, int(match.group(1))
    raise RuntimeError("the server did not start")


async def seat_everybody(clients: list[Client], names: list[str]) -> None:
    """The first player opens a Sixty-One table of ``len(clients)`` seats, the others join
    it by its code one after another, the host starts."""
    host = clients[0]
    host.chan.write((END + UP + UP + "\r").encode())  # Open a table
    await host.term.wait_for("Pick the game with the arrows")
    host.chan.write(END.encode())  # Sixty-One, the last game
    await host.term.wait_for("Seats: 2")
    host.chan.write((RIGHT * (len(clients) - 2)).encode())
    await host.term.wait_for(f"Seats: {len(clients)}")
    host.chan.write(b"\r")
    await host.term.wait_for("Join code:")
    match = re.search(r"Join code: ([A-Z2-9]{4})", host.term.text())
    assert match is not None
    for client in clients[1:]:
        client.chan.write((END + UP + "\r").encode())  # Join a table
        await client.term.wait_for("Type the code")
        client.chan.write((match.group(1) + "\r").encode())
        await client.term.wait_for("Join code:")
    host.chan.write(b"s")
    for client, name in zip(clients, names, strict=True):
        await client.term.until(partial(_to_act, client, name), timeout=60)


def _changed(client: Client, before: str) -> bool:
    return client.term.text() != before


def _got_more(client: Client, mark: int) -> bool:
    return client.term.received > mark


def _to_act(client: Client, name: str) -> bool:
    return client.term.status().startswith(f"{name}:")


async def one_move(me: Client, name: str, others: list[Client]) -> float:
    """``name`` plays their move of the round (Enter picks, ``y`` confirms, Right skips an
    unusable die); returns the seconds from its last key until every other screen got bytes
    after it."""
    await me.term.until(lambda: me.term.status().startswith(f"{name}:"), timeout=60)
    for _ in range(20):
        before = me.term.text()
        marks = [other.term.received for other in others]
        sent = time.perf_counter()
        me.chan.write(b"y" if "y: confirm" in before else b"\r")
        try:
            await me.term.until(partial(_changed, me, before), timeout=3)
        except asyncio.TimeoutError:
            me.chan.write(RIGHT.encode())
            continue
        await asyncio.sleep(0.05)  # the rest of the frame
        if not me.term.status().startswith(f"{name}:"):
            seen = await asyncio.gather(*(
                other.term.until(partial(_got_more, other, mark), timeout=30)
                for other, mark in zip(others, marks, strict=True)))
            return max(seen) - sent
    raise RuntimeError(f"{name}'s move never ended:\n{me.term.text()}")


async def measure(python: str, seats: int, rounds: int, workers: int | None,
                  cwd: Path | None = None, database: str | None = None, nodes: int = 1,
                  tag: str = "big") -> dict[str, Any]:
    with tempfile.TemporaryDirectory(prefix="tulipgames-table-load-") as tmp:
        started_nodes = [start_server(python, Path(tmp) / f"node{n}", seats + 2, workers, cwd,
                                      database) for n in range(nodes)]
        procs = [proc for proc, _port in started_nodes]
        try:
            names = [f"{tag}{i}" for i in range(seats)]
            clients = [await connect(started_nodes[i % nodes][1], name, light=True)
                       for i, name in enumerate(names)]
            await asyncio.gather(*(c.term.wait_for(MENU_READY) for c in clients))
            await seat_everybody(clients, names)
            await asyncio.sleep(2.0)  # sessions moving to the table's home settle
            before = {pid: cpu for p in procs for pid, cpu in family_cpu(p.pid).items()}
            started = time.perf_counter()
            spreads = []
            for _ in range(rounds):
                for i, (client, name) in enumerate(zip(clients, names, strict=True)):
                    spreads.append(await one_move(client, name, clients[:i] + clients[i + 1:]))
            elapsed = time.perf_counter() - started
            after = {pid: cpu for p in procs for pid, cpu in family_cpu(p.pid).items()}
            spent = {pid: after[pid] - before.get(pid, 0.0) for pid in after}
            moves = len(spreads)
            for client in clients:
                client.conn.close()
        finally:
            for each in procs:
                each.terminate()
                try:
                    each.wait(30)
                except subprocess.TimeoutExpired:
                    each.kill()
    mains = sum(spent.get(each.pid, 0.0) for each in procs)
    return {
        "seats": seats, "moves": moves, "workers": "default" if workers is None else workers,
        "nodes": nodes, "store": "postgresql" if database else "sqlite",
        "server_cpu_ms_per_move": round(1000 * sum(spent.values()) / moves, 1),
        "main_cpu_ms_per_move": round(1000 * mains / moves, 1),
        "busiest_ms_per_move": round(1000 * max(spent.values()) / moves, 1),
        "reach_p50_ms": round(1000 * statistics.median(spreads), 1),
        "reach_p95_ms": round(1000 * percentile(spreads, 95), 1),
        "seconds": round(elapsed, 1), "loadavg": round(os.getloadavg()[0], 1),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tulipgames.net.table_loadtest",
                                     description=__doc__.split("\n\n")[0])
    parser.add_argument("--seats", type=int, default=12)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--workers", type=int, default=None)
    parser.add_argument("--server-dir", type=Path, default=None,
                        help="run the server of that checkout (its .venv), for a comparison")
    parser.add_argument("--setups", metavar="S,T",
                        help="compare stores and nodes: sqlite, pg (one node on --database), "
                             "pg2 (two nodes on --database)")
    parser.add_argument("--database", metavar="URL",
                        help="the PostgreSQL database of --setups pg and pg2 (its own)")
    args = parser.parse_args(argv)
    if not 2 <= args.seats <= 12:
        parser.error("Sixty-One seats 2-12 players")
    python = sys.executable
    if args.server_dir is not None:
        python = str(args.server_dir / ".venv" / "bin" / "python")
    setups = [] if args.setups is None else args.setups.split(",")
    if not set(setups) <= set(SETUPS):
        parser.error(f"--setups: among {', '.join(SETUPS)}")
    if any(SETUPS[s][0] for s in setups) and not args.database:
        parser.error("--setups pg and pg2 need --database URL")
    if not setups:
        print(json.dumps(asyncio.run(measure(python, args.seats, args.rounds, args.workers,
                                             args.server_dir))))
        return 0
    for setup in setups:
        on_pg, nodes = SETUPS[setup]
        row = asyncio.run(measure(python, args.seats, args.rounds, args.workers, args.server_dir,
                                  args.database if on_pg else None, nodes, tag=f"{setup}x"))
        print(json.dumps({"setup": setup, **row}), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

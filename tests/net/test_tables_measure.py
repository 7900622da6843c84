"""What a shared table costs, measured for the issue's closing note (and one functional check).

``python -m tests.net.test_tables_measure`` prints:

* a 4-player Sixty-One table over SSH (a ``tulipgames serve`` subprocess, four asyncssh clients
  whose screens pyte renders): the wall time per round when the four place on the roll at once,
  against placing one after another (each starts when the previous one has finished), for the
  same scripted choices (Enter takes the highlighted die and spot) and a scripted think time;
* the server memory per open play-by-mail table (tracemalloc over bringing N tables back);
* the time to list "Your tables" with 1,000 saved tables in the store.

Timing figures are noisy on a shared machine: compare the two modes of one run, not runs.
The test below runs one round of each mode and checks only what happened, never times.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import os
import re
import statistics
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

from tests.net.conftest import Server
from tulipgames.net.loadtest import Client, connect

END, UP, RIGHT, ENTER = "\x1b[F", "\x1b[A", "\x1b[C", "\r"
NAMES = ("ana", "ben", "cleo", "dev")


def acting(client: Client, name: str) -> bool:
    return client.term.status().startswith(f"{name}:")


def round_of(client: Client) -> int:
    match = re.search(r"Round (\d+),", client.term.status())
    return int(match.group(1)) if match else 0


async def place(client: Client, name: str, think: float) -> None:
    """One player's scripted choice on this roll: think, then Enter (the highlighted die, the
    next die, the highlighted spot) and ``y`` when the footer offers the confirmation, until
    this round's choice is made. Right moves on when Enter cannot use the highlighted die."""
    await client.term.until(lambda: acting(client, name))
    number = round_of(client)
    await asyncio.sleep(think)

    def chosen() -> bool:
        status = client.term.status()
        return not acting(client, name) or (
            f"Round {number}," not in status and "Leaf total" not in status
        )

    deadline = time.perf_counter() + 60
    while time.perf_counter() < deadline:
        if chosen():
            return
        footer = next((line for line in reversed(client.term.screen.display) if line.strip()), "")
        key = "y" if " y confirm" in footer else ENTER if "pick" in footer else None
        if key is None:  # a frame still arriving
            await asyncio.sleep(0.1)
            continue
        before = client.term.text()
        client.chan.write(key.encode())
        try:
            await client.term.until(lambda b=before: client.term.text() != b, timeout=3)
        except asyncio.TimeoutError:
            if not chosen():
                client.chan.write(RIGHT.encode())
    raise AssertionError(f"{name} could not place:\n{client.term.text()}")


async def open_four_seat_table(clients: list[Client]) -> None:
    host = clients[0]
    await host.term.wait_for("Join a table")
    host.chan.write((END + UP + UP + ENTER).encode())
    await host.term.wait_for("Pick the game with the arrows")
    host.chan.write(END.encode())
    await host.term.wait_for("Seats: 2  (Sixty-One")
    host.chan.write(b"++")
    await host.term.wait_for("Seats: 4")
    host.chan.write(ENTER.encode())
    await host.term.wait_for("Join code:")
    code = host.term.text().split("Join code: ")[1][:4]
    for client in clients[1:]:
        await client.term.wait_for("Join a table")
        client.chan.write((END + UP + ENTER).encode())
        await client.term.wait_for("Type the code")
        client.chan.write((code + ENTER).encode())
    await host.term.wait_for("Seat 4: dev")
    host.chan.write(b"s")


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process so far (Linux ``/proc``)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


async def round_time(
    clients: list[Client], think: float, together: bool
) -> float:
    """Seconds from the roll (every seat asked to place) to the next roll."""
    for client, name in zip(clients, NAMES, strict=True):
        await client.term.until(lambda c=client, n=name: acting(c, n))
    start = time.perf_counter()
    if together:
        await asyncio.gather(*(place(c, n, think) for c, n in zip(clients, NAMES, strict=True)))
    else:
        for client, name in zip(clients, NAMES, strict=True):
            await place(client, name, think)
    for client, name in zip(clients, NAMES, strict=True):
        await client.term.until(lambda c=client, n=name: acting(c, n))
    return time.perf_counter() - start


async def measure_rounds(data_dir: Path, rounds: int, think: float) -> dict[str, list[float]]:
    """Alternate simultaneous and sequential rounds at one 4-seat table (so both modes see the
    same load); returns the round times of each mode."""
    server = Server(data_dir)
    try:
        clients = [await connect(server.port, name) for name in NAMES]
        await open_four_seat_table(clients)
        times: dict[str, list[float]] = {"simultaneous": [], "sequential": [], "cpu": []}
        for number in range(2 * rounds):
            mode = "simultaneous" if number % 2 == 0 else "sequential"
            cpu = cpu_seconds(server.proc.pid)
            times[mode].append(await round_time(clients, think, mode == "simultaneous"))
            times["cpu"].append(cpu_seconds(server.proc.pid) - cpu)
        for client in clients:
            client.conn.close()
        return times
    finally:
        server.stop()


async def test_four_players_place_together_and_in_turn(tmp_path: Path) -> None:
    times = await measure_rounds(tmp_path, rounds=1, think=0.0)
    assert [len(times[k]) for k in ("simultaneous", "sequential")] == [1, 1]  # both rounds ended


# -- memory and listing (in process) -----------------------------------------------------------
def fill_store(data_dir: Path, tables: int, clock: str, game: str = "sixtyone",
               seats: int = 2, moves: int = 1) -> None:
    """``tables`` started tables of ``game`` of ana and different partners each, with
    ``moves`` moves played at each (the first legal move of whoever acts)."""
    from tulipgames.net.lobby import Lobby, TableSettings
    from tulipgames.store import Store

    store = Store(data_dir)
    lobby = Lobby(store, None)
    for number in range(tables):
        opened = lobby.open(game, seats, "ana", seed=number + 1,
                            settings=TableSettings(clock=clock))
        for other in range(1, seats):
            opened.claim(f"p{number}-{other}")
        table = lobby.start(opened.code)
        for _ in range(moves):
            if table.is_over:
                break
            seat = table.to_act()[0]
            table.play(seat, table.state.legal_actions(seat)[0])
        table.close()
        del lobby.tables[opened.code]
    store.close()


def memory_per_table(tables: int, game: str = "sixtyone", seats: int = 2,
                     moves: int = 1) -> float:
    """Bytes of Python memory a play-by-mail table holds once the server brought it back."""
    from tulipgames.net.lobby import Lobby
    from tulipgames.store import Store

    with tempfile.TemporaryDirectory() as tmp:
        fill_store(Path(tmp), tables, "1day", game, seats, moves)
        store = Store(tmp)
        gc.collect()
        tracemalloc.start()
        before = tracemalloc.get_traced_memory()[0]
        lobby = Lobby(store, None)
        gc.collect()
        after = tracemalloc.get_traced_memory()[0]
        tracemalloc.stop()
        assert len(lobby.tables) == tables
        store.close()
        return (after - before) / tables


def listing_time(tables: int, repeat: int = 20) -> tuple[float, float, int]:
    """Median seconds to list "Your tables" of the player seated at all ``tables`` and of one
    seated at one table, with that many saved (live-clock) tables in the store."""
    from tulipgames.store import Store

    with tempfile.TemporaryDirectory() as tmp:
        fill_store(Path(tmp), tables, "5min")
        store = Store(tmp)
        rows = store.shared_tables("ana")
        everyone, one = [], []
        for _ in range(repeat):
            start = time.perf_counter()
            store.shared_tables("ana")
            everyone.append(time.perf_counter() - start)
            start = time.perf_counter()
            store.shared_tables("p7-1")
            one.append(time.perf_counter() - start)
        store.close()
        return statistics.median(everyone), statistics.median(one), len(rows)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=4, help="rounds of each mode")
    parser.add_argument("--think", type=float, nargs="*", default=[0.0, 1.0],
                        help="seconds each player thinks before placing")
    parser.add_argument("--mail-tables", type=int, default=200)
    parser.add_argument("--listed-tables", type=int, default=1000)
    args = parser.parse_args(argv)
    for think in args.think:
        with tempfile.TemporaryDirectory() as tmp:
            times = asyncio.run(measure_rounds(Path(tmp), args.rounds, think))
        sim, seq = (statistics.median(times[k]) for k in ("simultaneous", "sequential"))
        print(f"4-player Sixty-One over SSH, think {think:.1f} s: median round "
              f"simultaneous {sim:.2f} s, sequential {seq:.2f} s (x{seq / sim:.2f}); "
              f"rounds {[round(t, 2) for t in times['simultaneous']]} vs "
              f"{[round(t, 2) for t in times['sequential']]}; server CPU per round "
              f"{statistics.median(times['cpu']):.2f} s", flush=True)
    for game, seats, moves in (("sixtyone", 2, 1), ("sixtyone", 4, 40), ("tulipandrose", 4, 60)):
        per_table = memory_per_table(args.mail_tables, game, seats, moves)
        print(f"play-by-mail tables in memory: {per_table / 1024:.1f} KiB per table "
              f"(tracemalloc, {args.mail_tables} tables of {seats}-seat {game}, {moves} moves "
              "played)", flush=True)
    everyone, one, rows = listing_time(args.listed_tables)
    print(f"Your tables with {args.listed_tables} saved tables: {everyone * 1000:.1f} ms for a "
          f"player at all {rows}, {one * 1000:.1f} ms for a player at one (median of 20)")
    return 0


if __name__ == "__main__":
    os.environ.setdefault("PYTHONUNBUFFERED", "1")
    sys.exit(main())

"""What a ticking shared-table clock costs the server, measured for the issue's closing note.

``python -m tests.net.clock_measure --sessions 50 --window 15 --clocks 0,1`` starts a
``tulipgames serve`` subprocess (tulipgames.net.loadtest's parts), seats the sessions in pairs at
two-seat Sixty-One tables (opened at once, so their clocks start close together), lets nobody
type, and reads the server's CPU time (main process and workers) and the bytes the clients
receive over a window. ``--clocks``: 0 no clock, 1 "1 min per move" (every screen is in its last
minute, so every session's clock is redrawn once a second: the worst case), 2 "5 min per move"
(minutes shown: one redraw a minute). With a clock, the window ends before the first clock runs
out, so it holds clock redraws only (checked: every screen still shows its own time in round 1).

Timing figures are noisy on a shared machine; the load average is printed with them.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import re
import tempfile
import time
from pathlib import Path

from tulipgames.net import loadtest as lt

DOWN, BACKTAB = "\x1b[B", "\x1b[Z"
LABELS = {0: "no clock", 1: "1 min per move", 2: "5 min per move"}


async def open_table(host: lt.Client, guest: lt.Client, guest_name: str, downs: int) -> None:
    """The host opens a Sixty-One table with the ``downs``-th clock, the guest joins, start."""
    host.chan.write((lt.END + lt.UP + lt.UP + "\r").encode())
    await host.term.wait_for("Pick the game with the arrows")
    host.chan.write(lt.END.encode())  # Sixty-One, the last game
    await host.term.wait_for("Seats: 2  (Sixty-One")
    if downs:
        host.chan.write(b"\t\r")
        await host.term.wait_for("Dismiss menu")
        host.chan.write((DOWN * downs + "\r").encode())
        await host.term.until(lambda: "Dismiss menu" not in host.term.text())
        host.chan.write(BACKTAB.encode())
        await asyncio.sleep(0.3)
    host.chan.write(b"\r")
    await host.term.wait_for("Join code:")
    match = re.search(r"Join code: ([A-Z2-9]{4})", host.term.text())
    assert match is not None
    guest.chan.write((lt.END + lt.UP + "\r").encode())
    await guest.term.wait_for("Type the code")
    guest.chan.write((match.group(1) + "\r").encode())
    await host.term.wait_for(f"Seat 2: {guest_name}")
    host.chan.write(b"s")


async def measure(sessions: int, downs: int, window: float) -> str:
    with tempfile.TemporaryDirectory() as tmp:
        proc, port = lt.start_server(Path(tmp), sessions + 5)
        try:
            clients = [await lt.connect(port, f"p{i}", light=True) for i in range(sessions)]
            for client in clients:
                await client.term.wait_for(lt.MENU_READY)
            await asyncio.gather(*(open_table(clients[i], clients[i + 1], f"p{i + 1}", downs)
                                   for i in range(0, sessions, 2)))
            for client in clients:
                await client.term.until(lambda c=client: "connected" in c.term.text(), timeout=60)
            await asyncio.sleep(2)
            if downs == 1:
                left = [int(m.group(1)) for c in clients
                        for m in [re.search(r"you 0:(\d\d)", c.term.status())] if m]
                assert len(left) == sessions, [c.term.status() for c in clients]
                window = min(window, min(left) - 5)
            cpu_before = sum(lt.family_cpu(proc.pid).values())
            got_before = sum(c.term.received for c in clients)
            start = time.perf_counter()
            await asyncio.sleep(window)
            wall = time.perf_counter() - start
            cpu = sum(lt.family_cpu(proc.pid).values()) - cpu_before
            got = sum(c.term.received for c in clients) - got_before
            if downs == 1:
                assert all("you 0:" in c.term.status() and "Round 1," in c.term.status()
                           for c in clients), [c.term.status() for c in clients]
            for client in clients:
                client.conn.close()
        finally:
            proc.terminate()
            proc.wait(30)
    return (f"{sessions} sessions, {LABELS[downs]}: server CPU {cpu / wall * 1000:.1f} ms per "
            f"second ({cpu / wall * 100:.2f} % of a core), {got / wall / sessions:.0f} bytes/s per "
            f"session over {wall:.1f} s; load average {os.getloadavg()[0]:.1f}")


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m tests.net.clock_measure")
    parser.add_argument("--sessions", type=int, default=50, help="an even number, at most 200")
    parser.add_argument("--window", type=float, default=15.0, help="seconds measured")
    parser.add_argument("--clocks", default="0,1", help="0 none, 1 one minute, 2 five minutes")
    args = parser.parse_args()
    sessions = max(2, min(lt.MAX_SESSIONS, args.sessions // 2 * 2))
    for downs in (int(key) for key in args.clocks.split(",")):
        print(asyncio.run(measure(sessions, downs, args.window)), flush=True)


if __name__ == "__main__":
    main()

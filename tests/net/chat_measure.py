"""What table chat costs the server, measured for the issue's closing note.

``python -m tests.net.chat_measure --sessions 50 --window 10`` starts a ``tulipgames serve``
subprocess (tulipgames.net.loadtest's parts), seats two sessions at a Sixty-One table and lets
every other session watch it, opens the chat panel (ctrl+t) on every screen, then has
``--senders`` sessions say one line each per ``--every`` seconds (within the per-session rate
limit). It reads the server's CPU time (main process and workers) over the window, and over an
equal window of silence before it, and reports the difference per line sent, and the bytes each
client received per line. Every line is checked to reach every screen.

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

CTRL_T = "\x14"


async def seat_and_watch(clients: list[lt.Client]) -> str:
    """p0 opens a Sixty-One table, p1 joins, it starts; everyone else watches. The code."""
    host, guest = clients[0], clients[1]
    host.chan.write((lt.END + lt.UP + lt.UP + "\r").encode())
    await host.term.wait_for("Pick the game with the arrows")
    host.chan.write(lt.END.encode())
    await host.term.wait_for("Seats: 2  (Sixty-One")
    host.chan.write(b"\r")
    await host.term.wait_for("Join code:")
    match = re.search(r"Join code: ([A-Z2-9]{4})", host.term.text())
    assert match is not None
    code = match.group(1)
    for client in clients[1:]:
        client.chan.write((lt.END + lt.UP + "\r").encode())
    for client in clients[1:]:
        await client.term.wait_for("Type the code")
    guest.chan.write((code + "\r").encode())
    await host.term.wait_for("Seat 2: p1")
    host.chan.write(b"s")
    await host.term.wait_for("connected")
    for client in clients[2:]:
        client.chan.write((code + "\r").encode())
    for client in clients:
        await client.term.until(lambda c=client: "connected" in c.term.text(), timeout=60)
    return code


async def measure(sessions: int, window: float, senders: int, every: float) -> str:
    with tempfile.TemporaryDirectory() as tmp:
        proc, port = lt.start_server(Path(tmp), sessions + 5)
        try:
            clients = [await lt.connect(port, f"p{i}", light=True) for i in range(sessions)]
            for client in clients:
                await client.term.wait_for(lt.MENU_READY)
            await seat_and_watch(clients)
            for client in clients:
                client.chan.write(CTRL_T.encode())
            for client in clients:
                await client.term.wait_for("Nobody has said anything here yet.")
            await asyncio.sleep(2)
            cpu_before = sum(lt.family_cpu(proc.pid).values())
            await asyncio.sleep(window)
            idle = sum(lt.family_cpu(proc.pid).values()) - cpu_before

            cpu_before = sum(lt.family_cpu(proc.pid).values())
            got_before = sum(c.term.received for c in clients)
            start, lines = time.perf_counter(), 0
            while time.perf_counter() - start < window:
                for n, client in enumerate(clients[:senders]):
                    client.chan.write(f"line {lines + n} from p{n}\r".encode())
                lines += senders
                await asyncio.sleep(every)
            last = f"line {lines - 1} from p{senders - 1}"
            for client in clients:
                await client.term.wait_for(last)
            wall = time.perf_counter() - start
            cpu = sum(lt.family_cpu(proc.pid).values()) - cpu_before
            got = sum(c.term.received for c in clients) - got_before
            for client in clients:
                client.conn.close()
        finally:
            proc.terminate()
            proc.wait(30)
    per_line = (cpu - idle * wall / window) / lines
    return (f"{sessions} sessions at one table (2 seated, {sessions - 2} watching), chat open "
            f"everywhere, {lines} lines in {wall:.1f} s: server CPU {per_line * 1000:.1f} ms per "
            f"line ({cpu:.2f} s, silence {idle:.2f} s per {window:.0f} s), "
            f"{got / lines / sessions:.0f} bytes per line per session; "
            f"load average {os.getloadavg()[0]:.1f}")


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m tests.net.chat_measure")
    parser.add_argument("--sessions", type=int, default=50, help="at least 3, at most 200")
    parser.add_argument("--window", type=float, default=10.0, help="seconds measured")
    parser.add_argument("--senders", type=int, default=5, help="sessions that speak")
    parser.add_argument("--every", type=float, default=2.5,
                        help="seconds between a sender's lines (the limit: 5 per 10 s)")
    args = parser.parse_args()
    sessions = max(3, min(lt.MAX_SESSIONS, args.sessions))
    print(asyncio.run(measure(sessions, args.window, min(args.senders, sessions),
                              args.every)), flush=True)


if __name__ == "__main__":
    main()

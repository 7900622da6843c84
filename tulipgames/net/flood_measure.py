"""Measure a socket flood from one address against ``tulipgames serve`` (loopback only, bounded).

    python -m tulipgames.net.flood_measure [--sockets 300] [--seconds 20] [--source DIR]
    python -m tulipgames.net.flood_measure --plain 16 [--seconds 20] [--source DIR]

A server starts on 127.0.0.1 (from ``--source DIR``, a checkout, to measure older code); a player
"ana" connects from 127.0.0.2 and reaches the menu; then a flood process holds ``--sockets``
idle TCP connections from 127.0.0.1 to the SSH port, opening a new one as soon as the server
drops one, for ``--seconds``. Meanwhile ana presses a key every 0.3 s (its latency: key to
screen) and newcomers from 127.0.0.2 log in one after another (time from connect to the menu).
Printed at the end: the figures, the connections the flood made, and the log's lines and bytes.
With ``--plain N`` the load is N plain-text sessions (``ssh -T``) from 127.0.0.1 instead, each
playing games of Century: Spice Road between three hard bots, one after another.
Nothing but 127.0.0.1/127.0.0.2 is ever contacted, and every loop stops at its deadline.
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
from pathlib import Path
from typing import Any

FLOOD_FROM = "127.0.0.1"
PLAYERS_FROM = "127.0.0.2"


async def flood(port: int, sockets: int, seconds: float, web: bool = False) -> int:
    """Hold ``sockets`` idle connections to 127.0.0.1:``port`` from 127.0.0.1 until the
    deadline, reopening each one the server drops; returns how many were opened."""
    deadline = time.monotonic() + seconds
    opened = 0

    async def one() -> None:
        nonlocal opened
        while time.monotonic() < deadline:
            try:
                reader, writer = await asyncio.wait_for(asyncio.open_connection(
                    "127.0.0.1", port, local_addr=(FLOOD_FROM, 0)), 5)
            except (OSError, asyncio.TimeoutError):
                await asyncio.sleep(0.05)
                continue
            opened += 1
            try:
                left = deadline - time.monotonic()
                while left > 0:
                    if not await asyncio.wait_for(reader.read(4096), left):
                        break  # the server dropped it: open another
                    left = deadline - time.monotonic()
            except (OSError, asyncio.TimeoutError):
                pass
            writer.close()

    await asyncio.gather(*(one() for _ in range(sockets)))
    return opened


async def plain_bots(port: int, count: int, seconds: float) -> int:
    """``count`` plain-text sessions, each starting all-bot games of Spice Road (hard bots)
    until the deadline; returns the lines they were sent back."""
    import asyncssh

    from tulipgames.net.loadtest import client_key

    deadline = time.monotonic() + seconds
    received = 0

    async def one(index: int) -> None:
        nonlocal received
        conn = await asyncssh.connect("127.0.0.1", port, username=f"plain{index}",
                                      known_hosts=None, agent_path=None,
                                      client_keys=[client_key()], local_addr=(FLOOD_FROM, 0))
        process = await conn.create_process()
        game = "3\nbot:hard,bot:hard,bot:hard\n"
        process.stdin.write(game * 20)
        try:
            while time.monotonic() < deadline:
                line = await asyncio.wait_for(process.stdout.readline(),
                                              max(0.1, deadline - time.monotonic()))
                if not line:
                    break
                received += 1
        except asyncio.TimeoutError:
            pass
        conn.close()

    await asyncio.gather(*(one(i) for i in range(count)))
    return received


async def measure(port: int, sockets: int, seconds: float, log: Path,
                  plain: int = 0) -> dict[str, Any]:
    from tulipgames.net.loadtest import END, MENU_READY, QUIT_HELP, UP, connect

    ana = await connect(port, "ana", local_addr=PLAYERS_FROM)
    await ana.term.wait_for(MENU_READY)
    load = ["--plain-port", str(port), "--plain", str(plain)] if plain else [
        "--flood-port", str(port), "--sockets", str(sockets)]
    flooder = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "tulipgames.net.flood_measure", *load,
        "--seconds", str(seconds), stdout=subprocess.PIPE,
    )
    await asyncio.sleep(2.0)  # the flood is at full strength
    deadline = time.monotonic() + seconds - 3
    keys: list[float] = []
    logins: list[float] = []

    async def press() -> None:
        shown = True
        while time.monotonic() < deadline:
            start = time.perf_counter()
            ana.chan.write((END if not shown else UP).encode())
            shown = not shown
            try:
                seen = await asyncio.wait_for(ana.term.wait_for(QUIT_HELP, present=shown), 30)
            except asyncio.TimeoutError:
                seen = time.perf_counter()
            keys.append(seen - start)
            await asyncio.sleep(0.3)

    async def newcomers() -> None:
        number = 0
        while time.monotonic() < deadline:
            number += 1
            start = time.perf_counter()
            try:
                client = await asyncio.wait_for(
                    connect(port, f"new{number}", local_addr=PLAYERS_FROM), 40)
                await asyncio.wait_for(client.term.wait_for(MENU_READY), 40)
                logins.append(time.perf_counter() - start)
                client.conn.close()
            except Exception as exc:  # any failure is a failed login, and counted as one
                logins.append(float("inf"))
                print(f"newcomer {number}: {exc!r}", file=sys.stderr)
            await asyncio.sleep(1.0)

    await asyncio.gather(press(), newcomers())
    out, _ = await flooder.communicate()
    ana.conn.close()
    return {
        ("plain_lines" if plain else "flood_connections"): int(out.decode().strip() or 0),
        "key_median_s": round(statistics.median(keys), 3) if keys else None,
        "key_max_s": round(max(keys), 3) if keys else None,
        "keys": len(keys),
        "login_median_s": round(statistics.median(logins), 2) if logins else None,
        "login_max_s": round(max(logins), 2) if logins else None,
        "logins": len(logins),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tulipgames.net.flood_measure",
                                     description=__doc__.split("\n\n")[0])
    parser.add_argument("--sockets", type=int, default=300)
    parser.add_argument("--seconds", type=float, default=20)
    parser.add_argument("--source", type=Path, help="run the server from this checkout")
    parser.add_argument("--workers", type=int)
    parser.add_argument("--plain", type=int, default=0, metavar="N",
                        help="N plain-text sessions of hard bots instead of the socket flood")
    parser.add_argument("--flood-port", type=int, help=argparse.SUPPRESS)
    parser.add_argument("--plain-port", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if not 1 <= args.sockets <= 2000 or not 1 <= args.seconds <= 120:
        parser.error("--sockets 1-2000 and --seconds 1-120 (a bounded measurement)")
    if not 0 <= args.plain <= 64:
        parser.error("--plain 0-64")
    if args.plain_port is not None:
        print(asyncio.run(plain_bots(args.plain_port, args.plain, args.seconds)))
        return 0
    if args.flood_port is not None:
        print(asyncio.run(flood(args.flood_port, args.sockets, args.seconds)))
        return 0
    with tempfile.TemporaryDirectory() as tmp:
        data = Path(tmp)
        log = data / "serve.log"
        command = [sys.executable, "-m", "tulipgames", "serve", "--host", "127.0.0.1",
                   "--port", "0", "--data-dir", str(data), "--log", str(log)]
        if args.workers is not None:
            command += ["--workers", str(args.workers)]
        proc = subprocess.Popen(command, cwd=args.source or None, stdout=subprocess.PIPE,
                                stderr=subprocess.DEVNULL, text=True,
                                env={**os.environ, "TULIPGAMES_HOME": tmp})
        assert proc.stdout is not None
        port = 0
        for line in proc.stdout:
            match = re.search(r"listening on [\d.]+:(\d+)", line)
            if match:
                port = int(match.group(1))
            if line.startswith("play:"):
                break
        try:
            figures = asyncio.run(measure(port, args.sockets, args.seconds, log, args.plain))
        finally:
            proc.terminate()
            try:
                proc.wait(30)
            except subprocess.TimeoutExpired:  # a figure too: it did not stop in time
                proc.kill()
                proc.wait()
        text = log.read_text() if log.exists() else ""
        figures["log_lines"] = text.count("\n")
        figures["log_bytes"] = len(text.encode())
        figures["server_exit"] = proc.returncode
    print(json.dumps(figures))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

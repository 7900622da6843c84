"""Running ``tulipgames serve`` as a service: log rotation (``SIGHUP``), a reverse proxy in front
(``--behind-proxy``), file descriptors and the modes of the files it creates.

A real ``tulipgames serve`` subprocess and real asyncssh clients, as in ``test_flood``.
"""

from __future__ import annotations

import asyncio
import signal
import time
from pathlib import Path

from tests.net.conftest import Server
from tulipgames.net.loadtest import END, MENU_READY, QUIT_HELP, connect


def wait_for_text(path: Path, text: str, timeout: float = 10) -> str:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if path.exists() and text in path.read_text():
            return path.read_text()
        time.sleep(0.05)
    raise AssertionError(f"{text!r} not in {path}: {path.read_text() if path.exists() else '-'}")


async def test_sighup_reopens_the_log_file_and_the_server_goes_on(tmp_path: Path) -> None:
    """logrotate renames the log, then sends SIGHUP: the server keeps serving (the player
    connected meanwhile keeps playing) and writes its next lines to a new file of that name."""
    log = tmp_path / "serve.log"
    server = Server(tmp_path, "--log", str(log), "--workers", "0")
    try:
        first = await connect(server.port, "ana")
        await first.term.wait_for(MENU_READY)
        wait_for_text(log, "name=ana")
        rotated = log.rename(tmp_path / "serve.log.1")
        server.proc.send_signal(signal.SIGHUP)
        assert wait_for_text(log, "event=log_reopened")
        second = await connect(server.port, "bea")
        await second.term.wait_for(MENU_READY)
        first.chan.write(END.encode())  # ana's session still answers her keys
        await first.term.wait_for(QUIT_HELP)
        assert "event=login name=bea" in wait_for_text(log, "name=bea")
        assert "name=bea" not in rotated.read_text()  # nothing more went to the renamed file
        assert server.alive()
        for client in (first, second):
            client.conn.close()
        await asyncio.gather(first.conn.wait_closed(), second.conn.wait_closed())
    finally:
        server.stop()
    assert server.proc.returncode == 0

"""Running ``tulipgames serve`` as a service: log rotation (``SIGHUP``), a reverse proxy in front
(``--behind-proxy``), file descriptors and the modes of the files it creates.

A real ``tulipgames serve`` subprocess and real asyncssh clients, as in ``test_flood``.
"""

from __future__ import annotations

import asyncio
import os
import re
import resource
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import asyncssh
import pytest

from tests.net.conftest import HOST, Server
from tulipgames.net.loadtest import END, MENU_READY, QUIT_HELP, connect
from tulipgames.net.server import ServerConfig, files_needed
from tulipgames.net.web import MAX_WEB_PER_ADDRESS


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


def serve_exit(tmp_path: Path, *extra: str) -> subprocess.CompletedProcess[str]:
    """A ``tulipgames serve`` that is expected to refuse to start."""
    return subprocess.run(
        [sys.executable, "-m", "tulipgames", "serve", "--port", "0", "--data-dir", str(tmp_path),
         *extra], capture_output=True, text=True, timeout=60, stdin=subprocess.DEVNULL,
    )


def test_an_open_server_behind_a_proxy_is_refused(tmp_path: Path) -> None:
    """Open is allowed on 127.0.0.1 because only this machine gets in; a proxy on this machine
    would hand it to the internet. Each door needs its own credentials behind one."""
    tokens = tmp_path / "tokens"
    tokens.write_text("dora:" + "t" * 24 + "\n")
    for extra, says in (
        ([], "would open this server to everyone"),
        (["--web", "0"], "would open this server to everyone"),
        (["--allow-keyless"], "would open this server to everyone"),
        (["--web", "0", "--web-tokens", str(tokens)], "the SSH door would be open"),
        (["--password-file", str(tmp_path / "none")], "--password-file"),
    ):
        done = serve_exit(tmp_path, "--behind-proxy", "127.0.0.1", *extra)
        assert done.returncode == 2, done
        assert says in done.stderr and done.stderr.count("\n") == 1, done.stderr
    done = serve_exit(tmp_path, "--behind-proxy", "proxy.example")
    assert done.returncode == 2 and "not an IP address" in done.stderr
    assert not list(tmp_path.glob("*.sqlite3"))  # refused before anything was opened


@pytest.fixture
def proxied(tmp_path: Path) -> Iterator[Server]:
    """A server with passwords behind a "proxy" at 127.0.0.1; players also come straight
    from 127.0.0.2."""
    passwords = tmp_path / "players.txt"
    passwords.write_text("ana:secret\n")
    srv = Server(tmp_path, "--password-file", str(passwords), "--behind-proxy", "127.0.0.1",
                 "--web", "0", "--workers", "0")
    yield srv
    srv.stop()


def through_proxy(port: int, client: str, client_port: int = 40000) -> socket.socket:
    """A socket from the proxy's address that has said which client it carries."""
    sock = socket.create_connection((HOST, port))
    sock.sendall(f"PROXY TCP4 {client} {HOST} {client_port} {port}\r\n".encode())
    return sock


async def test_the_proxy_line_gives_the_ssh_door_the_real_client_address(proxied: Server) -> None:
    server = proxied
    sock = through_proxy(server.port, "203.0.113.7", 41234)
    conn = await asyncssh.connect(sock=sock, username="ana", password="secret",
                                  known_hosts=None, agent_path=None, client_keys=None)
    conn.close()
    await conn.wait_closed()
    logins = server.wait_log("login", 1)
    assert "peer=203.0.113.7:41234" in logins[0], logins
    # The per-address cap of connections still logging in counts the real address: 30 idle
    # ones "from" 203.0.113.7 push out their own oldest, not those of another client.
    idle = [through_proxy(server.port, "203.0.113.7", 50000 + i) for i in range(30)]
    other = through_proxy(server.port, "198.51.100.9", 42000)
    try:
        await asyncio.sleep(1.0)
        conn = await asyncssh.connect(sock=other, username="ana", password="secret",
                                      known_hosts=None, agent_path=None, client_keys=None)
        conn.close()
        await conn.wait_closed()
    finally:
        for sock in idle:
            sock.close()
    # From the proxy, a connection without its PROXY line is dropped (and said so).
    bare = socket.create_connection((HOST, server.port))
    bare.sendall(b"SSH-2.0-OpenSSH_9.6\r\n")
    bare.settimeout(10)
    assert bare.recv(100) == b""
    bare.close()
    server.stop()
    lines = server.log_lines("refused")
    assert any('reason="bad PROXY line"' in line and "peer=127.0.0.1 " in line for line in lines)
    refused = [line for line in lines if "PROXY" not in line]
    assert refused and all("peer=203.0.113.7 " in line for line in refused), refused
    assert sum(int(re.search(r"count=(\d+)", line).group(1)) if "count=" in line else 1  # type: ignore[union-attr]
               for line in refused) >= 6
    assert any("peer=198.51.100.9:42000" in line for line in server.log_lines("login"))


async def http(port: int, request: str, source: str = HOST) -> tuple[asyncio.StreamReader,
                                                                     asyncio.StreamWriter]:
    reader, writer = await asyncio.open_connection(HOST, port, local_addr=(source, 0))
    writer.write(request.encode())
    await writer.drain()
    return reader, writer


async def test_the_web_door_takes_the_client_address_from_the_proxy_only(
        proxied: Server) -> None:
    """``X-Forwarded-For`` names the client when the proxy sends it; from anyone else it is
    ignored (a client could write any address there); the per-address cap of the web door
    counts each client behind the proxy on its own."""
    port = int(re.search(r"web: http://127\.0\.0\.1:(\d+)/", "\n".join(proxied.banner))
               .group(1))  # type: ignore[union-attr]
    bad = "GET /t/" + "x" * 20 + " HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Forwarded-For: {}\r\n" \
        "Connection: close\r\n\r\n"
    for source in (HOST, "127.0.0.2"):
        reader, writer = await http(port, bad.format("1.1.1.1, 203.0.113.7"), source)
        await reader.read()
        writer.close()
    failures = proxied.wait_log("auth_failure", 2)
    assert "peer=203.0.113.7 " in failures[0] + " ", failures
    assert "peer=127.0.0.2:" in failures[1] and "203.0.113.7" not in failures[1], failures
    # Logins in flight (their bodies not sent yet) through the proxy, for one client: the
    # door's per-address cap is its own, and another client behind the proxy still gets in.
    held = "POST /login HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Forwarded-For: {}\r\n" \
        "Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 100\r\n\r\n"
    hold = [await http(port, held.format("203.0.113.7")) for _ in range(MAX_WEB_PER_ADDRESS)]
    await asyncio.sleep(0.5)
    reader, writer = await http(port, held.format("203.0.113.7"))
    answer = await asyncio.wait_for(reader.readline(), 10)
    assert answer.startswith(b"HTTP/1.1 503"), answer[:200]
    writer.close()
    reader, writer = await http(port, "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                                "X-Forwarded-For: 198.51.100.9\r\nConnection: close\r\n\r\n")
    answer = await asyncio.wait_for(reader.read(), 10)
    assert answer.startswith(b"HTTP/1.1 200"), answer[:200]
    for _, writer in hold:
        writer.close()


def limit_files(soft: int, hard: int) -> Callable[[], None]:
    def apply() -> None:
        resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))
    return apply


def test_file_descriptors_are_checked_at_start(tmp_path: Path) -> None:
    """A --max-sessions that cannot fit in the hard limit of open files is refused with the
    figures; one that fits once the soft limit is raised gets it raised."""
    done = subprocess.run(
        [sys.executable, "-m", "tulipgames", "serve", "--port", "0", "--data-dir", str(tmp_path),
         "--max-sessions", "1000"], capture_output=True, text=True, timeout=60,
        stdin=subprocess.DEVNULL, preexec_fn=limit_files(1024, 1024),
    )
    assert done.returncode == 2, done
    assert "--max-sessions 1000 needs about" in done.stderr and "1024" in done.stderr
    proc = subprocess.Popen(
        [sys.executable, "-m", "tulipgames", "serve", "--port", "0", "--data-dir", str(tmp_path),
         "--max-sessions", "200", "--workers", "0"], stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL, text=True, preexec_fn=limit_files(256, 8192),
    )
    try:
        assert proc.stdout is not None
        while not proc.stdout.readline().startswith("play:"):
            assert proc.poll() is None
        limits = Path(f"/proc/{proc.pid}/limits").read_text()
        soft = int(re.search(r"Max open files\s+(\d+)", limits).group(1))  # type: ignore[union-attr]
        assert soft >= files_needed(ServerConfig(tmp_path, max_sessions=200)) > 256
    finally:
        proc.terminate()
        proc.wait(20)


def modes(root: Path) -> dict[str, str]:
    """Every directory and file under ``root`` (itself included) with its permission bits."""
    found = {".": oct(root.stat().st_mode & 0o777)}
    for path in root.rglob("*"):
        found[str(path.relative_to(root))] = oct(path.stat().st_mode & 0o777)
    return found


async def test_the_server_creates_its_files_for_the_operator_only(tmp_path: Path) -> None:
    """Saves, identities, the host key, the tables and the log: directories 0700, files 0600,
    whatever the umask the server was started with (here 022), in its workers too."""
    data, logs = tmp_path / "data", tmp_path / "logs"
    proc = subprocess.Popen(
        [sys.executable, "-m", "tulipgames", "serve", "--host", HOST, "--port", "0",
         "--data-dir", str(data), "--log", str(logs / "serve.log"), "--workers", "1"],
        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
        preexec_fn=lambda: os.umask(0o022),
    )
    try:
        assert proc.stdout is not None
        banner = ""
        while not banner.startswith("play:"):
            banner = proc.stdout.readline()
            assert banner, "the server did not start"
            match = re.search(r"listening on [\d.]+:(\d+)", banner)
            if match:
                port = int(match.group(1))
        player = await connect(port, "ana")  # her saves are opened in the worker
        await player.term.wait_for(MENU_READY)
        player.conn.close()
        await player.conn.wait_closed()
        assert (data / "players" / "ana" / "tulipgames.sqlite3").exists()
    finally:
        proc.terminate()
        proc.wait(20)
    for root in (data, logs):
        found = modes(root)
        loose = {name: mode for name, mode in found.items()
                 if mode != ("0o700" if (root / name).is_dir() else "0o600")}
        assert not loose, found
    assert {"ssh_host_ed25519_key", "identities.sqlite3", "tulipgames.sqlite3"} <= set(
        modes(data))


def test_a_new_store_is_private(tmp_path: Path) -> None:
    """The local app's saves too (not only the server's): a new data directory is 0700 and
    its database files 0600, with the usual umask of 022."""
    from tulipgames.store import Store

    old = os.umask(0o022)
    try:
        store = Store(tmp_path / "saves")
        store.close()
    finally:
        os.umask(old)
    found = modes(tmp_path / "saves")
    assert found["."] == "0o700" and found["tulipgames.sqlite3"] == "0o600", found
    assert all(mode == "0o600" for name, mode in found.items() if name != "."), found


async def test_behind_a_proxy_tokens_alone_offer_no_name_form(tmp_path: Path) -> None:
    """``tulipgames web --web-tokens`` behind a proxy: the token links are the only way in; the
    open server's name form (anyone types a name) is not offered or accepted."""
    tokens = tmp_path / "tokens"
    tokens.write_text("dora:" + "t" * 24 + "\n")
    proc = subprocess.Popen(
        [sys.executable, "-m", "tulipgames", "web", "--port", "0", "--data-dir", str(tmp_path),
         "--web-tokens", str(tokens), "--behind-proxy", "127.0.0.1"],
        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
    )
    try:
        assert proc.stdout is not None
        banner = [proc.stdout.readline()]
        while banner[-1] and not banner[-1].startswith("play:"):
            banner.append(proc.stdout.readline())
        assert not any("OPEN" in line for line in banner), banner
        port = int(re.search(r"web: http://127\.0\.0\.1:(\d+)/", "".join(banner))
                   .group(1))  # type: ignore[union-attr]
        reader, writer = await http(port, "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                                    "Connection: close\r\n\r\n")
        page = (await asyncio.wait_for(reader.read(), 10)).decode()
        writer.close()
        assert 'name="name"' not in page and "personal link" in page, page[-400:]
        body = "name=eve"
        reader, writer = await http(port, "POST /login HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                                    "Content-Type: application/x-www-form-urlencoded\r\n"
                                    f"Content-Length: {len(body)}\r\nConnection: close\r\n\r\n"
                                    + body)
        answer = await asyncio.wait_for(reader.read(), 10)
        writer.close()
        assert answer.startswith(b"HTTP/1.1 403") and b"Set-Cookie" not in answer, answer[:300]
    finally:
        proc.terminate()
        proc.wait(20)

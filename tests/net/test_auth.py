"""Access control of ``tulipgames serve``: authorized keys and password files."""

from __future__ import annotations

from pathlib import Path

import asyncssh
import pytest

from tests.net.conftest import HOST, Server


async def try_login(server: Server, **auth: object) -> bool:
    try:
        conn = await asyncssh.connect(
            HOST, server.port, known_hosts=None, agent_path=None, **auth
        )
    except (asyncssh.PermissionDenied, asyncssh.DisconnectError):
        return False
    conn.close()
    return True


@pytest.fixture
def key_server(tmp_path: Path):
    allowed = asyncssh.generate_private_key("ssh-ed25519")
    keys = tmp_path / "authorized_keys"
    keys.write_bytes(allowed.export_public_key())
    srv = Server(tmp_path, "--authorized-keys", str(keys))
    yield srv, allowed
    srv.stop()


async def test_only_authorized_keys_get_in(key_server) -> None:
    server, allowed = key_server
    assert "access: keys only" in server.banner
    stranger = asyncssh.generate_private_key("ssh-ed25519")
    assert await try_login(server, username="ana", client_keys=[allowed])
    assert not await try_login(server, username="ana", client_keys=[stranger])
    assert not await try_login(server, username="ana", client_keys=[], password="x")


async def test_password_file(tmp_path: Path) -> None:
    passwords = tmp_path / "players.txt"
    passwords.write_text("# players\nana:tulip\n")
    server = Server(tmp_path, "--password-file", str(passwords))
    try:
        assert "access: passwords only" in server.banner
        assert await try_login(server, username="ana", password="tulip", client_keys=[])
        assert not await try_login(server, username="ana", password="rose", client_keys=[])
        assert not await try_login(server, username="ben", password="tulip", client_keys=[])
    finally:
        server.stop()

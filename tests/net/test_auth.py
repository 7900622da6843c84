"""Access control of ``tulipgames serve`` with real asyncssh clients: names, keys, passwords."""

from __future__ import annotations

import asyncio
import re
from collections.abc import Iterator
from pathlib import Path

import asyncssh
import pytest

from tests.net.conftest import HOST, Server


class _Keyless(asyncssh.SSHClient):
    """A client with no key and no password: it can only answer an empty keyboard prompt."""

    tried = False

    def kbdint_auth_requested(self) -> str | None:
        if self.tried:
            return None
        self.tried = True
        return ""

    def kbdint_challenge_received(self, name, instructions, lang, prompts):  # type: ignore[no-untyped-def]
        return [""] * len(prompts)


async def login(server: Server, username: str, source: str = HOST, **auth: object) -> str:
    """``"ok"`` if the server admits the client, else the refusal's text."""
    if not auth:
        auth = {"client_factory": _Keyless, "client_keys": None}
    try:
        conn = await asyncssh.connect(
            HOST, server.port, username=username, known_hosts=None, agent_path=None,
            local_addr=(source, 0), **auth,
        )
    except (asyncssh.PermissionDenied, asyncssh.DisconnectError, OSError) as exc:
        return f"refused: {exc}"
    conn.close()
    await conn.wait_closed()
    return "ok"


def key() -> asyncssh.SSHKey:
    return asyncssh.generate_private_key("ssh-ed25519")


@pytest.fixture
def wildcard_server(tmp_path: Path) -> Iterator[Server]:
    passwords = tmp_path / "players.txt"
    passwords.write_text("# players\nalice:secret\n*:guest\n")
    srv = Server(tmp_path, "--password-file", str(passwords))
    yield srv
    srv.stop()


async def test_names_that_cleaning_would_change_are_refused(wildcard_server: Server) -> None:
    server = wildcard_server
    assert "access: passwords only" in server.banner
    for fake in ("alice ", "{alice}", "ali[ce]", " alice", "al/ice", "../alice",
                 "ali ce", "[/]", "аlice"):  # the last starts with a Cyrillic а
        answer = await login(server, fake, password="guest", client_keys=None)
        assert answer.startswith("refused"), fake
        assert "is not a valid name" in answer, answer
    assert "name is 21 characters" in await login(server, "a" * 21, password="guest",
                                                   client_keys=None)
    refusals = server.log_lines("auth_refused")
    assert len(refusals) == 10 and all("reason=\"bad name\"" in line for line in refusals)
    assert not server.log_lines("login")  # nobody got in, so nobody was seated as alice


async def test_wildcard_password_never_admits_a_listed_name(wildcard_server: Server) -> None:
    server = wildcard_server
    assert (await login(server, "alice", password="guest", client_keys=None)).startswith("refused")
    assert (await login(server, "ALICE", password="guest", client_keys=None)).startswith("refused")
    assert await login(server, "alice", password="secret", client_keys=None) == "ok"
    assert await login(server, "bob", password="guest", client_keys=None) == "ok"
    assert (await login(server, "bob", password="nope", client_keys=None)).startswith("refused")
    assert (await login(server, "bob", client_keys=[key()])).startswith("refused")  # no keys here
    logins = server.wait_log("login", 2)
    assert len(logins) == 2 and "name=alice" in logins[0] and "method=password" in logins[0]


@pytest.fixture
def key_server(tmp_path: Path) -> Iterator[tuple[Server, asyncssh.SSHKey, asyncssh.SSHKey]]:
    named, unnamed = key(), key()
    keys = tmp_path / "authorized_keys"
    keys.write_text(
        'name="alice",no-pty ' + named.export_public_key().decode()
        + unnamed.export_public_key().decode()
    )
    srv = Server(tmp_path, "--authorized-keys", str(keys))
    yield srv, named, unnamed
    srv.stop()


async def test_a_key_carrying_a_name_logs_in_only_as_that_name(key_server) -> None:  # type: ignore[no-untyped-def]
    server, named, unnamed = key_server
    assert "access: keys only" in server.banner
    assert await login(server, "alice", client_keys=[named]) == "ok"
    assert await login(server, "Alice", client_keys=[named]) == "ok"  # same player, any case
    assert [line.split()[2] for line in server.wait_log("login", 2)] == ["name=alice"] * 2
    assert (await login(server, "bob", client_keys=[named])).startswith("refused")
    assert (await login(server, "alice", client_keys=[unnamed])).startswith("refused")
    assert (await login(server, "alice", client_keys=[key()])).startswith("refused")  # unknown
    assert (await login(server, "alice", password="x", client_keys=None)).startswith("refused")
    # A key without a name owns the first free name it uses.
    assert await login(server, "carl", client_keys=[unnamed]) == "ok"
    assert await login(server, "carl", client_keys=[unnamed]) == "ok"


async def test_a_second_key_cannot_take_a_name_owned_by_another(tmp_path: Path) -> None:
    server = Server(tmp_path)
    first, second = key(), key()
    try:
        assert "the first key to use a name owns it" in "\n".join(server.banner)
        assert await login(server, "mira", client_keys=[first]) == "ok"
        assert (await login(server, "mira", client_keys=[second])).startswith("refused")
        assert (await login(server, "MIRA", client_keys=[second])).startswith("refused")
        assert await login(server, "nora", client_keys=[second]) == "ok"
        assert (await login(server, "zed")).startswith("refused")  # no key: not by default
    finally:
        server.stop()
    again = Server(tmp_path, "--allow-keyless")  # the bindings outlive a restart
    try:
        assert (await login(again, "mira", client_keys=[second])).startswith("refused")
        assert await login(again, "mira", client_keys=[first]) == "ok"
        assert (await login(again, "mira")).startswith("refused")  # owned: its key only
        assert await login(again, "zed") == "ok"  # keyless, a name no key owns
        failures = again.log_lines("auth_failure")
        assert any("name=mira" in line and "method=keyless" in line for line in failures)
    finally:
        again.stop()


async def test_sixty_wrong_passwords_are_slowed_down(wildcard_server: Server) -> None:
    server = wildcard_server
    attempts = [
        asyncio.ensure_future(login(server, "alice", password=f"guess{i}", client_keys=None))
        for i in range(60)
    ]
    done, pending = await asyncio.wait(attempts, timeout=3)
    assert all(task.result().startswith("refused") for task in done)
    # Many are turned away at the door (at most 24 connections of one address may be logging
    # in); the rest queue behind each other: four free tries, then waits of 0.25, 0.5, 1, 2 s...
    # so within 3 s at most 8 passwords are checked, however fast the machine.
    checked = server.log_lines("auth_failure")
    assert 1 <= len(checked) <= 8, checked
    assert not server.log_lines("login")
    for task in pending:
        task.cancel()
    await asyncio.gather(*pending, return_exceptions=True)
    # Another address and another name are not held up by alice's guesser.
    assert await login(server, "bob", source="127.0.0.2", password="guest", client_keys=None) \
        == "ok"
    assert server.alive()
    server.stop()  # the refusals are summed per address: the stop writes the last count
    from tests.net.test_flood import refused_count

    assert refused_count(server.log_lines("refused")) >= 30


async def test_the_log_can_go_to_a_file(tmp_path: Path) -> None:
    log = tmp_path / "logs" / "serve.log"
    server = Server(tmp_path, "--log", str(log))
    try:
        assert await login(server, "mira", client_keys=[key()]) == "ok"
        assert (await login(server, "mira", client_keys=[key()])).startswith("refused")
        await asyncio.sleep(0.3)
    finally:
        server.stop()
    events = [line.split()[1] for line in log.read_text().splitlines()]
    assert events[:2] == ["event=login", "event=disconnect"] and "event=auth_failure" in events
    assert not server.log_lines("login")  # not on stderr as well


async def test_an_attack_on_a_name_does_not_lock_its_owner_out(tmp_path: Path) -> None:
    """Wrong passwords for alice pour in from 127.0.0.2, over SSH and the web form at once;
    meanwhile alice logs in with her right password from other addresses, over both doors,
    and gets in at once (the throttle used to queue her behind the attacker for minutes)."""
    import aiohttp

    passwords = tmp_path / "players.txt"
    passwords.write_text("alice:secret\n")
    server = Server(tmp_path, "--password-file", str(passwords), "--web", "0")
    match = re.search(r"web: (http://127\.0\.0\.1:\d+)/", "\n".join(server.banner))
    assert match
    base = match.group(1)
    stop = asyncio.Event()

    async def ssh_attacker(n: int) -> None:
        while not stop.is_set():
            answer = await login(server, "alice", source="127.0.0.2", password=f"guess{n}",
                                 client_keys=None)
            assert answer != "ok"

    async def web_attacker(n: int) -> None:
        connector = aiohttp.TCPConnector(local_addr=("127.0.0.2", 0))
        async with aiohttp.ClientSession(base, connector=connector) as http:
            while not stop.is_set():
                async with http.post("/login", data={"name": "alice", "password": f"w{n}"},
                                     headers={"Origin": base}, allow_redirects=False) as reply:
                    assert reply.status in (403, 429)
                    if reply.status == 429:
                        await asyncio.sleep(0.2)

    async def web_owner(source: str) -> int:
        connector = aiohttp.TCPConnector(local_addr=(source, 0))
        async with aiohttp.ClientSession(base, connector=connector) as http, http.post(
            "/login", data={"name": "alice", "password": "secret"}, headers={"Origin": base},
            allow_redirects=False,
        ) as reply:
            return reply.status

    attack = [asyncio.ensure_future(ssh_attacker(n)) for n in range(8)]
    attack += [asyncio.ensure_future(web_attacker(n)) for n in range(6)]
    try:
        # The attack is on: past its free tries, its attempts wait ever longer.
        for _ in range(300):
            if len(server.log_lines("auth_failure")) >= 8:
                break
            await asyncio.sleep(0.1)
        assert len(server.log_lines("auth_failure")) >= 8
        loop = asyncio.get_running_loop()
        for round_ in range(2):  # twice, the second time deeper into the attack
            began = loop.time()
            assert await asyncio.wait_for(
                login(server, "alice", source=f"127.0.0.{3 + round_}", password="secret",
                      client_keys=None), 6) == "ok"
            ssh_took = loop.time() - began
            began = loop.time()
            assert await asyncio.wait_for(web_owner(f"127.0.0.{5 + round_}"), 6) == 303
            print(f"\nowner during the attack: SSH {ssh_took:.2f} s, web "
                  f"{loop.time() - began:.2f} s")
            await asyncio.sleep(3)
    finally:
        stop.set()
        for task in attack:
            task.cancel()
        await asyncio.gather(*attack, return_exceptions=True)
        server.stop()
    failures = server.log_lines("auth_failure")
    waited = [float(m.group(1)) for line in failures
              if (m := re.search(r"waited=([\d.]+)", line))]
    print(f"attacker: {len(failures)} passwords checked, longest wait {max(waited):.2f} s")
    assert max(waited) >= 2  # the attacker's address is slowed down...
    assert all("peer=127.0.0.2:" in line for line in failures)
    logins = server.log_lines("login")  # ...and the owner was let in, both doors, both times
    assert len([line for line in logins if "door=web" in line]) == 2
    assert len([line for line in logins if "door=web" not in line]) == 2

"""One identity for every door: each combination of door, credential and owner of the name,
against a real ``tulipgames serve --web`` with the OpenSSH client for the SSH door and headless
Chromium for the browser's cookie (aiohttp for the other web requests).

Two servers hold every owner there is:

* **closed** (``--password-file`` with ``alice:secret`` and ``*:guest``, ``--web-tokens`` with
  ``dora``, ``--authorized-keys`` with key K1 carrying ``name="kim"`` and key K2 without a name,
  which owns ``kai`` from its first login);
* **open** (no password or key file, ``--web-tokens`` with ``dora``, ``--allow-keyless``): a
  Chromium tab took ``bea`` through the name form (its cookie owns it), key K3 took ``kim``.

Each cell is one login attempt; its result is printed (``-s``) as a table row, the table that
``docs/security.md`` shows, with what the code before one registry did in the last column (the
same table run on it): ``ok`` where it let someone in as someone else; ``refused*`` where it
refused only because an earlier cell had already taken the name through that kind of hole.
"""

from __future__ import annotations

import asyncio
import os
import re
import subprocess
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import aiohttp
import asyncssh
import pytest

from tests.net.conftest import HOST, SSH_OPTIONS, Server
from tulipgames.net.web_loadtest import CHROMIUM, CHROMIUM_ARGS

TOKEN = "dora-0123456789abcdefXYZ"
KEYS = ("K1", "K2", "K3", "K4")


@dataclass(frozen=True)
class Cell:
    server: str  # "closed" or "open"
    door: str  # ssh-key, ssh-password, ssh-keyless, web-password, web-token, web-name, chromium
    credential: str  # the key, password, token or cookie used
    name: str
    owner: str  # who owns the name
    expect: str  # "ok" or "refused"
    was: str = ""  # what the server did before one registry served every door

    @property
    def id(self) -> str:
        return f"{self.server}-{self.door}-{self.credential}-{self.name}"


CELLS = [
    # -- closed server: passwords, a token, keys ----------------------------------------------
    Cell("closed", "ssh-password", "guest (*)", "alice", "password line", "refused"),
    Cell("closed", "ssh-password", "secret", "alice", "password line", "ok"),
    Cell("closed", "ssh-password", "guest (*)", "dora", "token", "refused", "ok"),
    Cell("closed", "ssh-password", "guest (*)", "kim", 'key name="kim"', "refused", "ok"),
    Cell("closed", "ssh-password", "guest (*)", "kai", "key (store)", "refused"),
    Cell("closed", "ssh-password", "guest (*)", "zed", "nobody", "ok"),
    Cell("closed", "ssh-key", "K1", "kim", 'key name="kim"', "ok"),
    Cell("closed", "ssh-key", "K2", "kim", 'key name="kim"', "refused"),
    Cell("closed", "ssh-key", "K2", "dora", "token", "refused", "ok"),
    Cell("closed", "ssh-key", "K2", "alice", "password line", "refused"),
    Cell("closed", "ssh-key", "K2", "kai", "key (store)", "ok"),
    Cell("closed", "ssh-key", "K1", "kai", "key (store)", "refused"),
    Cell("closed", "web-password", "guest (*)", "dora", "token", "refused", "refused*"),
    Cell("closed", "web-password", "guest (*)", "alice", "password line", "refused"),
    Cell("closed", "web-password", "secret", "alice", "password line", "ok"),
    Cell("closed", "web-password", "guest (*)", "kai", "key (store)", "refused"),
    Cell("closed", "web-password", "guest (*)", "kim", 'key name="kim"', "refused"),
    Cell("closed", "web-password", "guest (*)", "zoe", "nobody", "ok"),
    Cell("closed", "web-token", "dora's token", "dora", "token", "ok"),
    Cell("closed", "web-token", "a wrong token", "dora", "token", "refused"),
    Cell("closed", "web-name", "no password", "zed", "nobody", "refused"),
    Cell("closed", "chromium-password", "secret", "alice", "password line", "ok"),
    Cell("closed", "chromium-password", "guest (*)", "dora", "token", "refused", "refused*"),
    # -- open server: keys own names, browsers own names through their cookie ------------------
    Cell("open", "chromium-name", "bea's cookie", "bea", "browser (bea's cookie)", "ok"),
    Cell("open", "chromium-name", "no cookie", "bea", "browser (bea's cookie)", "refused", "ok"),
    Cell("open", "chromium-name", "another cookie", "bea", "browser (bea's cookie)", "refused",
         "ok"),
    Cell("open", "chromium-name", "bea's cookie", "kim", "key K3 (store)", "refused"),
    Cell("open", "chromium-name", "no cookie", "kim", "key K3 (store)", "refused"),
    Cell("open", "chromium-name", "no cookie", "dora", "token", "refused", "ok"),
    Cell("open", "chromium-name", "no cookie", "cleo", "nobody", "ok"),
    Cell("open", "web-name", "no cookie", "bea", "browser (bea's cookie)", "refused", "ok"),
    Cell("open", "web-token", "dora's token", "dora", "token", "ok"),
    Cell("open", "ssh-key", "K3", "bea", "browser (bea's cookie)", "refused", "ok"),
    Cell("open", "ssh-key", "K4", "bea", "browser (bea's cookie)", "refused", "refused*"),
    Cell("open", "ssh-key", "K4", "dora", "token", "refused", "ok"),
    Cell("open", "ssh-key", "K3", "kim", "key K3 (store)", "ok"),
    Cell("open", "ssh-key", "K4", "kim", "key K3 (store)", "refused"),
    Cell("open", "ssh-key", "K4", "finn", "nobody", "ok"),
    Cell("open", "ssh-keyless", "none", "bea", "browser (bea's cookie)", "refused", "refused*"),
    Cell("open", "ssh-keyless", "none", "dora", "token", "refused", "refused*"),
    Cell("open", "ssh-keyless", "none", "kim", "key K3 (store)", "refused"),
    Cell("open", "ssh-keyless", "none", "gus", "nobody", "ok"),
]


class Doors:
    """The two servers, the client keys and bea's browser cookie (Chromium storage state)."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.keys: dict[str, Path] = {}
        for label in KEYS:
            key = asyncssh.generate_private_key("ssh-ed25519")
            path = root / f"key-{label}"
            path.touch(mode=0o600)
            path.write_bytes(key.export_private_key())
            self.keys[label] = path
            (root / f"key-{label}.pub").write_bytes(key.export_public_key())
        tokens = root / "tokens"
        tokens.write_text(f"dora:{TOKEN}\n")
        passwords = root / "passwords"
        passwords.write_text("alice:secret\n*:guest\n")
        authorized = root / "authorized_keys"
        authorized.write_text('name="kim" ' + (root / "key-K1.pub").read_text()
                              + (root / "key-K2.pub").read_text())
        self.askpass = root / "askpass"
        self.askpass.write_text('#!/bin/sh\ncat "$TG_PASSWORD_FILE"\n')
        self.askpass.chmod(0o700)
        (root / "closed").mkdir()
        (root / "open").mkdir()
        self.servers = {
            "closed": Server(root / "closed", "--web", "0", "--password-file", str(passwords),
                             "--web-tokens", str(tokens), "--authorized-keys", str(authorized)),
            "open": Server(root / "open", "--web", "0", "--web-tokens", str(tokens),
                           "--allow-keyless"),
        }
        self.bea_state: dict[str, object] = {}
        self.other_state: dict[str, object] = {}
        self._sources = 10

    def web(self, server: str) -> str:
        match = re.search(r"web: (http://127\.0\.0\.1:\d+)/", "\n".join(
            self.servers[server].banner))
        assert match
        return match.group(1)

    def source(self) -> str:
        """A loopback source address of its own per attempt: the password throttle (per
        address) must not tie the cells together."""
        self._sources += 1
        return f"127.0.0.{self._sources}"

    # -- the SSH door: the OpenSSH client ---------------------------------------------------
    def ssh(self, server: str, name: str, key: str | None = None,
            password: str | None = None) -> str:
        """``ok`` if OpenSSH logs in (the server then refuses the command ``true`` with its
        note), else ``refused``."""
        port = self.servers[server].port
        # BatchMode would keep OpenSSH from asking for a password: the askpass program answers.
        options = [o for o in SSH_OPTIONS if o != "BatchMode=yes"][:-1]
        options += ["-b", self.source(), "-o", "NumberOfPasswordPrompts=1"]
        env = {**os.environ, "SSH_ASKPASS": str(self.askpass), "SSH_ASKPASS_REQUIRE": "force"}
        env.pop("DISPLAY", None)
        if key is not None:
            options += ["-i", str(self.keys[key]), "-o", "IdentitiesOnly=yes", "-o",
                        "BatchMode=yes", "-o", "PreferredAuthentications=publickey"]
        else:
            options += ["-o", "PubkeyAuthentication=no", "-o", "IdentityFile=/dev/null",
                        "-o", "PreferredAuthentications="
                        + ("password" if password is not None else "keyboard-interactive")]
            secret = self.root / f"password-{self._sources}"
            secret.write_text(password or "")
            env["TG_PASSWORD_FILE"] = str(secret)
        done = subprocess.run(
            ["ssh", "-p", str(port), *options, f"{name}@{HOST}", "true"],
            capture_output=True, text=True, timeout=60, stdin=subprocess.DEVNULL, env=env,
        )
        if done.returncode == 1 and "runs no commands" in done.stdout + done.stderr:
            return "ok"
        assert done.returncode == 255 and "Permission denied" in done.stderr, done
        return "refused"

    # -- the web door without a browser: aiohttp ----------------------------------------------
    async def web_request(self, server: str, path: str, data: dict[str, str] | None = None) -> str:
        base = self.web(server)
        connector = aiohttp.TCPConnector(local_addr=(self.source(), 0))
        async with aiohttp.ClientSession(base, connector=connector) as http:
            if data is None:
                reply = await http.get(path, allow_redirects=False)
            else:
                reply = await http.post(path, data=data, allow_redirects=False,
                                        headers={"Origin": base})
            async with reply:
                assert reply.status in (303, 403), reply.status
                return "ok" if reply.status == 303 else "refused"

    # -- the browser: headless Chromium -------------------------------------------------------
    async def chromium(self, server: str, name: str, password: str | None = None,
                       state: dict[str, object] | None = None) -> tuple[str, dict[str, object]]:
        """Log in on the page's form in a Chromium profile (``state``: its cookies); the
        result, and the profile's cookies after it."""
        from playwright.async_api import async_playwright

        async with async_playwright() as playwright:
            browser = await playwright.chromium.launch(executable_path=CHROMIUM,
                                                       args=CHROMIUM_ARGS, headless=True)
            try:
                context = await browser.new_context(storage_state=state or None)  # type: ignore[arg-type]
                page = await context.new_page()
                await page.goto(self.web(server) + "/")
                await page.fill("#name", name)
                if password is not None:
                    await page.fill("#password", password)
                await page.click("button")
                await page.wait_for_load_state()
                body = await page.content()
                # Only the browser's own secret is kept: its next visit is after its login
                # (the session cookie) is gone, as after a server restart or 12 hours.
                after = dict(await context.storage_state())
                after["cookies"] = [c for c in after["cookies"] if c["name"] == "tulipgames_id"]
            finally:
                await browser.close()
        if 'id="terminal"' in body:
            return "ok", after
        assert 'class="note"' in body, body  # the form again, saying why
        return "refused", after


@pytest.fixture(scope="module")
def doors(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Doors]:
    world = Doors(tmp_path_factory.mktemp("doors"))
    try:
        # The owners that come from a first login: K2 takes kai (closed), K3 takes kim and a
        # Chromium profile takes bea (open); another profile takes nothing but has a cookie.
        assert world.ssh("closed", "kai", key="K2") == "ok"
        assert world.ssh("open", "kim", key="K3") == "ok"
        result, world.bea_state = asyncio.run(world.chromium("open", "bea"))
        assert result == "ok"
        result, world.other_state = asyncio.run(world.chromium("open", "other"))
        assert result == "ok"
        yield world
    finally:
        for server in world.servers.values():
            server.stop()


RESULTS: list[str] = []


@pytest.mark.parametrize("cell", CELLS, ids=[cell.id for cell in CELLS])
async def test_identity_door_table(doors: Doors, cell: Cell) -> None:
    door, cred = cell.door, cell.credential
    if door == "ssh-key":
        got = await asyncio.to_thread(doors.ssh, cell.server, cell.name, key=cred)
    elif door == "ssh-password":
        password = "guest" if cred.startswith("guest") else cred
        got = await asyncio.to_thread(doors.ssh, cell.server, cell.name, password=password)
    elif door == "ssh-keyless":
        got = await asyncio.to_thread(doors.ssh, cell.server, cell.name)
    elif door == "web-password":
        password = "guest" if cred.startswith("guest") else cred
        got = await doors.web_request(cell.server, "/login",
                                      {"name": cell.name, "password": password})
    elif door == "web-name":
        got = await doors.web_request(cell.server, "/login", {"name": cell.name})
    elif door == "web-token":
        token = TOKEN if cred == "dora's token" else TOKEN[:-3] + "XXX"
        got = await doors.web_request(cell.server, f"/t/{token}")
    elif door == "chromium-password":
        password = "guest" if cred.startswith("guest") else cred
        got, _ = await doors.chromium(cell.server, cell.name, password=password)
    else:
        state = {"bea's cookie": doors.bea_state, "another cookie": doors.other_state}.get(cred)
        got, _ = await doors.chromium(cell.server, cell.name, state=state)
    row = (f"| {cell.server} | {door} | {cred} | {cell.name} | {cell.owner} | {got} |"
           f" {cell.was or cell.expect} |")
    RESULTS.append(row)
    print("\n" + row)
    assert got == cell.expect, row
    assert doors.servers[cell.server].alive()

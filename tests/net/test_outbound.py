"""Notices outside the terminal: real e-mail (a local aiosmtpd server) and real webhooks (an
aiohttp server on 127.0.0.1) for by-mail tables, with the lobby's clock simulated.

What arrives is read from the receivers themselves: one notice per decision, a reminder when a
quarter of the clock is left, never more messages than the player's limit in 24 hours (the rest
in one digest), addresses masked in the log, and a player-supplied URL to a host the operator
did not allow refused.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
from collections.abc import AsyncIterator, Iterator
from email import message_from_bytes
from pathlib import Path
from typing import Any

import pytest
from aiohttp import web
from aiosmtpd.controller import Controller

from tests.net.lobbykit import FakeTime
from tulipgames.net.lobby import Lobby, OpenTable, TableSettings, player_dir
from tulipgames.net.outbound import (
    DAY,
    Contact,
    Notifier,
    Outbound,
    check_webhook,
    mask,
    set_contact,
)
from tulipgames.store import Store


class Mailbox:
    """aiosmtpd's handler: every message the server got, parsed."""

    def __init__(self) -> None:
        self.messages: list[Any] = []

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        message = message_from_bytes(envelope.content)
        message["X-Rcpt"] = ",".join(envelope.rcpt_tos)
        self.messages.append(message)
        return "250 OK"

    def to(self, address: str) -> list[Any]:
        return [m for m in self.messages if m["X-Rcpt"] == address]


@pytest.fixture
def mailbox(unused_tcp_port_factory: Any) -> Iterator[tuple[Mailbox, int]]:
    box = Mailbox()
    port = unused_tcp_port_factory()
    controller = Controller(box, hostname="127.0.0.1", port=port)
    controller.start()
    try:
        yield box, port
    finally:
        controller.stop()


@pytest.fixture
async def hooks() -> AsyncIterator[tuple[list[dict[str, Any]], int]]:
    """A real HTTP receiver: the JSON bodies POSTed to /topic/NAME."""
    received: list[dict[str, Any]] = []

    async def post(request: web.Request) -> web.Response:
        body = await request.json()
        received.append({**body, "_path": request.path, "_title": request.headers.get("Title")})
        return web.Response(text="ok")

    app = web.Application()
    app.router.add_post("/topic/{name}", post)
    runner = web.AppRunner(app)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    port = runner.addresses[0][1]
    try:
        yield received, port
    finally:
        await runner.cleanup()


def by_mail(lobby: Lobby, players: tuple[str, ...], clock_key: str = "1day") -> OpenTable:
    opened = lobby.open("toy", len(players), players[0], options={"cards": 3}, seed=21,
                        settings=TableSettings(clock=clock_key, standin="random"))
    for name in players[1:]:
        opened.claim(name)
    lobby.start(opened.code)
    return opened


def body(message: Any) -> str:
    return str(message.get_payload(decode=True).decode("utf-8"))


def turn_of(opened: OpenTable) -> int:
    assert opened.table is not None
    [seat] = opened.table.to_act()
    return seat


def whole_turn(opened: OpenTable) -> None:
    """The acting player plays a card, then "end" (two decisions of one turn)."""
    table = opened.table
    assert table is not None
    seat = turn_of(opened)
    table.play(seat, table.state.legal_actions(seat)[0])
    if table.to_act() == (seat,):
        table.play(seat, "end")


async def test_turn_notices_by_mail_and_webhook_one_per_decision_masked_in_the_log(
    lobby: Lobby, clock: FakeTime, tmp_path: Path, mailbox: tuple[Mailbox, int],
    hooks: tuple[list[dict[str, Any]], int], caplog: pytest.LogCaptureFixture,
) -> None:
    caplog.set_level(logging.INFO, logger="tulipgames.net.outbound")
    box, smtp_port = mailbox
    received, http_port = hooks
    outbound = Outbound("127.0.0.1", smtp_port, "tables@example.net",
                        webhook_hosts=frozenset({"127.0.0.1"}), timeout=5)
    set_contact(player_dir(tmp_path, "ana"), outbound, email="ana.lee@example.org")
    set_contact(player_dir(tmp_path, "ben"), outbound,
                webhook=f"http://127.0.0.1:{http_port}/topic/ben-secret")
    notifier = Notifier(lobby, outbound, tmp_path, now=clock)
    notifier.attach()
    opened = by_mail(lobby, ("ana", "ben", "cleo"))  # cleo never opted in
    notifier.changed()
    await notifier.drain()
    # ana acts first: one e-mail, nothing for the others.
    [first] = box.messages
    assert first["To"] == "ana.lee@example.org" and first["From"] == "tables@example.net"
    assert first["Subject"] == f"tulipgames: Your turn at table {opened.code} (Toy Cards)"
    assert "24 h before a bot plays it" in body(first)
    assert received == []
    # ana plays a card and "end": the changes in between make no second notice.
    for _ in range(3):
        notifier.changed()
    whole_turn(opened)
    notifier.changed()
    await notifier.drain()
    assert len(box.messages) == 1
    [hook] = received
    assert {k: hook[k] for k in ("table", "game", "player", "kind")} == {
        "table": opened.code, "game": "Toy Cards", "player": "ben", "kind": "turn"}
    assert hook["text"].startswith(f"Your turn at table {opened.code}")
    assert hook["_path"] == "/topic/ben-secret" and "Your turn" in hook["_title"]
    # A player at the table sees it there: no message.
    whole_turn(opened)  # ben
    opened.arrive("cleo")
    opened.arrive("ana")
    whole_turn(opened)  # cleo
    notifier.changed()
    await notifier.drain()
    assert len(box.messages) == 1
    text = "\n".join(r.getMessage() for r in caplog.records if r.name.startswith("tulipgames"))
    assert "a***@example.org" in text and "ana.lee" not in text
    assert "ben-secret" not in text and f"http://127.0.0.1:{http_port}/***" in text


async def test_the_reminder_comes_with_a_quarter_of_the_clock_left(
    lobby: Lobby, clock: FakeTime, tmp_path: Path, mailbox: tuple[Mailbox, int],
) -> None:
    box, port = mailbox
    outbound = Outbound("127.0.0.1", port, "tables@example.net", timeout=5)
    set_contact(player_dir(tmp_path, "ana"), outbound, email="ana@example.org")
    notifier = Notifier(lobby, outbound, tmp_path, now=clock)
    notifier.attach()
    opened = by_mail(lobby, ("ana", "ben"))
    notifier.changed()
    for _ in range(17):  # hour by hour: 17 h in, 7 h left
        clock.now += 3600
        notifier.tick()
    await notifier.drain()
    assert len(box.messages) == 1
    clock.now += 3600  # 18 h in: 6 h left
    notifier.tick()
    notifier.tick()
    await notifier.drain()
    assert [m["Subject"] for m in box.messages][1] == (
        f"tulipgames: Reminder: your turn at table {opened.code} (Toy Cards)")
    assert "in 6 h a bot plays this move" in body(box.messages[1])
    for _ in range(5):
        clock.now += 3600
        notifier.tick()
    await notifier.drain()
    assert len(box.messages) == 2  # one reminder per decision


async def test_a_day_of_many_turns_never_passes_the_limit_and_ends_in_one_digest(
    lobby: Lobby, clock: FakeTime, tmp_path: Path, mailbox: tuple[Mailbox, int],
) -> None:
    """ana plays fast at four tables; ben chose the daily digest: at most 1 message a day."""
    box, port = mailbox
    outbound = Outbound("127.0.0.1", port, "tables@example.net", timeout=5)
    set_contact(player_dir(tmp_path, "ben"), outbound, email="ben@example.org", mode="daily")
    notifier = Notifier(lobby, outbound, tmp_path, now=clock)
    notifier.attach()
    tables = [by_mail(lobby, ("ana", "ben"), "3days") for _ in range(4)]
    sent_at: list[float] = []
    for hour in range(48):
        clock.now += 3600
        for opened in tables:
            if opened.over:
                continue
            if hour % 3 == 0 and turn_of(opened) == 0:
                whole_turn(opened)  # ana plays every 3 hours, ben every 11
            elif hour % 11 == 0 and turn_of(opened) == 1:
                whole_turn(opened)
        before = len(box.messages)
        notifier.tick()
        await notifier.drain()
        sent_at += [clock.now] * (len(box.messages) - before)
    assert 2 <= len(sent_at) <= 3
    for i, moment in enumerate(sent_at):  # never two in 24 hours
        assert all(later - moment >= DAY for later in sent_at[i + 1:])
    digests = [m for m in box.messages if m["Subject"] == "tulipgames: tables waiting for you"]
    assert digests
    said = body(digests[0])
    assert "notice(s) while you were away" in said and "Your turn at table" in said


async def test_failures_are_logged_once_and_never_reach_the_lobby(
    lobby: Lobby, clock: FakeTime, tmp_path: Path, caplog: pytest.LogCaptureFixture,
    unused_tcp_port: int,
) -> None:
    outbound = Outbound("127.0.0.1", unused_tcp_port, "t@example.net", timeout=2)
    set_contact(player_dir(tmp_path, "ana"), outbound, email="ana@example.org")
    set_contact(player_dir(tmp_path, "ben"), outbound, email="ben@example.org")
    notifier = Notifier(lobby, outbound, tmp_path, now=clock)
    notifier.attach()
    opened = by_mail(lobby, ("ana", "ben"))
    for _ in range(3):
        notifier.changed()
        whole_turn(opened)
        await notifier.drain()
    failures = [r for r in caplog.records if "failed" in r.getMessage()]
    assert len(failures) == 2  # ana's and ben's address, once each
    assert all("***@example.org" in r.getMessage() for r in failures)
    assert opened.table is not None and not opened.table.state.is_over()


def test_a_webhook_host_must_be_allowed_by_the_operator(tmp_path: Path) -> None:
    allowed = frozenset({"ntfy.sh"})
    assert check_webhook("https://ntfy.sh/my-topic", allowed) == "https://ntfy.sh/my-topic"
    for bad in ("http://169.254.169.254/latest", "https://ntfy.sh.evil.org/x",
                "https://user:pw@ntfy.sh/x", "file:///etc/passwd", "https://ntfy.sh/a b"):
        with pytest.raises(ValueError):
            check_webhook(bad, allowed)
    outbound = Outbound(webhook_hosts=allowed)
    with pytest.raises(ValueError, match="not an e-mail"):
        set_contact(tmp_path, outbound, email="a@b.org\r\nBcc: x@y.org")
    assert mask("ana.lee@example.org") == "a***@example.org"
    assert mask("https://ntfy.sh/secret") == "https://ntfy.sh/***"
    # Kept in the player's own file, beside the desktop setting, readable by the server only.
    set_contact(tmp_path, outbound, email="ana@example.org", webhook="https://ntfy.sh/t")
    data = json.loads((tmp_path / "notices.json").read_text())
    assert data == {"email": "ana@example.org", "webhook": "https://ntfy.sh/t"}
    assert (tmp_path / "notices.json").stat().st_mode & 0o077 == 0


async def test_sending_runs_off_the_event_loop(
    lobby: Lobby, clock: FakeTime, tmp_path: Path,
) -> None:
    """A mail server that accepts the connection but never answers does not stop the loop."""
    import socket

    silent = socket.socket()
    silent.bind(("127.0.0.1", 0))
    silent.listen()
    try:
        outbound = Outbound("127.0.0.1", silent.getsockname()[1], "t@example.net", timeout=1)
        set_contact(player_dir(tmp_path, "ana"), outbound, email="ana@example.org")
        notifier = Notifier(lobby, outbound, tmp_path, now=clock)
        notifier.attach()
        by_mail(lobby, ("ana", "ben"))
        notifier.changed()
        ticks = 0
        while notifier._tasks:
            await asyncio.sleep(0.05)
            ticks += 1
        assert ticks >= 5  # the loop went on while the send waited
        assert notifier.sent == []
    finally:
        silent.close()


async def test_the_player_sets_their_address_from_the_palette_when_the_operator_offers_it(
    lobby: Lobby, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    from textual.widgets import Checkbox, Input, Static

    from tulipgames.net.app import ServerApp
    from tulipgames.net.outbound import OFFERED_ENV, ContactScreen, contact
    from tulipgames.net.server import SessionInfo
    from tulipgames.net.terminal import TerminalProfile

    def session() -> ServerApp:
        info = SessionInfo("ana", TerminalProfile("xterm-256color"), "127.0.0.1:1")
        return ServerApp(info, lobby, Store(player_dir(tmp_path, "ana")), bot_delay=0.01)

    def titles(app: ServerApp) -> list[str]:
        return [c.title for c in app.get_system_commands(app.screen)]

    monkeypatch.delenv(OFFERED_ENV, raising=False)
    app = session()
    async with app.run_test(size=(80, 24)):
        assert "Notices by e-mail or webhook" not in titles(app)  # the operator offers none
    offer = Outbound("mail.example.net", smtp_from="t@example.net",
                     webhook_hosts=frozenset({"ntfy.sh"}))
    monkeypatch.setenv(OFFERED_ENV, offer.offered_json())
    app = session()
    async with app.run_test(size=(80, 24)) as pilot:
        [command] = [c for c in app.get_system_commands(app.screen)
                     if c.title == "Notices by e-mail or webhook"]
        with app._context():
            command.callback()
        await pilot.pause()
        assert isinstance(app.screen, ContactScreen)
        app.screen.query_one("#email", Input).value = "ana@example.org"
        app.screen.query_one("#webhook", Input).value = "http://10.0.0.1/admin"
        await pilot.click("#save")
        await pilot.pause()
        said = str(app.screen.query_one("#contact-error", Static).render())
        assert "allowed: ntfy.sh" in said  # refused, the screen stays
        app.screen.query_one("#webhook", Input).value = "https://ntfy.sh/ana-topic"
        app.screen.query_one("#daily", Checkbox).value = True
        app.screen.query_one("#webhook", Input).focus()
        await pilot.press("enter")  # Enter in a field saves too
        await pilot.pause()
        assert not isinstance(app.screen, ContactScreen)
        assert [n.message for n in app._notifications][-1] == "Notices by e-mail and webhook."
    assert contact(player_dir(tmp_path, "ana")) == Contact("ana@example.org",
                                                           "https://ntfy.sh/ana-topic", "daily")


def test_serve_options_build_the_operator_s_channels(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
) -> None:
    import argparse

    from tulipgames.net import ssh
    from tulipgames.net.outbound import OFFERED_ENV, offered

    def parsed(*argv: str) -> argparse.Namespace:
        parser = argparse.ArgumentParser()
        ssh.add_arguments(parser)
        return parser.parse_args(list(argv))

    monkeypatch.delenv(OFFERED_ENV, raising=False)
    login = tmp_path / "smtp-login"
    login.write_text("tables\ns3cret:pw\n")
    outbound = ssh._outbound(parsed("--smtp", "mail.example.net:587", "--smtp-from",
                                    "tables@example.net", "--smtp-login", str(login),
                                    "--webhook-allow", "NTFY.sh", "--webhook-allow",
                                    "hooks.example.org:8443"))
    assert outbound == Outbound("mail.example.net", 587, "tables@example.net",
                                ("tables", "s3cret:pw"),
                                frozenset({"ntfy.sh", "hooks.example.org:8443"}))
    # The sessions learn what is offered, never where the mail server is or its login.
    assert "s3cret" not in os.environ[OFFERED_ENV] and "mail.example" not in os.environ[OFFERED_ENV]
    assert offered().email and offered().webhook_hosts == outbound.webhook_hosts
    assert ssh._outbound(parsed()) is None and OFFERED_ENV not in os.environ
    for argv, said in ((("--smtp", "mail.example.net"), "--smtp-from"),
                       (("--smtp-from", "t@example.net"), "go with --smtp"),
                       (("--smtp", "h:99999", "--smtp-from", "t@example.net"), "HOST:PORT"),
                       (("--smtp", "h:25", "--smtp-from", "t@e.net",
                         "--smtp-login", str(tmp_path / "none")), "--smtp-login")):
        assert ssh.run(parsed(*argv)) == 2
        assert said in capsys.readouterr().err


async def test_starttls_and_the_login_from_its_file(
    lobby: Lobby, clock: FakeTime, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
    unused_tcp_port: int,
) -> None:
    """A mail server that offers STARTTLS (a certificate for 127.0.0.1 the client trusts) and
    takes a login only over TLS: the message arrives, the login was the file's."""
    import datetime
    import ipaddress
    import ssl

    from aiosmtpd.smtp import AuthResult, LoginPassword
    from cryptography import x509
    from cryptography.hazmat.primitives import hashes, serialization
    from cryptography.hazmat.primitives.asymmetric import ec
    from cryptography.x509.oid import NameOID

    key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "127.0.0.1")])
    now = datetime.datetime.now(datetime.timezone.utc)
    cert = (x509.CertificateBuilder().subject_name(name).issuer_name(name)
            .public_key(key.public_key()).serial_number(x509.random_serial_number())
            .not_valid_before(now - datetime.timedelta(days=1))
            .not_valid_after(now + datetime.timedelta(days=1))
            .add_extension(x509.SubjectAlternativeName(
                [x509.IPAddress(ipaddress.ip_address("127.0.0.1"))]), critical=False)
            .add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True)
            .sign(key, hashes.SHA256()))
    cert_file, key_file = tmp_path / "cert.pem", tmp_path / "key.pem"
    cert_file.write_bytes(cert.public_bytes(serialization.Encoding.PEM))
    key_file.write_bytes(key.private_bytes(serialization.Encoding.PEM,
                                           serialization.PrivateFormat.PKCS8,
                                           serialization.NoEncryption()))
    server_tls = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    server_tls.load_cert_chain(cert_file, key_file)
    monkeypatch.setenv("SSL_CERT_FILE", str(cert_file))  # the client trusts this certificate
    logins: list[tuple[bytes, bytes, bool]] = []

    def authenticator(server: Any, session: Any, envelope: Any, mechanism: str,
                      data: Any) -> AuthResult:
        assert isinstance(data, LoginPassword)
        logins.append((data.login, data.password, session.ssl is not None))
        return AuthResult(success=data.password == b"s3cret:pw")

    box = Mailbox()
    controller = Controller(box, hostname="127.0.0.1", port=unused_tcp_port,
                            tls_context=server_tls, require_starttls=True,
                            authenticator=authenticator, auth_require_tls=True)
    controller.start()
    try:
        from tulipgames.net.outbound import read_login

        login_file = tmp_path / "smtp-login"
        login_file.write_text("tables\ns3cret:pw\n")
        outbound = Outbound("127.0.0.1", unused_tcp_port, "tables@example.net",
                            read_login(login_file), timeout=5)
        set_contact(player_dir(tmp_path, "ana"), outbound, email="ana@example.org")
        notifier = Notifier(lobby, outbound, tmp_path, now=clock)
        notifier.attach()
        by_mail(lobby, ("ana", "ben"))
        notifier.changed()
        await notifier.drain()
    finally:
        controller.stop()
    assert logins == [(b"tables", b"s3cret:pw", True)]
    [message] = box.messages
    assert message["To"] == "ana@example.org" and "Your turn" in message["Subject"]


async def test_a_restarted_server_does_not_tell_a_waiting_decision_again(
    lobby: Lobby, clock: FakeTime, tmp_path: Path, mailbox: tuple[Mailbox, int],
) -> None:
    import time

    box, port = mailbox
    clock.now = time.time()  # the store keeps when the decision began in wall-clock time
    outbound = Outbound("127.0.0.1", port, "tables@example.net", timeout=5)
    for name in ("ana", "ben"):
        set_contact(player_dir(tmp_path, name), outbound, email=f"{name}@example.org")
    first = Notifier(lobby, outbound, tmp_path, now=clock)
    first.attach()
    opened = by_mail(lobby, ("ana", "ben"))
    await first.drain()
    # The server restarts: the by-mail table comes back from the store with ana to act.
    restarted = Lobby(lobby.store, tmp_path, now=clock)
    notifier = Notifier(restarted, outbound, tmp_path, now=clock)
    notifier.attach()
    notifier.tick()
    await notifier.drain()
    assert [m["X-Rcpt"] for m in box.messages] == ["ana@example.org"], (first.sent, notifier.sent)
    again = restarted.find(opened.code)
    whole_turn(again)  # ana plays on the restarted server: ben's turn is news
    await notifier.drain()
    assert [m["X-Rcpt"] for m in box.messages] == ["ana@example.org", "ben@example.org"]
    clock.now += 18 * 3600  # and the reminder of a decision told before still comes
    notifier.tick()
    await notifier.drain()
    assert "Reminder" in box.messages[-1]["Subject"] and len(box.messages) == 3

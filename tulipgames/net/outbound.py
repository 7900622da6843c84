"""Notices outside the terminal: e-mail and webhooks for play-by-mail tables, opt-in per player.

The operator configures the channels (``serve --smtp HOST:PORT --smtp-from ADDR [--smtp-login
FILE]`` and ``--webhook-allow HOST``); each player opts in from the app (ctrl+p) with their own
e-mail address or webhook URL, kept in their own ``notices.json`` and never shown to others nor
logged in full (:func:`mask`).

At a by-mail table (:attr:`~tulipgames.net.lobby.Clock.mail`) a player who is not at that table
gets, per decision waiting for them, one **turn** notice, and one **reminder** when a quarter of
its clock is left (6 h of a 1-day clock). No player gets more than their limit of messages in
any 24 hours (:data:`PER_DAY`, or 1 when they chose the daily digest): the notices past it are
held and go out together as one **digest** when the oldest message of the last day is a day old
(only the decisions still waiting then; one that was played needs no word).

A webhook URL is the player's, but its host must be one the operator allowed: a URL of the
player's choice would let them make the server POST into its own network (SSRF). Redirects
are not followed, for the same reason.

Sending never runs on the event loop: smtplib and urllib run in a thread (``asyncio.to_thread``)
under a timeout; a failure is logged once per address until it works again and never reaches
the lobby. The clock (``now``) is injectable: a test runs a day of simulated time by moving it
and calling :meth:`Notifier.tick`, which the server calls every :data:`TICK` seconds.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import re
import smtplib
import ssl
import time
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass, field
from email.message import EmailMessage
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from textual.app import ComposeResult, SystemCommand
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Checkbox, Input, Static

from tulipgames import i18n
from tulipgames.i18n import N_, Say, _, ngettext
from tulipgames.net.lobby import Invite, Lobby, player_dir
from tulipgames.net.notices import read_settings, write_settings

log = logging.getLogger(__name__)

DAY = 24 * 3600.0
#: Messages a player gets at most in any 24 hours (each notice while under it).
PER_DAY = 6
#: The reminder comes when this share of the decision's clock is left.
REMINDER_SHARE = 0.25
#: Seconds between two looks at reminders and digests in the server.
TICK = 60.0
#: Seconds one message may take (connect, STARTTLS, login, send).
TIMEOUT = 20.0
#: The player's choices of how often: each notice (up to :data:`PER_DAY`), or one a day.
MODES = ("each", "daily")

_EMAIL = re.compile(r"^[^@\s<>,;\"]{1,64}@[A-Za-z0-9.-]{1,253}\.[A-Za-z]{2,63}$")


# -- the operator's configuration ----------------------------------------------------------------
@dataclass(frozen=True)
class Outbound:
    """The channels the operator set up (``None`` / empty: that channel is off)."""

    smtp_host: str | None = None
    smtp_port: int = 25
    smtp_from: str = ""
    smtp_login: tuple[str, str] | None = None
    webhook_hosts: frozenset[str] = frozenset()
    timeout: float = TIMEOUT

    @property
    def email(self) -> bool:
        return self.smtp_host is not None and bool(self.smtp_from)

    @property
    def webhook(self) -> bool:
        return bool(self.webhook_hosts)

    def offered_json(self) -> str:
        """What the sessions may offer their players (no host, port or login of the mail
        server): the value of :data:`OFFERED_ENV`."""
        return json.dumps({"email": self.email, "webhook_hosts": sorted(self.webhook_hosts)})


#: Set by ``serve`` for its sessions (worker processes inherit it): what the operator offers.
OFFERED_ENV = "TULIPGAMES_OUTBOUND"


def offered() -> Outbound:
    """What this server offers its players, as the sessions see it (from :data:`OFFERED_ENV`;
    nothing when unset): ``email`` and ``webhook_hosts`` are true to the operator's options,
    the rest is a placeholder (a session never sends)."""
    try:
        data = json.loads(os.environ.get(OFFERED_ENV, "") or "{}")
        hosts = frozenset(str(h) for h in data.get("webhook_hosts", []))
        email = bool(data.get("email"))
    except (ValueError, AttributeError, TypeError):
        return Outbound()
    return Outbound("(operator's)" if email else None, smtp_from="(operator's)" if email else "",
                    webhook_hosts=hosts)


def host_port(text: str, default: int = 25) -> tuple[str, int]:
    """``HOST:PORT`` (or ``HOST``, or ``[v6]:PORT``) as a pair; raises ValueError."""
    text = text.strip()
    if text.startswith("["):
        host, _, rest = text[1:].partition("]")
        port = rest.removeprefix(":") or str(default)
    elif text.count(":") == 1:
        host, port = text.split(":")
    else:
        host, port = text, str(default)
    if not host or not port.isdigit() or not 0 < int(port) < 65536:
        raise ValueError(f"not HOST:PORT: {text!r}")
    return host, int(port)


def read_login(path: Path) -> tuple[str, str]:
    """The SMTP login from its file: the user on the first line, the password on the second
    (a file, so the password is in no command line or process list)."""
    lines = path.read_text("utf-8").splitlines()
    if len(lines) < 2 or not lines[0].strip():
        raise ValueError(f"{path}: the user on the first line, the password on the second")
    return lines[0].strip(), lines[1]


# -- the player's choice -------------------------------------------------------------------------
@dataclass(frozen=True)
class Contact:
    """Where a player wants notices (``""``: not there) and how often."""

    email: str = ""
    webhook: str = ""
    mode: str = "each"

    @property
    def any(self) -> bool:
        return bool(self.email or self.webhook)


def contact(folder: Path) -> Contact:
    data = read_settings(folder)
    email, hook, mode = data.get("email"), data.get("webhook"), data.get("mode")
    return Contact(email if isinstance(email, str) else "",
                   hook if isinstance(hook, str) else "",
                   mode if mode in MODES else "each")


def check_email(address: str) -> str:
    """The address if it looks like one (no spaces, line breaks or several addresses: it goes
    into a mail header); raises ValueError."""
    address = address.strip()
    if not _EMAIL.match(address):
        raise ValueError(Say("that is not an e-mail address (name@example.org)"))
    return address


def check_webhook(url: str, allowed: frozenset[str]) -> str:
    """The URL if its host is one the operator allowed (``host`` or ``host:port``), over http
    or https, without a login in it; raises ValueError saying which hosts are allowed."""
    url = url.strip()
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise ValueError(Say("a webhook is an http:// or https:// URL"))
    if parts.username or parts.password or any(c in url for c in "\r\n\t "):
        raise ValueError(Say("a webhook URL holds no login, spaces or line breaks"))
    host = parts.hostname.lower()
    try:
        port = parts.port
    except ValueError as exc:
        raise ValueError(Say("the webhook URL's port is not a number")) from exc
    if host not in allowed and (port is None or f"{host}:{port}" not in allowed):
        hosts = ", ".join(sorted(allowed)) or Say("none")
        raise ValueError(Say("the server posts only to the hosts its operator allowed: {hosts}",
                             hosts=hosts))
    return url


def set_contact(folder: Path, outbound: Outbound, *, email: str | None = None,
                webhook: str | None = None, mode: str | None = None) -> Contact:
    """Keep the player's address, webhook (``""`` removes one) or mode, checked first."""
    changes: dict[str, Any] = {}
    if email is not None:
        changes["email"] = check_email(email) if email.strip() else None
    if webhook is not None:
        changes["webhook"] = (check_webhook(webhook, outbound.webhook_hosts)
                              if webhook.strip() else None)
    if mode is not None:
        if mode not in MODES:
            raise ValueError(f"no mode {mode!r} (modes: {', '.join(MODES)})")
        changes["mode"] = mode
    write_settings(folder, **changes)
    return contact(folder)


def mask(target: str) -> str:
    """An address or URL as the log shows it: ``a***@example.org``, ``https://ntfy.sh/***``
    (the mailbox and the webhook's secret topic are the player's)."""
    if "@" in target and "://" not in target:
        user, _, domain = target.rpartition("@")
        return f"{user[:1]}***@{domain}"
    parts = urlsplit(target)
    return f"{parts.scheme}://{parts.netloc.rpartition('@')[2]}/***"


# -- what a notice says --------------------------------------------------------------------------
#: The ctrl+p command a player changes their notices with (a mail's last line names it).
CONTACT_COMMAND = N_("Notices by e-mail or webhook")


@dataclass(frozen=True)
class Notice:
    """One notice for one player: the JSON a webhook gets, and an e-mail's subject and text."""

    table: str
    game: str
    player: str
    kind: str  # turn, reminder, digest or invite
    text: str
    decision: int = 0
    #: The language the player reads it in (their remembered setting; else English): the
    #: text is made in it, and so are the subject and the mail's last line.
    lang: str = i18n.SOURCE

    def payload(self) -> dict[str, str]:
        return {"table": self.table, "game": self.game, "player": self.player,
                "kind": self.kind, "text": self.text}

    def subject(self) -> str:
        with i18n.using(self.lang):
            game = _(self.game)
            if self.kind == "digest":
                said = _("tables waiting for you")
            elif self.kind == "invite":
                said = _("an invitation to table {code} ({title})").format(code=self.table,
                                                                            title=game)
            elif self.kind == "reminder":
                said = _("Reminder: your turn at table {code} ({title})").format(
                    code=self.table, title=game)
            else:
                said = _("Your turn at table {code} ({title})").format(code=self.table,
                                                                       title=game)
        return f"tulipgames: {said}"

    def footer(self) -> str:
        """The mail's last line: how to change or stop these notices."""
        with i18n.using(self.lang):
            return _("Change or stop these notices in the app: ctrl+p, \"{command}\".").format(
                command=_(CONTACT_COMMAND))


def hours_words(seconds: float) -> str:
    hours = max(seconds, 0) / 3600
    return (_("{n} h").format(n=f"{hours:.0f}") if hours >= 1
            else _("{n} min").format(n=f"{max(seconds, 0) / 60:.0f}"))


def turn_text(code: str, title: str, left: float | None) -> str:
    """A turn notice, in the language of the moment (the recipient's: :class:`Notifier`)."""
    clock = "" if left is None else " " + _("You have {time} before a bot plays it.").format(
        time=hours_words(left))
    return _("Your turn at table {code} ({title}).").format(code=code, title=_(title)) + clock


def reminder_text(code: str, title: str, left: float) -> str:
    return _("Reminder: your turn at table {code} ({title}) waits; in {time} a bot plays this "
             "move for you.").format(code=code, title=_(title), time=hours_words(left))


def digest_text(notices: list[Notice]) -> str:
    lines = [ngettext("{n} notice(s) while you were away:", "{n} notice(s) while you were away:",
                      len(notices)).format(n=len(notices))]
    lines += [f"- {n.text}" for n in notices]
    return "\n".join(lines)


# -- sending -------------------------------------------------------------------------------------
class _NoRedirect(urllib.request.HTTPRedirectHandler):
    """A webhook's redirect is not followed: it could point into the server's own network."""

    def redirect_request(self, *args: Any, **kwargs: Any) -> None:
        return None


def send_mail(outbound: Outbound, to: str, notice: Notice) -> None:
    """Send one e-mail (blocking: run it in a thread). STARTTLS when the server offers it; the
    login only over TLS or to this machine (never a password in clear over a network)."""
    assert outbound.smtp_host is not None
    message = EmailMessage()
    message["From"] = outbound.smtp_from
    message["To"] = to
    message["Subject"] = notice.subject()
    message.set_content(notice.text + "\n\n" + notice.footer() + "\n")
    with smtplib.SMTP(outbound.smtp_host, outbound.smtp_port, timeout=outbound.timeout) as smtp:
        smtp.ehlo()
        secure = False
        if smtp.has_extn("starttls"):
            smtp.starttls(context=ssl.create_default_context())
            smtp.ehlo()
            secure = True
        if outbound.smtp_login is not None:
            if not secure and outbound.smtp_host not in ("127.0.0.1", "::1", "localhost"):
                raise smtplib.SMTPException("the server offers no STARTTLS: no login in clear")
            smtp.login(*outbound.smtp_login)
        smtp.send_message(message)


def post_webhook(outbound: Outbound, url: str, notice: Notice) -> None:
    """POST the notice's JSON (blocking: run it in a thread). The host is checked again: the
    operator may have taken it off the list since the player set the URL."""
    check_webhook(url, outbound.webhook_hosts)
    request = urllib.request.Request(
        url, data=json.dumps(notice.payload()).encode("utf-8"), method="POST",
        headers={"Content-Type": "application/json",
                 # ntfy's title; a header is Latin-1, so other letters become "?"
                 "Title": notice.subject().encode("ascii", "replace").decode("ascii"),
                 "User-Agent": "tulipgames"},
    )
    opener = urllib.request.build_opener(_NoRedirect())
    with opener.open(request, timeout=outbound.timeout) as response:
        if not 200 <= response.status < 300:
            raise OSError(f"HTTP {response.status}")


# -- who gets what, when -------------------------------------------------------------------------
@dataclass
class _Waiting:
    name: str
    code: str
    title: str
    decision: int
    deadline: float | None
    limit: float | None
    reminded: bool = False


@dataclass
class _Player:
    sent: list[float] = field(default_factory=list)
    held: list[Notice] = field(default_factory=list)


class Notifier:
    """Watches the lobby's by-mail tables and sends each player's notices (see the module)."""

    def __init__(self, lobby: Lobby, outbound: Outbound, data_dir: Path, *,
                 now: Callable[[], float] = time.time, per_day: int = PER_DAY) -> None:
        self.lobby = lobby
        self.outbound = outbound
        self.data_dir = data_dir
        self.now = now
        self.per_day = per_day
        self._waiting: dict[tuple[str, int], _Waiting] = {}
        self._players: dict[str, _Player] = {}
        self._tasks: set[asyncio.Task[None]] = set()
        self._failing: set[str] = set()
        #: What went out, as (player, channel, kind, table): for the log's counts and tests.
        self.sent: list[tuple[str, str, str, str]] = []

    def attach(self) -> None:
        """Follow the lobby. The decisions already waiting (the by-mail tables a restarted
        server brought back) were told before the restart: no second notice; their reminders
        still come."""
        self._scan(quiet=True)
        self.lobby.listeners.add(self.changed)
        self.lobby.invite_hooks.append(self.invited)

    def invited(self, invite: Invite) -> bool:
        """An invitation for a player who is not logged in: sent now if they opted in to a
        channel the operator offers and it fits their day's limit (an invitation is no use
        in tomorrow's digest); returns whether it went."""
        chosen = contact(player_dir(self.data_dir, invite.invitee))
        if not ((chosen.email and self.outbound.email)
                or (chosen.webhook and self.outbound.webhook)):
            return False
        player = self._players.setdefault(invite.invitee, _Player())
        if player.held or not self._room(invite.invitee, player):
            return False
        player.sent.append(self.now())
        lang = self.language(invite.invitee)
        with i18n.using(lang):
            text = invite.text()
        self._send(Notice(invite.code, invite.title, invite.invitee, "invite", text, lang=lang))
        return True

    def language(self, name: str) -> str:
        """The language ``name`` reads notices in: their remembered setting, else English."""
        from tulipgames.net.language import notice_language

        return notice_language(self.data_dir, name)

    def changed(self, *_: Any) -> None:
        """The lobby changed: a turn notice for each decision newly waiting at a by-mail table.
        Never raises (it runs inside whichever session made the move)."""
        try:
            self._scan()
        except Exception:
            log.exception("outbound notices: cannot look at the tables")

    def _scan(self, quiet: bool = False) -> None:
        now = self.now()
        still: set[tuple[str, int]] = set()
        for opened in list(self.lobby.tables.values()):
            table = opened.table
            if table is None or opened.over or not opened.settings.mail:
                continue
            for seat, number in table.waiting():
                name = opened.seats[seat].name
                if name is None:
                    continue
                key = (opened.code, number)
                still.add(key)
                if key in self._waiting:
                    continue
                limit = table.settings.clock_spec.limit()
                deadline = table.deadline(seat)
                entry = _Waiting(name, opened.code, opened.game.title, number, deadline, limit)
                self._waiting[key] = entry
                if quiet or opened.present.get(name):
                    continue  # told before a restart, or at the table now: the screen shows it
                left = None if deadline is None else deadline - now
                lang = self.language(name)
                with i18n.using(lang):
                    text = turn_text(opened.code, opened.game.title, left)
                self._deliver(Notice(opened.code, opened.game.title, name, "turn", text, number,
                                     lang))
        for key in set(self._waiting) - still:
            del self._waiting[key]

    def tick(self) -> None:
        """Reminders whose time came, and digests that may go out now. Never raises."""
        try:
            self._scan()
            now = self.now()
            for entry in self._waiting.values():
                if entry.reminded or entry.deadline is None or entry.limit is None:
                    continue
                if now >= entry.deadline - REMINDER_SHARE * entry.limit:
                    entry.reminded = True
                    opened = self.lobby.tables.get(entry.code)
                    if opened is not None and opened.present.get(entry.name):
                        continue
                    lang = self.language(entry.name)
                    with i18n.using(lang):
                        text = reminder_text(entry.code, entry.title, entry.deadline - now)
                    self._deliver(Notice(entry.code, entry.title, entry.name, "reminder",
                                         text, entry.decision, lang))
            for name, player in self._players.items():
                if player.held and self._room(name, player):
                    self._digest(name, player)
        except Exception:
            log.exception("outbound notices: tick failed")

    async def run(self, interval: float = TICK) -> None:
        """The server's timer: :meth:`tick` every ``interval`` seconds, until cancelled."""
        while True:
            await asyncio.sleep(interval)
            self.tick()

    def _limit(self, name: str) -> int:
        return 1 if contact(player_dir(self.data_dir, name)).mode == "daily" else self.per_day

    def _room(self, name: str, player: _Player) -> bool:
        """Whether one more message fits the player's last 24 hours."""
        now = self.now()
        player.sent = [t for t in player.sent if t > now - DAY]
        return len(player.sent) < self._limit(name)

    def _deliver(self, notice: Notice) -> None:
        if not contact(player_dir(self.data_dir, notice.player)).any:
            return
        player = self._players.setdefault(notice.player, _Player())
        if player.held or not self._room(notice.player, player):
            player.held.append(notice)
            return
        player.sent.append(self.now())
        self._send(notice)

    def _digest(self, name: str, player: _Player) -> None:
        """The held notices of decisions still waiting, as one message (none if none wait)."""
        waiting = {(w.code, w.decision) for w in self._waiting.values()}
        notices = [n for n in player.held if (n.table, n.decision) in waiting]
        player.held = []
        if not notices:
            return
        player.sent.append(self.now())
        first = notices[0]
        with i18n.using(first.lang):
            text = digest_text(notices)
        self._send(Notice(first.table if len({n.table for n in notices}) == 1 else "",
                          first.game if len({n.game for n in notices}) == 1 else "",
                          name, "digest", text, lang=first.lang))

    def _send(self, notice: Notice) -> None:
        """Each channel the player chose and the operator set up, off the event loop."""
        chosen = contact(player_dir(self.data_dir, notice.player))
        jobs: list[tuple[str, str, Callable[[], None]]] = []
        if chosen.email and self.outbound.email:
            jobs.append(("email", chosen.email,
                         lambda: send_mail(self.outbound, chosen.email, notice)))
        if chosen.webhook and self.outbound.webhook:
            jobs.append(("webhook", chosen.webhook,
                         lambda: post_webhook(self.outbound, chosen.webhook, notice)))
        for channel, target, job in jobs:
            try:
                loop = asyncio.get_running_loop()
            except RuntimeError:
                log.warning("outbound notices: no event loop; %s to %s not sent", channel,
                            mask(target))
                continue
            task = loop.create_task(self._attempt(channel, target, notice, job))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

    async def _attempt(self, channel: str, target: str, notice: Notice,
                       job: Callable[[], None]) -> None:
        try:
            await asyncio.wait_for(asyncio.to_thread(job), self.outbound.timeout + 5)
        except Exception as exc:  # a failing mail server or webhook never reaches the lobby
            if target not in self._failing:
                self._failing.add(target)
                said = str(exc).replace(target, mask(target))  # a refusal may name it
                log.warning("outbound notice: %s to %s failed (%s: %s); logged once until "
                            "it works again", channel, mask(target), type(exc).__name__, said)
            return
        self._failing.discard(target)
        self.sent.append((notice.player, channel, notice.kind, notice.table))
        log.info("outbound notice: %s %s to %s (table %s)", notice.kind, channel, mask(target),
                 notice.table or "-")

    async def drain(self) -> None:
        """Wait until every message under way has gone (or failed): tests, shutdown."""
        while self._tasks:
            await asyncio.gather(*list(self._tasks), return_exceptions=True)


# -- the player's screen ---------------------------------------------------------------------
class ContactScreen(ModalScreen[Contact | None]):
    """Where the player sets their address, webhook and how often (ctrl+p "Notices by e-mail
    or webhook"). What they type is theirs: shown to them only, kept in their own directory."""

    DEFAULT_CSS = """
    ContactScreen { align: center middle; }
    ContactScreen > Vertical { width: 72; height: auto; border: round $accent; padding: 0 1;
                               background: $surface; }
    ContactScreen Input { margin: 0 0 1 0; }
    ContactScreen #contact-error { color: $error; }
    """
    BINDINGS = [("escape", "dismiss_none", N_("Cancel"))]

    def __init__(self, folder: Path, outbound: Outbound) -> None:
        super().__init__()
        self.folder = folder
        self.outbound = outbound
        self.current = contact(folder)

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(_("Notices of your turns at by-mail tables, a reminder before the "
                           "clock runs out. Nobody else sees these. Empty: none."), markup=False)
            if self.outbound.email:
                yield Static(_("E-mail address:"), markup=False)
                yield Input(self.current.email, placeholder="name@example.org", max_length=254,
                            compact=True, id="email")
            if self.outbound.webhook:
                hosts = ", ".join(sorted(self.outbound.webhook_hosts))
                yield Static(_("Webhook URL (JSON POST; hosts: {hosts}):").format(hosts=hosts),
                             markup=False)
                yield Input(self.current.webhook, placeholder="https://ntfy.sh/your-topic",
                            max_length=500, compact=True, id="webhook")
            yield Checkbox(_("One message a day at most (a digest)"),
                           self.current.mode == "daily", id="daily")
            yield Static("", id="contact-error", markup=False)
            with Horizontal():
                yield Button(_("Save"), id="save", variant="primary", compact=True)
                yield Button(_("Cancel"), id="cancel", compact=True)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "save":
            self.save()
        else:
            self.dismiss(None)

    def on_input_submitted(self, _event: Input.Submitted) -> None:
        self.save()

    def action_dismiss_none(self) -> None:
        self.dismiss(None)

    def save(self) -> None:
        email = self.query(Input).filter("#email")
        hook = self.query(Input).filter("#webhook")
        try:
            chosen = set_contact(
                self.folder, self.outbound,
                email=email.first().value if email else None,
                webhook=hook.first().value if hook else None,
                mode="daily" if self.query_one("#daily", Checkbox).value else "each",
            )
        except ValueError as exc:
            self.query_one("#contact-error", Static).update(str(exc))
            return
        self.dismiss(chosen)


def contact_command(app: Any, folder: Path) -> SystemCommand | None:
    """The ctrl+p command that opens :class:`ContactScreen` (``None`` when the operator offers
    neither e-mail nor webhooks)."""
    outbound = offered()
    if not outbound.email and not outbound.webhook:
        return None

    def done(chosen: Contact | None) -> None:
        if chosen is not None:
            where = [w for w, on in ((_("e-mail"), chosen.email),
                                     (_("webhook"), chosen.webhook)) if on]
            app.notify(_("Notices by {channels}.").format(channels=_(" and ").join(where))
                       if where else _("No notices outside the terminal."), markup=False)

    return SystemCommand(i18n.both(CONTACT_COMMAND),
                         _("Your turns at by-mail tables, outside the terminal (opt-in)"),
                         lambda: app.push_screen(ContactScreen(folder, outbound), done))

"""Play in a browser, at the same tables as the SSH players, in the same server.

``tulipgames serve --web PORT`` (and ``tulipgames web``) serves one page. The page is the
browser terminal that the ``textual-serve`` package ships (xterm.js with its addons, in
``textual_serve/static``), served straight from the installed package; its websocket carries
keys and window sizes in and terminal output out. Unlike ``textual-serve``, which starts an app
process per visitor, each websocket here gets a Textual app like an SSH session's, driven by
the same :class:`~tulipgames.net.driver.ChannelDriver` and placed the same way
(:func:`~tulipgames.net.server.run_placed`): in a worker process (``--workers``; the main process
carries the websocket's bytes), in the worker holding its table, or in the main process: so a
browser player sits at the same live :class:`~tulipgames.table.Table` as the SSH players, with
the same input fences, the same ``--max-sessions`` cap (one count for both doors) and the same
idle timeout (see :class:`~tulipgames.net.server.GameServer`).

What a browser may reach, and nothing else: ``/`` (the page, or the login form), ``/login``
(the form's POST), ``/t/TOKEN`` (a per-player link), ``/ws/TICKET`` (the websocket) and a fixed
list of static files by name (no directory listing, no path from the request ever reaches the
file system). Who may play:

* with ``--password-file``: the login form, checked by the same :class:`~tulipgames.net.gate.Gate`
  and slowed down by the same :class:`~tulipgames.net.gate.Throttle` as SSH passwords;
* with ``--web-tokens FILE`` (``name:token`` lines): the link ``/t/TOKEN`` logs that player in;
* on an open server (no keys, no passwords), only on a loopback address: a name form. A name
  nothing owns becomes this browser's: a secret cookie (``tulipgames_id``) is bound to it in the
  same :class:`~tulipgames.net.identity.Identities` store as the SSH keys' names, so neither
  another browser nor an SSH key can take it, and the form refuses every name something else
  owns (a key, a token, another browser). :func:`web_problem` refuses every other combination.

A login sets an HttpOnly, SameSite=Strict cookie naming a server-side login; the page then gets a
single-use ticket for its websocket, which must come from the page's own origin.
"""

from __future__ import annotations

import asyncio
import contextlib
import html
import json
import logging
import secrets
import time
from collections.abc import Iterator
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

from aiohttp import WSMsgType, web

from tulipgames.i18n import N_, _, render
from tulipgames.net import audit
from tulipgames.net.driver import INBOX_BYTES, ChannelDriver, clamp_size
from tulipgames.net.gate import Verdict
from tulipgames.net.identity import BROWSER as BROWSER_KIND
from tulipgames.net.identity import browser_credential, name_key, name_problem
from tulipgames.net.language import web_middleware
from tulipgames.net.listener import Admission, forwarded_address, listen
from tulipgames.net.server import (
    ANY_WORKER,
    LOOPBACK,
    MAX_BACKLOG,
    GameServer,
    SessionInfo,
    name_lines,
    run_placed,
    run_remote,
    web_connections,
)
from tulipgames.net.terminal import TerminalProfile

log = logging.getLogger("tulipgames.serve")

#: The browser terminal: xterm.js renders in true colour and UTF-8.
BROWSER = TerminalProfile(term="xterm-256color", colorterm="truecolor", lang="C.UTF-8")
#: The static files a page may load, by the name in its URL: nothing else is served.
STATIC_FILES = {
    "textual.js": ("js/textual.js", "application/javascript"),
    "xterm.css": ("css/xterm.css", "text/css"),
    "RobotoMono.ttf": ("fonts/RobotoMono-VariableFont_wght.ttf", "font/ttf"),
}
#: Largest websocket message taken from a browser (a paste of this much is plenty).
MAX_MESSAGE = 64 * 1024
#: How long a login (its cookie) lasts, and how long a page's websocket ticket waits.
LOGIN_SECONDS = 12 * 3600
TICKET_SECONDS = 60.0
#: Websocket tickets waiting to be used, in all and per login: a page reloading in a loop
#: replaces its own oldest ticket, never another player's; a full table refuses new ones.
MAX_TICKETS = 1000
TICKETS_PER_LOGIN = 4
#: Logins (cookies) kept, in all and per address: an address logging in over and over loses
#: its own oldest login; when all are taken, new logins wait for old ones to expire.
MAX_LOGINS = 2000
LOGINS_PER_ADDRESS = 16
#: Password and token checks waiting for the throttle at once, per address and in all: more
#: are answered at once with "too many attempts" (they would only pile up in memory).
PENDING_PER_ADDRESS = 4
MAX_PENDING = 64
#: Most tabs (sessions) one player may have open at once, and at most this share of
#: ``--max-sessions``: one login cannot fill the server.
MAX_TABS = 3
#: Deepest JSON a page's message may nest, and most characters outside its strings (the
#: page's own messages nest 2 deep, in a few dozen characters: ``["resize", {"width": 80, ...}]``).
MAX_DEPTH = 4
MAX_STRUCTURE = 256
COOKIE = "tulipgames"
#: The browser's own secret on an open server: it owns the names this browser took (the store
#: keeps a hash of it). Kept for about a year, the most Chromium allows.
ID_COOKIE = "tulipgames_id"
ID_SECONDS = 400 * 24 * 3600
MIN_TOKEN = 16
#: Open connections from one address (a browser opens about six, a tab's websocket is one),
#: and in all: a page is a few requests, a player one websocket (see :func:`web_connections`).
MAX_WEB_PER_ADDRESS = 32
#: The trusted reverse proxies' addresses (``--behind-proxy``), kept on the aiohttp app.
PROXIES = web.AppKey("proxies", frozenset)
#: Sent with every answer: no framing, no referrer to other sites (a token link must not
#: leak; "no-referrer" would also blank the Origin of our own form posts), no caching.
HEADERS = {
    "X-Frame-Options": "DENY",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",
    "Cache-Control": "no-store",
}


def static_dir() -> Path:
    """The ``static`` folder of the installed ``textual-serve`` package."""
    return Path(str(resources.files("textual_serve") / "static"))


def read_token_file(path: Path) -> dict[str, str]:
    """``name:token`` lines (``#`` starts a comment): token -> name; tokens are long and unique."""
    tokens: dict[str, str] = {}
    for number, name, token in name_lines(path, "token"):
        if len(token) < MIN_TOKEN or not token.isascii() or not token.isprintable():
            raise ValueError(f"{path}:{number}: a token is at least {MIN_TOKEN} printable "
                             "ASCII characters (python3 -c 'import secrets; "
                             "print(secrets.token_urlsafe())' makes one)")
        if token in tokens:
            raise ValueError(f"{path}:{number}: the same token as {tokens[token]}")
        tokens[token] = name
    return tokens


def web_problem(host: str, open_server: bool, passwords: bool, tokens: bool) -> str | None:
    """Why the web door may not open as configured, or ``None``.

    Never on a network without a password or a token: a browser has no key to be known by.
    And a server that admits only keys needs passwords or tokens for its browser players.
    """

    if passwords or tokens:
        return None
    if not open_server:
        return ("a browser has no SSH key: give --password-file or --web-tokens for the "
                "browser players")
    if host not in LOOPBACK:
        return (f"--web on {host} would let anyone on the network in: give --password-file "
                "or --web-tokens (or listen on 127.0.0.1)")
    return None


@dataclass
class _Login:
    name: str
    until: float
    address: str = ""
    #: For a ticket: the login (cookie id) it was issued to.
    sid: str = ""


class WebDoor:
    """The aiohttp application of one server: page, logins, static files and websockets."""

    def __init__(
        self, server: GameServer, host: str, port: int, tokens: dict[str, str] | None = None
    ) -> None:
        self.server = server
        self.host, self.requested_port = host, port
        self.tokens = tokens or {}
        self.static = static_dir()
        self._logins: dict[str, _Login] = {}
        self._tickets: dict[str, _Login] = {}
        #: Password and token checks under way, per address.
        self._pending: dict[str, int] = {}
        #: The names the Host header may carry (see :func:`allowed_hosts`).
        self.hosts = allowed_hosts(host, server.config.web_hosts)
        self._runner: web.AppRunner | None = None
        self._site: web.TCPSite | None = None
        self.proxies = frozenset(server.config.proxies)
        #: Connections per address and in all, before aiohttp sees them (a proxy's count only
        #: in all: its clients are counted by address in :meth:`_proxied_limits`).
        self.admission = Admission("web", MAX_WEB_PER_ADDRESS,
                                   web_connections(server.config.max_sessions),
                                   exempt=self.proxies)
        self.proxied = Admission("web", MAX_WEB_PER_ADDRESS)

    # -- lifecycle --------------------------------------------------------------------------
    def make_app(self) -> web.Application:
        @web.middleware
        async def proxied_limits(request: web.Request, handler: Any) -> web.StreamResponse:
            return await self._proxied_limits(request, handler)

        app = web.Application(client_max_size=16 * 1024,
                              middlewares=[_headers, _host_check(self.hosts), proxied_limits,
                                           web_middleware()])
        app[PROXIES] = self.proxies
        app.add_routes([
            web.get("/", self.page),
            web.post("/login", self.login),
            web.get("/t/{token}", self.token_link),
            web.get("/ws/{ticket}", self.websocket),
            web.get("/static/{name}", self.static_file),
        ])
        return app

    async def start(self) -> None:
        self._runner = web.AppRunner(self.make_app(), access_log=None, handle_signals=False)
        await self._runner.setup()
        self._site = _GatedSite(self._runner, self.host, self.requested_port, self.admission)
        await self._site.start()

    @property
    def port(self) -> int:
        assert self._runner is not None
        return int(self._runner.addresses[0][1])

    async def stop(self) -> None:
        if self._runner is not None:
            await self._runner.cleanup()

    async def _proxied_limits(self, request: web.Request, handler: Any) -> web.StreamResponse:
        """A request through a trusted proxy counts against its client's address (the
        listener counted it against the proxy's only in the door's total)."""
        peer = request.transport.get_extra_info("peername") if request.transport else None
        if not peer or str(peer[0]) not in self.proxies:
            return await handler(request)
        address = _address(request)
        reason = self.proxied.admit(address)
        if reason is not None:
            audit.refused(address, "web", reason)
            raise web.HTTPServiceUnavailable(text="too many connections from your address")
        try:
            return await handler(request)
        finally:
            self.proxied.release(address)

    # -- who is this ------------------------------------------------------------------------
    @property
    def asks_password(self) -> bool:
        return bool(self.server.gate.passwords)

    @property
    def asks_name(self) -> bool:
        """The name form: only on an open server listening on this machine alone (see
        :func:`web_problem`): on a network a name proves nothing, tokens or not."""
        return self.server.config.open and self.host in LOOPBACK

    def _logged_in(self, request: web.Request) -> tuple[str, str] | None:
        """The login of this request's cookie: (cookie id, name), or ``None``."""
        sid = request.cookies.get(COOKIE, "")
        login = self._logins.get(sid)
        if login is None or login.until < time.monotonic():
            self._logins.pop(sid, None)
            return None
        return sid, login.name

    def _log_in(self, name: str, method: str, request: web.Request) -> web.Response:
        now = time.monotonic()
        for sid in [s for s, login in self._logins.items() if login.until < now]:
            del self._logins[sid]
        address = _address(request)
        own = [s for s, login in self._logins.items() if login.address == address]
        for sid in own[: max(0, len(own) - LOGINS_PER_ADDRESS + 1)]:  # this address's oldest
            del self._logins[sid]
        if len(self._logins) >= MAX_LOGINS:
            audit.record("refused", peer=_peer(request), reason="too many logins", door="web")
            return self._form(_("Too many players are logging in; please try again later."),
                              status=503)
        name = self.server.gate.canonical(name)
        sid = secrets.token_urlsafe(32)
        self._logins[sid] = _Login(name, now + LOGIN_SECONDS, address)
        audit.record("login", name=name, peer=_peer(request), method=method, door="web")
        response = web.HTTPSeeOther("/")
        response.set_cookie(COOKIE, sid, httponly=True, samesite="Strict", path="/",
                            max_age=LOGIN_SECONDS)
        return response

    def _refusal(self, name: str) -> str | None:
        cap = self.server.config.max_sessions
        if len(self.server.sessions) >= cap or self.server.players >= cap:
            return _("The tulipgames server is full ({cap} players). Please try again later.") \
                .format(cap=cap)
        share = tab_share(cap)
        mine = sum(1 for session in self.server.sessions
                   if name_key(getattr(session, "username", "")) == name_key(name))
        if mine >= share:
            return _("You have {mine} tulipgames sessions open already (at most {share}): "
                     "close one to open another.").format(mine=mine, share=share)
        return None

    @contextlib.contextmanager
    def _attempt(self, request: web.Request) -> Iterator[bool]:
        """Count a password or token check under way for its address; yields False when the
        address or the server has too many waiting already (answer at once, check nothing)."""
        address = _address(request)
        if (self._pending.get(address, 0) >= PENDING_PER_ADDRESS
                or sum(self._pending.values()) >= MAX_PENDING):
            yield False
            return
        self._pending[address] = self._pending.get(address, 0) + 1
        try:
            yield True
        finally:
            self._pending[address] -= 1
            if not self._pending[address]:
                del self._pending[address]

    # -- pages ----------------------------------------------------------------------------
    async def page(self, request: web.Request) -> web.Response:
        login = self._logged_in(request)
        if login is None:
            return self._form()
        sid, name = login
        refusal = self._refusal(name)
        if refusal is not None:
            return self._form(refusal, status=503, fields=False)
        ticket = secrets.token_urlsafe(24)
        now = time.monotonic()
        for old in [t for t, waiting in self._tickets.items() if waiting.until < now]:
            del self._tickets[old]
        own = [t for t, waiting in self._tickets.items() if waiting.sid == sid]
        for old in own[: max(0, len(own) - TICKETS_PER_LOGIN + 1)]:  # a reloading loop
            del self._tickets[old]
        if len(self._tickets) >= MAX_TICKETS:
            return self._form(_("The server is busy; please reload in a minute."), status=503,
                              fields=False)
        self._tickets[ticket] = _Login(name, now + TICKET_SECONDS, _address(request), sid)
        page = TERMINAL_PAGE.replace("TICKET", ticket).replace(
            "SESSION_ENDED", html.escape(_("Session ended: reload the page to play again.")))
        return web.Response(text=page, content_type="text/html")

    def _form(self, message: str = "", status: int = 200, fields: bool = True) -> web.Response:
        if not fields:
            fields_html = ""
        elif self.asks_password:
            fields_html = PASSWORD_FIELDS
        elif self.asks_name:
            fields_html = NAME_FIELDS
        else:
            fields_html = ""
            message = message or _("Ask the host for your personal link to this server.")
        for word in FIELD_WORDS:  # the form's labels in the browser's language
            fields_html = fields_html.replace(f">{word}<", f">{html.escape(_(word))}<")
        note = f'<p class="note">{html.escape(_(message))}</p>' if message else ""
        body = FORM_PAGE.replace("NOTE", note).replace("FIELDS", fields_html)
        return web.Response(text=body, content_type="text/html", status=status)

    async def login(self, request: web.Request) -> web.Response:
        if not _same_origin(request):
            return self._form(_("Log in from this server's own page."), status=403)
        form = await request.post()
        name, password = str(form.get("name", "")), str(form.get("password", ""))
        problem = name_problem(name)
        if problem is not None:
            return self._form(_("Cannot log in: {problem}.").format(problem=problem),
                              status=400)
        gate = self.server.gate
        wait = 0.0
        if self.asks_password:
            address = _address(request)
            with self._attempt(request) as admitted:
                if not admitted:
                    return self._form(TOO_MANY, status=429)
                wait = await self.server.throttle.wait(address, name)
                verdict = gate.check_password(name, password)
                self.server.throttle.done(address, name, verdict.ok)
            method = "password"
        elif self.asks_name:
            # A browser has no key: it owns its names through a secret cookie of its own,
            # bound to them in the same store as the SSH keys' names.
            secret = request.cookies.get(ID_COOKIE, "")
            fresh = len(secret) < MIN_TOKEN
            if fresh:
                secret = secrets.token_urlsafe(32)
            credential = browser_credential(secret)
            verdict = gate.check_browser(name, credential)
            if verdict.ok and not gate.identities.bind(name, credential, BROWSER_KIND):
                verdict = Verdict(False, "name taken meanwhile")
            method = "name"
        else:
            return self._form(status=403)
        if not verdict.ok:
            audit.record("auth_failure", name=name, peer=_peer(request), method=method,
                         reason=verdict.reason, door="web",
                         waited=round(wait, 2) if method == "password" else None)
            message = _("That name and password do not match.") if method == "password" else (
                _("The name {name} belongs to another player; pick another name.").format(
                    name=name))
            return self._form(message, status=403)
        response = self._log_in(name, method, request)
        if method == "name" and fresh:
            response.set_cookie(ID_COOKIE, secret, httponly=True, samesite="Strict", path="/",
                                max_age=ID_SECONDS)
        return response

    async def token_link(self, request: web.Request) -> web.Response:
        token = request.match_info["token"]
        # Guesses are slowed per address like passwords (they were answered 1,800 a second).
        address = _address(request)
        with self._attempt(request) as admitted:
            if not admitted:
                return self._form(TOO_MANY, status=429)
            wait = await self.server.throttle.wait(address)
            name = self.server.gate.check_token(token)
            self.server.throttle.done(address, None, name is not None)
        if name is None:
            audit.record("auth_failure", peer=_peer(request), method="token",
                         reason="unknown token", door="web", waited=round(wait, 2))
            return self._form(_("This link is not (or no longer) valid."), status=403)
        return self._log_in(name, "token", request)

    async def static_file(self, request: web.Request) -> web.StreamResponse:
        entry = STATIC_FILES.get(request.match_info["name"])
        if entry is None:
            raise web.HTTPNotFound()
        relative, kind = entry
        response = web.FileResponse(self.static / relative, headers={"Content-Type": kind})
        return response

    # -- the websocket ----------------------------------------------------------------------
    async def websocket(self, request: web.Request) -> web.StreamResponse:
        login = self._tickets.pop(request.match_info["ticket"], None)
        if login is None or login.until < time.monotonic() or not _same_origin(request):
            raise web.HTTPForbidden(text=_("reload the page"))
        refusal = self._refusal(login.name)
        if refusal is not None:
            raise web.HTTPServiceUnavailable(text=refusal)
        ws = web.WebSocketResponse(max_msg_size=MAX_MESSAGE, heartbeat=30, compress=False)
        await ws.prepare(request)
        size = clamp_size(_int(request.query.get("width")), _int(request.query.get("height")))
        session = WebSession(self.server, login.name, _peer(request), ws, size)
        session.language_wish = request.get("language_wish", "")  # the tab's language
        session.transport = request.transport
        await session.run()
        return ws


class WebSession:
    """One browser tab: a websocket, a Textual app and the bytes between them.

    The browser side of the :class:`~tulipgames.net.driver.Terminal` protocol, and to the
    :class:`GameServer` a session like an SSH one (``running``, ``last_input``, ``close``).
    """

    def __init__(
        self, server: GameServer, username: str, peer: str, ws: web.WebSocketResponse,
        size: tuple[int, int],
    ) -> None:
        self.server = server
        self.username = username
        self.peer = peer
        self.ws = ws
        self.size = size
        self.running = False
        self.last_input = asyncio.get_running_loop().time()
        #: Where keys and sizes go: this process's driver, or the worker running the app.
        self._driver: Any = None
        self._fences: Any = None
        self._app: Any = None
        #: The app of this session while it runs in a worker (as for SSH, server.run_placed).
        self._remote: Any = None
        #: The app here is ending to hand the session to a worker: its goodbye is muted.
        self._releasing = False
        self._moving: tuple[str, int] | None = None
        self._highlight = ""
        #: Keys typed while the app was starting or moving (bounded like the driver's inbox).
        self._early = bytearray()
        self._dropped_earlier = (0, 0)
        self._pending: list[str] = []
        self._pending_size = 0
        self.transport: asyncio.BaseTransport | None = None
        self._wake = asyncio.Event()
        self._closing_note: str | None = None
        self._open = True
        #: What the browser asked for (``?lang=``, Accept-Language): the tab's language.
        self.language_wish = ""
        #: Bytes written to the browser, for the measurements (``web_loadtest``).
        self.sent = 0

    # -- the Terminal protocol ----------------------------------------------------------------
    def attach(self, driver: ChannelDriver) -> None:
        self._driver = self._fences = driver
        if self._early:
            asyncio.get_running_loop().call_soon(self._replay_early)

    def _replay_early(self) -> None:
        early, self._early = bytes(self._early), bytearray()
        if self._driver is not None and early:
            self._driver.feed(early)

    def send(self, data: bytes) -> None:
        """What the app in a worker drew (whole UTF-8 text: the worker encodes it)."""
        self.write(data.decode("utf-8", errors="replace"))

    def write(self, data: str) -> None:
        if not self._open or self._releasing:
            return
        self._pending.append(data)
        self._pending_size += len(data)
        self._wake.set()
        if self._pending_size + self._transport_backlog() > MAX_BACKLOG:
            # The browser stopped reading (the sender waits for the socket to drain meanwhile).
            self._pending, self._pending_size = [], 0
            self.close("Your connection is too slow to keep up; closing.")

    def _transport_backlog(self) -> int:
        size = getattr(self.transport, "get_write_buffer_size", None)
        return int(size()) if callable(size) else 0

    async def _send(self) -> None:
        """Send what the app wrote, coalesced, one message at a time and in order."""
        while self._open or self._pending:
            await self._wake.wait()
            self._wake.clear()
            data = "".join(self._pending).encode("utf-8")
            self._pending, self._pending_size = [], 0
            if not data:
                continue
            try:
                await self.ws.send_bytes(data)
            except (ConnectionError, RuntimeError):
                self._open = False
                self.close()
                return
            self.sent += len(data)

    # -- the session --------------------------------------------------------------------------
    @property
    def dropped_bytes(self) -> int:
        return self._dropped_earlier[0] + (
            0 if self._fences is None else self._fences.dropped_bytes)

    @property
    def dropped_events(self) -> int:
        return self._dropped_earlier[1] + (
            0 if self._fences is None else self._fences.dropped_events)

    def _keep_dropped(self) -> None:
        """The app is moving to another process: keep its fences' counts for the log."""
        self._dropped_earlier = (self.dropped_bytes, self.dropped_events)
        self._fences = None

    @property
    def gone(self) -> bool:
        return not self._open

    def _release(self, entry: str = "", worker: int = ANY_WORKER) -> None:
        """The app here hands the session to a worker (see ``GameSession._release``)."""
        if self._app is not None and self.running and self._closing_note is None:
            self._releasing = True
            self._moving = (entry, worker)
            self._highlight = "" if entry else self._app.menu_highlight()
            self._app.exit()

    async def _run_remote(self, info: SessionInfo, worker: int = ANY_WORKER) -> tuple[str, str]:
        return await run_remote(self, info, worker)

    async def run(self) -> None:
        server = self.server
        server.sessions.add(self)
        server.web_sessions.add(self)
        since = time.monotonic()
        sender = asyncio.get_running_loop().create_task(self._send())
        app_task = asyncio.get_running_loop().create_task(self._run_app())
        try:
            await self._read()
        finally:
            self.close()
            with contextlib.suppress(asyncio.TimeoutError):
                await asyncio.wait_for(asyncio.shield(app_task), 10)
            self._open = False
            self._wake.set()
            with contextlib.suppress(Exception):
                await asyncio.wait_for(sender, 5)
            with contextlib.suppress(Exception):
                await self.ws.close()
            server.web_sessions.discard(self)
            audit.record("disconnect", name=self.username, peer=self.peer, door="web",
                         seconds=round(time.monotonic() - since),
                         dropped_bytes=self.dropped_bytes, dropped_keys=self.dropped_events)

    async def _read(self) -> None:
        """Keys, sizes and pings from the page (``textual-serve``'s JSON messages)."""
        async for message in self.ws:
            if message.type != WSMsgType.TEXT:
                continue
            parsed = parse_message(message.data)
            if parsed is None:
                continue
            kind, rest = parsed
            driver = self._driver
            if kind == "stdin" and rest and isinstance(rest[0], str):
                self.last_input = asyncio.get_running_loop().time()  # a key press, as over SSH
                data = rest[0].encode("utf-8", errors="replace")
                if driver is not None:
                    driver.feed(data)
                elif len(self._early) < INBOX_BYTES:  # the app is starting or moving
                    self._early += data[: INBOX_BYTES - len(self._early)]
            elif kind == "resize" and rest and isinstance(rest[0], dict):
                self.size = clamp_size(_int(rest[0].get("width")), _int(rest[0].get("height")))
                if driver is not None:
                    driver.resize(*self.size)
            elif kind == "ping" and rest and isinstance(rest[0], str):
                await self.ws.send_json(["pong", rest[0][:32]])

    async def _run_app(self) -> None:
        note = "Goodbye."
        try:
            note = await run_placed(self, SessionInfo(self.username, BROWSER, self.peer), BROWSER)
        finally:
            self._releasing = False
            self.write("\x1b[?1049l\x1b[?25h\r\n" + render(self._closing_note or note) + "\r\n")
            self._open = False
            self._wake.set()
            await asyncio.sleep(0.2)  # the note reaches the page before the socket closes
            with contextlib.suppress(Exception):
                await self.ws.close()

    def close(self, note: str | None = None) -> None:
        """End the session, telling the player ``note``."""
        if note is not None and self._closing_note is None:
            self._closing_note = note
        if self._app is not None and (self.running or self._remote is not None):
            self._app.exit()
        elif not self.running:
            self.server.sessions.discard(self)


def tab_share(max_sessions: int) -> int:
    """How many sessions one player may hold: a quarter of the server, at most :data:`MAX_TABS`
    and at least two (a reloaded page's new tab may come before its old one has closed)."""
    return min(MAX_TABS, max(2, max_sessions // 4))


def parse_message(text: str) -> tuple[object, list[Any]] | None:
    """A page's message ``[kind, args...]``, or ``None`` for anything else: not JSON, not a
    non-empty list, more than :data:`MAX_STRUCTURE` characters outside its strings or nested
    deeper than :data:`MAX_DEPTH` (json recursed until Python's limit on ``[[[[...`` and ended
    the session with a ``RecursionError``).

    The check costs a few passes at C speed: escaped backslashes and quotes are dropped, so
    every quote left opens or closes a string, and what lies between strings is the structure.
    """
    bare = text.replace("\\\\", "").replace('\\"', "")
    structure = "".join(bare.split('"')[::2])
    if len(structure) > MAX_STRUCTURE:
        return None
    depth = deepest = 0
    for char in structure:
        if char in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif char in "]}":
            depth -= 1
    if deepest > MAX_DEPTH:
        return None
    try:
        value = json.loads(text)
    except (ValueError, TypeError, RecursionError):
        return None
    if not isinstance(value, list) or not value:
        return None
    return value[0], value[1:]


def allowed_hosts(host: str, extra: tuple[str, ...] = ()) -> frozenset[str]:
    """The names a request's ``Host`` header may carry: this machine's (``127.0.0.1``,
    ``localhost``, ``::1``), the address listened on unless it is a wildcard, and every
    ``--web-host``. A page of another site that rebinds its own name to this address (DNS
    rebinding) sends its own name, and is refused."""
    names = {"127.0.0.1", "localhost", "::1"}
    if host not in ("", "0.0.0.0", "::"):
        names.add(host)
    names.update(extra)
    return frozenset(_host_name(name) for name in names)


def _host_name(value: str) -> str:
    """``Example.org:8080`` -> ``example.org``; ``[::1]:8080`` -> ``::1``."""
    value = value.strip().lower()
    if value.startswith("["):
        return value[1:].partition("]")[0]
    if value.count(":") == 1:
        value = value.partition(":")[0]
    return value.rstrip(".")


def _host_check(hosts: frozenset[str]) -> Any:
    @web.middleware
    async def check(request: web.Request, handler: Any) -> web.StreamResponse:
        if _host_name(request.headers.get("Host", "")) not in hosts:
            audit.record("refused", peer=_peer(request), reason="unknown Host", door="web")
            raise web.HTTPMisdirectedRequest(
                text="This server does not answer to that name (see --web-host).")
        return await handler(request)

    return check


def _int(value: object) -> int:
    if not isinstance(value, (int, str)):
        return 0  # never str() of whatever a page sent: a deep list recurses
    try:
        return int(value)
    except ValueError:
        return 0


def _client(request: web.Request) -> tuple[str, str]:
    """The client's address and its ``address:port`` for the log: the TCP peer's, or behind a
    trusted proxy (``--behind-proxy``) the one it put in ``X-Forwarded-For`` (no port known).
    A header from anyone else is ignored: a client could write any address there."""
    peer = request.transport.get_extra_info("peername") if request.transport else None
    if not peer:
        return "?", "?"
    address = str(peer[0])
    if address in request.app.get(PROXIES, frozenset()):
        forwarded = forwarded_address(request.headers.get("X-Forwarded-For"))
        if forwarded is not None:
            return forwarded, forwarded
    return address, f"{peer[0]}:{peer[1]}"


def _address(request: web.Request) -> str:
    return _client(request)[0]


def _peer(request: web.Request) -> str:
    return _client(request)[1]


class _GatedSite(web.TCPSite):
    """aiohttp's TCP site, listening through :func:`tulipgames.net.listener.listen`: a
    connection over the door's caps is dropped before aiohttp builds anything for it."""

    __slots__ = ("_admission",)

    def __init__(self, runner: web.BaseRunner, host: str, port: int,
                 admission: Admission) -> None:
        super().__init__(runner, host, port)
        self._admission = admission

    async def start(self) -> None:
        await web.BaseSite.start(self)  # registers the site with its runner
        server = self._runner.server
        assert server is not None
        self._server = await listen(server, self._host or "", self._port, self._admission)


def _same_origin(request: web.Request) -> bool:
    """A form post or websocket from a page of this server (no other site's page)."""
    origin = request.headers.get("Origin")
    return origin is None or origin in (f"http://{request.host}", f"https://{request.host}")


@web.middleware
async def _headers(request: web.Request, handler: Any) -> web.StreamResponse:
    try:
        response: web.StreamResponse = await handler(request)
    except web.HTTPException as exc:
        exc.headers.update(HEADERS)
        raise
    if not response.prepared:
        response.headers.update(HEADERS)
    return response


_STYLE = """
@font-face { font-family: 'Roboto Mono'; src: url('/static/RobotoMono.ttf'); }
body { margin: 0; background: #0c181f; color: #eee; font-family: 'Roboto Mono', monospace; }
.textual-terminal { width: 100vw; height: 100vh; }
.ended { display: none; position: fixed; top: 0; right: 0; padding: 6px 12px;
         background: #5e0ba7; color: #fff; }
body.-closed .ended { display: block; }
form, .note { max-width: 28em; margin: 4em auto 1em; }
label { display: block; margin: 0.8em 0 0.2em; }
input, button { font: inherit; padding: 0.4em; width: 100%; box-sizing: border-box; }
button { margin-top: 1.2em; background: #5e0ba7; color: #fff; border: none; }
"""

TERMINAL_PAGE = (
    """<!DOCTYPE html>
<html><head><meta charset="utf-8"><title>tulipgames</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="stylesheet" href="/static/xterm.css">
<style>"""
    + _STYLE
    + """</style>
<script src="/static/textual.js"></script>
<script>
document.addEventListener("DOMContentLoaded", function () {
  var scheme = location.protocol === "https:" ? "wss://" : "ws://";
  document.getElementById("terminal").dataset.sessionWebsocketUrl =
    scheme + location.host + "/ws/TICKET";
});
</script>
</head><body>
<div class="ended">SESSION_ENDED</div>
<div id="terminal" class="textual-terminal" data-font-size="16"></div>
</body></html>
"""
)

FORM_PAGE = (
    """<!DOCTYPE html>
<html><head><meta charset="utf-8"><title>tulipgames</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>"""
    + _STYLE
    + """</style></head><body>
NOTE
FIELDS
</body></html>
"""
)

TOO_MANY = N_("Too many login attempts at once from your address; wait a moment and try "
              "again.")
#: The login form's words (shown in the browser's language by ``_form``).
FIELD_WORDS = (N_("Your name"), N_("Password"), N_("Play"))

NAME_FIELDS = """<form method="post" action="/login"><h1>tulipgames</h1>
<label for="name">Your name</label>
<input id="name" name="name" autofocus required maxlength="32" autocomplete="username">
<button type="submit">Play</button></form>"""

PASSWORD_FIELDS = """<form method="post" action="/login"><h1>tulipgames</h1>
<label for="name">Your name</label>
<input id="name" name="name" autofocus required maxlength="32" autocomplete="username">
<label for="password">Password</label>
<input id="password" name="password" type="password" required
       autocomplete="current-password">
<button type="submit">Play</button></form>"""

"""Play in a browser, at the same tables as the SSH players, in the same process.

``tulipgames serve --web PORT`` (and ``tulipgames web``) serves one page. The page is the
browser terminal that the ``textual-serve`` package ships (xterm.js with its addons, in
``textual_serve/static``), served straight from the installed package; its websocket carries
keys and window sizes in and terminal output out. Unlike ``textual-serve``, which starts an app
process per visitor, each websocket here gets a Textual app on the server's own event loop,
driven by the same :class:`~tulipgames.net.driver.ChannelDriver` as an SSH channel: so a browser
player sits at the same live :class:`~tulipgames.table.Table` as the SSH players, with the same
input fences, the same ``--max-sessions`` cap (one count for both doors) and the same idle
timeout (see :class:`~tulipgames.net.server.GameServer`).

What a browser may reach, and nothing else: ``/`` (the page, or the login form), ``/login``
(the form's POST), ``/t/TOKEN`` (a per-player link), ``/ws/TICKET`` (the websocket) and a fixed
list of static files by name (no directory listing, no path from the request ever reaches the
file system). Who may play:

* with ``--password-file``: the login form, checked by the same :class:`~tulipgames.net.gate.Gate`
  and slowed down by the same :class:`~tulipgames.net.gate.Throttle` as SSH passwords;
* with ``--web-tokens FILE`` (``name:token`` lines): the link ``/t/TOKEN`` logs that player in;
* on an open server (no keys, no passwords), only on a loopback address: a name form, refused
  for names that an SSH key owns. :func:`web_problem` refuses every other combination.

A login sets an HttpOnly, SameSite=Strict cookie naming a server-side login; the page then gets a
single-use ticket for its websocket, which must come from the page's own origin.
"""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import html
import json
import logging
import secrets
import time
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

from aiohttp import WSMsgType, web

from tulipgames.net import audit
from tulipgames.net.driver import ChannelDriver, clamp_size
from tulipgames.net.gate import ADMIT, Verdict
from tulipgames.net.identity import name_key, name_problem
from tulipgames.net.listener import Admission, forwarded_address, listen
from tulipgames.net.server import (
    LOOPBACK,
    MAX_BACKLOG,
    GameServer,
    SessionInfo,
    name_lines,
    run_app,
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
MAX_TICKETS = 1000
COOKIE = "tulipgames"
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

        app = web.Application(client_max_size=16 * 1024, middlewares=[_headers, proxied_limits])
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

    def _logged_in(self, request: web.Request) -> str | None:
        sid = request.cookies.get(COOKIE, "")
        login = self._logins.get(sid)
        if login is None or login.until < time.monotonic():
            self._logins.pop(sid, None)
            return None
        return login.name

    def _log_in(self, name: str, method: str, request: web.Request) -> web.Response:
        now = time.monotonic()
        for sid in [s for s, login in self._logins.items() if login.until < now]:
            del self._logins[sid]
        name = self.server.gate.canonical(name)
        sid = secrets.token_urlsafe(32)
        self._logins[sid] = _Login(name, now + LOGIN_SECONDS)
        audit.record("login", name=name, peer=_peer(request), method=method, door="web")
        response = web.HTTPSeeOther("/")
        response.set_cookie(COOKIE, sid, httponly=True, samesite="Strict", path="/",
                            max_age=LOGIN_SECONDS)
        return response

    def _refusal(self) -> str | None:
        cap = self.server.config.max_sessions
        if len(self.server.sessions) >= cap or self.server.players >= cap:
            return f"The tulipgames server is full ({cap} players). Please try again later."
        return None

    # -- pages ----------------------------------------------------------------------------
    async def page(self, request: web.Request) -> web.Response:
        name = self._logged_in(request)
        if name is None:
            return self._form()
        refusal = self._refusal()
        if refusal is not None:
            return self._form(refusal, status=503, fields=False)
        ticket = secrets.token_urlsafe(24)
        now = time.monotonic()
        for old in [t for t, login in self._tickets.items() if login.until < now]:
            del self._tickets[old]
        while len(self._tickets) >= MAX_TICKETS:  # a reloading loop: the oldest go first
            del self._tickets[next(iter(self._tickets))]
        self._tickets[ticket] = _Login(name, now + TICKET_SECONDS)
        return web.Response(text=TERMINAL_PAGE.replace("TICKET", ticket), content_type="text/html")

    def _form(self, message: str = "", status: int = 200, fields: bool = True) -> web.Response:
        if not fields:
            fields_html = ""
        elif self.asks_password:
            fields_html = PASSWORD_FIELDS
        elif self.server.config.open:
            fields_html = NAME_FIELDS
        else:
            fields_html = ""
            message = message or "Ask the host for your personal link to this server."
        note = f'<p class="note">{html.escape(message)}</p>' if message else ""
        body = FORM_PAGE.replace("NOTE", note).replace("FIELDS", fields_html)
        return web.Response(text=body, content_type="text/html", status=status)

    async def login(self, request: web.Request) -> web.Response:
        if not _same_origin(request):
            return self._form("Log in from this server's own page.", status=403)
        form = await request.post()
        name, password = str(form.get("name", "")), str(form.get("password", ""))
        problem = name_problem(name)
        if problem is not None:
            return self._form(f"Cannot log in: {problem}.", status=400)
        gate = self.server.gate
        if self.asks_password:
            keys = ("addr:" + _address(request), "name:" + name_key(name))
            wait = self.server.throttle.reserve(keys)
            if wait:
                await asyncio.sleep(wait)
            verdict = gate.check_password(name, password)
            self.server.throttle.done(keys, verdict.ok)
            method = "password"
        elif self.server.config.open:
            # A browser has no key: like a keyless SSH client, a name no key owns.
            verdict = _keyless(gate.identities.owner(name))
            method = "name"
        else:
            return self._form(status=403)
        if not verdict.ok:
            audit.record("auth_failure", name=name, peer=_peer(request), method=method,
                         reason=verdict.reason, door="web")
            message = "That name and password do not match." if method == "password" else (
                f"The name {name} belongs to a player's SSH key; pick another name.")
            return self._form(message, status=403)
        return self._log_in(name, method, request)

    async def token_link(self, request: web.Request) -> web.Response:
        token = request.match_info["token"]
        name = next((n for t, n in self.tokens.items()
                     if hmac.compare_digest(t.encode(), token.encode())), None)
        if name is None:
            audit.record("auth_failure", peer=_peer(request), method="token",
                         reason="unknown token", door="web")
            return self._form("This link is not (or no longer) valid.", status=403)
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
            raise web.HTTPForbidden(text="reload the page")
        refusal = self._refusal()
        if refusal is not None:
            raise web.HTTPServiceUnavailable(text=refusal)
        ws = web.WebSocketResponse(max_msg_size=MAX_MESSAGE, heartbeat=30, compress=False)
        await ws.prepare(request)
        size = clamp_size(_int(request.query.get("width")), _int(request.query.get("height")))
        session = WebSession(self.server, login.name, _peer(request), ws, size)
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
        self._driver: ChannelDriver | None = None
        self._fences: ChannelDriver | None = None
        self._app: Any = None
        self._pending: list[str] = []
        self._pending_size = 0
        self.transport: asyncio.BaseTransport | None = None
        self._wake = asyncio.Event()
        self._closing_note: str | None = None
        self._open = True
        #: Bytes written to the browser, for the measurements (``web_loadtest``).
        self.sent = 0

    # -- the Terminal protocol ----------------------------------------------------------------
    def attach(self, driver: ChannelDriver) -> None:
        self._driver = self._fences = driver

    def write(self, data: str) -> None:
        if not self._open:
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
        return 0 if self._fences is None else self._fences.dropped_bytes

    @property
    def dropped_events(self) -> int:
        return 0 if self._fences is None else self._fences.dropped_events

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
            try:
                kind, *rest = json.loads(message.data)
            except (ValueError, TypeError):
                continue
            driver = self._driver
            if kind == "stdin" and rest and isinstance(rest[0], str) and driver is not None:
                self.last_input = asyncio.get_running_loop().time()  # a key press, as over SSH
                driver.feed(rest[0].encode("utf-8", errors="replace"))
            elif kind == "resize" and rest and isinstance(rest[0], dict):
                self.size = clamp_size(_int(rest[0].get("width")), _int(rest[0].get("height")))
                if driver is not None:
                    driver.resize(*self.size)
            elif kind == "ping" and rest and isinstance(rest[0], str):
                await self.ws.send_json(["pong", rest[0][:32]])

    async def _run_app(self) -> None:
        note = "Goodbye."
        try:
            note = await run_app(self, SessionInfo(self.username, BROWSER, self.peer), BROWSER)
        finally:
            self.write("\x1b[?1049l\x1b[?25h\r\n" + (self._closing_note or note) + "\r\n")
            self._open = False
            self._wake.set()
            await asyncio.sleep(0.2)  # the note reaches the page before the socket closes
            with contextlib.suppress(Exception):
                await self.ws.close()

    def close(self, note: str | None = None) -> None:
        """End the session, telling the player ``note``."""
        if note is not None and self._closing_note is None:
            self._closing_note = note
        if self._app is not None and self.running:
            self._app.exit()
        elif not self.running:
            self.server.sessions.discard(self)


def _keyless(owner: str | None) -> Verdict:
    return ADMIT if owner is None else Verdict(False, "name owned by a key")


def _int(value: object) -> int:
    try:
        return int(str(value))
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
<div class="ended">Session ended: reload the page to play again.</div>
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

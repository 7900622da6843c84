"""What a TCP connection meets before a door's protocol (asyncssh, aiohttp) sees it.

Both doors listen through :class:`GatedProtocol`, which costs one small object per accepted
socket and decides before anything else is built:

* **admission** (:class:`Admission`): each source address has a cap on its open connections and
  a rate of new ones (a token bucket), and the door a cap in all. A connection over a limit is
  dropped at once: no SSH key exchange, no HTTP parser, and one log line per source and ten
  seconds (:func:`tulipgames.net.audit.refused`). A flood from one address costs the server
  an accept and a close per socket, so a newcomer from another address and the players already
  in go on (the figures are in ``docs/security.md``);
* **the real address** behind a reverse proxy (``--behind-proxy ADDRESS``): a connection from
  the proxy's address starts with a PROXY protocol v1 line (HAProxy's ``send-proxy``, nginx's
  ``proxy_protocol on``) naming the client; the door then sees the client's address as its peer,
  so the per-address limits, the password throttle and the log see players, not the proxy. The
  web door reads the proxy's ``X-Forwarded-For`` instead (:func:`forwarded_address`).
"""

from __future__ import annotations

import asyncio
import ipaddress
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from tulipgames.net import audit

#: The longest PROXY protocol v1 line (the specification's 107 bytes, CRLF included).
PROXY_LINE = 107
#: Seconds a proxy's connection has to send its PROXY line.
PROXY_TIMEOUT = 10.0


def parse_proxy_line(line: bytes) -> tuple[str, int] | None:
    """The client's (address, port) from a PROXY protocol v1 line without its CRLF; ``None``
    for ``PROXY UNKNOWN`` (the proxy's own health check: the connection keeps the proxy's
    address). Anything else raises ``ValueError``."""
    parts = line.decode("ascii").split(" ")
    if parts[:1] != ["PROXY"] or len(parts) < 2:
        raise ValueError("not a PROXY line")
    if parts[1] == "UNKNOWN":
        return None
    if parts[1] not in ("TCP4", "TCP6") or len(parts) != 6:
        raise ValueError("bad PROXY line")
    source = ipaddress.ip_address(parts[2])
    ipaddress.ip_address(parts[3])
    if source.version != (4 if parts[1] == "TCP4" else 6):
        raise ValueError("PROXY address of the wrong family")
    port = int(parts[4])
    if not 0 <= port <= 65535 or not 0 <= int(parts[5]) <= 65535:
        raise ValueError("PROXY port out of range")
    return str(source), port


def forwarded_address(header: str | None) -> str | None:
    """The client address a trusted proxy put last in ``X-Forwarded-For`` (what came before it
    the client may have written itself), or ``None`` when there is none to trust."""
    if not header:
        return None
    last = header.split(",")[-1].strip()
    try:
        return str(ipaddress.ip_address(last))
    except ValueError:
        return None


@dataclass
class _Bucket:
    tokens: float
    stamp: float
    open: int = 0


@dataclass
class Admission:
    """Caps on the connections of one door: ``per_address`` open at once from one address,
    ``total`` in all (``None``: no cap), and new ones from an address at ``rate`` a second after
    a ``burst``. Addresses in ``exempt`` (a trusted proxy's) are only counted in the total: the
    door applies the per-address limits to the real client address behind it."""

    door: str
    per_address: int
    total: int | None = None
    rate: float = 32.0
    burst: int = 64
    exempt: frozenset[str] = frozenset()
    open: int = 0
    _buckets: dict[str, _Bucket] = field(default_factory=dict)

    def admit(self, address: str) -> str | None:
        """Count a new connection from ``address``; or why it is refused (not counted)."""
        if self.total is not None and self.open >= self.total:
            return f"{self.total} {self.door} connections open"
        now = time.monotonic()
        bucket = self._buckets.get(address)
        if bucket is None:
            if len(self._buckets) > 10_000:
                self._forget(now)
            bucket = self._buckets[address] = _Bucket(float(self.burst), now)
        if address not in self.exempt:
            bucket.tokens = min(float(self.burst), bucket.tokens + (now - bucket.stamp) * self.rate)
            bucket.stamp = now
            if bucket.open >= self.per_address:
                return f"{self.per_address} {self.door} connections open from this address"
            if bucket.tokens < 1:
                return f"more than {self.rate:g} new {self.door} connections a second"
            bucket.tokens -= 1
        bucket.open += 1
        self.open += 1
        return None

    def release(self, address: str) -> None:
        """A connection :meth:`admit` counted has closed."""
        self.open -= 1
        bucket = self._buckets.get(address)
        if bucket is not None:
            bucket.open -= 1

    def _forget(self, now: float) -> None:
        """Drop the buckets of addresses with nothing open and a full bucket again."""
        for address, bucket in list(self._buckets.items()):
            if bucket.open <= 0 and bucket.tokens + (now - bucket.stamp) * self.rate >= self.burst:
                del self._buckets[address]


class AddressTransport:
    """A transport that tells its protocol the client's address (from the PROXY line) as its
    ``peername``; everything else is the real transport's."""

    def __init__(self, transport: asyncio.Transport, peername: tuple[str, int]) -> None:
        self._transport = transport
        self._peername = peername

    def get_extra_info(self, name: str, default: Any = None) -> Any:
        if name == "peername":
            return self._peername
        return self._transport.get_extra_info(name, default)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._transport, name)


class GatedProtocol(asyncio.Protocol):
    """The protocol every accepted socket gets first: admission, the PROXY line from a
    trusted proxy, then the door's own protocol (``inner``), which gets every later callback."""

    def __init__(self, inner: Callable[[], asyncio.BaseProtocol], admission: Admission,
                 proxies: frozenset[str] = frozenset()) -> None:
        self._make_inner = inner
        self._admission = admission
        self._proxies = proxies
        self._inner: Any = None
        self._transport: asyncio.Transport | None = None
        self._counted = ""
        self._head = b""
        self._timer: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        assert isinstance(transport, asyncio.Transport)
        self._transport = transport
        peer = transport.get_extra_info("peername") or ("?", 0)
        address = str(peer[0])
        if address in self._proxies:
            # The client's address comes first: only then are its limits known.
            self._timer = asyncio.get_running_loop().call_later(PROXY_TIMEOUT, self._no_line)
            return
        self._start(address, None)

    def _start(self, address: str, peername: tuple[str, int] | None) -> None:
        transport = self._transport
        assert transport is not None
        reason = self._admission.admit(address)
        if reason is not None:
            audit.refused(address, self._admission.door, reason)
            transport.abort()
            return
        self._counted = address
        self._inner = self._make_inner()
        self._inner.connection_made(
            transport if peername is None else AddressTransport(transport, peername))

    def _no_line(self) -> None:
        if self._inner is None and self._transport is not None:
            audit.refused(str(self._transport.get_extra_info("peername", ("?",))[0]),
                          self._admission.door, "no PROXY line from the proxy")
            self._transport.abort()

    def _read_proxy_line(self, data: bytes) -> None:
        self._head += data
        end = self._head.find(b"\r\n")
        transport = self._transport
        assert transport is not None
        proxy = str(transport.get_extra_info("peername", ("?",))[0])
        if end < 0:
            if len(self._head) >= PROXY_LINE:
                audit.refused(proxy, self._admission.door, "bad PROXY line")
                transport.abort()
            return
        if self._timer is not None:
            self._timer.cancel()
        line, rest, self._head = self._head[:end], self._head[end + 2:], b""
        try:
            client = parse_proxy_line(line)
        except (ValueError, UnicodeDecodeError):
            audit.refused(proxy, self._admission.door, "bad PROXY line")
            transport.abort()
            return
        if client is None:
            self._start(proxy, None)
        else:
            self._start(client[0], client)
        if self._inner is not None and rest:
            self._inner.data_received(rest)

    # -- the rest goes to the door's protocol ----------------------------------------------
    def data_received(self, data: bytes) -> None:
        if self._inner is not None:
            self._inner.data_received(data)
        elif self._transport is not None and not self._transport.is_closing():
            self._read_proxy_line(data)

    def eof_received(self) -> bool | None:
        if self._inner is not None:
            return bool(self._inner.eof_received())
        return None

    def connection_lost(self, exc: Exception | None) -> None:
        if self._timer is not None:
            self._timer.cancel()
        if self._counted:
            self._admission.release(self._counted)
            self._counted = ""
        if self._inner is not None:
            self._inner.connection_lost(exc)
        self._transport = None

    def pause_writing(self) -> None:
        if self._inner is not None:
            self._inner.pause_writing()

    def resume_writing(self) -> None:
        if self._inner is not None:
            self._inner.resume_writing()


async def listen(
    factory: Callable[[], asyncio.BaseProtocol], host: str, port: int, admission: Admission,
    proxies: Iterable[str] = (), **kwargs: Any,
) -> asyncio.Server:
    """A TCP listener whose connections go through :class:`GatedProtocol` to ``factory``'s."""
    trusted = frozenset(proxies)
    loop = asyncio.get_running_loop()
    return await loop.create_server(
        lambda: GatedProtocol(factory, admission, trusted), host, port, **kwargs)


class GatedListener:
    """What asyncssh's ``tunnel=`` option takes: it asks for a listener with its own connection
    factory, and gets one whose sockets go through :class:`GatedProtocol` first."""

    def __init__(self, admission: Admission, proxies: Iterable[str] = ()) -> None:
        self.admission = admission
        self.proxies = frozenset(proxies)

    async def create_server(self, session_factory: Callable[[str, int], Any], listen_host: str,
                            listen_port: int) -> asyncio.Server:
        return await listen(lambda: session_factory("", 0), listen_host, listen_port,
                            self.admission, self.proxies)

    def close(self) -> None:
        """Nothing of its own to close (asyncssh closes the listener it returned)."""

    async def wait_closed(self) -> None:
        """See :meth:`close`."""


def fit_file_descriptors(needed: int) -> tuple[int, str | None]:
    """Raise this process's soft limit of open files (``RLIMIT_NOFILE``, inherited by the
    workers) toward its hard limit so that ``needed`` fit; return the limit now in force and,
    if ``needed`` still does not fit, why (the server must not start: past the limit every
    accept fails, and then every login times out, the players' included)."""
    try:
        import resource
    except ImportError:  # not a POSIX system: nothing to check
        return needed, None
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    ceiling = hard if hard != resource.RLIM_INFINITY else max(needed, soft, 65536)
    if soft != resource.RLIM_INFINITY and soft < needed:
        wanted = min(ceiling, max(needed, 4096))
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
            soft = wanted
        except (OSError, ValueError):
            pass
    if soft != resource.RLIM_INFINITY and soft < needed:
        return soft, (f"needs about {needed} open files and may open only {soft} (the hard "
                      f"limit is {hard}): lower --max-sessions, or raise the limit (ulimit -n, "
                      "LimitNOFILE= in a systemd unit)")
    return soft, None

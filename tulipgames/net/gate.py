"""Who may log in under which name, and how fast a guesser may try: the server's front door.

One registry of who owns a name serves every door (SSH and the browser's): a name is owned by
the operator's files (its own line in ``--password-file``, a ``--web-tokens`` line, a
``name="..."`` key in ``--authorized-keys``) or else by the first credential that used it, in
:class:`~tulipgames.net.identity.Identities` (an SSH key, or a browser's secret cookie on an
open server). An owned name logs in only with its owner's credential, whatever the door.

The rules, in the order a login meets them:

1. The login name must pass :func:`~tulipgames.net.identity.name_problem` exactly as sent; a
   name the rule would change is refused before any password or key is looked at.
2. A password is checked against the name's own line in ``--password-file`` (compared
   case-insensitively, so ``Alice`` needs alice's password); the ``*`` line admits only names
   that nothing owns: no line of their own, no token, no key, no browser.
3. A key must be in ``--authorized-keys`` (if given); a key line carrying ``name="..."`` logs in
   under those names only, and no other key may use them. Any other key (or, on an open
   server, every key) is bound to the first free name it logs in with and owns it from then on;
   a name with a password line, a token link or a browser owner is never free for a key.
4. A token link logs in the name its line gives.
5. On an open server a client without a key gets in only with ``--allow-keyless``, and only
   under a name nothing owns; a browser's name form (open server, loopback only) admits a
   free name, which its browser then owns through a secret cookie, or the names that
   browser's cookie owns already.

Password and token failures are slowed down by :class:`Throttle`, per address first; the
slowdown of a name under attack never holds its owner up more than a second.
"""

from __future__ import annotations

import asyncio
import hmac
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass

import asyncssh

from tulipgames.net.identity import (
    BROWSER,
    KEY,
    Identities,
    KeyRing,
    fingerprint,
    name_key,
    name_problem,
)


@dataclass(frozen=True)
class Verdict:
    """The answer to one authentication attempt; ``message`` is for the player (a banner)."""

    ok: bool
    reason: str = ""
    message: str | None = None


ADMIT = Verdict(True)


class Gate:
    """The login policy of one server (see the module docstring)."""

    def __init__(
        self,
        passwords: dict[str, str],
        keyring: KeyRing | None,
        identities: Identities,
        allow_keyless: bool = False,
        tokens: dict[str, str] | None = None,
    ) -> None:
        self.passwords = {name_key(name): secret for name, secret in passwords.items()}
        self._spellings = {name_key(name): name for name in passwords if name != "*"}
        self.keyring = keyring
        self.identities = identities
        self.allow_keyless = allow_keyless
        #: ``--web-tokens``: token -> name.
        self.tokens = dict(tokens or {})
        self._token_names = {name_key(name): name for name in self.tokens.values()}

    @property
    def open(self) -> bool:
        return self.keyring is None and not self.passwords

    def name_refusal(self, name: str) -> str | None:
        return name_problem(name)

    def canonical(self, name: str) -> str:
        """One spelling per player: a listed or key-owned name as first written, else as typed.

        So ``Alice`` and ``alice`` (the same player, since ownership ignores case) get the
        same seats and the same folder of saves.
        """
        if name_key(name) in self._spellings:
            return self._spellings[name_key(name)]
        if name_key(name) in self._token_names:
            return self._token_names[name_key(name)]
        if self.keyring is not None and name_key(name) in self.keyring.spellings:
            return self.keyring.spellings[name_key(name)]
        return self.identities.spelling(name) or name

    # -- who owns a name ------------------------------------------------------------------------
    def reserved(self, name: str) -> str | None:
        """The operator's credential that owns ``name`` (``"a password"``, ``"a token link"``,
        ``"a key"``), or ``None``: such names are never free for anyone else."""
        key = name_key(name)
        if key in self.passwords and key != "*":
            return "a password"
        if key in self._token_names:
            return "a token link"
        if self.keyring is not None and key in self.keyring.named:
            return "a key"
        return None

    def owned_by(self, name: str) -> str | None:
        """Whatever owns ``name`` (the operator's files first, then the store), or ``None``."""
        reserved = self.reserved(name)
        if reserved is not None:
            return reserved
        record = self.identities.record(name)
        if record is None:
            return None
        return "a browser player" if record.kind == BROWSER else "a key"

    # -- the doors ------------------------------------------------------------------------------
    def check_key(self, name: str, key: asyncssh.SSHKey, host: str, addr: str) -> Verdict:
        """May this (already signature-checked or merely offered) key log in as ``name``?"""
        if self.keyring is not None:
            entry = self.keyring.find(key, host, addr)
            if entry is None:
                return Verdict(False, "key not authorized")
            if entry.names:
                if name_key(name) in entry.names:
                    return ADMIT
                return Verdict(
                    False, "key bound to other names",
                    f"tulipgames: this key may log in only as {', '.join(sorted(entry.names))}.",
                )
            if name_key(name) in self.keyring.named:
                return Verdict(
                    False, "name bound to another key",
                    f"tulipgames: the name {name} belongs to another key.",
                )
        elif self.open is False:
            return Verdict(False, "keys not accepted")
        reserved = self.reserved(name)
        if reserved == "a password":
            return Verdict(
                False, "name has a password", f"tulipgames: {name} logs in with a password."
            )
        if reserved == "a token link":
            return Verdict(
                False, "name has a token link",
                f"tulipgames: {name} logs in with a personal web link, not a key.",
            )
        record = self.identities.record(name)
        if record is None or (record.kind == KEY and record.credential == fingerprint(key)):
            return ADMIT
        if record.kind == BROWSER:
            return Verdict(
                False, "name owned by a browser player",
                f"tulipgames: the name {name} belongs to a player of the web page. "
                "Pick another name: ssh otherName@...",
            )
        return Verdict(
            False, "name owned by another key",
            f"tulipgames: the name {name} already belongs to another player's key. "
            "Pick another name: ssh otherName@...",
        )

    def check_password(self, name: str, password: str) -> Verdict:
        own = self.passwords.get(name_key(name))
        expected = own if own is not None else self.passwords.get("*")
        if expected is None:
            return Verdict(False, "no password for this name")
        if own is None:
            owner = self.owned_by(name)  # the wildcard never opens an owned name
            if owner is not None:
                return Verdict(False, f"name owned by {owner}")
        if not hmac.compare_digest(expected.encode("utf-8"), password.encode("utf-8")):
            return Verdict(False, "wrong password")
        return ADMIT

    def check_token(self, token: str) -> str | None:
        """The name a ``--web-tokens`` token logs in, or ``None`` (compared in constant time)."""
        found = None
        for known, name in self.tokens.items():
            if hmac.compare_digest(known.encode(), token.encode()):
                found = name
        return found

    def check_keyless(self, name: str) -> Verdict:
        """A client with no key and no password: only on an open server that allows it."""
        if not self.open:
            return Verdict(False, "no key or password")
        if not self.allow_keyless:
            return Verdict(
                False, "keyless login not allowed",
                "tulipgames: this server knows players by their SSH key. Make one with "
                "`ssh-keygen -t ed25519` and connect again; your key then owns your name.",
            )
        owner = self.owned_by(name)
        if owner is not None:
            return Verdict(
                False, f"name owned by {owner}",
                f"tulipgames: the name {name} belongs to {owner}; log in with that or pick "
                "another name.",
            )
        return ADMIT

    def check_browser(self, name: str, credential: str) -> Verdict:
        """A browser's name form (open server): ``credential`` is the hash of its cookie
        (:func:`~tulipgames.net.identity.browser_credential`). Admits a name nothing owns
        (which the caller then binds to the browser) or one this browser owns already."""
        if not self.open:
            return Verdict(False, "no name form here")
        reserved = self.reserved(name)
        if reserved is not None:
            return Verdict(False, f"name owned by {reserved}")
        record = self.identities.record(name)
        if record is None or (record.kind == BROWSER and record.credential == credential):
            return ADMIT
        if record.kind == KEY:
            return Verdict(False, "name owned by a key")
        return Verdict(False, "name owned by another browser")


@dataclass
class _Record:
    failures: int = 0
    pending: int = 0
    last: float = 0.0
    next_ok: float = 0.0


class Throttle:
    """Growing delays for repeated failures: per address first, and gently per name.

    **Per address.** The first :attr:`FREE` failures cost nothing (typos); after that each
    attempt from the same address waits twice as long as the one before, up to :attr:`MAX`
    seconds. Attempts are queued one behind another, so opening many connections at once does
    not multiply the rate. This is what slows a guesser down.

    **Per name.** A name under attack from many addresses slows down too, but never so that its
    owner is locked out (a lockout is what an attacker wants): an address with fewer than
    :attr:`FREE` failures of its own, on any name and on this one (the owner's, typically),
    waits at most :attr:`NAME_CAP` seconds for the name, and never behind the attacker's queue;
    an address past its free failures queues behind every earlier attempt on the name, so
    spreading a guesser over addresses buys at most :attr:`FREE` quick tries per address.

    A success clears the record of its address and of that address on that name (not of the
    name: the attack on it may go on, nor of the address on other names: a guesser who also
    holds a password of its own cannot wash its record on the name it attacks by logging in);
    a record is forgotten :attr:`FORGET` seconds after its last failure.
    """

    FREE = 3
    BASE = 0.25
    MAX = 8.0
    NAME_CAP = 1.0
    FORGET = 600.0
    LIMIT = 10_000

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self._records: dict[str, _Record] = {}

    def gap(self, failures: int) -> float:
        """The wait after the ``failures``-th failure before the next attempt."""
        if failures < self.FREE:
            return 0.0
        return min(self.MAX, self.BASE * 2 ** (failures - self.FREE))

    def _record(self, key: str, now: float) -> _Record:
        record = self._records.get(key)
        if record is not None and not record.pending and now - record.last > self.FORGET:
            record = None
        if record is None:
            if len(self._records) >= self.LIMIT:
                self._prune(now)
            record = self._records[key] = _Record()
        return record

    def _prune(self, now: float) -> None:
        for key, record in list(self._records.items()):
            if not record.pending and now - record.last > min(self.FORGET, 60.0):
                del self._records[key]

    def _book(self, record: _Record, now: float) -> float:
        """Queue one attempt behind the record's earlier ones; its wait from now."""
        start = max(now, record.next_ok)
        record.pending += 1
        record.next_ok = start + self.gap(record.failures + record.pending - 1)
        return start - now

    @staticmethod
    def _keys(address: str, name: str | None) -> Iterable[str]:
        yield "addr:" + address
        if name is not None:
            yield "name:" + name_key(name)
            yield "pair:" + address + " " + name_key(name)

    async def wait(self, address: str, name: str | None = None) -> float:
        """Book an attempt (:meth:`reserve`) and wait its turn; the seconds waited. A client that
        leaves meanwhile (cancelled) gives its booking back, so its records can be forgotten."""
        wait = self.reserve(address, name)
        if wait:
            try:
                await asyncio.sleep(wait)
            except asyncio.CancelledError:
                self.done(address, name, None)
                raise
        return wait

    def reserve(self, address: str, name: str | None = None) -> float:
        """Book the next attempt from ``address`` (on ``name``); how many seconds it must wait."""
        now = self.clock()
        by_address = self._record("addr:" + address, now)
        suspect = by_address.failures >= self.FREE
        wait = self._book(by_address, now)
        if name is not None:
            pair = self._record("pair:" + address + " " + name_key(name), now)
            pair.pending += 1
            suspect = suspect or pair.failures >= self.FREE
            by_name = self._record("name:" + name_key(name), now)
            if suspect:
                wait = max(wait, self._book(by_name, now))
            else:
                by_name.pending += 1
                wait = max(wait, min(self.NAME_CAP, self.gap(by_name.failures)))
        return wait

    def done(self, address: str, name: str | None, ok: bool | None) -> None:
        """The booked attempt ended: a success clears its address, a failure counts; ``None``:
        it never happened (the client left while it waited), its place in the queue is kept."""
        now = self.clock()
        for key in self._keys(address, name):
            record = self._record(key, now)
            record.pending = max(0, record.pending - 1)
            if ok is None:
                continue
            if ok:
                if not key.startswith("name:"):
                    del self._records[key]
            else:
                record.failures += 1
                record.last = now

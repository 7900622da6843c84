"""Who may log in under which name, and how fast a guesser may try: the server's front door.

The rules, in the order a login meets them:

1. The login name must pass :func:`~tulipgames.net.identity.name_problem` exactly as sent; a
   name the rule would change is refused before any password or key is looked at.
2. A password is checked against the name's own line in ``--password-file`` (compared
   case-insensitively, so ``Alice`` needs alice's password); the ``*`` line admits only names
   that have no line of their own and that no key owns.
3. A key must be in ``--authorized-keys`` (if given); a key line carrying ``name="..."`` logs in
   under those names only, and no other key may use them. Any other key (or, on an open
   server, every key) is bound to the first free name it logs in with and owns it from then on.
4. On an open server a client without a key gets in only with ``--allow-keyless``, and only
   under a name no key owns yet.

Password failures are slowed down by :class:`Throttle`, per address and per name.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass

import asyncssh

from tulipgames.net.identity import Identities, KeyRing, fingerprint, name_key, name_problem


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
    ) -> None:
        self.passwords = {name_key(name): secret for name, secret in passwords.items()}
        self._spellings = {name_key(name): name for name in passwords if name != "*"}
        self.keyring = keyring
        self.identities = identities
        self.allow_keyless = allow_keyless

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
        if self.keyring is not None and name_key(name) in self.keyring.spellings:
            return self.keyring.spellings[name_key(name)]
        return self.identities.spelling(name) or name

    def _reserved_for_password(self, name: str) -> bool:
        return name_key(name) in self.passwords and name_key(name) != "*"

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
        if self._reserved_for_password(name):
            return Verdict(
                False, "name has a password", f"tulipgames: {name} logs in with a password."
            )
        owner = self.identities.owner(name)
        if owner is None or owner == fingerprint(key):
            return ADMIT
        return Verdict(
            False, "name owned by another key",
            f"tulipgames: the name {name} already belongs to another player's key. "
            "Pick another name: ssh otherName@...",
        )

    def check_password(self, name: str, password: str) -> Verdict:
        import hmac

        own = self.passwords.get(name_key(name))
        expected = own if own is not None else self.passwords.get("*")
        if expected is None:
            return Verdict(False, "no password for this name")
        if own is None and self.identities.owner(name) is not None:
            return Verdict(False, "name owned by a key")
        if not hmac.compare_digest(expected.encode("utf-8"), password.encode("utf-8")):
            return Verdict(False, "wrong password")
        return ADMIT

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
        if self.identities.owner(name) is not None:
            return Verdict(
                False, "name owned by a key",
                f"tulipgames: the name {name} belongs to a player's key; log in with that key "
                "or pick another name.",
            )
        return ADMIT


@dataclass
class _Record:
    failures: int = 0
    pending: int = 0
    last: float = 0.0
    next_ok: float = 0.0


class Throttle:
    """Growing delays for repeated password failures, per address and per name.

    The first :attr:`FREE` failures cost nothing (typos); after that each attempt on the same
    address or name waits twice as long as the one before, up to :attr:`MAX` seconds. Attempts
    are queued one behind another, so opening many connections at once does not multiply the
    rate. A success clears the record of its name and address; a record is forgotten
    :attr:`FORGET` seconds after its last failure.
    """

    FREE = 3
    BASE = 0.25
    MAX = 8.0
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

    def reserve(self, keys: Iterable[str]) -> float:
        """Book the next attempt for ``keys``; returns how many seconds it must wait."""
        now = self.clock()
        wait = 0.0
        for key in keys:
            record = self._record(key, now)
            start = max(now, record.next_ok)
            record.pending += 1
            record.next_ok = start + self.gap(record.failures + record.pending - 1)
            wait = max(wait, start - now)
        return wait

    def done(self, keys: Iterable[str], ok: bool) -> None:
        """The booked attempt ended: a success clears the record, a failure counts."""
        now = self.clock()
        for key in keys:
            record = self._record(key, now)
            record.pending = max(0, record.pending - 1)
            if ok:
                del self._records[key]
            else:
                record.failures += 1
                record.last = now

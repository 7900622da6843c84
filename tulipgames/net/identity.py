"""Who a login name is: the name rule, keys bound to names, and the first-key-owns-a-name store.

A player's SSH login name is used *verbatim* as their seat name, their folder of saved games and
their name on every screen. So it is checked before anything is authenticated, and a name the
rule would have to change (a trailing space, brackets, a slash, a look-alike letter) is refused
with the rule, never "cleaned": cleaning after authentication is how ``alice `` and ``{alice}``
used to log in with the guest password and be seated as ``alice``.

Names compare case-insensitively for ownership (``Alice`` cannot take ``alice``'s key-bound or
password-bound name) but are otherwise used as typed.

On a server with no ``--authorized-keys`` and no ``--password-file`` the first public key that
logs in under a name owns it from then on (:class:`Identities`, one small SQLite file in the data
directory): your SSH key is your account, no sign-up. With ``--authorized-keys`` a key line may
carry the names it may use as an option, ``name="alice"`` (repeatable); a key without that option
is bound to the first free name it logs in with, like on an open server.
"""

from __future__ import annotations

import re
import sqlite3
import threading
import time
from dataclasses import dataclass
from pathlib import Path

import asyncssh

IDENTITIES_FILE = "identities.sqlite3"
MAX_NAME = 20
#: ASCII letters and digits, ``_`` and ``-``; starts with a letter or digit. Nothing that could
#: become a path (``/``, ``.``), hide (spaces, control or zero-width characters), read as markup
#: (``[``, ``]``) or pass for another name in another script.
NAME_RULE = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]*")
RULE_TEXT = (
    f"a name is 1-{MAX_NAME} ASCII letters, digits, '_' or '-', starting with a letter or digit "
    "(no spaces, dots, brackets or other signs)"
)


def name_problem(name: str) -> str | None:
    """Why ``name`` cannot be a player name, or ``None`` when it can be used exactly as given."""
    if len(name) > MAX_NAME:
        return f"the name is {len(name)} characters long; {RULE_TEXT}"
    if NAME_RULE.fullmatch(name) is None:
        return f"{shown(name)} is not a valid name: {RULE_TEXT}"
    return None


def shown(name: str) -> str:
    """A login name safe to echo back or log: printable ASCII only, quoted, cut short."""
    safe = "".join(ch if " " <= ch <= "~" else "?" for ch in name[:40])
    return repr(safe + ("..." if len(name) > 40 else ""))


def name_key(name: str) -> str:
    """The form in which names are compared for ownership."""
    return name.casefold()


def fingerprint(key: asyncssh.SSHKey) -> str:
    return str(key.get_fingerprint("sha256"))


@dataclass(frozen=True)
class KeyEntry:
    """One line of an authorized-keys file: the key and the names it may use (empty: any free)."""

    key: asyncssh.SSHKey
    names: frozenset[str]


class KeyRing:
    """The keys of ``--authorized-keys`` and the names they carry.

    The file is in OpenSSH's ``authorized_keys`` format; besides the usual options (``from=`` is
    honoured) a line may say ``name="alice"`` (several times for several names). Such a key logs
    in only under its names, and no other key may use them.
    """

    def __init__(self, text: str) -> None:
        self.entries: list[tuple[asyncssh.SSHAuthorizedKeys, KeyEntry]] = []
        for number, raw in enumerate(text.splitlines(), 1):
            line = raw.strip()
            if not line or line.startswith("#"):
                continue
            try:
                parsed = asyncssh.import_authorized_keys(line)
            except (ValueError, asyncssh.KeyImportError) as exc:
                raise ValueError(f"line {number}: {exc}") from exc
            entry = self._entry(parsed, line, number)
            self.entries.append((parsed, entry))
        if not self.entries:
            raise ValueError("no public key in the file")
        #: Each carried name as the file writes it.
        self.spellings = {
            name_key(name): name
            for raw in text.splitlines()
            for name in re.findall(r'(?:^|,)\s*name="([^"]*)"', raw.strip())
        }

    @staticmethod
    def _entry(parsed: asyncssh.SSHAuthorizedKeys, line: str, number: int) -> KeyEntry:
        key_text = _key_part(line)
        options = line[: len(line) - len(key_text)]
        names = re.findall(r'(?:^|,)\s*name="([^"]*)"', options)
        for name in names:
            problem = name_problem(name)
            if problem:
                raise ValueError(f"line {number}: name=: {problem}")
        return KeyEntry(asyncssh.import_public_key(key_text), frozenset(map(name_key, names)))

    @classmethod
    def read(cls, path: Path) -> KeyRing:
        return cls(path.read_text("utf-8"))

    @property
    def named(self) -> frozenset[str]:
        """Every name some key carries: reserved for those keys."""
        return frozenset(n for _, entry in self.entries for n in entry.names)

    def find(self, key: asyncssh.SSHKey, host: str, addr: str) -> KeyEntry | None:
        """The entry admitting ``key`` from ``addr`` (its ``from=`` option included)."""
        for parsed, entry in self.entries:
            if entry.key == key and parsed.validate(key, host, addr) is not None:
                return entry
        return None


def _key_part(line: str) -> str:
    """The ``type base64 [comment]`` part of an authorized-keys line (after any options)."""
    for match in re.finditer(r"(?:^|\s)(?=\S)", line):
        candidate = line[match.end():]
        try:
            asyncssh.import_public_key(candidate)
        except (ValueError, asyncssh.KeyImportError):
            continue
        return candidate
    raise ValueError("no public key found")


class Identities:
    """Which key owns which name, persisted in ``identities.sqlite3``.

    One row per name; the key is stored as its SHA256 fingerprint. Binding is first come,
    first served and permanent (an operator frees a name by deleting its row).
    """

    def __init__(self, path: Path) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        self.path = path
        self._db = sqlite3.connect(path, check_same_thread=False, isolation_level=None)
        self._lock = threading.Lock()
        self._db.execute(
            "CREATE TABLE IF NOT EXISTS owners ("
            " name_key TEXT PRIMARY KEY, name TEXT NOT NULL,"
            " fingerprint TEXT NOT NULL, since REAL NOT NULL)"
        )

    def owner(self, name: str) -> str | None:
        """The fingerprint of the key that owns ``name``, if any."""
        with self._lock:
            row = self._db.execute(
                "SELECT fingerprint FROM owners WHERE name_key = ?", (name_key(name),)
            ).fetchone()
        return None if row is None else str(row[0])

    def spelling(self, name: str) -> str | None:
        """The name as its owner first wrote it (``Alice`` for a login as ``alice``), if owned."""
        with self._lock:
            row = self._db.execute(
                "SELECT name FROM owners WHERE name_key = ?", (name_key(name),)
            ).fetchone()
        return None if row is None else str(row[0])

    def bind(self, name: str, key_fingerprint: str) -> bool:
        """Give ``name`` to the key if nobody owns it; True if the key owns it now."""
        with self._lock:
            self._db.execute(
                "INSERT OR IGNORE INTO owners VALUES (?, ?, ?, ?)",
                (name_key(name), name, key_fingerprint, time.time()),
            )
            row = self._db.execute(
                "SELECT fingerprint FROM owners WHERE name_key = ?", (name_key(name),)
            ).fetchone()
        return row is not None and row[0] == key_fingerprint

    def close(self) -> None:
        self._db.close()

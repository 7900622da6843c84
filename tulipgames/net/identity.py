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
is bound to the first free name it logs in with, like on an open server. On an open server's web
page a browser owns the names it took the same way, through a secret cookie whose hash is kept
in the same store, so one registry answers for every door (see :mod:`tulipgames.net.gate`).
"""

from __future__ import annotations

import hashlib
import re
import sqlite3
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import asyncssh

from tulipgames.i18n import _

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
        return _("the name is {length} characters long; {rule}").format(length=len(name),
                                                                         rule=rule_text())
    if NAME_RULE.fullmatch(name) is None:
        return _("{name} is not a valid name: {rule}").format(name=shown(name), rule=rule_text())
    return None


def rule_text() -> str:
    """:data:`RULE_TEXT` in the reader's language (a browser's login form)."""
    return _("a name is 1-{most} ASCII letters, digits, '_' or '-', starting with a letter or "
             "digit (no spaces, dots, brackets or other signs)").format(most=MAX_NAME)


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


#: The kinds of credential that can own a name in :class:`Identities` (the store); passwords,
#: token links and ``name=`` keys own theirs through the operator's files instead.
KEY, BROWSER = "key", "browser"


def browser_credential(secret: str) -> str:
    """What the store keeps of a browser's secret (its cookie): a hash, never the secret."""
    return "browser:" + hashlib.sha256(secret.encode("utf-8")).hexdigest()


@dataclass(frozen=True)
class Owner:
    """Who owns a name in the store: the kind of credential and its fingerprint or hash."""

    kind: str
    credential: str


class Identities:
    """Which credential owns which name, persisted in ``identities.sqlite3``.

    One row per name: the kind of credential (``key``: an SSH key, stored as its SHA256
    fingerprint; ``browser``: a browser's secret cookie on an open server's web door, stored as
    a SHA-256 hash, never the cookie itself). Binding is first come, first served and permanent,
    whatever the door (an operator frees a name by deleting its row), so a name a browser player
    took cannot be taken by an SSH key, nor a key's name by a browser.

    With ``database`` (``serve --database``, a ``postgresql://`` URL) the rows are the table
    ``owners`` of that database, which every node serving it shares; ``path`` is not used.
    """

    def __init__(self, path: Path, database: str | None = None) -> None:
        self.path = path
        self._pg: Any = None
        if database is not None:
            from tulipgames import store_pg
            from tulipgames.store import Store

            Store(database=database).close()  # the schema, with ``owners``, brought up to date
            self._pg = store_pg.database(database)
            return
        path.parent.mkdir(parents=True, exist_ok=True)
        # Who owns which name is the operator's business alone (SQLite's journals take the
        # file's mode).
        path.touch(mode=0o600)
        path.chmod(0o600)
        self._db = sqlite3.connect(path, check_same_thread=False, isolation_level=None)
        self._lock = threading.Lock()
        self._db.execute(
            "CREATE TABLE IF NOT EXISTS owners ("
            " name_key TEXT PRIMARY KEY, name TEXT NOT NULL,"
            " fingerprint TEXT NOT NULL, since REAL NOT NULL, kind TEXT NOT NULL DEFAULT 'key')"
        )
        columns = {row[1] for row in self._db.execute("PRAGMA table_info(owners)")}
        if "kind" not in columns:  # a store from before browsers could own names: all keys
            self._db.execute("ALTER TABLE owners ADD COLUMN kind TEXT NOT NULL DEFAULT 'key'")

    def _row(self, query: str, params: tuple[Any, ...]) -> Any:
        """The first row of a query (after any write before it, in one transaction)."""
        if self._pg is not None:
            with self._pg.transaction(None) as db:
                return db.execute(query, params).fetchone()
        with self._lock:
            return self._db.execute(query, params).fetchone()

    def record(self, name: str) -> Owner | None:
        """The credential that owns ``name``, if any."""
        row = self._row(
            "SELECT kind, fingerprint FROM owners WHERE name_key = ?", (name_key(name),)
        )
        return None if row is None else Owner(str(row[0]), str(row[1]))

    def owner(self, name: str) -> str | None:
        """The fingerprint (or browser hash) of the credential that owns ``name``, if any."""
        record = self.record(name)
        return None if record is None else record.credential

    def spelling(self, name: str) -> str | None:
        """The name as its owner first wrote it (``Alice`` for a login as ``alice``), if owned."""
        row = self._row("SELECT name FROM owners WHERE name_key = ?", (name_key(name),))
        return None if row is None else str(row[0])

    def bind(self, name: str, credential: str, kind: str = KEY) -> bool:
        """Give ``name`` to the credential if nobody owns it; True if it owns it now."""
        params = (name_key(name), name, credential, time.time(), kind)
        if self._pg is not None:  # two nodes binding one name at once: one insert wins
            row = self._row(
                "INSERT INTO owners (name_key, name, fingerprint, since, kind)"
                " VALUES (?, ?, ?, ?, ?) ON CONFLICT (name_key) DO NOTHING"
                " RETURNING fingerprint, kind", params,
            ) or self._owner_row(name)
        else:
            with self._lock:
                self._db.execute(
                    "INSERT OR IGNORE INTO owners (name_key, name, fingerprint, since, kind)"
                    " VALUES (?, ?, ?, ?, ?)", params,
                )
                row = self._db.execute(
                    "SELECT fingerprint, kind FROM owners WHERE name_key = ?", (name_key(name),)
                ).fetchone()
        return row is not None and row[0] == credential and row[1] == kind

    def _owner_row(self, name: str) -> Any:
        return self._row(
            "SELECT fingerprint, kind FROM owners WHERE name_key = ?", (name_key(name),)
        )

    def close(self) -> None:
        if self._pg is None:
            self._db.close()

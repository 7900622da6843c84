"""Turn notices: a player elsewhere in the app hears when a decision waits at one of their tables.

The lobby numbers every decision that begins (:attr:`~tulipgames.net.lobby.RemoteTable.decision`)
and tells its listeners when the decisions waiting for players change. Each session keeps a
:class:`TurnNotices`: it hands out each waiting decision once, so a player gets at most one notice
per table per decision, however often the tables change meanwhile.

A session in a worker process does not see the lobby: it learns what waits from its menu entries,
which the main process sends again whenever they change. The entry "next table waiting for you"
carries the waiting decisions in its id (:func:`next_entry`, :func:`parse_next`), so both kinds of
session tell the same notices from the same facts.
"""

from __future__ import annotations

from collections.abc import Iterable

from tulipgames.net.lobby import Waiting

#: The id of the menu entry that takes a player to the next table waiting for them; the
#: waiting decisions follow it as ``CODE.NUMBER`` separated by commas.
NEXT_ENTRY = "net:next"


def next_entry(waiting: list[Waiting]) -> tuple[str, str] | None:
    """The menu entry "next table waiting for you" (``None``: nothing waits)."""
    if not waiting:
        return None
    first = waiting[0]
    more = f"  (+{len(waiting) - 1} more)" if len(waiting) > 1 else ""
    ids = ",".join(f"{w.code}.{w.decision}" for w in waiting)
    return f"{NEXT_ENTRY}:{ids}", f"Next table waiting for you: {first.code} {first.title}{more}"


def parse_next(entry_id: str) -> list[tuple[str, int]]:
    """The ``(code, decision)`` pairs an entry of :func:`next_entry` carries (none for any
    other id or a damaged one)."""
    if not entry_id.startswith(NEXT_ENTRY + ":"):
        return []
    found = []
    for part in entry_id.removeprefix(NEXT_ENTRY + ":").split(","):
        code, _, number = part.partition(".")
        if code and number.isdigit():
            found.append((code, int(number)))
    return found


def notice_text(code: str, title: str = "") -> str:
    """The one line a notice says (plain text: the title is the catalogue's, the code ours)."""
    game = f" ({title})" if title else ""
    return f"Your turn at table {code}{game}. Menu or ctrl+p: next table waiting for you."


class TurnNotices:
    """What one session has told its player: each waiting decision once."""

    def __init__(self) -> None:
        self._told: set[tuple[str, int]] = set()

    def fresh(self, waiting: Iterable[tuple[str, int]], here: str | None = None
              ) -> list[tuple[str, int]]:
        """The waiting ``(code, decision)`` pairs not told yet, except at table ``here`` (the
        one the player is looking at: seen there, so never told later). Decisions no longer
        waiting are forgotten (their numbers never come back)."""
        now = set(waiting)
        new = sorted((pair for pair in now - self._told if pair[0] != here),
                     key=lambda pair: pair[1])
        self._told = now
        return new

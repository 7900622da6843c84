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

import base64
import json
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from tulipgames.i18n import N_, _, ngettext
from tulipgames.net.chat import clean
from tulipgames.net.lobby import Invite, Waiting

#: The id of the menu entry that takes a player to the next table waiting for them; the
#: waiting decisions follow it as ``CODE.NUMBER`` separated by commas.
NEXT_ENTRY = "net:next"


def next_entry(waiting: list[Waiting]) -> tuple[str, str] | None:
    """The menu entry "next table waiting for you" (``None``: nothing waits)."""
    if not waiting:
        return None
    first = waiting[0]
    more = "  " + ngettext("(+{n} more)", "(+{n} more)", len(waiting) - 1).format(
        n=len(waiting) - 1) if len(waiting) > 1 else ""
    ids = ",".join(f"{w.code}.{w.decision}" for w in waiting)
    return f"{NEXT_ENTRY}:{ids}", _("Next table waiting for you: {code} {title}").format(
        code=first.code, title=_(first.title)) + more


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


#: The id of a menu entry that takes a player to the table they were invited to, followed by
#: ``CODE.NUMBER`` (the invitation's number: a session in a worker tells each one once).
INVITE_ENTRY = "net:invite"
#: The end of the id of an invitation to watch (not to a seat).
WATCH_MARK = ".watch"


def invite_entry(invite: Invite) -> tuple[str, str]:
    """The menu entry of an invitation: its id, and a label that says who invites where (a
    worker's session makes its notice from the label: it never sees the lobby)."""
    what = (_("Invitation: {inviter} invites you to watch {code} {title}") if invite.watch
            else _("Invitation: {inviter} invites you to a seat at {code} {title}"))
    return (f"{INVITE_ENTRY}:{invite.code}.{invite.number}" + (WATCH_MARK if invite.watch else ""),
            what.format(inviter=invite.inviter[:20], code=invite.code, title=_(invite.title)))


def parse_invite(entry_id: str) -> tuple[str, int] | None:
    """The ``(code, number)`` of an entry of :func:`invite_entry` (``None`` for any other)."""
    if not entry_id.startswith(INVITE_ENTRY + ":"):
        return None
    code, _, number = entry_id.removeprefix(INVITE_ENTRY + ":").removesuffix(WATCH_MARK) \
        .partition(".")
    return (code, int(number)) if code.isalnum() and number.isdigit() else None


def invite_watches(entry_id: str) -> bool:
    """Whether the invitation of an entry of :func:`invite_entry` is to watch (its label is
    in its reader's language: the id says it)."""
    return entry_id.startswith(INVITE_ENTRY + ":") and entry_id.endswith(WATCH_MARK)


def notice_text(code: str, title: str = "") -> str:
    """The one line a notice says (plain text: the title is the catalogue's, the code ours)."""
    # Translators: keep ". " after the first sentence: a desktop notice takes it as its title
    first = (_("Your turn at table {code} ({title}).").format(code=code, title=_(title))
             if title else _("Your turn at table {code}.").format(code=code))
    return first + " " + _("Menu or ctrl+p: next table waiting for you.")


#: A player's choice of desktop notifications, in their own directory (off when absent).
SETTINGS_FILE = "notices.json"
#: The kinds of desktop notification, in the order the palette command cycles through them:
#: none, OSC 9 (iTerm2, WezTerm, Windows Terminal, kitty, ghostty), OSC 777 (VTE terminals
#: such as GNOME Terminal, foot, urxvt, WezTerm) and OSC 99 (kitty's own protocol, with a
#: title and a body).
DESKTOP_KINDS = ("off", "osc9", "osc777", "osc99")
DESKTOP_LABELS = {"off": N_("off"), "osc9": "OSC 9", "osc777": "OSC 777",
                  "osc99": "OSC 99 (kitty)"}


def read_settings(player_dir: Path) -> dict[str, Any]:
    """The player's notice settings (empty when unset or unreadable)."""
    try:
        data = json.loads((player_dir / SETTINGS_FILE).read_text("utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def write_settings(player_dir: Path, **changes: Any) -> None:
    """Change some of the player's notice settings, keeping the others (a key set to ``None``
    is removed). The file is the player's own: it holds their e-mail address and webhook, so
    it is written readable by the server's account only."""
    data = read_settings(player_dir)
    for key, value in changes.items():
        if value is None:
            data.pop(key, None)
        else:
            data[key] = value
    player_dir.mkdir(parents=True, exist_ok=True)
    path = player_dir / SETTINGS_FILE
    path.write_text(json.dumps(data), "utf-8")
    path.chmod(0o600)


def desktop_kind(player_dir: Path) -> str:
    """The player's desktop notification kind (``off`` when unset or unreadable)."""
    kind = read_settings(player_dir).get("desktop")
    return kind if kind in DESKTOP_KINDS else "off"


def set_desktop_kind(player_dir: Path, kind: str) -> None:
    """Keep the player's choice (``kind`` one of :data:`DESKTOP_KINDS`)."""
    if kind not in DESKTOP_KINDS:
        raise ValueError(f"no desktop notification kind {kind!r}")
    write_settings(player_dir, desktop=kind)


def desktop_sequence(kind: str, title: str, body: str) -> str:
    """The escape sequence asking the client's terminal for a desktop notification ("" for
    ``off``). Title and body are cleaned of control characters (a BEL or ESC would end the
    sequence early and let the rest be read as terminal commands); ``;`` separates OSC 777's
    fields, so it becomes ``,`` there. OSC 99 sends the title, then the body, each base64
    (``e=1``: nothing in the text can end or change the sequence), as chunks of one
    notification (``i=``) that the body's ``d=1`` completes; kitty ends it with ST."""
    title, body = clean(title), clean(body)
    if kind == "osc99":
        def encoded(text: str) -> str:
            return base64.b64encode(text.encode("utf-8")).decode("ascii")

        return (f"\x1b]99;i=tulipgames:d=0:e=1;{encoded(title)}\x1b\\"
                f"\x1b]99;i=tulipgames:d=1:e=1:p=body;{encoded(body)}\x1b\\")
    if kind == "osc9":
        return f"\x1b]9;{body}\x07"
    if kind == "osc777":
        title, body = title.replace(";", ","), body.replace(";", ",")
        return f"\x1b]777;notify;{title};{body}\x07"
    return ""


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

"""Chat at a shared table: players and watchers, a few quick phrases, kept with the table.

A line is plain text by construction: :func:`clean` removes every control and format character
(escape sequences, bidi overrides, newlines), and screens show it as :class:`rich.text.Text`,
never as markup, so ``[b]`` or ``[@click=app.quit]`` stays what was typed. A line has at most
:data:`MAX_LENGTH` characters; each session may send :data:`RATE_LINES` lines per
:data:`RATE_SECONDS` (:class:`RateLimit`). A table keeps its last :data:`KEEP` lines with its
save (through :attr:`TableChat.saved_hook`), so a restart keeps them. The operator log records
what was said only when the operator asked for it (``serve --log-chat``, off by default), as
a ``event=chat`` line whose text is quoted and escaped like every logged value.
"""

from __future__ import annotations

import time
import unicodedata
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from tulipgames.i18n import N_, Say, _

#: The longest line a player may send (longer is cut).
MAX_LENGTH = 200
#: Lines one session may send within RATE_SECONDS.
RATE_LINES, RATE_SECONDS = 5, 10.0
#: Lines a table keeps (with its save).
KEEP = 100
#: Quick phrases: typed as ``/1``, ``/2``, ``/3``. Kept in English with the line (data) and
#: shown to each reader in their language (:func:`shown`).
QUICK = (N_("good game"), N_("thinking…"), N_("your turn"))


class ChatError(ValueError):
    """A line that cannot be sent, with the reason the player reads."""


def clean(text: str) -> str:
    """``text`` as one line of plain text: whitespace runs (newlines, tabs) become one space,
    control and format characters (Unicode category C: escapes, bidi overrides, zero-width
    joiners' kin) go, and it is cut at :data:`MAX_LENGTH`."""
    kept = []
    for char in text:
        if char.isspace():
            kept.append(" ")
        elif not unicodedata.category(char).startswith("C"):
            kept.append(char)
    return " ".join("".join(kept).split())[:MAX_LENGTH]


def quick(text: str) -> str:
    """A quick phrase's shortcut (``/1``...) as its phrase; any other text as it is."""
    stripped = text.strip()
    if stripped.startswith("/") and stripped[1:].isdigit():
        index = int(stripped[1:]) - 1
        if 0 <= index < len(QUICK):
            return QUICK[index]
    return text


def shown(text: str) -> str:
    """A line's words as this reader reads them: a quick phrase in their language, anything
    else as it was typed."""
    return _(text) if text in QUICK else text


@dataclass(frozen=True)
class ChatLine:
    """One line said at a table: who, what, when (wall-clock seconds), and whether a watcher
    said it."""

    name: str
    text: str
    at: float
    watcher: bool = False

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "text": self.text, "at": self.at, "watcher": self.watcher}

    @classmethod
    def from_json(cls, data: Any) -> ChatLine | None:
        """A line read back from a save; ``None`` for anything unreadable (cleaned again:
        the file may have been edited)."""
        if not isinstance(data, dict):
            return None
        try:
            text = clean(str(data["text"]))
            name = clean(str(data["name"]))
            at = float(data.get("at", 0))
        except (KeyError, TypeError, ValueError):
            return None
        if not text or not name:
            return None
        return cls(name, text, at, bool(data.get("watcher", False)))


class RateLimit:
    """At most :data:`RATE_LINES` lines per :data:`RATE_SECONDS` for one session."""

    def __init__(self, lines: int = RATE_LINES, seconds: float = RATE_SECONDS,
                 now: Callable[[], float] = time.monotonic) -> None:
        self.lines, self.seconds, self.now = lines, seconds, now
        self._sent: deque[float] = deque()

    def allow(self) -> bool:
        """Whether one more line may go now (and counts it if so)."""
        moment = self.now()
        while self._sent and moment - self._sent[0] >= self.seconds:
            self._sent.popleft()
        if len(self._sent) >= self.lines:
            return False
        self._sent.append(moment)
        return True


class TableChat:
    """The chat of one table: its last :data:`KEEP` lines, and who to tell of a new one."""

    def __init__(self, lines: list[ChatLine] | None = None,
                 now: Callable[[], float] = time.time, listeners: Any = None) -> None:
        self.lines: list[ChatLine] = list(lines or [])[-KEEP:]
        self.now = now
        #: Told of each new line: the screens showing the table (the lobby's ``Listeners``,
        #: which run each screen's callback inside that screen's own app).
        self.listeners = listeners
        #: Called after each new line (the lobby keeps the chat with the table's save).
        self.saved_hook: Callable[[], None] | None = None

    def say(self, name: str, text: str, *, watcher: bool = False,
            limit: RateLimit | None = None) -> ChatLine:
        """``name`` says ``text`` (a quick phrase's shortcut becomes its phrase); raises
        :class:`ChatError` for an empty line or one over the session's rate."""
        said = clean(quick(text))
        if not said:
            raise ChatError(Say("nothing to send"))
        if limit is not None and not limit.allow():
            raise ChatError(Say("slow down: at most {lines} lines per {seconds} seconds",
                                lines=limit.lines, seconds=format(limit.seconds, "g")))
        line = ChatLine(clean(name), said, self.now(), watcher)
        self.lines.append(line)
        del self.lines[:-KEEP]
        if self.saved_hook is not None:
            self.saved_hook()
        if self.listeners is not None:
            self.listeners.publish(line)
        return line

    def to_json(self) -> list[dict[str, Any]]:
        return [line.to_json() for line in self.lines]

    @classmethod
    def from_json(cls, data: Any, now: Callable[[], float] = time.time,
                  listeners: Any = None) -> TableChat:
        rows = data if isinstance(data, list) else []
        lines = [line for line in (ChatLine.from_json(row) for row in rows) if line is not None]
        return cls(lines, now, listeners)

"""The server's structured log: a ``key=value`` line per login, refusal, disconnect, table event.

Lines look like ``2026-12-01T09:00:00Z event=login name=alice peer=127.0.0.1:50412
method=publickey key=SHA256:...``; a value with a space, quote, ``=`` or a non-printable character
is written as a JSON string, so a hostile login name can neither forge a field nor put a
terminal escape into an operator's terminal. They go to stderr, or to ``--log FILE``, which
:func:`reopen` opens again under its name (``SIGHUP``, after logrotate renamed it).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import re
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import TextIO

log = logging.getLogger("tulipgames.audit")
#: The handler :func:`configure` installed (the file one is reopened by :func:`reopen`).
_handler: logging.Handler | None = None

_PLAIN = re.compile(r"[A-Za-z0-9_.:/@+-]+")


def _value(value: object) -> str:
    text = str(value)
    if _PLAIN.fullmatch(text):
        return text
    return json.dumps(text[:200], ensure_ascii=True)


def line(event: str, **fields: object) -> str:
    """One log line for ``event`` (fields whose value is ``None`` are left out)."""
    stamp = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())
    parts = [stamp, f"event={_value(event)}"]
    parts += [f"{key}={_value(value)}" for key, value in fields.items() if value is not None]
    return " ".join(parts)


def record(event: str, **fields: object) -> None:
    """Write one structured line (see the module docstring)."""
    log.info(line(event, **fields))


#: Seconds over which the refused connections of one source make one line.
SUMMARY_SECONDS = 10.0
#: Sources followed at once; beyond, the refusals of new ones are summed under ``peer=*``.
SUMMARY_SOURCES = 1000


@dataclass
class _Refusals:
    count: int = 0
    reason: str = ""
    since: float = field(default_factory=time.monotonic)


_refusals: dict[tuple[str, str], _Refusals] = {}


def refused(address: str, door: str, reason: str) -> None:
    """A connection from ``address`` to ``door`` was refused (a cap, a rate, a bad PROXY line).

    One line per source and :data:`SUMMARY_SECONDS`, not one per socket: the first refusal of a
    source is written at once, the following ones are counted, and once the seconds are over one
    line says how many (``event=refused peer=1.2.3.4 door=ssh count=250 seconds=10``). A flood of
    sockets therefore writes a few lines a minute instead of thousands a second.
    """
    key = (address, door)
    if key not in _refusals and len(_refusals) >= SUMMARY_SOURCES:
        key = ("*", door)
    summary = _refusals.get(key)
    if summary is not None:
        summary.count += 1
        summary.reason = reason
        return
    record("refused", peer=key[0], door=door, reason=reason)
    try:
        loop = asyncio.get_running_loop()
    except RuntimeError:
        return  # no loop to sum over (a test calling in): a line each
    _refusals[key] = _Refusals()
    loop.call_later(SUMMARY_SECONDS, _summarise, key)


def _summarise(key: tuple[str, str]) -> None:
    """Write the count of a source's refusals so far; follow it for another period if there
    were any (a flood that goes on), else forget it (its next refusal is written at once)."""
    summary = _refusals.pop(key, None)
    if summary is None or not summary.count:
        return
    record("refused", peer=key[0], door=key[1], count=summary.count,
           seconds=round(time.monotonic() - summary.since), reason=summary.reason)
    with contextlib.suppress(RuntimeError):
        asyncio.get_running_loop().call_later(SUMMARY_SECONDS, _summarise, key)
        _refusals[key] = _Refusals()


def flush_refusals() -> None:
    """Write every pending count now (the server is stopping)."""
    for key in list(_refusals):
        summary = _refusals.pop(key)
        if summary.count:
            record("refused", peer=key[0], door=key[1], count=summary.count,
                   seconds=round(time.monotonic() - summary.since), reason=summary.reason)


def configure(path: Path | None, stream: TextIO | None) -> logging.Handler:
    """Send the audit lines to ``path`` (appended) or ``stream``, without any other prefix."""
    handler: logging.Handler
    if path is None:
        handler = logging.StreamHandler(stream)
    else:
        path.parent.mkdir(parents=True, exist_ok=True)
        handler = logging.FileHandler(path, encoding="utf-8")
    handler.setFormatter(logging.Formatter("%(message)s"))
    global _handler
    if _handler is not None:
        log.removeHandler(_handler)
        _handler.close()
    _handler = handler
    log.addHandler(handler)
    log.setLevel(logging.INFO)
    log.propagate = False
    return handler


def reopen() -> str | None:
    """Open the ``--log FILE`` again by its name, the way logrotate expects on ``SIGHUP``:
    after a rotation renamed it, the lines go to a new file of that name instead of the old one.
    Returns why it could not (the lines then keep going to the file already open), or ``None``.
    """
    handler = _handler
    if not isinstance(handler, logging.FileHandler):
        return None  # stderr: nothing to reopen
    try:
        fresh = handler._open()
    except OSError as exc:
        return str(exc)
    with handler.lock or contextlib.nullcontext():
        old, handler.stream = handler.stream, fresh
    if old is not None:
        with contextlib.suppress(OSError):
            old.close()
    return None

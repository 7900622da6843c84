"""The server's structured log: a ``key=value`` line per login, refusal, disconnect, table event.

Lines look like ``2026-12-01T09:00:00Z event=login name=alice peer=127.0.0.1:50412
method=publickey key=SHA256:...``; a value with a space, quote, ``=`` or a non-printable character
is written as a JSON string, so a hostile login name can neither forge a field nor put a
terminal escape into an operator's terminal. They go to stderr, or to ``--log FILE``, which
:func:`reopen` opens again under its name (``SIGHUP``, after logrotate renamed it).
"""

from __future__ import annotations

import contextlib
import json
import logging
import re
import time
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

"""What a remote terminal can do, from the little an SSH client tells us.

An SSH client sends its terminal type with the PTY request and, if configured, a few environment
variables. The server reads only ``TERM``, ``COLORTERM`` and ``LANG`` (nothing of the client's
environment ever reaches ``os.environ``: all sessions share one process). From them we pick the
colour system of that session's Textual console:

* ``COLORTERM=truecolor`` or ``24bit``: true colour;
* ``TERM=dumb`` (or no terminal type): no colour at all, the monochrome filter;
* ``TERM=linux`` / ``vt100`` / ``vt220``: the 16 standard colours;
* anything else: 256 colours. Almost every SSH client today is xterm-like and draws 256 colours
  even when it says ``TERM=xterm`` and sends no ``COLORTERM``; Textual down-converts its true-colour
  theme to the 256-colour palette, which keeps every theme legible.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from typing import IO, Any, Literal, cast

ColorSystem = Literal["truecolor", "256", "standard"]

#: Environment variables taken from an SSH client; everything else it sends is ignored.
ACCEPTED_ENV: tuple[str, ...] = ("TERM", "COLORTERM", "LANG")

_STANDARD_TERMS = ("linux", "vt100", "vt102", "vt220", "ansi", "cons25")


@dataclass(frozen=True)
class TerminalProfile:
    """The remote terminal of one session: type, colour system and language."""

    term: str
    colorterm: str = ""
    lang: str = ""
    #: ``NO_COLOR`` was set: monochrome. Only for the local ``tulipgames`` in an SSH login; the
    #: server reads nothing but ``TERM``, ``COLORTERM`` and ``LANG`` from a client.
    no_color: bool = False

    @classmethod
    def from_client(
        cls, term_type: str | None, env: Mapping[str, str], no_color: bool = False
    ) -> TerminalProfile:
        """Build a profile from the PTY's terminal type and the client's environment.

        Only :data:`ACCEPTED_ENV` is read; values are cut short and stripped of control
        characters, so a hostile client cannot smuggle escape sequences into logs or screens.
        """
        return cls(
            term=_clean(term_type or env.get("TERM", "")),
            colorterm=_clean(env.get("COLORTERM", "")),
            lang=_clean(env.get("LANG", "")),
            no_color=no_color,
        )

    @property
    def color_system(self) -> ColorSystem | None:
        """The colours the terminal shows, ``None`` for none."""
        term = self.term.lower()
        if not term or term == "dumb":
            return None
        if self.colorterm.lower() in ("truecolor", "24bit"):
            return "truecolor"
        if term in _STANDARD_TERMS:
            return "standard"
        return "256"

    @property
    def utf8(self) -> bool:
        """False only when the client says its locale is not UTF-8 (``LANG=C`` etc.)."""
        lang = self.lang.lower().replace("-", "")
        return not lang or "utf8" in lang

    def environ(self) -> dict[str, str]:
        """The environment a Rich console of this session should see."""
        env = {"TERM": self.term or "dumb"}
        if self.colorterm:
            env["COLORTERM"] = self.colorterm
        if self.lang:
            env["LANG"] = self.lang
        return env


def _clean(value: str) -> str:
    return "".join(ch for ch in value[:256] if ch.isprintable())[:64]


class _NullFile:
    """Textual renders to its driver, never to the console's file."""

    def write(self, text: str) -> int:
        return len(text)

    def flush(self) -> None:
        pass

    def isatty(self) -> bool:
        return True

    def fileno(self) -> int:
        return -1


def apply_profile(app: Any, profile: TerminalProfile) -> None:
    """Give a not-yet-running Textual app the console of the remote terminal.

    Textual builds its console from the server's own environment; a session must use the
    client's terminal instead, and no colour when it has none.
    """
    from rich.console import Console
    from textual.filter import Monochrome

    from tulipgames.tui.textual_private import app_filters, set_app_filters

    color = profile.color_system
    app.console = Console(
        color_system="256" if color is None else color,
        file=cast(IO[str], _NullFile()),
        markup=True,
        highlight=False,
        emoji=False,
        legacy_windows=False,
        _environ=profile.environ(),
        force_terminal=True,
        safe_box=False,
        soft_wrap=False,
    )
    filters = [f for f in app_filters(app) if not isinstance(f, Monochrome)]
    app.no_color = color is None or profile.no_color
    if app.no_color:
        filters.append(Monochrome())
    set_app_filters(app, filters)


def in_ssh_login(environ: Mapping[str, str]) -> bool:
    """True when this process runs inside an SSH login (``sshd`` sets these variables)."""
    return any(environ.get(name) for name in ("SSH_CONNECTION", "SSH_CLIENT", "SSH_TTY"))


def tune_for_ssh_login(app: Any, environ: Mapping[str, str] = os.environ) -> dict[str, Any]:
    """Make a local ``tulipgames`` behave inside an SSH login; returns extra ``app.run`` arguments.

    Over SSH: 256 colours unless ``COLORTERM`` promises true colour (SSH clients rarely forward
    it, and many say ``TERM=xterm`` while drawing 256 colours), ``NO_COLOR`` honoured, no
    animations and no mouse reporting (every frame and every mouse motion is a packet on a slow
    link). Outside SSH nothing changes.
    """
    if not in_ssh_login(environ):
        return {}
    profile = TerminalProfile.from_client(
        environ.get("TERM"), environ, no_color="NO_COLOR" in environ
    )
    apply_profile(app, profile)
    app.animation_level = "none"
    return {"mouse": False}

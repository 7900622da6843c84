"""Asking a plain-mode player which game they mean (the menu's rules and the shared tables'
"open a table" both ask it)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from tulipgames import games
from tulipgames.i18n import _
from tulipgames.plain.session import ask_line


class Console(Protocol):
    """The lines a plain player reads and writes (``tulipgames.plain.menu.LineConsole``)."""

    read: Callable[[], str | None]
    write: Callable[[str], None]
    echo: bool
    prompt: Callable[[str], None]


def choose_game(console: Console, answer: str) -> str | None:
    """The game named after the word ("rules <id>", "rules 5"), or asked for by number."""
    rest = answer.split(" ", 1)[1].strip().lower() if " " in answer else ""
    entries = list(games.CATALOGUE)
    while True:
        for number, info in enumerate(entries, 1):
            if rest in (str(number), info.id, info.title.lower(), _(info.title).lower()):
                return info.id
        if rest:
            console.write(_("Choose a game from 1 to {last}, or 0 for the menu.").format(
                last=len(entries)))
        else:
            console.write(_("Which game?") + " " + " ".join(
                f"{n}. {_(info.title)}." for n, info in enumerate(entries, 1)) + " "
                + _("0. back") + ".")
        got = ask_line(console.read, console.write, console.echo, console.prompt)
        if got is None or got == "0":
            return None
        rest = got.lower()

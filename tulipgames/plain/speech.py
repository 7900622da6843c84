"""Lines made ready for a speech synthesizer: the rules' board shorthand said in words.

The rules write their log and prompts for the screen, where ``YYYYY → BB ×1``, ``SR2 (T×2)`` or
``Maj 1st ◆V`` are quick to read. espeak-ng says "right arrow" and "black square" for them, or
nothing, so every line the plain mode says passes through :func:`speaker`: first the game's own
shorthand (spice letters, card codes, variety letters: its folder's ``words.py``), then what is
left of the symbols. The result holds only :data:`ALLOWED` punctuation;
``tests/plain/test_speech.py`` checks every line of every game at every seat count against it.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from tulipgames.engine.core import render_names
from tulipgames.i18n import N_, _, ngettext

#: Punctuation a synthesizer reads as a pause or a short word ("+2": plus two; "&": and).
ALLOWED = set(".,;:'!?()-&%+\" ")

Speaker = Callable[[str], str]

TIMES = {1: N_("once"), 2: N_("twice")}


def times(n: int) -> str:
    return _(TIMES[n]) if n in TIMES else ngettext("{n} time", "{n} times", n).format(n=n)


# -- symbols left after the games' own words --------------------------------------------------
#: Each pattern and what it is said as; a replacement in words is marked for the catalogue
#: (N_) and said in the reader's language. (Translators: keep the spaces and \\1, \\2.)
GENERIC = [
    # a range ("1-6", "1–5", "2 – 6"), not a negative number after another ("Ben 2 -9")
    (re.compile(r"(?<![\d–-])(\d+)(?:-| ?– ?)(\d+)(?![\d–-])"), N_(r"\1 to \2")),
    (re.compile(r"\s*[—–]\s*"), ", "),
    (re.compile(r"−"), N_("minus ")),
    (re.compile(r"\s*…\s*"), N_(" to ")),
    (re.compile(r"(>=|≥)\s*"), N_("at least ")),
    (re.compile(r"(<=|≤)\s*"), N_("at most ")),
    (re.compile(r"\s*·\s*"), ", "),
    (re.compile(r"\s*→\s*"), N_(" to ")),
    (re.compile(r"\|"), N_(" or ")),
    (re.compile(r"[◆▲●■□▪▫►◄▼★☆│─╭╮╰╯┌┐└┘├┤┬┴┼═║]"), ""),
    (re.compile(r"[*_`#]"), ""),
    (re.compile(r"(?<![\d.-])1 (point|spice|card|turn|loan|florin|acorn|choice|crystal)s\b"),
     r"1 \1"),
    # espeak-ng says "$7" as "dollar seven"
    (re.compile(r"\$1\b"), N_("1 dollar")),
    (re.compile(r"\$(\d+)"), N_(r"\1 dollars")),
    (re.compile(r"[ \t]{2,}"), " "),
]


def plain_symbols(line: str) -> str:
    """What is left of the screen's symbols, said in words or dropped."""
    line = re.sub(r"×\s*(\d+)", lambda m: times(int(m.group(1))), line)
    line = line.replace("×", _(" times "))
    for pattern, words in GENERIC:
        line = pattern.sub(_(words) if words.strip(", ") else words, line)
    indent = len(line) - len(line.lstrip(" "))
    return " " * indent + line.strip(" ")


def speaker(table: Any) -> Speaker:
    """The speech of ``table``'s game: seat names filled in, shorthand in words, symbols gone."""
    from tulipgames.plain.words import words_of

    names = list(table.names)
    own = words_of(getattr(getattr(table.game, "info", None), "id", "")).speaker
    special: Speaker = own(table) if own is not None else lambda line: line

    def speak(line: str) -> str:
        return plain_symbols(special(render_names(line, names)))

    return speak


def unspeakable(line: str) -> set[str]:
    """The characters of ``line`` outside letters (accented ones too: "Théo"), digits and
    :data:`ALLOWED`; ``{`` and ``}`` (a placeholder left unfilled) among them."""
    return {ch for ch in line if not ch.isalnum() and ch not in ALLOWED}

"""Lines made ready for a speech synthesizer: the rules' board shorthand said in words.

The rules write their log and prompts for the screen, where ``YYYYY → BB ×1``, ``SR2 (T×2)`` or
``Maj 1st ◆V`` are quick to read. espeak-ng says "right arrow" and "black square" for them, or
nothing, so every line the plain mode says passes through :func:`speaker`: first the game's own
shorthand (spice letters, card codes, variety letters), then what is left of the symbols. The
result holds only :data:`ALLOWED` punctuation; ``tests/plain/test_speech.py`` checks every line
of every game at every seat count against it.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable
from typing import Any

from tulipgames.engine.core import render_names

#: Punctuation a synthesizer reads as a pause or a short word ("+2": plus two; "&": and).
ALLOWED = set(".,;:'!?()-&%+\" ")

Speaker = Callable[[str], str]

TIMES = {1: "once", 2: "twice"}


def times(n: int) -> str:
    return TIMES.get(n, f"{n} times")


# -- symbols left after the games' own words --------------------------------------------------
GENERIC = [
    # a range ("1-6", "1–5", "2 – 6"), not a negative number after another ("Ben 2 -9")
    (re.compile(r"(?<![\d–-])(\d+)(?:-| ?– ?)(\d+)(?![\d–-])"), r"\1 to \2"),
    (re.compile(r"\s*[—–]\s*"), ", "),
    (re.compile(r"−"), "minus "),
    (re.compile(r"\s*…\s*"), " to "),
    (re.compile(r"(>=|≥)\s*"), "at least "),
    (re.compile(r"(<=|≤)\s*"), "at most "),
    (re.compile(r"\s*·\s*"), ", "),
    (re.compile(r"\s*→\s*"), " to "),
    (re.compile(r"\|"), " or "),
    (re.compile(r"[◆▲●■□▪▫►◄▼★☆│─╭╮╰╯┌┐└┘├┤┬┴┼═║]"), ""),
    (re.compile(r"[*_`#]"), ""),
    (re.compile(r"(?<![\d.-])1 (point|spice|card|turn|loan|florin|acorn|choice|crystal)s\b"),
     r"1 \1"),
    # espeak-ng says "$7" as "dollar seven"
    (re.compile(r"\$1\b"), "1 dollar"),
    (re.compile(r"\$(\d+)"), r"\1 dollars"),
    (re.compile(r"[ \t]{2,}"), " "),
]


def plain_symbols(line: str) -> str:
    """What is left of the screen's symbols, said in words or dropped."""
    line = re.sub(r"×\s*(\d+)", lambda m: times(int(m.group(1))), line)
    line = line.replace("×", " times ")
    for pattern, words in GENERIC:
        line = pattern.sub(words, line)
    indent = len(line) - len(line.lstrip(" "))
    return " " * indent + line.strip(" ")


# -- Century: Spice Road -----------------------------------------------------------------------
SPICE_RUN = re.compile(r"(?<![A-Za-z])([YRGB]+)(?![A-Za-z])")


def spice_speaker(names: dict[str, str]) -> Speaker:
    """``YYYYY → BB ×1`` → "trade 5 turmeric for 2 cinnamon, once"; ``Y→R`` → "turmeric to saffron";
    ``+YY`` → "gain 2 turmeric"."""

    def run(letters: str) -> str:
        if len(letters) == 1:
            return names[letters]
        counts = Counter(letters)
        return " and ".join(f"{n} {names[k]}" for k, n in counts.items())

    def counted(letters: str) -> str:
        return run(letters) if len(letters) > 1 else f"1 {names[letters]}"

    def speak(line: str) -> str:
        line = re.sub(r"([YRGB]+) → ([YRGB]+) ×(\d+)",
                      lambda m: f"trade {counted(m[1])} for {counted(m[2])}, "
                                f"{times(int(m[3]))}", line)
        line = re.sub(r"\b([YRGB]+) → ([YRGB]+)",
                      lambda m: f"trade {counted(m[1])} for {counted(m[2])}", line)
        line = re.sub(r"\b([YRGB])→([YRGB])\b", lambda m: f"{run(m[1])} to {run(m[2])}", line)
        line = re.sub(r"(^|[\s:(])\+([YRGB]+)\b", lambda m: f"{m[1]}gain {counted(m[2])}",
                      line)
        line = re.sub(r"\((\d+) VP\)", lambda m: f"({m[1]} points)", line)
        line = re.sub(r"claimed ([YRGB]+) ", lambda m: f"claimed the card for {run(m[1])} ", line)
        line = line.replace(" acquired trade ", " acquired the card: trade ")
        return SPICE_RUN.sub(lambda m: run(m[1]), line)

    return speak


# -- Gift of Tulips ----------------------------------------------------------------------------
def gift_speaker() -> Speaker:
    from tulipgames.games.giftoftulips.data import VARIETY_INFO

    colour = {info[1]: variety for variety, info in VARIETY_INFO.items()}
    glyphs = "".join(info[2] for info in VARIETY_INFO.values())

    def speak(line: str) -> str:
        line = re.sub(rf"[{glyphs}]([BOPV])\b", lambda m: colour[m[1]], line)
        line = re.sub(r"\bMaj (\d\w\w)\b", r"majority \1", line)
        line = re.sub(r"\(→ ([BOPV]) (\d+), (\w+)\)",
                      lambda m: f"(then {colour[m[1]]} has {m[2]}, {m[3]})", line)
        line = re.sub(r"\b([BOPV])(\d+)\b", lambda m: f"{colour[m[1]]} {m[2]}", line)
        return re.sub(r"\b([BOPV]) is\b", lambda m: f"{colour[m[1]]} is", line)

    return speak


# -- Tulip & Rose ------------------------------------------------------------------------------
CODE = r"(?<![\w-])[CIRTSHLGWV]-?\d+\b"


def tulip_speaker() -> Speaker:
    from tulipgames.games.tulipandrose.plain import card_words

    def speak(line: str) -> str:
        line = re.sub(r"\bloan ×(\d+)", lambda m: f"{m[1]} loan{'s' if m[1] != '1' else ''}",
                      line)
        line = line.replace(" | ", "; ")
        # card codes: a kind letter and a value ("T4", "W-2"), in lists of cards
        line = re.sub(rf"{CODE}(?: {CODE})+", lambda m: ", ".join(m[0].split()), line)
        return re.sub(CODE, lambda m: card_words(m[0]), line)

    return speak


# -- The Little Flower Shop ---------------------------------------------------------------------
def flower_speaker() -> Speaker:
    from tulipgames.games.flowershop.data import FILLERS, FLOWER_TYPES

    def flower(letter: str, count: str) -> str:
        n = int(count)
        if letter == "*":
            return f"{n} of any flower"
        word = FLOWER_TYPES[letter]
        return f"{n} {word}{'es' if n != 1 and word.endswith('s') else 's' if n != 1 else ''}"

    def speak(line: str) -> str:
        line = re.sub(r"\(([RTSI*])×(\d+)\)", lambda m: f"({flower(m[1], m[2])})", line)
        line = re.sub(r"\(([RTSI])(\d)·([BHF])\)",
                      lambda m: f"({flower(m[1], m[2])} with {FILLERS[m[3]]})", line)
        line = re.sub(r"\((\d+)FP \$(\d+)\)", r"(\1 points, costs $\2)", line)
        line = re.sub(r"\b(\w+) \((\w+) ×(\d+)\)",
                      lambda m: f"{m[1]} ({m[3]} {m[2]})", line)
        line = re.sub(r"\bL([1-6])\b", r"low spot \1", line)
        return re.sub(r"\bH([12])\b", r"high spot \1", line)

    return speak


def speaker(table: Any) -> Speaker:
    """The speech of ``table``'s game: seat names filled in, shorthand in words, symbols gone."""
    game_id = getattr(getattr(table.game, "info", None), "id", "")
    names = list(table.names)
    special: Speaker = lambda line: line  # noqa: E731
    if game_id == "spiceroad":
        from tulipgames.games.spiceroad.data import EDITIONS

        edition = EDITIONS.get(str(table.record.options.get("edition", "spice")),
                               EDITIONS["spice"])
        special = spice_speaker(edition.names)
    elif game_id == "giftoftulips":
        special = gift_speaker()
    elif game_id == "tulipandrose":
        special = tulip_speaker()
    elif game_id == "flowershop":
        special = flower_speaker()

    def speak(line: str) -> str:
        return plain_symbols(special(render_names(line, names)))

    return speak


def unspeakable(line: str) -> set[str]:
    """The characters of ``line`` outside letters (accented ones too: "Théo"), digits and
    :data:`ALLOWED`; ``{`` and ``}`` (a placeholder left unfilled) among them."""
    return {ch for ch in line if not ch.isalnum() and ch not in ALLOWED}

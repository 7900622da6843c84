"""A game's rules as prose for the plain mode, made from its ``rules.md``.

The rules screen shows Markdown; read aloud, a table is a string of bars and dashes and the
key list is of no use without the full-screen app. Here each paragraph or list item becomes one
line, a heading a short line ("Section: Setup."), a table row a sentence that names its column
headings ("Keep: what happens, into your own bouquet; you score, 0 if ..."), and the sections
about keys and the screen are left out. ``python -m tulipgames.plain.rules GAME`` prints them.
"""

from __future__ import annotations

import re
import sys

from tulipgames.i18n import _
from tulipgames.plain.speech import plain_symbols

#: Sections for the full-screen app only (its keys, what its screen shows).
#: (In each language the rules are read in: German, French and Dutch headings too.)
SCREEN_ONLY = re.compile(r"\b(keys?|screen|tasten|bildschirm|touches|écran|toetsen|scherm)\b",
                         re.IGNORECASE)


def inline(text: str) -> str:
    """Markdown emphasis, code and links as plain words."""
    text = re.sub(r"\[([^\]]+)\]\([^)]*\)", r"\1", text)
    text = text.replace("`*`", _("a star"))
    text = re.sub(r"\*\*|__|`", "", text)
    text = re.sub(r"(?<!\w)\*(\S[^*]*?)\*(?!\w)", r"\1", text)
    text = re.sub(r"(?<!\w)_(\S[^_]*?)_(?!\w)", r"\1", text)
    # in the rules' prose (not in notation a player types): a set of cards, an equation,
    # alternatives
    text = re.sub(r"\{([^{}]*)\}", r"(\1)", text)
    # Translators: "a = b" in the rules' prose, read aloud (keep the spaces)
    text = re.sub(r"\s*=\s*", _(" is "), text)
    # Translators: "a / b" in the rules' prose, read aloud (keep the spaces)
    text = re.sub(r"\s+/\s+", _(" or "), text)
    return plain_symbols(text).strip()


def sentence(text: str) -> str:
    text = text.strip().rstrip(",;")
    if text and text[-1] not in ".!?:":
        text += "."
    return text[:1].upper() + text[1:]


def cells(row: str) -> list[str]:
    return [inline(cell) for cell in row.strip().strip("|").split("|")]


def table_sentences(rows: list[str]) -> list[str]:
    """A Markdown table as one sentence a row: the first cell, then "heading, cell" pairs."""
    head = cells(rows[0])
    body = [cells(row) for row in rows[1:] if not re.fullmatch(r"[\s|:-]+", row)]
    out = []
    for row in body:
        first, rest = row[0], row[1:]
        pairs = []
        for heading, cell in zip(head[1:], rest, strict=False):
            if not cell:
                continue
            pairs.append(f"{heading.lower()}, {cell}" if heading else cell)
        subject = f"{head[0]} {first}" if head[0] and first and head[0][0].isupper() and \
            first[:1].isdigit() else (first or head[0])
        out.append(sentence(f"{subject}: {'; '.join(pairs)}" if pairs else subject))
    return out


def prose(markdown: str) -> list[str]:
    """The rules as lines of prose, without tables or the full-screen sections."""
    out: list[str] = []
    paragraph: list[str] = []
    table: list[str] = []
    skipping = False

    def flush() -> None:
        if paragraph:
            out.append(sentence(inline(" ".join(paragraph))))
            paragraph.clear()
        if table:
            out.extend(table_sentences(table))
            table.clear()

    for raw in markdown.splitlines():
        line = raw.strip()
        heading = re.match(r"^(#+)\s*(.*)$", line)
        if heading:
            flush()
            level, title = len(heading.group(1)), inline(heading.group(2))
            skipping = level > 1 and bool(SCREEN_ONLY.search(title))
            if not skipping:
                out.append(f"{title}." if level == 1 else
                           _("Section: {title}.").format(title=title))
            continue
        if skipping:
            continue
        if line.startswith("|"):
            if paragraph:
                flush()
            table.append(line)
            continue
        if table:
            flush()
        if not line:
            flush()
        elif re.match(r"^([-*+]|\d+\.)\s+", line):
            flush()
            paragraph.append(re.sub(r"^([-*+]|\d+\.)\s+", "", line))
        else:
            paragraph.append(line)
    flush()
    return [line for line in out if line.strip(". ")]


def main(argv: list[str]) -> int:
    from tulipgames import games

    for game_id in argv or list(games.GAME_IDS):
        print("\n".join(prose(games.get_game(game_id).rules_markdown())))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))

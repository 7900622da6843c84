"""Helpers for Pilot tests of the app: read the drawn screen, wait for bots and timers."""

from __future__ import annotations

import html
import re
from collections.abc import Callable
from typing import Any

from rich.cells import cell_len
from rich.style import Style
from textual.app import App
from textual.pilot import Pilot

# Rich's SVG export writes each run of text of one style as a <text> placed at x = column *
# char_width, clipped to its line; the clip rectangles are the terminal's width.
_TEXT = re.compile(
    r'<text [^>]*?x="([\d.]+)"[^>]*?clip-path="url\(#[^)]*-line-(\d+)\)"[^>]*>(.*?)</text>'
)
_CLIP_WIDTH = re.compile(r'<clipPath id="[^"]*-line-0">\s*<rect [^>]*?width="([\d.]+)"')


def svg_text(svg: str, columns: int, rows: int) -> str:
    """The characters drawn in a Rich/Textual SVG screenshot, as plain text lines."""
    width = _CLIP_WIDTH.search(svg)
    char_width = float(width.group(1)) / columns if width else 12.2
    grid = [[" "] * columns for _ in range(rows)]
    for x, line, content in _TEXT.findall(svg):
        row, column = int(line), round(float(x) / char_width)
        if row >= rows:
            continue
        for char in html.unescape(content).replace("\xa0", " "):
            if column >= columns:
                break
            grid[row][column] = char
            for filler in range(1, cell_len(char)):  # a wide character takes two cells
                if column + filler < columns:
                    grid[row][column + filler] = ""
            column += max(cell_len(char), 1)
    return "\n".join("".join(row).rstrip() for row in grid)


def screen_text(app: App[Any]) -> str:
    """Everything drawn on the top screen, as plain text lines (from the public SVG export,
    so it is what a player sees: clipped, scrolled and overlaid as drawn)."""
    columns, rows = app.size
    return svg_text(app.export_screenshot(simplify=True), columns, rows)


async def wait_for(pilot: Pilot[Any], condition: Callable[[], object], tries: int = 300) -> None:
    """Pause until ``condition()`` holds (bots and timers run meanwhile), then let it draw."""
    for _ in range(tries):
        if condition():
            break
        await pilot.pause(0.03)
    await pilot.pause()
    assert condition()


def row_cells(strip: Any) -> list[tuple[str, Any, Any]]:
    """A drawn screen row cell by cell: the character, its background and, but for a blank,
    the rest of its style (a blank shows no foreground colour)."""
    cells = []
    for segment in strip:
        style = segment.style
        for char in segment.text:
            cells.append((char, style.bgcolor if style else None,
                          None if char == " " or style is None else style.without_color
                          + Style(color=style.color)))
    return cells

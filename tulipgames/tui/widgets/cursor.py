"""The terminal's cursor on the highlighted choice, in every list of the app.

A braille display, and a screen reader reviewing a terminal, follow the terminal's cursor: on
a list the player moves through with the arrows, the cursor has to sit on the highlighted
choice, or the display shows the same corner of the screen whatever is highlighted. Textual
moves the terminal's cursor to ``App.cursor_position`` at the end of every frame, so the app
only has to keep that offset on the choice.

The app calls :func:`follow_choice` after the frame that follows any of these, for every
screen at once (no screen or widget needs to know): a list's highlight moving (``OptionList``:
the menu, saves, the lobby's tables, a Select's drop-down, the Flower Shop's actions;
``DataTable``: History, results), the focus moving, a key or a click (a game's own choice
widgets move their highlight without a message), a resize. Where the cursor goes is
:func:`choice_offset` of the focused widget:

* a widget may say it (a ``cursor_region()`` method giving a region of the screen);
* an ``OptionList``: the highlighted option's first line; a ``DataTable``: its cursor's cell
  or row;
* an ``Input``: where the next typed letter goes (as the ``Input`` itself puts it, but
  again once it is laid out: it is focused before its screen has a layout);
* any other widget: the first choice mark it draws (:data:`MARKS`: ``▸`` before a die,
  ``»`` around a spot, ``>`` before a card), so the games' own choice widgets are followed
  without knowing them; else the widget's top left corner (a button, a closed Select).

A game screen whose focus is on a widget without a choice (the log) is searched for a mark in
its other focusable widgets, where the game's choice is drawn; with no choice drawn at all (a
game played by keys, a wait for the others) the cursor rests on the status line, which says
what is asked.
"""

from __future__ import annotations

from typing import Any

from rich.cells import cell_len
from textual.geometry import Offset, Region
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import DataTable, Input, OptionList

from tulipgames.tui.textual_private import option_rows, table_cursor_region

#: What the games draw just before (or around) the highlighted choice.
MARKS = ("▸", "»", ">")


def option_list_region(options: OptionList) -> Region | None:
    """The highlighted option's first line on the screen, if it is in sight."""
    index = options.highlighted
    if index is None:
        return None
    rows = option_rows(options, index)
    if not rows:
        return None
    line = rows.start
    area = options.content_region
    row = area.y + line - round(options.scroll_offset.y)
    if not area or not area.y <= row < area.bottom:
        return None
    return Region(area.x, row, area.width, 1)


def data_table_region(table: DataTable[Any]) -> Region | None:
    """The cursor's cell (or row, for a row cursor) of a table, if it is in sight."""
    if table.cursor_type == "none" or not table.row_count:
        return None
    cell = table_cursor_region(table)
    if not cell:
        return None
    area = table.content_region
    header = table.header_height if table.show_header else 0
    x = area.x + cell.x - (0 if table.cursor_type == "row" else round(table.scroll_offset.x))
    row = area.y + cell.y - round(table.scroll_offset.y)
    if not area.y + header <= row < area.bottom or not area.x <= x < area.right:
        return None
    return Region(x, row, max(1, min(cell.width, area.right - x)), cell.height)


def marked_offset(widget: Widget) -> Offset | None:
    """Where the widget draws its first choice mark (:data:`MARKS`) on the screen, if any.

    A ``>`` counts only before a reversed cell (a card under the cursor), not in text; a ``»``
    only reversed (the spot under the cursor, not the legend that explains it); a ``▸`` only
    before a letter or digit (a choice's name, not a blank slot)."""
    region = widget.region
    if not region:
        return None
    try:
        strips = widget.render_lines(Region(0, 0, region.width, region.height))
    except Exception:  # a widget that cannot draw out of its frame: no mark to find
        return None
    for y, strip in enumerate(strips):
        x = 0
        segments = list(strip)
        for index, segment in enumerate(segments):
            text = segment.text
            for mark in MARKS:
                at = text.find(mark)
                if at < 0:
                    continue
                after = segments[index + 1] if index + 1 < len(segments) else None
                if mark == ">":
                    reversed_next = (at == len(text) - 1 and after is not None
                                     and after.style is not None and bool(after.style.reverse))
                    if not reversed_next:
                        continue
                elif mark == "»":
                    if segment.style is None or not segment.style.reverse:
                        continue  # a legend saying what the mark means
                else:
                    rest = text[at + 1 :] or (after.text if after is not None else "")
                    if not rest[:1].isalnum():
                        continue  # a marked blank (Sixty-One's next leaf, "▸_"): no choice
                return Offset(region.x + x + cell_len(text[:at]), region.y + y)
            x += cell_len(text)
    return None


def choice_offset(widget: Widget) -> Offset | None:
    """Where the terminal's cursor goes for the focused ``widget`` (see the module's text);
    ``None``: nothing of the widget's choice in sight, or no choice drawn."""
    if isinstance(widget, Input):
        return widget.cursor_screen_offset  # where the next letter goes, once laid out
    own = getattr(widget, "cursor_region", None)
    if callable(own):
        region = own()
        return None if region is None else region.offset
    if isinstance(widget, OptionList):
        if widget.highlighted is None:  # nothing highlighted yet: the list's first line
            return widget.content_region.offset if widget.content_region else None
        region = option_list_region(widget)
        return None if region is None else region.offset
    if isinstance(widget, DataTable):
        region = data_table_region(widget)
        return None if region is None else region.offset
    return marked_offset(widget)


def screen_offset(screen: Screen[Any]) -> Offset | None:
    """Where the cursor goes on ``screen``: on the focused widget's choice; failing that on a
    choice marked in another widget that can take the focus (a game's log may hold the focus
    while its choices are drawn beside it); failing that where the screen says (its
    ``cursor_region()``: a game's status line), or the focused widget's corner."""
    focused = screen.focused
    if focused is not None:
        spot = choice_offset(focused)
        if spot is not None:
            return spot
        if isinstance(focused, OptionList | DataTable):
            return None  # a list whose highlight is out of sight: nothing better to show
    for widget in screen.focus_chain:
        if widget is not focused and widget.region:
            spot = marked_offset(widget)
            if spot is not None:
                return spot
    own = getattr(screen, "cursor_region", None)
    region = own() if callable(own) else None
    if region:
        return region.offset
    if focused is not None and focused.content_region:
        return focused.content_region.offset
    return None


def follow_choice(app: Any) -> None:
    """Put the terminal's cursor on the highlighted choice of ``app``'s screen on top, now."""
    if not app.is_running or not app.screen_stack:
        return
    spot = screen_offset(app.screen)
    if spot is not None:
        app.cursor_position = spot

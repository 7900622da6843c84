"""Shared widgets: they render what they are given and post messages; they decide no rule."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual import events
from textual.widgets import RichLog

#: Keys that scroll the log while it has the focus; every other key leaves it.
SCROLL_KEYS = frozenset({"up", "down", "pageup", "pagedown", "home", "end"})


#: Control characters (C0 but newline and tab, DEL, C1) drawn as visible pictures: an ESC in a
#: name from a record or a login must never reach the terminal as an escape sequence (Rich
#: passes ESC through as it is).
_CONTROLS = {
    **{code: 0x2400 + code for code in range(0x20) if chr(code) not in "\n\t"},
    0x7F: 0x2421,
    **{code: 0xFFFD for code in range(0x80, 0xA0)},
}


def printable(text: str) -> str:
    """``text`` with every control character replaced by a visible sign (ESC becomes ␛)."""
    return text.translate(_CONTROLS)


def plain(text: str, style: str = "") -> Text:
    """Text from a player, a record or the network, shown as it is: never markup, and never
    a control sequence."""
    return Text(printable(text), style=style)


def fit(text: str, width: int, style: str = "") -> Text:
    """``text`` in exactly ``width`` terminal cells: cut with an ellipsis or padded. A CJK
    character or an emoji takes two cells, a zero-width joiner none (Rich's ``cell_len``)."""
    part = Text(printable(text), style=style, no_wrap=True)
    part.truncate(width, overflow="ellipsis", pad=True)
    return part


class GameLog(RichLog):
    """The game log: one line per event as the viewer may read it, newest at the bottom.

    It takes no part in Tab focus, so it never steals the arrow keys from a game's widgets;
    :meth:`take_focus` (ctrl+l on a game screen) lets the scroll keys scroll it. Any other key
    (Tab, Esc, a game key) gives the focus back to the board, and a game key then goes on to
    the board as if the log had never had the focus. :meth:`show_lines` appends when the log
    only grew and rewrites it when it changed otherwise (after an undo). Lines are plain text:
    names in them are the players' own words, never markup.
    """

    can_focus = False

    DEFAULT_CSS = """
    GameLog {
        height: 5;
        border-top: solid $primary-darken-2;
        padding: 0 1;
        background: $surface;
        scrollbar-size-vertical: 1;
    }
    GameLog:focus { border-top: solid $accent; }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id, wrap=True, markup=False, auto_scroll=True, min_width=20)
        self._lines: list[str] = []

    def take_focus(self) -> None:
        self.can_focus = True
        self.focus()

    def on_blur(self) -> None:
        self.can_focus = False

    async def on_key(self, event: events.Key) -> None:
        if event.key in SCROLL_KEYS:
            return
        event.stop()
        event.prevent_default()
        leave = getattr(self.screen, "leave_log", None)
        if callable(leave):
            leave()
        else:
            self.can_focus = False
            self.screen.set_focus(None)
        if event.key in ("escape", "tab", "shift+tab", "ctrl+l"):
            return  # leaving the log was all these keys meant
        # the key was meant for the decision at hand: press it again, now that the board has
        # the focus (as App.simulate_key does, keeping the typed character)
        self.app.post_message(events.Key(event.key, event.character))

    def show_lines(self, lines: Sequence[str]) -> None:
        new = list(lines)
        if new[: len(self._lines)] == self._lines:
            fresh = new[len(self._lines) :]
        else:
            self.clear()
            fresh = new
        for line in fresh:
            self.write(plain(line))
        self._lines = new

"""The key footer of the game screens: one line of keys (:class:`~tulipgames.tui.keyline.KeyLine`)
that repaints only when the keys change.

Textual's footer removes and mounts all its key widgets after every ``refresh_bindings``, and a
key whose text changes width moves every key after it, which lays the whole screen out again.
:class:`KeyFooter` compares what it would show with what it shows, and a change repaints that
one row, in the frame of the change that caused it, without a layout.
"""

from __future__ import annotations

from rich.text import Text
from textual import events
from textual.screen import Screen

from tulipgames.tui.keyline import KeyLine, KeyStyles, Shown, Spans
from tulipgames.tui.widgets.common import RowPainted


class KeyFooter(RowPainted, KeyLine):
    """The screen's keys on one line, repainted only when they change."""

    def __init__(self) -> None:
        super().__init__()
        #: The keys on screen (``None``: not known yet).
        self._drawn: tuple[Shown, ...] | None = None
        #: The palette's key, drawn at the right end (``None``: none).
        self._palette: Shown | None = None
        #: The styles of the keys' parts, until the footer's styles may have changed.
        self._key_styles: KeyStyles | None = None
        #: The lines drawn, per (keys, palette key, width, styles): the keys come and go with
        #: the steps of a game, and a line drawn before is drawn again as it was.
        self._lines: dict[tuple[object, ...], tuple[Text, Spans]] = {}

    def on_mount(self, event: events.Mount) -> None:
        # at once, not after the frame: the keys change in the frame of the change
        self.screen.bindings_updated_signal.subscribe(self, self.bindings_changed, immediate=True)

    def bindings_changed(self, screen: Screen[object]) -> None:
        if not screen.app.app_focus or not self.is_attached or screen is not self.screen:
            return
        keys, palette = self.wanted()
        if keys == self._drawn and palette == self._palette:
            return
        self._drawn, self._palette = keys, palette
        self.repaint()

    def _styles(self) -> KeyStyles:
        """The footer's styles now, kept until Textual restyles the footer
        (:meth:`notify_style_update`, as a new theme does)."""
        if self._key_styles is None:
            self._key_styles = self.key_styles()
        return self._key_styles

    def notify_style_update(self) -> None:
        # restyled (a new theme): the keys are painted again in the new styles
        self._key_styles = None
        self._lines.clear()
        super().notify_style_update()

    def paint(self) -> Text:
        width = self.size.width
        styles = self._styles()
        key = (self._drawn, self._palette, width, styles)
        drawn = self._lines.get(key)
        if drawn is None:
            if len(self._lines) >= 64:
                self._lines.clear()
            drawn = self._lines[key] = self.keys_line(self._drawn or (), self._palette,
                                                      width, styles)
        line, self._spans = drawn
        # a copy: Textual may change the text it is handed (it is the footer's, not ours)
        return line.copy()

"""A Textual driver whose terminal is an SSH channel instead of the process's own tty.

Textual's Linux driver reads stdin in a thread and writes stdout in another. Here everything runs
on the server's event loop: the SSH session hands us the bytes the client typed
(:meth:`ChannelDriver.feed`) and its window-size changes (:meth:`ChannelDriver.resize`); Textual's
output goes to :class:`Terminal.write`, which the session turns into channel writes. The input is
decoded and parsed by Textual's own ``XTermParser``, one parser per session, so a client sending
garbage only ever confuses its own parser, which is then replaced.

Mouse reporting, the Kitty keyboard protocol and in-band resize are not switched on: over SSH the
window size arrives as a channel request, and mouse-motion reports only cost bandwidth.
"""

from __future__ import annotations

import asyncio
import codecs
from typing import Any, Protocol

from textual import events
from textual._xterm_parser import XTermParser
from textual.driver import Driver
from textual.geometry import Size
from textual.message import Message

#: How long a lone ESC waits for the rest of a sequence before it counts as the Escape key.
_ESCAPE_TICK = 0.12


class Terminal(Protocol):
    """The session side of a driver: where output goes and the size it started with."""

    size: tuple[int, int]

    def write(self, data: str) -> None:
        """Send text to the client (may buffer)."""

    def attach(self, driver: ChannelDriver) -> None:
        """Route the client's input and resizes to ``driver`` from now on."""


class ChannelDriver(Driver):
    """Drive one Textual app through one remote terminal (see the module docstring).

    The app is given this class as its ``driver_class``; Textual constructs it with its usual
    arguments, so the terminal is bound by :meth:`bind` (a subclass per session).
    """

    terminal: Terminal

    @classmethod
    def bind(cls, terminal: Terminal) -> type[ChannelDriver]:
        """A driver class bound to one session's terminal."""
        return type("BoundChannelDriver", (cls,), {"terminal": terminal})

    def __init__(
        self,
        app: Any,
        *,
        debug: bool = False,
        mouse: bool = True,
        size: tuple[int, int] | None = None,
    ) -> None:
        super().__init__(app, debug=False, mouse=False, size=self.terminal.size)
        self._parser = XTermParser()
        self._decode = codecs.getincrementaldecoder("utf-8")(errors="replace").decode
        self._input_open = False
        self._tick: asyncio.TimerHandle | None = None

    # -- output ---------------------------------------------------------------------------
    def write(self, data: str) -> None:
        self.terminal.write(data)

    def start_application_mode(self) -> None:
        self.terminal.attach(self)
        self.write(
            "\x1b[?1049h"  # alternate screen
            "\x1b[?25l"  # hide the cursor
            "\x1b[?2004h"  # bracketed paste, so a paste is never read as keys
            "\x1b[?7l"  # no line wrap
            "\x1b[?2026$p"  # ask for synchronized output (fewer torn frames on slow links)
        )
        self._input_open = True
        self._post_size()

    def disable_input(self) -> None:
        self._input_open = False
        if self._tick is not None:
            self._tick.cancel()

    def stop_application_mode(self) -> None:
        self.disable_input()
        self.write("\x1b[?2004l\x1b[?7h\x1b[?1049l\x1b[?25h")

    # -- nothing may reach the server's desktop or files ---------------------------------------
    def open_url(self, url: str, new_tab: bool = True) -> None:
        """A link followed in a remote session must not open a browser on the server."""

    def deliver_binary(self, binary: Any, **kwargs: Any) -> None:
        """Textual would save a "download" into the server's file system: refuse."""
        raise PermissionError("no file delivery over SSH")

    # -- input ----------------------------------------------------------------------------
    def send_message(self, message: Message) -> None:
        # Already on the app's loop: post directly instead of hopping threads.
        self._app.post_message(message)

    def feed(self, data: bytes) -> None:
        """Parse what the client typed into Textual key, paste and reply events."""
        if not self._input_open:
            return
        try:
            for message in self._parser.feed(self._decode(data)):
                self.process_message(message)
        except Exception:
            # The parser chokes only on nonsense; start over rather than let it spread.
            self._parser = XTermParser()
        if self._tick is not None:
            self._tick.cancel()
        self._tick = self._loop.call_later(_ESCAPE_TICK, self._flush_pending)

    def _flush_pending(self) -> None:
        self._tick = None
        if not self._input_open:
            return
        try:
            for message in self._parser.tick():
                self.process_message(message)
        except Exception:
            self._parser = XTermParser()

    def resize(self, width: int, height: int) -> None:
        """The client's window changed size."""
        self._size = (max(1, width), max(1, height))
        if self._input_open:
            self._post_size()

    def _post_size(self) -> None:
        size = Size(*(self._size or self.terminal.size))
        self._app.post_message(events.Resize(size, size))

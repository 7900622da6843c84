"""A Textual driver whose terminal is an SSH channel instead of the process's own tty.

Textual's Linux driver reads stdin in a thread and writes stdout in another. Here everything runs
on the server's event loop: the SSH session hands us the bytes the client typed
(:meth:`ChannelDriver.feed`) and its window-size changes (:meth:`ChannelDriver.resize`); Textual's
output goes to :class:`Terminal.write`, which the session turns into channel writes. The input is
decoded and parsed by Textual's own ``XTermParser``, one parser per session, so a client sending
garbage only ever confuses its own parser, which is then replaced.

Mouse reporting, the Kitty keyboard protocol and in-band resize are not switched on: over SSH the
window size arrives as a channel request, and mouse-motion reports only cost bandwidth.

All sessions share one event loop, so a client's input is fenced in before it can cost the others
(issue 11: 100 KB of ``x`` once kept the server busy for 34 s):

* at most :data:`INBOX_BYTES` of unparsed input are held; what arrives beyond is dropped;
* the parser takes at most :data:`SLICE` bytes per event-loop turn and :data:`PARSE_RATE` bytes
  a second (a :class:`TokenBucket`), so parsing one client's flood never runs long;
* at most :data:`EVENT_RATE` events a second (bursts of :data:`EVENT_BURST`, far above any
  typist's or key repeat's pace) reach the app: excess keys are dropped and counted. A bracketed
  paste is one event, so pasting into a field still works;
* while the app is still behind by :data:`APP_BACKLOG` messages, the keys within that pace wait
  (at most :data:`EVENT_BURST` of them, and no further input is parsed meanwhile) instead of being
  dropped: a player's Escape after a burst of noise, arriving while the app is busy with that
  noise, still counts once the app has caught up;
* window sizes are clamped to :data:`MIN_SIZE`-:data:`MAX_SIZE` and a burst of resizes is
  coalesced into one.
"""

from __future__ import annotations

import asyncio
import codecs
import time
from collections import deque
from collections.abc import Callable
from typing import Any, Protocol

from textual import events
from textual.geometry import Size
from textual.message import Message

from tulipgames.tui.textual_private import SessionDriver, input_parser, queued_messages

#: How long a lone ESC waits for the rest of a sequence before it counts as the Escape key.
_ESCAPE_TICK = 0.12
#: Unparsed input one session may hold; more is dropped.
INBOX_BYTES = 16 * 1024
#: Bytes parsed per event-loop turn, then the loop serves the others.
SLICE = 512
#: Bytes a second one session's parser may take (sustained, and the burst allowed).
PARSE_RATE, PARSE_BURST = 8 * 1024, 16 * 1024
#: Input events a second one session may pass to its app (sustained, and the burst allowed).
EVENT_RATE, EVENT_BURST = 40.0, 80
#: Input waits while the app has this many messages still to handle.
APP_BACKLOG = 32
#: How often waiting input checks whether the app has caught up.
_CATCH_UP = 0.01
#: The window sizes a session is laid out at, whatever the client claims. Below 20x5 the app
#: only shows its "terminal too small" notice anyway; laying it out narrower (down to 1x1, as a
#: hostile client may ask) used to crash the session in Rich's line wrapping.
MIN_SIZE, MAX_SIZE = (20, 5), (500, 200)
#: Resizes arriving within this many seconds are coalesced into the last one.
_RESIZE_DELAY = 0.03


def clamp_size(width: int, height: int) -> tuple[int, int]:
    """A client's window size within :data:`MIN_SIZE` and :data:`MAX_SIZE` (0 means unknown)."""
    width, height = width or 80, height or 24
    return (
        max(MIN_SIZE[0], min(MAX_SIZE[0], width)),
        max(MIN_SIZE[1], min(MAX_SIZE[1], height)),
    )


class TokenBucket:
    """``rate`` tokens a second, at most ``burst`` saved up: a bound on a sustained pace."""

    def __init__(
        self, rate: float, burst: float, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.rate, self.burst, self.clock = rate, burst, clock
        self.tokens = float(burst)
        self._stamp = clock()

    def _refill(self) -> None:
        now = self.clock()
        self.tokens = min(self.burst, self.tokens + (now - self._stamp) * self.rate)
        self._stamp = now

    def take(self, count: float = 1) -> bool:
        """Spend ``count`` tokens if there are that many."""
        self._refill()
        if self.tokens >= count:
            self.tokens -= count
            return True
        return False

    def wait(self, count: float = 1) -> float:
        """Seconds until ``count`` tokens are there (0 if they are now)."""
        self._refill()
        return max(0.0, (min(count, self.burst) - self.tokens) / self.rate)


class Terminal(Protocol):
    """The session side of a driver: where output goes and the size it started with."""

    size: tuple[int, int]

    def write(self, data: str) -> None:
        """Send text to the client (may buffer)."""

    def attach(self, driver: ChannelDriver) -> None:
        """Route the client's input and resizes to ``driver`` from now on."""


class ChannelDriver(SessionDriver):
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
        super().__init__(app, debug=False, mouse=False, size=clamp_size(*self.terminal.size))
        #: The client's window size, last told (posted to the app after a short wait).
        self._client_size: tuple[int, int] = clamp_size(*self.terminal.size)
        self._parser = input_parser()
        self._decode = codecs.getincrementaldecoder("utf-8")(errors="replace").decode
        self._input_open = False
        self._tick: asyncio.TimerHandle | None = None
        self._inbox = bytearray()
        self._drain: asyncio.Handle | None = None
        self._resizing: asyncio.TimerHandle | None = None
        #: Parsed events within the pace, waiting for the app to catch up.
        self._ready: deque[Message] = deque()
        self._pumping: asyncio.TimerHandle | None = None
        self._bytes = TokenBucket(PARSE_RATE, PARSE_BURST)
        self._events = TokenBucket(EVENT_RATE, EVENT_BURST)
        #: What the fences threw away: bytes never parsed, events never delivered.
        self.dropped_bytes = 0
        self.dropped_events = 0

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
        for handle in (self._tick, self._drain, self._resizing, self._pumping):
            if handle is not None:
                handle.cancel()
        self._tick = self._drain = self._resizing = self._pumping = None
        self._inbox.clear()
        self._ready.clear()

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
        self.app.post_message(message)

    def feed(self, data: bytes) -> None:
        """Queue what the client typed; it is parsed in slices (see the module docstring)."""
        if not self._input_open:
            return
        room = INBOX_BYTES - len(self._inbox)
        if len(data) > room:
            self.dropped_bytes += len(data) - room
            data = data[:room]
        self._inbox += data
        if self._tick is not None:
            self._tick.cancel()
            self._tick = None
        self._schedule()

    def _schedule(self) -> None:
        if self._drain is not None or not self._inbox or self._ready:
            return  # with events still waiting, :meth:`_pump` schedules the next slice
        wait = self._bytes.wait(min(SLICE, len(self._inbox)))
        if wait:
            self._drain = self.loop.call_later(wait, self._parse_slice)
        else:
            self._drain = self.loop.call_soon(self._parse_slice)

    def _parse_slice(self) -> None:
        self._drain = None
        if not self._input_open:
            return
        size = min(SLICE, len(self._inbox))
        if not self._bytes.take(size):
            self._schedule()
            return
        chunk = bytes(self._inbox[:size])
        del self._inbox[:size]
        try:
            for message in self._parser.feed(self._decode(chunk)):
                self._deliver(message)
        except Exception:
            # The parser chokes only on nonsense; start over rather than let it spread.
            self._parser = input_parser()
        self._pump()
        if self._inbox:
            self._schedule()
        else:
            self._tick = self.loop.call_later(_ESCAPE_TICK, self._flush_pending)

    def _deliver(self, message: Message) -> None:
        """Queue one parsed event for the app, unless this session is over its pace."""
        if len(self._ready) >= EVENT_BURST or not self._events.take():
            self.dropped_events += 1
            return
        self._ready.append(message)

    def _behind(self) -> bool:
        backlog = queued_messages(self.app)
        return backlog is not None and backlog >= APP_BACKLOG

    def _pump(self) -> None:
        """Hand the waiting events to the app as far as it keeps up; look again shortly."""
        if self._pumping is not None:
            self._pumping.cancel()
            self._pumping = None
        if not self._input_open:
            return
        while self._ready and not self._behind():
            self.process_message(self._ready.popleft())
        if self._ready:
            self._pumping = self.loop.call_later(_CATCH_UP, self._pump)
        else:
            self._schedule()

    def _flush_pending(self) -> None:
        self._tick = None
        if not self._input_open:
            return
        try:
            for message in self._parser.tick():
                self._deliver(message)
        except Exception:
            self._parser = input_parser()
        self._pump()

    def resize(self, width: int, height: int) -> None:
        """The client's window changed size; a burst of changes is posted as the last one."""
        self._client_size = clamp_size(width, height)
        if self._input_open and self._resizing is None:
            self._resizing = self.loop.call_later(_RESIZE_DELAY, self._post_size)

    def _post_size(self) -> None:
        self._resizing = None
        size = Size(*self._client_size)
        self.app.post_message(events.Resize(size, size))

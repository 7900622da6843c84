"""The channel driver alone: bytes in, Textual events out, and output back to the terminal."""

from __future__ import annotations

import asyncio

import pytest
from textual import events
from textual.app import App, ComposeResult
from textual.widgets import Static

from tulipgames.net.driver import (
    EVENT_BURST,
    EVENT_RATE,
    INBOX_BYTES,
    MAX_SIZE,
    MIN_SIZE,
    ChannelDriver,
    TokenBucket,
    clamp_size,
)


class FakeTerminal:
    """Stands in for an SSH session: collects output, hands out the driver."""

    def __init__(self) -> None:
        self.size = (80, 24)
        self.out: list[str] = []
        self.driver: ChannelDriver | None = None

    def write(self, data: str) -> None:
        self.out.append(data)

    def attach(self, driver: ChannelDriver) -> None:
        self.driver = driver

    def text(self) -> str:
        return "".join(self.out)


class KeyEcho(App[None]):
    def compose(self) -> ComposeResult:
        yield Static("ready", id="echo")

    def on_key(self, event: events.Key) -> None:
        self.query_one("#echo", Static).update(f"pressed {event.key}")


async def eventually(check, timeout: float = 5.0) -> None:  # type: ignore[no-untyped-def]
    for _ in range(int(timeout / 0.02)):
        if check():
            return
        await asyncio.sleep(0.02)
    raise AssertionError("condition never held")


async def test_keys_resize_garbage_and_exit() -> None:
    terminal = FakeTerminal()
    app = KeyEcho()
    app.driver_class = ChannelDriver.bind(terminal)
    task = asyncio.create_task(app.run_async(mouse=False))
    await eventually(lambda: "ready" in terminal.text())
    assert terminal.driver is not None
    assert "\x1b[?1049h" in terminal.text() and "\x1b[?1000h" not in terminal.text()  # no mouse

    terminal.driver.feed(b"\x1b[A")
    await eventually(lambda: "pressed up" in terminal.text())
    terminal.driver.feed(b"\xff\xfe\x1b[999;;;;M\x1b[<1;2;3M\x1bP")
    terminal.driver.feed(b"q")
    await eventually(lambda: "pressed q" in terminal.text())
    terminal.driver.feed(b"\x1b")  # a lone Escape arrives once nothing follows it
    await eventually(lambda: "pressed escape" in terminal.text())

    terminal.driver.resize(100, 30)
    await eventually(lambda: tuple(app.size) == (100, 30))

    terminal.driver.open_url("https://example.org")  # must not open anything on the server
    app.exit()
    await asyncio.wait_for(task, 5)
    assert terminal.text().endswith("\x1b[?2004l\x1b[?7h\x1b[?1049l\x1b[?25h")


def test_token_bucket_bounds_the_sustained_pace() -> None:
    now = [0.0]
    bucket = TokenBucket(rate=10, burst=5, clock=lambda: now[0])
    assert [bucket.take() for _ in range(7)] == [True] * 5 + [False] * 2
    assert bucket.wait() == pytest.approx(0.1)
    now[0] += 0.35  # 3.5 tokens come back
    assert [bucket.take() for _ in range(4)] == [True] * 3 + [False]
    now[0] += 100
    assert bucket.tokens <= 5 and bucket.take(5) and not bucket.take()


def test_window_sizes_are_clamped() -> None:
    assert clamp_size(10_000, 10_000) == MAX_SIZE
    assert clamp_size(1, 1) == MIN_SIZE
    assert clamp_size(65535, 1) == (MAX_SIZE[0], MIN_SIZE[1])
    assert clamp_size(0, 0) == (80, 24)  # a client that does not say
    assert clamp_size(120, 40) == (120, 40)


class KeyCount(KeyEcho):
    def __init__(self) -> None:
        super().__init__()
        self.seen: list[str] = []

    def on_key(self, event: events.Key) -> None:
        self.seen.append(event.key)


async def test_a_flood_is_bounded_and_dropped_not_queued() -> None:
    terminal = FakeTerminal()
    app = KeyCount()
    app.driver_class = ChannelDriver.bind(terminal)
    task = asyncio.create_task(app.run_async(mouse=False))
    await eventually(lambda: "ready" in terminal.text())
    driver = terminal.driver
    assert driver is not None
    seen = app.seen
    started = asyncio.get_running_loop().time()
    driver.feed(b"x" * 100_000)
    assert len(driver._inbox) <= INBOX_BYTES
    assert driver.dropped_bytes == 100_000 - INBOX_BYTES
    await eventually(lambda: not driver._inbox, timeout=10)
    await asyncio.sleep(0.2)
    spent = asyncio.get_running_loop().time() - started
    # However fast the machine, the app got at most the burst plus the pace for the time spent.
    assert 0 < len(seen) <= EVENT_BURST + EVENT_RATE * spent
    assert driver.dropped_events > 0 and len(seen) + driver.dropped_events == INBOX_BYTES
    app.exit()
    await asyncio.wait_for(task, 5)

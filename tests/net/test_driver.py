"""The channel driver alone: bytes in, Textual events out, and output back to the terminal."""

from __future__ import annotations

import asyncio

from textual import events
from textual.app import App, ComposeResult
from textual.widgets import Static

from tulipgames.net.driver import ChannelDriver


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

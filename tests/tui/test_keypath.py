"""The path every key press shares: from the key to the frame, less work on the way and the
same behaviour as Textual's own. Behaviour only: no test here reads a clock."""

from __future__ import annotations

from typing import Any

from textual import events
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.widget import Widget

from tulipgames.tui.widgets import Columns, Rows


class Leaf(Widget, can_focus=True):
    """A focusable widget that reads the ``x`` key itself and lets every other key go."""

    def __init__(self) -> None:
        super().__init__()
        self.read: list[str] = []

    def key_x(self) -> None:
        self.read.append("x")


class ReadingRows(Rows):
    """A board container that reads a key itself: it must still see keys in its queue."""

    def __init__(self, *children: Widget, id: str | None = None) -> None:
        super().__init__(*children, id=id)
        self.read: list[str] = []

    def on_key(self, event: events.Key) -> None:
        self.read.append(event.key)


class Board(App[None]):
    BINDINGS = [Binding("a", "seen('app')", "A")]

    def __init__(self, reading: bool = False) -> None:
        super().__init__()
        self.reading = reading
        self.seen: list[str] = []
        self.queued: list[str] = []

    def compose(self) -> ComposeResult:
        outer = ReadingRows if self.reading else Rows
        with outer(id="outer"), Columns(id="middle"), Rows(id="inner"):
            yield Leaf()

    def action_seen(self, where: str) -> None:
        self.seen.append(where)

    def on_mount(self) -> None:
        self.query_one(Leaf).focus()


async def test_a_key_bubbles_past_the_board_containers_to_its_binding() -> None:
    """A key the focused widget does not read goes on to the App's binding and a key it reads
    stays with it; the board containers (``Rows``/``Columns``) read no keys and pass them on
    without a turn through their own queue."""
    app = Board()
    through: list[str] = []
    async with app.run_test() as pilot:
        for container in app.query("#outer, #middle, #inner"):
            original = container._on_message

            async def spy(message: Any, _original: Any = original,
                          _id: str | None = container.id) -> None:
                if isinstance(message, events.Key):
                    through.append(str(_id))
                await _original(message)

            container._on_message = spy  # type: ignore[method-assign]
        await pilot.press("a", "x", "a")
        await pilot.pause()
        assert app.seen == ["app", "app"]
        assert app.query_one(Leaf).read == ["x"]
    assert through == []


async def test_a_board_container_that_reads_keys_still_gets_them() -> None:
    """A ``Rows`` subclass with a key handler of its own is one stop on the key's way, as in
    Textual: it sees every key bubbling up through it, and the binding still runs."""
    app = Board(reading=True)
    async with app.run_test() as pilot:
        await pilot.press("a", "x", "b")
        await pilot.pause()
        outer = app.query_one("#outer", ReadingRows)
        # as in Textual, a ``key_`` method handles a key without stopping it
        assert outer.read == ["a", "x", "b"]
        assert app.seen == ["app"]
        assert app.query_one(Leaf).read == ["x"]

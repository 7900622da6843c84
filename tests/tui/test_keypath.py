"""The path every key press shares: from the key to the frame, less work on the way and the
same behaviour as Textual's own. Behaviour only: no test here reads a clock."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual import events, on
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


class HandlerRows(Rows):
    """A board container with an ``@on`` handler for keys."""

    @on(events.Key)
    def heard(self, event: events.Key) -> None:
        pass


def test_a_board_container_with_a_key_handler_of_its_own_reads_keys() -> None:
    from tulipgames.tui.textual_private import handles_keys

    assert not handles_keys(Rows) and not handles_keys(Columns)
    assert handles_keys(ReadingRows) and handles_keys(HandlerRows)


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


async def test_a_redraw_with_the_same_status_line_leaves_it_alone() -> None:
    """The status line is updated when its text or its warning changes, never with the line
    it shows already (most redraws within a step keep it)."""
    from textual.widgets import Static

    from tests.tui.test_frames import playing

    async with playing("sixtyone", ["Ana", "Bo"]) as recorder:
        screen = recorder.pilot.app.screen
        status = screen.query_one("#status", Static)
        updates: list[str] = []
        update = status.update

        def counted(content: Any = "", **kwargs: Any) -> None:
            updates.append(str(content))
            update(content, **kwargs)

        status.update = counted  # type: ignore[method-assign]
        shown = str(status.render())
        screen.refresh_table()
        assert updates == []
        table = screen.table
        seat = table.to_act()[0]
        table.play(seat, table.turn(seat).legal[0])
        await recorder.settle()
        assert updates == [screen.status_text(screen.turn)] != [shown]
        assert str(status.render()) == updates[0]


async def _bottom_rows_across_a_theme_change() -> list[list[Any]]:
    """The bottom row of a Sixty-One screen in the dark theme, then in the light one."""
    from tests.pilot import row_cells
    from tests.tui.test_frames import playing

    async with playing("sixtyone", ["Ana", "Bo"]) as recorder:
        app = recorder.pilot.app
        assert app.theme == "tulip-dark"
        rows = [row_cells(app.screen._compositor.render_strips()[-1])]
        app.theme = "tulip-light"
        await recorder.settle()
        rows.append(row_cells(app.screen._compositor.render_strips()[-1]))
    return rows


async def test_the_footer_takes_a_new_themes_colours(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
) -> None:
    """The footer keeps the styles of its keys between paints; a new theme gives it the new
    colours, cell for cell those of Textual's own footer."""
    from textual.widgets import Footer

    from tulipgames.tui.screens import game

    ours = await _bottom_rows_across_a_theme_change()
    with monkeypatch.context() as patched:
        # the app remembers the theme chosen: the second app starts from the defaults too
        patched.setenv("TULIPGAMES_CONFIG", str(tmp_path / "theirs.json"))
        patched.setattr(game, "KeyFooter", Footer)
        theirs = await _bottom_rows_across_a_theme_change()
    assert ours == theirs
    assert ours[0] != ours[1]


class Spot(Widget, can_focus=True):
    DEFAULT_CSS = "Spot { height: 1; background: blue; } Spot:focus { background: red; }"


class Spots(App[None]):
    def compose(self) -> ComposeResult:
        with Rows(id="gone"):
            yield Spot(id="first")
        yield Spot(id="second")


async def test_the_focus_moves_from_a_hidden_widget_in_the_same_key() -> None:
    """``focus_now`` styles the widget it focuses at once; the hidden one it leaves loses its
    focus styles too, just after the frame (nothing of it is drawn in that one)."""
    from textual.color import Color

    from tulipgames.tui.widgets import focus_now

    app = Spots()
    async with app.run_test() as pilot:
        first, second = app.query_one("#first", Spot), app.query_one("#second", Spot)
        first.focus()
        await pilot.pause()
        red, blue = Color.parse("red"), Color.parse("blue")
        assert first.styles.background == red
        app.query_one("#gone").display = False
        focus_now(app.screen, second)
        assert app.screen.focused is second
        assert second.has_focus and second.styles.background == red
        assert not first.has_focus
        await pilot.pause()
        await pilot.pause()
        assert first.styles.background == blue
        assert second.styles.background == red


async def test_a_new_border_title_repaints_its_border_row_only() -> None:
    """A panel's new title repaints the top border row, a new subtitle the bottom one, the
    same title again nothing; and what is on screen then is what a repaint of the whole
    panel draws (Textual's own assignment repaints every row)."""
    from rich.text import Text
    from textual.geometry import Region

    from tulipgames.tui.widgets import PatchStatic

    class Panel(PatchStatic):
        DEFAULT_CSS = "Panel { border: round $primary; padding: 0 1; height: 6; }"

    repaints: list[tuple[Region, ...]] = []

    class Shown(App[None]):
        def compose(self) -> ComposeResult:
            yield Panel(Text("one\ntwo\nthree"))

    async with Shown().run_test(size=(30, 8)) as pilot:
        panel = pilot.app.query_one(Panel)
        refresh = panel.refresh

        def spy(*regions: Region, **kwargs: Any) -> Any:
            repaints.append(regions)
            return refresh(*regions, **kwargs)

        panel.refresh = spy  # type: ignore[method-assign]
        width, height = panel.outer_size
        top, bottom = Region(-2, -1, width, 1), Region(-2, height - 2, width, 1)
        for title, subtitle, expected in (
            ("Round 1", "", [(top,)]), ("Round 1", "", []),
            (Text("Round 2"), "", [(top,)]), (Text("Round 2"), "w: next", [(bottom,)]),
            ("Round 2", "w: next", []), (None, None, [(top,), (bottom,)]),
        ):
            repaints.clear()
            panel.border_title = title
            panel.border_subtitle = subtitle
            assert repaints == expected, (title, subtitle)
            await pilot.pause()
            whole = Region(0, 0, *panel.outer_size)
            shown = panel.render_lines(whole)
            panel._styles_cache.clear()
            assert panel.render_lines(whole) == shown, (title, subtitle)


async def test_the_log_says_how_many_of_its_rows_are_out_of_sight() -> None:
    """The log has no scrollbar: its top border, after the screen's caption, counts the rows
    above the ones in sight and, scrolled back, below them, on screen; new lines keep it
    current, and do not move a log the player is reading back through."""
    from rich.text import Text

    from tests.pilot import screen_text
    from tulipgames.tui.widgets import GameLog

    class Logged(App[None]):
        def compose(self) -> ComposeResult:
            yield GameLog()

    async with Logged().run_test(size=(40, 6)) as pilot:
        log = pilot.app.query_one(GameLog)
        log.show_lines([f"line {n}" for n in range(3)])
        await pilot.pause()
        assert log.border_title is None and log.styles.scrollbar_size_vertical == 0
        log.show_lines([f"line {n}" for n in range(12)])
        await pilot.pause()
        hidden = 12 - log.size.height
        assert f"↑ {hidden} earlier" in screen_text(pilot.app)
        log.set_caption(Text("watching: Bo"))
        log.show_lines([f"line {n}" for n in range(13)])
        await pilot.pause()
        assert f"watching: Bo  ↑ {hidden + 1} earlier" in screen_text(pilot.app)
        log.take_focus()
        await pilot.press("home")
        await pilot.pause()
        assert f"watching: Bo  ↓ {hidden + 1} later" in screen_text(pilot.app)
        await pilot.press("down")
        await pilot.pause()
        assert f"↑ 1 earlier · ↓ {hidden} later" in screen_text(pilot.app)
        # a line comes while the player reads back: the log stays where they read
        log.show_lines([f"line {n}" for n in range(14)])
        await pilot.pause()
        assert log.scroll_y == 1
        assert f"↑ 1 earlier · ↓ {hidden + 1} later" in screen_text(pilot.app)
        await pilot.press("end")  # back at the newest line, the log follows new lines again
        log.show_lines([f"line {n}" for n in range(15)])
        await pilot.pause()
        assert f"↑ {hidden + 3} earlier" in screen_text(pilot.app)
        assert "later" not in screen_text(pilot.app)


async def test_the_log_wraps_between_words_and_again_at_a_new_width() -> None:
    """The log draws its own rows: a line wider than the log wraps between words (a CJK name
    takes two cells a character, a control character shows as its picture), and a new width
    wraps every line again, still scrolled to the newest."""
    from tests.pilot import screen_text
    from tulipgames.tui.widgets import GameLog

    class Logged(App[None]):
        def compose(self) -> ComposeResult:
            yield GameLog()

    lines = [f"Round {n}: Ana keeps a Red Tulip" for n in range(1, 4)]
    lines.append("李小龍 gives Bo\x1b[2J a Yellow Tulip worth three points")
    async with Logged().run_test(size=(24, 6)) as pilot:
        log = pilot.app.query_one(GameLog)
        log.styles.height = 6
        log.show_lines(lines)
        await pilot.pause()
        narrow = screen_text(pilot.app).splitlines()
        # 22 cells inside the padding: "李小龍 gives Bo␛[2J a" is 7 + 15 cells with the space
        assert [row.strip() for row in narrow[1:6]] == [
            "Round 3: Ana keeps a", "Red Tulip", "李小龍 gives Bo␛[2J a", "Yellow Tulip worth",
            "three points"]
        assert "↑ 4 earlier" in narrow[0]  # 9 rows, 5 in sight
        await pilot.resize_terminal(60, 6)
        await pilot.pause()
        wide = [row.strip() for row in screen_text(pilot.app).splitlines()]
        assert wide[1:5] == [*lines[:3], "李小龍 gives Bo␛[2J a Yellow Tulip worth three points"]
        assert "earlier" not in wide[0]
        await pilot.resize_terminal(20, 6)
        await pilot.pause()
        narrower = [row.strip() for row in screen_text(pilot.app).splitlines()]
        assert narrower == ["─↑ 5 earlier────────", "a Red Tulip", "李小龍 gives",
                            "Bo␛[2J a Yellow", "Tulip worth three", "points"]


async def test_a_new_line_in_a_log_with_room_repaints_its_own_row_only() -> None:
    """A line added while the log has room below its rows repaints that row; once the log is
    full, a new line scrolls it, and every row shows what a repaint of the whole log draws."""
    from textual.geometry import Region

    from tulipgames.tui.widgets import GameLog

    repaints: list[tuple[Region, ...]] = []

    class Logged(App[None]):
        def compose(self) -> ComposeResult:
            yield GameLog()

    async with Logged().run_test(size=(30, 8)) as pilot:
        log = pilot.app.query_one(GameLog)
        log.styles.height = 5  # a border row and four rows of lines
        log.show_lines(["one", "two"])
        await pilot.pause()
        refresh = log.refresh

        def spy(*regions: Region, **kwargs: Any) -> Any:
            repaints.append(regions)
            return refresh(*regions, **kwargs)

        log.refresh = spy  # type: ignore[method-assign]
        log.show_lines(["one", "two", "three"])
        assert repaints == [(Region(0, 2, 28, 1),)]
        await pilot.pause()
        log.show_lines(["one", "two", "three", "four", "five", "six"])
        await pilot.pause()
        assert log.scroll_y == 2
        whole = Region(0, 0, *log.outer_size)
        shown = log.render_lines(whole)
        log._drawn.clear()
        log._styles_cache.clear()
        assert log.render_lines(whole) == shown
        assert [strip.text.strip() for strip in shown[1:]] == ["three", "four", "five", "six"]

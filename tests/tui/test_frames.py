"""What a key press sends the terminal (one frame, only the rows that changed), and what the menu
imports before it is drawn. Behaviour only: no test here reads a clock."""

from __future__ import annotations

import subprocess
import sys
import tempfile
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager
from typing import Any

import pytest
from rich.text import Text
from textual.strip import Strip
from textual.widget import Widget

from tests.pilot import row_cells
from tulipgames import bench_ui, games
from tulipgames.engine.core import SeatSpec
from tulipgames.store import Store
from tulipgames.table import Table
from tulipgames.tui.app import TulipGamesApp
from tulipgames.tui.widgets import RendersByRow

#: Each game's main keys, as the bench names them: every press of one is a single frame.
MAIN_KEYS = {
    "sixtyone": {"pick a die (Enter)", "pick the spot (Enter)", "place (y)"},
    "tulipandrose": {"raise the bid (+)", "bid (Enter)", "pass (p)", "split step (digit)",
                     "confirm the split (Enter)", "sell or keep (s/k)"},
    "giftoftulips": {"setup card (1)", "give (g)", "give to (seat number)", "keep (k)"},
    "spiceroad": {"select (p/a/c)", "play (card key)", "acquire (digit)", "pay (Enter)",
                  "trade count (digit)", "upgrade (letter)", "upgrade done (Enter)"},
    "flowershop": {"pick (digit)"},
}


@pytest.mark.parametrize("game_id", sorted(MAIN_KEYS))
async def test_every_main_key_press_is_one_frame(game_id: str) -> None:
    """The bench's own drive: every press of a main key reaches the terminal as one frame,
    however many widgets it changes (a second frame was the footer, the log's scrollbar, the
    focus or a resized panel catching up)."""
    ((seats, drive),) = [entry[1:] for entry in bench_ui.GAMES if entry[0] == game_id]
    samples = await bench_ui.measure_game(game_id, seats, drive, 1, (80, 24))
    measured = {sample.kind: sample for sample in samples}
    main = MAIN_KEYS[game_id] & measured.keys()
    assert main, f"no main key of {game_id} was pressed: {sorted(measured)}"
    for kind in main:
        frames = [press.frames for press in measured[kind].presses]
        assert frames == [1] * len(frames), (kind, frames)


@asynccontextmanager
async def playing(game_id: str, names: list[str], seed: int = 7,
                  width: int = 80) -> AsyncIterator[Any]:
    """A game at this keyboard (seat 0, the others remote) drawn by a capturing driver."""
    with tempfile.TemporaryDirectory() as data:
        store = Store(data)
        table = Table.new(games.get_game(game_id), [SeatSpec(n) for n in names], seed)
        app = TulipGamesApp(store, table=table, seats=frozenset({0}), bot_delay=0.0)
        app.driver_class = bench_ui.CapturingDriver
        try:
            async with app.run_test(headless=False, size=(width, 24)) as pilot:
                recorder = bench_ui.Recorder(pilot, game_id)
                await recorder.settle()
                yield recorder
        finally:
            store.close()


@pytest.fixture
def rendered(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """The class names of the row-rendered widgets Textual renders again, in order."""
    seen: list[str] = []
    draw = RendersByRow._draw_rows

    def spy(widget: RendersByRow, rows: list[Text] | None) -> list[Strip] | None:
        seen.append(type(widget).__name__)
        return draw(widget, rows)

    monkeypatch.setattr(RendersByRow, "_draw_rows", spy)
    yield seen


async def test_a_key_that_changes_one_panel_repaints_that_panel_only(
    rendered: list[str],
) -> None:
    """Gift of Tulips, ``g`` with several seats to give to: the turn panel lists them; the
    festival and the bouquets are not rendered again, and the frame stays small."""
    async with playing("giftoftulips", ["Ana", "Bo", "Cy"]) as recorder:
        app = recorder.pilot.app
        table = app.screen.table
        while 0 not in table.to_act() or table.turn(0).view.phase != "play":
            seat = table.to_act()[0]
            table.play(seat, table.turn(seat).legal[0])
            await recorder.settle()
        panel = app.screen.query_one("TurnPanel")
        gives = [choice for choice in table.turn(0).view.choices
                 if type(choice.action).__name__ == "Give"]
        assert len(gives) > 1, "seed 7 should offer a choice of seats"
        rendered.clear()
        press = await recorder.press("g", "give")
        assert panel.giving
        assert press.frames == 1 and press.bytes <= 2048, press
        assert "TurnPanel" in rendered
        assert "FestivalPanel" not in rendered and "BouquetsPanel" not in rendered


async def play_to_my_auction(recorder: Any, table: Any) -> None:
    """Tulip & Rose: every seat plays its first legal step until seat 0 bids in an auction."""
    for _ in range(60):
        if 0 in table.to_act() and table.turn(0).view.phase == "auction":
            return
        seat = table.to_act()[0]
        table.play(seat, table.turn(seat).legal[0])
        await recorder.settle()


async def test_a_bid_repaints_what_it_changed_and_not_the_table_line(
    rendered: list[str],
) -> None:
    """Tulip & Rose: raising the amount (``+``) renders the bidding panel alone; the day and
    round line above does not change with a bid, so no key of the auction renders it again."""
    async with playing("tulipandrose", ["Ana", "Bo", "Cy"]) as recorder:
        app = recorder.pilot.app
        table = app.screen.table
        await play_to_my_auction(recorder, table)
        assert table.turn(0).view.phase == "auction"
        rendered.clear()
        press = await recorder.press("plus", "raise")
        assert press.frames == 1
        assert set(rendered) == {"BiddingPanel"}
        rendered.clear()
        await recorder.press("enter", "bid")
        assert "TableLine" not in rendered


async def test_row_rendering_draws_what_textual_draws() -> None:
    """Rendering only the changed rows gives, row for row, what Textual's own rendering of the
    whole widget gives, after a few moves of every game."""
    for game_id, names in (("sixtyone", ["Ana", "Bo"]), ("giftoftulips", ["Ana", "Bo", "Cy"]),
                           ("tulipandrose", ["Ana", "Bo", "Cy"]),
                           ("spiceroad", ["Ana", "Bo"]), ("flowershop", ["Ana", "Bo"])):
        async with playing(game_id, names, seed=3) as recorder:
            app = recorder.pilot.app
            table = app.screen.table
            for _ in range(4):
                if table.is_over:
                    break
                seat = table.to_act()[0]
                table.play(seat, table.turn(seat).legal[-1])
                await recorder.settle()
            widgets = [w for w in app.screen.query(Widget)
                       if w.display and w.size and isinstance(w, RendersByRow)]
            assert widgets, game_id
            for widget in widgets:
                assert isinstance(widget, Widget)
                widget._set_dirty()
                ours = [widget.render_line(y) for y in range(widget.size.height)]
                Widget._render_content(widget)
                theirs = [widget.render_line(y) for y in range(widget.size.height)]
                assert ours == theirs, (game_id, type(widget).__name__)


async def test_the_flower_shop_menu_repaints_the_rows_that_changed_and_draws_them_right(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The Flower Shop's action menu is rebuilt at every step but repaints only the rows that
    look different: after each pick and each use step, what is on screen is, row for row, what
    a repaint of the whole menu draws."""
    from textual.geometry import Region

    from tulipgames.games.flowershop.widgets import ActionMenu

    partial: list[int] = []
    refresh = ActionMenu.refresh

    def spy(menu: ActionMenu, *regions: Region, **kwargs: bool) -> ActionMenu:
        if regions and not menu._rebuilding:
            partial.append(len(regions))
        return refresh(menu, *regions, **kwargs)

    monkeypatch.setattr(ActionMenu, "refresh", spy)
    async with playing("flowershop", ["Ana", "Bo"], seed=5) as recorder:
        app = recorder.pilot.app
        table = app.screen.table
        menu = app.screen.query_one(ActionMenu)
        for step in range(24):
            if table.is_over:
                break
            if 0 in table.to_act():
                turn = table.turn(0)
                picks = [a for a in turn.legal if type(a).__name__ == "Pick"]
                if picks:
                    hand = list(turn.view.hand)
                    await recorder.press(str(hand.index(picks[-1].card) + 1), "pick")
                else:
                    # the highlight moved away from the first action: the next list's
                    # highlight goes back to it, and both rows are repainted
                    menu.focus()
                    await recorder.press("down", "move")
                    table.play(0, turn.legal[step % len(turn.legal)])
            else:
                seat = table.to_act()[0]
                table.play(seat, table.turn(seat).legal[0])
            await recorder.settle()
            whole = Region(0, 0, *menu.size)
            shown = menu.render_lines(whole)
            menu._styles_cache.clear()
            menu._option_render_cache.clear()
            assert shown == menu.render_lines(whole), step
        assert partial, "the menu should have repainted only some of its rows at least once"


async def test_a_label_update_is_one_small_frame() -> None:
    samples = await bench_ui.measure_label(3, (80, 24))
    (sample,) = samples
    assert [press.frames for press in sample.presses] == [1, 1, 1]
    assert all(0 < press.bytes < 300 for press in sample.presses)


async def test_sixtyone_die_picks_send_one_frame_of_the_changed_rows() -> None:
    """Picking the area die changes the dice line, a few spots and the help line: one frame,
    under 2 KB, where the whole sheet is about 4 KB."""
    with tempfile.TemporaryDirectory() as data:
        store = Store(data)
        table = Table.new(games.get_game("sixtyone"), [SeatSpec("Ana"), SeatSpec("Bo")], 7)
        app = TulipGamesApp(store, table=table, seats=frozenset({0}), bot_delay=0.0)
        app.driver_class = bench_ui.CapturingDriver
        try:
            async with app.run_test(headless=False, size=(80, 24)) as pilot:
                recorder = bench_ui.Recorder(pilot, "sixtyone")
                await recorder.settle()
                sheet = app.screen.query_one("DiceSheet")
                assert sheet.stage == "area"  # type: ignore[attr-defined]
                picked = await recorder.press("enter", "area die")
                assert sheet.stage == "write"  # type: ignore[attr-defined]
                again = await recorder.press("enter", "write die")
                for press in (picked, again):
                    assert press.frames == 1
                    assert 0 < press.bytes <= 2048
                # Esc steps back a pick: again one frame, and the sheet is as it was
                back = await recorder.press("escape", "step back")
                assert back.frames == 1
                assert sheet.stage == "write"  # type: ignore[attr-defined]
        finally:
            store.close()


def test_a_game_still_loads_its_rules_when_opened() -> None:
    """The laziness is only of imports: the first game opened brings its rules and the store."""
    code = (
        "import sys, asyncio\n"
        "from tulipgames.tui.app import TulipGamesApp\n"
        "async def main():\n"
        "    app = TulipGamesApp(None)\n"
        "    async with app.run_test(size=(80, 24)) as pilot:\n"
        "        await pilot.pause()\n"
        "        app.show_setup('sixtyone')\n"
        "        await pilot.pause()\n"
        "    print('tulipgames.games.sixtyone.rules' in sys.modules)\n"
        "asyncio.run(main())\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=120, check=False)
    assert done.stdout.strip().splitlines()[-1:] == ["True"], done.stderr[-2000:]


def test_bench_ui_report_is_printable() -> None:
    report = {
        "keys": {"size": [80, 24], "rows": [bench_ui.Sample("bare Textual", "label update", [
            bench_ui.Press("label update", 1.5, 1.5, 1, 113)]).summary()]},
        "startup": {"runs": 1, "size": [80, 24],
                    "hello_world": {"drawn_ms": 250.0, "key_ms": 260.0, "cpu_ms": 200.0,
                                    "trouble": []},
                    "menu": {"drawn_ms": 300.0, "key_ms": 312.0, "drawn_vs_hello_world": 1.2,
                             "key_vs_hello_world": 1.2, "cpu_ms": 240.0,
                             "cpu_vs_hello_world": 1.2, "pairs": [1.2], "loaded_lazy": [],
                             "loaded_beyond_hello_world": [], "trouble": []}},
    }
    text = bench_ui.format_report(report)
    assert "label update" in text and "1.2x" in text and "none of the games' rules" in text



async def _footer_rows(game_id: str, names: list[str], width: int) -> list[list[Any]]:
    """The bottom row of a game screen after each of its first three moves."""
    rows = []
    async with playing(game_id, names, width=width) as recorder:
        app = recorder.pilot.app
        table = app.screen.table
        for _ in range(3):
            rows.append(row_cells(app.screen._compositor.render_strips()[-1]))
            seat = table.to_act()[0]
            table.play(seat, table.turn(seat).legal[0])
            await recorder.settle()
    return rows


@pytest.mark.parametrize("game_id, names", [("sixtyone", ["Ana", "Bo"]),
                                            ("tulipandrose", ["Ana", "Bo", "Cy"])])
async def test_the_key_footer_draws_what_textuals_footer_draws(
    game_id: str, names: list[str], monkeypatch: pytest.MonkeyPatch,
) -> None:
    """One line of text instead of a row of key widgets, cell for cell the same keys, styles,
    dimmed keys and command palette edge as Textual's own footer, at two widths."""
    from textual.widgets import Footer

    from tulipgames.tui.screens import game

    for width in (80, 120):
        ours = await _footer_rows(game_id, names, width)
        with monkeypatch.context() as patched:
            patched.setattr(game, "KeyFooter", Footer)
            theirs = await _footer_rows(game_id, names, width)
        assert ours == theirs, (game_id, width)
        assert any(char == "▏" for char, _, _ in ours[0])  # the palette's key is there


async def test_a_click_on_a_footer_key_presses_it() -> None:
    async with playing("sixtyone", ["Ana", "Bo"]) as recorder:
        pilot = recorder.pilot
        footer = pilot.app.screen.query_one("KeyFooter")
        line = footer.render().plain
        await pilot.click(footer, offset=(line.index("Rules"), 0))
        await recorder.settle()
        assert type(pilot.app.screen).__name__ == "RulesScreen"


@pytest.fixture
def laid_out(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """The class names of the widgets that ask the screen for a layout, in order."""
    from textual.screen import Screen

    asked: list[str] = []
    on_layout = Screen._on_layout

    async def spy(screen: Screen[Any], message: Any) -> None:
        asked.append(type(message.widget).__name__)
        await on_layout(screen, message)

    monkeypatch.setattr(Screen, "_on_layout", spy)
    yield asked


async def test_keys_that_change_the_footer_lay_nothing_out(
    laid_out: list[str], monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Sixty-One's picks change the footer's keys at every step (pick, confirm, back): the
    footer repaints its one row, and no press lays the screen out."""
    during: list[str] = []
    press = bench_ui.Recorder.press

    async def measured(recorder: bench_ui.Recorder, key: str, kind: str) -> bench_ui.Press:
        await recorder.settle()
        start = len(laid_out)
        done = await press(recorder, key, kind)
        during.extend(laid_out[start:])
        return done

    monkeypatch.setattr(bench_ui.Recorder, "press", measured)
    ((seats, drive),) = [entry[1:] for entry in bench_ui.GAMES if entry[0] == "sixtyone"]
    samples = await bench_ui.measure_game("sixtyone", seats, drive, 2, (80, 24))
    assert {sample.kind for sample in samples} >= {"pick a die (Enter)", "place (y)"}
    assert "KeyFooter" in laid_out  # mounted: the spy sees layouts
    assert during == [], during


async def test_raising_the_bid_sends_under_2_kb_and_lays_nothing_out(
    laid_out: list[str],
) -> None:
    """Tulip & Rose: every ``+`` repaints the rows of the bidding panel it changed (its long
    lines are wrapped into rows by the panel itself), also when the loan warning comes; and
    a bid that leaves the auction open keeps the panel's height."""
    async with playing("tulipandrose", ["Ana", "Bo", "Cy"]) as recorder:
        app = recorder.pilot.app
        table = app.screen.table
        await play_to_my_auction(recorder, table)
        panel = app.screen.query_one("BiddingPanel")
        laid_out.clear()
        view = table.turn(0).view
        cash = view.players[0].florins
        sizes: list[int] = []
        amounts: list[int] = []
        for _ in range(40):  # past the cash: the loan warning comes, a line that wraps
            key = "pageup" if panel.amount < cash - 6 else "plus"
            press = await recorder.press(key, "raise")
            assert press.frames == 1
            sizes.append(press.bytes)
            amounts.append(panel.amount)
            if panel.amount > cash + 2:
                break
        assert panel.amount > cash, (panel.amount, cash)
        assert max(sizes) <= 2048, sizes
        # after the first (the focus comes to the panel), a raise sends its changed rows only:
        # the amount, or the warning; the raise that brings the warning grows the panel and
        # draws it whole, and Textual repaints its old place once more on the next one (a
        # whole panel is some 1.7 KB)
        assert len([size for size in sizes[1:] if size > 512]) <= 2, str((sizes, amounts, cash))
        assert len(sizes) >= 6
        # the panel grew once, for the warning: the one layout
        assert laid_out in ([], ["BiddingPanel"]), laid_out
        laid_out.clear()
        bid = await recorder.press("enter", "bid")
        assert bid.frames == 1
        if table.turn(0).view.phase == "auction":  # the panel stays: with its height
            assert laid_out == [], laid_out

"""What reaches the terminal on Tulip & Rose's keys: the screen a terminal shows after the key
presses the bench plays (each frame fed to a terminal emulator) is the screen Textual draws
whole, so the panel that repaints only some rows (a border title's row, the rows a bid
changed) leaves nothing stale behind."""

from __future__ import annotations

import tempfile
from typing import Any

import pyte
import pytest
from rich.text import Text

from tests.pilot import screen_text
from tulipgames import bench_ui, games
from tulipgames.engine.core import SeatSpec
from tulipgames.games.tulipandrose.bench import drive_tulipandrose
from tulipgames.games.tulipandrose.widgets import BiddingPanel
from tulipgames.store import Store
from tulipgames.table import Table
from tulipgames.tui.app import TulipGamesApp
from tulipgames.tui.widgets import PatchStatic, text_rows

SIZE = (80, 24)


class TerminalDriver(bench_ui.CapturingDriver):
    """The bench's driver, with every write also played on an emulated 80x24 terminal."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.terminal = pyte.Screen(*SIZE)
        self.stream = pyte.Stream(self.terminal)

    def write(self, data: str) -> None:
        super().write(data)
        self.stream.feed(data)


def drawn_whole(app: TulipGamesApp) -> str:
    """The screen as Textual draws it after a repaint of every widget (no row kept from an
    earlier drawing, so a row left stale shows against it)."""
    for widget in app.screen.query("*"):
        widget.refresh()
    return screen_text(app)


def on_terminal(app: TulipGamesApp) -> str:
    driver = app._driver
    assert isinstance(driver, TerminalDriver)
    return "\n".join(line.rstrip() for line in driver.terminal.display)


@pytest.mark.parametrize("seats", [3, 4])
async def test_the_terminal_shows_what_textual_draws_after_every_key(
    seats: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The bench's drive (bids, passes, a split, sell or keep), a few rounds of it: after every
    key the emulated terminal reads, row for row, as Textual's drawing of the whole screen;
    and the auction's title (whose bid it is) changes on the terminal with the bids."""
    checked: list[str] = []
    titles: set[str] = set()
    press = bench_ui.Recorder.press

    async def press_and_compare(recorder: bench_ui.Recorder, key: str, kind: str) -> Any:
        done = await press(recorder, key, kind)
        app = recorder.pilot.app
        shown, drawn = on_terminal(app), drawn_whole(app)
        assert shown == drawn, f"after {kind}:\n{shown}\n---- Textual draws ----\n{drawn}"
        checked.append(kind)
        titles.update(line for line in shown.splitlines() if "to bid" in line)
        return done

    monkeypatch.setattr(bench_ui.Recorder, "press", press_and_compare)
    with tempfile.TemporaryDirectory() as data:
        store = Store(data)
        names = ["Ana", "Bo", "Cy", "Di"][:seats]
        table = Table.new(games.get_game("tulipandrose"), [SeatSpec(n) for n in names], 7,
                          bot_delay=0.0)
        app = TulipGamesApp(store, table=table, seats=frozenset({0}), bot_delay=0.0)
        app.driver_class = TerminalDriver
        try:
            async with app.run_test(headless=False, size=SIZE) as pilot:
                recorder = bench_ui.Recorder(pilot, "tulipandrose")
                await recorder.settle()
                assert on_terminal(app) == drawn_whole(app)
                # 18 of seat 0's decisions: its first split and sales are among them
                await drive_tulipandrose(recorder, app.screen, 3)
                assert app.screen.query_one(BiddingPanel).display
        finally:
            store.close()
    assert {"bid (Enter)", "split step (digit)", "sell or keep (s/k)"} <= set(checked), checked
    assert len(titles) > 1, titles  # the title changed on the terminal as the bids went round


async def test_the_panel_folds_its_lines_as_the_shared_wrapping_does(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The decision panel folds each line into rows itself (each line once, kept): the rows,
    their text and styles, are those ``PatchStatic`` folds the whole text into, bid after bid
    of a four-seat game at 80 columns (the bouquet's line and the bouquets to come fold)."""
    compared: list[int] = []
    show = BiddingPanel._show

    def both(panel: BiddingPanel, lines: list[Text]) -> None:
        show(panel, lines)
        if panel.content_size.width:
            theirs = PatchStatic.wrapped(panel, Text("\n").join(lines))
            ours = panel.content
            assert isinstance(ours, Text)
            rows = [(row.plain, row.style, row.spans) for row in text_rows(ours) or []]
            wrapped = [(row.plain, row.style, row.spans) for row in text_rows(theirs) or []]
            assert rows[: len(wrapped)] == wrapped, (rows, wrapped)
            compared.append(len(wrapped) - len(lines))

    monkeypatch.setattr(BiddingPanel, "_show", both)
    ((seats, drive),) = [entry[1:] for entry in bench_ui.GAMES if entry[0] == "tulipandrose"]
    await bench_ui.measure_game("tulipandrose", seats + 1, drive, 1, SIZE)
    assert compared and max(compared) > 0, compared  # some lines did fold

"""What a key press sends the terminal (one frame, only the rows that changed), and what the menu
imports before it is drawn. Behaviour only: no test here reads a clock."""

from __future__ import annotations

import subprocess
import sys
import tempfile

from tulipgames import bench_ui, games
from tulipgames.engine.core import SeatSpec
from tulipgames.store import Store
from tulipgames.table import Table
from tulipgames.tui.app import TulipGamesApp


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


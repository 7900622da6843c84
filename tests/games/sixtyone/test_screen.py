"""The Sixty-One screen driven with Textual's Pilot: layout at 80x24, the keyboard choice, the X
step, the leaf-only step, and whole hot-seat games played with key presses only."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from textual.app import App
from textual.widgets import DataTable

from tests.games.sixtyone.helpers import sheet
from tulipgames.demos import demo_tables
from tulipgames.engine.core import SeatSpec
from tulipgames.games.sixtyone.rules import GAME, LeafOnly, PlaceX
from tulipgames.games.sixtyone.screen import SCREEN, SixtyOneScreen
from tulipgames.games.sixtyone.widgets import DiceSheet
from tulipgames.store import Store
from tulipgames.table import Table
from tulipgames.tui.screens.results import ResultsScreen


class ScreenApp(App[None]):
    """The smallest host for the game screen."""

    def __init__(self, table: Table) -> None:
        super().__init__()
        self.table = table

    def on_mount(self) -> None:
        self.push_screen(SCREEN(self.table))


def sheet_lines(app: App[None]) -> list[str]:
    widget = app.screen.query_one(DiceSheet)
    return ["".join(seg.text for seg in widget.render_line(y)) for y in range(widget.size.height)]


def painted_lines(app: App[None]) -> list[str]:
    widget = app.screen.query_one(DiceSheet)
    return widget.render().plain.split("\n")


def hot_seat(seed: int) -> Table:
    return Table.new(GAME, [SeatSpec("Ana"), SeatSpec("Ben")], seed, bot_delay=0.0)


@pytest.mark.parametrize("name", ["sixtyone-midgame", "sixtyone-x-pending", "sixtyone-12-seats"])
@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_demo_tables_fit_the_terminal(name: str, size: tuple[int, int]) -> None:
    app = ScreenApp(demo_tables("sixtyone")[name])
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        widget = app.screen.query_one(DiceSheet)
        painted = painted_lines(app)
        assert len(painted) <= widget.size.height
        assert all(len(line) <= size[0] for line in painted)
        text = "\n".join(sheet_lines(app))
        for word in ("Pumpkins", "Mugs", "Leaves", "Bonus", "TOTAL", "Round"):
            assert word in text
        assert "61:+5" in text
        view = app.screen.turn.view
        assert re.search(rf"TOTAL +{sum(view.scores[0])}\b", text)


async def test_die_selection_steps_forward_and_back_with_keys() -> None:
    table = demo_tables("sixtyone")["sixtyone-midgame"]
    app = ScreenApp(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        widget = app.screen.query_one(DiceSheet)

        def anas() -> list[tuple[int, str]]:  # the bot seat plays on its own meanwhile
            return [a for a in table.record.actions if a[0] == 0]

        played = anas()
        assert widget.stage == "area"
        legal_areas = {a.area for a in table.state.legal_actions(0)}
        assert {table.state.dice[i] for i in widget.pickable_dice()} == legal_areas
        await pilot.press("enter")
        assert widget.stage == "write" and widget.sel.area_die is not None
        await pilot.press("backspace")
        assert widget.stage == "area" and widget.sel.area_die is None
        await pilot.press("enter", "enter")
        assert widget.stage == "spot"
        action = widget.chosen_action()
        assert action in table.state.legal_actions(0)
        assert "→ write" in sheet_lines(app)[-1] or any("→ write" in s for s in sheet_lines(app))
        await pilot.press("escape")
        assert widget.stage == "write"
        await pilot.press("enter", "enter")
        assert widget.stage == "confirm" and anas() == played
        await pilot.press("y")
        assert anas() == [*played, (0, str(action))]


async def test_pending_x_highlights_every_x_legal_spot_and_places_it() -> None:
    table = demo_tables("sixtyone")["sixtyone-x-pending"]
    app = ScreenApp(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        widget = app.screen.query_one(DiceSheet)
        assert widget.stage == "x"
        legal = table.state.legal_actions(0)
        assert {PlaceX(a, s) for a, s in widget.targets()} == set(legal)
        drawn = "\n".join(line for line in sheet_lines(app) if "worth n acorns" not in line)
        assert len(re.findall(r"<[^<>]>", drawn)) == len(legal) - 1  # highlighted spots
        assert len(re.findall(r"»[^<>]«", drawn)) == 1  # and the one under the cursor
        await pilot.press("right", "enter", "y")
        assert 0 not in table.state.pending_x  # (the bot seat may be placing its own X)
        assert [a for a in table.record.actions if a[0] == 0][-1] == (0, str(legal[1]))


async def test_leaf_only_choice_when_nothing_fits() -> None:
    table = hot_seat(3)
    state = table.state
    state.sheets[0] = sheet(a1="1 1 2 2", a3="3 3 6 6 6", a5="1 2 1 3 4 1")
    state.dice = (1, 3, 5)
    app = ScreenApp(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        widget = app.screen.query_one(DiceSheet)
        assert widget.stage == "leaf"
        assert "No placement fits" in sheet_lines(app)[-1] or any(
            "No placement fits" in line for line in sheet_lines(app))
        await pilot.press("c")
        assert table.state.leaves[0] == ()  # not before the confirmation
        await pilot.press("y")
        assert table.state.leaves[0] == (5,)
        assert table.record.actions[-1] == (0, str(LeafOnly(5)))


async def play_to_results(pilot, app: App[None]) -> Table:  # type: ignore[no-untyped-def]
    """Press keys only until the results screen shows; returns the table played."""
    table = None
    for step in range(3000):
        screen = app.screen
        if isinstance(screen, ResultsScreen):
            assert table is not None
            await pilot.pause()
            return table
        if not isinstance(screen, SixtyOneScreen):
            await pilot.pause(0.05)
            continue
        table = screen.table
        widget = screen.query_one(DiceSheet)
        if widget.stage == "watch":
            await pilot.pause(0.1)
            continue
        if widget.stage == "confirm":
            await pilot.press("y")
            continue
        if step % 3 == 0:
            await pilot.press("right")
        await pilot.press("enter")
    raise AssertionError("the game did not reach the results screen")


def shown_totals(app: App[None]) -> list[int]:
    grid = app.screen.query_one(DataTable)
    for row in range(grid.row_count):
        cells = grid.get_row_at(row)
        if str(cells[0]) == "Total":
            return [int(str(cell)) for cell in cells[1:]]
    raise AssertionError("no Total row on the results screen")


@pytest.mark.parametrize("second", ["human", "bot:hard"])
async def test_full_game_with_keys_only(second: str) -> None:
    table = Table.new(GAME, [SeatSpec("Ana"), SeatSpec("Ben", second)], 61, bot_delay=0.0)
    app = ScreenApp(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        played = await play_to_results(pilot, app)
        assert played.state.is_over()
        result = played.state.result()
        assert shown_totals(app) == list(result.totals)
        assert len(played.record.actions) >= 2 * 11


async def test_full_game_from_menu_to_results_in_the_app(tmp_path: Path) -> None:
    from tulipgames.tui.app import TulipGamesApp
    from tulipgames.tui.screens.setup import SetupScreen

    store = Store(tmp_path / "data")
    app = TulipGamesApp(store, bot_delay=0.0)
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await pilot.press("5")  # Sixty-One is the fifth game of the menu
            await pilot.pause()
            assert isinstance(app.screen, SetupScreen)
            assert "Sixty-One" in str(app.screen.query_one("#setup-title").render())
            app.screen.query_one("#seed").focus()
            await pilot.press("ctrl+u", *"4242")  # the seed
            await pilot.press("shift+tab", "enter", "up", "up", "enter")  # seat 2: Human
            await pilot.press("ctrl+g")  # start
            await pilot.pause()
            assert isinstance(app.screen, SixtyOneScreen)
            table = app.screen.table
            assert table.record.seed == 4242
            assert [s.kind for s in table.seats] == ["human", "human"]
            played = await play_to_results(pilot, app)
            assert played is table
            assert shown_totals(app) == list(table.state.result().totals)
    finally:
        store.close()


async def test_tab_shows_other_sheets_and_a_choosing_key_comes_back() -> None:
    table = demo_tables("sixtyone")["sixtyone-12-seats"]
    app = ScreenApp(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        widget = app.screen.query_one(DiceSheet)
        played = [a for a in table.record.actions if a[0] == 0]  # the bots play meanwhile
        assert "Sheet: Ana (you)" in sheet_lines(app)[0]
        await pilot.press("tab")
        assert "Sheet: Ben" in sheet_lines(app)[0]
        assert not any("<" in line for line in sheet_lines(app)[1:10])
        await pilot.press("enter")  # back to Ana's own sheet, and the die is picked (bug 12.4)
        assert widget.shown == 0 and widget.stage == "write"
        assert [a for a in table.record.actions if a[0] == 0] == played


async def test_enter_always_picks_a_usable_die_after_a_new_roll() -> None:
    """The die cursor follows the new roll: Enter is never a dead key on a fresh decision.

    Seed 181301 reaches round 3 with the roll 6 6 2, where die A, usable on the previous roll,
    cannot be the area die any more.
    """
    import random

    table = hot_seat(181301)
    app = ScreenApp(table)
    rng = random.Random(5)
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(24):
            await pilot.pause()
            widget = app.screen.query_one(DiceSheet)
            if widget.stage == "area":
                assert widget.sel.die_cursor in widget.pickable_dice()
                await pilot.press("enter")
                assert widget.stage == "write"
                await pilot.press("escape")
            seat = table.state.to_act()[0]
            table.play(seat, rng.choice(table.state.legal_actions(seat)))


# -- the round summary: packed whole, never a die or a number cut -----------------------------
def test_the_round_summary_keeps_every_die_when_the_first_choice_goes_to_the_next_line() -> None:
    """The heading line once lost its last die ("dice 3 4" for 3 4 4): the separator crop
    took three cells off a line that had none."""
    from tulipgames.games.sixtyone.widgets import summary_lines

    entries = ["Round 4, dice 3 4 4:", "Ana writes 5 in Waterlilies 1, leaf 5 (total 15)"]
    lines = [line.plain.rstrip() for line in summary_lines(entries, 60, 3)]
    assert lines[0] == "Round 4, dice 3 4 4:"
    assert lines[1].strip() == entries[1]


def test_a_long_round_summary_counts_what_it_leaves_to_the_log() -> None:
    from tulipgames.games.sixtyone.widgets import summary_lines

    entries = ["Round 4, dice 3 4 4:",
               *[f"Bot {seat} writes 5 in Waterlilies 1, leaf 5 (total 15)" for seat in range(12)]]
    for rows in (1, 2, 3):
        lines = [line.plain.rstrip() for line in summary_lines(entries, 80, rows)]
        assert len(lines) == rows and all(len(line) <= 80 for line in lines)
        assert not any("…" in line for line in lines)
        assert lines[0].startswith("Round 4, dice 3 4 4:")
        shown = [entry for entry in entries[1:] if any(entry in line for line in lines)]
        hidden = len(entries) - 1 - len(shown)
        assert hidden > 0
        assert re.search(rf"\+{hidden} more( in the log)?$" if shown
                         else f"{hidden} lines, see the log$", lines[-1])


async def test_the_12_seat_screen_shows_the_round_summary_whole() -> None:
    seats = [SeatSpec("Ana"), *[SeatSpec(f"Bot {n}", "bot") for n in range(2, 13)]]
    table = Table.new(GAME, seats, 3, bot_delay=0.0)
    table.run_bots_now()
    table.play(0, table.turn(0).legal[0])
    table.run_bots_now()
    dice = str(table.turn(0).view.last_round[0])
    app = ScreenApp(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        line = next(line for line in sheet_lines(app) if line.startswith("Round 1,"))
        assert line.startswith(dice) and "…" not in line
        assert re.search(r"\+11 more|the log$", line.rstrip())

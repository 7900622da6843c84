"""Sixty-One as new players met it (issue 12): Esc inside an X, Tab then a key, dice that cannot
be used, Enter pressed on and on, the footer, 12 seats at 80x24, names that are not ASCII."""

from __future__ import annotations

import re

from rich.cells import cell_len
from textual.app import App

from tests.games.sixtyone.helpers import sheet
from tests.games.sixtyone.test_screen import ScreenApp, hot_seat, sheet_lines
from tests.pilot import screen_text, wait_for
from tulipgames.demos import demo_tables
from tulipgames.engine.core import SeatSpec
from tulipgames.games.sixtyone.rules import GAME, Place, SixtyOneView
from tulipgames.games.sixtyone.screen import SixtyOneScreen
from tulipgames.games.sixtyone.widgets import DiceSheet
from tulipgames.table import Table, Turn
from tulipgames.tui.widgets.footer import KeyFooter


def footer_keys(app: App[None]) -> dict[str, str]:
    """The keys the footer shows now, with their descriptions (each one painted on its line)."""
    footer = app.screen.query_one(KeyFooter)
    keys, _ = footer.wanted()
    painted = footer.paint().plain
    shown = {}
    for key in keys:
        if key.enabled:
            assert key.description in painted, painted
            shown[key.key] = key.description
    return shown


async def test_esc_on_a_pending_x_steps_back_into_the_choice_not_to_the_menu() -> None:
    """Bug 12.3: seed 303, Ana and Ben play, Ana's second choice earns an X; Esc used to leave."""
    table = hot_seat(303)
    app = ScreenApp(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("a", "b", "enter", "y", "a", "b", "enter", "y", "b", "a", "enter", "y")
        await pilot.pause()
        widget = app.screen.query_one(DiceSheet)
        assert widget.stage == "x" and len(table.record.actions) == 3
        placed = table.record.actions[-1]
        assert footer_keys(app)["escape"] == "back"
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, SixtyOneScreen)
        assert len(table.record.actions) == 2 and not table.state.pending_x
        # the placement's dice and spot are picked again: Enter and y play it once more
        assert widget.stage == "spot" and str(widget.chosen_action()) == placed[1]
        await pilot.press("enter", "y")
        assert table.record.actions[-1] == placed and widget.stage == "x"


async def test_esc_from_the_log_steps_back_one_level_at_a_time() -> None:
    """Esc means one thing everywhere: out of the innermost step. From the log that is back to
    the board (the half-made choice kept), then out of the choice, then to the menu."""
    table = hot_seat(303)
    app = ScreenApp(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("a")
        widget = app.screen.query_one(DiceSheet)
        assert widget.stage == "write"
        await pilot.press("ctrl+l", "escape")
        assert isinstance(app.screen, SixtyOneScreen) and widget.stage == "write"
        await pilot.press("escape")
        assert isinstance(app.screen, SixtyOneScreen) and widget.stage == "area"
        assert footer_keys(app)["escape"] == "Menu"  # the top level: Esc leaves, and says so
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, SixtyOneScreen)


async def test_tab_then_a_die_key_picks_the_die_on_ones_own_sheet() -> None:
    """Bug 12.4: after Tab, ``a`` used to only bring one's own sheet back."""
    table = hot_seat(303)
    app = ScreenApp(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        widget = app.screen.query_one(DiceSheet)
        await pilot.press("tab")
        assert widget.shown == 1
        await pilot.press("a")
        assert widget.shown == 0 and widget.stage == "write" and widget.sel.area_die == 0


async def test_a_die_that_cannot_be_used_says_why() -> None:
    table = hot_seat(3)
    table.state.sheets[0] = sheet(a4="1 2 3 4 5 6")
    table.state.dice = (4, 2, 2)
    app = ScreenApp(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        widget = app.screen.query_one(DiceSheet)
        assert widget.pickable_dice() == [1, 2]
        await pilot.press("a")
        help_line = sheet_lines(app)[-1]
        assert "Die A (4) cannot be the area die: Mugs is full" in help_line
        assert widget.stage == "area"
        await pilot.press("b")  # the key after it works and clears the note
        assert widget.stage == "write" and "cannot" not in sheet_lines(app)[-1]


async def test_enter_pressed_on_and_on_never_plays_a_choice() -> None:
    """One key confirms: Enter-Enter-Enter stops at the confirmation, for every seat."""
    table = hot_seat(61)
    app = ScreenApp(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press(*["enter"] * 10)
        widget = app.screen.query_one(DiceSheet)
        assert table.record.actions == [] and widget.stage == "confirm"
        keys = footer_keys(app)
        assert keys.get("y") == "confirm" and "enter" not in keys and "a" not in keys
        assert "y: confirm" in sheet_lines(app)[-1]
        await pilot.press("y")
        assert len(table.record.actions) == 1


async def test_twelve_seats_at_80x24_show_every_seat_and_the_key_hints() -> None:
    table = demo_tables("sixtyone")["sixtyone-12-seats"]
    app = ScreenApp(table)
    async with app.run_test(size=(80, 24)) as pilot:
        # The bots still to choose this round do so as the screen opens; their "has chosen"
        # notes are toasts over the bottom lines, so the layout is read once they are gone.
        await wait_for(pilot, lambda: not table.turn(0).bots_to_act)
        app.clear_notifications()
        await pilot.pause()
        text = screen_text(app)
        for name in table.names:
            # a bot's level (or its first letter) beside its name
            assert re.search(rf"{re.escape(name)}( [a-z]+)?\s+\d+/\d+", text), \
                f"{name} is cut off"
        for hint in ("a b c", "dice", "move", "pick", "sheets", "Menu"):
            assert hint in text.splitlines()[-1], f"the footer lost {hint!r}"
        assert "Pick the AREA die" in text and "worth n acorns" in text
        await pilot.press("enter", "enter", "enter")
        assert "y: confirm" in screen_text(app)
        assert "confirm" in screen_text(app).splitlines()[-1]


async def test_names_are_plain_text_and_columns_line_up_by_terminal_cells() -> None:
    names = ["山田太郎", "🦊 Fox", "[/]", "[@click=app.quit]x"]
    table = Table.new(GAME, [SeatSpec(n) for n in names], 5, bot_delay=0.0)
    for size in ((80, 24), (120, 40)):
        app = ScreenApp(table)
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            widget = app.screen.query_one(DiceSheet)
            painted = widget.render()
            width = widget.size.width
            lengths = {cell_len(line) for line in painted.plain.split("\n")}
            # at 80 columns every line fills the width exactly; wider, the areas take less
            assert lengths <= {0, width} if size[0] == 80 else max(lengths) == width
            text = "\n".join(sheet_lines(app))
            for name in names:  # shown as typed (markup is not read), cut by cells at most
                assert name[:8] in text, f"{name!r} is not shown as typed"
            # every seat's score sits in the same terminal column whatever its name
            if size[0] >= 90:
                rows = [line for line in painted.plain.split("\n")
                        if any(line[1:].startswith(name[:2]) for name in names)]
                ends = {cell_len(line.rstrip()) for line in rows}
                assert len(rows) == 4 and len(ends) == 1


def test_the_view_says_who_chose_and_sums_up_the_last_round() -> None:
    state = GAME.new_state(2, seed=303)
    state.apply(0, Place(1, 2, 6, 1))
    assert state.view(1).chosen == (0,) and state.view(1).last_round == ()
    state.apply(1, Place(1, 2, 6, 1))
    summary = tuple(line.render("en") for line in state.view(0).last_round)
    assert summary[0] == "Round 1, dice 1 2 6:"
    assert summary[1:] == ("{seat0} writes 2 in Pumpkins 1, leaf 6 (total 6)",
                           "{seat1} writes 2 in Pumpkins 1, leaf 6 (total 6)")
    assert state.view(0).chosen == ()


async def test_each_key_saves_and_redraws_at_most_once() -> None:
    """One key, one intent: the confirming ``y`` is one save and one redraw, the picks before
    it none, and Esc on an X is one take-back (one save, one redraw)."""
    saves: list[int] = []
    table = Table.new(GAME, [SeatSpec("Ana"), SeatSpec("Ben")], 303, bot_delay=0.0,
                      persist=lambda t: saves.append(len(t.record.actions)))
    app = ScreenApp(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SixtyOneScreen)
        shows: list[int] = []
        original = screen.show

        def counted(turn: Turn[SixtyOneView]) -> None:
            shows.append(turn.version)
            original(turn)

        screen.show = counted  # type: ignore[method-assign]
        per_key = []
        for key in ("a", "b", "enter", "y", "a", "b", "enter", "y", "b", "a", "enter", "y",
                    "escape"):
            before = len(saves), len(shows)
            await pilot.press(key)
            per_key.append((key, len(saves) - before[0], len(shows) - before[1]))
        assert [(k, s) for k, s, _ in per_key if s] == [("y", 1)] * 3 + [("escape", 1)]
        assert all(d <= 1 for _, _, d in per_key)
        assert saves == [1, 2, 3, 2]


async def test_esc_on_an_x_found_on_resuming_takes_the_placement_back_too() -> None:
    table = hot_seat(303)
    for seat, action in ((0, "place area=1 write=2 leaf=6 spot=1"),
                         (1, "place area=1 write=2 leaf=6 spot=1"),
                         (0, "place area=1 write=2 leaf=5 spot=2")):
        table.play(seat, action)
    resumed = Table(GAME, table.record, bot_delay=0.0)
    app = ScreenApp(resumed)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        widget = app.screen.query_one(DiceSheet)
        assert widget.stage == "x" and widget.placed is None
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, SixtyOneScreen) and widget.stage == "area"
        assert len(resumed.record.actions) == 2


async def test_esc_on_an_x_after_another_seat_played_stays_in_the_game() -> None:
    table = Table.new(GAME, [SeatSpec("Ana"), SeatSpec("Ben"), SeatSpec("Cleo")], 303,
                      bot_delay=0.0)
    for seat in range(3):
        table.play(seat, "place area=1 write=2 leaf=6 spot=1")
    app = ScreenApp(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("b", "a", "enter", "y")  # Ana earns an X
        await pilot.pause()
        table.play(1, table.turn(1).legal[0])  # Ben, at another terminal, plays meanwhile
        await pilot.pause()
        widget = app.screen.query_one(DiceSheet)
        assert widget.stage == "x" and not widget.can_step_back()
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, SixtyOneScreen) and widget.stage == "x"
        assert len(table.record.actions) == 5

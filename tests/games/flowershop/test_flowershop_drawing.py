"""The Little Flower Shop's quick drawing paths draw exactly what Textual itself draws."""

from __future__ import annotations

import random

import pytest
from textual.geometry import Region
from textual.widgets import OptionList

from tulipgames.engine.core import SeatSpec
from tulipgames.games.flowershop.rules import GAME
from tulipgames.games.flowershop.widgets import ActionMenu, ShopWindow
from tulipgames.store import Store
from tulipgames.table import Table
from tulipgames.tui.app import TulipGamesApp

#: The component classes an option row is drawn in (plain, highlighted, disabled, hovered).
ROW_CLASSES = ("", "option-list--option-highlighted", "option-list--option-disabled",
               "option-list--option-hover")


def two_seats(store: Store, seed: int) -> tuple[Table, TulipGamesApp]:
    """A two-seat game with Ana at this keyboard and Bo played by the test."""
    table = Table.new(GAME, [SeatSpec("Ana"), SeatSpec("Bo")], seed=seed, bot_delay=0.0)
    return table, TulipGamesApp(store, table=table, seats=frozenset({0}), bot_delay=0.0)


def open_all(menu: ActionMenu) -> None:
    """Open every folded group: the list is then long enough to scroll."""
    for group in dict.fromkeys(menu._toggles.values()):
        if group not in menu._open:
            menu.toggle(group)


def compare_rows(menu: ActionMenu) -> int:
    """Every option of the menu drawn the quick way, in each row style, against OptionList's
    own drawing of it; returns how many were drawn the quick way."""
    padding = menu._padding()
    width = menu.scrollable_content_region.width - menu._get_left_gutter_width()
    quick = 0
    for index, option in enumerate(menu.options):
        for component in ROW_CLASSES:
            style = (menu.get_visual_style("option-list--option", component) if component
                     else menu.get_visual_style("option-list--option"))
            ours = menu._quick_render(option, style, padding, width, index)
            if ours is None:
                continue
            menu._option_render_cache.clear()
            theirs = OptionList._get_option_render(menu, option, style)
            assert ours == theirs, (index, str(option.prompt), component)
            quick += 1
    return quick


def compare_menu(menu: ActionMenu) -> None:
    """The menu's lines and rows as drawn (its lines worked out once per rebuild and per
    drawing) against OptionList working them out afresh and drawing every row itself."""
    lines, virtual = list(menu._line_cache.lines), menu.virtual_size
    whole = Region(0, 0, *menu.size)
    shown = menu.render_lines(whole)
    menu._line_cache.clear()
    OptionList._update_lines(menu)
    assert (menu._line_cache.lines, menu.virtual_size) == (lines, virtual)
    menu._styles_cache.clear()
    menu._option_render_cache.clear()
    menu._drawn.clear()
    assert OptionList.render_lines(menu, whole) == shown


async def test_a_window_not_drawn_again_shows_what_drawing_it_again_would(
    store: Store,
) -> None:
    """The shop window skips a redraw when nothing it draws changed (a pick changes the hand,
    not the window): after every step of a game, with the seat's card selected now and then,
    what it shows is what a redraw from scratch shows."""
    table, app = two_seats(store, seed=4)
    rng = random.Random(8)
    skipped = 0
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        window = screen.query_one("#fs-window", ShopWindow)
        for step in range(80):
            if table.is_over:
                break
            drawn = window._drawn
            seat = table.to_act()[0]
            table.play(seat, rng.choice(table.turn(seat).legal))
            if step % 5 == 0 and screen.check_action("card", ()):
                await pilot.press("c")
            await pilot.pause()
            skipped += window._drawn is drawn
            shown = (window.content, window.border_title, window.styles.height)
            window._drawn = ()
            screen.show(screen.turn)
            assert (window.content, window.border_title, window.styles.height) == shown, step
    assert skipped > 20


async def test_the_menu_draws_each_row_as_the_option_list_draws_it(store: Store) -> None:
    """A two-seat game played at two sizes: after every step the menu's lines and rows are
    OptionList's own, and each option, in every row style, is drawn with the same segments,
    styles, offsets and meta as OptionList draws it (a row drawn wrongly would differ on
    screen from a full repaint)."""
    for size in ((80, 24), (120, 40)):
        table, app = two_seats(store, seed=11)
        rng = random.Random(3)
        quick = 0
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            menu = app.screen.query_one(ActionMenu)
            for _ in range(60):
                if table.is_over:
                    break
                seat = table.to_act()[0]
                table.play(seat, rng.choice(table.turn(seat).legal))
                await pilot.pause()
                compare_menu(menu)
                quick += compare_rows(menu)
        assert quick > 100, size


async def test_the_highlight_moved_repaints_its_two_rows_and_draws_them_right(
    store: Store, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Arrow keys in the menu repaint only the rows the highlight left and reached (OptionList
    repaints them all), scrolling included: after every key, the menu on screen is, row for
    row, what a repaint of the whole menu draws."""
    repaints: list[int] = []
    refresh = ActionMenu.refresh

    def spy(menu: ActionMenu, *regions: Region, **kwargs: bool) -> ActionMenu:
        if not menu._rebuilding and kwargs.get("repaint", True):
            repaints.append(len(regions))  # 0: the whole menu
        return refresh(menu, *regions, **kwargs)

    monkeypatch.setattr(ActionMenu, "refresh", spy)
    table, app = two_seats(store, seed=6)
    rng = random.Random(2)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        menu = app.screen.query_one(ActionMenu)
        menu.focus()
        keys = 0
        while keys < 40 and not table.is_over:
            seat = table.to_act()[0]
            if seat == 0 and table.turn(0).view.phase == "use":
                open_all(menu)
                await pilot.pause()
            if seat == 0 and table.turn(0).view.phase == "use" and menu.option_count > 12:
                for key in ["down"] * 12 + ["up"] * 3 + ["end", "home"]:
                    repaints.clear()
                    await pilot.press(key)
                    await pilot.pause()
                    keys += 1
                    whole = Region(0, 0, *menu.size)
                    shown = menu.render_lines(whole)
                    menu._styles_cache.clear()
                    menu._option_render_cache.clear()
                    menu._drawn.clear()
                    assert shown == menu.render_lines(whole), (key, menu.highlighted)
                    if key in ("down", "up") and menu.scroll_y == 0:
                        assert repaints and 0 not in repaints, (key, repaints)
            table.play(seat, rng.choice(table.turn(seat).legal))
            await pilot.pause()
        assert keys >= 17


async def test_the_menu_says_how_many_of_its_rows_are_out_of_sight(store: Store) -> None:
    """The menu has no scrollbar: its bottom border counts the rows above and below the ones
    in sight, on screen, and follows the highlight as it scrolls the list (End, Home)."""
    from tests.pilot import screen_text

    table, app = two_seats(store, seed=6)
    rng = random.Random(2)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        menu = app.screen.query_one(ActionMenu)
        assert menu.styles.scrollbar_size_vertical == 0
        while not (0 in table.to_act() and len(menu._lines) > menu.size.height + 3):
            if 0 in table.to_act() and set(menu._toggles.values()) - menu._open:
                open_all(menu)
                await pilot.pause()
                continue
            seat = table.to_act()[0]
            table.play(seat, rng.choice(table.turn(seat).legal))
            await pilot.pause()
        menu.focus()
        menu.action_first()  # opening the groups left the highlight on the last one opened
        await pilot.pause()
        hidden = len(menu._lines) - menu.size.height
        assert menu.scroll_y == 0
        assert f"↓ {hidden} more" in screen_text(app)
        assert "↑" not in (menu.border_subtitle or "")
        await pilot.press("end")
        await pilot.pause()
        assert menu.scroll_y == hidden
        assert f"↑ {hidden} more" in screen_text(app)
        assert "↓" not in (menu.border_subtitle or "")
        await pilot.press("up")
        for _ in range(menu.size.height):
            await pilot.press("up")
        await pilot.pause()
        above = round(menu.scroll_y)
        assert 0 < above < hidden
        assert f"↑ {above} more · ↓ {hidden - above} more" in screen_text(app)
        await pilot.press("home")
        await pilot.pause()
        assert f"↓ {hidden} more" in screen_text(app)
        assert menu.border_subtitle == f"↓ {hidden} more"

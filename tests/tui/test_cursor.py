"""The terminal's cursor sits on the highlighted choice of every list, whatever the screen, so
a braille display (or a screen reader reviewing the terminal) that follows the cursor reads
the choice the arrows are on: the setup's drop-downs, History's rows, the lobby's tables, the
Flower Shop's actions and the games' own choice widgets, as the arrows move."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from textual.pilot import Pilot
from textual.widgets import DataTable, OptionList

from tests.pilot import wait_for
from tulipgames import games
from tulipgames.engine.core import Result, SeatSpec
from tulipgames.store import FinishedGame, Store
from tulipgames.table import Table
from tulipgames.tui.app import FOLLOW_DELAY, TulipGamesApp


def line_at(app: TulipGamesApp, y: int) -> str:
    """The screen's line ``y`` as drawn (the top screen, its drop-downs included)."""
    return app.screen._compositor.render_strips()[y].text


def at_cursor(app: TulipGamesApp, cells: int = 30) -> str:
    """What is drawn on the screen from the terminal's cursor on, along its line."""
    x, y = app.cursor_position
    return app.screen._compositor.render_strips()[y].crop(x, x + cells).text


async def press(pilot: Pilot[Any], *keys: str) -> None:
    await pilot.press(*keys)
    await settle(pilot)


async def settle(pilot: Pilot[Any]) -> None:
    """The cursor follows a little after the frame (``FOLLOW_DELAY``): wait past it."""
    await pilot.pause()
    await pilot.pause(FOLLOW_DELAY * 3)


async def test_the_cursor_follows_setup_drop_downs_history_and_lobby_lists(
    store: Store, tmp_path: Path
) -> None:
    from tulipgames.net.lobby import Lobby
    from tulipgames.net.screens import JoinScreen
    from tulipgames.tui.screens.history import HistoryScreen

    app = TulipGamesApp(store, bot_delay=0.0)
    async with app.run_test(size=(80, 24)) as pilot:
        await press(pilot)
        number = [info.id for info in games.CATALOGUE].index("sixtyone") + 1
        await press(pilot, str(number), "tab", "tab", "enter")  # seat 1's kind: its drop-down
        assert type(app.screen.focused).__name__ == "PagingOverlay"
        assert at_cursor(app).startswith("Human")
        await press(pilot, "down")
        assert at_cursor(app).startswith("Bot: random")
        await press(pilot, "down")
        assert at_cursor(app).startswith("Bot: normal")
        await press(pilot, "escape", "escape")

        result = Result.build(["Points"], [[52], [40]])
        finished = [
            FinishedGame(7 - n, "sixtyone", "Sixty-One", [f"Ana{n}", "Ben"], "", result, 3,
                         "2026-12-01T10:00")
            for n in range(3)
        ]
        await app.push_screen(HistoryScreen(finished, []))
        # the first tab's table takes the focus once the screen is up (a key before it, on a
        # loaded machine, was overtaken by it)
        await wait_for(pilot, lambda: isinstance(app.screen.focused, DataTable))
        await press(pilot, "left")  # the finished games, the last tab
        await wait_for(pilot, lambda: isinstance(app.screen.focused, DataTable)
                       and app.screen.focused.id == "games")
        table = app.screen.focused
        assert isinstance(table, DataTable)
        rows = []
        for _ in range(3):
            y = app.cursor_position.y
            rows.append(y)
            assert f"Ana{table.cursor_row} 52" in line_at(app, y)
            await press(pilot, "down")
        assert rows[0] < rows[1] < rows[2]
        await press(pilot, "escape")

        lobby = Lobby(store, tmp_path)
        for host in ("cleo", "dev", "eve"):
            lobby.open("sixtyone", 2, host)
        await app.push_screen(JoinScreen(lobby, "ana"))
        await press(pilot, "tab")  # from the code to the list of tables
        assert isinstance(app.screen.focused, OptionList)
        seen = []
        for _ in range(3):
            await press(pilot, "down")
            seen.append(at_cursor(app, 4))
        assert seen == [opened.code for opened in lobby.listing()]


async def start(pilot: Pilot[Any], app: TulipGamesApp) -> None:
    for _ in range(3):
        await press(pilot)


def solo_table(game_id: str) -> Table:
    game = games.get_game(game_id)
    return Table.new(game, [SeatSpec("Ana"), SeatSpec("Bot", f"bot:{game.default_level}")], 3)


async def test_the_cursor_follows_the_flower_shop_actions(store: Store) -> None:
    app = TulipGamesApp(store, table=solo_table("flowershop"), seats=frozenset({0}),
                        bot_delay=0.0)
    async with app.run_test(size=(100, 30)) as pilot:
        await start(pilot, app)
        menu = app.screen.focused
        assert type(menu).__name__ == "ActionMenu" and isinstance(menu, OptionList)
        lines = []
        for _ in range(3):
            await press(pilot, "down")
            option = menu.highlighted_option
            assert option is not None
            label = str(option.prompt).strip()
            lines.append(app.cursor_position.y)
            assert at_cursor(app, 60).strip().startswith(label[:12]), (label, at_cursor(app))
        assert lines[0] < lines[1] < lines[2]


async def test_the_cursor_follows_the_games_own_choice_widgets(store: Store) -> None:
    # Sixty-One's dice (a mark before the die under the cursor), then its spots; once the move
    # is made and Ben (at another keyboard) is waited for, the status line that says so
    game = games.get_game("sixtyone")
    table = Table.new(game, [SeatSpec("Ana"), SeatSpec("Ben")], 3)
    app = TulipGamesApp(store, table=table, seats=frozenset({0}), bot_delay=0.0)
    async with app.run_test(size=(100, 30)) as pilot:
        await start(pilot, app)
        shown = []
        for _ in range(3):
            shown.append(at_cursor(app, 3))
            await press(pilot, "right")
        assert shown == ["▸A:", "▸B:", "▸C:"]
        await press(pilot, "enter", "enter")  # the area die, the write die: now a spot
        assert at_cursor(app, 1) == "»"
        await press(pilot, "enter", "y")
        assert app.cursor_position == (0, 0) and "Waiting for Ben" in at_cursor(app)
    # Gift of Tulips' turn panel and Tulip & Rose's splitter (a > before the reversed card)
    app = TulipGamesApp(store, table=solo_table("giftoftulips"), seats=frozenset({0}),
                        bot_delay=0.0)
    async with app.run_test(size=(100, 30)) as pilot:
        await start(pilot, app)
        first = app.cursor_position
        assert at_cursor(app).startswith("▸1 ")
        await press(pilot, "down")
        assert at_cursor(app).startswith("▸2 ") and app.cursor_position.y == first.y + 1
    app = TulipGamesApp(store, table=solo_table("tulipandrose"), seats=frozenset({0}),
                        bot_delay=0.0)
    async with app.run_test(size=(100, 30)) as pilot:
        await start(pilot, app)
        cards = []
        for _ in range(3):
            cards.append(app.cursor_position.x)
            assert at_cursor(app, 1) == ">"
            await press(pilot, "right")
        assert cards[0] < cards[1] < cards[2]

"""A shared table's screen is laid out as the game's own: the shared-table mixin must not bring
the generic GameScreen styles in again after the game's (which once gave Sixty-One's log 14 rows
at 100x30 and cut the sheet's help line, so a player never saw "y: confirm")."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.app import App
from textual.screen import Screen

from tulipgames import games
from tulipgames.engine.record import SeatSpec
from tulipgames.net.lobby import Lobby
from tulipgames.net.screens import SharedTableView, shared_screen
from tulipgames.store import Store
from tulipgames.table import Table
from tulipgames.tui.app import screen_class
from tulipgames.tui.widgets import GameLog


class Host(App[None]):
    def __init__(self, make: Any) -> None:
        super().__init__()
        self.make = make

    def on_mount(self) -> None:
        self.push_screen(self.make())


async def layout(make: Any) -> tuple[int, int]:
    """(log rows, board rows) of the screen ``make()`` at 100x30."""
    app = Host(make)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.pause(0.2)
        screen: Screen[Any] = app.screen
        return screen.query_one(GameLog).outer_size.height, screen.query_one("#board").size.height


@pytest.mark.parametrize("game_id", games.GAME_IDS)
async def test_a_shared_table_is_laid_out_as_the_game_s_own_screen(
    game_id: str, tmp_path: Path
) -> None:
    game = games.get_game(game_id)
    seats = max(2, game.info.min_players)
    store = Store(tmp_path)
    try:
        lobby = Lobby(store, tmp_path)
        opened = lobby.open(game_id, seats, "ana", seed=7)
        for name in ("ben", "cleo", "dev")[: seats - 1]:
            opened.claim(name)
        table = lobby.start(opened.code, seed=7)
        table.bot_delay = 3600  # no bot moves while the layout is read

        def shared() -> Screen[Any]:
            screen = shared_screen(screen_class(game_id), table, frozenset({0}), opened)
            assert isinstance(screen, SharedTableView)
            return screen

        own = Table.new(game, [SeatSpec(n) for n in ("ana", "ben", "cleo", "dev")[:seats]], 7)
        alone = await layout(lambda: screen_class(game_id)(own, frozenset({0})))
        together = await layout(shared)
        assert together == alone
    finally:
        store.close()

"""The app shell with the real games that are built: menu to setup to game, and the curtain."""

from __future__ import annotations

import pytest

from tulipgames import games
from tulipgames.engine.core import SeatSpec
from tulipgames.store import Store
from tulipgames.table import Table
from tulipgames.tui.app import TulipGamesApp
from tulipgames.tui.screens.curtain import CurtainScreen
from tulipgames.tui.screens.game import GameScreen
from tulipgames.tui.screens.setup import SetupScreen

HIDDEN = [
    info.id
    for info in games.CATALOGUE
    if games.get_game(info.id).hidden_information
]


async def test_menu_setup_and_a_sixtyone_move(store: Store):
    app = TulipGamesApp(store, bot_delay=0.0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        number = [info.id for info in games.CATALOGUE].index("sixtyone") + 1
        await pilot.press(str(number))
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        await pilot.press("ctrl+g")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        table = screen.table
        assert table.game.id == "sixtyone"
        # Enter takes the highlighted choice: area die, write die, then the spot (or leaf die);
        # y confirms it
        for _ in range(6):
            if any(seat == 0 for seat, _ in table.record.actions):
                break
            await pilot.press("enter", "y")
            await pilot.pause()
        assert any(seat == 0 for seat, _ in table.record.actions)
        assert store.load(table.save_id).record.actions[: len(table.record.actions)] == (
            table.record.actions
        )


@pytest.mark.parametrize("game_id", HIDDEN)
async def test_curtain_between_two_humans(store: Store, game_id: str):
    game = games.get_game(game_id)
    table = Table.new(game, [SeatSpec("Ana"), SeatSpec("Mira")], 3)
    app = TulipGamesApp(store, table=table)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, CurtainScreen)
        assert app.screen.player == table.names[table.state.to_act()[0]]
        await pilot.press("enter")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        first = screen.viewer
        assert first is not None and first in table.state.to_act()
        # play the first legal action until the keyboard must change hands
        for _ in range(60):
            if first not in table.state.to_act() or table.state.is_over():
                break
            screen.submit(table.state.legal_actions(first)[0])
            await pilot.pause()
        nxt = table.state.to_act()[0]
        assert nxt != first
        if not screen.shows_secrets(nxt):
            # Nothing private on the next seat's screen (a Tulip & Rose bid): no curtain, and
            # the public screen of that seat says whose turn it is.
            assert not isinstance(app.screen, CurtainScreen) and screen.viewer == nxt
            return
        assert isinstance(app.screen, CurtainScreen)
        assert app.screen.player == table.names[nxt]
        assert screen.viewer is None  # the table under the curtain shows public information
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is screen and screen.viewer == nxt

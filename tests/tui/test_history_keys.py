"""History and Statistics draw their keys as one line (``KeyFooter``): Textual's footer is a
widget per key, restyled and laid out again each time the screen opens, which was a good part
of the half second History took to open at any size."""

from __future__ import annotations

from textual.widgets import Footer

from tulipgames.store import Store
from tulipgames.tui.app import TulipGamesApp
from tulipgames.tui.screens.history import HistoryScreen
from tulipgames.tui.screens.stats import StatsScreen
from tulipgames.tui.widgets.footer import KeyFooter


async def test_history_and_statistics_draw_their_keys_as_one_line(store: Store) -> None:
    app = TulipGamesApp(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        for show, kind in ((app.show_history, HistoryScreen), (app.show_statistics, StatsScreen)):
            show()
            await pilot.pause()
            assert isinstance(app.screen, kind)
            assert not app.screen.query(Footer) and len(app.screen.query(KeyFooter)) == 1
            assert "esc" in app.screen.query_one(KeyFooter).render().plain  # keys are shown
            await pilot.press("escape")
            await pilot.pause()

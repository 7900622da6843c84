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


async def test_history_builds_a_tabs_table_only_when_the_tab_is_first_shown() -> None:
    """Each table costs Textual its composing and styling even hidden and empty: History builds
    the table of the tab shown, and another tab's when it is first shown (a key, a click, or
    ``active`` set), with its rows, once."""
    from textual.widgets import DataTable, TabbedContent

    from tulipgames.engine.core import Result
    from tulipgames.store import FinishedGame, HighScore
    from tulipgames.tui.screens.history import SCORE_TABS

    result = Result.build(["Points"], [[52], [40]])
    finished = [FinishedGame(7, "sixtyone", "Sixty-One", ["Ana", "Ben"], "", result, 3,
                             "2026-12-01T10:00")]
    scores = [HighScore("flowershop", "solo", "Cleo", 61, "", 5, "2026-12-01")]
    app = TulipGamesApp(None)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await app.push_screen(HistoryScreen(finished, scores))
        await pilot.pause()
        screen = app.screen
        assert [table.id for table in screen.query(DataTable)] == [f"{SCORE_TABS[0][0]}-rows"]
        await pilot.press("right")  # Solo: built now, with its score, and focused
        await pilot.pause()
        solo = screen.query_one("#scores-solo-rows", DataTable)
        assert solo.has_focus and "Cleo" in str(solo.get_row_at(0)[1])
        screen.query_one(TabbedContent).active = "tab-games"  # at once, as a click does
        games = screen.query_one("#games", DataTable)
        assert "Ana 52" in str(games.get_row_at(0)[2])
        await pilot.press("right", "left")  # to the first tab and back: nothing rebuilt
        await pilot.pause()
        assert len(screen.query(DataTable)) == 3
        assert screen.query_one("#scores-solo-rows", DataTable) is solo
        assert screen.query_one("#games", DataTable) is games

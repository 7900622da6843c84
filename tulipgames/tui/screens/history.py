"""History and high scores: finished games and the best scores, one table per kind of play."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import DataTable, Static, TabbedContent, TabPane

from tulipgames import games
from tulipgames.store import STANDIN_KIND, FinishedGame, HighScore
from tulipgames.tui.screens.messages import ReplayAsked, ResumeAsked, StatisticsAsked
from tulipgames.tui.widgets import plain
from tulipgames.tui.widgets.footer import KeyFooter

#: The high-score tables: a solo score, a daily-deal score and a score against others are
#: different contests, so each has its own tab. ``(tab id, title, variants)``.
SCORE_TABS = (
    ("scores-table", "High scores", ("",)),
    ("scores-solo", "Solo", ("solo",)),
    ("scores-daily", "Daily deal", ("daily",)),
)


def game_title(game_id: str) -> str:
    return games.info(game_id).title if game_id in games.GAME_IDS else game_id


def ranking_line(game: FinishedGame) -> Text:
    """"Ana 52, Ben 40": every seat by place, as plain text (names are the players' own). A
    seat a stand-in bot played for at a shared table is marked "(stand-in)": its result is not
    its player's own (no high score, no win in the statistics)."""
    ranking = sorted(range(len(game.names)), key=lambda seat: game.result.ranks[seat])

    def entry(seat: int) -> str:
        standin = seat < len(game.kinds) and game.kinds[seat] == STANDIN_KIND
        return f"{game.names[seat]}{' (stand-in)' if standin else ''} {game.result.totals[seat]}"

    return plain(", ".join(entry(s) for s in ranking))


class HistoryScreen(Screen[None]):
    """Tabs: high scores at a table, solo, daily deal, and the recent finished games."""

    BINDINGS = [
        Binding("escape", "close", "Back"),
        Binding("v", "replay", "Replay game"),
        Binding("s", "statistics", "Statistics"),
        # priority: the score tables would otherwise take the arrows for a column cursor
        Binding("left", "tab(-1)", "Prev tab", priority=True),
        Binding("right", "tab(1)", "Next tab", priority=True),
    ]
    DEFAULT_CSS = """
    HistoryScreen > Vertical { padding: 0 1; }
    HistoryScreen #history-title { padding: 1 0 0 0; text-style: bold; color: $accent; }
    HistoryScreen DataTable { height: 1fr; }
    """

    def __init__(self, finished: list[FinishedGame], scores: list[HighScore]) -> None:
        super().__init__()
        self.finished = finished
        self.scores = scores

    @property
    def tab_order(self) -> list[str]:
        return [tab for tab, _, _ in SCORE_TABS] + ["tab-games"]

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(
                "History & high scores  (←/→ switch tabs, Enter on a game: its scores)",
                id="history-title",
            )
            with TabbedContent(id="history-tabs"):
                for tab, title, _ in SCORE_TABS:
                    with TabPane(title, id=tab):
                        yield DataTable(id=f"{tab}-rows", cursor_type="row", zebra_stripes=True)
                with TabPane("Finished games", id="tab-games"):
                    yield DataTable(id="games", cursor_type="row", zebra_stripes=True)
        yield KeyFooter()

    def on_mount(self) -> None:
        for tab, _, variants in SCORE_TABS:
            self._fill_scores(
                self.query_one(f"#{tab}-rows", DataTable),
                [entry for entry in self.scores if entry.variant in variants],
            )
        played = self.query_one("#games", DataTable)
        played.add_columns("Date (UTC)", "Game", "Result", "Seed")  # as stored: UTC
        for game in self.finished:
            played.add_row(
                game.finished[:16].replace("T", " "), Text(game.title), ranking_line(game),
                str(game.seed), key=str(game.id),
            )
        if not self.finished:
            played.add_row("", "No finished games yet", "", "")
        self.query_one(f"#{SCORE_TABS[0][0]}-rows", DataTable).focus()

    @staticmethod
    def _fill_scores(table: DataTable[Text | str], scores: list[HighScore]) -> None:
        table.add_columns("Game", "Name", "Score", "Detail", "Seed", "Date (UTC)")
        for entry in scores:
            table.add_row(
                Text(game_title(entry.game)), plain(entry.name),
                Text(str(entry.score), justify="right"), Text(entry.detail),
                str(entry.seed or ""), entry.date[:10],
            )
        if not scores:
            table.add_row("No scores yet: finish a game!", "", "", "", "", "")

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        """Enter on a finished game shows its score sheet again (with rematch)."""
        if event.data_table.id != "games" or event.row_key.value is None:
            return
        self.post_message(ResumeAsked(int(event.row_key.value)))

    def action_tab(self, step: int) -> None:
        tabs = self.query_one(TabbedContent)
        order = self.tab_order
        current = order.index(tabs.active) if tabs.active in order else 0
        tabs.active = order[(current + step) % len(order)]
        target = "#games" if tabs.active == "tab-games" else f"#{tabs.active}-rows"
        self.query_one(target, DataTable).focus()

    def _chosen_game(self) -> int | None:
        """The finished game under the cursor of the games tab, if that tab is open."""
        table = self.query_one("#games", DataTable)
        if not self.finished or not table.has_focus:
            return None
        key = table.coordinate_to_cell_key(table.cursor_coordinate).row_key.value
        return None if key is None else int(key)

    def action_replay(self) -> None:
        """Step through the finished game under the cursor, every seat's cards shown."""
        save_id = self._chosen_game()
        if save_id is None:
            self.notify("Pick a game in the Finished games tab first.", severity="warning")
            return
        self.post_message(ReplayAsked(save_id=save_id))

    def action_statistics(self) -> None:
        self.post_message(StatisticsAsked())

    def action_close(self) -> None:
        self.dismiss(None)

"""History and high scores: finished games and the best scores per game."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Static, TabbedContent, TabPane

from tulipgames import games
from tulipgames.store import FinishedGame, HighScore


class HistoryScreen(Screen[None]):
    """Two tabs: recent finished games (winner and scores) and the high-score lists."""

    BINDINGS = [
        Binding("escape", "close", "Back"),
        Binding("left", "tab(-1)", "Prev tab", show=False),
        Binding("right", "tab(1)", "Next tab", show=False),
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

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(
                "History & high scores  (←/→ switch tabs, Enter on a game: its scores)",
                id="history-title",
            )
            with TabbedContent(id="history-tabs"):
                with TabPane("High scores", id="tab-scores"):
                    yield DataTable(id="scores", cursor_type="row", zebra_stripes=True)
                with TabPane("Finished games", id="tab-games"):
                    yield DataTable(id="games", cursor_type="row", zebra_stripes=True)
        yield Footer()

    def on_mount(self) -> None:
        scores = self.query_one("#scores", DataTable)
        scores.add_columns("Game", "Kind", "Name", "Score", "Detail", "Seed", "Date")
        for entry in self.scores:
            title = games.info(entry.game).title if entry.game in games.GAME_IDS else entry.game
            scores.add_row(
                title, entry.variant or "-", entry.name, Text(str(entry.score), justify="right"),
                entry.detail, str(entry.seed or ""), entry.date[:10],
            )
        if not self.scores:
            scores.add_row("No scores yet: finish a game!", "", "", "", "", "", "")
        played = self.query_one("#games", DataTable)
        played.add_columns("Date", "Game", "Result", "Seed")
        for game in self.finished:
            ranking = sorted(range(len(game.names)), key=lambda s: game.result.ranks[s])
            line = ", ".join(f"{game.names[s]} {game.result.totals[s]}" for s in ranking)
            played.add_row(
                game.finished[:16].replace("T", " "), game.title, line, str(game.seed),
                key=str(game.id),
            )
        if not self.finished:
            played.add_row("", "No finished games yet", "", "")
        scores.focus()

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        """Enter on a finished game shows its score sheet again (with rematch)."""
        if event.data_table.id != "games" or event.row_key.value is None:
            return
        resume = getattr(self.app, "resume", None)
        if callable(resume):
            resume(int(event.row_key.value))

    def action_tab(self, step: int) -> None:
        tabs = self.query_one(TabbedContent)
        order = ["tab-scores", "tab-games"]
        current = order.index(tabs.active) if tabs.active in order else 0
        tabs.active = order[(current + step) % len(order)]
        target = "#scores" if tabs.active == "tab-scores" else "#games"
        self.query_one(target, DataTable).focus()

    def action_close(self) -> None:
        self.dismiss(None)

"""Statistics per player: games, wins, mean and best scores, solo levels, recent results and a
score-history chart per game, all computed from the store's finished games (``tulipgames.stats``).

←/→ choose the player (humans by name, then bots by level); the chart shows the player's scores
in each game they played, oldest first, as a sparkline (a terminal chart reads at a glance where
a column of numbers would not).
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Sparkline, Static

from tulipgames import games, stats
from tulipgames.store import FinishedGame


def title_of(game_id: str) -> str:
    return games.info(game_id).title if game_id in games.GAME_IDS else game_id


def player_label(player: str) -> str:
    """How a player is named on screen: a bot by its level ("bot:hard" → "bots (hard)")."""
    if player.startswith("bot:"):
        return f"bots ({player.partition(':')[2] or 'default'})"
    return player


class StatsScreen(Screen[None]):
    """One player's statistics at a time."""

    BINDINGS = [
        Binding("left", "player(-1)", "Prev player"),
        Binding("right", "player(1)", "Next player"),
        Binding("escape", "close", "Back"),
    ]
    DEFAULT_CSS = """
    StatsScreen VerticalScroll { padding: 0 1; }
    StatsScreen .stats-heading { text-style: bold; color: $accent; padding: 1 0 0 0; }
    StatsScreen DataTable { height: auto; max-height: 14; }
    StatsScreen Sparkline { height: 2; margin: 0 0 0 2; }
    StatsScreen .chart-label { height: 1; }
    """

    def __init__(self, finished: Sequence[FinishedGame], player: str | None = None) -> None:
        super().__init__()
        self.finished = list(finished)
        self.players = stats.players(self.finished)
        self.index = self.players.index(player) if player in self.players else 0

    @property
    def player(self) -> str | None:
        return self.players[self.index] if self.players else None

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="stats-body"):
            yield Static(id="stats-title", classes="stats-heading")
            yield DataTable(id="stats-scores", cursor_type="row", zebra_stripes=True)
            yield Static("Score history", classes="stats-heading", id="stats-chart-heading")
            yield VerticalScroll(id="stats-charts")
            yield Static("Recent results", classes="stats-heading")
            yield DataTable(id="stats-recent", cursor_type="row", zebra_stripes=True)
            yield Static(id="stats-solo")
        yield Footer()

    def on_mount(self) -> None:
        self.draw()

    def draw(self) -> None:
        player = self.player
        title = self.query_one("#stats-title", Static)
        scores = self.query_one("#stats-scores", DataTable)
        recent = self.query_one("#stats-recent", DataTable)
        charts = self.query_one("#stats-charts", VerticalScroll)
        scores.clear(columns=True)
        recent.clear(columns=True)
        charts.remove_children()
        if player is None:
            title.update("Statistics: no finished games yet. Play one!")
            return
        count = len(self.players)
        title.update(
            Text.assemble(
                ("Statistics of ", ""), (player_label(player), "bold"),
                (f"   ({self.index + 1} of {count}; ←/→ another player)", "dim"),
            )
        )
        lines = [line for line in stats.score_lines(self.finished) if line.player == player]
        scores.add_columns("Game", "Seats", "Games", "Wins", "Mean", "Best")
        for line in lines:
            scores.add_row(
                title_of(line.game), str(line.seats), str(line.games), str(line.wins),
                f"{line.mean:.1f}", str(line.best),
            )
        played = sorted({line.game for line in lines}, key=title_of)
        for game_id in played:
            history = stats.score_history(self.finished, player, game_id)
            low, high = min(history), max(history)
            label = Text.assemble(
                (title_of(game_id), "bold"),
                f"  {len(history)} game{'s' if len(history) != 1 else ''},"
                f" lowest {low}, highest {high}, last {history[-1]}",
            )
            charts.mount(Static(label, classes="chart-label"))
            charts.mount(Sparkline(history, summary_function=max))
        recent.add_columns("Finished", "Game", "Score", "Place", "Against")
        for entry in stats.recent_results(self.finished, player):
            place = f"{entry.place} of {entry.seats}" if entry.seats > 1 else "solo"
            recent.add_row(
                entry.finished[:16].replace("T", " "), entry.title, str(entry.score), place,
                Text(", ".join(entry.others) or "-"),
            )
        solo = stats.solo_levels(self.finished, player)
        self.query_one("#stats-solo", Static).update(
            Text(
                "Flower Shop solo levels reached: "
                + "; ".join(f"{lv.level} ×{lv.times} (best {lv.best})" for lv in solo)
            )
            if solo
            else ""
        )

    def action_player(self, step: int) -> None:
        if self.players:
            self.index = (self.index + step) % len(self.players)
            self.draw()

    def action_close(self) -> None:
        self.dismiss(None)

"""Statistics per player: games, wins, mean and best scores, solo levels, recent results and a
score-history chart per game, all computed from the seats of the store's finished games
(``Store.seat_results``, ``tulipgames.stats``).

←/→ choose the player (humans by name, then bots by level). The chart comes first, one line per
game, so it is on screen at 80x24: the player's scores in that game, oldest first, as a
sparkline one cell per game (a terminal chart reads at a glance where a column of numbers would
not). A single game draws no chart (one bar says nothing), and a long history is squeezed into
the width, each cell the mean of the games it stands for.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeGuard

from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Static

from tulipgames import stats
from tulipgames.i18n import N_, _, ngettext
from tulipgames.stats import title_of
from tulipgames.store import FinishedGame, SeatResult, Store
from tulipgames.tui.keyline import TranslatedKeys
from tulipgames.tui.widgets.footer import KeyFooter

__all__ = ["StatsScreen", "chart_width", "player_label", "title_of"]

#: Columns of a chart line before the sparkline (the game's title) and the most it may take.
LABEL_WIDTH = 16
CHART_MAX = 40


def player_label(player: str) -> str:
    """How a player is named on screen: a bot by its level ("bot:hard" → "bots (hard)")."""
    if player.startswith("bot:"):
        level = player.partition(":")[2]
        return _("bots ({level})").format(level=_(level) if level else _("default"))
    return player


def figures_table(*columns: str) -> Table:
    """A table of figures drawn as text (no cursor: nothing on these rows can be chosen, and
    one widget of text is far cheaper to draw than a DataTable); the headings are message ids,
    shown in the session's language."""
    table = Table(box=None, pad_edge=False, header_style="bold", padding=(0, 2, 0, 0))
    for column in columns:
        table.add_column(_(column), no_wrap=column != "Against")
    return table


def chart_width(games_played: int, room: int = CHART_MAX) -> int:
    """Cells of a score-history sparkline: one per game up to ``room``, none for one game."""
    return 0 if games_played < 2 else min(games_played, room)


def are_finished_games(
    rows: Sequence[SeatResult] | Sequence[FinishedGame],
) -> TypeGuard[Sequence[FinishedGame]]:
    """Whether ``rows`` are finished games (a sequence holds one kind: its first tells)."""
    return bool(rows) and isinstance(rows[0], FinishedGame)


def seat_rows(rows: Sequence[SeatResult] | Sequence[FinishedGame]) -> list[SeatResult]:
    """Statistics' rows: seat results as given, or the seats of finished games."""
    if are_finished_games(rows):
        return stats.seat_results(rows)
    # every row (no finished game among them, by the type): a list of what mypy then sees
    return [row for row in rows if isinstance(row, SeatResult)]


class StatsScreen(TranslatedKeys, Screen[None]):
    """One player's statistics at a time."""

    BINDINGS = [
        Binding("left", "player(-1)", N_("Prev player")),
        Binding("right", "player(1)", N_("Next player")),
        Binding("escape", "close", N_("Back")),
    ]
    DEFAULT_CSS = """
    StatsScreen VerticalScroll { padding: 0 1; }
    StatsScreen .stats-heading { text-style: bold; color: $accent; margin: 1 0 0 0; }
    StatsScreen #stats-title { margin: 0; }
    StatsScreen #stats-scores, StatsScreen #stats-recent { height: auto; }
    StatsScreen #stats-scores { margin: 1 0 0 0; }
    StatsScreen #stats-charts { height: auto; text-wrap: nowrap; text-overflow: ellipsis; }
    """

    def __init__(
        self,
        source: Store | Sequence[SeatResult] | Sequence[FinishedGame],
        player: str | None = None,
    ) -> None:
        """``source``: the store (each player's games are read when shown, from columns), or
        the rows themselves (``Store.seat_results()``, or finished games)."""
        super().__init__()
        self.store = source if isinstance(source, Store) else None
        self.rows: list[SeatResult] = []
        if isinstance(source, Store):
            self.players = stats.in_order(source.seat_players())
        else:
            self.rows = seat_rows(source)
            self.players = stats.players(self.rows)
        self.index = self.players.index(player) if player in self.players else 0

    def rows_of(self, player: str) -> list[SeatResult]:
        """The seats of every game ``player`` sat in (their own and their opponents')."""
        if self.store is not None:
            return self.store.seat_results(player)
        return self.rows

    @property
    def player(self) -> str | None:
        return self.players[self.index] if self.players else None

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="stats-body"):
            yield Static(id="stats-title", classes="stats-heading")
            yield Static(_("Score history (oldest first)"), classes="stats-heading")
            yield Static(id="stats-charts")
            yield Static(id="stats-scores")
            yield Static(_("Recent results"), classes="stats-heading")
            yield Static(id="stats-recent")
            yield Static(id="stats-solo")
        yield KeyFooter()

    def on_mount(self) -> None:
        self.draw()

    def draw(self) -> None:
        player = self.player
        title = self.query_one("#stats-title", Static)
        scores = self.query_one("#stats-scores", Static)
        recent = self.query_one("#stats-recent", Static)
        charts = self.query_one("#stats-charts", Static)
        for part in (scores, recent, charts):
            part.update("")
        if player is None:
            title.update(_("Statistics: no finished games yet. Play one!"))
            return
        count = len(self.players)
        # Translators: then a player's name
        before = _("Statistics of") + " "
        title.update(
            Text.assemble(
                (before, ""), (player_label(player), "bold"),
                ("   " + _("({number} of {count}; ←/→ another player)").format(
                    number=self.index + 1, count=count), "dim"),
            )
        )
        rows = self.rows_of(player)
        mine = [row for row in rows if stats.player_of(row) == player]
        charts.update(self.chart_text(stats.score_histories(mine, player)))
        table = figures_table(N_("Game"), N_("Seats"), N_("Games"), N_("Wins"), N_("Mean"),
                              N_("Best"))
        for line in stats.score_lines(mine):
            table.add_row(
                title_of(line.game), str(line.seats), str(line.games),
                _("solo") if line.wins is None else str(line.wins), f"{line.mean:.1f}",
                str(line.best),
            )
        scores.update(table)
        table = figures_table(N_("Finished (UTC)"), N_("Game"), N_("Score"), N_("Place"),
                              N_("Against"))
        for entry in stats.recent_results(rows, player):
            place = (_("{place} of {seats}").format(place=entry.place, seats=entry.seats)
                     if entry.seats > 1 else _("solo"))
            table.add_row(
                entry.finished[:16].replace("T", " "), entry.title, str(entry.score), place,
                Text(", ".join(entry.others) or "-", overflow="ellipsis", no_wrap=True),
            )
        recent.update(table)
        solo = stats.solo_levels(mine, player)
        self.query_one("#stats-solo", Static).update(
            Text(
                _("Flower Shop solo levels reached: ")
                + "; ".join(_("{level} ×{times} (best {best})").format(
                    level=_(lv.level), times=lv.times, best=lv.best) for lv in solo)
            )
            if solo
            else ""
        )

    def chart_text(self, histories: dict[str, list[int]]) -> Text:
        """One line per game: its title, the sparkline, and the figures it stands for."""
        # the screen's padding and scroll bar take 4 columns, the figures after the chart 33
        room = max(10, min(CHART_MAX, self.app.size.width - 4 - LABEL_WIDTH - 33))
        text = Text(no_wrap=True, overflow="ellipsis")
        for game_id in sorted(histories, key=title_of):
            history = histories[game_id]
            if len(history) == 1:
                note = _("1 game, score {score}").format(score=history[0])
            else:
                note = ngettext(
                    "{count} game, {low} to {high}, last {last}",
                    "{count} games, {low} to {high}, last {last}", len(history),
                ).format(count=len(history), low=min(history), high=max(history),
                         last=history[-1])
            chart = stats.sparkline(history, chart_width(len(history), room))
            if text:
                text.append("\n")
            name = title_of(game_id)
            if len(name) >= LABEL_WIDTH:
                name = name[:LABEL_WIDTH - 2] + "…"
            text.append(f"{name:<{LABEL_WIDTH}}", "bold")
            if chart:
                text.append(chart + " ")
            text.append(note)
        return text

    def action_player(self, step: int) -> None:
        if self.players:
            self.index = (self.index + step) % len(self.players)
            self.draw()

    def action_close(self) -> None:
        self.dismiss(None)

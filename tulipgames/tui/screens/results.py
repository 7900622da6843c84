"""The end of a game: the score breakdown per category, ranks, winners, tie-break and rematch."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Static

from tulipgames.engine.core import Result, render_names
from tulipgames.engine.record import GameRecord
from tulipgames.table import Table


def ordinal(rank: int) -> str:
    suffix = {1: "st", 2: "nd", 3: "rd"}.get(rank if rank < 20 else rank % 10, "th")
    return f"{rank}{suffix}"


def winners_line(result: Result, names: Sequence[str]) -> str:
    """"Ana wins with 42." / "Ana and Ben share the win with 40." / solo: "Score: 37"."""
    if len(names) == 1:
        return f"{names[0]} scores {result.totals[0]}."
    winners = [names[seat] for seat in result.winners]
    top = max(result.totals)
    if len(winners) == 1:
        return f"{winners[0]} wins with {top}."
    return f"{' and '.join(winners)} share the win with {top}."


class ResultsScreen(Screen[None]):
    """Results of a finished table. ``r`` rematch (same seed), ``n`` new seed, Esc the menu."""

    BINDINGS = [
        Binding("r", "rematch(True)", "Rematch same seed"),
        Binding("n", "rematch(False)", "Rematch new seed"),
        Binding("escape", "leave", "Menu"),
        Binding("m", "leave", "Menu", show=False),
    ]
    DEFAULT_CSS = """
    ResultsScreen { align: center top; }
    ResultsScreen > Vertical { width: 100%; max-width: 110; height: 1fr; padding: 0 1; }
    ResultsScreen #results-title { text-style: bold; color: $accent; padding: 1 0 0 0; }
    ResultsScreen #results-winners { text-style: bold; padding: 0 0 1 0; }
    ResultsScreen DataTable { height: auto; max-height: 16; }
    ResultsScreen #results-tiebreak { padding: 1 0 0 0; color: $text-muted; }
    """

    def __init__(
        self,
        title: str,
        names: Sequence[str],
        result: Result,
        seed: int,
        detail: Sequence[str] = (),
        record: GameRecord | None = None,
        save_id: int | None = None,
    ) -> None:
        super().__init__()
        self.game_title = title
        self.names = list(names)
        self.result = result
        self.seed = seed
        self.detail = list(detail)
        self.record = record
        self.save_id = save_id

    @classmethod
    def for_table(cls, table: Table) -> ResultsScreen:
        """The results of a finished table, with the game's own detail lines if it has any.

        A state may define ``score_detail(seat) -> str`` (a solo level, say); it is shown per
        seat under the table.
        """
        custom = getattr(table.state, "score_detail", None)
        detail = []
        if callable(custom):
            detail = [f"{name}: {custom(seat)}" for seat, name in enumerate(table.names)]
        return cls(
            table.game.title,
            table.names,
            table.state.result(),
            table.record.seed,
            detail,
            table.record,
            table.save_id,
        )

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(f"{self.game_title} — final scores (seed {self.seed})", id="results-title")
            yield Static(Text(winners_line(self.result, self.names)), id="results-winners")
            yield DataTable(id="results-table", show_cursor=False, zebra_stripes=True)
            yield Static(id="results-tiebreak")
        yield Footer()

    def on_mount(self) -> None:
        table = self.query_one(DataTable)
        table.add_column("", key="category")
        for seat, name in enumerate(self.names):
            table.add_column(Text(name, justify="right"), key=f"seat{seat}")
        for index, category in enumerate(self.result.categories):
            cells = [Text(str(row[index]), justify="right") for row in self.result.breakdown]
            table.add_row(category, *cells)
        table.add_row(
            Text("Total", style="bold"),
            *[Text(str(t), style="bold", justify="right") for t in self.result.totals],
        )
        if len(self.names) > 1:
            table.add_row(
                Text("Place", style="bold"),
                *[
                    Text(ordinal(r) + (" *" if r == 1 else ""), style="bold", justify="right")
                    for r in self.result.ranks
                ],
            )
        lines = []
        if self.result.tiebreak:
            lines.append(f"Tie-break: {render_names(self.result.tiebreak, self.names)}")
            if self.result.tiebreak_values:
                shown = ", ".join(
                    f"{name} {value}"
                    for name, value in zip(self.names, self.result.tiebreak_values, strict=False)
                    if value is not None
                )
                if shown:
                    lines.append(f"Compared: {shown}")
        lines.extend(self.detail)
        lines.append("r: rematch, same seed · n: rematch, new seed · Esc: menu")
        self.query_one("#results-tiebreak", Static).update(Text("\n".join(lines)))
        table.focus()

    def action_rematch(self, same_seed: bool) -> None:
        rematch = getattr(self.app, "rematch", None)
        if rematch is None:
            self.notify("Rematch is not offered here.", severity="warning")
            return
        rematch(self, same_seed)

    def action_leave(self) -> None:
        self.dismiss(None)

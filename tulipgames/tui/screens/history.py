"""History and high scores: finished games and the best scores, one table per kind of play."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import DataTable, Static, TabbedContent, TabPane

from tulipgames import games
from tulipgames.i18n import N_, _
from tulipgames.store import HINTS_MARK, STANDIN_KIND, FinishedGame, HighScore
from tulipgames.tui.keyline import TranslatedKeys
from tulipgames.tui.screens.messages import ReplayAsked, ResumeAsked, StatisticsAsked
from tulipgames.tui.widgets import plain
from tulipgames.tui.widgets.footer import KeyFooter

#: The high-score tables: a solo score, a daily-deal score and a score against others are
#: different contests, so each has its own tab. ``(tab id, title, variants)``.
SCORE_TABS = (
    ("scores-table", N_("High scores"), ("",)),
    ("scores-solo", N_("Solo"), ("solo",)),
    ("scores-daily", N_("Daily deal"), ("daily",)),
)
# Translators: the mark of a player who asked the coach for hints (store.HINTS_MARK)
N_("(hints)")


def game_title(game_id: str) -> str:
    return _(games.info(game_id).title) if game_id in games.GAME_IDS else game_id


def ranking_line(game: FinishedGame) -> Text:
    """"Ana 52, Ben 40": every seat by place, as plain text (names are the players' own). A
    seat a stand-in bot played for at a shared table is marked "(stand-in)": its result is not
    its player's own (no high score, no win in the statistics). A player who asked the coach
    for hints is marked "(hints)" (their score's detail carries the mark)."""
    ranking = sorted(range(len(game.names)), key=lambda seat: game.result.ranks[seat])

    def entry(seat: int) -> str:
        standin = seat < len(game.kinds) and game.kinds[seat] == STANDIN_KIND
        hints = seat < len(game.details) and game.details[seat].endswith(HINTS_MARK)
        marks = ((" " + _("(stand-in)") if standin else "")
                 + (" " + _(HINTS_MARK) if hints else ""))
        return f"{game.names[seat]}{marks} {game.result.totals[seat]}"

    return plain(", ".join(entry(s) for s in ranking))


class HistoryScreen(TranslatedKeys, Screen[None]):
    """Tabs: high scores at a table, solo, daily deal, and the recent finished games.

    Only the table of the tab shown is built: each ``DataTable`` costs Textual some 15 ms of
    CPU to compose and style even when it is empty and hidden, which with four of them was most
    of what opening the screen cost. A tab's table is built (and filled) when it is first shown.
    """

    BINDINGS = [
        Binding("escape", "close", N_("Back")),
        Binding("v", "replay", N_("Replay game")),
        Binding("a", "analyse", N_("Analyse")),
        Binding("s", "statistics", N_("Statistics")),
        # priority: the score tables would otherwise take the arrows for a column cursor
        Binding("left", "tab(-1)", N_("Prev tab"), priority=True),
        Binding("right", "tab(1)", N_("Next tab"), priority=True),
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
        #: The tables built so far, by tab id.
        self._tables: dict[str, DataTable[Text | str]] = {}

    @property
    def tab_order(self) -> list[str]:
        return [tab for tab, _title, _variants in SCORE_TABS] + ["tab-games"]

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(
                _("History & high scores  (←/→ switch tabs, Enter on a game: its scores)"),
                id="history-title",
            )
            with TabbedContent(id="history-tabs"):
                first = SCORE_TABS[0][0]
                for tab, title, _variants in SCORE_TABS:
                    with TabPane(_(title), id=tab):
                        if tab == first:
                            yield self._build(tab)
                yield TabPane(_("Finished games"), id="tab-games")
        yield KeyFooter()

    def on_mount(self) -> None:
        # at once when the tab changes (a key, a click, or ``active`` set): the table is then
        # there to be focused or read right after
        self.watch(self.query_one(TabbedContent), "active", self._tab_shown, init=False)
        self.tab_table(SCORE_TABS[0][0]).focus()

    def _tab_shown(self, tab: str) -> None:
        self.tab_table(tab)
        self.refresh_bindings()  # "Analyse" is for the finished games' tab

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "analyse":
            tabs = self.query(TabbedContent)  # (asked before the tabs are composed too)
            return bool(self.finished and tabs) and tabs.first().active == "tab-games"
        return True

    def tab_table(self, tab: str) -> DataTable[Text | str]:
        """The table of a tab (``scores-solo``, ``tab-games``...), built the first time."""
        if tab not in self._tables:
            self.query_one(f"#{tab}", TabPane).mount(self._build(tab))
        return self._tables[tab]

    def _build(self, tab: str) -> DataTable[Text | str]:
        """A tab's table with its rows (``#games`` for the finished games, else ``#<tab>-rows``)."""
        table: DataTable[Text | str] = DataTable(
            id="games" if tab == "tab-games" else f"{tab}-rows",
            cursor_type="row", zebra_stripes=True,
        )
        self._tables[tab] = table
        if tab == "tab-games":
            self._fill_games(table)
        else:
            variants = next(variants for key, _title, variants in SCORE_TABS if key == tab)
            self._fill_scores(table, [entry for entry in self.scores if entry.variant in variants])
        return table

    def _fill_games(self, played: DataTable[Text | str]) -> None:
        played.add_columns(_("Date (UTC)"), _("Game"), _("Result"), _("Seed"))  # as stored: UTC
        for game in self.finished:
            played.add_row(
                game.finished[:16].replace("T", " "), Text(_(game.title)), ranking_line(game),
                str(game.seed), key=str(game.id),
            )
        if not self.finished:
            played.add_row("", _("No finished games yet"), "", "")

    @staticmethod
    def _fill_scores(table: DataTable[Text | str], scores: list[HighScore]) -> None:
        table.add_columns(_("Game"), _("Name"), _("Score"), _("Detail"), _("Seed"),
                          _("Date (UTC)"))
        for entry in scores:
            table.add_row(
                Text(game_title(entry.game)), plain(entry.name),
                Text(str(entry.score), justify="right"), Text(entry.detail),
                str(entry.seed or ""), entry.date[:10],
            )
        if not scores:
            table.add_row(_("No scores yet: finish a game!"), "", "", "", "", "")

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
        self.tab_table(tabs.active).focus()

    def _chosen_game(self) -> int | None:
        """The finished game under the cursor of the games tab, if that tab is open."""
        table = self._tables.get("tab-games")
        if not self.finished or table is None or not table.has_focus:
            return None
        key = table.coordinate_to_cell_key(table.cursor_coordinate).row_key.value
        return None if key is None else int(key)

    def action_replay(self) -> None:
        """Step through the finished game under the cursor, every seat's cards shown."""
        save_id = self._chosen_game()
        if save_id is None:
            self.notify(_("Pick a game in the Finished games tab first."), severity="warning")
            return
        self.post_message(ReplayAsked(save_id=save_id))

    def action_analyse(self) -> None:
        """The replay of the finished game under the cursor, with the coach grading its
        decisions at once."""
        save_id = self._chosen_game()
        if save_id is None:
            self.notify(_("Pick a game in the Finished games tab first."), severity="warning")
            return
        self.post_message(ReplayAsked(save_id=save_id, analyse=True))

    def action_statistics(self) -> None:
        self.post_message(StatisticsAsked())

    def action_close(self) -> None:
        self.dismiss(None)

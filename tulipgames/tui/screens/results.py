"""The end of a game: the score breakdown per category, ranks, winners, tie-break, the final
position of every seat, and rematch."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any

from rich.cells import cell_len
from rich.console import RenderableType
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.message import Message
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Static

from tulipgames.engine.core import Result, render_names
from tulipgames.engine.record import GameRecord
from tulipgames.i18n import N_, SOURCE, _, current, render
from tulipgames.store import score_detail
from tulipgames.table import Table
from tulipgames.tui.keyline import TranslatedKeys
from tulipgames.tui.screens.messages import ReplayAsked
from tulipgames.tui.widgets import plain, printable

#: Up to this many seats get a column each; more get a row each (12 columns do not fit 80).
SEATS_AS_COLUMNS = 4
#: The scroll area is at most this wide (see the CSS); its padding and scrollbar take cells.
MAX_WIDTH = 110
SCROLL_CHROME = 4
#: A score table column's padding: one cell each side.
PADDING = 2

@dataclass(frozen=True)
class FinalPosition:
    """A finished table's final position, drawn at a width: ``seats`` one renderable per seat
    in seat order, ``table`` (if the game has one) what all seats shared, such as a festival."""

    seats: Callable[[int], list[RenderableType]]
    table: Callable[[int], RenderableType] | None = None
    #: Figures the score table shows after the categories, not part of the total: a heading
    #: and one number per seat (Gift of Tulips' bouquet cards, its tie-break).
    columns: Sequence[tuple[str, Sequence[int]]] = ()


def final_position_of(table: Table) -> FinalPosition | None:
    """The game's drawing of this finished table's final position, or ``None`` for a game
    without one: ``final_position(turns, width)`` and optionally ``final_table(turns, width)``
    and ``result_columns(turns)`` in the module its kit names (``final.py``).

    Every seat's own turn goes in, so each seat's private parts (orders, secret cards) come
    from its own view: the game is over, so the results may show them all.
    """
    from tulipgames import games

    try:
        module = games.kit(table.game.id).final_module()
    except games.UnknownGame:  # a game of the tests, not in the registry
        return None
    if module is None:
        return None
    turns = [table.turn(seat) for seat in range(len(table.names))]
    shared = getattr(module, "final_table", None)
    columns = getattr(module, "result_columns", None)
    return FinalPosition(
        partial(module.final_position, turns),
        partial(shared, turns) if shared is not None else None,
        columns(turns) if columns is not None else (),
    )


def final_width(screen_width: int) -> int:
    """The cells the final position may use on a screen this wide."""
    return max(20, min(screen_width, MAX_WIDTH) - SCROLL_CHROME)


def heading(label: str) -> str:
    """A category's heading on two lines, broken at the space (or after the hyphen) that
    leaves the narrower column ("Fox" over "burrows", "First-" over "fill"); one word stays
    whole."""
    breaks = [(index, index + 1) for index, char in enumerate(label) if char == " "]
    breaks += [(index + 1, index + 1) for index, char in enumerate(label[:-1]) if char == "-"]
    if not breaks:
        return label
    end, start = min(breaks, key=lambda cut: max(cell_len(label[:cut[0]]),
                                                  cell_len(label[cut[1]:])))
    return f"{label[:end]}\n{label[start:]}"


def heading_width(label: str) -> int:
    return max(cell_len(line) for line in label.split("\n"))


def column_parts(fixed: int, widths: Sequence[int], room: int) -> list[list[int]]:
    """The categories (by index) of each table, in order, so that every table fits ``room``
    cells: ``fixed`` cells of columns every table repeats (place, player, total), then as many
    categories of these ``widths`` (padding included) as fit. Each table has at least one,
    so a very narrow screen still scrolls sideways rather than losing a column."""
    parts: list[list[int]] = [[]]
    used = fixed
    for index, width in enumerate(widths):
        if parts[-1] and used + width > room:
            parts.append([])
            used = fixed
        parts[-1].append(index)
        used += width
    return parts


#: The first places as their own messages (French 1er but 2e, German 1. 2. 3.).
PLACES = {1: N_("1st"), 2: N_("2nd"), 3: N_("3rd")}


def ordinal(rank: int) -> str:
    """A place in the session's language: 1st, 2nd... (1., 2. in German; 1er, 2e in French)."""
    if current() != SOURCE:
        # Translators: a place from the 4th on ("4th"; German "4.", French "4e")
        return _(PLACES[rank]) if rank in PLACES else _("{rank}th").format(rank=rank)
    suffix = {1: "st", 2: "nd", 3: "rd"}.get(rank if rank < 20 else rank % 10, "th")
    return f"{rank}{suffix}"


def spoken_list(items: Sequence[str]) -> str:
    """"Ana", "Ana and Ben", "Ana, Ben and Cleo": a list as a sentence says it."""
    if len(items) < 2:
        return "".join(items)
    # Translators: the end of a list of names: "Ana, Ben and Cleo"
    return _("{names} and {last}").format(names=", ".join(items[:-1]), last=items[-1])


def winners_line(result: Result, names: Sequence[str]) -> str:
    """"Ana wins with 42." / "Ana and Ben share the win with 40." / solo: "Ana scores 37."."""
    if len(names) == 1:
        return _("{name} scores {score}.").format(name=names[0], score=result.totals[0])
    winners = [names[seat] for seat in result.winners]
    top = max(result.totals)
    if len(winners) == 1:
        return _("{name} wins with {score}.").format(name=winners[0], score=top)
    return _("{names} share the win with {score}.").format(names=spoken_list(winners),
                                                          score=top)


class RematchAsked(Message):
    """The results screen's rematch keys: the same game again, with the same seed or a new one
    (a request to the app, see :mod:`.messages`)."""

    def __init__(self, results: ResultsScreen, same_seed: bool) -> None:
        super().__init__()
        self.results = results
        self.same_seed = same_seed


class ResultsScreen(TranslatedKeys, Screen[None]):
    """Results of a finished table. ``r`` rematch (same seed), ``n`` new seed, Esc the menu.

    Everything is in one scrolling area, so many seats or a long breakdown at 80x24 scroll
    (arrows, PgUp/PgDn) instead of being cut off; with many seats the place, name and total
    come first, so the columns that may run off to the right are the categories.
    """

    BINDINGS = [
        Binding("r", "rematch(True)", N_("Rematch same seed")),
        Binding("n", "rematch(False)", N_("Rematch new seed")),
        Binding("v", "replay", N_("Replay")),
        # shown under the table instead: the footer has no room left at 80 columns
        Binding("f", "final", N_("Final position"), show=False),
        Binding("a", "analyse", N_("Analyse"), show=False),
        Binding("escape", "leave", N_("Menu")),
        Binding("m", "leave", N_("Menu"), show=False),
        # the scroll area takes up/down; the score table's own columns scroll sideways
        Binding("right", "columns(8)", N_("More columns"), priority=True),
        Binding("left", "columns(-8)", N_("Back"), show=False, priority=True),
    ]
    DEFAULT_CSS = """
    ResultsScreen { align: center top; }
    ResultsScreen > VerticalScroll {
        width: 100%; max-width: 110; height: 1fr; padding: 0 1;
    }
    ResultsScreen > VerticalScroll:focus { background-tint: $foreground 3%; }
    ResultsScreen #results-title { text-style: bold; color: $accent; padding: 1 0 0 0; }
    ResultsScreen #results-winners { text-style: bold; }
    ResultsScreen #results-ending { color: $text-muted; padding: 0 0 1 0; }
    ResultsScreen #results-tables { height: auto; }
    ResultsScreen DataTable { height: auto; width: 1fr; scrollbar-size-horizontal: 1; }
    ResultsScreen .results-more { margin: 1 0 0 0; }
    ResultsScreen #results-tiebreak { padding: 1 0 0 0; color: $text-muted; }
    ResultsScreen #results-coach { padding: 1 0 0 0; }
    ResultsScreen #results-final-title { text-style: bold; color: $accent; padding: 1 0 0 0; }
    ResultsScreen .results-seat { height: auto; }
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
        final: FinalPosition | None = None,
    ) -> None:
        super().__init__()
        self.game_title = title
        self.names = list(names)
        self.result = result
        self.seed = seed
        self.detail = list(detail)
        self.record = record
        self.save_id = save_id
        self.final = final
        self._final_width = 0
        #: The par and the coach's lines of a Sixty-One solo game, once drawn.
        self.coach_lines: list[str] = []
        self.coach_analysis: Any = None
        self._parts: list[list[int]] | None = None
        #: The score table's columns after place, player and total: each category's heading
        #: and figures per seat, then the game's own extra figures (see FinalPosition).
        #: The game hands its categories and headings over as message ids or Says: they are
        #: shown in this session's language.
        self.columns: list[tuple[str, list[int]]] = [
            (render(category), [row[index] for row in result.breakdown])
            for index, category in enumerate(result.categories)
        ] + [(render(label), list(values)) for label, values in (final.columns if final else ())]

    @classmethod
    def for_table(cls, table: Table) -> ResultsScreen:
        """The results of a finished table, with the game's own detail lines if it has any and
        every seat's final position.

        A solo game shows its high-score detail (the Flower Shop's level) under the table; with
        several seats the place row says it already.
        """
        detail = []
        if len(table.names) == 1:
            detail = [text for text in [score_detail(table, 0)] if text]
        return cls(
            table.game.title,
            table.names,
            table.result(),
            table.record.seed,
            detail,
            table.record,
            table.save_id,
            final_position_of(table),
        )

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="results-scroll"):
            yield Static(
                Text(_("{title} — final scores (seed {seed})").format(
                    title=_(self.game_title), seed=self.seed)), id="results-title"
            )
            yield Static(plain(winners_line(self.result, self.names)), id="results-winners")
            ending = Static(plain(render_names(render(self.result.ending), self.names)),
                            id="results-ending")
            ending.display = bool(self.result.ending)
            yield ending
            yield Vertical(id="results-tables")
            yield Static(id="results-tiebreak")
            if self.solo_report:
                yield Static(id="results-coach")
            if self.final is not None:
                yield Static(Text(_("Final position")), id="results-final-title")
                if self.final.table is not None:
                    yield Static(classes="results-seat", id="results-shared")
                for seat in range(len(self.names)):
                    yield Static(classes="results-seat", id=f"results-seat-{seat}")
        yield Footer()

    async def on_mount(self) -> None:
        await self._draw_tables()
        lines = []
        if self.result.tiebreak and self._tied():
            lines.append(_("Tie-break: {rule}").format(
                rule=render_names(render(self.result.tiebreak), self.names)))
            if self.result.tiebreak_values:
                shown = ", ".join(
                    f"{name} {value}"
                    for name, value in zip(self.names, self.result.tiebreak_values, strict=False)
                    if value is not None
                )
                if shown:
                    lines.append(_("Compared: {figures}").format(figures=shown))
        if len(self.names) > 1:
            lines.append(_("* the winner"))
        lines.extend(self.detail)
        if self.final is not None:
            lines.append(_("f or ↓: every seat's final position below"))
        if self.record is not None:
            lines.append(_("a: the coach grades every decision (in the replay)"))
        self.query_one("#results-tiebreak", Static).update(plain("\n".join(lines)))
        self._draw_final()
        if self.solo_report:
            self._start_solo_report()
        # the scroll takes the keys, so arrows and PgDn reach seats and rows below the fold
        self.query_one("#results-scroll", VerticalScroll).focus()

    @property
    def solo_report(self) -> bool:
        """Whether this game gets its score beside the par and the coach's figure of what was
        lost where (a Sixty-One solo game; see :mod:`tulipgames.coach.solo`)."""
        from tulipgames.coach.solo import wants_solo_report

        return self.record is not None and wants_solo_report(self.record.game, len(self.names))

    def _start_solo_report(self) -> None:
        """The par at once; the coach's figure from a worker thread (a few seconds)."""
        from tulipgames.coach.solo import par_line

        assert self.record is not None  # solo_report() holds it
        self.coach_lines = [par_line(self.record.game, self.result.totals[0]),
                            _("The coach is adding up…")]
        self.query_one("#results-coach", Static).update(plain("\n".join(self.coach_lines)))
        self.run_worker(self._solo_report(), group="coach")

    async def _solo_report(self) -> None:
        import asyncio

        from tulipgames import games
        from tulipgames.coach.core import analyse
        from tulipgames.coach.solo import lost_lines

        record = self.record
        assert record is not None
        try:
            analysis = await asyncio.to_thread(analyse, games.get_game(record.game), record, [0])
            lines = lost_lines(analysis)
            self.coach_analysis = analysis
        except Exception as exc:  # the results stay without the coach's figure
            lines = [_("The coach could not analyse this game: {problem}").format(problem=exc)]
        self.coach_lines = [self.coach_lines[0], *lines]
        if self.is_attached:
            self.query_one("#results-coach", Static).update(plain("\n".join(self.coach_lines)))

    def _tied(self) -> bool:
        """Whether two seats ended on the same total (only then does a tie-break matter)."""
        return len(set(self.result.totals)) < len(self.result.totals)

    def _place(self, seat: int) -> Text:
        rank = self.result.ranks[seat]
        return Text(ordinal(rank) + (" *" if rank == 1 else ""), style="bold", justify="right")

    def _fill_seat_columns(self, table: DataTable[Text]) -> None:
        """A few seats: one column per seat, one row per scoring category."""
        table.fixed_columns = 1
        table.add_column("", key="category")
        for seat, name in enumerate(self.names):
            table.add_column(Text(printable(name), justify="right"), key=f"seat{seat}")
        categories = len(self.result.categories)
        for label, values in self.columns[:categories]:
            table.add_row(Text(label), *[Text(str(v), justify="right") for v in values])
        table.add_row(
            Text(_("Total"), style="bold"),
            *[Text(str(t), style="bold", justify="right") for t in self.result.totals],
        )
        if len(self.names) > 1:
            table.add_row(
                Text(_("Place"), style="bold"), *[self._place(s) for s in range(len(self.names))]
            )
        for label, values in self.columns[categories:]:  # the game's extra figures
            table.add_row(Text(label), *[Text(str(v), justify="right") for v in values])

    def _columns_fit(self, room: int) -> bool:
        """Whether a column per seat fits ``room`` cells (long names may not: then a row per
        seat, whose categories split into tables that fit, so no number is cut)."""
        labels = [label for label, _ in self.columns]
        first = max(cell_len(label) for label in [*labels, _("Total"), _("Place")])
        seats = sum(
            max(cell_len(printable(name)), len("1st *"), len(str(self.result.totals[seat])),
                *[len(str(values[seat])) for _, values in self.columns]) + PADDING
            for seat, name in enumerate(self.names))
        return first + PADDING + seats <= room

    def _seat_rows_parts(self, room: int) -> tuple[list[list[int]], bool]:
        """How the categories split into tables of seat rows that fit ``room`` cells, and
        whether their headings take two lines: one table with one-line headings if it fits,
        else two-line headings, and only if that is still too wide a second table below for
        the categories left (with place, player and total again), so no column is cut."""
        names = [cell_len(printable(name)) for name in self.names]
        totals = [len(str(total)) for total in self.result.totals]
        fixed = (max(len("11th *"), cell_len(_("Place"))) + max([cell_len(_("Player")), *names])
                 + max([cell_len(_("Total")), *totals]) + 3 * PADDING)
        values = [max(len(str(value)) for value in figures) for _, figures in self.columns]

        def widths(two_lines: bool) -> list[int]:
            return [max(value, heading_width(heading(label) if two_lines else label)) + PADDING
                    for (label, _), value in zip(self.columns, values, strict=True)]

        if fixed + sum(widths(False)) <= room:
            return [list(range(len(values)))], False
        return column_parts(fixed, widths(True), room), True

    async def _draw_tables(self) -> None:
        """The score table(s) for the current width (again after a resize that changes how
        the categories split)."""
        holder = self.query_one("#results-tables", Vertical)
        room = final_width(self.app.size.width)
        if len(self.names) <= SEATS_AS_COLUMNS and self._columns_fit(room):
            if self._parts != []:
                self._parts = []
                await holder.remove_children()
                table: DataTable[Text] = DataTable(
                    id="results-table", show_cursor=False, zebra_stripes=True)
                await holder.mount(table)
                self._fill_seat_columns(table)
                self.refresh_bindings()
            return
        parts, two_lines = self._seat_rows_parts(room)
        if parts == self._parts:
            return
        self._parts = parts
        await holder.remove_children()
        tables: list[DataTable[Text]] = [
            DataTable(id="results-table" if number == 0 else None,
                      classes="" if number == 0 else "results-more",
                      show_cursor=False, zebra_stripes=True, header_height=1 + two_lines)
            for number in range(len(parts))
        ]
        await holder.mount_all(tables)
        for number, (table, part) in enumerate(zip(tables, parts, strict=True)):
            self._fill_seat_rows(table, part, two_lines, total=number == 0)
        self.refresh_bindings()

    def _fill_seat_rows(self, table: DataTable[Text], categories: Sequence[int],
                        two_lines: bool, total: bool) -> None:
        """Many seats: one row per seat in finishing order, so 12 seats fit 80 columns; place
        and name stay put while the other columns scroll sideways (only on a screen too narrow
        for even one category a table)."""
        table.fixed_columns = 2
        lower = "\n" if two_lines else ""
        table.add_column(Text(lower + _("Place")), key="place")
        table.add_column(Text(lower + _("Player")), key="player")
        if total:
            table.add_column(Text(lower + _("Total"), style="bold", justify="right"),
                             key="total")
        for index in categories:
            label = self.columns[index][0]
            # a one-line heading sits on the lower line, next to its numbers
            shown = (heading(label) if "\n" in heading(label) else f"\n{label}") \
                if two_lines else label
            table.add_column(Text(shown, justify="right"),
                             key=f"category{index}")
        order = sorted(range(len(self.names)), key=lambda seat: (self.result.ranks[seat], seat))
        for seat in order:
            first = [self._place(seat), plain(self.names[seat])]
            if total:
                first.append(Text(str(self.result.totals[seat]), style="bold", justify="right"))
            table.add_row(
                *first,
                *[Text(str(self.columns[index][1][seat]), justify="right")
                  for index in categories],
            )

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "columns":
            table = self.query_one(DataTable)
            return table.max_scroll_x > 0
        if action in ("replay", "analyse"):
            return self.record is not None
        if action == "final":
            return self.final is not None
        return True

    def action_columns(self, cells: int) -> None:
        table = self.query_one(DataTable)
        table.scroll_to(x=table.scroll_x + cells, animate=False)

    def _draw_final(self) -> None:
        """Draw every seat's final position for the current width (again after a resize)."""
        width = final_width(self.app.size.width)
        if self.final is None or width == self._final_width:
            return
        self._final_width = width
        if self.final.table is not None:
            self.query_one("#results-shared", Static).update(self.final.table(width))
        for seat, drawing in enumerate(self.final.seats(width)):
            self.query_one(f"#results-seat-{seat}", Static).update(drawing)

    async def on_resize(self) -> None:
        self._draw_final()
        await self._draw_tables()
        self.refresh_bindings()

    def action_final(self) -> None:
        """Scroll to the final position (below the fold at 80x24 with many seats)."""
        scroll = self.query_one("#results-scroll", VerticalScroll)
        scroll.scroll_to_widget(self.query_one("#results-final-title"), top=True)

    def action_rematch(self, same_seed: bool) -> None:
        self.post_message(RematchAsked(self, same_seed))

    def action_replay(self) -> None:
        """Step through the game just finished (every seat's cards may be shown now)."""
        if self.record is not None:
            self.post_message(ReplayAsked(self.record))

    def action_analyse(self) -> None:
        """The replay with the coach grading every decision at once (off the UI thread, a
        progress line on the status line; see docs/coach.md)."""
        if self.record is not None:
            self.post_message(ReplayAsked(self.record, analyse=True))

    def action_leave(self) -> None:
        self.dismiss(None)

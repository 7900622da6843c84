"""The replay viewer: the game's own screen over a :class:`~tulipgames.replay.ReplayTable`.

A replay is drawn by the same screen class as the live game (the board, the log, the status
line), made read-only and given replay keys that take priority over the game's own:
←/→ one action, PgUp/PgDn the previous/next point of new information (a roll, a draw, a new
round), Home/End the start and the end, ``v`` the next seat whose view to show (every seat once
the game is over; only the viewer's own seats before), Esc back.

``a`` runs the coach over a finished game (:func:`tulipgames.coach.analyse_parallel`, on both
cores, in a worker thread; the status line counts the decisions done) for the watcher's own
seats, else the human seats, else every seat. The graded decisions are then marked on a
timeline under the board (``?`` inaccuracy, ``!`` mistake, ``X`` blunder, the position
highlighted), the status line grades the decision about to be made at the position shown, and
``m`` jumps to the next mistake or blunder, and there ``r`` tries it again as a puzzle.
"""

from __future__ import annotations

import asyncio
import dataclasses
import multiprocessing
from collections.abc import Collection
from typing import TYPE_CHECKING, Any

from rich.text import Text
from textual.binding import Binding
from textual.widgets import Static

from tulipgames.coach.core import PROFILE_BUDGET, Analysis, Budget, Decision
from tulipgames.coach.run import analyse_parallel
from tulipgames.engine.record import GameRecord
from tulipgames.i18n import N_, _, ngettext, render
from tulipgames.replay import ReplayTable
from tulipgames.table import Turn
from tulipgames.tui.replay_chat import ReplayChat
from tulipgames.tui.screens.game import GameScreen

#: The replay's keys, shown in pairs ("←→ Step") so that they fit the footer at 80 columns
#: beside the game's own (Home/End are in the rules and the docs, not the footer).
REPLAY_BINDINGS = [
    Binding("left", "replay_step(-1)", N_("Step"), key_display="←→", priority=True),
    Binding("right", "replay_step(1)", N_("Forward"), show=False, priority=True),
    Binding("pageup", "replay_news(-1)", N_("Turn"), key_display="pgup/dn", priority=True),
    Binding("pagedown", "replay_news(1)", N_("Next turn"), show=False, priority=True),
    Binding("home", "replay_seek(0)", N_("Start"), show=False, priority=True),
    Binding("end", "replay_seek(-1)", N_("End"), show=False, priority=True),
    Binding("v", "replay_viewer", N_("View"), priority=True),
    Binding("a", "replay_analyse", N_("Analyse"), priority=True),
    Binding("m", "replay_mistake", N_("Next mistake"), priority=True),
    Binding("r", "replay_try", N_("Try again"), priority=True),
    Binding("escape", "replay_close", N_("Close"), priority=True),
]

#: The grades marked on the timeline, and how (a good decision is a dim dot).
MARKS = {"good": ("·", "dim"), "inaccuracy": ("?", "yellow"), "mistake": ("!", "dark_orange"),
         "blunder": ("X", "bold red")}
#: The grades as a player reads them (the coach's grade words are data: its records and JSON).
GRADE_WORDS = {"good": N_("good"), "inaccuracy": N_("inaccuracy"), "mistake": N_("mistake"),
               "blunder": N_("blunder")}
#: The grades ``m`` jumps to.
MISTAKES = ("mistake", "blunder")


def timeline(analysis: Analysis, length: int, position: int, width: int) -> Text:
    """One line of ``width`` cells over the record's ``length`` actions: each cell shows the
    worst grade among the analysed decisions it covers (a blank where none was analysed), and
    the cell of ``position`` (the decision about to be made) is highlighted."""
    width = max(1, min(width, length or 1))
    order = {grade: rank for rank, grade in enumerate(MARKS)}
    cells: list[str | None] = [None] * width
    for decision in analysis.decisions:
        cell = decision.index * width // max(1, length)
        if cells[cell] is None or order[decision.grade] > order[str(cells[cell])]:
            cells[cell] = decision.grade
    here = min(width - 1, position * width // max(1, length))
    line = Text(no_wrap=True)
    for cell, grade in enumerate(cells):
        mark, style = MARKS[grade] if grade is not None else ("─", "dim")
        line.append(mark, style=f"{style} reverse" if cell == here else style)
    return line


class ReplayControls:
    """What every replay screen adds to its game's screen (mixed in before the game class)."""

    table: ReplayTable
    viewer: int | None
    local_seats: frozenset[int]
    #: The seats the person watching played (see :func:`replay_screen`).
    owned_seats: Collection[int] | None = None
    #: How hard the coach looks and on how many processes (``None``: both cores); tests pass
    #: small ones.
    ANALYSIS_BUDGET: Budget = PROFILE_BUDGET
    #: Processes (``None``: one per core), started by "spawn" (the app's threads are not
    #: forked); see :func:`tulipgames.coach.run.start_resource_tracker` for why they once failed
    #: inside the app.
    ANALYSIS_WORKERS: int | None = None
    #: The coach's analysis once ``a`` has run, and its progress meanwhile (done, total).
    analysis: Analysis | None = None
    analysing: tuple[int, int] | None = None
    #: The decisions whose "try again" puzzle was solved or revealed (their coach's choice
    #: is shown from then on).
    tried: frozenset[int] = frozenset()
    #: Whether the coach starts on opening ("Analyse" on the results screen or in History).
    analyse_on_open: bool = False

    if TYPE_CHECKING:  # what the game's screen this is mixed into (a GameScreen) provides
        from textual.app import App
        from textual.worker import Worker

        app: App[Any]
        size: Any

        def refresh_table(self) -> None: ...

        def dismiss(self, result: None = None) -> object: ...

        def notify(self, message: str, **kwargs: Any) -> None: ...

        def run_worker(self, work: Any, **kwargs: Any) -> Worker[Any]: ...

        def mount(self, *widgets: Any, **kwargs: Any) -> Any: ...

        def refresh_bindings(self) -> None: ...

        def query(self, selector: str) -> Any: ...

        def call_after_refresh(self, callback: Any) -> bool: ...

    def on_mount(self) -> None:
        """(Textual calls this besides the game screen's own ``on_mount``.)"""
        if self.analyse_on_open:
            self.call_after_refresh(self.action_replay_analyse)

    def status_text(self, turn: Turn[Any]) -> str:
        table = self.table
        who = _("everyone (public)") if turn.seat is None else turn.name(turn.seat)
        last = table.last_step()
        did = f" · {turn.name(last[0])}: {last[1]}" if last else " · " + _("the start")
        coach = ""
        if self.analysing is not None:
            coach = _("Analysing {done}/{total}…").format(
                done=self.analysing[0], total=self.analysing[1]) + " · "
        graded = self.decision_here()
        self._show_timeline()
        where = _("Replay {position}/{length}").format(position=table.position,
                                                      length=table.length)
        if graded is not None:  # the graded decision made here, in place of the last step
            return f"{coach}{where} · {self.verdict(graded)}"
        return f"{coach}{where}{did} · " + _("view of {name}").format(name=who)

    def verdict(self, decision: Decision) -> str:
        """"Ana plays bid 3: mistake (-14 win %), r: try again"; once its puzzle was tried,
        "…, coach: bid 9"."""
        name = self.table.names[decision.seat]
        grade = _(GRADE_WORDS.get(decision.grade, decision.grade))
        if decision.grade == "good":
            return _("{name} plays {move}: {grade}").format(name=name, move=decision.made,
                                                           grade=grade)
        # the coach's choice once its puzzle was tried (r), so that it is not told first
        told = (_("coach: {move}").format(move=decision.best) if decision.index in self.tried
                else _("r: try again"))
        unit = render(self.analysis.unit) if self.analysis is not None else ""
        return _("{name} plays {move}: {grade} (-{loss} {unit}), {told}").format(
            name=name, move=decision.made, grade=grade, loss=f"{decision.loss:.0f}", unit=unit,
            told=told)

    def decision_here(self) -> Decision | None:
        """The analysed decision about to be made at the position shown, if any."""
        if self.analysis is None:
            return None
        return next(
            (d for d in self.analysis.decisions if d.index == self.table.position), None
        )

    def analysed_seats(self) -> list[int]:
        """The watcher's own seats, else the human seats, else every seat (a bots' game)."""
        seats = self.table.seats
        if self.owned_seats:
            return sorted(self.owned_seats)
        humans = [seat for seat, spec in enumerate(seats) if not spec.is_bot]
        return humans or list(range(len(seats)))

    def action_replay_analyse(self) -> None:
        """``a``: the coach grades every decision of the analysed seats, off the UI thread."""
        if not self.table.finished:
            self.notify(_("The coach analyses finished games only."), severity="warning")
            return
        if self.analysing is not None:
            self.notify(_("The coach is at it already."))
            return
        if self.analysis is not None:
            self.notify(self.summary())
            return
        record = dataclasses.replace(self.table.record, actions=list(self.table.full))
        self.analysing = (0, 0)
        self.refresh_table()
        self.run_worker(self._analyse(record, self.analysed_seats()), group="coach")

    async def _analyse(self, record: GameRecord, seats: list[int]) -> None:
        app = self.app

        def progress(done: int, total: int) -> None:
            app.call_from_thread(self._progress, done, total)

        try:
            found = await asyncio.to_thread(
                analyse_parallel, self.table.game, record, seats, self.ANALYSIS_BUDGET,
                self.ANALYSIS_WORKERS, progress, multiprocessing.get_context("spawn"),
            )
        except Exception as exc:  # the replay stays usable without the coach
            self.analysing = None
            self.notify(_("The coach could not analyse this game: {problem}").format(problem=exc),
                        severity="error")
            self.refresh_table()
            return
        self.analysing = None
        self.analysis = found
        self.refresh_table()
        self.refresh_bindings()
        self.notify(self.summary(), timeout=10)

    def _progress(self, done: int, total: int) -> None:
        if self.analysing is not None:
            self.analysing = (done, total)
            self.refresh_table()

    def summary(self) -> str:
        """One line per analysed seat: decisions, accuracy, and the grades that count."""
        assert self.analysis is not None
        lines = []
        for perf in self.analysis.performance():
            counted = {
                "inaccuracy": ngettext("{n} inaccuracy", "{n} inaccuracies",
                                       perf.grades["inaccuracy"]),
                "mistake": ngettext("{n} mistake", "{n} mistakes", perf.grades["mistake"]),
                "blunder": ngettext("{n} blunder", "{n} blunders", perf.grades["blunder"]),
            }
            bad = ", ".join(words.format(n=perf.grades[g])
                            for g, words in counted.items() if perf.grades[g])
            line = ngettext("{name}: {n} decision, accuracy {accuracy}%",
                            "{name}: {n} decisions, accuracy {accuracy}%", perf.decisions).format(
                name=perf.name, n=perf.decisions, accuracy=f"{perf.accuracy:.0f}")
            lines.append(f"{line}{'; ' + bad if bad else ''}.")
        return "\n".join(lines) + "\n" + _("m: the next mistake.")

    def action_replay_mistake(self) -> None:
        """``m``: the position of the next mistake or blunder (after the one shown; from the
        start again after the last), shown from the view of the seat that made it."""
        if self.analysis is None:
            self.notify(_("Press a first: the coach grades the game."), severity="warning")
            return
        mistakes = [d for d in self.analysis.decisions if d.grade in MISTAKES]
        if not mistakes:
            self.notify(_("No mistakes in this game."))
            return
        later = [d for d in mistakes if d.index > self.table.position]
        target = later[0] if later else mistakes[0]
        if not later:
            self.notify(_("No more mistakes after this point: back to the first."))
        if target.seat in self.table.viewers(self._owned):
            self.local_seats = frozenset({target.seat})
            self.viewer = target.seat
        self.table.seek(target.index)
        self.refresh_table()
        self.notify(self.verdict(target), markup=False)

    def action_replay_try(self) -> None:
        """``r``: the decision shown as a puzzle (:mod:`tulipgames.tui.screens.puzzle`)."""
        from tulipgames.tui.screens.puzzle import open_puzzle

        open_puzzle(self)

    def _show_timeline(self) -> None:
        """The timeline under the board, mounted with the first analysis."""
        analysis = self.analysis
        if analysis is None:
            return
        existing = list(self.query("#coach-timeline"))
        line = timeline(analysis, self.table.length, self.table.position,
                        max(10, self.size.width - 2))
        if existing:
            strip = existing[0]
            assert isinstance(strip, Static)
            strip.update(line)
            return
        strip = Static(line, id="coach-timeline")
        strip.styles.dock = "bottom"
        strip.styles.height = 1
        strip.styles.padding = (0, 1)
        self.mount(strip)

    def show_results(self) -> None:
        """A replay stays on the board at the end (the results are one Esc away)."""

    def action_undo(self) -> None:
        """Nothing is undone in a replay."""

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("undo", "no_undo", "save"):
            return False
        if action == "replay_viewer":
            return len(self.table.viewers(self._owned)) > 1
        if action == "replay_analyse":
            return self.table.finished
        if action == "replay_mistake":
            return self.analysis is not None
        if action == "replay_try":  # at a decision the coach graded below good
            graded = self.decision_here()
            return graded is not None and graded.grade != "good"
        if action.startswith("replay_"):
            return True
        game_check = getattr(super(), "check_action", None)
        return game_check(action, parameters) if callable(game_check) else True

    @property
    def _owned(self) -> Collection[int] | None:
        return self.owned_seats

    def action_replay_step(self, delta: int) -> None:
        self.table.step(delta)

    def action_replay_news(self, direction: int) -> None:
        self.table.news(direction)

    def action_replay_seek(self, position: int) -> None:
        self.table.seek(self.table.length if position < 0 else position)

    def action_replay_viewer(self) -> None:
        choices = self.table.viewers(self._owned)
        current = choices.index(self.viewer) if self.viewer in choices else 0
        seat = choices[(current + 1) % len(choices)]
        self.local_seats = frozenset() if seat is None else frozenset({seat})
        self.viewer = seat
        self.refresh_table()

    def action_replay_close(self) -> None:
        self.dismiss(None)


def replay_screen(
    record: GameRecord, owned: Collection[int] | None = None, position: int | None = None,
    analyse: bool = False,
) -> GameScreen[Any]:
    """The replay viewer of a record, opened at ``position`` (the end by default).

    ``owned``: the seats the person watching played (their own view is shown first); ``None``
    for someone who played none of them. ``analyse``: the coach starts at once (as ``a``).
    """
    from tulipgames import games

    game = games.get_game(record.game)
    base: type[GameScreen[Any]] = games.kit(record.game).screen_class()
    table = ReplayTable(game, record, position)
    screen_type = type(
        f"Replay{base.__name__}",
        (ReplayControls, ReplayChat, base),  # ReplayChat: the table's chat at each move
        # a class of its own for each replay: it holds the seats this replay's watcher played
        {"BINDINGS": [*base.BINDINGS, *REPLAY_BINDINGS], "owned_seats": owned,
         "analyse_on_open": analyse},
    )
    allowed = table.viewers(owned)
    first = next((seat for seat in allowed if seat is not None and seat in (owned or ())), None)
    screen: GameScreen[Any] = screen_type(table, frozenset() if first is None else {first})
    return screen

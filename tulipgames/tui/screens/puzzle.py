"""Try again: a graded decision of the replay viewer as a puzzle, on the game's own screen.

``r`` in the replay viewer, at a decision the coach graded below good, opens this screen: the
game's own screen class over a :class:`PuzzleTable` set at the position before the decision,
seen by the seat that made it, so the player chooses again with the game's own keys. The table
plays nothing: the first step of the choice is handed to the coach
(:class:`tulipgames.coach.puzzle.Puzzle`, in a worker thread), and the status line and a toast
say whether it is within the coach's margin of the best or still loses, without naming the
coach's choice; ``ctrl+r`` reveals it. Hints, undo and saving are off; Esc goes back to the
replay.
"""

from __future__ import annotations

import asyncio
import dataclasses
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from textual.binding import Binding

from tulipgames.coach.puzzle import Attempt, Puzzle
from tulipgames.engine.core import Action, Event, IllegalAction
from tulipgames.engine.record import GameRecord
from tulipgames.games import kit
from tulipgames.i18n import N_, _
from tulipgames.table import Table, Turn
from tulipgames.tui.screens.game import GameScreen

PUZZLE_BINDINGS = [
    Binding("ctrl+r", "puzzle_reveal", N_("Coach's choice"), key_display="^r", priority=True),
    # after the game's own Esc bindings: Esc steps out of a half-made choice first
    Binding("escape", "puzzle_close", N_("Replay")),
]


class PuzzleTable(Table):
    """The position before a graded decision, where choosing asks the coach instead of
    playing: :meth:`play` checks the first step with the rules, hands it to ``on_choice`` and
    leaves the position as it was (the screen is redrawn, so a half-made choice is cleared)."""

    def __init__(self, puzzle: Puzzle, on_choice: Callable[[Action], None]) -> None:
        record = GameRecord.from_json(puzzle.record.to_json())
        record.actions = record.actions[: puzzle.decision.index]
        super().__init__(puzzle.game, record, bot_delay=0.0)
        self.puzzle = puzzle
        self.on_choice = on_choice

    def turn(self, seat: int | None) -> Turn[Any]:
        live = super().turn(seat)
        if live.undoable:
            live = dataclasses.replace(live, undoable=0)
            self.keep_turn(live)
        return live

    def play(self, seat: int, *actions: Action | str) -> list[Event]:
        if not actions:
            return []
        if seat != self.puzzle.seat:
            raise IllegalAction(N_("only the seat of the puzzle chooses here"))
        first = self._parse(actions[0])
        self.puzzle.refuse(first)
        self.on_choice(first)
        self.version += 1
        self._notify()
        return []

    def take_back(self, seat: int, steps: int = 1) -> None:
        raise IllegalAction(N_("nothing to undo in a puzzle: choose again"))

    def ensure_bots_running(self) -> None:
        """Nobody else moves in a puzzle."""

    def save(self) -> None:
        """A puzzle is never saved."""


class PuzzleControls:
    """What the puzzle adds to its game's screen (mixed in before the game class)."""

    table: PuzzleTable
    #: The verdict shown on the status line, and whether the coach is weighing a choice.
    verdict: str = ""
    judging: bool = False
    #: The last verdict (tests read it).
    last_attempt: Attempt | None = None

    if TYPE_CHECKING:
        from textual.worker import Worker

        def refresh_table(self) -> None: ...

        def dismiss(self, result: None = None) -> object: ...

        def notify(self, message: str, **kwargs: Any) -> None: ...

        def run_worker(self, work: Any, **kwargs: Any) -> Worker[Any]: ...

        def step_back(self) -> bool: ...

        def can_step_back(self) -> bool: ...

    @property
    def puzzle(self) -> Puzzle:
        return self.table.puzzle

    def status_text(self, turn: Turn[Any]) -> str:
        if self.judging:
            return _("Try again · the coach is weighing your choice…")
        if self.verdict:
            return _("Try again · {verdict}").format(verdict=self.verdict)
        return _("Try again: {name}, {prompt} (^r: coach's choice)").format(
            name=turn.name(self.puzzle.seat), prompt=turn.prompt)

    def chosen(self, action: Action) -> None:
        """A choice from the game's keys: judged off the UI thread."""
        if self.judging:
            self.notify(_("The coach is still weighing your last choice."), severity="warning")
            return
        self.judging = True
        self.run_worker(self._judge(action), group="puzzle")

    async def _judge(self, action: Action) -> None:
        try:
            attempt = await asyncio.to_thread(self.puzzle.judge, action)
        except Exception as exc:  # the puzzle stays open without a verdict
            self.judging = False
            self.notify(_("The coach could not judge this choice: {problem}").format(problem=exc),
                        severity="error")
            self.refresh_table()
            return
        self.judging = False
        self.puzzle.add(attempt)
        self.last_attempt = attempt
        self.verdict = attempt.line()
        if not attempt.within:
            self.verdict += " " + _("^r: the coach's choice.")
        self.refresh_table()
        self.notify(self.verdict, severity="information" if attempt.within else "warning",
                    timeout=10, markup=False)

    def action_puzzle_reveal(self) -> None:
        self.verdict = self.puzzle.reveal()
        self.refresh_table()
        self.notify(self.verdict, timeout=15, markup=False)

    def action_puzzle_close(self) -> None:
        """Esc: out of a half-made choice first (the game's own step back), else back to the
        replay."""
        if not self.step_back():
            self.dismiss(None)

    def show_results(self) -> None:
        """A puzzle never ends the game."""

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("undo", "no_undo", "save", "hint", "leave"):
            return False
        if action == "puzzle_close":
            return not self.can_step_back()
        if action.startswith("puzzle_"):
            return True
        game_check = getattr(super(), "check_action", None)
        return game_check(action, parameters) if callable(game_check) else True


def puzzle_screen(puzzle: Puzzle) -> GameScreen[Any]:
    """The game's own screen over the puzzle's position, for the seat that made the choice."""
    base: type[GameScreen[Any]] = kit(puzzle.game.id).screen_class()
    screen_type = type(
        f"Puzzle{base.__name__}",
        (PuzzleControls, base),
        {"BINDINGS": [*base.BINDINGS, *PUZZLE_BINDINGS]},
    )
    holder: list[PuzzleControls] = []
    table = PuzzleTable(puzzle, lambda action: holder[0].chosen(action))
    screen: GameScreen[Any] = screen_type(table, frozenset({puzzle.seat}))
    assert isinstance(screen, PuzzleControls)
    holder.append(screen)
    return screen


def open_puzzle(replay: Any) -> None:
    """``r`` in the replay viewer (a :class:`~tulipgames.tui.screens.replay.ReplayControls`):
    the decision shown, graded below good, as a puzzle on top of the replay. Once it is solved
    or its answer revealed, the replay names the coach's choice there too."""
    decision = replay.decision_here()
    if decision is None or decision.grade == "good":
        replay.notify(_("Try again works at a decision the coach graded below good (m)."),
                      severity="warning")
        return
    table = replay.table
    record = dataclasses.replace(table.record, actions=list(table.full))
    puzzle = Puzzle(table.game, record, decision, replay.ANALYSIS_BUDGET)

    def back(_result: None) -> None:
        if puzzle.solved or puzzle.revealed:
            replay.tried = replay.tried | {decision.index}
        replay.refresh_table()

    replay.app.push_screen(puzzle_screen(puzzle), callback=back)

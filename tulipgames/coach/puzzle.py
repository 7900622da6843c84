"""Try again: a graded decision of a finished game as a puzzle.

The position before the decision is set up again from the record, for the seat that made it.
The player chooses again, and each new choice is judged by the same call that graded the game
(:func:`tulipgames.coach.core.analyse_decision`, the same decision's random source and budget,
so the same worlds and the same luck): it is **within the margin** when it loses less than the
game's first threshold (the coach grades it good), else it "still loses" that much. The coach's
own choice is never told with a verdict; the player asks for it (:meth:`Puzzle.reveal`).

No screen here: :mod:`tulipgames.tui.screens.puzzle` draws the position with the game's own
screen and calls :meth:`Puzzle.judge` in a worker thread.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from tulipgames.coach.core import (
    PROFILE_BUDGET,
    Budget,
    Decision,
    analyse_decision,
    position_before,
)
from tulipgames.coach.memory import world_maker
from tulipgames.coach.profiles import grade, profile
from tulipgames.engine.core import Action, Game, IllegalAction, State
from tulipgames.engine.record import GameRecord
from tulipgames.i18n import N_, _


@dataclass(frozen=True)
class Attempt:
    """One new choice at the puzzle and the coach's verdict on it."""

    action: str
    #: What it loses against the coach's best, in the analysis's unit (win % or points).
    loss: float
    grade: str
    #: Whether the loss is under the margin (the coach grades the choice good).
    within: bool
    #: Whether this is the choice made in the game.
    again: bool
    unit: str

    def line(self) -> str:
        """The verdict in one line in the session's language, without the coach's choice."""
        if self.within:
            how = _("as good as the coach's best") if self.loss == 0 else (
                _("loses only {loss} {unit}").format(loss=f"{self.loss:.1f}", unit=_(self.unit)))
            return _("{move}: within the coach's margin of the best ({how}).").format(
                move=self.action, how=how)
        same = " " + _("(the move played in the game)") if self.again else ""
        return _("{move}: still loses {loss} {unit} against the coach's best ({grade}). "
                 "Try again.").format(move=self.action + same, loss=f"{self.loss:.0f}",
                                      unit=_(self.unit), grade=_(self.grade))


@dataclass
class Puzzle:
    """A graded decision set up again: its position, the seat to move and what counts."""

    game: Game
    record: GameRecord
    decision: Decision
    budget: Budget = PROFILE_BUDGET
    attempts: list[Attempt] = field(default_factory=list)
    revealed: bool = False

    def __post_init__(self) -> None:
        self.state: State = position_before(self.game, self.record, self.decision.index)
        solo = len(self.record.seats) == 1
        prof = profile(self.game.id)
        self.thresholds = prof.solo_thresholds if solo else prof.thresholds
        self.unit = N_("points") if solo else N_("win %")

    @property
    def seat(self) -> int:
        return self.decision.seat

    @property
    def margin(self) -> float:
        """A new choice losing less than this is within the coach's margin (graded good)."""
        return self.thresholds[0]

    @property
    def solved(self) -> bool:
        return any(attempt.within for attempt in self.attempts)

    def refuse(self, action: Action) -> None:
        """Raise :class:`IllegalAction` when ``action`` is not a legal choice here."""
        if str(action) not in {str(a) for a in self.state.legal_actions(self.seat)}:
            self.state.refuse(self.seat, action)
            # said to the player who chose it, in their language
            raise IllegalAction(_("{move} is not one of the choices here").format(move=action))

    def judge(self, action: Action) -> Attempt:
        """The verdict on ``action`` (slow for a new choice: run it off the UI thread). The
        choice made in the game and the coach's best are known already; any other is weighed
        as the analysis weighed the decision."""
        self.refuse(action)
        text, decision = str(action), self.decision
        if text == decision.made:
            loss = decision.loss
        elif text == decision.best:
            loss = 0.0
        else:
            judged = analyse_decision(
                self.game, self.state.clone(), self.seat, action, decision.index,
                self.record.seed, self.budget,
                world_maker(self.game, self.record, decision.index, self.seat),
            )
            loss = judged.loss if judged is not None else 0.0
        found = grade(loss, self.thresholds)
        return Attempt(text, loss, found, loss < self.margin, text == decision.made, self.unit)

    def add(self, attempt: Attempt) -> None:
        self.attempts.append(attempt)

    def reveal(self) -> str:
        """The coach's choice and what the game's move lost, in one line."""
        self.revealed = True
        decision = self.decision
        best = decision.choices[0]
        worth = (_("expected score {score}").format(score=f"{best.lead:.1f}")
                 if self.unit == "points"
                 else _("win chance {chance}%").format(chance=f"{best.win:.0f}"))
        return _("The coach's choice: {best} ({worth}). In the game, {made} lost {loss} {unit} "
                 "({grade}).").format(best=decision.best, worth=worth, made=decision.made,
                                      loss=f"{decision.loss:.0f}", unit=_(self.unit),
                                      grade=_(decision.grade))

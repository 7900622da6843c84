"""First-game tutorials: a fixed deal played step by step, then the player plays on freely.

Each game declares its tutorial as data, ``TUTORIAL`` in ``tulipgames/games/<id>/tutorial.py``:
a seed and seat count (so the deal is always the same), the bots' level, and a few
:class:`Step` s, each the explanation of the rule in play at that moment and the action(s) the
lesson asks for, by notation. Because the deal is fixed and the bots' replies are deterministic
(the table seeds them from the record), every explanation is true at its position; a test
replays each script and checks that every suggested action is legal at its step.

A :class:`Tutorial` follows a :class:`~tulipgames.table.Table` and never changes it: where the
lesson stands is read from the record (how many actions the learner's seat has played), so an
undo simply steps the lesson back. A screen or a plain session asks :meth:`Tutorial.attempt`
before it plays: an action the rules refuse gets the rules' own reason (``Table.why_not``), a
legal action other than the lesson's keeps the learner on the step with the lesson's reason.
After the last step anything legal goes: the learner plays the game to its end.

Pure: no Textual, no Rich; the full-screen screen (``tui/screens/tutorial.py``) and the plain
mode (``plain/tutorial.py``) draw what this module says.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from tulipgames.engine.core import Action, IllegalAction, SeatSpec
from tulipgames.games import get_game, kit
from tulipgames.i18n import N_, Say, _, render
from tulipgames.table import Table

#: The learner's seat: the first, with this name unless the caller gives another.
LEARNER = 0
DEFAULT_NAME = "You"


@dataclass(frozen=True)
class Step:
    """One lesson: the rule in play in two or three short lines, and what to do.

    ``play`` holds the learner's actions of this step by notation, in order (several for a
    decision made in steps, such as a bouquet split). ``why_not`` is an action the rules
    refuse at the step's first action, which the learner may ask about ("why not?"): the answer
    is the rules' own reason. ``look`` names the part of the board the step is about.
    """

    lines: tuple[str | Say, ...]
    play: tuple[str, ...]
    why_not: str = ""
    look: str | Say = ""


@dataclass(frozen=True)
class Script:
    """A game's tutorial: the fixed deal, who sits at it and the lessons."""

    game: str
    seed: int
    seats: int
    steps: tuple[Step, ...]
    #: Shown before the first step: what the game is about, in a line or two.
    welcome: tuple[str, ...] = ()
    #: Shown after the last step, when the learner plays on alone.
    free: tuple[str | Say, ...] = (N_("Now play freely to the end: every choice is yours."),)
    #: The bots' level (the others' seats); "" for the game's default level.
    level: str = ""
    options: Mapping[str, Any] = field(default_factory=lambda: MappingProxyType({}))
    #: The bots' names, seat 1 on.
    bot_names: tuple[str, ...] = ("Ben", "Cleo", "Dora", "Emil", "Fay")

    @property
    def actions(self) -> tuple[str, ...]:
        """Every action the lessons ask for, in the order they are played."""
        return tuple(action for step in self.steps for action in step.play)

    def seat_specs(self, name: str = DEFAULT_NAME) -> list[SeatSpec]:
        """The learner first, then the bots of the script's level."""
        kind = f"bot:{self.level}" if self.level else "bot"
        return [SeatSpec(name), *(SeatSpec(self.bot_names[i], kind)
                                  for i in range(self.seats - 1))]


def load_tutorial(game_id: str) -> Script:
    """The tutorial script of a game (``TUTORIAL`` in ``games/<id>/tutorial.py``); raises
    ``ValueError`` for an unknown game or a game without one."""
    get_game(game_id)  # an unknown id says which games there are
    script: Script | None = kit(game_id).load_tutorial()
    if script is None:
        raise ValueError(f"{game_id} has no tutorial yet")
    return script


@dataclass(frozen=True)
class Verdict:
    """The answer to an attempt: whether it may be played, and if not, why not."""

    ok: bool
    reason: str = ""


class Tutorial:
    """A tutorial's progress over a table that plays its fixed deal."""

    def __init__(self, script: Script, table: Table) -> None:
        self.script = script
        self.table = table
        self.seat = LEARNER
        self._expected = tuple(str(table.game.parse_action(a)) for a in script.actions)
        # where each step starts, counted in the learner's actions
        starts, count = [], 0
        for step in script.steps:
            starts.append(count)
            count += len(step.play)
        self._starts = tuple(starts)

    @classmethod
    def start(cls, script: Script, name: str = DEFAULT_NAME, **table_args: Any) -> Tutorial:
        """A new table for the script's deal (never saved) and the tutorial over it."""
        game = get_game(script.game)
        table = Table.new(game, script.seat_specs(name), script.seed, dict(script.options),
                          **table_args)
        return cls(script, table)

    # -- where the lesson stands ------------------------------------------------------------
    @property
    def played(self) -> int:
        """How many actions the learner has played (undo takes them back, and the lesson)."""
        return sum(1 for seat, _ in self.table.record.actions if seat == self.seat)

    @property
    def free(self) -> bool:
        """Whether the lessons are over and the learner plays on freely."""
        return self.played >= len(self._expected)

    @property
    def index(self) -> int:
        """The current step's index (``len(steps)`` once the learner plays freely)."""
        played = self.played
        return sum(1 for start in self._starts[1:] if start <= played) if not self.free \
            else len(self.script.steps)

    @property
    def step_start(self) -> int:
        """How many of the learner's actions come before the current step."""
        index = self.index
        return self._starts[index] if index < len(self._starts) else len(self._expected)

    @property
    def step(self) -> Step | None:
        """The current lesson, ``None`` once the learner plays freely."""
        index = self.index
        return self.script.steps[index] if index < len(self.script.steps) else None

    @property
    def expected(self) -> str | None:
        """The notation of the action the lesson asks for next (``None``: free play)."""
        played = self.played
        return self._expected[played] if played < len(self._expected) else None

    def learner_to_act(self) -> bool:
        return not self.table.is_over and self.seat in self.table.to_act()

    def suggested(self) -> Action | None:
        """The lesson's next action as the game's action (the screens name and mark it)."""
        expected = self.expected
        return None if expected is None else self.table.game.parse_action(expected)

    # -- asking -------------------------------------------------------------------------------
    def attempt(self, actions: Sequence[Action | str]) -> Verdict:
        """May the learner play these steps now? The rules answer first (their own reason
        for an illegal action); then, during the lessons, the steps must be the lesson's."""
        try:
            reason = self.table.why_not(self.seat, *actions)
        except IllegalAction as exc:  # an unreadable notation
            reason = exc.reason
        if reason is not None:
            return Verdict(False, _("Why not? {reason}.").format(reason=capital(render(reason))))
        played = self.played
        wanted = self._expected[played:played + len(actions)]
        if not wanted:
            return Verdict(True)
        given = tuple(str(self.table.game.parse_action(a) if isinstance(a, str) else a)
                      for a in actions)
        if given[:len(wanted)] == wanted:
            return Verdict(True)
        # kept short: it is one row of the panel under the lesson at 80 columns
        return Verdict(False, _("Allowed, but this lesson plays {move}.").format(
            move=self.say(wanted[0])))

    def why_not(self) -> str | None:
        """The rules' answer to the step's "why not?" question (``None``: the step has none)."""
        step = self.step
        if step is None or not step.why_not or not self.learner_to_act():
            return None
        reason = self.table.why_not(self.seat, step.why_not)
        if reason is None:
            return None
        return _("Why not {move}? {reason}.").format(move=self.say(step.why_not),
                                                     reason=capital(reason))

    def say(self, notation: str) -> str:
        """An action in words, as the game's plain mode says it ("Mugs, spot 2, write 2, leaf
        die 3"); the notation itself for a game without words for it."""
        action = self.table.game.parse_action(notation)
        words = _plain_words(self.table.game.id)
        describe = getattr(words, "describe_action", None)
        if describe is None or not self.learner_to_act():
            return f"'{action}'"
        text = str(describe(action, self.table.turn(self.seat)))
        return text.replace(" · ", ", ")

    # -- what to show ---------------------------------------------------------------------------
    def lines(self) -> list[str]:
        """The explanation for now: the step's lines and what to do, or the free-play lines."""
        step = self.step
        if step is None:
            return [render(line) for line in self.script.free]
        head = _("Step {number} of {count}").format(number=self.index + 1,
                                                    count=len(self.script.steps))
        lines = [render(line) for line in step.lines]
        out = [f"{head}. {lines[0]}", *lines[1:]]
        if self.learner_to_act() and self.expected is not None:
            out.append(_("Do: {move}.").format(move=self.say(self.expected)))
        return out


def capital(text: str) -> str:
    """A reason as a sentence starts: its first letter a capital."""
    return f"{text[:1].upper()}{text[1:]}"


def _plain_words(game_id: str) -> Any:
    return kit(game_id).plain_module()


__all__ = ["DEFAULT_NAME", "LEARNER", "Script", "Step", "Tutorial", "Verdict", "load_tutorial"]

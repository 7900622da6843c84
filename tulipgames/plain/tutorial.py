"""A first-game tutorial in plain text: the lesson's lines before each decision's prompt.

A :class:`TutorialSession` is a :class:`~tulipgames.plain.session.PlainSession` over the
tutorial's table that says, before a decision, the step's explanation (once per step) and what
to do (every time); a choice other than the lesson's is answered, not played: with the rules'
own reason when they refuse it, else with the lesson's move. ``why`` asks the step's "why
not?" question. After the last step the session is an ordinary game to its end.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tulipgames.engine.core import Action
from tulipgames.i18n import _, ngettext, render
from tulipgames.plain.session import TURN_LINES, PlainSession, Reader, Writer
from tulipgames.tutorial import DEFAULT_NAME, Tutorial, load_tutorial

#: The answer that asks the step's "why not?" question.
WHY = "why"


class TutorialSession(PlainSession):
    """A plain game that follows a :class:`Tutorial`."""

    def __init__(self, tutorial: Tutorial, read: Reader, write: Writer, **kwargs: Any) -> None:
        super().__init__(tutorial.table, read, write, seats=frozenset({tutorial.seat}),
                         **kwargs)
        self.tutorial = tutorial
        #: The step whose explanation was said last (-1: none yet).
        self._told = -1

    def run(self) -> int:
        script = self.tutorial.script
        self.write(ngettext("Tutorial: {title}, {count} short lessons on a fixed deal, then you "
                            "play on freely.",
                            "Tutorial: {title}, {count} short lessons on a fixed deal, then you "
                            "play on freely.", len(script.steps)).format(
            title=_(self.table.game.title), count=len(script.steps)))
        for line in script.welcome:
            self.write(render(line))
        return super().run()

    def decide(self, seat: int) -> bool:
        # what happened since comes first, then the lesson, then the question
        events = self.needed_news()
        for line in self.compact(events, TURN_LINES - 1):
            self.say(line)
        self.tell()
        return super().decide(seat)

    def tell(self) -> None:
        """The step's explanation once, when the step begins; what to do before every
        decision of the lessons."""
        tutorial = self.tutorial
        index = tutorial.index
        lines = tutorial.lines()
        if index != self._told:
            self._told = index
            if tutorial.free:
                for line in lines:
                    self.write(line)
                return
            body = lines[:-1] if tutorial.expected is not None else lines
            for line in body:
                self.write(line)
            step = tutorial.step
            if step is not None and step.why_not:
                # Translators: {word} is the command "why" (typed in English)
                self.write(_("Type {word}: why not {question}?").format(
                    word=WHY, question=tutorial.say(step.why_not)))
        if not tutorial.free and tutorial.expected is not None:
            self.write(lines[-1])

    def ask(self) -> str | None:
        """An answer; ``why`` is answered here and asked again."""
        while True:
            answer = super().ask()
            if answer is None or answer.strip().lower() != WHY:
                return answer
            said = self.tutorial.why_not()
            self.write(said or _("This step has no why-not question: follow the lesson."))

    def play(self, seat: int, action: Action) -> bool:
        verdict = self.tutorial.attempt([action])
        if not verdict.ok:
            self.write(render(verdict.reason))
            return True
        return super().play(seat, action)


def run_tutorial(
    game_id: str,
    read: Reader,
    write: Writer,
    *,
    echo: bool = False,
    prompt: Callable[[str], None] | None = None,
    name: str = DEFAULT_NAME,
) -> int:
    """Play a game's tutorial in plain text (never saved); the exit status."""
    tutorial = Tutorial.start(load_tutorial(game_id), name, bot_delay=0)
    return TutorialSession(tutorial, read, write, echo=echo, prompt=prompt).run()


__all__ = ["TutorialSession", "run_tutorial"]

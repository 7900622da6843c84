"""The first-game tutorial on screen: the game's own screen with a small lesson panel.

:func:`tutorial_screen` makes the game's own screen class with :class:`TutorialControls` mixed
in (as the replay viewer does), over a table that plays the tutorial's fixed deal and is never
saved. Under the status line a panel says the rule in play (two or three lines), what the
lesson asks for ("Do: Mugs, spot 2, write 2, leaf die 3"; the game's own board marks the legal
choices as always) and, after a wrong choice, why not: the rules' own reason, or the lesson's
move when the rules allow the choice. ``n`` asks the step's "why not?" question. After the
last lesson the panel says so and the learner plays the game freely to its end and results.

The screen never reads the table's state: the lesson follows the record
(:class:`tulipgames.tutorial.Tutorial`) and "may I?" goes to ``Table.why_not``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rich.text import Text
from textual.binding import Binding
from textual.widgets import Static

from tulipgames.engine.core import Action
from tulipgames.games import kit
from tulipgames.i18n import N_, _, render
from tulipgames.table import Turn
from tulipgames.tutorial import Tutorial, capital, load_tutorial

if TYPE_CHECKING:
    from textual.app import App

    from tulipgames.tui.screens.game import GameScreen

TUTORIAL_BINDINGS = [Binding("n", "why_not", N_("Why not?"))]


class LessonPanel(Static):
    """The lesson: the step and what it is about on the top border, the rule in play, what
    to do, and the answer to a wrong choice. Plain text: no markup for a reader to say."""

    DEFAULT_CSS = """
    LessonPanel {
        height: auto; padding: 0 1; border-top: solid $accent; border-title-color: $accent;
        border-title-style: bold;
    }
    """


class TutorialControls:
    """What a tutorial adds to its game's screen (mixed in before the game's class)."""

    tutorial: Tutorial
    #: The answer to the last wrong choice or "why not?" ("" when there is none).
    feedback = ""

    if TYPE_CHECKING:  # what the game's screen this is mixed into (a GameScreen) provides
        app: App[Any]
        viewer: int | None

        @property
        def acting(self) -> bool: ...

        @property
        def is_attached(self) -> bool: ...

        def query(self, selector: Any) -> Any: ...

        def mount(self, *widgets: Any, **kwargs: Any) -> Any: ...

        def refresh_bindings(self) -> None: ...

        def call_after_refresh(self, callback: Any, *args: Any) -> bool: ...

        def fit_log(self) -> None: ...

    def on_mount(self) -> None:
        # under the status line, above the board (the base class composes those)
        self.mount(LessonPanel(id="lesson"), after="#status")
        self.call_after_refresh(self.show_lesson)

    def show(self, turn: Turn[Any]) -> None:
        super().show(turn)  # type: ignore[misc]  # a mixin: super() is the game's screen
        self.show_lesson()

    def show_lesson(self) -> None:
        """Redraw the panel from the lesson (after every change of the table)."""
        if not self.is_attached:
            return
        panels = self.query(LessonPanel)
        if not panels:
            return  # not mounted yet: it draws itself once it is
        panel = panels.first()
        tutorial = self.tutorial
        step = tutorial.step
        text = Text()
        if step is None:
            panel.border_title = _("Tutorial · free play")
            text.append(" ".join(render(line) for line in tutorial.script.free))
        else:
            about = f" · {render(step.look)}" if step.look else ""
            # the step's question on the top line, where it never wraps the lesson
            ask = " · " + _("n: why not?") if self.check_action("why_not", ()) else ""
            panel.border_title = _("Tutorial · step {number} of {count}").format(
                number=tutorial.index + 1, count=len(tutorial.script.steps)) + about + ask
            text.append(" ".join(render(line) for line in step.lines))
            if tutorial.learner_to_act() and tutorial.expected is not None:
                text.append("\n▸ " + _("Do:") + " ", style="bold")
                text.append(tutorial.say(tutorial.expected), style="bold")
            elif not tutorial.learner_to_act():
                text.append("\n" + _("… the others play."), style="dim")
        if self.feedback:
            text.append(f"\n✗ {self.feedback}", style="bold")
        panel.update(text)
        self.call_after_refresh(self.fit_log)

    def submit(self, *actions: Action | str) -> bool:
        """Play the learner's intent if the lesson agrees; else say why not and keep the
        learner on the step."""
        if self.acting and self.viewer == self.tutorial.seat:
            verdict = self.tutorial.attempt(actions)
            if not verdict.ok:
                self.feedback = verdict.reason
                self.show_lesson()
                return False
        self.feedback = ""
        played: bool = super().submit(*actions)  # type: ignore[misc]  # a mixin: super() is the game's screen
        return played

    def why_not(self, *actions: Action | str) -> str | None:
        """A game screen asking the rules "may I?" before it plays (Spice Road's keys, the
        Flower Shop's list): a refusal is also the lesson's answer in the panel."""
        reason: str | None = super().why_not(*actions)  # type: ignore[misc]  # a mixin: super() is the game's screen
        if reason is not None and self.acting:
            self.feedback = _("Why not? {reason}.").format(reason=capital(reason))
            self.show_lesson()
        return reason

    def action_why_not(self) -> None:
        """``n``: the rules' answer to the step's "why not?" question."""
        answer = self.tutorial.why_not()
        self.feedback = answer or _("Nothing to ask here: follow the lesson.")
        self.show_lesson()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "why_not":
            step = self.tutorial.step
            return bool(step is not None and step.why_not and self.tutorial.learner_to_act()
                        and self.tutorial.played == self.tutorial.step_start)
        checked: bool | None = super().check_action(action, parameters)  # type: ignore[misc]  # a mixin: super() is the game's screen
        return checked


def tutorial_screen(tutorial: Tutorial) -> GameScreen[Any]:
    """The game's own screen with the lesson panel, for the learner's seat."""
    base: type[GameScreen[Any]] = kit(tutorial.table.game.id).screen_class()
    screen_type = type(
        f"Tutorial{base.__name__}",
        (TutorialControls, base),
        {"BINDINGS": [*base.BINDINGS, *TUTORIAL_BINDINGS], "tutorial": tutorial},
    )
    screen: GameScreen[Any] = screen_type(tutorial.table, frozenset({tutorial.seat}))
    return screen


def open_tutorial(app: App[Any], game_id: str, name: str = "You", bot_delay: float = 0.35
                  ) -> GameScreen[Any]:
    """Push a game's tutorial on ``app`` (a new table on the fixed deal, never saved); leaving
    it stops its bots."""
    tutorial = Tutorial.start(load_tutorial(game_id), name, bot_delay=bot_delay)
    screen = tutorial_screen(tutorial)
    app.push_screen(screen, callback=lambda _left: tutorial.table.stop_bots())
    return screen


__all__ = ["LessonPanel", "TutorialControls", "open_tutorial", "tutorial_screen"]

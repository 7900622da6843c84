"""The tutorial on screen at 80x24: the lesson panel over the game's own screen, a wrong
choice answered with the rules' why_not, the lessons played to "play freely"; the menu entry."""

from __future__ import annotations

from typing import Any

from textual.pilot import Pilot

from tests.test_tutorial import replay
from tests.tui.test_snapshots import compare, draw
from tulipgames.tui.app import TulipGamesApp
from tulipgames.tui.screens.tutorial import (
    LessonPanel,
    TutorialControls,
    open_tutorial,
    tutorial_screen,
)
from tulipgames.tutorial import Tutorial, load_tutorial


async def until(pilot: Pilot[Any], ready: Any, rounds: int = 200) -> None:
    for _ in range(rounds):
        if ready():
            return
        await pilot.pause(0.02)
    raise AssertionError("the condition never held")


def panel_text(app: TulipGamesApp) -> str:
    panel = app.screen.query_one(LessonPanel)
    return f"{panel.border_title}\n{panel.render()}"


async def test_spice_road_tutorial_to_free_play_with_a_wrong_choice() -> None:
    app = TulipGamesApp(None)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = open_tutorial(app, "spiceroad", bot_delay=0)
        assert isinstance(screen, TutorialControls)
        tutorial = screen.tutorial
        await until(pilot, lambda: screen.acting and screen.query(LessonPanel))
        await pilot.pause()
        text = panel_text(app)
        assert "Tutorial · step 1 of 7 · the merchant row · n: why not?" in text
        assert "Do: acquire, card 1" in text
        # the panel sits between the status line and the board, all of it on the screen
        panel = screen.query_one(LessonPanel)
        assert panel.region.y == 1 and panel.region.bottom < 24
        # a wrong choice from the keys: claim point card 4, which the caravan cannot pay
        await pilot.press("c", "4")
        await pilot.pause()
        assert "✗ Why not? That card needs Y3 R2; missing R2." in panel_text(app)
        assert not tutorial.table.record.actions
        await pilot.press("escape")  # out of the claim the screen still offers
        await pilot.press("p", "1")  # allowed by the rules, but not this lesson's move
        await pilot.pause()
        assert ("✗ Allowed, but this lesson plays acquire, card 1: trade 2 turmeric for 2 "
                "saffron, costs 0 spices." in panel_text(app))
        assert tutorial.played == 0 and not tutorial.table.record.actions
        assert isinstance(app.screen, TutorialControls)
        await pilot.press("n")  # the step's own question, answered by the rules
        assert "Why not claim, point card 4: 7 points? That card needs Y3 R2" in panel_text(app)
        # the first lesson by its keys, the others as the screen's keys would play them
        await pilot.press("a", "1")
        await until(pilot, lambda: tutorial.played == 1)
        for notation in tutorial.script.actions[1:]:
            await until(pilot, lambda: screen.acting and tutorial.expected is not None)
            assert tutorial.expected == notation
            assert screen.submit(notation)
        await until(pilot, lambda: tutorial.free and screen.acting)
        await pilot.pause()
        text = panel_text(app)
        assert "Tutorial · free play" in text and "Now play freely to the end" in text
        # the bots, thinking in the app's worker threads, answered as in the headless replay
        assert tutorial.table.record.actions == replay(tutorial.script).table.record.actions


async def test_learn_to_play_from_the_menu_opens_the_chosen_game() -> None:
    app = TulipGamesApp(None, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("l")
        await pilot.pause()
        await pilot.press("down", "down", "down", "down", "enter")  # the fifth: Sixty-One
        await until(pilot, lambda: isinstance(app.screen, TutorialControls))
        await pilot.pause()
        assert app.screen.table.game.id == "sixtyone"
        assert "step 1 of 6 · Mugs" in panel_text(app)


def lesson_with_an_answer() -> Any:
    """Sixty-One's first lesson after "why not?": the rules' answer under the lesson."""
    tutorial = Tutorial.start(load_tutorial("sixtyone"), "Ana", bot_delay=0)
    screen = tutorial_screen(tutorial)
    assert isinstance(screen, TutorialControls)
    screen.feedback = tutorial.why_not() or ""
    return screen


async def test_snapshot_of_a_lesson_at_80x24(monkeypatch: Any) -> None:
    monkeypatch.delenv("NO_COLOR", raising=False)
    compare("tutorial-sixtyone", await draw(lesson_with_an_answer))

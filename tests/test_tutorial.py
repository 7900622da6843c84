"""The first-game tutorials: every game has one, every suggested action is legal at its step,
the bots' replies are the same on every replay, and a wrong choice is answered and not played."""

from __future__ import annotations

import pytest

from tulipgames.games import GAME_IDS, get_game
from tulipgames.tutorial import Script, Tutorial, load_tutorial


def replay(script: Script) -> Tutorial:
    """Play the script's suggestions (the bots in between) through the tutorial's own checks."""
    tutorial = Tutorial.start(script)
    table = tutorial.table
    for index, notation in enumerate(script.actions):
        table.run_bots_now()
        assert tutorial.learner_to_act(), f"action {index} ({notation}): not the learner's turn"
        assert tutorial.expected == str(table.game.parse_action(notation))
        assert table.why_not(tutorial.seat, notation) is None, (
            f"step {tutorial.index + 1}: {notation!r} is refused: "
            f"{table.why_not(tutorial.seat, notation)}")
        assert tutorial.attempt([notation]).ok
        table.play(tutorial.seat, notation)
    table.run_bots_now()
    return tutorial


def test_every_game_has_a_tutorial() -> None:
    for game_id in GAME_IDS:
        script = load_tutorial(game_id)
        game = get_game(game_id)
        assert script.game == game_id
        assert 5 <= len(script.steps) <= 8, game_id
        game.check_seats(script.seats)
        if script.level:
            game.check_level(script.level)
        for step in script.steps:
            assert step.play and 2 <= len(step.lines) <= 3, (game_id, step.lines)
            # short lines without markup a screen reader would read out
            assert all(len(line) <= 82 and "[" not in line for line in step.lines), step.lines
        assert script.free


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_script_replays_with_every_step_legal(game_id: str) -> None:
    script = load_tutorial(game_id)
    first = replay(script)
    assert first.free and first.step is None
    assert not first.table.is_over  # the learner still has a game to play freely
    assert first.lines() == list(script.free)
    # the bots answer the same way every time (their seeds come from the record)
    again = replay(script)
    assert again.table.record.actions == first.table.record.actions
    assert any(seat != 0 for seat, _ in first.table.record.actions) == (script.seats > 1)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_why_not_questions_are_answered_by_the_rules(game_id: str) -> None:
    """Each step's "why not?" is an action the rules refuse there, answered in their words."""
    script = load_tutorial(game_id)
    tutorial = Tutorial.start(script)
    table = tutorial.table
    asked = 0
    for notation in script.actions:
        table.run_bots_now()
        step = tutorial.step
        assert step is not None
        at_start = tutorial.played == sum(len(s.play) for s in script.steps[:tutorial.index])
        if step.why_not and at_start:
            reason = table.why_not(tutorial.seat, step.why_not)
            assert reason is not None, f"{step.why_not!r} is legal at its step"
            answer = tutorial.why_not()
            assert answer is not None and reason[1:] in answer
            asked += 1
        table.play(tutorial.seat, notation)
    assert asked == sum(1 for step in script.steps if step.why_not)


def test_a_wrong_choice_keeps_the_learner_on_the_step() -> None:
    tutorial = Tutorial.start(load_tutorial("sixtyone"))
    table = tutorial.table
    # refused by the rules: their own reason
    verdict = tutorial.attempt(["place area=4 write=3 leaf=2 spot=2"])
    assert not verdict.ok and verdict.reason == "Why not? Mug 2 only takes the value 2."
    # allowed by the rules, but not this lesson's move: the lesson says which
    verdict = tutorial.attempt(["place area=3 write=2 leaf=4 spot=1"])
    assert not verdict.ok and "Mugs, spot 2, write 2, leaf die 3" in verdict.reason
    assert tutorial.index == 0 and tutorial.played == 0 and not table.record.actions
    assert tutorial.lines()[0].startswith("Step 1 of 6. Give each die a job")
    table.play(0, "place area=4 write=2 leaf=3 spot=2")
    assert tutorial.index == 1 and tutorial.lines()[0].startswith("Step 2 of 6. Mushrooms")


def test_unknown_game_has_no_tutorial() -> None:
    with pytest.raises(ValueError, match="unknown game"):
        load_tutorial("chess")

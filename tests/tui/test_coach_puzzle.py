"""Try again (``r`` in the replay viewer at a graded mistake): the position as a puzzle on the
game's own screen. A planted mistake (Gift of Tulips, the last card added secretly where
keeping it wins): choosing it again is told "still loses", the coach's choice is not named
until ``ctrl+r``; the right choice is told "within the margin"."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tests.pilot import screen_text, wait_for
from tests.test_coach import SMALL, last_card_wasted
from tulipgames import games
from tulipgames.coach.core import analyse_decision, new_analysis, position_before
from tulipgames.engine.bots import bot_move
from tulipgames.engine.core import SeatSpec
from tulipgames.engine.record import GameRecord
from tulipgames.store import Store
from tulipgames.tui.app import TulipGamesApp
from tulipgames.tui.screens.puzzle import PuzzleControls
from tulipgames.tui.screens.replay import ReplayControls, replay_screen


def planted_record(seed: int = 18) -> tuple[GameRecord, int, str]:
    """A game of the normal bots where, at the planted position, the worse choice was played
    (then the bots finish): the record, the index of that action, and the action."""
    game = games.get_game("giftoftulips")
    state = game.new_state(2, seed)
    bots = [game.make_bot(None, 1), game.make_bot(None, 2)]
    rng = random.Random(seed)
    record = GameRecord(game.id, seed, [SeatSpec("Ana"), SeatSpec("Ben")], dict(state.options))
    planted: tuple[int, str] | None = None
    while not state.is_over():
        seat = state.to_act()[0]
        bad = last_card_wasted(state, seat) if planted is None else None
        action = bad if bad is not None else bot_move(bots[seat], state, seat, rng)
        if bad is not None:
            planted = (len(record.actions), str(bad))
        state.apply(seat, action)
        record.actions.append((seat, str(action)))
    assert planted is not None
    return record, *planted


async def test_try_again_judges_new_choices_without_telling_the_answer_first(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(ReplayControls, "ANALYSIS_BUDGET", SMALL)
    record, index, bad = planted_record()
    game = games.get_game("giftoftulips")
    seat = record.actions[index][0]
    decision = analyse_decision(game, position_before(game, record, index), seat,
                                game.parse_action(bad), index, record.seed, SMALL)
    assert decision is not None and decision.grade in ("mistake", "blunder")
    assert decision.best == "keep"
    analysis = new_analysis(game, record, [seat])
    analysis.decisions.append(decision)
    app = TulipGamesApp(store)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.pause()
        replay = replay_screen(record, owned={seat})
        app.push_screen(replay)
        await pilot.pause()
        assert isinstance(replay, ReplayControls)
        replay.analysis = analysis
        await pilot.press("m")  # to the mistake: graded, the coach's choice not named yet
        await pilot.pause()
        assert replay.table.position == index
        assert "r: try again" in screen_text(app) and "coach: keep" not in screen_text(app)
        await pilot.press("r")
        await wait_for(pilot, lambda: isinstance(app.screen, PuzzleControls))
        puzzle: Any = app.screen
        assert puzzle.viewer == seat and puzzle.turn.acting
        assert "Try again: Ana" in screen_text(app) or "Try again: Ben" in screen_text(app)
        # the same choice again: still loses, the answer not told
        await pilot.press("s")
        await wait_for(pilot, lambda: puzzle.last_attempt is not None)
        attempt = puzzle.last_attempt
        assert attempt.action == bad and not attempt.within and attempt.again
        assert attempt.loss == decision.loss
        told = [str(note.message) for note in app._notifications][-1]
        assert f"still loses {decision.loss:.0f} win %" in told and "keep" not in told
        assert "still loses" in screen_text(app)
        assert puzzle.table.record.actions == record.actions[:index]  # nothing was played
        # another choice, weighed as the analysis weighs: adding the card face up
        await pilot.press("f")
        await wait_for(pilot, lambda: puzzle.last_attempt.action == "add faceup")
        assert not puzzle.last_attempt.again and len(puzzle.puzzle.attempts) == 2
        # the coach's choice: within the margin
        await pilot.press("k")
        await wait_for(pilot, lambda: puzzle.last_attempt.action == "keep")
        assert puzzle.last_attempt.within and puzzle.last_attempt.loss == 0
        assert "within the coach's margin" in screen_text(app)
        await pilot.press("ctrl+r")
        await pilot.pause()
        assert "The coach's choice: keep" in screen_text(app)
        await pilot.press("escape")
        await wait_for(pilot, lambda: app.screen is replay)
        # tried: the replay names the coach's choice now
        assert replay.status_text(replay.turn).endswith("coach: keep")


@pytest.mark.parametrize("game_id", games.GAME_IDS)
async def test_every_games_screen_opens_as_a_puzzle(store: Store, game_id: str) -> None:
    """The puzzle is each game's own screen at the decision's position, for its seat; a
    choice is judged, not played (the move played again: its known loss, no search)."""
    from tests.test_replay import random_record
    from tulipgames.coach.core import ChoiceValue, Decision
    from tulipgames.coach.puzzle import Puzzle
    from tulipgames.tui.screens.puzzle import puzzle_screen

    game = games.get_game(game_id)
    record = random_record(game_id, 2, seed=4)
    index = next(i for i, (seat, _) in enumerate(record.actions)
                 if len(position_before(game, record, i).legal_actions(seat)) > 1)
    seat, made = record.actions[index]
    other = next(str(a) for a in position_before(game, record, index).legal_actions(seat)
                 if str(a) != made)
    decision = Decision(index, seat, "", made, other, 2,
                        (ChoiceValue(other, 60.0, 1.0), ChoiceValue(made, 40.0, -1.0)),
                        20.0, "blunder")
    app = TulipGamesApp(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen: Any = puzzle_screen(Puzzle(game, record, decision, SMALL))
        await app.push_screen(screen)
        await pilot.pause()
        assert screen.viewer == seat and screen.turn.acting
        assert screen.status_text(screen.turn).startswith("Try again: ")
        assert screen.check_action("hint", ()) is False
        assert screen.submit(made)
        await wait_for(pilot, lambda: screen.last_attempt is not None)
        assert "still loses 20 win %" in screen.verdict and other not in screen.verdict
        assert len(screen.table.record.actions) == index and screen.turn.acting

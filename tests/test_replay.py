"""Replays step to exactly the positions a fresh replay reaches, and show only what they may."""

from __future__ import annotations

import random

import pytest

from tulipgames import games
from tulipgames.engine.core import IllegalAction, SeatSpec
from tulipgames.engine.record import GameRecord, replay
from tulipgames.replay import CHECKPOINT_EVERY, ReplayTable
from tulipgames.table import Table


def random_record(game_id: str, seats: int, seed: int, stop: int | None = None) -> GameRecord:
    game = games.get_game(game_id)
    table = Table.new(game, [SeatSpec(f"P{i}") for i in range(seats)], seed)
    rng = random.Random(seed)
    while not table.is_over and (stop is None or len(table.record.actions) < stop):
        seat = table.to_act()[0]
        table.play(seat, rng.choice(table.turn(seat).legal))
    return table.record


@pytest.mark.parametrize("game_id", games.GAME_IDS)
def test_stepping_reaches_the_positions_of_a_fresh_replay(game_id: str) -> None:
    game = games.get_game(game_id)
    seats = max(2, game.min_players)
    record = random_record(game_id, seats, seed=11)
    viewer = ReplayTable(game, record)
    assert viewer.finished and viewer.position == viewer.length == len(record.actions)
    rng = random.Random(3)
    spots = [0, 1, CHECKPOINT_EVERY, CHECKPOINT_EVERY + 1, viewer.length - 1, viewer.length]
    spots += [rng.randrange(viewer.length + 1) for _ in range(6)]
    for position in spots:
        viewer.seek(position)
        expected = replay(game, record, upto=position).state
        for seat in (None, *range(seats)):
            assert repr(viewer.turn(seat).view) == repr(expected.view(seat)), (position, seat)
        assert len(viewer.log_for(None)) == len(expected.setup_events) + sum(
            len(entry.events) for entry in replay(game, record, upto=position).applied
        )
    # back and forth by single steps ends where it started
    viewer.seek(5)
    before = repr(viewer.turn(0).view)
    viewer.step(1)
    viewer.step(-1)
    assert repr(viewer.turn(0).view) == before


def test_nobody_acts_in_a_replay_and_nothing_is_saved() -> None:
    game = games.get_game("sixtyone")
    record = random_record("sixtyone", 2, seed=5, stop=6)
    viewer = ReplayTable(game, record, position=2)
    turn = viewer.turn(viewer.to_act()[0])
    assert not turn.acting and turn.legal == () and turn.undoable == 0
    with pytest.raises(IllegalAction):
        viewer.play(0, "leaf 3")
    assert record.actions == viewer.full  # the original record is untouched by seeking
    assert len(record.actions) == 6


def test_only_a_finished_game_shows_every_seat() -> None:
    game = games.get_game("tulipandrose")
    running = ReplayTable(game, random_record("tulipandrose", 3, seed=2, stop=20))
    assert not running.finished
    assert running.viewers({1}) == [None, 1]
    assert running.viewers(None) == [None]
    done = ReplayTable(game, random_record("tulipandrose", 3, seed=2))
    assert done.viewers({1}) == [None, 0, 1, 2]


def test_news_jumps_between_points_of_new_information() -> None:
    game = games.get_game("sixtyone")
    viewer = ReplayTable(game, random_record("sixtyone", 2, seed=8), position=0)
    viewer.news(+1)
    first = viewer.position
    assert first > 0 and viewer.applied[-1].reveals
    viewer.news(+1)
    assert viewer.position > first
    viewer.news(-1)
    assert viewer.position == first

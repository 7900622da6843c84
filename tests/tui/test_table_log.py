"""The log a game screen shows: the table keeps each seat's lines and words only what is new,
and what it returns is always the whole log worded afresh (after moves, an undo, a move that
could not be saved, and for seats that read different texts)."""

from __future__ import annotations

import random

import pytest

from tulipgames import games
from tulipgames.engine.core import IllegalAction, SeatSpec
from tulipgames.table import SaveFailed, Table


def worded(table: Table, seat: int | None) -> list[str]:
    """The log of ``seat`` worded from a fresh replay of the record (nothing kept)."""
    return Table(table.game, table.record).log_for(seat)


class Disk:
    def __init__(self) -> None:
        self.full = False

    def persist(self, table: Table) -> None:
        if self.full:
            raise SaveFailed("the disk is full")


@pytest.mark.parametrize(
    "game_id, seats", [("tulipandrose", 3), ("spiceroad", 2), ("giftoftulips", 3)]
)
def test_the_kept_log_is_the_log_worded_afresh(game_id: str, seats: int) -> None:
    disk = Disk()
    names = [SeatSpec(name) for name in ("Ana", "Bo", "Cy")[:seats]]
    table = Table.new(games.get_game(game_id), names, 11, persist=disk.persist)
    rng = random.Random(5)
    viewers: list[int | None] = [None, *range(seats)]
    undone = failed = 0
    for turn in range(120):
        if table.is_over:
            break
        for viewer in viewers:  # read as a screen reads it: after every change
            table.log_for(viewer)
        seat = table.to_act()[0]
        if table.can_undo(seat) and rng.random() < 0.4:
            table.take_back(seat, 1)
            undone += 1
            if undone % 2:  # and another step before anyone reads the log: as long as before
                table.play(seat, table.turn(seat).legal[-1])
        elif turn % 11 == 5:
            disk.full = True
            with pytest.raises(SaveFailed):
                table.play(seat, rng.choice(table.turn(seat).legal))
            disk.full = False
            failed += 1
        else:
            table.play(seat, rng.choice(table.turn(seat).legal))
        for viewer in viewers:
            assert table.log_for(viewer) == worded(table, viewer), (turn, viewer)
    assert failed, "the walk should have met a full disk"
    assert undone or game_id == "giftoftulips", "the walk should have undone steps"
    # what log_for returns is the caller's: changing it changes nothing kept
    lines = table.log_for(0)
    lines.append("scribble")
    assert table.log_for(0) == worded(table, 0)


def test_steps_rolled_back_leave_the_log_as_it_was() -> None:
    """Two steps where the second is refused: the first is rolled back, and so is its line."""
    table = Table.new(games.get_game("sixtyone"), [SeatSpec("Ana"), SeatSpec("Bo")], 3)
    before = table.log_for(0)
    seat = table.to_act()[0]
    step = table.turn(seat).legal[0]
    with pytest.raises(IllegalAction):
        table.play(seat, step, step)
    assert table.log_for(0) == before == worded(table, 0)
    table.play(seat, step)
    assert table.log_for(0) == worded(table, 0) != before

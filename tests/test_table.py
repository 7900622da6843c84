"""The seam's table: snapshots, all-or-none intents, take-back, why-not and saving first."""

from __future__ import annotations

import pytest

from tests.engine.toygame import NIM, Take
from tulipgames.engine.core import IllegalAction, SeatSpec, UnreadableAction
from tulipgames.engine.record import GameRecord
from tulipgames.table import SaveConflict, SaveFailed, Table

SEATS = [SeatSpec("Ana"), SeatSpec("Ben")]


def table(**kwargs: object) -> Table:
    return Table.new(NIM, SEATS, seed=4, options={"pile": 15}, **kwargs)  # type: ignore[arg-type]


class Counter:
    def __init__(self) -> None:
        self.saves = 0
        self.notes = 0
        self.fail: Exception | None = None

    def persist(self, table: Table) -> None:
        if self.fail is not None:
            raise self.fail
        self.saves += 1

    def listen(self, table: Table) -> None:
        self.notes += 1


def test_turn_is_one_snapshot_per_change_and_seat() -> None:
    t = table()
    first = t.turn(0)
    assert first is t.turn(0)
    assert first.acting and first.legal and first.prompt
    other = t.turn(1)
    assert not other.acting and other.legal == () and other.prompt == ""
    t.play(0, "take 1")
    assert t.turn(0) is not first and t.turn(0).version == first.version + 1
    assert t.turn(0).undoable == 1 and t.turn(1).undoable == 0


def test_several_steps_are_one_save_and_one_notification() -> None:
    counter = Counter()
    t = table(persist=counter.persist)
    t.subscribe(counter.listen)
    # seat 0 takes; it is then seat 1's turn, so a second step for seat 0 is illegal: none stays
    with pytest.raises(IllegalAction):
        t.play(0, "take 1", "take 1")
    assert t.record.actions == [] and t.turn(None).view.pile == 15
    assert counter.saves == 0 and counter.notes == 0
    t.play(0, "take 2")
    t.play(1, "peek")  # reveals: undo cannot cross it
    t.play(1, Take(1))
    assert counter.saves == 3 and counter.notes == 3


def test_take_back_undoes_a_run_of_quiet_steps_with_one_save() -> None:
    counter = Counter()
    t = table(persist=counter.persist)
    t.subscribe(counter.listen)
    t.play(0, "take 1")
    t.play(1, "take 1")
    assert t.undoable_steps(1) == 1 and t.undoable_steps(0) == 0
    with pytest.raises(IllegalAction):
        t.take_back(1, 2)
    t.take_back(1, 1)
    assert t.record.actions == [(0, "take 1")]
    assert counter.saves == 3 and counter.notes == 3
    assert t.turn(1).acting


def test_why_not_asks_the_rules() -> None:
    t = table()
    assert t.why_not(0, "take 1") is None
    assert t.why_not(1, "take 1") == "it is not Ben's turn"
    assert "stones" in (t.why_not(0, Take(99)) or "")
    with pytest.raises(UnreadableAction):
        t.play(0, "grab everything")


def test_a_move_that_cannot_be_saved_is_not_played() -> None:
    counter = Counter()
    t = table(persist=counter.persist)
    t.play(0, "take 1")
    counter.fail = SaveFailed("the disk is full")
    with pytest.raises(SaveFailed):
        t.play(1, "take 3")
    assert t.record.actions == [(0, "take 1")] and t.turn(None).view.pile == 14
    assert t.turn(1).acting and "disk is full" in (t.turn(1).trouble or "")
    with pytest.raises(IllegalAction):
        t.play(1, "take 1", "take 1")  # the second step is seat 0's turn: nothing changes
    counter.fail = None
    t.play(1, "take 3")
    assert t.turn(None).view.pile == 11 and t.turn(0).trouble is None


def test_a_writer_that_is_behind_reloads_what_is_on_disk() -> None:
    t = table()
    newer = GameRecord.from_json({**t.record.to_json(), "actions": [[0, "take 3"], [1, "take 3"]]})

    def conflict(_: Table) -> None:
        raise SaveConflict("another screen saved this game first", newer, revision=7)

    t.persist = conflict
    with pytest.raises(SaveConflict):
        t.play(0, "take 1")
    assert t.record.actions == [(0, "take 3"), (1, "take 3")] and t.revision == 7
    assert t.turn(None).view.pile == 9


def test_a_failing_listener_is_dropped_and_the_table_goes_on() -> None:
    t = table()
    seen: list[int] = []

    def broken(_: Table) -> None:
        raise RuntimeError("screen is gone")

    t.subscribe(broken)
    t.subscribe(lambda tb: seen.append(tb.version))
    t.play(0, "take 1")
    t.play(1, "take 1")
    assert seen == [1, 2]

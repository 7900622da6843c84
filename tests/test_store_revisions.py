"""Two writers on one save, schema migration, deleting saves and empty games."""

from __future__ import annotations

import json
import sqlite3
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

from tests.pg import Backend
from tests.tui import toygame
from tulipgames import games
from tulipgames.engine.core import SeatSpec
from tulipgames.store import DB_NAME, SCHEMA_VERSION, SaveError, Store
from tulipgames.table import SaveConflict, Table


@pytest.fixture(autouse=True)
def toy(monkeypatch: pytest.MonkeyPatch) -> None:
    toygame.install(monkeypatch)


def new_table(seed: int = 3) -> Table:
    return Table.new(toygame.GAME, [SeatSpec("Ana"), SeatSpec("Ben")], seed, {"cards": 3})


def play_first_legal(table: Table) -> None:
    seat = table.state.to_act()[0]
    table.play(seat, table.state.legal_actions(seat)[0])


def on_disk(backend: Backend, save_id: int) -> tuple[list[list[object]], int]:
    """The saved actions and revision, as another program reads them."""
    [(record, revision)] = backend.sql("SELECT record, revision FROM saves WHERE id = ?",
                                       (save_id,))
    return json.loads(record)["actions"], revision


def test_the_second_of_two_writers_on_one_save_is_refused_and_nothing_is_lost(
    backend: Backend,
):
    first_store, second_store = backend.open(), backend.open()  # like two processes
    table = new_table()
    first_store.create(table)
    play_first_legal(table)
    first = first_store.load(table.save_id)
    second = second_store.load(table.save_id)
    assert first.revision == second.revision == 1

    play_first_legal(first)  # saved: revision 2
    assert first.revision == 2
    saved = list(first.record.actions)
    with pytest.raises(SaveConflict) as conflict:
        play_first_legal(second)  # behind: its move must not overwrite the first's
    assert conflict.value.revision == 2
    assert conflict.value.record.actions == saved
    assert "another screen" in str(conflict.value)
    assert on_disk(backend, table.save_id) == ([list(a) for a in saved], 2)
    # the refused table took the saved game instead of its own move, and goes on from there
    assert second.record.actions == saved and second.revision == 2
    again = second_store.load(table.save_id)
    assert again.record.actions == saved and again.revision == 2
    play_first_legal(again)
    assert on_disk(backend, table.save_id)[1] == 3
    with pytest.raises(SaveConflict):  # now the first screen is the one behind
        play_first_legal(first)
    assert on_disk(backend, table.save_id)[0] == [list(a) for a in again.record.actions]


def test_players_deciding_at_once_through_two_writers_both_get_their_choice(
    backend: Backend,
):
    """A Sixty-One round, each player's copy of the table in its own process (two nodes):
    the second to save has not read the first's pick, yet its pick is laid on top of it and
    the round resolves; a seat's own move saved by the other writer is still refused."""
    first_store, second_store = backend.open(), backend.open()
    table = Table.new(games.get_game("sixtyone"), [SeatSpec("Ana"), SeatSpec("Ben")], 11)
    first_store.create(table)
    ana, ben = first_store.load(table.save_id), second_store.load(table.save_id)
    assert ana.state.to_act() == (0, 1)
    ana_pick = ana.state.legal_actions(0)[0]
    ben_pick = ben.state.legal_actions(1)[-1]
    ana.play(0, ana_pick)
    ben.play(1, ben_pick)  # behind by ana's pick: no conflict for ben to see
    saved, revision = on_disk(backend, table.save_id)
    assert saved == [[0, str(ana_pick)], [1, str(ben_pick)]]
    assert revision == 2 and ben.revision == 2
    assert ben.record.actions == [(0, str(ana_pick)), (1, str(ben_pick))]

    # a seat's own move saved by the other writer (the player's second session) is the
    # player's to see: the stale copy's move for that seat is refused, not laid on top
    stale, other = first_store.load(table.save_id), second_store.load(table.save_id)
    seat = other.state.to_act()[0]
    other.play(seat, other.state.legal_actions(seat)[0])
    with pytest.raises(SaveConflict):
        stale.play(seat, stale.state.legal_actions(seat)[0])
    assert on_disk(backend, table.save_id)[1] == 3


def test_a_finished_game_is_not_rewritten_by_a_table_that_is_behind(backend: Backend):
    store = backend.open()
    table = new_table()
    store.create(table)
    play_first_legal(table)
    stale = backend.open().load(table.save_id)
    while not table.state.is_over():
        play_first_legal(table)
    (finished,) = store.finished()
    with pytest.raises(SaveConflict) as conflict:
        play_first_legal(stale)
    assert conflict.value.record.actions == table.record.actions
    assert store.finished()[0].result == finished.result


def test_a_schema_1_database_is_migrated_and_keeps_its_games(tmp_path: Path):
    raw = sqlite3.connect(tmp_path / DB_NAME)
    raw.executescript(
        """
        CREATE TABLE saves (id INTEGER PRIMARY KEY, game TEXT NOT NULL, title TEXT NOT NULL,
            names TEXT NOT NULL, variant TEXT NOT NULL DEFAULT '', record TEXT NOT NULL,
            status TEXT NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'finished')),
            result TEXT, created TEXT NOT NULL, updated TEXT NOT NULL);
        CREATE INDEX saves_status ON saves (status, updated);
        CREATE TABLE scores (id INTEGER PRIMARY KEY, game TEXT NOT NULL,
            variant TEXT NOT NULL DEFAULT '', name TEXT NOT NULL, score INTEGER NOT NULL,
            detail TEXT NOT NULL DEFAULT '', seed INTEGER, date TEXT NOT NULL,
            save_id INTEGER REFERENCES saves (id));
        PRAGMA user_version = 1;
        """
    )
    table = new_table()
    play_first_legal(table)
    raw.execute(
        "INSERT INTO saves (game, title, names, record, created, updated) VALUES "
        "('toy', 'Toy Cards', '[\"Ana\", \"Ben\"]', ?, '2026-01-01T00:00:00+00:00', "
        "'2026-01-01T00:00:00+00:00')",
        (table.record.dumps(),),
    )
    raw.commit()
    raw.close()
    store = Store(tmp_path)
    raw = sqlite3.connect(tmp_path / DB_NAME)
    assert raw.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION == 4
    (save,) = store.saves()
    assert save.revision == 0 and save.moves == 1
    resumed = store.load(save.id)
    play_first_legal(resumed)
    assert raw.execute("SELECT record, revision FROM saves WHERE id = ?", (save.id,)).fetchone() \
        == (resumed.record.dumps(), 1)


def test_delete_refuses_unknown_finished_and_moved_on_saves(backend: Backend):
    store = backend.open()
    with pytest.raises(SaveError, match="no saved game 9"):
        store.delete(9)
    done = new_table()
    store.create(done)
    while not done.state.is_over():
        play_first_legal(done)
    with pytest.raises(SaveError, match="finished"):
        store.delete(done.save_id)
    table = new_table()
    store.create(table)
    play_first_legal(table)
    (listed,) = store.saves()
    play_first_legal(backend.open().load(table.save_id))  # another screen plays on
    with pytest.raises(SaveError, match="played on"):
        store.delete(listed.id, revision=listed.revision)
    assert [s.id for s in store.saves()] == [table.save_id]
    store.delete(table.save_id, revision=store.saves()[0].revision)
    assert store.saves() == [] and store.count_active() == 0
    with pytest.raises(SaveError):
        store.load(table.save_id)
    assert [g.id for g in store.finished()] == [done.save_id]  # the finished game stays


def test_an_empty_game_is_not_offered_and_a_stale_one_is_deleted(backend: Backend):
    store = backend.open()
    empty, played, stale_played = new_table(1), new_table(2), new_table(3)
    for table in (empty, played, stale_played):
        store.create(table)
    play_first_legal(played)
    play_first_legal(stale_played)
    assert {s.id for s in store.saves()} == {played.save_id, stale_played.save_id}
    assert store.count_active() == 2
    assert {s.id for s in store.saves(empty=True)} == {
        empty.save_id, played.save_id, stale_played.save_id
    }
    # the empty one stays in the database for the screen showing it...
    play_first_legal(store.load(empty.save_id))
    assert store.count_active() == 3
    # ...and a save left empty for over a day goes when a store next opens
    forgotten = new_table(4)
    store.create(forgotten)
    old = (datetime.now(timezone.utc) - timedelta(days=2)).isoformat(timespec="seconds")
    backend.sql("UPDATE saves SET updated = ? WHERE id IN (?, ?)",
                (old, forgotten.save_id, stale_played.save_id))
    reopened = backend.open()
    ids = {row[0] for row in backend.sql("SELECT id FROM saves")}
    assert forgotten.save_id not in ids
    assert {empty.save_id, played.save_id, stale_played.save_id} <= ids
    assert reopened.count_active() == 3

"""The store: autosave and resume, finished games, high scores, damaged and newer saves.

The tests taking ``backend`` run on SQLite and on PostgreSQL (tests/pg.py)."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from tests.pg import Backend
from tests.tui import toygame
from tulipgames.engine.core import SeatSpec
from tulipgames.store import (
    DB_NAME,
    SCHEMA_VERSION,
    SaveError,
    Store,
    StoreError,
    WriteFailed,
    default_data_dir,
)
from tulipgames.table import Table


@pytest.fixture
def store(backend: Backend, monkeypatch: pytest.MonkeyPatch) -> Store:
    toygame.install(monkeypatch)
    return backend.open()


@pytest.fixture
def sqlite_store(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Store:
    toygame.install(monkeypatch)
    return Store(tmp_path)


def new_table(seats: list[SeatSpec] | None = None, seed: int = 3) -> Table:
    seats = seats or [SeatSpec("Ana"), SeatSpec("Ben")]
    return Table.new(toygame.GAME, seats, seed, {"cards": 2})


def play_first_legal(table: Table) -> None:
    seat = table.state.to_act()[0]
    table.play(seat, table.state.legal_actions(seat)[0])


def test_every_action_is_committed_before_listeners_hear_of_it(store: Store, backend: Backend):
    table = new_table()
    save_id = store.create(table)
    seen: list[int] = []

    def listener(t: Table) -> None:
        # a second connection sees the action already committed when the screen is told
        record = json.loads(backend.sql("SELECT record FROM saves WHERE id = ?", (save_id,))[0][0])
        seen.append(len(record["actions"]))

    table.subscribe(listener)
    play_first_legal(table)
    play_first_legal(table)
    assert seen == [1, 2]


def test_resume_replays_the_saved_actions(store: Store, backend: Backend):
    table = new_table()
    store.create(table)
    for _ in range(3):
        play_first_legal(table)
    again = backend.open().load(table.save_id)
    assert again.record.actions == table.record.actions
    assert repr(again.state.view(0)) == repr(table.state.view(0))
    # the resumed table keeps saving to the same row
    play_first_legal(again)
    assert backend.open().load(table.save_id).record.actions == again.record.actions


def test_finished_game_stores_result_and_human_high_scores(store: Store):
    table = new_table([SeatSpec("Ana"), SeatSpec("Bot", "bot:random")], seed=11)
    store.create(table, variant="")
    while not table.state.is_over():
        play_first_legal(table)
    result = table.state.result()
    (finished,) = store.finished()
    assert finished.result == result
    assert finished.names == ("Ana", "Bot")
    assert store.saves() == []  # no longer offered for resume
    scores = store.high_scores("toy")
    assert [(s.name, s.score) for s in scores] == [("Ana", result.totals[0])]
    assert scores[0].seed == 11
    assert scores[0].detail == f"place {result.ranks[0]} of 2"


def test_high_scores_are_ordered_and_filtered_by_variant(store: Store):
    store.add_high_score("flowershop", "Ana", 30, variant="solo", detail="Sprout", seed=1)
    store.add_high_score("flowershop", "Ben", 37, variant="daily", detail="Bouquet", seed=2)
    store.add_high_score("flowershop", "Cleo", 33, variant="solo", detail="Bud", seed=3)
    assert [s.name for s in store.high_scores("flowershop")] == ["Ben", "Cleo", "Ana"]
    solo = store.high_scores("flowershop", variant="solo")
    assert [(s.name, s.detail) for s in solo] == [("Cleo", "Bud"), ("Ana", "Sprout")]


def test_damaged_save_is_listed_with_its_reason_and_left_untouched(store: Store, backend: Backend):
    good = new_table()
    store.create(good)
    play_first_legal(good)
    bad = new_table()
    store.create(bad)
    backend.sql("UPDATE saves SET record = ? WHERE id = ?", ("{not json", bad.save_id))
    replay_fails = new_table()
    store.create(replay_fails)
    broken_record = replay_fails.record.to_json()
    broken_record["actions"] = [[0, "play 99"]]
    backend.sql("UPDATE saves SET record = ? WHERE id = ?",
                (json.dumps(broken_record), replay_fails.save_id))

    saves = {s.id: s for s in backend.open().saves()}
    assert saves[good.save_id].playable
    assert "not a record" in saves[bad.save_id].problem
    assert "action 1" in saves[replay_fails.save_id].problem
    with pytest.raises(SaveError, match="not a record"):
        store.load(bad.save_id)
    row = backend.sql("SELECT record, status FROM saves WHERE id = ?", (bad.save_id,))[0]
    assert tuple(row) == ("{not json", "active")


def test_save_from_a_newer_version_is_listed_not_opened(store: Store, backend: Backend):
    table = new_table()
    store.create(table)
    play_first_legal(table)
    newer = table.record.to_json()
    newer["format"] = 99
    other = new_table()
    store.create(other)
    play_first_legal(other)
    newer_rules = other.record.to_json()
    newer_rules["rules_version"] = 7
    backend.sql("UPDATE saves SET record = ? WHERE id = ?", (json.dumps(newer), table.save_id))
    backend.sql("UPDATE saves SET record = ? WHERE id = ?",
                (json.dumps(newer_rules), other.save_id))
    saves = {s.id: s for s in store.saves()}
    assert "newer tulipgames" in saves[table.save_id].problem
    assert "newer Toy Cards rules" in saves[other.save_id].problem
    with pytest.raises(SaveError):
        store.load(table.save_id)
    assert backend.sql("SELECT record FROM saves WHERE id = ?", (table.save_id,))[0][0] \
        == json.dumps(newer)


def test_save_of_a_game_this_version_lacks_is_listed(store: Store, backend: Backend):
    table = new_table()
    store.create(table)
    play_first_legal(table)
    data = table.record.to_json()
    data["game"] = "chess"
    backend.sql("UPDATE saves SET record = ? WHERE id = ?", (json.dumps(data), table.save_id))
    (save,) = store.saves()
    assert "unknown game 'chess'" in save.problem


def test_corrupt_database_file_gives_a_clear_error(tmp_path: Path):
    (tmp_path / DB_NAME).write_bytes(b"this is not sqlite at all" * 100)
    with pytest.raises(StoreError, match="not an SQLite database") as failure:
        Store(tmp_path)
    assert failure.value.kind == "damaged"
    assert (tmp_path / DB_NAME).read_bytes().startswith(b"this is not sqlite")


def test_database_from_a_newer_schema_is_refused(tmp_path: Path):
    raw = sqlite3.connect(tmp_path / DB_NAME)
    raw.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    raw.close()
    with pytest.raises(StoreError, match="newer tulipgames"):
        Store(tmp_path)


def test_schema_version_and_wal(tmp_path: Path):
    Store(tmp_path).close()
    raw = sqlite3.connect(tmp_path / DB_NAME)
    assert raw.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    assert raw.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


def test_data_dir_from_environment(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv("TULIPGAMES_HOME", str(tmp_path / "home"))
    assert default_data_dir() == tmp_path / "home"
    assert Store().path == tmp_path / "home" / DB_NAME


def test_a_locked_database_is_a_store_error_not_a_crash(sqlite_store: Store, tmp_path: Path):
    store = sqlite_store
    table = new_table()
    store.create(table)
    impatient = Store(tmp_path, busy_timeout=0.05)
    mine = impatient.load(table.save_id)
    blocker = sqlite3.connect(tmp_path / DB_NAME, isolation_level=None)
    blocker.execute("BEGIN IMMEDIATE")
    with pytest.raises(WriteFailed, match="another program is writing"):
        play_first_legal(mine)
    blocker.execute("ROLLBACK")
    assert mine.record.actions == []  # the move that was not saved was not played
    play_first_legal(mine)  # once free, the same table saves again
    assert impatient.load(table.save_id).record.actions == mine.record.actions
    assert len(mine.record.actions) == 1


def test_the_daily_deal_counts_only_the_first_finished_attempt(store: Store) -> None:
    """Issue 20.11: replaying today's deal must not improve the daily table; another deal or
    another player still counts."""
    for seed, name in ((11, "Ana"), (11, "Ana"), (11, "Cleo"), (12, "Ana")):
        table = new_table([SeatSpec(name)], seed=seed)
        store.create(table, variant="daily")
        while not table.state.is_over():
            play_first_legal(table)
    daily = store.high_scores("toy", "daily")
    assert sorted((s.name, s.seed) for s in daily) == [("Ana", 11), ("Ana", 12), ("Cleo", 11)]
    assert len(store.finished()) == 4  # every attempt is still in History

"""Shared tables in the store (schema 3): a code and settings per save, whose turn it is, and
the migration of a schema-2 database."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from tests.pg import Backend
from tests.tui import toygame
from tulipgames.engine.core import SeatSpec
from tulipgames.store import DB_NAME, SCHEMA_VERSION, Store
from tulipgames.table import Table


@pytest.fixture(autouse=True)
def toy(monkeypatch: pytest.MonkeyPatch) -> None:
    toygame.install(monkeypatch)


def new_table(names: tuple[str, str] = ("ana", "ben"), seed: int = 3) -> Table:
    return Table.new(toygame.GAME, [SeatSpec(n) for n in names], seed, {"cards": 2})


def test_whose_turn_is_stored_with_every_move_and_listed_per_player(backend: Backend) -> None:
    store = backend.open()
    table = new_table()
    store.create(table)
    assert table.save_id is not None
    store.share(table.save_id, "K7QM", {"clock": "1day", "host": "ana"})
    other = new_table(("cleo", "ben"))
    store.create(other)
    [row] = store.shared_tables("ana")
    assert (row.code, row.names, row.humans, row.to_act) == ("K7QM", ("ana", "ben"), (0, 1), (0,))
    assert row.settings == {"clock": "1day", "host": "ana"}
    table.play(0, f"play {table.state.hands[0][0]}")
    table.play(0, "end")
    [row] = store.shared_tables("ben")  # cleo's game is no shared table
    assert row.to_act == (1,)
    assert store.shared_tables("an") == [] and store.shared_tables('"') == []
    assert store.shared_save("K7QM") == (table.save_id, {"clock": "1day", "host": "ana"})
    assert store.shared_save("ZZZZ") is None


def test_a_rematch_lists_only_the_newest_game_of_a_table(backend: Backend) -> None:
    store = backend.open()
    first, second = new_table(seed=1), new_table(seed=1)
    for table in (first, second):
        store.create(table)
        assert table.save_id is not None
        store.share(table.save_id, "K7QM", {})
    assert [row.id for row in store.shared_tables("ana")] == [second.save_id]
    assert store.shared_save("K7QM") == (second.save_id, {})


def test_a_schema_2_database_is_migrated_to_schema_3(tmp_path: Path) -> None:
    store = Store(tmp_path)
    table = new_table()
    store.create(table)
    table.play(0, f"play {table.state.hands[0][0]}")
    store.close()
    raw = sqlite3.connect(tmp_path / DB_NAME)  # back to schema 2, as an older tulipgames left it
    for column in ("code", "shared", "to_act"):
        raw.execute("DROP INDEX IF EXISTS saves_code")
        raw.execute(f"ALTER TABLE saves DROP COLUMN {column}")
    raw.execute("PRAGMA user_version = 2")
    raw.commit()
    raw.close()
    store = Store(tmp_path)
    raw = sqlite3.connect(tmp_path / DB_NAME)
    assert raw.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION == 4
    raw.close()
    (save,) = store.saves()
    assert save.moves == 1 and store.shared_tables() == []
    resumed = store.load(save.id)
    resumed.play(0, "end")
    store.share(save.id, "AB23", {})
    assert store.shared_tables("ben")[0].to_act == (1,)

"""Player statistics match the games the store finished (expected figures come from the tables
as they were played, not from the store), read from the columns of schema 4 (``seat_results``,
``saves.seed``/``kinds``), which a schema-3 database gets filled when it is opened."""

from __future__ import annotations

import json
import random
import sqlite3
import statistics
from pathlib import Path

import pytest

from tests.pg import Backend
from tests.tui import toygame
from tulipgames import games
from tulipgames.engine.bots import bot_move
from tulipgames.engine.core import SeatSpec
from tulipgames.stats import (
    players,
    recent_results,
    score_history,
    score_lines,
    seat_results,
    solo_levels,
    sparkline,
)
from tulipgames.store import _MIGRATIONS, DB_NAME, SCHEMA_VERSION, Store
from tulipgames.table import Table


def play_out(store: Store, table: Table, rng: random.Random, variant: str = "") -> Table:
    store.create(table, variant)
    while not table.state.is_over():
        seat = table.state.to_act()[0]
        table.play(seat, rng.choice(table.state.legal_actions(seat)))
    return table


@pytest.fixture
def played(backend: Backend, monkeypatch: pytest.MonkeyPatch) -> tuple[Store, list[Table]]:
    """The games below, on SQLite and on PostgreSQL."""
    toygame.install(monkeypatch)
    return play_all(backend.open())


@pytest.fixture
def played_sqlite(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Store, list[Table]]:
    toygame.install(monkeypatch)
    return play_all(Store(tmp_path))


def play_all(store: Store) -> tuple[Store, list[Table]]:
    rng = random.Random(4)
    tables = []
    for seed in range(5):  # Ana against a random bot, two seats
        seats = [SeatSpec("Ana"), SeatSpec("Bot 2", "bot:random")]
        tables.append(play_out(store, Table.new(toygame.GAME, seats, seed, {"cards": 3}), rng))
    for seed in range(3):  # Ana, Ben and a normal bot, three seats
        seats = [SeatSpec("Ben"), SeatSpec("Ana"), SeatSpec("Zed", "bot:normal")]
        tables.append(play_out(store, Table.new(toygame.GAME, seats, 10 + seed), rng))
    shop = games.get_game("flowershop")
    for seed in range(2):
        tables.append(play_out(store, Table.new(shop, [SeatSpec("Ana")], seed), rng, "solo"))
    # one solo game played better (by the easy bot's choices) to reach another level
    table = Table.new(shop, [SeatSpec("Ana")], 7)
    store.create(table, "solo")
    bot = shop.make_bot("easy", seed=1)
    while not table.state.is_over():
        table.play(0, bot_move(bot, table.state, 0, rng))
    tables.append(table)
    return store, tables


def test_score_lines_match_the_played_games(played: tuple[Store, list[Table]]):
    store, tables = played
    lines = {(s.player, s.game, s.seats): s for s in score_lines(store.seat_results())}
    expected: dict[tuple[str, str, int], list[tuple[int, bool]]] = {}
    for table in tables:
        result = table.state.result()
        for seat, spec in enumerate(table.seats):
            player = spec.name if not spec.is_bot else spec.kind
            key = (player, table.game.id, len(table.seats))
            won = result.ranks[seat] == 1 and len(table.seats) > 1
            expected.setdefault(key, []).append((result.totals[seat], won))
    assert set(lines) == set(expected)
    assert ("bot:random", "toy", 2) in lines and ("Ana", "toy", 3) in lines
    for key, rows in expected.items():
        line = lines[key]
        assert line.games == len(rows)
        assert line.wins == (None if key[2] == 1 else sum(won for _, won in rows))
        assert line.mean == pytest.approx(statistics.fmean(s for s, _ in rows))
        assert line.best == max(s for s, _ in rows)
    assert all(type(line.wins) is int for line in lines.values() if line.seats > 1)  # not True
    assert players(store.seat_results()) == ["Ana", "Ben", "bot:normal", "bot:random"]
    # the same figures from the finished games themselves, and from Ana's games only
    assert score_lines(seat_results(store.finished(limit=None))) == list(lines.values())
    ana = [line for line in lines.values() if line.player == "Ana"]
    assert [ln for ln in score_lines(store.seat_results("Ana")) if ln.player == "Ana"] == ana


def test_a_solo_game_is_not_counted_as_a_win(played: tuple[Store, list[Table]]):
    store, tables = played
    solo = [t for t in tables if len(t.seats) == 1]
    assert solo and all(t.state.result().ranks == (1,) for t in solo)  # alone, always "first"
    (line,) = [ln for ln in score_lines(store.seat_results()) if ln.seats == 1]
    assert (line.player, line.games, line.wins) == ("Ana", len(solo), None)
    recent = recent_results(store.seat_results(), "Ana", limit=50)
    assert [r.won for r in recent if r.seats == 1] == [False] * len(solo)


def test_solo_levels_recent_results_and_score_history(played: tuple[Store, list[Table]]):
    store, tables = played
    finished = store.seat_results()
    solo = [t for t in tables if t.game.id == "flowershop"]
    levels = {line.level: line for line in solo_levels(finished, "Ana")}
    reached: dict[str, list[int]] = {}
    for table in solo:
        reached.setdefault(table.state.score_detail(0), []).append(table.state.result().totals[0])
    assert len(reached) >= 2  # the random and the easy bot's play reach different levels
    assert {k: (v.times, v.best) for k, v in levels.items()} == {
        k: (len(v), max(v)) for k, v in reached.items()
    }
    assert solo_levels(finished, "Ben") == []

    recent = recent_results(finished, "Ana", limit=4)
    newest = sorted((t for t in tables if "Ana" in t.names), key=lambda t: t.save_id or 0)[-4:]
    assert [r.save_id for r in recent] == [t.save_id for t in reversed(newest)]
    for line, table in zip(recent, reversed(newest), strict=True):
        seat = table.names.index("Ana")
        assert line.score == table.state.result().totals[seat]
        assert line.place == table.state.result().ranks[seat]
        assert "Ana" not in line.others and len(line.others) == len(table.seats) - 1

    toy_scores = [
        t.state.result().totals[t.names.index("Ana")] for t in tables if t.game.id == "toy"
    ]
    assert score_history(finished, "Ana", "toy") == toy_scores


def test_statistics_and_history_read_columns_not_records(
    played_sqlite: tuple[Store, list[Table]],
):
    """Neither reads a finished game's record (10,000 of them took two seconds to parse)."""
    store, tables = played_sqlite
    expected_rows = store.seat_results()
    expected_games = store.finished(limit=None)

    def no_records(action: int, table: str | None, column: str | None, *_: object) -> int:
        return sqlite3.SQLITE_DENY if (table, column) == ("saves", "record") else sqlite3.SQLITE_OK

    store._db.set_authorizer(no_records)
    try:
        assert store.seat_results() == expected_rows
        assert store.finished(limit=None) == expected_games
        assert store.seat_players() and set(store.seat_players()) == set(players(expected_rows))
    finally:
        store._db.set_authorizer(None)
    assert [g.seed for g in sorted(expected_games, key=lambda g: g.id)] == [
        t.record.seed for t in tables
    ]
    assert [g.kinds for g in sorted(expected_games, key=lambda g: g.id)] == [
        tuple(spec.kind for spec in t.seats) for t in tables
    ]


def as_schema_3(source: Path, target: Path) -> None:
    """A schema-3 database (as tulipgames made it before schema 4) holding ``source``'s saves
    and scores."""
    target.mkdir()
    raw = sqlite3.connect(target / DB_NAME)
    for step in _MIGRATIONS[:3]:
        step(raw)
    raw.execute("PRAGMA user_version = 3")
    raw.execute("ATTACH DATABASE ? AS old", (str(source / DB_NAME),))
    columns = [row[1] for row in raw.execute("PRAGMA main.table_info(saves)")]
    listed = ", ".join(columns)
    raw.execute(f"INSERT INTO main.saves ({listed}) SELECT {listed} FROM old.saves")
    raw.execute("INSERT INTO main.scores SELECT * FROM old.scores")
    raw.commit()
    raw.execute("DETACH DATABASE old")
    raw.close()


def test_a_schema_3_database_gets_its_finished_games_columns(
    played_sqlite: tuple[Store, list[Table]], tmp_path: Path
) -> None:
    store, tables = played_sqlite
    rows, games_before = store.seat_results(), store.finished(limit=None)
    old = tmp_path / "old"
    as_schema_3(store.data_dir, old)
    raw = sqlite3.connect(old / DB_NAME)
    # two rows the columns cannot hold: a seed past 64 bits, and a damaged record
    big = json.loads(tables[0].record.dumps())
    big["seed"] = 2**70 + 3
    raw.execute("UPDATE saves SET record = ? WHERE id = ?", (json.dumps(big), tables[0].save_id))
    raw.execute("UPDATE saves SET record = '{damaged' WHERE id = ?", (tables[1].save_id,))
    assert raw.execute("PRAGMA user_version").fetchone()[0] == 3
    assert "seed" not in {row[1] for row in raw.execute("PRAGMA table_info(saves)")}
    raw.commit()
    raw.close()

    migrated = Store(old)
    raw = sqlite3.connect(old / DB_NAME)
    assert raw.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION == 4
    filled = dict(raw.execute("SELECT id, seed FROM saves"))
    assert filled[tables[0].save_id] is None  # too big for SQLite: read from the record
    assert filled[tables[2].save_id] == tables[2].record.seed
    raw.close()
    damaged = tables[1].save_id
    assert migrated.seat_results() == [row for row in rows if row.save_id != damaged]
    after = {g.id: g for g in migrated.finished(limit=None)}
    assert set(after) == {g.id for g in games_before} - {damaged}
    assert after[tables[0].save_id].seed == 2**70 + 3
    assert all(after[g.id] == g for g in games_before if g.id not in (damaged, tables[0].save_id))

    # a game finished after the migration gets its columns from the triggers
    rng = random.Random(8)
    seats = [SeatSpec("Cleo"), SeatSpec("Bot 2", "bot:random")]
    table = play_out(migrated, Table.new(toygame.GAME, seats, 99), rng)
    new_rows = [row for row in migrated.seat_results() if row.save_id == table.save_id]
    result = table.state.result()
    assert [(r.name, r.kind, r.score, r.place, r.seats) for r in new_rows] == [
        ("Cleo", "human", result.totals[0], result.ranks[0], 2),
        ("Bot 2", "bot:random", result.totals[1], result.ranks[1], 2),
    ]
    assert players(migrated.seat_results("Cleo")) == ["Cleo", "bot:random"]


def test_sparkline_one_cell_per_game_and_squeezed_when_long() -> None:
    assert sparkline([], 10) == "" and sparkline([5], 0) == ""
    assert sparkline([1, 8], 10) == "▁█"
    assert sparkline([3, 3, 3], 10) == "▅▅▅"
    assert sparkline(list(range(8)), 8) == "▁▂▃▄▅▆▇█"
    long = sparkline(list(range(100)), 10)
    assert len(long) == 10 and long[0] == "▁" and long[-1] == "█" and list(long) == sorted(long)

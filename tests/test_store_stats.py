"""Player statistics match the games the store finished (expected figures come from the tables
as they were played, not from the store)."""

from __future__ import annotations

import random
import statistics
from pathlib import Path

import pytest

from tests.tui import toygame
from tulipgames import games
from tulipgames.engine.bots import bot_move
from tulipgames.engine.core import SeatSpec
from tulipgames.stats import players, recent_results, score_history, score_lines, solo_levels
from tulipgames.store import Store
from tulipgames.table import Table


def play_out(store: Store, table: Table, rng: random.Random, variant: str = "") -> Table:
    store.create(table, variant)
    while not table.state.is_over():
        seat = table.state.to_act()[0]
        table.play(seat, rng.choice(table.state.legal_actions(seat)))
    return table


@pytest.fixture
def played(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Store, list[Table]]:
    toygame.install(monkeypatch)
    store = Store(tmp_path)
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
    lines = {(s.player, s.game, s.seats): s for s in score_lines(store.finished(limit=None))}
    expected: dict[tuple[str, str, int], list[tuple[int, bool]]] = {}
    for table in tables:
        result = table.state.result()
        for seat, spec in enumerate(table.seats):
            player = spec.name if not spec.is_bot else spec.kind
            key = (player, table.game.id, len(table.seats))
            expected.setdefault(key, []).append((result.totals[seat], result.ranks[seat] == 1))
    assert set(lines) == set(expected)
    assert ("bot:random", "toy", 2) in lines and ("Ana", "toy", 3) in lines
    for key, rows in expected.items():
        line = lines[key]
        assert line.games == len(rows)
        assert line.wins == sum(won for _, won in rows)
        assert line.mean == pytest.approx(statistics.fmean(s for s, _ in rows))
        assert line.best == max(s for s, _ in rows)
    assert players(store.finished(limit=None)) == ["Ana", "Ben", "bot:normal", "bot:random"]


def test_solo_levels_recent_results_and_score_history(played: tuple[Store, list[Table]]):
    store, tables = played
    finished = store.finished(limit=None)
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

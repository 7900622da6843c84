"""The store on PostgreSQL (``serve --database``): players' rows kept apart in one database,
versioned migrations, identities shared by nodes, a dropped connection, the histories of a
finished shared game. (Everything else of the store runs on both backends in the other
tests/test_store*.py files.)"""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import psycopg
import pytest

from tests.tui import toygame
from tulipgames import store_pg
from tulipgames.engine.core import SeatSpec
from tulipgames.net.identity import BROWSER, KEY, Identities
from tulipgames.store import SaveError, Store, StoreError, WriteFailed, add_to_histories
from tulipgames.table import Table


@pytest.fixture(autouse=True)
def toy(monkeypatch: pytest.MonkeyPatch) -> None:
    toygame.install(monkeypatch)


def new_table(names: tuple[str, ...] = ("ana", "ben"), seed: int = 3) -> Table:
    return Table.new(toygame.GAME, [SeatSpec(n) for n in names], seed, {"cards": 2})


def play_out(table: Table) -> Table:
    while not table.state.is_over():
        seat = table.state.to_act()[0]
        table.play(seat, table.state.legal_actions(seat)[0])
    return table


def test_each_player_sees_and_writes_only_their_own_rows(pg_url: str) -> None:
    ana, ben = Store(database=pg_url, player="ana"), Store(database=pg_url, player="ben")
    server = Store(database=pg_url)  # the server's own store: its shared tables
    mine = new_table()
    ana.create(mine)
    play_out(mine)
    shared = new_table(("ana", "ben"), seed=4)
    server.create(shared)
    server.share(shared.save_id, "K7QM", {})
    assert [g.id for g in ana.finished()] == [mine.save_id]
    assert ben.finished() == [] and ben.saves(None) == [] and ben.high_scores("toy") == []
    assert ben.seat_results() == [] and server.finished() == []
    assert [row.code for row in server.shared_tables("ana")] == ["K7QM"]
    assert ana.shared_tables("ana") == [] and ana.shared_save("K7QM") is None
    with pytest.raises(SaveError, match="no saved game"):
        ben.load(mine.save_id)
    with pytest.raises(SaveError, match="no saved game"):
        ben.delete(shared.save_id)
    ben.share(shared.save_id, "HACK", {})  # names no row of ben's: changes nothing
    assert server.shared_save("K7QM") == (shared.save_id, {})
    with store_pg.database(pg_url).transaction(None) as db:
        rows = db.execute("SELECT player, id, status, seed FROM public.saves ORDER BY id")
        assert rows.fetchall() == [("ana", 1, "finished", 3), ("@server", 2, "active", None)]
        seats = db.execute("SELECT DISTINCT player FROM public.seat_results").fetchall()
        assert seats == [("ana",)]


def test_a_schema_3_database_is_migrated_and_keeps_its_games(empty_pg_url: str) -> None:
    """An old database (schema 3 of the PostgreSQL steps) gets the later steps in order: its
    finished games get their columns and seat rows, a damaged one gets none, identities
    come in, and the version says so."""
    finished = play_out(new_table(seed=7))
    result = json.dumps(finished.state.result().to_json())
    with store_pg.database(empty_pg_url).transaction("ana") as db:
        assert store_pg.migrate(db, upto=3) == 0
        for record in (finished.record.dumps(), "{damaged"):
            db.execute(
                "INSERT INTO saves (game, title, names, record, status, result, created, "
                "updated) VALUES ('toy', 'Toy Cards', '[\"ana\", \"ben\"]', ?, 'finished', ?, "
                "'2026-01-01T00:00:00+00:00', '2026-01-01T00:00:00+00:00')", (record, result),
            )
        assert db.execute("SELECT version FROM schema_version").fetchall() == [(3,)]
    store_pg.forget(empty_pg_url)

    store = Store(database=empty_pg_url, player="ana")
    with store_pg.database(empty_pg_url).transaction(None) as db:
        assert db.execute("SELECT version FROM schema_version").fetchall() == [
            (store_pg.SCHEMA_VERSION,)
        ] == [(9,)]
        assert db.execute("SELECT id, seed FROM public.saves ORDER BY id").fetchall() == [
            (1, 7), (2, None)
        ]
    [game] = store.finished()  # the damaged one is not shown half-read
    assert game.seed == 7 and game.kinds == ("human", "human")
    totals = finished.state.result().totals
    assert [(r.name, r.score) for r in store.seat_results()] == [
        ("ana", totals[0]), ("ben", totals[1])
    ]
    assert Identities(Path("unused"), empty_pg_url).bind("ana", "SHA256:x")
    # a game finished after the migration gets its seat rows from the triggers
    later = play_out(store.load(store.create(new_table(("ana", "cleo"), seed=9))))
    assert {r.name for r in store.seat_results("cleo")} == {"ana", "cleo"}
    assert store.finished()[0].id == later.save_id


def test_a_database_of_a_newer_tulipgames_is_refused(empty_pg_url: str) -> None:
    with store_pg.database(empty_pg_url).transaction(None) as db:
        store_pg.version(db)
        db.execute("INSERT INTO schema_version (version) VALUES (99)")
    with pytest.raises(StoreError, match="newer tulipgames") as refused:
        Store(database=empty_pg_url, player="ana")
    assert refused.value.kind == "newer"


def test_a_dropped_connection_refuses_one_move_and_the_next_goes_through(pg_url: str) -> None:
    """The database restarting under a running server: the move that could not be committed
    is not played (never shown), and the store reconnects for the next one."""
    store = Store(database=pg_url, player="ana")
    table = new_table()
    store.create(table)
    seat = table.state.to_act()[0]
    table.play(seat, table.state.legal_actions(seat)[0])
    drop_connections(pg_url)
    before = list(table.record.actions)
    with pytest.raises(WriteFailed):
        seat = table.state.to_act()[0]
        table.play(seat, table.state.legal_actions(seat)[0])
    assert table.record.actions == before
    seat = table.state.to_act()[0]
    table.play(seat, table.state.legal_actions(seat)[0])
    assert store.load(table.save_id).record.actions == table.record.actions
    assert len(table.record.actions) == len(before) + 1
    drop_connections(pg_url)  # a read is asked again on a new connection: nothing to lose
    assert [save.moves for save in store.saves()] == [len(before) + 1]


def drop_connections(url: str) -> None:
    """End the server side of every connection of this process (as a database restart does)."""
    with psycopg.connect(url, autocommit=True) as admin:
        admin.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE "
                      "application_name LIKE 'tulipgames:%' AND pid <> pg_backend_pid()")


def test_identities_are_one_registry_for_every_node(pg_url: str, tmp_path: Path) -> None:
    first, second = Identities(tmp_path / "a", pg_url), Identities(tmp_path / "b", pg_url)
    assert first.bind("Alice", "SHA256:one")
    assert not second.bind("alice", "SHA256:two")  # case-insensitively taken, on any node
    assert second.owner("ALICE") == "SHA256:one" and second.spelling("alice") == "Alice"
    assert second.bind("bob", "browser:h", BROWSER)
    assert not first.bind("bob", "browser:h", KEY)  # the same secret as a key is not its owner
    assert first.record("bob") is not None and first.record("carol") is None
    assert not (tmp_path / "a").exists()  # nothing of it in the data directory


def test_a_finished_shared_game_goes_into_each_player_s_rows(pg_url: str, tmp_path: Path) -> None:
    server = Store(database=pg_url)
    table = new_table(("ana", "ben"), seed=5)
    server.create(table)
    play_out(table)
    add_to_histories(server, table, {"ana": tmp_path / "ana", "ben": tmp_path / "ben"})
    for seat, name in enumerate(("ana", "ben")):
        own = Store(database=pg_url, player=name)
        [game] = own.finished()
        assert game.seed == 5 and game.names == ("ana", "ben")
        assert {s.name: s.score for s in own.high_scores("toy")}[name] == \
            table.state.result().totals[seat]
    assert not (tmp_path / "ana").exists()


async def test_nodes_hear_each_committed_change_of_a_shared_table(pg_url: str) -> None:
    """The bus between nodes on one database: every committed change of a shared table's save
    is announced (by a trigger) with whose turn it is and which node wrote it; a rolled-back
    change is not."""
    heard: list[store_pg.TableEvent] = []
    arrived = asyncio.Event()

    def hear(event: store_pg.TableEvent) -> None:
        heard.append(event)
        arrived.set()

    async def next_event() -> store_pg.TableEvent:
        if not heard:
            arrived.clear()
            await asyncio.wait_for(arrived.wait(), 10)
        return heard.pop(0)

    events = store_pg.TableEvents(pg_url, hear)
    listening = asyncio.create_task(events.run())
    try:
        await asyncio.wait_for(events.listening.wait(), 10)
        server = Store(database=pg_url)
        table = new_table(seed=2)
        server.create(table)  # not shared yet: no event
        server.share(table.save_id, "K7QM", {})
        shared = await next_event()
        assert (shared.code, shared.save, shared.revision, shared.to_act) == \
            ("K7QM", table.save_id, 0, (0,))
        assert not shared.elsewhere  # this process wrote it
        play_out(table)
        moves = [await next_event() for _ in table.record.actions]  # one for each
        assert [e.revision for e in moves] == list(range(1, len(table.record.actions) + 1))
        assert {e.status for e in moves[:-1]} == {"active"}
        assert moves[-1].status == "finished" and moves[-1].to_act == ()

        other = "tulipgames:other-node:1"  # another node's write, first rolled back
        with psycopg.connect(pg_url, application_name=other, autocommit=True) as db:
            db.execute("SELECT set_config('tulipgames.player', '@server', false)")
            db.execute("BEGIN")
            db.execute("UPDATE mine.saves SET shared = '{\"x\": 1}' WHERE id = %s",
                       (table.save_id,))
            db.execute("ROLLBACK")
            db.execute("UPDATE mine.saves SET shared = '{}' WHERE id = %s", (table.save_id,))
        foreign = await next_event()
        assert foreign.elsewhere and foreign.node == other and heard == []
    finally:
        listening.cancel()


def test_one_node_holds_a_table_s_lease_until_it_runs_out_or_is_given_up(pg_url: str) -> None:
    """Leases, timed by the database's clock: the holder renews, another node is told who holds
    it, and takes it over once it ran out (a node that died) or was given up."""
    db = store_pg.database(pg_url)
    assert db.claim("K7QM", 30, node="a") == "a"
    assert db.claim("K7QM", 30, node="b") == "a"  # held: b is told by whom
    assert db.claim("K7QM", 30, node="a") == "a"  # renewed
    assert db.claim("AB23", 30, node="b") == "b"  # another table, another node
    with db.transaction(None) as sql:  # a's lease runs out (a died and stopped renewing)
        sql.execute("UPDATE table_leases SET expires = now() - interval '1 second' "
                    "WHERE code = 'K7QM'")
    assert db.claim("K7QM", 30, node="b") == "b"  # taken over
    assert db.claim("K7QM", 30, node="a") == "b"
    db.release("K7QM", node="a")  # not a's to give up
    assert db.claim("K7QM", 30, node="a") == "b"
    db.release("K7QM", node="b")
    assert db.claim("K7QM", 30, node="a") == "a"

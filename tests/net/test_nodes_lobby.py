"""Two nodes' lobbies on one PostgreSQL database, in one process: what no save holds is kept
right across nodes. The bus is played by hand (each test hands a node the event the other's
write announces, as ``TableEvents`` would), so each race is run in the one order that loses
data without the fix: two players seated in one seat, a player at the table counted away by
the other node (and a bot voted in for them), rematch votes that never meet, a rematch dealt
twice, and a waiting table whose node died."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tulipgames import store_pg
from tulipgames.net.lobby import ALL, END, Lobby, TableError
from tulipgames.store import Store
from tulipgames.store_pg import TableEvent


class Node:
    """One node: its lobby, named ``name``, on the shared database."""

    def __init__(self, name: str, url: str, root: Path) -> None:
        self.name = name
        self.db = store_pg.Database(url)
        self.lobby = Lobby(Store(database=url), root / name, leases=self.db, node=name,
                           bot_delay=0)

    def hears(self, code: str, status: str, save: int = 0) -> None:
        """The event another node's write announced (``TableEvents`` hands it over)."""
        self.lobby.heard(TableEvent(code, save, 0, status, (), node="other"))


@pytest.fixture
def nodes(pg_url: str, tmp_path: Path) -> Iterator[tuple[Node, Node]]:
    a, b = Node("a", pg_url, tmp_path), Node("b", pg_url, tmp_path)
    yield a, b
    a.db.close()
    b.db.close()


def expire(node: Node, db: store_pg.Database) -> None:
    """``node`` dies: its leases and what it said of its tables run out."""
    with db.transaction(None) as sql:
        sql.execute("UPDATE public.table_leases SET expires = now() - interval '1 second' "
                    "WHERE node = ?", (node.name,))
        sql.execute("UPDATE public.table_nodes SET expires = now() - interval '1 second' "
                    "WHERE node = ?", (node.name,))


def test_two_nodes_never_seat_two_players_in_one_seat(nodes: tuple[Node, Node]) -> None:
    a, b = nodes
    opened = a.lobby.open("sixtyone", 3, "ana")
    copy = b.lobby.find(opened.code)  # B's copy, before anyone joins
    assert opened.claim("ben") == 1
    # B has not heard of ben yet: cy takes the seat B thinks is free, the write is refused,
    # B reads the table again and seats cy in the next one
    assert copy.claim("cy") == 2
    assert [seat.name for seat in copy.seats] == ["ana", "ben", "cy"]
    a.hears(opened.code, "waiting")
    assert [seat.name for seat in opened.seats] == ["ana", "ben", "cy"]

    full = a.lobby.open("sixtyone", 2, "dee")
    late = b.lobby.find(full.code)
    assert full.claim("eve") == 1
    with pytest.raises(TableError, match="full"):
        late.claim("fay")
    assert [seat.name for seat in late.seats] == ["dee", "eve"]


def started(a: Node, b: Node) -> tuple[str, object, object]:
    """ana (node A) and ben (node B) at a started two-player table, both at it."""
    opened = a.lobby.open("sixtyone", 2, "ana")
    opened.arrive("ana")
    copy = b.lobby.find(opened.code)
    copy.claim("ben")
    copy.arrive("ben")
    a.hears(opened.code, "waiting")
    a.hears(opened.code, "nodes")
    table = a.lobby.start(opened.code)
    b.hears(opened.code, "active", table.save_id or 0)
    assert copy.table is not None and copy.table.save_id == table.save_id
    return opened.code, opened, copy


def test_a_player_at_the_table_on_another_node_is_here_and_no_bot_is_voted_in(
    nodes: tuple[Node, Node],
) -> None:
    a, b = nodes
    code, opened, copy = started(a, b)
    assert opened.seat_status(1) == "connected"  # ben, on node B
    assert copy.seat_status(0) == "connected"  # ana, on node A
    assert opened.absent() == []
    with pytest.raises(TableError, match="is here"):
        opened.propose("ana", 1)
    assert "ben" in opened.voters(0) and "ana" in copy.voters(1)

    copy.arrive("cy", watching=True)
    a.hears(code, "nodes")
    assert "watching: cy" in opened.presence_line()

    expire(b, a.db)  # node B dies with ben's session
    a.lobby.sweep()
    assert opened.seat_status(1).startswith("away")
    assert opened.absent() == [1]
    assert "watching" not in opened.presence_line()


def test_rematch_votes_cast_on_two_nodes_deal_one_rematch(nodes: tuple[Node, Node]) -> None:
    a, b = nodes
    code, opened, copy = started(a, b)
    # both end the game by vote, each on their own node
    assert opened.propose("ana", ALL) is None
    b.hears(code, "active", opened.table.save_id)
    assert copy.vote("ben", ALL, END) == END
    a.hears(code, "active", opened.table.save_id)
    assert opened.over and copy.over
    first = opened.table.save_id
    a.lobby.sweep()  # the finished game's lease is given up
    # the last two votes at once: neither node has heard the other's
    assert a.lobby.rematch(code, "ana", True) == ["ben"]
    assert b.lobby.rematch(code, "ben", True) == ["ana"]
    # each hears the other's vote: both see everyone agreed, one wins the lease and deals
    a.hears(code, "nodes")
    b.hears(code, "nodes")
    dealt = [n for n in (opened, copy) if n.table.save_id != first]
    assert len(dealt) == 1
    new = dealt[0].table.save_id
    other = b if dealt[0] is opened else a
    other.hears(code, "active", new)
    assert opened.table.save_id == copy.table.save_id == new
    assert opened.table.record.seed == copy.table.record.seed
    assert not opened.votes and not copy.votes and not opened.over
    saves = a.lobby.store.shared_save(code)
    assert saves is not None and saves[0] == new


def test_a_dead_node_s_waiting_table_goes_on_without_it_or_closes(
    nodes: tuple[Node, Node],
) -> None:
    a, b = nodes
    opened = a.lobby.open("sixtyone", 3, "ana")
    opened.arrive("ana")
    copy = b.lobby.find(opened.code)
    copy.claim("ben")
    copy.arrive("ben")
    b.lobby.sweep()  # A keeps the table: B changes nothing
    assert copy.host == "ana" and b.db.waiting(opened.code) is not None

    lonely = a.lobby.open("spiceroad", 2, "dee")
    lonely.arrive("dee")
    expire(a, b.db)  # node A dies with ana's and dee's sessions
    b.lobby.sweep()
    # B keeps the table ben is at, and hands it to him: he can fill it and start
    assert copy.host == "ben"
    assert '"host": "ben"' in (b.db.waiting(opened.code) or "")
    copy.give_free_seats_to_bots("normal")
    table = b.lobby.start(opened.code)
    assert table.names[1] == "ben"
    # nobody is at dee's table any more: it is closed everywhere
    assert b.db.waiting(lonely.code) is None
    with pytest.raises(TableError):
        b.lobby.find(lonely.code)

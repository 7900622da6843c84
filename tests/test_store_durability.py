"""A killed process loses no move: each move is committed before ``Table.play`` returns, with
SQLite's own files on disk (WAL mode), or PostgreSQL, and a real ``kill -9``."""

from __future__ import annotations

import subprocess
import sys

from tests.pg import Backend

#: Plays moves of a real game, each saved as played, prints how many, then dies by SIGKILL
#: before anything could close the database or checkpoint the WAL.
CHILD = """
import os, random, signal, sys
from tulipgames import games
from tulipgames.engine.core import SeatSpec
from tulipgames.store import Store
from tulipgames.table import Table

url = sys.argv[3] or None  # PostgreSQL: the player "home"'s rows, as Backend.open has them
store = Store(sys.argv[1], database=url, player="home" if url else None)
table = Table.new(games.get_game("sixtyone"), [SeatSpec("Ana"), SeatSpec("Bo")], 11)
store.create(table)
rng = random.Random(5)
for _ in range(int(sys.argv[2])):
    seat = table.to_act()[0]
    table.play(seat, rng.choice(table.turn(seat).legal))
print(table.save_id, len(table.record.actions), flush=True)
os.kill(os.getpid(), signal.SIGKILL)
"""


def test_every_move_played_before_a_kill_is_in_the_store(backend: Backend) -> None:
    done = subprocess.run(
        [sys.executable, "-c", CHILD, str(backend.root / "home"), "25", backend.url or ""],
        capture_output=True, text=True, timeout=120, check=False,
    )
    assert done.returncode == -9, done.stderr[-2000:]
    save_id, played = (int(word) for word in done.stdout.split())
    assert played == 25
    store = backend.open()
    try:
        table = store.load(save_id)
        assert len(table.record.actions) == played
    finally:
        store.close()

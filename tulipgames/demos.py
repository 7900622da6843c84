"""Every game's demo positions as tables: what screenshots, the snapshot tests, the screens'
tests and the bench draw. Each game declares its positions in its folder (``demos.py``, a
sequence of :class:`~tulipgames.games.parts.Demo` its kit names); here they are played to.

A demo is a table played by bots (:func:`play_until`) until a predicate on a turn holds, with
seat 0 human. No Textual here: the tables are drawn by whoever asks for them.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from tulipgames import games
from tulipgames.engine.bots import bot_move
from tulipgames.engine.core import SeatSpec
from tulipgames.games.parts import Demo
from tulipgames.table import Table, Turn

#: A demo stops when this holds for the turn of its viewer (the public turn by default).
Stop = Callable[[Turn[Any]], bool]


def play_until(
    table: Table,
    stop: Stop,
    seed: int,
    *,
    level: str | None = None,
    randomness: float = 0.2,
    limit: int = 2000,
    viewer: int | None = None,
) -> Table:
    """Let bots of ``level`` (the game's default) play every seat, humans too, until
    ``stop(table.turn(viewer))`` holds (the public turn by default) or the game ends; a share
    ``randomness`` of the moves is any legal move, so the positions are not only the bots'
    favourites. Every move goes through ``table.play``, so the record replays to the same
    position. Returns the table."""
    rng = random.Random(seed)
    bots: dict[int, Any] = {}
    for _ in range(limit):
        public = table.turn(None)
        if public.over or stop(table.turn(viewer)):
            # inside an event loop each play started the table's own bot driver: the position
            # is this one, not what the driver would play while other demos are drawn
            table.stop_bots()
            return table
        seat = public.to_act[0]
        legal = table.turn(seat).legal
        if rng.random() < randomness:
            action = rng.choice(legal)
        else:
            bot = bots.setdefault(seat, table.game.make_bot(level, seed + seat))
            # the bot sees only what its seat may know, as the table's own bot driver does
            action = bot_move(bot, table.state, seat, rng)
        table.play(seat, action)
    raise RuntimeError(f"{table.game.id}: the demo position never came ({limit} moves)")


def demo_table(game_id: str, demo: Demo) -> Table:
    """One demo position of a game: seat 0 human, the others bots of the default level."""
    names = list(demo.names)
    seats = [SeatSpec(names[0])] + [SeatSpec(name, "bot") for name in names[1:]]
    table = Table.new(games.get_game(game_id), seats, demo.seed, dict(demo.options) or None)
    return play_until(table, demo.stop, demo.seed, viewer=demo.viewer)


def demo_tables(game_id: str) -> dict[str, Table]:
    """The game's demo tables by picture name (empty for a game without any)."""
    return {demo.name: demo_table(game_id, demo)
            for demo in games.kit(game_id).demo_positions()}

"""The same seeds give the same games: seeded random games of every game, pinned.

``seeded_games.json`` holds, per game, seat count and seed, the fingerprint of one random game
(the notation of every action, every event of the log with its private text, seat and reveal
flag, the totals and ranks) as the engine played it *before* the speed work of issue 16. It was
written by the code of commit 7391ff1, not by hand::

    git archive 7391ff1 tulipgames | tar -x -C /tmp/engine_base
    cd /tmp && PYTHONPATH=/tmp/engine_base:/work/wt/engine \\
        python -m tests.engine.test_seeded_games > /work/wt/engine/tests/engine/seeded_games.json

A faster engine must play exactly these games: the same legal lists in the same order, the same
random draws, the same log lines and the same scores.
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from pathlib import Path
from typing import Any

import pytest

from tulipgames import games
from tulipgames.engine.core import Event
from tulipgames.i18n import render

PINNED = Path(__file__).with_name("seeded_games.json")
SEEDS = (0, 1, 2)


def seat_counts(game_id: str) -> list[int]:
    """Up to three seat counts of a game, the smallest first."""
    game = games.get_game(game_id)
    return list(range(game.min_players, game.max_players + 1))[:3]


def english(event: Event) -> bytes:
    """An event as its English words (a text kept as data, ``i18n.Say``, reads the same)."""
    private = None if event.private is None else render(event.private, "en")
    return repr((render(event.text, "en"), private, event.seat, event.reveals)).encode()


def fingerprint(game_id: str, seats: int, seed: int) -> dict[str, Any]:
    """One random game (the bench's driver: the first seat to act picks uniformly from its
    legal list with ``random.Random(seed)``) reduced to digests of its record and log."""
    game = games.get_game(game_id)
    rng = random.Random(seed)
    state = game.new_state(seats, seed)
    record = hashlib.sha256()
    log = hashlib.sha256()
    for event in state.setup_events:
        log.update(english(event))
    actions = 0
    while not state.is_over():
        seat = state.to_act()[0]
        action = rng.choice(state.legal_actions(seat))
        record.update(f"{seat}:{action}\n".encode())
        for event in state.apply(seat, action):
            log.update(english(event))
        actions += 1
    result = state.result()
    return {
        "actions": actions,
        "record": record.hexdigest()[:20],
        "log": log.hexdigest()[:20],
        "totals": list(result.totals),
        "ranks": list(result.ranks),
    }


def cases() -> list[tuple[str, int, int]]:
    return [(g, n, s) for g in games.GAME_IDS for n in seat_counts(g) for s in SEEDS]


@pytest.mark.parametrize(("game_id", "seats", "seed"), cases())
def test_a_seeded_game_is_played_as_before(game_id: str, seats: int, seed: int) -> None:
    pinned = json.loads(PINNED.read_text("utf-8"))[f"{game_id}/{seats}/{seed}"]
    assert fingerprint(game_id, seats, seed) == pinned


def test_every_game_is_pinned() -> None:
    pinned = json.loads(PINNED.read_text("utf-8"))
    assert set(pinned) == {f"{g}/{n}/{s}" for g, n, s in cases()}


if __name__ == "__main__":
    json.dump(
        {f"{g}/{n}/{s}": fingerprint(g, n, s) for g, n, s in cases()}, sys.stdout, indent=1
    )
    print()

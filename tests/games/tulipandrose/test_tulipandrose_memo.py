"""The scoring memo the bots lean on must not grow with every game a server hosts."""

from __future__ import annotations

import random

from tulipgames.games.tulipandrose import rules


def test_points_gained_memo_is_bounded() -> None:
    """Bots price thousands of collections and bouquets per game; an unbounded memo grew by
    about 100 MB per four-seat game of `hard` bots. The memo keeps a fixed number of answers
    and still gives the same answer as scoring the collection afresh."""
    rules.points_gained.cache_clear()
    rng = random.Random(5)
    kinds = len(rules.KIND_INDEX)
    letters = list(rules.KIND_INDEX)
    limit = rules.points_gained.cache_info().maxsize
    assert limit is not None
    for _ in range(limit + 500):
        counts = tuple(rng.randrange(4) for _ in range(kinds))
        cards = tuple(sorted(rng.choice(letters) + "1" for _ in range(rng.randrange(1, 6))))
        rules.points_gained(counts, cards, (), "partition")
    info = rules.points_gained.cache_info()
    assert info.currsize == limit
    counts, cards = (1,) * kinds, (letters[0] + "1", letters[1] + "1")
    after = list(counts)
    after[0] += 1
    after[1] += 1
    expected = (rules.score_sheet(after, 0, 0, (), "partition").total
                - rules.score_sheet(counts, 0, 0, (), "partition").total)
    assert rules.points_gained(counts, cards, (), "partition") == expected

"""Flower set scoring: the fast partition DP against the spec's reference oracles."""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence

import pytest

from tulipgames.games.tulipandrose.rules import (
    both_points,
    counted_weeds,
    partition_points,
    weed_penalty,
)


def oracle(counts: Sequence[int]) -> int:
    """Spec §5.1 reference: the best Score(d) over every d with 0 <= dᵢ <= cᵢ."""
    best = 0
    for d in itertools.product(*(range(c + 1) for c in counts)):
        identical = sum((c - x) ** 2 for c, x in zip(counts, d, strict=True))
        layers = sum((2 * r + 1) * x for r, x in enumerate(sorted(d, reverse=True)))
        best = max(best, identical + layers)
    return best


def brute_force(counts: Sequence[int]) -> int:
    """Every set partition of the cards whose blocks are all-identical or all-distinct."""
    cards = [kind for kind, c in enumerate(counts) for _ in range(c)]

    def partitions(items: list[int]) -> list[list[list[int]]]:
        if not items:
            return [[]]
        first, rest = items[0], items[1:]
        out = []
        for sub in partitions(rest):
            out.append([[first], *sub])
            for i, block in enumerate(sub):
                out.append([*sub[:i], [first, *block], *sub[i + 1 :]])
        return out

    def valid(block: list[int]) -> bool:
        return len(set(block)) in (1, len(block))

    return max(sum(len(b) ** 2 for b in p) for p in partitions(cards) if all(valid(b) for b in p))


def test_fast_method_matches_oracle_on_every_vector_up_to_three() -> None:
    by_multiset = {}
    for counts in itertools.product(range(4), repeat=6):
        key = tuple(sorted(counts))
        if key not in by_multiset:
            by_multiset[key] = oracle(key)
        assert partition_points(counts) == by_multiset[key], counts


def test_fast_method_matches_oracle_on_larger_holdings() -> None:
    rng = random.Random(2024)
    checked = 0
    while checked < 40:
        counts = [rng.choice((0, 0, 1, 2, 3, 4, 5, 6, 8, 11, 14)) for _ in range(6)]
        size = 1
        for c in counts:
            size *= c + 1
        if size > 40_000:
            continue
        assert partition_points(counts) == oracle(counts), counts
        checked += 1


@pytest.mark.parametrize(
    "counts",
    [
        (3, 1, 1, 1, 0, 0),
        (3, 3, 0, 0, 0, 0),
        (4, 2, 2, 0, 0, 0),
        (3, 2, 2, 1, 0, 0),
        (2, 2, 2, 1, 1, 1),
        (1, 1, 1, 1, 1, 1),
        (5, 2, 1, 1, 0, 0),
        (4, 3, 2, 0, 0, 0),
    ],
)
def test_oracle_matches_brute_force_on_small_holdings(counts: tuple[int, ...]) -> None:
    assert oracle(counts) == brute_force(counts) == partition_points(counts)


def test_both_is_identical_plus_layers() -> None:
    assert both_points([0] * 6) == 0
    assert both_points([2, 1, 0, 0, 0, 0]) == 5 + 4 + 1


def test_weed_penalty_table_and_beyond() -> None:
    assert [weed_penalty(w) for w in range(16)] == [
        0, -5, -11, -18, -26, -35, -45, -56, -68, -81, -95, -110, -125, -140, -155, -170,
    ]  # fmt: skip
    assert weed_penalty(17) == -200
    assert counted_weeds(3, 2) == 0 and counted_weeds(7, 1) == 5

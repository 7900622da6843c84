"""Lines heard per decision in the plain mode, per game (median and 90th percentile), with a
transcript of each game: ``python -m tests.plain.measure_lines [OUTDIR]`` (docs/plain-mode.md)."""

import random
import statistics
import sys

from tulipgames import games
from tulipgames.engine.core import SeatSpec
from tulipgames.plain import run_plain
from tulipgames.table import Table

OUT = sys.argv[1] if len(sys.argv) > 1 else "."

for gid in games.GAME_IDS:
    g = games.get_game(gid)
    seats = [SeatSpec("Ana"), SeatSpec("Ben", "bot")] if g.max_players > 1 else [SeatSpec("Ana")]
    if gid == "flowershop":
        seats = [SeatSpec("Ana")]
    t = Table.new(g, seats, 42)
    rng = random.Random(7)
    answers = iter([str(rng.randint(1, 4)) for _ in range(40000)])
    out = []
    run_plain(t, lambda feed=answers: next(feed, None), out.append, echo=True)
    counts, n = [], 0
    for line in out:
        if line.startswith("> "):
            counts.append(n)
            n = 0
        else:
            n += 1
    p90 = sorted(counts)[int(len(counts) * 0.9)]
    print(gid, "decisions", len(counts), "median lines per answer", statistics.median(counts),
          "p90", p90)
    with open(f"{OUT}/transcript-{gid}.txt", "w", encoding="utf-8") as f:
        f.write("\n".join(out))

"""Lines and spoken seconds per decision in the plain mode, per game, before and after, in one
run: ``python -m tests.plain.measure_lines [--before REV] [DECISIONS]`` (docs/plain-mode.md).

Each game is played by Ana against a random bot (two seats, seed 42, answering at random among
the listed choices, as :mod:`tulipgames.plain.transcripts` does), once by this checkout and once
by the tree of ``REV`` (default :data:`BEFORE`, the commit before the plain mode was made to be
spoken well), exported with ``git archive`` to a temporary directory and run in a subprocess of
its own with that tree first on the path. The same player code plays both (:func:`heard`: only
``PlainSession(table, read, write, echo=True).run()`` of the tree is used), so the two differ
only in what the tree's plain mode says. A decision is what is said before an answer that
plays. The seconds are espeak-ng's at its default rate (the length of the sound it writes), over
the first DECISIONS decisions (default 60), and in all for the whole game.
"""

from __future__ import annotations

import io
import json
import os
import random
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import wave
from pathlib import Path

#: The tree before issue 32's work (the parent of 46aea17, "Plain mode spoken well").
BEFORE = "46aea17^"
ROOT = Path(__file__).resolve().parents[2]


def heard(game_id: str, players: int = 2, seed: int = 42) -> list[list[str]]:
    """What the first seat hears before each of its answers that plays, in the tree on the
    path: the same seats, seed and random answers as ``transcripts.played(queries=False)``."""
    from tulipgames import games
    from tulipgames.engine.core import SeatSpec
    from tulipgames.plain.session import PlainSession
    from tulipgames.table import Table

    game = games.get_game(game_id)
    seats = [SeatSpec("Ana")] + [SeatSpec(f"Bot {n}", "bot:random")
                                 for n in range(2, players + 1)]
    table = Table.new(game, seats, seed, bot_delay=0)
    rng = random.Random(f"{game_id}-{players}-{seed}")
    out: list[str] = []

    def answer() -> str:
        last = max((i for i, line in enumerate(out) if line.startswith(">")), default=-1)
        listed = [int(n) for line in out[last + 1 :]
                  for n in re.findall(r"(?:^|Choices:|\.) ?(\d+)\. ", line)]
        return str(rng.randint(1, max(listed, default=4)))

    PlainSession(table, answer, out.append, echo=True).run()
    decisions: list[list[str]] = []
    current: list[str] = []
    for line in out:
        if line.startswith(">"):
            decisions.append(current)
            current = []
        else:
            current.append(line)
    return decisions


def collect() -> None:
    """Print every game's decisions as JSON (run inside the tree measured)."""
    from tulipgames import games

    print(json.dumps({game_id: heard(game_id) for game_id in games.GAME_IDS}))


def decisions_of(tree: Path) -> dict[str, list[list[str]]]:
    env = {**os.environ, "PYTHONPATH": str(tree)}
    out = subprocess.run([sys.executable, str(Path(__file__).resolve()), "--collect"],
                         cwd=tree, env=env, capture_output=True, text=True, check=True).stdout
    return dict(json.loads(out))


def seconds(lines: list[str]) -> float:
    espeak = shutil.which("espeak-ng")
    if espeak is None or not lines:
        return 0.0
    sound = subprocess.run([espeak, "--stdout", "\n".join(lines)], capture_output=True,
                           check=True).stdout
    # espeak-ng streams a header with no length; the samples are 16-bit mono at its rate
    with wave.open(io.BytesIO(sound)) as wav:
        rate = wav.getframerate()
    return (len(sound) - 44) / (2 * rate)


def figures(decisions: list[list[str]], limit: int) -> dict[str, float]:
    counts = sorted(len(d) for d in decisions)
    every = [seconds(d) for d in decisions]
    spoken = sorted(every[:limit])
    return {
        "decisions": len(decisions), "mean": statistics.mean(counts),
        "median": statistics.median(counts),
        "p90": counts[int(len(counts) * 0.9)], "most": counts[-1],
        "mean_s": statistics.mean(spoken), "p90_s": spoken[int(len(spoken) * 0.9)],
        "minutes": sum(every) / 60,
    }


def main(argv: list[str]) -> None:
    if argv[:1] == ["--collect"]:
        collect()
        return
    rev = BEFORE
    if argv[:1] == ["--before"]:
        rev, argv = argv[1], argv[2:]
    limit = int(argv[0]) if argv else 60
    from tulipgames import games

    sha = subprocess.run(["git", "rev-parse", "--short", rev], cwd=ROOT, capture_output=True,
                         text=True, check=True).stdout.strip()
    with tempfile.TemporaryDirectory() as tmp:
        archive = subprocess.run(["git", "archive", sha, "tulipgames"], cwd=ROOT,
                                 capture_output=True, check=True).stdout
        subprocess.run(["tar", "-x", "-C", tmp], input=archive, check=True)
        before = decisions_of(Path(tmp))
    after = decisions_of(ROOT)
    print(f"Before: {sha}; after: this checkout. Seconds over the first {limit} decisions.\n")
    print("| game | decisions | lines mean | lines median | lines p90 | lines most "
          "| seconds mean | seconds p90 | minutes, whole game |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|")
    for game_id in games.GAME_IDS:
        title = games.info(game_id).title
        old, new = figures(before[game_id], limit), figures(after[game_id], limit)
        cells = [f"{old[key]:g} → {new[key]:g}" if key in ("decisions", "median", "p90", "most")
                 else f"{old[key]:.1f} → {new[key]:.1f}"
                 for key in ("decisions", "mean", "median", "p90", "most", "mean_s", "p90_s",
                             "minutes")]
        print(f"| {title} | " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main(sys.argv[1:])

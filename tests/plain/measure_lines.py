"""Lines and spoken seconds per decision in the plain mode, per game:
``python -m tests.plain.measure_lines [DECISIONS]`` (docs/plain-mode.md).

Each game is played by Ana against a random bot (two seats, seed 42, answering at random among
the listed choices, see :mod:`tulipgames.plain.transcripts`); a decision is what is said before
an answer that plays. The seconds are espeak-ng's at its default rate (the length of the sound
file it writes), over the first DECISIONS decisions (default 60), and in all for the game.
"""

import io
import shutil
import statistics
import subprocess
import sys
import wave

from tulipgames import games
from tulipgames.plain.transcripts import per_decision, transcript


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


def main() -> None:
    limit = int(sys.argv[1]) if len(sys.argv) > 1 else 60
    print("| game | decisions | lines median | lines p90 | lines most | seconds mean | p90 "
          "| minutes, whole game |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    for game_id in games.GAME_IDS:
        decisions = per_decision(transcript(game_id, 2, 42, queries=False))
        counts = sorted(len(d) for d in decisions)
        every = [seconds(d) for d in decisions]
        spoken = sorted(every[:limit])
        print(f"| {games.info(game_id).title} | {len(decisions)} | "
              f"{statistics.median(counts)} | {counts[int(len(counts) * 0.9)]} | {counts[-1]} | "
              f"{statistics.mean(spoken):.1f} | {spoken[int(len(spoken) * 0.9)]:.1f} | "
              f"{sum(every) / 60:.1f} |")


if __name__ == "__main__":
    main()

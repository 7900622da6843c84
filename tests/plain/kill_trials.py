"""kill -9 trials through the plain mode: ``python -m tests.plain.kill_trials [TRIALS]``.

Each trial pipes random answers into ``tulipgames play GAME --plain``, kills the process with
SIGKILL at a random moment, and checks that every move the process had shown (a line of the
game's log) is in the saved game. Prints the count of trials with a shown move not saved.
"""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from tulipgames import games
from tulipgames.store import Store


def trial(game_id: str, number: int) -> tuple[int, list[str]]:
    """One trial: the actions saved, and the shown log lines missing from the save."""
    home = Path(tempfile.mkdtemp())
    seats = "Ana" if game_id == "flowershop" else "Ana,bot:random"
    rng = random.Random(number)
    proc = subprocess.Popen(
        [sys.executable, "-m", "tulipgames", "play", game_id, "--seats", seats,
         "--seed", str(number), "--plain"],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
        env={**os.environ, "TULIPGAMES_HOME": str(home)},
    )
    assert proc.stdin is not None
    proc.stdin.write("".join(f"{rng.randint(1, 9)}\n" for _ in range(rng.randint(20, 400))))
    proc.stdin.flush()
    time.sleep(rng.uniform(0.3, 1.5))
    os.kill(proc.pid, signal.SIGKILL)
    out, _ = proc.communicate()
    saves = Store(home).saves(status=None, empty=True)
    if not saves:
        return 0, []
    table = Store(home).load(saves[0].id)
    log = set(table.log_for(0))
    moves = (" writes ", " bids ", " plays ", " kept ", " gave ", " pick", " acquired ", " played ")
    # the game's log lines (a prompt is "Ana, ..." and a choice "3. ...": not log lines)
    shown = [
        line for line in out.splitlines()
        if any(word in line for word in moves) and not line.startswith("Ana,")
        and not line[:1].isdigit()
    ]
    return len(table.record.actions), [line for line in shown if line not in log]


def main() -> None:
    trials = int(sys.argv[1]) if len(sys.argv) > 1 else 6
    saved = lost = total = 0
    for game_id in games.GAME_IDS:
        for number in range(trials):
            actions, missing = trial(game_id, number)
            total += 1
            saved += actions
            if missing:
                lost += 1
                print(game_id, number, "shown but not saved:", missing[:3])
    print(f"{total} kill -9 trials, {saved} saved actions; trials with a shown move lost: {lost}")


if __name__ == "__main__":
    main()

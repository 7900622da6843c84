"""The plain mode from the command line, through a real pipe: play, quit, resume, finish."""

from __future__ import annotations

import os
import random
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tulipgames import games
from tulipgames.store import Store


def run(home: Path, args: list[str], answers: str, **env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "tulipgames", *args],
        input=answers, capture_output=True, text=True, timeout=300,
        env={**os.environ, "TULIPGAMES_HOME": str(home), **env},
    )


def test_a_piped_game_quits_saved_and_resumes_to_the_end(tmp_path: Path) -> None:
    first = run(tmp_path, ["play", "giftoftulips", "--seats", "Ana,bot", "--seed", "5", "--plain"],
                "1\n1\nquit\n")
    assert first.returncode == 0, first.stderr
    lines = first.stdout.splitlines()
    assert "> 1" in lines and "> quit" in lines  # piped answers are echoed after the prompt
    saved = re.search(r"Saved as game (\d+)\. Resume with: tulipgames resume \1 --plain",
                      first.stdout)
    assert saved, first.stdout[-500:]
    save_id = int(saved.group(1))
    store = Store(tmp_path)
    moves = next(s.moves for s in store.saves() if s.id == save_id)
    assert moves >= 2
    # resumed in plain mode through the environment variable, played to the end
    second = run(tmp_path, ["resume", str(save_id)], "1\n" * 3000, TULIPGAMES_PLAIN="1")
    assert second.returncode == 0, second.stderr
    final = next(line for line in second.stdout.splitlines() if line.startswith("Final scores:"))
    finished = Store(tmp_path).finished()
    game = next(g for g in finished if g.id == save_id)
    for name, total in zip(game.names, game.result.totals, strict=True):
        assert f"{name} {total}" in final
    assert "Traceback" not in second.stderr


def test_the_plain_menu_refuses_bad_seats_and_quits(tmp_path: Path) -> None:
    done = run(tmp_path, ["--plain"], "9\n5\nAna,Ana\nAna,bot\nquit\n7\n")
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "Choose a number from 1 to 7." in out
    assert "two seats are called 'Ana'" in out
    assert "Sixty-One. Players: Ana, Bot 2 (bot, normal)." in out
    assert out.rstrip().endswith("Goodbye.")


@pytest.mark.parametrize("game_id", games.GAME_IDS)
def test_every_game_plays_to_the_end_through_a_pipe(tmp_path: Path, game_id: str) -> None:
    """The mode as a text protocol: answers piped in, the final score read back and checked
    against the rules' result of the saved game."""
    seats = "Ana" if game_id == "flowershop" else "Ana,bot:random"
    rng = random.Random(game_id)
    answers = "".join(f"{rng.randint(1, 9)}\n" for _ in range(30000))
    done = run(tmp_path, ["play", game_id, "--seats", seats, "--seed", "9", "--plain"], answers)
    assert done.returncode == 0, done.stderr[-2000:]
    final = next(line for line in done.stdout.splitlines() if line.startswith("Final scores:"))
    (game,) = Store(tmp_path).finished()
    assert game.game == game_id
    for name, total in zip(game.names, game.result.totals, strict=True):
        assert f"{name} {total}" in final

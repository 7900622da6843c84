"""``tulipgames tutorial GAME --plain`` through a real process: the lesson's lines before the
prompt, the rules' own reason for a refused choice, the lesson's move for an allowed one."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from tulipgames.tutorial import load_tutorial


def test_plain_tutorial_explains_answers_why_not_and_reaches_free_play(tmp_path: Path) -> None:
    script = load_tutorial("giftoftulips")
    answers = [
        "keep",            # not a step now: the rules say why not
        *script.actions[:2],
        "why",             # step 3's question: a second Add this turn
        "give 1",          # allowed, but not this lesson's move
        *script.actions[2:],
        "quit",
    ]
    env = dict(os.environ, TULIPGAMES_HOME=str(tmp_path))
    done = subprocess.run(
        [sys.executable, "-m", "tulipgames", "tutorial", "giftoftulips", "--plain"],
        input="\n".join(answers) + "\n", capture_output=True, text=True, timeout=60,
        check=False, env=env,
    )
    out = done.stdout
    assert done.returncode == 0, done.stderr
    assert out.startswith("Tutorial: Gift of Tulips, 7 short lessons")
    first = out.index("Step 1 of 7. You were dealt two tulips.")
    assert first < out.index("> keep")  # the explanation comes before the prompt's answer
    assert "> keep\nWhy not? First choose which dealt card goes into your bouquet." in out
    assert ("Why not add it face down to the secret festival? You already used Add this turn"
            in out)
    assert "Allowed, but this lesson plays keep it in your bouquet." in out
    assert "Step 7 of 7." in out and script.free[0] in out
    # nothing is saved: a tutorial is no game of the player's history
    assert "Saved as game" not in out


def test_the_plain_menu_offers_the_tutorials() -> None:
    from tulipgames.plain.menu import LineConsole, plain_menu

    feed = iter(["tutorial 5", "place area=4 write=2 leaf=3 spot=2", "quit", "7"])
    said: list[str] = []
    console = LineConsole(lambda: next(feed, None), said.append, lambda text: None, echo=True)
    assert plain_menu(None, console) == 0
    text = "\n".join(said)
    assert "tutorial" in said[1]  # "Or type: ..., tutorial, replay."
    assert "Tutorial: Sixty-One, 6 short lessons" in text
    assert "Step 2 of 6. Mushrooms are a path" in text
    assert text.endswith("Goodbye.")

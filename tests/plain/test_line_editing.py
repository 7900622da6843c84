"""At a terminal the plain prompt edits lines and keeps a history (readline): the arrow keys
move in the answer and bring back earlier answers instead of typing escape codes. Played in a
real pseudo-terminal."""

from __future__ import annotations

import os
import pty
import select
import subprocess
import sys
import time
from pathlib import Path

LEFT, UP = "\x1b[D", "\x1b[A"


def read_until(fd: int, wanted: str, seen: list[str], timeout: float = 60) -> str:
    end = time.monotonic() + timeout
    while wanted not in "".join(seen):
        left = end - time.monotonic()
        assert left > 0, f"no {wanted!r} in {''.join(seen)[-600:]!r}"
        ready, _, _ = select.select([fd], [], [], left)
        if ready:
            try:
                seen.append(os.read(fd, 4096).decode("utf-8", "replace"))
            except OSError:
                break
    return "".join(seen)


def test_arrow_keys_edit_the_answer_and_recall_the_last_one(tmp_path: Path) -> None:
    main, child = pty.openpty()
    proc = subprocess.Popen(
        [sys.executable, "-m", "tulipgames", "play", "sixtyone", "--seats", "Ana", "--seed",
         "3", "--plain"],
        stdin=child, stdout=child, stderr=child, close_fds=True,
        env={**os.environ, "TULIPGAMES_HOME": str(tmp_path), "TERM": "xterm"},
    )
    os.close(child)
    seen: list[str] = []
    try:
        read_until(main, "> ", seen)
        # "hlp" with the cursor moved back two places and the missing "e" typed there
        os.write(main, f"hlp{LEFT}{LEFT}e\r".encode())
        read_until(main, "Answer with the number of a choice", seen)
        # the up arrow brings "help" back whole
        mark = len("".join(seen))
        os.write(main, f"{UP}\r".encode())
        text = read_until(main, "Answer with the number of a choice", [("".join(seen))[mark:]])
        assert "Cannot read" not in text
        os.write(main, b"quit\r")
        out = read_until(main, "Saved as game", seen)
        assert "Cannot read" not in out and "^[[D" not in out
        assert proc.wait(timeout=60) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
        os.close(main)

"""Under CI a skip is a failure; elsewhere it is a skip whose reason is printed."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def run_pytest(tmp_path: Path, ci: bool) -> subprocess.CompletedProcess[str]:
    test = tmp_path / "test_needs_a_tool.py"
    test.write_text(
        "import pytest\n\n"
        "@pytest.mark.skipif(True, reason='needs the frobnicator')\n"
        "def test_uses_it():\n    pass\n\n"
        "def test_plain():\n    pass\n\n"
        "def test_skips_inside():\n    pytest.skip('no frobnicator either')\n"
    )
    env = {k: v for k, v in os.environ.items() if k != "CI"}
    if ci:
        env["CI"] = "1"
    return subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "tests.conftest", "-p", "no:cacheprovider",
         "-rs", "-q", "--rootdir", str(tmp_path), "-c", os.devnull, str(test)],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=120, check=False,
    )


def test_a_skip_fails_under_ci(tmp_path: Path):
    done = run_pytest(tmp_path, ci=True)
    assert done.returncode == 1, done.stdout
    assert done.stdout.count("skipped under CI") >= 2, done.stdout
    assert "needs the frobnicator" in done.stdout and "no frobnicator either" in done.stdout
    assert "1 passed" in done.stdout


def test_a_skip_says_why_outside_ci(tmp_path: Path):
    done = run_pytest(tmp_path, ci=False)
    assert done.returncode == 0, done.stdout
    assert "SKIPPED" in done.stdout and "needs the frobnicator" in done.stdout
    assert "2 skipped" in done.stdout

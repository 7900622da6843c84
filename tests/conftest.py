"""Fixtures shared by every test folder, and the CI rule that nothing is skipped there."""

from __future__ import annotations

import os
from collections.abc import Generator, Iterator
from pathlib import Path

import pytest

from tulipgames.store import Store


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    """A fresh store in a temporary data directory."""
    db = Store(tmp_path / "data")
    yield db
    db.close()


@pytest.fixture(autouse=True)
def own_config(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Preferences in a file of the test's own, never the developer's: every app a test starts
    (in-process, in tmux or behind the SSH server) saves its theme and names there."""
    path = tmp_path / "config" / "config.json"
    monkeypatch.setenv("TULIPGAMES_CONFIG", str(path))
    return path


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(
    item: pytest.Item, call: pytest.CallInfo[None]
) -> Generator[None, pytest.TestReport, pytest.TestReport]:
    """Under ``CI`` a skipped test fails: a missing tool (tmux, ssh) must not pass unseen.

    ``.ci/run`` installs what the end-to-end tests need, so a skip there is a broken CI
    machine. Outside CI a skip stays a skip, and ``-rs`` (pyproject) prints its reason.
    """
    report = yield
    if os.environ.get("CI") and report.skipped and not hasattr(report, "wasxfail"):
        longrepr = report.longrepr
        reason = longrepr[2] if isinstance(longrepr, tuple) else str(longrepr)
        report.outcome = "failed"
        report.longrepr = f"skipped under CI, which must run every test: {reason}"
    return report


# A real PostgreSQL for the store tests that run on both backends (tests/pg.py).
from tests.pg import backend, empty_pg_url, pg_url, postgres  # noqa: E402, F401

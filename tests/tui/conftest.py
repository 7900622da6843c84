"""Fixtures for the app-shell tests: the toy game (the store fixture is in tests/conftest.py),
and preferences kept in a file of the test's own, never the player's."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.tui import toygame


@pytest.fixture
def toy(monkeypatch: pytest.MonkeyPatch) -> None:
    toygame.install(monkeypatch)


@pytest.fixture(autouse=True)
def own_config(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    path = tmp_path / "config" / "config.json"
    monkeypatch.setenv("TULIPGAMES_CONFIG", str(path))
    return path

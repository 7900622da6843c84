"""Fixtures for the app-shell tests: a fresh store and the toy game."""

from __future__ import annotations

from pathlib import Path

import pytest
import toygame

from tulipgames.store import Store


@pytest.fixture
def store(tmp_path: Path) -> Store:
    db = Store(tmp_path / "data")
    yield db
    db.close()


@pytest.fixture
def toy(monkeypatch: pytest.MonkeyPatch) -> None:
    toygame.install(monkeypatch)

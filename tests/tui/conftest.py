"""Fixtures for the app-shell tests: a fresh store and the toy game."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.tui import toygame
from tulipgames.store import Store


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    db = Store(tmp_path / "data")
    yield db
    db.close()


@pytest.fixture
def toy(monkeypatch: pytest.MonkeyPatch) -> None:
    toygame.install(monkeypatch)

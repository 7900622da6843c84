"""Fixtures for the app-shell tests: the toy game (the store and the test's own preferences
file are in tests/conftest.py)."""

from __future__ import annotations

import pytest

from tests.tui import toygame


@pytest.fixture
def toy(monkeypatch: pytest.MonkeyPatch) -> None:
    toygame.install(monkeypatch)



"""HeapKeeper: freeze session objects once they settle, sweep once enough sessions ended."""

from __future__ import annotations

import asyncio

import pytest

from tulipgames.net import server


@pytest.fixture
def calls(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    seen: list[str] = []
    for name in ("freeze", "unfreeze", "collect"):
        monkeypatch.setattr(server.gc, name, lambda name=name: seen.append(name))
    monkeypatch.setattr(server.HeapKeeper, "FREEZE_DELAY", 0.01)
    return seen


async def test_freezes_after_a_burst_of_starts(calls: list[str]) -> None:
    keeper = server.HeapKeeper()
    for _ in range(3):
        keeper.session_started()
    await asyncio.sleep(0.05)
    assert calls == ["freeze"]  # one freeze for the burst, after it settled


def test_sweeps_when_as_many_ended_as_run(calls: list[str]) -> None:
    keeper = server.HeapKeeper()
    for running in range(19, 10, -1):  # 9 sessions end while 19..11 still run
        keeper.session_ended(running)
    assert calls == []
    keeper.session_ended(running=10)  # the 10th ended: as many as still run
    assert calls == ["unfreeze", "collect", "freeze"]
    for _ in range(7):
        keeper.session_ended(running=0)
    assert calls.count("collect") == 1  # at least 8 ended between sweeps

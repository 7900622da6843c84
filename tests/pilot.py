"""Helpers for Pilot tests of the app: read the drawn screen, wait for bots and timers."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from textual.app import App
from textual.pilot import Pilot


def screen_text(app: App[Any]) -> str:
    """Everything drawn on the top screen, as plain text lines."""
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


async def wait_for(pilot: Pilot[Any], condition: Callable[[], object], tries: int = 300) -> None:
    """Pause until ``condition()`` holds (bots and timers run meanwhile), then let it draw."""
    for _ in range(tries):
        if condition():
            break
        await pilot.pause(0.03)
    await pilot.pause()
    assert condition()

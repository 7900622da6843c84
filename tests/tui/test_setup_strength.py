"""The setup screen tells each bot level's measured strength where the player picks it."""

from __future__ import annotations

from dataclasses import replace

import pytest

from tests.pilot import screen_text
from tulipgames.store import Store
from tulipgames.tui.app import TulipGamesApp
from tulipgames.tui.screens.setup import SetupScreen, level_line

pytestmark = pytest.mark.usefixtures("toy")


async def test_the_strength_line_follows_the_chosen_level(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    from tulipgames import games

    game = games.get_game("toy")
    measured = tuple(
        replace(level, strength=f"measured {level.name} strength") for level in game.levels
    )
    monkeypatch.setattr(type(game), "levels", property(lambda self: measured))
    app = TulipGamesApp(store, bot_delay=0.0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.show_setup("toy")
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        default = game.default_level
        assert f"Bot {default}:" in screen_text(app)
        assert f"measured {default} strength" in screen_text(app)
        other = next(lv.name for lv in measured if lv.name != default)
        app.screen.query_one("#kind-1").value = f"bot:{other}"
        await pilot.pause()
        text = screen_text(app)
        assert f"measured {other} strength" in text
        assert f"measured {default} strength" not in text
        # One line, within 80 columns, and the Start button still on screen.
        line = next(row for row in text.splitlines() if f"Bot {other}:" in row)
        assert len(line.rstrip()) <= 80 and "Start game" in text


def test_level_line_reads_blurb_and_strength() -> None:
    from tulipgames import games

    game = games.get_game("sixtyone")
    hard = next(lv for lv in game.levels if lv.name == "hard")
    line = level_line(game, "bot:hard")
    assert line == f"Bot hard: {hard.strength or hard.blurb}"
    assert level_line(game, "human") == ""

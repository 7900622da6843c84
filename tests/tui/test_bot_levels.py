"""Each bot's level beside its name on the game screen (issue 29: the levels were shown only
at setup, so nobody at the table knew whether "Ben" played easy or hard)."""

from __future__ import annotations

import re

import pytest

from tests.pilot import screen_text, wait_for
from tulipgames import games
from tulipgames.engine.core import SeatSpec
from tulipgames.table import Table
from tulipgames.tui.app import TulipGamesApp
from tulipgames.tui.widgets.common import name_and_level


@pytest.mark.parametrize(
    "game_id", ["sixtyone", "spiceroad", "tulipandrose", "giftoftulips", "flowershop"]
)
@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_the_game_screen_shows_each_bots_level(game_id: str,
                                                     size: tuple[int, int]) -> None:
    game = games.get_game(game_id)
    weak, strong = game.bot_levels[1], game.bot_levels[-1]
    seats = [SeatSpec("Ana"), SeatSpec("Ben", f"bot:{strong}"), SeatSpec("Cleo", f"bot:{weak}")]
    table = Table.new(game, seats, 4, bot_delay=0.0)
    app = TulipGamesApp(None, table=table)
    async with app.run_test(size=size) as pilot:
        await wait_for(pilot, lambda: 0 in table.to_act())
        text = screen_text(app)
        # the level, or its first letter where the name's cell is short (and "*" who starts)
        for name, level in (("Ben", strong), ("Cleo", weak)):
            assert re.search(rf"\b{name}\*? ({level}|{level[0]})\b", text), (name, level)
        assert not re.search(rf"\bAna\*? ({strong}|{weak}|{strong[0]}|{weak[0]})\b", text)


def test_a_short_cell_keeps_the_levels_first_letter() -> None:
    assert name_and_level("Bot 10", "hard", 9).plain == "Bot 10 h "
    assert name_and_level("Ben", "hard", 9).plain == "Ben hard "
    assert name_and_level("Maximiliana", "normal", 9).plain == "Maximi… n"
    assert name_and_level("Ana", None, 6).plain == "Ana   "

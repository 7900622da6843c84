"""The rules page: every game's rules drawn whole, as one widget (not one per paragraph, which
took up to a second to style and lay out each time the page opened)."""

from __future__ import annotations

import pytest

from tests.pilot import screen_text
from tulipgames import games
from tulipgames.tui.app import TulipGamesApp
from tulipgames.tui.screens.rules import RulesScreen, rules_markdown, rules_text


@pytest.mark.parametrize("game_id", games.GAME_IDS)
async def test_the_rules_are_one_widget_and_scroll_to_the_end(game_id: str) -> None:
    game = games.get_game(game_id)
    text = rules_text(game)
    headings = [line.lstrip("#").strip() for line in text.splitlines() if line.startswith("## ")]
    assert headings
    app = TulipGamesApp(None)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.push_screen(RulesScreen(game))
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, RulesScreen)
        # the scroll box, the text and the footer: not a widget per block of the text
        assert len(list(screen.walk_children())) <= 4
        seen = screen_text(app)
        assert headings[0] in seen
        last = [word.strip("*_`|.") for word in text.split() if word.strip("*_`|.")][-1]
        await pilot.press("end")
        await pilot.pause()
        assert last in screen_text(app).split("╰")[0]  # the text's last word, in the box
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, RulesScreen)


def test_the_rules_are_parsed_once_per_text() -> None:
    game = games.get_game("sixtyone")
    assert rules_markdown(rules_text(game)) is rules_markdown(rules_text(game))

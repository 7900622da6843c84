"""Preferences in their small file, the themes' colours, and the command palette."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from textual.color import Color

from tests.pilot import screen_text, wait_for
from tulipgames.store import Store
from tulipgames.tui import prefs
from tulipgames.tui.app import TulipGamesApp
from tulipgames.tui.screens.game import GameScreen
from tulipgames.tui.screens.rules import RulesScreen
from tulipgames.tui.screens.setup import SetupScreen
from tulipgames.tui.themes import DARK_ANSI, LIGHT_ANSI, THEMES, contrast, named_colour

#: Every named terminal colour a game draws a suit, spice, flower or mark in.
GAME_COLOURS = [
    "red", "green", "yellow", "blue", "magenta", "cyan", "white",
    "bright_red", "bright_green", "bright_yellow", "bright_blue", "bright_magenta",
    "bright_cyan", "bright_white", "bright_black",
]


@pytest.mark.parametrize("theme", THEMES, ids=lambda theme: theme.name)
def test_every_game_colour_is_readable_on_the_theme(theme):
    palette = DARK_ANSI if theme.dark else LIGHT_ANSI
    grounds = [Color.parse(value).rgb for value in (theme.background, theme.surface, theme.panel)]
    for name in GAME_COLOURS:
        colour = named_colour(palette, name)
        worst = min(contrast(colour, ground) for ground in grounds)
        assert worst >= 4.5, f"{name} on {theme.name}: {worst:.2f}"
    text = Color.parse(theme.foreground).rgb
    assert min(contrast(text, ground) for ground in grounds) >= 7


def test_missing_file_means_defaults(own_config: Path):
    assert prefs.read() == (prefs.Preferences(), None)


def test_a_damaged_file_gives_defaults_a_message_and_is_kept_aside(own_config: Path):
    own_config.parent.mkdir(parents=True)
    own_config.write_text("{theme: tulip-light", encoding="utf-8")
    found, problem = prefs.read()
    assert found == prefs.Preferences()
    assert problem is not None and "damaged" in problem and str(own_config) in problem
    assert prefs.write(prefs.Preferences(theme="tulip-light")) is None
    assert own_config.with_name("config.json.damaged").read_text() == "{theme: tulip-light"
    assert prefs.read() == (prefs.Preferences(theme="tulip-light"), None)


def test_bad_values_are_named_and_the_rest_kept(own_config: Path):
    own_config.parent.mkdir(parents=True)
    own_config.write_text(json.dumps({"name": "Zoë", "bot_speed": "warp", "colour": 3}))
    found, problem = prefs.read()
    assert found == prefs.Preferences(name="Zoë")
    assert problem is not None and "bot_speed" in problem and "colour" in problem


async def test_the_app_says_when_its_settings_are_damaged(own_config: Path):
    own_config.parent.mkdir(parents=True)
    own_config.write_text("\x00\x01 not json")
    app = TulipGamesApp(None)
    async with app.run_test(size=(100, 30), notifications=True) as pilot:
        # single words: the toast wraps the message, at a place the temporary path's length sets
        await wait_for(pilot, lambda: all(word in screen_text(app).split()
                                          for word in ("damaged", "defaults.")))
        assert app.theme == "tulip-dark"


async def test_the_theme_is_remembered(own_config: Path):
    app = TulipGamesApp(None)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.theme == "tulip-dark"
        app.theme = "tulip-light"
        await pilot.pause()
    assert json.loads(own_config.read_text())["theme"] == "tulip-light"
    again = TulipGamesApp(None)
    async with again.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert again.theme == "tulip-light"
        assert not again.current_theme.dark


async def test_the_first_name_and_bot_speed_are_remembered(store: Store, own_config: Path):
    app = TulipGamesApp(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.show_setup("sixtyone")
        await pilot.pause()
        app.screen.query_one("#name-0").value = "Zoë"
        await pilot.press("ctrl+g")
        await wait_for(pilot, lambda: isinstance(app.screen, GameScreen))
        app.set_bot_speed("fast")
    assert prefs.read()[0] == prefs.Preferences(name="Zoë", bot_speed="fast")
    app = TulipGamesApp(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.show_setup("spiceroad")
        await pilot.pause()
        assert app.screen.query_one("#name-0").value == "Zoë"
        assert app.table_args == {"bot_delay": prefs.BOT_SPEEDS["fast"]}


async def type_command(pilot, text: str) -> None:
    await pilot.press("ctrl+p")
    await pilot.pause()
    await pilot.press(*text)
    await pilot.pause(0.5)
    await pilot.press("enter")
    await pilot.pause()


async def test_the_palette_starts_a_new_game_and_opens_rules(store: Store):
    app = TulipGamesApp(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await type_command(pilot, "New game: Sixty")
        assert isinstance(app.screen, SetupScreen) and app.screen.game.id == "sixtyone"
        await pilot.press("escape")
        await pilot.pause()
        await type_command(pilot, "Rules: Tulip")
        assert isinstance(app.screen, RulesScreen) and app.screen.game.id == "tulipandrose"


async def test_the_palette_offers_the_theme_picker_and_game_commands(store: Store):
    from tulipgames.screenshots import demo_screen, demo_tables

    app = TulipGamesApp(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        titles = [command.title for command in app.get_system_commands(app.screen)]
        assert "Theme" in titles and "Resume a game" in titles and "Quit" in titles
        await app.push_screen(demo_screen(demo_tables("sixtyone")["sixtyone-midgame"]))
        await pilot.pause()
        titles = [command.title for command in app.get_system_commands(app.screen)]
        assert {"Undo", "Scroll the log", "Rules of Sixty-One", "Leave the game"} <= set(titles)
        await type_command(pilot, "Rules of Sixty")
        assert isinstance(app.screen, RulesScreen)

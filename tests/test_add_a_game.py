"""Adding a game is adding its folder: a small game folder (``tests/fixtures/toygame``, Pebbles)
copied under a new id into a copy of the package is a game everywhere, with not one file
outside the folder touched: the menu, setup, its screen, ``simulate``, ``ladder``, the
screenshots' demo positions, ``bench --ui``'s key presses, the plain mode and the SSH lobby's
list of games. The copy lives in ``tmp_path`` and runs in subprocesses whose ``PYTHONPATH``
finds it first, so this checkout is never touched."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import tulipgames

FOLDER = Path(__file__).parent / "fixtures" / "toygame"
NEW_ID = "pebbles"

# One interpreter for everything drawn with Textual: the menu and setup by key presses, a demo
# position on the game's screen as the screenshots draw it, the lobby's form to open a table,
# and the bench's key presses.
PILOT = """
import asyncio, json, sys
from textual.widgets import OptionList
from tulipgames import bench_ui, games, screenshots
from tulipgames.net.lobby import Lobby
from tulipgames.net.screens import OpenTableScreen
from tulipgames.tui.app import TulipGamesApp
from tulipgames.tui.screens.game import GameScreen
from tulipgames.tui.screens.setup import SetupScreen

game_id = sys.argv[1]
seen = {"package": __import__("tulipgames").__file__}


def listed(screen, selector):
    options = screen.query_one(selector, OptionList)
    return [options.get_option_at_index(i).id for i in range(options.option_count)]


async def main():
    app = TulipGamesApp(None)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        seen["menu"] = listed(app.screen, "#menu")
        number = [info.id for info in games.CATALOGUE].index(game_id) + 1
        await pilot.press(str(number))
        await pilot.pause()
        seen["setup"] = isinstance(app.screen, SetupScreen) and app.screen.game.id
        table = screenshots.demo_tables(game_id)[f"{game_id}-midgame"]
        seen["demo_pile"] = table.turn(None).view.pile
        await app.push_screen(screenshots.demo_screen(table))
        await pilot.pause()
        seen["screen"] = isinstance(app.screen, GameScreen) and type(app.screen).__name__
        seen["shot"] = "Pile:" in app.export_screenshot(simplify=True).replace("&#160;", " ")
        await app.push_screen(OpenTableScreen(Lobby(bot_delay=0.0), "Ana"))
        await pilot.pause()
        seen["lobby"] = listed(app.screen, "#games")
    ((seats, drive),) = [entry[1:] for entry in bench_ui.drives() if entry[0] == game_id]
    samples = await bench_ui.measure_game(game_id, seats, drive, 1, (80, 24))
    seen["bench"] = sorted({(sample.scenario, sample.kind) for sample in samples})


asyncio.run(main())
print(json.dumps(seen))
"""


@pytest.fixture(scope="module")
def copy(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of the package with the toy folder added as ``games/pebbles``: nothing else."""
    root = tmp_path_factory.mktemp("sixth")
    shutil.copytree(Path(tulipgames.__file__).parent, root / "tulipgames",
                    ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copytree(FOLDER, root / "tulipgames" / "games" / NEW_ID,
                    ignore=shutil.ignore_patterns("__pycache__"))
    return root


def run(copy: Path, *args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(copy), "TULIPGAMES_HOME": str(copy / "home")}
    env.pop("TULIPGAMES_PLAIN", None)
    done = subprocess.run([sys.executable, *args], input=stdin, capture_output=True, text=True,
                          timeout=120, env=env, cwd=copy)
    assert done.returncode == 0, done.stderr[-3000:]
    return done


def test_the_copied_folder_is_a_game_in_the_menu_setup_screens_bench_and_lobby(copy: Path):
    seen = json.loads(run(copy, "-c", PILOT, NEW_ID).stdout.splitlines()[-1])
    assert seen["package"].startswith(str(copy))  # the copy ran, not this checkout
    assert f"game:{NEW_ID}" in seen["menu"]
    assert seen["setup"] == NEW_ID
    assert seen["screen"] == "PebblesScreen"
    assert seen["demo_pile"] <= 5 and seen["shot"]
    assert seen["bench"] == [[NEW_ID, "take one (Enter)"]]
    assert NEW_ID in seen["lobby"] and len(seen["lobby"]) == 6


def test_the_copied_folder_plays_in_simulate_ladder_and_the_plain_mode(copy: Path):
    simulated = json.loads(run(copy, "-m", "tulipgames", "simulate", NEW_ID, "--games", "3",
                               "--seats", "2", "--json").stdout)
    assert simulated["games"] == 3 and simulated["game"] == NEW_ID
    laddered = json.loads(run(copy, "-m", "tulipgames", "ladder", NEW_ID, "--games", "2",
                              "--json").stdout)
    assert set(laddered["levels"]) == {"random", "greedy"} and laddered["game"] == NEW_ID
    plain = run(copy, "-m", "tulipgames", "play", NEW_ID, "--seats", "Ana,bot", "--seed", "1",
                "--plain", stdin="1\n" * 20).stdout
    assert "pebbles left" in plain and "Final scores:" in plain


def test_every_game_kit_names_parts_that_are_there() -> None:
    """Each real game's kit: every part it names loads, and is of the kind asked for."""
    from tulipgames import games
    from tulipgames.coach.profiles import Profile
    from tulipgames.engine.core import Game
    from tulipgames.games.parts import BenchDrive, Demo, PlainWords
    from tulipgames.tui.screens.game import GameScreen

    kits = games.kits()
    assert [kit.id for kit in kits] == list(games.GAME_IDS) and len(kits) >= 5
    assert [kit.id for kit in kits if kit.solo] == [games.solo_id()]
    for kit in kits:
        assert kit.package == f"tulipgames.games.{kit.id}"
        game = kit.game()
        assert isinstance(game, Game) and game is games.get_game(kit.id)
        assert game.info == kit.info and game.levels == kit.bot_levels()
        assert issubclass(kit.screen_class(), GameScreen)
        assert callable(kit.final_module().final_position)
        assert callable(kit.plain_module().describe)
        assert isinstance(kit.plain_words(), PlainWords) and kit.plain_words().brief
        demos = kit.demo_positions()
        assert demos and all(isinstance(d, Demo) and d.name.startswith(kit.id) for d in demos)
        assert isinstance(kit.bench_drive(), BenchDrive)
        assert isinstance(kit.coach_profile(), Profile) and kit.coach_profile().game == kit.id

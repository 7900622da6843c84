"""``tulipgames screenshots``: SVGs of the menu, a setup, every game's demo positions, a curtain,
the rules and every game's results, drawn headless with Textual's screenshot export.

The demo positions are declared in each game's folder (``demos.py``, named by its kit) and
played to by :mod:`tulipgames.demos`: a table played by bots until a predicate on a turn
holds, with seat 0 human. Bots are kept still while a picture is taken so every run draws the
same screens. The snapshot tests (``tests/tui/test_snapshots.py``) draw the same positions at
80x24.
"""

from __future__ import annotations

import asyncio
import random
import re
import tempfile
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

from textual.app import App
from textual.screen import Screen
from textual.widgets import Input

from tulipgames import demos, games
from tulipgames.demos import play_until  # noqa: F401  (where the tests have long found it)
from tulipgames.engine.bots import bot_move
from tulipgames.engine.core import SeatSpec
from tulipgames.store import Store
from tulipgames.table import Table
from tulipgames.tui.app import TulipGamesApp, screen_class
from tulipgames.tui.screens.curtain import CurtainScreen
from tulipgames.tui.screens.results import ResultsScreen
from tulipgames.tui.screens.rules import RulesScreen
from tulipgames.tui.screens.setup import SetupScreen, human_name

SIZE = (100, 30)

def demo_tables(game_id: str) -> dict[str, Table]:
    """The game's demo tables by picture name, as its folder declares them (empty for a game
    without any)."""
    return demos.demo_tables(game_id)


def has_rules(game_id: str) -> bool:
    try:
        return bool(games.get_game(game_id).rules_markdown().strip())
    except (OSError, ModuleNotFoundError):
        return False


def finished_table(game_id: str, seed: int = 7, count: int | None = None) -> Table:
    """A table of bots played to the end, for the results picture."""
    game = games.get_game(game_id)
    if count is None:
        count = max(game.min_players, min(3, game.max_players))
    table = Table.new(game, [SeatSpec(human_name(i)) for i in range(count)], seed)
    # one seat at the default level, the others at the weakest, so the scores differ
    levels = [game.default_level, *[game.bot_levels[0]] * (count - 1)]
    bots = {seat: game.make_bot(level, seed + seat) for seat, level in enumerate(levels)}
    rng = random.Random(seed)
    while not table.is_over:
        seat = table.to_act()[0]
        table.play(seat, bot_move(bots[seat], table.state, seat, rng))
    return table


def still(table: Table) -> Table:
    """Keep a table's bots from moving while its picture is taken."""
    table.stop_bots()
    table.ensure_bots_running = lambda: None  # type: ignore[method-assign]  # frozen for a picture
    return table


def demo_screen(table: Table) -> Screen[Any]:
    """The game's screen on a demo table, played from seat 0, bots held still."""
    return screen_class(table.game.id)(still(table), frozenset({0}))


async def snapshot(
    app: App[Any], make: Callable[[], Screen[Any] | None], size: tuple[int, int] = SIZE
) -> str:
    """The SVG of ``make()``'s screen pushed on ``app`` (``None``: the app's first screen)."""
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        screen = make()
        if screen is not None:
            await app.push_screen(screen)
        await pilot.pause(0.3)
        for field in app.screen.query(Input):
            field.cursor_blink = False  # a blinking cursor differs from one run to the next
        await pilot.pause()  # the footer draws its bindings a refresh after the screen
        return app.export_screenshot(simplify=True)


def stable_svg(svg: str, name: str) -> str:
    """Rich names the SVG's CSS classes after a hash that changes from run to run; a name from
    the file keeps them unique on a page and the files unchanged when the screen is unchanged."""
    return re.sub(r"terminal-\d+", f"terminal-{name}", svg)


async def _shoot(app: TulipGamesApp, path: Path, make: Callable[[], Screen[Any] | None]) -> Path:
    svg = await snapshot(app, make)
    path.write_text(stable_svg(svg, path.stem), encoding="utf-8")
    return path


async def render(out: Path, data_dir: Path) -> list[Path]:
    out.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    store = Store(data_dir)
    ready = [info.id for info in games.CATALOGUE]
    written.append(await _shoot(TulipGamesApp(store), out / "menu.svg", lambda: None))
    first = games.get_game(ready[0])
    written.append(
        await _shoot(
            TulipGamesApp(store), out / "setup.svg", lambda: SetupScreen(first, seed=4242)
        )
    )
    for game_id in ready:
        for name, table in demo_tables(game_id).items():
            written.append(
                await _shoot(TulipGamesApp(None), out / f"{name}.svg", partial(demo_screen, table))
            )
    hidden = next((g for g in ready if games.get_game(g).hidden_information), ready[0])
    written.append(
        await _shoot(
            TulipGamesApp(None),
            out / "curtain.svg",
            lambda: CurtainScreen("Mira", games.get_game(hidden).title),
        )
    )
    explained = next((g for g in ready if has_rules(g)), ready[0])
    written.append(
        await _shoot(
            TulipGamesApp(None), out / "rules.svg", lambda: RulesScreen(games.get_game(explained))
        )
    )
    finals = {f"{game_id}-results": finished_table(game_id) for game_id in ready}
    solo = games.solo_id()
    if solo:
        finals[f"{solo}-solo-results"] = finished_table(solo, count=1)
    for name, done in finals.items():
        written.append(
            await _shoot(
                TulipGamesApp(None),
                out / f"{name}.svg",
                partial(ResultsScreen.for_table, done),
            )
        )
    store.close()
    return written


def render_all(out: str | Path = "screenshots") -> list[Path]:
    """Render every screenshot into ``out``; returns the files written."""
    random.seed(0)
    with tempfile.TemporaryDirectory(prefix="tulipgames-shots-") as data_dir:
        return asyncio.run(render(Path(out), Path(data_dir)))

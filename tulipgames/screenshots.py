"""``tulipgames screenshots``: SVGs of the menu, a setup, every game's demo positions, a curtain,
the rules and every game's results, drawn headless at 100x30 with Textual's screenshot export.

Each game's ``screen.py`` offers ``demo_tables()``: named tables in interesting positions with
seat 0 human. Bots are kept still while a picture is taken so every run draws the same screens.
"""

from __future__ import annotations

import asyncio
import importlib
import random
import re
import tempfile
from collections.abc import Callable
from pathlib import Path

from textual.screen import Screen

from tulipgames import games
from tulipgames.engine.core import SeatSpec
from tulipgames.store import Store
from tulipgames.table import Table
from tulipgames.tui.app import TulipGamesApp, playable, screen_class
from tulipgames.tui.screens.curtain import CurtainScreen
from tulipgames.tui.screens.results import ResultsScreen
from tulipgames.tui.screens.rules import RulesScreen
from tulipgames.tui.screens.setup import SetupScreen

SIZE = (100, 30)


def demo_tables(game_id: str) -> dict[str, Table]:
    """The game's demo tables (empty when its screen does not offer any)."""
    module = importlib.import_module(f"tulipgames.games.{game_id}.screen")
    make = getattr(module, "demo_tables", None)
    return dict(make()) if callable(make) else {}


def has_rules(game_id: str) -> bool:
    try:
        return bool(games.get_game(game_id).rules_markdown().strip())
    except (OSError, ModuleNotFoundError):
        return False


def finished_table(game_id: str, seed: int = 7, count: int | None = None) -> Table:
    """A table of heuristic bots played to the end, for the results picture."""
    game = games.get_game(game_id)
    if count is None:
        count = max(game.min_players, min(3, game.max_players))
    names = ["Ana", "Ben", "Cleo", "Dev", "Mira"]
    # the heuristic level (realistic, quick) against random ones, so the scores differ
    levels = [game.bot_levels[1], *[game.bot_levels[0]] * (count - 1)]
    seats = [SeatSpec(names[i % len(names)], f"bot:{levels[i]}") for i in range(count)]
    table = Table.new(game, seats, seed)
    table.run_bots_now()
    return table


def still(table: Table) -> Table:
    """Keep a table's bots from moving while its picture is taken."""
    table.ensure_bots_running = lambda: None  # type: ignore[method-assign]
    return table


async def _shoot(
    app: TulipGamesApp, path: Path, make: Callable[[], Screen[object] | None]
) -> Path:
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = make()
        if screen is not None:
            await app.push_screen(screen)
        await pilot.pause(0.5)
        await pilot.pause()  # the footer draws its bindings a refresh after the screen
        svg = app.export_screenshot(simplify=True)
    # Rich names the SVG's CSS classes after a hash that changes from run to run; a name from
    # the file keeps them unique on a page and the files unchanged when the screen is unchanged
    path.write_text(re.sub(r"terminal-\d+", f"terminal-{path.stem}", svg), encoding="utf-8")
    return path


async def render(out: Path, data_dir: Path) -> list[Path]:
    out.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    store = Store(data_dir)
    ready = [info.id for info in games.CATALOGUE if playable(info.id)]
    written.append(await _shoot(TulipGamesApp(store), out / "menu.svg", lambda: None))
    if not ready:
        store.close()
        return written
    first = games.get_game(ready[0])
    written.append(
        await _shoot(
            TulipGamesApp(store), out / "setup.svg", lambda: SetupScreen(first, seed=4242)
        )
    )
    for game_id in ready:
        for name, table in demo_tables(game_id).items():
            written.append(
                await _shoot(
                    TulipGamesApp(None),
                    out / f"{name}.svg",
                    lambda table=table: screen_class(table.game.id)(still(table), frozenset({0})),
                )
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
    if "flowershop" in ready:
        finals["flowershop-solo-results"] = finished_table("flowershop", count=1)
    for name, done in finals.items():
        written.append(
            await _shoot(
                TulipGamesApp(None),
                out / f"{name}.svg",
                lambda done=done: ResultsScreen.for_table(done),
            )
        )
    store.close()
    return written


def render_all(out: str | Path = "screenshots") -> list[Path]:
    """Render every screenshot into ``out``; returns the files written."""
    random.seed(0)
    with tempfile.TemporaryDirectory(prefix="tulipgames-shots-") as data_dir:
        return asyncio.run(render(Path(out), Path(data_dir)))

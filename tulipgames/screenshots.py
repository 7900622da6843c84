"""``tulipgames screenshots``: SVGs of the menu, a setup, every game's demo positions, a curtain,
the rules and every game's results, drawn headless with Textual's screenshot export.

The demo positions live here, not in the games' screen modules: each is a table played by bots
(:func:`play_until`) until a predicate on the public turn holds, with seat 0 human. Bots are kept
still while a picture is taken so every run draws the same screens. The snapshot tests
(``tests/tui/test_snapshots.py``) draw the same positions at 80x24.
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

from tulipgames import games
from tulipgames.engine.bots import bot_move
from tulipgames.engine.core import SeatSpec
from tulipgames.store import Store
from tulipgames.table import Table, Turn
from tulipgames.tui.app import TulipGamesApp, screen_class
from tulipgames.tui.screens.curtain import CurtainScreen
from tulipgames.tui.screens.results import ResultsScreen
from tulipgames.tui.screens.rules import RulesScreen
from tulipgames.tui.screens.setup import SetupScreen, human_name

SIZE = (100, 30)

#: A demo stops when this holds for the public turn (``table.turn(None)``).
Stop = Callable[[Turn[Any]], bool]


def play_until(
    table: Table,
    stop: Stop,
    seed: int,
    *,
    level: str | None = None,
    randomness: float = 0.2,
    limit: int = 2000,
    viewer: int | None = None,
) -> Table:
    """Let bots of ``level`` (the game's default) play every seat, humans too, until
    ``stop(table.turn(viewer))`` holds (the public turn by default) or the game ends; a share
    ``randomness`` of the moves is any legal move, so the positions are not only the bots'
    favourites. Every move goes through ``table.play``, so the record replays to the same
    position. Returns the table."""
    rng = random.Random(seed)
    bots: dict[int, Any] = {}
    for _ in range(limit):
        public = table.turn(None)
        if public.over or stop(table.turn(viewer)):
            # inside an event loop each play started the table's own bot driver: the position
            # is this one, not what the driver would play while other demos are drawn
            table.stop_bots()
            return table
        seat = public.to_act[0]
        legal = table.turn(seat).legal
        if rng.random() < randomness:
            action = rng.choice(legal)
        else:
            bot = bots.setdefault(seat, table.game.make_bot(level, seed + seat))
            # the bot sees only what its seat may know, as the table's own bot driver does
            action = bot_move(bot, table.state, seat, rng)
        table.play(seat, action)
    raise RuntimeError(f"{table.game.id}: the demo position never came ({limit} moves)")


def _table(game_id: str, names: list[str], seed: int, **options: Any) -> Table:
    """Seat 0 human, the others bots of the default level."""
    seats = [SeatSpec(names[0])] + [SeatSpec(name, "bot") for name in names[1:]]
    return Table.new(games.get_game(game_id), seats, seed, options or None)


def _sixtyone() -> dict[str, Table]:
    two = ["Ana", "Ben"]
    crowd = ["Ana", "Ben", "Cleo", "Dev", *[f"Bot {i}" for i in range(1, 9)]]
    mine = lambda turn: 0 in turn.to_act  # noqa: E731
    return {
        "sixtyone-midgame": play_until(
            _table("sixtyone", two, 61), lambda t: t.view.round >= 9 and mine(t), 61
        ),
        "sixtyone-x-pending": play_until(
            _table("sixtyone", two, 7), lambda t: t.view.pending_x and mine(t), 7, viewer=0
        ),
        "sixtyone-12-seats": play_until(
            _table("sixtyone", crowd, 12), lambda t: t.view.round >= 12 and mine(t), 12
        ),
    }


def _flowershop() -> dict[str, Table]:
    three = ["Ana", "Ben", "Cleo"]

    def using(turn: Turn[Any]) -> bool:
        view = turn.view
        return view.round == 3 and view.phase == "use" and view.shops[0].using is not None

    return {
        "flowershop-window": play_until(_table("flowershop", three, 31), using, 31),
        "flowershop-draft": play_until(
            _table("flowershop", three[:2], 7),
            lambda t: t.view.round == 2 and t.view.step == 3 and t.view.phase == "pick",
            7,
        ),
        "flowershop-solo": play_until(
            _table("flowershop", ["Ana"], 5),
            lambda t: t.view.round == 2 and t.view.phase == "flip" and t.view.under > 0,
            5,
        ),
    }


def _giftoftulips() -> dict[str, Table]:
    four = ["Ana", "Ben", "Cleo", "Dev"]
    return {
        "giftoftulips-turn": play_until(
            _table("giftoftulips", four, 2024),
            lambda t: t.view.turns_taken[0] >= 3 and t.view.active == 0 and t.view.card_no == 2,
            2024,
        ),
        # a whole game: the screen shows the reveal of the secret cards at the end
        "giftoftulips-reveal": play_until(_table("giftoftulips", four, 77), lambda t: False, 77),
    }


def _tulipandrose() -> dict[str, Table]:
    def bidding(turn: Turn[Any]) -> bool:
        view = turn.view
        return (
            view.round >= 3
            and view.phase == "auction"
            and turn.to_act == (0,)
            and view.auction is not None
            and view.auction.high is not None
        )

    return {
        "tulipandrose-bidding": play_until(
            _table("tulipandrose", ["Ana", "Ben", "Cleo", "Dirk"], 12), bidding, 12
        ),
        "tulipandrose-splitting": play_until(
            _table("tulipandrose", ["Ana", "Ben", "Cleo"], 4),
            lambda t: t.view.round > 3 and t.view.phase == "split" and t.view.seller == 0,
            4,
        ),
    }


def _spiceroad() -> dict[str, Table]:
    tables = {}
    editions = (("spice", ["Ana", "Ben", "Cleo"]), ("golem", ["Ana", "Ben", "Cleo", "Dev"]))
    for edition, names in editions:
        tables[f"spiceroad-{edition}"] = play_until(
            _table("spiceroad", names, 21, edition=edition),
            lambda t: t.view.players[0].turns >= 8 and t.view.current == 0
            and t.view.phase == "turn",
            21,
        )
    return tables


#: Each game's demo positions, by picture name.
DEMOS: dict[str, Callable[[], dict[str, Table]]] = {
    "sixtyone": _sixtyone,
    "flowershop": _flowershop,
    "giftoftulips": _giftoftulips,
    "tulipandrose": _tulipandrose,
    "spiceroad": _spiceroad,
}


def demo_tables(game_id: str) -> dict[str, Table]:
    """The game's demo tables (empty for a game without any)."""
    make = DEMOS.get(game_id)
    return make() if make is not None else {}


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
    table.ensure_bots_running = lambda: None  # type: ignore[method-assign]
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
    finals["flowershop-solo-results"] = finished_table("flowershop", count=1)
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

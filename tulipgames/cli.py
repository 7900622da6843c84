"""The ``tulipgames`` command line.

``tulipgames`` opens the menu; subcommands start a game directly, resume one, run bot games,
benchmarks, the SSH server or render screenshots. Bad arguments print one line naming what is
wrong and exit with code 2.

The bare ``tulipgames`` opens the menu without building a parser: argparse, JSON and the rules
layer are imported by the commands that use them, so the menu is drawn sooner (docs/speed.md).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tulipgames import __version__, games, i18n
from tulipgames.i18n import N_, _, lazy_gettext

if TYPE_CHECKING:
    import argparse

    from tulipgames.cli_parser import Parser
    from tulipgames.engine.core import Game

SOLO_GAME = games.solo_id()
#: The exit code of a command stopped by Ctrl-C (128 + SIGINT), after its partial figures.
INTERRUPTED = 130


# -- argument readers -------------------------------------------------------------------------
def available_game(text: str) -> Game:
    """A game id that is built in this version."""
    import argparse

    try:
        return games.get_game(text.strip().lower())
    except games.UnknownGame as exc:
        raise argparse.ArgumentTypeError(str(exc)) from exc


def playable_game(text: str) -> Game:
    """A game id of the catalogue (every game has its screen)."""
    return available_game(text)


def seed(text: str) -> int:
    import argparse

    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            _("seed must be a whole number, not {text}").format(text=repr(text))) from None
    if value < 0:
        raise argparse.ArgumentTypeError(
            _("seed must not be negative, not {value}").format(value=value))
    return value


def positive(text: str) -> int:
    import argparse

    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            _("expected a whole number, not {text}").format(text=repr(text))) from None
    if value < 1:
        raise argparse.ArgumentTypeError(_("expected at least 1, not {value}").format(value=value))
    return value


def option_pair(text: str) -> tuple[str, str]:
    import argparse

    name, sep, value = text.partition("=")
    if not sep or not name.strip():
        raise argparse.ArgumentTypeError(
            _("options are written name=value, not {text}").format(text=repr(text)))
    return name.strip(), value.strip()


def parse_options(pairs: Sequence[tuple[str, str]], game: Game) -> dict[str, Any]:
    return game.resolve_options(dict(pairs))


# -- the parser -------------------------------------------------------------------------------
PLAIN_ENV = "TULIPGAMES_PLAIN"


def add_plain(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--plain", action="store_true", default=None,
        help=_("plain text in reading order, for screen readers and scripts (or {env}=1)").format(
            env=PLAIN_ENV),
    )


DATA_DIR_HELP = N_(
    "where games and scores are saved (default: $TULIPGAMES_HOME or the user data dir)"
)


def add_data_dir(parser: argparse.ArgumentParser) -> None:
    """``--data-dir`` after the command too (``tulipgames play toy --data-dir DIR``)."""
    parser.add_argument("--data-dir", type=Path, metavar="DIR", default=None,
                        help=_(DATA_DIR_HELP) + _("; also before the command"))


def wants_plain(args: argparse.Namespace) -> bool:
    """``--plain`` on the command, before it, or ``TULIPGAMES_PLAIN=1`` in the environment."""
    if getattr(args, "plain", None) or getattr(args, "global_plain", None):
        return True
    return plain_in_environment()


def plain_in_environment() -> bool:
    """``TULIPGAMES_PLAIN=1`` (or yes, on, true): plain text without ``--plain``."""
    return os.environ.get(PLAIN_ENV, "").strip().lower() in ("1", "yes", "on", "true")


def run_table(args: argparse.Namespace, store: Any, table: Any) -> int:
    """Play a table in the Textual app, or as plain text when asked."""
    if wants_plain(args):
        from tulipgames.plain.menu import Console, play_plain

        if table.save_id is None:
            store.create(table)
        table.bot_delay = 0
        return play_plain(table, Console())
    return run_app(store=store, table=table, data_dir=args.data_dir)


def build_parser() -> Parser:
    from tulipgames.cli_parser import Parser

    parser = Parser(
        prog="tulipgames",
        description=_("Five board and dice games for the terminal: pass-and-play, over SSH, "
        "or against the computer. Without a command: the menu."),
    )
    parser.add_argument("--version", action="version", version=f"tulipgames {__version__}")
    parser.add_argument(
        "--plain", dest="global_plain", action="store_true",
        help=_("the menu and games as plain text in reading order (or TULIPGAMES_PLAIN=1)"),
    )
    parser.add_argument(
        "--data-dir",
        dest="global_data_dir",
        type=Path,
        metavar="DIR",
        help=_(DATA_DIR_HELP),
    )
    parser.add_argument(
        "--lang", metavar="LANG",
        help=_("the language: {languages} (default: the setting, else LANGUAGE/LANG; only a "
               "complete translation)").format(languages=", ".join(i18n.LANGUAGES)),
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=Parser)
    ids = ", ".join(games.GAME_IDS)
    one_of = _("one of: {ids}").format(ids=ids)

    play = sub.add_parser("play", help=_("start a game at once"), description=_("Start a game."))
    play.add_argument("game", type=playable_game, metavar="GAME", help=one_of)
    play.add_argument(
        "--seats",
        default=None,
        help=_('comma-separated seats: names are humans at this keyboard, "bot" or "bot:LEVEL" '
        'are bots, "Name=bot:LEVEL" a named bot (default: "Ana,bot")'),
    )
    play.add_argument("--seed", type=seed, help=_("deal of the game (default: random)"))
    play.add_argument("--option", type=option_pair, action="append", default=[],
                      metavar="NAME=VALUE", help=_("a game option; repeatable"))
    add_plain(play)
    add_data_dir(play)

    solo = sub.add_parser("solo", help=_("the Little Flower Shop solo challenge"),
                          description=_("The Little Flower Shop solo challenge (one seat)."))
    solo.add_argument("--daily", action="store_true", help=_("today's deal, the same for everyone"))
    solo.add_argument("--seed", type=seed, help=_("a particular deal"))
    solo.add_argument("--name", default="Ana", help=_("your name for the high scores"))
    add_plain(solo)
    add_data_dir(solo)

    tutorial = sub.add_parser(
        "tutorial", help=_("learn a game: a fixed deal played step by step"),
        description=_("A first game with explanations: a fixed deal played step by step with "
        "the rule in play, then you play on freely. Nothing is saved."))
    tutorial.add_argument("game", type=playable_game, metavar="GAME", help=one_of)
    add_plain(tutorial)
    add_data_dir(tutorial)

    resume = sub.add_parser("resume", help=_("go on with a saved game"),
                            description=_("Resume a saved game (without ID: pick from a list)."))
    resume.add_argument("id", nargs="?", type=positive, metavar="ID", help=_("saved game number"))
    add_plain(resume)
    add_data_dir(resume)

    export = sub.add_parser(
        "export", help=_("write a game's record as a JSON file"),
        description=_("Write a saved or finished game as a record file (docs/records.md)."),
    )
    export.add_argument("id", type=positive, metavar="ID", help=_("game number (see History)"))
    export.add_argument("-o", "--output", type=Path, metavar="FILE",
                        help=_("where to write it (default: standard output)"))
    add_data_dir(export)

    import_ = sub.add_parser(
        "import", help=_("add a game record file to your games"),
        description=_("Add a record file written by `tulipgames export` to the store: a "
        "finished game to History, an unfinished one to Resume."),
    )
    import_.add_argument("file", type=Path, metavar="FILE", help=_("a record file ('-': stdin)"))
    add_data_dir(import_)

    replay = sub.add_parser(
        "replay", help=_("step through a game: a saved one by number, or a record file"),
        description=_("Open the replay viewer (arrows step, Home/End, v changes the view). A "
        "finished game shows every seat; an unfinished one only the seats played here."),
    )
    replay.add_argument("game", metavar="FILE|ID", help=_("a game number or a record file"))
    add_plain(replay)
    add_data_dir(replay)

    simulate = sub.add_parser(
        "simulate", help=_("headless bot games: results, throughput, invariant checks"),
        description=_("Play bot games without a screen. Levels are dealt to the seats in turn "
        "and seats rotate between games."),
    )
    simulate.add_argument("game", type=available_game, metavar="GAME", help=one_of)
    simulate.add_argument("--seats", type=positive, default=None, help=_("players per game"))
    simulate.add_argument("--games", type=positive, default=20, help=_("games to play (20)"))
    simulate.add_argument("--bots", default="random", metavar="LEVELS",
                          help=_("comma-separated bot levels dealt to the seats (random)"))
    simulate.add_argument("--seed", type=seed, default=0, help=_("seed of the first game (0)"))
    simulate.add_argument("--option", type=option_pair, action="append", default=[],
                          metavar="NAME=VALUE", help=_("a game option; repeatable"))
    simulate.add_argument("--json", action="store_true", help=_("print one JSON object"))
    simulate.add_argument("--no-check", action="store_true",
                          help=_("skip invariant and replay checks (faster)"))

    ladder = sub.add_parser(
        "ladder", help=_("rate a game's bot levels against each other (Elo scale)"),
        description=_("Play the bot levels against each other and rate them: at two seats "
        "every pair meets on the same deal twice, seats swapped; otherwise the levels are dealt "
        "round the table and the seating rotates."),
    )
    ladder.add_argument("game", type=available_game, metavar="GAME", help=one_of)
    ladder.add_argument("--games", type=positive, default=40, help=_("games to play (40)"))
    ladder.add_argument("--seats", type=positive, default=2, help=_("players per game (2)"))
    ladder.add_argument("--levels", default=None, metavar="LEVELS",
                        help=_("comma-separated bot levels (default: all of the game's)"))
    ladder.add_argument("--seed", type=seed, default=0, help=_("seed of the first game (0)"))
    ladder.add_argument("--option", type=option_pair, action="append", default=[],
                        metavar="NAME=VALUE", help=_("a game option; repeatable"))
    ladder.add_argument("--json", action="store_true", help=_("print one JSON object"))

    bench = sub.add_parser(
        "bench", help=_("benchmark suite: engine, simulate's checks, start-up, key presses"),
        description=_("Measure every figure of the speed targets, each beside its reference: "
        "random playouts and the Spice Road race (engine), the cost of simulate's checks "
        "(simulate), the start in a terminal against a bare Textual app (startup) and key "
        "press to screen per game (keys); then a table of each figure against its target. "
        "BENCH_BASELINE=REV adds a git revision side by side, PEER_DIR=DIR a checkout of the "
        "peer engine the raced game's kit names."),
    )
    bench.add_argument("--json", action="store_true", help=_("print one JSON object"))
    bench.add_argument("--quick", action="store_true", help=_("shorter runs, rougher figures"))
    bench.add_argument("--only", type=bench_parts, default=None, metavar="PARTS",
                       help=_("comma-separated parts: engine, simulate, startup, keys (all)"))
    bench.add_argument("--ui", action="store_true",
                       help=_("the screen parts only: the same as --only startup,keys"))
    bench.add_argument("--rounds", type=positive, default=None, metavar="N",
                       help=_("interleaved rounds of the Spice Road race and of the "
                       "BENCH_BASELINE comparison, each ratio their median (race 3; "
                       "baseline 3, 1 with --quick)"))

    serve = sub.add_parser("serve", help=_("run the built-in SSH server"),
                           description=_("Serve tulipgames over SSH."))
    try:
        from tulipgames.net import ssh

        ssh.add_arguments(serve)
        serve.set_defaults(ssh_available=True)
    except ImportError:  # a partial install without asyncssh
        serve.set_defaults(ssh_available=False)
    web = sub.add_parser("web", help=_("play in a browser (a local web server)"),
                         description=_("Serve tulipgames to browsers only: the same menu and "
                                     "shared tables as over SSH."))
    try:
        from tulipgames.net import ssh as ssh_door

        ssh_door.add_arguments(web, browser_only=True)
        web.set_defaults(ssh_available=True)
    except ImportError:
        web.set_defaults(ssh_available=False)

    # -- analyse: the coach (tulipgames/coach, docs/coach.md) --------------------------------
    analyse = sub.add_parser(
        "analyse", help=_("the coach: grade every decision of a finished game"),
        description=_("Grade every decision of the chosen seats (default: the humans) of a "
        "finished game, from what each seat could see: the worth of each choice, the loss "
        "against the best and a grade (docs/coach.md). Uses every core."),
    )
    analyse.add_argument("game", metavar="ID|FILE", help=_("a game number or a record file"))
    analyse.add_argument("--seat", action="append", metavar="NAME",
                         help=_("a player to analyse; repeatable (default: the human seats)"))
    analyse.add_argument("--json", action="store_true", help=_("print one JSON object"))
    # -- end analyse -----------------------------------------------------------------------------

    shots = sub.add_parser("screenshots", help=_("render SVG screenshots of every screen"),
                           description=_("Render the menu, setup, each game and results to SVG."))
    shots.add_argument("--out", default="screenshots", metavar="DIR", help=_("(screenshots)"))
    parser.commands = dict(sub.choices)
    return parser


# -- commands ---------------------------------------------------------------------------------
def open_store(args: argparse.Namespace, parser: Parser | None) -> Any:
    """The store of ``--data-dir``; one line and exit code 1 when it cannot be opened."""
    return store_at(args.data_dir)


def store_at(data_dir: Path | None) -> Any:
    from tulipgames.store import Store, StoreError

    try:
        store = Store(data_dir)
    except StoreError as exc:
        print(f"tulipgames: {exc}", file=sys.stderr)
        raise SystemExit(1) from exc
    if store.notice:
        print("tulipgames: " + _("note: {notice}").format(notice=store.notice), file=sys.stderr)
    return store


def store_opener(data_dir: Path | None) -> Callable[[], Any]:
    """Opens the store in ``data_dir`` when the app first needs it (the menu is up first)."""

    def open_() -> Any:
        from tulipgames.store import Store

        return Store(data_dir)

    return open_


NO_TERMINAL = lazy_gettext(
    "tulipgames: standard input is not a terminal, and the full-screen app reads keys from "
    "one; add --plain (or set TULIPGAMES_PLAIN=1) to play as text from a pipe or a script"
)


def need_terminal() -> None:
    """Refuse to start the full-screen app without a terminal on standard input: from a pipe,
    ``</dev/null`` or cron it would wait for keys that never come and spin (one ran for 40
    minutes at 77% of a core). One line and exit code 2; ``--plain`` reads the pipe."""
    try:
        terminal = sys.stdin is not None and sys.stdin.isatty()
    except ValueError:  # standard input closed
        terminal = False
    if not terminal:
        print(NO_TERMINAL, file=sys.stderr)
        raise SystemExit(2)


def prefs_path(data_dir: Path | None) -> Path | None:
    """Where the app keeps its preferences: with ``--data-dir``, ``config.json`` in that
    directory (each data directory has its own settings, as each SSH player has); else the
    default (``None``: ``$TULIPGAMES_CONFIG`` or the user config directory)."""
    if data_dir is None:
        return None
    from tulipgames.tui import prefs

    return prefs.config_path(data_dir)


def run_app(data_dir: Path | None = None, **kwargs: Any) -> int:
    """The full-screen app, its preferences beside the data of ``data_dir`` when one is given."""
    from tulipgames.net.terminal import tune_for_ssh_login

    need_terminal()
    from tulipgames.tui.app import TulipGamesApp

    app = TulipGamesApp(prefs_path=prefs_path(data_dir), **kwargs)
    app.run(**tune_for_ssh_login(app))
    return app.return_code or 0


def cmd_play(args: argparse.Namespace, parser: Parser) -> int:
    from tulipgames.engine.core import parse_seats
    from tulipgames.table import Table
    from tulipgames.tui.screens.setup import random_seed

    game: Game = args.game
    try:
        seats = parse_seats(args.seats or "Ana,bot", game)
        options = parse_options(args.option, game)
    except ValueError as exc:
        parser.error(str(exc))
    if not wants_plain(args):
        need_terminal()
    table = Table.new(game, seats, random_seed() if args.seed is None else args.seed, options)
    return run_table(args, open_store(args, parser), table)


def cmd_solo(args: argparse.Namespace, parser: Parser) -> int:
    from tulipgames.engine.core import SeatSpec
    from tulipgames.table import Table
    from tulipgames.tui.app import daily_seed
    from tulipgames.tui.screens.setup import random_seed

    if args.daily and args.seed is not None:
        parser.error(_("--daily and --seed cannot be combined: the daily deal has its own seed"))
    from tulipgames.engine.names import name_problem

    if (problem := name_problem(args.name[:16])) is not None:
        parser.error(f"--name: {problem}")
    game = games.get_game(SOLO_GAME)
    chosen = daily_seed() if args.daily else (random_seed() if args.seed is None else args.seed)
    table = Table.new(game, [SeatSpec(args.name[:16], "human")], chosen)
    if not wants_plain(args):
        need_terminal()  # before the game is saved
    store = open_store(args, parser)
    store.create(table, "daily" if chosen == daily_seed() else "solo")
    return run_table(args, store, table)


def cmd_tutorial(args: argparse.Namespace, parser: Parser) -> int:
    """``tulipgames tutorial GAME``: the game's tutorial, full-screen or as plain text."""
    game: Game = args.game
    if wants_plain(args):
        from tulipgames.plain.menu import Console
        from tulipgames.plain.tutorial import run_tutorial

        console = Console()
        return run_tutorial(game.id, console.read, console.write, echo=console.echo,
                            prompt=console.prompt)
    need_terminal()
    from tulipgames.net.terminal import tune_for_ssh_login
    from tulipgames.tui.app import TulipGamesApp
    from tulipgames.tui.screens.tutorial import open_tutorial

    class TutorialApp(TulipGamesApp):
        def on_mount(self) -> None:
            # after TulipGamesApp.on_mount (the menu is the first screen): the lesson on top
            self.call_later(open_tutorial, self, game.id, self.prefs.name)

    app = TutorialApp(open_store=store_opener(args.data_dir), prefs_path=prefs_path(args.data_dir))
    app.run(**tune_for_ssh_login(app))
    return app.return_code or 0


def cmd_resume(args: argparse.Namespace, parser: Parser) -> int:
    from tulipgames.store import SaveError

    store = open_store(args, parser)
    if args.id is None:
        if wants_plain(args):
            from tulipgames.plain.menu import Console, choose_save, play_plain

            console = Console()
            chosen = choose_save(store, store.saves(), console)
            return 0 if chosen is None else play_plain(chosen, console)
        return run_app(store=store, open_screen="resume", data_dir=args.data_dir)
    try:
        table = store.load(args.id)
    except SaveError as exc:
        parser.error(_("cannot resume game {number}: {problem}").format(number=args.id,
                                                                         problem=exc))
    if table.state.is_over():
        parser.error(_("game {number} is finished; see History in the menu").format(
            number=args.id))
    return run_table(args, store, table)


def cmd_export(args: argparse.Namespace, parser: Parser) -> int:
    import json

    from tulipgames.store import SaveError

    store = open_store(args, parser)
    try:
        data = store.export_record(args.id)
    except SaveError as exc:
        parser.error(_("cannot export game {number}: {problem}").format(number=args.id,
                                                                         problem=exc))
    text = json.dumps(data, indent=1, ensure_ascii=False) + "\n"
    if args.output is None:
        sys.stdout.write(text)
        return 0
    try:
        args.output.write_text(text, "utf-8")
    except OSError as exc:
        parser.error(_("cannot write {path}: {problem}").format(path=args.output,
                                                                 problem=exc.strerror or exc))
    print(_("game {number} written to {path}").format(number=args.id, path=args.output),
          file=sys.stderr)
    return 0


def read_text(path: Path, parser: Parser) -> str:
    """A record file's text (``-``: standard input), or one line and exit 2. A file larger than
    a record can be is refused after reading just past the limit, not read whole."""
    from tulipgames.engine.record import MAX_RECORD_CHARS

    name = str(path)
    try:
        if name == "-":
            text = sys.stdin.read(MAX_RECORD_CHARS + 1)
        else:
            with path.open(encoding="utf-8") as file:
                text = file.read(MAX_RECORD_CHARS + 1)
    except (OSError, UnicodeDecodeError) as exc:
        parser.error(_("cannot read {path}: {problem}").format(
            path=name, problem=getattr(exc, "strerror", None) or exc))
    if len(text) > MAX_RECORD_CHARS:
        parser.error(_("cannot read {path}: it is larger than a record can be ({count} "
                       "characters)").format(path=name, count=MAX_RECORD_CHARS))
    return text


def cmd_import(args: argparse.Namespace, parser: Parser) -> int:
    from tulipgames.engine.record import RecordError
    from tulipgames.store import SaveError, read_record_file

    name = str(args.file)
    text = read_text(args.file, parser)
    try:
        read = read_record_file(text)
    except RecordError as exc:
        parser.error(_("cannot import {path}: {problem}").format(path=name, problem=exc))
    table = read.table
    store = open_store(args, parser)
    try:
        save_id = store.import_record(table, read.variant, read.played)
    except SaveError as exc:
        parser.error(_("cannot import {path}: {problem}").format(path=name, problem=exc))
    if table.state.is_over():
        said = _("imported {title} as game {number} (see History)")
    else:
        said = _("imported {title} as game {number} (see Resume)")
    print(said.format(title=_(table.game.title), number=save_id))
    return 0


@contextmanager
def progress_bar(total: int, description: str, shown: bool) -> Iterator[Callable[[int], None]]:
    """``advance(done)`` for a Rich progress bar on a terminal; nothing when ``shown`` is false
    (output piped or ``--json``). The bar goes away when the work ends, so only the figures
    stay on screen."""
    if not shown:
        yield lambda done: None
        return
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )

    with Progress(
        TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
        TimeElapsedColumn(), TimeRemainingColumn(), transient=True,
    ) as bar:
        task = bar.add_task(description, total=total)
        yield lambda done: bar.update(task, completed=done)


def on_terminal(args: argparse.Namespace) -> bool:
    return sys.stdout.isatty() and not getattr(args, "json", False)


def print_rich(renderable: Any) -> None:
    from rich.console import Console

    Console().print(renderable)


def replay_source(text: str, store: Any, parser: Parser) -> tuple[Any, frozenset[int] | None]:
    """The record to replay and the seats its viewer played (``None``: none of them).

    A saved game was played at this keyboard, so its human seats are the viewer's; a file
    may be anyone's game, so an unfinished one is watched from no seat's side.
    """
    from tulipgames.engine.record import RecordError
    from tulipgames.store import SaveError, read_export

    if text.isdigit():
        try:
            table = store.load(int(text))
        except SaveError as exc:
            parser.error(_("cannot replay game {number}: {problem}").format(number=text,
                                                                             problem=exc))
        return table.record, frozenset(table.human_seats())
    try:
        loaded, _played = read_export(read_text(Path(text), parser))
    except RecordError as exc:
        parser.error(_("cannot replay {path}: {problem}").format(path=text, problem=exc))
    return loaded.record, None


def replay_app(
    record: Any, owned: frozenset[int] | None, store: Any = None,
    data_dir: Path | None = None,
) -> Any:
    """The app opened on the replay viewer of ``record``; closing it leads to the menu."""
    from tulipgames.tui.app import TulipGamesApp
    from tulipgames.tui.screens.replay import replay_screen

    class ReplayApp(TulipGamesApp):
        def on_mount(self) -> None:
            # Textual runs TulipGamesApp.on_mount too (the menu is the first screen); the viewer
            # goes on top once that is done.
            self.call_later(self.push_screen, replay_screen(record, owned))

    return ReplayApp(store, prefs_path=prefs_path(data_dir))


def cmd_replay(args: argparse.Namespace, parser: Parser) -> int:
    from tulipgames.net.terminal import tune_for_ssh_login

    store = open_store(args, parser)
    record, owned = replay_source(args.game, store, parser)
    if wants_plain(args):
        from tulipgames.plain.menu import Console
        from tulipgames.replay import plain_replay

        plain_replay(games.get_game(record.game), record, owned, Console().write)
        return 0
    need_terminal()
    app = replay_app(record, owned, store, args.data_dir)
    app.run(**tune_for_ssh_login(app))
    return 0


def cmd_simulate(args: argparse.Namespace, parser: Parser) -> int:
    import json

    from tulipgames.simulate import simulate

    game: Game = args.game
    levels = [level.strip().lower() for level in args.bots.split(",") if level.strip()]
    if not levels:
        parser.error(_("--bots needs at least one level"))
    seats = args.seats if args.seats is not None else max(game.min_players, 2)
    if seats > game.max_players:
        parser.error(_("{title} is for {low}-{high} players, not {seats}").format(
            title=_(game.title), low=game.min_players, high=game.max_players, seats=seats))
    try:
        options = parse_options(args.option, game)
        game.check_seats(seats)
        for level in levels:
            if level not in game.bot_levels:
                parser.error(_("{title} has no bot level {level} (levels: {levels})").format(
                    title=_(game.title), level=repr(level), levels=", ".join(game.bot_levels)))
    except ValueError as exc:
        parser.error(str(exc))
    label = f"{game.title}, {seats} seats"
    with progress_bar(args.games, label, on_terminal(args)) as advance:
        report = simulate(
            game, seats, args.games, levels, args.seed, options, check=not args.no_check,
            progress=advance,
        )
    if args.json:
        data = report.to_json()
        data["violations"] = report.violations[:20]
        print(json.dumps(data), flush=True)
    else:
        print_rich(report.renderable())
    if report.interrupted:
        return INTERRUPTED
    return 1 if report.invariant_violations or report.replay_mismatches else 0


def cmd_ladder(args: argparse.Namespace, parser: Parser) -> int:
    import json

    from tulipgames.ladder import ladder, ladder_progress

    game: Game = args.game
    levels = None
    if args.levels is not None:
        levels = [level.strip().lower() for level in args.levels.split(",") if level.strip()]
        if not levels:
            parser.error(_("--levels needs at least one level"))
    try:
        options = parse_options(args.option, game)
        game.check_seats(args.seats)
        for level in levels or ():
            game.check_level(level)
    except ValueError as exc:
        parser.error(str(exc))
    label = f"{game.title} ladder, {args.seats} seats"
    with ladder_progress(args.games, label, on_terminal(args)) as advance:
        report = ladder(game, levels, games=args.games, seats=args.seats, seed=args.seed,
                        options=options, progress=advance)
    if args.json:
        print(json.dumps(report.to_json()), flush=True)
    else:
        print_rich(report.render())
    return INTERRUPTED if report.interrupted else 0


def bench_parts(text: str) -> tuple[str, ...]:
    """``--only engine,keys`` → the parts of the bench suite, in the order they run."""
    import argparse

    from tulipgames.bench import PARTS

    wanted = {part.strip().lower() for part in text.split(",") if part.strip()}
    unknown = sorted(wanted - set(PARTS))
    if unknown or not wanted:
        raise argparse.ArgumentTypeError(
            f"no bench part {', '.join(unknown) or repr(text)} (parts: {', '.join(PARTS)})"
        )
    return tuple(part for part in PARTS if part in wanted)


def cmd_bench(args: argparse.Namespace, parser: Parser) -> int:
    import json

    from tulipgames import bench

    if args.ui and args.only:
        parser.error(_("--ui is --only startup,keys: give one or the other"))
    parts = ("startup", "keys") if args.ui else args.only or bench.PARTS
    baseline = os.environ.get("BENCH_BASELINE") or None
    peer_dir = os.environ.get("PEER_DIR") or None
    total = bench.steps(parts, baseline)
    with progress_bar(total, "benchmarks", on_terminal(args)) as advance:
        report = bench.run(quick=args.quick, progress=advance, parts=parts, baseline=baseline,
                           peer_dir=peer_dir, rounds=args.rounds)
    if args.json:
        print(json.dumps(report), flush=True)
    elif sys.stdout.isatty():
        print_rich(bench.render_report(report))
    else:  # to a file or a pipe: wide enough for the tables, whatever COLUMNS says
        print(bench.format_report(report), end="", flush=True)
    return INTERRUPTED if report["interrupted"] else 0


def cmd_serve(args: argparse.Namespace, parser: Parser) -> int:
    if not args.ssh_available:
        parser.error(_("the SSH server is not part of this build yet"))
    from tulipgames.net import ssh

    return int(ssh.run(args) or 0)


def cmd_screenshots(args: argparse.Namespace, parser: Parser) -> int:
    from tulipgames import screenshots

    written = screenshots.render_all(args.out)
    for path in written:
        print(path)
    return 0


def cmd_analyse(args: argparse.Namespace, parser: Parser) -> int:
    """``tulipgames analyse``: the coach (tulipgames/coach/command.py)."""
    from tulipgames.coach.command import analyse_command

    return analyse_command(
        args, parser, lambda: open_store(args, parser), progress_bar, on_terminal(args)
    )


def cmd_menu(args: argparse.Namespace, parser: Parser) -> int:
    return menu(args.data_dir, wants_plain(args))


def menu(data_dir: Path | None, plain: bool) -> int:
    """The menu (``plain``: as text in reading order), its store in ``data_dir`` (``None``: the
    default), opened after the menu is up."""
    if plain:
        from tulipgames.plain.menu import Console, plain_menu

        return plain_menu(store_at(data_dir), Console())
    return run_app(open_store=store_opener(data_dir), data_dir=data_dir)


COMMANDS = {
    None: cmd_menu,
    "play": cmd_play,
    "solo": cmd_solo,
    "resume": cmd_resume,
    "tutorial": cmd_tutorial,
    "export": cmd_export,
    "import": cmd_import,
    "replay": cmd_replay,
    "simulate": cmd_simulate,
    "ladder": cmd_ladder,
    "bench": cmd_bench,
    "serve": cmd_serve,
    "web": cmd_serve,
    "screenshots": cmd_screenshots,
    "analyse": cmd_analyse,
}


def option_value(argv: Sequence[str], option: str) -> str:
    """The value of ``option`` in ``argv`` (``--lang de`` or ``--lang=de``; "" if absent),
    read before the parser is built: its help is in the chosen language."""
    for index, arg in enumerate(argv):
        if arg == "--":
            break
        if arg.startswith(option + "="):
            return arg.partition("=")[2]
        if arg == option and index + 1 < len(argv):
            return argv[index + 1]
    return ""


def choose_language(argv: Sequence[str]) -> str:
    """The language of this run, by ``--lang``, the remembered setting, then ``LANGUAGE`` /
    ``LANG`` (tulipgames.i18n.choose: only a complete catalogue, unless previewed). A language
    asked for by name and not used is said in one line on standard error."""
    from tulipgames.tui import prefs

    flag = option_value(argv, "--lang")
    data_dir = option_value(argv, "--data-dir")
    setting = prefs.read(prefs_path(Path(data_dir) if data_dir else None))[0].language
    choice = i18n.choose(flag, setting)
    i18n.use_for_process(choice.lang)
    if choice.note and (flag or setting):
        print(f"tulipgames: {choice.note}", file=sys.stderr)
    return choice.lang


#: The commands that serve other players: their process's language stays English.
SERVERS = ("serve", "web")


def parse_args(parser: Parser, argv: Sequence[str] | None) -> argparse.Namespace:
    """Parse; ``--data-dir`` may come before the command or after it (the one after wins)."""
    args = parser.parse_args(argv)
    if getattr(args, "data_dir", None) is None:
        args.data_dir = args.global_data_dir
    return args


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``tulipgames`` console script; returns the exit code."""
    argv = sys.argv[1:] if argv is None else list(argv)
    choose_language(argv)
    if not argv:
        # the menu, at once: no argument to parse, so argparse and the parser of every
        # subcommand are not loaded for it (what `cmd_menu` does with no arguments)
        return _run(lambda: menu(None, plain_in_environment()))
    parser = build_parser()
    args = parse_args(parser, argv)
    if args.command in SERVERS:
        # each of a server's sessions speaks its player's language (tulipgames.i18n.use, from
        # the SSH client's LANG), never the operator's, and the operator's log stays English
        i18n.use_for_process(i18n.SOURCE)
    sub = parser.commands.get(args.command, parser)
    return _run(lambda: COMMANDS[args.command](args, sub))


def _run(command: Callable[[], int]) -> int:
    """Run a command; a store that fails under it is one line and exit code 1."""
    try:
        return command()
    except Exception as exc:
        # the database failed mid-command: one line, never a traceback (a command that never
        # imported the store, as the menu before it is up, cannot have raised its error)
        store = sys.modules.get("tulipgames.store")
        if store is None or not isinstance(exc, store.StoreError):
            raise
        print(f"tulipgames: {exc}", file=sys.stderr)
        return 1

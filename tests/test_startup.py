"""Start-up: ``tulipgames`` draws its menu and answers a key before it loads any game's rules,
the store (SQLite), the table, asyncssh or Markdown; those load when first used. Behaviour
only: no test here reads a clock."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from textual.widgets import OptionList

from tests.pilot import row_cells
from tulipgames import bench_ui, games
from tulipgames.engine.core import SeatSpec
from tulipgames.store import Store, StoreError
from tulipgames.table import Table
from tulipgames.tui import app as app_module
from tulipgames.tui.app import TulipGamesApp
from tulipgames.tui.screens import menu

# The loads that wait for the menu's first frame wait for ever here, so that a loaded machine
# cannot let them in before the modules are counted.
NO_DELAYED_LOADS = ("import tulipgames.tui.app as _app, tulipgames.tui.screens.menu as _menu\n"
                    "_app.STORE_DELAY = _menu.ABOUT_DELAY = 3600\n")


def test_the_menu_is_drawn_and_answers_a_key_without_rules_store_table_ssh_or_markdown(
    tmp_path: Path,
) -> None:
    """The real command (`tulipgames`, with a store holding a saved game) on an 80x24
    terminal: the menu shows every game, Down shows the second game's pitch, and by then not
    one module of the games' rules, bots or screens, the store, the table, SQLite, asyncssh or
    Markdown was imported."""
    store = Store(tmp_path / "data")
    table = Table.new(games.get_game("sixtyone"), [SeatSpec("Ana"), SeatSpec("Bo")], 3)
    store.create(table)
    table.play(0, table.turn(0).legal[0])
    store.close()
    started = bench_ui.start_menu(str(tmp_path), before=NO_DELAYED_LOADS)
    assert started.trouble == ""
    assert started.drawn_ms is not None and started.key_ms is not None
    assert "textual.app" in started.modules and "tulipgames.tui.screens.menu" in started.modules
    assert bench_ui.lazy_modules(started.modules) == []
    for name in ("sqlite3", "asyncssh", "rich.markdown", "tulipgames.store",
                 "tulipgames.net.server", "tulipgames.tui.screens.game",
                 # no argument to parse; no settings file to read; the menu's own footer
                 "argparse", "json", "textual.widgets._footer",
                 # the catalogue is the games' kits: neither the rules layer nor a game's
                 # rules, data or parts
                 "tulipgames.engine", "tulipgames.engine.core", "tulipgames.games.parts",
                 *(f"{kit.package}.{part}" for kit in games.kits()
                   for part in ("rules", "bots", "screen", "final", "plain", "words"))):
        assert name not in started.modules, name


def test_the_catalogue_lists_every_game_package_as_it_declares_itself() -> None:
    """The menu's catalogue is found: each game folder declares its own kit, whose ``INFO``
    is the entry, one per folder named as its id, in menu order (a folder added is a game
    added)."""
    folders = {path.name for path in Path(games.__file__).parent.iterdir()
               if (path / "__init__.py").exists()}
    declared = {kit.package.rpartition(".")[2]: kit.info for kit in games.kits()}
    assert set(declared) == folders and len(folders) >= 5
    assert {info.id: info for info in games.CATALOGUE} == declared
    assert list(games.CATALOGUE) == sorted(declared.values(), key=lambda i: (i.order, i.id))
    assert tuple(info.id for info in games.CATALOGUE) == games.GAME_IDS


def test_the_footprint_check_sees_what_it_looks_for() -> None:
    """The check above would catch a regression: these are exactly the modules it names."""
    loaded = ["sqlite3.dbapi2", "tulipgames.games.sixtyone.rules", "rich.markdown",
              "tulipgames.games.sixtyone", "tulipgames.games.spiceroad.data", "asyncssh.connection",
              "textual.app"]
    assert bench_ui.lazy_modules(loaded) == [
        "asyncssh.connection", "rich.markdown", "sqlite3.dbapi2",
        "tulipgames.games.sixtyone.rules",
    ]


async def test_the_store_opens_after_the_menu_is_up_and_fills_in_the_resume_count(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    store = Store(tmp_path)
    table = Table.new(games.get_game("sixtyone"), [SeatSpec("Ana"), SeatSpec("Bo")], 3)
    store.create(table)
    table.play(0, table.turn(0).legal[0])
    store.close()
    monkeypatch.setattr(app_module, "STORE_DELAY", 0.05)
    opened: list[Store] = []

    def open_store() -> Store:
        opened.append(Store(tmp_path))
        return opened[-1]

    app = TulipGamesApp(open_store=open_store)
    async with app.run_test(size=(80, 24)) as pilot:
        labels = [str(o.prompt) for o in app.screen.query_one("#menu", OptionList).options]
        assert not opened and any(label.endswith("Resume a game") for label in labels)
        for _ in range(40):
            await pilot.pause(0.05)
            labels = [str(o.prompt) for o in app.screen.query_one("#menu", OptionList).options]
            if any("Resume a game (1)" in label for label in labels):
                break
        assert any("Resume a game (1)" in label for label in labels), labels
        assert len(opened) == 1 and app.store is opened[0]
    opened[0].close()


async def test_a_store_that_cannot_open_ends_the_app_with_the_reason() -> None:
    def open_store() -> Store:
        raise StoreError("the data directory /nowhere is read-only")

    app = TulipGamesApp(open_store=open_store)
    async with app.run_test(size=(80, 24)) as pilot:
        assert app.saves_games
        assert app.store is None
        await pilot.pause()
    assert app.return_code == 1


async def test_arrowing_past_a_game_does_not_load_its_about_line(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A game's bot levels (its rules) are asked for only if its line is still highlighted
    when the delay is over."""
    monkeypatch.setattr(menu, "ABOUT_DELAY", 3600)  # the test calls what the timer would
    asked: list[str] = []
    app = TulipGamesApp(None)

    def about(game_id: str) -> str:
        asked.append(game_id)
        return "Bots: x"

    monkeypatch.setattr(app, "about_game", about)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("down")
        screen = app.screen
        assert isinstance(screen, menu.MenuScreen)
        first, second = [e for e in screen.entries if e.id.startswith("game:")][:2]
        screen._ask_about(first)  # arrowed past
        assert asked == []
        screen._ask_about(second)  # still highlighted
        await pilot.pause()
        assert asked == [games.CATALOGUE[1].id]
        assert "Bots: x" in str(screen.query_one("#menu-help").render())


@pytest.mark.parametrize(("argv", "plain_env", "expected"), [
    ([], "", (None, False)),
    ([], "1", (None, True)),
    (["--plain"], "", (None, True)),
    (["--data-dir", "/some/where"], "", (Path("/some/where"), False)),
    (["--data-dir", "/some/where", "--plain"], "yes", (Path("/some/where"), True)),
])
def test_the_bare_command_opens_the_menu_as_the_parsed_one_does(
    argv: list[str], plain_env: str, expected: tuple[Path | None, bool],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """`tulipgames` alone skips the parser; with or without it the menu is opened alike."""
    from tulipgames import cli

    opened: list[tuple[Path | None, bool]] = []
    monkeypatch.setattr(cli, "menu", lambda data_dir, plain: opened.append((data_dir, plain)) or 0)
    monkeypatch.setenv(cli.PLAIN_ENV, plain_env)
    assert cli.main(argv) == 0
    assert opened == [expected]


def test_the_bare_command_and_a_subcommand_parse_alike(tmp_path: Path) -> None:
    """`tulipgames` alone skips the parser of every subcommand; with arguments it is built."""
    done = subprocess.run([sys.executable, "-m", "tulipgames", "--version"],
                          capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 0 and done.stdout.startswith("tulipgames ")
    done = subprocess.run([sys.executable, "-m", "tulipgames", "serve", "--help"],
                          capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 0 and "--authorized-keys" in done.stdout


async def test_the_menu_fits_again_after_the_terminal_was_too_small() -> None:
    """The options are composed once at start and built again only when they must be: after
    120x40, 60x20 (the too-small notice) and 80x24 again, every line is one row, no scrollbar."""
    app = TulipGamesApp(None)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        for size in ((120, 40), (60, 20), (80, 24)):
            await pilot.resize_terminal(*size)
            await pilot.pause()
            await pilot.pause(0.2)
        assert isinstance(app.screen, menu.MenuScreen)
        options = app.screen.query_one("#menu", OptionList)
        assert not options.show_vertical_scrollbar
        assert options.virtual_size.height == options.option_count + 1  # and the rule


@pytest.mark.parametrize("theme", ["tulip-light", "tulip-dark"])
async def test_the_chosen_theme_is_on_the_first_frame_from_one_parse_of_the_css(
    theme: str, own_config: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The theme of the preferences colours the menu's first frame (its background, the
    app's theme and light/dark classes, the ANSI palette) without the theme's watcher parsing
    all the CSS once more and applying it to the whole app before that frame."""
    from textual.css.stylesheet import Stylesheet
    from textual.filter import ANSIToTruecolor

    from tulipgames.tui import prefs
    from tulipgames.tui.themes import DARK_ANSI, LIGHT_ANSI, THEMES

    assert prefs.write(prefs.Preferences(theme=theme)) is None
    reparsed: list[Stylesheet] = []
    reparse = Stylesheet.reparse

    def counted(self: Stylesheet) -> None:
        reparsed.append(self)
        reparse(self)

    monkeypatch.setattr(Stylesheet, "reparse", counted)
    chosen = next(t for t in THEMES if t.name == theme)
    app = TulipGamesApp(None)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert reparsed == []
        assert app.theme == theme
        assert app.has_class(f"-theme-{theme}")
        assert app.has_class("-light-mode") is not chosen.dark
        assert app.has_class("-dark-mode") is chosen.dark
        assert app.screen.styles.background.hex.lower() == chosen.background.lower()
        palettes = [f._terminal_theme for f in app._filters if isinstance(f, ANSIToTruecolor)]
        assert palettes == [DARK_ANSI if chosen.dark else LIGHT_ANSI]
        app.theme = "tulip-dark" if theme == "tulip-light" else "tulip-light"
        await pilot.pause()
        assert reparsed  # a theme picked later still re-parses the CSS with its colours
        assert app.screen.styles.background.hex.lower() != chosen.background.lower()


def test_the_bench_starts_this_checkout_from_compiled_modules(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The bench's menu is this checkout's (not whichever ``tulipgames`` is installed), and
    its starts read the modules compiled by the start before them, as an installed package's
    are, even where the environment says not to write them."""
    import tulipgames

    monkeypatch.setenv("PYTHONDONTWRITEBYTECODE", "1")
    pycache = tmp_path / "pycache"
    where = tmp_path / "where"
    before = (f"import tulipgames as _t\nopen({str(where)!r}, 'w').write(_t.__file__)\n"
              + NO_DELAYED_LOADS)
    started = bench_ui.start_menu(str(tmp_path), before=before, pycache=str(pycache))
    assert started.trouble == ""
    assert where.read_text() == tulipgames.__file__
    checkout = Path(tulipgames.__file__).parent
    compiled = pycache / checkout.relative_to(checkout.anchor) / "tui"
    assert list(compiled.glob("app.*.pyc"))


async def test_the_menu_is_the_first_screen_and_comes_back_after_a_game() -> None:
    """No blank screen under the menu to style and lay out at start: the menu is the bottom of
    the stack, and leaving a game leads back to it."""
    app = TulipGamesApp(None)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert [type(screen) for screen in app.screen_stack] == [menu.MenuScreen]
        app.show_setup("sixtyone")
        await pilot.pause()
        assert len(app.screen_stack) == 2
        await pilot.press("escape")
        await pilot.pause()
        assert [type(screen) for screen in app.screen_stack] == [menu.MenuScreen]
        assert app.screen.query_one("#menu", OptionList).has_focus


async def _menu_bottom_row(width: int, theme: str) -> list[tuple[str, Any, Any]]:
    app = TulipGamesApp(None)
    app.theme = theme
    async with app.run_test(size=(width, 24)) as pilot:
        await pilot.pause()
        await pilot.pause()
        return row_cells(app.screen._compositor.render_strips()[-1])


@pytest.mark.parametrize("theme", ["tulip-dark", "tulip-light"])
async def test_the_menu_footer_draws_what_textuals_footer_draws(
    theme: str, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The menu's one-line footer (no key widgets to style and lay out at start) shows, cell
    for cell, the keys, styles and command palette edge of Textual's own footer."""
    from textual.widgets import Footer

    for width in (80, 120):
        ours = await _menu_bottom_row(width, theme)
        with monkeypatch.context() as patched:
            patched.setattr(menu, "MenuFooter", Footer)
            theirs = await _menu_bottom_row(width, theme)
        assert ours == theirs, (theme, width)
        line = "".join(char for char, _, _ in ours)
        assert " q Quit " in line and " ? Rules " in line and line.endswith("▏^p palette ")


async def test_a_click_on_a_menu_footer_key_presses_it() -> None:
    app = TulipGamesApp(None)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        footer = app.screen.query_one(menu.MenuFooter)
        line = footer.render().plain
        await pilot.click(footer, offset=(line.index("Rules"), 0))
        await pilot.pause()
        assert type(app.screen).__name__ == "GamePickScreen"


@pytest.mark.parametrize("theme", ["tulip-light", "tulip-dark"])
def test_the_theme_colours_are_worked_out_once_at_start(
    theme: str, own_config: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Textual's ``__init__`` would work out its default theme's colours for a stylesheet
    that the chosen theme's replace before any CSS is read: only the chosen theme's are, and
    the stylesheet gets what Textual's own ``get_css_variables`` gives for it."""
    from textual.app import App
    from textual.theme import Theme

    from tulipgames.tui import prefs

    assert prefs.write(prefs.Preferences(theme=theme)) is None
    worked_out: list[str] = []
    to_color_system = Theme.to_color_system

    def counted(self: Theme) -> Any:
        worked_out.append(self.name)
        return to_color_system(self)

    monkeypatch.setattr(Theme, "to_color_system", counted)
    app = TulipGamesApp(None)
    assert worked_out == [theme]
    assert app.stylesheet._variables == App.get_css_variables(app)
    assert app.theme_variables["background"].lower() == app.current_theme.background.lower()


async def test_the_menu_is_styled_once_before_its_first_frame_as_textual_would_style_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Textual styles every widget as it is mounted and, at a screen's first resume, all of
    them once more; the menu's first resume skips that second pass (its widgets were styled
    just before), and its widgets' styles and its drawing are what that pass would give."""
    from textual.dom import DOMNode

    restyled: list[str] = []
    update_node_styles = DOMNode.update_node_styles

    def counted(self: DOMNode, animate: bool = True) -> None:
        restyled.append(type(self).__name__)
        update_node_styles(self, animate)

    monkeypatch.setattr(DOMNode, "update_node_styles", counted)
    app = TulipGamesApp(None)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, menu.MenuScreen)
        assert "MenuScreen" not in restyled  # (the focus restyles the option list it reached)

        def seen() -> tuple[list[str], list[list[tuple[str, Any, Any]]]]:
            styles = [node.styles.css for node in screen.walk_children(with_self=True)]
            return styles, [row_cells(row) for row in screen._compositor.render_strips()]

        ours = seen()
        screen.update_node_styles(animate=False)  # Textual's pass, as its first resume does it
        await pilot.pause()
        assert seen() == ours


async def _fresh_menu_rows(size: tuple[int, int]) -> list[list[tuple[str, Any, Any]]]:
    app = TulipGamesApp(None)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        await pilot.pause(0.05)
        return [row_cells(row) for row in app.screen._compositor.render_strips()]


async def test_the_menu_is_not_laid_out_again_for_the_size_it_has(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Three resize events of the size the menu was first laid out at come right after its
    first frame (the driver's terminal size twice, the screen's own first layout): none lays
    the menu out again, before the first key. A new size does: the menu is then drawn as a
    menu started at that size is."""
    from textual.screen import Screen

    monkeypatch.setattr(menu, "ABOUT_DELAY", 3600)  # the same lines under the menu in both
    relaid: list[Any] = []  # the sizes of the layouts a resize event made
    on_resize = Screen._on_resize
    refresh_layout = Screen._refresh_layout

    async def resized(self: Screen[Any], event: Any) -> None:
        self._in_resize = True
        try:
            await on_resize(self, event)
        finally:
            self._in_resize = False

    def laid_out(self: Screen[Any], size: Any = None, scroll: bool = False) -> None:
        if getattr(self, "_in_resize", False):
            relaid.append(size)
        refresh_layout(self, size, scroll)

    monkeypatch.setattr(Screen, "_on_resize", resized)
    monkeypatch.setattr(Screen, "_refresh_layout", laid_out)
    app = TulipGamesApp(None)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.pause(0.05)
        screen = app.screen
        assert isinstance(screen, menu.MenuScreen)
        assert relaid == [] and screen.outer_size == (80, 24)
        for size in ((100, 30), (120, 40), (80, 24)):
            await pilot.resize_terminal(*size)
            for _ in range(40):  # Textual waits a little for a terminal's resizes to settle
                await pilot.pause(0.05)
                if screen.outer_size == size:
                    break
            await pilot.pause(0.05)
            assert screen.outer_size == size and relaid[-1] == size
            resized_rows = [row_cells(row) for row in screen._compositor.render_strips()]
            assert resized_rows == await _fresh_menu_rows(size), size

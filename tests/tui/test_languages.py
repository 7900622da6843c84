"""The shared screens in German at 80x24 (the longest language at the smallest terminal): the
results, the replay viewer, History and a game screen's status line and footer, drawn by the
real app with nothing cut off; the command palette finding a command by its German and its
English name; a command-line error in German.

German is forced the way a translator previews a catalogue (``--lang de`` with
``TULIPGAMES_LANG_PREVIEW=1``), so these tests hold before the language is released.
"""

from __future__ import annotations

import os
import subprocess
import sys
from functools import cache, partial

import pytest

from tests.pilot import svg_text
from tests.tui.test_prefs_and_palette import type_command
from tests.tui.test_snapshots import FINISHED, NAMES, SCORES
from tulipgames import i18n, screenshots
from tulipgames.engine.core import Result
from tulipgames.table import Table
from tulipgames.tui.app import TulipGamesApp
from tulipgames.tui.screens.history import HistoryScreen
from tulipgames.tui.screens.replay import replay_screen
from tulipgames.tui.screens.results import ResultsScreen
from tulipgames.tui.screens.setup import SetupScreen

SIZE = (80, 24)


@pytest.fixture(autouse=True)
def german():
    choice = i18n.choose(flag="de", env={i18n.PREVIEW_ENV: "1"})
    assert choice.lang == "de"
    i18n.use_for_process(choice.lang)
    yield
    i18n.use_for_process("en")


@cache
def finished() -> Table:
    """A Sixty-One game of two bots played to its end (once per run)."""
    return screenshots.finished_table("sixtyone", count=2)


async def draw(make) -> list[str]:
    svg = await screenshots.snapshot(TulipGamesApp(None), make, SIZE)
    lines = svg_text(svg, *SIZE).splitlines()
    assert len(lines) <= SIZE[1]
    return lines


def has(lines: list[str], text: str) -> bool:
    return any(text in line for line in lines)


def footer(lines: list[str]) -> str:
    return lines[-1]


async def test_results_in_german() -> None:
    tie = Result.build(["Points", "Bonus"], [[20, 3], [23, 0], [18, 5], [9, 2]],
                       tiebreak="most money left", tiebreak_values=[4, 1, 7, 0],
                       tiebreak_keys=[[4], [1], [7], [0]])
    lines = await draw(partial(ResultsScreen, "Century: Spice Road", NAMES[:4], tie, 77))
    assert has(lines, "Century: Die Gewürzstraße — Endstand (Seed 77)")
    # three seats on 23: the tie-break (Cleo's 7) decides
    assert has(lines, "Cleo gewinnt mit 23.")
    for word in ("Summe", "Platz", "1. *", "3.", "Gleichstand: most money left",
                 "Verglichen: Ana 4, Ben 1, Cleo 7, Dev 0", "* der Sieger"):
        assert has(lines, word), word
    assert "…" not in "\n".join(lines)
    keys = footer(lines)
    for key in ("r Neu, gleicher Seed", "n Neu, neuer Seed", "esc Menü"):
        assert key in keys, keys


@pytest.mark.parametrize(("lang", "words", "keys"), [
    ("de", ("Sixty-One — Endstand (Seed 7)", "Ana gewinnt mit", "Summe", "Endstellung",
            "a: der Coach bewertet jede Entscheidung (in der Wiederholung)"),
     ("r Neu, gleicher Seed", "n Neu, neuer Seed", "v Wiederholung", "esc Menü", "^p Befehle")),
    ("fr", ("Sixty-One — scores finaux (graine 7)", "Ana gagne avec", "Position finale",
            "1er *", "2ᵉ"),
     ("r Rejouer, même donne", "n Rejouer, autre donne", "v Revoir", "esc Menu", "^p palette")),
    ("nl", ("Sixty-One — eindscores (seed 7)", "Ana wint met", "Totaal", "Eindstand", "1e *"),
     ("r Opnieuw, zelfde", "n Opnieuw, nieuw", "v Terugkijken", "esc Menu", "^p palet")),
])
async def test_a_finished_game_s_results(lang: str, words: tuple[str, ...],
                                          keys: tuple[str, ...]) -> None:
    """The footer is Textual's own here (it cuts, it does not give way): every key whole."""
    i18n.use_for_process(lang)
    lines = await draw(partial(ResultsScreen.for_table, finished()))
    for word in words:
        assert has(lines, word), word
    for key in keys:
        assert key in footer(lines), footer(lines)


async def test_replay_in_german() -> None:
    record = finished().record
    lines = await draw(lambda: replay_screen(record, owned={0}))
    status = lines[0]
    assert f"Wiederholung {len(record.actions)}/{len(record.actions)}" in status, status
    assert "Sicht von Ana" in status or "Sicht von" in status, status
    keys = footer(lines)
    for key in ("←→ Schritt", "pgup/dn Zug", "a Analyse", "esc Schließen"):
        assert key in keys, keys


@pytest.mark.parametrize("lang", ["fr", "nl"])
async def test_history_heading_in_french_and_dutch(lang: str) -> None:
    i18n.use_for_process(lang)
    lines = await draw(partial(HistoryScreen, FINISHED, SCORES))
    heading = i18n._("History & high scores  (←/→ switch tabs, Enter on a game: its scores)")
    assert heading.startswith(("Historique", "Geschiedenis"))
    assert has(lines, heading)


async def test_history_in_german() -> None:
    lines = await draw(partial(HistoryScreen, FINISHED, SCORES))
    assert has(lines, "Verlauf & Bestenliste  (←/→ Reiter wechseln, Enter auf Partie: ihre "
                      "Punkte)")
    for word in ("Bestenliste", "Tagesspiel", "Beendete Partien", "Spiel", "Name", "Punkte",
                 "Detail", "Datum (UTC)"):
        assert has(lines, word), word
    keys = footer(lines)
    for key in ("esc Zurück", "v Partie ansehen", "s Statistik", "→ Nächster Reiter"):
        assert key in keys, keys


@pytest.mark.parametrize(("lang", "words"), [
    ("de", ("? Regeln", "esc Menü")),
    ("fr", ("? Règles", "esc Menu")),
    ("nl", ("? Regels", "esc Menu")),
])
async def test_game_screen_status_and_footer(lang: str, words: tuple[str, ...]) -> None:
    i18n.use_for_process(lang)
    table = screenshots.demo_tables("sixtyone")["sixtyone-midgame"]
    lines = await draw(partial(screenshots.demo_screen, table))
    keys = footer(lines)
    for key in words:
        assert key in keys, keys
    assert "Rules" not in keys and "Menu " not in keys.replace("esc Menu", "")
    # the status line: the seat's name, then the game's question (or whose turn it is)
    assert lines[0].strip().startswith(table.names[0]) or "…" in lines[0]


async def test_palette_finds_a_command_by_its_german_and_its_english_name(
    tmp_path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv(i18n.PREVIEW_ENV, "1")  # every language offered, as to a translator
    app = TulipGamesApp(None, prefs_path=tmp_path / "config.json")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        commands = {command.title: command for command in app.get_system_commands(app.screen)}
        assert "Tagesspiel · Daily deal" in commands
        assert "Farbschema · Theme" in commands
        assert "Bot-Tempo: schnell · Bot speed: fast" in commands
        # the language setting, for the next start
        assert "Sprache: Deutsch · Language: Deutsch" not in commands
        commands["Sprache: Nederlands · Language: Nederlands"].callback()
        assert app.prefs.language == "nl"
        assert '"language": "nl"' in (tmp_path / "config.json").read_text()
        await pilot.press("ctrl+p")
        await pilot.pause()
        assert app.screen.query_one("CommandInput").placeholder == "Befehle suchen…"
        await pilot.press("escape")
        for query in ("Tagess", "Daily"):
            await type_command(pilot, query)
            assert isinstance(app.screen, SetupScreen), query
            assert app.screen.daily, query
            await pilot.press("escape")
            await pilot.pause()


def test_a_command_line_error_in_german(tmp_path) -> None:
    env = dict(os.environ, TULIPGAMES_HOME=str(tmp_path), **{i18n.PREVIEW_ENV: "1"})

    def run(lang: str) -> subprocess.CompletedProcess[str]:
        argv = ["--lang", lang, "solo", "--daily", "--seed", "3"]
        return subprocess.run([sys.executable, "-m", "tulipgames", *argv], capture_output=True,
                              text=True, env=env, timeout=60)

    done = run("de")
    assert done.returncode == 2
    assert done.stderr.strip().endswith(
        "Fehler: --daily und --seed gehen nicht zusammen: das Tagesspiel hat seinen eigenen "
        "Seed"), done.stderr
    # and in English, word for word as before
    english = run("en")
    assert english.stderr.strip().endswith(
        "error: --daily and --seed cannot be combined: the daily deal has its own seed")


def test_a_rules_text_handed_over_as_a_say_is_said_in_each_reader_s_language() -> None:
    """``Turn.text`` (an ``IllegalAction`` reason, a hint) renders a game's Say for the reader
    and fills the seat names in afterwards: one table, two readers, two languages."""
    from tulipgames.i18n import Say
    from tulipgames.table import Turn

    turn = Turn(seat=0, view=None, legal=(), prompt="", acting=True, undoable=0, version=1,
                names=("Ana", "Ben"), to_act=(0,), bots_to_act=(), over=False)
    said = Say("Nothing to undo: {name} has played since your move, and undo stops at "
               "another player's move.", name="{seat1}")
    with i18n.using("de"):
        german = turn.text(said)
    with i18n.using("fr"):
        french = turn.text(said)
    assert german == ("Nichts zurückzunehmen: Ben hat seit deinem Zug gespielt, und das "
                      "Zurücknehmen endet beim Zug eines anderen.")
    assert french.startswith("Rien à annuler : Ben a joué depuis votre coup")
    with i18n.using("en"):
        assert turn.text(said).startswith("Nothing to undo: Ben has played")

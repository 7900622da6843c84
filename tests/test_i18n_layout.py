"""The longest language at the smallest terminal: the German main menu and setup screen at
80x24 (the snapshot tests' size), drawn by the real app, with nothing cut off.

German is forced the way a translator previews a catalogue (``--lang de`` with
``TULIPGAMES_LANG_PREVIEW=1``), so these tests hold while the catalogue is incomplete too.
"""

from __future__ import annotations

from functools import partial

import pytest

from tests.pilot import svg_text
from tulipgames import games, i18n, screenshots
from tulipgames.engine.core import SeatSpec
from tulipgames.tui.app import TulipGamesApp
from tulipgames.tui.screens.setup import SetupScreen

SIZE = (80, 24)


@pytest.fixture(autouse=True)
def german():
    choice = i18n.choose(flag="de", env={i18n.PREVIEW_ENV: "1"})
    assert choice.lang == "de"
    i18n.use_for_process(choice.lang)
    yield
    i18n.use_for_process("en")


async def draw(make) -> list[str]:
    svg = await screenshots.snapshot(TulipGamesApp(None), make, SIZE)
    return svg_text(svg, *SIZE).splitlines()


def whole(lines: list[str], text: str) -> bool:
    # (a screenshot's text reads a no-break space, French before a colon, as a space)
    return any(text.replace("\xa0", " ") in line for line in lines)


async def test_german_menu_fits_80x24() -> None:
    lines = await draw(lambda: None)
    assert len(lines) <= SIZE[1]
    assert whole(lines, "fünf Brett- und Würfelspiele für das Terminal")
    for entry in ("r Partie fortsetzen", "s Solo-Herausforderung", "d Tagesspiel",
                  "h Verlauf & Bestenliste", "l Spielen lernen", "? Regeln", "q Beenden"):
        assert whole(lines, entry), entry
    # every title whole, the longest ("Century: Die Gewürzstraße") widening the column
    for info in games.CATALOGUE:
        assert whole(lines, i18n._(info.title)), info.title
    assert whole(lines, "Century: Die Gewürzstraße  2-5 Sp.")
    # only a game line's pitch may end in an ellipsis (its whole pitch is under the menu)
    for line in lines:
        if line.rstrip(" │").endswith("…"):
            assert " Sp. " in line, line
    assert whole(lines, "Blumenhändler versteigern Sträuße an zwei Markttagen.")
    assert whole(lines, "q Beenden  ? Regeln")


@pytest.mark.parametrize("game_id", ["spiceroad", "sixtyone"])
async def test_german_setup_fits_80x24(game_id: str) -> None:
    game = games.get_game(game_id)
    lines = await draw(partial(SetupScreen, game, seed=4242))
    text = "\n".join(lines)
    assert whole(lines, f"Neue Partie: {i18n._(game.title)}  ({game.info.players} Spieler)")
    assert whole(lines, "Tab / Umschalt+Tab wechseln das Feld · Enter auf Start (oder Strg+G) "
                        "startet")
    for label in ("Spieler", "Platz 1", "Platz 2", "Mensch", "Seed", "Partie starten"):
        assert whole(lines, label), label
    assert whole(lines, "esc Zurück  ^r Neuer Seed  ^g Start  ? Regeln")
    assert "…" not in text


async def test_german_daily_setup_fits_80x24() -> None:
    lines = await draw(partial(SetupScreen, games.get_game("flowershop"), [SeatSpec("Ana")],
                               20261201, "daily"))
    assert whole(lines, "Tagesspiel: The Little Flower Shop")
    assert whole(lines, "Partie starten")
    assert whole(lines, "esc Zurück  ^g Start")
    assert "…" not in "\n".join(lines)


@pytest.mark.parametrize("lang", ["fr", "nl"])
async def test_french_and_dutch_menus_fit_80x24(lang: str) -> None:
    """French has the longest title (*Century : La Route des épices*, 30 cells)."""
    i18n.use_for_process(lang)
    lines = await draw(lambda: None)
    entries = ("Resume a game", "Solo challenge", "Daily deal", "History & high scores",
               "Learn to play", "Rules", "Quit")
    for words in (*entries, *(info.title for info in games.CATALOGUE)):
        assert whole(lines, i18n._(words)), words
    assert i18n._("Quit") != "Quit"
    for line in lines:
        if line.rstrip(" │").endswith("…"):
            assert f" {i18n._('pl')} " in line, line

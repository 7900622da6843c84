"""The shared tables' screens in German, French and Dutch at 80x24, drawn by the real app: the
lobby of a table with the most seats (Sixty-One, 12) and a by-mail clock, and the form that
opens a table. Every seat, label and title is whole and translated, and nothing runs past the
24th line.

The languages are forced as a translator previews a catalogue (the process's language), so
these tests hold before the languages are released.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from textual.screen import Screen

from tests.pilot import svg_text
from tulipgames import games, i18n, screenshots
from tulipgames.net.lobby import Lobby, OpenTable, TableSettings
from tulipgames.net.screens import LobbyScreen, OpenTableScreen
from tulipgames.store import Store
from tulipgames.tui.app import TulipGamesApp

SIZE = (80, 24)
#: What each language must show whole: the seat lines, the clock's words, the legend.
WORDS = {
    "de": ("* Platz 1: ana  (Gastgeber)  <- du  verbunden", "- Platz 5: eve  abwesend",
           "Platz 12: (frei)", "Uhr: 1 Tag pro Zug (per Mail)", "Zuschauer: willkommen",
           "* verbunden   - abwesend", "Beitrittscode:", "Sixty-One · Tisch"),
    "fr": ("* Place 1 : ana  (hôte)  <- vous  connecté", "- Place 5 : eve  absent",
           "Place 12 : (libre)", "Horloge : 1 jour par coup (par e-mail)",
           "Spectateurs : bienvenus", "* connecté   - absent", "Code d'accès :",
           "Sixty-One · table"),
    "nl": ("* Plaats 1: ana  (gastheer)  <- jij  verbonden", "- Plaats 5: eve  weg",
           "Plaats 12: (vrij)", "Klok: 1 dag per zet (per mail)", "Toeschouwers: welkom",
           "* verbonden   - weg", "Code om aan te schuiven:", "Sixty-One · tafel"),
}


@pytest.fixture
def opened(tmp_path: Path) -> Iterator[tuple[Lobby, OpenTable]]:
    store = Store(tmp_path)
    lobby = Lobby(store, tmp_path, bot_delay=0.01)
    table = lobby.open("sixtyone", 12, "ana", settings=TableSettings(clock="1day"))
    for name in ("bea", "cy", "dan", "eve"):
        table.claim(name)
    yield lobby, table
    store.close()


async def draw(make: Callable[[], Screen[Any]]) -> list[str]:
    svg = await screenshots.snapshot(TulipGamesApp(None), make, SIZE)
    return svg_text(svg, *SIZE).splitlines()


@pytest.mark.parametrize("lang", ["de", "fr", "nl"])
async def test_the_lobby_of_twelve_seats_fits_80x24(
    lang: str, opened: tuple[Lobby, OpenTable],
) -> None:
    lobby, table = opened
    i18n.use_for_process(lang)
    try:
        lines = await draw(lambda: LobbyScreen(lobby, table, "ana"))
    finally:
        i18n.use_for_process("en")
    assert len(lines) <= SIZE[1]
    for words in WORDS[lang]:
        assert any(words in line for line in lines), (words, "\n".join(lines))
    assert "Seat 1" not in "\n".join(lines)  # nothing left in English


async def test_the_open_table_form_fits_the_longest_title(
    opened: tuple[Lobby, OpenTable],
) -> None:
    """French has the longest title (*Century : La Route des épices*, 30 cells)."""
    lobby, _table = opened
    i18n.use_for_process("fr")
    try:
        form = await draw(lambda: OpenTableScreen(lobby, "ana"))
        players, opening = i18n._("players"), i18n._("Open a table")
        # (a screenshot's text reads a no-break space as a space)
        titles = [i18n._(info.title).replace("\xa0", " ") for info in games.CATALOGUE]
        back = i18n._("Back")
    finally:
        i18n.use_for_process("en")
    assert len(form) <= SIZE[1]
    assert any(opening in line for line in form)
    assert "Century : La Route des épices" in titles
    for title in titles:  # the longest title widens the column; "joueurs" stays whole
        assert any(title in line and line.rstrip(" │").endswith(players) for line in form)
    assert any(f"esc {back}" in line for line in form)

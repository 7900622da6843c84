"""Sixty-One in German, French and Dutch: the 12-seat screen at 80x24, one table's log read
in two languages at once, the plain mode's patterns and the rules page (issue 35).

The languages are forced the way a translator previews them (the catalogues are complete for
this game, the package's are not released yet)."""

from __future__ import annotations

import re

import pytest
from rich.console import Console

from tests.pilot import svg_text
from tulipgames import i18n, screenshots
from tulipgames.engine.core import SeatSpec
from tulipgames.games.sixtyone.final import final_position
from tulipgames.games.sixtyone.rules import GAME, Place, spot_problem
from tulipgames.games.sixtyone.words import WORDS
from tulipgames.table import Table
from tulipgames.tui.app import TulipGamesApp

SIZE = (80, 24)

#: Words each language's 12-seat screen must show whole (areas, score column, leaf row, the
#: dice line, the legend, the players' line and the help line).
SCREEN_WORDS = {
    "de": ("Runde 12/20", "Würfel", "Bereich?", "Bogen:", "(du)", "1 Kürbisse", "2 See-",
           "rosen", "4 Becher", "5 Fuchs-", "6 Pilze", "WERTUNG", "3 Marshmallows",
           "5 Fuchsbaue", "Blattbonus", "GESAMT", "Blätter", "Summe 43, nächste 51 braucht 8",
           "n Eicheln wert", "Becher k nur k", "Punkte/Blatt", "✗ verpasst", "offen +3",
           "12 Zeilen, siehe Protokoll", "Wähle den BEREICHSWÜRFEL",
           "wähle Bereichswürfel, Zahlwürfel, dann ein Feld."),
    "fr": ("Manche 12/20", "Dés", "zone?", "Fiche :", "(vous)", "1 Citrou-", "illes",
           "2 Nénu-", "4 Tasses", "5 Terriers", "6 Champi-", "gnons", "1 Citrouilles",
           "6 Champignons", "TOTAL", "Feuilles", "total 43, pour 51 il manque 8",
           "vaut n glands", "Score/feuilles", "✗ manqué", "ouvert +3",
           "12 lignes, voir le journal", "Choisissez le DÉ DE ZONE",
           "dé de zone, dé d'écriture, puis une case."),
    "nl": ("Ronde 12/20", "Stenen", "gebied?", "Vel:", "(jij)", "1 Pom-", "poenen",
           "2 Water-", "lelies", "4 Mokken", "5 Vossen-", "6 Padden-", "stoelen",
           "Paddenstoelen", "2 Waterlelies", "Bladbonus", "TOTAAL", "Bladeren",
           "totaal 43, 51 vraagt nog 8", "n eikels waard", "Score/blad", "✗ gemist",
           "12 regels, zie het logboek", "Kies de GEBIEDSDOBBELSTEEN",
           "kies gebieds-, schrijfdobbelsteen, dan een vakje."),
}


@pytest.fixture(scope="module")
def crowd() -> Table:
    """The 12-seat demo table (round 12, Ana choosing), drawn in every language."""
    return screenshots.demo_tables("sixtyone")["sixtyone-12-seats"]


@pytest.fixture
def process_language():
    yield i18n.use_for_process
    i18n.use_for_process("en")


@pytest.mark.parametrize("lang", ["de", "fr", "nl"])
async def test_the_12_seat_screen_fits_80x24_in_each_language(
    lang: str, crowd: Table, process_language,
) -> None:
    process_language(lang)
    svg = await screenshots.snapshot(TulipGamesApp(None),
                                     lambda: screenshots.demo_screen(crowd), SIZE)
    lines = svg_text(svg, *SIZE).splitlines()
    assert len(lines) <= SIZE[1]
    text = "\n".join(lines)
    for word in SCREEN_WORDS[lang]:
        assert word in text, (lang, word)
    # nothing of this game's is cut off: no ellipsis on the sheet (the log, the footer and the
    # names belong to the shared screen)
    sheet = lines[:lines.index(next(line for line in lines if "↑" in line))]  # the log's top
    assert not any("…" in line for line in sheet), sheet
    # the English words are gone from the sheet
    for english in ("Pumpkins", "Leaves", "Leaf bonus", "Round 12", "Pick the AREA die",
                    "worth n acorns"):
        assert english not in "\n".join(sheet), (lang, english)


def test_one_event_reads_in_two_languages_at_once() -> None:
    state = GAME.new_state(2, seed=303)  # dice 1 2 6
    (chosen,) = state.apply(1, Place(1, 2, 6, 1))
    with i18n.using("de"):
        german = chosen.text_for(1), chosen.text_for(0)
        with i18n.using("fr"):
            french = chosen.text_for(1), chosen.text_for(0)
        german_again = chosen.text_for(1)
    assert german == ("{seat1} hat gewählt: trägt 2 in Kürbisse 1 ein, Blatt 6 (Summe 6)",
                      "{seat1} hat gewählt")
    assert french == ("{seat1} a choisi : écrit 2 dans Citrouilles 1, feuille 6 (total 6)",
                      "{seat1} a choisi")
    assert german_again == german[0]
    assert chosen.text_for(1) == "{seat1} has chosen: writes 2 in Pumpkins 1, leaf 6 (total 6)"
    # the round summary and a rules reason, kept as data, read the same way
    events = state.apply(0, Place(1, 2, 6, 2))
    summary = state.view(0).last_round
    assert summary[0].render("nl") == "Ronde 1, stenen 1 2 6:"
    assert summary[1].render("de") == "{seat0} trägt 2 in Kürbisse 2 ein, Blatt 6 (Summe 6)"
    assert [e.text.render("fr") for e in events if e.reveals] == [
        "Manche 2 : les dés montrent " + " ".join(map(str, state.dice))]
    reason = spot_problem((2, 0, 0, 0), 1, 2, 3)
    assert reason is not None
    assert reason.render("de") == (
        "das andere Auge dieses Kürbisses hat 2: beide Augen müssen gleich sein")
    assert reason.render("nl") == (
        "het andere oog van die pompoen heeft 2: beide ogen moeten gelijk zijn")


def test_the_game_over_event_names_the_ending_in_each_language() -> None:
    state = GAME.new_state(1, seed=5)
    events = []
    while not state.is_over():
        events = state.apply(0, state.legal_actions(0)[0])
    last = events[-1].text
    english = last.render("en")
    assert english.startswith("Game over: ") and english.endswith("{seat0} wins")
    assert last.render("de").startswith("Spielende: ")
    assert last.render("de").endswith("{seat0} gewinnt")
    assert last.render("fr").endswith("{seat0} gagne")
    if "leaf row" in english:
        assert "die Blattreihe von {seat0} erreichte" in last.render("de")
    else:
        assert "alle 20 Runden wurden gespielt" in last.render("de")
    # the result keeps its ending in English (stored as JSON, language-neutral)
    assert state.result().ending == english.removeprefix("Game over: ").rsplit(". ", 1)[0]


def test_the_plain_modes_patterns_follow_the_readers_language() -> None:
    state = GAME.new_state(2, seed=303)
    roll = state.setup_events[0].text
    prompt = "Round 1, roll 1 2 6: pick the area die, the write die, then a spot."
    assert WORDS.repeated.match(roll.render("en"))
    assert WORDS.instructions.sub("", prompt) == "Round 1, roll 1 2 6."
    with i18n.using("de"):
        assert WORDS.repeated.match(roll.render())
        assert not WORDS.repeated.match(roll.render("en"))
        german = state.prompt(0)
        assert german == "Runde 1, Wurf 1 2 6: wähle Bereichswürfel, Zahlwürfel, dann ein Feld."
        assert WORDS.instructions.sub("", german) == "Runde 1, Wurf 1 2 6."


def test_the_rules_page_reads_in_dutch_with_its_markdown_kept() -> None:
    english = GAME.rules_markdown()
    with i18n.using("nl"):
        dutch = GAME.rules_markdown()

    def shape(page: str) -> tuple[list[str], int, int]:
        lines = page.splitlines()
        headings = [line.split(" ", 1)[0] for line in lines if line.startswith("#")]
        rows = sum(1 for line in lines if line.startswith("|"))
        items = sum(1 for line in lines if re.match(r"- ", line))
        return headings, rows, items

    assert shape(dutch) == shape(english)
    assert dutch != english
    for dutch_text in ("## Het idee", "## Je vel", "## De bladerrij", "**eikels**",
                       "**gebiedsdobbelsteen**", "**schrijfdobbelsteen**", "| 6 Paddenstoelen |",
                       "| Toets | Wat hij doet |"):
        assert dutch_text in dutch, dutch_text
    assert "The idea" not in dutch and "acorns" not in dutch


@pytest.mark.parametrize("lang", ["de", "fr", "nl"])
def test_the_final_sheet_keeps_a_full_leaf_row_whole(lang: str) -> None:
    """A full leaf row under a longer label: its total moves to the bonus line, nothing
    wraps (the results screen's frame at 80 columns)."""
    table = Table.new(GAME, [SeatSpec("Ana")], 5, bot_delay=0.0)
    while not table.is_over:  # the smallest leaf die each round: all 20 leaves are written
        table.play(0, min(table.turn(0).legal, key=lambda action: getattr(action, "leaf", 0)))
    assert len(table.state.leaves[0]) == 20
    with i18n.using(lang):
        console = Console(width=80, record=True)
        console.print(*final_position([table.turn(0)], 80))
        lines = console.export_text().splitlines()
        total = i18n._("total {total}").format(total=table.state.leaf_total(0))
    assert len(lines) == 13  # 9 area lines, the leaf row, the bonus line, two frame lines
    assert total in next(line for line in lines if i18n.translator(lang).gettext("Bonus") in line
                         and "11:X" in line)
    assert {"de": "Punkte", "fr": "points", "nl": "punten"}[lang] in lines[-1]

"""The Little Flower Shop in German, French and Dutch: the game screen at 80x24 with the most
seats (the three-seat demo), one table's log read in two languages at once, the rules page and
the plain mode's words.

The languages are forced the way a translator previews a catalogue (``i18n.use_for_process``),
so these tests hold before the languages are released.
"""

from __future__ import annotations

import re
from functools import cache, partial

import pytest

from tests.pilot import svg_text
from tulipgames import i18n, screenshots
from tulipgames.engine.core import SeatSpec
from tulipgames.games.flowershop.plain import card_words, describe_action
from tulipgames.games.flowershop.rules import GAME, Move, Pick, Swap
from tulipgames.table import Table
from tulipgames.tui.app import TulipGamesApp

SIZE = (80, 24)

#: Per language: what the three-seat demo (round 3, Ana using an order card) must show whole.
WORDS = {
    "de": ["Ana: Nutze OR08 (Auftrag): stellen, einlagern, verkaufen oder wegwerfen.",
           "Laden von Ana (Rot)", "Kasse $8 (1 FP)  Abfall 1→2 (-1 FP)", "Haken [3FP BA08]",
           "H1 (freier Platz)", "In Nutzung OR08 Auftrag", "Lager 0/4", "1 (leer)",
           "Jetzt 15 FP = 6B +9K +1$ -1A", "w: nächster Laden", "Aufgedeckt · Runde 3 · Wahl 1",
           "Was kann ich jetzt tun", "Einlagern OR08 Auftrag (1/4)",
           "▸ Verkaufen (6): Enter öffnet", "▸ Wegwerfen (4): Enter öffnet",
           # (a bot's level in its language, its first letter where "leicht" does not fit)
           "Ben l    4/8 gefüllt  1 Korb 4FP  Lager 0  Abfall 0  $12  nutzt",
           "2 Körbe 4FP", "Runde 3, Wahl 1 aufgedeckt: Ana OR08 (Auftrag);"],
    "fr": ["Ana : Utilisez OR08 (commande) : à poser, réserver, vendre ou jeter.",
           "Boutique de Ana (Rouge)", "Caisse $8 (1 FP)  Poubelle 1→2 (-1 FP)",
           "Crochets [3FP BA08]", "H1 (place libre)", "En cours OR08 commande", "Réserve 0/4",
           "Actuel 15 FP = 6p +9pa +1$ -1pb", "w : boutique suivante",
           "Révélé · manche 3 · choix 1", "Que puis-je faire", "Réserver OR08 commande (1/4)",
           "▸ Vendre (6) : Entrée ouvre", "▸ Jeter (4) : Entrée ouvre",
           "Ben f    4/8 pleins  1 panier 4FP  réserve 0  poubelle 0  $12  utilise",
           "Manche 3, choix 1 révélé : Ana OR08 (commande);"],
    "nl": ["Ana: Gebruik OR08 (bestelling): plaatsen, opslaan, verkopen of weggooien.",
           "Winkel van Ana (Rood)", "Kassa $8 (1 FP)  Afval 1→2 (-1 FP)",
           "Mandhaken [3FP BA08] [3FP BA05] [3FP BA07]", "H1 (vrije plek)",
           "In gebruik OR08 bestelling", "Opslag 0/4", "Nu 15 FP = 6b +9m +1$ -1a",
           "w: volgende winkel", "Onthuld · ronde 3 · keuze 1", "Wat kan ik nu doen",
           "Opslaan OR08 bestelling (1/4)", "▸ Herschikken (3): Enter opent",
           "Ben m    4/8 gevuld  1 mand 4FP  opslag 0  afval 0  $12  gebruikt",
           "Ronde 3, keuze 1 onthuld: Ana OR08 (bestelling);"],
}
#: Words of the English screen that no translated screen may still show.
ENGLISH = ("Register", "Hooks", "Storage", "free spot", "What may I do now", "Revealed",
           "'s shop", "Enter opens", "filled", "basket")
#: The menu's "Not yet" row is cut to one line on purpose (the status line says it whole).
NOT_YET = {"de": "Noch nicht:", "fr": "Pas encore :", "nl": "Nog niet:"}


@pytest.fixture
def language():
    yield i18n.use_for_process
    i18n.use_for_process("en")


@cache
def demo_window() -> Table:
    """The three-seat demo: the most seats among the game's demos."""
    return screenshots.demo_tables("flowershop")["flowershop-window"]


async def draw(lang: str) -> list[str]:
    i18n.use_for_process(lang)
    svg = await screenshots.snapshot(
        TulipGamesApp(None), partial(screenshots.demo_screen, demo_window()), SIZE)
    return svg_text(svg, *SIZE).splitlines()


@pytest.mark.parametrize("lang", ["de", "fr", "nl"])
async def test_the_shop_at_80x24_in_each_language(lang: str, language) -> None:
    lines = await draw(lang)
    text = "\n".join(lines)
    assert len(lines) <= SIZE[1]
    assert len(demo_window().seats) == 3
    for words in WORDS[lang]:
        assert words in text, words
    for english in ENGLISH:
        assert english not in text, english
    # nothing is cut off but the one row that is cut on purpose
    for line in lines:
        if "…" in line:
            assert NOT_YET[lang] in line, line


def test_one_log_read_in_two_languages_at_once() -> None:
    """A table's events are data: each reader renders them in their own language, in the same
    process at the same time (an SSH table of a German and a French player)."""
    state = GAME.new_state(3, 31)
    for seat in range(3):
        events = state.apply(seat, Pick(state.shops[seat].hand[0]))
    reveal = events[-1]
    assert reveal.reveals
    names = {0: "Ana", 1: "Ben", 2: "Cleo"}
    with i18n.using("de"):
        german = reveal.text_for(None)
        with i18n.using("fr"):
            french = reveal.text_for(None)
        assert reveal.text_for(None) == german  # the outer reader's language is back
    english = i18n.render(reveal.text, "en")
    assert english.startswith("Round 1, pick 1 revealed: {seat0} ")
    assert german.startswith("Runde 1, Wahl 1 aufgedeckt: {seat0} ")
    assert french.startswith("Manche 1, choix 1 révélé : {seat0} ")
    # the cards are notation, the same in every language; the seats are filled in afterwards
    cards = re.findall(r"[A-Z]{2}\d\d", english)
    assert cards and re.findall(r"[A-Z]{2}\d\d", german) == cards == re.findall(
        r"[A-Z]{2}\d\d", french)
    assert all(f"{{seat{seat}}}" in german for seat in names)
    # a private text too: only the picker reads which card it was
    first = GAME.new_state(2, 5)
    picked = first.apply(0, Pick(first.shops[0].hand[0]))[0]
    with i18n.using("de"):
        assert picked.text_for(0).startswith("Du wählst ")
        assert picked.text_for(1) == "{seat0} hat gewählt."
    with i18n.using("nl"):
        assert picked.text_for(1) == "{seat0} heeft gekozen."


def test_the_rules_page_in_dutch_keeps_its_markdown() -> None:
    english = GAME.rules_markdown()
    with i18n.using("nl"):
        dutch = GAME.rules_markdown()
    assert dutch != english

    def shape(page: str) -> list[str]:
        """Each line's Markdown kind: heading level, table row, list item, or text."""
        kinds = []
        for line in page.splitlines():
            if line.startswith("#"):
                kinds.append(line.split()[0])
            elif line.startswith("|"):
                kinds.append(f"|{line.count('|')}")
            elif re.match(r"(- |\d+\. )", line):
                kinds.append(line.split()[0])
        return kinds

    assert shape(dutch) == shape(english)
    for words in ("## Je winkel", "## De kaarten", "| Bloemkaart | `T2·H` = tulp",
                  "| Boeket | 37+ | 41+ |", "**Kassa:** je geld.", "## Toetsen",
                  "- **k houden:** de rest van de stapel wordt afgelegd"):
        assert words in dutch, words
    assert "Your shop" not in dutch and "The cards" not in dutch


def test_the_plain_words_in_german_and_french() -> None:
    """What the plain mode says to a blind player: a card in words, plurals by the language."""
    assert card_words("FL05") == "FL05, 2 roses with baby's breath"
    with i18n.using("de"):
        assert card_words("FL05") == "FL05, 2 Rosen mit Schleierkraut"
        assert card_words("VA18") == "VA18, Vase für 2 beliebige Blumen, 2 Blütenblätter"
        assert card_words("OR01") == "OR01, Auftragskarte"
    with i18n.using("fr"):
        assert card_words("FL11") == "FL11, 1 tulipe avec gypsophile"
        assert card_words("BA05") == "BA05, panier de 3 points, coûte $4"
    # a choice said with its verb in the reader's language (English: as it always was)
    turn = Table.new(GAME, [SeatSpec("Ana"), SeatSpec("Ben")], 5).turn(0)
    assert describe_action(Pick("FL05"), turn) == "pick FL05, 2 roses with baby's breath"
    assert describe_action(Move("SR1", "storage"), turn) == (
        "move SR1, vase for 1 rose, 2 petals to storage")
    with i18n.using("de"):
        assert describe_action(Pick("FL05"), turn) == "FL05, 2 Rosen mit Schleierkraut wählen"
        assert describe_action(Move("SR1", "storage"), turn) == (
            "SR1, Vase für 1 Rose, 2 Blütenblätter ins Lager verschieben")
    with i18n.using("nl"):
        assert describe_action(Swap(), turn) == "ruilen"

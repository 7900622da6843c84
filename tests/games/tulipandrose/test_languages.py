"""Tulip & Rose in German, French and Dutch: the screen at 80x24 with the demo of the most seats,
one table's log read in two languages at once, the plain mode's words and the rules page.

The languages are forced as a translator previews them (``use_for_process``/``using``), so these
tests hold before the languages are released.
"""

from __future__ import annotations

import re
from functools import partial

import pytest

from tests.games.tulipandrose.helpers import auction, table
from tests.pilot import svg_text
from tulipgames import i18n, screenshots
from tulipgames.engine.core import IllegalAction, render_names
from tulipgames.games.tulipandrose import plain
from tulipgames.games.tulipandrose.rules import GAME, Bid, Pass, TulipState
from tulipgames.table import Table
from tulipgames.tui.app import TulipGamesApp

SIZE = (80, 24)

#: Words each language's bidding screen must show (translated, whole): the table line, the
#: holdings' column heads, the auction panel and its keys, the Special Orders' title.
WORDS = {
    "de": ("Tag 1/2", "Runde 3/8", "Verkäufer Cleo", "Ziel 20-21", "Stapel 76",
           "Spieler", "Händler", "Gu Kr Ein", "Aufgedeckt", "passte",
           "Auktion: Strauß 1 von 3 · Ana bietet", "Wert für dich +34", "Höchstgebot: 2 von Ben",
           "Bieter: Dirk · Ben führt · >Ana", "Dein Gebot", "Spanne 3-75",
           "Bargeld 75 · 0 Kredite übrig", "Noch offen:", "Deine Sonderaufträge",
           "Voller Garten 12", "Nelkenspezialist 10", "Tulip & Rose 8",
           "Enter bieten  p passen", "Strauß 1: biete mindestens 3 oder passe (Höchstgebot 2)",
           "Ben bietet 2."),
    "fr": ("Jour 1/2", "Manche 3/8", "Vendeur Cleo", "Cible 20-21", "Pioche 76",
           "Joueur", "Marchand", "Fl Em Rev", "Révélées", "hors",
           "Enchère : bouquet 1 sur 3 · à Ana de miser", "vaut pour vous +34",
           "Meilleure offre : 2, de Ben", "Enchérisseurs : Dirk · Ben en tête · >Ana",
           "Votre offre", "de 3 à 75", "caisse 75 · 0 emprunt restant", "À venir :",
           "Vos commandes spéciales", "Jardin complet 12", "Expert en œillets 10",
           "Tulip & Rose 8", "Entrée miser  p passer",
           "Bouquet 1 : misez au moins 3 ou passez (offre la plus haute 2)", "Ben mise 2."),
    "nl": ("Dag 1/2", "Ronde 3/8", "Verkoper Cleo", "Doel 20-21", "Trekstapel 76",
           "Speler", "Handelaar", "Gu Le Ink", "Opengelegd", "paste",
           "Veiling: boeket 1 van 3 · Ana biedt", "waarde voor jou +34", "Hoogste bod: 2 van Ben",
           "Bieders: Dirk · Ben hoogst · >Ana", "Je bod", "bereik 3-75",
           "kas 75 · 0 leningen over", "Nog te gaan:", "Je speciale bestellingen",
           "Volle tuin 12", "Anjerspecialist 10", "Tulip & Rose 8", "Enter bieden  p passen",
           "Boeket 1: bied minstens 3 of pas (hoogste bod 2)", "Ben biedt 2."),
}


@pytest.fixture(scope="module")
def bidding() -> Table:
    """The demo of the most seats (four): Ana to bid on bouquet 1, Ben high at 2."""
    return screenshots.demo_tables("tulipandrose")["tulipandrose-bidding"]


@pytest.fixture
def language():
    """Set a language for the process (the screen's); English again afterwards."""
    yield i18n.use_for_process
    i18n.use_for_process("en")


async def draw(table: Table) -> list[str]:
    svg = await screenshots.snapshot(TulipGamesApp(None), partial(screenshots.demo_screen, table),
                                     SIZE)
    return svg_text(svg, *SIZE).splitlines()


@pytest.mark.parametrize("lang", ["de", "fr", "nl"])
async def test_the_bidding_screen_fits_80x24_in_each_language(bidding: Table, language,
                                                              lang: str) -> None:
    language(lang)
    lines = await draw(bidding)
    text = "\n".join(lines)
    assert len(lines) <= SIZE[1]
    missing = [word for word in WORDS[lang] if word not in text]
    assert not missing, f"{lang}: {missing}\n{text}"
    # nothing of this game is cut: no ellipsis anywhere (a cut word ends in one)
    assert "…" not in text, text
    # no English word of this game's own is left on its part of the screen (the footer and
    # the log's title belong to the shared screens)
    board = "\n".join(lines[:18])
    for english in ("Auction", "High bid", "Bidders", "Your bid", "Still to come", "Seller",
                    "Special Orders", "worth to you", "Merchant", "Window", "Revealed"):
        assert english not in board, (lang, english)


def test_one_log_reads_in_two_languages_at_once() -> None:
    """An SSH table's events are data: the German and the French reader each read their own
    words, at the same moment, from the same event (the English log is unchanged)."""
    state = auction(table(3, merchants=[1, 2, 3], seed=4), seller=0, florins=[25, 5, 25])
    events = state.apply(1, Bid(12))  # Ben bids beyond his 5 florins: a loan declared
    names = ["Ana", "Ben", "Cleo"]
    said = {}
    for lang in ("de", "fr", "nl", "en"):
        with i18n.using(lang):
            said[lang] = render_names(events[0].text_for(None), names)
    assert said == {
        "de": "Ben bietet 12 (Kredit ×1).",
        "fr": "Ben mise 12 (emprunt ×1).",
        "nl": "Ben biedt 12 (lening ×1).",
        "en": "Ben bids 12 (loan ×1).",
    }
    # a count as data: each reader's plural rule (a loan taken when the Seller sells)
    state.apply(2, Pass())
    sold = state.apply(0, next(a for a in state.legal_actions(0) if str(a) == "sell"))
    with i18n.using("de"):
        german = [render_names(e.text_for(None), names) for e in sold]
    with i18n.using("fr"):
        french = [render_names(e.text_for(None), names) for e in sold]
    assert german[:2] == ["Ben nimmt 1 Kredit (+20).", "Ana verkauft Strauß 1 für 12 an Ben."]
    assert french[:2] == ["Ben prend 1 emprunt (+20).", "Ana vend le bouquet 1 à Ben pour 12."]


def test_prompts_reasons_and_results_in_the_readers_language() -> None:
    state = auction(table(3, merchants=[1, 2, 3], seed=4), seller=0, florins=[25, 25, 25])
    with i18n.using("de"):
        assert state.prompt(1) == "Strauß 1: biete mindestens 1 oder passe (noch kein Gebot)"
        with pytest.raises(IllegalAction) as refused:
            state.refuse(1, Bid(99))
    assert refused.value.reason == (
        "du kannst höchstens 65 bieten (deine Gulden plus die 2 Kredite, die du noch nehmen "
        "darfst)")
    with i18n.using("nl"), pytest.raises(IllegalAction) as refused:
        state.refuse(1, Bid(99))
    assert refused.value.reason.startswith("je kunt hoogstens 65 bieden")
    finished = GAME.new_state(2, 3)
    assert isinstance(finished, TulipState)
    bot = GAME.make_bot("random", seed=3)
    while not finished.is_over():
        seat = finished.to_act()[0]
        finished.apply(seat, bot.choose(finished, seat))
    result = finished.result()
    assert [i18n.render(c, "nl") for c in result.categories] == [
        "Guldens", "Bloemensets", "Semper Augustus", "Speciale bestellingen", "Leningen",
        "Onkruid"]
    assert i18n.render(result.ending, "fr") == (
        "La fête est finie : chaque joueur a été vendeur deux fois (4 manches sur deux jours).")
    assert result.ending == (  # English as it was (a result is kept as JSON)
        "The festival is over: every player was Seller twice (4 rounds over two days).")


def test_plain_words_in_german(bidding: Table) -> None:
    with i18n.using("de"):
        turn = bidding.turn(0)
        words = plain.describe(turn)
        brief = plain.brief(turn)
    assert words[0].startswith("Runde 3 von 8, Markttag 1. Cleo ist Verkäufer.")
    assert any(line.startswith("Auktion von Strauß 1: das Höchstgebot ist 2 von Ben.")
               for line in words)
    assert any("Dein Sonderauftrag Voller Garten: >= 1 Karte von jeder der 6 Sorten" in line
               for line in words)
    assert brief[0].startswith("Strauß 1 im Angebot: Rose 3, Lilie 4, Unkraut -1, Gärtner 2")
    assert brief[1] == "Du darfst 3 bis 75 bieten."


def test_the_rules_page_in_dutch_keeps_its_structure() -> None:
    english = GAME.rules_markdown()
    with i18n.using("nl"):
        dutch = GAME.rules_markdown()

    def shape(page: str) -> tuple[int, int, int, int]:
        lines = page.splitlines()
        return (sum(1 for line in lines if line.startswith("#")),
                sum(1 for line in lines if line.strip().startswith("|")),
                sum(1 for line in lines if re.match(r"\s*[-*] ", line)),
                sum(1 for line in lines if re.match(r"\s*\d+\. ", line)))

    assert shape(dutch) == shape(english)
    assert dutch.splitlines()[0] == "# Tulip & Rose"
    for heading in ("## Wat je hebt", "## Een ronde", "## Leningen", "## Telling",
                    "## Speciale bestellingen (lijst van de huisregel)", "## Toetsen"):
        assert heading in dutch.splitlines(), heading
    assert "| Prioriteit | Handelaar | Specialiteit |" in dutch
    assert "- **25 gulden** om te beginnen." in dutch
    assert "onkruid" in dutch and "verkoper" in dutch and "boeket" in dutch
    assert "Seller" not in dutch and "florins" not in dutch

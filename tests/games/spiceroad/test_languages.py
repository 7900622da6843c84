"""Century: Spice Road in German, French and Dutch (issue 35): the screen at 80x24 with the most
seats, one table's log read in two languages at once, and the rules page.

The languages are forced the way a translator previews a catalogue (the screen's language is
the process's, as ``--lang de`` with ``TULIPGAMES_LANG_PREVIEW=1`` sets it), so these tests hold
before the languages are released too.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

from tests.games.spiceroad.helpers import new, set_caravan
from tests.pilot import svg_text
from tulipgames import demos, i18n, screenshots
from tulipgames.engine.core import SeatSpec, render_names
from tulipgames.games.spiceroad import plain, words
from tulipgames.games.spiceroad.data import EDITIONS, POINT_CARDS
from tulipgames.games.spiceroad.demos import DEMOS
from tulipgames.games.spiceroad.rules import GAME
from tulipgames.games.spiceroad.widgets import legend
from tulipgames.table import Table
from tulipgames.tui.app import TulipGamesApp

SIZE = (80, 24)
#: Words each language must show on the main screen (the Golem look: its demo has the most
#: seats), and the English they replace.
SCREEN_WORDS = {
    "de": ("Händler (Stapel", "Gegner", "letzter Zug", "Kupfer 0", "Silber 0", "Pkte.",
           "p spielen", "a erwerben", "c einlösen", "r ausruhen", "t Hände der Gegner",
           "? Regeln", "Händlerkarte erwerben", "Aufwerten 2", "Auf×2", "Y gelb < G grün"),
    "fr": ("Marchands (pioche", "Rivaux", "dernier tour", "cuivre 0", "argent 0",
           "p jouer", "a acquérir", "c réclamer", "r se reposer", "t mains adverses",
           "? règles", "réclamez des Points", "Améliorer 2", "Amé×2", "Y jaune < G vert"),
    "nl": ("Handelaars (stapel", "Rivalen", "laatste beurt", "koper 0", "zilver 0",
           "p spelen", "a verwerven", "c claimen", "r rusten", "t handen van rivalen",
           "? regels", "verwerf een handelskaart", "Opwaarderen 2", "Opw×2", "Y geel < G groen"),
}
ENGLISH_WORDS = ("Merchants", "Rivals", "latest turn", "p play", "r rest", "deck",
                 "played:", "Upgrade 2", "acquired", "claim a point card")


@pytest.fixture(scope="module")
def most_seats() -> Table:
    """The demo position with the most seats (the Golem look, four players)."""
    demo = max(DEMOS, key=lambda demo: len(demo.names))
    return demos.demo_table("spiceroad", demo)


@pytest.fixture
def in_language() -> Iterator[None]:
    yield
    i18n.use_for_process("en")


async def draw(table: Table, lang: str) -> list[str]:
    i18n.use_for_process(lang)
    svg = await screenshots.snapshot(TulipGamesApp(None),
                                     lambda: screenshots.demo_screen(table), SIZE)
    return svg_text(svg, *SIZE).splitlines()


@pytest.mark.parametrize("lang", ["de", "fr", "nl"])
async def test_the_screen_with_the_most_seats_fits_80x24_in_each_language(
    lang: str, most_seats: Table, in_language: None
) -> None:
    lines = await draw(most_seats, lang)
    text = "\n".join(lines)
    assert len(lines) <= SIZE[1]
    for word in SCREEN_WORDS[lang]:
        assert word in text, (lang, word)
    for word in ENGLISH_WORDS:
        assert word not in text, (lang, word)
    # every seat's row is there, and the prompt on the top line is whole (ends its sentence)
    for name in most_seats.names[1:]:
        assert any(line.lstrip().startswith(name) for line in lines), name
    assert lines[0].rstrip().endswith("."), lines[0]
    # the point deck's size is whole: its word above, the number under it when "deck" is longer
    deck = len(most_seats.state.point_deck)  # type: ignore[attr-defined]
    assert re.search(rf"(deck|Stapel|pioche|stapel)( {deck}\b|\n.*\b{deck}\b)", text)
    # only the rivals' latest turn may be cut, and only after a whole word ("… " at its end)
    for line in lines:
        if "…" in line:
            assert "│ " in line and line.rstrip(" │").endswith(" …"), line


def test_the_legend_names_the_published_editions_spices() -> None:
    spice = EDITIONS["spice"]
    with i18n.using("de"):
        assert legend(spice).plain == "Y Kurkuma < R Safran < G Kardamom < B Zimt"
    with i18n.using("fr"):
        assert legend(spice).plain == "Y curcuma < R safran < G cardamome < B cannelle"
    with i18n.using("nl"):
        assert legend(spice).plain == "Y kurkuma < R saffraan < G kardemom < B kaneel"
    assert legend(spice).plain == "Y turmeric < R saffron < G cardamom < B cinnamon"


def test_one_tables_log_reads_in_two_languages_at_once() -> None:
    """The events are made once (data); each reader renders them in their own language, one
    after the other in the same process, as two SSH players of one table do."""
    state = new(2, seed=7)
    card = POINT_CARDS[state.point_row[0]]
    set_caravan(state, 0, *card.need)
    claimed = state.apply(0, GAME.parse_action("claim 1"))
    played = state.apply(1, GAME.parse_action("play S1"))
    names = ["Ana", "Ben"]

    def log(lang: str) -> list[str]:
        with i18n.using(lang):
            return [render_names(event.text_for(None), names) for event in claimed + played]

    need = "".join(key * n for key, n in zip("YRGB", card.need, strict=True))
    german, french = log("de"), log("fr")
    assert german[0] == f"Ana löste {need} ({card.vp} SP) auf Platz 1 ein, +1 Gold"
    assert french[0] == f"Ana a réclamé {need} ({card.vp} PV) en position 1, +1 or"
    assert german[1].startswith("Neue Punktekarte: ")
    assert french[1].startswith("Nouvelle carte Points\u00a0: ")
    assert german[-1] == "Ben spielte +YY" and french[-1] == "Ben a joué +YY"
    # the same events still read in English (what the pinned logs hash)
    assert log("en")[0] == f"Ana claimed {need} ({card.vp} VP) at position 1, +1 gold"
    # a count by each language's plural rule (French: 0 and 1 are singular)
    state.apply(0, GAME.parse_action("play S1"))
    rested = state.apply(1, GAME.parse_action("rest"))[0]
    with i18n.using("de"):
        assert rested.text_for(None) == "{seat1} ruhte sich aus (1 Karte zurück)"
    with i18n.using("fr"):
        assert rested.text_for(None) == "{seat1} a repris 1 carte (repos)"
    assert rested.text_for(None) == "{seat1} rested (1 card back)"


def test_the_rules_page_in_dutch_keeps_its_markdown() -> None:
    english = GAME.rules_markdown()
    with i18n.using("nl"):
        dutch = GAME.rules_markdown()

    def shape(page: str) -> tuple[list[str], int, int]:
        lines = page.splitlines()
        headings = [line.split(" ", 1)[0] for line in lines if line.startswith("#")]
        rows = sum(line.startswith("|") for line in lines)
        items = sum(line.startswith("- ") for line in lines)
        return headings, rows, items

    assert shape(dutch) == shape(english)
    for heading in ("# Century: Specerijenroute", "## Specerijen", "## Je beurt: een van vier "
                    "acties", "## Einde van het spel", "## Toetsen"):
        assert heading in dutch.splitlines(), heading
    assert "| 1 | **Y** kurkuma | **Y** geel kristal |" in dutch
    assert "## Spices" not in dutch and "turmeric" not in dutch


def test_the_plain_mode_says_the_board_in_german() -> None:
    """A blind player's words (plain mode): the rows, the caravan and a trade card's letters
    said as the published edition's spice names."""
    table = Table.new(GAME, [SeatSpec("Ana"), SeatSpec("Ben")], 7,
                      options={"seat_order": "typed"})
    turn = table.turn(0)
    with i18n.using("de"):
        lines = plain.describe(turn)
        brief = plain.brief(turn)
        speak = words.spice_speaker(EDITIONS["spice"].names)
        said = speak("Ben spielte RR → YYB")
    assert lines[0].startswith("Punktekarte 1: ") and " Punkte für " in lines[0]
    assert any(line.startswith("Händlerkarte 1: ") for line in lines)
    assert lines[-1].startswith("Ben: Karawane 4 Kurkuma; 0 Punktekarten im Wert von 0")
    assert brief[0] == "Deine Karawane: 3 Kurkuma (3 Gewürze)."
    assert brief[1].startswith("Deine Hand: erhalte 2 Kurkuma; 2-mal aufwerten")
    assert said == "Ben spielte tausche 2 Safran gegen 2 Kurkuma und 1 Zimt"

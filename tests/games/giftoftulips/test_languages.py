"""Gift of Tulips in German (*Eine Tulpe für Dich*), French and Dutch: the game screen at 80x24
with six seats (the most the game allows) whole in each language, one table's log read in two
languages at once, the prompts and reasons in the reader's language, the rules page in Dutch
with its Markdown intact, and the plain mode's speech of the translated shorthand.

The languages are forced the way a translator previews them (``use_for_process`` /
``using``), so these tests hold before the lead releases the languages."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

from tests.games.giftoftulips.helpers import draw, playing, set_ranking
from tests.pilot import svg_text
from tulipgames import i18n, screenshots
from tulipgames.engine.core import IllegalAction, SeatSpec
from tulipgames.games.giftoftulips.rules import (
    GAME,
    PLAY,
    AddFaceUp,
    AddSecret,
    GiftState,
    Give,
    Keep,
)
from tulipgames.games.giftoftulips.words import WORDS, gift_speaker
from tulipgames.table import Table
from tulipgames.tui.app import TulipGamesApp

SIZE = (80, 24)
NAMES = ["Ana", "Ben", "Cleo", "Dev", "Mira", "Noah"]

#: Per language: the festival panel's head, the turn panel's rows (a regular expression: the
#: points depend on the deal), what marks the log and the bouquets table as translated.
SCREEN_WORDS = {
    "de": ("Festival Wert ×2 ×3 ×4  Gabe Beh. Mehrh.",
           [r"k Behalten \+\d", r"g Schenken \+\d → an 2 3 4 5 6", r"f Offen +\+0 → \w \d+, \d\.",
            r"s Geheim +\+0 verdeckt", r"Karte 1/2 \(schon: keine\)", r"Deine geheimen Karten:"],
           "Du hast", "Pkt Karten"),
    "fr": ("Festival Tot ×2 ×3 ×4  Don  Garde Majorité",
           [r"k Garder +\+\d", r"g Offrir +\+\d → à 2 3 4 5 6", r"f Visible \+0 → \w \d+, \d(re|e)",
            r"s Secret +\+0 face cachée", r"Carte 1/2 \(utilisé : aucune\)",
            r"Vos cartes secrètes :"],
           "Vous avez pioché", "Pts Cartes"),
    "nl": ("Festival  Som ×2 ×3 ×4  Geef Houd Meerd.",
           [r"k Houden +\+\d", r"g Geven +\+\d → aan 2 3 4 5 6",
            r"f Open +\+0 → \w \d+, \d(ste|de)",
            r"s Geheim +\+0 gesloten", r"Kaart 1/2 \(gedaan: geen\)", r"Je geheime kaarten:"],
           "Je trok", "Ptn Kaarten"),
}


@pytest.fixture(scope="module")
def six_seats() -> Table:
    """Ana (human) and five normal bots, played to Ana's fifth turn, her first card drawn."""
    seats = [SeatSpec(NAMES[0]), *(SeatSpec(name, "bot:normal") for name in NAMES[1:])]
    table = Table.new(GAME, seats, 3, bot_delay=0.0)
    table.ensure_bots_running = lambda: None  # type: ignore[method-assign]
    while True:
        state = table.state
        assert isinstance(state, GiftState)
        if state.phase == PLAY and state.active == 0 and state.turns_taken[0] >= 4:
            break
        seat = table.to_act()[0]
        table.play(seat, table.think_job(seat)())
    return table


@pytest.fixture
def process_language() -> Iterator[None]:
    yield
    i18n.use_for_process("en")


async def screen_in(table: Table, lang: str) -> list[str]:
    i18n.use_for_process(lang)
    svg = await screenshots.snapshot(TulipGamesApp(None), lambda: screenshots.demo_screen(table),
                                     SIZE)
    return svg_text(svg, *SIZE).splitlines()


@pytest.mark.parametrize("lang", ["de", "fr", "nl"])
async def test_the_six_seat_screen_is_whole_in_each_language(
    six_seats: Table, lang: str, process_language: None,
) -> None:
    lines = await screen_in(six_seats, lang)
    text = "\n".join(lines)
    head, rows, log, bouquets = SCREEN_WORDS[lang]
    assert len(lines) <= SIZE[1]
    # each panel line whole: a wrapped head or row would put its end on a line of its own
    assert any(head in line for line in lines), text
    for row in rows:
        assert any(re.search(row, line) for line in lines), (row, text)
    assert any(bouquets in line for line in lines), text
    for seat, name in enumerate(NAMES):
        assert any(re.search(rf"{seat + 1} {name} ", line) for line in lines), (name, text)
    assert "…" not in text
    # the log is the reader's language, the prompt above the board too
    assert any(log in line for line in lines), text
    # what this game draws is translated ("Secret" is French too); the footer's keys and the
    # log's "earlier" are the shared screens' (translated there)
    english = ("Keep", "Give", "Face up", "Card 1 of 2", "Your secret cards", "You drew",
               "Pts Cards", "turns", "deck")
    assert not any(re.search(rf"\b{word}\b", text) for word in english), text


def test_one_log_reads_in_two_languages_at_once() -> None:
    state = playing(3, start=0)
    set_ranking(state, ("blue", 5), ("pink", 4))
    draw(state, "B3")
    gift, drawn = state.apply(0, Give(2))
    with i18n.using("de"):
        assert gift.text_for(None) == "{seat0} hat B3 an {seat2} verschenkt (+6)"
        german_draw = drawn.text_for(0)
    with i18n.using("fr"):
        assert gift.text_for(None) == "{seat0} a offert B3 à {seat2} (+6)"
        assert drawn.text_for(1) == "{seat0} a pioché la carte 2 sur 2"
    assert re.fullmatch(r"Du hast \w\d gezogen \(Karte 2 von 2\)", german_draw)
    # the English log is the message ids, unchanged
    assert gift.text_for(None) == "{seat0} gave B3 to {seat2} (+6)"
    events = state.apply(0, AddFaceUp())
    with i18n.using("nl"):
        assert re.fullmatch(r"\{seat0\} heeft \w\d aan het festival toegevoegd: \w is "
                            r"\d(ste|de) met \d+", events[0].text_for(None))


def test_prompts_reasons_and_results_in_the_readers_language() -> None:
    state = playing(2, start=0)
    draw(state, "V3")
    state.apply(0, AddSecret())
    draw(state, "P2")
    with i18n.using("de"):
        assert state.prompt(0) == ("Karte 2 von 2: P2. Behalten oder Verschenken "
                                   "(Hinzufügen benutzt)")
        with pytest.raises(IllegalAction, match="du hast Hinzufügen in diesem Zug schon benutzt"):
            state.apply(0, AddFaceUp())
    with i18n.using("fr"):
        assert state.prompt(1) == "{seat0} joue la carte 2 sur 2"
        with pytest.raises(IllegalAction, match="vous ne pouvez pas vous offrir une tulipe"):
            state.apply(0, Give(0))
    assert state.prompt(0) == "Card 2 of 2: P2. Keep or Give it (Add used)"
    state.apply(0, Keep())
    # a result's columns are message ids the results screen translates
    categories = state.result().categories
    assert categories[:3] == ("Give", "Keep", "Maj 1st")
    with i18n.using("nl"):
        assert [i18n.render(c) for c in categories] == [
            "Geven", "Houden", "Meerd. 1", "Meerd. 2", "Meerd. 3"]


def test_the_dutch_rules_page_keeps_its_markdown() -> None:
    english = GAME.rules_markdown()
    with i18n.using("nl"):
        dutch = GAME.rules_markdown()
    assert dutch != english

    def shape(page: str) -> tuple[list[str], int, int]:
        lines = page.splitlines()
        heads = [line.split()[0] for line in lines if line.startswith("#")]
        return (heads, sum(line.startswith("|") for line in lines),
                sum(line.startswith("- ") for line in lines))

    assert shape(dutch) == shape(english)
    for words in ("## Meerderheden", "**Houden** (`k`)", "| 1ste | 15 | 15 / 10 | 15 / 10 / 5 |",
                  "**Het hoogste totaal wint.**"):
        assert words in dutch, words
    # every block is Dutch: none of the English page's blocks is left (the title stays)
    left = [block for block in i18n.markdown_blocks(english)
            if block in dutch and block != "# Gift of Tulips"]
    assert left == []
    with i18n.using("de"):
        assert GAME.rules_markdown().startswith("# Eine Tulpe für Dich\n")


def test_the_plain_mode_speaks_the_translated_shorthand() -> None:
    with i18n.using("de"):
        speak = gift_speaker()
        assert speak("f Offen +0 (→ O 13, 2.)") == "f Offen +0 (dann hat orange 13, 2.)"
        assert speak("Ben hat P4 zum Festival gelegt: P ist 1. mit 14") == (
            "Ben hat pink 4 zum Festival gelegt: pink ist 1. mit 14")
        assert speak("Mehrh. 1 ◆V") == "Mehrheit 1. lila"
        assert WORDS.repeated.match("Du hast V3 gezogen (Karte 1 von 2)")
        assert WORDS.repeated.match("Ben hat Karte 2 von 2 gezogen")
        assert not WORDS.repeated.match("Ben hat P4 behalten (+2)")
    with i18n.using("fr"):
        assert WORDS.repeated.match("Ben a pioché la carte 1 sur 2")
    assert WORDS.repeated.match("You drew V3 (card 1 of 2)")
    assert gift_speaker()("Maj 1st ◆V") == "majority 1st purple"


async def test_the_final_table_fits_in_german_with_six_long_names(process_language: None) -> None:
    """Once every secret card is flipped the bouquets turn into the final scores: German heads
    (Give and Keep as in the festival panel) and six ten-cell names still fit in 80 columns."""
    names = ["Annabella", "Bernadette", "Christophe", "Dominikus", "Evangeline", "Friederike"]
    table = Table.new(GAME, [SeatSpec(name, "bot:normal") for name in names], 11, bot_delay=0.0)
    table.ensure_bots_running = lambda: None  # type: ignore[method-assign]
    while not table.is_over:
        seat = table.to_act()[0]
        table.play(seat, table.think_job(seat)())
    i18n.use_for_process("de")
    app = TulipGamesApp(None)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await app.push_screen(screenshots.demo_screen(table))
        await pilot.pause()
        for _flip in range(5):
            await pilot.press("space")
        await pilot.pause()
        lines = svg_text(app.export_screenshot(simplify=True), *SIZE).splitlines()
    text = "\n".join(lines)
    assert any(re.search(r"Gabe +Beh\. Mehrh\. 1 \S\S Mehrh\. 2 \S\S Mehrh\. 3 \S\S Gesamt Karten$",
                         line.rstrip()) for line in lines), text
    assert any("★" in line and ("gewinnt" in line or "teilen sich den Sieg" in line)
               for line in lines), text
    assert any(line.startswith(" Schlusswertung: Enter für die Ergebnisse") for line in lines), text
    assert len([line for line in lines if re.match(r"^ [ ★] +\d ", line)]) == 6, text

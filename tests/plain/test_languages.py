"""The plain mode in German, French and Dutch: what a screen reader reads aloud comes from the
plain mode's catalogue (the game's own words come from the game's), the command words stay the
English ones a player types, and the shorthand is said in the reader's words."""

from __future__ import annotations

import pytest

from tests.engine.toygame import NIM
from tulipgames import i18n
from tulipgames.engine.core import SeatSpec
from tulipgames.plain.menu import LineConsole, plain_menu
from tulipgames.plain.rules import prose
from tulipgames.plain.session import PlainSession, group_choices
from tulipgames.plain.speech import plain_symbols, unspeakable
from tulipgames.table import Table


def nim_transcript(lang: str, answers: list[str]) -> list[str]:
    table = Table.new(NIM, [SeatSpec("Ana"), SeatSpec("Ben", "bot:random")], seed=3)
    feed = iter(answers)
    out: list[str] = []
    with i18n.using(lang):
        PlainSession(table, lambda: next(feed, None), out.append, echo=True).run()
    return out


@pytest.mark.parametrize(("lang", "said"), [
    ("de", ("Spieler: Ana, Ben (Bot, random). Tippe help für die Befehle.",
            "Es gibt keine Wahl 99: wähle 1 bis", "Befehle (auf Englisch): help (Hilfe)",
            "Nichts zurückzunehmen:", "Das Protokoll, ")),
    ("fr", ("Joueurs : Ana, Ben (bot, random). Tapez help pour les commandes.",
            "Il n'y a pas de choix 99 : choisissez de 1 à", "Commandes (en anglais) : help (aide)",
            "Rien à annuler :", "Le journal, ")),
    ("nl", ("Spelers: Ana, Ben (bot, random). Typ help voor de opdrachten.",
            "Er is geen keuze 99: kies 1 tot en met", "Opdrachten (in het Engels): help,",
            "Niets terug te nemen:", "Het logboek, ")),
])
def test_a_game_by_text_in_each_language(lang: str, said: tuple[str, ...]) -> None:
    out = nim_transcript(lang, ["99", "help", "undo", "log", "quit"])
    text = "\n".join(out)
    for words in said:
        assert words in text, (words, text)
    # a screen reader reads it: nothing a synthesizer would spell out
    assert not set().union(*(unspeakable(line) for line in out if not line.startswith(">")))
    assert "Type help" not in text and "There is no choice" not in text


def test_the_same_game_in_english_is_unchanged() -> None:
    out = nim_transcript("en", ["99", "quit"])
    assert out[0].endswith("Players: Ana, Ben (bot, random). Type help for the commands.")
    assert any(line.startswith("There is no choice 99: choose 1 to ") for line in out)


def test_shorthand_and_rules_are_said_in_the_readers_words() -> None:
    with i18n.using("de"):
        assert plain_symbols("roll 1-6, ×2, ≥ 3") == "roll 1 bis 6, zweimal, mindestens 3"
        assert prose("# Toy\n\n## Setup\n\nA = B / C, `*` marks it.\n") == [
            "Toy.", "Abschnitt: Setup.", "A ist B oder C, ein Stern marks it."]
        groups = group_choices([(f"card {n}", n) for n in range(12)])  # type: ignore[misc]
    with i18n.using("fr"):
        assert plain_symbols("1-6 → 3") == "1 à 6 à 3"
    assert groups[0].label == "card 0 bis card 8 (9 Möglichkeiten)"
    assert plain_symbols("roll 1-6, ×2") == "roll 1 to 6, twice"


def test_the_menu_in_dutch() -> None:
    answers = iter(["9", "7"])
    out: list[str] = []
    console = LineConsole(lambda: next(answers, None), out.append, lambda text: None, echo=True)
    with i18n.using("nl"):
        plain_menu(None, console)
    text = "\n".join(out)
    assert "Kies een getal van 1 tot en met 7." in text and "Tot ziens." in text

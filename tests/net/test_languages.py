"""Each player of one server in their own language (issue 35): the SSH client's ``LANG`` (real
OpenSSH ``ssh -o SetEnv=LANG=...``) chooses a session's language, so a German and a French
player at one table read its lobby, its table lines and its chat each in theirs; a shared
table's log is rendered per reader; a lobby's refusal is worded for whoever reads it; a
browser's ``?lang=`` and ``Accept-Language`` choose the login page's.

The server runs with ``TULIPGAMES_LANG_PREVIEW=1`` (the operator's switch that lets the
clients' wishes choose an incomplete catalogue, tulipgames/net/language.py), so these tests
hold while a catalogue is behind too.
"""

from __future__ import annotations

import re
import subprocess
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.net.conftest import Server, Tmux, needs_clients
from tests.net.test_plain_shared import PlainClient
from tests.tui import toygame
from tulipgames import i18n
from tulipgames.engine.core import Event, seat_ref
from tulipgames.i18n import Say
from tulipgames.net import language
from tulipgames.net.lobby import Lobby, TableError, player_dir
from tulipgames.tui import prefs


# -- choosing ---------------------------------------------------------------------------------
def test_a_client_wish_chooses_only_a_released_language_unless_the_server_previews(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv(i18n.PREVIEW_ENV, raising=False)
    assert language.choose("", {"LANGUAGE": "de_DE.UTF-8"}) == "de"  # released
    monkeypatch.setattr(i18n, "RELEASED", frozenset({"fr", "nl"}))  # as if German were not
    assert language.choose("", {"LANGUAGE": "de_DE.UTF-8"}) == "en"
    monkeypatch.setenv(i18n.PREVIEW_ENV, "1")  # the server's own environment
    assert language.choose("", {"LANGUAGE": "de_DE.UTF-8"}) == "de"
    assert language.choose("", {"LANGUAGE": "pt_BR.UTF-8:fr"}) == "fr"  # no Portuguese
    assert language.choose("nl", {"LANGUAGE": "de_DE.UTF-8"}) == "nl"  # the setting first
    assert language.choose("", {"LANGUAGE": "C.UTF-8"}) == "en"
    assert language.choose("", {}) == "en"


def test_the_remembered_setting_is_read_from_the_players_own_settings(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv(i18n.PREVIEW_ENV, "1")
    folder = tmp_path / "players" / "ana"
    folder.mkdir(parents=True)
    (folder / prefs.FILE_NAME).write_text('{"language": "fr"}', encoding="utf-8")

    class Host:
        data_dir = tmp_path

    assert language.for_session(Host(), "ana", "de_DE.UTF-8") == "fr"
    assert language.for_session(Host(), "ben", "de_DE.UTF-8") == "de"  # no settings: LANG
    assert language.notice_language(tmp_path, "ana") == "fr"
    assert language.notice_language(tmp_path, "ben") == "en"


def test_a_browsers_wishes_in_order() -> None:
    assert language.accept_language("fr-CH, fr;q=0.9, en;q=0.8, de;q=0.7, *;q=0.5") == [
        "fr", "fr", "en", "de"]
    assert language.accept_language("de;q=0, nl") == ["nl"]
    assert language.browser_wish("nl", "de-DE,de;q=0.9") == "nl:de:de"


# -- one table, two languages ------------------------------------------------------------------
def test_one_tables_log_reads_in_two_languages_at_once(
    lobby: Lobby, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A move's event is data (a Say with the seat as a value): the German and the French
    reader of the same table each read it in theirs, alternately, from the one log."""

    def said(self: toygame.ToyState, seat: int, action: object) -> list[Event]:
        self.played = not self.played
        if not self.played:
            self.turn = (self.turn + 1) % self.seats
        # a message of the plain mode's catalogue, so that it has translations
        return [Event(Say("{name} says: {text}", name=seat_ref(seat), text=str(action)))]

    monkeypatch.setattr(toygame.ToyState, "_apply", said)
    opened = lobby.open("toy", 2, "ana")
    opened.claim("bea")
    table = lobby.start(opened.code)
    table.play(0, table.turn(0).legal[0])
    with i18n.using("de"):
        german = table.log_for(None)[-1]
    with i18n.using("fr"):
        french = table.log_for(None)[-1]
    with i18n.using("de"):
        assert table.log_for(None)[-1] == german  # each language's lines kept apart
    assert re.fullmatch(r"ana sagt: play \d", german)
    assert re.fullmatch(r"ana dit : play \d", french)
    assert re.fullmatch(r"ana says: play \d", table.log_for(None)[-1])


def test_a_lobby_refusal_is_worded_for_whoever_reads_it(lobby: Lobby) -> None:
    with pytest.raises(TableError) as caught:
        lobby.find("QQQQ")
    with i18n.using("de"):
        assert str(caught.value) == "kein Tisch hat den Code 'QQQQ'"
    with i18n.using("nl"):
        assert str(caught.value) == "geen tafel heeft de code 'QQQQ'"
    assert str(caught.value) == "no table has the code 'QQQQ'"


def test_one_tables_presence_line_in_each_readers_language(lobby: Lobby) -> None:
    """Who is here, away or watching, as each screen words it (made by the reader's screen),
    the short form too when the line would not fit."""
    opened = lobby.open("toy", 4, "ana")
    for name in ("bea", "cy", "dan"):
        opened.claim(name)
    lobby.start(opened.code)
    for name in ("ana", "bea", "cy", "dan"):
        opened.arrive(name)
    opened.depart("dan")
    opened.arrive("zoe", watching=True)
    with i18n.using("de"):
        assert opened.presence_line() == ("ana verbunden · bea verbunden · cy verbunden · "
                                          "dan abwesend (gerade eben) · schauen zu: zoe")
        assert opened.presence_line(60) == "3 verbunden · dan abwesend (gerade eben) · 1 schauen zu"
    with i18n.using("fr"):
        assert opened.presence_line(60) == "3 connectés · dan absent (à l'instant) · 1 spectateurs"
    assert opened.presence_line(60) == "3 connected · dan away just now · 1 watching"


def test_a_workers_plain_menu_tells_an_invitation_to_watch_in_its_language() -> None:
    """The worker never sees the lobby: the entry's label is in its reader's language, and
    the entry's id (not its words) says the invitation is to watch."""
    from tulipgames.net.lobby import Invite
    from tulipgames.net.notices import invite_entry
    from tulipgames.net.worker_process import PlainTerminal

    terminal = PlainTerminal(10)
    with i18n.using("de"):
        terminal.entries = [invite_entry(Invite(7, "K7QM", "Sixty-One", "ana", "bea", 0.0,
                                                watch=True))]
        assert terminal.news() == ["Einladung: ana lädt dich zum Zuschauen bei K7QM Sixty-One "
                                   "ein: tippe im Hauptmenü watch K7QM."]


# -- over SSH: the clients' LANG ---------------------------------------------------------------
@pytest.fixture(scope="module")
def previewing(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """One server for the module, previewing the catalogues (its own environment)."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv(i18n.PREVIEW_ENV, "1")
        server = Server(tmp_path_factory.mktemp("languages"), "--web", "0", "--workers", "1")
    yield server
    server.stop()


@needs_clients
def test_a_german_and_a_french_player_at_one_table_each_read_their_own_language(
    previewing: Server,
) -> None:
    ana = PlainClient(previewing.ssh_command("ana", "-T", "-o", "SetEnv=LANG=de_DE.UTF-8"))
    bea = PlainClient(previewing.ssh_command("bea", "-T", "-o", "SetEnv=LANG=fr_FR.UTF-8"))
    try:
        ana.wait_for("7. Gemeinsame Tische: eröffnen, beitreten, zuschauen, deine Tische")
        bea.wait_for("7. Tables partagées : ouvrir, rejoindre, regarder, vos tables")
        ana.type("open 5")  # Sixty-One
        ana.wait_for(r"Wie viele Plätze, 2 bis 12\? Nur Enter: 2\.")
        ana.type("2")
        code = ana.wait_for(r"Tisch ([A-Z2-9]{4}) ist eröffnet: Sixty-One, 2 Plätze\.")[1]
        bea.type(f"join {code}")
        bea.wait_for(r"Places : 1 ana, 2 bea\. La table commence quand chaque place a un "
                     r"joueur ou un bot\.")
        ana.wait_for(r"Plätze: 1 ana, 2 bea\. Tippe start, um zu beginnen\.")
        ana.type("start")
        ana.wait_for(rf"Sixty-One an Tisch {code}, Platz 1\. Spieler: ana, bea\. Tippe help "
                     r"für die Befehle\.")
        bea.wait_for(rf"Sixty-One à la table {code}, place 2\. Joueurs : ana, bea\. Tapez "
                     r"help pour les commandes\.")
        # one quick phrase said by each: kept as data, heard in the reader's language
        bea.type("/1")
        ana.wait_for("bea sagt: gutes Spiel")
        ana.type("/3")
        bea.wait_for("ana dit : c'est votre tour")
        # the log, the refusal of a table command, as each reads them
        bea.type("log")
        bea.wait_for(r"Le journal, \d+ lignes? :")
        ana.type("invite zed")
        ana.wait_for("Nicht eingeladen: niemand namens 'zed' hat auf diesem Server gespielt.")
        bea.type("quit")
        bea.wait_for(rf"Vous gardez votre place à la table {code}\.")
        ana.type("quit")
        ana.wait_for(rf"Du behältst deinen Platz an Tisch {code}\.")
        ana.type("8")  # the menu's Quit
        ana.wait_for("Auf Wiedersehen.")
    finally:
        ana.close()
        bea.close()
    assert "Your turn" not in ana.text() + bea.text() and "Type help" not in ana.text()


@needs_clients
def test_an_english_client_stays_english_beside_them(previewing: Server) -> None:
    cy = PlainClient(previewing.ssh_command("cy", "-T", "-o", "SetEnv=LANG=C.UTF-8"))
    try:
        cy.wait_for("7. Shared tables: open, join, watch, your tables")
        cy.type("8")
        cy.wait_for("Goodbye.")
    finally:
        cy.close()


@needs_clients
def test_the_remembered_setting_comes_before_the_clients_lang(previewing: Server) -> None:
    folder = player_dir(previewing.data_dir, "dan")
    folder.mkdir(parents=True, exist_ok=True)
    (folder / prefs.FILE_NAME).write_text('{"language": "nl"}', encoding="utf-8")
    dan = PlainClient(previewing.ssh_command("dan", "-T", "-o", "SetEnv=LANG=de_DE.UTF-8"))
    try:
        dan.wait_for("7. Gedeelde tafels: openen, aanschuiven, kijken, je tafels")
        dan.type("8")
        dan.wait_for("Tot ziens.")
    finally:
        dan.close()


@needs_clients
def test_a_full_screen_session_in_a_worker_speaks_the_clients_lang(
    previewing: Server, tmux: Tmux,
) -> None:
    """The app runs in a worker process: the client's LANG went there in the START frame."""
    eve = tmux.client("eve", previewing.ssh_command("eve", "-o", "SetEnv=LANG=fr_FR.UTF-8"))
    eve.wait_for("cinq jeux de plateau et de dés")
    eve.keys("q")
    eve.wait_for("Au revoir.")
    placed = [line for line in previewing.log_lines("session_placed") if " name=eve " in line]
    assert placed and " worker=0 " in placed[0] + " "


@needs_clients
def test_a_refusal_at_the_start_is_in_the_clients_language(previewing: Server) -> None:
    command = [*previewing.ssh_command("zoe", "-o", "SetEnv=LANG=nl_NL.UTF-8"), "ls"]
    done = subprocess.run(command, capture_output=True, text=True, timeout=20)
    assert "tulipgames voert geen opdrachten uit" in done.stdout, done


# -- the browser door ----------------------------------------------------------------------------
def _page(server: Server, path: str, accept: str = "") -> tuple[str, str]:
    """The text of one page of the browser door, and the cookie it set."""
    port = int(re.findall(r"https?://[\d.]+:(\d+)", "\n".join(server.banner))[-1])
    request = urllib.request.Request(f"http://127.0.0.1:{port}{path}",
                                     headers={"Accept-Language": accept} if accept else {})
    with urllib.request.urlopen(request, timeout=10) as response:
        return response.read().decode("utf-8"), response.headers.get("Set-Cookie") or ""


def test_the_login_page_speaks_the_browsers_language(previewing: Server) -> None:
    english, _cookie = _page(previewing, "/")
    german, _cookie = _page(previewing, "/", "de-DE,de;q=0.9,en;q=0.8")
    dutch, cookie = _page(previewing, "/?lang=nl", "de-DE")
    assert ">Your name<" in english and ">Play<" in english
    assert ">Dein Name<" in german and ">Spielen<" in german
    assert ">Je naam<" in dutch and ">Spelen<" in dutch
    assert "tulipgames_lang=nl" in cookie  # the game's websocket asks for the same

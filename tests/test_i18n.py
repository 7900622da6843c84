"""tulipgames.i18n: which language a session gets, the fallback to English while a catalogue is
incomplete, and each session (context, thread) keeping its own language."""

from __future__ import annotations

import asyncio
import contextvars
import threading
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import write_po

from tulipgames import i18n
from tulipgames.cli import main
from tulipgames.tui import prefs


@pytest.fixture(autouse=True)
def _english_process():
    """Every test starts and ends with an English process and fresh catalogue caches."""
    i18n.use_for_process("en")
    yield
    i18n.use_for_process("en")
    i18n.catalogue.cache_clear()
    i18n.template_ids.cache_clear()


@pytest.fixture
def locale_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Real catalogues in a temporary locale directory: a template of three messages, Dutch
    complete, German with one of the three missing, French missing altogether."""
    template = Catalog(domain=i18n.DOMAIN)
    for message in ("Quit", "Rules", "Start game"):
        template.add(message)
    template.add(("{count} game", "{count} games"))
    domain = i18n.Domain(i18n.DOMAIN, tmp_path)
    domain.locale.mkdir()
    with domain.template.open("wb") as file:
        write_po(file, template)
    translations = {
        "nl": {"Quit": "Stoppen", "Rules": "Regels", "Start game": "Partij starten",
               "{count} game": ("{count} partij", "{count} partijen")},
        "de": {"Quit": "Beenden", "Rules": "Regeln",
               "{count} game": ("{count} Partie", "{count} Partien")},
    }
    for lang, strings in translations.items():
        catalog = Catalog(locale=lang, domain=i18n.DOMAIN)
        for message in template:
            if message.id:
                first = message.id[0] if isinstance(message.id, tuple) else message.id
                catalog.add(message.id, strings.get(first, ""))
        domain.mo(lang).parent.mkdir(parents=True)
        with domain.mo(lang).open("wb") as file:
            write_mo(file, catalog)
    monkeypatch.setattr(i18n, "domains", lambda: (domain,))
    monkeypatch.setattr(i18n, "RELEASED", frozenset({"de", "fr", "nl"}))  # as when all is marked
    i18n.catalogue.cache_clear()
    i18n.template_ids.cache_clear()
    return tmp_path


def test_locale_names_normalize_to_catalogue_codes() -> None:
    assert i18n.normalize("de_DE.UTF-8") == "de"
    assert i18n.normalize("nl-BE") == "nl"
    assert i18n.normalize("fr_CA@euro") == "fr"
    assert i18n.normalize("C") == "en"
    assert i18n.normalize("POSIX") == "en"
    assert i18n.environment_wishes({"LANGUAGE": "nl:fr", "LANG": "de_DE.UTF-8"}) == [
        "nl", "fr", "de"]
    # LC_ALL wins over LANG (gettext's order)
    assert i18n.environment_wishes({"LC_ALL": "fr_FR.UTF-8", "LANG": "de_DE.UTF-8"}) == ["fr"]


def test_selection_order_flag_then_setting_then_environment(locale_dir: Path) -> None:
    env = {"LANG": "nl_NL.UTF-8"}
    assert i18n.choose(env=env) == ("nl", "environment", "")
    assert i18n.choose(setting="nl", env={"LANG": "C"}).source == "setting"
    assert i18n.choose(flag="en", setting="nl", env=env) == ("en", "--lang", "")
    assert i18n.choose(flag="nl", setting="en", env={}).lang == "nl"
    assert i18n.choose(env={}) == ("en", "default", "")
    # an unknown language asked for by name is said, and the next wish is taken
    unknown = i18n.choose(flag="xx", env=env)
    assert unknown.lang == "nl"
    assert "'xx'" in unknown.note


def test_incomplete_catalogue_falls_back_to_english(locale_dir: Path) -> None:
    german = i18n.coverage("de")
    assert (german.translated, german.total, german.complete) == (3, 4, False)
    assert i18n.coverage("nl").complete
    assert i18n.coverage("fr").translated == 0  # no .mo at all
    assert i18n.offered() == ["en", "nl"]
    # LANG=de_DE: English until German is complete, not a half-German screen
    chosen = i18n.choose(env={"LANG": "de_DE.UTF-8"})
    assert chosen.lang == "en"
    assert "75% translated" in chosen.note
    # a list of wishes goes on to the next complete one
    assert i18n.choose(env={"LANGUAGE": "de:nl"}).lang == "nl"
    # by name but without the translators' switch: still English
    assert i18n.choose(flag="de", env={}).lang == "en"
    assert i18n.choose(setting="de", env={}).lang == "en"
    # the translators' preview shows it, asked for by name only (never from LANG alone)
    preview = {i18n.PREVIEW_ENV: "1", "LANG": "de_DE.UTF-8"}
    assert i18n.choose(flag="de", env=preview) == ("de", "--lang", "")
    assert i18n.choose(env=preview).lang == "en"
    assert i18n.choose(flag="de", env={i18n.PREVIEW_ENV: "0"}).lang == "en"


def test_german_french_and_dutch_are_released_and_complete() -> None:
    # Every text a player reads is marked and translated: LANG=de_DE gives German by itself,
    # and each released catalogue covers every current message (else it would fall back).
    assert frozenset({"de", "fr", "nl"}) == i18n.RELEASED
    for lang in i18n.RELEASED:
        assert i18n.coverage(lang).complete, lang
        assert i18n.complete(lang)
    assert i18n.choose(env={"LANG": "de_DE.UTF-8"}) == ("de", "environment", "")
    assert i18n.choose(env={"LANGUAGE": "nl:de", "LANG": "de_DE.UTF-8"}).lang == "nl"
    assert i18n.choose(flag="fr", env={}).lang == "fr"
    assert set(i18n.offered()) == {"en", "de", "fr", "nl"}


def test_translation_and_english_fallback_per_message(locale_dir: Path) -> None:
    with i18n.using("de"):
        assert i18n._("Quit") == "Beenden"
        assert i18n._("Start game") == "Start game"  # untranslated: its English id
        assert i18n._("not in any catalogue") == "not in any catalogue"
    assert i18n._("Quit") == "Quit"


def test_plurals_follow_each_languages_rule(locale_dir: Path) -> None:
    counted = [i18n.ngettext("{count} game", "{count} games", n).format(count=n) for n in (1, 2)]
    assert counted == ["1 game", "2 games"]
    with i18n.using("nl"):
        assert i18n.ngettext("{count} game", "{count} games", 1) == "{count} partij"
        assert i18n.ngettext("{count} game", "{count} games", 0) == "{count} partijen"
    assert i18n.translator("de").ngettext("{count} game", "{count} games", 5) == "{count} Partien"


def test_lazy_strings_follow_the_language_of_the_moment(locale_dir: Path) -> None:
    rules = i18n.lazy_gettext("Rules")  # made at import time, before any session
    assert str(rules) == "Rules"
    with i18n.using("nl"):
        assert str(rules) == "Regels"
        assert f"{rules}!" == "Regels!"
        assert rules == "Regels"
    with i18n.using("de"):
        assert "? " + rules == "? Regeln"


def test_each_context_and_thread_keeps_its_own_language(locale_dir: Path) -> None:
    """Two SSH players in one process: each session's language in its own context; a thread
    started in a session's context keeps it; one that set none gets the process's."""
    seen: dict[str, str] = {}
    start = threading.Barrier(2)

    def session(lang: str) -> None:
        i18n.use(lang)
        start.wait()  # both have set their language before either reads
        seen[lang] = i18n._("Quit")

    threads = [
        threading.Thread(target=contextvars.copy_context().run, args=(session, lang))
        for lang in ("de", "nl")
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert seen == {"de": "Beenden", "nl": "Stoppen"}
    assert i18n.current() == "en"  # neither touched the caller's context

    i18n.use_for_process("nl")
    bare: list[str] = []
    worker = threading.Thread(target=lambda: bare.append(i18n._("Rules")))
    worker.start()
    worker.join()
    assert bare == ["Regels"]


async def test_each_asyncio_session_keeps_its_own_language(locale_dir: Path) -> None:
    """Sessions as asyncio tasks in one loop (the SSH server): the tasks a session starts
    after choosing its language inherit it."""

    async def session(lang: str) -> list[str]:
        i18n.use(lang)
        await asyncio.sleep(0)
        child = asyncio.create_task(asyncio.sleep(0, result=i18n._("Rules")))
        return [i18n._("Quit"), await child, i18n.translator("nl").gettext("Quit")]

    german, english = await asyncio.gather(session("de"), session("en"))
    assert german == ["Beenden", "Regeln", "Stoppen"]
    assert english == ["Quit", "Rules", "Stoppen"]


def test_palette_matches_translated_and_english_names(locale_dir: Path) -> None:
    with i18n.using("de"):
        assert i18n.both("Quit") == "Beenden · Quit"
        assert i18n.matches("beend", "Quit")
        assert i18n.matches("qui", "Quit")
        assert not i18n.matches("regel", "Quit")
        assert i18n.both("Start game") == "Start game"


def test_the_language_setting_is_remembered_and_checked(tmp_path: Path) -> None:
    path = tmp_path / "config.json"
    assert prefs.write(prefs.Preferences(language="fr"), path) is None
    assert prefs.read(path) == (prefs.Preferences(language="fr"), None)
    path.write_text('{"language": "klingon"}', encoding="utf-8")
    found, problem = prefs.read(path)
    assert found.language == ""
    assert problem is not None and "language" in problem


def test_cli_lang_flag_and_setting_choose_the_help_language(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The shipped catalogues: ``--lang fr`` gives French help; the remembered setting gives
    Dutch; ``--lang=en`` beats both. (With the translators' preview on, so that a message
    added and not yet translated does not fail this test: tests/test_i18n_catalogues.py
    reports coverage.)"""
    monkeypatch.setenv("TULIPGAMES_CONFIG", str(tmp_path / "config.json"))
    monkeypatch.setenv("LANG", "C.UTF-8")
    monkeypatch.setenv(i18n.PREVIEW_ENV, "1")
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)

    def help_text(*argv: str) -> str:
        with pytest.raises(SystemExit):
            main([*argv, "--help"])
        return capsys.readouterr().out

    assert "start a game at once" in help_text()
    assert "commencer une partie tout de suite" in help_text("--lang", "fr")
    assert "sofort eine Partie beginnen" in help_text("--lang", "de")
    prefs.write(prefs.Preferences(language="nl"), tmp_path / "config.json")
    assert "meteen een partij beginnen" in help_text()
    assert "start a game at once" in help_text("--lang=en")


def test_a_server_process_keeps_english_for_its_players(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``tulipgames --lang de serve``: the operator's help was German, but the sessions it
    serves start from English (each then takes its player's language), and its log too."""
    import tulipgames.cli as cli

    monkeypatch.setenv("TULIPGAMES_CONFIG", str(tmp_path / "config.json"))
    monkeypatch.setenv(i18n.PREVIEW_ENV, "1")
    seen = {}
    monkeypatch.setitem(cli.COMMANDS, "serve", lambda args, parser: seen.setdefault(
        "serve", i18n.current()) and 0)
    monkeypatch.setitem(cli.COMMANDS, "simulate", lambda args, parser: seen.setdefault(
        "simulate", i18n.current()) and 0)
    main(["--lang", "de", "serve"])
    main(["--lang", "de", "simulate", "sixtyone"])
    assert seen == {"serve": "en", "simulate": "de"}

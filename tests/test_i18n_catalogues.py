"""The catalogues against the sources: extraction runs here (Babel, in-process), and a catalogue
that misses a message, keeps a stale one, or ships a ``.mo`` not compiled from its current
``.po`` fails. How to fix each: docs/languages.md (``python -m tulipgames.i18n extract``, then
``update``, translate, ``compile``)."""

from __future__ import annotations

import gettext
import io
import re
import string

import pytest
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from tulipgames import i18n

TRANSLATED = [lang for lang in i18n.LANGUAGES if lang != i18n.SOURCE]
DOMAINS = {domain.name: domain for domain in i18n.domains()}
EACH = [(name, lang) for name in DOMAINS for lang in TRANSLATED]
FIX = ("run `python -m tulipgames.i18n extract && python -m tulipgames.i18n update` "
       "(docs/languages.md)")


def ids(catalog: Catalog) -> set[str]:
    return {message.id if isinstance(message.id, str) else message.id[0]
            for message in catalog if message.id}


@pytest.fixture(scope="module")
def extracted() -> dict[str, Catalog]:
    """Every domain's template as its sources say now."""
    return {name: i18n.extract_template(domain) for name, domain in DOMAINS.items()}


def read(lang: str, name: str = i18n.DOMAIN) -> Catalog:
    with DOMAINS[name].po(lang).open("rb") as file:
        return read_po(file, locale=lang, domain=name)


def test_the_domains_are_the_package_the_plain_mode_the_server_and_each_game() -> None:
    from tulipgames import games

    assert set(DOMAINS) == {i18n.DOMAIN, "plain", "net", *(info.id for info in games.CATALOGUE)}


@pytest.mark.parametrize("name", DOMAINS)
def test_the_template_is_what_the_sources_mark(name: str, extracted: dict[str, Catalog]) -> None:
    """The committed template (what coverage is counted against at run time) is current."""
    with DOMAINS[name].template.open("rb") as file:
        committed = ids(read_po(file))
    wanted = ids(extracted[name])
    assert committed == wanted, (
        f"{name}: template out of date: new {sorted(wanted - committed)}, "
        f"gone {sorted(committed - wanted)}; {FIX}")


def test_the_run_time_reader_agrees_with_babel(extracted: dict[str, Catalog]) -> None:
    every = set().union(*map(ids, extracted.values()))
    assert every == i18n.template_ids()
    assert len(every) > 300


@pytest.mark.parametrize(("name", "lang"), EACH)
def test_catalogue_has_every_message_and_no_stale_one(
    name: str, lang: str, extracted: dict[str, Catalog],
) -> None:
    found, wanted = ids(read(lang, name)), ids(extracted[name])
    missing, stale = wanted - found, found - wanted
    assert not missing and not stale, (
        f"{name}/{lang}: missing {sorted(missing)}, stale {sorted(stale)}; {FIX}")


@pytest.mark.parametrize(("name", "lang"), EACH)
def test_translations_keep_the_placeholders(name: str, lang: str) -> None:
    """A ``{name}`` dropped or renamed in a translation would raise or lose data on screen."""
    fields = string.Formatter()
    for message in read(lang, name):
        if not message.id or not message.string:
            continue
        english = message.id if isinstance(message.id, str) else message.id[0]
        translated = message.string if isinstance(message.string, str) else message.string[0]
        wanted = {name for _, name, _, _ in fields.parse(english) if name}
        got = {name for _, name, _, _ in fields.parse(translated) if name}
        assert got == wanted, f"{lang}: {english!r} -> {translated!r}"
        # argparse's %(default)s and friends too
        assert set(re.findall(r"%\(\w+\)", translated)) == set(re.findall(r"%\(\w+\)", english))


@pytest.mark.parametrize("name", DOMAINS)
def test_no_catalogue_holds_another_languages_translation(name: str) -> None:
    """Two languages never share a translation that differs from the English (a German
    string in the French catalogue: a tool that updated one catalogue from another's
    messages did that once). A word the same in two languages and in English is fine."""
    strings = {lang: {m.id: m.string for m in read(lang, name) if m.id and m.string}
               for lang in TRANSLATED}
    for first in TRANSLATED:
        for second in TRANSLATED:
            if first < second:
                shared = [msgid for msgid, text in strings[first].items()
                          if text == strings[second].get(msgid) and text != msgid]
                assert not shared, f"{first} and {second} say the same: {shared}"


@pytest.mark.parametrize(("name", "lang"), EACH)
def test_compiled_catalogue_is_its_current_po(name: str, lang: str) -> None:
    """The committed ``.mo`` (what runs) says what the ``.po`` says; else run ``compile``."""
    compiled = io.BytesIO()
    write_mo(compiled, read(lang, name))
    compiled.seek(0)
    wanted = gettext.GNUTranslations(compiled)._catalog  # type: ignore[attr-defined]
    with DOMAINS[name].mo(lang).open("rb") as file:
        shipped = gettext.GNUTranslations(file)._catalog  # type: ignore[attr-defined]
    wanted.pop("", None)
    shipped.pop("", None)
    assert shipped == wanted, (
        f"{name}/{lang}: the .mo is stale; run `python -m tulipgames.i18n compile`")


def test_coverage_per_catalogue_is_reported(capsys: pytest.CaptureFixture[str]) -> None:
    """``python -m tulipgames.i18n coverage``: one line per language, with its counts."""
    assert i18n.main(["coverage"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [line.split()[0] for line in lines] == list(i18n.LANGUAGES)
    total = len(i18n.template_ids())
    for line, lang in zip(lines, i18n.LANGUAGES, strict=True):
        cover = i18n.coverage(lang)
        assert f"{cover.translated}/{total}" in line
        assert ("incomplete" in line) == (not cover.complete)

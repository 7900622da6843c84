"""Languages: gettext catalogues, the language of each session, and which language to use.

Every text a player reads is an English message id marked in the source with ``_()``
(``ngettext()`` for counts, :func:`lazy_gettext` for module-level constants, :func:`N_` to mark
a string that is translated later where it is shown, :class:`Say` for a message rendered later
for each reader: a game's events). A folder of the package with a ``locale`` directory is one
*domain* with its own catalogues (:class:`Domain`): the package's own
(``tulipgames/locale``), the plain mode's, the server's and each game's, so a game folder
carries its translations and two people translating two games never edit one file. The
catalogues are ``<folder>/locale/<lang>/LC_MESSAGES/<domain>.po``; their compiled ``.mo``
files are committed next to them, so ``pip install -e .`` and a wheel work with no build step,
and ``tests/test_i18n_catalogues.py`` fails when a ``.mo`` is not compiled from its current
``.po`` or a ``.po`` misses a message or keeps a stale one (docs/languages.md). At run time
the domains of a language are one lookup: a message is found in whichever has it.

The language is per session, not per process: an SSH table has players of different
languages in one process, so the language lives in a :class:`~contextvars.ContextVar` (each
asyncio task and each thread started with :func:`contextvars.copy_context` keeps its own) and
:func:`translator` gives an object for a given language, for text rendered per reader.

A language is offered or chosen by itself only when its catalogue is complete (every message
of the current template translated): a half-translated screen is worse than an English one.
A translator sees an incomplete one with ``--lang de`` and ``TULIPGAMES_LANG_PREVIEW=1``.

Records, notation, operator logs and the engine never go through here: they stay in English
(language-neutral), so a record made in German replays in French.

This module is imported at start, before the menu is drawn: it imports nothing heavy, and
reads a catalogue only when a language other than English is first asked for.
"""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:
    from gettext import NullTranslations

    from babel.messages.catalog import Catalog

#: The package's own gettext domain: its catalogues' file name.
DOMAIN = "tulipgames"
#: The package's folder: every domain is a folder in it with a ``locale`` directory.
PACKAGE_DIR = Path(__file__).parent
#: Where the package's own catalogues are (so an installed wheel has them).
LOCALE_DIR = PACKAGE_DIR / "locale"
#: The package domain's template (made by ``python -m tulipgames.i18n extract``).
TEMPLATE = LOCALE_DIR / f"{DOMAIN}.pot"
#: The source language: the message ids themselves, always complete.
SOURCE = "en"
#: Every language with a catalogue, and its name in itself (what a chooser lists).
LANGUAGES: dict[str, str] = {
    "en": "English",
    "de": "Deutsch",
    "fr": "Français",
    "nl": "Nederlands",
}
#: The languages every text a player reads is marked for and translated into (issue 35). A
#: language not here counts as incomplete, however many of the marked messages it translates:
#: a player whose LANG asks for it must not get a half-translated game. A language is chosen
#: by itself only while its catalogues are also complete (``coverage``).
RELEASED: frozenset[str] = frozenset({"de", "fr", "nl"})
#: Set (to anything but "" or "0") to show an incomplete catalogue asked for by name.
PREVIEW_ENV = "TULIPGAMES_LANG_PREVIEW"

#: The language of the running session (an SSH player's); ``None``: the process's.
_language: ContextVar[str | None] = ContextVar("tulipgames_language", default=None)
#: The process's language (the command line's choice), where no session set one: a local
#: player's, also in threads, which start with an empty context (Textual's thread workers).
_process_language = SOURCE


# -- the domains and their catalogues -------------------------------------------------------
class Domain(NamedTuple):
    """One folder's catalogues: its name (the files' name), the folder whose sources it holds
    (those not in a deeper domain's folder), and its ``locale`` directory."""

    name: str
    folder: Path

    @property
    def locale(self) -> Path:
        return self.folder / "locale"

    @property
    def template(self) -> Path:
        return self.locale / f"{self.name}.pot"

    def po(self, lang: str) -> Path:
        return self.locale / lang / "LC_MESSAGES" / f"{self.name}.po"

    def mo(self, lang: str) -> Path:
        return self.locale / lang / "LC_MESSAGES" / f"{self.name}.mo"


def _domain_of(folder: Path) -> Domain:
    return Domain(DOMAIN if folder == PACKAGE_DIR else folder.name, folder)


@cache
def domains() -> tuple[Domain, ...]:
    """Every domain of the package: its own first, then each folder with a ``locale``
    directory (the plain mode, the server, each game), by path."""
    found = sorted(path.parent for path in PACKAGE_DIR.glob("**/locale")
                   if path.is_dir() and path.parent != PACKAGE_DIR)
    return (_domain_of(PACKAGE_DIR), *map(_domain_of, found))


def domain_for(path: Path) -> Domain:
    """The domain whose folder holds ``path``: the deepest one."""
    holders = [domain for domain in domains() if path.is_relative_to(domain.folder)]
    return max(holders, key=lambda domain: len(domain.folder.parts))


@cache
def catalogue(lang: str, first: str = DOMAIN) -> NullTranslations:
    """The compiled catalogues of ``lang``, every domain in one lookup: the domain ``first``
    (the one whose module asks), then the package's own, then each other domain as a
    fallback. A short message two domains translate differently ("Keep" in two games) reads
    as the asking domain says it. English (and an unknown or missing language) gives the
    message ids themselves."""
    import gettext as gnu  # here: an English session never reads a catalogue

    if lang == SOURCE or lang not in LANGUAGES:
        return gnu.NullTranslations()
    found: NullTranslations | None = None
    ordered = sorted(domains(), key=lambda d: (d.name != first, d.name != DOMAIN))
    for domain in ordered:
        try:
            with domain.mo(lang).open("rb") as file:
                compiled = gnu.GNUTranslations(file)
        except OSError:
            continue
        if found is None:
            found = compiled
        else:
            found.add_fallback(compiled)
    return found if found is not None else gnu.NullTranslations()


@cache
def module_domain(module: str) -> str:
    """The domain of a module, by its dotted name: the deepest domain folder holding it
    (``tulipgames.games.sixtyone.rules`` -> ``sixtyone``)."""
    best, depth = DOMAIN, 0
    for domain in domains():
        if not domain.folder.is_relative_to(PACKAGE_DIR.parent):
            continue
        parts = domain.folder.relative_to(PACKAGE_DIR.parent).parts
        prefix = ".".join(parts)
        if (module == prefix or module.startswith(prefix + ".")) and len(parts) > depth:
            best, depth = domain.name, len(parts)
    return best


def _caller_domain(depth: int = 2) -> str:
    """The domain of the module that called the function calling this."""
    return module_domain(sys._getframe(depth).f_globals.get("__name__", ""))


def translated_ids(lang: str) -> frozenset[str]:
    """The message ids ``lang``'s compiled catalogues translate (a plural by its singular)."""
    ids: set[str] = set()
    chain: object = catalogue(lang)
    while chain is not None:
        found = getattr(chain, "_catalog", {})
        # (a plural by its singular; a message with a context, "ctx\x04id", by its id)
        ids.update((key[0] if isinstance(key, tuple) else key).rsplit("\x04", 1)[-1]
                   for key in found)
        chain = getattr(chain, "_fallback", None)
    ids.discard("")  # the header
    return frozenset(ids)


@cache
def template_ids() -> frozenset[str]:
    """Every message id of the current templates (each domain's ``.pot``)."""
    ids: set[str] = set()
    for domain in domains():
        try:
            text = domain.template.read_text(encoding="utf-8")
        except OSError:
            continue
        ids.update(msgid for msgid in _po_ids(text) if msgid)
    return frozenset(ids)


#: A .po string's escapes (what Babel writes).
_ESCAPES = {"n": "\n", "t": "\t", "r": "\r"}


def _po_string(quoted: str) -> str:
    """A .po line's ``"..."`` as text (a regular expression: ``ast.literal_eval`` per line
    took 3 ms of a start)."""
    return re.sub(r"\\(.)", lambda m: _ESCAPES.get(m[1], m[1]), quoted.strip()[1:-1])


def _po_ids(text: str) -> Iterator[str]:
    """The ``msgid`` of each entry of a .po/.pot text (continued lines joined, unescaped)."""
    current: list[str] | None = None
    for raw in text.splitlines():
        line = raw.strip()
        if line.startswith("msgid "):
            if current is not None:
                yield "".join(current)
            current = [_po_string(line[len("msgid "):])]
        elif line.startswith('"') and current is not None:
            current.append(_po_string(line))
        elif current is not None:
            yield "".join(current)
            current = None
    if current is not None:
        yield "".join(current)


class Coverage(NamedTuple):
    """How much of the template a language's compiled catalogue translates."""

    lang: str
    translated: int
    total: int

    @property
    def complete(self) -> bool:
        return self.translated >= self.total

    @property
    def percent(self) -> float:
        return 100.0 if not self.total else 100.0 * self.translated / self.total


def coverage(lang: str) -> Coverage:
    """``lang``'s coverage of the current template (English: always complete)."""
    wanted = template_ids()
    if lang == SOURCE:
        return Coverage(lang, len(wanted), len(wanted))
    return Coverage(lang, len(wanted & translated_ids(lang)), len(wanted))


def complete(lang: str) -> bool:
    """Whether ``lang`` may be offered and chosen by itself: every current message translated
    (English always: an English start reads no catalogue and no template)."""
    return lang == SOURCE or (lang in RELEASED and coverage(lang).complete)


def offered() -> list[str]:
    """The languages a player can pick (complete ones; all of them in preview)."""
    return [lang for lang in LANGUAGES if complete(lang) or preview()]


def preview(env: Mapping[str, str] | None = None) -> bool:
    """Whether a translator asked to see incomplete catalogues (``TULIPGAMES_LANG_PREVIEW``)."""
    value = (os.environ if env is None else env).get(PREVIEW_ENV, "")
    return value not in ("", "0")


# -- choosing a language ------------------------------------------------------------------
def normalize(name: str) -> str:
    """A locale name as a catalogue's code: ``de_DE.UTF-8`` -> ``de``, ``nl-BE`` -> ``nl``,
    ``C``/``POSIX`` -> ``en``; "" for an empty name."""
    name = name.strip().split(".")[0].split("@")[0]
    if name in ("C", "POSIX"):
        return SOURCE
    return name.replace("-", "_").split("_")[0].lower()


class Choice(NamedTuple):
    """The language chosen, where it came from, and (when a wish was passed over) why."""

    lang: str
    source: str
    note: str = ""


def environment_wishes(env: Mapping[str, str]) -> list[str]:
    """The languages an environment asks for, in gettext's order: ``LANGUAGE`` (a list,
    ``de:fr``), else the first of ``LC_ALL``, ``LC_MESSAGES``, ``LANG``."""
    wishes = [normalize(part) for part in env.get("LANGUAGE", "").split(":")]
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        if env.get(name):
            wishes.append(normalize(env[name]))
            break
    return [wish for wish in wishes if wish]


def choose(
    flag: str = "", setting: str = "", env: Mapping[str, str] | None = None,
) -> Choice:
    """The language of a session, by the first that asks: ``--lang`` (``flag``), the remembered
    setting, then ``env`` (the local environment, or an SSH client's: ``LANGUAGE``, then
    ``LC_ALL``/``LC_MESSAGES``/``LANG``); else English.

    Only a complete catalogue is chosen: an incomplete one is passed over for the next wish
    (a note says so), unless it was asked for by name (flag or setting) with
    ``TULIPGAMES_LANG_PREVIEW`` set in ``env``. English ends the search (it is a wish too).
    """
    env = os.environ if env is None else env
    notes: list[str] = []
    named = [(normalize(flag), "--lang"), (normalize(setting), "setting")]
    wishes = named + [(wish, "environment") for wish in environment_wishes(env)]
    for lang, source in wishes:
        if not lang:
            continue
        if lang not in LANGUAGES:
            if source != "environment":
                notes.append(f"no catalogue for language {lang!r}")
            continue
        if complete(lang) or (source != "environment" and preview(env)):
            return Choice(lang, source, "; ".join(notes))
        cover = coverage(lang)
        state = (f"{cover.percent:.0f}% translated" if not cover.complete
                 else "not released yet (the game screens are English)")
        notes.append(
            f"{LANGUAGES[lang]} is {state}, not shown "
            f"(set {PREVIEW_ENV}=1 with --lang {lang} to preview it)"
        )
    return Choice(SOURCE, "default", "; ".join(notes))


# -- the session's language -----------------------------------------------------------------
def current() -> str:
    """The language of this session (this context), else the process's."""
    return _language.get() or _process_language


def use(lang: str) -> None:
    """Make ``lang`` this context's language: a session (an SSH player's) sets it once, before
    its app runs, and the asyncio tasks started after that inherit it; other sessions in the
    process keep theirs."""
    _language.set(lang if lang in LANGUAGES else SOURCE)


def use_for_process(lang: str) -> None:
    """Make ``lang`` the language of every context that set none (the command line's choice
    for the one local player)."""
    global _process_language
    _process_language = lang if lang in LANGUAGES else SOURCE


@contextmanager
def using(lang: str) -> Iterator[None]:
    """``lang`` for the block only (text rendered for one reader)."""
    token = _language.set(lang if lang in LANGUAGES else SOURCE)
    try:
        yield
    finally:
        _language.reset(token)


class Translator(NamedTuple):
    """The translations of one language, for text rendered per reader (not the context's)."""

    lang: str

    def gettext(self, message: str) -> str:
        return catalogue(self.lang).gettext(message)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return catalogue(self.lang).ngettext(singular, plural, n)


def translator(lang: str | None = None) -> Translator:
    """The translations of ``lang`` (default: this session's)."""
    return Translator(current() if lang is None else lang)


# -- marking and translating --------------------------------------------------------------
def _(message: str) -> str:
    """``message`` in this session's language (English when untranslated), as the calling
    module's domain translates it first."""
    lang = _language.get() or _process_language
    if lang == SOURCE:
        return message
    return catalogue(lang, _caller_domain()).gettext(message)


gettext = _


def ngettext(singular: str, plural: str, n: int) -> str:
    """The singular or plural message for ``n``, by the rules of this session's language."""
    lang = _language.get() or _process_language
    if lang == SOURCE:
        return singular if n == 1 else plural
    return catalogue(lang, _caller_domain()).ngettext(singular, plural, n)


def N_(message: str) -> str:
    """Marks ``message`` for the catalogue without translating it (it is translated with
    ``_()`` where it is shown)."""
    return message


class LazyString:
    """A message translated each time it is read as text, in the language of that moment: for
    module-level constants, made before any session has a language."""

    __slots__ = ("domain", "message")

    def __init__(self, message: str, domain: str = DOMAIN) -> None:
        self.message = message
        self.domain = domain

    def __str__(self) -> str:
        return render(self.message, domain=self.domain)

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)

    def __repr__(self) -> str:
        return f"lazy_gettext({self.message!r})"

    def __eq__(self, other: object) -> bool:
        if isinstance(other, LazyString):
            return self.message == other.message
        return str(self) == other

    def __hash__(self) -> int:
        # equal to the text it reads as now (so equal objects hash alike): not a dict key
        return hash(str(self))

    def __len__(self) -> int:
        return len(str(self))

    def __add__(self, other: str) -> str:
        return str(self) + other

    def __radd__(self, other: str) -> str:
        return other + str(self)


def lazy_gettext(message: str) -> LazyString:
    """``message``, translated when it is used (see :class:`LazyString`)."""
    return LazyString(message, _caller_domain())


class Say:
    """A message for whoever reads it later, in their language: an English message id (marked
    for the catalogue by this very call) and its named values, kept as data and put into words
    only when shown (:meth:`render`). A game's events are made once and read by every seat of
    an SSH table, each in its own language; and a record or a log line never holds words.

    A value that is itself a :class:`Say` is rendered in the same language (a card's name
    inside a sentence); any other value is shown as it is (numbers, seat placeholders such as
    ``{seat0}``, which :func:`~tulipgames.engine.core.render_names` fills in afterwards). A
    count (``ngettext``) is made with :func:`say_count`. It keeps the module that made it, so
    its domain's translation is read first (:func:`catalogue`).
    """

    __slots__ = ("message", "module", "n", "plural", "values")

    def __init__(self, message: str, plural: str | None = None, n: int | None = None,
                 /, **values: object) -> None:
        self.message = message
        self.plural = plural
        self.n = n
        self.values = values
        # (the module's name, not its domain: a name is one lookup, made in playouts too)
        self.module: str = sys._getframe(1).f_globals.get("__name__", "")

    def render(self, lang: str | None = None) -> str:
        """The message in ``lang`` (default: this session's), values filled in."""
        lang = current() if lang is None else lang
        if lang == SOURCE:
            template = self.message if self.n is None or self.plural is None or self.n == 1 \
                else self.plural
        else:
            found = catalogue(lang, module_domain(self.module))
            template = (found.ngettext(self.message, self.plural, self.n)
                        if self.plural is not None and self.n is not None
                        else found.gettext(self.message))
        values = self.values if self.n is None else {"n": self.n, **self.values}
        if not values:
            return template
        return template.format_map(_Values(values, lang))

    def __str__(self) -> str:
        return self.render()

    def __repr__(self) -> str:
        return f"Say({self.message!r}, **{self.values!r})"

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Say):
            return (self.message, self.plural, self.n, self.values) == (
                other.message, other.plural, other.n, other.values)
        return NotImplemented

    def __hash__(self) -> int:
        return hash((self.message, self.plural, self.n))


class _Values(dict[str, object]):
    """A Say's values as ``str.format_map`` reads them: a nested Say in the same language, and
    a placeholder with no value (``{seat1}`` in a translated sentence) left for the names."""

    def __init__(self, values: Mapping[str, object], lang: str) -> None:
        super().__init__(values)
        self.lang = lang

    def __getitem__(self, key: str) -> object:
        value = super().__getitem__(key)
        return value.render(self.lang) if isinstance(value, Say) else value

    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


def say_count(singular: str, plural: str, n: int, /, **values: object) -> Say:
    """A :class:`Say` whose message depends on a count, by the reader's language's plural
    rule (``ngettext``): ``say_count("{n} card", "{n} cards", 3)``; ``n`` is a value too."""
    said = Say(singular, plural, n, **values)
    said.module = sys._getframe(1).f_globals.get("__name__", "")
    return said


def render(text: str | Say, lang: str | None = None, domain: str | None = None) -> str:
    """A message to show: a :class:`Say` rendered, a string translated (English ids of a
    catalogue; any other string comes back as it is). A string is looked up first in
    ``domain`` (a shared screen showing a game's words names the game's), else the calling
    module's."""
    if isinstance(text, Say):
        return text.render(lang)
    lang = current() if lang is None else lang
    if lang == SOURCE:
        return text
    return catalogue(lang, domain or _caller_domain()).gettext(text)


# -- Markdown pages (a game's rules) ---------------------------------------------------------
#: A line that starts a block of its own even without a blank line before it: a list item
#: or a heading.
_ITEM = re.compile(r"\s*(?:[-*+]|\d+[.)]|#+)\s")

def markdown_blocks(text: str) -> list[str]:
    """A Markdown page cut into what a translator translates one at a time: paragraphs,
    headings, list items and tables, each a message (blank lines and fenced code between)."""
    blocks: list[str] = []
    current_block: list[str] = []
    fenced = False
    for line in text.splitlines():
        if line.startswith("```"):
            fenced = not fenced
        starts_item = not fenced and current_block and _ITEM.match(line)
        if (not line.strip() and not fenced) or starts_item:
            if current_block:
                blocks.append("\n".join(current_block))
            current_block = [line] if line.strip() else []
            continue
        current_block.append(line)
    if current_block:
        blocks.append("\n".join(current_block))
    return blocks


def translate_markdown(text: str, lang: str | None = None, domain: str | None = None) -> str:
    """A Markdown page in ``lang`` (default: this session's), block by block, from ``domain``
    first (default: the calling module's); a block the catalogue does not have stays English,
    and the layout (blank lines) is the page's own."""
    lang = current() if lang is None else lang
    if lang == SOURCE:
        return text
    found = catalogue(lang, domain or _caller_domain())
    out: list[str] = []
    for block in _markdown_pieces(text):
        out.append(found.gettext(block) if block.strip() else block)
    return "".join(out)


def _markdown_pieces(text: str) -> list[str]:
    """``text`` as its blocks with what lies between them, joined again it is ``text``."""
    pieces: list[str] = []
    rest = text
    for block in markdown_blocks(text):
        at = rest.find(block)
        pieces += [rest[:at], block]
        rest = rest[at + len(block):]
    return [*pieces, rest]


# -- the command palette ---------------------------------------------------------------------
def both(message: str) -> str:
    """What a command palette matches a command by: its translated name, then its English name
    (one string, so a player may type either): ``"Thema wechseln · Change theme"``. English
    alone when they are the same."""
    shown = _(message)
    return shown if shown == message else f"{shown} · {message}"


def matches(query: str, message: str) -> bool:
    """Whether ``query`` (what the player typed) finds the command ``message`` by its
    translated or its English name (case-insensitive, as a substring)."""
    wanted = query.casefold().strip()
    return wanted in _(message).casefold() or wanted in message.casefold()


# -- for translators: python -m tulipgames.i18n extract|update|compile|coverage -------------
#: Babel's keywords beyond its defaults (``_``, ``gettext``, ``ngettext``, ``N_``).
EXTRA_KEYWORDS: dict[str, tuple[int, ...] | None] = {
    "lazy_gettext": None, "Say": None, "say_count": (1, 2),
}
#: A comment above a marked string that starts so goes to the translators with it.
COMMENT_TAGS = ("Translators:",)


def extract_template(domain: Domain | None = None) -> Catalog:  # a translators' tool: Babel
    """A domain's template (default: the package's own) as the sources say now: every marked
    string of the Python modules in its folder (not in a deeper domain's), and each block of
    the Markdown pages there (a game's ``rules.md``, shown through
    :func:`translate_markdown`)."""
    from babel.messages.catalog import Catalog
    from babel.messages.extract import DEFAULT_KEYWORDS, extract

    domain = domains()[0] if domain is None else domain
    template = Catalog(project="tulipgames", domain=domain.name, charset="utf-8")
    keywords = {**DEFAULT_KEYWORDS, **EXTRA_KEYWORDS}
    for path in sorted(domain.folder.rglob("*.py")):
        if domain_for(path) != domain or path.name == "i18n.py":
            continue
        source = path.read_bytes()
        if b"i18n import" not in source:
            continue  # marks nothing (reading only the modules that mark: a second, not three)
        with path.open("rb") as file:
            found = list(extract("python", file, keywords, COMMENT_TAGS, strip_comment_tags=True))
        for _line, message, comments, context in found:
            template.add(message, None, auto_comments=comments, context=context)
    for path in sorted(domain.folder.rglob("*.md")):
        if domain_for(path) != domain:
            continue
        page = path.relative_to(domain.folder).as_posix()
        for block in markdown_blocks(path.read_text(encoding="utf-8")):
            template.add(block, None, auto_comments=[f"A block of the Markdown page {page}."])
    return template


def po_path(lang: str, domain: Domain | None = None) -> Path:
    return (domains()[0] if domain is None else domain).po(lang)


def coverage_of(domain: Domain, lang: str) -> Coverage:
    """``lang``'s coverage of one domain's template (from its ``.po``: a translator's view)."""
    try:
        wanted = {msgid for msgid in _po_ids(domain.template.read_text(encoding="utf-8"))
                  if msgid}
        text = domain.po(lang).read_text(encoding="utf-8")
    except OSError:
        return Coverage(lang, 0, 0)
    return Coverage(lang, len(wanted & _po_translated(text)), len(wanted))


def _po_translated(text: str) -> set[str]:
    """The message ids a ``.po`` translates (not fuzzy, not empty)."""
    import io

    from babel.messages.pofile import read_po

    catalog = read_po(io.BytesIO(text.encode("utf-8")))
    done: set[str] = set()
    for message in catalog:
        if not message.id or message.fuzzy:
            continue
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        if all(strings):
            done.add(str(message.id[0] if isinstance(message.id, (tuple, list)) else message.id))
    return done


def _write_po(path: Path, catalog: Catalog) -> None:
    from babel.messages.pofile import write_po

    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as file:
        write_po(file, catalog, no_location=True, ignore_obsolete=True, sort_output=True,
                 width=96)


def main(argv: list[str] | None = None) -> int:  # a translators' tool (docs/languages.md)
    """``extract`` (each domain's template), ``update`` (each .po from it, stale messages
    dropped, a missing .po started), ``compile`` (each .mo), ``coverage`` (per language, and
    per domain with ``coverage --domains``). All but ``coverage`` need Babel
    (``pip install -e .[test]``). ``extract``, ``update`` and ``compile`` take domain names
    to do only those (``python -m tulipgames.i18n update sixtyone``)."""
    import sys

    args = sys.argv[1:] if argv is None else argv
    command = args[0] if args else "coverage"
    names = set(args[1:]) - {"--domains"}
    unknown = names - {domain.name for domain in domains()}
    if unknown:
        print(f"no domain {sorted(unknown)}: {', '.join(d.name for d in domains())}",
              file=sys.stderr)
        return 2
    chosen = [domain for domain in domains() if not names or domain.name in names]
    if command in ("extract", "update", "compile"):
        from babel.messages.catalog import Catalog
        from babel.messages.mofile import write_mo
        from babel.messages.pofile import read_po, write_po

        for domain in chosen:
            if command == "extract":
                with domain.template.open("wb") as file:
                    write_po(file, extract_template(domain), no_location=True, sort_output=True,
                             width=96)
                continue
            for lang in LANGUAGES:
                if lang == SOURCE:
                    continue
                if command == "update":
                    with domain.template.open("rb") as file:
                        # read afresh for each: Catalog.update puts the template's own message
                        # objects into the catalogue it updates (a string set in one would
                        # show in the next)
                        template = read_po(file)
                    if domain.po(lang).exists():
                        with domain.po(lang).open("rb") as file:
                            catalog = read_po(file, locale=lang, domain=domain.name)
                    else:
                        catalog = Catalog(locale=lang, domain=domain.name, project="tulipgames",
                                          charset="utf-8")
                    catalog.update(template, no_fuzzy_matching=True)
                    _write_po(domain.po(lang), catalog)
                else:
                    if not domain.po(lang).exists():
                        continue
                    with domain.po(lang).open("rb") as file:
                        catalog = read_po(file, locale=lang, domain=domain.name)
                    with domain.mo(lang).open("wb") as file:
                        write_mo(file, catalog)
        return 0
    if command == "coverage":
        for lang in LANGUAGES:
            cover = coverage(lang)
            state = "complete" if cover.complete else "incomplete: not chosen by itself"
            print(f"{lang}  {LANGUAGES[lang]:<12} {cover.translated:>4}/{cover.total:<4} "
                  f"{cover.percent:5.1f}%  {state}")
            if "--domains" in args:
                for domain in chosen:
                    part = coverage_of(domain, lang) if lang != SOURCE else None
                    if part is not None:
                        print(f"    {domain.name:<14} {part.translated:>4}/{part.total:<4} "
                              f"{part.percent:5.1f}%")
        return 0
    print(f"unknown command {command!r}: extract, update, compile or coverage", file=sys.stderr)
    return 2


if __name__ == "__main__":
    raise SystemExit(main())

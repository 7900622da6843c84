"""The language of each remote session: an SSH player's, a browser's, a notice's reader.

One server process holds players of many languages, so the language is chosen per session and
set in that session's own context (:func:`tulipgames.i18n.use`) before its app starts; the
process's own language stays English (the operator's logs, records and notation never change).

A session's language is, first wish first (:func:`tulipgames.i18n.choose`):

1. the player's remembered setting (``language`` in their own ``config.json``, which the
   app's settings screen writes beside their saves);
2. what their side asks for: the SSH client's ``LANG`` (``ssh -o SetEnv=LANG=de_DE.UTF-8``,
   or ``SendEnv LANG``; the server reads nothing else of the client's environment), or a
   browser's ``?lang=`` and ``Accept-Language``;
3. else English.

Only a complete, released catalogue is chosen by itself. A server run with
``TULIPGAMES_LANG_PREVIEW=1`` in its own environment (the operator's switch, never the
client's: a client sends only ``LANG``) lets its players preview an incomplete one: then the
setting and the client's wish choose any language with a catalogue, as ``--lang`` does for a
translator at home.
"""

from __future__ import annotations

import contextvars
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TypeVar

from tulipgames import i18n
from tulipgames.i18n import N_

T = TypeVar("T")


def choose(setting: str = "", env: Mapping[str, str] | None = None) -> str:
    """The language of a session: its player's ``setting``, else the client's ``env`` (an
    SSH client's ``LANG``, a browser's wishes as ``LANGUAGE``), else English; an incomplete
    catalogue only when the server previews them (:func:`previewing`)."""
    env = {} if env is None else env
    if previewing():
        wishes = [setting, *i18n.environment_wishes(env)]
        for wish in wishes:
            lang = i18n.normalize(wish) if wish else ""
            if lang in i18n.LANGUAGES:
                return lang
        return i18n.SOURCE
    return i18n.choose(setting=setting, env=env).lang


def previewing() -> bool:
    """Whether the server lets its players preview incomplete catalogues: its own
    ``TULIPGAMES_LANG_PREVIEW`` (never a client's)."""
    return i18n.preview()


def remembered(player_dir: Path | None) -> str:
    """A player's remembered language (``""``: none): their own settings file, beside their
    saves on the server."""
    if player_dir is None:
        return ""
    from tulipgames.tui import prefs

    try:
        return prefs.read(player_dir / prefs.FILE_NAME)[0].language
    except Exception:  # an unreadable settings file: the client's wish decides
        return ""


def player_dir(server: Any, name: str) -> Path | None:
    """The directory of ``name``'s own saves and settings on ``server`` (the SSH server, a
    worker process or the browser door: whichever knows its data directory)."""
    data_dir = getattr(server, "data_dir", None)
    if data_dir is None:
        data_dir = getattr(getattr(server, "config", None), "data_dir", None)
    if data_dir is None:
        return None
    from tulipgames.net.lobby import player_dir as folder

    return folder(Path(data_dir), name)


def for_session(server: Any, username: str, lang_env: str = "") -> str:
    """The language of ``username``'s session on ``server``, whose client asked for
    ``lang_env`` (its ``LANG``, or a browser's wishes as a list, ``de:en``)."""
    return choose(remembered(player_dir(server, username)), {"LANGUAGE": lang_env})


def use_for_session(session: Any, info: Any) -> str:
    """Choose and set the language of ``session`` (an SSH session, a worker's terminal or a
    browser tab; ``info`` its ``SessionInfo``: the player and the terminal's profile) in the
    running context, before its app is made; returns it. A browser tab's wish
    (``language_wish``, from its request) comes before the profile's ``LANG``."""
    wish = getattr(session, "language_wish", "") or getattr(info.profile, "lang", "")
    lang = for_session(session.server, str(info.username), str(wish))
    i18n.use(lang)
    session.language = lang  # what is made for this session elsewhere (its menu's entries)
    return lang


def speaking(lang: str, fn: Callable[..., T]) -> Callable[..., T]:
    """``fn`` to run in a thread (a plain session's) in a context of its own whose language
    is ``lang``: an executor's thread keeps no context of the task that queued it, and each
    session of a thread pool must not leave its language to the next."""
    context = contextvars.Context()
    context.run(i18n.use, lang)

    def run(*args: Any) -> T:
        return context.run(fn, *args)

    return run


def accept_language(header: str) -> list[str]:
    """A browser's ``Accept-Language`` as languages, most wanted first (``de-DE,de;q=0.9,
    en;q=0.8`` -> ``["de", "de", "en"]``); weights of 0 and unreadable parts left out."""
    ranked: list[tuple[float, int, str]] = []
    for index, part in enumerate(header.split(",")):
        tag, _sep, params = part.strip().partition(";")
        weight = 1.0
        for param in params.split(";"):
            key, _eq, value = param.strip().partition("=")
            if key == "q":
                try:
                    weight = float(value)
                except ValueError:
                    weight = 0.0
        tag = tag.strip()
        if tag and tag != "*" and weight > 0:
            ranked.append((-weight, index, i18n.normalize(tag)))
    return [lang for _weight, _index, lang in sorted(ranked)]


def browser_wish(query_lang: str = "", accept: str = "") -> str:
    """What a browser asks for, as a ``LANGUAGE`` list (``"de:en"``): its ``?lang=`` first,
    then its ``Accept-Language``."""
    wishes = [i18n.normalize(query_lang)] if query_lang else []
    wishes += accept_language(accept)
    return ":".join(wish for wish in wishes if wish)


def notice_language(data_dir: Path | None, name: str) -> str:
    """The language of a notice (e-mail, webhook) to ``name``, who is not logged in: their
    remembered setting, else English (a client's ``LANG`` is not known outside a session)."""
    if data_dir is None:
        return i18n.SOURCE
    from tulipgames.net.lobby import player_dir as folder

    return choose(remembered(folder(data_dir, name)), {})


#: The notes a session's last line says (``net/server.py``, ``net/worker.py``, ``net/web.py``
#: keep them as English constants; the session renders its note in its language as it
#: leaves): marked here for the catalogue.
NOTES = (
    N_("Goodbye."),
    N_("Sorry, tulipgames hit an error; the server log has the details."),
    N_("The server is shutting down. Your games are saved."),
    N_("Your connection is too slow to keep up; closing."),
    N_("Sorry, the server process running your session stopped (the server log has the "
       "details). Your games are saved: reconnect to play on."),
)


#: The cookie a browser's ``?lang=`` is kept in, so the game's websocket (opened by the
#: page's script, without the page's query) and the next visit ask for the same language.
LANG_COOKIE = "tulipgames_lang"


def web_middleware() -> Any:
    """An aiohttp middleware: each request of the browser door is answered in the language its
    browser asks for (``?lang=``, else the cookie a ``?lang=`` left, else
    ``Accept-Language``), and a websocket's session starts from it (``request["language_wish"]``,
    which :func:`use_for_session` reads from the session)."""
    from aiohttp import web

    @web.middleware
    async def middleware(request: web.Request, handler: Any) -> web.StreamResponse:
        asked = request.query.get("lang", "").strip()
        named = i18n.normalize(asked) if asked else ""
        wish = browser_wish(asked or request.cookies.get(LANG_COOKIE, ""),
                            request.headers.get("Accept-Language", ""))
        request["language_wish"] = wish
        i18n.use(choose("", {"LANGUAGE": wish}))
        response: web.StreamResponse = await handler(request)
        if named in i18n.LANGUAGES and not response.prepared:
            response.set_cookie(LANG_COOKIE, named, httponly=True, samesite="Strict", path="/",
                                max_age=365 * 86400)
        return response

    return middleware


@contextmanager
def channel_language(session: Any) -> Iterator[None]:
    """The language of an SSH session before its app is made (a refusal at its start): its
    player's setting, else its client's ``LANG``, for the block only."""
    chan = getattr(session, "_chan", None)
    env = chan.get_environment() if chan is not None else {}
    lang = for_session(session.server, str(session.username), str(env.get("LANG", "")))
    with i18n.using(lang):
        yield

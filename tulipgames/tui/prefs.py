"""The player's preferences: theme, bot speed, the name to offer and the language, in a small
JSON file.

The file is ``config.json`` in the user config directory (``platformdirs``), in the data
directory given with ``--data-dir``, or the path in ``TULIPGAMES_CONFIG`` (tests point it
elsewhere). A missing file means the defaults. A damaged
one also means the defaults, with a message saying so; it is moved aside, never overwritten, the
first time a preference is saved.
"""

from __future__ import annotations

import os
from dataclasses import asdict, dataclass, fields, replace
from pathlib import Path
from typing import Any

from platformdirs import user_config_dir

from tulipgames.i18n import N_, _

#: Seconds a bot waits before it moves, by speed: long enough to follow what it did. The
#: speeds' names are setting words (config.json) and are shown translated.
BOT_SPEEDS = {N_("slow"): 0.9, N_("normal"): 0.35, N_("fast"): 0.05}


@dataclass(frozen=True)
class Preferences:
    """What the app remembers between runs."""

    theme: str = "tulip-dark"
    bot_speed: str = "normal"
    #: The first seat's name in a new game's setup (the last name a player started with).
    name: str = "Ana"
    #: The language chosen in the app ("": by the environment; tulipgames.i18n). Only a
    #: language whose catalogue is complete is used (i18n.choose).
    language: str = ""

    @property
    def bot_delay(self) -> float:
        return BOT_SPEEDS.get(self.bot_speed, BOT_SPEEDS["normal"])


#: The file's name, in the user config directory or, for a player of the SSH server, in that
#: player's own data directory.
FILE_NAME = "config.json"


def config_path(data_dir: Path | None = None) -> Path:
    """``$TULIPGAMES_CONFIG`` if set; else ``config.json`` in ``data_dir`` (``--data-dir``:
    each data directory keeps its own settings); else in the user config directory."""
    override = os.environ.get("TULIPGAMES_CONFIG")
    if override:
        return Path(override)
    if data_dir is not None:
        return Path(data_dir).expanduser() / FILE_NAME
    return Path(user_config_dir("tulipgames")) / FILE_NAME


def read(path: Path | None = None) -> tuple[Preferences, str | None]:
    """The preferences in ``path`` and, when it cannot be used as it is, why (in words)."""
    path = path or config_path()
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return Preferences(), None
    except OSError as exc:
        return Preferences(), _("Cannot read the settings in {path} ({problem}); using "
                                "defaults").format(path=path, problem=exc.strerror)
    import json  # here: a first start (no file) draws its menu without it

    try:
        data = json.loads(text)
        if not isinstance(data, dict):
            raise ValueError("not a JSON object")
    except ValueError as exc:
        return Preferences(), _(
            "The settings file {path} is damaged ({problem}); using the defaults. "
            "It is kept aside as config.json.damaged when a setting is next saved."
        ).format(path=path, problem=exc)
    known = {field.name: field.type for field in fields(Preferences)}
    values: dict[str, Any] = {
        key: value for key, value in data.items() if key in known and isinstance(value, str)
    }
    prefs = Preferences(**values)
    problems = [key for key in data if key not in values]
    if prefs.bot_speed not in BOT_SPEEDS:
        problems.append("bot_speed")
        prefs = replace(prefs, bot_speed="normal")
    if prefs.language and not _known_language(prefs.language):
        problems.append("language")
        prefs = replace(prefs, language="")
    if problems:
        return prefs, _("Ignored unknown or bad settings in {path}: {names}.").format(
            path=path, names=", ".join(sorted(problems)))
    return prefs, None


def _known_language(code: str) -> bool:
    from tulipgames.i18n import LANGUAGES

    return code in LANGUAGES


def write(prefs: Preferences, path: Path | None = None) -> str | None:
    """Save ``prefs``; returns why not when it cannot (the game goes on without it)."""
    import json

    path = path or config_path()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        if path.exists() and read(path)[1] is not None and not _is_ours(path):
            path.replace(path.with_name(path.name + ".damaged"))
        temporary = path.with_name(path.name + ".tmp")
        temporary.write_text(json.dumps(asdict(prefs), indent=2) + "\n", encoding="utf-8")
        temporary.replace(path)
    except OSError as exc:
        return _("Cannot save the settings to {path} ({problem}).").format(
            path=path, problem=exc.strerror)
    return None


def _is_ours(path: Path) -> bool:
    """A readable JSON object (only some values were bad): safe to write over."""
    import json

    try:
        return isinstance(json.loads(path.read_text(encoding="utf-8")), dict)
    except (OSError, ValueError):
        return False

"""What a seat's name may be, and how a value from a record is quoted in a message.

Shared by the record reader (``engine/record.py``) and the seat parser (``engine/core.py``), so
a game can never be started with a name its own record would refuse.
"""

from __future__ import annotations

import unicodedata
from typing import Any

from tulipgames.i18n import _

#: The longest seat name, in characters: twice the 16 a player types and over the 20 of an SSH
#: login.
MAX_RECORD_NAME = 32
#: Unicode categories no name may hold: control characters (an escape sequence), unpaired
#: surrogates (not text at all) and line or paragraph separators (a name is one line).
NAME_REFUSED = frozenset({"Cc", "Cs", "Zl", "Zp"})


def shown(value: Any, limit: int = 24) -> str:
    """A value from a record quoted for a message, cut short: a reason stays one short line
    whatever the record holds."""
    text = repr(value) if not isinstance(value, str) else repr(value[:limit])
    if isinstance(value, str) and len(value) > limit:
        text = text[:-1] + "..." + text[-1]
    elif len(text) > limit + 2:
        text = text[:limit] + "..."
    return text


def name_problem(name: str) -> str | None:
    """Why ``name`` cannot be a seat's name in a record, or ``None``: at most
    :data:`MAX_RECORD_NAME` characters, one line, no control characters."""
    if len(name) > MAX_RECORD_NAME:
        return _("a name of {n} characters (at most {most})").format(
            n=len(name), most=MAX_RECORD_NAME)
    if any(unicodedata.category(ch) in NAME_REFUSED for ch in name):
        return _("the name {name} holds a control character").format(name=shown(name))
    return None

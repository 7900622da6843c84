"""Each game's short turn and its named queries, in the plain mode's own words.

A decision says only what changed and the choices (:mod:`tulipgames.plain.session`); the
one-clause ``brief`` here is what the seat needs to choose (one's caravan, the card in hand,
the leaf total). Everything else is asked for by name: ``hand``, ``market``, ``scores``,
``opponents``, ``bouquets``, ``sheet`` (and ``look`` for all of it, from the game's plain
module). Each game's words are in its folder (``words.py``, named by its kit); here is what is
the same for every game. Nothing here changes a rule.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from tulipgames.table import Turn

if TYPE_CHECKING:
    from tulipgames.games.parts import PlainWords

Query = Callable[[Turn[Any]], list[str]]

QUERY_NAMES = ("hand", "market", "scores", "opponents", "bouquets", "sheet")


def game_id(game: Any) -> str:
    return str(getattr(getattr(game, "info", None), "id", ""))


def me(turn: Turn[Any]) -> int:
    return turn.seat if turn.seat is not None else 0


# -- fixes of sentences that are not true in plain text -------------------------------------------
def fix_line(line: str, turn: Turn[Any] | None) -> str:
    """Sentences written for the screen that are wrong in the plain mode."""
    line = line.replace("place your X in a highlighted spot", "place your X: choose a spot")
    if turn is not None and turn.over:
        line = re.sub(r",? about \d+ more turns each", "", line)
    elif turn is not None:
        # Gift of Tulips counts the turns the deck holds for the whole table (two cards a
        # turn): each player has their share of them
        line = re.sub(r"about (\d+) more turns each",
                      lambda m: plural_turns(each(int(m[1]), len(turn.names))), line)
    return line


def plural_turns(n: int) -> str:
    return f"about {n} more turn{'s' if n != 1 else ''} each"


def each(turns: int, seats: int) -> int:
    """A table's remaining turns as each player's share, rounded up."""
    return -(-turns // max(1, seats))


def one_or_more(n: int, plural: str) -> str:
    """"point cards" for one card: "point card" ("Golem cards": "Golem card")."""
    return plural if n != 1 else plural[:-1] if plural.endswith("s") else plural


# -- each game's own words, from its folder (``words.py``, named by its kit) --------------------
def words_of(game: str) -> PlainWords:
    """The game's plain-mode words (none for a game without them, or not in the registry)."""
    from tulipgames import games
    from tulipgames.games.parts import PlainWords

    try:
        return games.kit(game).plain_words()
    except games.UnknownGame:
        return PlainWords()


def label(game: str, text: str, action: Any = None, turn: Turn[Any] | None = None) -> str:
    """A choice's words, said shorter where the game says how."""
    words = words_of(game)
    if words.label is not None and turn is not None:
        own = words.label(text, action, turn)
        if own is not None:
            return own
    for long, short in words.labels:
        text = text.replace(long, short)
    return text


def shorter(game: str, prompt: str, first: bool) -> str:
    """The question without the instruction part the game says the first time only ("pick
    the area die, the write die, then a spot")."""
    pattern = words_of(game).instructions
    return prompt if first or pattern is None else str(pattern.sub("", prompt))


def needed(game: str, event: str) -> bool:
    """Whether an event line is worth saying: not one the question says again."""
    pattern = words_of(game).repeated
    return pattern is None or not pattern.match(event)


def __getattr__(name: str) -> Any:
    # BRIEFS, QUERIES and LOOK_EXTRA by game id, as the games' folders declare them
    from tulipgames import games

    every = {kit.id: kit.plain_words() for kit in games.kits()}
    if name == "BRIEFS":
        return {game: words.brief for game, words in every.items() if words.brief}
    if name == "QUERIES":
        return {game: dict(words.queries) for game, words in every.items() if words.queries}
    if name == "LOOK_EXTRA":
        return {game: words.look_extra for game, words in every.items() if words.look_extra}
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

"""Sixty-One: the game's identity and its kit (rules in ``rules.py``, bots in
``bots.py``, the screen in ``screen.py``; ``tulipgames.games.kit`` lists the rest)."""

from tulipgames.games.kit import GameKit
from tulipgames.games.sixtyone.data import MAX_PLAYERS, MIN_PLAYERS
from tulipgames.i18n import N_
from tulipgames.info import GameInfo

INFO = GameInfo(
    "sixtyone",
    N_("Sixty-One"),
    MIN_PLAYERS,
    MAX_PLAYERS,
    N_("Share three dice, fill your autumn sheet and race the leaf row to 61."),
    order=5,
)

#: What tulipgames asks of this game (tulipgames.games.kit).
KIT = GameKit(
    __name__,
    INFO,
)

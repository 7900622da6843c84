"""Gift of Tulips: the game's identity and its kit (rules in ``rules.py``, bots in
``bots.py``, the screen in ``screen.py``; ``tulipgames.games.kit`` lists the rest)."""

from tulipgames.games.kit import GameKit
from tulipgames.i18n import N_
from tulipgames.info import GameInfo

INFO = GameInfo(
    "giftoftulips",
    N_("Gift of Tulips"),
    2,
    6,
    N_("Keep, gift or add tulips; the festival ranking decides their worth."),
    order=2,
)

#: What tulipgames asks of this game (tulipgames.games.kit).
KIT = GameKit(
    __name__,
    INFO,
)

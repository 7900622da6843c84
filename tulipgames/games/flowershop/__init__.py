"""The Little Flower Shop: the game's identity and its kit (rules in ``rules.py``, bots in
``bots.py``, the screen in ``screen.py``; ``tulipgames.games.kit`` lists the rest)."""

from tulipgames.games.kit import GameKit
from tulipgames.i18n import N_
from tulipgames.info import GameInfo

INFO = GameInfo(
    "flowershop",
    N_("The Little Flower Shop"),
    1,
    4,
    N_("Draft vases, flowers and baskets to fill your shop window."),
    order=4,
)

#: What tulipgames asks of this game (tulipgames.games.kit).
KIT = GameKit(
    __name__,
    INFO,
    solo=True,
    daily_seed="rules:daily_seed",
)

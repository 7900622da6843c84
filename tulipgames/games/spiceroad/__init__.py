"""Century: Spice Road: the game's identity and its kit (rules in ``rules.py``, bots in
``bots.py``, the screen in ``screen.py``; ``tulipgames.games.kit`` lists the rest)."""

from tulipgames.games.kit import GameKit
from tulipgames.i18n import N_
from tulipgames.info import GameInfo

INFO = GameInfo(
    "spiceroad",
    N_("Century: Spice Road"),
    2,
    5,
    N_("Trade spices along the caravan routes and claim point cards."),
    order=3,
)

#: What tulipgames asks of this game (tulipgames.games.kit).
KIT = GameKit(
    __name__,
    INFO,
    peer="QuincyNash/spiceroad",
)

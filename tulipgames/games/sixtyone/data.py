"""Sixty-One: the score sheet as plain tables (spec sections 2.1-2.3).

Spot numbers are 1-based, as printed on the sheet; an area number is the die value that selects it.
"""

from __future__ import annotations

from tulipgames.i18n import N_

#: The areas' names: English message ids (shown with ``_()``, or as a ``Say`` in events).
AREA_NAMES = {1: N_("Pumpkins"), 2: N_("Waterlilies"), 3: N_("Marshmallows"),
              4: N_("Mugs"), 5: N_("Fox burrows"), 6: N_("Mushrooms")}
AREA_SPOTS = {1: 4, 2: 5, 3: 5, 4: 6, 5: 6, 6: 5}           # 31 spots
PUMPKINS = [(1, 2), (3, 4)]
PUMPKIN_ACORNS = [3, 3]                                      # per complete pumpkin
SKEWERS = [(1, 2), (3, 4, 5)]
SKEWER_ACORNS = [3, 5]                                       # per complete skewer
WATERLILY_ACORNS = [1, 1, 2, 2, 3]                           # per filled spot
MUG_ACORNS = [1, 1, 1, 2, 1, 1]                              # mug k takes value k only
BURROW_ACORNS = [1, 1, 1, 2, 2, 4]
BURROW_SUPPORTS = {4: (1, 2), 5: (2, 3), 6: (4, 5)}
BURROW_ADJACENT = [(1, 2), (2, 3), (4, 5), (1, 4), (2, 4), (2, 5), (3, 5), (4, 6), (5, 6)]
MUSHROOM_ACORNS = [1, 2, 2, 2, 3]
FIRST_FILL_BONUS = 3
LEAVES = 20
LEAF_BONUS: dict[int, int | str] = {11: "X", 21: 2, 31: "X", 41: 3, 51: "X", 61: 5}
END_TOTAL = 61
MAX_ROUNDS = 20
MIN_PLAYERS, MAX_PLAYERS = 1, 12
MAX_SCORE = 79                                               # 51 + 18 + 10

#: Area numbers in sheet order.
AREAS = (1, 2, 3, 4, 5, 6)

"""Century: Spice Road card data and edition presentation, exactly as the rules spec's tables.

Everything here is plain data. The internal spice keys ``Y R G B`` (rank 1..4) never change; the
``edition`` option only changes what the screen prints (:data:`EDITIONS`).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from tulipgames.i18n import N_

SPICES: tuple[str, ...] = ("Y", "R", "G", "B")  # internal keys, rank 1..4, lowest first
CARAVAN_LIMIT = 10  # checked at the end of the acting player's turn
MERCHANT_ROW_SIZE = 6
POINT_ROW_SIZE = 5
COIN_VP: dict[str, int] = {"gold": 3, "silver": 1}  # "gold" is shown as copper in the Golem edition
STARTING_HAND: tuple[str, ...] = ("S1", "S2")
#: Caravan at start by seat (seat 1 = start player), as counts (Y, R, G, B).
START_SPICES: dict[int, tuple[int, int, int, int]] = {
    1: (3, 0, 0, 0),
    2: (4, 0, 0, 0),
    3: (4, 0, 0, 0),
    4: (3, 1, 0, 0),
    5: (3, 1, 0, 0),
}
#: Point cards that trigger the last round, by number of players.
END_TRIGGER: dict[int, int] = {2: 6, 3: 6, 4: 5, 5: 5}
#: Check weights of §2.1: used only by the data checks (A2, A3), never by scoring.
CHECK_WEIGHT: dict[str, int] = {"Y": 1, "R": 2, "G": 3, "B": 4}


def coins_per_stack(n_players: int) -> int:
    """Each coin stack starts with two coins per player."""
    return 2 * n_players


Counts = tuple[int, int, int, int]


def as_counts(values: Iterable[int]) -> Counts:
    """Four spice counts (yellow, red, green, brown) as the fixed-length tuple they are keyed
    by: a ``tuple(...)`` of a list or generator has no length mypy can see (four values, else
    ``ValueError``)."""
    yellow, red, green, brown = values
    return (yellow, red, green, brown)
MerchantRow = tuple[str, str, int, Counts, Counts, str, tuple[int, int] | None]
PointRow = tuple[str, Counts, int, str, int]

MERCHANT_TABLE: tuple[MerchantRow, ...] = (
    # id, kind, up, pay (Y, R, G, B), gain (Y, R, G, B), compact, weight in->out
    ("S1", "spice", 0, (0, 0, 0, 0), (2, 0, 0, 0), "+YY", None),
    ("S2", "upgrade", 2, (0, 0, 0, 0), (0, 0, 0, 0), "Upgrade 2", None),
    ("M01", "spice", 0, (0, 0, 0, 0), (3, 0, 0, 0), "+YYY", None),
    ("M02", "spice", 0, (0, 0, 0, 0), (4, 0, 0, 0), "+YYYY", None),
    ("M03", "spice", 0, (0, 0, 0, 0), (1, 1, 0, 0), "+YR", None),
    ("M04", "spice", 0, (0, 0, 0, 0), (0, 2, 0, 0), "+RR", None),
    ("M05", "spice", 0, (0, 0, 0, 0), (2, 1, 0, 0), "+YYR", None),
    ("M06", "spice", 0, (0, 0, 0, 0), (0, 0, 1, 0), "+G", None),
    ("M07", "spice", 0, (0, 0, 0, 0), (1, 0, 1, 0), "+YG", None),
    ("M08", "spice", 0, (0, 0, 0, 0), (0, 0, 0, 1), "+B", None),
    ("M09", "upgrade", 3, (0, 0, 0, 0), (0, 0, 0, 0), "Upgrade 3", None),
    ("M10", "trade", 0, (2, 0, 0, 0), (0, 0, 1, 0), "YY → G", (2, 3)),
    ("M11", "trade", 0, (2, 0, 0, 0), (0, 2, 0, 0), "YY → RR", (2, 4)),
    ("M12", "trade", 0, (3, 0, 0, 0), (0, 0, 0, 1), "YYY → B", (3, 4)),
    ("M13", "trade", 0, (3, 0, 0, 0), (0, 1, 1, 0), "YYY → RG", (3, 5)),
    ("M14", "trade", 0, (3, 0, 0, 0), (0, 3, 0, 0), "YYY → RRR", (3, 6)),
    ("M15", "trade", 0, (4, 0, 0, 0), (0, 0, 2, 0), "YYYY → GG", (4, 6)),
    ("M16", "trade", 0, (4, 0, 0, 0), (0, 0, 1, 1), "YYYY → GB", (4, 7)),
    ("M17", "trade", 0, (5, 0, 0, 0), (0, 0, 0, 2), "YYYYY → BB", (5, 8)),
    ("M18", "trade", 0, (5, 0, 0, 0), (0, 0, 3, 0), "YYYYY → GGG", (5, 9)),
    ("M19", "trade", 0, (0, 1, 0, 0), (3, 0, 0, 0), "R → YYY", (2, 3)),
    ("M20", "trade", 0, (1, 1, 0, 0), (0, 0, 0, 1), "YR → B", (3, 4)),
    ("M21", "trade", 0, (0, 2, 0, 0), (3, 0, 1, 0), "RR → YYYG", (4, 6)),
    ("M22", "trade", 0, (0, 2, 0, 0), (2, 0, 0, 1), "RR → YYB", (4, 6)),
    ("M23", "trade", 0, (0, 2, 0, 0), (0, 0, 2, 0), "RR → GG", (4, 6)),
    ("M24", "trade", 0, (0, 3, 0, 0), (2, 0, 2, 0), "RRR → YYGG", (6, 8)),
    ("M25", "trade", 0, (0, 3, 0, 0), (1, 0, 1, 1), "RRR → YGB", (6, 8)),
    ("M26", "trade", 0, (0, 3, 0, 0), (0, 0, 0, 2), "RRR → BB", (6, 8)),
    ("M27", "trade", 0, (0, 3, 0, 0), (0, 0, 3, 0), "RRR → GGG", (6, 9)),
    ("M28", "trade", 0, (0, 0, 1, 0), (0, 2, 0, 0), "G → RR", (3, 4)),
    ("M29", "trade", 0, (0, 0, 1, 0), (1, 2, 0, 0), "G → YRR", (3, 5)),
    ("M30", "trade", 0, (0, 0, 1, 0), (4, 1, 0, 0), "G → YYYYR", (3, 6)),
    ("M31", "trade", 0, (0, 0, 2, 0), (2, 3, 0, 0), "GG → YYRRR", (6, 8)),
    ("M32", "trade", 0, (0, 0, 2, 0), (2, 1, 0, 1), "GG → YYRB", (6, 8)),
    ("M33", "trade", 0, (0, 0, 2, 0), (0, 2, 0, 1), "GG → RRB", (6, 8)),
    ("M34", "trade", 0, (0, 0, 2, 0), (0, 0, 0, 2), "GG → BB", (6, 8)),
    ("M35", "trade", 0, (2, 0, 1, 0), (0, 0, 0, 2), "YYG → BB", (5, 8)),
    ("M36", "trade", 0, (0, 0, 3, 0), (0, 0, 0, 3), "GGG → BBB", (9, 12)),
    ("M37", "trade", 0, (0, 0, 0, 1), (3, 0, 1, 0), "B → YYYG", (4, 6)),
    ("M38", "trade", 0, (0, 0, 0, 1), (2, 2, 0, 0), "B → YYRR", (4, 6)),
    ("M39", "trade", 0, (0, 0, 0, 1), (0, 3, 0, 0), "B → RRR", (4, 6)),
    ("M40", "trade", 0, (0, 0, 0, 1), (1, 1, 1, 0), "B → YRG", (4, 6)),
    ("M41", "trade", 0, (0, 0, 0, 1), (0, 0, 2, 0), "B → GG", (4, 6)),
    ("M42", "trade", 0, (0, 0, 0, 2), (0, 3, 2, 0), "BB → RRRGG", (8, 12)),
    ("M43", "trade", 0, (0, 0, 0, 2), (1, 1, 3, 0), "BB → YRGGG", (8, 12)),
)
POINT_TABLE: tuple[PointRow, ...] = (
    # id, need (Y, R, G, B), cubes, compact, VP
    ("P01", (2, 2, 0, 0), 4, "YYRR", 6),
    ("P02", (3, 2, 0, 0), 5, "YYYRR", 7),
    ("P03", (2, 3, 0, 0), 5, "YYRRR", 8),
    ("P04", (0, 4, 0, 0), 4, "RRRR", 8),
    ("P05", (2, 0, 2, 0), 4, "YYGG", 8),
    ("P06", (2, 1, 0, 1), 4, "YYRB", 9),
    ("P07", (3, 0, 2, 0), 5, "YYYGG", 9),
    ("P08", (0, 5, 0, 0), 5, "RRRRR", 10),
    ("P09", (0, 2, 2, 0), 4, "RRGG", 10),
    ("P10", (2, 0, 0, 2), 4, "YYBB", 10),
    ("P11", (2, 0, 3, 0), 5, "YYGGG", 11),
    ("P12", (3, 0, 0, 2), 5, "YYYBB", 11),
    ("P13", (1, 1, 1, 1), 4, "YRGB", 12),
    ("P14", (0, 2, 1, 1), 4, "RRGB", 12),
    ("P15", (1, 0, 2, 1), 4, "YGGB", 12),
    ("P16", (0, 3, 2, 0), 5, "RRRGG", 12),
    ("P17", (0, 0, 4, 0), 4, "GGGG", 12),
    ("P18", (0, 2, 0, 2), 4, "RRBB", 12),
    ("P19", (2, 2, 2, 0), 6, "YYRRGG", 13),
    ("P20", (0, 2, 3, 0), 5, "RRGGG", 13),
    ("P21", (3, 1, 1, 1), 6, "YYYRGB", 14),
    ("P22", (0, 3, 0, 2), 5, "RRRBB", 14),
    ("P23", (0, 0, 2, 2), 4, "GGBB", 14),
    ("P24", (2, 0, 0, 3), 5, "YYBBB", 14),
    ("P25", (2, 2, 0, 2), 6, "YYRRBB", 15),
    ("P26", (0, 0, 5, 0), 5, "GGGGG", 15),
    ("P27", (1, 3, 1, 1), 6, "YRRRGB", 16),
    ("P28", (0, 2, 0, 3), 5, "RRBBB", 16),
    ("P29", (0, 0, 0, 4), 4, "BBBB", 16),
    ("P30", (2, 0, 2, 2), 6, "YYGGBB", 17),
    ("P31", (0, 0, 3, 2), 5, "GGGBB", 17),
    ("P32", (1, 1, 3, 1), 6, "YRGGGB", 18),
    ("P33", (0, 0, 2, 3), 5, "GGBBB", 18),
    ("P34", (0, 2, 2, 2), 6, "RRGGBB", 19),
    ("P35", (1, 1, 1, 3), 6, "YRGBBB", 20),
    ("P36", (0, 0, 0, 5), 5, "BBBBB", 20),
)


@dataclass(frozen=True)
class MerchantCard:
    """A merchant card: ``spice`` (gain), ``upgrade`` (up to ``up`` upgrades) or ``trade``."""

    id: str
    kind: str
    up: int
    pay: Counts
    gain: Counts


@dataclass(frozen=True)
class PointCard:
    """A point card: the spices ``need``-ed to claim it and the VP printed on it."""

    id: str
    need: Counts
    vp: int


MERCHANT_CARDS: dict[str, MerchantCard] = {
    row[0]: MerchantCard(row[0], row[1], row[2], row[3], row[4]) for row in MERCHANT_TABLE
}
POINT_CARDS: dict[str, PointCard] = {
    row[0]: PointCard(row[0], row[1], row[4]) for row in POINT_TABLE
}
#: The merchant deck M01-M43 (S1 and S2 are starting cards, never in the deck).
MERCHANT_DECK: tuple[str, ...] = tuple(row[0] for row in MERCHANT_TABLE if row[0].startswith("M"))
POINT_DECK: tuple[str, ...] = tuple(row[0] for row in POINT_TABLE)


@dataclass(frozen=True)
class Edition:
    """How one edition presents the same game: letters, names and colours per spice key.

    The names and words are English message ids (marked with ``N_``): a screen shows them
    with ``_()``, a log line holds them as data; the letters are the same in every language
    (they are what a player types)."""

    key: str
    title: str
    letters: dict[str, str]
    names: dict[str, str]
    short_names: dict[str, str]
    colours: dict[str, str]
    spice_word: str
    gold_name: str
    silver_name: str
    point_cards: str
    spice_card: str
    card_names: dict[str, str]
    #: The result's category of the spices left: "spices" or "crystals".
    spices_category: str


EDITIONS: dict[str, Edition] = {
    "spice": Edition(
        key="spice",
        title="Century: Spice Road",
        letters={"Y": "Y", "R": "R", "G": "G", "B": "B"},
        names={"Y": N_("turmeric"), "R": N_("saffron"), "G": N_("cardamom"),
               "B": N_("cinnamon")},
        short_names={"Y": N_("turmeric"), "R": N_("saffron"), "G": N_("cardamom"),
                     "B": N_("cinnamon")},
        colours={"Y": "yellow", "R": "red", "G": "green", "B": "#a0522d"},
        spice_word="spice",
        gold_name=N_("gold"),
        silver_name=N_("silver"),
        point_cards=N_("point cards"),
        spice_card="spice card",
        card_names={"S1": "2 Turmeric", "S2": "Upgrade 2"},
        spices_category=N_("spices"),
    ),
    "golem": Edition(
        key="golem",
        title="Century: Golem Edition",
        letters={"Y": "Y", "R": "G", "G": "B", "B": "P"},
        names={
            "Y": N_("yellow crystal"),
            "R": N_("green crystal"),
            "G": N_("blue crystal"),
            "B": N_("pink crystal"),
        },
        short_names={"Y": N_("yellow"), "R": N_("green"), "G": N_("blue"), "B": N_("pink")},
        colours={"Y": "yellow", "R": "green", "G": "dodger_blue1", "B": "hot_pink"},
        spice_word="crystal",
        gold_name=N_("copper"),
        silver_name=N_("silver"),
        point_cards=N_("Golem cards"),
        spice_card="create card",
        card_names={"S1": "Create 2", "S2": "Upgrade 2"},
        spices_category=N_("crystals"),
    ),
}

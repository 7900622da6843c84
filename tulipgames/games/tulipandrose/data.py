"""Tulip & Rose: the cards, merchants, Special Orders and scoring tables, exactly as in the spec.

The rules text gives no card list; the deck, merchants, special cards and Special Orders are the
spec's **House rule** design (spec §2), kept here as plain tables. A card is written as its letter
and printed value (``T5``, ``W-1``, ``V3``), the notation of the reveal strip.
"""

from __future__ import annotations

from tulipgames.i18n import N_

# Names and Special Orders are English message ids (marked with N_, kept as data: rules and
# records read them); a screen shows them with _() in its reader's language.

GAME_ID = "tulipandrose"
MIN_PLAYERS, MAX_PLAYERS = 2, 6
START_FLORINS = 25
DAYS = 2  # each day has one round per player
BOUQUETS = 3


def reveal_window(players: int) -> tuple[int, int]:
    """The target window of the reveal: 20-21, or 17-18 with 6 players (the sixth-player rule)."""
    return (17, 18) if players == 6 else (20, 21)


def orders_dealt(players: int) -> int:
    """Special Orders dealt to each player: 3, or 2 with 6 players."""
    return 2 if players == 6 else 3


FLOWER_KINDS = ("Tulip", "Rose", "Lily", "Iris", "Carnation", "Hyacinth")
LETTERS = {
    N_("Tulip"): "T",
    N_("Rose"): "R",
    N_("Lily"): "L",
    N_("Iris"): "I",
    N_("Carnation"): "C",
    N_("Hyacinth"): "H",
    N_("Weed"): "W",
    N_("Semper Augustus"): "S",
    N_("Golden Vase"): "V",
    N_("Gardener"): "G",
}
#: A card's kind in a sentence (the plain mode's words: "tulip 3", "Golden Vase 3").
CARD_WORDS = {
    "T": N_("tulip"),
    "R": N_("rose"),
    "L": N_("lily"),
    "I": N_("iris"),
    "C": N_("carnation"),
    "H": N_("hyacinth"),
    "W": N_("weed"),
    "S": N_("Semper Augustus"),
    "V": N_("Golden Vase"),
    "G": N_("gardener"),
}
FLOWER_COPIES_BY_VALUE = {1: 2, 2: 3, 3: 3, 4: 3, 5: 3}  # per kind: 14 cards, value sum 44
WEED_COPIES, WEED_VALUE = 15, -1
SPECIALS = {"Semper Augustus": (2, 4), "Golden Vase": (2, 3), "Gardener": (2, 2)}  # (copies, value)
SEMPER_AUGUSTUS_POINTS, GOLDEN_VASE_INCOME, GARDENER_DISCARDS = 8, 2, 2
BASE_INCOME = 2
MERCHANTS = (
    (1, "Pieter van Dam", "Tulip"),
    (2, "Anna Roos", "Rose"),
    (3, "Willem Lelie", "Lily"),
    (4, "Griet Iris", "Iris"),
    (5, "Hendrik Anjer", "Carnation"),
    (6, "Maria Hyacint", "Hyacinth"),
)
LOAN_FLORINS, MAX_LOANS, LOAN_POINTS = 20, 2, -30
WEED_PENALTY = (0, -5, -11, -18, -26, -35, -45, -56, -68, -81, -95, -110, -125, -140, -155, -170)
WEED_PENALTY_BEYOND_15 = -15  # per weed after the 15th

#: Every card letter, flowers first in FLOWER_KINDS order, then the non-flowers.
KIND_NAMES = {letter: name for name, letter in LETTERS.items()}
FLOWER_LETTERS = tuple(LETTERS[kind] for kind in FLOWER_KINDS)
WEED, SEMPER_AUGUSTUS, GOLDEN_VASE, GARDENER = "W", "S", "V", "G"
CARD_LETTERS = (*FLOWER_LETTERS, WEED, SEMPER_AUGUSTUS, GOLDEN_VASE, GARDENER)

# Special Orders (spec §2.3): (id, name, condition at game end, points). The conditions are
# checked by rules.order_met; the text here is what the screen shows.
SPECIAL_ORDERS = (
    ("specialist_tulip", N_("Tulip Specialist"), N_(">= 4 Tulips"), 10),
    ("specialist_rose", N_("Rose Specialist"), N_(">= 4 Roses"), 10),
    ("specialist_lily", N_("Lily Specialist"), N_(">= 4 Lilies"), 10),
    ("specialist_iris", N_("Iris Specialist"), N_(">= 4 Irises"), 10),
    ("specialist_carnation", N_("Carnation Specialist"), N_(">= 4 Carnations"), 10),
    ("specialist_hyacinth", N_("Hyacinth Specialist"), N_(">= 4 Hyacinths"), 10),
    ("pair_tulip_rose", N_("Tulip & Rose"), N_(">= 2 Tulips and >= 2 Roses"), 8),
    ("pair_lily_iris", N_("Lily & Iris"), N_(">= 2 Lilies and >= 2 Irises"), 8),
    ("pair_carnation_hyacinth", N_("Carnation & Hyacinth"),
     N_(">= 2 Carnations and >= 2 Hyacinths"), 8),
    ("pair_tulip_lily", N_("Tulip & Lily"), N_(">= 2 Tulips and >= 2 Lilies"), 8),
    ("pair_rose_hyacinth", N_("Rose & Hyacinth"), N_(">= 2 Roses and >= 2 Hyacinths"), 8),
    ("pair_iris_carnation", N_("Iris & Carnation"), N_(">= 2 Irises and >= 2 Carnations"), 8),
    ("full_garden", N_("Full Garden"), N_(">= 1 card of each of the 6 kinds"), 12),
    ("trio", N_("Trio"), N_(">= 3 different kinds with >= 3 cards each"), 12),
    ("grand_stock", N_("Grand Stock"), N_(">= 16 flower cards in total"), 10),
    ("clean_stock", N_("Clean Stock"), N_("0 weeds left after Gardener discards"), 10),
    ("debt_free", N_("Debt-free"), N_("0 loan tiles"), 8),
    ("rich_merchant", N_("Rich Merchant"), N_(">= 60 florins"), 8),
)
ORDER_IDS = tuple(order[0] for order in SPECIAL_ORDERS)
ORDERS_BY_ID = {order[0]: order for order in SPECIAL_ORDERS}


def card_code(letter: str, value: int) -> str:
    """A card's notation: its letter then its printed value (``T5``, ``W-1``)."""
    return f"{letter}{value}"


def full_deck() -> tuple[str, ...]:
    """The 105 cards of the game in a fixed order (shuffled at setup)."""
    cards: list[str] = []
    for letter in FLOWER_LETTERS:
        for value, copies in FLOWER_COPIES_BY_VALUE.items():
            cards.extend(card_code(letter, value) for _ in range(copies))
    cards.extend(card_code(WEED, WEED_VALUE) for _ in range(WEED_COPIES))
    for name, (copies, value) in SPECIALS.items():
        cards.extend(card_code(LETTERS[name], value) for _ in range(copies))
    return tuple(cards)


DECK = full_deck()

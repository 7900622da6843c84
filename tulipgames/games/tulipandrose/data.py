"""Tulip & Rose: the cards, merchants, Special Orders and scoring tables, exactly as in the spec.

The rules text gives no card list; the deck, merchants, special cards and Special Orders are the
spec's **House rule** design (spec §2), kept here as plain tables. A card is written as its letter
and printed value (``T5``, ``W-1``, ``V3``), the notation of the reveal strip.
"""

from __future__ import annotations

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
    "Tulip": "T",
    "Rose": "R",
    "Lily": "L",
    "Iris": "I",
    "Carnation": "C",
    "Hyacinth": "H",
    "Weed": "W",
    "Semper Augustus": "S",
    "Golden Vase": "V",
    "Gardener": "G",
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
    ("specialist_tulip", "Tulip Specialist", ">= 4 Tulips", 10),
    ("specialist_rose", "Rose Specialist", ">= 4 Roses", 10),
    ("specialist_lily", "Lily Specialist", ">= 4 Lilies", 10),
    ("specialist_iris", "Iris Specialist", ">= 4 Irises", 10),
    ("specialist_carnation", "Carnation Specialist", ">= 4 Carnations", 10),
    ("specialist_hyacinth", "Hyacinth Specialist", ">= 4 Hyacinths", 10),
    ("pair_tulip_rose", "Tulip & Rose", ">= 2 Tulips and >= 2 Roses", 8),
    ("pair_lily_iris", "Lily & Iris", ">= 2 Lilies and >= 2 Irises", 8),
    ("pair_carnation_hyacinth", "Carnation & Hyacinth", ">= 2 Carnations and >= 2 Hyacinths", 8),
    ("pair_tulip_lily", "Tulip & Lily", ">= 2 Tulips and >= 2 Lilies", 8),
    ("pair_rose_hyacinth", "Rose & Hyacinth", ">= 2 Roses and >= 2 Hyacinths", 8),
    ("pair_iris_carnation", "Iris & Carnation", ">= 2 Irises and >= 2 Carnations", 8),
    ("full_garden", "Full Garden", ">= 1 card of each of the 6 kinds", 12),
    ("trio", "Trio", ">= 3 different kinds with >= 3 cards each", 12),
    ("grand_stock", "Grand Stock", ">= 16 flower cards in total", 10),
    ("clean_stock", "Clean Stock", "0 weeds left after Gardener discards", 10),
    ("debt_free", "Debt-free", "0 loan tiles", 8),
    ("rich_merchant", "Rich Merchant", ">= 60 florins", 8),
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

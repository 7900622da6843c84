"""The Little Flower Shop: card data, exactly the tables of the rules spec (section 2).

Every per-card value is house data (no printed card list is public). The constants are the spec's
section 2.9 literal; the card dictionary below only gives each card its id (FL01, VA05, SR2...)
and the derived numbers (petals, price), so the rules never parse glyphs at run time.

Balance (spec 2.10): with the spec's salaries ($3/$4/$5) the reference greedy bot averaged 25.83
FP over the 1,000 seeded solo games (seeds 1-1000), below the 28-31 target. As the spec allows,
only the salary amounts changed: +$3 on every salary card ($6/$7/$8, $105 in all) gives a mean of
29.44 with every level reached (``tests/games/flowershop/test_balance.py``). Basket costs are as
printed.
"""

from __future__ import annotations

from dataclasses import dataclass

from tulipgames.i18n import N_

# The words are English message ids (N_): shown translated (``_()``, or a ``Say`` in events);
# the letters are notation and never change.
# "*" = any (vases only)
FLOWER_TYPES = {"R": N_("rose"), "T": N_("tulip"), "S": N_("sunflower"), "I": N_("iris")}
FILLERS = {"B": N_("baby's breath"), "H": N_("hypericum"), "F": N_("fern")}
FLOWERS = (  # noqa: SIM905
    "R1B R1B R1H R1F R2B R2B R2H R2F R3H R3F T1B T1H T1H T1F T2B T2H T2H T2F T3B T3F "
    "S1B S1H S1F S1F S2B S2H S2F S2F S3B S3H I1B I1B I1H I1F I2B I2H I2F I3H I3F"
).split()  # FL01..FL39
PETALS = {"typed": {1: 2, 2: 3, 3: 5}, "any": {1: 1, 2: 2, 3: 4}}
SHOP_VASES = "R1 T1 S1 I1 R2 R2 T2 T2 S2 S2 I2 R3 T3 S3 I3 *1 *1 *2 *2 *2 *3".split()  # noqa: SIM905
#: The shops' colours (English message ids: shown with ``_()``).
COLOURS = (N_("Red"), N_("Blue"), N_("Yellow"), N_("Purple"))
STARTING_VASES = {
    "Red": ("R1", "T2", "*1"),
    "Blue": ("T1", "S2", "*1"),
    "Yellow": ("S1", "I2", "*1"),
    "Purple": ("I1", "R2", "*1"),
}  # SR1..SP3
BASKETS = (
    (2, 2), (2, 2), (2, 3), (2, 3), (3, 4), (3, 4), (3, 5), (3, 5),
    (4, 6), (4, 6), (4, 7), (4, 7),
)  # BA01..BA12: (FP, cost)
SALARIES = (6,) * 5 + (7,) * 5 + (8,) * 5  # SA01..SA15 (spec: 3/4/5, raised by the balance check)
ORDERS = 9  # OR01..OR09
ORDER_PAY = {1: 3, 2: 4, 3: 5}
VASE_ALONE_PAY = 2
MONEY_CARDS = {1: 6, 2: 6, 3: 5, 5: 8}  # physical bank only; the digital bank is unlimited
STARTING_MONEY = 0
SWAP_COST = 2  # 7th-card swap and solo last-card draw
VASE_SPOTS, BASKET_HOOKS, STORAGE_MAX = 8, 3, 4
ROUNDS, PICKS = 3, 7
PASS = {1: +1, 2: -1, 3: +1}  # seat offset: +1 = left, -1 = right
SOLO_PILES = (7, 6, 5, 4, 3, 2, 2)
SOLO_BONUS = 5
#: The solo levels (E5): English message ids, kept in results and records as they are and
#: shown with ``_()``.
SOLO_LEVELS = (
    (37, N_("Bouquet")), (35, N_("Flower")), (32, N_("Bud")), (30, N_("Sprout")),
    (28, N_("Seed")), (None, N_("Soil")),
)
FILLER_LEVEL_SHIFT = 4

#: Window spot names: six on the lower shelf, two hanging (spec 2.8).
SPOTS = ("L1", "L2", "L3", "L4", "L5", "L6", "H1", "H2")
#: Cards dealt per solo round (7 + 6 + ... + 2).
SOLO_ROUND_CARDS = sum(SOLO_PILES)

COLOUR_LETTER = {"Red": "R", "Blue": "B", "Yellow": "Y", "Purple": "P"}


@dataclass(frozen=True)
class Card:
    """One card with everything the rules read from it.

    ``kind`` is flower, vase, basket, salary or order. Flowers and vases carry ``flower`` (a type
    letter, ``*`` for an any-flower vase) and ``count``; flowers their ``filler``; vases their
    ``petals``; baskets ``fp`` and ``cost``; salaries ``amount``.
    """

    id: str
    kind: str
    flower: str = ""
    count: int = 0
    filler: str = ""
    petals: int = 0
    fp: int = 0
    cost: int = 0
    amount: int = 0

    @property
    def glyph(self) -> str:
        """The card as the spec writes it: ``T2·H``, ``*×3``, ``BA05 3FP $4``, ``$5``, ``order``."""
        if self.kind == "flower":
            return f"{self.flower}{self.count}·{self.filler}"
        if self.kind == "vase":
            return f"{self.flower}×{self.count}"
        if self.kind == "basket":
            return f"{self.fp}FP ${self.cost}"
        if self.kind == "salary":
            return f"${self.amount}"
        return "order"


def _vase(card_id: str, need: str) -> Card:
    flower, count = need[0], int(need[1])
    petals = PETALS["any" if flower == "*" else "typed"][count]
    return Card(card_id, "vase", flower=flower, count=count, petals=petals)


def _build_cards() -> dict[str, Card]:
    cards: dict[str, Card] = {}
    for n, code in enumerate(FLOWERS, 1):
        card_id = f"FL{n:02d}"
        cards[card_id] = Card(card_id, "flower", flower=code[0], count=int(code[1]), filler=code[2])
    for n, need in enumerate(SHOP_VASES, 1):
        cards[f"VA{n:02d}"] = _vase(f"VA{n:02d}", need)
    for n, (fp, cost) in enumerate(BASKETS, 1):
        cards[f"BA{n:02d}"] = Card(f"BA{n:02d}", "basket", fp=fp, cost=cost)
    for n, amount in enumerate(SALARIES, 1):
        cards[f"SA{n:02d}"] = Card(f"SA{n:02d}", "salary", amount=amount)
    for n in range(1, ORDERS + 1):
        cards[f"OR{n:02d}"] = Card(f"OR{n:02d}", "order")
    for colour, needs in STARTING_VASES.items():
        for n, need in enumerate(needs, 1):
            card_id = f"S{COLOUR_LETTER[colour]}{n}"
            cards[card_id] = _vase(card_id, need)
    return cards


CARDS: dict[str, Card] = _build_cards()
#: The 96 shop cards in id order (the deck before shuffling).
SHOP_DECK: tuple[str, ...] = tuple(c for c in CARDS if not c.startswith("S") or c.startswith("SA"))


def starting_vases(colour: str) -> tuple[str, str, str]:
    """The ids of a colour's three starting vases (SR1..SR3 for Red)."""
    letter = COLOUR_LETTER[colour]
    return (f"S{letter}1", f"S{letter}2", f"S{letter}3")

"""The Little Flower Shop: drafting, using cards, selling, baskets, scoring, and the solo challenge.

The multiplayer game (2-4 seats) is three rounds of seven simultaneous picks. Each pick step every
seat chooses a face-down card (``pick FL07``); when all have chosen, the picks are revealed
together and every seat uses its card in a use step that ends with ``done``. Hands then pass
left, right, left in rounds 1, 2, 3.

The solo challenge (1 seat) replaces picking by seven face-down piles per round (7, 6, 5, 4, 3, 2,
2 cards): the player flips one card at a time and keeps or discards it.

Free actions (sell with an order, buy a basket, reorganize, trash) are ordinary small actions a
seat may take whenever it is asked to act; storage may overflow during a step but every
step-ending action needs four or fewer stored cards.
"""

from __future__ import annotations

import datetime as _dt
import hashlib
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import Any

from tulipgames.engine.core import (
    Action,
    Event,
    Game,
    IllegalAction,
    Option,
    Result,
    State,
    UnreadableAction,
    seat_ref,
)
from tulipgames.games.flowershop import INFO
from tulipgames.games.flowershop.data import (
    BASKET_HOOKS,
    CARDS,
    COLOURS,
    FILLER_LEVEL_SHIFT,
    FILLERS,
    FLOWER_TYPES,
    ORDER_PAY,
    PASS,
    PICKS,
    ROUNDS,
    SHOP_DECK,
    SOLO_BONUS,
    SOLO_LEVELS,
    SOLO_PILES,
    SOLO_ROUND_CARDS,
    SPOTS,
    STARTING_MONEY,
    STORAGE_MAX,
    SWAP_COST,
    VASE_ALONE_PAY,
    VASE_SPOTS,
    starting_vases,
)
from tulipgames.i18n import N_, SOURCE, Say, _, catalogue, current, render, say_count

STORAGE = "storage"
#: Each card's kind (flower, vase, basket, salary or order), looked up at every legal list.
KINDS = {card: info.kind for card, info in CARDS.items()}
#: The price of the dearest basket: money beyond it buys nothing more (see ``free_actions``).
_DEAREST_BASKET = max(info.cost for info in CARDS.values() if info.kind == "basket")


# -- card vocabulary ---------------------------------------------------------------------------
def kind(card: str) -> str:
    """flower, vase, basket, salary or order."""
    return CARDS[card].kind


@cache
def describe(card: str) -> str:
    """A card with its glyph, as logs and reasons write it: ``FL05 (R2·B)``."""
    return f"{card} ({CARDS[card].glyph})"


def card_say(card: str) -> str | Say:
    """A card as an event writes it (:func:`describe`), kept as data where it has a word: an
    order card's glyph is the word "order", read in each reader's language."""
    if KINDS[card] == "order":
        return Say("{card} (order)", card=card)
    return describe(card)


class SayJoin(Say):
    """Parts (texts or :class:`Say`) joined by ``sep``, each rendered in the reader's
    language: a reveal's picks, the final scores (a list is not one message)."""

    __slots__ = ("parts", "sep")

    def __init__(self, parts: Sequence[str | Say], sep: str) -> None:
        super().__init__("")
        self.parts = tuple(parts)
        self.sep = sep

    def render(self, lang: str | None = None) -> str:
        return self.sep.join(p.render(lang) if isinstance(p, Say) else p for p in self.parts)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, SayJoin):
            return (self.parts, self.sep) == (other.parts, other.sep)
        return NotImplemented

    def __hash__(self) -> int:
        return hash((self.parts, self.sep))

    def __repr__(self) -> str:
        return f"SayJoin({self.parts!r}, {self.sep!r})"


def pgettext(context: str, message: str, lang: str | None = None) -> str:
    """``message`` in ``lang`` (default: this session's) where its English word means more
    than one thing: "Trash" the verb and the noun, "Seed" the solo level and the setup
    screen's random seed (the package's catalogue, looked up first, has that one). The shared
    module has no ``pgettext``; the compiled catalogues have it, and Babel extracts it."""
    lang = current() if lang is None else lang
    return message if lang == SOURCE else catalogue(lang).pgettext(context, message)


def level_word(name: str, lang: str | None = None) -> str:
    """A solo level's name (an English id of :data:`SOLO_LEVELS`) in ``lang``."""
    words = {
        "Bouquet": pgettext("solo level", "Bouquet", lang),
        "Flower": pgettext("solo level", "Flower", lang),
        "Bud": pgettext("solo level", "Bud", lang),
        "Sprout": pgettext("solo level", "Sprout", lang),
        "Seed": pgettext("solo level", "Seed", lang),
        "Soil": pgettext("solo level", "Soil", lang),
    }
    return words.get(name, name)


def kind_word(card_kind: str) -> str:
    """A card kind (flower, vase, basket, salary, order) as reasons name it, in this session's
    language: "a basket card" (the word "order" alone is also an order card's glyph)."""
    words = {
        "flower": pgettext("card kind", "flower"),
        "vase": pgettext("card kind", "vase"),
        "basket": pgettext("card kind", "basket"),
        "salary": pgettext("card kind", "salary"),
        "order": pgettext("card kind", "order"),
    }
    return words.get(card_kind, card_kind)


class SayLevel(Say):
    """A solo level's name in an event, rendered in each reader's language."""

    __slots__ = ()

    def render(self, lang: str | None = None) -> str:
        return level_word(self.message, lang)


def long_name(card: str) -> str:
    """A flower or vase in words for reasons (the reader's language): ``FL05 (rose ×2)``,
    ``VA18 (any ×2)``."""
    info = CARDS[card]
    flower = _("any") if info.flower == "*" else _(FLOWER_TYPES[info.flower])
    return f"{card} ({flower} ×{info.count})"


@cache
def fits(flower: str, vase: str) -> bool:
    """Matching rule M1: same count, and the vase is "any" or of the flower's type."""
    f, v = CARDS[flower], CARDS[vase]
    return f.count == v.count and v.flower in ("*", f.flower)


def flower_price(flower: str) -> int:
    """What an order pays for a flower card: $3 / $4 / $5 for 1 / 2 / 3 flowers."""
    return ORDER_PAY[CARDS[flower].count]


def solo_level(score: int, filler_scoring: bool = False) -> str:
    """The solo level (E5) reached by a score; filler scoring raises every threshold by 4."""
    shift = FILLER_LEVEL_SHIFT if filler_scoring else 0
    for threshold, name in SOLO_LEVELS:
        if threshold is None or score >= threshold + shift:
            return name
    raise AssertionError("SOLO_LEVELS ends with a catch-all level")


def level_ladder(filler_scoring: bool = False) -> tuple[tuple[str, int | None], ...]:
    """E5's levels from Soil up with the lowest score of each (Soil: ``None``)."""
    shift = FILLER_LEVEL_SHIFT if filler_scoring else 0
    return tuple((name, None if t is None else t + shift) for t, name in reversed(SOLO_LEVELS))


def level_band(name: str, filler_scoring: bool = False) -> str:
    """A level's score band as text, e.g. ``35-36`` or ``<28``."""
    shift = FILLER_LEVEL_SHIFT if filler_scoring else 0
    bands = [(t + shift if t is not None else None, n) for t, n in SOLO_LEVELS]
    for index, (threshold, level) in enumerate(bands):
        if level != name:
            continue
        if threshold is None:
            return f"<{bands[index - 1][0]}"
        if index == 0:
            return f"{threshold}+"
        upper = bands[index - 1][0]
        assert upper is not None
        return f"{threshold}-{upper - 1}"
    raise ValueError(f"no level {name!r}")


def daily_seed(date: _dt.date) -> int:
    """The solo seed of a calendar day: the same deal for everybody on that date."""
    digest = hashlib.sha256(f"flowershop-solo-{date.isoformat()}".encode()).digest()
    return int.from_bytes(digest[:6], "big")


# -- actions -----------------------------------------------------------------------------------
def card_word(word: str) -> str:
    """A card id read from notation (``fl07`` -> ``FL07``); unknown ids are unreadable."""
    card = word.upper()
    if card not in CARDS:
        raise UnreadableAction(_("no card {card!r}").format(card=card))
    return card


def _bare(cls: type[Action], verb: str, words: list[str]) -> Action | None:
    """A one-word action (``swap``, ``keep``...): the class's action, or None for other words."""
    if words[0] != verb:
        return None
    if len(words) != 1:
        raise UnreadableAction(_("'{verb}' takes nothing after it").format(verb=verb))
    return cls()


def _one_card(words: list[str], verb: str) -> str | None:
    """The card of a ``<verb> <card>`` notation, or None for another verb."""
    if words[0] != verb:
        return None
    if len(words) != 2:
        raise UnreadableAction(_("write '{verb} <card>', e.g. '{verb} FL07'").format(verb=verb))
    return card_word(words[1])


def _where(word: str, preps: tuple[str, ...]) -> str:
    """The target of ``on=L4`` / ``at=H1`` / ``to=storage``: a spot name or ``storage``."""
    key, sep, where = word.partition("=")
    if not sep or key not in preps or not where:
        raise UnreadableAction(_("expected {preps} and a place").format(
            preps=_(" or ").join(p + "=" for p in preps)))
    return STORAGE if where == STORAGE else where.upper()


@dataclass(frozen=True)
class Pick(Action):
    """Choose a card of the hand as this pick step's face-down pick."""

    card: str

    def __str__(self) -> str:
        return f"pick {self.card}"

    @classmethod
    def parse(cls, words: list[str]) -> Action | None:
        card = _one_card(words, "pick")
        return None if card is None else cls(card)


@dataclass(frozen=True)
class Swap(Action):
    """Seventh-card rule: pay $2, discard the last hand card, pick the deck's top card instead."""

    def __str__(self) -> str:
        return "swap"

    @classmethod
    def parse(cls, words: list[str]) -> Action | None:
        return _bare(cls, "swap", words)


@dataclass(frozen=True)
class Keep(Action):
    """Solo: keep the flipped card and discard the rest of its pile."""

    def __str__(self) -> str:
        return "keep"

    @classmethod
    def parse(cls, words: list[str]) -> Action | None:
        return _bare(cls, "keep", words)


@dataclass(frozen=True)
class Discard(Action):
    """Solo: discard the flipped card and flip the next card of the pile."""

    def __str__(self) -> str:
        return "discard"

    @classmethod
    def parse(cls, words: list[str]) -> Action | None:
        return _bare(cls, "discard", words)


@dataclass(frozen=True)
class Draw(Action):
    """Solo, at a pile's last card: pay $2 to discard it and keep the deck's top card instead."""

    def __str__(self) -> str:
        return "draw"

    @classmethod
    def parse(cls, words: list[str]) -> Action | None:
        return _bare(cls, "draw", words)


@dataclass(frozen=True)
class Done(Action):
    """End the use step (the revealed card is used and storage holds at most 4)."""

    def __str__(self) -> str:
        return "done"

    @classmethod
    def parse(cls, words: list[str]) -> Action | None:
        return _bare(cls, "done", words)


@dataclass(frozen=True)
class ChooseFiller(Action):
    """Filler scoring: the filler this seat scores (+1 per window flower with it)."""

    filler: str

    def __str__(self) -> str:
        return f"filler {self.filler}"

    @classmethod
    def parse(cls, words: list[str]) -> Action | None:
        if words[0] != "filler":
            return None
        if len(words) != 2:
            raise UnreadableAction(_("write 'filler B', 'filler H' or 'filler F'"))
        return cls(words[1].upper())


@dataclass(frozen=True)
class Place(Action):
    """Put the card being used into the window: a vase at an empty spot, a flower on a vase."""

    card: str
    spot: str

    def __str__(self) -> str:
        prep = "on" if self.card in CARDS and kind(self.card) == "flower" else "at"
        return f"place {self.card} {prep}={self.spot}"

    @classmethod
    def parse(cls, words: list[str]) -> Action | None:
        if words[0] != "place":
            return None
        if len(words) != 3:
            raise UnreadableAction(_("write 'place FL07 on=L4' or 'place VA05 at=H1'"))
        return cls(card_word(words[1]), _where(words[2], ("on", "at")))


@dataclass(frozen=True)
class Store(Action):
    """Put the card being used into storage."""

    card: str

    def __str__(self) -> str:
        return f"store {self.card}"

    @classmethod
    def parse(cls, words: list[str]) -> Action | None:
        card = _one_card(words, "store")
        return None if card is None else cls(card)


@dataclass(frozen=True)
class Trash(Action):
    """Move one possessed card to the trash, for good."""

    card: str

    def __str__(self) -> str:
        return f"trash {self.card}"

    @classmethod
    def parse(cls, words: list[str]) -> Action | None:
        card = _one_card(words, "trash")
        return None if card is None else cls(card)


@dataclass(frozen=True)
class Buy(Action):
    """Pay a basket's cost and hang it on a free hook."""

    card: str

    def __str__(self) -> str:
        return f"buy {self.card}"

    @classmethod
    def parse(cls, words: list[str]) -> Action | None:
        card = _one_card(words, "buy")
        return None if card is None else cls(card)


@dataclass(frozen=True)
class Sell(Action):
    """Fulfil an order: the order and its goods (a flower, a vase, or a vase + fitting flower)."""

    order: str
    goods: tuple[str, ...]

    def __post_init__(self) -> None:
        # A vase is written before its flower, whichever way the pair was given.
        ordered = tuple(sorted(self.goods, key=lambda c: c not in CARDS or kind(c) != "vase"))
        object.__setattr__(self, "goods", ordered)

    def __str__(self) -> str:
        return f"sell {self.order} {'+'.join(self.goods)}"

    @classmethod
    def parse(cls, words: list[str]) -> Action | None:
        if words[0] != "sell":
            return None
        if len(words) != 3:
            raise UnreadableAction(_("write 'sell OR02 FL07' or 'sell OR02 VA14+FL29'"))
        return cls(card_word(words[1]), tuple(card_word(g) for g in words[2].split("+")))


@dataclass(frozen=True)
class Move(Action):
    """Reorganize: a vase or flower of the window or storage to a spot or to storage."""

    card: str
    to: str

    def __str__(self) -> str:
        if not self.to:
            return f"move {self.card}"
        if self.to == STORAGE:
            return f"move {self.card} to={STORAGE}"
        prep = "on" if self.card in CARDS and kind(self.card) == "flower" else "at"
        return f"move {self.card} {prep}={self.to}"

    @classmethod
    def parse(cls, words: list[str]) -> Action | None:
        if words[0] != "move":
            return None
        if len(words) == 2:  # no target: read, then refused by the rules with a hint
            return cls(card_word(words[1]), "")
        if len(words) != 3:
            raise UnreadableAction(_("write 'move VA05 to=storage' or 'move FL16 on=L2'"))
        return cls(card_word(words[1]), _where(words[2], ("on", "at", "to")))


ENDING_ACTIONS = (Pick, Swap, Keep, Discard, Draw, Done, ChooseFiller)

# Actions are immutable, so the legal lists hand out shared instances: a shop offers dozens of
# moves at every step, and making them anew was most of a playout's time.
_pick, _place, _store, _buy, _trash, _move_to = map(cache, (Pick, Place, Store, Buy, Trash, Move))
_sell = lru_cache(maxsize=1 << 16)(Sell)
SWAP, KEEP, DISCARD, DRAW, DONE = Swap(), Keep(), Discard(), Draw(), Done()
CHOOSE_FILLERS: tuple[Action, ...] = tuple(ChooseFiller(letter) for letter in FILLERS)


# -- a player's shop ---------------------------------------------------------------------------
class Shop:
    """One player's window, hooks, storage, trash, register and draft cards."""

    __slots__ = (
        "colour", "done", "filler", "flowers", "hand", "hooks", "money", "paid", "pick",
        "register", "sales", "spots", "storage", "swap_from", "trash", "using",
    )

    def __init__(self, colour: str) -> None:
        self.colour = colour
        self.spots: list[str | None] = [None] * VASE_SPOTS
        self.flowers: list[str | None] = [None] * VASE_SPOTS
        self.hooks: list[str] = []
        self.storage: list[str] = []
        self.trash: list[str] = []
        self.register: list[str] = []  # salary cards
        self.money = STARTING_MONEY
        self.sales = 0  # money earned by selling
        self.paid = 0  # money spent on swaps and draws
        self.hand: list[str] = []
        self.pick: str | None = None
        self.swap_from: str | None = None  # the hand card a swap discarded, until the reveal
        self.using: str | None = None  # the revealed card not yet used
        self.done = False
        self.filler: str | None = None

    def clone(self) -> Shop:
        """An independent copy: every slot copied, lists as new lists (no field can be lost)."""
        twin = Shop.__new__(Shop)
        for name in Shop.__slots__:
            value = getattr(self, name)
            setattr(twin, name, value[:] if isinstance(value, list) else value)
        return twin

    # -- where things are -------------------------------------------------------------------
    def spot_of(self, card: str) -> int:
        """The spot index of a window vase, or of the vase a window flower sits in; -1 if none."""
        if card in self.spots:
            return self.spots.index(card)
        if card in self.flowers:
            return self.flowers.index(card)
        return -1

    def possesses(self, card: str) -> bool:
        """A card in the window (vase or flower), in storage, or being used."""
        return card == self.using or card in self.storage or self.spot_of(card) >= 0

    def empty_spots(self) -> list[int]:
        return [i for i, vase in enumerate(self.spots) if vase is None]

    def remove(self, card: str) -> None:
        """Take a possessed card out of wherever it is (its vase stays if it is a flower)."""
        if card == self.using:
            self.using = None
        elif card in self.storage:
            self.storage.remove(card)
        elif card in self.flowers:
            self.flowers[self.flowers.index(card)] = None
        else:
            index = self.spots.index(card)
            self.spots[index] = None
            self.flowers[index] = None

    def cleanup_cards(self) -> list[str]:
        """What end-of-game cleanup (E1) trashes: empty window vases and every stored card."""
        pairs = zip(self.spots, self.flowers, strict=True)
        empty = [v for v, f in pairs if v is not None and f is None]
        return empty + self.storage + ([self.using] if self.using else [])


# -- views -------------------------------------------------------------------------------------
@dataclass(frozen=True)
class ShopView:
    """A shop as everybody sees it (the window, storage and trash are public)."""

    seat: int
    colour: str
    spots: tuple[tuple[str | None, str | None], ...]
    hooks: tuple[str, ...]
    storage: tuple[str, ...]
    trash: tuple[str, ...]
    money: int
    hand_size: int
    picked: bool
    using: str | None
    done: bool
    filler: str | None
    #: Window flowers per filler letter (B, H, F): what each filler choice would score.
    filler_counts: tuple[tuple[str, int], ...] = ()
    #: The trash count if the game ended now: cleanup (E1) adds empty vases and stored cards.
    end_trash: int = 0

    def filler_count(self, letter: str) -> int:
        return dict(self.filler_counts).get(letter, 0)


@dataclass(frozen=True)
class FlowerShopView:
    """What one seat may see: every shop, its own hand and pick, and the public reveals.

    ``reveal[seat]`` is that seat's last revealed pick and the card its swap discarded (or
    ``None``). ``preview[seat]`` is the score row by row if the game ended now, cleanup applied.
    Solo adds the pile sizes, the flipped card and the discards; unflipped cards never appear.
    """

    viewer: int | None
    seats: int
    solo: bool
    filler_scoring: bool
    phase: str
    round: int
    step: int
    shops: tuple[ShopView, ...]
    hand: tuple[str, ...]
    my_pick: str | None
    my_swap: str | None
    reveal: tuple[tuple[str | None, str | None], ...]
    pass_offset: int
    deck_size: int
    out: tuple[str, ...]
    piles: tuple[int, ...]
    flipped: str | None
    under: int
    solo_discards: tuple[str, ...]
    draw_allowed: bool
    categories: tuple[str, ...]
    preview: tuple[tuple[int, ...], ...]
    #: Why the viewer's step may not end now (storage over 4, the revealed card unused); ""
    #: when it may, or when the viewer need not act.
    end_blocker: str = ""
    #: The viewer's possible sales with what each pays (F1), so no screen restates prices.
    sales: tuple[tuple[Sell, int], ...] = ()
    #: Solo: the level the preview reaches, and the ladder in force (filler scoring raises it):
    #: ``(name, lowest score)`` from Soil (``None``: below every threshold) up to Bouquet.
    level: str = ""
    ladder: tuple[tuple[str, int | None], ...] = ()

    def price(self, sale: Sell) -> int | None:
        """What a sale pays the viewer, or None if the viewer cannot make it now."""
        return dict(self.sales).get(sale)

    @property
    def next_level(self) -> tuple[str, int] | None:
        """Solo: the next level above the preview and the score it needs (None at the top)."""
        total = sum(self.preview[0]) if self.preview else 0
        for name, threshold in self.ladder:
            if threshold is not None and threshold > total:
                return name, threshold
        return None


@dataclass(frozen=True)
class FlowerShopResult(Result):
    """A result that also names the solo level reached (empty in multiplayer)."""

    level: str = ""


# -- the state ---------------------------------------------------------------------------------
class FlowerShopState(State):
    """A Little Flower Shop position.

    ``phase`` is ``pick`` (multiplayer picking), ``flip`` (solo flipping), ``use`` (using the
    revealed or kept card), ``filler`` (choosing the scored filler) or ``over``. The deck's top
    card is ``deck[-1]``.
    """

    game_id = "flowershop"

    def __init__(self, seats: int, seed: int, options: Mapping[str, Any]) -> None:
        super().__init__(seats, seed, options)
        self.filler_scoring = bool(self.options.get("filler_scoring", False))
        self.shops = [Shop(COLOURS[i]) for i in range(seats)]
        for shop in self.shops:
            shop.spots[:3] = starting_vases(shop.colour)
        self.deck = list(SHOP_DECK)
        self.rng.shuffle(self.deck)
        self.out: list[str] = []  # sold, discarded and swapped cards
        self.round = 1
        self.step = 1  # pick number (multiplayer) or pile number (solo), 1-based
        self.phase = "flip" if seats == 1 else "pick"
        self.reveal: list[tuple[str | None, str | None]] = [(None, None)] * seats
        self.piles: list[list[str]] = []
        self.solo_discards: list[str] = []
        if self.solo:
            self._deal_piles()
        else:
            self._deal_hands()

    @property
    def solo(self) -> bool:
        return self.seats == 1

    def clone(self) -> FlowerShopState:
        twin = self._clone_base()
        twin.filler_scoring = self.filler_scoring
        twin.shops = [shop.clone() for shop in self.shops]
        twin.deck = self.deck[:]
        twin.out = self.out[:]
        twin.round = self.round
        twin.step = self.step
        twin.phase = self.phase
        twin.reveal = self.reveal[:]
        twin.piles = [pile[:] for pile in self.piles]
        twin.solo_discards = self.solo_discards[:]
        return twin

    # -- dealing ------------------------------------------------------------------------------
    def _deal_hands(self) -> None:
        """Deal 7 cards from the top of the deck to each seat, seat 0 first."""
        for shop in self.shops:
            shop.hand = [self.deck.pop() for _card in range(PICKS)]

    def _deal_piles(self) -> list[Event]:
        """Solo P1: deal piles of 7, 6, 5, 4, 3, 2, 2 cards and flip pile 1's first card."""
        self.piles = [[self.deck.pop() for _card in range(size)] for size in SOLO_PILES]
        self.step = 1
        self.phase = "flip"
        return [self._flip_event()]

    def _flip_event(self) -> Event:
        card = self.piles[self.step - 1][0]
        return Event(Say("Pile {pile}: you flip {card}.", pile=self.step, card=card_say(card)),
                     reveals=True)

    def pass_offset(self) -> int:
        """R5: +1 (left) in rounds 1 and 3, -1 (right) in round 2."""
        return PASS[self.round]

    def pass_target(self, seat: int) -> int:
        """The seat that receives ``seat``'s remaining hand this round."""
        return (seat + self.pass_offset()) % self.seats

    def draw_allowed(self) -> bool:
        """P6: a solo draw leaves every pile of the rounds still to deal dealable."""
        return len(self.deck) > SOLO_ROUND_CARDS * (ROUNDS - self.round)

    @property
    def flipped(self) -> str | None:
        """Solo: the face-up card of the current pile during a flip step."""
        if self.phase != "flip":
            return None
        return self.piles[self.step - 1][0]

    @property
    def under(self) -> int:
        """Solo: face-down cards under the flipped card."""
        return len(self.piles[self.step - 1]) - 1 if self.phase == "flip" else 0

    # -- who acts -----------------------------------------------------------------------------
    def to_act(self) -> tuple[int, ...]:
        if self.phase == "use":
            return tuple([i for i, s in enumerate(self.shops) if not s.done])
        if self.phase == "pick":
            return tuple([i for i, s in enumerate(self.shops) if s.pick is None])
        if self.phase == "flip":
            return (0,)
        if self.phase == "filler":
            return tuple(i for i, s in enumerate(self.shops) if s.filler is None)
        return ()

    def is_over(self) -> bool:
        return self.phase == "over"

    # -- legality ------------------------------------------------------------------------------
    def legal_actions(self, seat: int) -> list[Action]:
        if seat not in self.to_act():
            return []
        shop = self.shops[seat]
        if self.phase == "filler":
            return list(CHOOSE_FILLERS)
        actions = self._step_actions(shop)
        actions += free_actions(shop)
        return actions

    def step_actions(self, seat: int) -> list[Action]:
        """The legal step-ending actions of ``seat`` (pick, swap, keep, discard, draw, done)."""
        if seat not in self.to_act():
            return []
        return self._step_actions(self.shops[seat])

    def _step_actions(self, shop: Shop) -> list[Action]:
        """:meth:`step_actions` of a shop whose seat is known to act."""
        if len(shop.storage) > STORAGE_MAX:
            return []
        if self.phase == "filler":
            return list(CHOOSE_FILLERS)
        if self.phase == "pick":
            picks: list[Action] = [_pick(card) for card in shop.hand]
            if self.step == PICKS and shop.money >= SWAP_COST and self.deck:
                picks.append(SWAP)
            return picks
        if self.phase == "use":
            return [DONE] if shop.using is None else []
        if self.under > 0:
            return [KEEP, DISCARD]
        return [KEEP, DRAW] if shop.money >= SWAP_COST and self.draw_allowed() else [KEEP]

    def check(self, seat: int, action: Action) -> None:
        shop = self.shops[seat]
        if isinstance(action, ChooseFiller):
            if self.phase != "filler":
                raise IllegalAction(_("the filler is chosen after the last round"))
            if action.filler not in FILLERS:
                raise IllegalAction(_("no filler {filler!r} (B, H or F)").format(
                    filler=action.filler))
            return
        if self.phase == "filler":
            raise IllegalAction(_("the game is over: choose the filler you score (B, H or F)"))
        if isinstance(action, ENDING_ACTIONS):
            self._check_ending(shop, action)
            return
        check_free(shop, action)

    def end_blocker(self, seat: int) -> str:
        """Why ``seat`` may not end its step now, or "" when it may (or need not act).

        L2: a step-ending action needs 4 or fewer stored cards; R4: ``done`` needs the revealed
        card used.
        """
        if seat not in self.to_act() or self.phase not in ("pick", "use", "flip"):
            return ""
        shop = self.shops[seat]
        if len(shop.storage) > STORAGE_MAX:
            # Translators: the reason a step may not end yet (storage holds more than 4 cards).
            return _("storage holds {n} cards: sell, buy, place or trash down to {most} first"
                     ).format(n=len(shop.storage), most=STORAGE_MAX)
        if self.phase == "use" and shop.using is not None:
            return _("use {card} first: place, store, sell or trash it").format(
                card=render(card_say(shop.using)))
        return ""

    def _check_ending(self, shop: Shop, action: Action) -> None:
        expected = {
            "pick": (Pick, Swap), "use": (Done,), "flip": (Keep, Discard, Draw),
        }[self.phase]
        if not isinstance(action, expected):
            # the step words are notation (what a player types): not translated
            names = _(" or ").join(str(a.__name__).lower() for a in expected)
            raise IllegalAction(_("'{action}' is not a step now: this step ends with {names}"
                                  ).format(action=action, names=names))
        blocker = self.end_blocker(self.shops.index(shop))
        if blocker:
            raise IllegalAction(blocker)
        if isinstance(action, Pick):
            if action.card not in shop.hand:
                raise IllegalAction(_("{card} is not in your hand").format(card=action.card))
        elif isinstance(action, Swap):
            if self.step != PICKS:
                raise IllegalAction(_("swap is only allowed at pick 7"))
            if shop.money < SWAP_COST:
                raise IllegalAction(_("swap costs ${cost}; you have ${money}").format(
                    cost=SWAP_COST, money=shop.money))
            if not self.deck:
                raise IllegalAction(_("the deck is empty"))
        elif isinstance(action, Discard):
            if self.under == 0:
                raise IllegalAction(
                    _("the last card of a pile cannot be discarded: keep it or draw"))
        elif isinstance(action, Draw):
            if self.under > 0:
                raise IllegalAction(_("draw is only allowed at the last card of a pile"))
            if shop.money < SWAP_COST:
                raise IllegalAction(_("a draw costs ${cost}; you have ${money}").format(
                    cost=SWAP_COST, money=shop.money))
            if not self.draw_allowed():
                raise IllegalAction(
                    _("the deck must keep enough cards for the piles still to deal: no draw now")
                )

    # -- applying ------------------------------------------------------------------------------
    def _apply(self, seat: int, action: Action) -> list[Event]:
        shop = self.shops[seat]
        if isinstance(action, Pick):
            return self._pick(seat, shop, action.card)
        if isinstance(action, Swap):
            return self._swap(seat, shop)
        if isinstance(action, Keep):
            return self._keep(shop)
        if isinstance(action, Discard):
            return self._discard(shop)
        if isinstance(action, Draw):
            return self._draw(shop)
        if isinstance(action, Done):
            return self._done(seat, shop)
        if isinstance(action, ChooseFiller):
            shop.filler = action.filler
            events = [Event(Say("{who} scores {filler} ({letter}).", who=seat_ref(seat),
                                filler=Say(FILLERS[action.filler]), letter=action.filler))]
            if all(s.filler is not None for s in self.shops):
                self.phase = "over"
                events.append(self._final_event())
            return events
        return apply_free(self, seat, shop, action)

    def _pick(self, seat: int, shop: Shop, card: str) -> list[Event]:
        shop.hand.remove(card)
        shop.pick = card
        events = [
            Event(Say("{who} has picked.", who=seat_ref(seat)),
                  private=Say("You pick {card}.", card=card_say(card)), seat=seat)
        ]
        return events + self._maybe_reveal()

    def _swap(self, seat: int, shop: Shop) -> list[Event]:
        """S1: pay $2, the hand card leaves the game, the deck's top card is the pick."""
        old = shop.hand.pop()
        shop.money -= SWAP_COST
        shop.paid += SWAP_COST
        shop.swap_from = old
        shop.pick = self.deck.pop()
        events = [
            Event(
                Say("{who} has picked.", who=seat_ref(seat)),
                private=Say("You pay ${cost}, discard {old} and draw {new}.", cost=SWAP_COST,
                            old=card_say(old), new=card_say(shop.pick)),
                seat=seat,
                reveals=True,
            )
        ]
        return events + self._maybe_reveal()

    def _maybe_reveal(self) -> list[Event]:
        """R3: once every seat has picked, all picks turn face up together, in seat order."""
        if any(s.pick is None for s in self.shops):
            return []
        parts: list[str | Say] = []
        for seat, shop in enumerate(self.shops):
            card = shop.pick
            assert card is not None
            if shop.swap_from is not None:
                parts.append(Say("{who} {card} (paid ${cost} to swap {old})", who=seat_ref(seat),
                                 card=card_say(card), cost=SWAP_COST,
                                 old=card_say(shop.swap_from)))
                self.out.append(shop.swap_from)
            else:
                parts.append(Say("{who} {card}", who=seat_ref(seat), card=card_say(card)))
            self.reveal[seat] = (card, shop.swap_from)
            shop.pick = None
            shop.swap_from = None
            shop.done = False
            self._take(shop, card)
        self.phase = "use"
        text = Say("Round {round}, pick {pick} revealed: {picks}.", round=self.round,
                   pick=self.step, picks=SayJoin(parts, "; "))
        return [Event(text, reveals=True)]

    @staticmethod
    def _take(shop: Shop, card: str) -> None:
        """A revealed or kept card waits to be used; a salary goes straight to the register."""
        if kind(card) == "salary":
            shop.register.append(card)
            shop.money += CARDS[card].amount
        else:
            shop.using = card

    def _keep(self, shop: Shop) -> list[Event]:
        """P2: keep the flipped card; the rest of the pile is discarded face up."""
        pile = self.piles[self.step - 1]
        card, rest = pile[0], pile[1:]
        pile.clear()
        self.out.extend(rest)
        self.solo_discards.extend(rest)
        self._take(shop, card)
        self.phase = "use"
        shop.done = False
        if rest:
            text = Say("You keep {card}. Discarded: {cards}.", card=card_say(card),
                       cards=SayJoin([card_say(c) for c in rest], ", "))
        else:
            text = Say("You keep {card}.", card=card_say(card))
        return [Event(text, reveals=bool(rest))]

    def _discard(self, shop: Shop) -> list[Event]:
        pile = self.piles[self.step - 1]
        card = pile.pop(0)
        self.out.append(card)
        self.solo_discards.append(card)
        return [Event(Say("You discard {card}.", card=card_say(card))), self._flip_event()]

    def _draw(self, shop: Shop) -> list[Event]:
        """P3: pay $2; the last card leaves the game and the deck's top card is kept."""
        pile = self.piles[self.step - 1]
        old = pile.pop()
        self.out.append(old)
        self.solo_discards.append(old)
        shop.money -= SWAP_COST
        shop.paid += SWAP_COST
        card = self.deck.pop()
        self._take(shop, card)
        self.phase = "use"
        shop.done = False
        text = Say("You pay ${cost}, discard {old} and draw {new}.", cost=SWAP_COST,
                   old=card_say(old), new=card_say(card))
        return [Event(text, reveals=True)]

    def _done(self, seat: int, shop: Shop) -> list[Event]:
        shop.done = True
        if self.solo:
            return self._next_pile()
        events = [Event(Say("{who} is done.", who=seat_ref(seat)))]
        if all(s.done for s in self.shops):
            events.extend(self._next_pick())
        return events

    def _next_pile(self) -> list[Event]:
        if self.step < len(SOLO_PILES):
            self.step += 1
            self.phase = "flip"
            return [self._flip_event()]
        if self.round < ROUNDS:
            self.round += 1
            return [Event(Say("Round {round} begins.", round=self.round)), *self._deal_piles()]
        return self._end()

    def _next_pick(self) -> list[Event]:
        """R5/R6: pass the hands on, or deal the next round, or end the game."""
        if self.step < PICKS:
            hands = [shop.hand for shop in self.shops]
            for seat, hand in enumerate(hands):
                self.shops[self.pass_target(seat)].hand = hand
            self.step += 1
            self.phase = "pick"
            if self.pass_offset() > 0:
                return [Event(Say("Hands pass left. Pick {pick}.", pick=self.step))]
            return [Event(Say("Hands pass right. Pick {pick}.", pick=self.step))]
        if self.round < ROUNDS:
            self.round += 1
            self.step = 1
            self.phase = "pick"
            self._deal_hands()
            return [Event(Say("Round {round} begins: 7 new cards each.", round=self.round))]
        return self._end()

    def _end(self) -> list[Event]:
        """E1: empty window vases and every stored card go to the trash."""
        events = []
        for seat, shop in enumerate(self.shops):
            swept = shop.cleanup_cards()
            shop.trash.extend(swept)
            shop.storage.clear()
            shop.using = None
            for i, (vase, flower) in enumerate(zip(shop.spots, shop.flowers, strict=True)):
                if vase is not None and flower is None:
                    shop.spots[i] = None
            if swept:
                events.append(Event(say_count("Cleanup: {who} trashes {n} card.",
                                              "Cleanup: {who} trashes {n} cards.", len(swept),
                                              who=seat_ref(seat))))
        if self.filler_scoring:
            self.phase = "filler"
            events.append(Event(N_("Choose the filler you score.")))
        else:
            self.phase = "over"
            events.append(self._final_event())
        return events

    def _final_event(self) -> Event:
        result = self.result()
        parts = SayJoin([Say("{who} {total} FP", who=seat_ref(s), total=t)
                         for s, t in enumerate(result.totals)], ", ")
        if result.level:
            return Event(Say("Game over: {scores}. Level: {level}.", scores=parts,
                             level=SayLevel(result.level)))
        return Event(Say("Game over: {scores}.", scores=parts))

    # -- scoring -------------------------------------------------------------------------------
    def categories(self) -> tuple[str, ...]:
        # English message ids: the widgets look rows up by them, screens show them with _()
        rows = [N_("Petals"), N_("Baskets"), N_("Money"), N_("Trash")]
        if self.solo:
            rows.append(N_("Completion bonus"))
        if self.filler_scoring:
            rows.append(N_("Filler"))
        return tuple(rows)

    def score_rows(self, seat: int) -> tuple[int, ...]:
        """E3 rows for a seat, as if the game ended now (cleanup E1 applied)."""
        return score_rows(self.shops[seat], self.solo, self.filler_scoring)

    def result(self) -> FlowerShopResult:
        rows = [self.score_rows(seat) for seat in range(self.seats)]
        vases = [len(shop_after_cleanup(s)[0]) for s in self.shops]
        change = [s.money % 5 for s in self.shops]
        keys = [(v, c) for v, c in zip(vases, change, strict=True)]
        ending = self._ending()
        if self.solo:  # alone, nothing to break: the level says how it went
            base = Result.build(self.categories(), rows, ending=ending)
            level = solo_level(base.totals[0], self.filler_scoring)
            return FlowerShopResult(**{**base.__dict__, "level": level})
        totals = [sum(r) for r in rows]
        tied = len(set(totals)) < len(totals)
        base = Result.build(
            self.categories(),
            rows,
            # E4 breaks ties only; with no equal totals there is nothing to explain
            tiebreak=N_("most vases in the window, then money mod 5") if tied else "",
            tiebreak_values=keys,  # E6: always in the result
            tiebreak_keys=keys,
            ending=ending,
        )
        return FlowerShopResult(**base.__dict__)

    def _ending(self) -> str:
        """Why the game ended (R7), in words; "" while it goes on."""
        if self.phase != "over":
            return ""
        # message ids (a result is stored as text): the numbers are ROUNDS, SOLO_PILES, PICKS
        assert (ROUNDS, len(SOLO_PILES), PICKS) == (3, 7, 7)
        if self.solo:
            return N_("All 3 rounds of 7 piles are played.")
        return N_("All 3 rounds of 7 picks are played.")

    def score_detail(self, seat: int) -> str:
        """The high-score note: the solo level reached, else the place at the table."""
        result = self.result()
        if self.solo:
            return f"level {result.level} ({level_band(result.level, self.filler_scoring)})"
        return f"place {result.ranks[seat]} of {self.seats}"

    def estimate(self) -> tuple[float, ...]:
        return tuple(float(sum(self.score_rows(seat))) for seat in range(self.seats))

    # -- what a seat sees -----------------------------------------------------------------------
    def view(self, seat: int | None) -> FlowerShopView:
        shops = []
        for i, shop in enumerate(self.shops):
            money = shop.money
            if shop.swap_from is not None and i != seat:
                money += SWAP_COST  # the swap stays secret until the reveal (spec 7)
            shops.append(
                ShopView(
                    seat=i,
                    colour=shop.colour,
                    spots=tuple(zip(shop.spots, shop.flowers, strict=True)),
                    hooks=tuple(shop.hooks),
                    storage=tuple(shop.storage),
                    trash=tuple(shop.trash),
                    money=money,
                    hand_size=len(shop.hand),
                    picked=shop.pick is not None,
                    using=shop.using,
                    done=shop.done,
                    filler=shop.filler,
                    filler_counts=tuple(filler_counts(shop).items()),
                    end_trash=shop_after_cleanup(shop)[1],
                )
            )
        mine = self.shops[seat] if seat is not None else None
        preview = tuple(self.score_rows(i) for i in range(self.seats))
        acting = seat is not None and seat in self.to_act()
        sales: tuple[tuple[Sell, int], ...] = ()
        if mine is not None and acting and self.phase != "filler":
            sales = tuple((sale, sale_price(mine, sale)) for sale in _sales(mine))
        return FlowerShopView(
            viewer=seat,
            seats=self.seats,
            solo=self.solo,
            filler_scoring=self.filler_scoring,
            phase=self.phase,
            round=self.round,
            step=self.step,
            shops=tuple(shops),
            hand=tuple(mine.hand) if mine else (),
            my_pick=mine.pick if mine else None,
            my_swap=mine.swap_from if mine else None,
            reveal=tuple(self.reveal),
            pass_offset=self.pass_offset(),
            deck_size=len(self.deck),
            out=tuple(self.out),
            piles=tuple(len(pile) for pile in self.piles),
            flipped=self.flipped,
            under=self.under,
            solo_discards=tuple(self.solo_discards),
            draw_allowed=self.solo and self.draw_allowed(),
            categories=self.categories(),
            preview=preview,
            end_blocker=self.end_blocker(seat) if seat is not None else "",
            sales=sales,
            level=solo_level(sum(preview[0]), self.filler_scoring) if self.solo else "",
            ladder=level_ladder(self.filler_scoring) if self.solo else (),
        )

    def prompt(self, seat: int) -> str:
        shop = self.shops[seat]
        # made for the seat at hand, in its language (the words in quotes are notation)
        if self.phase == "over":
            return _("The game is over.")
        if seat not in self.to_act():
            return _("Wait for the other players.")
        if len(shop.storage) > STORAGE_MAX and self.phase != "filler":
            return _("Storage holds {n}: sell, buy, place or trash down to 4.").format(
                n=len(shop.storage))
        if self.phase == "pick":
            if self.step == PICKS:
                return _("Round {round}, pick 7: pick the last card, or swap (${cost}).").format(
                    round=self.round, cost=SWAP_COST)
            return _("Round {round}, pick {pick}: choose a card to keep.").format(
                round=self.round, pick=self.step)
        if self.phase == "use":
            if shop.using:
                return _("Use {card}: place, store, sell or trash it.").format(
                    card=render(card_say(shop.using)))
            return _("Sell, buy, reorganize or trash as you like, then done.")
        if self.phase == "flip":
            card = self.flipped
            assert card is not None
            if self.under:
                return _("Pile {pile}: keep or discard {card} ({n} under).").format(
                    pile=self.step, card=render(card_say(card)), n=self.under)
            return _("Pile {pile}: last card {card}: keep, or draw (${cost}).").format(
                pile=self.step, card=render(card_say(card)), cost=SWAP_COST)
        return _("Choose the filler you score: B, H or F.")

    # -- hidden information --------------------------------------------------------------------
    def secrets(self, seat: int) -> frozenset[str]:
        """Spec 7: a seat's hand and its face-down pick (a swap's drawn card and the card the
        swap discarded too) until the reveal. Solo has no other seat to hide from."""
        if self.solo:
            return frozenset()
        shop = self.shops[seat]
        return frozenset(c for c in (*shop.hand, shop.pick, shop.swap_from) if c)

    def _redeal_hidden(self, seat: int, rng: random.Random) -> None:
        """Shuffle everything ``seat`` has not seen back among the unseen places.

        Multiplayer: the other seats' hands, their face-down picks (and the cards a secret swap
        discarded) and the deck. Solo: the deck and every face-down pile card.
        """
        if self.solo:
            slots: list[tuple[list[str], int]] = []
            for p, pile in enumerate(self.piles):
                first = 1 if (self.phase == "flip" and p == self.step - 1) else 0
                slots.extend((pile, i) for i in range(first, len(pile)))
            pool = [pile[i] for pile, i in slots] + self.deck
            rng.shuffle(pool)
            for pile, i in slots:
                pile[i] = pool.pop()
            self.deck = pool
            return
        others = [s for i, s in enumerate(self.shops) if i != seat]
        pool = list(self.deck)
        for shop in others:
            pool.extend(shop.hand)
            if shop.pick is not None:
                pool.append(shop.pick)
            if shop.swap_from is not None:
                pool.append(shop.swap_from)
        rng.shuffle(pool)
        for shop in others:
            shop.hand = [pool.pop() for _card in shop.hand]
            if shop.pick is not None:
                shop.pick = pool.pop()
            if shop.swap_from is not None:
                shop.swap_from = pool.pop()
        self.deck = pool

    # -- invariants ----------------------------------------------------------------------------
    def invariant_violations(self) -> list[str]:
        problems: list[str] = []
        seen: list[str] = list(self.deck) + self.out
        for pile in self.piles:
            seen.extend(pile)
        acting = self.to_act()
        for seat, shop in enumerate(self.shops):
            seen.extend(shop.hand)
            seen.extend(c for c in (shop.pick, shop.swap_from, shop.using) if c)
            seen.extend(c for c in shop.spots if c)
            seen.extend(c for c in shop.flowers if c)
            seen.extend(shop.hooks + shop.storage + shop.trash + shop.register)
            earned = sum(CARDS[c].amount for c in shop.register) + shop.sales
            spent = sum(CARDS[c].cost for c in shop.hooks) + shop.paid
            if shop.money != STARTING_MONEY + earned - spent:
                problems.append(f"seat {seat}: money {shop.money} != {earned} in - {spent} out")
            if shop.money < 0:
                problems.append(f"seat {seat}: negative money")
            if seat not in acting and len(shop.storage) > STORAGE_MAX:
                problems.append(f"seat {seat}: {len(shop.storage)} stored after its step")
            if len(shop.hooks) > BASKET_HOOKS:
                problems.append(f"seat {seat}: {len(shop.hooks)} baskets hang")
            for vase, flower in zip(shop.spots, shop.flowers, strict=True):
                if flower is not None and (vase is None or not fits(flower, vase)):
                    problems.append(f"seat {seat}: {flower} sits in {vase}")
        expected = _all_cards(tuple(shop.colour for shop in self.shops))
        if sorted(seen) != expected:
            problems.append(f"cards not conserved: {len(seen)} placed, {len(expected)} expected")
        return problems


@cache
def _all_cards(colours: tuple[str, ...]) -> list[str]:
    """Every card of a game with these shop colours, sorted: the shop deck and each shop's
    starting vases (what the conservation check compares the cards in play with)."""
    return sorted(list(SHOP_DECK) + [v for colour in colours for v in starting_vases(colour)])


# -- free actions (F1-F4 and using the revealed card) -----------------------------------------
def shop_after_cleanup(shop: Shop) -> tuple[list[str], int]:
    """The filled window vases left after cleanup, and the trash count it would leave."""
    pairs = zip(shop.spots, shop.flowers, strict=True)
    filled = [v for v, f in pairs if v is not None and f is not None]
    return filled, len(shop.trash) + len(shop.cleanup_cards())


def score_rows(shop: Shop, solo: bool, filler_scoring: bool) -> tuple[int, ...]:
    """E3: petals, baskets, money ÷ 5, −trash ÷ 2, the solo completion bonus, the filler row."""
    filled, trash = shop_after_cleanup(shop)
    petals = sum(CARDS[v].petals for v in filled)
    rows = [petals, sum(CARDS[b].fp for b in shop.hooks), shop.money // 5, -(trash // 2)]
    if solo:
        complete = len(filled) == VASE_SPOTS and len(shop.hooks) == BASKET_HOOKS
        rows.append(SOLO_BONUS if complete else 0)
    if filler_scoring:
        rows.append(max(filler_counts(shop).values()) if shop.filler is None
                    else filler_counts(shop)[shop.filler])
    return tuple(rows)


def filler_counts(shop: Shop) -> dict[str, int]:
    """Window flowers per filler (only flowers in the window ever count)."""
    counts = dict.fromkeys(FILLERS, 0)
    for flower in shop.flowers:
        if flower is not None:
            counts[CARDS[flower].filler] += 1
    return counts


def _spot(name: str) -> int:
    if name not in SPOTS:
        raise IllegalAction(_("no spot {spot!r} (spots are {spots})").format(
            spot=name, spots=", ".join(SPOTS)))
    return SPOTS.index(name)


def _own(shop: Shop, card: str) -> None:
    if card not in CARDS:
        raise IllegalAction(_("no card {card!r}").format(card=card))
    if shop.possesses(card):
        return
    if card in shop.trash:
        raise IllegalAction(_("{card} is in your trash: trashed cards are final").format(card=card))
    if card in shop.hooks:
        raise IllegalAction(
            _("{card} hangs on a hook: hung baskets are permanent").format(card=card))
    if card in shop.register:
        raise IllegalAction(_("{card} is a salary in your register").format(card=card))
    raise IllegalAction(_("you do not have {card}").format(card=card))


def _check_flower_into(shop: Shop, flower: str, index: int) -> None:
    vase = shop.spots[index]
    if vase is None:
        raise IllegalAction(_("{spot} has no vase").format(spot=SPOTS[index]))
    if shop.flowers[index] is not None:
        raise IllegalAction(_("{vase} on {spot} already holds {flower}").format(
            vase=vase, spot=SPOTS[index], flower=shop.flowers[index]))
    if not fits(flower, vase):
        raise IllegalAction(_("{flower} does not fit {vase}").format(
            flower=long_name(flower), vase=long_name(vase)))


def sale_price(shop: Shop, action: Sell) -> int:
    """F1: what an order pays for its goods; raises IllegalAction if the sale is not allowed."""
    _own(shop, action.order)
    if kind(action.order) != "order":
        raise IllegalAction(_("{card} is not an order: every sale needs an order card").format(
            card=action.order))
    goods = action.goods
    if not goods or len(goods) > 2:
        raise IllegalAction(_("one order sells one flower, one vase, or a vase with its flower"))
    for card in goods:
        _own(shop, card)
        if card == action.order:
            raise IllegalAction(_("an order cannot sell itself"))
        if kind(card) not in ("flower", "vase"):
            raise IllegalAction(_("{card} is a {kind}: only flowers and vases can be sold").format(
                card=card, kind=kind_word(kind(card))))
    if len(goods) == 1:
        card = goods[0]
        if kind(card) == "flower":
            return flower_price(card)
        index = shop.spot_of(card) if card in shop.spots else -1
        if index >= 0 and shop.flowers[index] is not None:
            raise IllegalAction(
                _("{card} holds {flower}: sell them together or move the flower first").format(
                    card=card, flower=shop.flowers[index])
            )
        return VASE_ALONE_PAY
    vases = [c for c in goods if kind(c) == "vase"]
    flowers = [c for c in goods if kind(c) == "flower"]
    if len(vases) != 1 or len(flowers) != 1:
        raise IllegalAction(
            _("one order sells one flower, one vase, or a vase with a fitting flower"))
    vase, flower = vases[0], flowers[0]
    if not fits(flower, vase):
        raise IllegalAction(_("{flower} does not fit {vase}").format(
            flower=long_name(flower), vase=long_name(vase)))
    index = shop.spots.index(vase) if vase in shop.spots else -1
    if index >= 0 and shop.flowers[index] not in (None, flower):
        raise IllegalAction(_("{vase} holds {flower}: sell it with that flower").format(
            vase=vase, flower=shop.flowers[index]))
    return flower_price(flower)


def check_free(shop: Shop, action: Action) -> None:
    """Raise IllegalAction unless a free action (or a use of the revealed card) is allowed."""
    if isinstance(action, Sell):
        sale_price(shop, action)
    elif isinstance(action, Buy):
        _own(shop, action.card)
        if kind(action.card) != "basket":
            raise IllegalAction(_("{card} is not a basket").format(card=action.card))
        if action.card not in shop.storage and action.card != shop.using:
            raise IllegalAction(_("{card} must be stored or just revealed to be bought").format(
                card=action.card))
        if len(shop.hooks) >= BASKET_HOOKS:
            raise IllegalAction(_("all {n} hooks already hold baskets").format(n=BASKET_HOOKS))
        cost = CARDS[action.card].cost
        if shop.money < cost:
            raise IllegalAction(_("{card} costs ${cost}; you have ${money}").format(
                card=action.card, cost=cost, money=shop.money))
    elif isinstance(action, Trash):
        _own(shop, action.card)
        index = shop.spots.index(action.card) if action.card in shop.spots else -1
        if index >= 0 and shop.flowers[index] is not None:
            raise IllegalAction(
                _("{card} holds {flower}: move or trash the flower first").format(
                    card=action.card, flower=shop.flowers[index])
            )
    elif isinstance(action, (Place, Store)):
        _check_use(shop, action)
    elif isinstance(action, Move):
        _check_move(shop, action)
    else:
        raise IllegalAction(_("'{action}' is not an action of this game").format(action=action))


def _check_use(shop: Shop, action: Place | Store) -> None:
    card = action.card
    if card != shop.using:
        if shop.possesses(card):
            raise IllegalAction(_("{card} is already yours: use move to reorganize it").format(
                card=card))
        raise IllegalAction(_("{card} is not the card you are using").format(card=card))
    if isinstance(action, Store):
        return
    index = _spot(action.spot)
    if kind(card) == "vase":
        if shop.spots[index] is not None:
            raise IllegalAction(_("{spot} already holds {vase}").format(
                spot=SPOTS[index], vase=shop.spots[index]))
    elif kind(card) == "flower":
        _check_flower_into(shop, card, index)
    else:
        raise IllegalAction(_("a {kind} does not go into the window: store it or buy it").format(
            kind=kind_word(kind(card))))


def _check_move(shop: Shop, action: Move) -> None:
    card = action.card
    _own(shop, card)
    if card == shop.using:
        raise IllegalAction(_("{card} is being used: place, store, sell or trash it").format(
            card=card))
    if kind(card) not in ("vase", "flower"):
        raise IllegalAction(
            _("a {kind} stays in storage until it is bought, used or trashed").format(
                kind=kind_word(kind(card))))
    if action.to == STORAGE:
        if card in shop.storage:
            raise IllegalAction(_("{card} is already in storage").format(card=card))
        if kind(card) == "vase" and shop.flowers[shop.spots.index(card)] is not None:
            raise IllegalAction(
                _("{card} must be empty to go to storage: move its flower first").format(
                    card=card))
        return
    if not action.to:
        raise IllegalAction(_("say where to: a spot (L1-L6, H1, H2) or storage"))
    index = _spot(action.to)
    if kind(card) == "flower":
        _check_flower_into(shop, card, index)
        return
    if shop.spots[index] == card:
        raise IllegalAction(_("{card} is already on {spot}").format(card=card, spot=action.to))
    if card in shop.storage and shop.spots[index] is not None:
        raise IllegalAction(_("{spot} already holds {vase}").format(
            spot=action.to, vase=shop.spots[index]))


def free_actions(shop: Shop) -> list[Action]:
    """Every legal free action and use of the revealed card, in a fixed order."""
    # They depend on the loose cards, the window, whether a hook is free and whether the money
    # reaches the dearest basket: the same shop layout recurs often, so it is listed once.
    return list(_free_actions(
        shop.using, tuple(shop.storage), tuple(shop.spots), tuple(shop.flowers),
        len(shop.hooks) < BASKET_HOOKS, min(shop.money, _DEAREST_BASKET),
    ))


@lru_cache(maxsize=1 << 16)
def _free_actions(
    using: str | None,
    storage: tuple[str, ...],
    spots: tuple[str | None, ...],
    flowers: tuple[str | None, ...],
    basket_room: bool,
    money: int,
) -> tuple[Action, ...]:
    """:func:`free_actions` of a shop with these loose cards, window and means."""
    actions: list[Action] = []
    empty = [SPOTS[i] for i, vase in enumerate(spots) if vase is None]
    open_vases = [i for i, v in enumerate(spots) if v is not None and flowers[i] is None]
    if using is not None:
        k = KINDS[using]
        if k == "vase":
            actions += [_place(using, spot) for spot in empty]
        elif k == "flower":
            actions += [_place(using, SPOTS[i]) for i in open_vases if fits(using, spots[i])]
        actions.append(_store(using))
        if k == "basket" and basket_room and money >= CARDS[using].cost:
            actions.append(_buy(using))
    for card in storage:
        k = KINDS[card]
        if k == "vase":
            actions += [_move_to(card, spot) for spot in empty]
        elif k == "flower":
            actions += [_move_to(card, SPOTS[i]) for i in open_vases if fits(card, spots[i])]
        elif k == "basket" and basket_room and money >= CARDS[card].cost:
            actions.append(_buy(card))
    for i, vase in enumerate(spots):
        if vase is None:
            continue
        actions += _vase_moves(vase, i)
        flower = flowers[i]
        if flower is None:
            actions.append(_move_to(vase, STORAGE))
        else:
            actions += [
                _move_to(flower, SPOTS[j]) for j in open_vases if fits(flower, spots[j])
            ]
            actions.append(_move_to(flower, STORAGE))
    actions += _unit_sales(using, storage, spots, flowers)
    trashable = [using] if using and KINDS[using] != "salary" else []
    trashable += storage
    trashable += [f for f in flowers if f is not None]
    trashable += [v for i, v in enumerate(spots) if v is not None and flowers[i] is None]
    actions += [_trash(card) for card in trashable]
    return tuple(actions)


@cache
def _vase_moves(vase: str, index: int) -> tuple[Move, ...]:
    """A window vase at spot ``index`` may move to every other spot."""
    return tuple(_move_to(vase, SPOTS[j]) for j in range(VASE_SPOTS) if j != index)


def _sales(shop: Shop) -> list[Sell]:
    """F1: every order possessed, with every sellable unit."""
    return _unit_sales(shop.using, shop.storage, shop.spots, shop.flowers)


def _unit_sales(
    using: str | None,
    storage: Sequence[str],
    spots: Sequence[str | None],
    window: Sequence[str | None],
) -> list[Sell]:
    """:func:`_sales` of a shop with these loose cards and this window."""
    loose = ([using] if using else []) + list(storage)
    orders = [c for c in loose if KINDS[c] == "order"]
    if not orders:
        return []
    window_flowers = [f for f in window if f is not None]
    flowers = [c for c in loose if KINDS[c] == "flower"] + window_flowers
    units: list[tuple[str, ...]] = [(f,) for f in flowers]
    for i, vase in enumerate(spots):
        if vase is None:
            continue
        held = window[i]
        if held is not None:
            units.append((vase, held))
        else:
            units.append((vase,))
            units.extend((vase, f) for f in flowers if fits(f, vase))
    for vase in (c for c in loose if KINDS[c] == "vase"):
        units.append((vase,))
        units.extend((vase, f) for f in flowers if fits(f, vase))
    return [_sell(order, unit) for order in orders for unit in units]


def apply_free(state: FlowerShopState, seat: int, shop: Shop, action: Action) -> list[Event]:
    """Carry out a checked free action or use of the revealed card."""
    who = seat_ref(seat)
    if isinstance(action, Sell):
        price = sale_price(shop, action)
        # A flower leaves its vase before the vase leaves the window.
        flowers_first = sorted(action.goods, key=lambda c: kind(c) != "flower")
        for card in (action.order, *flowers_first):
            shop.remove(card)
            state.out.append(card)
        shop.money += price
        shop.sales += price
        goods = " + ".join(describe(c) for c in action.goods)  # flowers and vases: no words
        return [Event(Say("{who} sells {goods} with {order} for ${price}.", who=who, goods=goods,
                          order=action.order, price=price))]
    if isinstance(action, Buy):
        shop.remove(action.card)
        shop.hooks.append(action.card)
        cost = CARDS[action.card].cost
        shop.money -= cost
        return [Event(Say("{who} buys {card} for ${cost} and hangs it.", who=who,
                          card=describe(action.card), cost=cost))]
    if isinstance(action, Trash):
        shop.remove(action.card)
        shop.trash.append(action.card)
        return [Event(Say("{who} trashes {card} (trash {n}).", who=who,
                          card=card_say(action.card), n=len(shop.trash)))]
    if isinstance(action, Store):
        shop.using = None
        shop.storage.append(action.card)
        return [Event(Say("{who} stores {card}.", who=who, card=card_say(action.card)))]
    if isinstance(action, Place):
        index = SPOTS.index(action.spot)
        shop.using = None
        if kind(action.card) == "vase":
            shop.spots[index] = action.card
        else:
            shop.flowers[index] = action.card
        return [Event(Say("{who} places {card} on {spot}.", who=who, card=describe(action.card),
                          spot=action.spot))]
    assert isinstance(action, Move)
    return _move(shop, who, action)


def _move(shop: Shop, who: str, action: Move) -> list[Event]:
    card = action.card
    if action.to == STORAGE:
        shop.remove(card)
        shop.storage.append(card)
        return [Event(Say("{who} moves {card} to storage.", who=who, card=describe(card)))]
    index = SPOTS.index(action.to)
    if kind(card) == "flower":
        shop.remove(card)
        shop.flowers[index] = card
    elif card in shop.storage:
        shop.storage.remove(card)
        shop.spots[index] = card
    else:
        here = shop.spots.index(card)
        shop.spots[here], shop.spots[index] = shop.spots[index], shop.spots[here]
        shop.flowers[here], shop.flowers[index] = shop.flowers[index], shop.flowers[here]
    return [Event(Say("{who} moves {card} to {spot}.", who=who, card=describe(card),
                      spot=action.to))]


def outcome(shop: ShopView, action: Action) -> tuple[str, ...] | None:
    """What a legal action does to its own shop, named so that two actions with the same
    outcome get the same name, or ``None`` for a reorganize that changes nothing.

    Spots are interchangeable (rules.md: any vase may stand on any spot, and no rule reads a
    spot's name), so a vase placed or moved from storage to any free spot is the same outcome,
    and a window vase moved to another spot (its flower with it, or swapped with the vase
    there) changes nothing at all. A flower's outcome is the vase it ends in. Every other
    action is its own outcome.
    """
    if isinstance(action, Place):
        if kind(action.card) == "vase":
            return ("place", action.card)
        return ("place", action.card, _vase_at(shop, action.spot))
    if isinstance(action, Move):
        if action.to == STORAGE:
            return ("storage", action.card)
        if kind(action.card) == "flower":
            return ("flower", action.card, _vase_at(shop, action.to))
        if action.card in shop.storage:
            return ("window", action.card)
        return None
    return (type(action).__name__, str(action))


def _vase_at(shop: ShopView, spot: str) -> str:
    vase = shop.spots[SPOTS.index(spot)][0] if spot in SPOTS else None
    return vase or spot


# -- the game ----------------------------------------------------------------------------------
class FlowerShopGame(Game):
    """The Little Flower Shop (2018): 2-4 players draft, or one plays the solo challenge."""

    info = INFO
    state_class = FlowerShopState
    hidden_information = True
    # Translators: the setup screen's label of the filler option (at most 14 cells).
    FILLER_LABEL = N_("Filler scoring")  # the setup screen makes it from the option's name
    options = {
        "filler_scoring": Option(
            "filler_scoring",
            False,
            (False, True),
            N_("score +1 per window flower with your chosen filler (solo levels +4)"),
        )
    }
    actions = (Pick, Swap, Keep, Discard, Draw, Done, ChooseFiller, Place, Store, Trash, Buy,
               Sell, Move)
    notation_help = (
        "pick FL07, swap, keep, discard, draw, done, filler B, place FL07 on=L4, store FL07, "
        "trash FL07, buy BA05, sell OR02 FL07, sell OR02 VA14+FL29, move VA05 to=storage"
    )


GAME = FlowerShopGame()

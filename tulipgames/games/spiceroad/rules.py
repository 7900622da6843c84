"""Century: Spice Road rules: caravans, merchant and point rows, coins, the end of the round.

Seats are numbered 0..n-1 here (the spec's seat 1 is seat 0, the start player). A turn is one of
four actions; the larger decisions are sequenced into steps that the state remembers:

* ``play M12`` plays a card. A trade card that could run more than once then asks ``times R``;
  an upgrade card asks ``upgrade Y`` (raise one Y a rank) up to N times, ``upgrade done`` to
  stop early.
* ``acquire 4`` takes the 4th merchant card; one ``pay X`` per card to its left places spice X on
  it, left to right.
* ``claim 2`` claims the 2nd point card.
* ``rest`` takes the played cards back into the hand.
* When the caravan holds more than 10 at the end of the turn, one ``return X`` per spice too many.

Notation always uses the internal keys ``Y R G B``, whatever the edition shows.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from itertools import compress
from operator import add
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
    as_int,
    seat_ref,
    shuffle,
)
from tulipgames.games.spiceroad import INFO
from tulipgames.games.spiceroad.data import (
    CARAVAN_LIMIT,
    COIN_VP,
    EDITIONS,
    END_TRIGGER,
    MERCHANT_CARDS,
    MERCHANT_DECK,
    MERCHANT_ROW_SIZE,
    POINT_CARDS,
    POINT_DECK,
    POINT_ROW_SIZE,
    SPICES,
    START_SPICES,
    STARTING_HAND,
    Counts,
    Edition,
    MerchantCard,
    as_counts,
    coins_per_stack,
)
from tulipgames.games.spiceroad.predict import position_value
from tulipgames.i18n import N_, Say, _, ngettext, render, say_count

RANK = {key: index for index, key in enumerate(SPICES)}
#: "{seat0}" ... : how a log line names the seat that acted, written once.
SEAT_REFS = tuple(seat_ref(seat) for seat in range(8))
#: ``to_act`` answers, one shared tuple per seat.
ACTING = tuple((seat,) for seat in range(8))
MERCHANT_SET = frozenset(MERCHANT_DECK)
POINT_SET = frozenset(POINT_DECK)

# -- actions ------------------------------------------------------------------------------------
# Each action reads its own notation back (``parse``) next to the ``__str__`` that writes it;
# the words arrive lower-cased, the notation writes the internal keys Y R G B and card ids.


def _spice_word(word: str, what: str) -> str:
    """A spice key typed (``what``: a message id saying which, shown translated when the word
    is none: the player typed it)."""
    key = word.upper()
    if key not in SPICES:
        raise UnreadableAction(_("{what} must be one of Y, R, G, B, not {word}").format(
            what=_(what), word=repr(word)))
    return key


def _one_argument(words: list[str], verb: str, shape: str) -> str | None:
    """The single argument of ``verb ARG`` (``None`` when the words are another action)."""
    if words[0] != verb:
        return None
    if len(words) != 2:
        # Translators: {verb} and {shape} are notation, typed as they are ("play CARD")
        raise UnreadableAction(_("write {verb} {shape}").format(verb=verb, shape=shape))
    return words[1]


class Notated(Action):
    """An action that writes its notation once, when it is made: the legal lists hand out
    shared instances, and records, logs and playouts write every step."""

    __slots__ = ()
    _text: str

    def __post_init__(self) -> None:
        object.__setattr__(self, "_text", self.notation())

    def notation(self) -> str:
        raise NotImplementedError

    def __str__(self) -> str:
        return self._text


@dataclass(frozen=True)
class Play(Notated):
    """Play a card from the hand."""

    card: str

    def notation(self) -> str:
        return f"play {self.card}"

    @classmethod
    def parse(cls, words: list[str]) -> Play | None:
        word = _one_argument(words, "play", "CARD (S1, S2, M01-M43)")
        if word is None:
            return None
        if word.upper() not in MERCHANT_CARDS:
            raise UnreadableAction(_("there is no merchant card {card}").format(
                card=word.upper()))
        return cls(word.upper())


@dataclass(frozen=True)
class Times(Notated):
    """How many times the trade card just played runs."""

    count: int

    def notation(self) -> str:
        return f"times {self.count}"

    @classmethod
    def parse(cls, words: list[str]) -> Times | None:
        word = _one_argument(words, "times", "N")
        return None if word is None else cls(as_int(word, "the repeat count"))


@dataclass(frozen=True)
class Upgrade(Notated):
    """Raise one spice of this key one rank (a step of an upgrade card)."""

    spice: str

    def notation(self) -> str:
        return f"upgrade {self.spice}"

    @classmethod
    def parse(cls, words: list[str]) -> Upgrade | None:
        word = _one_argument(words, "upgrade", "Y|R|G|done")
        if word is None or word == "done":
            return None
        return cls(_spice_word(word, N_("the spice to upgrade")))


@dataclass(frozen=True)
class UpgradeDone(Notated):
    """Stop upgrading before the card's limit."""

    def notation(self) -> str:
        return "upgrade done"

    @classmethod
    def parse(cls, words: list[str]) -> UpgradeDone | None:
        return cls() if words == ["upgrade", "done"] else None


@dataclass(frozen=True)
class Acquire(Notated):
    """Take the merchant card at this position (1 = leftmost)."""

    position: int

    def notation(self) -> str:
        return f"acquire {self.position}"

    @classmethod
    def parse(cls, words: list[str]) -> Acquire | None:
        word = _one_argument(words, "acquire", "N")
        return None if word is None else cls(as_int(word, "the merchant position"))


@dataclass(frozen=True)
class Pay(Notated):
    """Place one spice on the next card left of the one being acquired."""

    spice: str

    def notation(self) -> str:
        return f"pay {self.spice}"

    @classmethod
    def parse(cls, words: list[str]) -> Pay | None:
        word = _one_argument(words, "pay", "Y|R|G|B")
        return None if word is None else cls(_spice_word(word, N_("the spice to place")))


@dataclass(frozen=True)
class Claim(Notated):
    """Claim the point card at this position (1 = leftmost)."""

    position: int

    def notation(self) -> str:
        return f"claim {self.position}"

    @classmethod
    def parse(cls, words: list[str]) -> Claim | None:
        word = _one_argument(words, "claim", "N")
        return None if word is None else cls(as_int(word, "the point card position"))


@dataclass(frozen=True)
class Rest(Notated):
    """Take every played card back into the hand."""

    def notation(self) -> str:
        return "rest"

    @classmethod
    def parse(cls, words: list[str]) -> Rest | None:
        return cls() if words == ["rest"] else None


@dataclass(frozen=True)
class Return(Notated):
    """Return one spice to the supply (caravan over the limit at the end of the turn)."""

    spice: str

    def notation(self) -> str:
        return f"return {self.spice}"

    @classmethod
    def parse(cls, words: list[str]) -> Return | None:
        word = _one_argument(words, "return", "Y|R|G|B")
        return None if word is None else cls(_spice_word(word, N_("the spice to return")))


# Actions are immutable, so legal_actions hands out shared instances instead of building new ones.
PLAYS = {card: Play(card) for card in MERCHANT_CARDS}
ACQUIRES = [Acquire(k) for k in range(MERCHANT_ROW_SIZE + 1)]
CLAIMS = [Claim(p) for p in range(POINT_ROW_SIZE + 1)]
UPGRADES = {key: Upgrade(key) for key in SPICES}
PAYS = {key: Pay(key) for key in SPICES}
RETURNS = {key: Return(key) for key in SPICES}
REST = Rest()
UPGRADE_DONE = UpgradeDone()
#: ``times R`` for every count a trade can reach (a caravan beyond the limit still fits).
TIMES_STEPS: tuple[Times, ...] = tuple(Times(r) for r in range(100))
#: The same steps as actions (what ``legal_actions`` lists; slices of it are its lists).
TIMES: list[Action] = list(TIMES_STEPS)
ONE_RUN = Times(1)
#: ``WIDTH[n]``: the bits ``random.Random.choice`` draws for a list of ``n`` (``n.bit_length()``),
#: for every length a legal list can have (45 cards + 6 acquisitions + 5 claims + rest, or
#: ``times 1`` to ``times 99``).
WIDTH = tuple(n.bit_length() for n in range(128))


# -- pure rule helpers ----------------------------------------------------------------------------


def trade_max(caravan: Counts | list[int], pay: Counts) -> int:
    """The largest repeat count a trade allows: every repetition is paid from the caravan as it
    stands before the play, so r_max = min over paid keys of caravan // pay (E6)."""
    best = 99
    for have, need in zip(caravan, pay):  # noqa: B905 - both are always four long
        if need and have // need < best:
            best = have // need
    return best


def can_upgrade(caravan: Counts | list[int]) -> bool:
    """An upgrade needs a spice of rank 1-3 to raise; it is never played for nothing (E4)."""
    return caravan[0] + caravan[1] + caravan[2] > 0


def can_play(caravan: Counts | list[int], card_id: str) -> bool:
    """Spice cards always play; upgrades need something to raise; trades need one payment."""
    card = MERCHANT_CARDS[card_id]
    if card.kind == "upgrade":
        return can_upgrade(caravan)
    if card.kind == "trade":
        return trade_max(caravan, card.pay) >= 1
    return True


def affords(caravan: Counts | list[int], need: Counts) -> bool:
    """A claim needs every required spice by key; a higher spice never stands in for a lower."""
    return (
        caravan[0] >= need[0]
        and caravan[1] >= need[1]
        and caravan[2] >= need[2]
        and caravan[3] >= need[3]
    )


#: Trade cards with what one run of each costs, as (rank, count) pairs of the spices paid.
TRADE_COSTS: tuple[tuple[str, tuple[tuple[int, int], ...]], ...] = tuple(
    (card.id, tuple((rank, n) for rank, n in enumerate(card.pay) if n))
    for card in MERCHANT_CARDS.values()
    if card.kind == "trade"
)
#: Spice cards always play; upgrade cards play when something can be raised.
SPICE_PLAYS = {card: PLAYS[card] for card, c in MERCHANT_CARDS.items() if c.kind == "spice"}
KINDS = {card: c.kind for card, c in MERCHANT_CARDS.items()}
UPGRADE_PLAYS = {card: PLAYS[card] for card, c in MERCHANT_CARDS.items() if c.kind == "upgrade"}
POINT_NEEDS = tuple((card.id, card.need) for card in POINT_CARDS.values())
#: What claiming each point card does to a caravan.
NEGATED: dict[str, Counts] = {
    card.id: as_counts(-n for n in card.need) for card in POINT_CARDS.values()
}


class Spot:
    """What a turn may start with one caravan, worked out once per caravan (a turn starts with
    at most 10 spices, so there are at most 1001): the cards it may play (:func:`can_play`)
    with each trade's repeat limit (:func:`trade_max`), the point cards it affords
    (:func:`affords`) and how many spices it holds (what acquiring may cost); and the steps
    that place or raise one spice of a key held (black is never raised)."""

    __slots__ = ("acquires", "claimable", "pays", "plays", "raises", "total", "trades")

    def __init__(self, caravan: Counts) -> None:
        self.total = sum(caravan)
        #: The acquisitions it affords from a full row, left to right.
        self.acquires = tuple(ACQUIRES[1 : min(MERCHANT_ROW_SIZE, self.total + 1) + 1])
        self.trades: dict[str, int] = {}
        for card, costs in TRADE_COSTS:
            best = 99
            for rank, n in costs:
                runs = caravan[rank] // n
                if runs < best:
                    best = runs
            if best:
                self.trades[card] = best
        raisable = caravan[0] + caravan[1] + caravan[2] > 0
        self.plays: dict[str, Play] = {**SPICE_PLAYS, **(UPGRADE_PLAYS if raisable else {})}
        self.plays.update((card, PLAYS[card]) for card in self.trades)
        y, r, g, b = caravan
        self.claimable = frozenset(
            card
            for card, need in POINT_NEEDS
            if y >= need[0] and r >= need[1] and g >= need[2] and b >= need[3]
        )
        self.pays = tuple(compress(PAY_STEPS, caravan))
        self.raises = tuple(compress(UPGRADE_STEPS, caravan))


#: ``RUNS[card][runs]``: how a spice card (``runs`` 1) or ``runs`` runs of a trade change a
#: caravan, by rank (gain minus pay); a caravan of 10 runs a trade at most 10 times.
def _runs(card: MerchantCard, runs: int) -> Counts:
    (py, pr, pg, pb), (gy, gr, gg, gb) = card.pay, card.gain
    return (runs * (gy - py), runs * (gr - pr), runs * (gg - pg), runs * (gb - pb))


RUNS: dict[str, list[Counts]] = {
    card.id: [_runs(card, runs) for runs in range(CARAVAN_LIMIT + 1)]
    for card in MERCHANT_CARDS.values()
}
#: One spice of a rank less (a payment, a return) and one raised a rank (an upgrade).
LESS: tuple[Counts, ...] = ((-1, 0, 0, 0), (0, -1, 0, 0), (0, 0, -1, 0), (0, 0, 0, -1))
RAISE: tuple[Counts, ...] = ((-1, 1, 0, 0), (0, -1, 1, 0), (0, 0, -1, 1))
#: The steps a spice allows, lowest first, for ``itertools.compress`` over a caravan: one per
#: spice key held (black cannot be upgraded).
UPGRADE_STEPS = tuple(UPGRADES[key] for key in SPICES[:3])
PAY_STEPS = tuple(PAYS[key] for key in SPICES)
RETURN_STEPS = tuple(RETURNS[key] for key in SPICES)
#: ``claim 1`` to ``claim 5``, for ``compress`` over what the point row's cards need.
CLAIM_STEPS = tuple(CLAIMS[1:])


def shifted(caravan: Counts, change: Counts) -> Counts:
    """The caravan with ``change`` added, rank by rank."""
    y, r, g, b = caravan
    dy, dr, dg, db = change
    return (y + dy, r + dr, g + dg, b + db)


class Spots(dict[Counts, Spot]):
    """Every caravan's :class:`Spot`, made when a caravan is first met."""

    def __missing__(self, caravan: Counts) -> Spot:
        spot = self[caravan] = Spot(caravan)
        return spot


SPOTS = Spots()


def coin_for_claim(position: int, gold: int, silver: int) -> str | None:
    """The coin a claim at ``position`` earns, judged from the stacks before the claim.

    Gold sits above position 1 and silver above position 2 while gold lasts; once gold is gone
    silver moves above position 1. An empty stack pays nothing (rule 6, E15, E16).
    """
    if gold > 0:
        if position == 1:
            return "gold"
        if position == 2 and silver > 0:
            return "silver"
        return None
    if position == 1 and silver > 0:
        return "silver"
    return None


def coin_stacks(gold: int, silver: int) -> dict[int, tuple[str, int]]:
    """Which stack sits above which point-row position (1-based): ``{position: (coin, count)}``."""
    if gold > 0:
        return {1: ("gold", gold), 2: ("silver", silver)}
    return {1: ("silver", silver)}


def spice_points(caravan: Counts | list[int]) -> int:
    """Each spice of rank 2-4 left in the caravan scores 1; the lowest spice scores nothing."""
    return caravan[1] + caravan[2] + caravan[3]


def score_breakdown(
    claimed: list[str] | tuple[str, ...], gold: int, silver: int, caravan: Counts | list[int]
) -> tuple[int, int, int, int]:
    """Score parts: point-card VP, 3 per gold, 1 per silver, 1 per spice above rank 1."""
    vp = sum(POINT_CARDS[card].vp for card in claimed)
    return (vp, COIN_VP["gold"] * gold, COIN_VP["silver"] * silver, spice_points(caravan))


def acquire_cost(position: int) -> int:
    """Acquiring position k places one spice on each of the k-1 cards to its left."""
    return position - 1


# -- presentation helpers (plain text; the screen adds colour) -------------------------------------


def letters(counts: Counts | list[int], edition: Edition) -> str:
    """Spices as a run of edition letters, lowest rank first: (2, 1, 0, 0) -> "YYR"."""
    return _letters(tuple(counts), edition.key)


@cache
def _letters(counts: tuple[int, ...], edition_key: str) -> str:
    # Log lines name the same few spice runs over and over: each is written once per edition.
    edition = EDITIONS[edition_key]
    return "".join(edition.letters[key] * n for key, n in zip(SPICES, counts, strict=True))


def cost_text(counts: Counts | list[int], edition: Edition) -> str:
    """Counts by edition letter: (2, 0, 2, 0) -> "Y2 G2" ("-" when none)."""
    parts = [f"{edition.letters[k]}{n}" for k, n in zip(SPICES, counts, strict=True) if n]
    return " ".join(parts) or "-"


def caravan_words(counts: Counts | list[int], edition: Edition) -> str:
    """A caravan in words, in the session's language: "3 turmeric + 1 saffron", "3 yellow +
    1 green crystal"."""
    parts = [f"{n} {_(edition.short_names[k])}" for k, n in zip(SPICES, counts, strict=True)
             if n]
    if not parts:
        return _("no crystals") if edition.key == "golem" else _("no spices")
    text = " + ".join(parts)
    if edition.short_names != edition.names:
        last = [n for n in counts if n][-1]
        # Translators: a Golem caravan: "3 yellow + 1 green crystal" (the count is the last one)
        text = ngettext("{parts} crystal", "{parts} crystals", last).format(parts=text)
    return text


def spice_count(count: int, edition: Edition) -> Say:
    """A number of spices (crystals in the Golem look) as data: "1 spice", "3 crystals"."""
    if edition.key == "golem":
        return say_count("{n} crystal", "{n} crystals", count)
    return say_count("{n} spice", "{n} spices", count)


def spices_text(count: int, edition: Edition) -> str:
    """:func:`spice_count` in the session's language."""
    return spice_count(count, edition).render()


def card_text(card_id: str, edition: Edition) -> str:
    """A merchant card's effect: "+YYR", "Upgrade 3" or "BB → RRRGG" in edition letters (an
    upgrade card's word in the session's language)."""
    return render(CARD_SAYS[edition.key][card_id])


@cache
def _card_text(card_id: str, edition_key: str) -> str:
    edition = EDITIONS[edition_key]
    card = MERCHANT_CARDS[card_id]
    if card.kind == "upgrade":
        return f"Upgrade {card.up}"
    if card.kind == "spice":
        return "+" + letters(card.gain, edition)
    return f"{letters(card.pay, edition)} → {letters(card.gain, edition)}"


#: Every merchant card's effect text per edition key, written once (log lines use them all
#: the time), in English: what the bots' and the records' side reads.
CARD_TEXTS: dict[str, dict[str, str]] = {
    key: {card: _card_text(card, key) for card in MERCHANT_CARDS} for key in EDITIONS
}


def _card_say(card_id: str, edition_key: str) -> str | Say:
    """A card's effect as a log line holds it: letters are the same in every language, an
    upgrade card's word is a message ("Upgrade 2", German "Aufwerten 2")."""
    card = MERCHANT_CARDS[card_id]
    if card.kind == "upgrade":
        return Say("Upgrade {up}", up=card.up)
    return CARD_TEXTS[edition_key][card_id]


#: Every merchant card's effect as data for a log line (see :func:`_card_say`), per edition.
CARD_SAYS: dict[str, dict[str, str | Say]] = {
    key: {card: _card_say(card, key) for card in MERCHANT_CARDS} for key in EDITIONS
}


def edition_of(options: Mapping[str, Any]) -> Edition:
    return EDITIONS[str(options.get("edition", "spice"))]


def counted(count: int, word: str) -> str:
    """A count with its word: 1 spice, 2 spices."""
    return f"{count} {word}{'' if count == 1 else 's'}"


def after_trade(caravan: Counts | list[int], card_id: str, times: int) -> Counts:
    """The caravan after running a trade card ``times`` times (pay all, then gain all)."""
    card = MERCHANT_CARDS[card_id]
    return as_counts(
        have - times * pay + times * gain
        for have, pay, gain in zip(caravan, card.pay, card.gain, strict=True)
    )


class Texts:
    """One edition's log phrases, each made once: every step of every game logs one, and
    they are the same few hundred phrases over and over.

    A phrase is what a seat did, without the seat ("played +YY"): a :class:`Say`, data that
    each reader puts into words in their own language, kept in the seat's latest turn (the
    rivals' panel shows it) and logged as "{who} {what}" (:func:`did`)."""

    def __init__(self, edition: Edition) -> None:
        letter = self.letters = edition.letters
        self.golem = edition.key == "golem"
        self.cards = CARD_SAYS[edition.key]
        self.played = {card: Say("played {card}", card=text) for card, text in self.cards.items()}
        #: ``traded[card][runs]``: a trade card played ``runs`` times (a caravan of 10 runs any
        #: trade at most 10 times).
        self.traded = {
            card: [self.trade(text, runs) for runs in range(CARAVAN_LIMIT + 1)]
            for card, text in self.cards.items()
        }
        #: ``plays[seat][card]``: the seat starts playing a trade or upgrade card.
        self.plays = [
            {card: Event(Say("{who} plays {card}", who=seat_ref(seat), card=text))
             for card, text in self.cards.items()}
            for seat in range(len(SEAT_REFS))
        ]
        #: ``arrows[rank]`` and ``upgraded[seat][rank]``: one spice of that rank raised.
        self.arrows = [f"{letter[key]}→{letter[SPICES[rank + 1]]}" for rank, key in
                       enumerate(SPICES[:3])]
        self.upgraded = [
            [
                Event(Say("{who} upgraded {spice} to {higher}", who=seat_ref(seat),
                          spice=letter[key], higher=letter[SPICES[rank + 1]]))
                for rank, key in enumerate(SPICES[:3])
            ]
            for seat in range(len(SEAT_REFS))
        ]
        self.new_merchant = {
            card: Event(Say("New merchant card: {card}", card=text), reveals=True)
            for card, text in self.cards.items()
        }
        self.rested = [self.rest(back) for back in range(48)]
        #: The returns of a turn, by the letters returned joined with ", ".
        self.returned: dict[str, Say] = {}

    @staticmethod
    def trade(card: str | Say, runs: int) -> Say:
        return Say("played {card} ×{runs}", card=card, runs=runs)

    @staticmethod
    def rest(back: int) -> Say:
        return say_count("rested ({n} card back)", "rested ({n} cards back)", back)

    def returns(self, letters: str) -> Say:
        """The returns of a turn: "returned 2 spices (Y, R), down to 10"."""
        count = letters.count(",") + 1
        if self.golem:
            return say_count("returned {n} crystal ({letters}), down to {limit}",
                             "returned {n} crystals ({letters}), down to {limit}", count,
                             letters=letters, limit=CARAVAN_LIMIT)
        return say_count("returned {n} spice ({letters}), down to {limit}",
                         "returned {n} spices ({letters}), down to {limit}", count,
                         letters=letters, limit=CARAVAN_LIMIT)


TEXTS = {key: Texts(edition) for key, edition in EDITIONS.items()}


def texts_of(edition: Edition) -> Texts:
    return TEXTS[edition.key]


def did(seat: int, what: Say) -> Event:
    """The log line of a phrase a seat did: "{seat0} played +YY"."""
    # Translators: a log line: {who} is a player's name, {what} what they did ("played +YY",
    # "acquired YY → G at 2"), as in the rivals' "latest turn" column
    return Event(Say("{who} {what}", who=SEAT_REFS[seat], what=what))


#: ``DID[seat][id(phrase)]``: the log line of a seat's phrase, for the phrases made once in
#: :data:`TEXTS` (they live as long as the module; events are immutable, so shared).
DID: tuple[dict[int, Event], ...] = tuple({} for _seat in SEAT_REFS)
GAME_OVER = Event(N_("The game is over."))


#: How ties are broken (§5.3), for the results screen.
TIEBREAK = N_("equal scores: the later seat in turn order (most recent turn) ranks higher")
#: Why the game ended, by edition and trigger (6 point cards with 2-3 players, 5 with 4-5), for
#: each seat that can trigger it: message ids, since a result keeps text, not data.
ENDINGS: dict[tuple[str, int], tuple[str, ...]] = {
    ("spice", 6): (
        N_("{seat0} claimed a 6th point card; the round was played out"),
        N_("{seat1} claimed a 6th point card; the round was played out"),
        N_("{seat2} claimed a 6th point card; the round was played out"),
    ),
    ("spice", 5): (
        N_("{seat0} claimed a 5th point card; the round was played out"),
        N_("{seat1} claimed a 5th point card; the round was played out"),
        N_("{seat2} claimed a 5th point card; the round was played out"),
        N_("{seat3} claimed a 5th point card; the round was played out"),
        N_("{seat4} claimed a 5th point card; the round was played out"),
    ),
    ("golem", 6): (
        N_("{seat0} claimed a 6th Golem card; the round was played out"),
        N_("{seat1} claimed a 6th Golem card; the round was played out"),
        N_("{seat2} claimed a 6th Golem card; the round was played out"),
    ),
    ("golem", 5): (
        N_("{seat0} claimed a 5th Golem card; the round was played out"),
        N_("{seat1} claimed a 5th Golem card; the round was played out"),
        N_("{seat2} claimed a 5th Golem card; the round was played out"),
        N_("{seat3} claimed a 5th Golem card; the round was played out"),
        N_("{seat4} claimed a 5th Golem card; the round was played out"),
    ),
}


# -- views --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class PointCell:
    """A point card in the row: what it needs, what it is worth, the coin stack above it."""

    position: int
    card: str
    need: Counts
    vp: int
    #: "gold" or "silver" when a non-empty stack sits above this position (rule 6), else None.
    coin: str | None
    coins: int
    coin_vp: int
    #: The seat to play could claim it now.
    claimable: bool


@dataclass(frozen=True)
class MerchantCell:
    """A merchant card in the row, the spices lying on it and its acquire cost (rule 4)."""

    position: int
    card: str
    on: Counts
    cost: int
    #: The seat to play holds enough spices to acquire it now.
    affordable: bool


@dataclass(frozen=True)
class PlayerView:
    """One player's public facts (everything about a player is public in this game)."""

    caravan: Counts
    spices: int
    #: Holds more than the caravan limit (only the seat to play can, until it returns some).
    over_limit: bool
    hand: tuple[str, ...]
    played: tuple[str, ...]
    #: Every card the player owns, in the order they got it (S1, S2, then acquisitions): the
    #: order that gives each card its key for the whole game.
    owned: tuple[str, ...]
    claimed: tuple[str, ...]
    point_vp: int
    gold: int
    silver: int
    turns: int
    score: int
    #: Place in the turn order (0 = the start player).
    place: int
    #: What the player did on their latest turn, one phrase per step that mattered (data: a
    #: screen renders each in its reader's language).
    last_turn: tuple[Say, ...]


@dataclass(frozen=True)
class SpiceRoadView:
    """What any seat sees: everything but the order of the two face-down decks."""

    edition: str
    seats: int
    #: Seats in turn order; ``order[0]`` is the start player (drawn at setup, §3.1).
    order: tuple[int, ...]
    current: int
    phase: str
    pending_card: str | None
    upgrades_done: int
    upgrade_limit: int
    acquire_position: int
    paid: tuple[str, ...]
    pay_total: int
    #: Steps of the action in progress already played (what Esc takes back), 0 at the top.
    steps_taken: int
    #: Spices the seat to play holds above the caravan limit (to return now).
    excess: int
    #: During a payment: the rest of it paid with the lowest spices first (one key pays it).
    cheapest_payment: tuple[str, ...]
    #: For a trade being played: each repeat count with the caravan it would leave.
    trade_options: tuple[tuple[int, Counts], ...]
    points: tuple[PointCell, ...]
    merchants: tuple[MerchantCell, ...]
    point_deck_size: int
    merchant_deck_size: int
    gold: int
    silver: int
    players: tuple[PlayerView, ...]
    end_trigger: int
    triggered_by: int | None
    over: bool
    #: The legal steps of the seat to play after which the turn passes (hot-seat confirms them).
    turn_enders: tuple[Action, ...]

    @property
    def last_round(self) -> bool:
        return self.triggered_by is not None and not self.over


# -- the state ----------------------------------------------------------------------------------

TURN, TRADE, UPGRADE, PAY, RETURN, OVER = "turn", "trade", "upgrade", "pay", "return", "over"
#: How seats get their place in the turn order: drawn at random (§3.1) or as typed.
SEAT_ORDERS = ("drawn", "typed")


class SpiceRoadState(State):
    """A game of Century: Spice Road in progress."""

    game_id = "spiceroad"

    # Slots: a state has more fields than an instance dict keeps its fast shared layout for,
    # and every step of every playout reads a dozen of them.
    __slots__ = (
        "_view",
        "acquire_position",
        "caravans",
        "claimed",
        "current",
        "edition",
        "gold",
        "gold_coins",
        "hands",
        "last_turn",
        "ledger",
        "merchant_deck",
        "merchant_row",
        "order",
        "owned",
        "paid",
        "pending_card",
        "phase",
        "played",
        "point_deck",
        "point_row",
        "returned",
        "row_spices",
        "silver",
        "silver_coins",
        "texts",
        "triggered_by",
        "turns",
        "upgraded",
        "upgrades_done",
    )

    def __init__(self, seats: int, seed: int, options: Mapping[str, Any]) -> None:
        super().__init__(seats, seed, options)
        self.edition = edition_of(self.options)
        self.point_deck = list(POINT_DECK)
        shuffle(self.rng, self.point_deck)
        self.point_row = [self.point_deck.pop() for _ in range(POINT_ROW_SIZE)]
        self.gold = coins_per_stack(seats)
        self.silver = coins_per_stack(seats)
        self.merchant_deck = list(MERCHANT_DECK)
        shuffle(self.rng, self.merchant_deck)
        self.merchant_row = [self.merchant_deck.pop() for _ in range(MERCHANT_ROW_SIZE)]
        self.row_spices: list[list[int]] = [[0, 0, 0, 0] for _ in self.merchant_row]
        # §3.1: the turn order is drawn after the decks, so a game "as typed" deals the same
        # rows as before the draw existed (and old saves replay unchanged).
        self.order = list(range(seats))
        if self.options.get("seat_order", "drawn") == "drawn":
            shuffle(self.rng, self.order)
        #: Each seat's spices as counts (Y, R, G, B): a tuple, replaced whenever it changes.
        self.caravans: list[Counts] = [START_SPICES[self.place(seat) + 1] for seat in range(seats)]
        self.hands = [list(STARTING_HAND) for _ in range(seats)]
        self.owned = [list(STARTING_HAND) for _ in range(seats)]
        self.played: list[list[str]] = [[] for _ in range(seats)]
        self.claimed: list[list[str]] = [[] for _ in range(seats)]
        self.gold_coins = [0] * seats
        self.silver_coins = [0] * seats
        self.turns = [0] * seats
        self.last_turn: list[list[Say]] = [[] for _seat in range(seats)]
        self.current = self.order[0]
        self.triggered_by: int | None = None
        self.phase = TURN
        self.pending_card: str | None = None
        self.upgrades_done = 0
        self.upgraded: list[str] = []
        self.acquire_position = 0
        self.paid: list[str] = []
        self.returned: list[str] = []
        #: The edition's log phrases.
        self.texts = texts_of(self.edition)
        # Spices in play per key (caravans and cards); the supply is unlimited, so this ledger is
        # what the spice-conservation invariant checks the board against.
        self.ledger = [sum(c[i] for c in self.caravans) for i in range(4)]
        # Every seat sees the same view; it is built once per position (``_apply`` forgets it).
        self._view: SpiceRoadView | None = None
        names = " → ".join(seat_ref(seat) for seat in self.order)
        self.setup_events.append(
            Event(Say("Turn order: {order} (first: {first}).", order=names,
                      first=seat_ref(self.order[0])))
        )

    def place(self, seat: int) -> int:
        """The seat's place in the turn order (0 = the start player)."""
        return self.order.index(seat)

    # -- copies ---------------------------------------------------------------------------------
    def clone(self) -> SpiceRoadState:
        twin = self._clone_base()
        twin.edition = self.edition
        twin.texts = self.texts
        twin.point_deck = self.point_deck[:]
        twin.point_row = self.point_row[:]
        twin.gold = self.gold
        twin.silver = self.silver
        twin.merchant_deck = self.merchant_deck[:]
        twin.merchant_row = self.merchant_row[:]
        twin.row_spices = [s[:] for s in self.row_spices]
        twin.order = self.order[:]
        twin.caravans = self.caravans[:]
        twin.hands = [h[:] for h in self.hands]
        twin.owned = [o[:] for o in self.owned]
        twin.played = [p[:] for p in self.played]
        twin.claimed = [c[:] for c in self.claimed]
        twin.gold_coins = self.gold_coins[:]
        twin.silver_coins = self.silver_coins[:]
        twin.turns = self.turns[:]
        twin.last_turn = [t[:] for t in self.last_turn]
        twin.current = self.current
        twin.triggered_by = self.triggered_by
        twin.phase = self.phase
        twin.pending_card = self.pending_card
        twin.upgrades_done = self.upgrades_done
        twin.upgraded = self.upgraded[:]
        twin.acquire_position = self.acquire_position
        twin.paid = self.paid[:]
        twin.returned = self.returned[:]
        twin.ledger = self.ledger[:]
        twin._view = None
        return twin

    def _redeal_hidden(self, seat: int, rng: random.Random) -> None:
        """Only the order of the two face-down decks is hidden; shuffle both."""
        rng.shuffle(self.point_deck)
        rng.shuffle(self.merchant_deck)

    # -- who acts and what they may do ----------------------------------------------------------
    def to_act(self) -> tuple[int, ...]:
        return () if self.phase == OVER else ACTING[self.current]

    @property
    def target(self) -> int:
        """Point cards that trigger the last round (6 with 2-3 players, 5 with 4-5)."""
        return END_TRIGGER[self.seats]

    def trade_limit(self) -> int:
        """r_max of the trade card being played."""
        assert self.pending_card is not None
        return SPOTS[self.caravans[self.current]].trades[self.pending_card]

    def legal_actions(self, seat: int) -> list[Action]:
        # The order is part of the game (seeded random games pick by index): hand order, then
        # acquisitions left to right, claims left to right, rest.
        if seat != self.current:
            return []
        phase = self.phase
        caravan = self.caravans[seat]
        if phase == TURN:
            spot = SPOTS[caravan]
            actions: list[Action] = list(filter(None, map(spot.plays.get, self.hands[seat])))
            row = len(self.merchant_row)
            if row == MERCHANT_ROW_SIZE:
                actions += spot.acquires
            else:
                actions += ACQUIRES[1 : (row if row <= spot.total else spot.total + 1) + 1]
            claimable = spot.claimable
            if not claimable.isdisjoint(self.point_row):
                actions += compress(CLAIM_STEPS, map(claimable.__contains__, self.point_row))
            actions.append(REST)
            return actions
        if phase == RETURN:
            return list(compress(RETURN_STEPS, caravan))
        if phase == OVER:
            return []
        if phase == TRADE:
            assert self.pending_card is not None  # a trade phase is a card's: it is set
            return TIMES[1 : SPOTS[caravan].trades[self.pending_card] + 1]
        if phase == PAY:
            return list(SPOTS[caravan].pays)
        upgrades: list[Action] = list(SPOTS[caravan].raises)
        if self.upgrades_done:
            upgrades.append(UPGRADE_DONE)
        return upgrades

    def ends_turn(self, seat: int, action: Action) -> bool:
        """Whether a legal ``action`` of the seat to play ends its turn: the action is complete
        (no trade count, upgrade or payment still to choose) and leaves no more than 10 spices
        (rule 8), or it is the last return."""
        total = sum(self.caravans[seat])
        if isinstance(action, (Rest, Claim, UpgradeDone)):
            return True  # a turn starts within the limit, and these never add spices
        if isinstance(action, Return):
            return total - 1 <= CARAVAN_LIMIT
        if isinstance(action, Times):
            assert self.pending_card is not None
            return sum(after_trade(self.caravans[seat], self.pending_card, action.count)) <= (
                CARAVAN_LIMIT
            )
        if isinstance(action, Upgrade):
            assert self.pending_card is not None
            raisable = sum(self.caravans[seat][:3]) - (action.spice == "G")
            return self.upgrades_done + 1 >= MERCHANT_CARDS[self.pending_card].up or not raisable
        if isinstance(action, Play):
            card = MERCHANT_CARDS[action.card]
            if card.kind == "upgrade":
                return False
            if card.kind == "spice":
                return total + sum(card.gain) <= CARAVAN_LIMIT
            if trade_max(self.caravans[seat], card.pay) > 1:
                return False
            return sum(after_trade(self.caravans[seat], action.card, 1)) <= CARAVAN_LIMIT
        if isinstance(action, Acquire):
            if action.position > 1:
                return False
            return total + sum(self.row_spices[0]) <= CARAVAN_LIMIT
        assert isinstance(action, Pay)
        if len(self.paid) + 1 < acquire_cost(self.acquire_position):
            return False
        return total - 1 + sum(self.row_spices[self.acquire_position - 1]) <= CARAVAN_LIMIT

    def check(self, seat: int, action: Action) -> None:
        """Direct legality tests with a reason a player can read."""
        # The reasons are read by the seat that tried the action: in its language, now.
        caravan = self.caravans[seat]
        phase = self.phase
        if phase == TURN:
            if isinstance(action, Play):
                self._check_play(seat, action.card)
            elif isinstance(action, Acquire):
                size = len(self.merchant_row)
                if not 1 <= action.position <= size:
                    raise IllegalAction(_("the merchant row has positions 1 to {size}").format(
                        size=size))
                cost = acquire_cost(action.position)
                if cost > sum(caravan):
                    raise IllegalAction(
                        _("position {position} costs {cost}; you have {have}").format(
                            position=action.position, cost=spices_text(cost, self.edition),
                            have=sum(caravan))
                    )
            elif isinstance(action, Claim):
                size = len(self.point_row)
                if not 1 <= action.position <= size:
                    raise IllegalAction(_("the point row has positions 1 to {size}").format(
                        size=size))
                need = POINT_CARDS[self.point_row[action.position - 1]].need
                if not affords(caravan, need):
                    missing = [max(0, w - h) for h, w in zip(caravan, need, strict=True)]
                    raise IllegalAction(
                        _("that card needs {need}; missing {missing}").format(
                            need=cost_text(need, self.edition),
                            missing=cost_text(missing, self.edition))
                    )
            elif not isinstance(action, Rest):
                raise IllegalAction(_("choose an action first: {prompt}").format(
                    prompt=self.prompt(seat)))
            return
        if phase == TRADE:
            if not isinstance(action, Times):
                raise IllegalAction(_("first say how many times: {prompt}").format(
                    prompt=self.prompt(seat)))
            limit = self.trade_limit()
            if not 1 <= action.count <= limit:
                raise IllegalAction(
                    _("this trade can run 1 to {limit} times with your caravan").format(
                        limit=limit))
            return
        if phase == UPGRADE:
            if isinstance(action, UpgradeDone):
                if self.upgrades_done == 0:
                    raise IllegalAction(_("make at least one upgrade first"))
                return
            if not isinstance(action, Upgrade):
                raise IllegalAction(_("finish the upgrade first: {prompt}").format(
                    prompt=self.prompt(seat)))
            if action.spice == "B":
                raise IllegalAction(_("{spice} is the highest rank and cannot be raised").format(
                    spice=self._name("B")))
            self._check_have(caravan, action.spice)
            return
        expected = Pay if phase == PAY else Return
        if not isinstance(action, expected):
            raise IllegalAction(self.prompt(seat))
        self._check_have(caravan, action.spice)

    def _check_play(self, seat: int, card_id: str) -> None:
        if card_id not in self.hands[seat]:
            shown = card_text(card_id, self.edition)
            if card_id in self.played[seat]:
                raise IllegalAction(_("{card} is played already (rest to take it back)").format(
                    card=shown))
            raise IllegalAction(_("{card} is not yours").format(card=shown))
        card = MERCHANT_CARDS[card_id]
        caravan = self.caravans[seat]
        if card.kind == "upgrade" and not can_upgrade(caravan):
            raise IllegalAction(_("no crystal in your caravan can be upgraded")
                                if self.texts.golem else
                                _("no spice in your caravan can be upgraded"))
        if card.kind == "trade" and trade_max(caravan, card.pay) < 1:
            raise IllegalAction(
                _("{card} needs {pay}").format(card=card_text(card_id, self.edition),
                                               pay=cost_text(card.pay, self.edition))
            )

    def _check_have(self, caravan: Counts, spice: str) -> None:
        if caravan[RANK[spice]] == 0:
            raise IllegalAction(_("you have no {spice}").format(spice=self._name(spice)))

    def _name(self, key: str) -> str:
        """A spice as its letter and name, in the session's language: "Y (turmeric)"."""
        return f"{self.edition.letters[key]} ({_(self.edition.names[key])})"

    # -- applying ---------------------------------------------------------------------------------
    def _apply(self, seat: int, action: Action) -> list[Event]:
        self._view = None
        return STEPS[type(action)](self, seat, action)

    def advance(self, seat: int, action: Action) -> list[Event]:
        # The same step as ``_apply`` without the call through it: drivers that pick from the
        # legal list (random playouts, searches) call this once per step.
        self._view = None
        return STEPS[type(action)](self, seat, action)

    def play_out(self, rng: random.Random) -> int:
        """The engine's random playout (:meth:`State.play_out`) in one loop: the same draws
        from ``rng``, so the same game to the same end, without a call per step to ask who acts,
        to list the legal actions, to choose and to dispatch the step.

        Each phase counts its legal actions in :meth:`legal_actions`'s order, draws the index
        as ``rng.choice`` draws it (``getrandbits`` of the count's bit width until below the
        count) and plays the step it names with the step method ``advance`` would call. Only
        the library's own generator is drawn from so directly; any other source of numbers
        gets the engine's loop."""
        if type(rng) is not random.Random:
            return super().play_out(rng)
        bits = rng.getrandbits

        def below(count: int) -> int:
            """An index under ``count``, drawn as ``rng.choice`` draws one: ``getrandbits`` of
            the count's bit width until it falls below the count."""
            width = WIDTH[count]
            pick = bits(width)
            while pick >= count:
                pick = bits(width)
            return pick

        caravans, hands = self.caravans, self.hands
        self._view = None
        played = 0
        while True:
            phase = self.phase
            seat = self.current
            caravan = caravans[seat]
            played += 1
            if phase == TURN:
                # Playable cards in hand order, acquisitions, claims left to right, rest.
                spot = SPOTS[caravan]
                plays = list(filter(None, map(spot.plays.get, hands[seat])))
                row = len(self.merchant_row)
                acquires = row if row <= spot.total else spot.total + 1
                claimable = spot.claimable
                if claimable.isdisjoint(self.point_row):
                    claims: Sequence[Claim] = ()
                else:
                    claims = list(
                        compress(CLAIM_STEPS, map(claimable.__contains__, self.point_row))
                    )
                playable = len(plays)
                count = playable + acquires + len(claims) + 1
                pick = below(count)
                if pick < playable:
                    self._play(seat, plays[pick])
                    continue
                pick -= playable
                if pick < acquires:
                    self._acquire(seat, ACQUIRES[pick + 1])
                elif pick - acquires < len(claims):
                    self._claim(seat, claims[pick - acquires])
                else:
                    self._rest(seat, REST)
            elif phase == RETURN:
                returns = list(compress(RETURN_STEPS, caravan))
                count = len(returns)
                pick = below(count)
                self._return(seat, returns[pick])
            elif phase == TRADE:
                assert self.pending_card is not None  # a trade phase is a card's: it is set
                count = SPOTS[caravan].trades[self.pending_card]
                pick = below(count)
                self._trade(seat, TIMES_STEPS[pick + 1])
            elif phase == PAY:
                pays = SPOTS[caravan].pays
                count = len(pays)
                pick = below(count)
                self._pay(seat, pays[pick])
            elif phase == UPGRADE:
                raises = SPOTS[caravan].raises
                count = len(raises) + (self.upgrades_done > 0)  # ``upgrade done`` comes last
                pick = below(count)
                if pick < len(raises):
                    self._upgrade(seat, raises[pick])
                else:
                    self._finish_upgrade(seat, UPGRADE_DONE)
            else:
                return played - 1

    def _did(self, seat: int, what: Say) -> Event:
        """A log line for something the seat did (a phrase made for this step), remembered as
        part of its latest turn."""
        self.last_turn[seat].append(what)
        return did(seat, what)

    def _shift(self, seat: int, change: Counts) -> None:
        """Add ``change`` to the seat's caravan and to the spices in play (the supply is
        unlimited: spices come from it and go back to it)."""
        y, r, g, b = self.caravans[seat]
        dy, dr, dg, db = change
        self.caravans[seat] = (y + dy, r + dr, g + dg, b + db)
        ledger = self.ledger
        ledger[0] += dy
        ledger[1] += dr
        ledger[2] += dg
        ledger[3] += db

    def _play(self, seat: int, action: Play) -> list[Event]:
        """Rule 3: the card moves to the played area and is resolved."""
        card_id = action.card
        self.last_turn[seat] = []
        self.hands[seat].remove(card_id)
        self.played[seat].append(card_id)
        kind = KINDS[card_id]
        if kind == "spice":
            self._shift(seat, RUNS[card_id][1])
            return self._end_action(seat, self.texts.played[card_id])
        self.pending_card = card_id
        if kind == "upgrade":
            self.phase = UPGRADE
            self.upgrades_done = 0
            self.upgraded = []
            return [self.texts.plays[seat][card_id]]
        if SPOTS[self.caravans[seat]].trades[card_id] == 1:
            return self._trade(seat, ONE_RUN)  # a trade that can run only once runs at once
        self.phase = TRADE
        return [self.texts.plays[seat][card_id]]

    def _trade(self, seat: int, action: Times) -> list[Event]:
        """Rule 3c: return count × Pay, gain count × Gain, in one go."""
        count = action.count
        card_id = self.pending_card
        assert card_id is not None
        runs = RUNS[card_id]
        card = MERCHANT_CARDS[card_id]
        self._shift(seat, runs[count] if count < len(runs) else _runs(card, count))
        self.pending_card = None
        self.phase = TURN
        traded = self.texts.traded[card_id]
        if count < len(traded):
            return self._end_action(seat, traded[count])
        return self._end_action(seat, Texts.trade(self.texts.cards[card_id], count), made=True)

    def _upgrade(self, seat: int, action: Upgrade) -> list[Event]:
        """Rule 3b: one spice of rank 1-3 becomes the spice one rank higher."""
        rank = RANK[action.spice]
        self._shift(seat, RAISE[rank])
        self.upgrades_done += 1
        assert self.pending_card is not None
        texts = self.texts
        self.upgraded.append(texts.arrows[rank])
        events = [texts.upgraded[seat][rank]]
        limit = MERCHANT_CARDS[self.pending_card].up
        caravan = self.caravans[seat]
        if self.upgrades_done >= limit or not can_upgrade(caravan):
            events.extend(self._finish_upgrade(seat, UPGRADE_DONE))
        return events

    def _finish_upgrade(self, seat: int, action: UpgradeDone) -> list[Event]:
        """The upgrade card is done (its limit reached, nothing left to raise, or stopped)."""
        assert self.pending_card is not None
        text = Say("played {card}: {steps}", card=self.texts.cards[self.pending_card],
                   steps=", ".join(self.upgraded))
        self.pending_card = None
        self.upgrades_done = 0
        self.upgraded = []
        self.phase = TURN
        return self._end_action(seat, text, made=True)

    def _acquire(self, seat: int, action: Acquire) -> list[Event]:
        """Rule 4: pay one spice per card to the left (asked step by step), then take the card."""
        self.last_turn[seat] = []
        self.acquire_position = action.position
        self.paid = []
        if action.position == 1:
            return self._take_merchant(seat)
        self.phase = PAY
        return []

    def _pay(self, seat: int, action: Pay) -> list[Event]:
        spice = action.spice
        index = len(self.paid)
        rank = RANK[spice]
        self.caravans[seat] = shifted(self.caravans[seat], LESS[rank])
        self.row_spices[index][rank] += 1
        self.paid.append(spice)
        if index + 1 == acquire_cost(self.acquire_position):
            return self._take_merchant(seat)
        return []

    def _take_merchant(self, seat: int) -> list[Event]:
        """Rules 4b-4d: the card goes to the hand with its spices; the row slides and refills."""
        index = self.acquire_position - 1
        card_id = self.merchant_row.pop(index)
        on_card = self.row_spices.pop(index)
        self.hands[seat].append(card_id)
        self.owned[seat].append(card_id)
        texts = self.texts
        card, at = texts.cards[card_id], self.acquire_position
        paid = ", ".join(map(self.edition.letters.__getitem__, self.paid))
        if any(on_card):
            self.caravans[seat] = tuple(map(add, self.caravans[seat], on_card))
            gained = letters(on_card, self.edition)
            text = (Say("acquired {card} at {position}, paid {paid}, gained {gained}", card=card,
                        position=at, paid=paid, gained=gained) if paid else
                    Say("acquired {card} at {position}, gained {gained}", card=card,
                        position=at, gained=gained))
        else:
            text = (Say("acquired {card} at {position}, paid {paid}", card=card, position=at,
                        paid=paid) if paid else
                    Say("acquired {card} at {position}", card=card, position=at))
        self.phase = TURN
        self.paid = []
        self.acquire_position = 0
        if self.merchant_deck:
            new = self.merchant_deck.pop()
            self.merchant_row.append(new)
            self.row_spices.append([0, 0, 0, 0])
            return self._end_action(seat, text, [texts.new_merchant[new]], made=True)
        return self._end_action(seat, text, made=True)

    def _claim(self, seat: int, action: Claim) -> list[Event]:
        """Rule 5: pay the spices, take the card, earn the coin above it, refill the row."""
        self.last_turn[seat] = []
        position = action.position
        card_id = self.point_row.pop(position - 1)
        card = POINT_CARDS[card_id]
        self._shift(seat, NEGATED[card_id])
        self.claimed[seat].append(card_id)
        coin = coin_for_claim(position, self.gold, self.silver)
        need = letters(card.need, self.edition)
        if coin == "gold":
            self.gold -= 1
            self.gold_coins[seat] += 1
        elif coin == "silver":
            self.silver -= 1
            self.silver_coins[seat] += 1
        if coin is None:
            text = Say("claimed {need} ({vp} VP) at position {position}", need=need, vp=card.vp,
                       position=position)
        else:
            name = self.edition.gold_name if coin == "gold" else self.edition.silver_name
            text = Say("claimed {need} ({vp} VP) at position {position}, +1 {coin}", need=need,
                       vp=card.vp, position=position, coin=Say(name))
        events = [self._did(seat, text)]
        if self.point_deck:
            self.point_row.append(self.point_deck.pop())
            new = POINT_CARDS[self.point_row[-1]]
            need = letters(new.need, self.edition)
            shown = (Say("New Golem card: {need} ({vp} VP)", need=need, vp=new.vp)
                     if self.texts.golem else
                     Say("New point card: {need} ({vp} VP)", need=need, vp=new.vp))
            events.append(Event(shown, reveals=True))
        if self.triggered_by is None and len(self.claimed[seat]) == self.target:
            self.triggered_by = seat
            events.append(self._did(seat, Say("has {count} cards: last round!",
                                              count=self.target)))
        return self._end_action(seat, None, events)

    def _rest(self, seat: int, action: Rest) -> list[Event]:
        """Rule 7: every played card returns to the hand (a pass when none is played)."""
        self.last_turn[seat] = []
        played = self.played[seat]
        back = len(played)
        self.hands[seat].extend(played)
        played.clear()
        rested = self.texts.rested
        if back < len(rested):
            return self._end_action(seat, rested[back])
        return self._end_action(seat, Texts.rest(back), made=True)

    def _return(self, seat: int, action: Return) -> list[Event]:
        spice = action.spice
        rank = RANK[spice]
        y, r, g, b = self.caravans[seat]
        dy, dr, dg, db = LESS[rank]
        self.caravans[seat] = (y + dy, r + dr, g + dg, b + db)
        self.ledger[rank] -= 1
        self.returned.append(self.texts.letters[spice])
        if y + r + g + b > CARAVAN_LIMIT + 1:
            return []
        returned = ", ".join(self.returned)
        self.returned = []
        self.phase = TURN
        what = self.texts.returned.get(returned)
        if what is None:
            what = self.texts.returned[returned] = self.texts.returns(returned)
        return self._end_action(seat, what)

    def _end_action(
        self, seat: int, what: Say | None, after: Sequence[Event] = (), made: bool = False
    ) -> list[Event]:
        """The end of an action: the log line of ``what`` the seat did (remembered as part of
        its latest turn; ``None`` when the action logged itself) and the events ``after`` it,
        then rule 8: over the limit, the player returns spices of their choice down to 10;
        else rule 9 and §5.1: next in turn order, or the end once the trigger's round is done.

        One step of every playout ends here, so the log line of a phrase of :data:`TEXTS` is
        looked up in place (by the phrase's identity: they live as long as the module); a
        phrase ``made`` for this step gets a line of its own."""
        if what is None:
            events = list(after)
        else:
            self.last_turn[seat].append(what)
            said = None if made else DID[seat].get(id(what))
            if said is None:
                said = did(seat, what)
                if not made:
                    DID[seat][id(what)] = said
            events = [said, *after] if after else [said]
        y, r, g, b = self.caravans[seat]
        if y + r + g + b > CARAVAN_LIMIT:
            self.phase = RETURN
            return events
        self.turns[seat] += 1
        order = self.order
        place = order.index(seat) + 1
        if place == self.seats:
            if self.triggered_by is not None:
                self.phase = OVER
                events.append(GAME_OVER)
                return events
            place = 0
        self.current = order[place]
        self.phase = TURN
        return events

    # -- what a seat sees -------------------------------------------------------------------------
    def view(self, seat: int | None) -> SpiceRoadView:
        """Everything but the deck order, the same for every seat (§7: hands are public)."""
        if self._view is None:
            self._view = self._build_view()
        return self._view

    def _build_view(self) -> SpiceRoadView:
        acting = self.phase != OVER
        caravan = self.caravans[self.current]
        legal = self.legal_actions(self.current) if acting else []
        stacks = coin_stacks(self.gold, self.silver)
        points = []
        for position, card_id in enumerate(self.point_row, 1):
            coin, coins = stacks.get(position, (None, 0))
            card = POINT_CARDS[card_id]
            points.append(
                PointCell(
                    position=position,
                    card=card_id,
                    need=card.need,
                    vp=card.vp,
                    coin=coin if coins else None,
                    coins=coins,
                    coin_vp=COIN_VP[coin] if coin else 0,
                    claimable=self.phase == TURN and affords(caravan, card.need),
                )
            )
        merchants = tuple(
            MerchantCell(
                position=position,
                card=card_id,
                on=as_counts(self.row_spices[position - 1]),
                cost=acquire_cost(position),
                affordable=self.phase == TURN and acquire_cost(position) <= sum(caravan),
            )
            for position, card_id in enumerate(self.merchant_row, 1)
        )
        parts = [self.score_parts(s) for s in range(self.seats)]
        players = tuple(
            PlayerView(
                caravan=self.caravans[s],  # a tuple already
                spices=sum(self.caravans[s]),
                over_limit=sum(self.caravans[s]) > CARAVAN_LIMIT,
                hand=tuple(self.hands[s]),
                played=tuple(self.played[s]),
                owned=tuple(self.owned[s]),
                claimed=tuple(self.claimed[s]),
                point_vp=parts[s][0],
                gold=self.gold_coins[s],
                silver=self.silver_coins[s],
                turns=self.turns[s],
                score=sum(parts[s]),
                place=self.place(s),
                last_turn=tuple(self.last_turn[s]),
            )
            for s in range(self.seats)
        )
        pending = self.pending_card
        steps = {TRADE: 1, UPGRADE: 1 + self.upgrades_done, PAY: 1 + len(self.paid)}
        return SpiceRoadView(
            edition=self.edition.key,
            seats=self.seats,
            order=tuple(self.order),
            current=self.current,
            phase=self.phase,
            pending_card=pending,
            upgrades_done=self.upgrades_done,
            upgrade_limit=MERCHANT_CARDS[pending].up if self.phase == UPGRADE and pending else 0,
            acquire_position=self.acquire_position,
            paid=tuple(self.paid),
            pay_total=acquire_cost(self.acquire_position) if self.phase == PAY else 0,
            steps_taken=steps.get(self.phase, 0),
            excess=max(0, sum(caravan) - CARAVAN_LIMIT) if acting else 0,
            cheapest_payment=self._cheapest_payment() if self.phase == PAY else (),
            trade_options=tuple(
                (r, after_trade(caravan, pending, r)) for r in range(1, self.trade_limit() + 1)
            )
            if self.phase == TRADE and pending
            else (),
            points=tuple(points),
            merchants=merchants,
            point_deck_size=len(self.point_deck),
            merchant_deck_size=len(self.merchant_deck),
            gold=self.gold,
            silver=self.silver,
            players=players,
            end_trigger=self.target,
            triggered_by=self.triggered_by,
            over=self.phase == OVER,
            turn_enders=tuple(a for a in legal if self.ends_turn(self.current, a)),
        )

    def _cheapest_payment(self) -> tuple[str, ...]:
        """The spices still to place in an acquisition, lowest rank first."""
        left = acquire_cost(self.acquire_position) - len(self.paid)
        spices = [
            key
            for key, n in zip(SPICES, self.caravans[self.current], strict=True)
            for _ in range(n)
        ]
        return tuple(spices[:left])

    def prompt(self, seat: int) -> str:
        # Made for the seat that reads it (its screen asks): in the session's language.
        if self.phase == OVER:
            return _("The game is over.")
        if seat != self.current:
            return _("Waiting for {who}.").format(who=seat_ref(self.current))
        golem = self.texts.golem
        if self.phase == TURN:
            return _("Play a card, acquire a merchant card, claim a point card or rest.")
        card = self.pending_card
        if self.phase == TRADE and card is not None:
            return _("Run {card} how many times (1-{limit})?").format(
                card=card_text(card, self.edition), limit=self.trade_limit())
        if self.phase == UPGRADE and card is not None:
            up = MERCHANT_CARDS[card].up
            pick = (_("Pick a crystal to upgrade ({done} of {up} done).") if golem else
                    _("Pick a spice to upgrade ({done} of {up} done)."))
            return pick.format(done=self.upgrades_done, up=up)
        if self.phase == PAY:
            index = len(self.paid) + 1
            pick = (_("Pick the crystal to place on card {index} ({index} of {total}).") if golem
                    else _("Pick the spice to place on card {index} ({index} of {total})."))
            return pick.format(index=index, total=acquire_cost(self.acquire_position))
        extra = sum(self.caravans[seat]) - CARAVAN_LIMIT
        more = (ngettext("Caravan over {limit}: return {n} more crystal.",
                         "Caravan over {limit}: return {n} more crystals.", extra) if golem else
                ngettext("Caravan over {limit}: return {n} more spice.",
                         "Caravan over {limit}: return {n} more spices.", extra))
        return more.format(limit=CARAVAN_LIMIT, n=extra)

    # -- the end ----------------------------------------------------------------------------------
    def is_over(self) -> bool:
        return self.phase == OVER

    def score_parts(self, seat: int) -> tuple[int, int, int, int]:
        return score_breakdown(
            self.claimed[seat], self.gold_coins[seat], self.silver_coins[seat], self.caravans[seat]
        )

    def result(self) -> Result:
        """§5.2-5.3: highest score wins; ties go to the later seat in turn order (the most
        recent turn)."""
        rows = [self.score_parts(seat) for seat in range(self.seats)]
        totals = [sum(row) for row in rows]
        tied = len(set(totals)) < len(totals)
        ed = self.edition
        ending = ""
        if self.phase == OVER and self.triggered_by is not None:
            ending = ENDINGS[ed.key, self.target][self.triggered_by]
        # A result keeps its words as text (records store it): message ids that the results
        # screens translate, the seat as its placeholder.
        return Result.build(
            categories=(ed.point_cards, ed.gold_name, ed.silver_name, ed.spices_category),
            breakdown=rows,
            tiebreak=TIEBREAK if tied else "",
            tiebreak_values=[self.place(seat) + 1 for seat in range(self.seats)] if tied else None,
            tiebreak_keys=[(self.place(seat),) for seat in range(self.seats)],
            ending=ending,
        )

    def estimate(self) -> tuple[float, ...]:
        """Each seat's predicted final score (see ``predict.position_value``)."""
        leader = max(len(c) for c in self.claimed)
        return tuple(
            position_value(
                sum(self.score_parts(seat)),
                self.caravans[seat],
                self.hands[seat] + self.played[seat],
                self.point_row,
                leader,
                self.target,
            )
            for seat in range(self.seats)
        )

    def invariant_violations(self) -> list[str]:
        """Spice ledger, 45 merchant / 36 point cards, coins, row sizes and the caravan limit."""
        problems = []
        # Checked after every action by ``simulate``: whole-list builtins keep it cheap.
        holders = self.caravans + self.row_spices
        on_board = list(map(sum, zip(*holders, strict=True)))
        if on_board != self.ledger:
            problems.append(f"spices in play {on_board} != ledger {self.ledger}")
        if min(map(min, holders)) < 0:
            problems.append("negative spice count")
        if sorted(self.order) != list(range(self.seats)):
            problems.append("the turn order is not a permutation of the seats")
        # Cards by set membership: a seat owns each of its cards once (S1 and S2 included), so
        # equal sizes and equal sets are equal multisets; a card held twice anywhere shows as a
        # size that does not add up.
        merchant = set(self.merchant_deck)
        merchant.update(self.merchant_row)
        held = len(self.merchant_deck) + len(self.merchant_row)
        for seat in range(self.seats):
            both, owned = self.hands[seat] + self.played[seat], self.owned[seat]
            own = set(both)
            starters = both.count("S1"), both.count("S2")
            if starters != (1, 1):
                problems.append(f"seat {seat} does not own exactly one S1 and one S2")
            if len(both) != len(owned) or own != set(owned) or len(own) != len(both):
                problems.append(f"seat {seat}'s hand and played cards differ from what it owns")
            merchant |= own.difference(STARTING_HAND)
            held += len(both) - sum(starters)
        if held != len(MERCHANT_DECK) or merchant != MERCHANT_SET:
            problems.append("merchant cards M01-M43 are not each present exactly once")
        points = set(self.point_deck)
        points.update(self.point_row)
        count = len(self.point_deck) + len(self.point_row)
        for cards in self.claimed:
            points.update(cards)
            count += len(cards)
        if count != len(POINT_DECK) or points != POINT_SET:
            problems.append("point cards P01-P36 are not each present exactly once")
        coins = coins_per_stack(self.seats)
        if self.gold + sum(self.gold_coins) != coins or self.gold < 0:
            problems.append("gold coins not conserved")
        if self.silver + sum(self.silver_coins) != coins or self.silver < 0:
            problems.append("silver coins not conserved")
        if len(self.row_spices) != len(self.merchant_row):
            problems.append("spices on cards out of step with the merchant row")
        if self.merchant_deck and len(self.merchant_row) != MERCHANT_ROW_SIZE:
            problems.append("merchant row not full while the deck has cards")
        if self.point_deck and len(self.point_row) != POINT_ROW_SIZE:
            problems.append("point row not full while the deck has cards")
        for seat in range(self.seats):
            waiting = seat != self.current or self.phase == TURN or self.phase == OVER
            if waiting and sum(self.caravans[seat]) > CARAVAN_LIMIT:
                problems.append(f"seat {seat} holds more than {CARAVAN_LIMIT} between turns")
        if len({self.turns[s] for s in self.order[: self.place(self.current)]}) > 1:
            problems.append("seats before the current one have unequal turn counts")
        return problems


#: Each action's step, by exact type (looked up once per step of every playout).
STEPS: dict[type[Action], Callable[[SpiceRoadState, int, Any], list[Event]]] = {
    Play: SpiceRoadState._play,
    Times: SpiceRoadState._trade,
    Upgrade: SpiceRoadState._upgrade,
    UpgradeDone: SpiceRoadState._finish_upgrade,
    Acquire: SpiceRoadState._acquire,
    Pay: SpiceRoadState._pay,
    Claim: SpiceRoadState._claim,
    Rest: SpiceRoadState._rest,
    Return: SpiceRoadState._return,
}


class SpiceRoad(Game):
    """Century: Spice Road (and its Golem Edition look)."""

    info = INFO
    state_class = SpiceRoadState
    actions = (Play, Times, UpgradeDone, Upgrade, Acquire, Pay, Claim, Rest, Return)
    # The notation is typed and stored: its words stay English in every language.
    notation_help = (
        "play CARD, times N, upgrade Y|R|G|done, acquire N, pay Y|R|G|B, claim N, rest "
        "or return Y|R|G|B"
    )
    options = {
        "edition": Option(
            "edition",
            "spice",
            ("spice", "golem"),
            N_("spice: turmeric, saffron, cardamom, cinnamon; golem: the same game with "
               "crystals"),
        ),
        # Games saved before the draw existed were played in typed order: they replay so.
        "seat_order": Option(
            "seat_order",
            "drawn",
            SEAT_ORDERS,
            N_("drawn: the turn order is drawn at random (the rules); typed: as the seats are "
               "typed"),
            legacy="typed",
        ),
    }
    hidden_information = False


GAME = SpiceRoad()

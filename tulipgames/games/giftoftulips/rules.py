"""Gift of Tulips: setup, the two-action turn, the festival ranking, the reveal and majorities.

Vocabulary: a seat's **bouquet** holds the cards it kept or was given; the **festival** ranks the
four varieties by the total value of their face-up cards; the **secret festival** is a face-down
pile of which five cards are flipped onto the festival at the end. Places 1-3 then pay majority
points to the seats holding most cards of that variety.

Setup choices are sequenced as ordinary actions (``bouquet V4``), one per seat, all seats acting at
once; a turn is two actions, one per drawn card (``keep``, ``give 2``, ``add faceup``,
``add secret``), and the card draws happen inside the state.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from operator import itemgetter
from typing import Any, NamedTuple

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
from tulipgames.games.giftoftulips import INFO
from tulipgames.games.giftoftulips.data import (
    COPIES,
    GIVE_BONUS,
    KEEP_POINTS,
    MAJORITY,
    REMOVE_AT_SETUP,
    SCORED_PLACES,
    SECRET_REVEAL_COUNT,
    UNRANKED_PLACE,
    USE_56_SET,
    VALUES,
    VARIETIES,
    VARIETY_INFO,
)
from tulipgames.i18n import N_, Say, _

SETUP, PLAY, OVER = "setup", "play", "over"
KEEP, GIVE, ADD = "keep", "give", "add"
#: The action families' names (message ids: shown with ``_()``).
FAMILY_NAMES = {KEEP: N_("Keep"), GIVE: N_("Give"), ADD: N_("Add")}
#: Festival places (message ids: shown with ``_()``, or as a value of a ``Say``).
# Translators: a place in the festival ranking (1st to 4th).
PLACE_NAMES = {1: N_("1st"), 2: N_("2nd"), 3: N_("3rd"), 4: N_("4th")}
#: The same as values of events: each place's name kept as data, made once.
_PLACE_SAYS = {place: Say(name) for place, name in PLACE_NAMES.items()}
#: The notes of the choices that need no values.
_OTHER_CARD_SECRET = Say("the other card goes to the secret festival")
_FACE_DOWN = Say("face down")
#: The tie-break a result names when totals tie.
TIEBREAK = N_("equal scores: more cards in the bouquet wins")
#: The majority columns of a result: (place, the variety that held it or None) -> name. Whole
#: message ids, because a result's categories are strings the results screen translates.
# Translators: "Maj 1st" = the majority points of the festival's 1st place; keep it short.
MAJORITY_LABELS: dict[tuple[int, str | None], str] = {
    (1, None): N_("Maj 1st"),
    (1, "purple"): N_("Maj 1st ◆V"),
    (1, "blue"): N_("Maj 1st ●B"),
    (1, "pink"): N_("Maj 1st ▲P"),
    (1, "orange"): N_("Maj 1st ■O"),
    (2, None): N_("Maj 2nd"),
    (2, "purple"): N_("Maj 2nd ◆V"),
    (2, "blue"): N_("Maj 2nd ●B"),
    (2, "pink"): N_("Maj 2nd ▲P"),
    (2, "orange"): N_("Maj 2nd ■O"),
    (3, None): N_("Maj 3rd"),
    (3, "purple"): N_("Maj 3rd ◆V"),
    (3, "blue"): N_("Maj 3rd ●B"),
    (3, "pink"): N_("Maj 3rd ▲P"),
    (3, "orange"): N_("Maj 3rd ■O"),
}
#: The endings of the official counts (turns each, secret cards flipped) as whole messages
#: (see ``GiftState._ending``): 12, 10, 7 or 6 turns each, and 2-5 cards flipped (at least one
#: secret card per seat, at most five flipped).
ENDINGS: dict[tuple[int, int], str] = {
    (12, 2): N_("The deck ran out after 12 turns each; 2 secret festival cards were "
                "flipped before the majorities were scored."),
    (12, 3): N_("The deck ran out after 12 turns each; 3 secret festival cards were "
                "flipped before the majorities were scored."),
    (12, 4): N_("The deck ran out after 12 turns each; 4 secret festival cards were "
                "flipped before the majorities were scored."),
    (12, 5): N_("The deck ran out after 12 turns each; 5 secret festival cards were "
                "flipped before the majorities were scored."),
    (10, 2): N_("The deck ran out after 10 turns each; 2 secret festival cards were "
                "flipped before the majorities were scored."),
    (10, 3): N_("The deck ran out after 10 turns each; 3 secret festival cards were "
                "flipped before the majorities were scored."),
    (10, 4): N_("The deck ran out after 10 turns each; 4 secret festival cards were "
                "flipped before the majorities were scored."),
    (10, 5): N_("The deck ran out after 10 turns each; 5 secret festival cards were "
                "flipped before the majorities were scored."),
    (7, 2): N_("The deck ran out after 7 turns each; 2 secret festival cards were "
                "flipped before the majorities were scored."),
    (7, 3): N_("The deck ran out after 7 turns each; 3 secret festival cards were "
                "flipped before the majorities were scored."),
    (7, 4): N_("The deck ran out after 7 turns each; 4 secret festival cards were "
                "flipped before the majorities were scored."),
    (7, 5): N_("The deck ran out after 7 turns each; 5 secret festival cards were "
                "flipped before the majorities were scored."),
    (6, 2): N_("The deck ran out after 6 turns each; 2 secret festival cards were "
                "flipped before the majorities were scored."),
    (6, 3): N_("The deck ran out after 6 turns each; 3 secret festival cards were "
                "flipped before the majorities were scored."),
    (6, 4): N_("The deck ran out after 6 turns each; 4 secret festival cards were "
                "flipped before the majorities were scored."),
    (6, 5): N_("The deck ran out after 6 turns each; 5 secret festival cards were "
                "flipped before the majorities were scored."),
}
LETTER_TO_VARIETY = {info[1]: variety for variety, info in VARIETY_INFO.items()}


# -- cards ------------------------------------------------------------------------------------
class Card(NamedTuple):
    """One tulip card. ``uid`` tells the copies apart so tests can trace every single card."""

    variety: str
    value: int
    uid: int

    def __str__(self) -> str:
        return f"{VARIETY_INFO[self.variety][1]}{self.value}"  # card_text, one call less

    def __repr__(self) -> str:
        return f"<{self}#{self.uid}>"


def card_text(variety: str, value: int) -> str:
    """The short form of a card: letter and value, e.g. ``V4``."""
    return f"{VARIETY_INFO[variety][1]}{value}"


#: ``card_text`` of every (variety, value), for the log lines written at every step.
_TEXTS = {(variety, value): card_text(variety, value) for variety in VARIETIES for value in VALUES}
#: The event of a draw, made once: per (variety, value, card number), one per drawing seat (the
#: public line names the seat and the card number, the drawer's own names the card). Events are
#: immutable, so every game shares them.
_DRAW_EVENTS = {
    (variety, value, number): tuple(
        Event(Say("{who} drew card {number} of 2", who=seat_ref(seat), number=number),
              Say("You drew {card} (card {number} of 2)", card=text, number=number), seat, True)
        for seat in range(16)
    )
    for (variety, value), text in _TEXTS.items()
    for number in (1, 2)
}


#: The events of keeping, giving and hiding a card, made the first time each happens: every
#: game says the same few hundred lines, and an event is immutable.
_KEPT: dict[tuple[Any, ...], Event] = {}
_GIVEN: dict[tuple[Any, ...], Event] = {}
_HIDDEN: dict[tuple[Any, ...], Event] = {}


def letter(variety: str) -> str:
    return VARIETY_INFO[variety][1]


def build_pool(players: int) -> list[Card]:
    """All cards in play: the base set, plus the 5/6 set with 5 or 6 players."""
    return list(_pool(players))


@cache
def _pool(players: int) -> tuple[Card, ...]:
    # Cards are immutable: each table size's pool is made once and copied for every game.
    sets = ["base", "56"] if USE_56_SET[players] else ["base"]
    pool: list[Card] = []
    for card_set in sets:
        for variety in VARIETIES:
            for value in VALUES:
                for _copy in range(COPIES[card_set]):
                    pool.append(Card(variety, value, len(pool)))
    return tuple(pool)


def seed_festival(deck: list[Card], rng: random.Random) -> list[Card]:
    """Reveal cards from the top of ``deck`` (its end) until a second variety shows.

    Returns the seeded cards in place order: the higher value is 1st, and on equal values the
    card revealed first is 1st (a setup rule, unlike the play tie rule). Same-variety cards seen
    in between go back and the deck is reshuffled. If no second variety exists, only the first
    card is seeded.
    """
    first = deck.pop()
    set_aside: list[Card] = []
    second: Card | None = None
    while deck:
        card = deck.pop()
        if card.variety != first.variety:
            second = card
            break
        set_aside.append(card)
    if set_aside:
        deck.extend(set_aside)
        shuffle(rng, deck)
    if second is None:
        return [first]
    return [second, first] if second.value > first.value else [first, second]


# -- festival ---------------------------------------------------------------------------------
def place_of(ranking: Sequence[str], variety: str) -> int:
    """A variety's festival place; unranked varieties count as 4th, even when 3rd is empty."""
    return ranking.index(variety) + 1 if variety in ranking else UNRANKED_PLACE


def rank_after_adding(ranking: list[str], totals: dict[str, int], variety: str, value: int) -> None:
    """Add a face-up card to the festival and re-rank, in place.

    The variety that just grew goes above every variety it now ties; the others keep their order.
    """
    totals[variety] += value
    if variety in ranking:
        ranking.remove(variety)
    for index, other in enumerate(ranking):
        if totals[other] <= totals[variety]:
            ranking.insert(index, variety)
            return
    ranking.append(variety)


def keep_score(ranking: Sequence[str], variety: str) -> int:
    """Points for keeping a card: 0 for 1st/2nd place, 1 for 3rd, 2 for 4th or unranked."""
    return KEEP_POINTS[place_of(ranking, variety)]


def give_score(ranking: Sequence[str], variety: str, value: int) -> int:
    """Points for the giver: the card's value plus its variety's place bonus (+3/+2/+1/+0)."""
    return value + GIVE_BONUS[place_of(ranking, variety)]


# -- majorities -------------------------------------------------------------------------------
def holdings(bouquets: Sequence[Iterable[Card]], variety: str) -> list[tuple[int, int]]:
    """Each seat's (count, value sum) of one variety in its bouquet."""
    result = []
    for bouquet in bouquets:
        count = total = 0
        for card in bouquet:
            if card.variety == variety:
                count += 1
                total += card.value
        result.append((count, total))
    return result


def majority_points(players: int, place: int, held: Sequence[tuple[int, int]]) -> list[int]:
    """Majority points of one scored place, per seat.

    Seats rank by card count, then by value sum; seats equal on both are fully tied and each
    scores the level in full. Levels are dense (a full tie never skips a level), only the printed
    levels pay, and a seat without a card of the variety never scores.
    """
    return list(_majority_points(players, place, tuple(held)))


@lru_cache(maxsize=1 << 14)
def _majority_points(
    players: int, place: int, held: tuple[tuple[int, int], ...]
) -> tuple[int, ...]:
    # The end of a game scores the same holdings at several places as the cards flip.
    levels = MAJORITY[players][place]
    return tuple(
        levels[level] if 0 <= level < len(levels) else 0 for level in _majority_levels(held)
    )


@lru_cache(maxsize=1 << 12)
def _majority_levels(held: tuple[tuple[int, int], ...]) -> tuple[int, ...]:
    """Each seat's majority level for one variety (0 = most cards, then the highest value
    sum; fully tied seats share a level, levels are dense), -1 for a seat without a card."""
    groups = sorted({h for h in held if h[0] > 0}, reverse=True)
    return tuple(groups.index(h) if h[0] > 0 else -1 for h in held)


def all_holdings(bouquets: Sequence[Iterable[Card]]) -> dict[str, list[tuple[int, int]]]:
    """:func:`holdings` of every variety at once, in one pass over the bouquets."""
    bouquets = list(bouquets)
    held = {variety: [[0, 0] for _seat in bouquets] for variety in VARIETIES}
    for seat, bouquet in enumerate(bouquets):
        for card in bouquet:
            row = held[card.variety][seat]
            row[0] += 1
            row[1] += card.value
    return {variety: [(count, total) for count, total in rows] for variety, rows in held.items()}


def majority_table(
    players: int,
    ranking: Sequence[str],
    bouquets: Sequence[Iterable[Card]],
    held: Mapping[str, Sequence[tuple[int, int]]] | None = None,
) -> list[list[int]]:
    """Per seat, the majority points of places 1, 2 and 3 (empty places score nothing).
    ``held`` is :func:`all_holdings` of the bouquets when the caller has it already."""
    if held is None:
        held = all_holdings(bouquets)
    return [list(row) for row in _pays(players, ranking, held)]


def _pays(
    players: int, ranking: Sequence[str], held: Mapping[str, Sequence[tuple[int, int]]]
) -> tuple[tuple[int, ...], ...]:
    """:func:`majority_table` as tuples: one column per scored place, read as rows."""
    if len(ranking) >= 3 and SCORED_PLACES == (1, 2, 3):  # three places ranked (most often)
        return tuple(zip(
            _majority_points(players, 1, tuple(held[ranking[0]])),
            _majority_points(players, 2, tuple(held[ranking[1]])),
            _majority_points(players, 3, tuple(held[ranking[2]])),
            strict=True,
        ))
    nothing = (0,) * players
    columns = [
        _majority_points(players, place, tuple(held[ranking[place - 1]]))
        if place <= len(ranking) else nothing
        for place in SCORED_PLACES
    ]
    return tuple(zip(*columns, strict=True))


# -- actions ----------------------------------------------------------------------------------
@dataclass(frozen=True)
class ChooseBouquet(Action):
    """Setup: put this dealt card into the bouquet; the other dealt card goes secret."""

    variety: str
    value: int

    def __str__(self) -> str:
        return f"bouquet {card_text(self.variety, self.value)}"

    @classmethod
    def parse(cls, words: list[str]) -> ChooseBouquet | None:
        if words[0] != "bouquet":
            return None
        shape = _("bouquet takes a card such as V4 (V, B, P or O and a value 2-4)")
        if len(words) != 2 or len(words[1]) != 2:
            raise UnreadableAction(shape)
        variety = LETTER_TO_VARIETY.get(words[1][0].upper())
        if variety is None or not words[1][1].isdigit() or int(words[1][1]) not in VALUES:
            raise UnreadableAction(
                _("{card} is no card: {shape}").format(card=words[1].upper(), shape=shape))
        return cls(variety, int(words[1][1]))


@dataclass(frozen=True)
class Keep(Action):
    """Put the drawn card into the own bouquet."""

    def __str__(self) -> str:
        return "keep"

    @classmethod
    def parse(cls, words: list[str]) -> Keep | None:
        return cls() if words == ["keep"] else None


@dataclass(frozen=True)
class Give(Action):
    """Put the drawn card into another seat's bouquet."""

    target: int

    def __str__(self) -> str:
        return f"give {self.target}"

    @classmethod
    def parse(cls, words: list[str]) -> Give | None:
        if words[0] != "give":
            return None
        if len(words) != 2:
            raise UnreadableAction(_("give takes one seat number, e.g. give 2"))
        return cls(as_int(words[1], _("the seat to give to")))


@dataclass(frozen=True)
class AddFaceUp(Action):
    """Add the drawn card face up to the festival and re-rank."""

    def __str__(self) -> str:
        return "add faceup"

    @classmethod
    def parse(cls, words: list[str]) -> AddFaceUp | None:
        return cls() if words == ["add", "faceup"] else None


@dataclass(frozen=True)
class AddSecret(Action):
    """Add the drawn card face down to the secret festival."""

    def __str__(self) -> str:
        return "add secret"

    @classmethod
    def parse(cls, words: list[str]) -> AddSecret | None:
        if words[0] != "add":
            return None
        if words != ["add", "secret"]:
            raise UnreadableAction(_("add takes faceup or secret: add faceup, add secret"))
        return cls()


def family(action: Action) -> str:
    """The action family an action belongs to; both Adds are one family."""
    return _FAMILIES.get(type(action), ADD)


_FAMILIES: dict[type[Action], str] = {Keep: KEEP, Give: GIVE}
# Actions are immutable: the legal lists hand out shared instances.
KEEP_ACTION, ADDS = Keep(), (AddFaceUp(), AddSecret())
GIVES = tuple(Give(target) for target in range(8))
_BOUQUET_CHOICES: dict[tuple[str, int], ChooseBouquet] = {}


@cache
def turn_actions(seats: int, seat: int, used: tuple[str, ...]) -> tuple[Action, ...]:
    """The acting seat's options for its drawn card: each action family it has not used this
    turn (Keep; Give to every other seat, in seat order; both Adds)."""
    actions: list[Action] = []
    if KEEP not in used:
        actions.append(KEEP_ACTION)
    if GIVE not in used:
        actions += GIVES[:seat]
        actions += GIVES[seat + 1 : seats]
    if ADD not in used:
        actions += ADDS
    return tuple(actions)


def choose_bouquet(variety: str, value: int) -> ChooseBouquet:
    """The shared ``bouquet XN`` action."""
    action = _BOUQUET_CHOICES.get((variety, value))
    if action is None:
        action = _BOUQUET_CHOICES[variety, value] = ChooseBouquet(variety, value)
    return action


# -- views ------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Festival:
    """The public festival: the ranking (1st first) and, per variety in VARIETIES order, the
    total and the values of its face-up cards."""

    ranking: tuple[str, ...]
    totals: tuple[int, ...]
    values: tuple[tuple[int, ...], ...]
    #: Per seat, the majority points of places 1-3 if the game ended with this festival.
    pays: tuple[tuple[int, ...], ...] = ()

    def total(self, variety: str) -> int:
        return self.totals[VARIETIES.index(variety)]

    def values_of(self, variety: str) -> tuple[int, ...]:
        return self.values[VARIETIES.index(variety)]


@dataclass(frozen=True)
class PlaceReward:
    """What a festival place pays at this player count: the Give bonus, the Keep points and the
    majority levels (none for 4th place, which also stands for unranked varieties)."""

    give_bonus: int
    keep: int
    majority: tuple[int, ...]


def place_rewards(players: int) -> tuple[PlaceReward, ...]:
    """The rewards of places 1st to 4th for this player count (the festival cards)."""
    return tuple(
        PlaceReward(
            GIVE_BONUS[place],
            KEEP_POINTS[place],
            tuple(MAJORITY[players][place]) if place in SCORED_PLACES else (),
        )
        for place in range(1, UNRANKED_PLACE + 1)
    )


@dataclass(frozen=True)
class RevealStep:
    """One flipped secret festival card and the festival right after it was added."""

    number: int
    of: int
    card: Card
    festival: Festival


@dataclass(frozen=True)
class Choice:
    """An option open to the acting seat and the points it scores right now."""

    action: Action
    points: int
    #: What else to know (the festival place an Add leads to), for the reader to render.
    note: str | Say


@dataclass(frozen=True)
class GiftView:
    """What one seat may see (``viewer`` None: public information only)."""

    viewer: int | None
    seats: int
    phase: str
    festival: Festival
    bouquets: tuple[tuple[Card, ...], ...]
    give_points: tuple[int, ...]
    keep_points: tuple[int, ...]
    chosen: tuple[bool, ...]
    deck_size: int
    secret_size: int
    removed_size: int
    start_seat: int
    active: int | None
    card_no: int
    used: tuple[str, ...]
    turns_taken: tuple[int, ...]
    pending: Card | None
    deal: tuple[Card, ...]
    setup_choice: Card | None
    own_secret: tuple[Card, ...]
    choices: tuple[Choice, ...]
    festival_before_reveal: Festival | None
    reveals: tuple[RevealStep, ...]
    #: What each place pays at this player count, 1st to 4th (4th = unranked too).
    rewards: tuple[PlaceReward, ...] = ()
    #: ``reveal_pace`` option: "step" (a key per flipped secret card) or "auto".
    reveal_pace: str = "step"
    #: The final scores once the game is over (the scoring table), else ``None``.
    final: Result | None = None
    #: Whole turns the deck still holds after the cards in play (each turn draws two).
    turns_left: int = 0

    @property
    def scores(self) -> tuple[int, ...]:
        """Give plus Keep points so far (majorities come only at the end)."""
        return tuple(g + k for g, k in zip(self.give_points, self.keep_points, strict=True))


#: A moment of the end's reveal: the card just flipped (``None`` before the first), the ranking,
#: and per variety in VARIETIES order the total and the face-up values.
_Snapshot = tuple[Card | None, tuple[str, ...], tuple[int, ...], tuple[tuple[int, ...], ...]]


# -- the state --------------------------------------------------------------------------------
class GiftState(State):
    """A game of Gift of Tulips in progress."""

    game_id = "giftoftulips"

    def __init__(self, seats: int, seed: int, options: Mapping[str, Any]) -> None:
        super().__init__(seats, seed, options)
        n = seats
        deck = build_pool(n)
        self.pool_size = len(deck)
        shuffle(self.rng, deck)
        self.removed: list[Card] = [deck.pop() for _card in range(REMOVE_AT_SETUP[n])]
        self.festival_cards: list[Card] = []
        self.totals: dict[str, int] = dict.fromkeys(VARIETIES, 0)
        self.ranking: list[str] = []
        for card in seed_festival(deck, self.rng):
            self.festival_cards.append(card)
            self.totals[card.variety] += card.value
            self.ranking.append(card.variety)
        self.deals: list[tuple[Card, ...]] = [(deck.pop(), deck.pop()) for _seat in range(n)]
        self.chosen_index: list[int | None] = [None] * n
        self.deck: list[Card] = deck
        self.secret: list[Card] = []
        self.secret_owner: list[int] = []
        self.bouquets: list[list[Card]] = [[] for _seat in range(n)]
        self.give_points: list[int] = [0] * n
        self.keep_points: list[int] = [0] * n
        start = options.get("start_player", "random")
        self.start_seat: int = self.rng.randrange(n) if start == "random" else int(start)
        if not 0 <= self.start_seat < n:
            raise ValueError(f"start_player must be a seat from 0 to {n - 1}, not {start}")
        self.phase = SETUP
        self.active = self.start_seat
        self.card_no = 0
        self.used: tuple[str, ...] = ()
        self.pending: Card | None = None
        self.turns_taken: list[int] = [0] * n
        #: The end's reveal as it happened: the festival before the first secret card flipped,
        #: then each flipped card with the festival after it, kept as (card or None, ranking,
        #: totals, values) snapshots; a view makes them into festivals with the majorities
        #: they pay (the bouquets are final by then) when it is looked at.
        self.revealed: list[_Snapshot] = []

    # -- copies ---------------------------------------------------------------------------
    def clone(self) -> GiftState:
        twin = self._clone_base()
        twin.pool_size = self.pool_size
        twin.removed = self.removed[:]
        twin.festival_cards = self.festival_cards[:]
        twin.totals = dict(self.totals)
        twin.ranking = self.ranking[:]
        twin.deals = self.deals[:]
        twin.chosen_index = self.chosen_index[:]
        twin.deck = self.deck[:]
        twin.secret = self.secret[:]
        twin.secret_owner = self.secret_owner[:]
        twin.bouquets = [b[:] for b in self.bouquets]
        twin.give_points = self.give_points[:]
        twin.keep_points = self.keep_points[:]
        twin.start_seat = self.start_seat
        twin.phase = self.phase
        twin.active = self.active
        twin.card_no = self.card_no
        twin.used = self.used
        twin.pending = self.pending
        twin.turns_taken = self.turns_taken[:]
        twin.revealed = self.revealed[:]
        return twin

    def _redeal_hidden(self, seat: int, rng: random.Random) -> None:
        """Shuffle every card ``seat`` cannot see back among the places it cannot see.

        Hidden from a seat: the deck order, the removed cards, the other seats' secret festival
        cards, another seat's drawn card and, during setup, the other seats' deals.
        """
        if self.phase == OVER:
            return
        others_secret = [i for i, owner in enumerate(self.secret_owner) if owner != seat]
        other_deals = [s for s in range(self.seats) if s != seat and self.deals[s]]
        pending_hidden = self.pending is not None and self.active != seat
        unseen = self.deck + self.removed + [self.secret[i] for i in others_secret]
        for s in other_deals:
            unseen.extend(self.deals[s])
        if pending_hidden and self.pending is not None:
            unseen.append(self.pending)
        shuffle(rng, unseen)
        deck_size, removed_size = len(self.deck), len(self.removed)
        self.deck = unseen[:deck_size]
        self.removed = unseen[deck_size : deck_size + removed_size]
        rest = unseen[deck_size + removed_size :]
        for i in others_secret:
            self.secret[i] = rest.pop()
        for s in other_deals:
            self.deals[s] = (rest.pop(), rest.pop())
        if pending_hidden:
            self.pending = rest.pop()

    # -- whose turn -------------------------------------------------------------------------
    def to_act(self) -> tuple[int, ...]:
        if self.phase == PLAY:
            return (self.active,)
        if self.phase == SETUP:
            return tuple(s for s in range(self.seats) if self.chosen_index[s] is None)
        return ()

    def legal_actions(self, seat: int) -> list[Action]:
        if self.phase == PLAY:
            if seat != self.active:
                return []
            return list(turn_actions(self.seats, seat, self.used))
        if seat not in self.to_act():
            return []
        options: list[Action] = []
        for card in self.deals[seat]:
            action = choose_bouquet(card.variety, card.value)
            if action not in options:
                options.append(action)
        return options

    def check(self, seat: int, action: Action) -> None:
        if self.phase == SETUP:
            if not isinstance(action, ChooseBouquet):
                raise IllegalAction(_("first choose which dealt card goes into your bouquet"))
            if self.chosen_index[seat] is not None:
                raise IllegalAction(_("you have already chosen your bouquet card"))
            if not any(
                c.variety == action.variety and c.value == action.value for c in self.deals[seat]
            ):
                dealt = _(" or ").join(str(c) for c in self.deals[seat])
                raise IllegalAction(
                    _("{card} was not dealt to you (choose {dealt})").format(
                        card=card_text(action.variety, action.value), dealt=dealt)
                )
            return
        if isinstance(action, ChooseBouquet):
            raise IllegalAction(_("the bouquet cards were chosen at setup"))
        used = family(action)
        if used in self.used:
            raise IllegalAction(
                _("you already used {action} this turn: "
                  "the second card needs a different action").format(
                    action=_(FAMILY_NAMES[used]))
            )
        if isinstance(action, Give):
            if action.target == seat:
                raise IllegalAction(_("you cannot give a tulip to yourself"))
            if not 0 <= action.target < self.seats:
                raise IllegalAction(_("there is no seat {seat}").format(seat=action.target))

    # -- playing ----------------------------------------------------------------------------
    def _apply(self, seat: int, action: Action) -> list[Event]:
        kind = type(action)
        if kind is ChooseBouquet:
            assert isinstance(action, ChooseBouquet)
            return self._choose_bouquet(seat, action)
        card = self.pending
        assert card is not None
        events = [self._resolve(seat, action, card)]
        self.pending = None
        self.used = (*self.used, _FAMILIES.get(kind, ADD))
        if self.card_no == 1:
            events.append(self._draw())
            return events
        self.turns_taken[seat] += 1
        if not self.deck:
            events.extend(self._finish())
            return events
        self.active = (seat + 1) % self.seats
        events.append(self._begin_turn())
        return events

    def _choose_bouquet(self, seat: int, action: ChooseBouquet) -> list[Event]:
        """Record a private setup choice; once every seat has chosen, reveal the bouquets."""
        deal = self.deals[seat]
        index = next(
            i for i, c in enumerate(deal) if (c.variety, c.value) == (action.variety, action.value)
        )
        self.chosen_index[seat] = index
        kept, hidden = deal[index], deal[1 - index]
        events = [
            Event(
                Say("{who} chose a bouquet card", who=seat_ref(seat)),
                private=Say("You chose {kept} for your bouquet; {hidden} goes to the secret "
                            "festival", kept=str(kept), hidden=str(hidden)),
                seat=seat,
            )
        ]
        if any(choice is None for choice in self.chosen_index):
            return events
        shown = []
        for s in range(self.seats):
            chosen = self.chosen_index[s]
            assert chosen is not None
            self.bouquets[s].append(self.deals[s][chosen])
            self.secret.append(self.deals[s][1 - chosen])
            self.secret_owner.append(s)
            shown.append(f"{seat_ref(s)} {self.deals[s][chosen]}")
        self.deals = [() for _seat in range(self.seats)]
        self.phase = PLAY
        events.append(Event(Say("Bouquets revealed: {bouquets}", bouquets=", ".join(shown)),
                            reveals=True))
        events.append(self._begin_turn())
        return events

    def _begin_turn(self) -> Event:
        """The active seat starts a turn by drawing its first card."""
        assert len(self.deck) % 2 == 0, "a turn must start with an even deck"
        self.used = ()
        self.card_no = 0
        return self._draw()

    def _draw(self) -> Event:
        """The active seat draws the next card; only it sees the card."""
        card = self.pending = self.deck.pop()
        number = self.card_no = self.card_no + 1
        return _DRAW_EVENTS[card.variety, card.value, number][self.active]

    def _resolve(self, seat: int, action: Action, card: Card) -> Event:
        """Carry out Keep, Give or an Add for the drawn card and score it at once."""
        kind, variety, value = type(action), card.variety, card.value
        if kind is Keep:
            points = keep_score(self.ranking, variety)
            self.keep_points[seat] += points
            self.bouquets[seat].append(card)
            key: tuple[Any, ...] = (seat, variety, value, points)
            event = _KEPT.get(key)
            if event is None:
                event = _KEPT[key] = Event(Say(
                    "{who} kept {card} (+{points})",
                    who=seat_ref(seat), card=_TEXTS[variety, value], points=points))
            return event
        if kind is Give:
            assert isinstance(action, Give)
            target = action.target
            points = give_score(self.ranking, variety, value)
            self.give_points[seat] += points
            self.bouquets[target].append(card)
            key = (seat, target, variety, value, points)
            event = _GIVEN.get(key)
            if event is None:
                event = _GIVEN[key] = Event(Say(
                    "{who} gave {card} to {target} (+{points})", who=seat_ref(seat),
                    card=_TEXTS[variety, value], target=seat_ref(target), points=points))
            return event
        if kind is AddFaceUp:
            self._add_to_festival(card)
            place = place_of(self.ranking, variety)
            return Event(Say(
                "{who} added {card} to the festival: {letter} is {place} with {total}",
                who=seat_ref(seat), card=_TEXTS[variety, value], letter=letter(variety),
                place=_PLACE_SAYS[place], total=self.totals[variety],
            ))
        self.secret.append(card)
        self.secret_owner.append(seat)
        key = (seat, variety, value)
        event = _HIDDEN.get(key)
        if event is None:
            event = _HIDDEN[key] = Event(
                Say("{who} added a card to the secret festival", who=seat_ref(seat)),
                Say("You added {card} to the secret festival", card=_TEXTS[variety, value]),
                seat,
            )
        return event

    def _add_to_festival(self, card: Card) -> None:
        self.festival_cards.append(card)
        rank_after_adding(self.ranking, self.totals, card.variety, card.value)

    def _finish(self) -> list[Event]:
        """The deck is empty: flip up to five random secret cards one at a time, then score."""
        self.phase = OVER
        self.pending = None
        # The bouquets are final now: only the festival ranking changes while the cards flip.
        held = {variety: tuple(rows) for variety, rows in all_holdings(self.bouquets).items()}
        values: dict[str, list[int]] = {v: [] for v in VARIETIES}
        for card in self.festival_cards:
            values[card.variety].append(card.value)
        self.revealed = [self._snapshot(None, values)]
        pile = list(zip(self.secret, self.secret_owner, strict=True))
        self.rng.shuffle(pile)
        count = min(SECRET_REVEAL_COUNT, len(pile))
        flipped, kept = pile[:count], pile[count:]
        self.secret = [card for card, _owner in kept]
        self.secret_owner = [owner for _card, owner in kept]
        events = [Event(Say("The deck is empty: the secret festival is revealed"))]
        totals = self.totals
        for number, (card, _owner) in enumerate(flipped, 1):
            self._add_to_festival(card)
            values[card.variety].append(card.value)
            self.revealed.append(self._snapshot(card, values))
            ranking = ", ".join([f"{VARIETY_INFO[v][1]} {totals[v]}" for v in self.ranking])
            text = _TEXTS[card.variety, card.value]
            events.append(
                Event(Say("Secret card {number} of {count}: {card} (ranking {ranking})",
                          number=number, count=count, card=text, ranking=ranking), None, None,
                      True)
            )
        final = [sum(row) for row in self._breakdown(held)]
        scores = ", ".join([f"{seat_ref(s)} {t}" for s, t in enumerate(final)])
        events.append(Event(Say("Final scores: {scores}", scores=scores)))
        return events

    # -- views ------------------------------------------------------------------------------
    def _snapshot(self, card: Card | None, values: Mapping[str, Sequence[int]]) -> _Snapshot:
        """The festival now, after ``card`` flipped (``None``: before the first), for later."""
        return (
            card,
            tuple(self.ranking),
            tuple(map(self.totals.__getitem__, VARIETIES)),
            tuple([tuple(values[v]) for v in VARIETIES]),
        )

    def _reveal_steps(self) -> tuple[Festival | None, tuple[RevealStep, ...]]:
        """The festival before the reveal and each flip with the festival after it."""
        if not self.revealed:
            return None, ()
        held = all_holdings(self.bouquets)
        festivals = [
            Festival(ranking, totals, values, _pays(self.seats, ranking, held))
            for _card, ranking, totals, values in self.revealed
        ]
        count = len(self.revealed) - 1
        steps = tuple(
            RevealStep(number, count, snapshot[0], festival)
            for number, (snapshot, festival) in enumerate(
                zip(self.revealed[1:], festivals[1:], strict=True), 1
            )
            if snapshot[0] is not None
        )
        return festivals[0], steps

    def _festival(
        self,
        held: Mapping[str, Sequence[tuple[int, int]]] | None = None,
        values: Mapping[str, Sequence[int]] | None = None,
    ) -> Festival:
        """The festival as shown; ``held`` (:func:`all_holdings`) and ``values`` (the face-up
        values per variety) when the caller keeps them already."""
        if values is None:
            shown: dict[str, list[int]] = {v: [] for v in VARIETIES}
            for card in self.festival_cards:
                shown[card.variety].append(card.value)
            values = shown
        if held is None:
            held = all_holdings(self.bouquets)
        return Festival(
            tuple(self.ranking),
            tuple(map(self.totals.__getitem__, VARIETIES)),
            tuple([tuple(values[v]) for v in VARIETIES]),
            _pays(self.seats, self.ranking, held),
        )

    def choices(self, seat: int) -> list[Choice]:
        """The acting seat's legal actions with the points each scores right now."""
        card = self.pending
        result = []
        for action in self.legal_actions(seat):
            if isinstance(action, ChooseBouquet):
                result.append(Choice(action, 0, _OTHER_CARD_SECRET))
                continue
            assert card is not None
            if isinstance(action, Keep):
                result.append(Choice(action, keep_score(self.ranking, card.variety), ""))
            elif isinstance(action, Give):
                points = give_score(self.ranking, card.variety, card.value)
                result.append(Choice(action, points, ""))
            elif isinstance(action, AddFaceUp):
                ranking, totals = self.ranking[:], dict(self.totals)
                rank_after_adding(ranking, totals, card.variety, card.value)
                place = place_of(ranking, card.variety)
                note = Say("→ {letter} {total}, {place}", letter=letter(card.variety),
                           total=totals[card.variety], place=_PLACE_SAYS[place])
                result.append(Choice(action, 0, note))
            else:
                result.append(Choice(action, 0, _FACE_DOWN))
        return result

    def view(self, seat: int | None) -> GiftView:
        setup = self.phase == SETUP
        mine = seat is not None
        deal: tuple[Card, ...] = self.deals[seat] if seat is not None and setup else ()
        index = self.chosen_index[seat] if seat is not None and setup else None
        before_reveal, reveal_steps = self._reveal_steps()
        return GiftView(
            viewer=seat,
            seats=self.seats,
            phase=self.phase,
            festival=self._festival(),
            bouquets=tuple(tuple(b) for b in self.bouquets),
            give_points=tuple(self.give_points),
            keep_points=tuple(self.keep_points),
            chosen=tuple(c is not None for c in self.chosen_index),
            deck_size=len(self.deck),
            secret_size=len(self.secret),
            removed_size=len(self.removed),
            start_seat=self.start_seat,
            active=self.active if self.phase == PLAY else None,
            card_no=self.card_no if self.phase == PLAY else 0,
            used=self.used if self.phase == PLAY else (),
            turns_taken=tuple(self.turns_taken),
            pending=self.pending if mine and self.phase == PLAY and seat == self.active else None,
            deal=deal,
            setup_choice=deal[index] if index is not None else None,
            own_secret=tuple(
                c for c, o in zip(self.secret, self.secret_owner, strict=True) if mine and o == seat
            )
            if self.phase != OVER
            else (),
            choices=tuple(self.choices(seat)) if seat is not None else (),
            festival_before_reveal=before_reveal,
            reveals=reveal_steps,
            rewards=place_rewards(self.seats),
            reveal_pace=str(self.options.get("reveal_pace", "step")),
            final=self.result() if self.phase == OVER else None,
            turns_left=len(self.deck) // 2,
        )

    def secrets(self, seat: int) -> frozenset[str]:
        """The cards only ``seat`` may see now (as ``V4#17``, their repr without brackets): its
        setup deal until the bouquets are revealed, its drawn card, and the cards it put into
        the secret festival. At the end the flipped ones are public and the rest stay unseen."""
        if self.phase == OVER:
            return frozenset()
        mine = [*self.deals[seat]]
        if self.pending is not None and self.active == seat:
            mine.append(self.pending)
        mine.extend(c for c, o in zip(self.secret, self.secret_owner, strict=True) if o == seat)
        return frozenset(repr(card)[1:-1] for card in mine)

    def prompt(self, seat: int) -> str:
        """The question to ``seat``, in the reader's language (made for that seat's screen)."""
        if self.phase == SETUP:
            if self.chosen_index[seat] is None:
                a, b = self.deals[seat]
                return _("Choose your bouquet card, {a} or {b}; the other goes secret").format(
                    a=a, b=b)
            return _("Waiting for the other seats to choose their bouquet cards")
        if self.phase == OVER:
            return _("The game is over")
        if seat != self.active:
            return _("{who} is playing card {number} of 2").format(
                who=seat_ref(self.active), number=self.card_no)
        left = [_(name) for f, name in FAMILY_NAMES.items() if f not in self.used]
        # Translators: the actions still open for the drawn card, e.g. "Keep or Give it".
        actions = _("{actions} it").format(actions=_(" or ").join(left))
        used = "".join(_(" ({action} used)").format(action=_(FAMILY_NAMES[f])) for f in self.used)
        return _("Card {number} of 2: {card}. {actions}{used}").format(
            number=self.card_no, card=self.pending, actions=actions, used=used)

    # -- the end ----------------------------------------------------------------------------
    def is_over(self) -> bool:
        return self.phase == OVER

    def result(self) -> Result:
        """Give + Keep + majority points; more bouquet cards breaks a tie, then seats share."""
        return self._result()

    def _result(self, held: Mapping[str, Sequence[tuple[int, int]]] | None = None) -> Result:
        """:meth:`result`, given :func:`all_holdings` of the bouquets when the caller has it."""
        n = self.seats
        breakdown = self._breakdown(held)
        sizes = [len(b) for b in self.bouquets]
        tied = len({sum(row) for row in breakdown}) < n
        return Result.build(
            (FAMILY_NAMES[GIVE], FAMILY_NAMES[KEEP], *self._majority_categories()),
            breakdown,
            tiebreak=TIEBREAK if tied else "",
            tiebreak_values=sizes,
            tiebreak_keys=[(size,) for size in sizes],
            ending=self._ending() if self.phase == OVER else "",
        )

    def _breakdown(
        self, held: Mapping[str, Sequence[tuple[int, int]]] | None = None
    ) -> list[list[int]]:
        """Per seat: Give points, Keep points and the majority points of places 1-3 (scored
        only once the game is over)."""
        n = self.seats
        majorities = (
            majority_table(n, self.ranking, self.bouquets, held)
            if self.phase == OVER
            else [[0, 0, 0] for _seat in range(n)]
        )
        return [[self.give_points[s], self.keep_points[s], *majorities[s]] for s in range(n)]

    def _ending(self) -> str:
        """Why the game ended: the deck ran out, and how many secret cards were flipped.

        A result's ending is a string (records and the store keep it as JSON), and the shared
        results screen translates a string only as a whole message id: so the endings of the
        official counts are whole messages here (:data:`ENDINGS`); any other (a test's
        hand-made position) is said in English."""
        flipped = max(0, len(self.revealed) - 1)
        known = ENDINGS.get((self.turns_taken[0], flipped))
        if known is not None:
            return known
        return (
            f"The deck ran out after {self.turns_taken[0]} turns each; "
            f"{flipped} secret festival card{'s' if flipped != 1 else ''} "
            f"{'were' if flipped != 1 else 'was'} flipped before the majorities were scored."
        )

    def _majority_categories(self) -> list[str]:
        """Majority column names; at the end they carry the variety that held each place
        (whole message ids, :data:`MAJORITY_LABELS`: a result's categories are strings)."""
        names = []
        for place in SCORED_PLACES:
            variety = None
            if self.phase == OVER and place <= len(self.ranking):
                variety = self.ranking[place - 1]
            names.append(MAJORITY_LABELS[place, variety])
        return names

    def estimate(self) -> tuple[float, ...]:
        """Points so far plus the majorities the current ranking would pay."""
        majorities = majority_table(self.seats, self.ranking, self.bouquets)
        return tuple(
            float(self.give_points[s] + self.keep_points[s] + sum(majorities[s]))
            for s in range(self.seats)
        )

    def invariant_violations(self) -> list[str]:
        """Every card in exactly one place, festival totals and ranking as its cards say, and
        turns taken evenly."""
        problems = []
        places: list[Card] = [*self.deck, *self.removed, *self.festival_cards, *self.secret]
        for bouquet in self.bouquets:
            places += bouquet
        for deal in self.deals:
            places += deal
        if self.pending is not None:
            places.append(self.pending)
        # n places holding exactly the uids 0..n-1 is each card once (the sorted uids as range)
        if len(places) != self.pool_size or set(map(_UID, places)) != _all_uids(self.pool_size):
            problems.append(f"cards not conserved: {len(places)} of {self.pool_size} accounted")
        on_show = dict.fromkeys(VARIETIES, 0)
        for card in self.festival_cards:
            on_show[card.variety] += card.value
        for variety in VARIETIES:
            if on_show[variety] != self.totals[variety]:
                problems.append(
                    f"{variety} total {self.totals[variety]} != cards {on_show[variety]}"
                )
        ranked = {c.variety for c in self.festival_cards}
        if set(self.ranking) != ranked or len(self.ranking) != len(ranked):
            problems.append(f"ranking {self.ranking} does not match the festival cards")
        totals = [self.totals[v] for v in self.ranking]
        if totals != sorted(totals, reverse=True):
            problems.append(f"ranking {self.ranking} not sorted by total {totals}")
        if self.phase == PLAY and (len(self.deck) + self.card_no) % 2 != 0:
            problems.append(f"deck of {len(self.deck)} at card {self.card_no}: turn not even")
        if self.phase == PLAY and max(self.turns_taken) - min(self.turns_taken) > 1:
            problems.append(f"uneven turns {self.turns_taken}")
        if self.phase == OVER and len(set(self.turns_taken)) != 1:
            problems.append(f"game ended with uneven turns {self.turns_taken}")
        return problems


_UID = itemgetter(2)  # Card.uid


@cache
def _all_uids(pool_size: int) -> frozenset[int]:
    return frozenset(range(pool_size))


# -- the game ---------------------------------------------------------------------------------
class GiftOfTulips(Game):
    """Gift of Tulips for 2-6 players."""

    info = INFO
    state_class = GiftState
    hidden_information = True
    actions = (ChooseBouquet, Keep, Give, AddFaceUp, AddSecret)
    # Translators: the command words (keep, give, add faceup, add secret, bouquet) stay English.
    notation_help = N_("keep, give SEAT, add faceup, add secret or bouquet V4")
    options = {
        "start_player": Option(
            "start_player",
            "random",
            ("random", 0, 1, 2, 3, 4, 5),
            N_("who takes the first turn: random, or a seat index (for tests and replays)"),
        ),
        "reveal_pace": Option(
            "reveal_pace",
            "step",
            ("step", "auto"),
            N_("end-game reveal: step = press a key per secret card, auto = one card per second"),
        ),
    }


GAME = GiftOfTulips()

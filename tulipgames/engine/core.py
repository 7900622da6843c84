"""The rules-layer contract every game implements.

Modelled on python-chess and OpenSpiel: a :class:`Game` makes :class:`State` objects; a state lists
the seats that must act (:meth:`State.to_act`), their legal actions, and applies one action at a
time, returning :class:`Event` objects for the log. Screens, bots, records and the SSH server only
ever use this API.

Large decisions
---------------
A decision whose combinations would explode (a bouquet split, a spice payment, several upgrades) is
**sequenced into small steps inside the state**: the state remembers the pending decision and each
step is an ordinary action with its own notation (``acquire 4`` then ``pay Y`` per card, ``assign
3 to 2`` then ``split done``...). So ``legal_actions`` stays a short, complete list that bots, the
search bot and the UI can all enumerate, and undo inside a decision is just undo of its steps.

Nothing here imports Textual or Rich.
"""

from __future__ import annotations

import copy
import random
import re
import sys
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, NamedTuple, TypeVar

# Who a game is for and what the menu says: defined apart, for the catalogue the menu reads
# without importing this module; the games' packages take it from here.
from tulipgames.engine.names import name_problem  # what a record accepts (a bot's too)
from tulipgames.i18n import N_, Say, _, module_domain, render, translate_markdown
from tulipgames.info import GameInfo


class IllegalAction(ValueError):
    """An action that the rules forbid now, with the reason a player can read."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class UnreadableAction(IllegalAction):
    """A text that is no action of this game at all ("cannot read this"), as opposed to an
    action the rules forbid now (a plain :class:`IllegalAction`)."""


class Action:
    """Base for actions.

    Concrete actions are small frozen dataclasses whose ``str()`` is their stable text notation
    (``bid 7``, ``acquire 4``). Each action class reads its own notation back in
    :meth:`parse`, written next to its ``__str__``; :meth:`Game.parse_action` asks the game's
    action classes in turn, so ``game.parse_action(str(a)) == a`` for every action.
    """

    __slots__ = ()

    @classmethod
    def parse(cls, words: list[str]) -> Action | None:
        """This class's action for a notation split into lower-case words, or ``None`` when the
        words are not this kind of action. Raise :class:`UnreadableAction` for a notation of this
        kind with bad arguments ("bid lots")."""
        return None


def as_int(word: str, what: str) -> int:
    """A notation argument read as a whole number (the helper every parser uses)."""
    try:
        return int(word)
    except ValueError:
        raise UnreadableAction(_("{what} must be a number, not {word}").format(
            what=render(what), word=repr(word))) from None


@dataclass(frozen=True)
class Option:
    """A game option: its default, the values allowed and a one-line help text."""

    name: str
    default: Any
    choices: tuple[Any, ...]
    help: str
    #: For an option added after games were saved: the value a record without it meant (the
    #: old behaviour), so old saves replay identically; ``None``: such records get the default.
    legacy: Any = None

    def parse(self, text: str) -> Any:
        """Read a value typed on the command line or in the setup screen."""
        for choice in self.choices:
            if str(choice).lower() == text.strip().lower():
                return choice
        if isinstance(self.default, bool):
            low = text.strip().lower()
            if low in ("1", "yes", "on", "true"):
                return True
            if low in ("0", "no", "off", "false"):
                return False
        allowed = ", ".join(self.show(c) for c in self.choices)
        raise ValueError(_("option {name} must be one of: {allowed} (got {text})").format(
            name=self.name, allowed=allowed, text=repr(text)))

    @staticmethod
    def show(value: Any) -> str:
        """A value as players type it: ``on``/``off`` for switches."""
        if isinstance(value, bool):
            return "on" if value else "off"
        return str(value)


def shuffle(rng: random.Random, items: list[Any]) -> None:
    """Shuffle ``items`` in place exactly as ``rng.shuffle(items)`` does: the same draws from
    ``rng`` in the same order, so the same seed deals the same cards.

    ``random.Random.shuffle`` swaps each position from the last down with one below it drawn
    by ``_randbelow`` (``k`` random bits for a bound of ``k`` bits, drawn again while too big);
    here that draw is written out instead of two method calls per card, which is most of what
    a game's setup costs. ``tests/engine/test_core.py`` holds it to the library's shuffle.
    """
    bits = rng.getrandbits
    for i in range(len(items) - 1, 0, -1):
        bound = i + 1
        width = bound.bit_length()
        j = bits(width)
        while j >= bound:
            j = bits(width)
        items[i], items[j] = items[j], items[i]


_SEAT_REF = re.compile(r"\{seat(\d+)\}")


def render_names(text: str, names: Sequence[str]) -> str:
    """Replace ``{seat0}``-style references in event or prompt text by seat names."""

    def name(match: re.Match[str]) -> str:
        index = int(match.group(1))
        return names[index] if index < len(names) else f"Seat {index + 1}"

    return _SEAT_REF.sub(name, text)


def visible(text: str) -> str:
    """A name from a player, a record or the network with every control character drawn as a
    visible sign (ESC becomes ␛), so that no name can send a control sequence to a terminal."""
    out = []
    for ch in text:
        code = ord(ch)
        if code < 0x20:
            out.append(chr(0x2400 + code))
        elif code == 0x7F:
            out.append("\u2421")
        elif 0x80 <= code < 0xA0:
            out.append("\ufffd")
        else:
            out.append(ch)
    return "".join(out)


def seat_ref(seat: int) -> str:
    """The placeholder an event or prompt uses to name a seat (see :func:`render_names`)."""
    if 0 <= seat < len(_SEAT_REFS):
        return _SEAT_REFS[seat]
    return f"{{seat{seat}}}"


# Log lines name seats all the time: the placeholders of the usual seat numbers, written once.
_SEAT_REFS = tuple(f"{{seat{seat}}}" for seat in range(16))


class Event(NamedTuple):
    """One line of the game log.

    ``text`` is what every seat may read. When the event carries private information, ``private``
    is the full text shown only to ``seat`` ("you drew Tulip 3" vs "{seat1} drew a card").
    ``reveals`` marks new information entering the game (a dice roll, a card draw, a reveal):
    undo never crosses such an event.
    Seats are named in texts with ``{seat0}``, ``{seat1}``... (see :func:`seat_ref`).

    A text is an English message id of the game's catalogue, or a :class:`~tulipgames.i18n.Say`
    (a message id with its values): data, not words, so each reader of one shared table reads
    it in their own language (:meth:`text_for` renders it in the language of the moment).

    Immutable like a frozen dataclass (same fields, equality and repr), but a named tuple: every
    action of every playout makes one or more, and a tuple is made in a fraction of the time.
    """

    text: str | Say
    private: str | Say | None = None
    seat: int | None = None
    reveals: bool = False

    def text_for(self, viewer: int | None, domain: str | None = None) -> str:
        """The text a viewer may read (``None`` = an onlooker with public information only), in
        this session's language (a constant text looked up first in ``domain``: its game's)."""
        if self.private is not None and viewer is not None and viewer == self.seat:
            return render(self.private, domain=domain)
        return render(self.text, domain=domain)


@dataclass(frozen=True)
class Result:
    """The end of a game: a score breakdown per seat, the ranking and how ties were broken.

    ``breakdown[seat]`` holds one number per entry of ``categories`` and sums to ``totals[seat]``.
    ``ranks[seat]`` is 1 for the winner(s); seats still tied after every tie-break share a rank.
    ``tiebreak`` explains in words what decided between equal totals ("" when nothing did), and
    ``tiebreak_values[seat]`` is the value compared (money left, spices, ...) or ``None``.
    """

    categories: tuple[str, ...]
    breakdown: tuple[tuple[int, ...], ...]
    totals: tuple[int, ...]
    ranks: tuple[int, ...]
    tiebreak: str = ""
    tiebreak_values: tuple[Any, ...] = ()
    #: Why the game ended, in words ("Ana's leaf row reached 61"); "" while it runs.
    ending: str = ""

    @property
    def winners(self) -> tuple[int, ...]:
        """Every seat ranked first (several when they share the win)."""
        return tuple(seat for seat, rank in enumerate(self.ranks) if rank == 1)

    @staticmethod
    def rank(keys: Sequence[Sequence[Any]]) -> tuple[int, ...]:
        """Competition ranking ("1, 1, 3") of seats by descending keys.

        Each key is a tuple compared left to right, e.g. ``(score, coins)``; equal keys share a
        rank.
        """
        ranks = []
        for key in keys:
            ranks.append(1 + sum(1 for other in keys if tuple(other) > tuple(key)))
        return tuple(ranks)

    @classmethod
    def build(
        cls,
        categories: Sequence[str],
        breakdown: Sequence[Sequence[int]],
        tiebreak: str = "",
        tiebreak_values: Sequence[Any] | None = None,
        tiebreak_keys: Sequence[Sequence[Any]] | None = None,
        ending: str = "",
    ) -> Result:
        """Make a result from a breakdown; ranks by total, then by ``tiebreak_keys`` per seat."""
        totals = tuple(sum(row) for row in breakdown)
        extra = tiebreak_keys or [() for _seat in totals]
        keys = [(total, *extra[seat]) for seat, total in enumerate(totals)]
        return cls(
            categories=tuple(categories),
            breakdown=tuple(tuple(row) for row in breakdown),
            totals=totals,
            ranks=cls.rank(keys),
            tiebreak=tiebreak,
            tiebreak_values=tuple(tiebreak_values or ()),
            ending=ending,
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "categories": list(self.categories),
            "breakdown": [list(row) for row in self.breakdown],
            "totals": list(self.totals),
            "ranks": list(self.ranks),
            "tiebreak": self.tiebreak,
            "tiebreak_values": list(self.tiebreak_values),
            "ending": self.ending,
        }


StateT = TypeVar("StateT", bound="State")


class State(ABC):
    """A position of one game, with its own seeded random source.

    Subclasses implement :meth:`to_act`, :meth:`legal_actions`, :meth:`_apply`, :meth:`view`,
    :meth:`prompt`, :meth:`is_over` and :meth:`result`. :meth:`apply` checks the seat and the
    action before any change, so an illegal action leaves the state exactly as it was.
    """

    game_id: ClassVar[str] = ""

    def __init__(self, seats: int, seed: int, options: Mapping[str, Any]) -> None:
        self.seats = seats
        self.seed = seed
        self.options = dict(options)
        self.rng = random.Random(seed)
        #: What setup itself did (the first roll, round one's income and reveal), for the log.
        self.setup_events: list[Event] = []

    # -- who acts and what they may do ------------------------------------------------------
    @abstractmethod
    def to_act(self) -> tuple[int, ...]:
        """Seats that must act now (several in a simultaneous step); ``()`` once it is over."""

    @abstractmethod
    def legal_actions(self, seat: int) -> list[Action]:
        """Every action ``seat`` may take now; empty when it is not that seat's turn."""

    def check(self, seat: int, action: Action) -> None:
        """Raise :class:`IllegalAction` with a player-readable reason if ``action`` is illegal.

        The default looks the action up in :meth:`legal_actions`; games override it with a direct
        test and a precise reason ("you have only 3 florins and already 2 loans").
        """
        if action not in self.legal_actions(seat):
            raise IllegalAction(_("'{action}' is not allowed now: {prompt}").format(
                action=action, prompt=render(self.prompt(seat))))

    def apply(self, seat: int, action: Action) -> list[Event]:
        """Play ``action`` for ``seat`` and return the events it caused.

        Raises :class:`IllegalAction` (state unchanged) when it is not ``seat``'s turn or the
        rules forbid the action.
        """
        self.refuse(seat, action)
        return self._apply(seat, action)

    def advance(self, seat: int, action: Action) -> list[Event]:
        """Play an action that ``legal_actions(seat)`` offered in this very position, without
        asking the rules again, and return its events.

        For drivers that only ever pick from the legal list (random playouts, the bench, search
        over legal moves): the list already answered "may I?", so :meth:`apply`'s second
        answer is pure cost. Anything from a player, a record, the network or a bot goes
        through :meth:`apply`; an action that was not offered here has no defined effect.
        """
        return self._apply(seat, action)

    def play_out(self, rng: random.Random) -> int:
        """Play the game to its end with uniformly random legal actions and return how many
        were played: at every step the first seat to act plays ``rng.choice`` of its
        :meth:`legal_actions` (through :meth:`advance`).

        This is the random playout (bench races, uniform rollouts). A game may override it with
        a faster loop of its own, provided it makes exactly the same draws from ``rng`` and so
        reaches exactly the same end; its tests hold it to this loop seed by seed.
        """
        played = 0
        while not self.is_over():
            seat = self.to_act()[0]
            self.advance(seat, rng.choice(self.legal_actions(seat)))
            played += 1
        return played

    def refuse(self, seat: int, action: Action) -> None:
        """Raise :class:`IllegalAction` with the reason if ``seat`` may not play ``action`` now:
        the game is over, it is not the seat's turn, or the rules' :meth:`check` forbids it."""
        if self.is_over():
            raise IllegalAction(_("the game is over"))
        if seat not in self.to_act():
            raise IllegalAction(_("it is not {seat}'s turn").format(seat=seat_ref(seat)))
        self.check(seat, action)

    @abstractmethod
    def _apply(self, seat: int, action: Action) -> list[Event]:
        """Carry out an action already checked legal."""

    # -- what a seat sees ---------------------------------------------------------------------
    @abstractmethod
    def view(self, seat: int | None) -> Any:
        """What ``seat`` may see (``None`` = public only): an immutable snapshot for screens.

        Everything a view holds must be visible to that seat; tests search ``repr(view)`` for
        hidden cards of other seats.
        """

    @abstractmethod
    def prompt(self, seat: int) -> str:
        """One line telling ``seat`` what to decide now ("Split the 9 cards into 3 bouquets")."""

    # -- the end ------------------------------------------------------------------------------
    @abstractmethod
    def is_over(self) -> bool:
        """True once the game has ended."""

    @abstractmethod
    def result(self) -> Result:
        """Scores with breakdown and ranking. Before the end: the running score, where it exists."""

    def estimate(self) -> tuple[float, ...]:
        """A heuristic value per seat for a position that is not over (search cut-offs).

        The default is the running score of :meth:`result`; games refine it where it misleads.
        """
        return tuple(float(t) for t in self.result().totals)

    def invariant_violations(self) -> list[str]:
        """Broken conservation laws (cards, money, spices...), empty when all is well.

        Soak tests and ``tulipgames simulate`` call this after every action.
        """
        return []

    # -- copies -------------------------------------------------------------------------------
    def clone(self: StateT) -> StateT:
        """An independent copy, random source included. Games override it when speed matters,
        starting from :meth:`_clone_base` so that no base field is lost."""
        return copy.deepcopy(self)

    def _clone_base(self: StateT) -> StateT:
        """A new object of this state's class with the base fields copied (seats, seed, options,
        the random source's position and the setup events); the caller copies its own fields.
        The conformance harness checks that clones keep every base field."""
        twin = object.__new__(type(self))
        twin.seats = self.seats
        twin.seed = self.seed
        twin.options = dict(self.options)
        twin.rng = random.Random()
        twin.rng.setstate(self.rng.getstate())
        twin.setup_events = list(self.setup_events)
        return twin

    def secrets(self, seat: int) -> frozenset[str]:
        """Tokens (card ids, hidden amounts as words) that only ``seat`` may see now.

        The conformance harness checks that none of them appears in ``repr(view(other))`` for
        any other seat or an onlooker. Perfect-information games have none.
        """
        return frozenset()

    def determinize(self: StateT, seat: int, rng: random.Random) -> StateT:
        """A copy consistent with everything ``seat`` can see, with all it cannot see re-dealt.

        The future is hidden too: the copy's random source is reseeded from ``rng``, so a search
        bot cannot read the coming dice or draws. Games with hidden cards extend
        :meth:`_redeal_hidden` to shuffle them back among the unseen cards.
        """
        twin = self.clone()
        twin.rng = random.Random(rng.getrandbits(64))
        twin._redeal_hidden(seat, rng)
        return twin

    def _redeal_hidden(self, seat: int, rng: random.Random) -> None:  # noqa: B027
        """Re-deal, in place, everything ``seat`` cannot see. Perfect-information games: nothing."""


#: The bot levels' keys most games share, as players read them (see :class:`BotLevel`).
LEVEL_WORDS = (N_("random"), N_("easy"), N_("normal"), N_("hard"))


@dataclass(frozen=True)
class BotLevel:
    """One bot level of a game: its key (``bot:KEY``), how to make it and a one-line blurb.

    Each game's ``bots.py`` declares its levels, weakest first, in one ``LEVELS`` tuple; the
    ``random`` level is the same for every game (``engine.bots.RANDOM``). A key is a word of
    commands (``--seats Ana,bot:hard``), English everywhere; where a player reads it (menu,
    setup, names beside seats) it is translated: the usual keys are :data:`LEVEL_WORDS`, a
    game's own ones (the Flower Shop's solo levels) are in its catalogue.
    """

    name: str
    make: Callable[[int], Any]
    blurb: str
    #: The level a seat typed as plain ``bot`` gets; exactly one level of a game has it.
    default: bool = False
    #: The level's measured strength in one line, for setup screens and the SSH lobby (for
    #: example "beats normal 7 of 10 at 2 seats"); measured by ``tulipgames ladder`` and kept
    #: with the command that produced it in docs/bots.md. Empty until measured.
    strength: str = ""


class Game(ABC):
    """One game of the collection: its identity, options, setup, notation and bots.

    A game declares facts and the base class derives the rest: ``info`` (identity),
    ``state_class`` (setup is that class's constructor), ``actions`` (each action class reads
    its own notation), ``options``, whether seats hold secrets, and the bot levels in the game's
    ``bots.LEVELS``.
    """

    info: ClassVar[GameInfo]
    state_class: ClassVar[type[State]]
    actions: ClassVar[tuple[type[Action], ...]] = ()
    rules_version: ClassVar[int] = 1
    options: ClassVar[dict[str, Option]] = {}
    #: True when a seat may hold something other seats must not see (cards in hand...).
    hidden_information: ClassVar[bool] = False
    #: The grammar shown when a notation cannot be read ("bid X, pass, sell or keep").
    notation_help: ClassVar[str] = ""

    @property
    def id(self) -> str:
        return self.info.id

    @property
    def title(self) -> str:
        return self.info.title

    @property
    def min_players(self) -> int:
        return self.info.min_players

    @property
    def max_players(self) -> int:
        return self.info.max_players

    def has_secrets(self, options: Mapping[str, Any]) -> bool:
        """Whether seats hold secrets with these options, so that hot-seat play at one keyboard
        needs a curtain between seats. Games whose secrets come from an option override it."""
        return self.hidden_information

    def resolve_options(self, given: Mapping[str, Any] | None = None) -> dict[str, Any]:
        """All options with defaults filled in; raises ``ValueError`` for unknown or bad values."""
        resolved = {name: opt.default for name, opt in self.options.items()}
        for name, value in (given or {}).items():
            if name not in self.options:
                known = ", ".join(self.options) or "none"
                raise ValueError(_("{title} has no option {name} (options: {known})").format(
                    title=_(self.title), name=repr(name), known=known))
            opt = self.options[name]
            if isinstance(value, str):
                value = opt.parse(value)
            if value not in opt.choices:
                allowed = ", ".join(opt.show(c) for c in opt.choices)
                raise ValueError(_("option {name} must be one of: {allowed} (got {text})")
                                 .format(name=name, allowed=allowed, text=repr(value)))
            resolved[name] = value
        return resolved

    def check_seats(self, seats: int) -> None:
        """Raise ``ValueError`` unless the game can be played by ``seats`` players."""
        if not self.min_players <= seats <= self.max_players:
            raise ValueError(_("{title} is for {players} players, not {seats}").format(
                title=_(self.title), players=self.info.players, seats=seats))

    def new_state(self, seats: int, seed: int, options: Mapping[str, Any] | None = None) -> State:
        """A new game after setup (cards dealt, dice rolled as the rules say): the game's
        ``state_class`` built for a checked seat count and resolved options."""
        self.check_seats(seats)
        return self.state_class(seats, seed, self.resolve_options(options))

    def parse_action(self, text: str) -> Action:
        """Read an action's notation; raises :class:`UnreadableAction` if no action class of
        this game reads it."""
        words = text.strip().lower().split()
        if words:
            for kind in self.actions:
                action = kind.parse(words)
                if action is not None:
                    return action
        if self.notation_help:
            raise UnreadableAction(_("cannot read {text}: expected {notation}").format(
                text=repr(text), notation=render(self.notation_help)))
        raise UnreadableAction(_("cannot read {text}").format(text=repr(text)))

    # -- bots -------------------------------------------------------------------------------
    @property
    def levels(self) -> tuple[BotLevel, ...]:
        """The game's bot levels, weakest first: ``random`` and the levels its kit names
        (``bots.LEVELS``).

        Asked of the kit (``KIT``) of the package this game's class is in, which Python imported
        before the class's module: so the rules never import their bots (bots import rules)
        and the engine imports no game.
        """
        package = sys.modules[type(self).__module__.rpartition(".")[0]]
        levels: tuple[BotLevel, ...] = package.KIT.bot_levels()
        return levels

    @property
    def bot_levels(self) -> tuple[str, ...]:
        """The level keys ``bot:LEVEL`` accepts, weakest first."""
        return tuple(level.name for level in self.levels)

    @property
    def default_level(self) -> str:
        """The level of a seat typed as plain ``bot``: the one its game marks as default."""
        return next(level.name for level in self.levels if level.default)

    def check_level(self, level: str | None) -> str:
        """The level a seat asked for (``None`` or ``""``: the default), or ``ValueError``
        naming this game's levels."""
        if not level:
            return self.default_level
        if level not in self.bot_levels:
            levels = ", ".join(self.bot_levels)
            raise ValueError(_("{title} has no bot level {level} (levels: {levels})").format(
                title=_(self.title), level=repr(level), levels=levels))
        return level

    def make_bot(self, level: str | None = None, seed: int = 0) -> Any:
        """A bot of a level (the default when ``None``); see ``engine.bots.Bot``."""
        name = self.check_level(level)
        return next(entry for entry in self.levels if entry.name == name).make(seed)

    def rules_markdown(self) -> str:
        """The game's rules screen text (``rules.md`` next to the game's module)."""
        import importlib.resources

        package = type(self).__module__.rsplit(".", 1)[0]
        page = importlib.resources.files(package).joinpath("rules.md").read_text("utf-8")
        return translate_markdown(page, domain=module_domain(package))


@dataclass
class SeatSpec:
    """A seat at the table: the player's name and ``human`` or ``bot:LEVEL``."""

    name: str
    kind: str = "human"

    @property
    def is_bot(self) -> bool:
        return self.kind.startswith("bot")

    @property
    def bot_level(self) -> str | None:
        """The level written after ``bot:`` (``""`` for a plain ``bot``: the game's default);
        ``None`` for a human."""
        if not self.is_bot:
            return None
        return self.kind.partition(":")[2]

    def to_json(self) -> dict[str, str]:
        return {"name": self.name, "kind": self.kind}


@dataclass(slots=True)
class Applied:
    """One action in a record with the events it produced, for logs and undo."""

    seat: int
    action: str
    events: list[Event] = field(default_factory=list)

    @property
    def reveals(self) -> bool:
        return any(event.reveals for event in self.events)


#: The longest player name, in characters (screens cut longer ones by terminal cells anyway).
MAX_NAME = 16


def parse_seats(text: str, game: Game) -> list[SeatSpec]:
    """``"Ana,Ben,bot:hard"`` → seats, as typed on the command line or in the plain mode.

    A name is a human at this keyboard; ``bot`` is a computer player of the game's default level
    and ``bot:LEVEL`` one of another level; ``Name=bot:LEVEL`` names a bot (others are "Bot N").
    Raises ``ValueError`` naming the bad part: an empty list or seat, a name used twice, a name
    that is too long or a bot level the game lacks.
    """
    if not text.strip():
        raise ValueError(_("no seats given: write the players separated by commas, e.g. "
                           "Ana,bot"))
    seats: list[SeatSpec] = []
    for index, part in enumerate(part.strip() for part in text.split(",")):
        if not part:
            raise ValueError(_("seat {number} is empty in {text}").format(
                number=index + 1, text=repr(text)))
        name, named, kind = part.partition("=") if "=" in part else ("", "", part)
        name = name.strip()
        if kind.strip().lower() == "bot" or kind.strip().lower().startswith("bot:"):
            if named and not name:
                raise ValueError(_("seat {number}: a name goes before '=' in {part}").format(
                    number=index + 1, part=repr(part)))
            level = game.check_level(kind.strip().partition(":")[2].lower())
            seats.append(SeatSpec(name or f"Bot {index + 1}", f"bot:{level}"))
            continue
        if named:
            raise ValueError(_("seat {part}: only bots are written Name=bot:LEVEL").format(
                part=repr(part)))
        name = part
        if len(name) > MAX_NAME:
            raise ValueError(_("the name {name} is too long (at most {n} characters)").format(
                name=repr(name), n=MAX_NAME))
        seats.append(SeatSpec(name, "human"))
    seen: set[str] = set()
    for spec in seats:
        if (problem := name_problem(spec.name)) is not None:
            raise ValueError(_("a seat has {problem}").format(problem=problem))
        key = spec.name.casefold()
        if key in seen:
            raise ValueError(_("two seats are called {name}: one name per player").format(
                name=repr(spec.name)))
        seen.add(key)
    game.check_seats(len(seats))
    return seats

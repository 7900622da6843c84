"""Game records: the seed, the seats and every action in notation; replay, resume and undo.

A record is all a game is: loading one replays its actions from the seed, so resume, undo, bug
reports and replays are one mechanism.
"""

from __future__ import annotations

import json
import re
import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from tulipgames.engine.core import Action, Applied, Event, Game, IllegalAction, SeatSpec, State
from tulipgames.engine.names import name_problem, shown

RECORD_FORMAT = 1

# What a record may hold. A record comes from a file anyone may hand over (``import``, a replay)
# or from a save that may be damaged, so everything in it is checked before a game is built
# from it: the limits are far beyond any real game and small enough that no record can make a
# game take gigabytes (a 2 MB name did: 1.07 GB), recurse without end or leave a bot seat that
# can never move.
#: The most characters of JSON a record (or a record file) may have.
MAX_RECORD_CHARS = 16 * 1024 * 1024
#: The deepest nesting of JSON arrays and objects: a record file needs 4 levels (file, record,
#: seats, seat); the rest is room for fields a newer version may add.
MAX_DEPTH = 16
#: The most seats, actions and options, and the longest action and option texts.
MAX_SEATS = 32
MAX_ACTIONS = 100_000
MAX_ACTION_CHARS = 256
MAX_OPTIONS = 64
MAX_OPTION_CHARS = 64
#: Seeds are whole numbers from 0 below this.
SEED_LIMIT = 2**64
#: A seat's kind: ``human``, ``bot`` (the game's default level) or ``bot:LEVEL``; the level is
#: checked against the game's levels when the record is replayed.
#: The most chat lines a record keeps (the oldest go first), and the longest line.
MAX_CHAT = 500
MAX_CHAT_CHARS = 200
KIND_RULE = re.compile(r"human|bot(:[a-z0-9_-]{1,32})?")
GAME_RULE = re.compile(r"[a-z0-9_]{1,32}")


class RecordError(ValueError):
    """A record that cannot be loaded: unreadable, from a newer version, or not replayable."""


def _not_a_number(constant: str) -> float:
    raise RecordError(f"it holds {constant}, which is not a number a record may hold")


def _finite(text: str) -> float:
    value = float(text)
    if value != value or value in (float("inf"), float("-inf")):
        raise RecordError(f"it holds {shown(text)}, a number too large to hold")
    return value


def _depth(data: Any) -> int:
    """How deeply arrays and objects nest in ``data`` (a walk without recursion)."""
    deepest = 0
    stack = [(data, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict):
            item = list(item.values())
        if isinstance(item, list):
            deepest = max(deepest, depth)
            if depth > MAX_DEPTH:
                break
            stack.extend((value, depth + 1) for value in item if isinstance(value, (list, dict)))
    return deepest


def parse_json(text: str) -> Any:
    """JSON as a record or record file may hold it, or :class:`RecordError` with the reason:
    not JSON, more than :data:`MAX_RECORD_CHARS` long, nested deeper than :data:`MAX_DEPTH`,
    or holding a number that is not finite (``Infinity``, ``NaN``, ``1e999``)."""
    if len(text) > MAX_RECORD_CHARS:
        raise RecordError(
            f"{len(text)} characters long (a record holds at most {MAX_RECORD_CHARS})"
        )
    try:
        data = json.loads(text, parse_constant=_not_a_number, parse_float=_finite)
    except RecordError:
        raise
    except RecursionError:
        raise RecordError(f"nested more than {MAX_DEPTH} levels deep") from None
    except ValueError as exc:
        raise RecordError(f"not JSON ({exc})") from exc
    if _depth(data) > MAX_DEPTH:
        raise RecordError(f"nested more than {MAX_DEPTH} levels deep")
    return data


def _whole(data: Mapping[str, Any], key: str, low: int, high: int | None = None,
           default: int | None = None) -> int:
    """``data[key]`` as a whole number in ``low..high`` (JSON ``true`` is not one)."""
    value = data.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int):
        raise RecordError(f"damaged record: {key} is {shown(value)}, not a whole number")
    if value < low or (high is not None and value > high):
        upto = f" to {high}" if high is not None else " up"
        raise RecordError(f"damaged record: {key} {shown(value)} is not from {low}{upto}")
    return value


def _seat(index: int, data: Any) -> SeatSpec:
    if not isinstance(data, Mapping):
        raise RecordError(f"damaged record: seat {index + 1} is {shown(data)}, not an object")
    name, kind = data.get("name"), data.get("kind", "human")
    if not isinstance(name, str):
        raise RecordError(f"damaged record: seat {index + 1}'s name is {shown(name)}")
    problem = name_problem(name)
    if problem is not None:
        raise RecordError(f"damaged record: seat {index + 1} has {problem}")
    if not isinstance(kind, str) or KIND_RULE.fullmatch(kind) is None:
        raise RecordError(
            f"damaged record: seat {index + 1} is of kind {shown(kind)} "
            "(a seat is \"human\" or \"bot:LEVEL\")"
        )
    return SeatSpec(name, kind)


def _action(number: int, data: Any, seats: int) -> tuple[int, str]:
    if not isinstance(data, list) or len(data) != 2:
        raise RecordError(f"damaged record: action {number} is {shown(data)}, not [seat, text]")
    seat, text = data
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < seats:
        raise RecordError(f"damaged record: action {number} is by seat {shown(seat)}, "
                          f"not one of the {seats} seats")
    if not isinstance(text, str) or not 0 < len(text) <= MAX_ACTION_CHARS:
        raise RecordError(f"damaged record: action {number} is {shown(text)}, not a move")
    return seat, text


def _standins(data: Any, seats: int, what: str = "stand-in") -> list[int]:
    """The seats a stand-in bot played for (see :attr:`GameRecord.standins`), in order; also
    read the hint seats (:attr:`GameRecord.hints`), ``what`` naming them in the error."""
    if not isinstance(data, list) or len(data) > seats or not all(
        isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < seats
        for seat in data
    ):
        raise RecordError(f"damaged record: its {what} seats are {shown(data)}")
    return sorted(set(data))


@dataclass(frozen=True)
class Said:
    """A chat line said at a shared table, kept with its record: who said it (a watcher's
    marked), what, and after how many of the record's actions (where a replay shows it)."""

    move: int
    name: str
    text: str
    watcher: bool = False

    def to_json(self) -> dict[str, Any]:
        return {"move": self.move, "name": self.name, "text": self.text} | (
            {"watcher": True} if self.watcher else {})


def _plain(text: Any, limit: int) -> bool:
    """Whether ``text`` is one line of plain text of 1 to ``limit`` characters: no control or
    format character (an escape sequence, a bidi override) that a replay would show."""
    return (isinstance(text, str) and 0 < len(text) <= limit
            and not any(unicodedata.category(c).startswith("C") for c in text))


def _chat(data: Any, actions: int) -> list[Said]:
    """The chat kept with a record (see :attr:`GameRecord.chat`): each line an object with a
    ``move`` (0 up; past the actions it counts as the last), a player's ``name``, plain
    ``text`` and an optional ``watcher`` flag; anything else (a hostile file) is refused."""
    if not isinstance(data, list) or len(data) > MAX_CHAT:
        raise RecordError(f"damaged record: its chat is {shown(data)}")
    lines = []
    for number, line in enumerate(data, 1):
        if not isinstance(line, Mapping) or not set(line) <= {"move", "name", "text", "watcher"}:
            raise RecordError(f"damaged record: chat line {number} is {shown(line)}")
        move, name, text = line.get("move"), line.get("name"), line.get("text")
        watcher = line.get("watcher", False)
        if (isinstance(move, bool) or not isinstance(move, int) or move < 0
                or not isinstance(name, str) or not _plain(name, MAX_CHAT_CHARS)
                or name_problem(name) is not None or not isinstance(text, str)
                or not _plain(text, MAX_CHAT_CHARS) or not isinstance(watcher, bool)):
            raise RecordError(f"damaged record: chat line {number} is {shown(line)}")
        # past the actions only after an undo took moves back: shown at the end
        lines.append(Said(min(move, actions), name, text, watcher))
    return lines


def _options(data: Any) -> dict[str, Any]:
    if not isinstance(data, Mapping) or len(data) > MAX_OPTIONS:
        raise RecordError(f"damaged record: its options are {shown(data)}")
    for name, value in data.items():
        if len(name) > MAX_OPTION_CHARS or not (
            value is None or isinstance(value, (bool, int, float))
            or (isinstance(value, str) and len(value) <= MAX_OPTION_CHARS)
        ):
            raise RecordError(f"damaged record: option {shown(name)} is {shown(value)}")
    return dict(data)


@dataclass
class GameRecord:
    """``{game, rules_version, options, seats, seed, actions}`` as in DESIGN.md."""

    game: str
    seed: int
    seats: list[SeatSpec]
    options: dict[str, Any] = field(default_factory=dict)
    rules_version: int = 1
    actions: list[tuple[int, str]] = field(default_factory=list)
    #: Seats for which a stand-in bot played at least one decision (a shared table's clock ran
    #: out): their results are not their players' own (no high score, no win). Not replayed.
    standins: list[int] = field(default_factory=list)
    #: Seats whose player asked the coach for a hint during the game: History and the high
    #: scores mark their results "(hints)". Not replayed.
    hints: list[int] = field(default_factory=list)
    #: What was said at the shared table during the game, at the move it was said (the
    #: replay shows it there). Not replayed.
    chat: list[Said] = field(default_factory=list)

    @property
    def names(self) -> list[str]:
        return [seat.name for seat in self.seats]

    def to_json(self) -> dict[str, Any]:
        return {
            "format": RECORD_FORMAT,
            "game": self.game,
            "rules_version": self.rules_version,
            "options": dict(self.options),
            "seats": [seat.to_json() for seat in self.seats],
            "seed": self.seed,
            "actions": [[seat, text] for seat, text in self.actions],
        } | ({"standins": sorted(self.standins)} if self.standins else {}) | (
            {"hints": sorted(self.hints)} if self.hints else {}
        ) | ({"chat": [line.to_json() for line in self.chat]} if self.chat else {})

    def dumps(self) -> str:
        return json.dumps(self.to_json(), separators=(",", ":"))

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> GameRecord:
        """Read a record, raising :class:`RecordError` with a readable reason when it is bad.

        Every field is checked for its type and limits (see :data:`MAX_RECORD_NAME` and the
        rest); a game's own rules (seat count, bot levels, options, moves) are checked when it
        is replayed."""
        if not isinstance(data, Mapping):
            raise RecordError(f"damaged record: {shown(data)} is not a JSON object")
        if _whole(data, "format", 1, default=1) > RECORD_FORMAT:
            raise RecordError(f"saved by a newer tulipgames (record format {data['format']})")
        for key in ("game", "seed", "seats"):
            if key not in data:
                raise RecordError(f"damaged record: it has no {key}")
        game = data["game"]
        if not isinstance(game, str) or GAME_RULE.fullmatch(game) is None:
            raise RecordError(f"damaged record: its game is {shown(game)}")
        seats = data["seats"]
        if not isinstance(seats, list) or not 0 < len(seats) <= MAX_SEATS:
            raise RecordError(f"damaged record: its seats are {shown(seats)}")
        actions = data.get("actions", [])
        if not isinstance(actions, list) or len(actions) > MAX_ACTIONS:
            raise RecordError(f"damaged record: its actions are {shown(actions)}")
        return cls(
            game=game,
            seed=_whole(data, "seed", 0, SEED_LIMIT - 1),
            seats=[_seat(index, seat) for index, seat in enumerate(seats)],
            options=_options(data.get("options", {})),
            rules_version=_whole(data, "rules_version", 1, default=1),
            actions=[_action(n, action, len(seats)) for n, action in enumerate(actions, 1)],
            standins=_standins(data.get("standins", []), len(seats)),
            hints=_standins(data.get("hints", []), len(seats), "hint"),
            chat=_chat(data.get("chat", []), len(actions)),
        )

    @classmethod
    def loads(cls, text: str) -> GameRecord:
        try:
            data = parse_json(text)
        except RecordError as exc:
            raise RecordError(f"not a record: {exc}") from exc
        if not isinstance(data, dict):
            raise RecordError("not a record: expected a JSON object")
        return cls.from_json(data)


@dataclass
class Replay:
    """A record brought to life: the state after its actions and what each action did."""

    state: State
    applied: list[Applied]


def start(game: Game, record: GameRecord) -> State:
    """The state right after setup for a record's seed, seats and options (an option the
    record predates gets its ``legacy`` value: the behaviour the record was played with)."""
    older = {
        name: option.legacy
        for name, option in game.options.items()
        if option.legacy is not None and name not in record.options
    }
    return game.new_state(len(record.seats), record.seed, {**older, **record.options})


def replay(
    game: Game, record: GameRecord, upto: int | None = None,
    notations: dict[str, Action] | None = None,
) -> Replay:
    """Replay a record's first ``upto`` actions (all by default).

    ``notations`` is a memo of notations already read for this game (text to action), filled
    as the record is read; a caller replaying many records of one game (``simulate``) passes
    the same dict to all of them so each distinct text is read once in the whole run.

    Raises :class:`RecordError` if the record belongs to another game or rules version, or one of
    its actions is illegal in the replayed position.
    """
    state, told = replay_log(game, record, upto, notations)
    actions = record.actions if upto is None else record.actions[:upto]
    applied = [
        Applied(seat, text, events) for (seat, text), events in zip(actions, told, strict=True)
    ]
    return Replay(state, applied)


def check_seats(game: Game, record: GameRecord) -> None:
    """The record's seats are ones ``game`` can seat: their number, and every bot's level one
    the game has (a seat no bot can play would wait for its move for ever)."""
    try:
        game.check_seats(len(record.seats))
    except ValueError as exc:
        raise RecordError(str(exc)) from exc
    for index, spec in enumerate(record.seats):
        if spec.bot_level and spec.bot_level not in game.bot_levels:
            raise RecordError(
                f"seat {index + 1} is a bot of level {shown(spec.bot_level)}, which "
                f"{game.title} lacks (levels: {', '.join(game.bot_levels)})"
            )


def replay_log(
    game: Game, record: GameRecord, upto: int | None = None,
    notations: dict[str, Action] | None = None,
) -> tuple[State, list[list[Event]]]:
    """:func:`replay`'s work: the replayed state and the events of each action, in order (what
    ``simulate`` compares with the game it played, without the :class:`Applied` entries)."""
    if record.game != game.id:
        raise RecordError(f"record is for {record.game!r}, not {game.id!r}")
    if record.rules_version > game.rules_version:
        raise RecordError(
            f"saved with newer {game.title} rules (version {record.rules_version}, "
            f"this tulipgames knows {game.rules_version})"
        )
    check_seats(game, record)
    try:
        state = start(game, record)
    except ValueError as exc:
        raise RecordError(str(exc)) from exc
    told: list[list[Event]] = []
    actions = record.actions if upto is None else record.actions[:upto]
    # A record repeats the same few notations ("rest", "pass", "return Y"...): each distinct
    # text is read once. Reading is pure, so this changes nothing but the time.
    read: dict[str, Action] = {} if notations is None else notations
    apply, keep = state.apply, told.append
    for number, (seat, text) in enumerate(actions, 1):
        try:
            action = read.get(text)
            if action is None:
                action = read[text] = game.parse_action(text)
            keep(apply(seat, action))
        except IllegalAction as exc:
            raise RecordError(f"action {number} ({text!r} by seat {seat}) fails: {exc}") from exc
    return state, told


def undoable_steps(applied: Sequence[Applied], seat: int) -> int:
    """The undo policy: how many of the latest actions ``seat`` may take back in a row.

    Its own run of quiet actions — for example the steps of one bouquet split — counts, and the
    run stops at the first action of another seat or at the last new information (a dice roll,
    a draw, a reveal).
    """
    count = 0
    for entry in reversed(applied):
        if entry.seat != seat or entry.reveals:
            break
        count += 1
    return count


def can_undo(applied: Sequence[Applied], seat: int) -> bool:
    """Whether ``seat`` may take back its own last action (see :func:`undoable_steps`)."""
    return undoable_steps(applied, seat) > 0

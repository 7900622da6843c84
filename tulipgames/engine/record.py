"""Game records: the seed, the seats and every action in notation; replay, resume and undo.

A record is all a game is: loading one replays its actions from the seed, so resume, undo, bug
reports and replays are one mechanism.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from tulipgames.engine.core import Action, Applied, Event, Game, IllegalAction, SeatSpec, State

RECORD_FORMAT = 1


class RecordError(ValueError):
    """A record that cannot be loaded: unreadable, from a newer version, or not replayable."""


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
        } | ({"standins": sorted(self.standins)} if self.standins else {})

    def dumps(self) -> str:
        return json.dumps(self.to_json(), separators=(",", ":"))

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> GameRecord:
        """Read a record, raising :class:`RecordError` with a readable reason when it is bad."""
        try:
            if int(data.get("format", 1)) > RECORD_FORMAT:
                raise RecordError(f"saved by a newer tulipgames (record format {data['format']})")
            seats = [SeatSpec(str(s["name"]), str(s.get("kind", "human"))) for s in data["seats"]]
            actions = [(int(seat), str(text)) for seat, text in data["actions"]]
            return cls(
                game=str(data["game"]),
                seed=int(data["seed"]),
                seats=seats,
                options=dict(data.get("options", {})),
                rules_version=int(data.get("rules_version", 1)),
                actions=actions,
                standins=sorted(
                    {int(seat) for seat in data.get("standins", [])} & set(range(len(seats)))
                ),
            )
        except RecordError:
            raise
        except (KeyError, TypeError, ValueError) as exc:
            raise RecordError(f"damaged record ({type(exc).__name__}: {exc})") from exc

    @classmethod
    def loads(cls, text: str) -> GameRecord:
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
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

"""A tiny game for testing the engine: Nim with a hidden, drawn bonus card.

Players take 1-3 stones from a pile of 15; whoever takes the last stone wins 10 points. Each
seat also draws a secret bonus card (0-5) at setup that adds to its score, so the game has
hidden information and chance for the determinization and undo tests.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from tulipgames.engine.bots import RANDOM, SearchBot
from tulipgames.engine.core import (
    Action,
    BotLevel,
    Event,
    Game,
    GameInfo,
    IllegalAction,
    Option,
    Result,
    State,
    UnreadableAction,
    as_int,
    seat_ref,
)


@dataclass(frozen=True)
class Take(Action):
    stones: int

    def __str__(self) -> str:
        return f"take {self.stones}"

    @classmethod
    def parse(cls, words: list[str]) -> Take | None:
        if words[0] != "take":
            return None
        if len(words) != 2:
            raise UnreadableAction("write take N")
        return cls(as_int(words[1], "the number of stones"))


@dataclass(frozen=True)
class Peek(Action):
    """Look at the top of the bonus deck once per game: an action that reveals information."""

    def __str__(self) -> str:
        return "peek"

    @classmethod
    def parse(cls, words: list[str]) -> Peek | None:
        return cls() if words == ["peek"] else None


@dataclass(frozen=True)
class NimView:
    seat: int | None
    pile: int
    turn: int
    my_bonus: int | None


class NimState(State):
    game_id = "nim"

    def __init__(self, seats: int, seed: int, options: Mapping[str, Any]) -> None:
        super().__init__(seats, seed, options)
        self.pile = int(options.get("pile", 15))
        self.turn = 0
        self.taker: int | None = None
        self.bonus = [self.rng.randint(0, 5) for _ in range(seats)]
        self.peeked: frozenset[int] = frozenset()

    def to_act(self) -> tuple[int, ...]:
        return () if self.pile == 0 else (self.turn,)

    def legal_actions(self, seat: int) -> list[Action]:
        if seat not in self.to_act():
            return []
        peek = [] if seat in self.peeked else [Peek()]
        return [Take(n) for n in (1, 2, 3) if n <= self.pile] + peek

    def check(self, seat: int, action: Action) -> None:
        if isinstance(action, Take) and action.stones > self.pile:
            raise IllegalAction(f"only {self.pile} stones are left")
        super().check(seat, action)

    def _apply(self, seat: int, action: Action) -> list[Event]:
        if isinstance(action, Peek):
            card = self.rng.randint(0, 5)
            self.peeked = self.peeked | {seat}
            return [Event(f"{seat_ref(seat)} peeks", f"you see {card}", seat, reveals=True)]
        assert isinstance(action, Take)
        self.pile -= action.stones
        self.taker = seat
        self.turn = (self.turn + 1) % self.seats
        return [Event(f"{seat_ref(seat)} takes {action.stones}")]

    def view(self, seat: int | None) -> NimView:
        return NimView(seat, self.pile, self.turn, None if seat is None else self.bonus[seat])

    def prompt(self, seat: int) -> str:
        return "Take 1-3 stones"

    def is_over(self) -> bool:
        return self.pile == 0

    def result(self) -> Result:
        last = [10 if self.pile == 0 and self.taker == s else 0 for s in range(self.seats)]
        return Result.build(
            ["last stone", "bonus"], [[last[s], self.bonus[s]] for s in range(self.seats)]
        )

    def clone(self) -> NimState:
        twin = NimState.__new__(NimState)
        twin.__dict__.update(self.__dict__)
        twin.bonus = list(self.bonus)
        twin.options = dict(self.options)
        twin.rng = random.Random()
        twin.rng.setstate(self.rng.getstate())
        return twin

    def _redeal_hidden(self, seat: int, rng: random.Random) -> None:
        self.bonus = [b if s == seat else rng.randint(0, 5) for s, b in enumerate(self.bonus)]

    def invariant_violations(self) -> list[str]:
        return [] if 0 <= self.pile <= 15 else [f"pile {self.pile} out of range"]


class Nim(Game):
    info = GameInfo("nim", "Nim", 2, 3, "Take stones; the last stone wins.")
    state_class = NimState
    hidden_information = True
    options = {"pile": Option("pile", 15, tuple(range(1, 16)), "stones at the start")}
    actions = (Take, Peek)
    notation_help = "take N or peek"

    @property
    def levels(self) -> tuple[BotLevel, ...]:
        hard = BotLevel("hard", lambda seed: SearchBot(iterations=400, seed=seed), "", default=True)
        return (RANDOM, hard)


NIM = Nim()

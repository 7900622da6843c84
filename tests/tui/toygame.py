"""A tiny hidden-information game used to test the app shell without depending on a real game.

Each seat is dealt a secret hand of numbered cards. On its turn a seat plays one card (``play N``,
scoring N) and then ends its turn (``end``), so a seat can undo its own ``play`` before ending.
The game ends when every hand is empty. :func:`install` registers it as game id ``toy``.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import pytest
from textual.app import ComposeResult
from textual.widgets import Static

from tulipgames import games
from tulipgames.engine.bots import RANDOM, RandomBot
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
    seat_ref,
)
from tulipgames.table import Turn
from tulipgames.tui import app as app_module
from tulipgames.tui.screens.game import GameScreen
from tulipgames.tui.widgets import LegalActionList


@dataclass(frozen=True)
class Play(Action):
    card: int

    def __str__(self) -> str:
        return f"play {self.card}"


@dataclass(frozen=True)
class End(Action):
    def __str__(self) -> str:
        return "end"


@dataclass(frozen=True)
class ToyView:
    seat: int | None
    hand: tuple[int, ...]
    scores: tuple[int, ...]
    hand_sizes: tuple[int, ...]


class ToyState(State):
    game_id = "toy"

    def __init__(self, seats: int, seed: int, options: Mapping[str, Any]) -> None:
        super().__init__(seats, seed, options)
        size = int(self.options.get("cards", 2))
        self.hands = [sorted(self.rng.randint(1, 9) for _ in range(size)) for _ in range(seats)]
        self.scores = [0] * seats
        self.turn = 0
        self.played = False

    def to_act(self) -> tuple[int, ...]:
        return () if self.is_over() else (self.turn,)

    def legal_actions(self, seat: int) -> list[Action]:
        if seat not in self.to_act():
            return []
        if self.played:
            return [End()]
        return [Play(card) for card in dict.fromkeys(self.hands[seat])]

    def _apply(self, seat: int, action: Action) -> list[Event]:
        if isinstance(action, Play):
            self.hands[seat].remove(action.card)
            self.scores[seat] += action.card
            self.played = True
            return [Event(f"{seat_ref(seat)} plays {action.card}")]
        self.played = False
        self.turn = (self.turn + 1) % self.seats
        return [Event(f"{seat_ref(seat)} ends the turn")]

    def view(self, seat: int | None) -> ToyView:
        hand = tuple(self.hands[seat]) if seat is not None else ()
        return ToyView(seat, hand, tuple(self.scores), tuple(len(h) for h in self.hands))

    def prompt(self, seat: int) -> str:
        return "End your turn" if self.played else "Play a card"

    def is_over(self) -> bool:
        return not self.played and all(not hand for hand in self.hands)

    def result(self) -> Result:
        return Result.build(["Cards"], [[s] for s in self.scores], tiebreak="")

    def clone(self) -> ToyState:
        twin = object.__new__(ToyState)
        twin.__dict__.update(self.__dict__)
        twin.hands = [list(h) for h in self.hands]
        twin.scores = list(self.scores)
        twin.rng = random.Random()
        twin.rng.setstate(self.rng.getstate())
        return twin

    def _redeal_hidden(self, seat: int, rng: random.Random) -> None:
        for other, hand in enumerate(self.hands):
            if other != seat:
                self.hands[other] = sorted(rng.randint(1, 9) for _ in hand)


INFO = GameInfo("toy", "Toy Cards", 1, 4, "Play your secret cards.", order=99)


class ToyGame(Game):
    info = INFO
    state_class = ToyState
    hidden_information = True
    options = {"cards": Option("cards", 2, (1, 2, 3), "cards in each hand")}

    @property
    def levels(self) -> tuple[BotLevel, ...]:
        # every level plays at random in the toy game
        return (
            RANDOM,
            BotLevel("normal", RandomBot, "plays at random", default=True),
            BotLevel("hard", RandomBot, "plays at random too"),
        )

    def parse_action(self, text: str) -> Action:
        words = text.split()
        if words == ["end"]:
            return End()
        if len(words) == 2 and words[0] == "play" and words[1].isdigit():
            return Play(int(words[1]))
        raise IllegalAction(f"cannot read {text!r}")

    def rules_markdown(self) -> str:
        return "# Toy Cards\n\nPlay one card, then **end** your turn.\n"


class ToyScreen(GameScreen[ToyView]):
    def compose_board(self) -> ComposeResult:
        yield Static(id="hand")
        yield LegalActionList(id="choices")

    def show(self, turn: Turn[ToyView]) -> None:
        view = turn.view
        hand = " ".join(f"[{card}]" for card in view.hand) or "-"
        self.query_one("#hand", Static).update(f"Hand: {hand}  Scores: {view.scores}")
        self.query_one(LegalActionList).show_actions(
            list(turn.legal) if self.acting else []
        )


GAME = ToyGame()


def install(monkeypatch: pytest.MonkeyPatch, only: bool = False) -> None:
    """Register the toy game (``only``: as the sole available game) for one test."""
    real_get = games.get_game

    def get_game(game_id: str) -> Game:
        if game_id == "toy":
            return GAME
        return real_get(game_id)

    def screen_class(game_id: str) -> type[GameScreen]:
        return ToyScreen if game_id == "toy" else real_screen(game_id)

    def has_screen(game_id: str) -> bool:
        return game_id == "toy" or (not only and real_has_screen(game_id))

    real_screen = app_module.screen_class
    real_has_screen = app_module.has_screen
    monkeypatch.setattr(app_module, "screen_class", screen_class)
    monkeypatch.setattr(app_module, "has_screen", has_screen)
    monkeypatch.setattr(games, "get_game", get_game)
    if only:
        monkeypatch.setattr(games, "CATALOGUE", (INFO,))
        monkeypatch.setattr(games, "GAME_IDS", ("toy",))
    elif "toy" not in games.GAME_IDS:
        monkeypatch.setattr(games, "CATALOGUE", (*games.CATALOGUE, INFO))
        monkeypatch.setattr(games, "GAME_IDS", (*games.GAME_IDS, "toy"))

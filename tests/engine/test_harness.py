"""The conformance harness catches the faults it promises to catch (on the toy Nim game)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.engine.toygame import NIM, Nim, NimState, NimView
from tulipgames.engine.core import Event
from tulipgames.engine.testing import check_bot_games, check_game


def test_a_sound_game_passes_at_every_seat_count() -> None:
    report = check_game(NIM, games_per_count=5, seed=3)
    assert report.games == 10 and report.ended == 10
    assert report.seat_counts == {2, 3}
    assert report.actions > 10 * 5


class Forgetful(NimState):
    """Its clone drops the setup events (the bug four games had)."""

    def __init__(self, seats: int, seed: int, options: Any) -> None:
        super().__init__(seats, seed, options)
        self.setup_events = [Event("the pile is set")]

    def clone(self) -> Forgetful:
        twin = super().clone()
        twin.setup_events = []
        return twin  # type: ignore[return-value]


class Leaky(NimState):
    """Its public view shows every seat's secret bonus."""

    def secrets(self, seat: int) -> frozenset[str]:
        return frozenset({f"secret-bonus-{self.bonus[seat]}"})

    def view(self, seat: int | None) -> NimView:
        base = super().view(seat)
        return NimView(base.seat, base.pile, base.turn, base.my_bonus)  # no leak yet

    def __repr__(self) -> str:
        return "Leaky"


class LeakyView(Leaky):
    def view(self, seat: int | None) -> Any:
        return (super().view(seat), [f"secret-bonus-{b}" for b in self.bonus])


class Sharing(NimState):
    """Its clone shares the bonus list with the original."""

    def clone(self) -> Sharing:
        twin = super().clone()
        twin.__class__ = Sharing
        twin.bonus = self.bonus
        return twin  # type: ignore[return-value]

    def _apply(self, seat: int, action: Any) -> list[Event]:
        self.bonus[seat] = (self.bonus[seat] + 1) % 6
        return super()._apply(seat, action)


def _game(state_class: type[NimState]) -> Nim:
    class Broken(Nim):
        pass

    Broken.state_class = state_class
    return Broken()


@pytest.mark.parametrize(
    ("state_class", "message"),
    [
        (Forgetful, "clone lost setup_events"),
        (LeakyView, "secret"),
        (Sharing, "playing on a clone changed the original"),
    ],
)
def test_a_broken_game_fails(state_class: type[NimState], message: str) -> None:
    with pytest.raises(AssertionError, match=message):
        check_game(_game(state_class), games_per_count=3, seed=1)


def test_a_sound_view_with_secrets_passes() -> None:
    check_game(_game(Leaky), games_per_count=3, seed=1)


def test_bot_games_rotate_seats_and_end() -> None:
    report = check_bot_games(NIM, ["random", "hard"], games=4, seed=2)
    assert report.games == 4 and report.ended == 4

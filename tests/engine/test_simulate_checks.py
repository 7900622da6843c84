"""``simulate``'s checks still catch what breaks, though they test a sample of the positions."""

from __future__ import annotations

import itertools
from collections.abc import Iterator

import pytest

from tulipgames import games
from tulipgames.engine.core import Action, Event, IllegalAction, State
from tulipgames.games.giftoftulips.rules import GiftState, Keep
from tulipgames.games.spiceroad.rules import SpiceRoadState
from tulipgames.simulate import simulate

SPICE_ROAD = games.get_game("spiceroad")
REAL_APPLY = SpiceRoadState._apply


def break_steps(monkeypatch: pytest.MonkeyPatch, broken: object) -> None:
    """Every step, however it is played, goes through ``broken``: Spice Road's ``advance`` (used
    by simulate for moves taken from the legal list) skips ``_apply``, so it is routed back."""
    monkeypatch.setattr(SpiceRoadState, "_apply", broken)
    monkeypatch.setattr(SpiceRoadState, "advance", State.advance)


def test_a_lost_spice_is_caught_though_positions_are_sampled(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A conservation law that breaks stays broken: the next sampled position or the last one
    reports it."""

    leaked: set[int] = set()  # the games (by seed) that lost their spice already

    def leaky(self: SpiceRoadState, seat: int, action: Action) -> list[Event]:
        events = REAL_APPLY(self, seat, action)
        if sum(self.turns) == 5 and self.seed not in leaked:
            self.ledger[0] += 1  # one spice counted that no caravan or card holds
            leaked.add(self.seed)
        return events

    break_steps(monkeypatch, leaky)
    report = simulate(SPICE_ROAD, seats=2, games=3, levels=["random"], seed=4)
    assert report.invariant_violations >= 3  # every game leaks once and is caught
    assert all("ledger" in line for line in report.violations)
    assert 0 < report.invariant_checks < report.actions


def test_the_last_position_is_always_tested(monkeypatch: pytest.MonkeyPatch) -> None:
    def breaks_at_the_end(self: SpiceRoadState, seat: int, action: Action) -> list[Event]:
        events = REAL_APPLY(self, seat, action)
        if self.is_over():
            self.gold += 1  # a coin from nowhere, in the final position only
        return events

    break_steps(monkeypatch, breaks_at_the_end)
    report = simulate(SPICE_ROAD, seats=2, games=4, levels=["random"], seed=2, check_share=0.0)
    assert report.invariant_checks == 4  # only the last positions, and all of them
    assert report.invariant_violations == 4
    assert all("gold coins not conserved" in line for line in report.violations)


def test_a_one_step_break_is_caught_when_every_position_is_tested(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def glitch(self: SpiceRoadState, seat: int, action: Action) -> list[Event]:
        events = REAL_APPLY(self, seat, action)
        self.silver += 1 if self.phase == "pay" else 0  # repaired by the next step below
        return events

    def repair(self: SpiceRoadState, seat: int, action: Action) -> list[Event]:
        if self.phase == "pay":
            self.silver -= 1
        return glitch(self, seat, action)

    break_steps(monkeypatch, repair)
    full = simulate(SPICE_ROAD, seats=2, games=2, levels=["random"], seed=1, check_share=1.0)
    assert full.invariant_checks == full.actions
    assert full.invariant_violations > 0
    assert all("silver" in line for line in full.violations)


def test_a_replay_that_tells_another_story_is_a_mismatch(monkeypatch: pytest.MonkeyPatch) -> None:
    counter: Iterator[int] = itertools.count()

    def forgetful(self: SpiceRoadState, seat: int, action: Action) -> list[Event]:
        # a log line that differs between the game and its replay (a hidden global)
        return [*REAL_APPLY(self, seat, action), Event(f"tick {next(counter)}")]

    break_steps(monkeypatch, forgetful)
    report = simulate(SPICE_ROAD, seats=2, games=2, levels=["random"], seed=3)
    assert report.replay_mismatches == 2


def test_checking_never_changes_the_games() -> None:
    checked = simulate(SPICE_ROAD, seats=3, games=4, levels=["random"], seed=8)
    unchecked = simulate(SPICE_ROAD, seats=3, games=4, levels=["random"], seed=8, check=False)
    assert checked.turns == unchecked.turns
    assert checked.seat_scores == unchecked.seat_scores
    assert checked.invariant_violations == checked.replay_mismatches == 0
    assert unchecked.invariant_checks == 0


def test_an_offered_action_the_rules_refuse_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """A legal list and a check that disagree. The random bot plays what the list offers; a
    checked run plays it without asking (its replay asks, through ``apply``, in the same
    position) and reports every game that does not replay; an unchecked run refuses at once."""
    real_check = GiftState.check

    def strict(self: GiftState, seat: int, action: Action) -> None:
        if isinstance(action, Keep):
            raise IllegalAction("no keeping today")
        real_check(self, seat, action)

    monkeypatch.setattr(GiftState, "check", strict)
    gift = games.get_game("giftoftulips")
    report = simulate(gift, seats=3, games=3, levels=["random"], seed=5)
    assert report.games == 3 and report.replay_mismatches == 3
    assert len(report.violations) == 3
    assert all("does not replay" in line and "no keeping today" in line
               for line in report.violations)
    with pytest.raises(IllegalAction, match="no keeping today"):
        simulate(gift, seats=3, games=1, levels=["random"], seed=5, check=False)

"""``simulate``'s checks still catch what breaks, though they test a sample of the positions."""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterator
from typing import Any

import pytest

from tulipgames import games
from tulipgames.engine.core import Action, Event, IllegalAction, State
from tulipgames.games.giftoftulips.rules import GiftState, Keep
from tulipgames.games.sixtyone import rules as sixtyone_rules
from tulipgames.games.sixtyone.rules import SixtyOneState
from tulipgames.games.spiceroad.rules import SpiceRoadState
from tulipgames.games.tulipandrose.rules import TulipState
from tulipgames.simulate import SimulationReport, simulate

SPICE_ROAD = games.get_game("spiceroad")
REAL_APPLY = SpiceRoadState._apply


def invariant_lines(report: SimulationReport) -> list[str]:
    """The report's invariant problems, without its replay lines (a break made only once per
    game also makes its replay differ, since the replay does not repeat it)."""
    return [line for line in report.violations if re.match(r"game seed \d+ action \d+ ", line)]


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
    assert all("ledger" in line for line in invariant_lines(report))
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
    assert report.violations == [  # the first tick of each replay is one ahead of its game's
        f"game seed {seed}: the replay tells another story from action 1 on" for seed in (3, 4)
    ]


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


# -- the checks made cheaper keep catching what they caught -----------------------------------
def test_a_tulip_card_lost_from_the_deck_is_caught_in_every_game(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Tulip & Rose counts the cards in play from their joined letters: a card that vanishes
    from the deck mid-game stays missing, and each game reports it (at a sampled position or
    at the end)."""
    real = TulipState._apply
    lost: set[int] = set()

    def leaky(self: TulipState, seat: int, action: Action) -> list[Event]:
        events = real(self, seat, action)
        if self.round == 2 and self.seed not in lost and self.deck:
            self.deck.pop()
            lost.add(self.seed)
        return events

    monkeypatch.setattr(TulipState, "_apply", leaky)
    report = simulate(games.get_game("tulipandrose"), seats=3, games=3, levels=["random"],
                      seed=2)
    assert len(lost) == 3
    assert report.invariant_violations >= 3
    assert all("cards not conserved" in line for line in invariant_lines(report))
    assert {line.split(" action")[0] for line in invariant_lines(report)} == {
        f"game seed {seed}" for seed in (2, 3, 4)
    }


def test_a_tulip_card_of_no_kind_is_reported_not_miscounted() -> None:
    """A card whose text is no kind's letter cannot hide among the counts (the letters of the
    joined cards would be one short), and a card swapped for another kind breaks the counts."""
    state = games.get_game("tulipandrose").new_state(3, 5)
    assert state.invariant_violations() == []
    odd = state.clone()
    odd.deck[0] = "Z9"
    assert "cards of no kind in play: ['Z9']" in odd.invariant_violations()
    doubled = state.clone()
    doubled.deck[0] = "TT"  # would count as two tulips
    assert "cards of no kind in play: ['TT']" in doubled.invariant_violations()
    swapped = state.clone()
    swapped.deck[0] = "W-1" if swapped.deck[0] != "W-1" else "T1"
    assert any("cards not conserved" in p for p in swapped.invariant_violations())


def sixtyone_sheet(cells_by_area: dict[int, tuple[int, ...]]) -> tuple[tuple[int, ...], ...]:
    blank = sixtyone_rules.blank_sheet()
    return tuple(cells_by_area.get(area, blank[area - 1]) for area in sixtyone_rules.AREAS)


def test_sixtyone_audits_each_area_once_and_still_finds_every_breach() -> None:
    """``seat_audit`` reads each area's breaches, values, X marks and acorns from one cached
    audit: a value written without a choice, an X nobody earned, an illegal area and a score
    over the ceiling are each still reported."""
    audit = sixtyone_rules.seat_audit.__wrapped__
    blank = sixtyone_rules.blank_sheet()
    assert audit(blank, (), 0, 0, 0, 0, 0) == ()
    mugs = sixtyone_sheet({4: (1, 2, 0, 0, 0, 0)})
    assert audit(mugs, (3, 5), 2, 0, 0, 0, 0) == ()
    assert any("2 values written in 1 choices" in p for p in audit(mugs, (3,), 1, 0, 0, 0, 0))
    marked = sixtyone_sheet({4: (1, sixtyone_rules.X, 0, 0, 0, 0)})
    assert any("1 X marks for 0 earned" in p for p in audit(marked, (3,), 1, 0, 0, 0, 0))
    wrong = sixtyone_sheet({4: (2, 0, 0, 0, 0, 0)})
    assert any("mug 1 holds 2" in p for p in audit(wrong, (3,), 1, 0, 0, 0, 0))
    full = tuple(tuple(sixtyone_rules.X for _ in cells) for cells in blank)
    # every spot filled, the three acorn totals of the leaf row and seven claims (of six areas)
    too_much = audit(full, (21, 41, 61), 3, 3, 0, 0, 7)
    assert any("score above the ceiling" in p for p in too_much)
    assert not any("score above" in p for p in audit(full, (21, 41, 61), 3, 3, 0, 0, 6))


def test_a_sixtyone_value_written_from_nowhere_is_caught_in_every_game(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    real = SixtyOneState._apply
    forged: set[int] = set()

    def forge(self: SixtyOneState, seat: int, action: Action) -> list[Event]:
        events = real(self, seat, action)
        mugs = self.sheets[0][3]
        if self.round == 3 and self.seed not in forged and 0 in mugs:
            spot = mugs.index(0)
            cells = (*mugs[:spot], spot + 1, *mugs[spot + 1:])  # a legal mug, never chosen
            self.sheets[0] = (*self.sheets[0][:3], cells, *self.sheets[0][4:])
            forged.add(self.seed)
        return events

    monkeypatch.setattr(SixtyOneState, "_apply", forge)
    report = simulate(games.get_game("sixtyone"), seats=2, games=3, levels=["random"], seed=1)
    assert len(forged) == 3 and report.invariant_violations >= 3
    assert any("values written" in line for line in invariant_lines(report))
    assert {line.split(" action")[0] for line in invariant_lines(report)} == {
        f"game seed {seed}" for seed in (1, 2, 3)
    }


def test_a_replay_whose_view_differs_is_a_mismatch(monkeypatch: pytest.MonkeyPatch) -> None:
    """The replay's public view at the end is compared (by equality) with the game's in the
    first game of a run and a sampled share of the others: a view that depends on something
    besides the state (here a count of the views built) is caught in the first game, and in
    every game at ``view_share=1.0``."""
    real_view = GiftState.view
    built = itertools.count()

    def drifting(self: GiftState, seat: int | None) -> object:
        view = real_view(self, seat)
        return (view, next(built)) if seat is None else view

    monkeypatch.setattr(GiftState, "view", drifting)
    gift = games.get_game("giftoftulips")
    every = simulate(gift, seats=3, games=3, levels=["random"], seed=5, view_share=1.0)
    assert every.replay_mismatches == 3
    assert all("ends with another public view" in line for line in every.violations)
    sampled = simulate(gift, seats=3, games=3, levels=["random"], seed=5, view_share=0.0)
    assert sampled.replay_mismatches == 1
    assert sampled.violations == ["game seed 5: the replay ends with another public view"]
    monkeypatch.setattr(GiftState, "view", real_view)
    clean = simulate(gift, seats=3, games=3, levels=["random"], seed=5, view_share=1.0)
    assert clean.replay_mismatches == 0 and clean.violations == []


@pytest.mark.parametrize("game_id", ["giftoftulips", "flowershop"])
def test_a_break_that_stays_is_caught_in_every_game_at_the_default_share(
    monkeypatch: pytest.MonkeyPatch, game_id: str,
) -> None:
    """Positions are sampled thinly (``CHECK_SHARE``), but a break that stays broken — a card
    lost in Gift of Tulips, a florin from nowhere in a flower shop — is reported in
    every game where it happens, at a sampled position or at the last one. (The Gift of
    Tulips card goes from the cards set aside at setup: the rules themselves stop a game whose
    deck went odd.)"""
    game = games.get_game(game_id)
    state_class = type(game.new_state(2, 0))
    real = state_class._apply
    broken: set[int] = set()

    def breaks_once(self: Any, seat: int, action: Action) -> list[Event]:
        events = real(self, seat, action)
        if self.seed not in broken and len(broken_steps.setdefault(self.seed, [])) == 6:
            if game_id == "giftoftulips":
                self.removed.pop()
                broken.add(self.seed)
            elif game_id == "flowershop":
                self.shops[0].money += 1
                broken.add(self.seed)
        broken_steps[self.seed].append(seat)
        return events

    broken_steps: dict[int, list[int]] = {}
    monkeypatch.setattr(state_class, "_apply", breaks_once)
    monkeypatch.setattr(state_class, "advance", State.advance)
    report = simulate(game, seats=2, games=4, levels=["random"], seed=3)
    assert broken == {3, 4, 5, 6}
    lines = invariant_lines(report)
    expected = "cards not conserved" if game_id == "giftoftulips" else "money"
    assert lines and all(expected in line for line in lines)
    assert {line.split(" action")[0] for line in lines} == {f"game seed {s}" for s in broken}
    assert report.invariant_checks < report.actions / 5  # the positions were sampled

"""The contract's shared pieces: results, events, options, apply's guarantees."""

from __future__ import annotations

import random

import pytest

from tests.engine.toygame import NIM, Take
from tulipgames.engine.core import (
    Event,
    IllegalAction,
    Option,
    Result,
    render_names,
    seat_ref,
    shuffle,
)


def test_competition_ranking_shares_ties() -> None:
    assert Result.rank([(42,), (42,), (40,)]) == (1, 1, 3)
    assert Result.rank([(5, 1), (5, 3), (7, 0)]) == (3, 2, 1)


def test_result_build_totals_and_tiebreak_keys() -> None:
    result = Result.build(["a", "b"], [[3, 4], [5, 2], [1, 1]], tiebreak_keys=[(2,), (1,), (9,)])
    assert result.totals == (7, 7, 2)
    assert result.ranks == (1, 2, 3)
    assert result.winners == (0,)


def test_tied_winners_without_tiebreak() -> None:
    result = Result.build(["score"], [[42], [42], [40]])
    assert result.winners == (0, 1)


def test_private_event_text_only_for_its_seat() -> None:
    event = Event(f"{seat_ref(1)} drew a card", "you drew Tulip 3", seat=1)
    assert event.text_for(1) == "you drew Tulip 3"
    assert event.text_for(0) == "{seat1} drew a card"
    assert event.text_for(None) == "{seat1} drew a card"


def test_render_names_replaces_seat_refs_only() -> None:
    text = f"{seat_ref(0)} gives {{a}} to {seat_ref(2)}"
    assert render_names(text, ["Ana", "Ben", "Cy"]) == "Ana gives {a} to Cy"
    assert render_names(seat_ref(5), ["Ana"]) == "Seat 6"


def test_option_parse_accepts_choices_and_booleans() -> None:
    flag = Option("hidden_money", False, (False, True), "hide florins")
    assert flag.parse("on") is True
    assert flag.parse("False") is False
    edition = Option("edition", "spice", ("spice", "golem"), "look")
    assert edition.parse("GOLEM") == "golem"
    with pytest.raises(ValueError, match="one of"):
        edition.parse("bronze")


def test_illegal_action_leaves_state_unchanged() -> None:
    state = NIM.new_state(2, seed=3)
    state.apply(0, Take(3))
    before = repr(state.view(None)), state.rng.getstate()
    with pytest.raises(IllegalAction, match=r"not .*turn"):
        state.apply(0, Take(1))
    with pytest.raises(IllegalAction):
        state.apply(1, Take(4))
    assert (repr(state.view(None)), state.rng.getstate()) == before


def test_determinize_hides_other_seats_and_the_future() -> None:
    import random

    state = NIM.new_state(3, seed=11)
    rng = random.Random(0)
    twins = [state.determinize(0, rng) for _ in range(20)]
    assert all(t.bonus[0] == state.bonus[0] for t in twins)
    assert len({tuple(t.bonus[1:]) for t in twins}) > 1
    future = state.clone().rng.random()
    assert any(t.rng.random() != future for t in twins)
    assert state.clone().rng.random() == future


def test_the_written_out_shuffle_draws_what_the_library_shuffle_draws() -> None:
    """``core.shuffle`` must deal exactly as ``random.Random.shuffle``: the same order for
    every length (bounds of every bit width) and the same random source state afterwards."""
    for seed in range(40):
        for length in (0, 1, 2, 3, 7, 8, 9, 54, 130):
            ours, theirs = random.Random(seed), random.Random(seed)
            mine, library = list(range(length)), list(range(length))
            shuffle(ours, mine)
            theirs.shuffle(library)
            assert mine == library
            assert ours.getstate() == theirs.getstate()

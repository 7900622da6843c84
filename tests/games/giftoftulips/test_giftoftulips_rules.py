"""Gift of Tulips rules by section: notation, setup, legality with reasons, events and results."""

from __future__ import annotations

import random

import pytest

from tests.games.giftoftulips.helpers import (
    draw,
    finish_setup,
    new_game,
    playing,
    set_ranking,
    uids_in,
)
from tulipgames.engine.core import IllegalAction, UnreadableAction
from tulipgames.engine.record import can_undo
from tulipgames.games import get_game
from tulipgames.games.giftoftulips.data import COPIES, VALUES, VARIETIES
from tulipgames.games.giftoftulips.rules import (
    GAME,
    AddFaceUp,
    AddSecret,
    ChooseBouquet,
    Give,
    Keep,
    build_pool,
    place_of,
    rank_after_adding,
)
from tulipgames.i18n import render


def test_registered_with_hidden_information_and_levels() -> None:
    assert get_game("giftoftulips") is GAME
    assert GAME.hidden_information
    assert GAME.bot_levels == ("random", "normal", "hard")
    assert "Gift of Tulips" in GAME.rules_markdown()


@pytest.mark.parametrize(
    "action",
    [Keep(), Give(0), Give(5), AddFaceUp(), AddSecret(), ChooseBouquet("purple", 4)],
)
def test_notation_round_trips(action: object) -> None:
    assert GAME.parse_action(str(action)) == action


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("", "cannot read '': expected keep, give SEAT"),
        ("hold", "cannot read 'hold'"),
        ("give", "give takes one seat number"),
        ("give x", "the seat to give to must be a number"),
        ("bouquet Z4", "Z4 is no card"),
        ("bouquet V9", "V9 is no card"),
        ("bouquet", "bouquet takes a card such as V4"),
        ("add", "add takes faceup or secret"),
        ("add up", "add takes faceup or secret"),
    ],
)
def test_unreadable_notation_is_rejected_with_a_reason(text: str, reason: str) -> None:
    with pytest.raises(UnreadableAction) as raised:
        GAME.parse_action(text)
    assert reason in raised.value.reason


def test_readable_but_forbidden_is_not_unreadable() -> None:
    state = new_game(2, 1, {"start_player": 0})
    with pytest.raises(IllegalAction) as raised:
        state.apply(0, GAME.parse_action("give 0"))
    assert not isinstance(raised.value, UnreadableAction)
    assert "bouquet" in raised.value.reason


def test_copies_per_variety_and_value_follow_the_table() -> None:
    pool = build_pool(6)
    for variety in VARIETIES:
        for value in VALUES:
            same = [c for c in pool if (c.variety, c.value) == (variety, value)]
            assert len(same) == COPIES["base"] + COPIES["56"]
    assert len({c.uid for c in pool}) == 96


def test_setup_is_simultaneous_and_later_actions_wait_for_it() -> None:
    state = new_game(4, seed=2)
    assert state.to_act() == (0, 1, 2, 3)
    first = state.deals[2][0]
    state.apply(2, ChooseBouquet(first.variety, first.value))
    assert state.to_act() == (0, 1, 3)
    with pytest.raises(IllegalAction, match="turn"):
        state.apply(2, ChooseBouquet(first.variety, first.value))
    with pytest.raises(IllegalAction, match="already chosen"):
        state.check(2, ChooseBouquet(first.variety, first.value))
    with pytest.raises(IllegalAction, match="first choose"):
        state.apply(0, Keep())
    dealt = {(c.variety, c.value) for c in state.deals[0]}
    missing = next((v, n) for v in VARIETIES for n in VALUES if (v, n) not in dealt)
    with pytest.raises(IllegalAction, match="not dealt to you"):
        state.apply(0, ChooseBouquet(*missing))


def test_setup_choice_can_be_undone_until_the_bouquets_are_shown() -> None:
    from tulipgames.engine.core import Applied

    state = new_game(2, seed=8)
    first = state.deals[0][0]
    events = state.apply(0, ChooseBouquet(first.variety, first.value))
    assert can_undo([Applied(0, "x", events)], 0)
    second = state.deals[1][0]
    events = state.apply(1, ChooseBouquet(second.variety, second.value))
    assert not can_undo([Applied(1, "x", events)], 1)  # bouquets revealed and a card drawn


def test_start_player_option_and_random_start() -> None:
    assert playing(5, start=3).active == 3
    starts = {new_game(3, seed).start_seat for seed in range(30)}
    assert starts == {0, 1, 2}
    with pytest.raises(ValueError, match="start_player"):
        new_game(2, 1, {"start_player": 4})


def test_only_the_active_seat_acts_and_keeps_its_card_private() -> None:
    state = playing(3, start=1)
    assert state.to_act() == (1,)
    assert state.legal_actions(0) == []
    with pytest.raises(IllegalAction, match="turn"):
        state.apply(0, Keep())
    pending = state.pending
    assert pending is not None
    assert state.view(1).pending == pending
    for viewer in (None, 0, 2):
        assert state.view(viewer).pending is None
        assert pending.uid not in uids_in(repr(state.view(viewer)))


def test_give_to_a_missing_seat_is_rejected_with_a_reason() -> None:
    state = playing(2, start=0)
    with pytest.raises(IllegalAction, match="no seat 4"):
        state.apply(0, Give(4))


def test_second_card_rejects_the_used_family_with_a_reason() -> None:
    state = playing(4, start=0)
    state.apply(0, Keep())
    with pytest.raises(IllegalAction, match="already used Keep"):
        state.apply(0, Keep())
    assert len(state.legal_actions(0)) == 3 + 2  # three gives, two adds


def test_move_counts_by_first_action() -> None:
    for players in range(2, 7):
        for first, left in [(Keep(), players + 1), (Give(1), 3), (AddFaceUp(), players)]:
            state = playing(players, start=0)
            assert len(state.legal_actions(0)) == players + 2
            state.apply(0, first)
            assert len(state.legal_actions(0)) == left


def test_play_tie_rule_puts_the_newest_arrival_above() -> None:
    ranking, totals = ["blue", "pink"], {"blue": 6, "pink": 4, "purple": 0, "orange": 0}
    rank_after_adding(ranking, totals, "pink", 2)
    assert ranking == ["pink", "blue"]
    rank_after_adding(ranking, totals, "orange", 3)
    assert ranking == ["pink", "blue", "orange"]
    assert place_of(ranking, "purple") == 4


def test_events_name_the_card_once_resolved_and_hide_secret_adds() -> None:
    state = playing(3, start=0)
    set_ranking(state, ("blue", 5), ("pink", 4))
    draw(state, "B3")
    events = state.apply(0, Give(2))
    assert events[0].text_for(None) == "{seat0} gave B3 to {seat2} (+6)"
    draw_event = events[1]
    assert draw_event.reveals and draw_event.seat == 0
    assert "drew card 2 of 2" in draw_event.text_for(1)
    secret = draw(state, "O4")
    events = state.apply(0, AddSecret())
    assert events[0].text_for(1) == "{seat0} added a card to the secret festival"
    assert str(secret) in events[0].text_for(0)
    assert all(str(secret) not in e.text_for(1) for e in events)


def test_prompt_names_the_card_and_what_is_left() -> None:
    state = playing(2, start=0)
    draw(state, "V3")
    assert state.prompt(0) == "Card 1 of 2: V3. Keep or Give or Add it"
    state.apply(0, AddFaceUp())
    draw(state, "P2")
    assert state.prompt(0) == "Card 2 of 2: P2. Keep or Give it (Add used)"
    assert state.prompt(1) == "{seat0} is playing card 2 of 2"


def test_choices_show_points_now_and_the_face_up_preview() -> None:
    state = playing(3, start=0)
    set_ranking(state, ("blue", 5), ("purple", 4))
    draw(state, "V4")
    choices = {str(c.action): c for c in state.view(0).choices}
    assert choices["keep"].points == 0
    assert choices["give 1"].points == 6 and choices["give 2"].points == 6
    assert render(choices["add faceup"].note, "en") == "→ V 8, 1st"
    assert choices["add secret"].points == 0


def test_result_during_play_and_at_the_end() -> None:
    state = playing(3, seed=12)
    rng = random.Random(1)
    while not state.is_over():
        result = state.result()
        assert result.breakdown[0][2:] == (0, 0, 0)  # majorities only at the end
        seat = state.to_act()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    result = state.result()
    assert result.categories[0:2] == ("Give", "Keep")
    assert result.categories[2].startswith("Maj 1st ")
    assert all(
        sum(row) == total for row, total in zip(result.breakdown, result.totals, strict=True)
    )
    assert result.tiebreak_values == tuple(len(b) for b in state.bouquets)
    with pytest.raises(IllegalAction, match="over"):
        state.apply(0, Keep())


def test_clone_is_independent() -> None:
    state = playing(4, seed=3)
    twin = state.clone()
    twin.apply(twin.active, Keep())
    assert state.card_no == 1 and twin.card_no == 2
    assert repr(state.view(None)) != repr(twin.view(None))
    assert state.invariant_violations() == [] and twin.invariant_violations() == []


def test_broken_card_bookkeeping_is_reported() -> None:
    """The conservation check finds a lost card, a card in two places, a card swapped for a
    foreign one (the count still right) and a festival total its cards do not make."""
    state = playing(3, seed=4)
    assert state.invariant_violations() == []
    lost = state.clone()
    lost.deck.pop()
    doubled = state.clone()
    doubled.bouquets[0].append(doubled.deck[0])
    swapped = state.clone()
    swapped.deck[0] = swapped.deck[0]._replace(uid=10_000)
    twice = state.clone()
    twice.deck[0] = twice.deck[1]  # one card twice, another gone: the count still right
    for broken in (lost, doubled, swapped, twice):
        assert any("cards not conserved" in p for p in broken.invariant_violations())
    inflated = state.clone()
    inflated.totals[inflated.ranking[0]] += 1
    assert any("total" in p for p in inflated.invariant_violations())


def test_finish_setup_helper_leaves_a_playable_state() -> None:
    state = new_game(6, seed=4)
    finish_setup(state)
    assert state.phase == "play" and state.card_no == 1

"""The acceptance scenarios of the Gift of Tulips specification, section 10, one test each."""

from __future__ import annotations

import random

import pytest

from tests.games.giftoftulips.helpers import (
    card,
    cards,
    draw,
    finish_setup,
    hidden_from,
    legal_texts,
    new_game,
    playing,
    ranking_of,
    set_ranking,
    uids_in,
)
from tulipgames.engine.core import IllegalAction
from tulipgames.games.giftoftulips.data import REMOVE_AT_SETUP, TURNS_PER_PLAYER
from tulipgames.games.giftoftulips.rules import (
    AddFaceUp,
    AddSecret,
    ChooseBouquet,
    Give,
    Keep,
    build_pool,
    give_score,
    keep_score,
    majority_points,
    majority_table,
    rank_after_adding,
    seed_festival,
)

POOL = {2: 72, 3: 72, 4: 72, 5: 96, 6: 96}
DECK_AFTER_SETUP = {2: 48, 3: 60, 4: 56, 5: 70, 6: 72}


# 1
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_setup_counts_and_game_length(players: int) -> None:
    state = new_game(players, seed=players * 11)
    assert len(build_pool(players)) == POOL[players] == state.pool_size
    assert len(state.removed) == REMOVE_AT_SETUP[players]
    assert len(state.deck) == DECK_AFTER_SETUP[players]
    assert len(state.ranking) == 2
    finish_setup(state)
    view = state.view(None)
    assert view.secret_size == players
    assert all(len(b) == 1 for b in view.bouquets)
    assert view.scores == (0,) * players
    assert len(state.deck) + 1 == DECK_AFTER_SETUP[players]  # the first card is drawn
    rng = random.Random(players)
    while not state.is_over():
        seat = state.to_act()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    assert state.deck == []
    assert state.turns_taken == [TURNS_PER_PLAYER[players]] * players


# 2
def test_seeding_redraws_same_variety_and_first_revealed_wins_equal_value() -> None:
    deck = [card("V2") for _ in range(65)] + cards("P3", "B4", "B3")  # top is the end
    blue4 = deck[-2]
    seeded = seed_festival(deck, random.Random(0))
    assert [str(c) for c in seeded] == ["B3", "P3"]
    assert blue4 in deck
    assert len(deck) == 66


# 3
def test_seeding_by_value_puts_higher_card_first() -> None:
    deck = [card("B2") for _ in range(10)] + cards("V4", "O2")
    seeded = seed_festival(deck, random.Random(0))
    assert [str(c) for c in seeded] == ["V4", "O2"]
    state = new_game(3, seed=5)
    assert len(state.ranking) == 2  # 3rd and 4th start empty


# 4
def test_rulebook_ranking_example() -> None:
    state = playing(3)
    set_ranking(state, ("blue", 5), ("purple", 2), ("pink", 2))
    seat = state.active
    draw(state, "O2")
    state.apply(seat, AddFaceUp())
    assert ranking_of(state) == [("blue", 5), ("orange", 2), ("purple", 2), ("pink", 2)]
    assert state.view(None).scores[seat] == 0
    assert give_score(state.ranking, "pink", 3) == 3
    assert keep_score(state.ranking, "pink") == 2


# 5
def test_give_points_by_place() -> None:
    state = playing(4)
    set_ranking(state, ("purple", 9), ("blue", 7), ("orange", 4))
    giver = state.active
    receiver = (giver + 1) % 4
    for text, points in [("V4", 7), ("B3", 5), ("O2", 3), ("P2", 2)]:
        before = state.give_points[giver]
        receiver_score = state.view(None).scores[receiver]
        state.used, state.card_no = (), 1
        drawn = draw(state, text)
        state.apply(giver, Give(receiver))
        assert state.give_points[giver] - before == points
        assert drawn in state.bouquets[receiver]
        assert state.view(None).scores[receiver] == receiver_score


# 6
def test_keep_scores_two_for_unranked_even_with_third_place_empty() -> None:
    state = playing(3)
    set_ranking(state, ("blue", 3), ("pink", 3))
    seat = state.active
    draw(state, "O2")
    assert keep_score(state.ranking, "blue") == 0
    state.apply(seat, Keep())
    assert state.keep_points[seat] == 2
    set_ranking(state, ("blue", 3), ("pink", 3), ("orange", 2))
    assert keep_score(state.ranking, "orange") == 1


# 7
def test_action_exclusivity() -> None:
    state = playing(3)
    seat = state.active
    assert sorted(legal_texts(state, seat)) == sorted(
        ["keep", f"give {(seat + 1) % 3}", f"give {(seat + 2) % 3}", "add faceup", "add secret"]
    )
    with pytest.raises(IllegalAction, match="yourself"):
        state.apply(seat, Give(seat))
    state.apply(seat, AddSecret())
    assert state.card_no == 2
    assert sorted(legal_texts(state, seat)) == sorted(
        ["keep", f"give {(seat + 1) % 3}", f"give {(seat + 2) % 3}"]
    )
    before = repr(state.view(seat))
    for action in (AddFaceUp(), AddSecret(), Give(seat)):
        with pytest.raises(IllegalAction):
            state.apply(seat, action)
    assert repr(state.view(seat)) == before


# 8
def test_first_action_changes_the_second_cards_value() -> None:
    state = playing(3)
    set_ranking(state, ("blue", 5), ("purple", 4), ("orange", 3))
    seat = state.active
    draw(state, "P4")
    state.apply(seat, AddFaceUp())
    assert ranking_of(state) == [("blue", 5), ("pink", 4), ("purple", 4), ("orange", 3)]
    draw(state, "V3")
    offered = {str(c.action): c.points for c in state.view(seat).choices}
    others = [s for s in range(3) if s != seat]
    assert offered == {"keep": 1, **{f"give {t}": 4 for t in others}}
    state.apply(seat, Give(others[0]))
    assert state.give_points[seat] == 4


# 9
def test_setup_choice_is_private_and_scores_nothing() -> None:
    state = new_game(2, seed=3, options={"start_player": 0})
    pink4, orange2 = card("P4"), card("O2")
    state.deck.extend(state.deals[0])  # keep every card accounted for
    state.deals[0] = (pink4, orange2)
    state.apply(0, ChooseBouquet("pink", 4))
    seen_by_1 = uids_in(repr(state.view(1)))
    assert pink4.uid not in seen_by_1 and orange2.uid not in seen_by_1
    assert state.view(None).bouquets == ((), ())
    second = state.deals[1][1]
    state.apply(1, ChooseBouquet(second.variety, second.value))
    view0, view1 = state.view(0), state.view(1)
    assert view0.bouquets[0] == (pink4,) and view1.bouquets[0] == (pink4,)
    assert [str(c) for c in view1.bouquets[1]] == [str(second)]
    assert view0.scores[0] == 0
    assert view0.secret_size == view1.secret_size == 2
    assert orange2 in view0.own_secret
    assert orange2.uid not in uids_in(repr(view1))
    assert len(view1.own_secret) == 1


# 10
def test_rulebook_majority_example() -> None:
    sara = cards("V2", "V2", "V3", "O4")
    catherine = cards("V4", "V4", "O3", "O3")
    maria = cards("V4", "O2", "O2", "B2")
    table = majority_table(3, ["purple", "orange", "blue"], [sara, catherine, maria])
    assert [row[0] for row in table] == [15, 10, 0]
    assert [row[1] for row in table] == [0, 10, 7]
    assert [row[2] for row in table] == [0, 0, 5]
    assert [sum(row) for row in table] == [15, 20, 12]


# 11
def test_partial_tie_value_tiebreak_and_level_limit() -> None:
    # seats A, B, C, D
    held = [(2, 4), (2, 7), (2, 7), (3, 6)]
    assert majority_points(4, 2, held) == [0, 7, 7, 10]


# 12
def test_dense_ranks_and_zero_cards_with_five_players() -> None:
    held = [(2, 6), (2, 6), (1, 4), (0, 0), (0, 0)]
    assert majority_points(5, 1, held) == [15, 15, 10, 0, 0]


# 13
def test_two_players_only_the_leader_scores() -> None:
    assert majority_points(2, 2, [(3, 9), (2, 6)]) == [10, 0]
    assert majority_points(2, 2, [(2, 6), (2, 6)]) == [10, 10]


# 14
def test_empty_third_place_scores_nothing() -> None:
    holder = cards("O2", "O2", "O3", "O3", "O4")
    other = cards("B2")
    table = majority_table(2, ["blue", "pink"], [holder, other])
    assert table[0] == [0, 0, 0]
    assert table[1] == [15, 0, 0]


def _last_card_of_game(players: int, secret: list[str]) -> tuple:
    """A state on the very last card, with a known secret pile flipped from its start."""
    state = playing(players, seed=9, start=0)
    state.deck = []
    state.card_no, state.used = 2, ("add",)
    state.secret = cards(*secret)
    state.secret_owner = [0] * len(secret)
    # the "random" draw takes the pile in order
    state.rng.shuffle = lambda x: None  # type: ignore[method-assign, assignment]
    return state, state.active


# 15
def test_secret_reveal_one_card_at_a_time() -> None:
    state, seat = _last_card_of_game(4, ["O3", "V2", "P4", "B2", "O2", "V4", "B4"])
    set_ranking(state, ("blue", 10), ("purple", 8), ("pink", 6), ("orange", 5))
    undrawn = state.secret[5:]
    draw(state, "B3")
    events = state.apply(seat, Keep())
    scores_after_give = state.view(None).scores
    flips = [e for e in events if e.reveals]
    assert len(flips) == 5
    expected = [
        [("blue", 10), ("orange", 8), ("purple", 8), ("pink", 6)],
        [("purple", 10), ("blue", 10), ("orange", 8), ("pink", 6)],
        [("pink", 10), ("purple", 10), ("blue", 10), ("orange", 8)],
        [("blue", 12), ("pink", 10), ("purple", 10), ("orange", 8)],
        [("blue", 12), ("orange", 10), ("pink", 10), ("purple", 10)],
    ]
    steps = state.view(None).reveals
    assert [s.number for s in steps] == [1, 2, 3, 4, 5] and steps[0].of == 5
    for step, ranking in zip(steps, expected, strict=True):
        assert [(v, step.festival.total(v)) for v in step.festival.ranking] == ranking
    assert state.view(None).scores == scores_after_give
    assert state.view(None).secret_size == 2
    for viewer in (None, 0, 1, 2, 3):
        assert not uids_in(repr(state.view(viewer))) & {c.uid for c in undrawn}


# 16
def test_reveal_order_matters() -> None:
    ranking = ["blue", "purple", "pink", "orange"]
    totals = {"blue": 10, "purple": 8, "pink": 6, "orange": 5}
    for text in ["O3", "P4", "B2", "O2", "V2"]:
        flipped = card(text)
        rank_after_adding(ranking, totals, flipped.variety, flipped.value)
    assert [(v, totals[v]) for v in ranking] == [
        ("blue", 12),
        ("purple", 10),
        ("orange", 10),
        ("pink", 10),
    ]


# 17
@pytest.mark.parametrize("pile", [3, 5])
def test_small_secret_pile_is_flipped_entirely(pile: int) -> None:
    state, seat = _last_card_of_game(2, ["V2", "B3", "P4", "O2", "V3"][:pile])
    draw(state, "B2")
    state.apply(seat, Keep())
    assert len(state.view(None).reveals) == pile
    assert state.view(None).secret_size == 0


# 18
def test_end_timing_follows_the_start_seat() -> None:
    state = playing(4, seed=21, start=2)
    order = []
    rng = random.Random(4)
    while not state.is_over():
        seat = state.to_act()[0]
        if state.card_no == 1:
            order.append(seat)
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    assert order[:5] == [2, 3, 0, 1, 2]
    assert len(order) == 28 and order[-1] == 1
    assert state.deck == [] and state.is_over()
    assert state.turns_taken == [7, 7, 7, 7]


# 19
def test_winner_tiebreak_by_bouquet_size() -> None:
    state = playing(3)
    state.phase = "over"
    state.ranking = []  # no majorities, so the scores are exactly the ones given
    state.give_points = [52, 52, 40]
    state.keep_points = [0, 0, 0]
    state.bouquets = [[card("B2")] * 9, [card("B2")] * 11, []]
    result = state.result()
    assert result.totals == (52, 52, 40)
    assert result.winners == (1,)
    assert "more cards" in result.tiebreak
    state.bouquets[0] = [card("B2")] * 11
    assert state.result().winners == (0, 1)


# 20
def test_hidden_secret_add_and_no_cap_on_totals() -> None:
    state = playing(2, seed=4, start=1)
    orange4 = draw(state, "O4")
    before = state.view(0).secret_size
    events = state.apply(1, AddSecret())
    view0 = state.view(0)
    assert view0.secret_size == before + 1
    assert events[0].text_for(0) == "{seat1} added a card to the secret festival"
    assert orange4.uid not in uids_in(repr(view0))
    assert not uids_in(repr(view0)) & hidden_from(state, 0)
    set_ranking(state, ("blue", 31), ("pink", 30))
    rank_after_adding(state.ranking, state.totals, "orange", 34)
    assert state.ranking[0] == "orange"
    assert state.view(0).festival.total("orange") == 34

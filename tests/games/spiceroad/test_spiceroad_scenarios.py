"""The acceptance scenarios of spec §10 (A1-A19), one test each."""

from __future__ import annotations

import dataclasses
import random

import pytest

from tests.games.spiceroad.helpers import (
    give_hand,
    give_played,
    give_point_cards,
    new,
    put_on_top,
    set_caravan,
    set_merchant_row,
    set_point_row,
)
from tulipgames.engine.core import IllegalAction
from tulipgames.games.spiceroad.data import (
    CHECK_WEIGHT,
    EDITIONS,
    MERCHANT_CARDS,
    MERCHANT_DECK,
    MERCHANT_TABLE,
    POINT_CARDS,
    POINT_TABLE,
    SPICES,
    Counts,
)
from tulipgames.games.spiceroad.rules import (
    GAME,
    OVER,
    PAY,
    RETURN,
    TRADE,
    TURN,
    UPGRADE,
    Acquire,
    Claim,
    Play,
    Rest,
    SpiceRoadView,
    Times,
    caravan_words,
    card_text,
    coin_stacks,
    letters,
    trade_max,
)


def act(state, *texts: str, seat: int | None = None) -> None:
    for text in texts:
        state.apply(state.current if seat is None else seat, GAME.parse_action(text))
        assert state.invariant_violations() == []


def test_scenario_01_setup_four_players() -> None:
    state = new(4)
    assert state.caravans == [(3, 0, 0, 0), (4, 0, 0, 0), (4, 0, 0, 0), (3, 1, 0, 0)]
    assert (state.gold, state.silver) == (8, 8)
    assert coin_stacks(state.gold, state.silver) == {1: ("gold", 8), 2: ("silver", 8)}
    assert all(hand == ["S1", "S2"] for hand in state.hands)
    assert all(not p for p in state.played) and all(not c for c in state.claimed)
    assert len(state.merchant_row) == 6 and state.row_spices == [[0, 0, 0, 0]] * 6
    assert len(state.merchant_deck) == 37
    assert len(state.point_row) == 5 and len(state.point_deck) == 31
    assert state.current == 0 and state.to_act() == (0,)
    two, five = new(2), new(5)
    assert (two.gold, two.silver) == (4, 4)
    assert (five.gold, five.silver) == (10, 10)
    assert five.caravans[4] == (3, 1, 0, 0)
    assert state.invariant_violations() == []


def test_scenario_02_data_integrity() -> None:
    ids = [row[0] for row in MERCHANT_TABLE]
    assert ids == ["S1", "S2", *(f"M{i:02d}" for i in range(1, 44))]
    assert len(set(ids)) == 45
    kinds = [MERCHANT_CARDS[c].kind for c in MERCHANT_DECK]
    assert (kinds.count("spice"), kinds.count("upgrade"), kinds.count("trade")) == (8, 1, 34)
    assert MERCHANT_CARDS["M09"].kind == "upgrade" and MERCHANT_CARDS["M09"].up == 3
    assert MERCHANT_CARDS["S2"].up == 2 and MERCHANT_CARDS["S1"].gain == (2, 0, 0, 0)
    assert len(POINT_CARDS) == 36
    sizes = [sum(card.need) for card in POINT_CARDS.values()]
    assert (sizes.count(4), sizes.count(5), sizes.count(6)) == (13, 15, 8)
    vps = [card.vp for card in POINT_CARDS.values()]
    assert (min(vps), max(vps), sum(vps)) == (6, 20, 468)
    weights = [CHECK_WEIGHT[k] for k in SPICES]
    for card_id, kind, up, pay, gain, compact, weight_column in MERCHANT_TABLE:
        assert up == MERCHANT_CARDS[card_id].up
        assert card_text(card_id, EDITIONS["spice"]) == compact
        if kind != "trade":
            assert weight_column is None and sum(pay) == 0
            continue
        paid = sum(w * n for w, n in zip(weights, pay, strict=True))
        gained = sum(w * n for w, n in zip(weights, gain, strict=True))
        assert gained > paid
        assert weight_column == (paid, gained), card_id
        # a trade never gains a key it pays
        assert not any(p and g for p, g in zip(pay, gain, strict=True))
    for card_id, need, cubes, compact, vp in POINT_TABLE:
        assert sum(need) == cubes and letters(need, EDITIONS["spice"]) == compact
        assert POINT_CARDS[card_id].vp == vp


def test_scenario_03_value_formula() -> None:
    weights = [CHECK_WEIGHT[k] for k in SPICES]
    for card in POINT_CARDS.values():
        total = sum(w * n for w, n in zip(weights, card.need, strict=True))
        keys = sum(1 for n in card.need if n)
        bonus = {1: 0, 2: 0, 3: 1, 4: 2}[keys]
        assert card.vp == total + bonus, card.id
    assert POINT_CARDS["P04"].vp == 8 and POINT_CARDS["P23"].vp == 14
    assert POINT_CARDS["P06"].vp == 9 and POINT_CARDS["P13"].vp == 12
    assert POINT_CARDS["P35"].vp == 20


def test_scenario_04_repeated_trade_and_limit_at_end_of_turn() -> None:
    state = new(2)
    set_caravan(state, 0, y=1, b=4)
    give_hand(state, 0, "M42")
    assert trade_max(state.caravans[0], MERCHANT_CARDS["M42"].pay) == 2
    act(state, "play M42")
    assert state.phase == TRADE
    assert state.legal_actions(0) == [Times(1), Times(2)]
    with pytest.raises(IllegalAction, match="1 to 2"):
        state.apply(0, Times(3))
    act(state, "times 2")
    assert state.caravans[0] == (1, 6, 4, 0) and sum(state.caravans[0]) == 11
    assert "M42" in state.played[0] and "M42" not in state.hands[0]
    assert state.phase == RETURN and state.current == 0
    with pytest.raises(IllegalAction):
        state.apply(0, Rest())
    act(state, "return Y")
    assert state.caravans[0] == (0, 6, 4, 0)
    assert state.phase == TURN and state.current == 1


def test_scenario_05_trade_legality() -> None:
    state = new(2)
    set_caravan(state, 0, y=2, r=1)
    give_hand(state, 0, "M12", "M20")
    assert Play("M12") not in state.legal_actions(0)
    with pytest.raises(IllegalAction, match="needs Y3"):
        state.apply(0, Play("M12"))
    assert Play("M20") in state.legal_actions(0)
    assert trade_max(state.caravans[0], MERCHANT_CARDS["M20"].pay) == 1
    act(state, "play M20")  # r_max 1: the trade runs at once
    assert state.caravans[0] == (1, 0, 0, 1) and state.current == 1

    state = new(2)
    set_caravan(state, 0, y=5)
    give_hand(state, 0, "M10")
    act(state, "play M10")
    assert state.legal_actions(0) == [Times(1), Times(2)]
    act(state, "times 2")
    assert state.caravans[0] == (1, 0, 2, 0)


@pytest.mark.parametrize(
    ("steps", "result"),
    [
        (("upgrade Y", "upgrade R"), (2, 0, 1, 0)),
        (("upgrade Y", "upgrade Y"), (1, 2, 0, 0)),
        (("upgrade Y", "upgrade done"), (2, 1, 0, 0)),
    ],
)
def test_scenario_06_upgrade_two(steps: tuple[str, ...], result: Counts) -> None:
    state = new(2)
    set_caravan(state, 0, y=3)
    act(state, "play S2")
    assert state.phase == UPGRADE
    assert "upgrade done" not in [str(a) for a in state.legal_actions(0)]
    act(state, *steps)
    assert state.caravans[0] == result
    assert state.current == 1  # the play ended: a third upgrade is impossible
    with pytest.raises(IllegalAction):
        state.apply(0, GAME.parse_action("upgrade Y"))


def test_scenario_06_upgrade_two_from_saffron_and_unplayable() -> None:
    state = new(2)
    set_caravan(state, 0, r=1, b=2)
    act(state, "play S2", "upgrade R", "upgrade G")
    assert state.caravans[0] == (0, 0, 0, 3)
    for caravan in ((0, 0, 0, 3), (0, 0, 0, 0)):
        state = new(2)
        set_caravan(state, 0, *caravan)
        assert Play("S2") not in state.legal_actions(0)
        with pytest.raises(IllegalAction, match="upgraded"):
            state.apply(0, Play("S2"))


def test_scenario_07_upgrade_three() -> None:
    state = new(2)
    set_caravan(state, 0, y=1, b=2)
    give_hand(state, 0, "M09")
    act(state, "play M09", "upgrade Y", "upgrade R", "upgrade G")
    assert state.caravans[0] == (0, 0, 0, 3)
    assert state.phase == TURN and state.current == 1


def test_scenario_08_acquire_with_cost() -> None:
    state = new(2)
    row = ["M10", "M11", "M12", "M13", "M14", "M15"]
    set_merchant_row(state, row, [[0] * 4, [1, 0, 0, 0], [0] * 4, [0, 1, 0, 0], [0] * 4, [0] * 4])
    put_on_top(state, "M30")
    set_caravan(state, 0, y=3, g=1)
    deck_before = len(state.merchant_deck)
    act(state, "acquire 4")
    assert state.phase == PAY and state.legal_actions(0)[0] == GAME.parse_action("pay Y")
    act(state, "pay Y", "pay Y", "pay G")
    assert state.caravans[0] == (1, 1, 0, 0)
    assert state.hands[0] == ["S1", "S2", "M13"]
    assert state.merchant_row == ["M10", "M11", "M12", "M14", "M15", "M30"]
    assert state.row_spices == [[1, 0, 0, 0], [2, 0, 0, 0], [0, 0, 1, 0], [0] * 4, [0] * 4, [0] * 4]
    assert len(state.merchant_deck) == deck_before - 1

    poorer = new(2)
    set_caravan(poorer, 0, y=2)
    acquires = [a.position for a in poorer.legal_actions(0) if isinstance(a, Acquire)]
    assert acquires == [1, 2, 3]
    with pytest.raises(IllegalAction, match="costs 3"):
        poorer.apply(0, Acquire(4))


def test_scenario_09_free_acquire_over_the_limit() -> None:
    state = new(2)
    row = ["M19", "M11", "M12", "M13", "M14", "M15"]
    set_merchant_row(state, row, [[2, 1, 0, 0]] + [[0] * 4] * 5)
    set_caravan(state, 0, y=6, r=3)
    act(state, "acquire 1")
    assert state.caravans[0] == (8, 4, 0, 0) and state.phase == RETURN
    act(state, "return Y")
    assert state.phase == RETURN and state.current == 0  # 11 is not enough
    act(state, "return Y")
    assert state.caravans[0] == (6, 4, 0, 0) and state.current == 1  # stops at exactly 10
    with pytest.raises(IllegalAction):
        state.apply(0, GAME.parse_action("return Y"))

    empty = new(2)
    set_caravan(empty, 0)
    assert [a for a in empty.legal_actions(0) if isinstance(a, Acquire)] == [Acquire(1)]


def test_scenario_10_claim_with_coin() -> None:
    state = new(3)
    set_point_row(state, ["P05", "P01", "P13", "P20", "P36"])
    set_caravan(state, 0, y=3, r=1, g=2)
    assert (state.gold, state.silver) == (6, 6)
    act(state, "claim 1")
    assert state.caravans[0] == (1, 1, 0, 0)
    assert state.claimed[0] == ["P05"] and state.gold_coins[0] == 1 and state.gold == 5
    assert state.point_row[:4] == ["P01", "P13", "P20", "P36"] and len(state.point_row) == 5
    assert coin_stacks(state.gold, state.silver)[1] == ("gold", 5)  # now above P01

    third = new(3)
    set_point_row(third, ["P05", "P01", "P13", "P20", "P36"])
    set_caravan(third, 0, y=1, r=1, g=1, b=1)
    act(third, "claim 3")
    assert third.claimed[0] == ["P13"] and third.gold_coins[0] == third.silver_coins[0] == 0

    wrong = new(3)
    set_point_row(wrong, ["P05", "P01", "P13", "P20", "P36"])
    set_caravan(wrong, 0, y=2, g=2)
    assert Claim(2) not in wrong.legal_actions(0)
    with pytest.raises(IllegalAction, match="missing R2"):
        wrong.apply(0, Claim(2))


def test_scenario_11_gold_runs_out() -> None:
    state = new(2)
    state.gold, state.silver = 1, 4
    state.gold_coins[1] = 3  # the other three gold went earlier
    set_point_row(state, ["P01", "P02", "P03", "P04", "P05"])
    set_caravan(state, 0, y=2, r=2)
    act(state, "claim 1")
    assert state.gold_coins[0] == 1 and state.gold == 0
    assert coin_stacks(state.gold, state.silver) == {1: ("silver", 4)}
    set_caravan(state, 1, y=3, r=3)
    act(state, "claim 2", seat=1)
    assert state.silver_coins[1] == 0 and state.silver == 4
    set_caravan(state, 0, y=5, r=5)
    act(state, "claim 1")
    assert state.silver_coins[0] == 1 and state.silver == 3


def test_scenario_12_silver_runs_out_first() -> None:
    state = new(2)
    state.gold, state.silver = 2, 0
    state.gold_coins[1], state.silver_coins[1] = 2, 4
    set_point_row(state, ["P01", "P02", "P03", "P04", "P05"])
    set_caravan(state, 0, y=3, r=2)
    act(state, "claim 2")
    assert state.gold_coins[0] == state.silver_coins[0] == 0 and state.gold == 2
    set_caravan(state, 1, y=2, r=2)
    act(state, "claim 1", seat=1)
    assert state.gold_coins[1] == 3 and state.gold == 1


def test_scenario_13_rest() -> None:
    state = new(2)
    state.hands[0] = ["S2"]
    state.played[0] = ["S1"]
    give_played(state, 0, "M10")
    act(state, "rest")
    assert sorted(state.hands[0]) == ["M10", "S1", "S2"] and state.played[0] == []
    assert state.current == 1
    before = (state.caravans[1][:], state.hands[1][:])
    act(state, "rest")
    assert (state.caravans[1], state.hands[1]) == before and state.current == 0


def test_scenario_14_end_with_three_players() -> None:
    state = new(3)
    state.turns = [8, 8, 8]
    for seat in range(3):
        give_point_cards(state, seat, 5)
    assert state.triggered_by is None  # five cards do not trigger with 3 players
    act(state, "rest")
    set_point_row(state, ["P01", "P02", "P03", "P04", "P05"])
    set_caravan(state, 1, y=2, r=2)
    act(state, "claim 1")
    assert state.triggered_by == 1 and state.turns == [9, 9, 8]
    assert state.current == 2 and not state.is_over()
    act(state, "rest")
    assert state.is_over() and state.turns == [9, 9, 9]
    assert state.to_act() == () and state.legal_actions(0) == []


def test_scenario_15_end_with_four_players_on_the_last_seat() -> None:
    state = new(4)
    for seat in range(4):
        give_point_cards(state, seat, 4)
    act(state, "rest", "rest", "rest")
    set_point_row(state, ["P01", "P02", "P03", "P04", "P05"])
    set_caravan(state, 3, y=12, r=3)
    act(state, "claim 1")
    assert state.phase == RETURN and not state.is_over()  # the discard still happens
    act(state, "return Y")
    assert state.is_over() and state.caravans[3] == (9, 1, 0, 0)

    early = new(4)
    for seat in range(4):
        give_point_cards(early, seat, 4)
    set_point_row(early, ["P01", "P02", "P03", "P04", "P05"])
    set_caravan(early, 0, y=2, r=2)
    act(early, "claim 1")
    assert early.triggered_by == 0
    for seat in (1, 2, 3):
        assert early.current == seat and not early.is_over()
        act(early, "rest")
    assert early.is_over() and early.turns == [1, 1, 1, 1]


def test_scenario_16_scoring() -> None:
    state = new(2)
    state.claimed[0] = ["P36", "P13", "P01"]
    state.point_deck = [c for c in state.point_deck if c not in state.claimed[0]]
    state.gold_coins[0], state.silver_coins[0] = 2, 1
    set_caravan(state, 0, y=4, r=2, g=1, b=1)
    assert state.score_parts(0) == (38, 6, 1, 4)
    assert state.result().totals[0] == 49


def test_scenario_17_tie_break() -> None:
    state = new(3)
    for seat, score in enumerate((60, 64, 64)):
        state.silver_coins[seat] = score
        set_caravan(state, seat)
    result = state.result()
    assert result.winners == (2,)
    assert sorted(range(3), key=lambda s: result.ranks[s]) == [2, 1, 0]
    assert "later seat" in result.tiebreak

    four = new(4)
    for seat in range(4):
        four.silver_coins[seat] = 40
        set_caravan(four, seat)
    ranking = sorted(range(4), key=lambda s: four.result().ranks[s])
    assert ranking == [3, 2, 1, 0]
    assert len(set(four.result().ranks)) == 4  # no shared places


def test_scenario_18_exhausted_merchant_deck() -> None:
    state = new(2)
    row = state.merchant_row[:]
    state.hands[1].extend(state.merchant_deck)  # everything else is owned already
    state.owned[1].extend(state.merchant_deck)
    state.merchant_deck = []
    set_caravan(state, 0, y=5)
    act(state, "acquire 2", "pay Y")
    assert state.merchant_row == [row[0], *row[2:]] and len(state.merchant_row) == 5
    assert state.row_spices[0] == [1, 0, 0, 0]
    act(state, "rest")
    acquires = [a.position for a in state.legal_actions(0) if isinstance(a, Acquire)]
    assert acquires == [1, 2, 3, 4, 5]
    with pytest.raises(IllegalAction, match="positions 1 to 5"):
        state.apply(0, Acquire(6))
    act(state, "acquire 5")
    assert state.phase == PAY and state.prompt(0).endswith("(1 of 4).")


def test_scenario_19_golem_edition() -> None:
    golem = new(5, seed=11, edition="golem")
    ed = golem.edition
    assert caravan_words(golem.caravans[3], ed) == "3 yellow + 1 green crystal"
    assert caravan_words(golem.caravans[4], ed) == "3 yellow + 1 green crystal"
    assert golem.caravans[4] == (3, 1, 0, 0)
    assert caravan_words(new(5).caravans[4], EDITIONS["spice"]) == "3 turmeric + 1 saffron"
    assert card_text("M42", ed) == "PP → GGGBB"
    assert card_text("M42", EDITIONS["spice"]) == "BB → RRRGG"
    assert ed.gold_name == "copper" and golem.gold == 10
    assert ed.point_cards == "Golem cards"
    assert golem.result().categories[0] == "Golem cards"

    spice = new(5, seed=11, edition="spice")
    rng = random.Random(3)
    while not spice.is_over():
        seat = spice.current
        action = rng.choice(spice.legal_actions(seat))
        spice.apply(seat, action)
        golem.apply(seat, action)
    assert golem.is_over()

    def facts(view: SpiceRoadView) -> SpiceRoadView:
        """The view without the edition's words (the latest turns are told in its letters)."""
        players = tuple(dataclasses.replace(p, last_turn=()) for p in view.players)
        return dataclasses.replace(view, edition="spice", players=players)

    assert facts(golem.view(None)) == facts(spice.view(None))
    assert golem.result().totals == spice.result().totals
    assert golem.result().ranks == spice.result().ranks
    assert golem.phase == OVER

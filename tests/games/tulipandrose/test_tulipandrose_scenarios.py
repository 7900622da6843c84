"""Every acceptance scenario of the Tulip & Rose spec (§10), one test each (17 has several)."""

from __future__ import annotations

import pytest

from tests.games.tulipandrose.helpers import auction, start_round_with, table
from tulipgames.engine.core import IllegalAction, UnreadableAction
from tulipgames.games.tulipandrose import data
from tulipgames.games.tulipandrose.rules import (
    GAME,
    Assign,
    Bid,
    Keep,
    Pass,
    Sale,
    Sell,
    Split,
    SplitDone,
    card_value,
    ceil_half,
    feasible_bouquets,
    income,
    partition_points,
    reveal,
    score_sheet,
    set_points,
    split_problem,
    worth_of,
)

ANA, BEN, CLEO, DIRK = 0, 1, 2, 3


def counts(**kinds: int) -> list[int]:
    """Holdings as per-kind counts, e.g. counts(T=3, R=1, W=2)."""
    return [kinds.get(letter, 0) for letter in data.CARD_LETTERS]


def flowers(**kinds: int) -> list[int]:
    return counts(**kinds)[:6]


def test_1_setup_four_players_and_six_players() -> None:
    state = GAME.new_state(4, 7, {"special_orders": True})
    cards = state.deck + state.revealed
    assert len(cards) == 105
    assert sum(card_value(c) for c in cards) == 267
    # Round 1 starts at once: everyone was dealt 25 and then collected the round-1 income of 2.
    assert state.income_paid == 4 * 2
    assert state.florins == [25 + 2] * 4
    assert state.loans == [0] * 4
    assert all(len(set(o)) == 3 for o in state.orders)
    assert len({o for hand in state.orders for o in hand}) == 12
    assert len(set(state.merchant)) == 4
    assert state.rounds == 8
    priorities = [state.merchant[s] for s in state.seller_order]
    assert priorities == sorted(priorities)
    assert state.seller == state.seller_order[0]

    six = GAME.new_state(6, 7)
    assert all(len(o) == 2 for o in six.orders)
    assert six.window == (17, 18)
    assert six.rounds == 12


def test_2_income() -> None:
    state = table(3)
    assert "+2" in state.setup_events[0].text_for(None)
    assert state.florins == [27, 27, 27]
    ben_counts = counts(R=3, T=1, V=1, W=2)
    assert income(2, ben_counts) == 7  # Anna Roos, specialty Rose
    ben = table(3, merchants=[1, 2, 3])
    ben.holdings[1] = ben_counts
    before = ben.florins[1]
    events = start_round_with(ben, ["T5"] * 10)
    assert ben.florins[1] == before + 7
    assert "{seat1} +7" in events[0].text_for(None)


def test_3_reveal_with_put_back() -> None:
    deck = ["T5", "L5", "I4", "H3", "C2", "R5", "W-1", "I3", "T1", "T2"]
    revealed, put_back, total = reveal(deck, (20, 21))
    assert revealed == ["T5", "L5", "I4", "H3", "C2", "W-1", "I3"]
    assert put_back == ["R5"]
    assert total == 21
    assert deck[-1] == "R5"


def test_4_six_player_window() -> None:
    deck = ["T5", "T5", "T5", "T1", "V3", "G2", "R1"]  # T reaches 16 after T1
    revealed, put_back, total = reveal(deck, data.reveal_window(6))
    assert put_back == ["V3"]
    assert revealed[-1] == "G2" and total == 18
    assert deck == ["R1", "V3"]


def test_5_reveal_stops_short() -> None:
    deck = ["T5", "T5", "T5", "L3", "T5", "L4"]  # T = 18 after L3
    _revealed, put_back, total = reveal(deck, (20, 21))
    assert total == 18 and put_back == ["T5", "L4"]
    assert deck == ["T5", "L4"]

    state = table(3)
    start_round_with(state, ["R2", "W-1"])
    assert state.revealed == ["R2", "W-1"] and state.reveal_total == 1
    assert state.deck == []
    seller = state.seller
    state.check(seller, Split((1, 2)))
    state.check(seller, Split((2, 1)))
    with pytest.raises(IllegalAction):
        state.check(seller, Split((1, 1)))
    assert state.legal_actions(seller) == [Assign(1, 1), Assign(1, 2)]


def test_6_split_legality() -> None:
    assert split_problem([1, 1, 2, 2, 2, 3, 3], 7) is None
    assert "bouquet 3 is empty" in (split_problem([1, 1, 1, 2, 2, 2, 2], 7) or "")
    assert "7 cards" in (split_problem([1, 2, 3], 7) or "")
    assert "no bouquet 4" in (split_problem([1, 1, 2, 2, 2, 3, 4], 7) or "")

    state = table(3)
    start_round_with(state, ["T5", "T5", "R5", "R1", "L1", "L1", "I2", "C5"])
    assert len(state.revealed) == 7
    seller = state.seller
    state.check(seller, Split((1, 1, 2, 2, 2, 3, 3)))
    for bad in ((1, 1, 1, 2, 2, 2, 2), (1, 2, 3), (1, 1, 2, 2, 2, 3, 4)):
        with pytest.raises(IllegalAction):
            state.check(seller, Split(bad))
    # The same split in steps: one assign per card, then the confirmation.
    for card, bouquet in enumerate((1, 1, 2, 2, 2, 3), 1):
        with pytest.raises(IllegalAction):
            state.check(seller, SplitDone())
        state.apply(seller, Assign(card, bouquet))
    assert state.legal_actions(seller) == [Assign(7, 1), Assign(7, 2), Assign(7, 3)]
    with pytest.raises(IllegalAction, match="card 7"):
        state.check(seller, Assign(6, 1))
    # Steps that would leave a bouquet empty are not offered.
    assert feasible_bouquets([1, 1, 1, 1, 1], 7) == [2, 3]
    assert feasible_bouquets([1, 1, 1, 1, 1, 2], 7) == [3]
    state.apply(seller, Assign(7, 3))
    assert state.legal_actions(seller) == [SplitDone()]
    state.apply(seller, SplitDone())
    assert state.bouquets == [["T5", "T5"], ["R5", "R1", "L1"], ["L1", "I2"]]
    assert state.phase == "auction"


def test_7_bidding_order_and_end() -> None:
    state = auction(table(4, merchants=[1, 3, 4, 6]), seller=BEN)
    asked = []
    for seat, action in (
        (CLEO, Bid(3)),
        (DIRK, Pass()),
        (ANA, Bid(5)),
        (CLEO, Bid(6)),
        (ANA, Pass()),
    ):
        asked.append(state.to_act()[0])
        state.apply(seat, action)
    assert asked == [CLEO, DIRK, ANA, CLEO, ANA]
    assert state.phase == "decide" and state.to_act() == (BEN,)
    assert state.high == 6 and state.high_bidder == CLEO


def test_8_raise_limits_and_single_bidder() -> None:
    state = auction(table(4, merchants=[1, 3, 4, 6]), seller=BEN)
    with pytest.raises(IllegalAction):
        state.check(CLEO, Bid(0))
    state.check(CLEO, Bid(1))
    state.apply(CLEO, Bid(6))
    assert state.to_act() == (DIRK,)
    with pytest.raises(IllegalAction):
        state.check(DIRK, Bid(6))
    state.check(DIRK, Bid(7))
    state.apply(DIRK, Pass())
    state.apply(ANA, Pass())
    assert state.to_act() == (BEN,)  # Cleo, the high bidder, is never asked

    duel = auction(table(2, merchants=[1, 2]), seller=ANA)
    assert duel.to_act() == (BEN,)
    duel.apply(BEN, Bid(4))
    assert duel.phase == "decide" and duel.high == 4 and duel.to_act() == (ANA,)


def test_9_no_bid() -> None:
    state = auction(table(3, merchants=[1, 2, 3]), seller=ANA)
    before = list(state.florins)
    state.apply(BEN, Pass())
    state.apply(CLEO, Pass())
    assert state.holdings[ANA] == counts(T=1)
    assert state.florins == before
    assert state.phase == "auction" and state.current == 1
    assert state.to_act() == (BEN,)


def test_10_sell() -> None:
    state = auction(table(3, merchants=[1, 3, 4]), seller=BEN, florins=[27, 27, 27])
    state.apply(CLEO, Bid(6))
    state.apply(ANA, Pass())
    state.apply(BEN, Sell())
    assert state.florins[CLEO] == 21 and state.florins[BEN] == 33
    assert state.holdings[CLEO] == counts(T=1)
    # The round's summary in every view: who took which bouquet, for how much, and how.
    assert state.view(None).sales == (Sale(1, ("T5",), CLEO, 6, "sold"),)
    state.apply(CLEO, Pass())  # bouquet 2: Cleo passes, Ana passes, Ben takes it free
    state.apply(ANA, Pass())
    assert state.view(ANA).sales[1] == Sale(2, ("R4",), BEN, 0, "unbid")


@pytest.mark.parametrize(("high", "price"), [(9, 5), (8, 4), (1, 1)])
def test_11_keep_rounds_up(high: int, price: int) -> None:
    assert ceil_half(high) == price
    state = auction(table(3, merchants=[1, 3, 4]), seller=BEN, florins=[27, 27, 27])
    state.apply(CLEO, Bid(high))
    state.apply(ANA, Pass())
    state.apply(BEN, Keep())
    assert state.florins[BEN] == 27 - price and state.florins[CLEO] == 27 + price
    assert state.holdings[BEN] == counts(T=1)


def test_12_cap_and_declaration() -> None:
    state = auction(
        table(4, merchants=[1, 3, 4, 6]), seller=BEN, florins=[30, 30, 30, 8], loans=[0, 0, 0, 1]
    )
    state.apply(CLEO, Pass())
    assert state.cap(DIRK) == 28
    with pytest.raises(IllegalAction, match="at most 28"):
        state.check(DIRK, Bid(29))
    events = state.apply(DIRK, Bid(15))
    assert "loan ×1" in events[0].text_for(None)
    assert state.view(ANA).auction.bidders[1].loans_declared == 1
    state.apply(ANA, Pass())
    state.apply(BEN, Sell())
    assert state.florins[DIRK] == 13 and state.loans[DIRK] == 2


@pytest.mark.parametrize(("won", "loans", "left"), [(25, 2, 18), (23, 1, 0)])
def test_13_minimum_loans(won: int, loans: int, left: int) -> None:
    state = auction(table(3, merchants=[1, 3, 4]), seller=BEN, florins=[3, 27, 27])
    state.apply(CLEO, Pass())
    state.apply(ANA, Bid(won))
    state.apply(BEN, Sell())
    assert state.loans[ANA] == loans and state.florins[ANA] == left


def test_14_declaration_lapses_on_keep() -> None:
    state = auction(table(3, merchants=[1, 3, 4]), seller=BEN, florins=[5, 27, 27])
    state.apply(CLEO, Pass())
    events = state.apply(ANA, Bid(12))
    assert "loan ×1" in events[0].text_for(None)
    state.apply(BEN, Keep())
    assert state.florins[ANA] == 11 and state.loans[ANA] == 0


def test_15_seller_loans_and_forced_sell() -> None:
    state = auction(table(3, merchants=[1, 3, 4]), seller=BEN, florins=[27, 2, 27])
    state.apply(CLEO, Bid(9))
    state.apply(ANA, Pass())
    state.apply(BEN, Keep())
    assert state.loans[BEN] == 1 and state.florins[BEN] == 17

    forced = auction(
        table(3, merchants=[1, 3, 4]), seller=BEN, florins=[27, 3, 27], loans=[0, 2, 0]
    )
    forced.apply(CLEO, Bid(10))
    forced.apply(ANA, Pass())
    assert forced.legal_actions(BEN) == [Sell()]
    with pytest.raises(IllegalAction, match="must sell"):
        forced.check(BEN, Keep())
    assert forced.view(BEN).keep_allowed is False
    # The question asked says so too: no "or keep for 5" when keeping is impossible.
    assert "keep for" not in forced.prompt(BEN) and "cannot afford to keep" in forced.prompt(BEN)
    assert "must sell" in (forced.view(BEN).keep_problem or "")
    assert state.view(BEN).keep_problem is None


def test_16_automatic_pass() -> None:
    state = table(4, merchants=[1, 3, 4, 6])
    state.florins, state.loans = [30, 30, 0, 30], [0, 0, 2, 0]
    state.round = 2
    state.bouquets = [["T5"]]
    events = state._start_auction(0)
    # An ordinary pass in the log: "cannot bid 1" would tell everyone Cleo's spending limit,
    # which is secret under hidden_money (R4.4).
    assert events[0].text_for(None) == "{seat2} passes."
    assert state.to_act() == (DIRK,)
    assert state.view(None).auction.bidders[0].status == "passed"


PARTITION = [
    (dict(T=3, R=1, L=1, I=1), 20),
    (dict(T=3, R=3), 18),
    (dict(T=4, R=1, L=1, I=1), 25),
    (dict(T=4, R=2, L=2), 24),
    (dict(T=2, R=2, L=2), 18),
    (dict(T=3, R=2, L=2, I=1), 26),
    (dict(T=1, R=1, L=1, I=1, C=1, H=1), 36),
    (dict(T=2, R=2, L=2, I=2, C=2, H=2), 72),
    (dict(T=5, R=3, L=2, I=2, C=1, H=1), 62),
    (dict(T=14, R=14, L=14, I=14, C=14, H=14), 1176),
]
BOTH = [
    (dict(T=3, R=1, L=1, I=1), 30),
    (dict(T=3, R=3), 30),
    (dict(T=4, R=1, L=1, I=1), 38),
    (dict(T=1), 2),
]


@pytest.mark.parametrize(("held", "points"), PARTITION)
def test_17_set_points_partition(held: dict[str, int], points: int) -> None:
    assert partition_points(flowers(**held)) == points
    noisy = counts(**held, W=3, S=1, V=1, G=2)
    assert score_sheet(noisy, 0, 0, (), "partition").sets == points


@pytest.mark.parametrize(("held", "points"), BOTH)
def test_17_set_points_both(held: dict[str, int], points: int) -> None:
    assert set_points(flowers(**held), "both") == points
    noisy = counts(**held, W=2, S=2, V=1, G=1)
    assert score_sheet(noisy, 0, 0, (), "both").sets == points


def test_18_weeds_and_gardener() -> None:
    assert score_sheet(counts(W=7), 0, 0, (), "partition").weeds == -56
    one = score_sheet(counts(W=7, G=1), 0, 0, ("clean_stock",), "partition")
    assert one.weeds == -35 and one.weeds_discarded == 2 and one.order_points == 0
    two = score_sheet(counts(W=2, G=2), 0, 0, ("clean_stock",), "partition")
    assert two.weeds == 0 and two.order_points == 10


def test_19_full_score_and_tie_break() -> None:
    held = counts(T=4, R=1, L=1, I=1, S=1, W=3, G=1)
    orders = ("specialist_tulip", "full_garden", "clean_stock")
    assert score_sheet(held, 31, 1, orders, "partition").total == 39
    assert score_sheet(held, 31, 1, orders, "both").total == 52

    state = table(3, seed=3, special_orders=False)
    state.phase = "over"
    # Ben: 30 + one of each kind (36) + 2 Semper Augustus (16) - 1 loan (30) = 52.
    # Cleo: 30 + T3 R2 L3 (22) = 52, no loan. Ana trails.
    state.holdings = [counts(T=1), counts(T=1, R=1, L=1, I=1, C=1, H=1, S=2), counts(T=3, R=2, L=3)]
    state.florins, state.loans = [0, 30, 30], [0, 1, 0]
    result = state.result()
    assert result.totals == (1, 52, 52)
    assert result.ranks == (3, 2, 1)
    assert "fewest loan tiles" in result.tiebreak

    # Equal loans and counted weeds too: they share the place (ranks 1, 1, 3).
    state.holdings[2] = counts(T=1, R=1, L=1, I=1, C=1, H=1, S=2)
    state.loans = [0, 1, 1]
    assert state.result().ranks == (3, 1, 1)


def test_20_hidden_money() -> None:
    state = table(3, hidden_money=True)
    ben = state.view(BEN)
    assert ben.players[BEN].florins == state.florins[BEN]
    assert ben.players[ANA].florins is None and ben.players[CLEO].florins is None
    assert [p.loans for p in ben.players] == [0, 0, 0]
    assert all(p.florins is None for p in state.view(None).players)
    assert "florins=27" not in repr(state.view(None))
    # Play to the end: no event ever states a cash total, and then every total is shown.
    bot = GAME.make_bot("random", seed=5)
    texts = [e.text_for(None) for e in state.setup_events]
    while not state.is_over():
        seat = state.to_act()[0]
        texts += [e.text_for(None) for e in state.apply(seat, bot.choose(state, seat))]
    # Events name amounts moved (bids, income, payments, loans), never anyone's florins.
    assert not any("florins" in t or " has " in t for t in texts)
    for viewer in (None, ANA, BEN, CLEO):
        assert [p.florins for p in state.view(viewer).players] == state.florins


def test_notation_reads_every_action_and_the_one_shot_split() -> None:
    for text, action in [
        ("split 1 1 2 3 1 2 3", Split((1, 1, 2, 3, 1, 2, 3))),
        ("Split  2 1", Split((2, 1))),
        ("split done", SplitDone()),
        ("assign 3 to 2", Assign(3, 2)),
        ("bid 12", Bid(12)),
        ("pass", Pass()),
        ("sell", Sell()),
        ("keep", Keep()),
    ]:
        assert GAME.parse_action(text) == action
        assert GAME.parse_action(str(action)) == action
    for unreadable in ("bid lots", "split", "assign 3 2", "split 1 x", "buy", ""):
        with pytest.raises(UnreadableAction):
            GAME.parse_action(unreadable)


def test_worth_counts_the_income_still_to_come() -> None:
    # Ana's merchant is Pieter van Dam (Tulip): a Tulip pays 1 and a Golden Vase 2 in each of
    # the rounds after this one, on top of the points the cards add.
    held = counts(T=1)
    assert worth_of(held, 1, ["V3"], (), "partition", 5) == 0 + 2 * 5
    assert worth_of(held, 1, ["T4"], (), "partition", 5) == (4 - 1) + 1 * 5
    assert worth_of(held, 2, ["T4"], (), "partition", 5) == 4 - 1  # not Anna Roos's specialty
    assert worth_of(held, 1, ["T4"], (), "partition", 0) == 3  # no income after the last round
    state = auction(table(2, merchants=[1, 2], special_orders=False), seller=1, bouquets=[["V3"]])
    view = state.view(ANA)
    assert view.rounds_left == state.rounds - state.round > 0
    assert view.worth(("V3",)) == 2 * view.rounds_left


def test_the_view_carries_the_bid_range_and_the_loans_a_bid_needs() -> None:
    state = auction(table(3, merchants=[1, 3, 4]), seller=BEN, florins=[8, 30, 27], loans=[1, 0, 0])
    state.apply(CLEO, Bid(6))
    view = state.view(ANA)
    assert (view.min_bid, view.max_bid, view.loans_left) == (7, 28, 1)
    assert view.bid_loans(8) == 0 and view.bid_loans(9) == 1 and view.bid_loans(28) == 1
    assert view.bid_loans(29) is None and view.bid_loans(99) is None  # above the cap
    assert state.view(None).max_bid is None

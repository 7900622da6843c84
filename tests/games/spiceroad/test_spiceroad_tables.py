"""The per-caravan tables the engine looks moves up in agree with the rules they stand for."""

from __future__ import annotations

from itertools import product

from tests.games.spiceroad.helpers import give_hand, new, set_caravan
from tulipgames.games.spiceroad.data import MERCHANT_CARDS, POINT_CARDS, Counts
from tulipgames.games.spiceroad.rules import (
    PLAYS,
    RUNS,
    SPOTS,
    Play,
    Times,
    affords,
    after_trade,
    can_play,
    trade_max,
)


def caravans(limit: int = 10) -> list[Counts]:
    """Every caravan a turn can start with (at most ``limit`` spices)."""
    return [c for c in product(range(limit + 1), repeat=4) if sum(c) <= limit]  # type: ignore[misc]


def test_a_spot_offers_exactly_the_playable_cards_and_trade_limits() -> None:
    for caravan in caravans():
        spot = SPOTS[caravan]
        assert spot.total == sum(caravan)
        playable = {card for card in MERCHANT_CARDS if can_play(caravan, card)}
        assert set(spot.plays) == playable, caravan
        assert all(spot.plays[card] is PLAYS[card] for card in playable)
        trades = {
            card: trade_max(caravan, c.pay)
            for card, c in MERCHANT_CARDS.items()
            if c.kind == "trade" and card in playable
        }
        assert spot.trades == trades, caravan
        claimable = {card for card, c in POINT_CARDS.items() if affords(caravan, c.need)}
        assert spot.claimable == claimable, caravan
        assert [a.position for a in spot.acquires] == list(range(1, min(6, sum(caravan) + 1) + 1))


def test_run_tables_change_a_caravan_as_the_card_says() -> None:
    caravan: Counts = (5, 3, 3, 2)
    for card, c in MERCHANT_CARDS.items():
        if c.kind == "trade":
            for runs in range(1, trade_max(caravan, c.pay) + 1):
                changed = tuple(a + d for a, d in zip(caravan, RUNS[card][runs], strict=True))
                assert changed == after_trade(caravan, card, runs)
        elif c.kind == "spice":
            assert RUNS[card][1] == c.gain


def test_a_trade_played_many_times_logs_its_count() -> None:
    state = new(2)
    set_caravan(state, 0, y=10)
    give_hand(state, 0, "M10")  # YY -> G runs 5 times with 10 Y
    state.apply(0, Play("M10"))
    assert state.legal_actions(0) == [Times(r) for r in range(1, 6)]
    events = state.apply(0, Times(5))
    assert events[0].text_for(None) == "{seat0} played YY → G ×5"
    assert state.caravans[0] == (0, 0, 5, 0) and state.invariant_violations() == []

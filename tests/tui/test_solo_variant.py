"""Which high-score table a solo setup plays for."""

from __future__ import annotations

from datetime import date

from tulipgames.engine.core import SeatSpec
from tulipgames.tui.app import SOLO_GAME, daily_seed, solo_variant
from tulipgames.tui.screens.setup import SetupChoice


def choice(seats: int, seed: int, variant: str) -> SetupChoice:
    return SetupChoice(SOLO_GAME, [SeatSpec(f"P{i}") for i in range(seats)], seed, {}, variant)


def test_daily_only_on_todays_deal():
    assert solo_variant(choice(1, daily_seed(), "daily")) == "daily"
    assert solo_variant(choice(1, daily_seed() + 1, "daily")) == "solo"


def test_solo_needs_one_seat():
    assert solo_variant(choice(1, 5, "solo")) == "solo"
    assert solo_variant(choice(2, 5, "solo")) == ""


def test_daily_seed_is_stable_per_day_and_differs_between_days():
    day = date(2026, 11, 30)
    assert daily_seed(day) == daily_seed(day)
    assert daily_seed(day) != daily_seed(date(2026, 12, 1))

"""The Spice Road screen driven with Pilot: layout at 80x24 and 120x40 in both editions, the step
by step decisions from the keyboard, and a whole 2-seat game played with key presses only."""

from __future__ import annotations

import pytest
from textual.app import App

from tests.games.spiceroad.helpers import give_hand, set_caravan
from tulipgames.demos import demo_tables
from tulipgames.engine.core import Action, SeatSpec
from tulipgames.games.spiceroad.bots import PlannerBot
from tulipgames.games.spiceroad.data import EDITIONS
from tulipgames.games.spiceroad.rules import (
    GAME,
    PAY,
    TURN,
    UPGRADE,
    Acquire,
    Claim,
    Pay,
    Play,
    Rest,
    Return,
    SpiceRoadState,
    Times,
    Upgrade,
    UpgradeDone,
    card_text,
)
from tulipgames.games.spiceroad.screen import SCREEN
from tulipgames.games.spiceroad.widgets import (
    HAND_KEYS,
    CaravanPanel,
    KeyHints,
    MerchantRow,
    PointRow,
    RivalsPanel,
)
from tulipgames.table import Table
from tulipgames.tui.screens.results import ResultsScreen


class ScreenApp(App[None]):
    """The smallest host for the game screen."""

    def __init__(self, table: Table) -> None:
        super().__init__()
        self.table = table

    def on_mount(self) -> None:
        self.push_screen(SCREEN(self.table))


def painted(app: App[None]) -> list[str]:
    lines = []
    for kind in (PointRow, MerchantRow, CaravanPanel, RivalsPanel, KeyHints):
        widget = app.screen.query_one(kind)
        for y in range(widget.size.height):
            lines.append("".join(seg.text for seg in widget.render_line(y)).rstrip())
    return lines


def keys_for(action: Action, state: SpiceRoadState) -> list[str]:
    """The key presses that play ``action`` on the Spice Road screen."""
    letter = EDITIONS[state.edition.key].letters
    if isinstance(action, Play):
        return ["p", HAND_KEYS[state.owned[state.current].index(action.card)]]
    if isinstance(action, Acquire):
        return ["a", str(action.position)]
    if isinstance(action, Claim):
        return ["c", str(action.position)]
    if isinstance(action, Rest):
        return ["r", "enter"]  # a rest asks first
    if isinstance(action, Times):
        return [str(action.count % 10)]
    if isinstance(action, UpgradeDone):
        return ["enter"]
    assert isinstance(action, (Upgrade, Pay, Return))
    return [letter[action.spice].lower()]


@pytest.mark.parametrize("name", ["spiceroad-spice", "spiceroad-golem"])
@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_demo_tables_fit_the_terminal(name: str, size: tuple[int, int]) -> None:
    table = demo_tables("spiceroad")[name]
    app = ScreenApp(table)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        lines = painted(app)
        assert all(len(line) <= size[0] for line in lines)
        text = "\n".join(lines)
        state = table.state
        assert isinstance(state, SpiceRoadState)
        edition = state.edition
        assert f"deck {len(state.point_deck)}" in text
        assert f"Merchants (deck {len(state.merchant_deck)})" in text
        legend = " < ".join(f"{edition.letters[k]} {edition.short_names[k]}" for k in "YRGB")
        assert legend in text
        gold = edition.gold_name.capitalize()
        coin = f"{gold} 3VP ×" if size[0] > 100 else "VP +3"  # narrow: the worth joins the VP
        assert f"{gold} ×" in text or f"{gold} 3VP ×" in text
        assert coin in text
        for card in state.merchant_row:
            label = card_text(card, edition)
            assert label in text
        caravan = state.caravans[0]
        assert " ".join(f"{edition.letters[k]}{n}" for k, n in zip("YRGB", caravan, strict=True))
        assert f"{sum(caravan)}/10" in text
        assert "p play" in text and "a acquire" in text
        widget = app.screen.query_one(KeyHints)
        assert widget.region.bottom <= size[1] - 5  # above the log and the footer


def one_human(seed: int, edition: str = "spice", bot: str = "random") -> Table:
    seats = [SeatSpec("Ana"), SeatSpec("Ben", f"bot:{bot}")]
    options = {"edition": edition, "seat_order": "typed"}
    return Table.new(GAME, seats, seed, options, bot_delay=0.0)


async def test_upgrade_step_by_step_with_undo_and_cancel() -> None:
    table = one_human(3, edition="golem")
    app = ScreenApp(table)
    state = table.state
    assert isinstance(state, SpiceRoadState)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("p", "2")  # S2, Upgrade 2
        assert state.phase == UPGRADE and "Upgrade 0 of 2" in "\n".join(painted(app))
        await pilot.press("y")
        assert state.caravans[0] == (2, 1, 0, 0)
        await pilot.press("u")  # undo the step only
        state = table.state
        assert isinstance(state, SpiceRoadState)
        assert state.phase == UPGRADE and state.caravans[0] == (3, 0, 0, 0)
        await pilot.press("y", "g")  # golem letters: g is the green crystal (internal R)
        assert table.state.turns[0] == 1 and table.state.caravans[0] == (2, 0, 1, 0)
    table = one_human(3)
    app = ScreenApp(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("p", "2", "y")
        assert table.state.caravans[0] == (2, 1, 0, 0)
        await pilot.press("escape")  # cancel the whole play before it is done
        state = table.state
        assert state.phase == TURN and state.hands[0] == ["S1", "S2"]
        assert state.caravans[0] == (3, 0, 0, 0) and isinstance(app.screen, SCREEN)


async def test_trade_count_payment_and_returns_from_the_keyboard() -> None:
    table = one_human(5)
    state = table.state
    assert isinstance(state, SpiceRoadState)
    set_caravan(state, 0, y=9)
    give_hand(state, 0, "M10")
    app = ScreenApp(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("p", HAND_KEYS[state.owned[0].index("M10")])
        text = "\n".join(painted(app))
        assert "how many times" in text and "4:" in text
        await pilot.press("3")
        assert state.caravans[0] == (3, 0, 3, 0) and state.turns[0] == 1
    table = one_human(6)
    app = ScreenApp(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("a", "3")
        assert table.state.phase == PAY
        assert "card 1 of 2" in "\n".join(painted(app))
        await pilot.press("y")
        assert table.state.caravans[0] == (2, 0, 0, 0)
        await pilot.press("escape")  # Esc takes the whole acquisition back
        state = table.state
        assert state.phase == TURN and state.caravans[0] == (3, 0, 0, 0)
        assert state.row_spices[0] == [0, 0, 0, 0]
        await pilot.press("c", "5")  # unaffordable: explained, nothing happens
        assert table.state.current == 0 and not table.state.claimed[0]


async def test_full_two_seat_game_played_from_the_keyboard() -> None:
    table = one_human(8, edition="golem", bot="random")
    app = ScreenApp(table)
    planner = PlannerBot(8)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        for _ in range(3000):
            state = table.state
            assert isinstance(state, SpiceRoadState)
            if state.is_over():
                break
            if state.to_act() != (0,):
                await pilot.pause()
                continue
            before = len(table.record.actions)
            action = planner.choose(state.clone(), 0)
            await pilot.press(*keys_for(action, state))
            assert table.record.actions[before] == (0, str(action))
        assert table.state.is_over()
        for _ in range(100):
            if isinstance(app.screen, ResultsScreen):
                break
            await pilot.pause(0.05)
        assert isinstance(app.screen, ResultsScreen)
        assert len(table.state.claimed[0]) >= 6 or len(table.state.claimed[1]) >= 6


async def test_golem_edition_on_screen() -> None:
    """A19 on screen: crystal words and letters, copper, Golem cards."""
    seats = [SeatSpec("Ana")] + [SeatSpec(f"Bot {i}", "bot:random") for i in range(1, 5)]
    typed = {"seat_order": "typed"}
    table = Table.new(GAME, seats, 11, {"edition": "golem", **typed}, bot_delay=0.0)
    spice = Table.new(GAME, seats, 11, {"edition": "spice", **typed}, bot_delay=0.0)
    app = ScreenApp(table)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        text = "\n".join(painted(app))
        assert text.count("(3 yellow + 1 green crystal)") == 2  # seats 4 and 5
        assert "Copper 3VP ×10" in text and "Silver 1VP ×10" in text
        assert "Golem cards 0/5" in text
        assert "P pink" in text and "turmeric" not in text
        for card in table.state.merchant_row:
            assert card_text(card, EDITIONS["golem"]) in text
        if "M42" in table.state.merchant_row:
            assert "PP → GGGBB" in text
    assert spice.state.merchant_row == table.state.merchant_row


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_a_panel_not_drawn_again_shows_what_drawing_it_again_would(
    size: tuple[int, int],
) -> None:
    """The point row, the merchants, the caravan and the rivals skip a redraw when what they
    are drawn from did not change (a payment leaves the point cards and the rivals alone):
    after every step of a three-seat game seen from seat 0, what each shows is what a redraw
    from scratch shows, and the skips happened."""
    import random

    table = Table.new(GAME, [SeatSpec("Ana"), SeatSpec("Bo"), SeatSpec("Cy")], seed=5,
                      bot_delay=0.0)

    class SeatZero(App[None]):
        def on_mount(self) -> None:
            self.push_screen(SCREEN(table, frozenset({0})))

    app = SeatZero()
    rng = random.Random(4)
    panels = (PointRow, MerchantRow, CaravanPanel, RivalsPanel)
    skipped = dict.fromkeys(panels, 0)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        screen = app.screen
        for _ in range(150):
            if table.is_over:
                break
            drawn = {kind: screen.query_one(kind)._drawn_from for kind in panels}
            seat = table.to_act()[0]
            table.play(seat, rng.choice(table.turn(seat).legal))
            await pilot.pause()
            shown = painted(app)
            for kind in panels:
                widget = screen.query_one(kind)
                skipped[kind] += widget._drawn_from is drawn[kind]
                widget._drawn_from = None
            screen.show(screen.turn)
            await pilot.pause()
            assert painted(app) == shown
    assert all(count > 5 for count in skipped.values()), skipped


async def test_five_seats_show_a_caravan_of_ten_and_a_long_latest_turn_whole() -> None:
    """At 80 columns a rival with ten of one spice read "B10P0" (the cell was three wide), and
    a long latest turn was cut inside a number ("down to 1" for 10)."""
    table = Table.new(GAME, [SeatSpec(n) for n in ("Ana", "Ben", "Cleo", "Dev", "Mira")], 7,
                      options={"edition": "golem", "seat_order": "typed"})
    state = table.state
    assert isinstance(state, SpiceRoadState)
    set_caravan(state, 1, b=10)
    long_turn = ["acquired GG → RRB at 1, gained YRRR", "returned 3 spices (Y, G, R), down to 10"]
    state.last_turn[2] = long_turn
    app = ScreenApp(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        lines = painted(app)
        ben = next(line for line in lines if line.strip().startswith("Ben "))
        assert "P10 " in ben  # golem letters: cinnamon is P
        cleo = next(line for line in lines if line.strip().startswith("Cleo "))
        latest = cleo.split("│ ")[1]
        assert latest.endswith(" …")
        words = "; ".join(long_turn).split()
        assert latest[:-2].split() == words[:len(latest[:-2].split())]  # whole words only

"""The Tulip & Rose screen driven with Pilot in the real app, at 80x24."""

from __future__ import annotations

from tests.pilot import screen_text, wait_for
from tulipgames.demos import demo_tables
from tulipgames.engine.core import SeatSpec
from tulipgames.games.tulipandrose import data
from tulipgames.games.tulipandrose.rules import GAME, Keep, TulipState, bouquet_count
from tulipgames.games.tulipandrose.screen import SCREEN
from tulipgames.games.tulipandrose.widgets import BiddingPanel
from tulipgames.store import Store
from tulipgames.table import Table
from tulipgames.tui.app import TulipGamesApp
from tulipgames.tui.screens.curtain import CurtainScreen
from tulipgames.tui.screens.results import ResultsScreen


def order_lines(state: TulipState, seat: int) -> list[str]:
    """How the orders panel writes ``seat``'s Special Orders (name and points)."""
    return [f"{data.ORDERS_BY_ID[o][1]} {data.ORDERS_BY_ID[o][3]}" for o in state.orders[seat]]


async def play_turn(pilot, app: TulipGamesApp, table: Table, seat: int, turn: int) -> None:
    """One decision for the human ``seat``, by keys only."""
    state = table.state
    assert isinstance(state, TulipState)
    before = len(table.record.actions)
    if state.phase == "split":
        cards = len(state.revealed)
        bouquets = bouquet_count(cards)
        await pilot.press("enter")  # nothing placed yet: refused with a message
        assert len(table.record.actions) == before
        for i in range(cards):
            await pilot.press(str(1 + (i + turn) % bouquets))
        await pilot.press("enter")
        await wait_for(
            pilot, lambda: table.state.phase != "split" or table.state.round != state.round
        )
        played = [text for _, text in table.record.actions[before:]]
        assert played[:cards] == [
            f"assign {i + 1} to {1 + (i + turn) % bouquets}" for i in range(cards)
        ]
        assert played[cards] == "split done"
        return
    if state.phase == "auction":
        if state.min_bid() <= 4 and turn % 2 == 0:
            expected = f"bid {state.min_bid()}"
            await pilot.press("enter")  # raise to the minimum bid shown
            if isinstance(app.screen, SCREEN) and app.screen.query_one(BiddingPanel).armed:
                await pilot.press("enter")  # the same player again: Enter twice (issue 29)
        else:
            await pilot.press("p")
            expected = "pass"
    else:
        keep = Keep() in state.legal_actions(seat) and turn % 2 == 0
        await pilot.press("k" if keep else "s")
        expected = "keep" if keep else "sell"
    await wait_for(pilot, lambda: len(table.record.actions) > before)
    assert table.record.actions[before] == (seat, expected)


async def test_full_three_seat_game_with_two_humans(store: Store) -> None:
    """Hot-seat with Special Orders: a seat's orders are on screen only behind a curtain raised
    for that seat (for its split, or when it presses o), never another seat's; bids between the
    two humans need no curtain."""
    seats = [SeatSpec("Ana"), SeatSpec("Ben"), SeatSpec("Cleo", "bot:normal")]
    table = Table.new(GAME, seats, seed=21, bot_delay=0.0)
    app = TulipGamesApp(store, table=table)
    curtains = opened = 0
    async with app.run_test(size=(80, 24)) as pilot:
        turn = 0
        last_viewer, curtain_since = None, False
        while not table.state.is_over():
            await wait_for(
                pilot,
                lambda: (
                    table.state.is_over()
                    or isinstance(app.screen, CurtainScreen)
                    or (isinstance(app.screen, SCREEN) and app.screen.acting)
                ),
            )
            if table.state.is_over():
                break
            if isinstance(app.screen, CurtainScreen):
                text = screen_text(app)
                assert "Pass to" in text
                assert not any(line in text for s in (0, 1) for line in order_lines(table.state, s))
                curtains += 1
                curtain_since = True
                await pilot.press("enter")
                continue
            viewer = app.screen.viewer
            assert viewer in (0, 1)
            text = screen_text(app)
            mine = all(line in text for line in order_lines(table.state, viewer))
            assert not any(line in text for line in order_lines(table.state, 1 - viewer))
            if viewer != last_viewer and not curtain_since:
                assert not mine  # the keyboard changed hands without a curtain
            if table.state.phase == "split":
                assert mine  # the Seller plans the split with their orders
            elif not mine and opened < 2:
                # Open the orders: a curtain for this seat first, then they show.
                await pilot.press("o")
                await wait_for(pilot, lambda: isinstance(app.screen, CurtainScreen))
                await pilot.press("enter")
                await wait_for(pilot, lambda: isinstance(app.screen, SCREEN))
                curtains += 1
                opened += 1
                text = screen_text(app)
                assert all(line in text for line in order_lines(table.state, viewer))
            last_viewer, curtain_since = viewer, False
            await play_turn(pilot, app, table, viewer, turn)
            turn += 1
        await wait_for(pilot, lambda: isinstance(app.screen, ResultsScreen))
        text = screen_text(app)
        assert "Ana" in text and "Ben" in text and "Cleo" in text
        assert str(max(table.state.result().totals)) in text
    assert opened == 2
    splits = sum(1 for seat, text in table.record.actions if text == "split done" and seat < 2)
    # One curtain per human split at most, plus the two asked for: far fewer than decisions.
    assert curtains <= splits + opened < turn
    assert any(text.startswith("bid") for _, text in table.record.actions)


def loan_auction() -> Table:
    """An auction from round 3 on with a high bid, Ana (seat 0) to bid and still free to take a
    loan: the table's bots play every seat on to it (the demo position has no loan left)."""
    seats = [SeatSpec("Ana"), *(SeatSpec(name, "bot:normal") for name in ("Ben", "Cleo", "Dirk"))]
    table = Table.new(GAME, seats, seed=12)
    for _ in range(5000):
        turn = table.turn(None)
        view = turn.view
        if turn.over or (view.round >= 3 and view.phase == "auction" and turn.to_act == (0,)
                         and view.auction is not None and view.auction.high is not None):
            return table
        table.play(turn.to_act[0], table.think_job(turn.to_act[0])())
    return table


async def test_bidding_panel_warns_of_a_loan_and_hides_money() -> None:
    table = loan_auction()
    state = table.state
    assert isinstance(state, TulipState)
    state.options["hidden_money"] = True
    app = TulipGamesApp(None, table=table)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        text = screen_text(app)
        assert "Auction: bouquet" in text and "High bid" in text
        low = state.min_bid()
        assert f"range {low}-{state.cap(0)}" in text
        for other in (1, 2, 3):
            assert f" {state.florins[other]} " not in text.split("Player")[1].split("\n")[other + 1]
        # Type an amount above the cash: the loan warning appears; Enter plays exactly it.
        amount = state.florins[0] + 1
        await pilot.press(*str(amount))
        await pilot.pause()
        text = screen_text(app)
        assert "Needs 1 loan if you win" in text and "loans left: 1" in text
        await pilot.press("enter")
        await wait_for(pilot, lambda: (0, f"bid {amount}") in table.record.actions)
        assert any(f"bids {amount} (loan ×1)" in e.text_for(None) for e in table.events())


async def test_demo_tables_render_at_80x24_and_120x40() -> None:
    tables = demo_tables("tulipandrose")
    assert set(tables) == {"tulipandrose-bidding", "tulipandrose-splitting"}
    for name, table in tables.items():
        assert not table.seats[0].is_bot
        for size in ((80, 24), (120, 40)):
            app = TulipGamesApp(None, table=table)
            async with app.run_test(size=size) as pilot:
                await pilot.pause()
                text = screen_text(app)
                assert "Your Special Orders" in text and "Day " in text
                if name == "tulipandrose-splitting":
                    assert "Split " in text and "Enter confirm" in text
                else:
                    assert "Your bid" in text


async def test_no_curtain_without_secrets(store: Store) -> None:
    seats = [SeatSpec("Ana"), SeatSpec("Ben")]
    options = {"special_orders": False, "hidden_money": False}
    table = Table.new(GAME, seats, seed=4, options=options, bot_delay=0.0)
    app = TulipGamesApp(store, table=table)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        seller = table.state.to_act()[0]
        assert isinstance(app.screen, SCREEN) and app.screen.viewer == seller
        for i in range(len(table.state.revealed)):
            await pilot.press(str(1 + i % 3))
        await pilot.press("enter")
        await wait_for(pilot, lambda: table.state.phase == "auction")
        assert isinstance(app.screen, SCREEN) and app.screen.viewer == 1 - seller


SEED_ANA_SELLS = 1


async def test_undo_and_change_a_split(store: Store) -> None:
    seats = [SeatSpec("Ana"), SeatSpec("Ben", "bot:normal")]
    # The bot waits long enough for Ana to take her split back before it bids.
    table = Table.new(GAME, seats, seed=SEED_ANA_SELLS, bot_delay=60.0)
    app = TulipGamesApp(store, table=table)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        state = table.state
        assert isinstance(state, TulipState) and len(state.revealed) >= 4
        assert state.to_act() == (0,)
        cards = len(state.revealed)
        for i in range(cards):
            await pilot.press(str(1 + i % 3))
        await pilot.press("enter")
        await wait_for(pilot, lambda: table.state.phase == "auction")
        await pilot.press("u")  # the Seller takes back "split done"
        await wait_for(pilot, lambda: table.state.phase == "split")
        await pilot.press(*["left"] * (cards - 1), "2", "enter")
        await wait_for(pilot, lambda: table.state.phase == "auction")
        wanted = [2] + [1 + i % 3 for i in range(1, cards)]
        revealed = table.state.revealed
        assert table.state.bouquets == [
            [c for c, b in zip(revealed, wanted, strict=True) if b == n] for n in (1, 2, 3)
        ]

"""Regression tests for what players found at the keyboard (issue 12), driven with Pilot."""

from __future__ import annotations

from typing import Any

import pytest
from rich.cells import cell_len

from tests.pilot import screen_text, wait_for
from tulipgames.engine.core import SeatSpec
from tulipgames.engine.record import GameRecord
from tulipgames.games.tulipandrose.rules import GAME, TulipState
from tulipgames.games.tulipandrose.screen import SCREEN
from tulipgames.games.tulipandrose.widgets import BiddingPanel, SplitPanel
from tulipgames.table import Table
from tulipgames.tui.app import TulipGamesApp
from tulipgames.tui.screens.curtain import CurtainScreen

NO_ORDERS = {"special_orders": False}


def state_of(table: Table) -> TulipState:
    state = table.state
    assert isinstance(state, TulipState)
    return state


async def my_turn(pilot: Any, app: TulipGamesApp, phase: str) -> None:
    await wait_for(
        pilot,
        lambda: (
            isinstance(app.screen, SCREEN)
            and app.screen.acting
            and app.screen.turn.view.phase == phase
        ),
    )


def bots_until(table: Table, done: Any) -> None:
    """Play every seat with the table's bots until ``done(public view)``."""
    while not done(table.turn(None).view):
        seat = table.turn(None).to_act[0]
        table.play(seat, table.think_job(seat)())


async def test_arrow_keys_come_back_to_the_bid_after_the_log(store: Any) -> None:
    """Issue 12.2: ctrl+l, Tab, ↑ raises the bid; a new decision takes the keys back too."""
    seats = [SeatSpec("Ana"), SeatSpec("Ben", "bot")]
    table = Table.new(GAME, seats, seed=101, options=NO_ORDERS, bot_delay=0.0)
    app = TulipGamesApp(store, table=table)
    async with app.run_test(size=(80, 24)) as pilot:
        await my_turn(pilot, app, "split")
        await pilot.press(*"1123123", "enter")
        for _ in range(3):
            await my_turn(pilot, app, "decide")
            await pilot.press("s")
        await my_turn(pilot, app, "auction")
        panel = app.screen.query_one(BiddingPanel)
        low = panel.amount
        await pilot.press("ctrl+l", "tab", "up")
        assert panel.amount == low + 1
        # The log keeps the arrows while it has the focus ...
        await pilot.press("ctrl+l", "up")
        assert panel.amount == low + 1
        before = state_of(table).current, state_of(table).round
        await pilot.press("p")
        # ... and the next decision of Ana's has them back.
        await wait_for(
            pilot,
            lambda: (
                (state_of(table).current, state_of(table).round) != before
                and isinstance(app.screen, SCREEN)
                and app.screen.acting
            ),
        )
        assert app.screen.focused is not None and app.screen.focused.id != "log"
        if app.screen.turn.view.phase == "auction":
            low = panel.amount
            await pilot.press("up")
            assert panel.amount == low + 1


async def test_no_negative_loans_left_above_the_cap(store: Any) -> None:
    """Issue 12.5: typing 99 says the bid is above the limit, not "loans left: -2"."""
    table = Table.new(GAME, [SeatSpec("Ana"), SeatSpec("Ben")], seed=101, bot_delay=0.0)
    app = TulipGamesApp(store, table=table)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")  # the curtain for Ana's split
        await my_turn(pilot, app, "split")
        await pilot.press(*"1123123", "enter")
        await wait_for(pilot, lambda: isinstance(app.screen, CurtainScreen) or app.screen.acting)
        if isinstance(app.screen, CurtainScreen):
            await pilot.press("enter")
        await my_turn(pilot, app, "auction")
        view = app.screen.turn.view
        assert view.max_bid is not None and view.max_bid < 99
        await pilot.press("9", "9")
        text = screen_text(app)
        assert "loans left: -" not in text and "loans left: −" not in text
        assert f"above your limit of {view.max_bid}" in text
        await pilot.press("enter")  # refused by the rules, nothing played
        assert not any(text.startswith("bid") for _, text in table.record.actions)
        # Within the cap the loan warning counts the loans that remain after this bid.
        await pilot.press("backspace", "backspace", *str(view.max_bid))
        text = screen_text(app)
        assert "Needs 2 loans" in text and "loans left: 0" in text


def test_forced_sell_prompt_does_not_offer_keep() -> None:
    """Issue 12.6 (seed 404): the Seller who cannot pay half must sell, and the prompt says so."""
    table = Table.new(GAME, [SeatSpec("Ana"), SeatSpec("Ben")], seed=404, options=NO_ORDERS)
    table.play(0, "split 1 2 1 2 1 2 3 3 1 3 2")
    table.play(1, "pass")
    table.play(1, "bid 67")
    table.play(0, "sell")
    bots_until(table, lambda v: v.round == 2 and v.phase == "split")
    assert table.turn(None).to_act == (1,)
    table.play(1, "split 1 1 2 2 3 3")
    table.play(0, "bid 5")
    turn = table.turn(1)
    assert turn.view.phase == "decide" and turn.view.keep_problem
    assert "keep for" not in turn.prompt and "cannot afford to keep" in turn.prompt
    assert not turn.may(GAME.parse_action("keep"))


async def test_six_players_fit_at_80x24() -> None:
    """Issue 12.7 (seed 606, six humans, round 3): the splitter keeps its hint and border with
    12 cards, and every seat's line shows; so does the auction after it."""
    names = ["Ana", "Ben", "Cleo", "Dirk", "Bot 5", "Bot 6"]
    table = Table.new(GAME, [SeatSpec(n) for n in names], seed=606, bot_delay=0.0)
    bots_until(table, lambda v: v.round == 3 and v.phase == "split")
    assert len(table.turn(None).view.revealed) >= 10
    app = TulipGamesApp(None, table=table)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")  # the curtain for the Seller
        await my_turn(pilot, app, "split")
        await pilot.press(*"123123123123")
        text = screen_text(app)
        assert "Enter confirm" in text and "╰" in text.split("Split 12 cards")[1]
        assert "3 (you " in text and "Enter: confirm this split" in text
        for name in names:
            assert any(line[4:].startswith(name) for line in text.splitlines()), name
        await pilot.press("enter")
        await wait_for(pilot, lambda: table.turn(None).view.phase == "auction")
        await wait_for(pilot, lambda: isinstance(app.screen, CurtainScreen) or app.screen.acting)
        assert not isinstance(app.screen, CurtainScreen)  # a bid shows nothing private
        text = screen_text(app)
        assert "Enter raise" in text and "Still to come: 2:" in text
        assert "╰" in text.split("Auction: bouquet 1 of 3")[1]
        for name in names:
            assert any(line[4:].startswith(name) for line in text.splitlines()), name


async def test_half_done_split_survives_a_resume_and_esc_takes_it_back() -> None:
    """Issue 12.10: each placed card is saved as it is placed (one save per key); a resumed
    game shows them; Esc takes the whole split back in one replay; Enter is one save."""
    saves: list[int] = []
    seats = [SeatSpec("Ana"), SeatSpec("Ben", "bot")]
    table = Table.new(
        GAME,
        seats,
        seed=101,
        options=NO_ORDERS,
        bot_delay=60.0,
        persist=lambda t: saves.append(len(t.record.actions)),
    )
    app = TulipGamesApp(None, table=table)
    async with app.run_test(size=(80, 24)) as pilot:
        await my_turn(pilot, app, "split")
        assert app.screen.check_action("undo", ()) is None  # greyed: nothing to take back
        await pilot.press("1", "1", "2")
        assert saves == [1, 2, 3]
        assert app.screen.check_action("undo", ()) is True
        assert [a for _, a in table.record.actions] == [
            "assign 1 to 1",
            "assign 2 to 1",
            "assign 3 to 2",
        ]
    resumed = Table(GAME, GameRecord.loads(table.record.dumps()), bot_delay=60.0)
    app = TulipGamesApp(None, table=resumed)
    async with app.run_test(size=(80, 24)) as pilot:
        await my_turn(pilot, app, "split")
        splitter = app.screen.query_one(SplitPanel)
        cards = len(splitter.draft)
        assert splitter.draft[:3] == [1, 1, 2] and splitter.cursor == 3
        assert "1 (you " in screen_text(app)
        assert "esc Take back split" in screen_text(app).splitlines()[-1]  # the footer says so
        await pilot.press("escape")  # one take_back of the three steps
        assert resumed.record.actions == [] and splitter.draft == [0] * cards
        assert isinstance(app.screen, SCREEN)  # Esc stepped back, it did not leave
        await pilot.pause()
        assert "esc Menu" in screen_text(app).splitlines()[-1]
        resumed.persist = lambda t: saves.append(len(t.record.actions))
        saves.clear()
        await pilot.press(*"1231231231231"[:cards])
        await pilot.press("enter")
        await wait_for(pilot, lambda: resumed.turn(None).view.phase != "split")
        assert len(saves) == cards + 1  # one save per key, the confirmation included
        await pilot.press("escape")
        assert not isinstance(app.screen, SCREEN)  # at the top level Esc leaves


@pytest.mark.parametrize("name", ["山田太郎", "Zoë🌷🌹", "[/]", "[@click=app.quit]x"])
async def test_names_are_plain_text_and_columns_line_up(name: str) -> None:
    seats = [SeatSpec(name), SeatSpec("Ben", "bot"), SeatSpec("Cleo", "bot")]
    table = Table.new(GAME, seats, seed=3, bot_delay=60.0)
    app = TulipGamesApp(None, table=table)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        lines = screen_text(app).splitlines()
        rows = [line for line in lines if "#" in line and ("Ben" in line or "Cleo" in line)]
        shown = name if cell_len(name) <= 9 else name[:3]
        mine = [line for line in lines if "#" in line and shown in line]
        assert len(rows) == 2 and len(mine) == 1
        # The merchant column starts at the same cell on every row.
        assert len({cell_len(line[: line.index("#")]) for line in rows + mine}) == 1


def test_bot_levels_and_switch_values_are_named() -> None:
    """Issue 12.10: ``bot:easy`` does not exist here and the error lists the levels; a switch
    reads ``on``/``off`` and its error says so."""
    with pytest.raises(ValueError, match="levels: random, normal, hard"):
        Table.new(GAME, [SeatSpec("Ana"), SeatSpec("Zed", "bot:easy")], seed=1)
    option = GAME.options["hidden_money"]
    assert option.parse("on") is True and option.parse("off") is False
    with pytest.raises(ValueError, match="off, on"):
        option.parse("maybe")


@pytest.mark.parametrize(
    ("options", "curtain"),
    [
        ({"special_orders": False, "hidden_money": True}, True),
        ({"special_orders": True, "hidden_money": False}, False),
    ],
)
async def test_a_curtain_only_when_the_bid_shows_something_private(
    options: dict[str, bool], curtain: bool
) -> None:
    """With ``hidden_money`` a bid shows the bidder's own cash, so the keyboard changes hands
    behind a curtain; with Special Orders only, a bid needs none and shows no orders."""
    table = Table.new(GAME, [SeatSpec("Ana"), SeatSpec("Ben")], seed=101, options=options)
    app = TulipGamesApp(None, table=table)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")  # Ana's split is private either way
        await my_turn(pilot, app, "split")
        await pilot.press(*"1123123", "enter")
        await wait_for(pilot, lambda: isinstance(app.screen, CurtainScreen) or app.screen.acting)
        assert isinstance(app.screen, CurtainScreen) is curtain
        if curtain:
            await pilot.press("enter")
            await my_turn(pilot, app, "auction")
        text = screen_text(app)
        assert app.screen.viewer == 1 and text.startswith(" Ben: Bouquet 1")
        assert "Your Special Orders" not in text
        assert "cash 27" in text  # Ben's own cash: behind a curtain, or public anyway


async def test_a_long_list_of_put_backs_keeps_the_reveal_strip_to_two_lines() -> None:
    table = Table.new(GAME, [SeatSpec(f"P{i}") for i in range(6)], seed=18, bot_delay=60.0)
    bot = GAME.make_bot("random", seed=18)
    while len(state_of(table).put_back) < 19:
        seat = table.turn(None).to_act[0]
        table.play(seat, bot.choose(table.state, seat))
    cards = len(state_of(table).revealed)
    table.play(
        table.turn(None).to_act[0], "split " + " ".join(str(1 + i % 3) for i in range(cards))
    )
    app = TulipGamesApp(None, table=table)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("enter")  # the curtain for the first bidder (Special Orders are on)
        await wait_for(pilot, lambda: isinstance(app.screen, SCREEN) and app.screen.acting)
        lines = screen_text(app).splitlines()
        assert "19 did not fit (see the log)" in " ".join(line.strip() for line in lines[2:4])
        assert lines[4].lstrip().startswith("Player")  # the holdings are not pushed down


def test_the_bouquets_still_to_come_are_cut_at_a_card_with_an_ellipsis() -> None:
    from tulipgames.games.tulipandrose.widgets import upcoming_line

    coming = [(2, ["T5", "C1", "R4", "W-1"]), (3, ["L3", "C2", "S4", "I2"])]
    whole = upcoming_line(coming, 80).plain
    assert whole == "Still to come: 2: T5 C1 R4 W-1 · 3: L3 C2 S4 I2"
    line = upcoming_line(coming, 40).plain
    assert cell_len(line) <= 40 and line.endswith(" …")
    shown = line[len("Still to come: "):-2].replace(" · ", " ").split()
    assert set(shown) <= set(whole.replace(" · ", " ").split())  # whole cards only


async def test_six_seats_keep_the_bouquets_still_to_come_under_a_loan_warning() -> None:
    """At 80x24 with six seats a bid that needs a loan took two more rows, and the bouquets
    still to come went below the panel's edge: the high bid joins the bidders' line instead."""
    seats = [SeatSpec("Ana"), *[SeatSpec(f"Bot {n}", "bot") for n in range(2, 7)]]
    table = Table.new(GAME, seats, seed=3, bot_delay=0.0)
    bots_until(table, lambda v: v.round == 2 and v.phase == "auction"
               and v.auction.bouquet == 1 and v.auction.to_act == 0)
    app = TulipGamesApp(None, table=table)
    async with app.run_test(size=(80, 24)) as pilot:
        await my_turn(pilot, app, "auction")
        panel = app.screen.query_one(BiddingPanel)
        cash = table.turn(0).view.players[0].florins
        while panel.amount <= cash:
            await pilot.press("pageup")
        await pilot.pause()
        text = screen_text(app)
        auction = table.turn(0).view.auction
        assert "! Needs 1 loan" in text
        later = next(line for line in text.splitlines() if "Still to come: 2:" in line)
        assert " 3: " in later
        assert f"high {auction.high}" in text  # the high bid's amount is still shown
        assert "╰" in text.split("Auction: bouquet 1 of 3")[1]


def same_bidder_again(seed: int) -> Table:
    """Hot-seat Ana and Ben with two bots, played until Ana is to bid right after her own last
    move at this keyboard (the bots moved in between, Ben did not)."""
    seats = [SeatSpec("Ana"), SeatSpec("Ben"), SeatSpec("Cleo", "bot"), SeatSpec("Dirk", "bot")]
    table = Table.new(GAME, seats, seed=seed, options=NO_ORDERS, bot_delay=0.0)

    def again(view: Any) -> bool:
        humans = [seat for seat, _ in table.record.actions if seat in (0, 1)]
        return (view.phase == "auction" and view.auction.to_act == 0 and bool(humans)
                and humans[-1] == 0 and table.record.actions[-1][0] != 0)

    bots_until(table, again)
    return table


async def test_hot_seat_enter_twice_when_the_same_player_bids_again() -> None:
    """Issue 29: Ana's Enter for her last bid, landing on her next decision (only bots moved
    in between, so no curtain and no other player), bid the minimum at once."""
    table = same_bidder_again(5)
    before = len(table.record.actions)
    app = TulipGamesApp(None, table=table)
    async with app.run_test(size=(100, 30)) as pilot:
        await my_turn(pilot, app, "auction")
        panel = app.screen.query_one(BiddingPanel)
        low = panel.amount
        await pilot.press("enter")
        await pilot.pause()
        assert len(table.record.actions) == before  # the first Enter does not bid
        assert f"Enter once more to bid {low}" in screen_text(app)
        await pilot.press("enter")
        await pilot.pause()
        assert table.record.actions[before] == (0, f"bid {low}")


async def test_hot_seat_a_changed_amount_bids_with_one_enter() -> None:
    table = same_bidder_again(5)
    before = len(table.record.actions)
    app = TulipGamesApp(None, table=table)
    async with app.run_test(size=(100, 30)) as pilot:
        await my_turn(pilot, app, "auction")
        panel = app.screen.query_one(BiddingPanel)
        assert "Your turn again: Enter twice bids" in screen_text(app)
        await pilot.press("up")
        amount = panel.amount
        await pilot.press("enter")
        await pilot.pause()
        assert table.record.actions[before] == (0, f"bid {amount}")


async def test_a_forced_sale_says_what_the_seller_has_not_loans_it_cannot_take() -> None:
    """Issue 29: the forced sale read "Keep: you pay Ana 3 (needs 1 loan): not possible,
    keeping costs 3 but you can raise at most 0 with your loans" to a Seller with no loan
    left to take."""
    from textual.app import App

    table = Table.new(GAME, [SeatSpec("Ana"), SeatSpec("Ben")], seed=404, options=NO_ORDERS)
    table.play(0, "split 1 2 1 2 1 2 3 3 1 3 2")
    table.play(1, "pass")
    table.play(1, "bid 67")
    table.play(0, "sell")
    bots_until(table, lambda v: v.round == 2 and v.phase == "split")
    table.play(1, "split 1 1 2 2 3 3")
    table.play(0, "bid 5")
    view = table.turn(1).view
    assert view.keep_problem and "with your loans" not in view.keep_problem
    florins = view.players[1].florins
    assert f"{florins} florins" in view.keep_problem and "must sell" in view.keep_problem

    class Host(App[None]):
        def on_mount(self) -> None:
            self.push_screen(SCREEN(table, frozenset({1})))

    app = Host()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        text = " ".join(line.strip(" │") for line in screen_text(app).splitlines())
        assert "Keep: you pay Ana" in text and "(needs" not in text
        assert f"{florins} florins" in text


async def test_the_last_screen_reveals_nothing_without_a_total() -> None:
    """Issue 29: the finished game's screen read "Revealed nothing = 17 (window 17-18)"."""
    from textual.app import App

    from tulipgames import screenshots
    from tulipgames.games.tulipandrose.widgets import RevealStrip

    table = screenshots.finished_table("tulipandrose", seed=5, count=3)
    assert not table.turn(0).view.revealed

    class Host(App[None]):
        def on_mount(self) -> None:
            self.push_screen(SCREEN(table, frozenset({0})))

    app = Host()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        line = str(app.screen.query_one(RevealStrip).render())
        assert line.startswith("Revealed nothing") and "=" not in line

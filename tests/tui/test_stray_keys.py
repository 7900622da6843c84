"""Stray keys against bots (issue 29): a lone ``r`` in Spice Road asked nothing and rested at
once, and ``u`` where undo is not possible did nothing, silently."""

from __future__ import annotations

from tests.pilot import screen_text, wait_for
from tulipgames.engine.core import SeatSpec
from tulipgames.games.giftoftulips.rules import GAME as GIFT
from tulipgames.games.spiceroad.rules import GAME as SPICE
from tulipgames.table import Table
from tulipgames.tui.app import TulipGamesApp


def toasts(app: TulipGamesApp) -> list[str]:
    return [str(note.message) for note in app._notifications]


async def test_a_stray_r_against_a_bot_asks_before_resting() -> None:
    table = Table.new(SPICE, [SeatSpec("Ana"), SeatSpec("Ben", "bot")], 3,
                      {"seat_order": "typed"}, bot_delay=0.0)
    app = TulipGamesApp(None, table=table)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: table.to_act() == (0,))
        await pilot.press("r")
        await pilot.pause()
        assert table.record.actions == []
        assert "End your turn: rest?" in screen_text(app)
        await pilot.press("escape")
        await pilot.pause()
        assert table.record.actions == [] and "End your turn" not in screen_text(app)
        await pilot.press("r", "enter")
        await wait_for(pilot, lambda: len(table.record.actions) >= 1)
        assert table.record.actions[0] == (0, "rest")


async def test_u_against_a_bot_says_why_nothing_is_undone() -> None:
    table = Table.new(SPICE, [SeatSpec("Ana"), SeatSpec("Ben", "bot")], 3,
                      {"seat_order": "typed"}, bot_delay=0.0)
    app = TulipGamesApp(None, table=table)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await wait_for(pilot, lambda: table.to_act() == (0,))
        await pilot.press("u")
        await pilot.pause()
        assert toasts(app) == ["Nothing to undo: you have not played yet."]
        app.clear_notifications()
        await pilot.press("p", "1")  # +YY: the turn passes, and Ben plays at once
        await wait_for(pilot, lambda: table.to_act() == (0,) and len(table.record.actions) > 1)
        await pilot.press("u")
        await pilot.pause()
        assert len(table.record.actions) > 1
        assert toasts(app) == ["Nothing to undo: Ben has played since your move, and undo stops "
                               "at another player's move."]


async def test_u_in_gift_of_tulips_says_why_too() -> None:
    table = Table.new(GIFT, [SeatSpec("Ana"), SeatSpec("Ben", "bot"), SeatSpec("Cleo", "bot")],
                      3, bot_delay=0.0)
    app = TulipGamesApp(None, table=table)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await wait_for(pilot, lambda: 0 in table.to_act())
        await pilot.press("u")
        await pilot.pause()
        assert toasts(app) and toasts(app)[0].startswith("Nothing to undo")

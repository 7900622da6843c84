"""All seats choose at once on the shared roll (rule 4.2): bots do not wait for the humans,
nobody sees another seat's choice before the round ends, hot-seat takes the seats in turn."""

from __future__ import annotations

from tests.games.sixtyone.test_screen import ScreenApp, sheet_lines
from tulipgames.engine.core import SeatSpec
from tulipgames.games.sixtyone.rules import GAME, blank_sheet
from tulipgames.games.sixtyone.widgets import DiceSheet
from tulipgames.table import Table


def test_bots_choose_at_once_and_their_choices_show_at_round_end() -> None:
    table = Table.new(GAME, [SeatSpec("Ana"), SeatSpec("Bot 1", "bot"), SeatSpec("Bot 2", "bot")],
                      303, bot_delay=0.0)
    table.run_bots_now()
    assert table.to_act() == (0,) and len(table.record.actions) >= 2  # seats 1, 2 did not wait
    turn = table.turn(0)
    assert turn.view.chosen == (1, 2) and turn.acting
    assert turn.view.sheets[1] == turn.view.sheets[2] == blank_sheet()  # not what they chose
    assert all("has chosen" in line for line in table.log_for(0)[1:])
    table.play(0, turn.legal[0])
    table.run_bots_now()
    after = table.turn(0)
    assert after.view.round >= 2 and after.view.sheets[1] != blank_sheet()
    summary = [after.text(str(line)) for line in after.view.last_round]
    assert summary[0].startswith("Round 1") and summary[2].startswith("Bot 1 ")
    assert any(line.startswith("Bot 2 writes") for line in table.log_for(0))


async def test_hot_seat_takes_the_seats_one_after_another() -> None:
    table = Table.new(GAME, [SeatSpec("Ana"), SeatSpec("Ben"), SeatSpec("Cleo")], 303,
                      bot_delay=0.0)
    app = ScreenApp(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        widget = app.screen.query_one(DiceSheet)
        for seat, name in enumerate(("Ana", "Ben", "Cleo")):
            assert app.screen.viewer == seat and f"Sheet: {name} (you)" in sheet_lines(app)[0]
            players = "\n".join(sheet_lines(app)[-4:])
            for earlier in ("Ana", "Ben")[:seat]:
                assert f"✓{earlier}" in players  # who has chosen, not what
            await pilot.press("a", "b", "enter", "y")
            await pilot.pause()
        assert [seat for seat, _ in table.record.actions] == [0, 1, 2]
        assert widget.turn is not None and widget.turn.view.round == 2
        assert "Round 1, dice 1 2 6:" in "\n".join(sheet_lines(app))

"""Regression tests for what new players found on the Spice Road screen (issue 20) and the
Esc-mid-payment cost (issue 10): each fails on the screen as it was before."""

from __future__ import annotations

from rich.cells import cell_len
from textual.app import App

from tests.games.spiceroad.helpers import give_hand, give_point_cards, set_caravan
from tests.games.spiceroad.test_spiceroad_screen import ScreenApp, painted
from tulipgames.engine.core import SeatSpec
from tulipgames.games.spiceroad.rules import GAME, PAY, TURN, SpiceRoadState
from tulipgames.games.spiceroad.screen import SpiceRoadScreen
from tulipgames.games.spiceroad.widgets import HAND_KEYS, RivalsPanel
from tulipgames.i18n import render
from tulipgames.table import Table
from tulipgames.tui.widgets import GameLog

TYPED = {"seat_order": "typed"}


def five_seats(
    seed: int = 55, names: tuple[str, ...] = ("Ana", "Ben", "Cleo", "Dev", "Eve"), humans: int = 1
) -> Table:
    seats = [SeatSpec(n) if i < humans else SeatSpec(n, "bot:normal") for i, n in enumerate(names)]
    return Table.new(GAME, seats, seed, dict(TYPED), bot_delay=0.0)


def state_of(table: Table) -> SpiceRoadState:
    state = table.state
    assert isinstance(state, SpiceRoadState)
    return state


def screen_text(app: App[None]) -> str:
    return "\n".join(painted(app))


async def test_game_keys_work_after_the_log_took_the_focus() -> None:
    """Bug 1: after ctrl+l every game key was dead (the pad took keys only with focus)."""
    table = five_seats()
    app = ScreenApp(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("ctrl+l")
        assert isinstance(app.screen.focused, GameLog)
        await pilot.press("p", "1")  # S1: +YY
        assert table.record.actions[0] == (0, "play S1")
        assert not isinstance(app.screen.focused, GameLog)  # the log gave the focus back


async def test_shrinking_the_terminal_lays_the_rows_out_again() -> None:
    """Bug 2: a stale wide layout stayed until the next move."""
    seats = [SeatSpec("Ana"), SeatSpec("Ben", "bot:normal")]
    table = Table.new(GAME, seats, 4242, dict(TYPED), bot_delay=0.0)
    app = ScreenApp(table)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        lines = painted(app)
        assert all(cell_len(line) <= 80 for line in lines)
        assert sum(" VP" in line for line in lines[:3]) == 1  # the point row's VP line is there
        row = state_of(table).merchant_row
        assert lines[5].count("→") + lines[5].count("+") + lines[5].count("Upgrade") >= len(row)


async def test_the_key_of_an_unplayable_card_explains_and_keeps_the_selection() -> None:
    """Bug 4: it left a half-cancelled state with stale numbered labels."""
    table = Table.new(
        GAME, [SeatSpec("Ana"), SeatSpec("Ben", "bot:normal")], 4242, dict(TYPED), bot_delay=0.0
    )
    state = state_of(table)
    give_hand(state, 0, "M23")  # RR -> GG, not playable with Y3
    app = ScreenApp(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        key = HAND_KEYS[state.owned[0].index("M23")]
        await pilot.press("p", key)
        assert table.record.actions == []
        text = screen_text(app)
        assert "Play which card?" in text and f"{key}:" in text
        await pilot.press("1")  # the selection still works: S1 is played
        assert table.record.actions[0] == (0, "play S1")
        assert "Play which card?" not in screen_text(app)


async def test_card_keys_stay_put_after_a_rest() -> None:
    table = Table.new(
        GAME, [SeatSpec("Ana"), SeatSpec("Ben", "bot:normal")], 7, dict(TYPED), bot_delay=0.0
    )
    state = state_of(table)
    give_hand(state, 0, "M01", "M04")
    app = ScreenApp(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert "4:+RR" in screen_text(app)
        await pilot.press("p", "1")  # S1 goes to the played area
        table.run_bots_now()
        await pilot.press("r", "enter")
        table.run_bots_now()
        await pilot.pause()
        text = screen_text(app)
        assert "1:+YY" in text and "3:+YYY" in text and "4:+RR" in text
        await pilot.press("p", "4")
        assert (0, "play M04") in table.record.actions


async def test_five_seats_at_80x24_show_every_rival_and_the_last_round() -> None:
    """Bug 5 and "what players missed": every rival's caravan, point cards, coins, score and
    latest turn on screen at 80x24, and "Last round" visible."""
    table = five_seats()
    state = state_of(table)
    give_point_cards(state, 1, 5)
    state.triggered_by = 1
    app = ScreenApp(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        rivals = app.screen.query_one(RivalsPanel)
        assert rivals.region.bottom <= 24 - 6  # above the key hints, the log and the footer
        text = screen_text(app)
        for seat, name in enumerate(table.names[1:], 1):
            line = next(line for line in text.splitlines() if f" {name}" in line and "│" in line)
            assert f"{state.caravans[seat][0]}" in line and f"/{state.target}" in line
        assert "LAST ROUND" in text
        assert "p play" in text and "r rest" in text and "t rivals' hands" in text
        await pilot.press("t")  # the documented key: the rivals' hands instead of their turns
        rows = [line for line in painted(app) if "│" in line and "Rivals" not in line]
        assert len(rows) == 4 and all("+YY Up×2" in row for row in rows)
        assert "t rivals' turns" in screen_text(app)


async def test_what_each_bot_did_is_on_screen() -> None:
    table = five_seats(seed=9)
    app = ScreenApp(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("r", "enter")
        table.run_bots_now()
        await pilot.pause()
        text = screen_text(app)
        view = table.turn(0).view
        for seat in range(1, 5):
            latest = "; ".join(map(render, view.players[seat].last_turn))
            assert latest and latest[:20] in text


async def test_esc_mid_payment_is_one_save_and_one_redraw() -> None:
    """Issue 10: Esc after ``a 4`` and two payments took back 3 steps with 3 replays, 3 saves
    and 3 redraws; now one take_back: one save, one redraw."""
    saves: list[int] = []
    seats = [SeatSpec("Ana"), SeatSpec("Ben", "bot:normal")]
    table = Table.new(
        GAME,
        seats,
        6,
        dict(TYPED),
        bot_delay=0.0,
        persist=lambda t: saves.append(len(t.record.actions)),
    )
    app = ScreenApp(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, SpiceRoadScreen)
        await pilot.press("a", "4", "y", "y")
        assert state_of(table).phase == PAY and len(saves) == 3
        shows: list[int] = []
        original = screen.show
        screen.show = lambda turn: (shows.append(turn.version), original(turn))  # type: ignore[method-assign]
        saves.clear()
        await pilot.press("escape")
        await pilot.pause()
        state = state_of(table)
        assert state.phase == TURN and state.caravans[0] == (3, 0, 0, 0)
        assert saves == [0] and len(shows) == 1
        assert isinstance(app.screen, SpiceRoadScreen)


async def test_enter_pays_the_rest_with_the_lowest_spices() -> None:
    """Acquiring the 5th card: a, 5, Enter (3 keys) instead of a, 5 and four letters."""
    table = Table.new(
        GAME, [SeatSpec("Ana"), SeatSpec("Ben", "bot:normal")], 6, dict(TYPED), bot_delay=0.0
    )
    set_caravan(state_of(table), 0, y=3, r=2)
    app = ScreenApp(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("a", "5")
        assert "Enter place Y Y Y R" in screen_text(app)
        await pilot.press("enter")
        assert [a for _, a in table.record.actions[:5]] == [
            "acquire 5",
            "pay Y",
            "pay Y",
            "pay Y",
            "pay R",
        ]


async def test_hot_seat_waits_for_enter_before_the_turn_passes() -> None:
    """A mistaken ``r`` was final in hot-seat; now it asks first, and Esc thinks again."""
    table = Table.new(GAME, [SeatSpec("Ana"), SeatSpec("Ben")], 3, dict(TYPED), bot_delay=0.0)
    app = ScreenApp(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("r")
        assert table.record.actions == [] and "End your turn: rest?" in screen_text(app)
        await pilot.press("escape")
        assert table.record.actions == [] and isinstance(app.screen, SpiceRoadScreen)
        await pilot.press("p", "2", "y")  # an upgrade's first step does not pass the turn
        assert len(table.record.actions) == 2
        await pilot.press("y")  # the second and last does: it waits
        assert len(table.record.actions) == 2
        await pilot.press("enter")
        assert len(table.record.actions) == 3 and state_of(table).current == 1


async def test_drawn_turn_order_is_shown() -> None:
    seats = [SeatSpec("Ana"), SeatSpec("Ben", "bot:normal"), SeatSpec("Cleo", "bot:normal")]
    seed = next(s for s in range(50) if GAME.new_state(3, s).order[0] != 0)
    table = Table.new(GAME, seats, seed, bot_delay=0.0)
    start = state_of(table).order[0]
    assert table.log_for(0)[0].startswith("Turn order: ")
    assert f"(first: {table.names[start]})" in table.log_for(0)[0]
    app = ScreenApp(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        text = screen_text(app)
        assert f"{table.names[start]}*" in text and "* starts" in text


async def test_wide_and_hostile_names_keep_the_rival_columns_aligned() -> None:
    names = ("Ana", "山田太郎", "😀x", "[/]", "[@click=app.quit]")
    table = five_seats(names=names)
    app = ScreenApp(table)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        rows = [line for line in painted(app) if "│" in line and "Rivals" not in line]
        assert len(rows) == 4
        bars = {cell_len(row[: row.index("│")]) for row in rows}
        assert len(bars) == 1  # the same column in every row, whatever the name's width
        text = screen_text(app)
        assert "[/]" in text and "[@clic" in text  # as typed (the bot's level shares its cell)


def test_returns_say_which_spices_in_the_edition_words() -> None:
    """Bug 6: "returned spices down to 10" named nothing, and said "spice" in the Golem look."""
    for edition, word, letters in (("spice", "spices", "R, Y"), ("golem", "crystals", "G, Y")):
        state = GAME.new_state(2, 1, {"edition": edition, **TYPED})
        set_caravan(state, 0, y=8, r=3)
        events = [
            e.text_for(None)
            for a in ("play S1", "return Y", "return R", "return Y")
            for e in state.apply(0, GAME.parse_action(a))
        ]
        assert f"{{seat0}} returned 3 {word} (Y, {letters}), down to 10" in events
        latest = render(state.view(None).players[0].last_turn[-1])
        assert latest.startswith(f"returned 3 {word}")

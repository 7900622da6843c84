"""The Gift of Tulips screen driven with Pilot: hot-seat with a bot, the curtain, the keys, the
step-by-step reveal and the results."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.games.giftoftulips.helpers import uids_in
from tests.pilot import screen_text, wait_for
from tulipgames.demos import demo_tables
from tulipgames.engine.core import SeatSpec
from tulipgames.games.giftoftulips.rules import GAME, PLAY, GiftState
from tulipgames.games.giftoftulips.screen import SCREEN, GiftOfTulipsScreen
from tulipgames.games.giftoftulips.widgets import FestivalPanel, TurnPanel
from tulipgames.store import Store
from tulipgames.table import Table
from tulipgames.tui.app import TulipGamesApp
from tulipgames.tui.screens.curtain import CurtainScreen
from tulipgames.tui.screens.results import ResultsScreen


def new_table(seats: list[SeatSpec], seed: int, **options: object) -> Table:
    return Table.new(GAME, seats, seed, dict(options), bot_delay=0.0)


async def test_hot_seat_game_with_a_bot_to_the_results(tmp_path: Path) -> None:
    store = Store(tmp_path / "data")
    table = new_table([SeatSpec("Ana"), SeatSpec("Mira"), SeatSpec("Bot", "bot:normal")], 5)
    state = table.state
    assert isinstance(state, GiftState)
    app = TulipGamesApp(store, table=table)
    keys = ["k", "f", "s", "g"]
    moves = 0
    curtains: list[str] = []
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        while not table.state.is_over():
            await wait_for(
                pilot,
                lambda: (
                    table.state.is_over()
                    or isinstance(app.screen, CurtainScreen)
                    or (isinstance(app.screen, GiftOfTulipsScreen) and app.screen.acting)
                ),
            )
            if table.state.is_over():
                break
            if isinstance(app.screen, CurtainScreen):
                game = app.screen_stack[-2]
                assert isinstance(game, GiftOfTulipsScreen) and game.viewer is None
                turn = game.query_one(TurnPanel)
                assert turn.view is not None and turn.view.pending is None
                assert not turn.view.deal and not turn.view.own_secret
                curtains.append(screen_text(app))
                await pilot.press("enter")
                continue
            game = app.screen
            live = table.state
            assert isinstance(live, GiftState) and isinstance(game, GiftOfTulipsScreen)
            seat = game.viewer
            assert seat is not None
            before = len(table.record.actions)
            if live.phase != PLAY:
                await pilot.press("1")
            else:
                # hidden cards of others never reach this seat's screen
                shown = repr(game.query_one(TurnPanel).view)
                assert not uids_in(shown) & {c.uid for c in live.deck}
                key = keys[moves % len(keys)]
                legal = {str(a) for a in live.legal_actions(seat)}
                if key == "g" and not any(t.startswith("give") for t in legal):
                    key = "k" if "keep" in legal else "f"
                if key in ("k",) and "keep" not in legal:
                    key = "f" if "add faceup" in legal else "g"
                if key in ("f", "s") and "add faceup" not in legal:
                    key = "k" if "keep" in legal else "g"
                await pilot.press(key)
                if key == "g":
                    target = next(int(a.split()[1]) for a in sorted(legal) if a.startswith("give"))
                    await pilot.press(str(target + 1))
                moves += 1
            await wait_for(pilot, lambda: len(table.record.actions) > before)  # noqa: B023
        assert any("Pass to Ana" in text for text in curtains)
        assert any("Pass to Mira" in text for text in curtains)
        game = app.screen
        assert isinstance(game, GiftOfTulipsScreen)
        view = table.state.view(None)
        count = len(view.reveals)
        await wait_for(pilot, lambda: game.flipped == 0)
        for number in range(1, count + 1):
            await pilot.press("space")
            await pilot.pause()
            assert game.flipped == number
            assert f"{number} of {count}" in screen_text(app)
            assert isinstance(app.screen, GiftOfTulipsScreen)
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, ResultsScreen))
        assert "Total" in screen_text(app)
    assert table.turn(0).view.turns_taken == (10, 10, 10)
    store.close()


async def test_reveal_shows_each_flip_and_holds_back_the_log() -> None:
    table = new_table([SeatSpec("Ana"), SeatSpec("Ben", "bot:random")], 3)
    table.run_bots_now()
    while not table.state.is_over():
        seat = table.state.to_act()[0]
        table.play(seat, table.state.legal_actions(seat)[0])
        table.run_bots_now()
    view = table.state.view(0)
    app = TulipGamesApp(None)
    async with app.run_test(size=(80, 24)) as pilot:
        await app.push_screen(SCREEN(table, frozenset({0})))
        await pilot.pause(0.2)
        game = app.screen
        assert isinstance(game, GiftOfTulipsScreen)
        panel = game.query_one(FestivalPanel)
        assert view.festival_before_reveal is not None
        assert panel.festival == view.festival_before_reveal
        assert "Final scores" not in screen_text(app)
        for step in view.reveals:
            await pilot.press("space")
            await pilot.pause()
            assert panel.festival == step.festival
            assert f"Secret card {step.number} of {step.of}" in screen_text(app)
        assert isinstance(app.screen, GiftOfTulipsScreen)


async def test_turn_keys_give_needs_a_seat_and_escape_cancels() -> None:
    table = new_table(
        [SeatSpec("Ana"), SeatSpec("Ben", "bot:random"), SeatSpec("Cleo", "bot:random")],
        11,
        start_player=0,
    )
    app = TulipGamesApp(None)
    async with app.run_test(size=(80, 24)) as pilot:
        await app.push_screen(SCREEN(table))
        await pilot.pause()
        await pilot.press("1")  # setup: first dealt card to the bouquet
        await wait_for(pilot, lambda: table.state.to_act() == (0,))
        text = screen_text(app)
        assert "Card 1 of 2" in text and "k Keep" in text and "Face up" in text
        await pilot.press("g")
        await pilot.pause()
        assert "Give it for" in screen_text(app)
        await pilot.press("escape")
        await pilot.pause()
        assert "Give it for" not in screen_text(app) and isinstance(app.screen, GiftOfTulipsScreen)
        await pilot.press("g", "3")
        await pilot.pause()
        assert table.record.actions[-1] == (0, "give 2")
        assert "used" in screen_text(app)
        await pilot.press("g")  # Give is used: nothing happens
        await pilot.pause()
        assert table.record.actions[-1] == (0, "give 2")
        await pilot.press("down", "enter")  # second row after Keep: Face up
        await wait_for(
            pilot, lambda: table.record.actions[-1][0] != 0 or len(table.record.actions) > 4
        )
        assert (0, "add faceup") in table.record.actions


async def test_demo_tables_render_at_both_sizes() -> None:
    tables = demo_tables("giftoftulips")
    assert set(tables) == {"giftoftulips-turn", "giftoftulips-reveal"}
    for table in tables.values():
        table.ensure_bots_running = lambda: None  # type: ignore[method-assign]
        for size in [(80, 24), (120, 40)]:
            app = TulipGamesApp(None)
            async with app.run_test(size=size) as pilot:
                await app.push_screen(SCREEN(table, frozenset({0})))
                await pilot.pause(0.2)
                text = screen_text(app)
                assert "Festival" in text and "Secret " in text and "turns)" in text
                assert "Ben" in text and "Dev" in text


async def test_auto_reveal_pace_flips_by_itself(monkeypatch: pytest.MonkeyPatch) -> None:
    from tulipgames.games.giftoftulips import screen as screen_module

    monkeypatch.setattr(screen_module, "AUTO_FLIP_SECONDS", 0.05)
    table = new_table([SeatSpec("Ana"), SeatSpec("Ben", "bot:random")], 4, reveal_pace="auto")
    while not table.state.is_over():
        seat = table.state.to_act()[0]
        table.play(seat, table.state.legal_actions(seat)[-1])
    app = TulipGamesApp(None)
    async with app.run_test(size=(80, 24)) as pilot:
        await app.push_screen(SCREEN(table, frozenset({0})))
        await wait_for(pilot, lambda: isinstance(app.screen, ResultsScreen))
        assert "Total" in screen_text(app)


async def test_a_bots_secret_add_shows_only_the_count_and_a_log_line() -> None:
    table = new_table([SeatSpec("Ana"), SeatSpec("Ben", "bot:normal")], 6, start_player=1)
    table.ensure_bots_running = lambda: None  # type: ignore[method-assign]
    state = table.state
    assert isinstance(state, GiftState)
    for seat in (0, 1):
        first = state.deals[seat][0]
        table.play(seat, f"bouquet {first}")
    app = TulipGamesApp(None)
    async with app.run_test(size=(80, 24)) as pilot:
        await app.push_screen(SCREEN(table, frozenset({0})))
        await pilot.pause()
        before = table.turn(0).view.secret_size
        hidden = table.state.pending  # type: ignore[attr-defined]
        assert hidden is not None
        assert f"Secret {before} " in screen_text(app)
        table.play(1, "add secret")
        await pilot.pause()
        text = screen_text(app)
        assert f"Secret {before + 1} " in text
        assert "Ben added a card to the secret festival" in text
        assert hidden.uid not in uids_in(repr(table.state.view(0)))

"""Hints on request (``h``): the coach's choice at the player's decision, from the seat's own
view, marked in History and the high scores; refused at a shared table."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.app import App
from textual.pilot import Pilot
from textual.widgets import DataTable

from tulipgames import games
from tulipgames.coach.core import Budget
from tulipgames.engine.core import SeatSpec
from tulipgames.engine.record import GameRecord, RecordError
from tulipgames.net.lobby import Lobby
from tulipgames.net.screens import SharedTableView, shared_screen
from tulipgames.store import Store
from tulipgames.table import Table
from tulipgames.tui.app import TulipGamesApp, screen_class
from tulipgames.tui.screens.game import GameScreen
from tulipgames.tui.screens.history import HistoryScreen

#: The coach looks only a little in tests (the hint is the same machinery at any budget).
SMALL = Budget(candidates=3, worlds=2)


def notes(app: App[Any]) -> list[str]:
    return [str(note.message) for note in app._notifications]


async def until(pilot: Pilot[Any], ready: Any, rounds: int = 200) -> None:
    for _ in range(rounds):
        if ready():
            return
        await pilot.pause(0.05)
    raise AssertionError("the condition never held")


async def test_h_gives_a_legal_hint_and_the_game_is_marked_in_history(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(GameScreen, "HINT_BUDGET", SMALL)
    game = games.get_game("giftoftulips")
    table = Table.new(game, [SeatSpec("Ana"), SeatSpec("Bot", "bot:normal")], 11, bot_delay=0.0)
    app = TulipGamesApp(store, table=table)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        await until(pilot, lambda: screen.acting)
        legal = screen.turn.legal
        assert len(legal) > 1
        await pilot.press("h")
        assert "The coach is thinking…" in notes(app)
        await until(pilot, lambda: screen.last_hint is not None)
        found = screen.last_hint
        assert found is not None and game.parse_action(found.best) in legal
        shown = [n for n in notes(app) if n.startswith("Coach: ")]
        assert shown and found.best in shown[-1] and "win %" in shown[-1]
        assert table.record.hints == [0]
        assert store.load(table.save_id).record.hints == [0]  # saved at once
        # play the game out (Ana takes her first choice each time)
        table.stop_bots()
        while not table.is_over:
            seat = table.to_act()[0]
            if seat == 0:
                table.play(0, table.turn(0).legal[0])
            else:
                table.run_bots_now()
        await pilot.pause()
        finished = store.finished()
        assert finished[0].id == table.save_id
        app.show_history()
        await pilot.pause()
        history = app.screen
        assert isinstance(history, HistoryScreen)
        line = str(history.tab_table("tab-games").get_row_at(0)[2])
        assert "Ana (hints)" in line and "Bot (hints)" not in line
        scores = history.tab_table("scores-table")
        assert isinstance(scores, DataTable)
        assert "(hints)" in str(scores.get_row_at(0)[3])


def test_the_hint_seats_are_kept_and_checked_in_the_record() -> None:
    record = GameRecord("giftoftulips", 3, [SeatSpec("Ana"), SeatSpec("Ben")], hints=[1])
    assert GameRecord.loads(record.dumps()).hints == [1]
    assert "hints" not in GameRecord("giftoftulips", 3, [SeatSpec("Ana")]).to_json()
    data = record.to_json() | {"hints": [2]}
    with pytest.raises(RecordError, match="hint seats"):
        GameRecord.from_json(data)


class Host(App[None]):
    def __init__(self, screen: GameScreen[Any]) -> None:
        super().__init__()
        self.first = screen

    def on_mount(self) -> None:
        self.push_screen(self.first)


async def test_h_is_refused_at_a_shared_table(tmp_path: Path) -> None:
    store = Store(tmp_path)
    try:
        lobby = Lobby(store, tmp_path)
        opened = lobby.open("giftoftulips", 2, "ana", seed=7)
        opened.claim("ben")
        table = lobby.start(opened.code, seed=7)
        table.bot_delay = 3600
        seat = table.to_act()[0]
        screen = shared_screen(screen_class("giftoftulips"), table, frozenset({seat}), opened)
        assert isinstance(screen, SharedTableView) and isinstance(screen, GameScreen)
        app = Host(screen)
        async with app.run_test(size=(80, 24), notifications=True) as pilot:
            await pilot.pause()
            assert screen.acting and screen.shared_table
            assert screen.check_action("hint", ()) is False
            await pilot.press("h")
            await pilot.pause(0.2)
            assert screen.last_hint is None and not screen._hinting
            assert not [n for n in notes(app) if "coach" in n.lower()]
            assert table.record.hints == []
    finally:
        store.close()


async def test_the_palette_gives_a_hint_in_the_flower_shop_solo(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The Flower Shop keeps ``h`` for its Hypericum: its hint is the palette's "Hint"."""
    from tests.tui.test_prefs_and_palette import type_command

    monkeypatch.setattr(GameScreen, "HINT_BUDGET", SMALL)
    game = games.get_game("flowershop")
    table = Table.new(game, [SeatSpec("Cleo")], 5, bot_delay=0.0)
    app = TulipGamesApp(store, table=table)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen) and screen.acting
        titles = [command.title for command in app.get_system_commands(screen)]
        assert "Hint" in titles
        await type_command(pilot, "Hint")
        await until(pilot, lambda: screen.last_hint is not None)
        found = screen.last_hint
        assert found is not None and found.unit == "points"
        assert game.parse_action(found.best) in screen.turn.legal
        assert table.record.hints == [0]

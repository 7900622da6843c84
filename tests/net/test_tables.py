"""Shared tables that behave like real ones: presence, the clock and its stand-in bots, options
and seed at the opening, rematch, play-by-mail across a restart, "Your tables", History.

These drive the lobby with an injected clock (no sleeping) and the toy game of the app-shell
tests; tests/net/test_tables_ssh.py does the same through real SSH clients.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.net.lobbykit import FakeTime, session_app, sit
from tulipgames.net.lobby import (
    Lobby,
    OpenTable,
    RemoteTable,
    TableError,
    TableSettings,
    player_dir,
)
from tulipgames.net.screens import SharedTableView, table_line
from tulipgames.store import Store
from tulipgames.tui.screens.results import ResultsScreen


def started(lobby: Lobby, clock_key: str = "1min", seed: int = 11, cards: int = 2,
            spectators: bool = True) -> OpenTable:
    """A toy table of ana (host) and ben, started."""
    opened = lobby.open("toy", 2, "ana", options={"cards": cards}, seed=seed,
                        settings=TableSettings(clock=clock_key, standin="random",
                                               spectators=spectators))
    opened.claim("ben")
    lobby.start(opened.code)
    return opened


def finish(table: RemoteTable) -> None:
    while not table.is_over:
        seat = table.to_act()[0]
        table.play(seat, table.state.legal_actions(seat)[0])


def test_options_and_seed_chosen_at_the_opening_are_the_game_s(lobby: Lobby) -> None:
    opened = started(lobby, seed=4242, cards=3)
    assert opened.table is not None
    assert opened.table.record.seed == 4242
    assert opened.table.record.options == {"cards": 3}
    assert len(opened.table.state.hands[0]) == 3
    with pytest.raises(TableError, match="option cards must be one of"):
        lobby.open("toy", 2, "ana", options={"cards": 9})
    with pytest.raises(TableError, match="no clock"):
        lobby.open("toy", 2, "ana", settings=TableSettings(clock="2min"))
    with pytest.raises(TableError, match="no bot level"):
        lobby.open("toy", 2, "ana", settings=TableSettings(standin="genius"))


def test_a_presence_line_too_long_names_the_absent_and_counts_the_rest(
    lobby: Lobby, clock: FakeTime
) -> None:
    """At 80 columns many seats must not push the absent players' names off the border."""
    opened = lobby.open("toy", 4, "anastasia")
    for name in ("bartholomew", "cornelius", "dorothea"):
        opened.claim(name)
    for name in ("anastasia", "bartholomew", "cornelius", "dorothea"):
        opened.arrive(name)
    for name in ("eve", "finn", "gus"):
        opened.arrive(name, watching=True)
    opened.depart("cornelius")
    clock.now += 5 * 60
    full = opened.presence_line()
    assert full == (
        "anastasia connected · bartholomew connected · cornelius away 5 min · "
        "dorothea connected · watching: eve, finn, gus"
    )
    assert opened.presence_line(len(full)) == full  # it fits: every name
    short = opened.presence_line(60)
    assert short == "3 connected · cornelius away 5 min · 3 watching"
    cut = opened.presence_line(20)
    assert cut.endswith("…") and len(cut) == 20 and cut.startswith("3 connected")


def test_presence_connected_away_since_and_bot(lobby: Lobby, clock: FakeTime) -> None:
    opened = lobby.open("toy", 3, "ana")
    opened.claim("ben")
    opened.give_free_seats_to_bots("random")
    opened.arrive("ana")
    opened.arrive("ben")
    assert [opened.seat_status(i) for i in range(3)] == ["connected", "connected", "bot"]
    opened.depart("ben")
    clock.now += 5 * 60
    assert opened.seat_status(1) == "away 5 min"
    opened.arrive("dev", watching=True)
    assert opened.presence_line() == "ana connected · ben away 5 min · watching: dev"
    opened.arrive("ben")
    assert opened.seat_status(1) == "connected"


def test_a_silent_seat_gets_a_stand_in_bot_when_its_time_runs_out_and_returns(
    lobby: Lobby, clock: FakeTime, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level("INFO", logger="tulipgames.audit")
    opened = started(lobby, "1min")
    table = opened.table
    assert table is not None and table.to_act() == (0,)
    opened.arrive("ana")
    opened.depart("ana")  # ana drops out on her turn
    clock.now += 59
    assert table.check_clock() == []
    assert table.bot_seats_to_act() == []
    clock.now += 2
    assert table.check_clock() == [0]
    assert table.turn(1).bots_to_act == (0,)  # everybody sees that a bot plays seat 1
    assert "ana away 1 min (bot plays)" in opened.presence_line()
    before = len(table.record.actions)
    table.run_bots_now()  # the stand-in plays ONE decision of ana's (a card), no more
    assert len(table.record.actions) == before + 1 and table.to_act() == (0,)
    assert table.standins == {} and table.missed == {0: 1}
    assert any("event=bot_takeover" in m and "name=ana" in m for m in caplog.messages)
    # ... and ana's clock starts again for her next decision (the end of her turn).
    clock.now += 59
    assert table.check_clock() == []
    clock.now += 2
    assert table.check_clock() == [0]
    table.run_bots_now()
    assert len(table.record.actions) == before + 2 and table.to_act() == (1,)

    # Ben's decision has its own full minute from when it began, not from the game's start.
    clock.now += 59
    assert table.check_clock() == []
    table.play(1, table.state.legal_actions(1)[0])
    table.play(1, "end")
    # Ana's time runs out again; she comes back before the stand-in moved: her seat is hers
    # again at once, no bot moves for her, and her clock starts again.
    clock.now += 61
    assert table.check_clock() == [0]
    opened.arrive("ana")
    assert table.standins == {}
    assert any("event=seat_reclaimed" in m for m in caplog.messages)
    table.run_bots_now()
    assert table.to_act() == (0,) and len(table.record.actions) == before + 4
    clock.now += 59
    assert table.check_clock() == []
    # Her own move ends the run of missed decisions.
    assert table.missed == {0: 2}
    table.play(0, table.state.legal_actions(0)[0])
    assert table.missed == {}


def test_no_clock_never_stands_in(lobby: Lobby, clock: FakeTime) -> None:
    opened = started(lobby, "off")
    assert opened.table is not None
    clock.now += 10 * 86400
    assert opened.table.check_clock() == []


async def test_the_clock_fires_by_itself_on_a_running_loop(
    lobby: Lobby, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With an event loop the table arms a timer for the next deadline (scaled down here)."""
    import asyncio
    import time

    monkeypatch.setenv("TULIPGAMES_CLOCK_SCALE", "0.001")  # 1 min -> 0.06 s
    lobby.now = time.time
    opened = lobby.open("toy", 2, "ana", settings=TableSettings(clock="1min", standin="random"))
    opened.claim("ben")
    table = lobby.start(opened.code, seed=3)
    for _ in range(100):
        if table.standins:
            break
        await asyncio.sleep(0.02)
    assert table.standins == {0: "random"}
    table.close()


def test_rematch_needs_every_player_and_same_seed_deals_the_same_game(lobby: Lobby) -> None:
    opened = started(lobby, "off", seed=77, cards=3)
    first = opened.table
    assert first is not None
    deal = [list(hand) for hand in first.state.hands]
    with pytest.raises(TableError, match="not over"):
        lobby.rematch(opened.code, "ana", True)
    finish(first)
    assert lobby.rematch(opened.code, "ana", True) == ["ben"]
    assert lobby.rematch(opened.code, "ben", False) == ["ana"]  # not the same kind yet
    assert opened.table is first
    assert lobby.rematch(opened.code, "ben", True) == []
    second = opened.table
    assert second is not first and not second.is_over
    assert second.record.seed == 77 and second.record.options == {"cards": 3}
    assert [list(hand) for hand in second.state.hands] == deal
    assert lobby.find(opened.code) is opened  # the same table, the same code
    assert second.save_id != first.save_id
    assert lobby.store.shared_save(opened.code)[0] == second.save_id
    with pytest.raises(TableError, match="only the players"):
        finish(second)
        lobby.rematch(opened.code, "dev", True)


def test_a_play_by_mail_table_survives_a_restart_and_lists_whose_turn(
    lobby: Lobby, tmp_path: Path, clock: FakeTime
) -> None:
    opened = started(lobby, "1day")
    table = opened.table
    assert table is not None
    table.play(0, f"play {table.state.hands[0][0]}")
    table.play(0, "end")
    code = opened.code
    # Everybody logs off and the server restarts: the table is back in memory at once.
    restarted = Lobby(lobby.store, tmp_path, now=clock)
    assert code in restarted.tables
    again = restarted.tables[code]
    assert again.table is not None and again.table.record.actions == table.record.actions
    assert again.settings.mail and again.host == "ana"
    for name, words in (("ana", "waiting for ben"), ("ben", "your turn")):
        [row] = restarted.your_tables(name)
        assert row.code == code and words in table_line(row, name)
    assert restarted.your_tables("dev") == []
    # Its clock runs from the last move: a day later ben's seat is played by a bot.
    since = again.table.since[1]
    clock.now = since + 86400 + 1
    assert again.table.check_clock() == [1]


def test_finished_tables_go_into_each_player_s_history(lobby: Lobby, tmp_path: Path) -> None:
    opened = started(lobby, "off", seed=5)
    assert opened.table is not None
    finish(opened.table)
    totals = opened.table.result().totals
    for seat, name in enumerate(("ana", "ben")):
        own = Store(player_dir(tmp_path, name))
        try:
            [game] = own.finished()
            assert game.seed == 5 and game.names == ("ana", "ben")
            best = {s.name: s.score for s in own.high_scores("toy")}
            assert best[name] == totals[seat]
        finally:
            own.close()


def test_spectators_may_watch_unless_the_host_closed_the_table(lobby: Lobby) -> None:
    opened = lobby.open("toy", 2, "ana")
    with pytest.raises(TableError, match="has not started"):
        opened.check_watch("dev")
    opened.claim("ben")
    lobby.start(opened.code)
    opened.check_watch("dev")
    lobby.set_spectators(opened.code, False)
    with pytest.raises(TableError, match=r"closed table \w+ to spectators"):
        opened.check_watch("dev")
    assert lobby.store.shared_save(opened.code)[1]["spectators"] is False


async def test_spectator_screen_shows_the_public_view_and_log_only(
    lobby: Lobby, tmp_path: Path
) -> None:
    opened = started(lobby, "off", cards=3)
    table = opened.table
    assert table is not None
    table.play(0, f"play {table.state.hands[0][0]}")
    dev = session_app(lobby, "dev", tmp_path)
    async with dev.run_test(size=(80, 24)) as pilot:
        with dev._context():
            dev.on_extra_menu("net:join")
        await pilot.pause()
        await pilot.press(*opened.code, "enter")
        await pilot.pause()
        screen = dev.screen
        assert isinstance(screen, SharedTableView) and screen.watching
        assert screen.viewer is None and screen.turn.seat is None
        assert opened.watchers == {"dev": 1}
        shown = "\n".join(str(w.render()) for w in screen.query("*") if w.display)
        for seat in (0, 1):  # the toy's hands are its secrets
            assert table.state.hands[seat]
            for card in table.state.hands[seat]:
                assert f"[{card}]" not in shown
        assert "Hand: -" in shown  # a seat would see "Hand: [3] [5]"
        from tulipgames.tui.widgets import GameLog

        assert screen.query_one(GameLog)._lines == table.log_for(None)
        assert "watching: dev" in str(screen.query_one(GameLog).border_title)
        # The host closes the table to spectators: the spectator is sent back.
        lobby.set_spectators(opened.code, False)
        await pilot.pause()
        assert not isinstance(dev.screen, SharedTableView)
        assert opened.watchers == {}


async def test_rematch_from_the_results_screens_starts_at_the_same_table(
    lobby: Lobby, tmp_path: Path
) -> None:
    opened = started(lobby, "off", seed=9, cards=1)
    first = opened.table
    assert first is not None
    ana, ben = session_app(lobby, "ana", tmp_path), session_app(lobby, "ben", tmp_path)
    async with ana.run_test(size=(80, 24)) as pa, ben.run_test(size=(80, 24)) as pb:
        sit(first, ana, ben)
        await pa.pause()
        await pb.pause()
        finish(first)
        for _ in range(50):
            await pa.pause(0.05)
            await pb.pause(0.05)
            if isinstance(ana.screen, ResultsScreen) and isinstance(ben.screen, ResultsScreen):
                break
        assert isinstance(ana.screen, ResultsScreen) and isinstance(ben.screen, ResultsScreen)
        await pa.press("r")
        await pa.pause()
        assert opened.table is first  # ben has not accepted yet
        await pb.press("r")
        await pb.pause()
        await pa.pause()
        second = opened.table
        assert second is not first and second.record.seed == 9
        for app, seat in ((ana, 0), (ben, 1)):
            screen = app.screen
            assert isinstance(screen, SharedTableView)
            assert screen.table is second and screen.viewer == seat


def test_codes_kept_in_tables_json_move_into_the_store(lobby: Lobby, tmp_path: Path) -> None:
    """Tables started before codes were kept in the store still come back by their code."""
    import json

    from tests.tui.toygame import GAME
    from tulipgames.engine.core import SeatSpec
    from tulipgames.table import Table

    old = Table.new(GAME, [SeatSpec("ana"), SeatSpec("ben")], 8)
    lobby.store.create(old)
    (tmp_path / "tables.json").write_text(json.dumps({"OLD2": old.save_id}))
    again = Lobby(lobby.store, tmp_path)
    assert not (tmp_path / "tables.json").exists()
    assert (tmp_path / "tables.json.imported").exists()
    opened = again.find("old2")
    assert opened.table is not None and opened.table.save_id == old.save_id
    assert opened.seat_of("ben") == 1

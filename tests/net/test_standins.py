"""Stand-in bots play one decision and hand the seat back; after N missed decisions in a row
the other players vote to end the game or let the bot finish; such seats' results are marked
and never count as their absent players' own.

The lobby runs with an injected clock (no sleeping); the screens are the real ServerApps of two
sessions under Textual's Pilot, with the app-shell's toy game (a card, then "end", per turn).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.net.lobbykit import FakeTime, session_app, sit
from tulipgames import stats
from tulipgames.engine.core import IllegalAction
from tulipgames.engine.record import GameRecord
from tulipgames.net.app import ServerApp
from tulipgames.net.lobby import (
    END,
    FINISH,
    Lobby,
    OpenTable,
    RemoteTable,
    TableError,
    TableSettings,
    player_dir,
)
from tulipgames.net.screens import SharedTableView, time_left_words
from tulipgames.store import STANDIN_KIND, Store, wait_for_histories
from tulipgames.tui.screens.history import HistoryScreen, ranking_line


def started(lobby: Lobby, players: tuple[str, ...] = ("ana", "ben"), vote_after: int = 3,
            cards: int = 3, clock_key: str = "1min") -> OpenTable:
    """A toy table of ``players`` (the first the host), started with ana to act."""
    opened = lobby.open("toy", len(players), players[0], options={"cards": cards}, seed=21,
                        settings=TableSettings(clock=clock_key, standin="random",
                                               vote_after=vote_after))
    for name in players[1:]:
        opened.claim(name)
    lobby.start(opened.code)
    return opened


def time_out(table: RemoteTable, clock: FakeTime) -> list[int]:
    """Let the acting seats' minute run out and the stand-ins play: one decision each."""
    clock.now += 61
    taken = table.check_clock()
    table.run_bots_now()
    return taken


def own_move(table: RemoteTable, seat: int) -> None:
    table.play(seat, table.state.legal_actions(seat)[0])


def test_a_connected_silent_player_loses_one_decision_per_clock_period(
    lobby: Lobby, clock: FakeTime
) -> None:
    opened = started(lobby)
    table = opened.table
    assert table is not None
    opened.arrive("ana")  # connected, but never presses a key
    for missed in (1, 2, 3, 4):
        before = len(table.record.actions)
        assert time_out(table, clock) == [0]
        # ONE decision, then the seat is its player's again with a new full minute.
        assert len(table.record.actions) == before + 1
        assert table.standins == {} and table.bot_seats_to_act() == []
        assert table.missed == {0: missed}
        [acting] = table.to_act()  # ana's next decision, or ben's turn: a full minute
        assert table.deadline(acting) == clock.now + 60
        clock.now += 59
        assert table.check_clock() == []
        clock.now -= 59
        if table.to_act() == (1,):  # ben plays his own turn
            own_move(table, 1)
            table.play(1, "end")
    assert table.record.standins == [0]
    # At 3 missed decisions the vote opened (once), and stays open: ben has not voted.
    assert set(table.votes) == {0}


def test_the_others_vote_to_end_the_game_by_a_majority_of_those_present(
    lobby: Lobby, clock: FakeTime, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level("INFO", logger="tulipgames.audit")
    opened = started(lobby, ("ana", "ben", "cleo"), vote_after=2)
    table = opened.table
    assert table is not None
    for name in ("ana", "ben", "cleo"):
        opened.arrive(name)
    with pytest.raises(TableError, match="no vote"):
        opened.vote("ben", 0, END)
    time_out(table, clock)
    assert table.votes == {}
    time_out(table, clock)  # the second decision in a row: the vote opens
    assert set(table.votes) == {0}
    assert opened.voters(0) == ["ben", "cleo"]  # not ana: the vote is about her seat
    with pytest.raises(TableError, match="only the other players"):
        opened.vote("ana", 0, FINISH)
    assert opened.vote("ben", 0, END) is None  # 1 of 2 is no majority
    # Until it is decided, ana's seat keeps getting one stand-in move per clock period.
    before = len(table.record.actions)
    time_out(table, clock)
    assert len(table.record.actions) == before + 1 and set(table.votes) == {0}
    # cleo leaves: ben alone is the majority of those present, and his vote decides.
    opened.depart("cleo")
    assert table.ended and not table.votes and table.bot_seats_to_act() == []
    assert opened.over and table.deadline(0) is None and table.check_clock() == []
    with pytest.raises(IllegalAction, match="ended this game by vote"):
        own_move(table, table.to_act()[0])
    turn = table.turn(1)
    assert not turn.acting and turn.legal == () and "ended" in (turn.trouble or "")
    assert any("event=table_ended" in m for m in caplog.messages)
    # Ended: not in anybody's tables, not brought back after a restart, not in History.
    assert lobby.your_tables("ben") == []
    restarted = Lobby(lobby.store, tmp_path, now=clock)
    assert restarted.seated_live("ben") is None
    again = restarted.find(opened.code)
    assert again.table is not None and again.table.ended
    own = Store(player_dir(tmp_path, "ben"))
    try:
        assert own.finished() == []
    finally:
        own.close()


def test_a_player_s_own_move_ends_the_run_and_the_vote(lobby: Lobby, clock: FakeTime) -> None:
    opened = started(lobby, vote_after=1)
    table = opened.table
    assert table is not None
    time_out(table, clock)
    assert set(table.votes) == {0} and table.missed == {0: 1}
    own_move(table, 0)  # ana is back and plays "end" herself
    assert table.votes == {} and table.missed == {}


def test_nobody_to_vote_keeps_one_stand_in_move_per_period(
    lobby: Lobby, clock: FakeTime
) -> None:
    """Everybody away (a by-mail table at night): nobody can vote, and the bots never play
    more than one decision per seat and clock period."""
    opened = started(lobby, vote_after=1, clock_key="1day")
    table = opened.table
    assert table is not None
    moves = 0
    while not table.is_over:
        clock.now += 86400 + 1
        assert len(table.check_clock()) == 1
        table.run_bots_now()
        moves += 1
        assert len(table.record.actions) == moves
        assert opened.tally(table.to_act()[0] if table.to_act() else 0) is None
    assert table.record.standins == [0, 1]


def test_the_vote_lets_the_bot_finish_and_the_result_is_not_the_player_s(
    lobby: Lobby, clock: FakeTime, tmp_path: Path
) -> None:
    opened = started(lobby, vote_after=2)
    table = opened.table
    assert table is not None
    opened.arrive("ben")
    time_out(table, clock)
    time_out(table, clock)  # ana's play and end: two in a row
    # The vote survives a restart with the missed decisions (kept with the save).
    restarted = Lobby(lobby.store, tmp_path, now=clock)
    again = restarted.find(opened.code)
    assert again.table is not None and again.table.votes == {0: {}}
    assert again.table.missed == {0: 2}
    table.close()
    opened, table = again, again.table
    opened.arrive("ben")
    assert opened.vote("ben", 0, FINISH) == FINISH
    assert table.bot_finishes == {0} and 0 in table.standins
    assert "(bot finishes)" in opened.presence_line()
    while not table.is_over:  # the bot plays every decision of ana's at once now
        table.run_bots_now()
        if table.to_act() == (1,):
            own_move(table, 1)
    assert table.record.standins == [0]
    # The seat is marked in the record (replayable, language-neutral), and its result counts
    # as nobody's own: no high score for ana, no win in her statistics, marked in History.
    assert GameRecord.loads(table.record.dumps()).standins == [0]
    for name in ("ana", "ben"):
        own = Store(player_dir(tmp_path, name))
        try:
            [game] = own.finished()
            assert game.kinds == (STANDIN_KIND, "human")
            assert {s.name for s in own.high_scores("toy")} == {"ben"}
            players = {line.player for line in stats.score_lines(own.seat_results())}
            assert "ana" not in players and "ben" in players
            assert "ana (stand-in)" in ranking_line(game).plain
            assert "ben (stand-in)" not in ranking_line(game).plain
        finally:
            own.close()
    assert {s.name for s in lobby.store.high_scores("toy")} == {"ben"}


def test_the_clock_reads_coarse_when_much_is_left_and_by_the_second_at_the_end() -> None:
    assert time_left_words(3 * 86400) == ("3 days", pytest.approx(86400.02))
    assert time_left_words(86400)[0] == "24 h"
    assert time_left_words(299) == ("5 min", pytest.approx(59.02))
    assert time_left_words(60)[0] == "1:00"
    assert time_left_words(42.5) == ("0:43", pytest.approx(0.52))
    assert time_left_words(0) == ("0:00", None)


def status(app: ServerApp) -> str:
    return str(app.screen.query_one("#status").render())


def clock_shown(app: ServerApp) -> str:
    """The clock widget's text ("" while it is hidden)."""
    clock = app.screen.query_one("#clock")
    return str(clock.render()) if clock.display else ""


async def test_screens_count_the_clock_down_and_the_other_player_votes_with_a_key(
    lobby: Lobby, clock: FakeTime, tmp_path: Path
) -> None:
    opened = started(lobby, vote_after=1)
    table = opened.table
    assert table is not None
    ana, ben = session_app(lobby, "ana", tmp_path), session_app(lobby, "ben", tmp_path)
    async with ana.run_test(size=(80, 24)) as pa, ben.run_test(size=(80, 24)) as pb:
        sit(table, ana, ben)
        await pa.pause()
        await pb.pause()
        ana_screen, ben_screen = ana.screen, ben.screen
        assert isinstance(ana_screen, SharedTableView)
        assert isinstance(ben_screen, SharedTableView)
        assert clock_shown(ana) == "you 1:00 left"
        assert clock_shown(ben) == "ana 1:00 left"
        assert status(ana).startswith("ana: ")  # the status line itself is as without a clock
        # The clock sits over the right end of the status line, taking no room from the game.
        shown, line = ana_screen.query_one("#clock"), ana_screen.query_one("#status")
        assert shown.region.y == line.region.y == 0 and shown.region.right == 80
        assert line.region.width == 80
        # A timer per screen redraws the clock alone when its words change.
        assert ana_screen._clock_timer is not None
        clock.now += 18.5
        with ana._context():
            ana_screen._tick_clock()
        assert clock_shown(ana) == "you 0:42 left"

        clock.now += 42
        table.check_clock()
        for _ in range(40):  # the stand-in plays one decision on the running loop
            await pa.pause(0.02)
            if table.missed:
                break
        await pb.pause()
        assert table.missed == {0: 1} and len(table.record.actions) == 1
        assert clock_shown(ana) == "you 1:00 left"  # her clock started again
        # ben is told, and his footer has the vote's keys; ana's (the absent one's) has not.
        def keys(app: ServerApp) -> set[str]:
            return {b.binding.description for b in app.screen.active_bindings.values()
                    if b.enabled and b.binding.show}

        assert {"Vote: end game", "Vote: bot finishes"} <= keys(ben)
        assert "Vote: end game" not in keys(ana)
        assert any("ctrl+e ends the game" in n.message for n in ben._notifications)
        assert "Vote on ana (1 missed): ^e end 0 · ^f bot 0 · 1 of 1 decide" in status(ben)
        await pb.press("ctrl+f")
        await pb.pause()
        assert table.bot_finishes == {0}
        for _ in range(40):
            await pa.pause(0.02)
            if table.to_act() == (1,):
                break
        assert table.to_act() == (1,)  # the bot finished ana's turn at once
        assert clock_shown(ben) == "you 1:00 left"
        # ana presses a key: her seat is hers again.
        await pa.press("x")
        await pa.pause()
        assert table.bot_finishes == set() and table.standins == {}


async def test_history_marks_a_seat_a_stand_in_played_for(
    lobby: Lobby, clock: FakeTime, tmp_path: Path
) -> None:
    opened = started(lobby, vote_after=9, cards=1)
    table = opened.table
    assert table is not None
    time_out(table, clock)  # ana's card by a stand-in, then her own "end"
    own_move(table, 0)
    while not table.is_over:
        own_move(table, table.to_act()[0])
    ana = session_app(lobby, "ana", tmp_path)
    wait_for_histories()  # the copy into ana's store is written off the loop
    async with ana.run_test(size=(100, 30)) as pilot:
        assert ana.store is not None
        finished = ana.store.finished()
        with ana._context():
            ana.push_screen(HistoryScreen(finished, ana.store.high_scores("toy")))
        await pilot.pause()
        await pilot.press("left")  # the Finished games tab (its table is built when first shown)
        rows = ana.screen.query_one("#games")
        assert "ana (stand-in)" in str(rows.get_row_at(0)[2])  # type: ignore[attr-defined]


def test_vote_after_is_a_table_setting_kept_with_the_save(lobby: Lobby) -> None:
    settings = TableSettings(clock="5min", vote_after=5)
    assert TableSettings.from_json(settings.to_json()) == settings
    assert TableSettings.from_json({}).vote_after == 3  # the default, and for older saves
    assert TableSettings.from_json({"vote_after": "x"}).vote_after == 3
    assert TableSettings.from_json({"vote_after": 0}).vote_after == 1
    with pytest.raises(TableError, match="at least 1"):
        lobby.open("toy", 2, "ana", settings=TableSettings(vote_after=0))
    opened = started(lobby, vote_after=5)
    [row] = lobby.your_tables("ana")
    assert row.settings["vote_after"] == 5 and row.settings["decided"]["ended"] is False
    assert opened.settings.vote_after == 5


def test_a_record_without_stand_ins_is_written_as_before(lobby: Lobby) -> None:
    """Only a record with stand-in moves carries ``standins``; older readers ignore it."""
    opened = started(lobby)
    table = opened.table
    assert table is not None
    own_move(table, 0)
    assert "standins" not in table.record.to_json()
    data = {**table.record.to_json(), "standins": [1, 7, "x"]}
    with pytest.raises(ValueError):
        GameRecord.from_json(data)  # a damaged mark is a damaged record
    data["standins"] = [1, 7]
    with pytest.raises(ValueError):
        GameRecord.from_json(data)  # so is a seat the game lacks


async def test_a_click_takes_the_seat_back_as_a_key_does(
    lobby: Lobby, clock: FakeTime, tmp_path: Path
) -> None:
    opened = started(lobby)
    table = opened.table
    assert table is not None
    table.bot_delay = 3600  # the stand-in waits: the click comes first
    ana = session_app(lobby, "ana", tmp_path)
    async with ana.run_test(size=(80, 24)) as pilot:
        with ana._context():
            ana.start_table(table, seats=frozenset({0}))
        await pilot.pause()
        clock.now += 61
        assert table.check_clock() == [0]
        await pilot.click("#status")
        await pilot.pause()
        assert table.standins == {} and table.record.actions == []
        table.stop_bots()

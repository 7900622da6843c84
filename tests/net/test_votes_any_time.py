"""Votes at any time: any player at the table may ask to end the game, or that a bot plays for
a player who is away (disconnected) before that player misses a decision. The same machinery
as the vote after missed decisions: a majority of the players at the table decides, everyone
at the table is told, the vote is kept with the save, and a seat a bot played is marked as a
stand-in's in the record.

The lobby runs with an injected clock; the screens are real ServerApps under Textual's Pilot
(two players and a watcher), the app-shell's toy game.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.net.lobbykit import FakeTime, session_app, sit
from tests.net.test_standins import own_move, started
from tests.net.test_turn_notices import settle
from tulipgames.net.lobby import ALL, END, FINISH, KEEP, Lobby, TableError
from tulipgames.net.screens import SharedTableView


def test_a_bot_for_an_absent_player_and_the_end_by_a_majority_of_those_present(
    lobby: Lobby, clock: FakeTime
) -> None:
    opened = started(lobby, ("ana", "ben", "cleo"), vote_after=3)
    table = opened.table
    assert table is not None
    opened.arrive("ana")
    opened.arrive("ben")  # cleo is away
    assert opened.absent() == [2]
    with pytest.raises(TableError, match="ben is here"):
        opened.propose("ana", 1)
    with pytest.raises(TableError, match="only the players at the table vote"):
        opened.propose("cleo", ALL)
    # ana asks that a bot plays for cleo before cleo missed anything: 1 of 2 is no majority.
    assert opened.propose("ana", 2) is None and table.votes == {2: {"ana": FINISH}}
    assert table.missed == {}
    # cleo comes back before it is decided: the vote closes.
    opened.arrive("cleo")
    assert table.votes == {}
    opened.depart("cleo")
    assert opened.propose("ben", 2) is None
    assert opened.vote("ana", 2, FINISH) == FINISH
    assert table.bot_finishes == {2} and 2 in table.standins
    # ana and ben play their turns; cleo's is the bot's, and the record marks her seat.
    for seat in (0, 1):
        own_move(table, seat)
        table.play(seat, "end")
    table.run_bots_now()
    assert table.to_act() == (0,) and table.record.standins == [2]
    # cleo comes back: her seat is hers again.
    opened.arrive("cleo")
    assert table.bot_finishes == set() and 2 not in table.standins

    # ana asks to end the game: with three at the table, two decide; a "play on" does not.
    assert opened.propose("ana", ALL) is None
    with pytest.raises(TableError, match="a vote is 'end' or 'keep'"):
        opened.vote("ben", ALL, FINISH)
    assert opened.vote("ben", ALL, KEEP) is None
    # Kept with the save: a restarted server still has the open vote.
    again = Lobby(lobby.store, lobby.data_dir, now=clock, bot_delay=0.01).find(opened.code)
    assert again.table is not None and again.table.votes == {ALL: {"ana": END, "ben": KEEP}}
    assert opened.vote("cleo", ALL, END) == END
    assert table.ended and table.votes == {}


async def test_the_players_vote_with_the_palette_and_keys_and_a_watcher_is_told(
    lobby: Lobby, tmp_path: Path
) -> None:
    opened = started(lobby, ("ana", "ben", "cleo"))
    table = opened.table
    assert table is not None
    ana, ben, dan = (session_app(lobby, name, tmp_path) for name in ("ana", "ben", "dan"))
    async with (ana.run_test(size=(80, 24)) as pa, ben.run_test(size=(80, 24)) as pb,
                dan.run_test(size=(80, 24)) as pd):
        sit(table, ana, ben)
        with dan._context():
            dan.start_table(table, seats=frozenset())
        await settle(pa, pb, pd)
        titles = {c.title: c for c in ana.get_system_commands(ana.screen)}
        assert "Vote: a bot plays for cleo (away)" in titles
        assert not any("plays for ben" in t for t in titles)  # ben is here
        assert not any(t.startswith("Vote") for t in
                       (c.title for c in dan.get_system_commands(dan.screen)))  # a watcher
        with ana._context():
            titles["Vote to end this game"].callback()
        await settle(pa, pb, pd)
        assert table.votes == {ALL: {"ana": END}}
        assert any("ana asks to end the game. Vote: ctrl+e ends it, ctrl+f plays on" in n.message
                   for n in ben._notifications)
        assert any("Vote to end the game: the players at the table decide" in n.message
                   for n in dan._notifications)
        assert isinstance(ben.screen, SharedTableView)
        shown = {b.binding.description for b in ben.screen.active_bindings.values()
                 if b.enabled and b.binding.show}
        assert {"Vote: end game", "Vote: play on"} <= shown
        assert "Vote: bot finishes" not in shown
        assert ben.screen.vote_text() == ("Vote to end the game: ^e end 1 · ^f play on 0 · "
                                          "2 of 2 decide")
        await pb.press("ctrl+f")  # play on: 1 to 1, the vote stays open
        await settle(pa, pb, pd)
        assert table.votes == {ALL: {"ana": END, "ben": KEEP}} and not table.ended
        await pb.press("ctrl+e")  # he changes his mind: 2 of 2
        await settle(pa, pb, pd)
        assert table.ended and any(n.message == "The table ended the game."
                                   for n in ben._notifications)

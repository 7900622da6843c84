"""Chat kept with the table appears in its replay: each line said during a shared game goes
into its record at the move it was said, is saved with it (and so into each player's History
copy), is checked like every field of a record when read back (hostile values refused), and
the replay viewer shows it at that move.

A real lobby and SQLite stores with the app-shell's toy game; the replay viewer of a real
TulipGamesApp under Textual's Pilot at 80x24.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.net.test_turn_notices import turn
from tests.test_replay import random_record
from tulipgames.engine.record import MAX_CHAT, GameRecord, RecordError, Said
from tulipgames.net.lobby import Lobby, player_dir
from tulipgames.store import Store, wait_for_histories
from tulipgames.tui.app import TulipGamesApp
from tulipgames.tui.replay_chat import ReplayChat
from tulipgames.tui.screens.replay import replay_screen


def chat_shown(screen: Any) -> str:
    return str(screen.query_one("#replay-chat").render())


async def test_chat_goes_into_the_record_at_its_move_and_the_replay_shows_it_there(
    lobby: Lobby, tmp_path: Path
) -> None:
    opened = lobby.open("toy", 2, "ana", options={"cards": 1}, seed=5)
    opened.claim("ben")
    lobby.start(opened.code)
    table = opened.table
    assert table is not None
    opened.watchers["cleo"] = 1
    opened.say("ana", "/1")  # at move 0: the quick phrase, as said
    turn(table, 0)
    opened.say("cleo", "nice [b]move[/b]")  # a watcher, at move 2, markup kept as text
    opened.say("ben", "thanks")
    while not table.is_over:
        turn(table, table.to_act()[0])
    opened.say("ana", "after the end")  # the record is final: the table's chat keeps it
    assert opened.chat.lines[-1].text == "after the end"
    expected = [Said(0, "ana", "good game"), Said(2, "cleo", "nice [b]move[/b]", True),
                Said(2, "ben", "thanks")]
    assert table.record.chat == expected
    assert lobby.store.load(table.save_id).record.chat == expected
    # ...and into each player's own History, whose replay is what they open.
    wait_for_histories()  # written off the loop, in the background
    own = Store(player_dir(tmp_path, "ben"))
    try:
        [game] = own.saves(None, empty=True)
        record = own.load(game.id).record
    finally:
        own.close()
    assert record.chat == expected


async def test_the_replay_viewer_shows_each_line_at_its_move(tmp_path: Path) -> None:
    """The viewer of a real game's record (the toy game has no screen module)."""
    record = random_record("sixtyone", 2, seed=21)
    record.chat = [Said(0, "ana", "good game"), Said(2, "cleo", "nice [b]move[/b]", True),
                   Said(2, "ben", "thanks")]
    record = GameRecord.from_json(record.to_json())  # as read back from a save
    app = TulipGamesApp(Store(tmp_path / "viewer"))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = replay_screen(record, owned={1})
        app.push_screen(screen)
        await pilot.pause()
        assert isinstance(screen, ReplayChat)
        strip = screen.query_one("#replay-chat").region
        assert (strip.y, strip.width) == (22, 80)  # one line above the footer
        assert chat_shown(screen) == "Chat ben: thanks  (at 2)"  # at the end, the last line
        await pilot.press("home")
        assert chat_shown(screen) == "Chat ana: good game"
        await pilot.press("right")
        assert chat_shown(screen) == "Chat ana: good game  (at 0)"
        await pilot.press("right")
        assert chat_shown(screen) == ("Chat cleo (watching): nice [b]move[/b] · ben: thanks")
        assert screen.table.position == 2
        # A record without chat has no chat line at all.
        plain = replay_screen(GameRecord.from_json(record.to_json() | {"chat": []}))
        app.push_screen(plain)
        await pilot.pause()
        assert not plain.query("#replay-chat")


def test_a_record_s_chat_is_checked_when_read_and_hostile_values_refused(
    lobby: Lobby,
) -> None:
    opened = lobby.open("toy", 2, "ana", options={"cards": 1}, seed=5)
    opened.claim("ben")
    lobby.start(opened.code)
    table = opened.table
    assert table is not None
    opened.say("ana", "hi")
    base = table.record.to_json()
    assert base["chat"] == [{"move": 0, "name": "ana", "text": "hi"}]
    assert GameRecord.from_json(base).chat == [Said(0, "ana", "hi")]
    line = {"move": 0, "name": "ana", "text": "hi"}
    for bad in (
        "junk", [["0", "ana", "hi"]], [{**line, "text": "\x1b]52;c;eA==\x07"}],
        [{**line, "text": "a\u202eb"}], [{**line, "text": ""}], [{**line, "text": "x" * 201}],
        [{**line, "move": -1}], [{**line, "move": True}], [{**line, "move": "1"}],
        [{**line, "name": "a\nb"}], [{**line, "name": ""}], [{**line, "watcher": "yes"}],
        [{**line, "extra": 1}], [line] * (MAX_CHAT + 1),
    ):
        with pytest.raises(RecordError, match="chat"):
            GameRecord.from_json(base | {"chat": bad})
    # A line past the actions (moves taken back) is shown at the end, not refused.
    assert GameRecord.from_json(base | {"chat": [{**line, "move": 99}]}).chat == [
        Said(len(table.record.actions), "ana", "hi")]
    assert "chat" not in GameRecord.from_json(base | {"chat": []}).to_json()

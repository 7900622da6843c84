"""Chat at a shared table: players and watchers, quick phrases, plain text only, control
characters removed, per-session rate and length limits, ``/mute NAME``, kept with the table
across a restart and never written to the operator log.

Real ServerApps of three sessions (two players, one watcher) under Textual's Pilot at 80x24,
one lobby and one real SQLite store, the app-shell's toy game.
"""

from __future__ import annotations

import logging
from collections.abc import Iterator
from pathlib import Path

import pytest
from textual.widgets import Static

from tests.net.lobbykit import session_app
from tests.tui import toygame
from tulipgames.net.app import ServerApp
from tulipgames.net.chat import MAX_LENGTH, ChatLine, RateLimit, clean
from tulipgames.net.lobby import Lobby, OpenTable, TableError
from tulipgames.net.screens import SharedTableView
from tulipgames.store import Store
from tulipgames.tui.widgets import GameLog


@pytest.fixture
def store(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Store]:
    toygame.install(monkeypatch, only=True)
    opened = Store(tmp_path)
    yield opened
    opened.close()


def started(lobby: Lobby) -> OpenTable:
    opened = lobby.open("toy", 2, "ana", options={"cards": 3}, seed=5)
    opened.claim("ben")
    lobby.start(opened.code)
    return opened


def shown_chat(app: ServerApp) -> str:
    return str(app.screen.query_one("#chat-lines", Static).render())


def test_a_line_is_one_line_of_plain_text_within_the_limits() -> None:
    assert clean("\x1b[2Jhi\x07 there\r\n\tyou\u202e!\u200b") == "[2Jhi there you!"
    assert clean("x" * 500) == "x" * MAX_LENGTH
    moment = [0.0]
    limit = RateLimit(lines=2, seconds=10, now=lambda: moment[0])
    assert limit.allow() and limit.allow() and not limit.allow()
    moment[0] = 10.0
    assert limit.allow()
    # A save edited by hand is cleaned again on reading.
    line = ChatLine.from_json({"name": "ana", "text": "a\x1b]52;c;eA==\x07b", "at": 1})
    assert line is not None and line.text == "a]52;c;eA==b"
    assert ChatLine.from_json({"name": "", "text": "x"}) is None
    assert ChatLine.from_json("junk") is None


async def test_players_and_a_watcher_chat_at_the_table(
    store: Store, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG)
    lobby = Lobby(store, tmp_path, bot_delay=0.01)
    opened = started(lobby)
    table = opened.table
    assert table is not None
    ana, ben, cleo = (session_app(lobby, name, tmp_path) for name in ("ana", "ben", "cleo"))
    async with (ana.run_test(size=(80, 24)) as pa, ben.run_test(size=(80, 24)) as pb,
                cleo.run_test(size=(80, 24)) as pc):
        for app, seats in ((ana, {0}), (ben, {1}), (cleo, set())):
            with app._context():
                app.start_table(table, seats=frozenset(seats))
        for pilot in (pa, pb, pc):
            await pilot.pause()
        assert isinstance(ana.screen, SharedTableView) and cleo.screen.watching  # type: ignore
        await pa.press("ctrl+t")
        await pa.pause()
        panel = ana.screen.query_one("#chat")
        assert panel.display and shown_chat(ana) == "Nobody has said anything here yet."
        # The panel fits 80x24 over the log, above the footer, and the board stays in view.
        board = ana.screen.query_one("#hand").region
        log = ana.screen.query_one(GameLog).region
        assert panel.region.bottom == 23 and panel.region.width == 80
        assert panel.region.y >= log.y - 1 and not panel.region.overlaps(board)
        await pa.press("slash", "1", "enter")  # a quick phrase
        for pilot in (pa, pb, pc):
            await pilot.pause()
        assert opened.chat.lines[-1].text == "good game"
        assert "ana: good game" in shown_chat(ana)
        # ben's panel is closed: a notice tells him; the watcher's too.
        assert any(n.message.startswith("ana: good game") for n in ben._notifications)
        assert any(n.message.startswith("ana: good game") for n in cleo._notifications)

        # The watcher says markup and escapes: shown as typed, the escapes gone.
        with cleo._context():
            opened.say("cleo", "[b]hi[/b] [@click=app.quit]x[/] \x1b[2J\x07!")
        await pa.pause()
        assert "cleo (watching): [b]hi[/b] [@click=app.quit]x[/] [2J!" in shown_chat(ana)
        assert ana.is_running

        # ana mutes cleo: cleo's next line does not reach her screen (it does reach ben).
        await pa.press(*"/mute cleo", "enter")
        await pa.pause()
        with cleo._context():
            opened.say("cleo", "still here")
        await pa.pause()
        await pb.pause()
        assert "still here" not in shown_chat(ana)
        assert any(n.message.startswith("cleo (watching): still here")
                   for n in ben._notifications)

        # The rate limit of a session: the sixth line within ten seconds is refused.
        await pb.press("ctrl+t")
        for word in ("a", "b", "c", "d", "e"):
            await pb.press(word, "enter")
        await pb.pause()
        assert [line.text for line in opened.chat.lines[-4:]] == ["b", "c", "d", "e"]
        assert not any("slow down" in n.message for n in ben._notifications)
        await pb.press("f", "enter")
        await pb.pause()
        assert opened.chat.lines[-1].text == "e"
        assert any("slow down: at most 5 lines per 10 seconds" in n.message
                   for n in ben._notifications)

        # Esc closes the panel and leaves the player at the table; then game keys work.
        await pa.press("escape")
        await pa.pause()
        assert isinstance(ana.screen, SharedTableView) and not ana.screen.chat_open()

        # Someone neither seated nor watching cannot speak here.
        with pytest.raises(TableError):
            opened.say("mallory", "hello")

        # The host closes the chat to watchers (from ctrl+p): cleo reads on, but cannot speak.
        [close] = [c for c in ana.get_system_commands(ana.screen)
                   if c.title == "Close the chat to watchers"]
        assert not any(c.title == "Close the chat to watchers"
                       for c in ben.get_system_commands(ben.screen))  # the host's only
        with ana._context():
            close.callback()
        await pc.pause()
        with pytest.raises(TableError, match="ana closed the chat to watchers"):
            opened.say("cleo", "let me speak")
        await pc.press("ctrl+t")
        await pc.press(*"hello", "enter")
        await pc.pause()
        assert opened.chat.lines[-1].text == "e"
        assert any("closed the chat to watchers" in n.message for n in cleo._notifications)
        opened.say("ben", "players still talk")

    # Kept with the table's save: a restarted server's lobby has the lines.
    said = [(line.name, line.text, line.watcher) for line in opened.chat.lines]
    again = Lobby(store, tmp_path, bot_delay=0.01)
    reopened = again.find(opened.code)
    assert reopened is not opened
    assert [(line.name, line.text, line.watcher) for line in reopened.chat.lines] == said
    assert ("cleo", "still here", True) in said
    assert not reopened.settings.watcher_chat  # the host's choice too
    # The operator's log (every logger) never has what was said.
    assert not any("good game" in r.getMessage() or "still here" in r.getMessage()
                   for r in caplog.records)


async def test_the_chat_panel_covers_only_the_log_of_a_real_game_at_80x24(
    tmp_path: Path,
) -> None:
    store = Store(tmp_path)
    try:
        lobby = Lobby(store, tmp_path, bot_delay=0.01)
        opened = lobby.open("sixtyone", 2, "ana", seed=3)
        opened.claim("ben")
        table = lobby.start(opened.code)
        ana = session_app(lobby, "ana", tmp_path)
        async with ana.run_test(size=(80, 24)) as pilot:
            with ana._context():
                ana.start_table(table, seats=frozenset({0}))
            await pilot.pause()
            log = ana.screen.query_one(GameLog).region
            await pilot.press("ctrl+t")
            await pilot.pause()
            panel = ana.screen.query_one("#chat").region
            assert (panel.y, panel.bottom) == (log.y, 23)  # the log's rows, above the footer
            await pilot.press(*"/2", "enter")
            await pilot.pause()
            assert "ana: thinking…" in shown_chat(ana)
    finally:
        store.close()

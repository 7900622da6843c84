"""No seed and no hidden card in the server's log: a whole shared table is played to its end
on a real ``tulipgames serve`` (its structured log captured), then the log is scanned for the
game's seed and for every token any seat held secret at any moment of the game
(``State.secrets``: card ids such as ``V4#17``)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.net.conftest import Server, send
from tests.net.test_tables_ssh import CLOCK, open_table
from tulipgames import games
from tulipgames.engine.record import replay
from tulipgames.net.loadtest import connect
from tulipgames.store import Store


def secret_tokens(game_id: str, save_id: int, store: Store) -> tuple[int, set[str]]:
    """The seed of a stored game and every token any seat held secret after any action."""
    table = store.load(save_id)
    game, record = games.get_game(game_id), table.record
    tokens: set[str] = set()
    for upto in range(len(record.actions) + 1):
        state = replay(game, record, upto).state
        for seat in range(len(record.seats)):
            tokens |= state.secrets(seat)
    return record.seed, tokens


def appears(token: str, text: str) -> bool:
    """``token`` as a whole value in ``text`` (not as a piece of a longer word or number)."""
    return re.search(rf"(?<![\w#]){re.escape(token)}(?![\w#])", text) is not None


async def test_a_whole_played_table_leaves_no_seed_and_no_hidden_card_in_the_log(
    tmp_path: Path, serve: list[Server], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("TULIPGAMES_CLOCK_SCALE", "0.002")  # 1 min per move -> 0.12 s
    server = Server(tmp_path)
    serve.append(server)
    ana = await connect(server.port, "ana")
    code = await open_table(ana, "Gift of Tulips", (CLOCK, 1, "1 min per move"))
    await send(ana, "b")  # a bot takes the free seat
    await ana.term.wait_for("Seat 2: bot")
    await send(ana, "s")
    # ana stays connected and silent: her stand-in plays one decision per (scaled) minute, the
    # vote after three opens with nobody to vote, and the game goes on to its end.
    assert server.wait_log("table_finished", 1, timeout=180), server.log_lines()
    ana.conn.close()
    log = (tmp_path / "serve.err").read_text()
    assert f"code={code}" in log and "event=bot_takeover" in log
    assert "event=standin_vote_opened" in log

    store = Store(tmp_path)
    try:
        [finished] = store.finished()
        seed, tokens = secret_tokens(finished.game, finished.id, store)
    finally:
        store.close()
    assert finished.kinds[0] == "bot:stand-in"  # ana's seat: played by stand-ins
    assert len(tokens) > 5, tokens  # the deals, drawn cards and secret festival cards
    leaked = sorted(token for token in tokens if appears(token, log))
    assert leaked == [], leaked
    assert not appears(str(seed), log), f"the seed {seed} is in the log"

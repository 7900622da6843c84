"""The operator's chat log: table chat lines go to the server's structured log only when the
operator asked for it (``serve --log-chat``), quoted and escaped like every logged value; by
default the log never has what players say. (A real ``serve --log-chat`` with ``ssh -T``
players is in test_plain_chat.py.)"""

from __future__ import annotations

import argparse
import logging

import pytest

from tulipgames.net import ssh
from tulipgames.net.lobby import Lobby


def chat_records(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [r.getMessage() for r in caplog.records if " event=chat " in r.getMessage()]


@pytest.mark.parametrize("on", [False, True])
def test_chat_lines_reach_the_log_only_with_log_chat(
    lobby: Lobby, caplog: pytest.LogCaptureFixture, on: bool
) -> None:
    caplog.set_level(logging.INFO)
    lobby.log_chat = on
    opened = lobby.open("toy", 2, "ana", options={"cards": 1}, seed=5)
    opened.claim("ben")
    opened.say("ana", "before the start")
    lobby.start(opened.code)
    opened.watchers["cleo"] = 1
    opened.say("cleo", 'hi "all" x=1 \x1b[2J')
    lines = chat_records(caplog)
    if not on:
        assert lines == []
        assert not any("before the start" in r.getMessage() for r in caplog.records)
        return
    code = opened.code
    assert len(lines) == 2
    assert lines[0].endswith(f'event=chat code={code} name=ana text="before the start"')
    # escaped: the quote and the "=" cannot forge a field, the escape character is gone
    assert lines[1].endswith(f'event=chat code={code} name=cleo watcher=True '
                             'text="hi \\"all\\" x=1 [2J"')


def test_log_chat_is_an_option_of_serve_off_by_default() -> None:
    parser = argparse.ArgumentParser()
    ssh.add_arguments(parser)
    assert parser.parse_args([]).log_chat is False
    assert parser.parse_args(["--log-chat"]).log_chat is True

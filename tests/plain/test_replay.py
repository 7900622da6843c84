"""The plain replay: a game's record said one decision per step, through the speech layer, in
at most six lines a step; reached from the plain menu's History."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.plain.test_menu import finished_game, menu
from tests.plain.test_speech import MARKUP
from tulipgames import games
from tulipgames.engine.core import SeatSpec
from tulipgames.plain.replay import PlainReplay
from tulipgames.plain.session import TURN_LINES, PlainSession
from tulipgames.plain.speech import unspeakable
from tulipgames.plain.transcripts import per_decision, played
from tulipgames.store import Store
from tulipgames.table import Table

#: Steps heard from the start (a Spice Road game has hundreds), then the last ones.
STEPS = 60


def replayed(table: Table, answers: list[str], owned: frozenset[int] | None = None
             ) -> list[str]:
    feed = iter(answers)
    out: list[str] = []
    PlainReplay(table.game, table.record, lambda: next(feed, None), out.append, owned=owned,
                echo=True).run()
    return out


@pytest.mark.parametrize("game_id", games.GAME_IDS)
def test_each_decision_is_one_short_spoken_step(game_id: str) -> None:
    table, _ = played(game_id, 2, 42, queries=False)
    length = len(table.record.actions)
    steps = min(STEPS, length - 3)
    out = replayed(table, [""] * steps + ["look", "back", "back", str(length - 2), "", "",
                                          "", "first", "quit"])
    said = [line for line in out if not line.startswith(">")]
    assert not [(line, unspeakable(line)) for line in said if unspeakable(line)]
    assert not [line for line in said if MARKUP.search(line)]
    heads = [int(m[1]) for line in said if (m := re.match(rf"Move (\d+) of {length}\b", line))]
    # forward one at a time, back twice, to a move, on to the last, then the start
    assert heads == [*range(1, steps + 1), steps - 1, steps - 2, length - 2, length - 1, length]
    decisions = per_decision(out)
    ending = next(i for i, step in enumerate(decisions) if any(
        line.startswith("Final scores:") for line in step))
    # (a look's lines are on demand, not counted; the result follows the last move)
    assert all(len(step) <= TURN_LINES for i, step in enumerate(decisions)
               if i != ending), max(decisions, key=len)
    result = table.result()
    assert "Final scores: " + ", ".join(
        f"{name} {total}" for name, total in zip(table.names, result.totals, strict=True)
    ) + "." in said
    assert "That was the last move. Type back, first, or quit." in said
    assert said[-1].startswith("The start, before the first of")
    # every decision is named once the game is over, the bots' too
    assert re.search(rf"Move \d+ of {length}: Bot 2, ", "\n".join(said))


def test_an_unfinished_game_names_only_the_readers_own_decisions() -> None:
    table = Table.new(games.get_game("tulipandrose"),
                      [SeatSpec("Ana"), SeatSpec("Ben", "bot:random")], 42, bot_delay=0)
    feed = iter(["1"] * 6 + ["quit"])
    PlainSession(table, lambda: next(feed, None), lambda line: None).run()
    assert not table.is_over and len(table.record.actions) > 4
    said = replayed(table, [""] * len(table.record.actions) + ["quit"], owned=frozenset({0}))
    heads = [line for line in said if line.startswith("Move ")]
    assert len(heads) == len(table.record.actions)
    for line, (seat, _) in zip(heads, table.record.actions, strict=True):
        assert (": Ana, " in line) if seat == 0 else line.endswith(", Ben.")
    assert any(line.startswith("The game is not over") for line in said)


def test_history_leads_to_the_replay(tmp_path: Path) -> None:
    store = Store(tmp_path)
    table = finished_game(store)
    number = table.save_id
    out = menu(store, ["history", f"replay {number}", "", "", "back", "quit", "replay 999",
                       "7"])
    said = "\n".join(out)
    assert f"Step through one, a decision at a time: replay and its number, as in replay " \
           f"{number}." in said
    length = len(table.record.actions)
    assert re.search(rf"Replay of Sixty-One, finished: Ana, Ben \(bot\); {length} moves\.", said)
    assert f"Move 2 of {length}:" in said and said.count(f"Move 1 of {length}:") == 2
    assert "Back at the menu." in said
    assert "Game 999 cannot be replayed" in said
    assert out[-1] == "Goodbye."
    # over SSH only the login's own games
    assert "is not one of yours" in "\n".join(menu(store, [f"replay {number}", "7"], "cy"))

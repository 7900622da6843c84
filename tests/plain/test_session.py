"""The plain-text mode: full games of every game by text, bad input, hot-seat hand-overs."""

from __future__ import annotations

import random
import re

import pytest

from tests.engine.toygame import NIM, Take
from tulipgames import games
from tulipgames.engine.core import SeatSpec
from tulipgames.plain.session import GROUP_LIMIT, Choice, PlainSession, group_choices
from tulipgames.table import Table


def transcript(table: Table, answers: list[str], **kwargs: object) -> list[str]:
    feed = iter(answers)
    out: list[str] = []
    PlainSession(table, lambda: next(feed, None), out.append, echo=True, **kwargs).run()  # type: ignore[arg-type]
    return out


def leaves(choices: list[Choice]) -> list[str]:
    found = []
    for choice in choices:
        found += leaves(choice.children) if choice.children else [choice.label]
    return found


def test_long_lists_are_grouped_and_no_list_is_too_long() -> None:
    labelled = [
        (f"place area {a} spot {s}", Take(a * 10 + s)) for a in range(1, 7) for s in (1, 2, 3)
    ]
    top = group_choices(labelled)
    assert len(top) == 6 and top[0].label == "place area 1 (3 choices)"
    assert sorted(leaves(top)) == sorted(label for label, _ in labelled)

    def depth_ok(level: list[Choice]) -> bool:
        return len(level) <= GROUP_LIMIT and all(depth_ok(c.children) for c in level if c.children)

    many = [(f"card {n}", Take(n)) for n in range(40)]
    assert depth_ok(group_choices(many)) and len(leaves(group_choices(many))) == 40


@pytest.mark.parametrize("game_id", games.GAME_IDS)
def test_a_whole_game_by_text_ends_with_the_rules_score(game_id: str) -> None:
    game = games.get_game(game_id)
    seats = [SeatSpec("Ana"), SeatSpec("Ben", "bot:random")] if game.max_players > 1 else [
        SeatSpec("Ana")
    ]
    table = Table.new(game, seats, seed=17)
    rng = random.Random(game_id)
    # any answer 1-9: out-of-range numbers are refused and asked again, like a person's typos
    out = transcript(table, [str(rng.randint(1, 9)) for _ in range(40000)])
    assert table.is_over
    final = next(line for line in reversed(out) if line.startswith("Final scores:"))
    result = table.result()
    for seat, name in enumerate(table.names):
        assert re.search(rf"\b{re.escape(name)} {result.totals[seat]}\b", final)
    # reading order: no line is empty markup or box drawing
    assert not any(ch in "".join(out) for ch in "│╭╰─[")


def test_bad_input_gets_one_sentence_and_the_prompt_again() -> None:
    table = Table.new(NIM, [SeatSpec("Ana"), SeatSpec("Ben")], 3, options={"pile": 5})
    out = transcript(table, ["", "9", "take lots", "grab", "take 9", "quit"])
    said = "\n".join(out)
    assert "There is no choice 9" in said
    assert "must be a number" in said
    assert "Cannot read 'grab'" in said
    assert "Not allowed: only 5 stones are left." in said
    assert table.record.actions == []


def test_hot_seat_with_secrets_passes_the_keyboard_before_anything_private() -> None:
    table = Table.new(NIM, [SeatSpec("Ana"), SeatSpec("Ben")], 3, options={"pile": 6})
    out = transcript(table, ["", "peek", "1", "", "1", "quit"])
    said = "\n".join(out)
    handover = said.index("Pass to Ana. Press Enter when Ana has the keyboard.")
    private = said.index("you see")
    assert handover < private
    ben = said.index("Pass to Ben.")
    # Ana's private peek is not repeated to Ben after the hand-over
    assert "you see" not in said[ben:]


def test_undo_and_look_and_log() -> None:
    table = Table.new(NIM, [SeatSpec("Ana"), SeatSpec("Ben", "bot:hard")], 3, options={"pile": 9})
    out = transcript(table, ["take 1", "undo", "look", "log", "quit"], seats=frozenset({0}))
    said = "\n".join(out)
    assert "Ana takes 1" in said
    # the bot answered at once, so Ana's step is not hers to take back any more
    assert "Nothing to undo" in said or "Undone." in said
    assert "Pile:" in said and "The log," in said

"""Hostile record files and damaged saves: every shape a hostile review threw at ``import`` (and
a damaged database row may hold) is refused with one line and exit code 2, never a traceback,
and a save holding one is listed in Resume with its reason instead of crashing the app."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.pilot import screen_text, wait_for
from tests.tui import toygame
from tulipgames.cli import main
from tulipgames.engine.core import SeatSpec
from tulipgames.store import DB_NAME, Store, read_export
from tulipgames.table import Table
from tulipgames.tui.app import TulipGamesApp
from tulipgames.tui.screens.resume import ResumeScreen

pytestmark = pytest.mark.usefixtures("toy")


@pytest.fixture
def toy(monkeypatch: pytest.MonkeyPatch) -> None:
    toygame.install(monkeypatch)


def finished_game(store: Store, seed: int = 8) -> Table:
    table = Table.new(toygame.GAME, [SeatSpec("Ana"), SeatSpec("Bot", "bot:random")], seed,
                      {"cards": 2})
    store.create(table)
    while not table.state.is_over():
        seat = table.state.to_act()[0]
        table.play(seat, table.state.legal_actions(seat)[0])
    return table


def with_record(good: dict[str, Any], **changes: Any) -> str:
    return json.dumps(dict(good, record=dict(good["record"], **changes)))


def seat_0(good: dict[str, Any], **changes: Any) -> str:
    seats = [dict(good["record"]["seats"][0], **changes), good["record"]["seats"][1]]
    return with_record(good, seats=seats)


def nested(depth: int) -> str:
    return "[" * depth + "]" * depth


#: name -> (the file made from a good export, a part of the one line that must explain it).
HOSTILE: dict[str, tuple[Callable[[dict[str, Any]], str], str]] = {
    "infinity": (lambda g: with_record(g, seed=1).replace('"seed": 1', '"seed": Infinity'),
                 "it holds Infinity, which is not a number"),
    "minus-infinity": (lambda g: json.dumps(g).replace('"version": 1', '"version": -Infinity'),
                       "it holds -Infinity"),
    "nan": (lambda g: with_record(g, seed=1).replace('"seed": 1', '"seed": NaN'),
            "it holds NaN"),
    "overflowing-float": (lambda g: with_record(g, seed=1).replace('"seed": 1', '"seed": 1e999'),
                          "a number too large"),
    "float-seed": (lambda g: with_record(g, seed=8.5), "seed is 8.5, not a whole number"),
    "huge-int": (lambda g: with_record(g, seed=1).replace('"seed": 1', '"seed": ' + "9" * 5000),
                 "not JSON"),
    "deep-100k": (lambda g: with_record(g, options={"cards": 2}).replace(
        '"cards": 2', '"cards": ' + nested(100_000)), "nested more than 16 levels deep"),
    "deep-100k-top": (lambda g: nested(100_000), "nested more than 16 levels deep"),
    "deep-40-unknown-field": (lambda g: json.dumps(dict(g, extra=json.loads(nested(40)))),
                              "nested more than 16 levels deep"),
    "huge-name": (lambda g: seat_0(g, name="N" * 2_000_000),
                  "seat 1 has a name of 2000000 characters (at most 32)"),
    "long-name": (lambda g: seat_0(g, name="N" * 33), "a name of 33 characters"),
    "escape-in-name": (lambda g: seat_0(g, name="\x1b[2Jboo"), "holds a control character"),
    "newline-in-name": (lambda g: seat_0(g, name="a\nb"), "holds a control character"),
    "line-separator-in-name": (lambda g: seat_0(g, name="a\u2028b"),
                               "holds a control character"),
    "surrogate-in-name": (lambda g: seat_0(g, name="x").replace('"x"', '"\\ud800"'),
                          "holds a control character"),
    "number-name": (lambda g: seat_0(g, name=7), "seat 1's name is 7"),
    "bad-level": (lambda g: json.dumps(g).replace("bot:random", "bot:nope"),
                  ".json: seat 2 is a bot of level 'nope', which Toy Cards lacks"),
    "bad-kind": (lambda g: seat_0(g, kind="alien"), "seat 1 is of kind 'alien'"),
    "seats-string": (lambda g: with_record(g, seats="Ana,Bot"), "its seats are 'Ana,Bot'"),
    "too-many-seats": (lambda g: with_record(g, seats=[{"name": f"P{i}"} for i in range(40)]),
                       "its seats are"),
    "seats-beyond-game": (lambda g: with_record(g, seats=[{"name": f"P{i}"} for i in range(9)],
                                                actions=[]),
                          ".json: Toy Cards is for 1-4 players, not 9"),
    "seed-string": (lambda g: with_record(g, seed="8"), "seed is '8', not a whole number"),
    "seed-true": (lambda g: with_record(g, seed=True), "seed is True, not a whole number"),
    "seed-negative": (lambda g: with_record(g, seed=-1), "seed -1 is not from 0"),
    "seed-huge": (lambda g: with_record(g, seed=2**80), "is not from 0 to"),
    "game-number": (lambda g: with_record(g, game=3), "its game is 3"),
    "actions-object": (lambda g: with_record(g, actions={"0": "end"}), "its actions are"),
    "action-seat-string": (lambda g: with_record(g, actions=[["0", "end"]]),
                           "action 1 is by seat '0'"),
    "action-seat-out-of-range": (lambda g: with_record(g, actions=[[9, "end"]]),
                                 "action 1 is by seat 9, not one of the 2 seats"),
    "action-number": (lambda g: with_record(g, actions=[[0, 5]]), "action 1 is 5, not a move"),
    "action-huge-text": (lambda g: with_record(g, actions=[[0, "play " + "9" * 300]]),
                         "action 1 is 'play 9999"),
    "action-triple": (lambda g: with_record(g, actions=[[0, "end", 1]]),
                      "not [seat, text]"),
    "options-list": (lambda g: with_record(g, options=[1, 2]), "its options are [1, 2]"),
    "option-object": (lambda g: with_record(g, options={"cards": {"a": 1}}),
                      "option 'cards' is {'a': 1}"),
    "format-string": (lambda g: with_record(g, format="1"), "format is '1'"),
    "version-true": (lambda g: json.dumps(dict(g, version=True)), "its version is missing"),
    "variant-object": (lambda g: json.dumps(dict(g, variant={"x": 1})), "its variant is"),
    "variant-huge": (lambda g: json.dumps(dict(g, variant="v" * 100_000)), "its variant is"),
    "record-list": (lambda g: json.dumps(dict(g, record=[1])), "it holds no record"),
    "top-list": (lambda g: "[1, 2]", "not a tulipgames record"),
    "truncated": (lambda g: json.dumps(g)[:-40], "damaged file, not JSON"),
    "empty": (lambda g: "", "damaged file, not JSON"),
}


@pytest.fixture
def good(tmp_path: Path) -> dict[str, Any]:
    store = Store(tmp_path / "home")
    table = finished_game(store)
    data = store.export_record(table.save_id)
    store.close()
    return data


def rows(path: Path) -> list[tuple[object, ...]]:
    if not (path / DB_NAME).exists():
        return []
    raw = sqlite3.connect(path / DB_NAME)
    found = raw.execute("SELECT * FROM saves ORDER BY id").fetchall()
    found += raw.execute("SELECT * FROM scores ORDER BY id").fetchall()
    raw.close()
    return found


@pytest.mark.parametrize("case", sorted(HOSTILE))
def test_a_hostile_record_file_is_one_line_and_exit_2(
    case: str, good: dict[str, Any], tmp_path: Path, capsys: pytest.CaptureFixture[str]
):
    make, reason = HOSTILE[case]
    path = tmp_path / f"{case}.json"
    path.write_text(make(good), "utf-8", errors="surrogatepass")
    away = tmp_path / "away"
    Store(away).close()
    before = rows(away)
    with pytest.raises(SystemExit) as exit_info:
        main(["--data-dir", str(away), "import", str(path)])
    assert exit_info.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and len(err) < 400, err[:400]
    assert err.startswith(f"tulipgames import: error: cannot import {path}: ")
    assert reason in err, err
    assert rows(away) == before


def test_the_good_file_behind_the_hostile_ones_imports(good: dict[str, Any], tmp_path: Path):
    """The hostile shapes are refused for what was changed in them, not for the file around."""
    table, _ = read_export(json.dumps(good))
    assert table.state.is_over()
    longest = seat_0(good, name="N" * 32)  # the longest name that may be
    assert read_export(longest)[0].names[0] == "N" * 32


def test_a_file_larger_than_a_record_is_refused_without_reading_it_whole(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
):
    from tulipgames.engine import record

    monkeypatch.setattr(record, "MAX_RECORD_CHARS", 1000)
    path = tmp_path / "big.json"
    path.write_text(" " * 5000, "utf-8")
    with pytest.raises(SystemExit) as exit_info:
        main(["--data-dir", str(tmp_path), "import", str(path)])
    assert exit_info.value.code == 2
    assert "larger than a record can be (1000 characters)" in capsys.readouterr().err


def test_a_seat_name_a_record_refuses_cannot_start_a_game(capsys: pytest.CaptureFixture[str],
                                                           tmp_path: Path):
    """What a save refuses, a new game refuses too: else a game would be played and its save
    then listed as damaged."""
    for seats in ("Ana," + "B" * 40 + "=bot", "Ana,\x1bX"):
        with pytest.raises(SystemExit) as exit_info:
            main(["--data-dir", str(tmp_path), "play", "toy", "--seats", seats])
        assert exit_info.value.code == 2
        err = capsys.readouterr().err
        assert "a seat has" in err and err.count("\n") == 1


def damage(store: Store, save_id: int, edit: Callable[[str], str]) -> None:
    raw = sqlite3.connect(store.path)
    (text,) = raw.execute("SELECT record FROM saves WHERE id = ?", (save_id,)).fetchone()
    raw.execute("UPDATE saves SET record = ? WHERE id = ?", (edit(text), save_id))
    raw.commit()
    raw.close()


#: A damaged save's record -> what Resume says about it.
DAMAGED: dict[str, tuple[Callable[[str], str], str]] = {
    "infinity": (lambda t: t.replace('"seed":4', '"seed":Infinity'), "Infinity"),
    "deep": (lambda t: t.replace('"cards":3', '"cards":' + nested(100_000)), "nested more"),
    "huge-name": (lambda t: t.replace('"Ana"', json.dumps("A" * 2_000_000)), "2000000 char"),
    "bad-level": (lambda t: t.replace('"bot:random"', '"bot:nope"'), "level 'nope'"),
}


async def test_damaged_saves_are_listed_in_resume_with_their_reason(store: Store):
    playable = Table.new(toygame.GAME, [SeatSpec("Ana"), SeatSpec("Ben")], 4, {"cards": 3})
    store.create(playable)
    playable.play(0, playable.state.legal_actions(0)[0])
    damaged = {}
    for case, (edit, _) in DAMAGED.items():
        table = Table.new(toygame.GAME, [SeatSpec("Ana"), SeatSpec("Bo", "bot:random")], 4,
                          {"cards": 3})
        store.create(table)
        table.play(0, table.state.legal_actions(0)[0])
        assert table.save_id is not None
        damage(store, table.save_id, edit)
        damaged[table.save_id] = case
    assert store.count_active() == len(DAMAGED) + 1  # the menu's count reads them too
    saves = {save.id: save for save in store.saves()}
    assert saves[playable.save_id].playable
    for save_id, case in damaged.items():
        problem = saves[save_id].problem
        assert problem is not None and DAMAGED[case][1] in problem, (case, problem)
        assert len(problem) < 200

    app = TulipGamesApp(store, open_screen="resume")
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, ResumeScreen))
        await pilot.pause()
        text = screen_text(app)
        assert text.count("cannot open:") == len(DAMAGED), text
        for _, reason in DAMAGED.values():
            assert reason in text, (reason, text)
        await pilot.press("enter")  # the playable one is highlighted, and opens
        await wait_for(pilot, lambda: not isinstance(app.screen, ResumeScreen))
    assert getattr(app, "_exception", None) is None


def test_a_deeply_nested_shared_save_is_left_out_of_your_tables(store: Store):
    tables = []
    for code in ("AAAA", "BBBB"):
        table = Table.new(toygame.GAME, [SeatSpec("Ana"), SeatSpec("Ben")], 4, {"cards": 3})
        store.create(table)
        table.play(0, table.state.legal_actions(0)[0])
        assert table.save_id is not None
        store.share(table.save_id, code, {})
        tables.append(table)
    deep = '"cards":' + nested(100_000)
    damage(store, tables[0].save_id or 0, lambda t: t.replace('"cards":3', deep))
    assert [shared.code for shared in store.shared_tables("Ana")] == ["BBBB"]

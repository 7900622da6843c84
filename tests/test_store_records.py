"""Records leave the app and come back: ``export`` writes a versioned JSON file, ``import``
adds it to a store; a bad file gets one line, exit code 2 and no change to the store."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from tests.pg import Backend
from tests.tui import toygame
from tulipgames.cli import main
from tulipgames.engine.core import SeatSpec
from tulipgames.store import (
    DB_NAME,
    EXPORT_VERSION,
    SaveError,
    Store,
    read_export,
    read_record_file,
)
from tulipgames.table import Table


@pytest.fixture(autouse=True)
def toy(monkeypatch: pytest.MonkeyPatch) -> None:
    toygame.install(monkeypatch)


def finished_game(store: Store, seed: int = 8) -> Table:
    table = Table.new(toygame.GAME, [SeatSpec("Ana"), SeatSpec("Bot", "bot:random")], seed,
                      {"cards": 2})
    store.create(table, variant="quick")
    while not table.state.is_over():
        seat = table.state.to_act()[0]
        table.play(seat, table.state.legal_actions(seat)[0])
    return table


def rows(path: Path) -> list[tuple[object, ...]]:
    raw = sqlite3.connect(path / DB_NAME)
    found = raw.execute("SELECT * FROM saves ORDER BY id").fetchall()
    found += raw.execute("SELECT * FROM scores ORDER BY id").fetchall()
    raw.close()
    return found


def all_rows(backend: Backend) -> list[tuple[object, ...]]:
    return [tuple(row) for table in ("saves", "scores")
            for row in backend.sql(f"SELECT * FROM {table} ORDER BY id")]


def test_export_then_import_gives_an_identical_record_and_result(tmp_path: Path, capsys):
    home = Store(tmp_path / "home")
    table = finished_game(home)
    out = tmp_path / "game.json"
    assert main(["--data-dir", str(tmp_path / "home"), "export", str(table.save_id),
                 "-o", str(out)]) == 0
    data = json.loads(out.read_text("utf-8"))
    assert data["format"] == "tulipgames-record" and data["version"] == EXPORT_VERSION
    assert data["finished"] is True and data["variant"] == "quick"

    assert main(["--data-dir", str(tmp_path / "away"), "import", str(out)]) == 0
    assert "as game 1 (see History)" in capsys.readouterr().out
    away = Store(tmp_path / "away")
    (theirs,) = away.finished()
    (mine,) = home.finished()
    assert away.load(theirs.id).record == table.record
    assert theirs.result == mine.result and theirs.names == mine.names
    assert theirs.variant == "quick"
    assert [(s.name, s.score) for s in away.high_scores("toy")] == \
        [(s.name, s.score) for s in home.high_scores("toy")]


def test_an_unfinished_game_comes_back_resumable(backend: Backend):
    home = backend.open("home")
    table = Table.new(toygame.GAME, [SeatSpec("Ana"), SeatSpec("Ben")], 4, {"cards": 3})
    home.create(table)
    table.play(0, table.state.legal_actions(0)[0])
    back, variant = read_export(json.dumps(home.export_record(table.save_id)))
    away = backend.open("away")
    save_id = away.import_record(back, variant)
    (save,) = away.saves()
    assert save.id == save_id and save.playable and save.moves == 1
    resumed = away.load(save_id)
    resumed.play(0, "end")
    assert away.load(save_id).record.actions == [*table.record.actions, (0, "end")]


def bad_files(good: dict) -> dict[str, tuple[str, str]]:
    newer = dict(good, version=EXPORT_VERSION + 1)
    newer_record = dict(good, record=dict(good["record"], format=99))
    newer_rules = dict(good, record=dict(good["record"], rules_version=99))
    replays_not = dict(good, record=dict(good["record"], actions=[[0, "play 99"]]))
    no_game = dict(good, record=dict(good["record"], game="chess"))
    no_seats = dict(good, record={k: v for k, v in good["record"].items() if k != "seats"})
    return {
        "newer": (json.dumps(newer), "newer tulipgames (record file version 2"),
        "newer-record": (json.dumps(newer_record), "newer tulipgames (record format 99)"),
        "newer-rules": (json.dumps(newer_rules), "newer Toy Cards rules"),
        "replay": (json.dumps(replays_not), "moves no longer replay: action 1"),
        "game": (json.dumps(no_game), "unknown game 'chess'"),
        "seats": (json.dumps(no_seats), "damaged record"),
        "truncated": (json.dumps(good)[:-40], "damaged file, not JSON"),
        "other": (json.dumps({"hello": 1}), "not a tulipgames record"),
    }


@pytest.mark.parametrize(
    "case", ["newer", "newer-record", "newer-rules", "replay", "game", "seats", "truncated",
             "other"]
)
def test_a_bad_record_file_is_one_line_exit_2_and_changes_nothing(
    case: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
):
    store = Store(tmp_path / "home")
    table = finished_game(store)
    text, reason = bad_files(store.export_record(table.save_id))[case]
    before = rows(tmp_path / "home")
    path = tmp_path / f"{case}.json"
    path.write_text(text, "utf-8")
    with pytest.raises(SystemExit) as exit_info:
        main(["--data-dir", str(tmp_path / "home"), "import", str(path)])
    assert exit_info.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and reason in err, err
    assert rows(tmp_path / "home") == before


def test_importing_the_same_game_twice_is_refused(backend: Backend):
    store = backend.open()
    table = finished_game(store)
    again, variant = read_export(json.dumps(store.export_record(table.save_id)))
    before = all_rows(backend)
    with pytest.raises(SaveError, match=f"already in the store as game {table.save_id}"):
        store.import_record(again, variant)
    assert all_rows(backend) == before
    # another player's store has its own games: the same game comes in there
    away = backend.open("away")
    copied = away.import_record(again, variant)
    assert [game.id for game in away.finished()] == [copied]


def test_export_of_a_missing_game_is_one_line(tmp_path: Path, capsys):
    with pytest.raises(SystemExit) as exit_info:
        main(["--data-dir", str(tmp_path), "export", "4"])
    assert exit_info.value.code == 2
    assert "cannot export game 4: there is no saved game 4" in capsys.readouterr().err


def test_export_to_stdout_is_the_json_alone(tmp_path: Path, capsys):
    store = Store(tmp_path)
    table = finished_game(store)
    capsys.readouterr()
    assert main(["--data-dir", str(tmp_path), "export", str(table.save_id)]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["record"] == table.record.to_json()


def test_the_example_in_docs_records_md_is_a_record_that_imports(backend: Backend):
    import re

    docs = (Path(__file__).resolve().parent.parent / "docs" / "records.md").read_text("utf-8")
    example = re.search(r"```json\n(.*?)```", docs, re.S)
    assert example is not None
    table, variant = read_export(example.group(1))
    assert table.game.id == "sixtyone" and len(table.record.actions) == 2
    assert backend.open().import_record(table, variant) == 1


def test_an_imported_game_keeps_its_own_finish_date(tmp_path: Path, capsys):
    """History and the high scores date an imported game by when it finished, not by the
    import: the export carries ``finished_at``; a file from before it, its ``exported``."""
    home = Store(tmp_path / "home")
    table = finished_game(home)
    raw = sqlite3.connect(tmp_path / "home" / DB_NAME)
    raw.execute("UPDATE saves SET updated = '2025-03-04T05:06:07+00:00' WHERE id = ?",
                (table.save_id,))
    raw.commit()
    raw.close()
    data = home.export_record(table.save_id)
    assert data["finished_at"] == "2025-03-04T05:06:07+00:00"
    path = tmp_path / "game.json"
    path.write_text(json.dumps(data), "utf-8")
    assert main(["--data-dir", str(tmp_path / "away"), "import", str(path)]) == 0
    away = Store(tmp_path / "away")
    (game,) = away.finished()
    assert game.finished == "2025-03-04T05:06:07+00:00"
    assert {score.date for score in away.high_scores("toy")} == {game.finished}

    older = {key: value for key, value in data.items() if key != "finished_at"}
    older["exported"] = "2025-05-01T10:00:00+02:00"
    assert read_record_file(json.dumps(older)).played == "2025-05-01T08:00:00+00:00"
    ahead = dict(older, exported="2999-01-01T00:00:00+00:00")
    assert read_record_file(json.dumps(ahead)).played is None  # then: the time of import
    unfinished = dict(data, finished=False)
    unfinished["record"] = dict(data["record"], actions=data["record"]["actions"][:1])
    assert read_record_file(json.dumps(unfinished)).played is None

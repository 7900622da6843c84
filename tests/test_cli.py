"""The command line: one-line errors with exit code 2, and ``simulate --json``."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from tests.tui import toygame
from tulipgames.cli import build_parser, main, parse_args, parse_seats


@pytest.fixture(autouse=True)
def toy(monkeypatch: pytest.MonkeyPatch) -> None:
    toygame.install(monkeypatch)


def fails(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    with pytest.raises(SystemExit) as exit_info:
        main(argv)
    assert exit_info.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1, err  # exactly one line
    return err


@pytest.mark.parametrize(
    ("argv", "expected"),
    [
        (["play", "chess"], "unknown game 'chess'"),
        (["play", "toy", "--seats", "Ana,bot:godlike"], "no bot level 'godlike'"),
        (["play", "toy", "--seats", "Ana,,Ben"], "seat 2 is empty"),
        (["play", "toy", "--seats", "A,B,C,D,E"], "for 1-4 players, not 5"),
        (["play", "toy", "--seed", "x"], "seed must be a whole number"),
        (["play", "toy", "--seed", "-4"], "must not be negative"),
        (["play", "toy", "--option", "cards=9"], "option cards must be one of: 1, 2, 3"),
        (["play", "toy", "--option", "colour=red"], "has no option 'colour'"),
        (["play", "toy", "--option", "cards"], "name=value"),
        (["simulate", "toy", "--bots", "genius"], "no bot level 'genius'"),
        (["simulate", "toy", "--seats", "9"], "for 1-4 players, not 9"),
        (["simulate", "toy", "--games", "0"], "at least 1"),
        (["resume", "abc"], "expected a whole number"),
        (["dance"], "invalid choice: 'dance'"),
    ],
)
def test_bad_arguments_get_one_line_and_exit_2(
    argv: list[str], expected: str, capsys: pytest.CaptureFixture[str]
):
    assert expected in fails(argv, capsys)


def test_resume_of_a_missing_save_is_an_error(tmp_path, capsys: pytest.CaptureFixture[str]):
    err = fails(["--data-dir", str(tmp_path), "resume", "7"], capsys)
    assert "there is no saved game 7" in err


def test_corrupt_database_is_one_clear_line(tmp_path, capsys: pytest.CaptureFixture[str]):
    (tmp_path / "tulipgames.sqlite3").write_bytes(b"garbage" * 500)
    with pytest.raises(SystemExit) as exit_info:
        main(["--data-dir", str(tmp_path), "resume", "1"])
    assert exit_info.value.code == 1
    err = capsys.readouterr().err
    assert "not an SQLite database" in err
    assert "Traceback" not in err


def test_seat_spec_reads_humans_bots_and_named_bots():
    seats = parse_seats("Ana, bot:random,Zed=bot:hard,bot", toygame.GAME)
    assert [(s.name, s.kind) for s in seats] == [
        ("Ana", "human"), ("Bot 2", "bot:random"), ("Zed", "bot:hard"), ("Bot 4", "bot:normal"),
    ]


def test_simulate_json_is_one_object_with_the_figures(capsys: pytest.CaptureFixture[str]):
    code = main(["simulate", "toy", "--seats", "3", "--games", "6", "--bots", "random,normal",
                 "--seed", "5", "--option", "cards=3", "--json"])
    out = capsys.readouterr().out
    assert code == 0
    data = json.loads(out)  # the whole output is one JSON object
    assert data["game"] == "toy"
    assert data["games"] == 6
    assert data["seats"] == 3
    assert data["bots"] == ["random", "normal"]
    assert data["seconds"] > 0 and data["games_per_second"] > 0
    assert set(data["mean_score_per_seat"]) == {"0", "1", "2"}
    assert set(data["mean_score_per_bot"]) == {"random", "normal"}
    assert sum(data["wins"].values()) == pytest.approx(6)
    assert data["invariant_violations"] == 0
    assert data["replay_mismatches"] == 0
    # three cards of 1-9 each: every mean score lies within what a hand can hold
    assert all(3 <= v <= 27 for v in data["mean_score_per_seat"].values())


def test_simulate_is_reproducible(capsys: pytest.CaptureFixture[str]):
    argv = ["simulate", "toy", "--seats", "2", "--games", "4", "--seed", "9", "--json"]
    main(argv)
    first = json.loads(capsys.readouterr().out)
    main(argv)
    second = json.loads(capsys.readouterr().out)
    assert first["mean_score_per_seat"] == second["mean_score_per_seat"]
    assert first["wins"] == second["wins"]


def test_help_everywhere():
    for argv in ([], ["play"], ["solo"], ["resume"], ["simulate"], ["bench"], ["serve"],
                 ["screenshots"]):
        done = subprocess.run([sys.executable, "-m", "tulipgames", *argv, "--help"],
                              capture_output=True, text=True, timeout=60, check=False)
        assert done.returncode == 0, done.stderr
        assert done.stdout.startswith("usage: tulipgames")


def test_data_dir_before_or_after_the_command(tmp_path):
    parser = build_parser()
    assert parse_args(parser, ["--data-dir", str(tmp_path), "serve"]).data_dir == tmp_path
    assert parse_args(parser, ["serve", "--data-dir", str(tmp_path)]).data_dir == tmp_path
    assert parse_args(parser, ["--data-dir", str(tmp_path), "resume"]).data_dir == tmp_path

"""The command line: one-line errors with exit code 2, and ``simulate --json``."""

from __future__ import annotations

import fcntl
import json
import os
import pty
import random
import re
import select
import shutil
import signal
import struct
import subprocess
import sys
import termios
import time
from pathlib import Path

import pytest

from tests.tui import toygame
from tulipgames import games
from tulipgames.cli import build_parser, main, parse_args
from tulipgames.engine.core import parse_seats
from tulipgames.store import Store


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
        (["ladder", "toy", "--levels", "random,genius"], "no bot level 'genius'"),
        (["ladder", "toy", "--seats", "7"], "for 1-4 players, not 7"),
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


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("Ana,Ana", "two seats are called 'Ana'"),
        ("Ana,ana", "two seats are called 'ana'"),
        ("", "no seats given"),
        ("   ", "no seats given"),
        ("=bot", "a name goes before '='"),
        ("Ana,,Ben", "seat 2 is empty"),
        ("Ana,bot:genius", "no bot level 'genius' (levels: random, normal, hard)"),
        ("Ana,Bartholomew-Fitzgerald", "too long"),
        ("Ana=human", "only bots are written Name=bot:LEVEL"),
    ],
)
def test_bad_seats_are_refused_with_the_reason(text: str, reason: str) -> None:
    with pytest.raises(ValueError, match=re.escape(reason)):
        parse_seats(text, toygame.GAME)


def test_the_command_line_refuses_duplicate_seats(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["play", "toy", "--seats", "Ana,Ana"])
    assert exit_info.value.code == 2
    assert "two seats are called 'Ana'" in capsys.readouterr().err


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
    for argv in ([], ["play"], ["solo"], ["resume"], ["export"], ["import"], ["replay"],
                 ["simulate"], ["ladder"], ["bench"], ["serve"], ["screenshots"]):
        done = subprocess.run([sys.executable, "-m", "tulipgames", *argv, "--help"],
                              capture_output=True, text=True, timeout=60, check=False)
        assert done.returncode == 0, done.stderr
        assert done.stdout.startswith("usage: tulipgames")


def test_data_dir_before_or_after_the_command(tmp_path):
    parser = build_parser()
    assert parse_args(parser, ["--data-dir", str(tmp_path), "serve"]).data_dir == tmp_path
    assert parse_args(parser, ["serve", "--data-dir", str(tmp_path)]).data_dir == tmp_path
    assert parse_args(parser, ["--data-dir", str(tmp_path), "resume"]).data_dir == tmp_path
    for argv in (["play", "sixtyone"], ["solo"], ["resume"], ["export", "1"],
                 ["import", "x.json"], ["replay", "1"]):
        args = parse_args(parser, [*argv, "--data-dir", str(tmp_path)])
        assert args.data_dir == tmp_path, argv
        assert parse_args(parser, argv).data_dir is None


def test_import_and_export_with_the_data_dir_after_the_command(tmp_path, capsys):
    from tulipgames.engine.core import SeatSpec
    from tulipgames.table import Table

    home = Store(tmp_path / "home")
    table = Table.new(games.get_game("sixtyone"), [SeatSpec("Ana"), SeatSpec("Ben")], 5)
    home.create(table)
    table.play(0, table.state.legal_actions(0)[0])
    out = tmp_path / "game.json"
    assert main(["export", str(table.save_id), "-o", str(out),
                 "--data-dir", str(tmp_path / "home")]) == 0
    assert main(["import", str(out), "--data-dir", str(tmp_path / "away")]) == 0
    assert [save.moves for save in Store(tmp_path / "away").saves()] == [1]


def test_the_data_dir_keeps_its_own_preferences(monkeypatch: pytest.MonkeyPatch, tmp_path):
    """``--data-dir DIR`` (before or after the command) reads and saves the preferences in
    DIR/config.json, not the user's config directory: a damaged one there is reported."""
    import tempfile

    monkeypatch.delenv("TULIPGAMES_CONFIG", raising=False)
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "user-config"))
    for before in (True, False):
        data = Path(tempfile.mkdtemp(prefix="tg", dir="/tmp"))  # short: the toast's line
        try:
            (data / "config.json").write_text("{damaged", "utf-8")
            argv = (["--data-dir", str(data), "resume"] if before
                    else ["resume", "--data-dir", str(data)])
            _, text = run_on_a_terminal(argv, ready="is damaged", timeout=60)
            assert "settings file" in text
        finally:
            shutil.rmtree(data)
    assert not (tmp_path / "user-config").exists()


def run_on_a_terminal(argv: list[str], ready: str, timeout: float = 120) -> tuple[int, str]:
    """Run ``tulipgames argv`` on a pseudo-terminal, press Ctrl-C (SIGINT) once ``ready``
    appears in its output, and return its exit code and everything it wrote."""
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 30, 100, 0, 0))
    env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES", "NO_COLOR")}
    env["TERM"] = "xterm-256color"
    # Ctrl-C at a terminal reaches a foreground job with SIGINT's default action; a test run
    # started in the background (``cmd &``) ignores SIGINT, and a child would inherit that.
    proc = subprocess.Popen([sys.executable, "-m", "tulipgames", *argv], stdin=slave,
                            stdout=slave, stderr=slave, env=env, close_fds=True,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    os.close(slave)
    output = b""
    deadline = time.monotonic() + timeout
    sent = False

    def read_some(wait: float) -> bool:
        nonlocal output
        if select.select([master], [], [], wait)[0]:
            try:
                chunk = os.read(master, 65536)
            except OSError:
                return False
            output += chunk
            return bool(chunk)
        return True

    while time.monotonic() < deadline:
        if not sent and re.search(ready, plain(output)):
            proc.send_signal(signal.SIGINT)
            sent = True
        if not read_some(0.1) and proc.poll() is not None:
            break
    while read_some(0.2) and time.monotonic() < deadline + 30:
        if proc.poll() is not None and not select.select([master], [], [], 0.2)[0]:
            break
    os.close(master)
    if proc.poll() is None:  # it did not stop: fail below instead of waiting for ever
        proc.kill()
    code = proc.wait(timeout=30)
    assert sent, plain(output)
    return code, plain(output)


def plain(output: bytes) -> str:
    """Terminal output without its colour and cursor escapes."""
    return re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", output.decode("utf-8", "replace"))


def test_ctrl_c_stops_simulate_with_the_figures_so_far_and_exit_130():
    code, text = run_on_a_terminal(
        ["simulate", "sixtyone", "--seats", "2", "--games", "100000", "--bots", "random"],
        ready=r"\b([3-9]|\d\d+)/100000\b",  # the progress bar: a few games are done
    )
    assert code == 130, text
    assert "Traceback" not in text and "KeyboardInterrupt" not in text
    stopped = re.search(r"stopped after (\d+) of 100000 games", text)
    assert stopped is not None, text
    assert int(stopped.group(1)) >= 3
    assert re.search(r"random\s+-?\d+\.\d\d\s+\d", text), text  # the bot's row of figures
    assert "invariant violations: 0" in text


def test_ctrl_c_stops_simulate_json_with_one_object_and_exit_130():
    proc = subprocess.Popen(
        [sys.executable, "-m", "tulipgames", "simulate", "sixtyone", "--games", "100000",
         "--json"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )
    time.sleep(4)
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 130, err
    data = json.loads(out)  # piped: no progress bar, just the one object
    assert data["interrupted"] is True and data["planned_games"] == 100000
    assert data["games"] < 100000
    assert sum(data["wins"].values()) == pytest.approx(data["games"])
    assert "Traceback" not in err


def test_ctrl_c_stops_bench_with_the_games_measured_so_far():
    code, text = run_on_a_terminal(["bench", "--quick"], ready=r"\b[1-9]/\d+\b")
    assert code == 130, text
    assert "Traceback" not in text
    assert "stopped by Ctrl-C" in text
    assert "games/s" in text  # the table heading, with at least the first game's row


async def test_replay_opens_the_viewer_on_a_saved_game_and_leaves_to_the_menu(tmp_path):
    from tests.pilot import screen_text
    from tulipgames.cli import replay_app, replay_source
    from tulipgames.engine.core import SeatSpec
    from tulipgames.replay import ReplayTable
    from tulipgames.store import Store
    from tulipgames.table import Table
    from tulipgames.tui.screens.menu import MenuScreen

    store = Store(tmp_path)
    sixtyone = games.get_game("sixtyone")
    table = Table.new(sixtyone, [SeatSpec("Ana"), SeatSpec("Bot", "bot:random")], 5)
    store.create(table)
    rng = random.Random(5)
    while not table.state.is_over():
        seat = table.state.to_act()[0]
        table.play(seat, rng.choice(table.state.legal_actions(seat)))
    record, owned = replay_source(str(table.save_id), store, build_parser())
    assert owned == {0} and record == table.record
    app = replay_app(record, owned, store)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen.table, ReplayTable)
        length = len(table.record.actions)
        assert f"Replay {length}/{length}" in screen_text(app)
        await pilot.press("home")
        assert app.screen.table.position == 0
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)


def test_replay_of_a_missing_game_or_file_is_one_line(tmp_path, capsys):
    assert "cannot replay game 9: there is no saved game 9" in fails(
        ["--data-dir", str(tmp_path), "replay", "9"], capsys
    )
    assert "cannot read" in fails(
        ["--data-dir", str(tmp_path), "replay", str(tmp_path / "none.json")], capsys
    )
    (tmp_path / "bad.json").write_text("{}", "utf-8")
    assert "cannot replay" in fails(
        ["--data-dir", str(tmp_path), "replay", str(tmp_path / "bad.json")], capsys
    )


def test_ctrl_c_stops_the_ladder_with_the_ratings_so_far():
    code, text = run_on_a_terminal(
        ["ladder", "sixtyone", "--games", "100000"], ready=r"\b([3-9]|\d\d+)/100000\b"
    )
    assert code == 130, text
    assert "Traceback" not in text
    assert "interrupted: figures so far" in text
    assert re.search(r"random\s+\+0", text), text  # the anchor's row of the ratings table


def test_ladder_json_is_one_object(capsys: pytest.CaptureFixture[str]):
    assert main(["ladder", "toy", "--games", "6", "--levels", "random,normal", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["games"] == data["planned_games"] == 6 and data["interrupted"] is False
    assert set(data["levels"]) == {"random", "normal"}


@pytest.mark.filterwarnings("ignore::pytest.PytestUnraisableExceptionWarning")
def test_ctrl_c_is_noted_even_where_python_swallows_the_interrupt():
    """A ``KeyboardInterrupt`` raised inside a ``__del__`` is only printed as ignored: the
    simulate loop still stops, because the Ctrl-C was also noted."""
    import os

    from tulipgames.simulate import ctrl_c_noted

    class SwallowsIt:
        def __del__(self) -> None:
            os.kill(os.getpid(), signal.SIGINT)
            time.sleep(0.05)  # the handler runs here, inside __del__

    handler = signal.getsignal(signal.SIGINT)  # pytest-xdist's workers set their own
    with ctrl_c_noted() as stopped:
        assert not stopped()
        SwallowsIt()  # dropped at once: __del__ runs, and its KeyboardInterrupt is swallowed
        assert stopped()
    assert signal.getsignal(signal.SIGINT) is handler  # put back


@pytest.mark.parametrize(
    ("argv", "stdin"),
    [
        ([], subprocess.DEVNULL),
        (["play", "sixtyone", "--seats", "Ana,bot"], subprocess.DEVNULL),
        (["solo"], subprocess.DEVNULL),
        (["resume"], subprocess.DEVNULL),
        (["play", "sixtyone"], subprocess.PIPE),
    ],
)
def test_without_a_terminal_the_app_is_not_started(argv: list[str], stdin: int, tmp_path):
    """From a pipe, ``</dev/null`` or cron the full-screen app would wait for keys for ever
    (spinning a core): one line pointing to --plain, exit code 2, nothing saved."""
    env = dict(os.environ, TULIPGAMES_HOME=str(tmp_path))
    env.pop("TULIPGAMES_PLAIN", None)
    piped = {"input": "1\n"} if stdin == subprocess.PIPE else {"stdin": stdin}
    done = subprocess.run([sys.executable, "-m", "tulipgames", *argv], **piped,
                          capture_output=True, text=True, timeout=60, check=False, env=env)
    assert done.returncode == 2, (done.stdout[-500:], done.stderr[-500:])
    assert done.stderr.count("\n") == 1 and "--plain" in done.stderr, done.stderr
    assert "not a terminal" in done.stderr and done.stdout == ""
    assert not (tmp_path / "tulipgames.sqlite3").exists() or not Store(tmp_path).saves(
        None, empty=True
    )


def test_plain_mode_still_reads_a_pipe(tmp_path):
    env = dict(os.environ, TULIPGAMES_HOME=str(tmp_path))
    done = subprocess.run(
        [sys.executable, "-m", "tulipgames", "play", "sixtyone", "--seats", "Ana,bot",
         "--seed", "3", "--plain"],
        input="quit\n", capture_output=True, text=True, timeout=60, check=False, env=env,
    )
    assert done.returncode == 0, done.stderr
    assert "Sixty-One" in done.stdout and "not a terminal" not in done.stderr


@pytest.mark.parametrize("how", ["env", "flag"])
def test_replay_in_plain_text(how: str, tmp_path, capsys: pytest.CaptureFixture[str],
                              monkeypatch: pytest.MonkeyPatch):
    """``TULIPGAMES_PLAIN=1`` (or ``--plain``) tells a replay as text in reading order: the
    players, every line of the log and the result, where the viewer used to be opened."""
    from tulipgames.engine.core import SeatSpec
    from tulipgames.table import Table

    store = Store(tmp_path)
    sixtyone = games.get_game("sixtyone")
    table = Table.new(sixtyone, [SeatSpec("Ana"), SeatSpec("Bot", "bot:random")], 5)
    store.create(table)
    rng = random.Random(5)
    while not table.state.is_over():
        seat = table.state.to_act()[0]
        table.play(seat, rng.choice(table.state.legal_actions(seat)))
    monkeypatch.delenv("TULIPGAMES_PLAIN", raising=False)
    argv = ["--data-dir", str(tmp_path), "replay", str(table.save_id)]
    if how == "env":
        monkeypatch.setenv("TULIPGAMES_PLAIN", "1")
    else:
        argv.append("--plain")
    assert main(argv) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("Replay of Sixty-One, seed 5: Ana, Bot (bot random);")
    assert out[1:1 + len(table.log_for(None))] == table.log_for(None)
    totals = table.result().totals
    assert out[-1] == f"Final scores: Ana {totals[0]}, Bot {totals[1]}."

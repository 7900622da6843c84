"""A database that cannot be used says what is wrong: read-only, disk full, damaged, 0 bytes.

These use real files and real limits: a directory the (unprivileged) process cannot write, a
file-size limit (``RLIMIT_FSIZE``) in a child process, pages overwritten in the middle of a real
database. Tests run as root in CI, where ``chmod`` stops nobody, so the read-only cases run in a
forked child that first drops to the ``nobody`` user.
"""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
import tempfile
import textwrap
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from tulipgames import games
from tulipgames.engine.core import SeatSpec
from tulipgames.store import DB_NAME, Store, StoreError, WriteFailed
from tulipgames.table import Table

NOBODY = 65534


def sixtyone_table(seed: int = 5) -> Table:
    return Table.new(games.get_game("sixtyone"), [SeatSpec("Ana"), SeatSpec("Ben")], seed)


def play(table: Table, moves: int) -> None:
    for _ in range(moves):
        seat = table.state.to_act()[0]
        table.play(seat, table.state.legal_actions(seat)[0])


def saved_game(data_dir: Path, moves: int = 3) -> tuple[int, list[tuple[int, str]]]:
    store = Store(data_dir)
    table = sixtyone_table()
    store.create(table)
    play(table, moves)
    store.close()
    return int(table.save_id or 0), list(table.record.actions)


def unprivileged(job: Callable[[], Any]) -> Any:
    """Run ``job`` in a forked child that is not root (so file permissions apply to it)."""
    reader, writer = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: never returns into pytest
        try:
            os.close(reader)
            if os.geteuid() == 0:
                os.setgroups([])
                os.setgid(NOBODY)
                os.setuid(NOBODY)
            try:
                answer: Any = {"value": job()}
            except Exception as exc:
                answer = {"error": type(exc).__name__, "message": str(exc),
                          "kind": getattr(exc, "kind", None)}
            os.write(writer, json.dumps(answer).encode())
        finally:
            os._exit(0)
    os.close(writer)
    chunks = []
    while chunk := os.read(reader, 65536):
        chunks.append(chunk)
    os.close(reader)
    os.waitpid(pid, 0)
    return json.loads(b"".join(chunks))


@pytest.fixture
def shared_dir() -> Iterator[Path]:
    """A data directory the ``nobody`` user can reach (pytest's tmp_path is root-only)."""
    top = Path(tempfile.mkdtemp(prefix="tulipgames-store-"))
    top.chmod(0o755)
    data = top / "data"
    data.mkdir()
    yield data
    for path in (data, top):
        path.chmod(0o755)
    subprocess.run(["rm", "-rf", str(top)], check=False)


def snapshot(directory: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(directory.iterdir())}


def test_a_read_only_data_directory_is_named_as_such(shared_dir: Path):
    saved_game(shared_dir)
    for extra in shared_dir.glob(DB_NAME + "-*"):
        extra.unlink()  # a clean shutdown: the database file alone
    shared_dir.chmod(0o555)
    before = snapshot(shared_dir)
    answer = unprivileged(lambda: Store(shared_dir).count_active())
    assert answer.get("error") == "StoreError", answer
    assert answer["kind"] == "read-only"
    assert f"the data directory {shared_dir} is read-only" in answer["message"]
    assert "damaged" not in answer["message"] and "move it" not in answer["message"]
    assert snapshot(shared_dir) == before


def test_a_read_only_data_directory_with_a_wal_file_is_refused_at_open(shared_dir: Path):
    save_id, actions = saved_game(shared_dir)
    # a process killed mid-game leaves its -wal and -shm files behind
    code = (
        "import os, sqlite3, sys\n"
        "db = sqlite3.connect(sys.argv[1], isolation_level=None)\n"
        "db.execute('PRAGMA journal_mode = WAL')\n"
        "db.execute(\"UPDATE saves SET updated = updated WHERE id = 1\")\n"
        "os._exit(0)\n"
    )
    subprocess.run([sys.executable, "-c", code, str(shared_dir / DB_NAME)], check=True)
    assert (shared_dir / (DB_NAME + "-wal")).exists()
    for part in shared_dir.iterdir():  # as on a read-only mount: the files too
        part.chmod(0o444)
    shared_dir.chmod(0o555)
    before = snapshot(shared_dir)
    answer = unprivileged(lambda: Store(shared_dir).count_active())
    assert answer.get("error") == "StoreError", answer
    assert answer["kind"] == "read-only"
    assert "is read-only" in answer["message"]
    assert snapshot(shared_dir) == before
    shared_dir.chmod(0o755)
    for part in shared_dir.iterdir():
        part.chmod(0o644)
    assert Store(shared_dir).load(save_id).record.actions == actions


def test_a_move_that_cannot_be_saved_for_a_file_size_limit_fails_and_loses_nothing(
    tmp_path: Path,
):
    save_id, _ = saved_game(tmp_path)
    script = textwrap.dedent(
        f"""
        import json, os, resource, signal, sys
        from pathlib import Path
        from tulipgames.store import Store
        from tulipgames.table import SaveFailed
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # a refused write, not a dead process
        store = Store(sys.argv[1])
        table = store.load({save_id})
        sizes = [p.stat().st_size for p in Path(sys.argv[1]).iterdir()]
        resource.setrlimit(resource.RLIMIT_FSIZE, (max(sizes), resource.RLIM_INFINITY))
        saved = list(table.record.actions)
        for _ in range(2000):
            seat = table.state.to_act()[0]
            try:
                table.play(seat, table.state.legal_actions(seat)[0])
            except SaveFailed as exc:
                print(json.dumps({{"error": type(exc).__name__, "message": str(exc),
                                  "kind": getattr(exc, "kind", None), "saved": saved}}))
                break
            saved = list(table.record.actions)
        """
    )
    done = subprocess.run([sys.executable, "-c", script, str(tmp_path)], capture_output=True,
                          text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    answer = json.loads(done.stdout)
    assert answer["error"] == "WriteFailed"
    assert answer["kind"] in ("io", "full")
    assert "the disk" in answer["message"]
    store = Store(tmp_path)  # the database is intact: every move saved before the failure
    assert store.load(save_id).record.actions == [tuple(a) for a in answer["saved"]]
    assert sqlite3.connect(tmp_path / DB_NAME).execute("PRAGMA integrity_check").fetchone() \
        == ("ok",)


def test_damaged_pages_are_reported_at_open_and_the_file_is_left_alone(tmp_path: Path):
    store = Store(tmp_path)
    for seed in range(30):  # enough saves for many pages
        table = sixtyone_table(seed)
        store.create(table)
        play(table, 12)
    store.close()
    path = tmp_path / DB_NAME
    data = bytearray(path.read_bytes())
    page = 4096
    assert len(data) > 8 * page
    middle = len(data) // page // 2 * page
    data[middle : middle + 2 * page] = b"\x55" * (2 * page)
    path.write_bytes(bytes(data))
    with pytest.raises(StoreError) as failure:
        Store(tmp_path)
    assert failure.value.kind == "damaged"
    assert ".recover" in str(failure.value)
    assert path.read_bytes() == bytes(data)
    done = subprocess.run(
        [sys.executable, "-m", "tulipgames", "--data-dir", str(tmp_path), "resume"],
        capture_output=True, text=True, timeout=60, check=False,
    )
    assert done.returncode == 1
    assert "Traceback" not in done.stderr
    assert done.stderr.count("\n") == 1 and "cannot be read" in done.stderr


def test_a_zero_byte_database_file_starts_afresh_and_says_so(tmp_path: Path):
    (tmp_path / DB_NAME).write_bytes(b"")
    store = Store(tmp_path)
    assert store.notice is not None and "was empty (0 bytes)" in store.notice
    assert store.saves() == []
    table = sixtyone_table()
    store.create(table)
    play(table, 1)
    assert Store(tmp_path).notice is None  # said once: the file is a database now
    done = subprocess.run(
        [sys.executable, "-c",
         "import sys; from tulipgames.cli import open_store; import argparse; "
         "open_store(argparse.Namespace(data_dir=sys.argv[1]), None)", str(tmp_path / "other")],
        capture_output=True, text=True, timeout=60, check=False,
    )
    assert done.returncode == 0 and done.stderr == ""  # a brand-new directory is not news
    (tmp_path / "empty").mkdir()
    (tmp_path / "empty" / DB_NAME).write_bytes(b"")
    done = subprocess.run(
        [sys.executable, "-c",
         "import sys; from tulipgames.cli import open_store; import argparse; "
         "open_store(argparse.Namespace(data_dir=sys.argv[1]), None)", str(tmp_path / "empty")],
        capture_output=True, text=True, timeout=60, check=False,
    )
    assert done.returncode == 0
    assert "was empty (0 bytes)" in done.stderr


def test_a_locked_database_at_open_says_who_holds_it(tmp_path: Path):
    Store(tmp_path).close()
    blocker = sqlite3.connect(tmp_path / DB_NAME, isolation_level=None)
    blocker.execute("BEGIN EXCLUSIVE")
    with pytest.raises(StoreError) as failure:
        Store(tmp_path, busy_timeout=0.05)
    assert failure.value.kind == "locked"
    assert "another program" in str(failure.value) and "damaged" not in str(failure.value)
    blocker.execute("ROLLBACK")
    Store(tmp_path).close()


def test_write_failures_are_save_failures_and_store_errors(tmp_path: Path):
    from tulipgames.table import SaveFailed

    assert issubclass(WriteFailed, SaveFailed) and issubclass(WriteFailed, StoreError)

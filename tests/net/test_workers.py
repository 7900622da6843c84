"""``tulipgames serve --workers N``: the sessions' apps in worker processes, the open-table
form and the join screen in the main process, each table in a worker (see
:mod:`tulipgames.net.worker` and :mod:`tulipgames.net.homes`), through real SSH clients
(asyncssh, screens rendered by pyte) against a real server subprocess."""

from __future__ import annotations

import asyncio
import os
import re
import signal
from pathlib import Path

from tests.net.conftest import Server, send
from tulipgames.net.app import RELEASE_AFTER
from tulipgames.net.loadtest import END, QUIT_HELP, UP, Client, connect
from tulipgames.net.worker import WORKER_LOST

ENTER = "\r"


def placed(server: Server, count: int, timeout: float = 10) -> dict[str, list[str]]:
    """Where each player's sessions ran, in order (worker index or ``main``)."""
    where: dict[str, list[str]] = {}
    for line in server.wait_log("session_placed", count, timeout):
        fields = dict(re.findall(r"(\w+)=(\S+)", line))
        where.setdefault(fields["name"], []).append(fields["worker"])
    return where


def worker_pids(server: Server) -> list[int]:
    line = next(line for line in server.banner if line.startswith("workers:"))
    match = re.search(r"\(([\d, ]+)\)", line)
    assert match is not None, line
    return [int(pid) for pid in match.group(1).split(", ")]


async def menu_answers(client: Client) -> None:
    """The menu still reacts: End highlights Quit (its help shows), Up leaves it."""
    await send(client, END)
    await client.term.wait_for(QUIT_HELP)
    await send(client, UP)
    await client.term.wait_for(QUIT_HELP, present=False)


async def alice_and_bob(server: Server) -> tuple[Client, Client, dict[str, list[str]]]:
    """Alice, then Bob, logged in at the menu, and where the server placed each session."""
    alice = await connect(server.port, "alice")
    await alice.term.wait_for("Join a table")
    bob = await connect(server.port, "bob")
    await bob.term.wait_for("Join a table")
    return alice, bob, placed(server, 2)


def test_sessions_in_two_workers_share_one_table(serve: list[Server], tmp_path: Path) -> None:
    serve.append(server := Server(tmp_path, "--workers", "2"))
    assert len(worker_pids(server)) == 2

    async def play() -> None:
        alice, bob, where = await alice_and_bob(server)
        assert {where["alice"][0], where["bob"][0]} == {"0", "1"}, where
        await menu_answers(alice)
        await menu_answers(bob)

        await send(alice, END, UP, UP, ENTER)  # Open a table: the session moves to the tables
        await alice.term.wait_for("Pick the game with the arrows")
        await send(alice, END, ENTER)  # Sixty-One
        await alice.term.wait_for("Join code:")
        code = re.search(r"Join code: ([A-Z2-9]{4})", alice.term.text())
        assert code is not None
        await send(bob, END, UP, ENTER)  # Join a table
        await bob.term.wait_for("Type the code")
        await send(bob, code.group(1) + ENTER)
        await alice.term.wait_for("Seat 2: bob")
        await send(alice, "s")
        await alice.term.wait_for("Round 1/20")  # the game itself, not the lobby naming it
        await bob.term.until(lambda: "bob" in bob.term.status() or "alice" in bob.term.status())
        # One table, one state: both screens show the same seats and the same roll.
        assert "alice" in bob.term.text() and "bob" in alice.term.text()
        # Each menu sent its session to the main process (the open-table form, the join
        # screen); the table, once opened, went to a worker, both players' sessions with it.
        now = placed(server, 6)
        home = now["alice"][2]
        assert home in ("0", "1")
        assert now == {"alice": [where["alice"][0], "main", home],
                       "bob": [where["bob"][0], "main", home]}
        for client in (alice, bob):
            client.conn.close()

    asyncio.run(play())


def test_a_worker_menu_counts_the_tables_as_they_open(
    serve: list[Server], tmp_path: Path
) -> None:
    serve.append(server := Server(tmp_path, "--workers", "2"))

    async def play() -> None:
        alice, bob, _ = await alice_and_bob(server)
        await send(bob, END, UP)  # Bob rests on "Join a table"
        assert "open)" not in bob.term.text()
        await send(alice, END, UP, UP, ENTER)  # Alice opens one, in the main process
        await alice.term.wait_for("Pick the game with the arrows")
        await send(alice, END, ENTER)
        await alice.term.wait_for("Join code:")
        # Bob's menu, in a worker, counts it without a key from him, his line still lit.
        await bob.term.wait_for("Join a table (1 open)")
        await send(bob, ENTER)
        await bob.term.wait_for("Type the code")
        for client in (alice, bob):
            client.conn.close()

    asyncio.run(play())


def test_a_dead_worker_ends_only_its_sessions(serve: list[Server], tmp_path: Path) -> None:
    serve.append(server := Server(tmp_path, "--workers", "2"))
    pids = worker_pids(server)

    async def play() -> None:
        alice, bob, where = await alice_and_bob(server)
        os.kill(pids[int(where["alice"][0])], signal.SIGKILL)
        await alice.term.wait_for(WORKER_LOST[:60])
        await asyncio.wait_for(alice.conn.wait_closed(), 10)
        await menu_answers(bob)  # bob's worker is untouched
        lost = server.wait_log("worker_lost", 1)
        assert "sessions=1" in lost[0], lost
        carol = await connect(server.port, "carol")  # the dead worker was replaced
        await carol.term.wait_for("Join a table")
        await menu_answers(carol)
        for client in (bob, carol):
            client.conn.close()

    asyncio.run(play())
    assert server.alive()


def test_no_workers_runs_everything_in_one_process(serve: list[Server], tmp_path: Path) -> None:
    serve.append(server := Server(tmp_path, "--workers", "0"))
    assert not any(line.startswith("workers:") for line in server.banner)

    async def play() -> None:
        alice = await connect(server.port, "alice")
        await alice.term.wait_for("Join a table")
        await menu_answers(alice)
        await send(alice, END, UP, UP, ENTER)
        await alice.term.wait_for("Pick the game with the arrows")
        alice.conn.close()

    asyncio.run(play())
    assert server.log_lines("session_placed") == []
    assert server.alive()


def test_back_at_the_menu_a_session_returns_to_a_worker(
    serve: list[Server], tmp_path: Path
) -> None:
    serve.append(server := Server(tmp_path, "--workers", "1"))

    async def play() -> None:
        alice = await connect(server.port, "alice")
        await alice.term.wait_for("Join a table")
        await send(alice, END, UP, ENTER)
        # Typed while the main process's app starts: the keys wait for it, none is lost.
        placed(server, 2)
        await send(alice, "ABC", pause=0)
        await alice.term.wait_for("Type the code")
        await alice.term.until(lambda: "ABC" in alice.term.text())
        await send(alice, "\x7f\x7f\x7f\x1b")  # clear the field, Escape: back to the menu
        await alice.term.wait_for("Type the code", present=False)
        await alice.term.wait_for("Join a table")
        # Left alone at the menu for RELEASE_AFTER, the session goes back to the worker.
        assert placed(server, 3, RELEASE_AFTER + 15)["alice"] == ["0", "main", "0"]
        # Its menu there has "Join a table" still lit: Enter takes her to the tables again.
        await send(alice, ENTER)
        await alice.term.wait_for("Type the code")
        assert placed(server, 4)["alice"] == ["0", "main", "0", "main"]
        alice.conn.close()

    asyncio.run(play())


async def test_a_plain_session_runs_in_a_worker(serve: list[Server], tmp_path: Path) -> None:
    """``ssh -T`` (no terminal): its plain-text menu, games and bots run in a worker like a
    full-screen app, never in the main process's threads (16 of them against hard bots there
    stalled every player): the worker, not the main process, has the player's saves open."""
    import asyncssh

    from tulipgames.net.loadtest import client_key

    serve.append(server := Server(tmp_path, "--workers", "2"))
    conn = await asyncssh.connect("127.0.0.1", server.port, username="zoe", known_hosts=None,
                                  agent_path=None, client_keys=[client_key()])
    process = await conn.create_process()  # no terminal requested: the plain-text mode
    assert "plain-text mode" in await asyncio.wait_for(process.stdout.readline(), 30)
    where = placed(server, 1)
    assert where["zoe"] != ["main"], where
    saves = tmp_path / "players" / "zoe" / "tulipgames.sqlite3"

    def holds_saves(pid: int) -> bool:
        fds = Path(f"/proc/{pid}/fd")
        return any(os.path.realpath(fd) == str(saves.resolve()) for fd in fds.iterdir())

    pids = worker_pids(server)
    assert holds_saves(pids[int(where["zoe"][0])])
    assert not holds_saves(server.proc.pid)
    process.stdin.write("5\nzoe,bot\n1\n1\nlook\nquit\n8\n")  # a Sixty-One move, then quit
    process.stdin.write_eof()
    out = await asyncio.wait_for(process.stdout.read(), 60)
    assert "Your leaf total:" in out and "Saved as game" in out, out[-600:]
    assert "Goodbye." in out
    conn.close()
    await conn.wait_closed()


async def test_a_plain_session_s_piped_lines_all_reach_its_worker(
        serve: list[Server], tmp_path: Path) -> None:
    """A script pipes every line at once (``ssh -T host < answers``): the lines that reach the
    worker right behind the session's start are read, none lost before its menu runs."""
    import asyncssh

    from tulipgames.net.loadtest import client_key

    serve.append(server := Server(tmp_path, "--workers", "1"))
    for attempt in range(3):
        conn = await asyncssh.connect("127.0.0.1", server.port, username=f"pipe{attempt}",
                                      known_hosts=None, agent_path=None,
                                      client_keys=[client_key()])
        result = await asyncio.wait_for(conn.run(input="6\n8\n"), 60)  # Resume, then Quit
        conn.close()
        await conn.wait_closed()
        out = str(result.stdout)
        assert "There are no saved games." in out and "Goodbye." in out, out[-600:]
        assert out.count("Choose by number") == 1  # no line was lost or read twice

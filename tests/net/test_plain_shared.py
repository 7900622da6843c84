"""Plain-text players (``ssh -T``, lines piped) at the shared tables of a real
``tulipgames serve``: leaving a table and coming back, turns waiting elsewhere. (A whole game
with full-screen, browser and plain players is ``test_mixed_table.py``.)"""

from __future__ import annotations

import re
import subprocess
import threading
import time

from tests.net.conftest import Server, needs_clients
from tulipgames.store import Store

pytestmark = needs_clients


class PlainClient:
    """``ssh -T``: what it writes is gathered by a thread; lines are typed into its stdin."""

    def __init__(self, command: list[str]) -> None:
        self.proc = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.DEVNULL)
        self.out = ""
        self._lock = threading.Lock()
        threading.Thread(target=self._gather, daemon=True).start()

    def _gather(self) -> None:
        assert self.proc.stdout is not None
        while chunk := self.proc.stdout.read1(4096):  # type: ignore[attr-defined]
            with self._lock:
                self.out += chunk.decode("utf-8", "replace").replace("\r\n", "\n")

    def text(self) -> str:
        with self._lock:
            return self.out

    def type(self, line: str) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write((line + "\n").encode())
        self.proc.stdin.flush()

    def wait_for(self, pattern: str, timeout: float = 20) -> re.Match[str]:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            match = re.search(pattern, self.text())
            if match:
                return match
            time.sleep(0.05)
        raise AssertionError(f"{pattern!r} never came:\n{self.text()[-3000:]}")

    def close(self) -> None:
        if self.proc.stdin is not None:
            self.proc.stdin.close()
        self.proc.wait(10)


def test_a_plain_player_leaves_a_table_and_comes_back_through_your_tables(
    server: Server,
) -> None:
    ben = PlainClient(server.ssh_command("ben", "-T"))
    ben.wait_for("7. Shared tables")
    ben.type("open 5")  # Sixty-One
    ben.wait_for("How many seats")
    ben.type("2")
    code = ben.wait_for(r"Table ([A-Z2-9]{4}) is open")[1]
    ben.type("start")
    ben.wait_for("Every seat needs a player or a bot before the start.")
    ben.type("bots")
    ben.wait_for(r"Seats: 1 ben, 2 bot \(\w+\)\. Type start to begin\.")
    ben.type("start")
    ben.wait_for(r"ben, Round 1, roll")
    ben.type("quit")
    ben.wait_for(f"You keep your seat at table {code}.")
    ben.type("tables")
    ben.wait_for(rf"1\. Table {code}, Sixty-One with ben, .*: your turn\.")
    ben.type("1")
    ben.wait_for(rf"Sixty-One at table {code}, seat 1\.(.|\n)*ben, Round 1, roll")
    answered = ben.text().rsplit("Sixty-One at table", 1)[0].count("> ")  # the menu's
    deadline = time.monotonic() + 300
    while "Final scores:" not in ben.text():
        assert time.monotonic() < deadline, ben.text()[-3000:]
        if ben.text().count("> ") > answered:
            answered = ben.text().count("> ")
            ben.type("1")
        time.sleep(0.1)
    final = re.search(r"Final scores: ben (\d+), (.+) (\d+)\.", ben.text())
    assert final is not None
    store = Store(server.data_dir)
    try:
        table = store.load(store.saves(None, empty=True)[0].id)
    finally:
        store.close()
    assert table.is_over and [int(final[1]), int(final[3])] == list(table.result().totals)
    ben.close()


def test_a_plain_player_hears_of_a_turn_waiting_at_another_table(server: Server) -> None:
    ben = PlainClient(server.ssh_command("ben", "-T"))
    ben.wait_for("7. Shared tables")
    ben.type("open 5")
    ben.wait_for("How many seats")
    ben.type("2")
    first = ben.wait_for(r"Table ([A-Z2-9]{4}) is open")[1]
    cy = PlainClient(server.ssh_command("cy", "-T"))
    cy.wait_for("7. Shared tables")
    cy.type(f"join {first}")
    ben.wait_for("Type start to begin.")
    ben.type("start")
    ben.wait_for(r"ben, Round 1, roll")
    ben.type("quit")  # his first decision at the first table waits for him
    ben.wait_for(f"You keep your seat at table {first}.")
    ben.type("open 5")
    ben.wait_for("How many seats")
    ben.type("2")
    ben.wait_for(r"Table (?!" + first + r")[A-Z2-9]{4} is open")
    ben.type("bots")
    ben.wait_for("Type start to begin.")
    ben.type("start")
    ben.wait_for(r"is open(.|\n)*ben, Round 1, roll")
    notice = (f"Your turn at table {first}, Sixty-One: quit here, then choose Your tables "
              "to go there.")
    answered = ben.text().rsplit("is open", 1)[0].count("> ")
    deadline = time.monotonic() + 60
    while notice not in ben.text():  # said while he waits for the bot, after his choice
        assert time.monotonic() < deadline, ben.text()[-3000:]
        if ben.text().count("> ") > answered:
            answered = ben.text().count("> ")
            ben.type("1")
        time.sleep(0.1)
    while "ben, Round 3, roll" not in ben.text():  # two more waits for the bot
        assert time.monotonic() < deadline, ben.text()[-3000:]
        if ben.text().count("> ") > answered:
            answered = ben.text().count("> ")
            ben.type("1")
        time.sleep(0.1)
    assert ben.text().count(notice) == 1  # told once, not again at every wait
    ben.close()
    cy.close()

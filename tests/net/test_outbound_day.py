"""A four-player by-mail game of Century: Spice Road over a day of simulated time, with real
e-mail (a local aiosmtpd server) and a real webhook receiver (aiohttp on 127.0.0.1).

ana looks in every hour, ben every 3 hours, dan every 5 and cleo once, at hour 24. ana, ben and
dan chose e-mail (dan one message a day at most), cleo a webhook. Each step is 10 simulated
minutes: whoever looks in plays their whole turn, then the table's clock and the notifier run.
What each player received is read from the receivers and printed
(``pytest -s tests/net/test_outbound_day.py``).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.net.lobbykit import FakeTime
from tests.net.test_outbound import Mailbox, hooks, mailbox  # noqa: F401 (fixtures)
from tulipgames.net.lobby import Lobby, TableSettings, player_dir
from tulipgames.net.outbound import DAY, Notifier, Outbound, set_contact
from tulipgames.store import Store

PLAYERS = ("ana", "ben", "cleo", "dan")
#: Hours between two visits of each player (cleo comes once, at the end of the day).
VISITS: dict[str, Any] = {"ana": 1, "ben": 3, "cleo": (24,), "dan": 5}
STEP = 600.0


@pytest.fixture
def lobby(tmp_path: Path, clock: FakeTime) -> Iterator[Lobby]:
    store = Store(tmp_path)
    yield Lobby(store, tmp_path, now=clock, bot_delay=0.0)
    store.close()


def visits(name: str, minute: int) -> bool:
    every = VISITS[name]
    if every is None or minute % 60:
        return False
    hour = minute // 60
    return hour in every if isinstance(every, tuple) else hour % every == 0


async def test_a_four_player_by_mail_game_over_a_day(
    lobby: Lobby, clock: FakeTime, tmp_path: Path, mailbox: tuple[Mailbox, int],  # noqa: F811
    hooks: tuple[list[dict[str, Any]], int],  # noqa: F811
) -> None:
    box, smtp_port = mailbox
    received, http_port = hooks
    outbound = Outbound("127.0.0.1", smtp_port, "tables@example.net",
                        webhook_hosts=frozenset({"127.0.0.1"}), timeout=5)
    for name in ("ana", "ben"):
        set_contact(player_dir(tmp_path, name), outbound, email=f"{name}@example.org")
    set_contact(player_dir(tmp_path, "dan"), outbound, email="dan@example.org", mode="daily")
    set_contact(player_dir(tmp_path, "cleo"), outbound,
                webhook=f"http://127.0.0.1:{http_port}/topic/cleo")
    notifier = Notifier(lobby, outbound, tmp_path, now=clock)
    notifier.attach()
    opened = lobby.open("spiceroad", 4, "ana", seed=1, settings=TableSettings(
        clock="1day", standin="random"))
    for name in PLAYERS[1:]:
        opened.claim(name)
    table = lobby.start(opened.code)
    start = clock.now
    pick = random.Random(3)
    waited: Counter[str] = Counter()  # decisions that began for each player
    seen: set[tuple[int, int]] = set()
    moves: Counter[str] = Counter()
    for step in range(int(DAY / STEP)):
        clock.now += STEP
        minute = (step + 1) * int(STEP) // 60
        for seat, name in enumerate(PLAYERS):
            if not visits(name, minute) or table.is_over:
                continue
            opened.arrive(name)
            while seat in table.to_act() and not table.is_over:
                table.play(seat, pick.choice(table.state.legal_actions(seat)))
                moves[name] += 1
            opened.depart(name)
        table.check_clock()
        table.run_bots_now()
        for seat, number in table.waiting():
            if (seat, number) not in seen:
                seen.add((seat, number))
                waited[PLAYERS[seat]] += 1
        notifier.tick()
        await notifier.drain()
    got: dict[str, Counter[str]] = {name: Counter() for name in PLAYERS}
    for message in box.messages:
        name = message["X-Rcpt"].split("@")[0]
        subject = message["Subject"]
        kind = ("digest" if "waiting for you" in subject else
                "reminder" if "Reminder" in subject else "turn")
        got[name][kind] += 1
    for hook in received:
        got[hook["player"]][hook["kind"]] += 1
    print(f"\nSpice Road, 4 players, 1-day clock, {DAY / 3600:.0f} simulated hours in "
          f"{int(DAY / STEP)} steps; actions: {dict(moves)}; seats a stand-in played: "
          f"{table.record.standins}")
    for name in PLAYERS:
        print(f"  {name:5} decisions waiting: {waited[name]:3}  received: {dict(got[name])}")
    assert (clock.now - start) == DAY
    # Everybody who opted in and was away got word of their turn; nobody was flooded.
    for name in PLAYERS:
        assert got[name]["turn"] >= 1
        assert sum(got[name].values()) <= (1 if name == "dan" else 6)
        assert got[name]["turn"] <= waited[name]
    # cleo's turn waited from early on until her one visit at hour 24: a reminder came first.
    assert got["cleo"]["reminder"] == 1

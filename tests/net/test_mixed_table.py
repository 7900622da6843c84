"""Blind and sighted players at one table: a plain-text player (OpenSSH ``ssh -T``, lines
piped), a full-screen SSH player (OpenSSH in tmux) and a browser player (headless Chromium at
the web door) play one Sixty-One game of a real ``tulipgames serve --web`` to the end, and all
three are shown the same final scores, the ones the server saved; a fourth, plain, watches."""

from __future__ import annotations

import asyncio
import re
import time
from typing import TYPE_CHECKING

from tests.net.conftest import Client, Server, Tmux, needs_clients
from tests.net.test_plain_shared import PlainClient
from tests.net.test_play_sixtyone import join
from tests.net.test_web import browser, needs_browser, server, web_port  # noqa: F401 - fixtures
from tulipgames.store import Store

if TYPE_CHECKING:  # playwright is imported only where test_web found it
    from tulipgames.net.web_loadtest import Browser

pytestmark = [needs_clients, needs_browser]

#: Seconds the whole game may take on a busy machine: a budget, not a measurement.
BUDGET = 400


def totals_shown(screen: str) -> dict[str, int]:
    """Each player's total on the full-screen results table: a column per seat, headed by the
    player's name, and the Total row under it."""
    lines = screen.splitlines()
    header = next(line for line in lines if re.fullmatch(r"\s+ben\s+ana\s+cy\s*", line))
    total = next(line for line in lines if line.strip().startswith("Total"))
    return dict(zip(header.split(), map(int, total.split()[1:]), strict=True))


async def browser_turn(cy: Browser) -> None:
    """When the status line says it is the browser player's turn: Enter takes the highlighted
    choice (a die that can be used, then a spot), y confirms (nothing before that)."""
    if (await cy.screen()).startswith(" cy: "):
        await cy.press("Enter", "y")


def tmux_turn(ana: Client) -> None:
    """The same for the full-screen SSH player."""
    if ana.screen().startswith(" ana: "):
        ana.keys("Enter", "y")


async def test_plain_full_screen_and_browser_players_finish_one_table(
    server: Server, tmux: Tmux, browser: Browser  # noqa: F811 - the fixtures imported above
) -> None:
    ben = PlainClient(server.ssh_command("ben", "-T"))
    ben.wait_for("7. Shared tables")
    ben.type("open 5")  # Sixty-One
    ben.wait_for("How many seats")
    ben.type("3")
    code = ben.wait_for(r"Table ([A-Z2-9]{4}) is open: Sixty-One, 3 seats")[1]

    ana = tmux.client("ana", server.ssh_command("ana"), (100, 30))
    join(ana, code)
    await browser.log_in(f"http://127.0.0.1:{web_port(server)}/", "cy", size=(1000, 700))
    await browser.wait_for("Join a table")
    await browser.press("End", "ArrowUp", "Enter")  # Join a table
    await browser.wait_for("Type the code")
    await browser.type(code)
    await browser.press("Enter")
    ben.wait_for(r"Seats: 1 ben, 2 ana, 3 cy\. Type start to begin\.")
    ben.type("start")
    ben.wait_for(rf"Sixty-One at table {code}, seat 1\. Players: ben, ana, cy\.")
    # a fourth, plain, watches by the code: told the moves as they happen, nothing to decide
    dee = PlainClient(server.ssh_command("dee", "-T"))
    dee.wait_for("7. Shared tables")
    dee.type(f"watch {code}")
    dee.wait_for(rf"Sixty-One at table {code}, watching\. Players: ben, ana, cy\.")

    # Ben answers 1 at each of his prompts; ana and cy take the highlighted choices.
    answered = ben.text().split("Sixty-One at table")[0].count("> ")  # the menu's prompts
    deadline = time.monotonic() + BUDGET
    while "Final scores:" not in ben.text():
        assert time.monotonic() < deadline, ben.text()[-3000:]
        if ben.text().count("> ") > answered:
            answered = ben.text().count("> ")
            ben.type("1")
        tmux_turn(ana)
        await browser_turn(browser)
        await asyncio.sleep(0.1)

    final = re.search(r"Final scores: ben (\d+), ana (\d+), cy (\d+)\.", ben.text())
    assert final is not None, ben.text()[-2000:]
    said = [int(score) for score in final.groups()]
    out = ben.text()
    # the others' moves were told to the plain player as they were made, and his own once
    # (when all have chosen), not also as "ben has chosen"
    assert re.search(r"ana writes \d+", out) and re.search(r"cy writes \d+", out)
    assert "ben has chosen" not in out

    store = Store(server.data_dir)
    try:
        table = store.load(store.saves(None, empty=True)[0].id)
    finally:
        store.close()
    assert table.is_over and [seat.name for seat in table.record.seats] == ["ben", "ana", "cy"]
    assert said == list(table.result().totals)

    # the full-screen and the browser results tables show the same totals
    on_ana = ana.wait_for("Rematch")
    on_cy = await browser.wait_for("Rematch")
    for screen in (on_ana, on_cy):
        assert totals_shown(screen) == dict(zip(("ben", "ana", "cy"), said, strict=True))
    ben.close()
    watched = dee.wait_for(r"Final scores: ben (\d+), ana (\d+), cy (\d+)\.")
    assert [int(score) for score in watched.groups()] == said
    seen = dee.text().split(", watching.")[1].split("Final scores")[0]
    assert re.search(r"ben writes \d+", seen) and "> " not in seen  # never asked a thing
    dee.close()

"""The results screen's final position: every seat's sheet / shop / holdings / bouquet /
caravan under the score table, in the one scrolling area, never cut off at 80x24 with the most
seats, and each seat's private parts shown once the game is over."""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import cache
from typing import Any

import pytest
from textual.containers import VerticalScroll
from textual.widgets import Static

from tests.pilot import screen_text
from tulipgames import screenshots
from tulipgames.games.flowershop.data import CARDS as FLOWER_CARDS
from tulipgames.games.giftoftulips.data import VARIETY_INFO
from tulipgames.games.spiceroad.data import POINT_CARDS
from tulipgames.games.tulipandrose import data as tulip_data
from tulipgames.replay import ReplayTable
from tulipgames.table import Table
from tulipgames.tui.app import TulipGamesApp
from tulipgames.tui.screens.results import ResultsScreen

#: Each game with its largest table.
MOST_SEATS = {"tulipandrose": 6, "giftoftulips": 6, "spiceroad": 5, "flowershop": 4,
              "sixtyone": 12}


@cache
def finished(game_id: str, count: int, seed: int = 5) -> Table:
    """A table played to the end by bots (shared by the tests: nothing here changes it)."""
    return screenshots.finished_table(game_id, seed=seed, count=count)


# -- what each seat's final position must show, read from the rules' state -------------------
def spiceroad_pieces(table: Table, seat: int) -> list[str]:
    """Each claimed point card's VP and the caravan's fill."""
    state: Any = table.state
    points = [f"{POINT_CARDS[card].vp}VP" for card in state.claimed[seat]]
    return [*points, f"{sum(state.caravans[seat])}/10"]


def flowershop_pieces(table: Table, seat: int) -> list[str]:
    """Every vase in the window by id, the money and the final score."""
    shop = table.state.shops[seat]  # type: ignore[attr-defined]
    vases = [vase for vase in shop.spots if vase is not None]
    total = sum(table.state.score_rows(seat))  # type: ignore[attr-defined]
    return [*vases, f"${shop.money}", f"{total} FP"]


def tulipandrose_pieces(table: Table, seat: int) -> list[str]:
    """The seat's Special Orders by name (private until the end) and its florins."""
    state: Any = table.state
    orders = [tulip_data.ORDERS_BY_ID[order][1] for order in state.orders[seat]]
    return [*orders, f"florins {state.florins[seat]}"]


def giftoftulips_pieces(table: Table, seat: int) -> list[str]:
    """Every card of the bouquet as glyph, letter and value."""
    state: Any = table.state
    tags = {f"{VARIETY_INFO[c.variety][2]}{VARIETY_INFO[c.variety][1]}{c.value}"
            for c in state.bouquets[seat]}
    return sorted(tags)


def sixtyone_pieces(table: Table, seat: int) -> list[str]:
    """The leaf row's end and the score."""
    view = table.turn(seat).view
    return [f"total {view.leaf_total(seat)}", f"{sum(view.scores[seat])} points"]


PIECES: dict[str, Callable[[Table, int], list[str]]] = {
    "spiceroad": spiceroad_pieces,
    "flowershop": flowershop_pieces,
    "tulipandrose": tulipandrose_pieces,
    "giftoftulips": giftoftulips_pieces,
    "sixtyone": sixtyone_pieces,
}


def title_of(table: Table, seat: int) -> str:
    name = table.names[seat]
    return f"╭─ {name}'s shop" if table.game.id == "flowershop" else f"╭─ {name} ─"


def seat_block(text: str, table: Table, seat: int) -> str:
    """The lines of the screen from the seat's frame title to the next seat's title."""
    block = text[text.index(title_of(table, seat)):]
    if seat + 1 < len(table.names) and title_of(table, seat + 1) in block:
        block = block[:block.index(title_of(table, seat + 1))]
    return block


async def seat_on_screen(app: TulipGamesApp, seat: int) -> str:
    """Scroll the results so that the seat's final position is at the top; the screen text."""
    screen = app.screen
    scroll = screen.query_one("#results-scroll", VerticalScroll)
    scroll.scroll_to_widget(screen.query_one(f"#results-seat-{seat}", Static), top=True,
                            animate=False)
    await app._animator.wait_until_complete()
    for _ in range(3):
        await app.wait_for_refresh()
    return screen_text(app)


@pytest.mark.parametrize("game_id", sorted(MOST_SEATS))
async def test_every_seat_of_the_largest_table_is_shown_whole_at_80x24(game_id: str) -> None:
    table = finished(game_id, MOST_SEATS[game_id])
    app = TulipGamesApp(None)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await app.push_screen(ResultsScreen.for_table(table))
        await pilot.pause()
        assert "Final position" in "\n".join(
            str(w.render()) for w in app.screen.query(Static)
        )
        for seat in range(len(table.names)):
            text = await seat_on_screen(app, seat)
            lines = text.splitlines()
            assert max(len(line) for line in lines) <= 80
            title = next(line for line in lines if title_of(table, seat) in line)
            assert title.rstrip().rstrip("▁▂▃▄▅▆▇█▉▊▋▌▍▎▏ ").endswith("╮"), title
            block = seat_block(text, table, seat)
            for piece in PIECES[game_id](table, seat):
                assert piece in block, (table.names[seat], piece)


@pytest.mark.parametrize("game_id", sorted(MOST_SEATS))
async def test_the_end_key_scrolls_to_the_last_seat(game_id: str) -> None:
    table = finished(game_id, MOST_SEATS[game_id])
    last = len(table.names) - 1
    app = TulipGamesApp(None)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await app.push_screen(ResultsScreen.for_table(table))
        await pilot.pause()
        first = screen_text(app)
        assert title_of(table, last) not in first  # below the fold at first
        await pilot.press("end")
        await pilot.pause(0.3)
        text = screen_text(app)
        assert title_of(table, last) in text
        for piece in PIECES[game_id](table, last):
            assert piece in text, piece
        # its frame closes on screen: nothing of the last seat is cut off below
        assert text.splitlines()[-2].strip().startswith("╰")


async def test_tulip_and_rose_shows_every_seats_secret_orders_after_the_end() -> None:
    table = finished("tulipandrose", 4)
    state: Any = table.state
    app = TulipGamesApp(None)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await app.push_screen(ResultsScreen.for_table(table))
        await pilot.pause()
        for seat in range(4):
            text = seat_block(await seat_on_screen(app, seat), table, seat)
            for order in state.orders[seat]:
                _id, name, condition, points = tulip_data.ORDERS_BY_ID[order]
                assert f"{name} " in text and f"/{points}" in text
                assert condition in text  # 120 columns: the condition too


async def test_gift_of_tulips_shows_the_flipped_secret_festival_cards() -> None:
    """The flipped secret cards (private to whoever put them in, until the end) are shown with
    the final festival; the ones never flipped stay hidden (spec §6) and are only counted."""
    table = finished("giftoftulips", 6)
    state: Any = table.state
    flipped = [step.card for step in state.view(None).reveals]
    assert flipped
    app = TulipGamesApp(None)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await app.push_screen(ResultsScreen.for_table(table))
        await pilot.pause()
        scroll = app.screen.query_one("#results-scroll", VerticalScroll)
        scroll.scroll_to_widget(app.screen.query_one("#results-shared", Static), top=True,
                                animate=False)
        await pilot.pause(0.3)
        text = screen_text(app)
        line = next(line for line in text.splitlines() if "flipped at the end" in line)
        tags = " ".join(f"{VARIETY_INFO[c.variety][2]}{VARIETY_INFO[c.variety][1]}{c.value}"
                        for c in flipped)
        assert tags in line
        assert f"{len(state.secret)} more secret cards stayed face down" in text


async def test_flower_shop_shows_what_cleanup_trashed_and_no_hand_is_left() -> None:
    """Nothing of a Flower Shop stays private at the end (every hand is played out); what
    storage held went to the trash at cleanup (E1), and every trashed card is listed."""
    table = finished("flowershop", 3, seed=11)
    shops = table.state.shops  # type: ignore[attr-defined]
    assert all(not shop.hand and not shop.storage for shop in shops)
    app = TulipGamesApp(None)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await app.push_screen(ResultsScreen.for_table(table))
        await pilot.pause()
        for seat, shop in enumerate(shops):
            block = seat_block(await seat_on_screen(app, seat), table, seat)
            trashed = block[block.index("Trashed") + len("Trashed"):block.index("Score")]
            for card in shop.trash:
                assert FLOWER_CARDS[card].glyph in trashed, card
            # one column per card (two spaces or more between them, one inside a vase)
            cells = [c for line in trashed.splitlines()
                     for c in re.split(r"\s{2,}", line.strip(" │")) if c]
            assert len(cells) == len(shop.trash) or (not shop.trash and cells == ["nothing"])


async def test_spice_road_shows_every_hand_and_played_card() -> None:
    table = finished("spiceroad", 3)
    app = TulipGamesApp(None)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await app.push_screen(ResultsScreen.for_table(table))
        await pilot.pause()
        for seat in range(3):
            player = table.turn(seat).view.players[seat]
            text = seat_block(await seat_on_screen(app, seat), table, seat)
            lines = [line.split("│")[1] for line in text.splitlines() if line.count("│") >= 2]
            start = next(i for i, line in enumerate(lines) if line.startswith(" Hand "))
            end = next(i for i, line in enumerate(lines) if line.startswith(" Played "))
            hand = " ".join(lines[start:end]).split()[1:]
            played = lines[end].split()[1:]
            assert len(hand) == len(player.hand)
            assert len(played) == max(1, len(player.played))  # "—" when none


async def test_a_wider_terminal_redraws_the_sheets_three_areas_a_row() -> None:
    table = finished("sixtyone", 2)
    app = TulipGamesApp(None)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await app.push_screen(ResultsScreen.for_table(table))
        await pilot.pause()
        text = await seat_on_screen(app, 0)
        assert not any("1 Pumpkins" in line and "3 Marsh-" in line for line in text.splitlines())
        await pilot.resize_terminal(120, 40)
        await pilot.pause(0.3)
        text = await seat_on_screen(app, 0)
        assert any("1 Pumpkins" in line and "3 Marsh-" in line for line in text.splitlines())


async def test_a_finished_replay_opens_the_same_final_position() -> None:
    table = finished("tulipandrose", 3)
    replay = ReplayTable(table.game, table.record)
    state: Any = table.state
    app = TulipGamesApp(None)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await app.push_screen(ResultsScreen.for_table(replay))
        await pilot.pause()
        text = seat_block(await seat_on_screen(app, 2), table, 2)
        for order in state.orders[2]:
            assert tulip_data.ORDERS_BY_ID[order][1] in text


async def test_a_game_without_a_final_position_shows_only_the_scores(toy: None) -> None:
    from tulipgames import games
    from tulipgames.engine.core import SeatSpec

    table = Table.new(games.get_game("toy"), [SeatSpec("Ana"), SeatSpec("Ben")], 3)
    while not table.is_over:
        seat = table.to_act()[0]
        table.play(seat, table.turn(seat).legal[0])
    app = TulipGamesApp(None)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = ResultsScreen.for_table(table)
        assert screen.final is None
        await app.push_screen(screen)
        await pilot.pause()
        text = screen_text(app)
        assert "final scores" in text
        assert "Final position" not in text


async def test_f_jumps_to_the_final_position() -> None:
    table = finished("giftoftulips", 6)
    app = TulipGamesApp(None)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await app.push_screen(ResultsScreen.for_table(table))
        await pilot.pause()
        assert "final scores" in screen_text(app)
        await pilot.press("f")
        await pilot.pause(0.5)
        text = screen_text(app)
        assert "final scores" not in text
        assert "Final position" in "".join(text.splitlines()[:2])
        assert "╭─ Festival" in text


async def test_a_shared_ssh_table_shows_every_seats_orders_to_each_player() -> None:
    """At a shared table each player's results come from the same ``for_table`` over the
    shared :class:`RemoteTable`: after the end every seat's orders are shown to everyone."""
    from tulipgames.net.lobby import RemoteTable

    table = finished("tulipandrose", 4)
    shared = RemoteTable.adopt(table)
    state: Any = table.state
    app = TulipGamesApp(None)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await app.push_screen(ResultsScreen.for_table(shared))
        await pilot.pause()
        for seat in range(4):
            text = seat_block(await seat_on_screen(app, seat), table, seat)
            for order in state.orders[seat]:
                assert tulip_data.ORDERS_BY_ID[order][1] in text


# -- the score table: every number whole at 80x24 ----------------------------------------------
NUMBER = re.compile(r"-?\d+")


async def table_lines(app: TulipGamesApp) -> list[list[str]]:
    """The drawn lines of each score table on the results screen, each table scrolled into
    view in turn (a table's own region of the screen only, so none is read twice)."""
    from textual.widgets import DataTable

    screen = app.screen
    scroll = screen.query_one("#results-scroll", VerticalScroll)
    drawn = []
    for table in screen.query(DataTable):
        scroll.scroll_to_widget(table, top=True, animate=False)
        await app._animator.wait_until_complete()
        for _ in range(3):
            await app.wait_for_refresh()
        assert table.max_scroll_x == 0  # nothing waits off to the right
        region = table.region
        assert region.height == table.virtual_size.height  # nor below
        lines = screen_text(app).splitlines()
        drawn.append(lines[region.y:region.bottom])
    return drawn


def numbers_by_seat(drawn: list[list[str]], table: Table) -> list[list[int]]:
    """Each seat's numbers as the seat-row tables show them, left to right, table after table
    (the place is read off first: "11th" is not a score)."""
    shown: list[list[int]] = [[] for _ in table.names]
    for lines in drawn:
        for line in lines:
            match = re.match(r"\s*\d+(?:st|nd|rd|th)(?: \*)?\s+(\S+)\s(.*)$", line)
            if match and match.group(1) in table.names:
                seat = table.names.index(match.group(1))
                shown[seat] += [int(n) for n in NUMBER.findall(match.group(2))]
    return shown


def numbers_by_category(drawn: list[list[str]], labels: list[str]) -> list[list[int]]:
    """Each row's numbers in the one-column-a-seat table, by the row's label."""
    lines = [line for table in drawn for line in table]
    rows = []
    for label in labels:
        line = next(line for line in lines if line.strip().startswith(label))
        rows.append([int(n) for n in NUMBER.findall(line.strip()[len(label):])])
    return rows


@pytest.mark.parametrize("seed", [5, 12])
@pytest.mark.parametrize("game_id", sorted(MOST_SEATS))
async def test_every_number_of_the_score_table_is_whole_at_80x24(game_id: str,
                                                                  seed: int) -> None:
    """The most seats at 80x24: every seat's total and each figure of its breakdown appear
    whole, as the result has them (a column cut at the screen's edge showed "1" for 11)."""
    table = finished(game_id, MOST_SEATS[game_id], seed)
    result = table.result()
    screen = ResultsScreen.for_table(table)
    extras = screen.final.columns if screen.final else ()
    app = TulipGamesApp(None)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await app.push_screen(screen)
        await pilot.pause()
        drawn = await table_lines(app)
        assert all(len(line) <= 80 for lines in drawn for line in lines)
        if len(table.names) > 4:
            shown = numbers_by_seat(drawn, table)
            for seat in range(len(table.names)):
                assert shown[seat] == [result.totals[seat], *result.breakdown[seat],
                                       *[values[seat] for _, values in extras]], \
                    table.names[seat]
        else:
            labels = [*result.categories, "Total", *[label for label, _ in extras]]
            rows = numbers_by_category(drawn, labels)
            expected = [[row[index] for row in result.breakdown]
                        for index in range(len(result.categories))]
            assert rows == [*expected, list(result.totals),
                            *[list(values) for _, values in extras]]


async def test_gift_of_tulips_results_show_each_bouquets_cards() -> None:
    """The tie-break figure (more bouquet cards wins) has its column, as in the game's own
    final table: it was missing from the results screen."""
    table = finished("giftoftulips", 6)
    state: Any = table.state
    screen = ResultsScreen.for_table(table)
    app = TulipGamesApp(None)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await app.push_screen(screen)
        await pilot.pause()
        drawn = await table_lines(app)
        assert any("Cards" in line for line in drawn[0])
        shown = numbers_by_seat(drawn, table)
        for seat in range(6):
            assert shown[seat][-1] == len(state.bouquets[seat])


async def test_four_long_names_take_a_row_each_rather_than_cut_a_column() -> None:
    """A column per seat did not fit 80 columns with four long names: the last seat's column
    ran off the edge. Such a table gets a row per seat, every number whole."""
    from tulipgames.engine.core import Result

    names = ["Alexandrina-Wilhelmina", "Bartholomeus-Jan", "Cornelia-Geertruida",
             "Dirk-Jan-Willem"]
    result = Result.build(["Petals", "Baskets", "Money", "Trash"],
                          [[15, 11, 4, 0], [10, 18, 1, -9], [0, 0, 2, -11], [12, 13, 3, -10]])
    app = TulipGamesApp(None)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await app.push_screen(ResultsScreen("The Little Flower Shop", names, result, 3))
        await pilot.pause()
        drawn = await table_lines(app)
        assert all(len(line) <= 80 for lines in drawn for line in lines)
        shown: dict[str, list[int]] = {}
        for line in (line for lines in drawn for line in lines):
            match = re.match(r"\s*\d+(?:st|nd|rd|th)(?: \*)?\s+(\S+)\s(.*)$", line)
            if match:
                shown.setdefault(match.group(1), []).extend(
                    int(n) for n in NUMBER.findall(match.group(2)))
        for seat, name in enumerate(names):
            assert shown[name] == [result.totals[seat], *result.breakdown[seat]], name

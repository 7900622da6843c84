"""What the Gift of Tulips screen shows at 80x24 with six seats (the most the game allows) and
at 120x40: nothing a player needs is cut off, columns line up by terminal cells whatever the
names, names are plain text, and the footer lists only keys that work now."""

from __future__ import annotations

import re
from collections.abc import Callable

from rich.cells import cell_len

from tests.pilot import screen_text, wait_for
from tulipgames.engine.core import SeatSpec
from tulipgames.games.giftoftulips.rules import GAME, PLAY, GiftState, GiftView
from tulipgames.games.giftoftulips.screen import SCREEN, GiftOfTulipsScreen
from tulipgames.games.giftoftulips.widgets import card_tag, value_counts
from tulipgames.table import Table, Turn
from tulipgames.tui.app import TulipGamesApp
from tulipgames.tui.screens.results import ResultsScreen

#: Six seats with a CJK, an emoji and two markup names: all must show as typed, aligned.
NAMES = ["Ana", "山田太郎", "Eve😀", "[/]", "[@click=app.quit]", "Fay"]


def six_seats(seed: int, stop: Callable[[GiftState], bool], players: int = 6) -> Table:
    """Ana (human) and bots; every seat played by the normal bot until ``stop``."""
    seats = [SeatSpec(NAMES[0]), *(SeatSpec(n, "bot:normal") for n in NAMES[1:players])]
    table = Table.new(GAME, seats, seed, bot_delay=0.0)
    table.ensure_bots_running = lambda: None  # type: ignore[method-assign]
    while not table.is_over:
        state = table.state
        assert isinstance(state, GiftState)
        if stop(state):
            break
        seat = table.to_act()[0]
        table.play(seat, table.think_job(seat)())
    return table


def ana_on_card_one_late(state: GiftState) -> bool:
    return state.phase == PLAY and state.active == 0 and state.card_no == 1 and (
        state.turns_taken[0] >= 4
    )


def bouquet_lines(text: str, names: list[str]) -> list[str]:
    """The bouquets table's line of each seat (``N name``, in seat order)."""
    found = []
    for seat, name in enumerate(names):
        pattern = re.compile(rf"^ [ >★][ S] *{seat + 1} {re.escape(name[:8])}")
        lines = [line for line in text.splitlines() if pattern.match(line)]
        assert len(lines) == 1, f"no single bouquet line for {name!r} in\n{text}"
        found.append(lines[0])
    return found


async def test_turn_at_80x24_with_six_seats_shows_everything() -> None:
    table = six_seats(3, ana_on_card_one_late)
    view: GiftView = table.turn(0).view
    app = TulipGamesApp(None)
    async with app.run_test(size=(80, 24)) as pilot:
        await app.push_screen(SCREEN(table, frozenset({0})))
        await pilot.pause()
        text = screen_text(app)
        for hint in ("k Keep", "g Give", "f Face up", "s Secret", "Choose", "esc "):
            assert hint in text, hint
        for place in ("1st", "2nd", "3rd", "4th"):
            assert place in text
        assert "Your secret cards:" in text and "turns)" in text
        # nothing is cut but the one name longer than the 10 cells of the name column
        assert "…" not in text.replace("[@click=a…", "")
        for seat, line in enumerate(bouquet_lines(text, NAMES)):
            cards = len(view.bouquets[seat])
            assert re.search(rf"\b{view.scores[seat]}\s+{cards}\s", line), (line, cards)
        # whom to give to: every other seat by number and name, the secrets still in the panel
        await pilot.press("g")
        await pilot.pause()
        text = screen_text(app)
        for seat, name in enumerate(NAMES[1:], 1):
            assert f"{seat + 1} {name[:8]}" in text
        assert "Your secret cards:" in text and "number: give · Esc: back" in text
        assert text.splitlines()[-1].strip().startswith("⏎ Choose") or "Menu" in text
        turn_panel = [line for line in text.splitlines() if "│" in line[46:]]
        assert any("Your secret cards:" in line for line in turn_panel)
        await pilot.press("escape")
        await pilot.pause()
        assert "g Give" in screen_text(app) and app.screen is not None


async def test_festival_rows_show_every_face_up_card_at_80_columns() -> None:
    seats = [SeatSpec("Ana"), SeatSpec("Ben", "bot:normal")]
    table = Table.new(GAME, seats, 8, bot_delay=0.0)
    table.ensure_bots_running = lambda: None  # type: ignore[method-assign]
    while table.turn(0).view.deck_size > 6 or table.to_act() != (0,):
        seat = table.to_act()[0]
        legal = table.turn(seat).legal
        table.play(seat, next((a for a in legal if str(a) == "add faceup"), legal[0]))
    festival = table.turn(0).view.festival
    biggest = max(len(festival.values_of(v)) for v in festival.ranking)
    assert biggest >= 7  # the case that used to read "25 … 4 4 2 2 3"
    app = TulipGamesApp(None)
    async with app.run_test(size=(80, 24)) as pilot:
        await app.push_screen(SCREEN(table, frozenset({0})))
        await pilot.pause()
        text = screen_text(app)
        for place, variety in enumerate(festival.ranking, 1):
            twos, threes, fours = (c or "·" for c in value_counts(festival.values_of(variety)))
            row = rf"{('1st', '2nd', '3rd', '4th')[place - 1]} . .\s+{festival.total(variety)}"
            assert re.search(rf"{row}\s+{twos}\s+{threes}\s+{fours}\s+\+", text), variety


async def test_columns_line_up_by_cells_with_cjk_emoji_and_markup_names() -> None:
    table = six_seats(5, ana_on_card_one_late)
    for size in [(80, 24), (120, 40)]:
        app = TulipGamesApp(None)
        async with app.run_test(size=size) as pilot:
            await app.push_screen(SCREEN(table, frozenset({0})))
            await pilot.pause()
            text = screen_text(app)
            lines = bouquet_lines(text, NAMES)
            header = next(line for line in text.splitlines() if "Pts Cards" in line)
            score_end = cell_len(header[: header.index("Pts") + 3])
            cards_end = cell_len(header[: header.index("Cards") + 5])
            for line in lines:
                numbers = list(re.finditer(r"\d+", line))
                # the numbers after the name: the score and the card count, right-aligned
                ends = [cell_len(line[: m.end()]) for m in numbers]
                assert score_end in ends and cards_end in ends, (size, line)
            assert "[/]" in text and "[@click=app." in text  # shown as typed, not as markup


async def test_reveal_at_80x24_then_the_final_table_with_bouquet_cards() -> None:
    table = six_seats(9, lambda s: False)
    view: GiftView = table.turn(0).view
    result = view.final
    assert result is not None
    app = TulipGamesApp(None)
    async with app.run_test(size=(80, 24)) as pilot:
        await app.push_screen(SCREEN(table, frozenset({0})))
        game = app.screen
        assert isinstance(game, GiftOfTulipsScreen)
        await wait_for(pilot, lambda: game.flipped == 0)
        text = screen_text(app)
        assert "Flip card" in text and "Final scores" not in text and "Undo" not in text
        assert f"Space flips the next secret card ({len(view.reveals)} face down)" in text
        assert len(bouquet_lines(text, NAMES)) == 6
        for _ in view.reveals:
            await pilot.press("space")
            await pilot.pause()
        text = screen_text(app)
        assert f"Secret card {len(view.reveals)} of {len(view.reveals)}" in text
        assert "Final scores" in text and "Flip card" not in text  # the footer moved on
        assert "Final scores: Enter for the results" in text.splitlines()[0]
        header = next(line for line in text.splitlines() if "Total" in line)
        assert "Cards" in header and "Give" in header and "Maj 1st" in header
        for seat, line in enumerate(bouquet_lines(text, NAMES)):
            row = [*result.breakdown[seat], result.totals[seat], len(view.bouquets[seat])]
            assert [int(n) for n in re.findall(r"\d+", line)[1:]] == row, line
        winners = [NAMES[s] for s in result.winners]
        assert any(line.startswith(" ★") and winners[0] in line for line in text.splitlines())
        await pilot.pause(1.5)  # the results wait for Enter after the final table
        assert isinstance(app.screen, GiftOfTulipsScreen)
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, ResultsScreen))


async def test_undo_is_offered_only_when_it_works() -> None:
    seats = [SeatSpec("Ana"), SeatSpec("Ben", "bot:normal")]
    table = Table.new(GAME, seats, 4, {"start_player": 0}, bot_delay=0.0)
    table.ensure_bots_running = lambda: None  # type: ignore[method-assign]
    app = TulipGamesApp(None)
    async with app.run_test(size=(80, 24)) as pilot:
        await app.push_screen(SCREEN(table, frozenset({0})))
        await pilot.pause()
        footer = screen_text(app).splitlines()[-1]
        assert "Undo" not in footer  # nothing played yet
        await pilot.press("1")  # Ana's setup choice; Ben has not chosen: it can be taken back
        await pilot.pause()
        assert table.turn(0).undoable == 1
        assert "Undo" in screen_text(app).splitlines()[-1]
        await pilot.press("u")
        await pilot.pause()
        assert table.record.actions == [] and table.turn(0).acting
        await pilot.press("1")
        await pilot.pause()
        table.play(1, table.think_job(1)())  # Ben chooses: the bouquets are revealed
        await pilot.pause()
        assert table.turn(0).undoable == 0
        assert "Undo" not in screen_text(app).splitlines()[-1]
        played = len(table.record.actions)
        await pilot.press("u")
        await pilot.pause()
        assert len(table.record.actions) == played


async def test_one_give_is_one_save_and_one_redraw() -> None:
    seats = [SeatSpec("Ana"), SeatSpec("Ben", "bot:normal"), SeatSpec("Cleo", "bot:normal")]
    saves: list[int] = []
    table = Table.new(
        GAME, seats, 11, {"start_player": 0}, bot_delay=0.0, persist=lambda t: saves.append(1)
    )
    table.ensure_bots_running = lambda: None  # type: ignore[method-assign]
    for seat in range(3):
        table.play(seat, table.turn(seat).legal[0])
    app = TulipGamesApp(None)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = SCREEN(table, frozenset({0}))
        await app.push_screen(screen)
        await pilot.pause()
        shows: list[int] = []
        original = screen.show

        def counted(turn: Turn[GiftView]) -> None:
            shows.append(1)
            original(turn)

        screen.show = counted  # type: ignore[method-assign]
        saves.clear()
        await pilot.press("g", "3")
        await pilot.pause()
        assert table.record.actions[-1] == (0, "give 2")
        assert len(saves) == 1 and len(shows) == 1


async def test_many_secret_cards_stay_inside_the_turn_panel_while_giving() -> None:
    seats = [SeatSpec("Ana"), SeatSpec("Ben", "bot:normal"), SeatSpec("Cleo", "bot:normal")]
    table = Table.new(GAME, seats, 12, {"start_player": 0}, bot_delay=0.0)
    table.ensure_bots_running = lambda: None  # type: ignore[method-assign]
    while True:
        seat = table.to_act()[0]
        turn = table.turn(seat)
        if seat == 0 and turn.view.card_no == 1 and turn.view.turns_taken[0] == 9:
            break
        secret = next((a for a in turn.legal if str(a) == "add secret"), None)
        table.play(seat, secret if seat == 0 and secret else table.think_job(seat)())
    mine = table.turn(0).view.own_secret
    assert len(mine) == 10  # the setup card and one a turn: more than one line of the panel
    app = TulipGamesApp(None)
    async with app.run_test(size=(80, 24)) as pilot:
        await app.push_screen(SCREEN(table, frozenset({0})))
        await pilot.pause()
        await pilot.press("g")
        await pilot.pause()
        lines = screen_text(app).splitlines()
        bottom = next(i for i, line in enumerate(lines) if line[46:].startswith("╰"))
        panel = " ".join(line[46:] for line in lines[:bottom])
        assert "Your secret cards:" in panel and "Give it for" in panel
        shown = re.findall(r"[◆●▲■][VBPO][234]", panel.split("Your secret cards:")[1])
        assert sorted(shown) == sorted(card_tag(c, gap="").plain for c in mine)

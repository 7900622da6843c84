"""The Little Flower Shop as new players found it (issue 20): each point replayed with Pilot in the
real app, mostly at 80x24."""

from __future__ import annotations

import re
from pathlib import Path

from rich.cells import cell_len
from rich.text import Text
from textual.app import App

from tests.games.flowershop.demos import _advance
from tests.pilot import screen_text, wait_for
from tulipgames.engine.core import SeatSpec
from tulipgames.games.flowershop import screen as screen_module
from tulipgames.games.flowershop import widgets as widgets_module
from tulipgames.games.flowershop.rules import (
    GAME,
    ChooseFiller,
    Done,
    FlowerShopState,
    Keep,
    Place,
    Trash,
)
from tulipgames.games.flowershop.screen import SCREEN
from tulipgames.games.flowershop.widgets import ActionMenu, DraftPanel
from tulipgames.table import Table
from tulipgames.tui.app import TulipGamesApp
from tulipgames.tui.screens.curtain import CurtainScreen

FOUR = [SeatSpec("Ana"), SeatSpec("山田太郎", "bot:easy"), SeatSpec("🌷 Cleo", "bot:easy"),
        SeatSpec("[/]Dan", "bot:easy")]


def footer_keys(app: App[None]) -> dict[str, bool]:
    """The keys the footer offers now, with whether each is enabled (not dimmed)."""
    return {
        f"{key}:{active.binding.description}": active.enabled
        for key, active in app.screen.active_bindings.items()
        if active.binding.show
    }


def state_of(table: Table) -> FlowerShopState:
    state = table.state
    assert isinstance(state, FlowerShopState)
    return state


def give(state: FlowerShopState, seat: int, card: str) -> None:
    """Make ``card`` the first card of ``seat``'s hand, swapping it with wherever it was."""
    hand = state.shops[seat].hand
    for place in (state.deck, *(shop.hand for shop in state.shops)):
        if card in place:
            at = place.index(card)
            place[at], hand[0] = hand[0], place[at]
            return
    raise AssertionError(f"{card} is not dealt yet")


def menu_actions(app: App[None]) -> list[object]:
    """What the menu offers, its folded groups included (one action per outcome)."""
    return list(app.screen.query_one(ActionMenu).offered())


async def test_the_solo_menu_follows_the_flipped_card_after_a_discard() -> None:
    """Bug 3: after `x` the menu still offered "Keep BA01" and Enter kept the new card."""
    table = Table.new(GAME, [SeatSpec("Ana")], seed=2024, bot_delay=0.0)
    app = TulipGamesApp(None, table=table)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert state_of(table).flipped == "BA01"
        await pilot.press("x")
        await wait_for(pilot, lambda: state_of(table).flipped == "FL24")
        menu = app.screen.query_one(ActionMenu)
        labels = [str(menu.get_option_at_index(i).prompt) for i in range(menu.option_count)]
        assert any("Keep FL24" in label for label in labels), labels
        assert not any("BA01" in label for label in labels), labels
        assert any("5 under it" in label for label in labels), labels
        await pilot.press("enter")  # the highlighted line: keep what it names
        await wait_for(pilot, lambda: state_of(table).phase == "use")
        assert table.record.actions[-1] == (0, "keep")
        assert state_of(table).shops[0].using == "FL24"


async def test_the_filler_choice_lists_every_filler_at_80x24_with_four_seats() -> None:
    """Bug 7: at the end only one filler option was on screen."""
    table = Table.new(GAME, FOUR, seed=77, options={"filler_scoring": True}, bot_delay=0.0)
    _advance(table, lambda v: v.phase == "filler")
    app = TulipGamesApp(None, table=table)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        text = screen_text(app)
        for filler in ("baby's breath", "hypericum", "fern"):
            assert f"Score {filler}" in text, text
        assert {str(a) for a in menu_actions(app)} == {"filler B", "filler H", "filler F"}
        keys = footer_keys(app)
        assert keys["b:Baby's br."] and keys["h:Hypericum"] and keys["f:Fern"]
        await pilot.press("h")
        await wait_for(pilot, lambda: state_of(table).shops[0].filler == "H")


async def test_the_solo_footer_says_draw_and_hides_discard_at_a_last_card() -> None:
    """Bug 8: solo showed "s $2 swap", offered "x Discard" at a pile's last card, and
    "s draw $2" with $1."""
    table = Table.new(GAME, [SeatSpec("Ana")], seed=2024, bot_delay=0.0)
    state = state_of(table)
    state.piles[0] = state.piles[0][-1:]  # pile 1 is down to its last card
    state.shops[0].money = 1
    app = TulipGamesApp(None, table=table)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        keys = footer_keys(app)
        assert not [k for k in keys if "wap" in k or "Discard" in k], keys
        assert keys["k:Keep"] is True
        assert keys["s:Draw $2"] is False  # shown dimmed: the rules refuse it just now
        panel = str(app.screen.query_one(DraftPanel).render())
        assert "draw $2 (not now: a draw costs $2; you have $1)" in panel
        for _ in range(3):
            await pilot.press("s")
            await pilot.press("x")
        await pilot.pause()
        assert table.record.actions == [] and not app._notifications
        state.shops[0].money = 2
        table.version += 1  # the position changed under the table: draw it afresh
        app.screen.refresh_table()  # type: ignore[attr-defined]
        await pilot.pause()
        assert footer_keys(app)["s:Draw $2"] is True


async def test_repeated_bad_presses_leave_one_toast() -> None:
    """Bug 8: five invalid presses stacked five toasts over the board."""
    table = Table.new(GAME, [SeatSpec("Ana"), SeatSpec("Ben")], seed=31, bot_delay=0.0)
    state = state_of(table)
    for shop in state.shops:  # pick 6: two cards left in each hand
        shop.hand = shop.hand[:2]
    state.step = 6
    state.shops[0].storage = ["FL01", "FL21", "OR03", "BA07", "BA05"]  # storage 5/4
    for card in ("FL01", "FL21", "OR03", "BA07", "BA05"):
        for pile in (state.deck, *(s.hand for s in state.shops[1:])):
            if card in pile:
                pile.remove(card)
    app = TulipGamesApp(None, table=table)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, CurtainScreen))
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, SCREEN))
        assert "Not yet: storage holds" in screen_text(app)
        assert footer_keys(app)["1:Pick"] is False  # dimmed while storage is over 4
        for _ in range(5):
            await pilot.press("d")
            await pilot.press("1")
        await pilot.pause()
        assert not app._notifications and table.record.actions == []
        await pilot.press("c")  # select a card and trash it: storage 4, picks work again
        await pilot.pause()
        assert all(str(a).endswith("FL01") or "FL01" in str(a) for a in menu_actions(app))
        menu = app.screen.query_one(ActionMenu)
        menu.highlighted = menu._actions.index(Trash("FL01"))
        await pilot.press("enter")
        await wait_for(pilot, lambda: len(state_of(table).shops[0].storage) == 4)
        for _ in range(5):
            await pilot.press("7")  # a 2-card hand: there is no card 7
        await pilot.pause()
        assert len(app._notifications) == 1
        assert "no card 7" in next(iter(app._notifications)).message


async def test_hot_seat_raises_the_curtain_only_before_pick_steps() -> None:
    """Bug 10: a curtain before every use step (spec 7: use steps need none); and a hand is
    only ever drawn for the seat that lifted the curtain."""
    table = Table.new(GAME, [SeatSpec("Ana"), SeatSpec("Ben")], seed=3, bot_delay=0.0)
    app = TulipGamesApp(None, table=table)
    curtains = 0
    async with app.run_test(size=(80, 24)) as pilot:
        lifted_for: int | None = None
        while state_of(table).round == 1 and state_of(table).step <= 2:
            await pilot.pause()
            if isinstance(app.screen, CurtainScreen):
                curtains += 1
                assert state_of(table).phase == "pick"
                await pilot.press("enter")
                await wait_for(pilot, lambda: isinstance(app.screen, SCREEN))
                lifted_for = app.screen.viewer  # type: ignore[attr-defined]
                continue
            screen = app.screen
            seat = screen.viewer  # type: ignore[attr-defined]
            state = state_of(table)
            before = len(table.record.actions)
            if state.phase == "pick":
                assert seat == lifted_for
                assert state.shops[seat].hand[0] in screen_text(app)
                await pilot.press("1", "1")  # pick, then confirm
            else:
                assert seat is not None and state.shops[seat].hand[0] not in screen_text(app)
                if state.shops[seat].using is not None:
                    await pilot.press("enter")  # the highlighted first use of the card
                    await wait_for(pilot, lambda n=before: len(table.record.actions) > n)
                    before += 1
                await pilot.press("d", "d")  # done, then confirm
            await wait_for(pilot, lambda n=before: len(table.record.actions) > n)
    assert curtains == 4  # two picks, two seats, and none before the four use steps


async def test_hot_seat_asks_before_the_keyboard_passes_and_esc_takes_it_back() -> None:
    table = Table.new(GAME, [SeatSpec("Ana"), SeatSpec("Ben")], seed=3, bot_delay=0.0)
    app = TulipGamesApp(None, table=table)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, CurtainScreen))
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, SCREEN))
        hand = list(state_of(table).shops[0].hand)
        await pilot.press("2")
        await pilot.pause()
        assert "Confirm" in screen_text(app) and hand[1] in screen_text(app)
        assert table.record.actions == []
        await pilot.press("escape")  # back to choosing, still in the game
        await pilot.pause()
        assert isinstance(app.screen, SCREEN) and "Confirm" not in screen_text(app)
        await pilot.press("w")  # look at Ben's shop before picking
        await pilot.pause()
        assert "╭─ Ben's shop" in screen_text(app)
        await pilot.press("3", "enter")  # Enter confirms too
        await wait_for(pilot, lambda: table.record.actions == [(0, f"pick {hand[2]}")])
        await wait_for(pilot, lambda: isinstance(app.screen, CurtainScreen))
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, SCREEN))
        assert "╭─ Ben's shop" in screen_text(app)  # Ben sees his own shop, not Ana's look
        assert "Confirm" not in screen_text(app)


async def test_a_pick_and_placing_it_take_three_keys_with_one_human() -> None:
    """Keys per typical decision: `1` picks, Enter places the card (the highlighted best
    use), `d` ends the use step; one save and one redraw per key."""
    table = Table.new(GAME, [SeatSpec("Ana"), SeatSpec("Ben", "bot:easy")], seed=11,
                      bot_delay=0.0)
    state = state_of(table)
    give(state, 0, "FL02")  # a rose for SR1 (R×1)
    saves: list[int] = []
    table.persist = lambda t: saves.append(len(t.record.actions))
    shows = 0
    original = SCREEN.show

    def counted(self: SCREEN, turn: object) -> None:  # type: ignore[valid-type]
        nonlocal shows
        shows += 1
        original(self, turn)  # type: ignore[arg-type]

    SCREEN.show = counted  # type: ignore[method-assign]
    try:
        app = TulipGamesApp(None, table=table)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await pilot.press("1")
            await wait_for(pilot, lambda: state.phase == "use" and state.shops[1].done)
            assert state.shops[0].using == "FL02"
            saves.clear()
            shows = 0
            await pilot.press("enter")
            await wait_for(pilot, lambda: state.shops[0].using is None)
            assert table.record.actions[-1] == (0, str(Place("FL02", "L1")))
            assert saves == [len(table.record.actions)] and shows == 1
            await pilot.press("d")
            await wait_for(pilot, lambda: (0, str(Done())) in table.record.actions)
    finally:
        SCREEN.show = original  # type: ignore[method-assign]


async def test_four_seats_at_80x24_every_rival_line_and_window_on_a_key() -> None:
    table = Table.new(GAME, FOUR, seed=31, bot_delay=0.0)
    _advance(table, lambda v: v.round >= 2 and v.phase == "use" and v.shops[0].using is not None)
    state = state_of(table)
    app = TulipGamesApp(None, table=table)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        text = screen_text(app)
        rows = [line for line in text.splitlines() if " filled " in line]
        assert len(rows) == 3 and all(re.search(r"\$\d+  (done|using)", row) for row in rows)
        # names are cut and padded by terminal cells: the columns line up
        assert len({cell_len(row[:row.index(" filled ") - 4]) for row in rows}) == 1
        assert "[/]Dan" in text and "山田太郎" in text and "🌷 Cleo" in text
        keys = footer_keys(app)
        assert keys["w:Shops"] and keys["c:Card"] and keys["d:Done"] is False
        assert "What may I do now" in text and f"Using {state.shops[0].using}" in text
        for rival in (1, 2, 3):
            await pilot.press("w")
            await pilot.pause()
            shown = screen_text(app)
            assert f"╭─ {table.names[rival]}'s shop" in shown  # a name shows literally
            for vase in (v for v in state.shops[rival].spots if v):
                assert vase in shown
            assert "What may I do now" in shown  # still my decision beside it
        await pilot.press("escape")
        await pilot.pause()
        assert "╭─ Ana's shop" in screen_text(app)
        assert isinstance(app.screen, SCREEN)


async def test_selecting_a_card_lists_only_what_may_be_done_with_it() -> None:
    table = Table.new(GAME, [SeatSpec("Ana")], seed=2024, bot_delay=0.0)
    app = TulipGamesApp(None, table=table)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("k")  # keep BA01: a basket to use
        await wait_for(pilot, lambda: state_of(table).phase == "use")
        await pilot.press("c")
        await pilot.pause()
        offered = {str(a) for a in menu_actions(app)}
        assert offered == {"store BA01", "trash BA01"}
        assert "BA01" in str(app.screen.query_one(ActionMenu).border_title)
        await pilot.press("c")  # the next card: SR1 in the window
        await pilot.pause()
        assert all("SR1" in str(a) for a in menu_actions(app)) and menu_actions(app)
        await pilot.press("escape")  # back to every action, still in the game
        await pilot.pause()
        assert Keep() not in menu_actions(app) and ChooseFiller("B") not in menu_actions(app)
        assert {"store BA01", "trash BA01", "move SR1 to=storage"} <= {
            str(a) for a in menu_actions(app)}
        assert isinstance(app.screen, SCREEN)


def test_no_tie_break_is_explained_when_nobody_tied() -> None:
    """Issue 20.11: "Tie-break:" was shown when nobody tied."""
    state = GAME.new_state(2, 1)
    state.phase = "over"
    state.shops[0].money = 10
    result = state.result()
    assert result.totals[0] != result.totals[1] and result.tiebreak == ""
    assert result.tiebreak_values  # E6: the values are still in the result
    assert result.ending == "All 3 rounds of 7 picks are played."
    state.shops[0].money = 0
    assert state.result().tiebreak.startswith("most vases")


def test_the_screen_reads_only_the_turn() -> None:
    for module in (screen_module, widgets_module):
        source = Path(module.__file__ or "").read_text()
        assert not re.search(r"\.state\b|FlowerShopState|legal_actions\(", source), module


def test_final_windows_give_the_results_their_context() -> None:
    table = Table.new(GAME, FOUR, seed=31, bot_delay=0.0)
    _advance(table, lambda v: False)
    view = table.turn(None).view
    lines = widgets_module.final_windows(view, table.names)
    result = table.result()
    assert len(lines) == 4
    for seat, line in enumerate(lines):
        shop = state_of(table).shops[seat]
        text = line.plain
        assert text.startswith(Text(table.names[seat]).plain[:4])
        assert f" {result.totals[seat]} FP " in text
        assert f"({sum(1 for f in shop.flowers if f)} vases, {result.breakdown[seat][0]}p)" in text
        assert f"trash {len(shop.trash)}" in text


def test_a_rivals_longest_line_fits_80_columns() -> None:
    state = GAME.new_state(4, 1)
    dan = state.shops[3]
    dan.spots = ["VA12", "VA13", "VA14", "VA15", "VA05", "VA06", "VA07", "VA08"]
    dan.flowers = ["FL09", "FL19", "FL29", "FL38", "FL05", "FL06", "FL15", "FL16"]
    dan.hooks, dan.storage = ["BA09", "BA10", "BA11"], ["OR01", "OR02", "OR03", "OR04", "OR05"]
    dan.trash, dan.money = ["FL01"] * 12, 99
    line = widgets_module.opponent_line(state.view(0), state.view(0).shops[3], "山田太郎さん")
    assert line.cell_len <= 78 and line.plain.endswith("picking"), line.plain
    assert "8/8 filled  3 baskets 12FP  stored 5  trash 12  $99  hand 7" in line.plain
    dan.hooks = ["BA09"]
    line = widgets_module.opponent_line(state.view(0), state.view(0).shops[3], "Dan")
    assert " 1 basket 4FP " in line.plain  # not "1 baskets"

"""The Little Flower Shop screen driven with Pilot in the real app, at 80x24."""

from __future__ import annotations

from tests.pilot import screen_text, wait_for
from tulipgames.demos import demo_tables
from tulipgames.engine.core import Action, SeatSpec
from tulipgames.games.flowershop.bots import greedy_action
from tulipgames.games.flowershop.rules import (
    GAME,
    ChooseFiller,
    Discard,
    Done,
    Draw,
    FlowerShopState,
    Keep,
    Pick,
    Swap,
    outcome,
)
from tulipgames.games.flowershop.screen import SCREEN
from tulipgames.games.flowershop.widgets import ActionMenu, DraftPanel, group_of
from tulipgames.store import Store
from tulipgames.table import Table
from tulipgames.tui.app import TulipGamesApp
from tulipgames.tui.screens.curtain import CurtainScreen
from tulipgames.tui.screens.results import ResultsScreen


def key_for(action: Action, state: FlowerShopState, seat: int) -> str | None:
    """The key that plays an action directly, if it has one."""
    if isinstance(action, Pick):
        return str(state.shops[seat].hand.index(action.card) + 1)
    keys = {Keep: "k", Discard: "x", Swap: "s", Draw: "s", Done: "d"}
    if type(action) in keys:
        return keys[type(action)]
    if isinstance(action, ChooseFiller):
        return action.filler.lower()
    return None


async def play_through_screen(pilot, app: TulipGamesApp, table: Table, seat: int) -> None:
    """Play the greedy bot's choice for ``seat`` with the keyboard, as a person would: its
    own key, or its row in the menu (the row of the same outcome; a folded group opened
    first). The menu offers one row per distinct outcome of the legal actions."""
    state = table.state
    assert isinstance(state, FlowerShopState)
    action = greedy_action(state, seat)
    menu = app.screen.query_one(ActionMenu)
    shop = state.view(seat).shops[seat]
    legal = state.legal_actions(seat)
    offered = menu.offered()
    named = [outcome(shop, a) for a in offered]
    assert len(set(named)) == len(named) and None not in named
    assert set(named) == {outcome(shop, a) for a in legal} - {None}
    before = len(table.record.actions)
    key = key_for(action, state, seat)
    if key is None:
        chosen = offered[named.index(outcome(shop, action))]
        menu.focus()
        if chosen not in menu._actions:
            group = group_of(chosen)
            menu.highlighted = next(i for i, g in menu._toggles.items() if g == group)
            await pilot.press("enter")
            await pilot.pause()
        menu.highlighted = menu._actions.index(chosen)
        await pilot.press("enter")
    else:
        chosen = action
        await pilot.press(key)
    await wait_for(pilot, lambda: len(table.record.actions) > before)
    assert table.record.actions[before] == (seat, str(chosen))
    await pilot.pause()
    assert not [n for n in app._notifications if n.severity == "error"]


async def test_solo_challenge_to_the_level_screen(store: Store) -> None:
    table = Table.new(GAME, [SeatSpec("Ana")], seed=2024, bot_delay=0.0)
    app = TulipGamesApp(store, table=table)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, SCREEN)
        assert "Flipped" in screen_text(app)
        while not table.state.is_over():
            await play_through_screen(pilot, app, table, 0)
        level = table.state.result().level
        panel = str(app.screen.query_one(DraftPanel).render())
        assert f"level {level}" in panel
        await wait_for(pilot, lambda: isinstance(app.screen, ResultsScreen))
        text = screen_text(app)
        assert level in text and str(table.state.result().totals[0]) in text
    best = store.high_scores("flowershop")
    assert best and best[0].detail.startswith(f"level {level} (")


async def test_two_seat_game_with_one_human(store: Store) -> None:
    table = Table.new(GAME, [SeatSpec("Ana"), SeatSpec("Ben", "bot:easy")], seed=11,
                      bot_delay=0.0)
    app = TulipGamesApp(store, table=table)
    passes_seen = set()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        while not table.state.is_over():
            await wait_for(pilot, lambda: table.state.is_over() or 0 in table.state.to_act())
            if table.state.is_over():
                break
            state = table.state
            assert isinstance(state, FlowerShopState)
            text = screen_text(app)
            ben = state.shops[1]
            assert not [c for c in [*ben.hand, ben.pick or ""] if c and c in text]
            if state.phase == "pick" and state.step < 7:
                passes_seen.add("→ left to Ben" in text or "← right to Ben" in text)
            await play_through_screen(pilot, app, table, 0)
        await wait_for(pilot, lambda: isinstance(app.screen, ResultsScreen))
        assert "Ben" in screen_text(app)
    assert passes_seen == {True}
    assert table.state.is_over() and len(table.state.result().totals) == 2


async def test_curtain_between_two_human_seats(store: Store) -> None:
    table = Table.new(GAME, [SeatSpec("Ana"), SeatSpec("Ben")], seed=3, bot_delay=0.0)
    app = TulipGamesApp(store, table=table)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, CurtainScreen))
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, SCREEN))
        viewer = app.screen.viewer
        hand = table.state.shops[viewer].hand
        await pilot.press("1")
        await pilot.pause()
        assert not table.record.actions  # hot-seat: a pick waits for its confirmation
        await pilot.press("1")
        await wait_for(pilot, lambda: isinstance(app.screen, CurtainScreen))
        assert not [card for card in hand[1:] if card in screen_text(app)]


async def test_demo_tables_render_at_80x24_and_120x40() -> None:
    tables = demo_tables("flowershop")
    assert set(tables) == {"flowershop-window", "flowershop-draft", "flowershop-solo"}
    for name, table in tables.items():
        assert not table.seats[0].is_bot
        for size in ((80, 24), (120, 40)):
            app = TulipGamesApp(None, table=table)
            async with app.run_test(size=size) as pilot:
                await pilot.pause()
                text = screen_text(app)
                assert "shop" in text and "What may I do now" in text, name
                if name == "flowershop-solo":
                    assert "Flipped" in text
                if name == "flowershop-draft":
                    assert "right to Ben" in text


async def test_filler_choice_preselects_the_largest_filler(store: Store) -> None:
    table = Table.new(GAME, [SeatSpec("Ana")], seed=5, options={"filler_scoring": True},
                      bot_delay=0.0)
    state = table.state
    assert isinstance(state, FlowerShopState)
    for spot, (vase, flower) in enumerate((("VA16", "FL22"), ("VA17", "FL12"), ("VA01", "FL04"))):
        state.shops[0].spots[spot], state.shops[0].flowers[spot] = vase, flower
    state.round, state.step, state.phase = 3, 7, "use"
    state.shops[0].using = None
    app = TulipGamesApp(store, table=table)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("d")
        await wait_for(pilot, lambda: table.state.phase == "filler")
        menu = app.screen.query_one(ActionMenu)
        assert menu._actions[menu.highlighted] == ChooseFiller("H")  # two hypericum flowers
        await pilot.press("enter")
        await wait_for(pilot, lambda: table.state.is_over())
        assert table.state.result().breakdown[0][-1] == 2

"""The Flower Shop's "What may I do now" list as new players found it (issue 29): one Enter
plays one action and no toast; one row per distinct outcome; about 15 rows in a typical turn,
the rest one key away; Tab leaves the keys with the list; Esc's footer name says what it does;
the register line takes its figures from the rules."""

from __future__ import annotations

from textual.app import App

from tests.games.flowershop.demos import _advance
from tests.games.flowershop.helpers import using
from tests.pilot import screen_text, wait_for
from tulipgames.engine.core import Action, SeatSpec
from tulipgames.games.flowershop.bots import greedy_action
from tulipgames.games.flowershop.data import SPOTS
from tulipgames.games.flowershop.rules import (
    GAME,
    FlowerShopState,
    Move,
    Pick,
    Place,
    Store,
    Trash,
    outcome,
)
from tulipgames.games.flowershop.widgets import MENU_ROWS, ActionMenu, fold, grouped
from tulipgames.table import Table
from tulipgames.tui.app import TulipGamesApp

FOUR = [SeatSpec("Ana"), SeatSpec("Ben", "bot:easy"), SeatSpec("Cleo", "bot:easy"),
        SeatSpec("Dan", "bot:easy")]


def state_of(table: Table) -> FlowerShopState:
    state = table.state
    assert isinstance(state, FlowerShopState)
    return state


def rows(app: App[None]) -> list[str]:
    menu = app.screen.query_one(ActionMenu)
    return [str(menu.get_option_at_index(i).prompt) for i in range(menu.option_count)]


async def choose(pilot, menu: ActionMenu, action: Action) -> None:
    menu.focus()
    menu.highlighted = menu._actions.index(action)
    await pilot.press("enter")


async def test_one_enter_plays_a_list_action_once_and_shows_no_toast() -> None:
    """Enter on a list row played the action, and then GameScreen's handler played it again:
    "VA18 is already yours: use move to reorganize it", on every list action."""
    table = Table.new(GAME, FOUR, seed=11, bot_delay=0.0)
    app = TulipGamesApp(None, table=table)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await wait_for(pilot, lambda: 0 in state_of(table).to_act())
        menu = app.screen.query_one(ActionMenu)
        move = next(a for a in menu.offered() if isinstance(a, Move))
        before = len(table.record.actions)
        menu.row_for(move)  # its group may be folded: opened
        await choose(pilot, menu, move)
        await wait_for(pilot, lambda: len(table.record.actions) > before)
        await pilot.pause(0.1)
        assert table.record.actions[before:] == [(0, str(move))]
        assert not app._notifications, [n.message for n in app._notifications]
        # and a pick from the list, which ends the step
        pick = next(a for a in menu._actions if isinstance(a, Pick))
        await choose(pilot, menu, pick)
        await wait_for(pilot, lambda: (0, str(pick)) in table.record.actions)
        await pilot.pause(0.1)
        assert not app._notifications, [n.message for n in app._notifications]


async def test_a_vase_in_use_is_one_place_row_and_window_vases_do_not_shuffle() -> None:
    """Five identical "Place" rows for one vase, and a move per vase per spot: now one row
    per distinct outcome (spots are interchangeable, so the rules name them alike)."""
    table = Table.new(GAME, FOUR, seed=11, bot_delay=0.0)
    state = state_of(table)
    using(state, 0, "VA19")
    if "VA19" in state.deck:  # (using() empties the hands)
        state.deck.remove("VA19")
    app = TulipGamesApp(None, table=table)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.pause()
        menu = app.screen.query_one(ActionMenu)
        shop = state.view(0).shops[0]
        offered = menu.offered()
        places = [a for a in offered if isinstance(a, Place)]
        assert len(places) == 1  # 5 free spots, one outcome
        assert len([r for r in rows(app) if "Place VA19" in r]) == 1
        # the window's vases never move between spots: that changes nothing
        assert not [a for a in offered if isinstance(a, Move) and a.to in SPOTS]
        named = [outcome(shop, a) for a in offered]
        assert len(set(named)) == len(named)
        assert set(named) == {outcome(shop, a) for a in state.legal_actions(0)} - {None}
        await choose(pilot, menu, places[0])
        await wait_for(pilot, lambda: state_of(table).shops[0].using is None)
        await pilot.pause(0.1)
        assert "VA19" in state_of(table).shops[0].spots
        assert not app._notifications, [n.message for n in app._notifications]


def test_the_rules_name_equivalent_actions_alike() -> None:
    state = GAME.new_state(2, 3, {})
    assert isinstance(state, FlowerShopState)
    using(state, 0, "VA19")
    shop = state.view(0).shops[0]
    assert outcome(shop, Place("VA19", "L4")) == outcome(shop, Place("VA19", "H2"))
    assert outcome(shop, Move("SR1", "L5")) is None  # a window vase to another spot
    assert outcome(shop, Move("SR1", "L2")) is None  # swapped with SR2: nothing changes
    assert outcome(shop, Move("SR1", "storage")) != outcome(shop, Trash("SR1"))
    assert outcome(shop, Store("VA19")) != outcome(shop, Place("VA19", "L4"))


def test_a_typical_turn_lists_at_most_menu_rows() -> None:
    """Over whole 4-seat games, every list of seat 0 fits :data:`MENU_ROWS` rows with the
    long groups folded (it had 30 to about 95 rows), and every outcome stays one key away."""
    longest = folded_turns = 0
    for seed in range(3):
        state = GAME.new_state(4, seed, {})
        assert isinstance(state, FlowerShopState)
        while not state.is_over():
            for seat in state.to_act():
                if seat == 0 and state.phase in ("pick", "use"):
                    view = state.view(0)
                    legal = state.legal_actions(0)
                    groups = grouped(legal, view, 0)
                    blocker = 1 if view.end_blocker else 0
                    folded = fold(groups, MENU_ROWS - blocker)
                    shown = blocker + sum(1 if g in folded else len(listed) + (g != "Step")
                                          for g, listed in groups.items())
                    assert shown <= MENU_ROWS, (seed, shown, groups)
                    longest = max(longest, len(legal))
                    folded_turns += bool(folded)
                state.advance(seat, greedy_action(state, seat))
    assert longest > 2 * MENU_ROWS and folded_turns  # the games had long lists to fold


async def test_a_folded_group_opens_with_enter_and_its_action_plays() -> None:
    table = Table.new(GAME, [SeatSpec("Ana"), SeatSpec("Ben", "bot:easy"),
                             SeatSpec("Cleo", "bot:easy")], seed=31, bot_delay=0.0)
    _advance(table, lambda v: v.round == 3 and v.step >= 3 and v.phase == "use"
             and v.shops[0].using is not None)
    app = TulipGamesApp(None, table=table)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.pause()
        menu = app.screen.query_one(ActionMenu)
        assert menu.option_count <= MENU_ROWS
        assert len(state_of(table).legal_actions(0)) > MENU_ROWS  # long before grouping
        toggles = dict(menu._toggles)
        assert "Trash" in toggles.values(), rows(app)
        row = next(i for i, g in toggles.items() if g == "Trash")
        assert "Trash (" in rows(app)[row] and "Enter opens" in rows(app)[row]
        menu.focus()
        menu.highlighted = row
        await pilot.press("enter")
        await pilot.pause()
        trash = next(a for a in menu._actions if isinstance(a, Trash))
        assert menu.highlighted == row and "Enter folds" in rows(app)[row]
        await pilot.press("down", "enter")
        await wait_for(pilot, lambda: (0, str(trash)) in table.record.actions)
        await pilot.pause(0.1)
        assert not app._notifications


async def test_tab_leaves_the_keys_with_the_list() -> None:
    """Tab moved the focus to the shop window's column, which showed nothing of it, and the
    list then ignored the arrows and Enter."""
    table = Table.new(GAME, FOUR, seed=11, bot_delay=0.0)
    app = TulipGamesApp(None, table=table)
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await wait_for(pilot, lambda: 0 in state_of(table).to_act())
        menu = app.screen.query_one(ActionMenu)
        await pilot.press("tab")
        await pilot.pause()
        assert app.focused is menu
        second = menu._actions[menu.highlighted + 1]
        assert isinstance(second, Pick)
        await pilot.press("shift+tab", "down", "enter")
        await wait_for(pilot, lambda: (0, str(second)) in table.record.actions)
        assert app.focused is menu


async def test_the_footer_names_what_esc_does() -> None:
    """The footer said "esc Back" where Esc leaves the table; it says "Menu" there, and
    "Back" while a selected card is there to step back from."""
    table = Table.new(GAME, FOUR, seed=11, bot_delay=0.0)
    app = TulipGamesApp(None, table=table)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: 0 in state_of(table).to_act())
        footer = screen_text(app).splitlines()[-1]
        assert "esc Menu" in footer and "esc Back" not in footer, footer
        await pilot.press("c")
        await pilot.pause()
        footer = screen_text(app).splitlines()[-1]
        assert "esc Back" in footer and "esc Menu" not in footer, footer
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen.query_one(ActionMenu).border_title == "What may I do now"


async def test_the_register_line_scores_trash_as_the_rules_do() -> None:
    """The window worked out "-0 FP" for the trash itself while the rules' preview counted
    -1 (cleanup trashes the 3 empty starting vases): it now shows the rules' figure."""
    table = Table.new(GAME, FOUR, seed=11, bot_delay=0.0)
    app = TulipGamesApp(None, table=table)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: 0 in state_of(table).to_act())
        view = state_of(table).view(0)
        trash = dict(zip(view.categories, view.preview[0], strict=True))["Trash"]
        assert trash == -1
        assert "Trash 0→3 (-1 FP)" in screen_text(app)


async def test_row_for_finds_an_outcomes_row_and_opens_its_group() -> None:
    """Scripts that play through the screen ask for the row of an action's outcome: a vase
    the greedy bot would place at L5 is played by the row that places it at the first free
    spot, and a folded group is opened for it."""
    table = Table.new(GAME, FOUR, seed=11, bot_delay=0.0)
    state = state_of(table)
    using(state, 0, "VA19")
    app = TulipGamesApp(None, table=table)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        menu = app.screen.query_one(ActionMenu)
        place = menu.row_for(Place("VA19", "L5"))
        assert place is not None and menu._actions[place] == Place("VA19", "L4")
        assert menu.row_for(Move("SR1", "L6")) is None  # changes nothing: not offered
    table = Table.new(GAME, FOUR[:3], seed=31, bot_delay=0.0)
    _advance(table, lambda v: v.round == 3 and v.step >= 3 and v.phase == "use"
             and v.shops[0].using is not None)
    app = TulipGamesApp(None, table=table)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        menu = app.screen.query_one(ActionMenu)
        trash = next(a for a in menu.offered() if isinstance(a, Trash))
        assert trash not in menu._actions and "Trash" in menu._toggles.values()
        row = menu.row_for(trash)
        assert row is not None and menu._actions[row] == trash

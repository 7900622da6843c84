"""The acceptance scenarios of the Little Flower Shop spec (§10), one test each."""

from __future__ import annotations

import pytest

from tests.games.flowershop.helpers import bare, texts, using, window
from tulipgames.engine.core import IllegalAction
from tulipgames.games.flowershop.data import CARDS
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
    solo_level,
)

RED, BLUE, YELLOW, PURPLE = 0, 1, 2, 3


def play(state: FlowerShopState, seat: int, text: str) -> None:
    state.apply(seat, GAME.parse_action(text))


def illegal(state: FlowerShopState, seat: int, text: str) -> str:
    """Assert an action is rejected, leaving the state unchanged; return the reason."""
    before = repr(state.view(None)), repr(state.view(seat))
    with pytest.raises(IllegalAction) as error:
        play(state, seat, text)
    assert (repr(state.view(None)), repr(state.view(seat))) == before
    return error.value.reason


def petals(state: FlowerShopState, seat: int) -> int:
    return state.view(seat).preview[seat][0]


def end_game(state: FlowerShopState) -> None:
    """Play the last use step of round 3: every seat says done, cleanup and scoring follow."""
    state.round, state.step, state.phase = 3, 7, "use"
    for shop in state.shops:
        shop.done, shop.using, shop.hand = False, None, []
    for seat in range(state.seats):
        play(state, seat, "done")


def test_scenario_01_fit() -> None:
    state = bare(2)
    red = state.shops[RED]
    window(red, "SR1", "SR2", "SR3", "VA18", "VA21")
    using(state, RED, "FL05")
    legal = texts(state.legal_actions(RED))
    places = {t for t in legal if t.startswith("place")}
    assert places == {"place FL05 on=L4"}
    for spot in ("L1", "L2", "L3", "L5"):
        assert "does not fit" in illegal(state, RED, f"place FL05 on={spot}")
    assert {"store FL05", "trash FL05"} <= legal


def test_scenario_02_full_window() -> None:
    state = bare(2)
    blue = state.shops[BLUE]
    window(blue, "SB1", "SB2", "SB3", "VA01", "VA02", "VA03", "VA04", "VA05")
    blue.storage = ["FL01", "OR01"]
    using(state, BLUE, "VA12")
    assert not [a for a in texts(state.legal_actions(BLUE)) if a.startswith("place")]
    illegal(state, BLUE, "place VA12 at=L3")
    twin = state.clone()
    play(state, BLUE, "store VA12")
    assert len(state.shops[BLUE].storage) == 3
    play(twin, BLUE, "move SB3 to=storage")
    play(twin, BLUE, "place VA12 at=L3")
    assert len(twin.shops[BLUE].storage) == 3
    assert twin.shops[BLUE].spots[2] == "VA12"
    play(twin, BLUE, "done")
    play(state, BLUE, "done")


def test_scenario_03_sell_a_bouquet_from_the_window() -> None:
    state = bare(3)
    yellow = state.shops[YELLOW]
    window(yellow, ("VA14", "FL29"))
    yellow.storage = ["OR01"]
    yellow.money = 1
    using(state, YELLOW, None)
    before = petals(state, YELLOW)
    play(state, YELLOW, "sell OR01 VA14+FL29")
    assert yellow.money == 6
    assert {"OR01", "VA14", "FL29"} <= set(state.out)
    assert not yellow.possesses("VA14") and not yellow.possesses("FL29")
    assert yellow.trash == []
    assert yellow.spots[0] is None and yellow.flowers[0] is None
    assert petals(state, YELLOW) == before - 5


def test_scenario_04_sale_legality() -> None:
    state = bare(3)
    yellow = state.shops[YELLOW]
    window(yellow, "VA05", "VA16")
    yellow.storage = ["OR02", "FL15"]
    yellow.trash = ["FL20"]
    using(state, YELLOW, None)
    legal = texts(state.legal_actions(YELLOW))
    assert {"sell OR02 VA16", "sell OR02 FL15"} <= legal
    assert "does not fit" in illegal(state, YELLOW, "sell OR02 VA05+FL15")
    assert "trash" in illegal(state, YELLOW, "sell OR02 FL20")
    illegal(state, YELLOW, "sell OR02 FL15+FL20")
    illegal(state, YELLOW, "sell FL15")
    twin = state.clone()
    play(state, YELLOW, "sell OR02 VA16")
    assert state.shops[YELLOW].money == 2
    play(twin, YELLOW, "sell OR02 FL15")
    assert twin.shops[YELLOW].money == 4


def test_scenario_05_storage_overflow() -> None:
    state = bare(4)
    purple = state.shops[PURPLE]
    purple.storage = ["FL01", "FL21", "OR03", "BA07"]
    purple.money = 3
    purple.hooks = ["BA01"]
    using(state, PURPLE, "BA05")
    play(state, PURPLE, "store BA05")
    assert len(purple.storage) == 5
    assert "storage holds 5" in illegal(state, PURPLE, "done")
    assert "done" not in texts(state.legal_actions(PURPLE))
    twin = state.clone()
    play(state, PURPLE, "sell OR03 FL21")
    assert purple.money == 6
    play(state, PURPLE, "buy BA05")
    assert purple.money == 2
    assert purple.storage == ["FL01", "BA07"]
    assert "done" in texts(state.legal_actions(PURPLE))
    assert purple.trash == []
    play(twin, PURPLE, "trash FL01")
    assert "done" in texts(twin.legal_actions(PURPLE))
    assert len(twin.shops[PURPLE].trash) == 1


def test_scenario_06_baskets() -> None:
    state = bare(2)
    red = state.shops[RED]
    red.money = 6
    red.hooks = ["BA01", "BA05"]
    red.storage = ["BA09", "BA11"]
    using(state, RED, None)
    assert "costs $7" in illegal(state, RED, "buy BA11")
    play(state, RED, "buy BA09")
    assert red.money == 0 and red.hooks == ["BA01", "BA05", "BA09"]
    red.money = 9
    assert "hooks" in illegal(state, RED, "buy BA11")
    assert "permanent" in illegal(state, RED, "trash BA01")
    assert "permanent" in illegal(state, RED, "move BA09")
    play(state, RED, "trash BA11")
    assert red.trash == ["BA11"]


def test_scenario_07_seventh_card() -> None:
    state = bare(3, 7)
    state.round, state.step = 2, 7
    for seat, shop in enumerate(state.shops):
        shop.hand = [["FL01", "FL13", "FL02"][seat]]
    blue = state.shops[BLUE]
    window(blue, "VA17")
    blue.storage = ["OR04"]
    blue.money = 1
    for card in ("FL01", "FL13", "FL02", "VA17", "OR04", "SA12"):
        if card in state.deck:
            state.deck.remove(card)
    state.deck.append("SA12")
    assert "swap" not in texts(state.legal_actions(BLUE))
    assert "$2" in illegal(state, BLUE, "swap")
    play(state, BLUE, "sell OR04 VA17")
    assert blue.money == 3
    play(state, BLUE, "swap")
    assert blue.money == 1
    assert blue.pick == "SA12" and blue.hand == []
    assert blue.trash == []
    assert "FL13" not in repr(state.view(RED))  # still behind the curtain
    play(state, RED, "pick FL01")
    events = state.apply(YELLOW, Pick("FL02"))
    reveal = events[-1]
    said = reveal.text_for(None)
    assert reveal.reveals and "swap FL13" in said and "SA12" in said
    for seat in range(3):
        assert state.view(seat).reveal[BLUE] == ("SA12", "FL13")
    assert "FL13" in state.out and blue.trash == []
    assert blue.money == 1 + CARDS["SA12"].amount  # the salary is used at once
    assert "SA12" in blue.register


@pytest.mark.parametrize("pick", range(1, 7))
def test_scenario_07_no_swap_before_pick_7(pick: int) -> None:
    state = GAME.new_state(3, pick)
    state.step = pick
    state.shops[BLUE].money = 10
    assert not any(isinstance(a, Swap) for a in state.legal_actions(BLUE))
    assert "pick 7" in illegal(state, BLUE, "swap")


def pick_all_first(state: FlowerShopState) -> None:
    """Everyone picks the first card of the hand, then trashes it and is done."""
    for seat in range(state.seats):
        play(state, seat, f"pick {state.shops[seat].hand[0]}")
    for seat in range(state.seats):
        shop = state.shops[seat]
        if shop.using:
            play(state, seat, f"trash {shop.using}")
        play(state, seat, "done")


def test_scenario_08_pass_direction() -> None:
    state = GAME.new_state(3, 8)
    for round_, target in ((1, BLUE), (2, YELLOW), (3, BLUE)):
        state.round = round_
        assert state.pass_target(RED) == target
    state.round = 1
    hand = state.shops[RED].hand[1:]
    pick_all_first(state)
    assert state.shops[BLUE].hand == hand
    four = GAME.new_state(4, 8)
    four.round = 2
    assert four.pass_target(0) == 3
    two = GAME.new_state(2, 8)
    for round_ in (1, 2, 3):
        two.round = round_
        assert two.pass_target(0) == 1 and two.pass_target(1) == 0
    # Nothing passes after pick 7: round 2 starts from a fresh deal.
    state = GAME.new_state(3, 9)
    for _ in range(7):
        pick_all_first(state)
    assert state.round == 2 and state.step == 1
    assert all(len(shop.hand) == 7 for shop in state.shops)


def test_scenario_09_deck_sufficiency() -> None:
    state = GAME.new_state(4, 10)
    sizes = [len(state.deck)]
    for round_ in (1, 2, 3):
        for _ in range(7):
            pick_all_first(state)
        if round_ < 3:
            sizes.append(len(state.deck))
    assert sizes == [68, 40, 12]
    state = GAME.new_state(4, 11)
    for _round in range(3):
        for pick in range(1, 8):
            for seat, shop in enumerate(state.shops):
                if pick == 7:
                    shop.money += 2  # a gift so that money never stops the swap
                    shop.sales += 2
                    assert Swap() in state.legal_actions(seat)
                    play(state, seat, "swap")
                else:
                    play(state, seat, f"pick {shop.hand[0]}")
            for seat, shop in enumerate(state.shops):
                if shop.using:
                    play(state, seat, f"trash {shop.using}")
                play(state, seat, "done")
    assert state.deck == []
    assert state.is_over()


def blue_after_round_3(state: FlowerShopState) -> None:
    blue = state.shops[BLUE]
    window(
        blue,
        ("SB1", "FL11"), ("SB2", "FL25"), ("SB3", "FL01"),
        ("VA13", "FL19"), ("VA05", "FL05"), ("VA21", "FL09"), "VA11",
    )
    blue.storage = ["FL34", "OR05"]
    blue.trash = ["FL20", "FL30", "FL39"]
    blue.hooks = ["BA05", "BA09"]
    blue.money = 13


def red_with_24(state: FlowerShopState, money: int) -> None:
    red = state.shops[RED]
    window(
        red,
        ("SR1", "FL02"), ("SR2", "FL16"), ("SR3", "FL13"),
        ("VA14", "FL29"), ("VA15", "FL38"), ("VA18", "FL07"), "VA10",
    )
    red.storage = ["FL35", "OR06"]
    red.trash = ["FL14", "FL21"]
    red.hooks = ["BA06", "BA10"]
    red.money = money


def test_scenario_10_multiplayer_scoring() -> None:
    state = bare(2)
    blue_after_round_3(state)
    end_game(state)
    assert state.is_over()
    blue = state.shops[BLUE]
    assert len(blue.trash) == 6
    result = state.result()
    assert result.categories == ("Petals", "Baskets", "Money", "Trash")
    assert result.breakdown[BLUE] == (18, 7, 2, -3)
    assert result.totals[BLUE] == 24
    assert result.tiebreak_values[BLUE] == (6, 3)


def test_scenario_11_tie_breaks() -> None:
    state = bare(2)
    blue_after_round_3(state)
    red_with_24(state, money=9)
    end_game(state)
    result = state.result()
    assert result.totals == (24, 24)
    assert result.ranks == (1, 2)
    state = bare(2)
    blue_after_round_3(state)
    red_with_24(state, money=8)
    end_game(state)
    assert state.result().ranks == (1, 1)
    # Seven vases beat six whatever the money.
    state = bare(2)
    blue_after_round_3(state)
    window(
        state.shops[RED],
        ("SR1", "FL02"), ("SR2", "FL16"), ("SR3", "FL13"), ("VA12", "FL10"),
        ("VA07", "FL17"), ("VA09", "FL26"), ("VA14", "FL29"),
    )
    state.shops[RED].hooks = ["BA01"]
    end_game(state)
    result = state.result()
    assert result.totals == (24, 24) and result.ranks == (1, 2)
    assert result.tiebreak_values[RED] == (7, 0)


SOLO_WINDOW = (
    ("SR1", "FL03"), ("SR2", "FL15"), ("SR3", "FL04"), ("VA05", "FL05"),
    ("VA07", "FL18"), ("VA09", "FL27"), ("VA12", "FL09"), ("VA18", "FL35"),
)


def solo_finished(filler_scoring: bool = False, baskets: tuple[str, ...] = ("BA02", "BA06", "BA10"),
                  seats: int = 1) -> FlowerShopState:
    state = bare(seats, filler_scoring=filler_scoring)
    shop = state.shops[0]
    window(shop, *SOLO_WINDOW)
    shop.hooks = list(baskets)
    shop.money = 7
    shop.trash = ["FL01", "FL02", "FL06"]
    end_game(state)
    return state


def test_scenario_12_solo_bonus_and_levels() -> None:
    state = solo_finished()
    result = state.result()
    assert result.breakdown[0] == (22, 9, 1, -1, 5)
    assert result.totals[0] == 36 and result.level == "Flower"
    state = solo_finished(baskets=("BA02", "BA06"))
    assert state.result().breakdown[0] == (22, 5, 1, -1, 0)
    assert state.result().totals[0] == 27 and state.result().level == "Soil"
    state = solo_finished(seats=2)
    assert state.result().totals[0] == 31
    assert "Completion bonus" not in state.result().categories


def test_scenario_13_filler_raises_solo_thresholds() -> None:
    state = solo_finished(filler_scoring=True)
    assert state.phase == "filler"
    state.apply(0, ChooseFiller("B"))
    result = state.result()
    assert result.breakdown[0][-1] == 3
    assert result.totals[0] == 39 and result.level == "Flower"
    assert solo_level(38, filler_scoring=True) == "Bud"
    assert solo_level(38) == "Bouquet"


def put(state: FlowerShopState, card: str, place: list[str], index: int) -> None:
    """Swap ``card`` into ``place[index]`` (a pile or the deck), wherever it was dealt."""
    for other in [*state.piles, state.deck]:
        if card in other:
            where = other.index(card)
            other[where], place[index] = place[index], other[where]
            return
    raise AssertionError(f"{card} is neither in a pile nor in the deck")


def solo_at_pile(pile: int, cards: list[str], money: int = 0) -> FlowerShopState:
    """A solo game at ``pile`` of round 1, its cards flipping in the order given."""
    state = bare(1, seed=14)
    state.step = pile
    target = state.piles[pile - 1]
    for index, card in enumerate(cards):
        put(state, card, target, index)
    del target[len(cards):]
    state.shops[0].money = money
    return state


def test_scenario_14_solo_flipping() -> None:
    state = solo_at_pile(4, ["FL22", "VA07", "SA03", "OR06"])
    assert state.flipped == "FL22"
    play(state, 0, "discard")
    assert state.flipped == "VA07"
    play(state, 0, "keep")
    for card in ("FL22", "SA03", "OR06"):
        assert card in state.out and card in state.view(0).solo_discards
    assert state.shops[0].trash == []
    assert state.shops[0].using == "VA07" and state.phase == "use"
    play(state, 0, "place VA07 at=L1")
    play(state, 0, "done")
    assert state.step == 5 and state.phase == "flip"
    assert state.view(0).piles[4] == 3
    assert state.flipped == state.piles[4][0]


def test_scenario_15_solo_last_card() -> None:
    state = solo_at_pile(6, ["BA12", "FL36"], money=3)
    put(state, "VA03", state.deck, len(state.deck) - 1)
    play(state, 0, "discard")
    assert state.flipped == "FL36"
    endings = [a for a in state.legal_actions(0) if isinstance(a, (Keep, Discard, Draw, Done))]
    assert endings == [Keep(), Draw()]
    illegal(state, 0, "discard")
    low = state.clone()
    play(state, 0, "draw")
    assert state.shops[0].money == 1
    assert "FL36" in state.out
    assert state.shops[0].using == "VA03" and state.phase == "use"
    low.shops[0].money = 1
    endings = [a for a in low.legal_actions(0) if isinstance(a, (Keep, Discard, Draw))]
    assert endings == [Keep()]
    assert "$1" in illegal(low, 0, "draw")


def test_scenario_16_solo_deck_reserve() -> None:
    state = solo_at_pile(6, ["FL36"], money=20)
    state.round = 2
    state.deck = state.deck[:30]
    assert Draw() in state.legal_actions(0)
    play(state, 0, "draw")
    assert len(state.deck) == 29
    if state.shops[0].using:
        play(state, 0, f"trash {state.shops[0].using}")
    play(state, 0, "done")
    play(state, 0, "discard")  # pile 7, first card
    assert state.under == 0
    assert Draw() not in state.legal_actions(0)
    assert "enough cards" in illegal(state, 0, "draw")
    play(state, 0, "keep")
    if state.shops[0].using:
        play(state, 0, f"trash {state.shops[0].using}")
    play(state, 0, "done")
    assert state.round == 3 and state.deck == []
    assert not state.draw_allowed()


def test_scenario_17_filler_choice() -> None:
    state = bare(4, filler_scoring=True)
    purple = state.shops[PURPLE]
    window(purple, ("VA01", "FL01"), ("VA05", "FL05"), ("VA07", "FL15"),
           ("VA02", "FL12"), ("SP1", "FL34"))
    purple.storage = ["FL32"]
    purple.trash = ["FL35"]
    end_game(state)
    assert state.phase == "filler" and PURPLE in state.to_act()
    scores = {}
    for letter in ("B", "H", "F"):
        twin = state.clone()
        twin.apply(PURPLE, ChooseFiller(letter))
        scores[letter] = twin.score_rows(PURPLE)[-1]
    assert scores == {"B": 3, "H": 1, "F": 1}
    assert "FL32" in purple.trash  # cleanup trashed it: it never counts


def test_scenario_18_reorganize() -> None:
    state = bare(2)
    red = state.shops[RED]
    window(red, "SR2", ("VA18", "FL16"))
    using(state, RED, "FL05")
    before = (list(red.storage), list(red.trash), red.money)
    assert petals(state, RED) == 2
    play(state, RED, "move FL16 on=L1")
    play(state, RED, "place FL05 on=L2")
    assert petals(state, RED) == 5
    assert (red.storage, red.trash, red.money) == before
    play(state, RED, "done")


def test_scenario_19_trash_and_salary() -> None:
    state = bare(2)
    red = state.shops[RED]
    window(red, ("SR1", "FL01"))
    red.storage = ["OR01"]
    using(state, RED, None)
    assert "FL01" in illegal(state, RED, "trash SR1")
    play(state, RED, "trash FL01")
    play(state, RED, "trash SR1")
    assert red.trash == ["FL01", "SR1"]
    for text in ("sell OR01 FL01", "sell OR01 SR1", "move FL01 to=storage", "move SR1 at=L2"):
        assert "trash" in illegal(state, RED, text)
    # A revealed salary goes to the register at once and is never stored, trashed or sold.
    state = GAME.new_state(2, 19)
    state.step = 7
    state.shops[RED].hand = ["SA12"]
    state.shops[BLUE].hand = ["FL02"]
    state.shops[RED].storage = ["OR01"]
    play(state, RED, "pick SA12")
    play(state, BLUE, "pick FL02")
    assert state.shops[RED].money == CARDS["SA12"].amount
    assert state.shops[RED].using is None
    for text in ("store SA12", "trash SA12", "sell OR01 SA12"):
        illegal(state, RED, text)
    assert Done() in state.legal_actions(RED)


def test_scenario_20_hidden_information() -> None:
    state = GAME.new_state(4, 20)
    play(state, 0, f"pick {state.shops[0].hand[0]}")
    play(state, 1, f"pick {state.shops[1].hand[2]}")
    view = state.view(BLUE)
    blue = state.shops[BLUE]
    assert view.hand == tuple(blue.hand) and view.my_pick == blue.pick
    assert [s.hand_size for s in view.shops] == [len(s.hand) for s in state.shops]
    text = repr(view)
    for seat, shop in enumerate(state.shops):
        if seat == BLUE:
            continue
        for card in [*shop.hand, *([shop.pick] if shop.pick else [])]:
            assert card not in text
    for card in state.deck:
        assert card not in text
    for seat in range(4):
        seen = state.view(seat)
        for index, shop in enumerate(state.shops):
            public = seen.shops[index]
            assert public.spots == tuple(zip(shop.spots, shop.flowers, strict=True))
            assert public.storage == tuple(shop.storage) and public.hooks == tuple(shop.hooks)
            assert public.trash == tuple(shop.trash) and public.money == shop.money
    picks = {}
    for seat in (2, 3):
        picks[seat] = state.shops[seat].hand[0]
        play(state, seat, f"pick {picks[seat]}")
    for seat in range(4):
        revealed = {card for card, _ in state.view(seat).reveal}
        assert {picks[2], picks[3]} <= revealed
    solo = GAME.new_state(1, 20)
    text = repr(solo.view(0))
    hidden = [c for pile in solo.piles for c in pile if c != solo.flipped] + solo.deck
    assert solo.flipped in text
    assert not [card for card in hidden if card in text]

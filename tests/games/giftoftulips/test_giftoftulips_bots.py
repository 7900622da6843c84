"""Gift of Tulips bots: legal choices, sensible judgement and measured strength."""

from __future__ import annotations

import random
import time
from typing import Any

from tests.games.giftoftulips.helpers import card, draw, new_game, playing, set_ranking
from tulipgames.engine.bots import Bot, RandomBot, bot_move
from tulipgames.engine.core import Action, State
from tulipgames.games.giftoftulips.bots import (
    HardBot,
    NormalBot,
    Position,
    another_world,
    clearly_better,
    judge,
    make_search_bot,
    quick_judge,
    resolve,
)
from tulipgames.games.giftoftulips.rules import (
    GAME,
    AddFaceUp,
    AddSecret,
    ChooseBouquet,
    GiftState,
    Give,
    Keep,
)
from tulipgames.simulate import simulate


def test_make_bot_levels() -> None:
    assert isinstance(GAME.make_bot("random", 1), RandomBot)
    assert isinstance(GAME.make_bot("normal", 1), NormalBot)
    hard = make_search_bot(1, 1.0, 3)
    assert isinstance(hard, HardBot) and hard.iterations == 3


def test_normal_gives_when_the_receiver_already_holds_the_majority() -> None:
    state = playing(2, start=0)
    set_ranking(state, ("blue", 10), ("pink", 8))
    state.bouquets = [[card("P2")], [card("B2"), card("B2"), card("B3")]]
    state.used, state.card_no = ("keep",), 2
    draw(state, "B4")
    assert NormalBot(1).choose(state, 0) == Give(1)  # +7, and blue was Ben's anyway


def test_normal_keeps_to_take_a_majority_it_would_otherwise_lose() -> None:
    state = playing(2, start=0)
    set_ranking(state, ("blue", 10), ("pink", 8))
    state.bouquets = [[card("B3")], [card("B4")]]
    state.used, state.card_no = ("add",), 2
    draw(state, "B2")
    # giving scores 5 but hands Ben blue 15; keeping scores 0 and wins blue 15
    assert NormalBot(1).choose(state, 0) == Keep()


def test_normal_pushes_its_own_variety_up_the_ranking() -> None:
    state = playing(2, start=0)
    set_ranking(state, ("blue", 10), ("pink", 8), ("orange", 5))
    state.bouquets = [[card("O2"), card("O3"), card("O4")], [card("B2"), card("B2")]]
    state.used, state.card_no = ("give",), 2
    draw(state, "O4")
    # Orange (3rd, 5 points) becomes 2nd (10 points) for the seat that holds it
    assert NormalBot(1).choose(state, 0) == AddFaceUp()


def test_bots_choose_legal_actions_on_their_own_view() -> None:
    state = new_game(3, seed=6)
    bots: list[Bot] = [NormalBot(2), HardBot(iterations=2, seed=3), RandomBot(4)]
    rng = random.Random(5)
    while not state.is_over():
        seat = state.to_act()[0]
        action = bot_move(bots[seat], state, seat, rng)
        assert action in state.legal_actions(seat)
        state.apply(seat, action)


def test_hard_bot_is_reproducible_with_an_iteration_budget() -> None:
    state = playing(4, seed=9)
    seat = state.active
    first = HardBot(iterations=4, seed=11).choose(state.determinize(seat, random.Random(1)), seat)
    again = HardBot(iterations=4, seed=11).choose(state.determinize(seat, random.Random(1)), seat)
    assert first == again


def test_a_four_seat_search_overrides_the_normal_choice_only_on_clear_evidence() -> None:
    steady = [[0.0, 0.3], [0.1, 0.5], [0.2, 0.4]]  # option 1 ahead in every world
    noisy = [[0.0, 1.0], [1.0, 0.0], [0.0, 0.9], [0.9, 0.0]]  # ahead on average, by noise
    assert clearly_better(steady, 1)
    assert not clearly_better(noisy, 1)
    assert not clearly_better([[0.0, 5.0]], 1)  # one world is never evidence
    state = playing(4, seed=9)
    seat = state.active
    view = state.determinize(seat, random.Random(1))
    assert isinstance(view, GiftState)
    expected = NormalBot(11).ranked(view, seat)[0]
    assert HardBot(iterations=1, seed=11).choose(view, seat) == expected


def test_the_playouts_quick_judgement_agrees_with_the_full_one() -> None:
    """``quick_judge`` re-counts only what an option changes; it must price every option for
    every seat exactly as ``judge`` does (on positions from random games at 2-4 seats)."""
    checked = 0
    for seed in range(12):
        state = new_game(2 + seed % 3, seed=seed)
        bot = RandomBot(seed)
        while not state.is_over():
            seat = state.to_act()[0]
            card = state.pending
            if card is not None:
                position = Position.of(state)
                for action in state.legal_actions(seat):
                    for judged in range(state.seats):
                        full = judge(position, judged, action, card.variety, card.value)
                        quick = quick_judge(position, judged, action, card.variety, card.value)
                        assert abs(full - quick) < 1e-9, (seed, action, full, quick)
                        checked += 1
            state.apply(seat, bot.choose(state, seat))
    assert checked > 1000


def test_a_position_resolved_move_by_move_matches_one_read_from_the_state() -> None:
    """The playouts keep one position up to date with ``resolve`` instead of reading a new one
    from the state for every move: after every card of random games at 2-4 seats it must hold
    the same points, bouquets, ranking, festival totals and secret count as the state."""
    compared = 0
    for seed in range(9):
        state = new_game(2 + seed % 3, seed=100 + seed)
        bot = RandomBot(seed)
        followed: Position | None = None
        while not state.is_over():
            seat = state.to_act()[0]
            action = bot.choose(state, seat)
            card = state.pending
            if card is None:
                state.apply(seat, action)
                followed = None
                continue
            if followed is None:
                followed = Position.of(state)
            followed.majorities()  # fill the cache, so a stale entry would show below
            state.apply(seat, action)
            resolve(followed, seat, action, card.variety, card.value)
            if state.is_over():
                break  # the end flips secret cards, which the playouts leave to the state
            read = Position.of(state)
            assert followed.points == read.points, (seed, action)
            assert followed.held == read.held and followed.ranking == read.ranking
            assert followed.totals == read.totals and followed.secret_size == read.secret_size
            assert followed.majorities() == read.majorities(), (seed, action)
            compared += 1
    assert compared > 300


def test_the_hard_budget_stops_at_its_world_cap_and_never_begins_a_late_world() -> None:
    state = playing(2, seed=4)
    seat = state.active
    view = state.determinize(seat, random.Random(2))
    assert isinstance(view, GiftState)
    capped = HardBot(seconds=60.0, worlds=5, seed=1)
    capped.choose(view, seat)
    assert capped.last_iterations == 5
    no_time = HardBot(seconds=0.0, seed=1)
    assert no_time.choose(view, seat) == NormalBot(1).ranked(view, seat)[0]
    assert no_time.last_iterations == 0
    now = time.perf_counter()
    # four worlds took 100 s: a fifth would end at 125 s
    assert not another_world(4, now - 100, now - 100, 120.0, 300)
    assert another_world(4, now - 100, now - 100, 130.0, 300)
    assert not another_world(300, now, now, 130.0, 300)


def test_normal_beats_random() -> None:
    report = simulate(GAME, 2, 30, ["normal", "random"], seed=3)
    assert report.wins["normal"] >= 24
    assert report.invariant_violations == 0 and report.replay_mismatches == 0


def test_normal_uses_every_action_and_every_give_target() -> None:
    """No degenerate play: over a few games the normal bot keeps, gives, adds face up and adds
    secretly, chooses either dealt card for its bouquet, and at four seats gives to every other
    seat; the second card is not resolved the same way every turn."""
    for seats in (2, 4):
        state = new_game(seats, seed=seats)
        bots = [NormalBot(10 + s) for s in range(seats)]
        kinds: set[type] = set()
        targets: dict[int, set[int]] = {s: set() for s in range(seats)}
        seconds: set[type] = set()
        rng = random.Random(seats)
        games = 0
        while games < 3:
            if state.is_over():
                games += 1
                state = new_game(seats, seed=seats + games)
                continue
            seat = state.to_act()[0]
            second = getattr(state, "card_no", 1) == 2
            action = bot_move(bots[seat], state, seat, rng)
            kinds.add(type(action))
            if second:
                seconds.add(type(action))
            if isinstance(action, Give):
                targets[seat].add(action.target)
            state.apply(seat, action)
        assert {ChooseBouquet, Keep, Give, AddFaceUp, AddSecret} <= kinds
        assert len(seconds) >= 3
        assert all(targets[s] == set(range(seats)) - {s} for s in range(seats))


def test_hard_uses_every_action_and_does_not_resolve_its_second_card_one_way() -> None:
    """No degenerate play from the search either (a few worlds per decision, so the test is
    quick): at two and four seats the hard bot keeps, gives, adds face up and adds secretly,
    gives to more than one seat at four, and its second cards take more than one action."""
    for seats in (2, 4):
        state = new_game(seats, seed=20 + seats)
        bots = [HardBot(iterations=3, seed=s) for s in range(seats)]
        kinds: set[type] = set()
        seconds: set[type] = set()
        targets: set[tuple[int, int]] = set()
        rng = random.Random(seats)
        while not state.is_over():
            seat = state.to_act()[0]
            second = state.card_no == 2
            action = bot_move(bots[seat], state, seat, rng)
            kinds.add(type(action))
            if second:
                seconds.add(type(action))
            if isinstance(action, Give):
                targets.add((seat, action.target))
            state.apply(seat, action)
        assert {ChooseBouquet, Keep, Give, AddFaceUp, AddSecret} <= kinds, seats
        assert len(seconds) >= 3, seats
        if seats == 4:
            assert len({target for _, target in targets}) > 1


class Spy:
    """Wraps a level's bot: records the state it is handed, then lets it choose."""

    level = "spy"

    def __init__(self, bot: Any) -> None:
        self.bot = bot
        self.needs_state = getattr(bot, "needs_state", True)
        self.seen: list[GiftState] = []
        if hasattr(bot, "seconds"):
            bot.seconds = 0.02

    def choose(self, state: State, seat: int) -> Action:
        assert isinstance(state, GiftState)
        self.seen.append(state)
        return self.bot.choose(state, seat)


def test_every_level_sees_only_its_seats_view() -> None:
    """Every level (hard included) gets a re-dealt copy: its own secret cards as they are, the
    other seats' secret cards and the deck re-dealt from what it cannot see."""
    for level in GAME.bot_levels:
        state = new_game(3, seed=12)
        spy = Spy(GAME.make_bot(level, 3))
        rng = random.Random(2)
        while state.pending is None or state.active != 0 or len(state.deck) > 40:
            seat = state.to_act()[0]
            state.apply(seat, bot_move(NormalBot(seat), state, seat, rng))
        for _ in range(8):
            bot_move(spy, state, 0, rng)
        if not spy.needs_state:
            assert spy.seen and all(seen is state for seen in spy.seen), level  # reads legal only
            continue
        for seen in spy.seen:
            assert seen is not state
            mine = [c for c, o in zip(seen.secret, seen.secret_owner, strict=True) if o == 0]
            assert mine == [
                c for c, o in zip(state.secret, state.secret_owner, strict=True) if o == 0
            ]
        assert any(seen.deck != state.deck for seen in spy.seen), level
        others = [
            [c for c, o in zip(s.secret, s.secret_owner, strict=True) if o != 0] for s in spy.seen
        ]
        truth = [c for c, o in zip(state.secret, state.secret_owner, strict=True) if o != 0]
        assert any(other != truth for other in others), level

"""The coach (tulipgames/coach, docs/coach.md) is checked, not trusted.

- Planted positions, one per game, from seeded bot games: the first position where a rule-level
  fact makes one choice plainly worse (a bid so high it takes loans, the final point card left
  unclaimed, a flower worth points trashed, the placement that earns least at the end of the
  game, the last card thrown away when keeping it wins). The coach must grade it a mistake or
  worse.
- On small bot games per game the coach grades ``random``'s decisions worse on average than
  ``hard``'s (small budgets here; ``python -m tulipgames.coach.bench`` runs the full comparison).
- Same record, same analysis, in one process or on two.
- ``tulipgames analyse``: JSON for a record file, one line and exit 2 for bad input.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tulipgames import games
from tulipgames.cli import main
from tulipgames.coach import Budget, analyse, analyse_decision, analyse_parallel, grade, profile
from tulipgames.coach.bench import level_of, losses_by_level
from tulipgames.engine.bots import bot_move
from tulipgames.engine.core import Action, Game, SeatSpec, State
from tulipgames.engine.record import GameRecord

#: Small budgets keep each game's tests to a few seconds (the games' own candidate counts: a
#: shortlist shorter than Spice Road's six can miss the claim).
SMALL = Budget(worlds=6)


def seeded_game(game: Game, seed: int, levels: tuple[Any, Any]) -> GameRecord:
    """A two-seat game of ``levels`` (bot objects) on ``seed``, as a record."""
    state = game.new_state(2, seed)
    rng = random.Random(seed)
    record = GameRecord(game.id, seed, [SeatSpec("Ana"), SeatSpec("Ben")], dict(state.options))
    while not state.is_over():
        seat = state.to_act()[0]
        action = bot_move(levels[seat], state, seat, rng)
        state.apply(seat, action)
        record.actions.append((seat, str(action)))
    return record


def gain_now(state: State, seat: int, action: Action) -> int:
    """Points ``action`` adds to ``seat``'s running total at once."""
    twin = state.clone()
    before = twin.result().totals[seat]
    twin.apply(seat, action)
    return twin.result().totals[seat] - before


def lead_now(state: State, seat: int) -> int:
    totals = state.result().totals
    return totals[seat] - totals[1 - seat]


# -- the planted positions: each returns the plainly worse choice, or None -------------------
def dominated_bid(state: Any, seat: int) -> Action | None:
    """Tulip & Rose: the highest bid allowed, so high that paying it takes loans (each loan
    costs 10 points net), on a bouquet the bots value at a few florins."""
    from tulipgames.games.tulipandrose.bots import loans_needed

    if state.phase != "auction":
        return None
    bids = [a for a in state.legal_actions(seat) if str(a).startswith("bid")]
    if len(bids) < 20 or not loans_needed(bids[-1].amount, state.florins[seat]):
        return None
    return bids[-1]


def final_claim_skipped(state: Any, seat: int) -> Action | None:
    """Spice Road: resting instead of claiming the point card that is the seat's last one and
    puts it ahead, as the last player of the round (so the claim ends the game at once)."""
    legal = state.legal_actions(seat)
    claims = [a for a in legal if str(a).startswith("claim")]
    rest = [a for a in legal if str(a) == "rest"]
    if not claims or not rest or len(state.claimed[seat]) != state.target - 1:
        return None
    if state.turns[seat] >= max(state.turns):  # a rival still plays this round
        return None
    if lead_now(state, seat) + max(gain_now(state, seat, c) for c in claims) <= 0:
        return None
    return rest[0]


def flower_trashed(state: Any, seat: int) -> Action | None:
    """The Little Flower Shop: trashing the revealed card (the trash costs points) where
    placing it earns at least 4 Flower Power at once."""
    legal = state.legal_actions(seat)
    places = [a for a in legal if str(a).startswith("place")]
    if not places:
        return None
    card = str(places[0]).split()[1]
    trash = [a for a in legal if str(a) == f"trash {card}"]
    if not trash:
        return None
    best = max(gain_now(state, seat, a) for a in places)
    return trash[0] if best - gain_now(state, seat, trash[0]) >= 4 else None


def acorns_thrown(state: Any, seat: int) -> Action | None:
    """Sixty-One, from round 12 (the end is near): the choice that earns least now, at least
    5 acorns below the one that earns most."""
    from tulipgames.games.sixtyone.bots import plain_worth

    if state.round < 12:
        return None
    legal = state.legal_actions(seat)
    sheet, total = state.sheets[seat], state.leaf_total(seat)
    worth = [plain_worth(sheet, total, a, state.claims) for a in legal]
    if max(worth) - min(worth) < 5:
        return None
    return legal[worth.index(min(worth))]


def last_card_wasted(state: Any, seat: int) -> Action | None:
    """Gift of Tulips, the last card of the game: adding it secretly (no points) where
    another action scores at least 3 points, enough to turn a deficit into a lead."""
    if state.pending is None or state.deck:
        return None
    legal = state.legal_actions(seat)
    secret = [a for a in legal if str(a) == "add secret"]
    if not secret:
        return None
    gain = max(gain_now(state, seat, a) for a in legal) - gain_now(state, seat, secret[0])
    lead = lead_now(state, seat)
    return secret[0] if gain >= 3 and lead <= 0 < lead + gain else None


PLANTED: dict[str, tuple[int, Callable[[Any, int], Action | None]]] = {
    "tulipandrose": (1, dominated_bid),
    "spiceroad": (1, final_claim_skipped),
    "flowershop": (2, flower_trashed),
    "sixtyone": (1, acorns_thrown),
    "giftoftulips": (18, last_card_wasted),
}


def first_planted(game: Game, seed: int, planted: Callable[[Any, int], Action | None]
                  ) -> tuple[State, int, Action, int]:
    """The first position of a seeded game of the default level where ``planted`` finds a
    plainly worse choice: (state, seat, that choice, its index in the record)."""
    state = game.new_state(2, seed)
    bots = [game.make_bot(None, 1), game.make_bot(None, 2)]
    rng = random.Random(seed)
    index = 0
    while not state.is_over():
        seat = state.to_act()[0]
        bad = planted(state, seat)
        if bad is not None:
            return state, seat, bad, index
        state.apply(seat, bot_move(bots[seat], state, seat, rng))
        index += 1
    raise AssertionError(f"no planted position in {game.id} seed {seed}")


@pytest.mark.parametrize("game_id", sorted(PLANTED))
def test_planted_position_is_graded_a_mistake_or_worse(game_id: str) -> None:
    game = games.get_game(game_id)
    seed, planted = PLANTED[game_id]
    state, seat, bad, index = first_planted(game, seed, planted)
    decision = analyse_decision(game, state, seat, bad, index, seed, SMALL)
    assert decision is not None
    assert decision.made == str(bad)
    assert decision.best != str(bad)
    assert decision.grade in ("mistake", "blunder"), decision
    assert decision.loss >= profile(game_id).thresholds[1]
    # the best choice is graded good against itself
    best = game.parse_action(decision.best)
    again = analyse_decision(game, state, seat, best, index, seed, SMALL)
    assert again is not None and again.loss == 0.0 and again.grade == "good"


def small_hard(game: Game, seed: int) -> Any:
    """The game's ``hard`` bot with a small fixed budget (its own code, fewer worlds)."""
    if game.id == "tulipandrose":
        from tulipgames.games.tulipandrose.bots import hard_bot

        return hard_bot(seed, iterations=4)
    if game.id == "giftoftulips":
        from tulipgames.games.giftoftulips.bots import make_search_bot

        return make_search_bot(seed, 1.0, 6)
    if game.id == "flowershop":
        from tulipgames.games.flowershop.bots import DraftBot

        return DraftBot(seed, samples=2)
    if game.id == "spiceroad":
        from tulipgames.games.spiceroad.bots import RolloutBot

        return RolloutBot(seed, horizon=2, shortlist=2, worlds=1)
    return game.make_bot("hard", seed)


@pytest.mark.parametrize("game_id", games.GAME_IDS)
def test_random_is_graded_worse_than_hard(game_id: str) -> None:
    """A game per game, random against hard: random's mean loss per decision is the
    larger."""
    game = games.get_game(game_id)
    random_bot = game.make_bot("random", 1)
    losses: dict[str, list[float]] = {"random": [], "hard": []}
    for k in range(1):
        hard = small_hard(game, 7 + k)
        levels = (random_bot, hard) if k == 0 else (hard, random_bot)
        record = seeded_game(game, 40 + k, levels)
        names = ["random", "hard"] if k == 0 else ["hard", "random"]
        for seat, name in enumerate(names):
            record.seats[seat] = SeatSpec(f"{name} {seat + 1}", f"bot:{level_of(game, name)}")
        analysis = analyse(game, record, [0, 1], Budget(candidates=3, worlds=2))
        for level, values in losses_by_level(analysis, record).items():
            losses[level].extend(values)
    mean = {level: sum(v) / len(v) for level, v in losses.items()}
    assert mean["random"] > mean["hard"], mean


def test_same_record_same_analysis_in_one_process_or_two() -> None:
    game = games.get_game("giftoftulips")
    record = seeded_game(game, 5, (game.make_bot("random", 1), game.make_bot(None, 2)))
    budget = Budget(candidates=3, worlds=3)
    one = analyse(game, record, [0, 1], budget)
    again = analyse(game, record, [0, 1], budget)
    two = analyse_parallel(game, record, [0, 1], budget, workers=2)
    assert one.to_json() == again.to_json() == two.to_json()
    assert len(one.decisions) == sum(
        1 for seat, _ in record.actions if seat in (0, 1)
    ) - forced(game, record)
    summary = one.to_json()
    assert 3 <= len(summary["costliest"]) <= 5
    losses = [d.loss for d in one.costliest()]
    assert losses == sorted(losses, reverse=True)
    assert [p["name"] for p in summary["performance"]] == ["Ana", "Ben"]


def forced(game: Game, record: GameRecord) -> int:
    """Actions of a record where the seat had a single legal choice."""
    state = game.new_state(len(record.seats), record.seed, record.options)
    count = 0
    for seat, text in record.actions:
        count += len(state.legal_actions(seat)) == 1
        state.apply(seat, game.parse_action(text))
    return count


def test_grades_follow_the_declared_thresholds() -> None:
    thresholds = (5.0, 10.0, 20.0)
    assert [grade(x, thresholds) for x in (0.0, 4.9, 5.0, 9.99, 10.0, 19.9, 20.0, 70.0)] == [
        "good", "good", "inaccuracy", "inaccuracy", "mistake", "mistake", "blunder", "blunder"
    ]
    for game_id in games.GAME_IDS:
        prof = profile(game_id)
        assert prof.metric in ("win", "margin")
        assert list(prof.thresholds) == sorted(prof.thresholds)
        assert (prof.finish is None) != (prof.judge is None)


def export_file(tmp_path: Path, record: GameRecord) -> Path:
    path = tmp_path / "game.json"
    path.write_text(json.dumps({"format": "tulipgames-record", "version": 1,
                                "record": record.to_json()}), "utf-8")
    return path


def test_analyse_command_json_for_the_human_seat(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game = games.get_game("giftoftulips")
    record = seeded_game(game, 3, (game.make_bot(None, 1), game.make_bot("random", 2)))
    record.seats[1] = SeatSpec("Bot", "bot:random")
    path = export_file(tmp_path, record)
    assert main(["--data-dir", str(tmp_path), "analyse", str(path), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["seats"] == [0] and out["names"] == ["Ana", "Bot"]
    assert out["decisions"] and all(d["seat"] == 0 for d in out["decisions"])
    assert main(["--data-dir", str(tmp_path), "analyse", str(path), "--seat", "bot"]) == 0
    text = capsys.readouterr().out
    assert "Players" in text and "Bot" in text and "Ana" not in text


@pytest.mark.parametrize("problem", ["missing id", "missing file", "corrupt file",
                                     "unfinished", "unknown seat"])
def test_analyse_command_bad_input_is_one_line_and_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], problem: str
) -> None:
    game = games.get_game("giftoftulips")
    record = seeded_game(game, 3, (game.make_bot(None, 1), game.make_bot(None, 2)))
    args = ["--data-dir", str(tmp_path), "analyse"]
    if problem == "missing id":
        args.append("42")
    elif problem == "missing file":
        args.append(str(tmp_path / "nope.json"))
    elif problem == "corrupt file":
        path = tmp_path / "bad.json"
        path.write_text('{"format": "tulipgames-record", "version": 1, "record": {"x', "utf-8")
        args.append(str(path))
    elif problem == "unfinished":
        record.actions = record.actions[:10]
        args.append(str(export_file(tmp_path, record)))
    else:
        args += [str(export_file(tmp_path, record)), "--seat", "Zed"]
    with pytest.raises(SystemExit) as exit_:
        main(args)
    assert exit_.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("tulipgames analyse: error:")


def test_alone_the_loss_is_in_points_of_final_score() -> None:
    """The Flower Shop solo: no rival, no win chance; losses are expected points, graded by
    the solo thresholds."""
    game = games.get_game("flowershop")
    state = game.new_state(1, 4)
    rng = random.Random(4)
    bot = game.make_bot("random", 1)
    record = GameRecord(game.id, 4, [SeatSpec("Ana")], dict(state.options))
    while not state.is_over():
        action = bot_move(bot, state, 0, rng)
        state.apply(0, action)
        record.actions.append((0, str(action)))
    analysis = analyse(game, record, [0], Budget(candidates=2, worlds=1))
    prof = profile("flowershop")
    assert analysis.unit == "points" and analysis.thresholds == prof.solo_thresholds
    assert analysis.decisions
    for decision in analysis.decisions:
        assert all(choice.win == 0.0 for choice in decision.choices)
        made, best = decision.value, decision.choices[0]
        assert decision.loss == round(max(0.0, best.lead - made.lead), 2)
        assert decision.grade == grade(decision.loss, prof.solo_thresholds)


def test_the_bench_gives_clock_timed_bots_their_full_budget() -> None:
    """``--untimed``: the Flower Shop's hard bot draws every deal of a pick however loaded the
    machine (its clock cap left one or two under load, and the coach rightly graded those
    picks worse); bots without a clock budget are the levels' own."""
    import math

    from tulipgames.coach.bench import untimed_bot
    from tulipgames.games.flowershop.bots import DraftBot

    flowershop = games.get_game("flowershop")
    bot = untimed_bot(flowershop, "hard", 3)
    assert isinstance(bot, DraftBot) and bot.draft_seconds == math.inf and bot.samples == 12
    assert untimed_bot(flowershop, "easy", 3) is None
    assert untimed_bot(games.get_game("sixtyone"), "hard", 3) is None


def test_flower_shop_worlds_keep_the_hands_the_seat_passed_on() -> None:
    """At two seats the rival's hand is the one the seat passed on, less its revealed pick: the
    coach's worlds keep it (as the hard bot's do), where ``determinize`` re-deals it; before
    the seat has seen any hand pass, nothing is known."""
    import random as rnd

    from tests.test_replay import random_record
    from tulipgames.coach.core import position_before
    from tulipgames.coach.memory import world_maker

    game = games.get_game("flowershop")
    record = random_record("flowershop", 2, seed=4)
    picks = [(i, seat) for i, (seat, _) in enumerate(record.actions)
             if position_before(game, record, i).phase == "pick"]
    first_index, first_seat = picks[0]
    state = position_before(game, record, first_index)
    assert state.step == 1
    maker = world_maker(game, record, first_index, first_seat)
    assert maker is not None
    rival = 1 - first_seat
    assert sorted(maker(state, rnd.Random(1)).shops[rival].hand) != sorted(
        state.shops[rival].hand)  # step 1: the rival's hand is unknown, re-dealt
    index, seat = next((i, s) for i, s in picks
                       if position_before(game, record, i).step == 2
                       and position_before(game, record, i).shops[1 - s].pick is None)
    state = position_before(game, record, index)
    maker = world_maker(game, record, index, seat)
    assert maker is not None
    for k in range(3):
        kept = maker(state, rnd.Random(k)).shops[1 - seat].hand
        assert sorted(kept) == sorted(state.shops[1 - seat].hand)
    assert any(sorted(state.determinize(seat, rnd.Random(k)).shops[1 - seat].hand)
               != sorted(state.shops[1 - seat].hand) for k in range(3))
    assert world_maker(games.get_game("sixtyone"), random_record("sixtyone", 2, 4), 5, 0) is None

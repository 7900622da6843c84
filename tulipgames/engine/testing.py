"""The conformance harness every game's tests call: one place for what every game must obey.

:func:`check_game` plays seeded random games to the end at every seat count the game allows and
checks, after every action, the contract of ``engine.core``:

* the invariants hold (``State.invariant_violations``);
* every offered action's notation reads back to the same action (``parse_action(str(a)) == a``),
  and the legal list is empty for seats that need not act;
* a clone is independent of its original and keeps every base field;
* a determinized copy agrees with the view of the seat it was made for, and offers that seat
  the same choices;
* no seat's secrets (``State.secrets``) appear in another seat's view or the public view;
* the game's record replays to the same position and result.

:func:`check_bot_games` plays bots of given levels to the end (bots see only determinized
copies). Nothing here imports Textual or Rich; failures are ``AssertionError`` with the seed and
step to reproduce them.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from tulipgames.engine.bots import bot_move
from tulipgames.engine.core import Game, SeatSpec, State
from tulipgames.engine.record import GameRecord, replay

#: Safety bound: a random game longer than this many actions is reported as not ending.
MAX_ACTIONS = 20_000


@dataclass
class Report:
    """What a harness run covered, for the test to assert on and for messages."""

    games: int = 0
    actions: int = 0
    seat_counts: set[int] = field(default_factory=set)
    ended: int = 0


def _record_of(game: Game, state: State, seed: int, actions: list[tuple[int, str]]) -> GameRecord:
    return GameRecord(
        game=game.id,
        seed=seed,
        seats=[SeatSpec(f"P{i}") for i in range(state.seats)],
        options=dict(state.options),
        rules_version=game.rules_version,
        actions=list(actions),
    )


def _leaks(state: State, where: str) -> list[str]:
    """Secrets of one seat found in another seat's (or the public) view."""
    problems = []
    views = {seat: repr(state.view(seat)) for seat in (None, *range(state.seats))}
    for owner in range(state.seats):
        secrets = state.secrets(owner)
        if not secrets:
            continue
        pattern = re.compile(r"\b(" + "|".join(re.escape(s) for s in sorted(secrets)) + r")\b")
        for viewer, text in views.items():
            if viewer == owner:
                continue
            found = pattern.search(text)
            if found:
                who = "the public view" if viewer is None else f"seat {viewer}'s view"
                problems.append(f"{where}: seat {owner}'s secret {found.group(0)!r} in {who}")
    return problems


def _check_clone(state: State, rng: random.Random, where: str) -> None:
    twin = state.clone()
    base = ("seats", "seed", "options", "setup_events")
    for name in base:
        missing = object()
        assert getattr(twin, name, missing) == getattr(state, name), f"{where}: clone lost {name}"
    assert twin.rng.getstate() == state.rng.getstate(), f"{where}: clone lost the random source"
    before = repr(state.view(None)), [repr(state.view(s)) for s in range(state.seats)]
    assert repr(twin.view(None)) == before[0], f"{where}: clone shows another public view"
    acting = twin.to_act()
    if acting and not twin.is_over():
        seat = acting[0]
        twin.apply(seat, rng.choice(twin.legal_actions(seat)))
        after = repr(state.view(None)), [repr(state.view(s)) for s in range(state.seats)]
        assert after == before, f"{where}: playing on a clone changed the original"


def _check_determinize(state: State, rng: random.Random, where: str) -> None:
    for seat in range(state.seats):
        det = state.determinize(seat, random.Random(rng.getrandbits(32)))
        assert repr(det.view(seat)) == repr(state.view(seat)), (
            f"{where}: a copy determinized for seat {seat} shows that seat another view"
        )
        assert det.to_act() == state.to_act(), f"{where}: determinized copy changes who acts"
        if seat in state.to_act():
            mine = sorted(map(str, state.legal_actions(seat)))
            theirs = sorted(map(str, det.legal_actions(seat)))
            assert mine == theirs, f"{where}: determinized copy offers seat {seat} other choices"


def play_checked_game(
    game: Game,
    seats: int,
    seed: int,
    options: dict[str, Any] | None = None,
    *,
    deep_every: int = 7,
) -> tuple[State, int]:
    """One seeded random game to the end with every check of the module docstring; the clone,
    determinize and leak checks run every ``deep_every`` actions (they cost the most). Returns
    the final state and the number of actions."""
    resolved = game.resolve_options(options)
    state = game.new_state(seats, seed, resolved)
    rng = random.Random(seed * 7919 + seats)
    actions: list[tuple[int, str]] = []
    count = 0
    while not state.is_over():
        where = f"{game.id} seats={seats} seed={seed} options={resolved} step {count}"
        assert count < MAX_ACTIONS, f"{where}: the game does not end"
        acting = state.to_act()
        assert acting, f"{where}: nobody acts but the game is not over"
        for seat in range(seats):
            if seat not in acting:
                assert not state.legal_actions(seat), f"{where}: seat {seat} offered actions"
        seat = acting[rng.randrange(len(acting))]
        legal = state.legal_actions(seat)
        assert legal, f"{where}: seat {seat} must act but has no legal action"
        for action in legal:
            text = str(action)
            assert game.parse_action(text) == action, f"{where}: notation {text!r} reads back wrong"
        if count % deep_every == 0:
            problems = _leaks(state, where)
            assert not problems, "\n".join(problems)
            _check_clone(state, rng, where)
            _check_determinize(state, rng, where)
        action = rng.choice(legal)
        state.apply(seat, action)
        actions.append((seat, str(action)))
        count += 1
        broken = state.invariant_violations()
        assert not broken, f"{where} after {action}: {broken}"
    final = f"{game.id} seats={seats} seed={seed}"
    assert not state.legal_actions(0), f"{final}: actions offered after the end"
    problems = _leaks(state, f"{final} at the end")
    assert not problems, "\n".join(problems)
    replayed = replay(game, _record_of(game, state, seed, actions)).state
    assert repr(replayed.view(None)) == repr(state.view(None)), f"{final}: replay differs"
    assert replayed.result() == state.result(), f"{final}: replay scores differently"
    return state, count


def check_game(
    game: Game,
    *,
    games_per_count: int,
    seed: int = 0,
    seat_counts: Iterable[int] | None = None,
    options: Sequence[dict[str, Any]] = ({},),
) -> Report:
    """Seeded random games at every seat count (and each options dict), all checks on."""
    report = Report()
    counts = list(seat_counts or range(game.min_players, game.max_players + 1))
    for opts in options:
        for seats in counts:
            for index in range(games_per_count):
                state, actions = play_checked_game(game, seats, seed + index, opts)
                report.games += 1
                report.actions += actions
                report.ended += state.is_over()
                report.seat_counts.add(seats)
    return report


def check_bot_games(
    game: Game,
    levels: Sequence[str],
    *,
    games: int,
    seed: int = 0,
    options: dict[str, Any] | None = None,
) -> Report:
    """Bots of ``levels`` (one per seat) play ``games`` games to the end, seats rotating; every
    bot move must be legal and the invariants must hold."""
    report = Report()
    seats = len(levels)
    for index in range(games):
        shift = index % seats
        seat_levels = [levels[(s + shift) % seats] for s in range(seats)]
        bots = [
            game.make_bot(level, seed=seed + index * 31 + s) for s, level in enumerate(seat_levels)
        ]
        state = game.new_state(seats, seed + index, options)
        rng = random.Random(seed + index)
        count = 0
        while not state.is_over():
            where = f"{game.id} bots={seat_levels} seed={seed + index} step {count}"
            assert count < MAX_ACTIONS, f"{where}: the game does not end"
            seat = state.to_act()[0]
            action = bot_move(bots[seat], state, seat, rng)
            state.apply(seat, action)
            count += 1
            broken = state.invariant_violations()
            assert not broken, f"{where} after {action}: {broken}"
        report.games += 1
        report.actions += count
        report.ended += 1
        report.seat_counts.add(seats)
    return report

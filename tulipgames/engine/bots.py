"""Computer players: the :class:`Bot` protocol, a random bot and a generic search bot.

A bot is never handed the true state. :func:`bot_move` gives it ``state.determinize(seat, rng)``:
a copy in which everything the seat cannot see (other hands, the deck order, the future dice) has
been re-dealt, so a bot cannot know more than ``view(seat)`` shows, however it reads its copy.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Protocol

from tulipgames.engine.core import Action, BotLevel, State
from tulipgames.i18n import N_


class Bot(Protocol):
    """A computer player. ``choose`` returns one of ``state.legal_actions(seat)``."""

    level: str

    def choose(self, state: State, seat: int) -> Action: ...


def bot_move(bot: Bot, state: State, seat: int, rng: random.Random) -> Action:
    """Ask ``bot`` for ``seat``'s action, showing it only what that seat may know.

    A bot that declares ``needs_state = False`` reads nothing of its state but
    ``legal_actions(seat)``, and the seat's own legal actions are public to that seat (it is
    offered them on its screen), so it is handed the real state: re-dealing the hidden cards for
    it would cost the most of a bot game's time and hide nothing. Such a bot draws nothing from
    ``rng`` either.
    """
    if not getattr(bot, "needs_state", True):
        return bot.choose(state, seat)
    return bot.choose(state.determinize(seat, rng), seat)


class RandomBot:
    """Picks uniformly among the legal actions: the baseline every level must beat."""

    level = "random"
    #: Reads only the legal actions of its seat (see :func:`bot_move`).
    needs_state = False

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: State, seat: int) -> Action:
        return self.rng.choice(state.legal_actions(seat))


#: The baseline level every game offers.
RANDOM = BotLevel("random", RandomBot, N_("picks any legal move at random"))


def outcome_values(totals: tuple[float, ...]) -> tuple[float, ...]:
    """Turn scores into rewards in [0, 1] per seat for the search.

    Alone, a seat wants the highest score. Against others, finishing place counts most (shared
    first place shares the win) and the margin to the best rival breaks near-equal lines.
    """
    n = len(totals)
    if n == 1:
        t = totals[0]
        return (0.5 + 0.5 * t / (abs(t) + 20.0),)
    values = []
    for seat, mine in enumerate(totals):
        better = sum(1 for other in totals if other > mine)
        equal = sum(1 for other in totals if other == mine) - 1
        place = 1.0 - (better + equal / 2.0) / (n - 1)
        best_rival = max(t for s, t in enumerate(totals) if s != seat)
        margin = math.tanh((mine - best_rival) / 10.0)
        values.append(0.8 * place + 0.1 * (margin + 1.0))
    return tuple(values)


@dataclass
class _Node:
    """A search tree node, reached by ``actor`` playing the action it is keyed by."""

    actor: int = -1
    visits: int = 0
    available: int = 0
    total: float = 0.0
    children: dict[str, _Node] = field(default_factory=dict)


class SearchBot:
    """Determinized Monte Carlo tree search (single-observer information-set MCTS).

    Every iteration re-deals the hidden information (:meth:`State.determinize`) and walks one
    shared tree keyed by action notation, counting for each child how often it was available, so
    actions that exist only in some deals are judged fairly (Cowling, Powley & Whitehouse 2012).
    Playouts use ``rollout`` (random by default) up to ``rollout_depth`` actions, then
    :meth:`State.estimate`. The search stops after ``seconds`` or ``iterations``, whichever is
    given (iterations make it deterministic for tests).
    """

    level = "hard"

    def __init__(
        self,
        seconds: float = 1.0,
        iterations: int | None = None,
        seed: int = 0,
        rollout: Callable[[State, int, random.Random], Action] | None = None,
        rollout_depth: int | None = None,
        exploration: float = 0.7,
        actions: Callable[[State, int], list[Action]] | None = None,
    ) -> None:
        self.seconds = seconds
        self.iterations = iterations
        self.rng = random.Random(seed)
        #: ``None``: uniformly random moves (to the end, the game's own :meth:`State.play_out`).
        self.rollout = rollout
        self.rollout_depth = rollout_depth
        self.exploration = exploration
        # The moves the tree considers; a game may prune, e.g. a few bid sizes out of sixty.
        self.actions = actions or (lambda s, seat: s.legal_actions(seat))
        self.last_iterations = 0

    def choose(self, state: State, seat: int) -> Action:
        legal = self.actions(state, seat)
        if len(legal) == 1:
            return legal[0]
        root = _Node()
        deadline = time.perf_counter() + self.seconds
        done = 0
        while (done < self.iterations) if self.iterations else (time.perf_counter() < deadline):
            self._iterate(root, state.determinize(seat, self.rng), seat)
            done += 1
        self.last_iterations = done
        by_text = {str(action): action for action in legal}
        ranked = sorted(
            (child.visits, child.total, key)
            for key, child in root.children.items()
            if key in by_text
        )
        return by_text[ranked[-1][2]] if ranked else self.rng.choice(legal)

    def _iterate(self, root: _Node, state: State, seat: int) -> None:
        node, path = root, []
        actor: int | None = seat
        # Selection and expansion.
        while not state.is_over():
            if actor is None:
                actor = state.to_act()[0]
            actions = self.actions(state, actor)
            keyed = {str(a): a for a in actions}
            untried = [key for key in keyed if key not in node.children]
            if untried:
                key = self.rng.choice(untried)
                child = node.children[key] = _Node(actor=actor)
                state.apply(actor, keyed[key])
                path.append(child)
                break
            log_n = 0.0
            best_key, best_score = "", -math.inf
            for key in keyed:
                child = node.children[key]
                child.available += 1
                log_n = math.log(child.available)
                score = child.total / child.visits + self.exploration * math.sqrt(
                    log_n / child.visits
                )
                if score > best_score:
                    best_key, best_score = key, score
            node = node.children[best_key]
            state.apply(actor, keyed[best_key])
            path.append(node)
            actor = None
        # Playout: a uniform one to the end is the state's own random playout (the same draws
        # as choosing from the legal list step by step, in the game's faster loop).
        if self.rollout is None and self.rollout_depth is None:
            state.play_out(self.rng)
        depth = 0
        while not state.is_over() and (self.rollout_depth is None or depth < self.rollout_depth):
            mover = state.to_act()[0]
            if self.rollout is None:
                state.apply(mover, self.rng.choice(state.legal_actions(mover)))
            else:
                state.apply(mover, self.rollout(state, mover, self.rng))
            depth += 1
        totals = state.result().totals if state.is_over() else state.estimate()
        values = outcome_values(tuple(float(t) for t in totals))
        for visited in path:
            visited.visits += 1
            visited.total += values[visited.actor]


def another_world(done: int, began: float, started: float, seconds: float, most: int) -> bool:
    """Whether a time-boxed search over determinized worlds may play one more: fewer than
    ``most`` so far, and at the pace of the ``done`` worlds since ``began`` the next one ends
    within ``seconds`` of ``started`` (the start of the decision), so a decision keeps its time
    limit on a loaded machine too."""
    if done >= most:
        return False
    now = time.perf_counter()
    pace = (now - began) / done if done else 0.0
    return now + pace < started + seconds


@dataclass
class ThinkTimer:
    """Collects bot think times for the p50/p95 figures of ``simulate`` and ``bench``."""

    samples: list[float] = field(default_factory=list)

    def percentile(self, q: float) -> float:
        if not self.samples:
            return 0.0
        ordered = sorted(self.samples)
        index = min(len(ordered) - 1, max(0, math.ceil(q / 100.0 * len(ordered)) - 1))
        return ordered[index]

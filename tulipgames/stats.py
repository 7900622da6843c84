"""Player statistics, computed from the store's finished games (pure functions, no database).

Give them ``Store.finished(limit=None)``. A human is known by name; a bot by its level
(``"bot:hard"``), because a bot's name is made up at setup ("Bot 2") and its level is what
plays. A shared first place counts as a win for each seat that shares it.
"""

from __future__ import annotations

import statistics
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from tulipgames.store import FinishedGame

#: The solo game whose high-score detail is the level reached.
SOLO_GAME = "flowershop"


def who(name: str, kind: str) -> str:
    """The player a seat counts for: the name of a human, the level of a bot."""
    return name if kind == "human" else kind


def seats_of(game: FinishedGame) -> list[str]:
    """Who sat at each seat of a finished game (every seat is human in an old record)."""
    kinds = game.kinds or ("human",) * len(game.names)
    return [who(name, kind) for name, kind in zip(game.names, kinds, strict=True)]


@dataclass(frozen=True)
class ScoreLine:
    """One player's games of one game at one seat count."""

    player: str
    game: str
    seats: int
    games: int
    wins: int
    mean: float
    best: int


def score_lines(finished: Iterable[FinishedGame]) -> list[ScoreLine]:
    """Games, wins, mean and best score per player, game and seat count, sorted by those."""
    scores: dict[tuple[str, str, int], list[tuple[int, bool]]] = {}
    for game in finished:
        winners = set(game.result.winners)
        for seat, player in enumerate(seats_of(game)):
            key = (player, game.game, len(game.names))
            scores.setdefault(key, []).append((int(game.result.totals[seat]), seat in winners))
    return [
        ScoreLine(
            player, game_id, seats, len(rows), sum(won for _, won in rows),
            statistics.fmean(score for score, _ in rows), max(score for score, _ in rows),
        )
        for (player, game_id, seats), rows in sorted(scores.items())
    ]


def players(finished: Iterable[FinishedGame]) -> list[str]:
    """Everyone with a finished game: humans by name, then bot levels."""
    found = {player for game in finished for player in seats_of(game)}
    return sorted(found, key=lambda player: (player.startswith("bot:"), player.casefold()))


@dataclass(frozen=True)
class SoloLevel:
    """A Flower Shop solo level a player reached, how often, and the best score at it."""

    level: str
    times: int
    best: int


def solo_levels(finished: Iterable[FinishedGame], player: str) -> list[SoloLevel]:
    """The Flower Shop solo levels ``player`` reached, best score first."""
    reached: dict[str, list[int]] = {}
    for game in finished:
        if game.game != SOLO_GAME or len(game.names) != 1 or seats_of(game) != [player]:
            continue
        level = game.details[0] if game.details else ""
        if level:
            reached.setdefault(level, []).append(int(game.result.totals[0]))
    levels = [SoloLevel(level, len(s), max(s)) for level, s in reached.items()]
    return sorted(levels, key=lambda line: (-line.best, line.level))


@dataclass(frozen=True)
class RecentResult:
    """One finished game from one player's side."""

    save_id: int
    game: str
    title: str
    finished: str
    score: int
    place: int
    seats: int
    others: tuple[str, ...]

    @property
    def won(self) -> bool:
        return self.place == 1


def recent_results(
    finished: Sequence[FinishedGame], player: str, limit: int = 10
) -> list[RecentResult]:
    """``player``'s latest results, newest first (``finished`` is newest first, as stored)."""
    out: list[RecentResult] = []
    for game in sorted(finished, key=lambda g: (g.finished, g.id), reverse=True):
        sitting = seats_of(game)
        for seat, someone in enumerate(sitting):
            if someone != player:
                continue
            others = tuple(n for i, n in enumerate(game.names) if i != seat)
            out.append(
                RecentResult(
                    game.id, game.game, game.title, game.finished,
                    int(game.result.totals[seat]), int(game.result.ranks[seat]),
                    len(sitting), others,
                )
            )
            break  # one line per game even if a bot level sat twice
        if len(out) >= limit:
            break
    return out


def score_history(finished: Iterable[FinishedGame], player: str, game_id: str) -> list[int]:
    """``player``'s scores in one game, oldest first (for a chart)."""
    points: list[tuple[str, int, int]] = []
    for game in finished:
        if game.game != game_id:
            continue
        for seat, someone in enumerate(seats_of(game)):
            if someone == player:
                points.append((game.finished, game.id, int(game.result.totals[seat])))
    return [score for _, _, score in sorted(points)]

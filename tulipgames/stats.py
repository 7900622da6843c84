"""Player statistics, computed from the seats of the store's finished games (pure functions,
no database).

Give them ``Store.seat_results()`` (one row per seat, read from columns, so 10,000 games take
no JSON parsing), or :func:`seat_results` of ``Store.finished(limit=None)``. A human is known by
name; a bot by its level (``"bot:hard"``), because a bot's name is made up at setup ("Bot 2")
and its level is what plays. A shared first place counts as a win for each seat that shares
it; a solo game has no win to count (there is nobody to beat), so its wins are ``None``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from tulipgames import games
from tulipgames.store import FinishedGame, SeatResult

#: The solo game whose high-score detail is the level reached.
SOLO_GAME = games.solo_id()


def who(name: str, kind: str) -> str:
    """The player a seat counts for: the name of a human, the level of a bot."""
    return name if kind == "human" else kind


def player_of(row: SeatResult) -> str:
    return who(row.name, row.kind)


def title_of(game_id: str) -> str:
    """A game's title in the session's language (the id of a game this version lacks)."""
    from tulipgames.i18n import _

    return _(games.info(game_id).title) if game_id in games.GAME_IDS else game_id


def seats_of(game: FinishedGame) -> list[str]:
    """Who sat at each seat of a finished game (every seat is human in an old record)."""
    kinds = game.kinds or ("human",) * len(game.names)
    return [who(name, kind) for name, kind in zip(game.names, kinds, strict=True)]


def seat_results(finished: Iterable[FinishedGame]) -> list[SeatResult]:
    """The seats of finished games as ``Store.seat_results`` gives them, oldest game first."""
    rows = []
    for game in sorted(finished, key=lambda g: (g.finished, g.id)):
        kinds = game.kinds or ("human",) * len(game.names)
        details = game.details or ("",) * len(game.names)
        for seat, name in enumerate(game.names):
            rows.append(SeatResult(
                game.id, game.game, game.finished, len(game.names), seat, name, kinds[seat],
                int(game.result.totals[seat]), int(game.result.ranks[seat]), details[seat],
            ))
    return rows


@dataclass(frozen=True)
class ScoreLine:
    """One player's games of one game at one seat count. ``wins`` is ``None`` for a solo
    game: a game alone is not won or lost, so it is not counted as a win."""

    player: str
    game: str
    seats: int
    games: int
    wins: int | None
    mean: float
    best: int


def score_lines(rows: Iterable[SeatResult]) -> list[ScoreLine]:
    """Games, wins, mean and best score per player, game and seat count, sorted by those."""
    # key -> [games, wins, total, best]
    sums: dict[tuple[str, str, int], list[int]] = {}
    for row in rows:
        key = (who(row.name, row.kind), row.game, row.seats)
        line = sums.get(key)
        if line is None:
            sums[key] = [1, int(row.place == 1), row.score, row.score]
        else:
            line[0] += 1
            line[1] += row.place == 1
            line[2] += row.score
            if row.score > line[3]:
                line[3] = row.score
    return [
        ScoreLine(player, game_id, seats, n, None if seats == 1 else wins, total / n, best)
        for (player, game_id, seats), (n, wins, total, best) in sorted(sums.items())
    ]


def players(rows: Iterable[SeatResult]) -> list[str]:
    """Everyone with a finished game: humans by name, then bot levels."""
    return in_order({who(row.name, row.kind) for row in rows})


def in_order(found: Iterable[str]) -> list[str]:
    """Players as listed: humans by name, then bot levels."""
    return sorted(set(found), key=lambda player: (player.startswith("bot:"), player.casefold()))


@dataclass(frozen=True)
class SoloLevel:
    """A Flower Shop solo level a player reached, how often, and the best score at it."""

    level: str
    times: int
    best: int


def solo_levels(rows: Iterable[SeatResult], player: str) -> list[SoloLevel]:
    """The Flower Shop solo levels ``player`` reached, best score first."""
    reached: dict[str, list[int]] = {}
    for row in rows:
        if row.game != SOLO_GAME or row.seats != 1 or who(row.name, row.kind) != player:
            continue
        if row.detail:
            reached.setdefault(row.detail, []).append(row.score)
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
        """First place against somebody (a solo game is not a win)."""
        return self.place == 1 and self.seats > 1


def recent_results(
    rows: Sequence[SeatResult], player: str, limit: int = 10
) -> list[RecentResult]:
    """``player``'s latest results, newest first (``rows`` oldest game first, as stored)."""
    mine: dict[int, SeatResult] = {}  # the player's first seat in each of their games
    for row in rows:
        if row.save_id not in mine and who(row.name, row.kind) == player:
            mine[row.save_id] = row  # one line per game even if a bot level sat twice
    latest = sorted(mine.values(), key=lambda r: (r.finished, r.save_id), reverse=True)[:limit]
    wanted = {row.save_id for row in latest}
    names: dict[int, list[tuple[int, str]]] = {}
    for row in rows:
        if row.save_id in wanted:
            names.setdefault(row.save_id, []).append((row.seat, row.name))
    return [
        RecentResult(
            row.save_id, row.game, title_of(row.game), row.finished, row.score, row.place,
            row.seats,
            tuple(name for seat, name in sorted(names[row.save_id]) if seat != row.seat),
        )
        for row in latest
    ]


def score_history(rows: Iterable[SeatResult], player: str, game_id: str) -> list[int]:
    """``player``'s scores in one game, oldest first (for a chart)."""
    points = [
        (row.finished, row.save_id, row.score)
        for row in rows
        if row.game == game_id and who(row.name, row.kind) == player
    ]
    return [score for _, _, score in sorted(points)]


def score_histories(rows: Iterable[SeatResult], player: str) -> dict[str, list[int]]:
    """:func:`score_history` of every game ``player`` played, in one pass."""
    points: dict[str, list[tuple[str, int, int]]] = {}
    for row in rows:
        if who(row.name, row.kind) == player:
            points.setdefault(row.game, []).append((row.finished, row.save_id, row.score))
    return {game: [score for _, _, score in sorted(p)] for game, p in points.items()}


#: The eight heights of a sparkline cell, lowest first.
BARS = "▁▂▃▄▅▆▇█"


def sparkline(values: Sequence[float], width: int) -> str:
    """``values`` as a one-line chart of at most ``width`` cells, one per value when they fit.

    More values than cells are split into ``width`` runs as even as can be, each drawn as its
    mean (the trend; a run's best would draw nearly every cell full). The lowest cell is the
    lowest bar and the highest the highest; all equal values draw a middle bar. No values, no
    chart.
    """
    if not values or width < 1:
        return ""
    cells = list(values)
    if len(cells) > width:
        size = len(cells) / width
        runs = [cells[round(cell * size):round((cell + 1) * size)] for cell in range(width)]
        cells = [sum(run) / len(run) for run in runs]
    low, high = min(cells), max(cells)
    if low == high:
        return BARS[len(BARS) // 2] * len(cells)
    top = len(BARS) - 1
    return "".join(BARS[round((value - low) * top / (high - low))] for value in cells)

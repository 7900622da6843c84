"""``tulipgames analyse ID|FILE [--seat NAME] [--json]``: the coach on the command line.

Reads a saved game by number (the local store) or an exported record file, checks that it is a
finished game, analyses the chosen seats on every core with a Rich progress bar, and prints the
summary (or one JSON object). Bad input is one line and exit code 2 (``parser.error``).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Sequence
from contextlib import AbstractContextManager
from pathlib import Path
from typing import Any

from tulipgames.coach.core import Analysis, decisions_of
from tulipgames.engine.record import GameRecord, RecordError
from tulipgames.i18n import N_, _

#: ``progress_bar(total, label, shown)`` of the command line: a context giving ``advance(done)``.
ProgressBar = Callable[[int, str, bool], AbstractContextManager[Callable[[int], None]]]

# Translators: the coach's grades, from good to worst (tulipgames analyse, the replay)
GRADES = (N_("good"), N_("inaccuracy"), N_("mistake"), N_("blunder"))
# Translators: the columns of tulipgames analyse's tables
COLUMNS = (N_("move"), N_("player"), N_("played"), N_("best"), N_("lost"), N_("grade"),
           N_("worth"))
GRADE_STYLE = {"good": "green", "inaccuracy": "yellow", "mistake": "dark_orange",
               "blunder": "bold red"}


def load_record(text: str, open_store: Callable[[], Any], fail: Callable[[str], Any]
                ) -> tuple[GameRecord, list[int]]:
    """The record named by ``text`` (a game number or a file) and its human seats; ``fail``
    (one line, exit 2) for a game that is missing, unreadable or not finished."""
    from tulipgames import games
    from tulipgames.engine.record import replay
    from tulipgames.store import SaveError, read_export

    if text.isdigit():
        try:
            table = open_store().load(int(text))
        except SaveError as exc:
            fail(_("cannot analyse game {number}: {problem}").format(number=text, problem=exc))
        record = table.record
    else:
        try:
            content = Path(text).read_text("utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            fail(_("cannot read {path}: {problem}").format(
                path=text, problem=getattr(exc, "strerror", None) or exc))
        try:
            record = read_export(content)[0].record
        except RecordError as first:
            try:  # a bare record (GameRecord.dumps) is accepted too
                record = GameRecord.loads(content)
            except RecordError:
                fail(_("cannot analyse {name}: {problem}").format(name=text, problem=first))
    try:
        game = games.get_game(record.game)
        state = replay(game, record).state
    except (RecordError, games.UnknownGame) as exc:
        fail(_("cannot analyse {name}: {problem}").format(name=text, problem=exc))
    if not state.is_over():
        fail(_("cannot analyse {name}: the game is not finished (the coach grades finished "
               "games)").format(name=text))
    humans = [i for i, spec in enumerate(record.seats) if not spec.is_bot]
    return record, humans


def chosen_seats(record: GameRecord, names: Sequence[str] | None, humans: Sequence[int],
                 fail: Callable[[str], Any]) -> list[int]:
    """The seats to analyse: those named (``--seat``, any case), else the human seats, else
    (a game of bots only) every seat."""
    if not names:
        return list(humans) or list(range(len(record.seats)))
    seats: list[int] = []
    for name in names:
        found = [i for i, spec in enumerate(record.seats)
                 if spec.name.casefold() == name.strip().casefold()]
        if not found:
            fail(_("no seat {name} in this game (players: {players})").format(
                name=repr(name), players=", ".join(record.names)))
        seats.extend(s for s in found if s not in seats)
    return sorted(seats)


def analyse_command(args: Any, parser: Any, open_store: Callable[[], Any],
                    progress_bar: ProgressBar, shown: bool) -> int:
    """Run ``tulipgames analyse``; returns the exit code."""
    from tulipgames import games
    from tulipgames.coach.run import analyse_parallel

    record, humans = load_record(args.game, open_store, parser.error)
    seats = chosen_seats(record, args.seat, humans, parser.error)
    game = games.get_game(record.game)
    total = len(decisions_of(game, record, seats))
    with progress_bar(total, _("Coach: {title}").format(title=_(game.title)), shown) as advance:
        analysis = analyse_parallel(
            game, record, seats, progress=lambda done, _total: advance(done)
        )
    if args.json:
        print(json.dumps(analysis.to_json()), flush=True)
    else:
        from rich.console import Console

        Console().print(*render(analysis, _(game.title)))
    return 0


def render(analysis: Analysis, title: str) -> Iterator[Any]:
    """The summary as Rich renderables: the players' figures, the costliest decisions and
    every decision that was not good."""
    from rich.table import Table
    from rich.text import Text

    names = analysis.names
    unit = analysis.unit
    low, mid, high = analysis.thresholds
    judged = _("expected score") if unit == "points" else _("win chance")
    yield Text.assemble(
        (f"{title}", "bold"), _(
            ", seed {seed}: the coach judges by {measure} (the hard bot plays for {metric}); "
            "inaccuracy from {low}, mistake from {mid}, blunder from {high} {unit} lost"
        ).format(seed=analysis.seed, measure=judged, metric=analysis.metric, low=f"{low:g}",
                 mid=f"{mid:g}", high=f"{high:g}", unit=_(unit))
    )
    players = Table(title=_("Players"), title_justify="left")
    for number, column in enumerate((_("player"), _("decisions"),
                                     _("mean loss ({unit})").format(unit=_(unit)),
                                     _("accuracy"), _("inaccuracies"), _("mistakes"),
                                     _("blunders"))):
        players.add_column(column, justify="left" if number == 0 else "right")
    for perf in analysis.performance():
        players.add_row(
            perf.name, str(perf.decisions), f"{perf.mean_loss:.1f}", f"{perf.accuracy:.0f}%",
            str(perf.grades["inaccuracy"]), str(perf.grades["mistake"]),
            str(perf.grades["blunder"]),
        )
    yield players
    costly = analysis.costliest(5)
    table = Table(title=_("Costliest decisions") if costly else _("No decision lost anything"),
                  title_justify="left")
    for column in ("move", "player", "played", "best", "lost", "grade"):
        table.add_column(_(column), justify="right" if column in ("move", "lost") else "left")
    for d in costly:
        table.add_row(
            str(d.index + 1), names[d.seat], d.made, d.best, f"{d.loss:.1f}",
            Text(_(d.grade), GRADE_STYLE[d.grade]),
        )
    yield table
    shown = [d for d in analysis.decisions if d.grade != "good"]
    if shown:
        every = Table(title=_("Every graded decision short of good"), title_justify="left")
        for column in ("move", "player", "played", "worth", "best", "worth ", "grade"):
            # (the second "worth" is the best choice's: a column name of its own)
            every.add_column(_(column.strip()) + column[len(column.strip()):],
                             justify="right" if column in ("move",) else "left")
        for d in shown:
            mine, top = d.value, d.choices[0]
            every.add_row(
                str(d.index + 1), names[d.seat], d.made, _worth(mine.win, mine.lead, unit),
                d.best, _worth(top.win, top.lead, unit),
                Text(_(d.grade), GRADE_STYLE[d.grade]),
            )
        yield every


def _worth(win: float, lead: float, unit: str) -> str:
    if unit == "points":
        return _("{points} pts").format(points=f"{lead:.1f}")
    return f"{win:.0f}% ({lead:+.1f})"

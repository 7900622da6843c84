"""A replay in plain text: a game's record stepped through one decision at a time.

Each step says, in at most :data:`~tulipgames.plain.session.TURN_LINES` lines and through the
speech layer (:mod:`tulipgames.plain.speech`), which move of how many it is, who decided what,
and what it made happen (a roll, a reveal, the end of a round). The reader answers at the ``>``
prompt: Enter or ``next`` for the next decision, ``back`` for the one before, ``look`` for the
whole situation at this point, a number to go to that move, ``first``, ``last``, ``help``,
``quit``. After the last move the result is said, as at the end of a game.

What may be told follows :meth:`~tulipgames.replay.ReplayTable.viewers`: once the game is over,
every decision is named (all hands are shown then); in an unfinished game only the viewer's own
seat's decisions are named and only what that seat saw is told, the others' moves as the public
log says them.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from typing import Any

from tulipgames.engine.core import Game
from tulipgames.engine.record import GameRecord
from tulipgames.i18n import N_, _, ngettext, using
from tulipgames.plain.session import TURN_LINES, PlainSession, Reader, Writer, ask_line
from tulipgames.replay import ReplayTable

#: (The command words stay English: they are what the player types.)
HELP = N_("Enter or next: the next decision. back: the one before. look: the whole situation "
        "now. A number: that move. first, last, help, quit.")

#: Log lines that only say a seat is deciding: the decision itself is told instead.
DECIDING = (" has chosen", " is choosing", " has picked.")


class PlainReplay:
    """Step through ``record`` by lines read and written (see the module's text); ``owned``:
    the seats the reader played (``None``: none)."""

    def __init__(
        self,
        game: Game,
        record: GameRecord,
        read: Reader,
        write: Writer,
        *,
        owned: Collection[int] | None = None,
        echo: bool = False,
        prompt: Callable[[str], None] | None = None,
    ) -> None:
        self.table = ReplayTable(game, record)
        self.read_line = read
        self.write = write
        self.echo = echo
        self.prompt = prompt or (lambda text: None)
        mine = sorted(owned or ())
        #: Whose view is told: everyone's once the game is over (``None``: the public log, the
        #: decisions named); else the one seat the reader owns, or only the public log.
        self.viewer: int | None = (None if self.table.finished or len(mine) != 1
                                   else mine[0])
        self.owned = frozenset(mine)
        # the plain session's words: labels, look, the result, the speech of the game
        self.session = PlainSession(self.table, read, write, seats=frozenset(), echo=echo,
                                    prompt=self.prompt)
        self._told_end = False

    # -- what a step says ----------------------------------------------------------------------
    def say(self, line: str) -> None:
        self.session.say(line)

    def named(self, seat: int) -> bool:
        """Whether a decision of ``seat`` may be named: any once the game is over."""
        return self.table.finished or seat in self.owned

    def step_lines(self, position: int) -> list[str]:
        """The decision that led to ``position`` (1 = the first move) and what it made happen,
        at most :data:`TURN_LINES` lines; the table is left at ``position``."""
        table = self.table
        table.seek(position - 1)
        before = len(table.log_for(self.viewer))
        seat, text = table.full[position - 1]
        name = table.names[seat]
        if self.named(seat):
            action = table.game.parse_action(text)
            label = self.session.label(action, table.turn(seat))
            head = _("Move {number} of {total}: {name}, {choice}.").format(
                number=position, total=table.length, name=name, choice=label)
        else:
            head = _("Move {number} of {total}, {name}.").format(
                number=position, total=table.length, name=name)
        table.seek(position)
        shown = table.log_for(self.viewer)[before:]
        with using("en"):  # what is left out is decided by the English (one line an event)
            english = table.log_for(self.viewer)[before:]
        pairs = [(line, said) for line, said in zip(english, shown, strict=False)
                 if not line.endswith(DECIDING) and " has chosen: " not in line]
        if self.named(seat):  # the decision is said in the head line already
            pairs = [pair for pair in pairs if not pair[0].startswith(f"{name} has chosen")]
        events = [said for _line, said in pairs]
        if len(events) > TURN_LINES - 1:
            events = [_("Then:") + " " + " ".join(e if e.endswith((".", "!", "?")) else e + "."
                                          for e in events)]
        return [head, *events]

    def tell(self, position: int) -> None:
        """Say the step that led to ``position`` (the start, at 0); the result after the last."""
        if position <= 0:
            self.table.seek(0)
            self.say(ngettext("The start, before the first of {total} moves.",
                              "The start, before the first of {total} moves.",
                              self.table.length).format(total=self.table.length))
            return
        for line in self.step_lines(position):
            self.say(line)
        if position == self.table.length and not self._told_end:
            self._told_end = True
            if self.table.finished:
                self.session.finish()
            else:
                self.say(ngettext("The game is not over: {total} moves played so far.",
                                  "The game is not over: {total} moves played so far.",
                                  self.table.length).format(total=self.table.length))

    def look(self) -> None:
        """The whole situation at this point, as the viewer (or, once the game is over, the
        seat that decides next, else the one that decided last) sees it."""
        table = self.table
        seat = self.viewer
        if seat is None and table.finished:
            acting = table.state.to_act() if not table.state.is_over() else []
            last = table.last_step()
            seat = acting[0] if acting else (last[0] if last else 0)
        for line in self.session.look(table.turn(seat)):
            self.say(line)

    # -- the loop ------------------------------------------------------------------------------
    def run(self) -> int:
        table = self.table
        seats = ", ".join(seat.name if not seat.is_bot else _("{name} (bot)").format(
            name=seat.name) for seat in table.seats)
        if table.finished:
            line = ngettext("Replay of {title}, finished: {seats}; {total} moves.",
                            "Replay of {title}, finished: {seats}; {total} moves.",
                            table.length)
        else:
            line = ngettext("Replay of {title}, not finished: {seats}; {total} moves.",
                            "Replay of {title}, not finished: {seats}; {total} moves.",
                            table.length)
        self.say(line.format(title=_(table.game.title), seats=seats, total=table.length) + " "
                 + _("Enter: the next decision. Type help for the commands."))
        position = 0
        table.seek(0)
        while True:
            answer = ask_line(self.read_line, self.write, self.echo, self.prompt)
            if answer is None:
                return 0
            word = answer.lower()
            if word in ("", "next", "n"):
                if position >= table.length:
                    self.say(_("That was the last move. Type back, first, or quit."))
                    continue
                position += 1
            elif word in ("back", "b", "previous", "p"):
                if position <= 0:
                    self.say(_("This is the start. Enter: the first move."))
                    continue
                position -= 1
            elif word in ("first", "start"):
                position = 0
            elif word in ("last", "end"):
                position = table.length
            elif word.isdigit():
                if not 0 <= int(word) <= table.length:
                    self.say(_("Choose a move from 0 to {last}.").format(last=table.length))
                    continue
                position = int(word)
            elif word in ("look", "l"):
                table.seek(position)
                self.look()
                continue
            elif word in ("help", "h", "?"):
                self.say(_(HELP))
                continue
            elif word in ("quit", "q", "exit"):
                return 0
            else:
                self.say(_("No command {word}.").format(word=repr(answer)) + " " + _(HELP))
                continue
            self.tell(position)


def replay_plain(game: Game, record: GameRecord, console: Any,
                 owned: Collection[int] | None = None) -> int:
    """Step through ``record`` on a plain console (see :class:`~tulipgames.plain.menu.
    LineConsole`)."""
    return PlainReplay(game, record, console.read, console.write, owned=owned,
                       echo=console.echo, prompt=console.prompt).run()

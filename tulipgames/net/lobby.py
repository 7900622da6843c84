"""Tables shared between the players of one SSH server.

A player opens a table (a game and a number of seats) and gets a short join code; others claim
the open seats with that code; empty seats may go to bots; when every seat is filled the host
starts the game. From then on there is one :class:`RemoteTable` per table, in this process, and
every player's screen subscribes to it and shows only that player's seat.

A seat belongs to a player *name* (the SSH login name), so a player who drops out reconnects by
joining the same code under the same name. Started tables are saves in the store like any game,
marked with their code and settings (``Store.share``), so even after a server restart ``join
CODE`` or "Your tables" brings the players back to their seats.

A table behaves like a real one: it shows who is connected, away (since when) or a bot; a clock
chosen at the opening (:data:`CLOCKS`) lets a bot of the host's level stand in for a seat whose
time ran out, for that one decision, and the clock starts again; after
:attr:`TableSettings.vote_after` such decisions in a row the other players vote to end the game
or let the bot finish that seat (:meth:`OpenTable.vote`); anyone may watch (public information
only) unless the host closed the table to spectators; at the end the players may all accept a
rematch at the same table; and each finished game goes into every player's own History and high
scores, except the results of seats a stand-in played for (``GameRecord.standins``).

Every session runs its own Textual app on the shared event loop. Textual finds "the current app"
through a context variable, so a callback registered by one session's screen must run inside that
session's app, not inside whichever session happened to make the move: :class:`Listeners`
delivers each callback through the app that registered it.
"""

from __future__ import annotations

import asyncio
import hashlib
import itertools
import json
import logging
import os
import re
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from datetime import datetime
from pathlib import Path
from typing import Any

from rich.cells import cell_len, set_cell_size

from tulipgames import games
from tulipgames.engine.bots import Bot
from tulipgames.engine.core import Action, Event, Game, IllegalAction, SeatSpec
from tulipgames.engine.record import MAX_CHAT, Said
from tulipgames.i18n import N_, Say, _, ngettext
from tulipgames.net import audit
from tulipgames.net.chat import ChatError, RateLimit, TableChat, clean
from tulipgames.table import Listener, Table, Turn

log = logging.getLogger("tulipgames.serve")

#: Join codes avoid letters and digits that are easily confused (0/O, 1/I).
CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 4
#: Where codes of started tables were kept before they moved into the store (read once).
CODES_FILE = "tables.json"
#: Multiplies every clock (tests set it small so that "1 min" passes in a fraction of a second).
CLOCK_SCALE_ENV = "TULIPGAMES_CLOCK_SCALE"
#: Decisions in a row a stand-in plays for one seat before the others vote (the default).
VOTE_AFTER = 3
#: The two choices of that vote: end the game, or let the stand-in bot finish the seat.
END, FINISH = "end", "finish"
#: The key of the vote any player may open at any time to end the game (votes about a seat
#: are keyed by the seat), and its other choice: play on.
ALL, KEEP = -1, "keep"
#: Numbers every decision that begins at any table of the process (a turn notice is told once
#: per number, so a rematch at the same code never reuses one).
_DECISIONS = itertools.count(1)
#: Invitations one player may send within INVITE_SECONDS (an invitation rings the invited
#: player's bell and may send them an e-mail: never a way to flood someone).
INVITE_LINES, INVITE_SECONDS = 5, 60.0
#: An invitation is offered this long at most (less if the table starts, fills or closes).
INVITE_TTL = 3600.0
#: Numbers every invitation of the process (each is told to its player once).
_INVITES = itertools.count(1)
#: Seconds a node's lease on a table lasts with nodes on one database (renewed at a third of
#: it, :meth:`Lobby.sweep`): how long a dead node's tables wait before another takes them over.
LEASE_ENV, LEASE_SECONDS = "TULIPGAMES_LEASE_SECONDS", 15.0


def lease_seconds() -> float:
    """The lease of a table, ``$TULIPGAMES_LEASE_SECONDS`` or :data:`LEASE_SECONDS`."""
    try:
        return max(float(os.environ.get(LEASE_ENV, "") or LEASE_SECONDS), 0.5)
    except ValueError:
        return LEASE_SECONDS


@dataclass(frozen=True)
class Invite:
    """``inviter`` asks ``invitee`` to table ``code`` (to a seat, or to watch a game that has
    started: ``watch``); ``number`` tells each invitation once, ``at`` is its wall-clock time."""

    number: int
    code: str
    title: str
    inviter: str
    invitee: str
    at: float
    watch: bool = False

    def text(self) -> str:
        """The one line the invited player reads (names and codes are cleaned plain text), in
        the language of the moment (the invited player's: their session, or their notice)."""
        what = (_("{inviter} invites you to watch table {code} ({title}).") if self.watch
                else _("{inviter} invites you to a seat at table {code} ({title})."))
        return what.format(inviter=self.inviter, code=self.code, title=_(self.title)) + " " + \
            _("Menu: the invitation, or Join a table with the code {code}.").format(code=self.code)


@dataclass(frozen=True)
class Waiting:
    """A decision waiting for a player at one of their tables: its code, the game's title and
    the decision's number (:attr:`RemoteTable.decision`)."""

    code: str
    title: str
    decision: int


@dataclass(frozen=True)
class Clock:
    """How long a seat may take over one decision before a bot stands in for it.

    ``seconds`` is ``None`` for no clock. A ``mail`` clock is for play-by-mail: the table is
    kept running in the server when everybody has logged off, so its clock goes on.
    """

    key: str
    label: str
    seconds: float | None
    mail: bool = False

    def limit(self) -> float | None:
        """The time per decision in seconds, scaled by ``$TULIPGAMES_CLOCK_SCALE``."""
        if self.seconds is None:
            return None
        try:
            scale = float(os.environ.get(CLOCK_SCALE_ENV, "1") or 1)
        except ValueError:
            scale = 1.0
        return self.seconds * max(scale, 0.0)


#: The clocks a host may choose when opening a table, the first one the default (each label
#: marked for the catalogue, shown with ``_()``).
CLOCKS: tuple[Clock, ...] = (
    Clock("off", N_("no clock"), None),
    Clock("1min", N_("1 min per move"), 60),
    Clock("5min", N_("5 min per move"), 5 * 60),
    Clock("1day", N_("1 day per move (by mail)"), 24 * 3600, mail=True),
    Clock("3days", N_("3 days per move (by mail)"), 3 * 24 * 3600, mail=True),
)


def clock(key: str) -> Clock:
    """The clock called ``key``; raises :class:`TableError` naming the clocks there are."""
    for entry in CLOCKS:
        if entry.key == key:
            return entry
    raise TableError(Say("there is no clock {key} (clocks: {clocks})", key=repr(key),
                         clocks=", ".join(c.key for c in CLOCKS)))


def player_dir(data_dir: Path, name: str) -> Path:
    """The directory of a player's own games; any login name maps to a safe folder name."""
    safe = re.sub(r"[^A-Za-z0-9_.-]", "_", name).strip(".") or "player"
    if safe != name:
        safe += "-" + hashlib.sha256(name.encode("utf-8")).hexdigest()[:8]
    return data_dir / "players" / safe


def since_words(seconds: float) -> str:
    """How long ago, as a player reads it: ``just now``, ``4 min``, ``2 h``, ``3 days``."""
    if seconds < 60:
        return _("just now")
    if seconds < 3600:
        return _("{n} min").format(n=int(seconds // 60))
    if seconds < 2 * 86400:
        return _("{n} h").format(n=int(seconds // 3600))
    return ngettext("{n} day", "{n} days", int(seconds // 86400)).format(
        n=int(seconds // 86400))


@dataclass
class TableSettings:
    """What the host chose for a table besides the game: kept with its save in the store."""

    host: str = ""
    clock: str = "off"
    #: The level of the bots that stand in for a seat whose time ran out ("" = the default).
    standin: str = ""
    spectators: bool = True
    #: After this many decisions in a row a stand-in played for one seat, the other players
    #: vote to end the game or to let the bot finish that seat.
    vote_after: int = VOTE_AFTER
    #: Watchers may chat at the table (the host may close their chat).
    watcher_chat: bool = True

    @property
    def clock_spec(self) -> Clock:
        return clock(self.clock)

    @property
    def mail(self) -> bool:
        return self.clock_spec.mail

    def to_json(self) -> dict[str, Any]:
        return {"host": self.host, "clock": self.clock, "standin": self.standin,
                "spectators": self.spectators, "vote_after": self.vote_after,
                "watcher_chat": self.watcher_chat}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> TableSettings:
        """Settings read back from the store; anything unreadable falls back to the default."""
        key = str(data.get("clock", "off"))
        try:
            vote_after = max(1, int(data.get("vote_after", VOTE_AFTER)))
        except (TypeError, ValueError):
            vote_after = VOTE_AFTER
        return cls(
            host=str(data.get("host", "")),
            clock=key if any(c.key == key for c in CLOCKS) else "off",
            standin=str(data.get("standin", "")),
            spectators=bool(data.get("spectators", True)),
            vote_after=vote_after,
            watcher_chat=bool(data.get("watcher_chat", True)),
        )


class TableError(ValueError):
    """A lobby request that cannot be granted, with the reason a player can read: a
    :class:`~tulipgames.i18n.Say`, put into words by ``str()`` in the language of whoever
    reads it."""


def _current_app() -> Any:
    from tulipgames.tui.textual_private import active_app

    return active_app()


class Listeners:
    """Callbacks, each run inside the Textual app (and asyncio context) that registered it.

    A callback of the app that publishes runs at once, as with a local table; a callback of
    another session's app is queued on that app with ``call_later``, so it runs on that app's
    own message loop and an error in it ends that session only.
    """

    def __init__(self) -> None:
        self._entries: list[tuple[Callable[..., None], Any]] = []

    def add(self, callback: Callable[..., None]) -> None:
        self._entries.append((callback, _current_app()))

    def remove(self, callback: Callable[..., None]) -> None:
        self._entries = [entry for entry in self._entries if entry[0] != callback]

    def __len__(self) -> int:
        return len(self._entries)

    def publish(self, *args: Any) -> None:
        current = _current_app()
        for callback, app in list(self._entries):
            if app is None or app is current:
                callback(*args)
            elif not app.call_later(callback, *args):
                self.remove(callback)  # that app has closed without unsubscribing


class RemoteTable(Table):
    """A :class:`Table` shared by sessions, with a clock and bots that stand in for the absent.

    Each seat that must act has the time of its clock (:class:`TableSettings`) from the moment
    its decision began; when it runs out, a bot of the host's level plays that one decision
    (:attr:`standins` holds the seats whose current decision a stand-in plays) and the seat's
    clock starts again for its player. :meth:`reclaim` stops a stand-in that has not played yet.

    :attr:`missed` counts the decisions in a row stand-ins played for each seat; the player's
    own move sets it back to 0. At :attr:`TableSettings.vote_after` a vote opens
    (:attr:`votes`): the other players choose to end the game (:attr:`ended`; no more moves,
    nothing goes into History) or to let the stand-in finish the seat (:attr:`bot_finishes`:
    it plays every later decision, until its player takes the seat back). Until the vote is
    decided the seat keeps getting one stand-in move per clock period. Who votes and what wins
    is :meth:`OpenTable.tally`'s rule (the table knows no presence). These decisions are kept
    with the save (:meth:`decided_json`, through :attr:`decided_hook`).

    Every seat a stand-in played for is written into the record (``GameRecord.standins``)
    before that move is saved: such a seat's result never counts as its player's own.

    ``now`` is the clock's time source (wall-clock seconds), injectable for tests;
    :meth:`check_clock` applies the clock and is called by a timer armed for the next deadline
    when an event loop runs.
    """

    #: Whether this process runs the table's bots and clock: always on one server; with nodes
    #: on one database only on the node holding its lease (:meth:`Lobby.sweep`); the others
    #: keep a copy that follows the saved record (:meth:`follow`) for their sessions.
    runs_here = True

    def __init__(
        self,
        *args: Any,
        settings: TableSettings | None = None,
        now: Callable[[], float] = time.time,
        since: float | None = None,
        decided: dict[str, Any] | None = None,
        **kwargs: Any,
    ) -> None:
        super().__init__(*args, **kwargs)
        self._remote_listeners = Listeners()
        #: The join code, for the log; set by the lobby.
        self.code = ""
        self.settings = settings or TableSettings()
        self.now = now
        self._finish_logged = self.state.is_over()
        #: Called once when the game ends (the lobby copies it into the players' History).
        self.finished_hook: Callable[[RemoteTable], None] | None = None
        #: Called when a vote, a missed decision or its outcome changes (the lobby saves them).
        self.decided_hook: Callable[[RemoteTable], None] | None = None
        #: Seats whose current decision a stand-in bot plays, with its level.
        self.standins: dict[int, str] = {}
        #: Decisions in a row a stand-in played for each seat.
        self.missed: dict[int, int] = {}
        #: Open votes, per seat they are about: voter name -> END or FINISH.
        self.votes: dict[int, dict[str, str]] = {}
        #: Seats the table voted a stand-in bot finishes.
        self.bot_finishes: set[int] = set()
        #: The players voted to end this game: it takes no move any more.
        self.ended = False
        #: Seats whose players resigned: a stand-in bot finishes them, for good.
        self.resigned: set[int] = set()
        #: When the current decision of each seat that must act began.
        self.since: dict[int, float] = {}
        #: The number of each acting seat's current decision (from :data:`_DECISIONS`).
        self.decision: dict[int, int] = {}
        #: Called when the decisions waiting for players change (the lobby tells the sessions).
        self.turn_hook: Callable[[RemoteTable], None] | None = None
        self._waiting_told: tuple[tuple[int, int], ...] = ()
        self._standin_bots: dict[tuple[int, str], Bot] = {}
        self._timer: asyncio.TimerHandle | None = None
        self._read_decided(decided or {})
        self._track_clock(since)

    @classmethod
    def adopt(cls, table: Table, settings: TableSettings | None = None,
              since: float | None = None, now: Callable[[], float] = time.time,
              decided: dict[str, Any] | None = None) -> RemoteTable:
        """The same game as a shared table (for a table loaded from the store)."""
        return cls(
            table.game,
            table.record,
            persist=table.persist,
            save_id=table.save_id,
            revision=table.revision,
            bot_delay=table.bot_delay,
            settings=settings,
            since=since,
            now=now,
            decided=decided,
        )

    def subscribe(self, listener: Listener) -> None:
        self._remote_listeners.add(listener)

    def unsubscribe(self, listener: Listener) -> None:
        self._remote_listeners.remove(listener)

    def _notify(self) -> None:
        if not self._finish_logged and self.state.is_over():
            self._finish_logged = True
            audit.record("table_finished", code=self.code or None, game=self.game.id,
                         save=self.save_id)
            if self.finished_hook is not None:
                self.finished_hook(self)
        self._track_clock()
        self._remote_listeners.publish(self)
        waiting = self.waiting()
        if waiting != self._waiting_told:
            self._waiting_told = waiting
            if self.turn_hook is not None:
                self.turn_hook(self)

    def waiting(self) -> tuple[tuple[int, int], ...]:
        """The human seats a decision waits for now, with its number: not those a bot
        plays (a stand-in holds the decision), nothing once the game is over or ended."""
        if self.state.is_over() or self.ended:
            return ()
        return tuple(
            (seat, self.decision[seat]) for seat in self.to_act()
            if seat in self.decision and not self.is_bot_now(seat)
        )

    def follow(self, saved: Table, decided: dict[str, Any] | None) -> None:
        """Another node wrote this table: take its saved record and revision (and what the
        table decided, kept with the save), then redraw every screen as after a local move.
        The node that wrote the end of the game copied it into the players' History."""
        kept = self.standins if self.runs_here else {}  # the clock's stand-ins run here
        self.record, self.revision = saved.record, saved.revision
        self._reload()
        self._finish_logged = self._finish_logged or self.state.is_over()
        self.standins = {}
        self._read_decided(decided or {})
        for seat, level in kept.items():
            if seat in self.to_act():
                self.standins.setdefault(seat, level)
        self._changed()

    def ensure_bots_running(self) -> None:
        """As :meth:`Table.ensure_bots_running`, on the node that runs the table only."""
        if self.runs_here:
            super().ensure_bots_running()

    def close(self) -> None:
        """The table leaves the server's memory: no timer, no bot keeps running for it."""
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        self.stop_bots()

    # -- what the table decided, kept with its save -------------------------------------------
    def decided_json(self) -> dict[str, Any]:
        """The missed decisions, open votes and their outcomes, as kept with the save."""
        return {
            "ended": self.ended,
            "bot_finishes": sorted(self.bot_finishes),
            "missed": {str(seat): count for seat, count in self.missed.items() if count},
            "votes": {str(seat): dict(ballots) for seat, ballots in self.votes.items()},
            "resigned": sorted(self.resigned),
        }

    def _read_decided(self, data: dict[str, Any]) -> None:
        """The inverse of :meth:`decided_json`; anything unreadable is left out."""
        seats = range(len(self.seats))
        try:
            self.ended = bool(data.get("ended", False))
            self.bot_finishes = {int(s) for s in data.get("bot_finishes", ())} & set(seats)
            self.resigned = {int(s) for s in data.get("resigned", ())} & set(seats)
            self.bot_finishes |= self.resigned
            self.missed = {int(s): int(n) for s, n in dict(data.get("missed", {})).items()
                           if int(s) in seats}
            self.votes = {
                int(s): {str(name): str(choice) for name, choice in dict(ballots).items()
                         if choice in _choices(int(s))}
                for s, ballots in dict(data.get("votes", {})).items()
                if int(s) in seats or int(s) == ALL
            }
        except (TypeError, ValueError, AttributeError):
            self.ended, self.bot_finishes, self.missed, self.votes = False, set(), {}, {}
            self.resigned = set()
        if self.bot_finishes:
            level = self.game.check_level(self.settings.standin or None)
            for seat in self.bot_finishes:
                self.standins[seat] = level

    def _decided(self) -> None:
        if self.decided_hook is not None:
            self.decided_hook(self)

    # -- playing ------------------------------------------------------------------------------
    def play(self, seat: int, *actions: Action | str) -> list[Event]:
        """As :meth:`Table.play`. A move for a seat a stand-in holds is the stand-in's (a
        player takes the seat back, :meth:`reclaim`, before playing): the seat goes into the
        record's ``standins`` with that very move, the stand-in leaves (unless the table voted
        it finishes the seat) and the seat's clock starts again. A player's own move ends the
        run of missed decisions and any vote about the seat."""
        if self.ended:
            raise IllegalAction("the players ended this game by vote")
        level = None if self.seats[seat].is_bot else self.standins.get(seat)
        if level is None:
            if self.seats[seat].is_bot or (not self.missed.get(seat) and seat not in self.votes):
                return super().play(seat, *actions)
            missed, vote = self.missed.pop(seat, 0), self.votes.pop(seat, None)
            try:
                events = super().play(seat, *actions)  # screens see the vote gone with it
            except Exception:
                self.missed[seat] = missed
                if vote is not None:
                    self.votes[seat] = vote
                raise
            self._decided()
            return events
        finishing = seat in self.bot_finishes
        marked = seat not in self.record.standins
        began = self.since.pop(seat, None)  # the next decision's clock starts with this move
        if marked:
            self.record.standins.append(seat)
            self.record.standins.sort()
        if not finishing:
            del self.standins[seat]
            self.missed[seat] = self.missed.get(seat, 0) + 1
        try:
            events = super().play(seat, *actions)
        except Exception:
            if marked:
                self.record.standins.remove(seat)
            if not finishing:
                self.standins[seat] = level
                self.missed[seat] -= 1
            if began is not None:
                self.since.setdefault(seat, began)
            raise
        if not finishing:
            self._count_missed(seat)
        return events

    def _count_missed(self, seat: int) -> None:
        """One more decision a stand-in played for ``seat``: at the table's limit the others
        are asked to vote (once; the vote stays open until it is decided)."""
        count = self.missed.get(seat, 0)
        if count >= self.settings.vote_after and seat not in self.votes and not self.is_over:
            self.votes[seat] = {}
            audit.record("standin_vote_opened", code=self.code or None, seat=seat + 1,
                         name=self.names[seat], missed=count)
            self.version += 1
            self._remote_listeners.publish(self)
        self._decided()

    def turn(self, seat: int | None) -> Turn[Any]:
        """As :meth:`Table.turn`; a seat a stand-in bot plays counts among ``bots_to_act``,
        and a game the players ended by vote has nobody to act and says so."""
        turn = super().turn(seat)
        if self.ended and not turn.over:
            return replace(turn, legal=(), prompt="", acting=False, to_act=(), bots_to_act=(),
                           undoable=0, trouble=_("The players ended this game by vote."))
        if not self.standins:
            return turn
        return replace(turn, bots_to_act=tuple(s for s in turn.to_act if self.is_bot_now(s)))

    # -- stand-in bots ----------------------------------------------------------------------
    def is_bot_now(self, seat: int) -> bool:
        """Whether a bot plays ``seat`` now: a bot seat, or a stand-in for its player."""
        return self.seats[seat].is_bot or seat in self.standins

    def bot_seats_to_act(self) -> list[int]:
        if self.ended:
            return []
        return [seat for seat in self.state.to_act() if self.is_bot_now(seat)]

    def bot_for(self, seat: int) -> Bot:
        level = self.standins.get(seat)
        if level is None or self.seats[seat].is_bot:
            return super().bot_for(seat)
        key = (seat, level)
        if key not in self._standin_bots:
            self._standin_bots[key] = self.game.make_bot(level, seed=self.record.seed + seat)
        return self._standin_bots[key]

    def reclaim(self, seat: int) -> bool:
        """The player of ``seat`` is back: a stand-in that has not played yet stops at once
        (one the table voted to finish the seat too) and the clock of the seat's decision
        starts again. Returns whether a bot stood in. A resigned seat stays the bot's."""
        if seat not in self.standins or seat in self.resigned:
            return False
        level = self.standins.pop(seat)
        if seat in self.bot_finishes:
            self.bot_finishes.discard(seat)
            self._decided()
        if seat in self.since:
            self.since[seat] = self.now()
        audit.record("seat_reclaimed", code=self.code or None, seat=seat + 1,
                     name=self.names[seat], level=level)
        self._bump()
        return True

    def _bump(self) -> None:
        """Something every screen shows changed without a move (a bot stands in or leaves)."""
        self.version += 1
        self._notify()
        self._keep_bots_moving()

    # -- the vote -----------------------------------------------------------------------------
    def open_vote(self, seat: int) -> bool:
        """Open a vote before any missed decision: about ``seat`` (its player is away: a
        stand-in bot plays it from now, or the game ends) or, for :data:`ALL`, about ending
        the game (END, or KEEP: play on). Who may open one is the lobby's rule. Returns
        whether it is new (an open vote stays as it is)."""
        if self.ended or self.state.is_over():
            raise TableError(Say("the game is over"))
        if seat != ALL and (not 0 <= seat < len(self.seats) or self.seats[seat].is_bot
                            or seat in self.bot_finishes):
            raise TableError(Say("a bot plays that seat already"))
        if seat in self.votes:
            return False
        self.votes[seat] = {}
        audit.record("table_vote_opened", code=self.code or None,
                     about="end" if seat == ALL else f"seat {seat + 1}")
        self._decided()
        self.version += 1
        self._remote_listeners.publish(self)
        return True

    def drop_vote(self, seat: int) -> None:
        """The vote about ``seat`` no longer holds (its player came back before missing a
        decision): it closes undecided."""
        if self.votes.pop(seat, None) is not None:
            self._decided()
            self.version += 1
            self._remote_listeners.publish(self)

    def cast(self, seat: int, voter: str, choice: str) -> None:
        """``voter``'s ballot about ``seat`` (END or FINISH; END or KEEP about :data:`ALL`;
        who may vote is the lobby's)."""
        if seat not in self.votes:
            raise TableError(Say("there is no vote about that seat"))
        if choice not in _choices(seat):
            raise TableError(Say("a vote is {choices}",
                                 choices=" or ".join(map(repr, _choices(seat)))))
        self.votes[seat][voter] = choice
        audit.record("standin_vote", code=self.code or None, seat=seat + 1, voter=voter,
                     choice=choice)
        self._decided()
        self.version += 1
        self._remote_listeners.publish(self)

    def decide(self, seat: int, choice: str) -> None:
        """The vote about ``seat`` is decided: END ends the game (nobody moves any more, the
        save stays, not in History), FINISH lets the stand-in play every later decision."""
        ballots = self.votes.pop(seat, {})
        audit.record("standin_vote_decided", code=self.code or None,
                     seat="all" if seat == ALL else seat + 1, choice=choice, votes=len(ballots))
        if choice == KEEP:
            pass  # the game goes on as it was
        elif choice == END:
            self.ended = True
            self.standins.clear()
            self.votes.clear()
            self.stop_bots()
            audit.record("table_ended", code=self.code or None, game=self.game.id,
                         save=self.save_id)
        else:
            self.bot_finishes.add(seat)
            self.standins[seat] = self.game.check_level(self.settings.standin or None)
        self._decided()
        self._bump()

    def resign(self, seat: int) -> None:
        """The player of ``seat`` leaves the game: a stand-in bot of the host's level finishes
        the seat, and the seat is marked in the record as a stand-in's (``standins``) at once,
        so its result never counts as the player's own; the player cannot take it back."""
        if self.ended or self.state.is_over():
            raise TableError(Say("the game is over"))
        if self.seats[seat].is_bot or seat in self.resigned:
            raise TableError(Say("that seat is not a player's to resign"))
        level = self.game.check_level(self.settings.standin or None)
        self.resigned.add(seat)
        self.bot_finishes.add(seat)
        self.standins[seat] = level
        self.votes.pop(seat, None)
        self.missed.pop(seat, None)
        if seat not in self.record.standins:
            self.record.standins.append(seat)
            self.record.standins.sort()
        audit.record("seat_resigned", code=self.code or None, seat=seat + 1,
                     name=self.names[seat], level=level)
        self.save()  # the mark is kept now, even if no move follows
        self._decided()
        self._bump()

    # -- chat kept with the record ------------------------------------------------------------
    def keep_chat(self, name: str, text: str, watcher: bool) -> None:
        """A line said at the table during the game goes into its record at the move it was
        said (the replay shows it there), and the record is saved at once; after the game's
        end the record is final (the line stays in the table's chat only)."""
        if self.state.is_over():
            return
        self.record.chat.append(Said(len(self.record.actions), name, text, watcher))
        del self.record.chat[:-MAX_CHAT]
        try:
            self.save()
        except Exception as exc:  # the next move saves it; chat never stops the game
            log.warning("cannot keep a chat line with table %s: %s", self.code, exc)

    # -- the clock --------------------------------------------------------------------------
    def deadline(self, seat: int) -> float | None:
        """When ``seat``'s time for its current decision runs out (``None``: no clock, not its
        turn, or a bot plays it anyway)."""
        limit = self.settings.clock_spec.limit()
        if limit is None or self.ended or seat not in self.since or self.is_bot_now(seat):
            return None
        return self.since[seat] + limit

    def check_clock(self) -> list[int]:
        """Give each seat whose time ran out a stand-in bot of the host's level for its
        current decision; returns them."""
        self._timer = None
        if self.state.is_over() or self.ended:
            return []
        moment = self.now()
        taken = []
        for seat in self.to_act():
            ends = self.deadline(seat)
            if ends is not None and ends <= moment:
                level = self.game.check_level(self.settings.standin or None)
                self.standins[seat] = level
                taken.append(seat)
                audit.record("bot_takeover", code=self.code or None, seat=seat + 1,
                             name=self.names[seat], level=level,
                             clock=self.settings.clock, missed=self.missed.get(seat, 0) + 1)
        if taken:
            self._bump()
        else:
            self._arm()
        return taken

    def _track_clock(self, started: float | None = None) -> None:
        """Note when each seat's decision began (a seat that just got to act starts now), then
        arm the timer for the next deadline."""
        acting = set() if self.state.is_over() or self.ended else set(self.to_act())
        moment = self.now() if started is None else started
        for seat in list(self.since):
            if seat not in acting:
                del self.since[seat]
        for seat in list(self.decision):
            if seat not in acting:
                del self.decision[seat]
        for seat in acting:
            self.since.setdefault(seat, moment)
            if seat not in self.decision:
                self.decision[seat] = next(_DECISIONS)
        self._arm()

    def _arm(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        if not self.runs_here:
            return  # the node holding the lease runs the clock
        deadlines = [d for d in (self.deadline(s) for s in self.to_act()) if d is not None]
        if not deadlines or self.state.is_over():
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return  # no event loop (tests, tools): check_clock is called by hand
        self._timer = loop.call_later(max(0.0, min(deadlines) - self.now()), self.check_clock)


@dataclass
class Seat:
    """One seat of an open table: free, claimed by a player name, or given to a bot."""

    name: str | None = None
    bot: str | None = None

    @property
    def free(self) -> bool:
        return self.name is None and self.bot is None

    def label(self) -> str:
        if self.bot is not None:
            return _("bot ({level})").format(level=self.bot)
        return self.name or _("(open)")


class OpenTable:
    """A table of the server: its code, game, seats, who is here, and once started the game."""

    def __init__(
        self,
        code: str,
        game: Game,
        seats: int,
        host: str,
        *,
        options: dict[str, Any] | None = None,
        seed: int | None = None,
        settings: TableSettings | None = None,
        now: Callable[[], float] = time.time,
    ) -> None:
        self.code = code
        self.game = game
        self.host = host
        self.seats = [Seat() for _ in range(seats)]
        self.seats[0].name = host
        self.options = dict(options or {})
        self.seed = seed
        self.settings = settings or TableSettings(host=host)
        self.table: RemoteTable | None = None
        #: Sessions per player name at this table (its lobby or its game), and spectators.
        self.present: dict[str, int] = {}
        self.watchers: dict[str, int] = {}
        #: Since when each seated player who has been here is away (wall-clock seconds).
        self.away: dict[str, float] = {}
        #: Rematch votes cast on this node: name -> same seed? (:attr:`votes` adds the other
        #: nodes').
        self.votes_here: dict[str, bool] = {}
        #: With nodes on one database: what each other node says of this table (its sessions
        #: here and the rematch votes cast there: ``present``, ``watchers``, ``votes``), read
        #: from the database (:meth:`Lobby._read_node_states`).
        self.elsewhere: dict[str, dict[str, Any]] = {}
        #: Called after a change of the seats before the start, with nodes on one database:
        #: writes them unless another node changed them first (then they are read again and it
        #: returns ``False``): :meth:`claim` tries again with the seats as they are now.
        self.commit_hook: Callable[[], bool] | None = None
        self.now = now
        self.listeners = Listeners()
        #: What players and watchers said here (kept with the save by the lobby).
        self.chat = TableChat(now=now, listeners=Listeners())
        #: Called when the host of a table not started yet leaves with nobody to hand it to
        #: (the lobby closes it: it must not wait for players forever).
        self.abandoned_hook: Callable[[OpenTable], None] | None = None
        #: The host closed it before its start (:meth:`Lobby.close`).
        self.closed = False
        #: Whether the operator has chat lines logged (the lobby's ``log_chat``).
        self.lobby_log_chat: Callable[[], bool] = lambda: False
        #: With nodes on one database: what the database holds of this table while it waits
        #: for players (``data``, :meth:`Lobby._keep_waiting`).
        self.waiting_told: dict[str, str] = {"data": ""}

    @classmethod
    def from_table(cls, code: str, table: RemoteTable) -> OpenTable:
        """A started table brought back from the store."""
        human = table.human_seats()
        host = table.settings.host or (table.names[human[0]] if human else "")
        opened = cls(code, table.game, len(table.seats), host, options=table.record.options,
                     seed=table.record.seed, settings=table.settings, now=table.now)
        for seat, spec in enumerate(table.seats):
            opened.seats[seat] = Seat(
                None if spec.is_bot else spec.name, spec.bot_level if spec.is_bot else None
            )
        opened.table = table
        return opened

    # -- reading ----------------------------------------------------------------------------
    @property
    def started(self) -> bool:
        return self.table is not None

    @property
    def over(self) -> bool:
        """The game is over, or its players ended it by vote."""
        return self.table is not None and (self.table.state.is_over() or self.table.ended)

    @property
    def ready(self) -> bool:
        """Every seat is filled (a player or a bot): the host may start."""
        return not self.started and not any(seat.free for seat in self.seats)

    def seat_of(self, name: str) -> int | None:
        for index, seat in enumerate(self.seats):
            if seat.name == name:
                return index
        return None

    def humans(self) -> list[str]:
        return [seat.name for seat in self.seats if seat.name is not None]

    # -- who is here, on any node --------------------------------------------------------------
    def is_here(self, name: str) -> bool:
        """Whether ``name`` has a session at this table (its lobby or game), on this node or
        any other: a player connected through another node is here, not away."""
        return name in self.present or any(
            name in state.get("present", ()) for state in self.elsewhere.values())

    def watching(self) -> list[str]:
        """Who watches, on any node."""
        names = set(self.watchers)
        for state in self.elsewhere.values():
            names.update(state.get("watchers", ()))
        return sorted(names)

    @property
    def votes(self) -> dict[str, bool]:
        """The rematch votes of the seated players, cast on any node: name -> same seed?"""
        merged: dict[str, bool] = {}
        game = None if self.table is None else self.table.save_id
        for state in self.elsewhere.values():
            if state.get("game") == game:  # (not a vote about the game before a rematch)
                merged.update({str(k): bool(v) for k, v in dict(state.get("votes", {})).items()})
        merged.update(self.votes_here)
        return merged

    def node_state(self) -> str:
        """What this node tells the others of this table (JSON; ``{}``: nothing)."""
        state: dict[str, Any] = {key: value for key, value in (
            ("present", self.present), ("watchers", self.watchers), ("votes", self.votes_here),
        ) if value}
        if self.votes_here and self.table is not None:
            state["game"] = self.table.save_id  # the game these rematch votes are about
        return json.dumps(state, sort_keys=True)

    def summary(self) -> str:
        """One line for the list of open tables."""
        names = ", ".join(seat.label() for seat in self.seats)
        state = _("playing") if self.started else _("waiting")
        timing = "" if self.settings.clock == "off" else f"  ({_(self.settings.clock_spec.label)})"
        return f"{self.code}  {_(self.game.title)}  [{state}]  {names}{timing}"

    def seat_status(self, index: int) -> str:
        """How a seat is played now: ``connected``, ``away 5 min``, ``bot``, or a bot standing
        in for its player (``away 5 min (bot plays)``)."""
        seat = self.seats[index]
        if seat.bot is not None:
            return _("bot")
        if seat.name is None:
            return _("open")
        if self.is_here(seat.name):
            status = _("connected")
        elif seat.name in self.away:
            status = _("away {since}").format(
                since=since_words(self.now() - self.away[seat.name]))
        else:
            status = _("away")
        table = self.table
        if table is not None and index in table.bot_finishes:
            status += " " + _("(bot finishes)")
        elif table is not None and index in table.standins:
            status += " " + _("(bot plays)")
        return status

    def presence_line(self, width: int | None = None) -> str:
        """Every seat's status in one line, then who is watching (for the game screen).

        Given the ``width`` the line must fit in, a line too long for it names only the seats
        that are not simply connected ("ben away 5 min (bot plays)") and counts the rest
        ("10 connected", "3 watching"), and is cut short with "…" only if that still does not
        fit: at 80 columns twelve seats must not push the names of the absent off the screen.
        """
        seats = [(seat.name or "", self.seat_status(index))
                 for index, seat in enumerate(self.seats) if seat.bot is None]
        watching = self.watching()
        closed = [] if watching or self.settings.spectators else [_("closed to spectators")]
        full = [f"{name} {status}" for name, status in seats]
        full += [_("watching: {names}").format(names=", ".join(watching))] if watching \
            else closed
        line = " · ".join(full)
        if width is None or cell_len(line) <= width:
            return line
        connected = _("connected")
        here = sum(1 for _name, status in seats if status == connected)
        short = [_("{n} connected").format(n=here)] if here else []
        short += [f"{name} {status}" for name, status in seats if status != connected]
        short += [_("{n} watching").format(n=len(watching))] if watching else closed
        line = " · ".join(short)
        return line if cell_len(line) <= width else set_cell_size(line, max(width - 1, 0)) + "…"

    # -- changing ---------------------------------------------------------------------------
    def claim(self, name: str) -> int:
        """The seat of ``name`` at this table: the one it already has, or the first free one."""
        seat = self.seat_of(name)
        if seat is not None:
            return seat
        if self.started:
            raise TableError(Say(
                "table {code} has started; only its players can rejoin "
                "(log in with the name you played under)", code=self.code
            ))
        for _attempt in range(3):
            free = next((index for index, seat in enumerate(self.seats) if seat.free), None)
            if free is None:
                break
            self.seats[free].name = name
            if self.commit_hook is None or self.commit_hook():
                self.listeners.publish(self)
                return free
            # another node seated someone first: the seats were read again, try those
            if self.started:
                raise TableError(Say("table {code} has just started", code=self.code))
            seat = self.seat_of(name)
            if seat is not None:
                return seat
        raise TableError(Say("table {code} is full", code=self.code))

    def check_watch(self, name: str) -> None:
        """Whether ``name`` may watch this table; raises :class:`TableError` saying why not."""
        if not self.started:
            raise TableError(Say("table {code} has not started; join it to take a seat",
                                 code=self.code))
        if not self.settings.spectators:
            raise TableError(Say("{host} closed table {code} to spectators", host=self.host,
                                 code=self.code))

    def leave(self, name: str) -> None:
        """A player leaves the lobby before the start: the seat is free again."""
        seat = self.seat_of(name)
        if seat is not None and not self.started and name != self.host:
            self.seats[seat] = Seat()
            self.listeners.publish(self)

    def give_free_seats_to_bots(self, level: str) -> int:
        """Fill every free seat with a bot of ``level``; returns how many."""
        if level not in self.game.bot_levels:
            raise TableError(Say("{title} has no bot level {level}",
                                 title=Say(self.game.title), level=repr(level)))
        filled = 0
        for seat in self.seats:
            if seat.free:
                seat.bot = level
                filled += 1
        if filled:
            self.listeners.publish(self)
        return filled

    def arrive(self, name: str, *, watching: bool = False) -> None:
        """A session of ``name`` is at this table (lobby or game), as a player or watching.

        A player whose seat a bot stood in for gets it back at once.
        """
        here = self.watchers if watching else self.present
        here[name] = here.get(name, 0) + 1
        if not watching:
            self.away.pop(name, None)
            self.active(name)
            seat, table = self.seat_of(name), self.table
            if (seat is not None and table is not None and seat in table.votes
                    and table.missed.get(seat, 0) < table.settings.vote_after):
                table.drop_vote(seat)  # voted on while away, back before missing a decision
        self.listeners.publish(self)

    def depart(self, name: str, *, watching: bool = False) -> None:
        here = self.watchers if watching else self.present
        count = here.get(name, 0) - 1
        if count > 0:
            here[name] = count
        else:
            here.pop(name, None)
            if not watching and self.seat_of(name) is not None:
                self.away[name] = self.now()
                self._tally_all()
            leaving_host = not watching and name == self.host
            if leaving_host and not self.started and not self.closed and self._hand_over():
                return
        self.listeners.publish(self)

    def _hand_over(self) -> bool:
        """The host left the table before its start (no session of theirs is here): the
        next seated player who is here becomes the host and the old host's seat is free;
        with nobody here the table is abandoned. Returns whether it was abandoned."""
        heir = next((seat.name for seat in self.seats
                     if seat.name is not None and seat.name != self.host
                     and self.is_here(seat.name)), None)
        if heir is None:
            if self.abandoned_hook is not None:
                self.abandoned_hook(self)
                return True
            return False
        old = self.host
        for index, seat in enumerate(self.seats):
            if seat.name == old:
                self.seats[index] = Seat()
        self.away.pop(old, None)
        self.host = self.settings.host = heir
        audit.record("table_host_changed", code=self.code, game=self.game.id, host=heir,
                     left=old)
        return False

    def active(self, name: str) -> bool:
        """``name`` did something at the table (a key): its seat is its own again."""
        seat = self.seat_of(name)
        if seat is None or self.table is None:
            return False
        return self.table.reclaim(seat)

    def resign(self, name: str) -> None:
        """``name`` resigns their seat (:meth:`RemoteTable.resign`)."""
        seat = self.seat_of(name)
        if seat is None or self.table is None:
            raise TableError(Say("only a player of a started game can resign"))
        self.table.resign(seat)
        self._tally_all()  # a resigned player no longer votes
        self.listeners.publish(self)

    def say(self, name: str, text: str, limit: RateLimit | None = None) -> None:
        """``name`` says ``text`` at this table: a seated player, or a watcher of a started
        table open to spectators (:class:`~tulipgames.net.chat.TableChat` cleans and limits
        it). Raises :class:`TableError` saying why not."""
        watcher = self.seat_of(name) is None
        if watcher and (name not in self.watchers or not self.settings.spectators):
            raise TableError(Say("only the players and the watchers of this table chat here"))
        if watcher and not self.settings.watcher_chat:
            raise TableError(Say("{host} closed the chat to watchers", host=self.host))
        try:
            line = self.chat.say(name, text, watcher=watcher, limit=limit)
        except ChatError as exc:
            raise TableError(*exc.args) from exc
        if self.table is not None:
            self.table.keep_chat(line.name, line.text, line.watcher)
        if self.lobby_log_chat():  # the operator's choice (serve --log-chat), off by default
            audit.record("chat", code=self.code, name=line.name, watcher=line.watcher or None,
                         text=line.text)

    # -- the vote about a seat a stand-in kept playing --------------------------------------------
    def voters(self, seat: int) -> list[str]:
        """Who votes about ``seat``: the players of the other seats who are at the table now
        (a session on its lobby or game screen), except those whose own seat has reached the
        same run of missed decisions (they are as absent as the one the vote is about)."""
        table = self.table
        if table is None:
            return []
        limit = table.settings.vote_after
        return [
            name for index, name in enumerate(s.name for s in self.seats)
            if name is not None and index != seat and self.is_here(name)
            and table.missed.get(index, 0) < limit and index not in table.resigned
        ]

    def absent(self) -> list[int]:
        """The seats a bot may be voted to play before they miss a decision: a player's,
        not resigned nor finished by a bot, whose player has no session at the table."""
        table = self.table
        if table is None or self.over:
            return []
        return [index for index, seat in enumerate(self.seats)
                if seat.name is not None and not self.is_here(seat.name)
                and index not in table.bot_finishes]

    def propose(self, name: str, seat: int) -> str | None:
        """``name``, a player at the table, opens a vote (or joins the open one) and votes
        for it: about :data:`ALL`, to end the game now; about an absent ``seat``
        (:meth:`absent`), that a stand-in bot plays it from now. Returns the outcome once
        decided (a majority of the players at the table, :meth:`tally`)."""
        table = self.table
        if table is None or self.over:
            raise TableError(Say("only a game in progress is voted on"))
        if name not in self.voters(seat):
            raise TableError(Say("only the players at the table vote"))
        if seat != ALL and seat not in self.absent():
            raise TableError(Say("{name} is here: no bot is voted in for a player at the table",
                                 name=self.seats[seat].name or Say("that seat")))
        table.open_vote(seat)
        return self.vote(name, seat, END if seat == ALL else FINISH)

    def vote(self, name: str, seat: int, choice: str) -> str | None:
        """``name`` votes END or FINISH about ``seat``; returns the outcome once decided."""
        table = self.table
        if table is None or seat not in table.votes:
            raise TableError(Say("there is no vote about that seat"))
        if name not in self.voters(seat):
            raise TableError(Say("only the other players at the table vote"))
        table.cast(seat, name, choice)
        return self.tally(seat)

    def tally(self, seat: int) -> str | None:
        """The rule: a choice wins when more than half of :meth:`voters` chose it. With nobody
        to vote the vote stays open, and the seat keeps getting one stand-in move per clock
        period; a voter who leaves no longer counts, so a vote is tallied again then."""
        table = self.table
        if table is None or seat not in table.votes:
            return None
        voters = self.voters(seat)
        ballots = table.votes[seat]
        for choice in _choices(seat):
            if voters and 2 * sum(ballots.get(v) == choice for v in voters) > len(voters):
                table.decide(seat, choice)
                return choice
        return None

    def _tally_all(self) -> None:
        if self.table is not None:
            for seat in list(self.table.votes):
                self.tally(seat)

    def vote_rematch(self, name: str, same_seed: bool) -> list[str]:
        """``name`` accepts a rematch (with the same seed or a new one); returns the players
        still to accept (none: everybody agreed and the lobby starts it)."""
        if self.seat_of(name) is None:
            raise TableError(Say("only the players at the table can ask for a rematch"))
        if not self.over:
            raise TableError(Say("the game is not over yet"))
        self.votes_here[name] = same_seed
        votes = self.votes
        return [player for player in self.humans() if votes.get(player) != same_seed]


class Lobby:
    """Every table of the server, by join code.

    Play-by-mail tables are kept in memory from the server's start (their clocks run while
    nobody is logged in); other started tables come back from the store when a player joins
    their code, picks them in "Your tables" or logs in seated at one (``seated_live``).
    """

    def __init__(
        self,
        store: Any = None,
        data_dir: Path | None = None,
        *,
        now: Callable[[], float] = time.time,
        bot_delay: float = 0.35,
        leases: Any = None,
        node: str = "",
    ) -> None:
        self.store = store
        self.data_dir = data_dir
        self.now = now
        self.bot_delay = bot_delay
        self.tables: dict[str, OpenTable] = {}
        self.listeners = Listeners()
        #: Invitations not yet taken up (:meth:`invite`), the oldest first.
        self.invites: list[Invite] = []
        #: Whether a player is logged in anywhere on the server (any session of theirs, SSH or
        #: browser, in any process): set by the server. The sessions of this process count
        #: themselves in :attr:`here` either way.
        self.online: Callable[[str], bool] | None = None
        self.here: dict[str, int] = {}
        #: Called with each invitation whose player is not logged in: true when it goes out by
        #: e-mail or webhook (the outbound notifier; the player opted in).
        self.invite_hooks: list[Callable[[Invite], bool]] = []
        #: The operator's ``serve --log-chat``: chat lines go to the log (off by default).
        self.log_chat = False
        self._invite_limits: dict[str, RateLimit] = {}
        #: With nodes on one database (``serve --database``): the leases (``claim(code,
        #: seconds, node)``, ``release(code, node)``: ``store_pg.Database``) and this node's
        #: name. ``None``: one server, which runs every table it holds.
        self.leases: Any = leases
        self.node = node
        #: With worker processes: the tables they hold (``net.homes.Homes``), which
        #: this process lists and routes sessions to. ``None``: every table is here.
        self.homes: Any = None
        self._import_codes_file()
        self._bring_back_mail_tables()

    def new_code(self) -> str:
        while True:
            code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
            taken = code in self.tables or (
                self.store is not None and self.store.shared_save(code) is not None
            ) or (self.homes is not None and code in self.homes.directory)
            if not taken:
                return code

    def open(
        self,
        game_id: str,
        seats: int,
        host: str,
        *,
        options: dict[str, Any] | None = None,
        seed: int | None = None,
        settings: TableSettings | None = None,
    ) -> OpenTable:
        """Open a table of ``game_id`` with ``seats`` seats, the first one the host's, with the
        game's ``options``, a ``seed`` (``None``: drawn at the start) and the host's settings."""
        settings = replace(settings or TableSettings(), host=host)
        try:
            game = games.get_game(game_id)
            game.check_seats(seats)
            resolved = game.resolve_options(options)
            clock(settings.clock)
            if settings.standin:
                game.check_level(settings.standin)
            if settings.vote_after < 1:
                raise ValueError(Say("a vote comes after at least 1 missed decision"))
        except ValueError as exc:
            raise TableError(*exc.args[:1]) from exc
        opened = OpenTable(self.new_code(), game, seats, host, options=resolved, seed=seed,
                           settings=settings, now=self.now)
        self.tables[opened.code] = opened
        self._keep_chat(opened)
        opened.abandoned_hook = lambda table: self.close(table.code)
        if self.leases is not None:  # this node keeps it until it starts or is abandoned
            self._claim(opened.code)
        self._keep_waiting(opened)
        self._keep_node_state(opened)
        # Never the seed (chosen or drawn): with it a live game's deck order can be worked out.
        audit.record("table_opened", code=opened.code, game=game.id, seats=seats, host=host,
                     clock=settings.clock, seeded=seed is not None)
        self.listeners.publish(self)
        if self.homes is not None:
            self.homes.opened(opened)  # the table goes to a worker, its host along
        return opened

    def find(self, code: str) -> OpenTable:
        """The table with this join code (any case), from memory or brought back from the store."""
        key = code.strip().upper()
        if self.homes is not None:
            self.homes.take(key)  # a worker holds it: the session goes there
        if key in self.tables:
            return self.tables[key]
        found = None if self.store is None else self.store.shared_save(key)
        if found is not None:
            save_id, settings = found
            return self._bring_back(key, save_id, settings)
        waiting = None if self.leases is None else self.leases.waiting(key)
        if waiting is not None:  # opened on another node, waiting for players
            return self._waiting_copy(key, waiting)
        raise TableError(Say("no table has the code {code}", code=repr(key)))

    def _bring_back(self, code: str, save_id: int, settings: dict[str, Any],
                    since: float | None = None) -> OpenTable:
        try:
            decided = settings.get("decided")
            table = RemoteTable.adopt(
                self.store.load(save_id, bot_delay=self.bot_delay),
                TableSettings.from_json(settings), since=since, now=self.now,
                decided=decided if isinstance(decided, dict) else None,
            )
        except Exception as exc:
            raise TableError(Say("table {code} cannot be opened: {problem}", code=code,
                                 problem=str(exc))) from exc
        self._attach(code, table)
        opened = self.tables[code] = OpenTable.from_table(code, table)
        opened.chat = TableChat.from_json(settings.get("chat"), now=self.now,
                                          listeners=Listeners())
        self._keep_chat(opened)
        self._keep_node_state(opened)
        return opened

    def _keep_chat(self, opened: OpenTable) -> None:
        """Each line said at a started table is kept with its save (a restart keeps it)."""

        def save() -> None:
            if opened.table is not None:
                self._share(opened.table)

        opened.chat.saved_hook = save
        opened.lobby_log_chat = lambda: self.log_chat

    def _attach(self, code: str, table: RemoteTable) -> None:
        table.code = code
        table.finished_hook = self._finished
        table.decided_hook = self._share
        table.turn_hook = self._turns_changed
        self._hold(table)

    # -- several nodes on one database ------------------------------------------------------
    def _hold(self, table: RemoteTable) -> bool:
        """Take or renew the lease of ``table`` (with nodes on one database): the node that
        holds it runs its bots and clock, the others follow the saved record. Returns
        whether this node runs it now; a table whose lease this node just got (its holder
        died, or gave it up) is first brought up to the saved record."""
        if self.leases is None:
            return True
        try:
            owned = self.leases.claim(table.code, lease_seconds(), self.node) == self.node
        except Exception as exc:  # the database is away: run nothing, claim again next sweep
            log.warning("cannot claim table %s: %s", table.code, exc)
            owned = False
        if owned == table.runs_here:
            return owned
        table.runs_here = owned
        if not owned:
            table.stop_bots()
            table._arm()  # cancels the clock's timer
            return False
        audit.record("table_lease", code=table.code, node=self.node, save=table.save_id)
        self._follow(table)  # what the dead node committed last
        table._track_clock()
        table.ensure_bots_running()
        return True

    def _follow(self, table: RemoteTable) -> None:
        """Bring the copy of ``table`` here up to its saved record, and redraw."""
        found = None if self.store is None else self.store.shared_save(table.code)
        if found is None or found[0] != table.save_id:
            return  # a rematch another node started: its players find it by the code
        try:
            saved = self.store.load(found[0], bot_delay=self.bot_delay)
        except Exception as exc:
            log.warning("cannot follow table %s: %s", table.code, exc)
            return
        decided = found[1].get("decided")
        table.follow(saved, decided if isinstance(decided, dict) else None)

    def heard(self, event: Any) -> None:
        """Another node committed a change of a table (``store_pg.TableEvent``): the copy
        here, if any, takes the saved record and its sessions redraw."""
        opened = self.tables.get(event.code)
        if opened is None or event.node == self.node:
            return  # (this node's own change: its copy made it)
        table = opened.table
        if event.status == "nodes":
            self._read_node_states([opened])
            return
        if event.status in ("waiting", "closed"):
            if table is None:
                self._waiting_changed(opened, event.status == "closed")
            return
        if table is None:  # the waiting table started on another node: its game comes here
            self._dealt_elsewhere(opened, event.save)
        elif event.save == table.save_id:
            self._follow(table)  # a move, or only its votes or settings: read both
        elif table.save_id is not None and event.save > table.save_id:
            self._dealt_elsewhere(opened, event.save)

    # -- tables waiting for players, shared by the nodes ----------------------------------------
    @staticmethod
    def _waiting_json(opened: OpenTable) -> str:
        return json.dumps({
            "game": opened.game.id, "host": opened.host, "options": opened.options,
            "seed": opened.seed, "settings": opened.settings.to_json(),
            "seats": [[seat.name, seat.bot] for seat in opened.seats],
        }, sort_keys=True)

    def _keep_waiting(self, opened: OpenTable) -> None:
        """With nodes on one database, a table waiting for players is kept in the database
        as each change makes it, so a player on another node finds it by its code."""
        if self.leases is None:
            return
        told = opened.waiting_told

        def commit() -> bool:
            """Write the seats as they are here, if the database still holds what this node
            last read or wrote; else read them again and say no."""
            data = self._waiting_json(opened)
            if opened.started or opened.closed or data == told["data"]:
                return True
            try:
                done = self.leases.put_waiting(opened.code, data, self.node,
                                               expected=told["data"] or None)
            except Exception as exc:
                log.warning("cannot share waiting table %s: %s", opened.code, exc)
                return True  # the database is away: this node's seats stand until it is back
            if done:
                told["data"] = data
                return True
            self._waiting_changed(opened, closed=False)  # another node's change came first
            return False

        def put(*_: Any) -> None:
            commit()

        opened.commit_hook = commit
        opened.listeners.add(put)
        put()

    def _waiting_copy(self, code: str, data: str) -> OpenTable:
        """This node's copy of a table another node opened, waiting for players."""
        try:
            found = json.loads(data)
            opened = OpenTable(code, games.get_game(str(found["game"])), len(found["seats"]),
                               str(found["host"]), options=dict(found["options"]),
                               seed=found["seed"], now=self.now,
                               settings=TableSettings.from_json(dict(found["settings"])))
        except (ValueError, TypeError, KeyError) as exc:
            raise TableError(Say("table {code} cannot be opened: {problem}", code=code,
                                 problem=str(exc))) from exc
        self._read_seats(opened, found)
        self.tables[code] = opened
        self._keep_chat(opened)
        opened.waiting_told["data"] = data  # (what the database holds: not written again)
        self._keep_waiting(opened)
        self._keep_node_state(opened)
        self._read_node_states([opened])
        return opened

    @staticmethod
    def _read_seats(opened: OpenTable, found: dict[str, Any]) -> None:
        opened.seats = [Seat(name, bot) for name, bot in found["seats"]]
        opened.host = opened.settings.host = str(found["host"])

    def _waiting_changed(self, opened: OpenTable, closed: bool) -> None:
        """Another node changed a waiting table this node has a copy of (a seat taken or
        given up, bots, a new host) or closed it."""
        data = None if closed or self.leases is None else self.leases.waiting(opened.code)
        if data is None:
            if opened.started:
                return
            opened.closed = True  # (gone from the database: closed, or it started elsewhere)
            self.tables.pop(opened.code, None)
        else:
            try:
                self._read_seats(opened, json.loads(data))
            except (ValueError, TypeError, KeyError):
                return
            opened.waiting_told["data"] = data
        opened.listeners.publish(opened)
        self.listeners.publish(self)

    def _dealt_elsewhere(self, opened: OpenTable, save_id: int) -> None:
        """Another node dealt a game at a table this node has a copy of (the waiting table
        started, or the rematch every player accepted): the game is brought here from the
        store, and the sessions here go to their seats in it."""
        found = None if self.store is None else self.store.shared_save(opened.code)
        if found is None or found[0] != save_id:
            return
        try:
            decided = found[1].get("decided")
            table = RemoteTable.adopt(
                self.store.load(save_id, bot_delay=self.bot_delay),
                TableSettings.from_json(found[1]), now=self.now,
                decided=decided if isinstance(decided, dict) else None,
            )
        except Exception as exc:
            log.warning("cannot bring table %s here: %s", opened.code, exc)
            return
        self._attach(opened.code, table)
        if opened.table is not None:
            opened.table.close()  # the finished game a rematch follows
        opened.table = table
        opened.votes_here.clear()
        for seat, spec in enumerate(table.seats):
            opened.seats[seat] = Seat(None if spec.is_bot else spec.name,
                                      spec.bot_level if spec.is_bot else None)
        opened.listeners.publish(opened)
        self.listeners.publish(self)

    # -- what each node knows of a table beyond its save ------------------------------------
    def _keep_node_state(self, opened: OpenTable) -> None:
        """With nodes on one database, who has a session at ``opened`` on this node and the
        rematch votes cast here are kept in the database as they change (and renewed by
        :meth:`sweep`), so every node shows one presence and counts every vote."""
        if self.leases is None:
            return
        opened.listeners.add(lambda *_: self._put_node_state(opened))
        self._put_node_state(opened)

    def _put_node_state(self, opened: OpenTable, renew: bool = False) -> None:
        data = opened.node_state()
        told = opened.waiting_told
        if data == told.get("node") and not renew:
            return
        if data == "{}" and not told.get("node"):
            return  # nothing said here yet: nothing to take back
        try:
            self.leases.put_node_state(opened.code, data, 2 * lease_seconds(), self.node)
        except Exception as exc:
            log.warning("cannot share who is at table %s: %s", opened.code, exc)
            return
        told["node"] = "" if data == "{}" else data

    def _read_node_states(self, tables: list[OpenTable]) -> None:
        """What the other nodes say now of ``tables`` (one query); a table whose picture
        changed redraws, its votes are counted again, and a rematch that every player accepted
        (votes cast on several nodes) is dealt."""
        if self.leases is None or not tables:
            return
        try:
            found = self.leases.node_states([t.code for t in tables], self.node)
        except Exception as exc:
            log.warning("cannot read who is at the tables: %s", exc)
            return
        for opened in tables:
            states: dict[str, dict[str, Any]] = {}
            for node, data in found.get(opened.code, {}).items():
                try:
                    state = json.loads(data)
                except ValueError:
                    continue
                if isinstance(state, dict):
                    states[node] = state
            if states == opened.elsewhere:
                continue
            opened.elsewhere = states
            opened._tally_all()
            opened.listeners.publish(opened)
            self._rematch_if_agreed(opened)
        self.listeners.publish(self)

    def _rematch_if_agreed(self, opened: OpenTable) -> None:
        """Every player of a finished table accepted the same kind of rematch (their votes
        cast on several nodes): the one node that wins the table's lease deals it."""
        if not opened.over or opened.table is None:
            return
        votes, humans = opened.votes, opened.humans()
        kinds = {votes.get(name) for name in humans}
        if not humans or len(kinds) != 1 or None in kinds:
            return
        if self._claim(opened.code):
            self._deal_rematch(opened, bool(kinds.pop()))

    def _claim(self, code: str) -> bool:
        """Take (or renew) the lease of ``code`` for this node; whether it holds it now."""
        try:
            return bool(self.leases.claim(code, lease_seconds(), self.node) == self.node)
        except Exception as exc:
            log.warning("cannot claim table %s: %s", code, exc)
            return False

    def _tend_waiting(self) -> None:
        """Tables waiting for players, with nodes: this node renews the lease of those it
        keeps; a waiting table whose host has no session on any node is handed to a seated
        player who is here; one nobody keeps any more (its node died and nobody is at it) is
        closed on every node."""
        for opened in list(self.tables.values()):
            if opened.started or opened.closed or opened.commit_hook is None:
                continue
            keeper = self._claim(opened.code)
            host_gone = not opened.is_here(opened.host) and bool(opened.present)
            if keeper and host_gone and not opened._hand_over():
                opened.listeners.publish(opened)
        try:
            gone = self.leases.abandoned_waiting()
        except Exception as exc:
            log.warning("cannot look for abandoned tables: %s", exc)
            return
        for code in gone:
            audit.record("table_abandoned", code=code, node=self.node)
            self._let_wait_go(code)
            left = self.tables.get(code)
            if left is not None and not left.started:
                left.closed = True
                self.tables.pop(code, None)
                left.listeners.publish(left)
        if gone:
            self.listeners.publish(self)

    def _let_wait_go(self, code: str) -> None:
        if self.leases is not None:
            try:
                self.leases.drop_waiting(code)
            except Exception as exc:
                log.warning("cannot end waiting table %s: %s", code, exc)

    def sweep(self) -> None:
        """Renew this node's leases, and take over the tables in memory here whose holder
        let its lease run out (a dead node); a table that left memory or ended gives its
        lease up. Called every third of :func:`lease_seconds` when nodes share a database."""
        for opened in list(self.tables.values()):
            if opened.table is not None and not opened.over:
                self._hold(opened.table)
            elif opened.table is not None and opened.table.runs_here and self.leases is not None:
                self._let_go(opened.table.code)
                opened.table.runs_here = False  # over: nothing left to run
        if self.leases is not None:
            tables = list(self.tables.values())
            for opened in tables:
                if opened.waiting_told.get("node"):
                    self._put_node_state(opened, renew=True)
            self._read_node_states(tables)  # (a dead node's sessions have run out)
            self._tend_waiting()

    def _let_go(self, code: str) -> None:
        if self.leases is not None:
            try:
                self.leases.release(code, self.node)
            except Exception as exc:
                log.warning("cannot give up the lease of table %s: %s", code, exc)

    def _turns_changed(self, _table: RemoteTable) -> None:
        """A decision began or ended for a player: menus, "Your tables" and turn notices
        follow (the lobby's listeners)."""
        self.listeners.publish(self)

    def waiting_for(self, name: str) -> list[Waiting]:
        """The decisions waiting for ``name`` at the tables in memory, the oldest first (the
        queue "next table waiting for you" goes through). A table in the store only has had
        no move since the server started, so the player has seen it in "Your tables"."""
        found = []
        for opened in self.tables.values():
            table, seat = opened.table, opened.seat_of(name)
            if table is None or seat is None or opened.over:
                continue
            if self.homes is not None and self.homes.where(opened.code) is not None:
                continue  # handed to a worker: its digest says what waits there
            for acting, number in table.waiting():
                if acting == seat:
                    found.append(Waiting(opened.code, opened.game.title, number))
        if self.homes is not None:
            found += self.homes.waiting_for(name)
        return sorted(found, key=lambda w: w.decision)

    # -- invitations -------------------------------------------------------------------------
    def is_online(self, name: str) -> bool:
        """Whether ``name`` has a session on the server now."""
        return bool(self.here.get(name)) or (self.online is not None and self.online(name))

    def known(self, name: str) -> bool:
        """Whether ``name`` has played on this server (has a directory of their own)."""
        return self.data_dir is not None and player_dir(self.data_dir, name).is_dir()

    def invite(self, code: str, inviter: str, invitee: str) -> str:
        """``inviter``, a player of table ``code``, invites ``invitee`` by name: to a free
        seat before the start, to watch once it started (if spectators are welcome). The
        invited player hears of it wherever they are in the app (:meth:`invites_for`), or by
        e-mail or webhook when they are not logged in and opted in (:attr:`invite_hooks`).
        Returns what the inviter is told; raises :class:`TableError` saying why not (unknown
        name, not logged in, already seated or invited, too many invitations)."""
        name = clean(invitee)
        opened = self.tables.get(code.strip().upper())
        if opened is None or opened.closed:
            raise TableError(Say("no table has the code {code}",
                                 code=repr(code.strip().upper())))
        if opened.seat_of(inviter) is None:
            raise TableError(Say("only the players at a table invite others to it"))
        if not name:
            raise TableError(Say("invite whom? Give a player's name"))
        if name == inviter or opened.seat_of(name) is not None:
            raise TableError(Say("{name} has a seat at table {code} already", name=name,
                                 code=opened.code))
        if opened.over:
            raise TableError(Say("the game is over"))
        if opened.started and not opened.settings.spectators:
            raise TableError(Say("the game has started and the table is closed to spectators"))
        if not opened.started and not any(seat.free for seat in opened.seats):
            raise TableError(Say("table {code} has no free seat", code=opened.code))
        limit = self._invite_limits.setdefault(
            inviter, RateLimit(INVITE_LINES, INVITE_SECONDS, now=self.now))
        if any(i.code == opened.code and i.invitee == name for i in self.invites_for(name)):
            raise TableError(Say("{name} is invited to table {code} already", name=name,
                                 code=opened.code))
        if not limit.allow():
            raise TableError(Say("slow down: at most {lines} invitations per {seconds} seconds",
                                 lines=INVITE_LINES, seconds=format(INVITE_SECONDS, "g")))
        online = self.is_online(name)
        if not online and not self.known(name):
            raise TableError(Say("nobody called {name} has played on this server",
                                 name=repr(name)))
        invite = Invite(next(_INVITES), opened.code, opened.game.title, inviter, name,
                        self.now(), watch=opened.started)
        if not online and not any([hook(invite) for hook in self.invite_hooks]):
            raise TableError(Say("{name} is not logged in now; invite them when they are",
                                 name=name))
        self.invites.append(invite)
        audit.record("table_invite", code=opened.code, inviter=inviter, invitee=name,
                     online=online)
        self.listeners.publish(self)
        if online:
            return _("{name} is invited to table {code}.").format(name=name, code=opened.code)
        return _("{name} is not logged in now: the invitation went to the notices {name} "
                 "chose outside the terminal.").format(name=name)

    def invites_for(self, name: str) -> list[Invite]:
        """The invitations ``name`` may still take up, the oldest first: their table is here,
        not over, and has a free seat (or, started, welcomes spectators), ``name`` is neither
        seated nor watching there, and it is not older than :data:`INVITE_TTL`. Invitations
        that no longer hold for anyone are forgotten."""
        moment = self.now()
        kept, found = [], []
        for invite in self.invites:
            opened = self.tables.get(invite.code)
            if opened is None or opened.closed or opened.over or moment - invite.at > INVITE_TTL:
                continue
            if opened.started != invite.watch:
                continue  # invited to a seat, and the table started meanwhile
            kept.append(invite)
            if invite.invitee != name or opened.seat_of(name) is not None:
                continue
            if name in opened.watchers:
                continue
            if invite.watch and not opened.settings.spectators:
                continue
            if not invite.watch and not any(seat.free for seat in opened.seats):
                continue
            found.append(invite)
        self.invites = kept
        return found if self.homes is None else found + self.homes.invites_for(name)

    def _share(self, table: RemoteTable) -> None:
        """Keep a table's settings and what it decided (votes, missed decisions) with its save."""
        if self.store is None or table.save_id is None:
            return
        from tulipgames.store import StoreError

        opened = self.tables.get(table.code)
        chat = {} if opened is None else {"chat": opened.chat.to_json()}
        try:
            self.store.share(table.save_id, table.code,
                             {**table.settings.to_json(), "decided": table.decided_json(),
                              **chat})
        except StoreError as exc:  # the next change tries again; the game itself is saved
            log.warning("cannot keep the votes of table %s: %s", table.code, exc)

    def listing(self) -> list[OpenTable]:
        """Tables still waiting for players or being played, newest first.

        Finished tables nobody is looking at or following (a player's results screen may still
        ask for a rematch) leave memory here; their codes still find them in the store.
        """
        for code, opened in list(self.tables.items()):
            if opened.over and not opened.present and not opened.watchers and not opened.listeners:
                del self.tables[code]
                assert opened.table is not None
                opened.table.close()
        here = [t for t in reversed(self.tables.values()) if not t.over]
        return here if self.homes is None else here + self.homes.listing()

    def close(self, code: str) -> None:
        """The host closes a table that has not started."""
        opened = self.tables.get(code)
        if opened is not None and not opened.started:
            opened.closed = True
            del self.tables[code]
            self._let_wait_go(code)
            audit.record("table_closed", code=code, game=opened.game.id, host=opened.host)
            opened.listeners.publish(opened)
            self.listeners.publish(self)

    def start(self, code: str, seed: int | None = None) -> RemoteTable:
        """Start a full table: make the shared table, save it and tell every waiting screen."""
        opened = self.find(code)
        if not opened.ready:
            raise TableError(Say("every seat needs a player or a bot before the start"))
        specs = [
            SeatSpec(seat.name or "", "human") if seat.bot is None
            else SeatSpec(_bot_name(opened, i), f"bot:{seat.bot}")
            for i, seat in enumerate(opened.seats)
        ]
        chosen = opened.seed if seed is None else seed
        table = self._deal(opened, specs, chosen)
        self._let_wait_go(opened.code)
        audit.record(
            "table_started", code=opened.code, game=opened.game.id, save=table.save_id,
            players=",".join(seat.name or f"bot:{seat.bot}" for seat in opened.seats),
        )
        self.listeners.publish(self)
        if self.homes is not None:
            self.homes.started(opened)  # a live table goes to a worker, its players along
        return table

    def _deal(self, opened: OpenTable, specs: list[SeatSpec], seed: int | None) -> RemoteTable:
        """A new game at ``opened``: made, saved under the table's code, shown to everyone."""
        # Not the random module: something in the process may have seeded it, and players must
        # not be able to predict the deal.
        table = RemoteTable.new(
            opened.game, specs, secrets.randbelow(999_999) + 1 if seed is None else seed,
            opened.options, settings=opened.settings, now=self.now, bot_delay=self.bot_delay,
        )
        assert isinstance(table, RemoteTable)
        self._attach(opened.code, table)
        if self.store is not None:
            self.store.create(table, variant="")
            assert table.save_id is not None
            self._share(table)
        if opened.table is not None:
            opened.table.close()
        opened.table = table
        opened.votes_here.clear()
        opened.listeners.publish(opened)
        return table

    def rematch(self, code: str, name: str, same_seed: bool) -> list[str]:
        """``name`` accepts a rematch at table ``code``; when every seated player has accepted
        the same kind (same seed or new), the new game starts at the same table with the same
        seats and options. Returns the players still to accept (empty: it started)."""
        opened = self.find(code)
        missing = opened.vote_rematch(name, same_seed)
        if missing:
            opened.listeners.publish(opened)
            return missing
        if self.leases is not None:
            # with nodes, the last votes may be cast on two nodes at once: the one node that
            # wins the table's lease deals (the others take the new game when they hear of it)
            opened.listeners.publish(opened)
            if not self._claim(code):
                return []
        self._deal_rematch(opened, same_seed)
        return []

    def _deal_rematch(self, opened: OpenTable, same_seed: bool) -> None:
        old = opened.table
        assert old is not None
        self._deal(opened, list(old.seats), old.record.seed if same_seed else None)
        assert opened.table is not None
        audit.record("table_rematch", code=opened.code, game=opened.game.id,
                     save=opened.table.save_id, same_seed=same_seed)
        self.listeners.publish(self)

    def set_spectators(self, code: str, allowed: bool) -> None:
        """The host opens or closes the table to spectators (kept with the save)."""
        opened = self.find(code)
        opened.settings.spectators = allowed
        audit.record("table_spectators", code=code, allowed=allowed, host=opened.host)
        if opened.table is not None:
            self._share(opened.table)
        opened.listeners.publish(opened)

    def set_watcher_chat(self, code: str, allowed: bool) -> None:
        """The host opens or closes the table's chat to watchers (kept with the save)."""
        opened = self.find(code)
        opened.settings.watcher_chat = allowed
        audit.record("table_watcher_chat", code=code, allowed=allowed, host=opened.host)
        if opened.table is not None:
            self._share(opened.table)
        opened.listeners.publish(opened)

    def your_tables(self, name: str) -> list[Any]:
        """The shared games in progress where ``name`` has a seat (``Store.shared_tables``),
        but not those their players ended by vote."""
        if self.store is None:
            return []
        return [row for row in self.store.shared_tables(name) if not _ended(row.settings)]

    def seated_live(self, name: str) -> OpenTable | None:
        """A live (not play-by-mail) game in progress where ``name`` has a seat, to go straight
        back to when that player logs in again.

        After a restart such a table is only in the store (live tables come back when first
        wanted), so the player's newest live seat there is brought back: a dropped player
        returns to their game whether or not the server restarted meanwhile.
        """
        for opened in reversed(self.tables.values()):
            if (opened.started and not opened.over and not opened.settings.mail
                    and opened.seat_of(name) is not None
                    and (self.homes is None or self.homes.where(opened.code) is None)):
                return opened
        for row in self.your_tables(name):
            if row.code in self.tables or TableSettings.from_json(row.settings).mail:
                continue  # in memory and not live for this player, or never live
            if self.homes is not None and self.homes.where(row.code) is not None:
                continue  # a worker holds it
            try:
                opened = self._bring_back(row.code, row.id, row.settings)
            except TableError as exc:
                log.warning("live table %s stays in the store: %s", row.code, exc)
                continue
            if not opened.over and opened.seat_of(name) is not None:
                return opened
        return None

    # -- finished games in the players' own History -------------------------------------------
    def _finished(self, table: RemoteTable) -> None:
        """Copy a finished shared game into each of its players' own store, so it shows in
        their History, statistics and high scores (the server's store keeps the table's)."""
        if self.data_dir is None:
            return
        from tulipgames.store import add_to_histories  # (off the loop: store.py says why)

        names = [table.record.names[seat] for seat in table.human_seats()]
        add_to_histories(self.store, table, {n: player_dir(self.data_dir, n) for n in names})

    # -- the store at startup -------------------------------------------------------------------
    def _bring_back_mail_tables(self) -> None:
        """Play-by-mail tables live on in the server: their clocks run from its start."""
        if self.store is None:
            return
        for row in self.store.shared_tables():
            settings = TableSettings.from_json(row.settings)
            if not settings.mail or row.code in self.tables or _ended(row.settings):
                continue
            try:
                since = datetime.fromisoformat(row.since).timestamp()
                self._bring_back(row.code, row.id, row.settings, since=since)
            except (TableError, ValueError) as exc:
                log.warning("play-by-mail table %s stays in the store: %s", row.code, exc)

    def _import_codes_file(self) -> None:
        """Codes of tables started before codes were kept in the store (``tables.json``) go
        into the store once; the file is renamed so it is not read again."""
        if self.data_dir is None or self.store is None:
            return
        path = self.data_dir / CODES_FILE
        if not path.exists():
            return
        try:
            codes = {str(k): int(v) for k, v in json.loads(path.read_text("utf-8")).items()}
        except (OSError, ValueError, TypeError, AttributeError):
            log.warning("ignoring unreadable %s", path)
            return
        for code, save_id in codes.items():
            if self.store.shared_save(code) is None:
                self.store.share(save_id, code, {})
        path.replace(path.with_name(CODES_FILE + ".imported"))


def _choices(seat: int) -> tuple[str, str]:
    """The choices of a vote: about a seat END or FINISH, about the whole game END or KEEP."""
    return (END, KEEP) if seat == ALL else (END, FINISH)


def _ended(settings: dict[str, Any]) -> bool:
    """Whether a shared save's settings say its players ended the game by vote."""
    decided = settings.get("decided")
    return isinstance(decided, dict) and bool(decided.get("ended"))


def _bot_name(opened: OpenTable, seat: int) -> str:
    taken = {s.name for s in opened.seats if s.name}
    number = sum(1 for s in opened.seats[: seat + 1] if s.bot is not None)
    name = f"Bot {number}"
    return name if name not in taken else f"Bot {number}.{seat + 1}"

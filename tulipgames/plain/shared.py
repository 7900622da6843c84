"""Shared tables in plain text: open, join, watch and play a table of the server's lobby (see
:mod:`tulipgames.net.lobby`) from a session without a terminal, at the same table as full-screen
SSH and browser players.

A plain session runs in a thread of its own and blocks reading lines; the shared table lives
on the server's event loop, where its bots, clock and the other sessions' screens run. So every
read and move of the table happens on that loop (:class:`OnLoop`, :class:`LoopTable`), never in
the thread, and the table's listeners only set a flag (:class:`threading.Event`) that the
session's thread reads: what the other players do is said in the session's own thread.
"""

from __future__ import annotations

import concurrent.futures
import contextvars
import inspect
import threading
from collections.abc import Callable
from typing import Any, cast

from tulipgames import i18n
from tulipgames.i18n import N_, _, ngettext
from tulipgames.plain.session import PlainSession, log_head

#: Seconds a call waits for the event loop before the session gives up (the server is stopping).
CALL_TIMEOUT = 60.0

#: Seconds between looks at the typed lines while waiting for the other players.
POLL = 0.2

#: What a poll returns when no line came in time.
NOTHING = object()

#: What the session's poll returns when the table changed.
WOKE = object()

#: (The command words stay English: they are what the player types.)
WAITING_HELP = N_(
    "Waiting for the other players: their moves are said as they happen. Commands: look, "
    "log, score, say TEXT, chat, invite NAME, help, quit (you keep your seat; reconnect and "
    "choose Your tables)."
)
#: The table's commands, typed at any prompt of a shared game (a decision's too).
CHAT_HELP = N_("At the table: say TEXT (or /1 good game, /2 thinking…, /3 your turn) talks to "
             "everyone there, chat repeats the last lines, mute NAME and unmute NAME, invite "
             "NAME asks a player to the table.")
#: Lines ``chat`` repeats.
CHAT_AGAIN = 10
#: Seconds between two looks at the tables from the plain main menu (turn notices, invitations).
MENU_LOOK = 1.0


def chat_said(line: Any) -> str:
    """A chat line as the plain mode says it (plain text: :mod:`tulipgames.net.chat` cleaned
    it of every control character)."""
    from tulipgames.net.chat import shown

    if line.watcher:
        return _("{name} (watching) says: {text}").format(name=line.name, text=shown(line.text))
    return _("{name} says: {text}").format(name=line.name, text=shown(line.text))


def invite(lobby: Any, on_loop: OnLoop, code: str, player: str, line: str) -> str | None:
    """``invite NAME`` typed at table ``code``: what the player is told (``None``: the line is
    no invitation). The name keeps its case: it is a login name."""
    from tulipgames.net.lobby import TableError

    word, _sep, name = line.strip().partition(" ")
    if word.lower() != "invite":
        return None
    if not name.strip():
        return _("Invite whom? Type invite and the player's name.")
    try:
        said = on_loop(lobby.invite, code, player, name.strip())
    except TableError as exc:
        return _("Not invited: {problem}.").format(problem=exc)
    return str(said)


def invite_lines(lobby: Any, on_loop: OnLoop, player: str, told: set[int]) -> list[str]:
    """The invitations for ``player`` not told yet (their numbers go into ``told``), each as
    one line saying how to take it up in plain text."""
    lines = []
    for invited in on_loop(lobby.invites_for, player):
        if invited.number in told:
            continue
        told.add(invited.number)
        how = "watch" if invited.watch else "join"
        # Translators: {command} is what to type, "join ABCD" or "watch ABCD" (English words)
        lines.append(_("{inviter} invites you to table {code} ({title}): at the main menu "
                       "type {command}.").format(
            inviter=invited.inviter, code=invited.code, title=_(invited.title),
            command=f"{how} {invited.code}"))
    return lines


class OnLoop:
    """Run a function on the event loop and wait for its result, from another thread.

    Each call runs in a fresh context: nothing of a Textual app's context leaks into it, so
    the lobby's listeners run this session's callbacks at once (they only set a flag) and
    queue the other sessions' callbacks on their own apps. Only the session's language goes
    along: what the lobby answers (a seat's label, a reason) is for this session's player."""

    def __init__(self, loop: Any) -> None:
        self.loop = loop

    def __call__(self, fn: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        done: concurrent.futures.Future[Any] = concurrent.futures.Future()
        context = contextvars.Context()
        context.run(i18n.use, i18n.current())

        def run() -> None:
            try:
                done.set_result(fn(*args, **kwargs))
            except BaseException as exc:  # handed to the waiting thread, raised there
                done.set_exception(exc)

        self.loop.call_soon_threadsafe(run, context=context)
        return done.result(timeout=CALL_TIMEOUT)


class LoopTable:
    """A table seen from a plain session's thread: every attribute is read, and every method
    called, on the event loop that owns the table."""

    def __init__(self, table: Any, on_loop: OnLoop) -> None:
        self._table = table
        self._on_loop = on_loop

    def __getattr__(self, name: str) -> Any:
        value = self._on_loop(getattr, self._table, name)
        if inspect.ismethod(value) and value.__self__ is self._table:
            return lambda *args, **kwargs: self._on_loop(value, *args, **kwargs)
        return value


class SharedSession(PlainSession):
    """One seat of a shared table (or a watcher, ``seat`` None) in plain text. The table's
    bots and stand-ins are the table's own (they run on the loop); this session says their
    moves and the other players' as they happen, and asks only for its own seat's decisions."""

    def __init__(self, table: Any, seat: int | None, console: Any, on_loop: OnLoop,
                 code: str, lobby: Any = None, opened: Any = None) -> None:
        #: The shared table as this thread sees it: a RemoteTable's reads on the loop.
        self.shared: Any = LoopTable(table, on_loop)
        super().__init__(
            cast(Any, self.shared), self._read_between, console.write,
            seats=frozenset() if seat is None else frozenset({seat}),
            echo=console.echo, prompt=console.prompt, remote=True,
        )
        self.seat = seat
        self.code = code
        self.console = console
        self.on_loop = on_loop
        self.real = table
        #: Set by the table's listener (on the loop); read and cleared in this thread.
        self.changed = threading.Event()
        #: The lobby, for the turn notices of the player's other tables, and those told.
        self.lobby = lobby
        self._noticed: set[tuple[str, int]] = set()
        self._invites_told: set[int] = set()
        #: The table (its chat), the chat lines heard and not said yet (appended on the loop),
        #: the names muted, and this session's chat rate.
        self.opened = opened
        self._heard_chat: list[Any] = []
        self._chat_lock = threading.Lock()
        self.muted: set[str] = set()
        self._chat_limit: Any = None

    def news_pairs(self) -> list[tuple[str, str]]:
        """As at one keyboard, but not this seat's own "has chosen: ..." of a move the others
        make at the same time: "Waiting for ana." says it was taken, and the move is told
        whole when all have chosen."""
        own = None if self.seat is None else f"{self.table.names[self.seat]} has chosen: "
        return [pair for pair in super().news_pairs()
                if own is None or not pair[0].startswith(own)]

    def _changed(self, *_: Any) -> None:
        self.changed.set()

    def _chat_line(self, line: Any) -> None:
        """On the loop: a line said at the table, kept for this session's thread to say."""
        with self._chat_lock:
            self._heard_chat.append(line)
        self.changed.set()

    def _read_between(self) -> str | None:
        """The next typed line; meanwhile chat lines, invitations and turns at other tables
        are said as they come, each on a line of its own, then the prompt again."""
        while True:
            pending = self.chat_lines()
            if self.changed.is_set():  # the tables changed: perhaps a turn or an invitation
                self.changed.clear()
                pending += self.notice_lines()
            if pending:
                if not self.console.echo:
                    self.write("")  # the prompt's line ends before them
                for line in pending:
                    self.write(line)
                if not self.console.echo:
                    self.prompt("> ")
            got = self.console.poll(POLL)
            if got is not NOTHING:
                return None if got is None else str(got)

    def chat_lines(self) -> list[str]:
        """The chat lines heard since last time, as said (not this player's own, nor the
        muted names')."""
        with self._chat_lock:
            lines, self._heard_chat = self._heard_chat, []
        me = self.console.player
        return [chat_said(line) for line in lines
                if line.name != me and line.name not in self.muted]

    def pending_lines(self) -> list[str]:
        """What to say between prompts now: new chat lines, invitations, turns elsewhere."""
        return self.chat_lines() + self.notice_lines()

    def ask(self) -> str | None:
        """An answer at a decision's prompt; the table's commands (say, chat, invite, mute)
        are done there and the prompt comes again."""
        while True:
            answer = super().ask()
            if answer is None or not self.table_command(answer):
                return answer

    def table_command(self, line: str) -> bool:
        """``say TEXT`` (or a quick phrase ``/1``...), ``chat [TEXT]``, ``mute NAME``,
        ``unmute NAME`` or ``invite NAME``, typed at the table: done and True, else False."""
        from tulipgames.net.chat import RateLimit
        from tulipgames.net.lobby import TableError

        word, _sep, rest = line.strip().partition(" ")
        low, rest = word.lower(), rest.strip()
        if self.opened is None:
            return False
        if low == "chat" and not rest:
            lines = self.on_loop(lambda: list(self.opened.chat.lines[-CHAT_AGAIN:]))
            lines = [chat_said(x) for x in lines if x.name not in self.muted]
            self.say(ngettext("The last {count} chat lines:", "The last {count} chat lines:",
                              len(lines)).format(count=len(lines)) if lines else
                     _("Nobody has said anything here yet. say TEXT talks to the table."))
            for text in lines:
                self.write(text)
            return True
        quick = word.startswith("/") and word[1:].isdigit() and not rest
        if low in ("say", "chat") or quick:
            text = line.strip() if quick else rest
            if not text:
                self.say(_("Say what? Type say and the words."))
                return True
            if self._chat_limit is None:
                self._chat_limit = RateLimit()
            try:
                self.on_loop(self.opened.say, self.console.player, text, self._chat_limit)
            except TableError as exc:
                self.say(_("Not sent: {problem}.").format(problem=exc))
            return True
        if low in ("mute", "unmute") and rest:
            if low == "mute":
                self.muted.add(rest)
                self.say(_("{name} muted: you no longer hear their chat lines.").format(
                    name=rest))
            else:
                self.muted.discard(rest)
                self.say(_("{name} unmuted.").format(name=rest))
            return True
        if low == "invite" and self.lobby is not None:
            said = invite(self.lobby, self.on_loop, self.code, self.console.player, line)
            if said is not None:
                self.say(said)
            return True
        if low in ("help", "?"):
            self.say(_(CHAT_HELP))
        return False

    def poll(self) -> Any:
        """A typed line, ``None`` at the end of the input, or :data:`WOKE` once the table
        changed."""
        while True:
            if self.changed.is_set():
                self.changed.clear()
                return WOKE
            got = self.console.poll(POLL)
            if got is NOTHING:
                continue
            if got is not None and self.console.echo:
                self.write(f"> {got}")
            return None if got is None else str(got).strip()

    def my_turn(self) -> bool:
        seat = self.seat
        if seat is None:
            return False
        acting = self.table.to_act()
        return seat in acting and not self.shared.is_bot_now(seat)

    def run(self) -> int:
        table = self.table
        role = _("watching") if self.seat is None else _("seat {number}").format(
            number=self.seat + 1)
        self.say(_("{title} at table {code}, {role}. Players: {players}. Type help for the "
                   "commands.").format(title=_(table.game.title), code=self.code, role=role,
                                       players=", ".join(self._seat_names())))
        self._opening = 1
        self.on_loop(self.real.subscribe, self._changed)
        if self.lobby is not None:
            self.on_loop(self.lobby.listeners.add, self._changed)
        if self.opened is not None:
            self.on_loop(self.opened.chat.listeners.add, self._chat_line)
        try:
            return self._play()
        finally:
            self.on_loop(self.real.unsubscribe, self._changed)
            if self.lobby is not None:
                self.on_loop(self.lobby.listeners.remove, self._changed)
            if self.opened is not None:
                self.on_loop(self.opened.chat.listeners.remove, self._chat_line)

    def notices(self) -> None:
        """New chat lines, invitations, and decisions waiting for this player at another
        table, each told once, in a line (as the full-screen notices)."""
        for line in self.pending_lines():
            self.say(line)

    def notice_lines(self) -> list[str]:
        """Invitations and decisions waiting for this player at other tables, not told yet
        (the player goes there through Your tables)."""
        if self.lobby is None:
            return []
        lines = invite_lines(self.lobby, self.on_loop, self.console.player,
                             self._invites_told)
        for waiting in self.on_loop(self.lobby.waiting_for, self.console.player):
            key = (waiting.code, waiting.decision)
            if waiting.code != self.code and key not in self._noticed:
                self._noticed.add(key)
                lines.append(_("Your turn at table {code}, {title}: quit here, then choose "
                               "Your tables to go there.").format(
                    code=waiting.code, title=_(waiting.title)))
        return lines

    def _play(self) -> int:
        table = self.table
        told: tuple[int, ...] | None = None
        while not self.quit:
            if table.is_over or self.shared.ended:
                self.announce()
                if table.is_over:
                    self.finish()
                else:
                    self.say(_("The players ended this game by vote."))
                return 0
            if self.my_turn():
                assert self.seat is not None
                self.changed.clear()
                if not self.decide(self.seat):
                    break
                told = None
                continue
            self.announce()
            self.notices()
            acting = tuple(table.to_act())
            if acting != told:
                told = acting
                names = [table.names[s] for s in acting]
                if names:
                    self.say(_("Waiting for {names}.").format(
                        names=_(" and ").join(names)))
            line = self.poll()
            if line is None:
                break
            if line is WOKE or not line:
                continue
            if self.table_command(line):
                continue
            self.waiting_command(line.lower())
        if self.seat is not None:
            self.say(_("You keep your seat at table {code}. Reconnect and choose Your "
                       "tables to go on.").format(code=self.code))
        return 0

    def waiting_command(self, low: str) -> None:
        """A command typed while the others play: what can be asked without a decision."""
        from tulipgames.plain.session import _score

        if low in ("quit", "exit", "leave"):
            self.quit = True
        elif low == "look" and self.seat is not None:
            turn = self.table.turn(self.seat)
            for line in self.look(turn):
                self.say(line, turn)
        elif low == "log":
            lines = self.table.log_for(self.seat)
            self.say(log_head(len(lines)))
            for line in lines:
                self.say(line)
        elif low in ("score", "scores"):
            _score(self, self.seat or 0)
        else:
            self.say(_(WAITING_HELP))


# -- the lobby: open, join, watch, your tables ------------------------------------------------
LOBBY_HELP = N_(
    "The table starts when every seat has a player or a bot. Commands: seats, "
    "start (the host, when full), bots (the host: bots take the free seats), "
    "invite NAME, quit."
)


def _ask(console: Any) -> str | None:
    from tulipgames.plain.session import ask_line

    return ask_line(console.read, console.write, console.echo, console.prompt)


def open_table(lobby: Any, console: Any, answer: str) -> None:
    """Open a table of a game with a number of seats; the others join with its code."""
    from tulipgames import games
    from tulipgames.net.lobby import TableError
    from tulipgames.plain.choose import choose_game

    game_id = choose_game(console, answer)
    if game_id is None:
        return
    game = games.get_game(game_id)
    low, high = max(2, game.min_players), game.max_players
    console.write(_("How many seats, {low} to {high}? Enter alone: {low}.").format(
        low=low, high=high))
    while True:
        got = _ask(console)
        if got is None:
            return
        if not got:
            seats = low
            break
        if got.isdigit() and low <= int(got) <= high:
            seats = int(got)
            break
        console.write(_("Choose a number from {low} to {high}.").format(low=low, high=high))
    on_loop = OnLoop(console.loop)
    try:
        opened = on_loop(lobby.open, game_id, seats, console.player)
    except TableError as exc:
        console.write(_("Not opened: {problem}.").format(problem=exc))
        return
    console.write(_("Table {code} is open: {title}, {seats} seats. The others join with the "
                    "code {spelled}.").format(code=opened.code, title=_(game.title),
                                               seats=seats, spelled=" ".join(opened.code)))
    sit(lobby, opened, console, on_loop, watching=False)


def join_table(lobby: Any, console: Any, answer: str, *, watching: bool = False) -> None:
    """Take a seat at the table with the code after the word (or asked for), or watch it."""
    from tulipgames.net.lobby import TableError

    code = answer.split(" ", 1)[1].strip() if " " in answer else ""
    if not code:
        console.write(_("Type the code of the table, four letters and digits."))
        code = _ask(console) or ""
        if not code:
            return
    on_loop = OnLoop(console.loop)
    try:
        opened = on_loop(lobby.find, code.replace(" ", ""))
        if watching:
            on_loop(opened.check_watch, console.player)
        else:
            on_loop(opened.claim, console.player)
    except TableError as exc:
        console.write(f"{str(exc)[:1].upper()}{str(exc)[1:]}.")
        return
    sit(lobby, opened, console, on_loop, watching=watching)


def your_tables(lobby: Any, console: Any, answer: str) -> None:
    """The shared games in progress where this player has a seat; choose one to go on."""
    on_loop = OnLoop(console.loop)
    rows = on_loop(lobby.your_tables, console.player)
    if not rows:
        console.write(_("You have no shared game in progress."))
        return
    for number, row in enumerate(rows, 1):
        turn = [row.names[s] for s in row.to_act]
        whose = _("your turn") if console.player in turn else (
            _("waiting for {names}").format(names=_(" and ").join(turn)) if turn
            else _("nobody to act"))
        console.write(_("{number}. Table {code}, {title} with {names}: {whose}.").format(
            number=number, code=row.code, title=_(row.title), names=", ".join(row.names),
            whose=whose))
    console.write(_("0. back"))
    while True:
        got = _ask(console)
        if got is None or got in ("0", "back", ""):
            return
        if got.isdigit() and 1 <= int(got) <= len(rows):
            join_table(lobby, console, f"join {rows[int(got) - 1].code}")
            return
        console.write(_("Choose a number from {low} to {high}.").format(low=0, high=len(rows)))


def sit(lobby: Any, opened: Any, console: Any, on_loop: OnLoop, *, watching: bool) -> None:
    """Be at ``opened`` (its lobby until it starts, then its game) until the game ends or the
    player leaves; the table knows the player is here meanwhile (the others see it)."""
    name = console.player
    changed = threading.Event()

    def wake(*_: Any) -> None:
        changed.set()

    on_loop(opened.arrive, name, watching=watching)
    on_loop(opened.listeners.add, wake)
    try:
        if not opened.started and not wait_for_start(lobby, opened, console, on_loop, changed):
            return
        table = on_loop(lambda: opened.table)
        seat = None if watching else on_loop(opened.seat_of, name)
        SharedSession(table, seat, console, on_loop, opened.code, lobby, opened).run()
    finally:
        on_loop(opened.listeners.remove, wake)
        on_loop(opened.depart, name, watching=watching)


def seats_line(opened: Any, on_loop: OnLoop) -> str:
    labels = on_loop(lambda: [seat.label() for seat in opened.seats])
    return _("Seats: {seats}.").format(
        seats=", ".join(f"{i} {label}" for i, label in enumerate(labels, 1)))


def wait_for_start(lobby: Any, opened: Any, console: Any, on_loop: OnLoop,
                   changed: threading.Event) -> bool:
    """The table's lobby: its seats said as they fill; the host starts it (or fills the free
    seats with bots). True once the game has started, False if the player left or it closed."""
    from tulipgames.net.lobby import TableError

    told = seats_line(opened, on_loop)
    console.write(told + " " + _(LOBBY_HELP))
    while True:
        if on_loop(lambda: opened.closed):
            console.write(_("Table {code} was closed.").format(code=opened.code))
            return False
        if on_loop(lambda: opened.started):
            return True
        now = seats_line(opened, on_loop)
        if now != told:
            told = now
            console.write(now + (" " + _("Type start to begin.") if on_loop(lambda: opened.ready)
                                 and on_loop(lambda: opened.host) == console.player else ""))
        if changed.is_set():
            changed.clear()
            continue
        got = console.poll(POLL)
        if got is NOTHING:
            continue
        if got is None:
            return False
        low = str(got).strip().lower()
        if console.echo:
            console.write(f"> {low}")
        said = invite(lobby, on_loop, opened.code, console.player, str(got))
        if said is not None:
            console.write(said)
            continue
        try:
            if low in ("quit", "exit", "leave", "back", "0"):
                on_loop(opened.leave, console.player)
                return False
            host = on_loop(lambda: opened.host)
            if low.split(" ")[0] in ("start", "bots") and host != console.player:
                console.write(_("Only the host, {host}, starts the table and seats bots.")
                              .format(host=host))
            elif low == "start":
                on_loop(lobby.start, opened.code)
            elif low.split(" ")[0] == "bots":
                level = low.split(" ", 1)[1] if " " in low else opened.game.default_level
                on_loop(opened.give_free_seats_to_bots, level)
            elif low == "seats":
                console.write(seats_line(opened, on_loop))
            elif low:
                console.write(_(LOBBY_HELP))
        except TableError as exc:
            console.write(f"{str(exc)[:1].upper()}{str(exc)[1:]}.")


class MenuNotices:
    """The plain main menu's reader (a session in the server's process): while the player
    has not typed a line, turn notices of their tables and invitations are said as they come
    (looked for every :data:`MENU_LOOK` seconds), each once, then the prompt again."""

    def __init__(self, lobby: Any, console: Any) -> None:
        self.lobby = lobby
        self.console = console
        self.on_loop = OnLoop(console.loop)
        self._turns: set[tuple[str, int]] = set()
        self._invites: set[int] = set()

    def lines(self) -> list[str]:
        name = self.console.player
        lines = invite_lines(self.lobby, self.on_loop, name, self._invites)
        waiting = self.on_loop(self.lobby.waiting_for, name)
        for entry in waiting:
            if (entry.code, entry.decision) not in self._turns:
                lines.append(_("Your turn at table {code}, {title}: type tables to go there.")
                             .format(code=entry.code, title=_(entry.title)))
        self._turns = {(entry.code, entry.decision) for entry in waiting}
        return lines

    def read(self) -> str | None:
        waited = MENU_LOOK
        while True:
            if waited >= MENU_LOOK:
                waited = 0.0
                pending = self.lines()
                if pending:
                    if not self.console.echo:
                        self.console.write("")
                    for line in pending:
                        self.console.write(line)
                    if not self.console.echo:
                        self.console.prompt("> ")
            got = self.console.poll(POLL)
            waited += POLL
            if got is not NOTHING:
                return None if got is None else str(got)

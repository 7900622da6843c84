"""The plain-text menu and the terminal glue: a numbered list of games and saves, then a game
as a conversation (see :mod:`tulipgames.plain.session`)."""

from __future__ import annotations

import random
import sys
from collections.abc import Callable
from typing import Any, TextIO

from tulipgames import games
from tulipgames.engine.core import parse_seats
from tulipgames.i18n import N_, _, ngettext
from tulipgames.plain.choose import choose_game
from tulipgames.plain.session import PlainSession, ask_line
from tulipgames.table import Table


class LineConsole:
    """Lines in and out: ``read`` gives one line (``None`` at the end), ``write`` says one,
    ``prompt`` shows the ``>`` without a newline. ``echo``: write each answer after the prompt
    (input from a pipe, whose lines nobody sees being typed)."""

    def __init__(
        self,
        read: Callable[[], str | None],
        write: Callable[[str], None],
        prompt: Callable[[str], None],
        echo: bool = False,
        player: str | None = None,
    ) -> None:
        self.read = read
        self.write = write
        self.prompt = prompt
        self.echo = echo
        #: The player at this console (an SSH login): their name seats them, their saves listed.
        self.player = player
        #: Over SSH in the server's process: the event loop the shared tables live on, and
        #: ``poll(seconds)``: a line, ``None`` at the end of the input, or
        #: :data:`tulipgames.plain.shared.NOTHING` when none came in time. Both are needed
        #: for the shared tables (see :mod:`tulipgames.plain.shared`).
        self.loop: Any = None
        self.poll: Callable[[float], object] | None = None
        #: In a worker process, where no shared table is: hands the session to the server's
        #: process with the answer that asked for a table (said there as ``first``).
        self.move_to: Callable[[str], None] | None = None
        #: The menu's first answer, typed before the session moved here.
        self.first = ""


class Console(LineConsole):
    """The process's own terminal or pipe. Input from a pipe is echoed after the prompt so the
    output reads as a whole conversation, one line each."""

    def __init__(self, stdin: TextIO | None = None, stdout: TextIO | None = None) -> None:
        self.stdin = stdin or sys.stdin
        self.stdout = stdout or sys.stdout
        super().__init__(self.read, self.write, self.prompt, echo=not self.stdin.isatty())
        #: At a terminal, answers are read by ``input`` with readline: arrow keys edit the
        #: line and go through the earlier answers instead of typing escape codes.
        self.editing = (not self.echo and self.stdin is sys.stdin and self.stdout is sys.stdout
                        and use_readline())
        self._prompt = ""

    def read(self) -> str | None:
        if self.editing:
            text, self._prompt = self._prompt, ""
            try:
                return input(text)
            except EOFError:
                self.stdout.write("\n")
                return None
        line = self.stdin.readline()
        return None if line == "" else line.rstrip("\r\n")

    def write(self, line: str) -> None:
        try:
            self.stdout.write(line + "\n")
            self.stdout.flush()
        except BrokenPipeError:
            # the reader went away (a pipe into `head`): stop quietly, the game is saved
            raise SystemExit(0) from None

    def prompt(self, text: str) -> None:
        if self.editing:
            self._prompt = text  # readline draws it, so it can redraw the line being edited
            return
        self.stdout.write(text)
        self.stdout.flush()


def use_readline() -> bool:
    """Load readline (line editing and history for ``input``) where Python has it."""
    try:
        import readline  # noqa: F401
    except ImportError:  # Windows, or a Python built without it
        return False
    return True


def play_plain(table: Table, console: LineConsole) -> int:
    """One game in plain text on a console."""
    return PlainSession(
        table, console.read, console.write, echo=console.echo, prompt=console.prompt,
        remote=console.player is not None,
    ).run()


def plain_menu(store: Any, console: LineConsole, lobby: Any = None) -> int:
    """The menu in plain text: start a game, resume one, or quit; with the server's ``lobby``
    (a session in its process), open, join, watch and go back to shared tables too."""
    read, write, echo, prompt = console.read, console.write, console.echo, console.prompt
    here = lobby is not None and console.loop is not None and console.poll is not None
    if here:  # turn notices and invitations are said between the menu's prompts
        from tulipgames.plain.shared import MenuNotices

        read = MenuNotices(lobby, console).read
    shared = here or console.move_to is not None
    words = [*MENU_WORDS, *(TABLE_WORDS if shared else ())]
    first, console.first = console.first, ""
    if not first:
        write(_("tulipgames, plain-text mode. Choose by number."))
        write(_("Or type: {words}.").format(words=", ".join(words)))
    while True:
        entries = [(_("New game of {title}, {players} players").format(
                        title=_(info.title), players=info.players.replace("-", _(" to "))),
                    info.id)
                   for info in games.CATALOGUE]
        saves = store.saves() if store is not None else []
        if console.player is not None:
            mine = console.player.casefold()
            saves = [s for s in saves if mine in (n.casefold() for n in s.names)]
        resume = ngettext("Resume a saved game ({count} saved)",
                          "Resume a saved game ({count} saved)", len(saves))
        entries.append((resume.format(count=len(saves)), "resume"))
        if shared:
            entries.append((_("Shared tables: open, join, watch, your tables"), "shared"))
        entries.append((_("Quit"), "quit"))
        if first:
            answer: str | None = first
            first = ""
        else:
            for number, (label, _key) in enumerate(entries, 1):
                write(f"{number}. {label}")
            answer = ask_line(read, write, echo, prompt)
        if answer is None:
            return 0
        if answer.isdigit() and 1 <= int(answer) <= len(entries) \
                and entries[int(answer) - 1][1] == "shared":
            answer = choose_shared(console)
            if answer is None:
                continue
        word = answer.lower().split(" ")[0]
        if shared and word in TABLE_WORDS:
            if not here:
                assert console.move_to is not None
                console.move_to(answer)  # the tables are in the server's process: go there
                return 0
            TABLE_WORDS[word](lobby, console, answer)
            continue
        if word in MENU_WORDS:
            table = MENU_WORDS[word](store, console, answer)
            if table is not None:
                play_plain(table, console)
            continue
        if not answer.isdigit() or not 1 <= int(answer) <= len(entries):
            write(_("Choose a number from 1 to {last}.").format(last=len(entries)))
            continue
        key = entries[int(answer) - 1][1]
        if key == "quit":
            write(_("Goodbye."))
            return 0
        if key == "resume":
            table = choose_save(store, saves, console)
        else:
            table = new_table(key, store, console)
        if table is not None:
            play_plain(table, console)


def new_table(game_id: str, store: Any, console: LineConsole) -> Table | None:
    """Ask for the seats of a new game and set it up (a random deal, default options)."""
    game = games.get_game(game_id)
    levels = ", ".join(game.bot_levels)
    console.write(
        _("{title} is for {players} players. Type the players separated by commas: a name for "
          "each person at this keyboard, bot for a computer player (bot:LEVEL for a level: "
          "{levels}). Enter alone: ").format(
            title=_(game.title), players=game.info.players, levels=levels)
        + (_("you and one bot.") if game.min_players > 1 else _("you alone, a solo game."))
    )
    me = console.player or "You"
    while True:
        answer = ask_line(console.read, console.write, console.echo, console.prompt)
        if answer is None:
            return None
        text = answer or (me if game.min_players == 1 else f"{me},bot")
        try:
            seats = parse_seats(text, game)
        except ValueError as exc:
            console.write(_("{problem}. Try again.").format(problem=exc))
            continue
        table = Table.new(game, seats, random.SystemRandom().randrange(10**9), bot_delay=0)
        if store is not None:
            store.create(table)
        return table


def choose_save(store: Any, saves: list[Any], console: LineConsole) -> Table | None:
    if not saves:
        console.write(_("There are no saved games."))
        return None
    for number, save in enumerate(saves, 1):
        problem = " " + _("(cannot open: {problem})").format(problem=save.problem) \
            if save.problem else ""
        console.write(ngettext("{number}. Game {id}, {title}: {names}, {moves} moves",
                               "{number}. Game {id}, {title}: {names}, {moves} moves",
                               save.moves).format(
            number=number, id=save.id, title=_(save.title), names=", ".join(save.names),
            moves=save.moves) + problem)
    console.write(_("0. back"))
    while True:
        answer = ask_line(console.read, console.write, console.echo, console.prompt)
        if answer is None or answer == "0":
            return None
        if answer.isdigit() and 1 <= int(answer) <= len(saves):
            save = saves[int(answer) - 1]
            if save.problem:
                console.write(_("Game {id} cannot be opened: {problem}.").format(
                    id=save.id, problem=save.problem))
                continue
            table: Table = store.load(save.id, bot_delay=0)
            return table
        console.write(_("Choose a number from {low} to {high}.").format(low=0, high=len(saves)))


# -- what the full-screen menu also reaches: rules, history, statistics, the solo challenge --------
def menu_rules(store: Any, console: LineConsole, answer: str) -> None:
    """A game's rules as prose (see :mod:`tulipgames.plain.rules`)."""
    from tulipgames.plain.rules import prose

    game_id = choose_game(console, answer)
    if game_id is not None:
        for line in prose(games.get_game(game_id).rules_markdown()):
            console.write(line)
    return None


def menu_history(store: Any, console: LineConsole, answer: str) -> None:
    """The latest finished games, one sentence each (this player's own over SSH)."""
    finished = store.finished(limit=20) if store is not None else []
    if console.player is not None:
        mine = console.player.casefold()
        finished = [g for g in finished if mine in (n.casefold() for n in g.names)]
    if not finished:
        console.write(_("No finished games yet."))
        return None
    console.write(ngettext("The latest {count} finished games, newest first:",
                           "The latest {count} finished games, newest first:",
                           len(finished)).format(count=len(finished)))
    for game in finished:
        scores = ", ".join(f"{name} {total}"
                           for name, total in zip(game.names, game.result.totals, strict=False))
        winners = [n for n, r in zip(game.names, game.result.ranks, strict=False) if r == 1]
        won = "; " + _("won by {names}").format(names=_(" and ").join(winners)) \
            if len(game.names) > 1 else ""
        console.write(_("Game {id}, {title}, {day}: {scores}").format(
            id=game.id, title=_(game.title), day=game.finished[:10], scores=scores) + won + ".")
    # Translators: {command} is typed in English ("replay 12")
    console.write(_("Step through one, a decision at a time: replay and its number, as in "
                    "{command}.").format(command=f"replay {finished[0].id}"))
    return None


def menu_replay(store: Any, console: LineConsole, answer: str) -> None:
    """``replay N``: step through game N, one decision at a time (see
    :mod:`tulipgames.plain.replay`); a saved game was played at this keyboard (its human
    seats are the reader's), over SSH only the login's own games and seats."""
    from tulipgames.plain.replay import replay_plain
    from tulipgames.store import SaveError

    number = answer.split(" ", 1)[1].strip() if " " in answer else ""
    if store is None or not number.isdigit():
        console.write(_("Type replay and a game's number, as History lists them: replay 12."))
        return None
    try:
        table = store.load(int(number), bot_delay=0)
    except SaveError as exc:
        console.write(_("Game {id} cannot be replayed: {problem}.").format(
            id=number, problem=exc))
        return None
    owned = frozenset(table.human_seats())
    if console.player is not None:
        owned = frozenset(s for s in owned
                          if table.names[s].casefold() == console.player.casefold())
        if not owned:
            console.write(_("Game {id} is not one of yours.").format(id=number))
            return None
    replay_plain(table.game, table.record, console, owned)
    console.write(_("Back at the menu."))
    return None


def menu_statistics(store: Any, console: LineConsole, answer: str) -> None:
    """Games, wins, mean and best per game and seat count, for one player (the login over
    SSH; else the player named after the word, or everyone)."""
    from tulipgames import stats

    if store is None:
        console.write(_("No statistics: nothing is saved."))
        return None
    named = answer.split(" ", 1)[1].strip() if " " in answer else None
    player = console.player or named
    rows = store.seat_results(player)
    lines = [line for line in stats.score_lines(rows) if player is None or line.player == player]
    if not lines:
        console.write(_("No finished games yet for {name}.").format(name=player) if player
                      else _("No finished games yet."))
        return None
    for line in lines:
        seats = ngettext("{count} player", "{count} players", line.seats).format(
            count=line.seats)
        played = ngettext("{count} game", "{count} games", line.games).format(count=line.games)
        wins = "" if line.wins is None else ", " + _("{count} won").format(count=line.wins)
        console.write(
            f"{line.player}, {_(stats.title_of(line.game))}, {seats}: {played}{wins}, "
            + _("mean {mean}, best {best}.").format(mean=f"{line.mean:.1f}", best=line.best)
        )
    return None


SOLO_GAME = games.solo_id()


def solo_table(store: Any, console: LineConsole, daily: bool) -> Table:
    from tulipgames.engine.core import SeatSpec

    game = games.get_game(SOLO_GAME)
    seed = daily_seed() if daily else random.SystemRandom().randrange(10**9)
    table = Table.new(game, [SeatSpec((console.player or "You")[:16])], seed, bot_delay=0)
    if store is not None:
        store.create(table, "daily" if daily else "solo")
    return table


def daily_seed() -> int:
    """Today's deal of the solo challenge, the same for everyone (the game's own rule)."""
    import datetime

    return games.daily_seed(datetime.date.today())


def menu_solo(store: Any, console: LineConsole, answer: str) -> Table:
    return solo_table(store, console, daily=False)


def menu_daily(store: Any, console: LineConsole, answer: str) -> Table:
    return solo_table(store, console, daily=True)


def menu_tutorial(store: Any, console: LineConsole, answer: str) -> None:
    """A game's first-game tutorial ("tutorial sixtyone"), never saved."""
    from tulipgames.plain.tutorial import run_tutorial

    game_id = choose_game(console, answer)
    if game_id is not None:
        run_tutorial(game_id, console.read, console.write, echo=console.echo,
                     prompt=console.prompt, name=console.player or "You")


MENU_WORDS: dict[str, Callable[[Any, LineConsole, str], Table | None]] = {
    "rules": menu_rules,
    "history": menu_history,
    "statistics": menu_statistics,
    "solo": menu_solo,
    "daily": menu_daily,
    "tutorial": menu_tutorial,
    "replay": menu_replay,
}


SHARED_ENTRIES = (
    (N_("Open a table for others to join"), "open"),
    (N_("Join a table by its code"), "join"),
    (N_("Watch a table by its code"), "watch"),
    (N_("Your tables: the shared games you play"), "tables"),
)


def choose_shared(console: LineConsole) -> str | None:
    """The shared tables' own short menu; the word of the entry chosen (None: back)."""
    for number, (label, _key) in enumerate(SHARED_ENTRIES, 1):
        console.write(f"{number}. {_(label)}")
    console.write(_("0. back"))
    while True:
        got = ask_line(console.read, console.write, console.echo, console.prompt)
        if got is None or got in ("0", "back", ""):
            return None
        if got.isdigit() and 1 <= int(got) <= len(SHARED_ENTRIES):
            return SHARED_ENTRIES[int(got) - 1][1]
        console.write(_("Choose a number from {low} to {high}.").format(
            low=0, high=len(SHARED_ENTRIES)))


def _table_words() -> dict[str, Callable[[Any, LineConsole, str], None]]:
    from tulipgames.plain import shared

    return {
        "open": shared.open_table,
        "join": shared.join_table,
        "watch": lambda lobby, console, answer: shared.join_table(
            lobby, console, answer, watching=True),
        "tables": shared.your_tables,
    }


#: The shared tables, for a session in the server's process (``plain_menu``'s ``lobby``).
TABLE_WORDS = _table_words()

"""The plain-text menu and the terminal glue: a numbered list of games and saves, then a game
as a conversation (see :mod:`tulipgames.plain.session`)."""

from __future__ import annotations

import random
import sys
from collections.abc import Callable
from typing import Any, TextIO

from tulipgames import games
from tulipgames.engine.core import parse_seats
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


class Console(LineConsole):
    """The process's own terminal or pipe. Input from a pipe is echoed after the prompt so the
    output reads as a whole conversation, one line each."""

    def __init__(self, stdin: TextIO | None = None, stdout: TextIO | None = None) -> None:
        self.stdin = stdin or sys.stdin
        self.stdout = stdout or sys.stdout
        super().__init__(self.read, self.write, self.prompt, echo=not self.stdin.isatty())

    def read(self) -> str | None:
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
        self.stdout.write(text)
        self.stdout.flush()


def play_plain(table: Table, console: LineConsole) -> int:
    """One game in plain text on a console."""
    return PlainSession(
        table, console.read, console.write, echo=console.echo, prompt=console.prompt,
        remote=console.player is not None,
    ).run()


def plain_menu(store: Any, console: LineConsole) -> int:
    """The menu in plain text: start a game, resume one, or quit."""
    read, write, echo, prompt = console.read, console.write, console.echo, console.prompt
    write("tulipgames, plain-text mode. Choose by number.")
    while True:
        entries = [(f"New game of {info.title}, {info.players} players", info.id)
                   for info in games.CATALOGUE]
        saves = store.saves() if store is not None else []
        if console.player is not None:
            mine = console.player.casefold()
            saves = [s for s in saves if mine in (n.casefold() for n in s.names)]
        entries.append((f"Resume a saved game ({len(saves)} saved)", "resume"))
        entries.append(("Quit", "quit"))
        for number, (label, _) in enumerate(entries, 1):
            write(f"{number}. {label}")
        answer = ask_line(read, write, echo, prompt)
        if answer is None:
            return 0
        if not answer.isdigit() or not 1 <= int(answer) <= len(entries):
            write(f"Choose a number from 1 to {len(entries)}.")
            continue
        key = entries[int(answer) - 1][1]
        if key == "quit":
            write("Goodbye.")
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
        f"{game.title} is for {game.info.players} players. Type the players separated by "
        f"commas: a name for each person at this keyboard, bot for a computer player "
        f"(bot:LEVEL for a level: {levels}). Enter alone: "
        + ("you and one bot." if game.min_players > 1 else "you alone, a solo game.")
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
            console.write(f"{exc}. Try again.")
            continue
        table = Table.new(game, seats, random.SystemRandom().randrange(10**9), bot_delay=0)
        if store is not None:
            store.create(table)
        return table


def choose_save(store: Any, saves: list[Any], console: LineConsole) -> Table | None:
    if not saves:
        console.write("There are no saved games.")
        return None
    for number, save in enumerate(saves, 1):
        problem = f" (cannot open: {save.problem})" if save.problem else ""
        console.write(
            f"{number}. Game {save.id}, {save.title}: {', '.join(save.names)}, "
            f"{save.moves} moves{problem}"
        )
    console.write("0. back")
    while True:
        answer = ask_line(console.read, console.write, console.echo, console.prompt)
        if answer is None or answer == "0":
            return None
        if answer.isdigit() and 1 <= int(answer) <= len(saves):
            save = saves[int(answer) - 1]
            if save.problem:
                console.write(f"Game {save.id} cannot be opened: {save.problem}.")
                continue
            table: Table = store.load(save.id, bot_delay=0)
            return table
        console.write(f"Choose a number from 0 to {len(saves)}.")

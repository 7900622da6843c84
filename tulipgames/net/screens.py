"""The screens of shared tables: open one, join one, and wait in its lobby.

They talk to the server's :class:`~tulipgames.net.lobby.Lobby` and, once a table starts, hand
over to the app's ordinary game screen for the player's own seat (``app.start_table``). Every
screen works with the keyboard alone and fits 80x24.

Everything a player or the network supplied (names, typed codes, error messages quoting them) is
shown as plain :class:`~rich.text.Text`, never parsed as Rich markup: a code typed as ``[/]``
must not crash the screen, nor ``[@click=app.quit]`` become an action.
"""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Footer, Input, OptionList, Static
from textual.widgets.option_list import Option

from tulipgames import games
from tulipgames.net.lobby import Lobby, OpenTable, TableError

_FRAME_CSS = """
{name} {{ align: center top; }}
{name} > Vertical {{ width: 100%; max-width: 96; height: 1fr; padding: 0 1; }}
{name} .title {{ height: 2; padding: 1 0 0 1; color: $accent; text-style: bold; }}
{name} .help {{ height: auto; padding: 0 1; color: $text-muted; }}
{name} .error {{ height: auto; padding: 0 1; color: $error; text-style: bold; }}
{name} OptionList {{ height: auto; max-height: 12; border: round $primary; }}
{name} OptionList:focus {{ border: round $accent; }}
"""


def _enter_table(app: Any, opened: OpenTable, seat: int) -> None:
    """Show the started table for ``seat``; the game screen sees that seat's view only."""
    assert opened.table is not None
    app.start_table(opened.table, seats=frozenset({seat}))


class OpenTableScreen(Screen[None]):
    """Choose a game and a number of seats; opening the table leads to its lobby."""

    BINDINGS = [
        Binding("escape", "app.pop_screen", "Back"),
        Binding("plus,right", "seats(1)", "More seats"),
        Binding("minus,left", "seats(-1)", "Fewer seats"),
    ]
    DEFAULT_CSS = _FRAME_CSS.format(name="OpenTableScreen")

    def __init__(self, lobby: Lobby, player: str) -> None:
        super().__init__()
        self.lobby = lobby
        self.player = player
        self.seat_count = 2

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static("Open a table", classes="title")
            yield Static(
                "Pick the game with the arrows, set the seats with + and -, press Enter.\n"
                "You get a code; others join with it. Empty seats can go to bots.",
                classes="help",
            )
            options = [
                Option(Text(f"{info.title:<24}{info.players:>5} players"), id=info.id)
                for info in games.CATALOGUE
            ]
            yield OptionList(*options, id="games")
            yield Static(id="seats", classes="help")
            yield Static(id="error", classes="error")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#games", OptionList).focus()
        self._clamp()

    def _game(self) -> Any:
        menu = self.query_one("#games", OptionList)
        if menu.highlighted is None:
            return None
        option = menu.get_option_at_index(menu.highlighted)
        return games.get_game(str(option.id))

    def _clamp(self) -> None:
        game = self._game()
        if game is not None:
            low = max(2, game.min_players)
            self.seat_count = max(low, min(game.max_players, self.seat_count))
            self.query_one("#seats", Static).update(Text(
                f"Seats: {self.seat_count}  ({game.title}: {game.min_players}-"
                f"{game.max_players}; at least 2 to share a table)"
            ))

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        self._clamp()

    def action_seats(self, delta: int) -> None:
        self.seat_count += delta
        self._clamp()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        try:
            opened = self.lobby.open(str(event.option_id), self.seat_count, self.player)
        except TableError as exc:
            self.query_one("#error", Static).update(Text(str(exc)))
            return
        self.app.switch_screen(LobbyScreen(self.lobby, opened, self.player))


class JoinScreen(Screen[None]):
    """Type a join code, or pick a table from the list of open ones."""

    BINDINGS = [Binding("escape", "app.pop_screen", "Back")]
    DEFAULT_CSS = _FRAME_CSS.format(name="JoinScreen") + "JoinScreen Input { width: 24; }"

    def __init__(self, lobby: Lobby, player: str) -> None:
        super().__init__()
        self.lobby = lobby
        self.player = player

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static("Join a table", classes="title")
            yield Static(
                Text(
                    f"You play as {self.player}. Type the code and press Enter, or press Tab "
                    "and pick a table. To come back to a game, join its code again."
                ),
                classes="help",
            )
            yield Input(placeholder="code, e.g. K7QM", max_length=8, id="code")
            yield OptionList(id="tables")
            yield Static(id="error", classes="error")
        yield Footer()

    def on_mount(self) -> None:
        self.lobby.listeners.add(self._lobby_changed)
        self._lobby_changed(self.lobby)
        self.query_one("#code", Input).focus()

    def on_unmount(self) -> None:
        self.lobby.listeners.remove(self._lobby_changed)

    def _lobby_changed(self, lobby: Lobby) -> None:
        if not self.is_attached:
            return  # queued before this screen closed
        tables = self.query_one("#tables", OptionList)
        tables.clear_options()
        listing = lobby.listing()
        for opened in listing:
            tables.add_option(Option(Text(opened.summary()), id=opened.code))
        if not listing:
            tables.add_option(Option(Text("No open tables yet.", style="dim"), disabled=True))

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.join(event.value)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if event.option_id is not None:
            self.join(str(event.option_id))

    def join(self, code: str) -> None:
        try:
            opened = self.lobby.find(code)
            seat = opened.claim(self.player)
        except TableError as exc:
            self.query_one("#error", Static).update(Text(str(exc)))
            return
        if opened.started:
            self.app.pop_screen()
            _enter_table(self.app, opened, seat)
        else:
            self.app.switch_screen(LobbyScreen(self.lobby, opened, self.player))


class LobbyScreen(Screen[None]):
    """Wait for players: the code, the seats and who is connected. The host starts the game."""

    BINDINGS = [
        Binding("escape", "leave", "Leave"),
        Binding("b", "bots", "Bots for empty seats"),
        Binding("l", "level", "Bot level"),
        Binding("s", "start", "Start"),
    ]
    DEFAULT_CSS = _FRAME_CSS.format(name="LobbyScreen") + """
    LobbyScreen #code { height: 3; padding: 1 1 0 1; text-style: bold; }
    LobbyScreen #seats { height: auto; padding: 0 1; border: round $primary; }
    """

    def __init__(self, lobby: Lobby, opened: OpenTable, player: str) -> None:
        super().__init__()
        self.lobby = lobby
        self.opened = opened
        self.player = player
        levels = opened.game.bot_levels
        self.level = "normal" if "normal" in levels else levels[len(levels) // 2]
        self._entered = False

    @property
    def is_host(self) -> bool:
        return self.player == self.opened.host

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Bots, bot level and start are the host's keys: others do not see them."""
        return self.is_host or action not in ("bots", "level", "start")

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(Text(f"{self.opened.game.title} · table"), classes="title")
            yield Static(id="code")
            yield Static(id="seats")
            yield Static(id="hint", classes="help")
            yield Static(id="error", classes="error")
        yield Footer()

    def on_mount(self) -> None:
        self.opened.listeners.add(self._table_changed)
        self.opened.arrive(self.player)
        self._table_changed(self.opened)

    def on_unmount(self) -> None:
        self.opened.listeners.remove(self._table_changed)
        self.opened.depart(self.player)

    def _table_changed(self, opened: OpenTable) -> None:
        if self._entered or not self.is_attached:
            return
        if opened.code not in self.lobby.tables:
            self.app.pop_screen()
            self.app.notify(
                f"{opened.host} closed table {opened.code}.", severity="warning", markup=False
            )
            return
        seat = opened.seat_of(self.player)
        if opened.started and seat is not None:
            self._entered = True
            self.app.pop_screen()
            _enter_table(self.app, opened, seat)
            return
        self.query_one("#code", Static).update(
            Text.assemble("Join code: ", (opened.code, "bold reverse"), "   (others: Join a table)")
        )
        lines = Text()
        for index, seat_info in enumerate(opened.seats):
            here = seat_info.name is not None and seat_info.name in opened.present
            mark = "*" if here else ("-" if seat_info.name else " ")
            lines.append(f"{mark} Seat {index + 1}: {seat_info.label()}")
            if seat_info.name == opened.host:
                lines.append("  (host)", style="italic")
            if seat_info.name == self.player:
                lines.append("  <- you", style="bold")
            lines.append("\n")
        lines.append("* connected   - away", style="dim")
        self.query_one("#seats", Static).update(lines)
        if self.is_host:
            hint = (
                f"b: give empty seats to bots ({self.level}; l changes the level)   "
                + ("s: start the game" if opened.ready else "s: start (when every seat is filled)")
            )
        else:
            hint = f"Waiting for {opened.host} to start the game. Esc leaves the table."
        self.query_one("#hint", Static).update(Text(hint))

    def _error(self, text: str) -> None:
        self.query_one("#error", Static).update(Text(text))

    def action_bots(self) -> None:
        if self.opened.give_free_seats_to_bots(self.level) == 0:
            self._error("No empty seat left.")

    def action_level(self) -> None:
        levels = self.opened.game.bot_levels
        self.level = levels[(levels.index(self.level) + 1) % len(levels)]
        self._table_changed(self.opened)

    def action_start(self) -> None:
        try:
            self.lobby.start(self.opened.code)
        except TableError as exc:
            self._error(str(exc))

    def action_leave(self) -> None:
        if self._entered:
            return
        self._entered = True
        if self.is_host:
            self.lobby.close(self.opened.code)
        else:
            self.opened.leave(self.player)
        self.app.pop_screen()

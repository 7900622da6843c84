"""The screens of shared tables: open one, join or watch one, wait in its lobby, list your own.

They talk to the server's :class:`~tulipgames.net.lobby.Lobby` and, once a table starts, hand
over to the app's ordinary game screen for the player's own seat (``app.start_table``), made a
:class:`SharedTableView` (presence in the log's title, a stand-in bot in the status line).
Every screen works with the keyboard alone and fits 80x24.

Everything a player or the network supplied (names, typed codes, error messages quoting them) is
shown as plain :class:`~rich.text.Text`, never parsed as Rich markup: a code typed as ``[/]``
must not crash the screen, nor ``[@click=app.quit]`` become an action.
"""

from __future__ import annotations

import math
from dataclasses import replace
from datetime import datetime, timezone
from typing import TYPE_CHECKING, Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import ActiveBinding, Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.message import Message
from textual.screen import ModalScreen, Screen
from textual.widgets import Footer, Input, Label, OptionList, Select, Static
from textual.widgets.option_list import Option

from tulipgames import games
from tulipgames.engine.core import Game
from tulipgames.i18n import N_, _, ngettext
from tulipgames.net.chat import MAX_LENGTH, QUICK, ChatLine, RateLimit, shown
from tulipgames.net.lobby import (
    ALL,
    CLOCKS,
    END,
    FINISH,
    KEEP,
    VOTE_AFTER,
    Lobby,
    OpenTable,
    RemoteTable,
    TableError,
    TableSettings,
    since_words,
)
from tulipgames.store import SharedTable
from tulipgames.table import Turn
from tulipgames.tui.screens.game import GameScreen
from tulipgames.tui.screens.setup import choice_help, choice_label, level_line
from tulipgames.tui.widgets import GameLog, PatchStatic, printable

#: Seconds past the moment the words of a running clock change, so a timer lands after it.
_CLOCK_SLACK = 0.02

_FRAME_CSS = """
{name} {{ align: center top; }}
{name} > Vertical {{ width: 100%; max-width: 96; height: 1fr; padding: 0 1; }}
{name} .title {{ height: 2; padding: 1 0 0 1; color: $accent; text-style: bold; }}
{name} .help {{ height: auto; padding: 0 1; color: $text-muted; }}
{name} .error {{ height: auto; padding: 0 1; color: $error; text-style: bold; }}
{name} OptionList {{ height: auto; max-height: 12; border: round $primary; }}
{name} OptionList:focus {{ border: round $accent; }}
{name} .field-row {{ height: auto; min-height: 1; padding: 0 1; }}
{name} .field-row > Label {{ width: 16; }}
{name} .field-row Select {{ width: 22; }}
{name} .field-row Input {{ width: 22; }}
{name} .option-help {{ color: $text-muted; width: 1fr; margin: 0 0 0 2; }}
{name} Select:focus > SelectCurrent {{ text-style: bold underline; background: $accent 25%; }}
{name} Input:focus {{ text-style: bold underline; background: $accent 25%; }}
"""


def translated_bindings(screen: Any, found: dict[str, ActiveBinding]) -> dict[str, ActiveBinding]:
    """The footer's keys with their descriptions in the session's language: the bindings keep
    their English (marked with ``N_``), each translated copy is made once per language."""
    cache: dict[tuple[int, str], Binding] = screen.__dict__.setdefault("_translated_keys", {})
    out = {}
    for key, active in found.items():
        binding = active.binding
        words = _(binding.description) if binding.description else ""
        if words != binding.description:
            copy = cache.get((id(binding), words))
            if copy is None:
                copy = cache[(id(binding), words)] = replace(binding, description=words)
            active = ActiveBinding(active.node, copy, active.enabled, active.tooltip)
        out[key] = active
    return out


class TranslatedKeys:
    """Mixed into a screen: its footer shows each key in the session's language."""

    @property
    def active_bindings(self) -> dict[str, ActiveBinding]:
        return translated_bindings(self, super().active_bindings)  # type: ignore[misc]


def _enter_table(app: Any, opened: OpenTable, seat: int) -> None:
    """Show the started table for ``seat``; the game screen sees that seat's view only."""
    assert opened.table is not None
    app.start_table(opened.table, seats=frozenset({seat}))


def _watch_table(app: Any, opened: OpenTable) -> None:
    """Show a started table to a spectator: no seat, public information only."""
    assert opened.table is not None
    app.start_table(opened.table, seats=frozenset())


def _field(label: str, widget: Any, help_text: str = "", help_id: str | None = None) -> Horizontal:
    """One labelled row of the open-table form."""
    return Horizontal(
        Label(Text(label)), widget, Static(Text(help_text), classes="option-help", id=help_id),
        classes="field-row",
    )


def option_fields(game: Game) -> list[Horizontal]:
    """The game's own options as the setup screen declares them, and the stand-in bot level."""
    rows = [
        _field(
            " " + _(name.replace("_", " ").capitalize())[:14],
            Select([(choice_label(c), c) for c in option.choices], value=option.default,
                   allow_blank=False, compact=True, id=f"option-{name}"),
            choice_help(option, option.default), help_id=f"help-{name}",
        )
        for name, option in game.options.items()
    ]
    rows.append(_field(
        " " + _("Stand-in bots"),
        Select([(_(level), level) for level in game.bot_levels], value=game.default_level,
               allow_blank=False, compact=True, id="standin"),
        _("play a decision whose time ran out"),
    ))
    rows.append(_field(
        " " + _("Vote after"),
        Select([(_("{n} missed").format(n=n), n) for n in (1, 2, 3, 5, 10)], value=VOTE_AFTER,
               allow_blank=False, compact=True, id="vote-after"),
        _("in a row: the others end the game or let the bot finish"),
    ))
    return rows


class InviteAsked(Message):
    """A player asks to invite ``name`` to table ``code`` (the app invites and tells how it
    went)."""

    def __init__(self, code: str, name: str) -> None:
        super().__init__()
        self.code = code
        self.name = name


class OpenTableScreen(TranslatedKeys, Screen[None]):
    """Choose a game, the seats, the clock, the game's options and a seed; Enter on the game
    opens the table (with what the fields below say) and leads to its lobby."""

    BINDINGS = [
        Binding("escape", "app.pop_screen", N_("Back")),
        Binding("plus,right", "seats(1)", N_("More seats")),
        Binding("minus,left", "seats(-1)", N_("Fewer seats")),
    ]
    DEFAULT_CSS = _FRAME_CSS.format(name="OpenTableScreen") + """
    OpenTableScreen > VerticalScroll { width: 100%; max-width: 96; height: 1fr; padding: 0 1; }
    OpenTableScreen OptionList { max-height: 7; }
    OpenTableScreen #table-options { height: auto; }
    """

    def __init__(self, lobby: Lobby, player: str) -> None:
        super().__init__()
        self.lobby = lobby
        self.player = player
        self.seat_count = 2
        self._options_of: str | None = None

    def compose(self) -> ComposeResult:
        with VerticalScroll():
            yield Static(_("Open a table"), classes="title")
            yield Static(
                _("Pick the game with the arrows, + and - set the seats, Enter opens the "
                  "table.") + "\n" + _("Tab: clock, spectators, the game's options and the "
                                       "seed (empty: random)."),
                classes="help",
            )
            width = max(24, max(len(_(info.title)) + 1 for info in games.CATALOGUE))
            options = [
                Option(Text(f"{_(info.title):<{width}}{info.players:>5} "
                            + _("players")), id=info.id)
                for info in games.CATALOGUE
            ]
            yield OptionList(*options, id="games")
            yield Static(id="seats", classes="help")
            yield _field(
                " " + _("Clock"),
                Select([(_(c.label), c.key) for c in CLOCKS], value=CLOCKS[0].key,
                       allow_blank=False, compact=True, id="clock"),
                _("then a bot plays that decision, and the clock starts again"),
            )
            yield _field(
                " " + _("Spectators"),
                Select([(_("welcome"), True), (_("not allowed"), False)], value=True,
                       allow_blank=False, compact=True, id="spectators"),
                _("they see what everybody sees, no hand"),
            )
            yield Vertical(id="table-options")
            yield _field(
                " " + _("Seed"),
                Input(placeholder=_("random"), restrict=r"[0-9]*", max_length=12, compact=True,
                      id="seed"),
                _("the same seed deals the same game"),
            )
            yield Static(id="error", classes="error")
        yield Footer()

    async def on_mount(self) -> None:
        self.query_one("#games", OptionList).focus()
        await self._game_changed()

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
                _("Seats: {count}  ({title}: {low}-{high}; at least 2 to share a table)").format(
                    count=self.seat_count, title=_(game.title), low=game.min_players,
                    high=game.max_players)
            ))

    async def _game_changed(self) -> None:
        """The seats and the option fields follow the highlighted game."""
        self._clamp()
        game = self._game()
        if game is None or game.id == self._options_of:
            return
        self._options_of = game.id
        box = self.query_one("#table-options", Vertical)
        await box.remove_children()
        await box.mount_all(option_fields(game))

    async def on_option_list_option_highlighted(
        self, event: OptionList.OptionHighlighted
    ) -> None:
        await self._game_changed()

    def on_select_changed(self, event: Select.Changed) -> None:
        select_id = event.select.id or ""
        game = self._game()
        if select_id.startswith("option-") and game is not None:
            name = select_id.removeprefix("option-")
            if name in game.options:
                self.query_one(f"#help-{name}", Static).update(
                    Text(choice_help(game.options[name], event.value))
                )

    def action_seats(self, delta: int) -> None:
        self.seat_count += delta
        self._clamp()

    def read_form(self, game: Game) -> tuple[dict[str, Any], int | None, TableSettings]:
        """The options, seed and settings the fields hold for ``game``."""
        options = {}
        for name in game.options:
            found = self.query(f"#option-{name}")
            if found:
                options[name] = found.first(Select).value
        seed_text = self.query_one("#seed", Input).value.strip()
        standin = self.query("#standin")
        vote_after = self.query("#vote-after")
        settings = TableSettings(
            clock=str(self.query_one("#clock", Select).value),
            standin=str(standin.first(Select).value) if standin else "",
            spectators=bool(self.query_one("#spectators", Select).value),
            vote_after=int(str(vote_after.first(Select).value)) if vote_after else VOTE_AFTER,
        )
        return options, int(seed_text) if seed_text else None, settings

    async def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        game = games.get_game(str(event.option_id))
        await self._game_changed()
        options, seed, settings = self.read_form(game)
        try:
            opened = self.lobby.open(game.id, self.seat_count, self.player, options=options,
                                     seed=seed, settings=settings)
        except TableError as exc:
            self.query_one("#error", Static).update(Text(str(exc)))
            return
        self.app.switch_screen(LobbyScreen(self.lobby, opened, self.player))


class JoinScreen(TranslatedKeys, Screen[None]):
    """Type a join code, or pick a table from the list of open ones."""

    BINDINGS = [Binding("escape", "app.pop_screen", N_("Back"))]
    DEFAULT_CSS = _FRAME_CSS.format(name="JoinScreen") + "JoinScreen Input { width: 24; }"

    def __init__(self, lobby: Lobby, player: str) -> None:
        super().__init__()
        self.lobby = lobby
        self.player = player

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(_("Join a table"), classes="title")
            yield Static(
                Text(
                    _("You play as {name}. Type the code and press Enter, or press Tab and "
                      "pick a table. A table being played is yours again if you sit at it, "
                      "else you watch it.").format(name=self.player)
                ),
                classes="help",
            )
            yield Input(placeholder=_("code, e.g. K7QM"), max_length=8, id="code")
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
            tables.add_option(Option(Text(_("No open tables yet."), style="dim"), disabled=True))

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
            if opened.started and opened.seat_of(self.player) is None:
                opened.check_watch(self.player)
                self.app.pop_screen()
                _watch_table(self.app, opened)
                return
            seat = opened.claim(self.player)
        except TableError as exc:
            self.query_one("#error", Static).update(Text(str(exc)))
            return
        if opened.started:
            self.app.pop_screen()
            _enter_table(self.app, opened, seat)
        else:
            self.app.switch_screen(LobbyScreen(self.lobby, opened, self.player))


class LobbyScreen(TranslatedKeys, Screen[None]):
    """Wait for players: the code, the seats and who is connected. The host starts the game."""

    BINDINGS = [
        Binding("escape", "leave", N_("Leave")),
        Binding("b", "bots", N_("Bots for empty seats")),
        Binding("l", "level", N_("Bot level")),
        Binding("s", "start", N_("Start")),
        Binding("w", "spectators", N_("Spectators")),
        Binding("i", "invite", N_("Invite")),
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
        """Bots, bot level, spectators and start are the host's keys: others do not see them."""
        return self.is_host or action not in ("bots", "level", "start", "spectators")

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(Text(_("{title} · table").format(title=_(self.opened.game.title))),
                         classes="title")
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

    def _close_boxes_over(self) -> None:
        """Close what is open over this screen (the invitation's box), so that the next
        pop leaves the lobby itself."""
        while len(self.app.screen_stack) > 1 and self.app.screen is not self:
            self.app.pop_screen()

    def _table_changed(self, opened: OpenTable) -> None:
        if self._entered or not self.is_attached:
            return
        if opened.code not in self.lobby.tables:
            self._close_boxes_over()
            self.app.pop_screen()
            self.app.notify(
                _("{host} closed table {code}.").format(host=opened.host, code=opened.code),
                severity="warning", markup=False
            )
            return
        seat = opened.seat_of(self.player)
        if opened.started and seat is not None:
            self._entered = True
            self._close_boxes_over()
            self.app.pop_screen()
            _enter_table(self.app, opened, seat)
            return
        self.refresh_bindings()  # the host may have left and handed the table to this player
        self.query_one("#code", Static).update(
            Text.assemble(_("Join code:") + " ", (opened.code, "bold reverse"),
                          "   " + _("(others: Join a table)"))
        )
        lines = Text()
        for index, seat_info in enumerate(opened.seats):
            here = seat_info.name is not None and seat_info.name in opened.present
            mark = "*" if here else ("-" if seat_info.name else " ")
            lines.append(f"{mark} " + _("Seat {number}: {label}").format(
                number=index + 1, label=seat_info.label()))
            if seat_info.name == opened.host:
                lines.append("  " + _("(host)"), style="italic")
            if seat_info.name == self.player:
                lines.append("  " + _("<- you"), style="bold")
            if seat_info.name is not None:
                lines.append(f"  {opened.seat_status(index)}", style="dim")
            lines.append("\n")
        settings = opened.settings
        lines.append(_("Clock: {clock}").format(clock=_(settings.clock_spec.label)),
                     style="bold")
        if settings.clock != "off":
            level = settings.standin or opened.game.default_level
            lines.append(" " + _("(then a {level} bot plays that decision; after {count} in a "
                                 "row, a vote)").format(level=_(level),
                                                        count=settings.vote_after))
        lines.append("   " + _("Spectators: {allowed}").format(
            allowed=_("welcome") if settings.spectators else _("not allowed")))
        lines.append("\n* " + _("connected") + "   - " + _("away"), style="dim")
        self.query_one("#seats", Static).update(lines)
        if self.is_host:
            hint = (
                _("b: give empty seats to bots ({level}; l changes the level)").format(
                    level=_(self.level)) + "   "
                + (_("s: start the game") if opened.ready
                   else _("s: start (when every seat is filled)"))
                + "   " + _("w: spectators welcome or not") + "   " + _("i: invite by name")
                + "\n" + level_line(opened.game, f"bot:{self.level}")
            )
        else:
            hint = _("Waiting for {host} to start the game. i: invite a player by name. Esc "
                     "leaves the table.").format(host=opened.host)
        self.query_one("#hint", Static).update(Text(hint))

    def _error(self, text: str) -> None:
        self.query_one("#error", Static).update(Text(text))

    def action_bots(self) -> None:
        if self.opened.give_free_seats_to_bots(self.level) == 0:
            self._error(_("No empty seat left."))

    def action_level(self) -> None:
        levels = self.opened.game.bot_levels
        self.level = levels[(levels.index(self.level) + 1) % len(levels)]
        self._table_changed(self.opened)

    def action_spectators(self) -> None:
        self.lobby.set_spectators(self.opened.code, not self.opened.settings.spectators)

    def action_start(self) -> None:
        try:
            self.lobby.start(self.opened.code)
        except TableError as exc:
            self._error(str(exc))

    def action_invite(self) -> None:
        """i: invite a player by name (the app tells how it went)."""
        def invite(chosen: tuple[str, str] | None) -> None:
            if chosen:
                self.post_message(InviteAsked(*chosen))

        self.app.push_screen(InviteScreen(self.opened.code), invite)

    def action_leave(self) -> None:
        if self._entered:
            return
        self._entered = True
        if self.is_host:
            self.lobby.close(self.opened.code)
        else:
            self.opened.leave(self.player)
        self.app.pop_screen()


def when_words(stamp: str, now: datetime | None = None) -> str:
    """A stored UTC time as "since 14:05 UTC (3 min)", or with its date when not today."""
    try:
        moment = datetime.fromisoformat(stamp)
    except ValueError:
        return ""
    now = now or datetime.now(timezone.utc)
    clock_time = moment.strftime("%H:%M UTC" if moment.date() == now.date() else "%Y-%m-%d")
    return _("since {time} ({ago})").format(
        time=clock_time, ago=since_words((now - moment).total_seconds()))


def table_line(row: SharedTable, player: str, now: datetime | None = None) -> str:
    """One row of "Your tables": code, game, whose turn it is and since when."""
    mine = {seat for seat in row.humans if row.names[seat] == player}
    if mine & set(row.to_act):
        turn = _("your turn")
    elif row.to_act:
        turn = _("waiting for {names}").format(
            names=", ".join(row.names[seat] for seat in row.to_act))
    else:
        turn = _("nobody to act")
    mail = " " + _("(by mail)") if TableSettings.from_json(row.settings).mail else ""
    return f"{row.code}  {_(row.title)}{mail}: {turn} {when_words(row.since, now)}"


class YourTablesScreen(TranslatedKeys, Screen[None]):
    """The shared games in progress where the player has a seat; Enter goes to the table."""

    BINDINGS = [Binding("escape", "app.pop_screen", N_("Back"))]
    DEFAULT_CSS = _FRAME_CSS.format(name="YourTablesScreen")

    def __init__(self, lobby: Lobby, player: str) -> None:
        super().__init__()
        self.lobby = lobby
        self.player = player

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(_("Your tables"), classes="title")
            yield Static(
                Text(_("Shared games where {name} has a seat, the last played first. Enter "
                       "takes you to your seat.").format(name=self.player)),
                classes="help",
            )
            yield OptionList(id="mine")
            yield Static(id="error", classes="error")
        yield Footer()

    def on_mount(self) -> None:
        self.lobby.listeners.add(self._lobby_changed)
        self._lobby_changed(self.lobby)
        self.query_one("#mine", OptionList).focus()

    def on_unmount(self) -> None:
        self.lobby.listeners.remove(self._lobby_changed)

    def _lobby_changed(self, lobby: Lobby) -> None:
        """The list follows the tables while it is open (a turn taken, a game over), the
        highlight staying on the same table."""
        if not self.is_attached:
            return  # queued before this screen closed
        menu = self.query_one("#mine", OptionList)
        lit = menu.highlighted_option
        keep = None if lit is None else lit.id
        menu.clear_options()
        rows = lobby.your_tables(self.player)
        for row in rows:
            menu.add_option(Option(Text(table_line(row, self.player)), id=row.code))
        if rows:
            codes = [row.code for row in rows]
            menu.highlighted = codes.index(keep) if keep in codes else 0
        else:
            menu.add_option(Option(Text(_("No shared game in progress."), style="dim"),
                                   disabled=True))

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if event.option_id is None:
            return
        try:
            opened = self.lobby.find(str(event.option_id))
        except TableError as exc:
            self.query_one("#error", Static).update(Text(str(exc)))
            return
        seat = opened.seat_of(self.player)
        if seat is None or not opened.started:
            self.query_one("#error", Static).update(
                Text(_("You have no seat at {code}.").format(code=opened.code)))
            return
        self.app.pop_screen()
        _enter_table(self.app, opened, seat)


if TYPE_CHECKING:
    _GameScreen = GameScreen[Any]
else:
    # At run time a plain mixin: as a GameScreen subclass it would bring GameScreen's
    # DEFAULT_CSS in again after the game's own, and the game's log height would lose to it.
    _GameScreen = object


def time_left_words(left: float) -> tuple[str, float | None]:
    """A clock's remaining time as a player reads it, and the seconds until those words change
    (``None``: they no longer change). Coarse while much is left (``2 days``, ``5 h``,
    ``4 min``), by the second in the last minute (``0:42``): a screen redraws its clock when
    the words change, not every second."""
    left = max(0.0, left)
    if left == 0:
        return "0:00", None
    if left > 2 * 86400:
        size, unit = 86400.0, N_("{n} days")
    elif left > 3600:
        size, unit = 3600.0, N_("{n} h")
    elif left > 60:
        size, unit = 60.0, N_("{n} min")
    else:
        whole = math.ceil(left)
        words = "1:00" if whole == 60 else f"0:{whole:02d}"
        return words, left - (whole - 1) + _CLOCK_SLACK
    count = math.ceil(left / size)
    return _(unit).format(n=count), left - (count - 1) * size + _CLOCK_SLACK


def chat_hint() -> str:
    """The chat panel's second line: the quick phrases and the commands."""
    return ("  ".join(f"/{n} {_(phrase)}" for n, phrase in enumerate(QUICK, 1))
            + "  " + _("/mute NAME  Esc closes"))


def chat_text(line: ChatLine) -> Text:
    """A chat line as plain text: the name in bold, a watcher's marked, the words as said."""
    said = Text(line.name, style="bold")
    if line.watcher:
        said.append(" " + _("(watching)"), style="dim")
    said.append(": " + shown(line.text))
    return said


class ChatInput(Input):
    """The chat's input line: Esc closes the panel instead of leaving the table."""

    BINDINGS = [Binding("escape", "close_chat", N_("Close chat"))]

    def action_close_chat(self) -> None:
        screen = self.screen
        if isinstance(screen, SharedTableView) and screen.chat_open():
            screen.action_chat()


class SharedTableView(_GameScreen):
    """Mixed into a game's screen at a shared table (see :func:`shared_screen`).

    The log's title line shows each seat as connected, away (since when) or played by a bot,
    and who is watching; the status line tells a player whose seat a bot plays for now how to
    take it back, and a spectator that they watch. A spectator's screen leaves when the host
    closes the table to spectators.

    At a clocked table a small widget at the right end of the status line shows the time left
    of every seat that must act ("you 0:42, ben 4 min left"). One timer per screen redraws that
    widget alone (patched, no layout), when its words change (each minute, each second in the
    last minute), and only while a clock runs.

    When a stand-in has played a seat's decisions :attr:`TableSettings.vote_after` times in a
    row, the others are told, and the keys of the vote (ctrl+e: end the game, ctrl+f: the bot
    finishes the seat) show in the footer of those who may vote (:meth:`OpenTable.voters`).
    """

    opened: OpenTable
    watching: bool = False
    #: The session's player (a spectator chats under it) and the names it muted.
    chat_name: str = ""
    muted_names: set[str]
    #: Added to the bindings of the screen class :func:`shared_screen` makes (a mixin's own
    #: ``BINDINGS`` are not read by Textual).
    VOTE_BINDINGS = [
        Binding("ctrl+e", f"vote('{END}')", N_("Vote: end game")),
        Binding("ctrl+f", f"vote('{FINISH}')", N_("Vote: bot finishes")),
        # the same key in the vote to end the game (one of the two is enabled at a time)
        Binding("ctrl+f", f"vote('{KEEP}')", N_("Vote: play on")),
        Binding("ctrl+t", "chat", N_("Chat")),
    ]
    _clock_next: float | None = None
    _clock_timer: Any = None
    _votes_told: frozenset[int] = frozenset()
    #: Chat lines the open panel has room for (set when it opens).
    _chat_room = 2

    #: CSS of the screen class :func:`shared_screen` makes (``{name}``: that class): the clock
    #: on a layer of its own, docked over the right end of the status line, so it takes no
    #: room from the game's layout.
    CLOCK_CSS = """
    {name} {{ layers: default clock; }}
    {name} #clock {{
        dock: right; layer: clock; width: auto; height: 1; padding: 0 1;
        background: $primary-darken-2; color: $text; text-style: bold;
    }}
    {name} #chat {{
        dock: bottom; layer: clock; width: 100%; height: 3; margin: 0 0 1 0;
        background: $panel; display: none;
    }}
    {name} #chat-lines {{ height: 1fr; padding: 0 1; }}
    {name} #chat-hint {{ height: 1; padding: 0 1; color: $text-muted; }}
    {name} #chat-input {{ height: 1; }}
    """

    def compose(self) -> ComposeResult:
        yield from super().compose()
        yield PatchStatic(id="clock")
        with Vertical(id="chat"):
            yield Static(id="chat-lines")
            yield Static(Text(chat_hint(), no_wrap=True), id="chat-hint")
            yield ChatInput(placeholder=_("Enter sends") + " · " + chat_hint(),
                            max_length=MAX_LENGTH, compact=True, id="chat-input")

    @property
    def active_bindings(self) -> dict[str, ActiveBinding]:
        """The game screen's keys and the table's (vote, chat) in the session's language."""
        return translated_bindings(self, super().active_bindings)

    # Textual runs the on_mount/on_unmount of every class of the screen itself: no super().
    def on_mount(self) -> None:
        self.opened.listeners.add(self._opened_changed)
        self.opened.chat.listeners.add(self._chat_line)
        self.set_interval(30, self._show_presence)  # "away 3 min" goes on counting

    def on_unmount(self) -> None:
        self.opened.listeners.remove(self._opened_changed)
        self.opened.chat.listeners.remove(self._chat_line)
        self._stop_clock()

    # -- chat ---------------------------------------------------------------------------------
    @property
    def speaker(self) -> str:
        """The name this screen chats under: its seat's player, or the watching session's."""
        return self.player or self.chat_name

    def muted(self) -> set[str]:
        """The names this session muted (``/mute NAME``; kept by the session's app)."""
        return self.muted_names

    def chat_open(self) -> bool:
        return bool(self.is_attached and self.query_one("#chat").display)

    def action_chat(self) -> None:
        """ctrl+t: the chat panel opens over the game's log (the board stays in view), or
        closes; the game's keys work again when it is closed."""
        panel = self.query_one("#chat")
        if panel.display:
            panel.display = False
            self.set_focus(None)
            return
        logs = self.query(GameLog)
        top = logs.first().region.y if logs else self.size.height - 4
        # Over the log alone, from its top to the footer (at least two lines and the input);
        # the hint line of quick phrases shows when there is room (the input's placeholder
        # names them too).
        height = max(3, self.size.height - 1 - top)
        panel.styles.height = height
        self.query_one("#chat-hint").display = height >= 6
        self._chat_room = height - (2 if height >= 6 else 1)
        panel.display = True
        self._show_chat()
        self.query_one("#chat-input", ChatInput).focus()

    def _show_chat(self) -> None:
        """The last lines that fit, each as plain text (never markup), muted names left out."""
        if not self.is_attached:
            return
        muted = self.muted()
        lines = [line for line in self.opened.chat.lines if line.name not in muted]
        shown = Text(no_wrap=True, overflow="ellipsis")
        for line in lines[-max(1, self._chat_room):]:
            if len(shown):
                shown.append("\n")
            shown.append_text(chat_text(line))
        if not lines:
            shown = Text(_("Nobody has said anything here yet."), style="dim")
        self.query_one("#chat-lines", Static).update(shown)

    def _chat_line(self, line: ChatLine) -> None:
        """A new line: shown in the open panel, else as a notice (not one's own, not muted)."""
        if not self.is_attached or line.name in self.muted():
            return
        if self.chat_open():
            self._show_chat()
        elif line.name != self.speaker:
            self.notify(chat_text(line).plain + "   " + _("(ctrl+t: chat)"), markup=False,
                        timeout=6)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        if event.input.id != "chat-input":
            return
        event.stop()
        text = event.value
        event.input.value = ""
        command, _sep, rest = text.strip().partition(" ")
        if command == "/invite" and rest.strip():
            self.post_message(InviteAsked(self.opened.code, rest.strip()))
            return
        if command in ("/mute", "/unmute") and rest.strip():
            name = rest.strip()
            if command == "/mute":
                self.muted().add(name)
                self.notify(_("{name} muted: you no longer see their lines.").format(
                    name=name), markup=False)
            else:
                self.muted().discard(name)
                self.notify(_("{name} unmuted.").format(name=name), markup=False)
            self._show_chat()
            return
        limit = getattr(self, "_chat_limit", None)
        if limit is None:
            limit = self._chat_limit = RateLimit()
        try:
            self.opened.say(self.speaker, text, limit)
        except TableError as exc:
            self.notify(str(exc), severity="warning", markup=False)

    def _opened_changed(self, opened: OpenTable) -> None:
        if not self.is_attached:
            return
        if self.watching and not opened.settings.spectators:
            self.app.notify(_("{host} closed table {code} to spectators.").format(
                host=opened.host, code=opened.code), severity="warning", markup=False)
            if self.is_current:
                self.dismiss(None)
            return
        self._show_presence()

    def show(self, turn: Turn[Any]) -> None:
        super().show(turn)
        self._show_presence()
        self._tell_votes()
        self._show_clock()

    def _show_presence(self) -> None:
        if self.is_attached:
            log = self.query_one(GameLog)
            # the border's corners and the rows-out-of-sight count ("  ↑ 193 earlier") follow
            room = log.size.width - 4 - len("  ↑ 1999 earlier") if log.size.width else None
            line = self.opened.presence_line(None if room is None else max(room, 12))
            log.set_caption(Text(printable(line)))

    @property
    def player(self) -> str | None:
        """The name of the seat this screen plays (``None``: a spectator)."""
        if self.watching or not self.local_seats:
            return None
        return self.opened.seats[min(self.local_seats)].name

    def status_text(self, turn: Turn[Any]) -> str:
        table = self.table
        if (
            turn.seat is not None and isinstance(table, RemoteTable)
            and turn.seat in table.standins and not turn.over
        ):
            if turn.seat in table.resigned:
                return _("You resigned: a bot finishes your seat.")
            finishing = turn.seat in table.bot_finishes
            return (_("The table voted a bot finishes your seat: press any key to take your "
                      "seat back.") if finishing
                    else _("A bot plays this decision for you (your time ran out): press any "
                           "key to take your seat back."))
        text = super().status_text(turn)
        vote = self.vote_text()
        if vote and not turn.acting:
            text = vote
        return _("Watching {code} · {status}").format(code=self.opened.code, status=text) \
            if self.watching else text

    # -- the clock ----------------------------------------------------------------------------
    def clock_text(self) -> str:
        """Every acting seat's time left ("you 0:42, ben 4 min"; "" without a running clock);
        notes when the words next change, for :meth:`_arm_clock`."""
        table = self.table
        self._clock_next = None
        if not isinstance(table, RemoteTable) or table.is_over:
            return ""
        moment = table.now()
        parts = []
        for seat in table.to_act():
            ends = table.deadline(seat)
            if ends is None:
                continue
            words, changes = time_left_words(ends - moment)
            who = _("you") if seat in self.local_seats else table.names[seat]
            parts.append(f"{who} {words}")
            if changes is not None:
                self._clock_next = min(changes, self._clock_next or changes)
        return ", ".join(parts)

    def _arm_clock(self) -> None:
        """One timer, for when the clock's words next change (none while no clock runs)."""
        self._stop_clock()
        if self._clock_next is not None and self.is_attached:
            self._clock_timer = self.set_timer(self._clock_next, self._tick_clock)

    def _stop_clock(self) -> None:
        if self._clock_timer is not None:
            self._clock_timer.stop()
            self._clock_timer = None

    def _show_clock(self) -> None:
        """Draw the clock widget (hidden without a running clock), then wait for its next
        change."""
        if not self.is_attached:
            return
        text = self.clock_text()
        clock = self.part(PatchStatic, "#clock")
        clock.display = bool(text)
        if text:
            clock.update(Text(printable(_("{times} left").format(times=text)), no_wrap=True))
        self._arm_clock()

    def _tick_clock(self) -> None:
        """The clock's words changed: redraw the clock widget alone (not the status line, the
        board or the log)."""
        self._clock_timer = None
        self._show_clock()

    # -- votes: about a seat (missed decisions, or its player away) or to end the game ------------
    def vote_seat(self) -> int | None:
        """The key of the first open vote this player may vote in (:data:`ALL`: the vote
        to end the game; else the seat it is about), if any."""
        table, me = self.table, self.player
        if not isinstance(table, RemoteTable) or me is None:
            return None
        for seat in sorted(table.votes):
            if me in self.opened.voters(seat):
                return seat
        return None

    def vote_words(self, seat: int) -> str:
        """What the vote keyed ``seat`` is about, in a few words."""
        table = self.table
        assert isinstance(table, RemoteTable)
        if seat == ALL:
            return _("Vote to end the game")
        missed = table.missed.get(seat, 0)
        return _("Vote on {name} ({why})").format(
            name=table.names[seat],
            why=_("{n} missed").format(n=missed) if missed else _("away"))

    def vote_text(self) -> str:
        """The open vote, as its voters read it (with their keys and the count so far); to
        the others at the table (watchers, the player it is about), what is voted on."""
        seat = self.vote_seat()
        table = self.table
        if not isinstance(table, RemoteTable):
            return ""
        if seat is None:
            others = sorted(table.votes)
            if not others:
                return ""
            voters = self.opened.voters(others[0])
            return ngettext("{vote}: the {n} player(s) at the table decide",
                            "{vote}: the {n} player(s) at the table decide", len(voters)).format(
                vote=self.vote_words(others[0]), n=len(voters))
        voters = self.opened.voters(seat)
        ballots = table.votes.get(seat, {})
        other = KEEP if seat == ALL else FINISH
        ends = sum(ballots.get(v) == END for v in voters)
        bots = sum(ballots.get(v) == other for v in voters)
        mine = ballots.get(self.player or "")
        word = _("play on") if seat == ALL else _("bot")
        said = "" if mine is None else " · " + _("you: {choice}").format(
            choice=_("end") if mine == END else word)
        # short: with the clock in front it must fit 80 columns
        return _("{vote}: ^e end {ends} · ^f {word} {bots} · {needed} of {voters} decide").format(
            vote=self.vote_words(seat), ends=ends, word=word, bots=bots,
            needed=len(voters) // 2 + 1, voters=len(voters)) + said

    def _tell_votes(self) -> None:
        """Each vote that opens is announced once to everyone at the table: to its voters
        with its keys and rule, to the others (watchers, the player it is about) what is voted
        on."""
        table = self.table
        if not isinstance(table, RemoteTable):
            return
        open_now = frozenset(table.votes)
        me = self.player
        for seat in sorted(open_now - self._votes_told):
            # the first to vote
            asker = next(iter(table.votes.get(seat, {})), None) or _("A player")
            if me is not None and me in self.opened.voters(seat):
                if seat == ALL:
                    text = _("{asker} asks to end the game. Vote: ctrl+e ends it, ctrl+f plays "
                             "on. A majority of the players at the table decides.").format(
                        asker=asker)
                else:
                    name = table.names[seat]
                    missed = table.missed.get(seat, 0)
                    why = (ngettext("A bot has played {name}'s last {n} decisions",
                                    "A bot has played {name}'s last {n} decisions",
                                    missed).format(name=name, n=missed) if missed
                           else _("{name} is away; {asker} asks that a bot plays for them")
                           .format(name=name, asker=asker))
                    text = why + ". " + _("Vote: ctrl+e ends the game, ctrl+f lets the bot "
                                          "finish {name}'s seat. A majority of the players at "
                                          "the table decides.").format(name=name)
            else:
                text = _("{vote}: the players at the table decide (a majority).").format(
                    vote=self.vote_words(seat))
            self.notify(text, timeout=20, markup=False)
        if open_now != self._votes_told:
            self.refresh_bindings()
        self._votes_told = open_now

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The vote's keys work (and show) only while this player may vote."""
        if action == "vote":
            seat = self.vote_seat()
            if seat is None:
                return False
            return parameters[:1] != ((FINISH,) if seat == ALL else (KEEP,))
        return super().check_action(action, parameters)

    def action_vote(self, choice: str) -> None:
        seat, me = self.vote_seat(), self.player
        if seat is None or me is None:
            return
        if seat == ALL and choice == FINISH:
            choice = KEEP  # ctrl+f: play on
        try:
            outcome = self.opened.vote(me, seat, choice)
        except TableError as exc:
            self.notify(str(exc), severity="warning", markup=False)
            return
        if outcome == END:
            self.notify(_("The table ended the game."), markup=False)
        elif outcome == FINISH:
            self.notify(_("A bot finishes {name}'s seat.").format(name=self.table.names[seat]),
                        markup=False)
        elif outcome == KEEP:
            self.notify(_("The table plays on."), markup=False)


_SHARED: dict[type[GameScreen[Any]], type[GameScreen[Any]]] = {}


def shared_screen(
    base: type[GameScreen[Any]], table: RemoteTable, seats: frozenset[int], opened: OpenTable,
    viewer: str = "", muted: set[str] | None = None,
) -> GameScreen[Any]:
    """The game's own screen class with :class:`SharedTableView` mixed in, for ``seats``
    (none: a spectator). ``viewer`` is the session's player (the name a spectator chats
    under) and ``muted`` the names that session muted, kept by the session across tables."""
    if base not in _SHARED:
        name = f"Shared{base.__name__}"
        _SHARED[base] = type(name, (SharedTableView, base), {
            "BINDINGS": SharedTableView.VOTE_BINDINGS,
            "DEFAULT_CSS": SharedTableView.CLOCK_CSS.format(name=name),
        })
    screen = _SHARED[base](table, seats)
    assert isinstance(screen, SharedTableView)
    screen.opened = opened
    screen.watching = not seats
    screen.chat_name = viewer
    screen.muted_names = set() if muted is None else muted
    return screen


class InviteScreen(TranslatedKeys, ModalScreen[tuple[str, str] | None]):
    """Type the name of a player to invite to table ``code``; Enter invites, Esc cancels.
    Dismissed with ``(code, name)``."""

    DEFAULT_CSS = """
    InviteScreen { align: center middle; }
    InviteScreen > Vertical { width: 60; height: auto; border: round $accent; padding: 0 1;
                              background: $surface; }
    """
    BINDINGS = [Binding("escape", "cancel", N_("Cancel"))]

    def __init__(self, code: str) -> None:
        super().__init__()
        self.code = code

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(Text(_("Invite a player to table {code} by their login name. They "
                                "get a notice with the code wherever they are.").format(
                code=self.code)))
            yield Input(placeholder=_("name"), max_length=64, compact=True, id="invitee")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        name = event.value.strip()
        self.dismiss((self.code, name) if name else None)

    def action_cancel(self) -> None:
        self.dismiss(None)

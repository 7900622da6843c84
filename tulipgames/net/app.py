"""The app of one SSH session: the ordinary tulipgames menu plus shared tables.

A remote player can do everything a local one can (play alone, hot-seat with a friend on the same
keyboard) and also open or join a shared table. Solo and hot-seat games, Resume and History use
the player's own store (``players/<name>/`` in the server's data directory), so nobody can resume,
and so peek into, another player's game. Shared tables live in the server's store and are rejoined
by their code.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from functools import partial
from typing import Any

from textual import events
from textual.command import CommandPalette
from textual.css.query import NoMatches
from textual.screen import Screen
from textual.timer import Timer
from textual.worker import WorkerFailed

from tulipgames.i18n import N_, _, ngettext
from tulipgames.net.lobby import (
    ALL,
    END,
    FINISH,
    Lobby,
    OpenTable,
    RemoteTable,
    TableError,
    player_dir,
)
from tulipgames.net.notices import (
    DESKTOP_KINDS,
    DESKTOP_LABELS,
    INVITE_ENTRY,
    NEXT_ENTRY,
    TurnNotices,
    desktop_kind,
    desktop_sequence,
    invite_entry,
    next_entry,
    notice_text,
    parse_invite,
    parse_next,
    set_desktop_kind,
)
from tulipgames.net.outbound import contact_command
from tulipgames.net.screens import (
    InviteAsked,
    InviteScreen,
    JoinScreen,
    LobbyScreen,
    OpenTableScreen,
    SharedTableView,
    YourTablesScreen,
    shared_screen,
)
from tulipgames.net.server import SessionInfo
from tulipgames.store import Store
from tulipgames.table import Table
from tulipgames.tui import app as tui_app
from tulipgames.tui import prefs
from tulipgames.tui.app import TulipGamesApp, command
from tulipgames.tui.screens.game import GameScreen
from tulipgames.tui.screens.menu import MenuScreen
from tulipgames.tui.screens.results import ResultsScreen
from tulipgames.tui.screens.setup import NAME_CELLS
from tulipgames.tui.textual_private import ExceptionHook, app_driver, app_exiting

__all__ = ["ServerApp", "TableApp", "WorkerApp", "lobby_entries", "player_dir"]

#: Seconds at the bare menu, without a key, before a session that came to the main process for
#: the tables goes back to a worker (longer than any notification stays up).
RELEASE_AFTER = 15.0


def lobby_entries(lobby: Lobby, player: str) -> list[tuple[str, str]]:
    """The shared-table entries of a remote player's menu, with what waits behind them."""
    waiting = len(lobby.listing())
    mine = len(lobby.your_tables(player))
    turns = lobby.waiting_for(player)
    if not mine:
        yours = _("Your tables")
    elif turns:
        yours = ngettext("Your tables ({count}, {turns} your turn)",
                         "Your tables ({count}, {turns} your turn)", len(turns)).format(
            count=mine, turns=len(turns))
    else:
        yours = _("Your tables ({count})").format(count=mine)
    entries = [
        ("net:mine", yours),
        ("net:open", _("Open a table: play with others on this server")),
        ("net:join", _("Join a table ({count} open)").format(count=waiting) if waiting
         else _("Join a table")),
    ]
    following = next_entry(turns)
    invites = [invite_entry(invite) for invite in lobby.invites_for(player)]
    return invites + ([following] if following is not None else []) + entries


class SessionApp(ExceptionHook, TulipGamesApp):
    """What every remote session's app does, wherever it runs (see :class:`ServerApp` and
    :class:`WorkerApp`): a word about a non-UTF-8 terminal, quiet ends, its store closed."""

    def __init__(self, info: SessionInfo, store: Store, **kwargs: Any) -> None:
        # A player's theme, bot speed and name are theirs: kept with their own saves, never in
        # the config of the account the server runs as (which every session would share).
        own = store.data_dir / prefs.FILE_NAME
        super().__init__(store, prefs_path=own, **kwargs)
        self.info = info
        self.player = info.username
        if not own.exists():  # a first visit: the setup offers the name they logged in with
            self.prefs = replace(self.prefs, name=info.username[:NAME_CELLS])
        self.notices = TurnNotices()
        #: Terminal bells this session rang for turn notices (what the player's terminal got).
        self.bells = 0
        #: Whether turn notices also ask the terminal for a desktop notification (the
        #: player's setting, off by default).
        self.desktop = desktop_kind(store.data_dir)
        #: The invitations told (their numbers), each once.
        self.invites_told: set[int] = set()

    def tell_turns(self, waiting: list[tuple[str, int]], titles: dict[str, str],
                   here: str | None = None) -> int:
        """One notice (a line and the terminal bell) per decision newly waiting for the
        player, except at table ``here``, the one on their screen; returns how many."""
        fresh = self.notices.fresh(waiting, here)
        for code, _number in fresh:
            self.notify(notice_text(code, titles.get(code, "")), markup=False, timeout=8)
        if fresh:
            self.bells += 1
            self.bell()
            code = fresh[0][0]
            sequence = desktop_sequence(self.desktop, "tulipgames",
                                        notice_text(code, titles.get(code, "")).split(". ")[0])
            driver = app_driver(self)
            if sequence and not self.is_headless and driver is not None:
                driver.write(sequence)
        return len(fresh)

    def tell_invites(self, invites: list[tuple[int, str]]) -> int:
        """One notice (a line, the bell and the desktop notification the player chose) per
        invitation not told yet, given as (number, text); returns how many."""
        fresh = [(number, text) for number, text in invites if number not in self.invites_told]
        for number, text in fresh:
            self.invites_told.add(number)
            self.notify(text, markup=False, timeout=15)
        if fresh:
            self.bells += 1
            self.bell()
            sequence = desktop_sequence(self.desktop, "tulipgames", fresh[0][1].split(". ")[0])
            driver = app_driver(self)
            if sequence and not self.is_headless and driver is not None:
                driver.write(sequence)
        return len(fresh)

    def get_system_commands(self, screen: Screen[Any]) -> Any:
        """ctrl+p: desktop notifications for turn notices, off / OSC 9 / OSC 777 in turn."""
        yield from super().get_system_commands(screen)
        following = DESKTOP_KINDS[(DESKTOP_KINDS.index(self.desktop) + 1) % len(DESKTOP_KINDS)]
        yield command(
            "Desktop notifications: {now} -> {then}",
            "Your turn also as a desktop notice, if your terminal shows OSC 9, 777 or 99",
            lambda: self.set_desktop(following),
            now=DESKTOP_LABELS[self.desktop], then=DESKTOP_LABELS[following],
        )
        # E-mail and webhook notices (tulipgames/net/outbound.py), when the operator offers them.
        contact = None if self.store is None else contact_command(self, self.store.data_dir)
        if contact is not None:
            yield contact

    def set_desktop(self, kind: str) -> None:
        """The player's desktop notification kind, kept in their own directory."""
        self.desktop = kind
        if self.store is not None:
            set_desktop_kind(self.store.data_dir, kind)
        self.notify(_("Desktop notifications: {kind}.").format(kind=_(DESKTOP_LABELS[kind])),
                    markup=False)

    # Textual runs every class's on_mount, the subclass's first (no super() call).
    def on_mount(self) -> None:
        if not self.info.profile.utf8:
            self.notify(
                _("Your terminal says its language is not UTF-8 (LANG): card glyphs may look "
                  "wrong. Try LANG=C.UTF-8 on your side."),
                severity="warning",
                timeout=10,
            )

    def menu_lit_at_start(self) -> str:
        # Moved from another process's menu: the player's line stays lit, not the first one
        # (the entry chosen there, when that is what brought the session here).
        return self.info.highlight or self.info.entry

    def menu_highlight(self) -> str:
        """The menu entry lit now ("" away from the menu): it moves with the session."""
        screen = self.screen if self.screen_stack else None
        return screen.highlighted_entry() if isinstance(screen, MenuScreen) else ""

    def error_is_harmless(self, error: Exception) -> bool:
        """An app whose client has gone may still run a screen's queued mount after Textual
        took that screen's widgets away; a missing widget then is no bug worth a traceback in
        the server log. Any other error, or one while the player is still there, is reported."""
        # A worker's error comes wrapped. Textual's command palette searches in a worker that
        # can outlive the palette when keys arrive fast (an Escape queued behind typed text):
        # its last refresh then finds no list. That is a closed palette, not a broken session.
        cause = error.error if isinstance(error, WorkerFailed) else error
        palette_gone = isinstance(error, WorkerFailed) and not isinstance(
            self.screen, CommandPalette
        )
        return isinstance(cause, NoMatches) and (app_exiting(self) or palette_gone)

    def on_unmount(self) -> None:
        if self.store is not None:
            self.store.close()


class WorkerApp(SessionApp):
    """The app of a session in a worker process (:mod:`tulipgames.net.worker`): the ordinary
    menu, games and history; the shared-table entries hand the session to the main process,
    where the tables live (``move``), and this app ends."""

    def __init__(
        self, info: SessionInfo, entries: list[tuple[str, str]], store: Store,
        move: Callable[[str], None], **kwargs: Any,
    ) -> None:
        super().__init__(info, store, **kwargs)
        #: The main process's menu entries (it sends them again when they change).
        self._entries = entries
        self._move = move

    def on_mount(self) -> None:
        self._tell_from_entries()

    def _tell_from_entries(self) -> None:
        """Turn notices from what the entry "next table waiting for you" carries, and a notice
        of each invitation entry (its label says who invites where)."""
        invites = []
        for entry_id, label in self._entries:
            invited = parse_invite(entry_id)
            if invited is not None:
                invites.append((invited[1], _("{invitation}. Choose it in the menu to join.")
                                .format(invitation=label)))
        self.tell_invites(invites)
        for entry_id, _label in self._entries:
            if entry_id.startswith(NEXT_ENTRY):
                self.tell_turns(parse_next(entry_id), {})
                return
        self.tell_turns([], {})

    def extra_menu_entries(self) -> list[tuple[str, str]]:
        return list(self._entries)

    def show_entries(self, entries: list[tuple[str, str]]) -> None:
        """The tables changed in the main process: the counts the menu shows follow, at once
        when the menu is on screen (its highlight kept), else when it is next shown."""
        self._entries = entries
        if isinstance(self.screen, MenuScreen):
            self.screen.set_entries(self.menu_entries())
        self._tell_from_entries()

    def on_extra_menu(self, entry_id: str) -> None:
        self._move(entry_id)


class ServerApp(SessionApp):
    """:class:`TulipGamesApp` for one SSH session, with Your tables / Open / Join a table."""

    def __init__(
        self, info: SessionInfo, lobby: Lobby, store: Store, **kwargs: Any
    ) -> None:
        super().__init__(info, store, **kwargs)
        self.lobby = lobby
        #: Names whose chat lines this session does not show (``/mute NAME`` at a table).
        self.muted: set[str] = set()
        #: The tables this session shows, as (code, watching).
        self._present: set[tuple[str, bool]] = set()
        #: Tables whose news (rematch votes, a new game) this session follows.
        self._following: dict[str, OpenTable] = {}
        #: The table entries the menu last showed after a change of the tables.
        self._menu_shown: list[tuple[str, str]] = []
        #: The conflicting rematch votes told, per table (each state of the votes once).
        self._conflicts: dict[str, frozenset[tuple[str, bool]]] = {}
        #: The saves of shared games this session showed, with their table's code.
        self._played: dict[int, str] = {}
        #: With worker processes: hands the session back to one (set by the server).
        self.release: Callable[[], None] | None = None
        self._release_timer: Timer | None = None

    def extra_menu_entries(self) -> list[tuple[str, str]]:
        return lobby_entries(self.lobby, self.player)

    def on_extra_menu(self, entry_id: str) -> None:
        from tulipgames.net.homes import parse_table_entry

        table = parse_table_entry(entry_id)
        if table is not None:  # routed here to a table: its seat, its lobby or to watch it
            self.accept_invite(table)
        elif entry_id.startswith(NEXT_ENTRY):
            self.next_table()
        elif entry_id.startswith(INVITE_ENTRY):
            invited = parse_invite(entry_id)
            if invited is not None:
                self.accept_invite(invited[0])
        elif entry_id == "net:mine":
            self.push_screen(YourTablesScreen(self.lobby, self.player))
        elif entry_id == "net:open":
            self.push_screen(OpenTableScreen(self.lobby, self.player))
        elif entry_id == "net:join":
            self.push_screen(JoinScreen(self.lobby, self.player))

    def on_mount(self) -> None:
        self.screen_change_signal.subscribe(self, self._screen_changed)
        if self.info.entry:  # moved here from a worker's menu: open what the player chose
            self.call_later(self.on_extra_menu, self.info.entry)
        else:
            self.call_later(self._back_to_live_seat)
        self.lobby.listeners.add(self._lobby_changed)
        self.lobby.here[self.player] = self.lobby.here.get(self.player, 0) + 1
        if self.info.entry:  # the worker's app told what waits already: not told twice
            self.notices.fresh((w.code, w.decision) for w in self.lobby.waiting_for(self.player))
            self.invites_told |= {i.number for i in self.lobby.invites_for(self.player)}
        self.call_later(self._lobby_changed, self.lobby)

    def _table_on_screen(self) -> str | None:
        """The code of the table whose game is on screen with this player's seat, if any."""
        screen = self.screen if self.screen_stack else None
        if isinstance(screen, SharedTableView) and not screen.watching:
            return screen.opened.code
        return None

    def _lobby_changed(self, _lobby: Lobby) -> None:
        """Tables changed: a notice for each decision newly waiting for this player elsewhere,
        and the menu's counts follow at once when it is on screen."""
        if not self.screen_stack:
            return
        waiting = self.lobby.waiting_for(self.player)
        self.tell_invites([(i.number, i.text()) for i in self.lobby.invites_for(self.player)])
        self.tell_turns([(w.code, w.decision) for w in waiting],
                        {w.code: w.title for w in waiting}, here=self._table_on_screen())
        if isinstance(self.screen, MenuScreen) and self.screen.query("#menu"):
            # redrawn only when its lines change: a move at some table changes nothing here
            entries = self.extra_menu_entries()
            if entries != self._menu_shown:
                self._menu_shown = entries
                self.screen.set_entries(self.menu_entries())

    def next_table(self) -> None:
        """Straight to the oldest decision waiting for this player at another table (the one
        on screen is left for it)."""
        here = self._table_on_screen()
        for waiting in self.lobby.waiting_for(self.player):
            if waiting.code == here:
                continue
            try:
                opened = self.lobby.find(waiting.code)
            except TableError:
                continue
            seat = opened.seat_of(self.player)
            if seat is None or opened.table is None:
                continue
            if here is not None:
                self.pop_screen()
            self.start_table(opened.table, seats=frozenset({seat}))
            return
        self.notify(_("No other table is waiting for you."), markup=False)

    def accept_invite(self, code: str) -> None:
        """Take up an invitation: a seat in the table's lobby, or watch its game."""
        try:
            opened = self.lobby.find(code)
            if opened.started and opened.seat_of(self.player) is None:
                opened.check_watch(self.player)
                assert opened.table is not None  # a started table has its game
                self.start_table(opened.table, seats=frozenset())
                return
            seat = opened.claim(self.player)
        except TableError as exc:
            self.notify(str(exc), severity="warning", markup=False)
            return
        if opened.table is not None:
            self.start_table(opened.table, seats=frozenset({seat}))
        else:
            self.push_screen(LobbyScreen(self.lobby, opened, self.player))

    def on_invite_asked(self, message: InviteAsked) -> None:
        self.invite(message.code, message.name)

    def invite(self, code: str, name: str) -> None:
        """This player invites ``name`` to table ``code``; told how it went."""
        try:
            said = self.lobby.invite(code, self.player, name)
        except TableError as exc:
            self.notify(_("Not invited: {reason}.").format(reason=exc), severity="warning",
                        markup=False)
            return
        self.notify(said, markup=False)

    def _back_to_live_seat(self) -> None:
        """A player who drops out of a live game comes back straight to their seat."""
        opened = self.lobby.seated_live(self.player)
        seat = None if opened is None else opened.seat_of(self.player)
        if opened is None or seat is None or opened.table is None:
            return
        self.notify(_("Back at table {code}, your seat.").format(code=opened.code), markup=False)
        self.start_table(opened.table, seats=frozenset({seat}))

    def on_unmount(self) -> None:
        self.lobby.listeners.remove(self._lobby_changed)
        count = self.lobby.here.get(self.player, 0) - 1
        if count > 0:
            self.lobby.here[self.player] = count
        else:
            self.lobby.here.pop(self.player, None)
        for opened in self._following.values():
            opened.listeners.remove(self._table_news)
        self._following.clear()
        self._set_presence(set())

    async def on_event(self, event: events.Event) -> None:
        """Any key or click of a player at a shared table takes their seat back from a stand-in
        bot (before the key or click plays: a move while a stand-in holds the seat would be
        the stand-in's)."""
        if isinstance(event, events.Key | events.MouseDown):
            if self._release_timer is not None and isinstance(event, events.Key):
                self._arm_release()  # a player using the menu is not moved under their keys
            for code, watching in self._present:
                opened = self.lobby.tables.get(code)
                if not watching and opened is not None:
                    opened.active(self.player)
        await super().on_event(event)

    # -- shared tables ------------------------------------------------------------------------
    def start_table(
        self, table: Table, seats: frozenset[int] | None = None, *, variant: str = ""
    ) -> GameScreen:
        """A shared table gets its game's screen with presence and stand-ins shown."""
        opened = self._shared(table.save_id) if isinstance(table, RemoteTable) else None
        if opened is None or not isinstance(table, RemoteTable):
            return super().start_table(table, seats, variant=variant)
        # no seat: a spectator
        screen = shared_screen(
            tui_app.screen_class(table.game.id), table, seats or frozenset(), opened,
            viewer=self.player, muted=self.muted,
        )
        self._follow(opened)
        if table.save_id is not None:
            self._played[table.save_id] = opened.code
        self.push_screen(screen)
        return screen

    def rematch(self, results: Any, same_seed: bool) -> None:
        """At a shared table a rematch needs every seated player: this one accepts, and the
        new game starts at the same table once all have accepted the same kind."""
        opened = self._shared(results.save_id)
        if opened is None:
            super().rematch(results, same_seed)
            return
        try:
            missing = self.lobby.rematch(opened.code, self.player, same_seed)
        except TableError as exc:
            self.notify(str(exc), severity="warning", markup=False)
            return
        if missing:
            waiting = (_("You accept a rematch with the same seed; waiting for {names}.")
                       if same_seed else
                       _("You accept a rematch with a new seed; waiting for {names}."))
            self.notify(waiting.format(names=", ".join(missing)), markup=False, timeout=10)

    def _follow(self, opened: OpenTable) -> None:
        if opened.code not in self._following:
            self._following[opened.code] = opened
            opened.listeners.add(self._table_news)

    def _table_news(self, opened: OpenTable) -> None:
        """Rematch votes of the others, and the rematch itself: the results of the last game
        give way to the new game at this player's seat."""
        seat = opened.seat_of(self.player)
        table = opened.table
        if table is None or not self.screen_stack:
            return
        self._tell_conflict(opened)
        results = self.screen if isinstance(self.screen, ResultsScreen) else None
        if results is None or results.save_id is None or self._shared(results.save_id) is None:
            return
        if results.save_id != table.save_id and not table.is_over:
            results.dismiss(None)
            # Never the new seed: with it a player could work out the live game's deck order.
            if seat is None:  # a watcher follows the table into its rematch
                if opened.settings.spectators:
                    self.notify(_("Rematch at table {code}: you watch on.").format(
                        code=opened.code), markup=False)
                    self.start_table(table, seats=frozenset())
                return
            self.notify(_("Rematch at table {code}.").format(code=opened.code), markup=False)
            self.start_table(table, seats=frozenset({seat}))
            return
        if seat is None:
            return
        others = {name: same for name, same in opened.votes.items() if name != self.player}
        if others and self.player not in opened.votes:
            asked = ", ".join(
                (_("{name} (same seed: r)") if same else _("{name} (new seed: n)")).format(
                    name=name)
                for name, same in others.items()
            )
            self.notify(_("Rematch asked by {names}. Press r or n to accept.").format(
                names=asked), markup=False, timeout=10)

    def _tell_conflict(self, opened: OpenTable) -> None:
        """Rematch votes for different seeds are shown to everyone at the table (players and
        watchers), once per state of the votes: nothing starts until all choose the same."""
        same = sorted(name for name, kind in opened.votes.items() if kind)
        new = sorted(name for name, kind in opened.votes.items() if not kind)
        key = frozenset(opened.votes.items())
        if not same or not new or self._conflicts.get(opened.code) == key:
            return
        self._conflicts[opened.code] = key
        self.notify(
            _("Rematch votes differ at table {code}: same seed: {same}; new seed: {new}. It "
              "starts when all choose the same (r or n).").format(
                code=opened.code, same=", ".join(same), new=", ".join(new)),
            markup=False, severity="warning", timeout=15,
        )

    def get_system_commands(self, screen: Screen[Any]) -> Any:
        """The host of a shared table may close it to spectators (or open it) from ctrl+p."""
        yield from super().get_system_commands(screen)
        if any(w.code != self._table_on_screen() for w in self.lobby.waiting_for(self.player)):
            yield command("Next table waiting for you",
                          "Straight to the table where it is your turn", self.next_table)
        here = screen.opened if isinstance(screen, SharedTableView | LobbyScreen) else None
        if here is not None and here.seat_of(self.player) is not None and not here.over:
            code = here.code
            yield command(
                "Invite a player to this table",
                "By name: they get a notice with the code wherever they are",
                lambda: self.push_screen(InviteScreen(code), self._invited),
            )
        table = screen.table if isinstance(screen, SharedTableView) else None
        if (isinstance(screen, SharedTableView) and isinstance(table, RemoteTable)
                and not screen.watching and not table.is_over and not table.ended):
            seat = screen.opened.seat_of(self.player)
            if seat is not None and seat not in table.resigned:
                opened_here = screen.opened
                yield command(
                    "Resign this game",
                    "A bot finishes your seat; its result is not counted as yours",
                    lambda: self._resign(opened_here),
                )
                if self.player in opened_here.voters(ALL):
                    yield command(
                        "Vote to end this game",
                        "A majority of the players at the table ends it (nothing goes into "
                        "History)",
                        lambda: self._propose(opened_here, ALL),
                    )
                for away in opened_here.absent():
                    if away != seat and self.player in opened_here.voters(away):
                        yield command(
                            "Vote: a bot plays for {name} (away)",
                            "Until they come back; a majority of the players at the table "
                            "decides",
                            partial(self._propose, opened_here, away),
                            name=table.names[away],
                        )
        if isinstance(screen, SharedTableView) and screen.opened.host == self.player:
            opened = screen.opened
            allowed = opened.settings.spectators
            yield command(
                N_("Close the table to spectators") if allowed
                else N_("Open the table to spectators"),
                "Spectators see only what everybody sees",
                lambda: self.lobby.set_spectators(opened.code, not allowed),
            )
            chat = opened.settings.watcher_chat
            yield command(
                N_("Close the chat to watchers") if chat else N_("Open the chat to watchers"),
                "Watchers read the players' chat either way",
                lambda: self.lobby.set_watcher_chat(opened.code, not chat),
            )

    def _invited(self, chosen: tuple[str, str] | None) -> None:
        if chosen is not None:
            self.invite(*chosen)

    def _propose(self, opened: OpenTable, seat: int) -> None:
        """Open (or join) a vote and vote for it: ending the game, or a bot for an absent
        seat (:meth:`OpenTable.propose`)."""
        try:
            outcome = opened.propose(self.player, seat)
        except TableError as exc:
            self.notify(str(exc), severity="warning", markup=False)
            return
        if outcome == END:
            self.notify(_("The table ended the game."), markup=False)
        elif outcome == FINISH:
            self.notify(_("A bot plays that seat until its player comes back."), markup=False)
        else:
            self.notify(_("You voted; the others at the table are asked."), markup=False)

    def _resign(self, opened: OpenTable) -> None:
        try:
            opened.resign(self.player)
        except TableError as exc:
            self.notify(str(exc), severity="warning", markup=False)
            return
        self.notify(_("You resigned at table {code}: a bot finishes your seat.").format(
            code=opened.code), markup=False)

    # -- who is at which table ----------------------------------------------------------------
    def _shared(self, save_id: int | None) -> OpenTable | None:
        if save_id is None:
            return None
        for opened in self.lobby.tables.values():
            if opened.table is not None and opened.table.save_id == save_id:
                return opened
        code = self._played.get(save_id)  # a game of a table this session showed
        if code is None:
            return None
        try:
            return self.lobby.find(code)
        except TableError:
            return None

    def _screen_changed(self, _screen: Screen[Any]) -> None:
        here = set()
        for screen in self.screen_stack:
            if isinstance(screen, SharedTableView):
                here.add((screen.opened.code, screen.watching))
        self._set_presence(here)
        self._arm_release()

    # -- back to a worker ------------------------------------------------------------------------
    def _arm_release(self) -> None:
        """At the bare menu, away from every table, the session may go back to a worker once
        it has been left alone there for :data:`RELEASE_AFTER` (past any notification)."""
        if self._release_timer is not None:
            self._release_timer.stop()
            self._release_timer = None
        if self.release is not None and self._at_bare_menu():
            self._release_timer = self.set_timer(RELEASE_AFTER, self._release_now)

    def _at_bare_menu(self) -> bool:
        return (isinstance(self.screen, MenuScreen) and len(self.screen_stack) == 1
                and not self._present)

    def _release_now(self) -> None:
        self._release_timer = None
        if self.release is not None and self._at_bare_menu():
            self.release()

    def _set_presence(self, here: set[tuple[str, bool]]) -> None:
        for code, watching in self._present - here:
            if code in self.lobby.tables:
                self.lobby.tables[code].depart(self.player, watching=watching)
        for code, watching in here - self._present:
            if code in self.lobby.tables:
                self.lobby.tables[code].arrive(self.player, watching=watching)
        self._present = here


class TableApp(ServerApp):
    """The app of a session in a worker process at a table that worker holds
    (:mod:`tulipgames.net.homes`): the table's screens on the worker's own lobby. The menu's
    shared-table entries are the main process's (sent again when they change, as to a
    :class:`WorkerApp`); choosing one, or a table another process holds, hands the session
    back to the main process (``move``), which routes it on."""

    def __init__(
        self, info: SessionInfo, lobby: Lobby, store: Store, entries: list[tuple[str, str]],
        move: Callable[[str], None], **kwargs: Any,
    ) -> None:
        super().__init__(info, lobby, store, **kwargs)
        self._entries = entries
        self._move = move
        #: The decisions waiting at other processes' tables (from the entries).
        self._elsewhere: list[tuple[str, int]] = []

    def on_mount(self) -> None:
        # What waits was told where the session came from (after ServerApp's on_mount).
        self._elsewhere = self._turns_in(self._entries)
        for entry_id, _label in self._entries:
            invited = parse_invite(entry_id)
            if invited is not None:
                self.invites_told.add(invited[1])
        self.call_later(self._told_already)

    def _told_already(self) -> None:
        self.notices.fresh([*self._elsewhere, *((w.code, w.decision)
                                                 for w in self.lobby.waiting_for(self.player))])

    @staticmethod
    def _turns_in(entries: list[tuple[str, str]]) -> list[tuple[str, int]]:
        """The decisions the main process's "next table" entry says wait for the player."""
        return [pair for entry_id, _label in entries if entry_id.startswith(NEXT_ENTRY)
                for pair in parse_next(entry_id)]

    def tell_turns(self, waiting: list[tuple[str, int]], titles: dict[str, str],
                   here: str | None = None) -> int:
        """The decisions waiting here and elsewhere, told as one set (each once)."""
        merged = sorted(set(waiting) | set(getattr(self, "_elsewhere", [])))
        return super().tell_turns(merged, titles, here)

    def extra_menu_entries(self) -> list[tuple[str, str]]:
        return list(self._entries)

    def on_extra_menu(self, entry_id: str) -> None:
        from tulipgames.net.homes import parse_table_entry

        code = parse_table_entry(entry_id)
        if code is not None and (code in self.lobby.tables
                                 or code in getattr(self.lobby, "routed", ())):
            self.accept_invite(code)
        else:
            self._move(entry_id)

    def move_to_table(self, code: str) -> None:
        """A table this worker does not hold: the main process sends the session there."""
        from tulipgames.net.homes import table_entry

        self._move(table_entry(code))

    def show_entries(self, entries: list[tuple[str, str]]) -> None:
        """The main process's entries changed: the menu's counts follow, and the turn notices
        and invitations of the tables elsewhere are told (each once)."""
        self._entries = entries
        if isinstance(self.screen, MenuScreen) and self.screen.query("#menu"):
            self._menu_shown = list(entries)
            self.screen.set_entries(self.menu_entries())
        invites = []
        for entry_id, label in entries:
            invited = parse_invite(entry_id)
            if invited is not None:
                invites.append((invited[1], _("{invitation}. Choose it in the menu to join.")
                                .format(invitation=label)))
        self.tell_invites(invites)
        self._elsewhere = self._turns_in(entries)
        self._lobby_changed(self.lobby)

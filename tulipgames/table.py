"""A table: one game in progress, the single place where actions are applied.

The local app, the SSH server and the plain-text mode all play through a :class:`Table`. It owns
the record and the live state. Screens never read the state: they ask :meth:`Table.turn` for a
:class:`Turn`, a frozen snapshot of what one seat may know and do (its view, its legal actions,
its prompt, whether it may undo), computed once per change and seat, and they post intents
(:meth:`Table.play` with one or several steps, :meth:`Table.take_back`). "May I?" questions go to
:meth:`Table.why_not`, which asks the rules.

Every change is saved (``persist``) *before* anyone is told, and a change that cannot be saved is
not played: the table goes back to the last saved position and raises :class:`SaveFailed`. Bots
run in a worker thread on a determinized copy, never on the live state; :meth:`Table.play` keeps
them moving, and only one bot driver runs per table however many screens watch it.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any, Generic, TypeVar

from tulipgames.engine.bots import Bot, bot_move
from tulipgames.engine.core import (
    Action,
    Applied,
    Event,
    Game,
    IllegalAction,
    SeatSpec,
    State,
    render_names,
    visible,
)
from tulipgames.engine.record import GameRecord, replay, undoable_steps
from tulipgames.i18n import Say, _, module_domain, render
from tulipgames.i18n import current as current_language

Listener = Callable[["Table"], None]
ViewT = TypeVar("ViewT")

log = logging.getLogger(__name__)

#: Seconds the bot driver waits before trying again after a failed save (doubling up to a cap).
SAVE_RETRY_SECONDS = (0.5, 1.0, 2.0, 5.0)


class SaveFailed(Exception):
    """A change could not be saved (disk full, read-only, I/O error): it was not played.

    ``str(exc)`` is a reason a player can read ("the disk is full").
    """


class SaveConflict(SaveFailed):
    """Another writer saved this game since this table last did: the change was refused.

    ``record`` and ``revision`` are what is on disk now; the table reloads them.
    """

    def __init__(self, message: str, record: GameRecord, revision: int) -> None:
        super().__init__(message)
        self.record = record
        self.revision = revision


#: A game's choice labels may mark the levels a choice list is grouped by ("Fox burrows · spot
#: 2 · write 5"); the plain mode says them with commas. Labels without it group word by word.
LEVEL_MARK = " · "

#: How often :meth:`Table.play` lays a refused choice again on a newer save before it gives
#: up (each time another writer saved first: a seat deciding at once on another node).
REBASES = 3


@dataclass(frozen=True)
class Turn(Generic[ViewT]):
    """What one seat may know and do at one moment: the only thing a screen draws from.

    ``seat`` is the viewer (``None``: an onlooker with public information only). ``legal`` is
    empty unless the seat must act now. ``prompt`` is the rules' one-line question to the seat,
    with names filled in ("" when it need not act). ``undoable`` counts the seat's own latest
    quiet steps that :meth:`Table.take_back` may take back (0: no undo). ``version`` changes
    with every change of the table, so equal versions mean equal snapshots.
    """

    seat: int | None
    view: ViewT
    legal: tuple[Action, ...]
    prompt: str
    acting: bool
    undoable: int
    version: int
    names: tuple[str, ...]
    #: Seats that must act now (public: everybody sees whose turn it is).
    to_act: tuple[int, ...]
    #: Bot seats among ``to_act``.
    bots_to_act: tuple[int, ...]
    over: bool
    #: Why the bots stopped, or why the last save failed; ``None`` when all is well.
    trouble: str | None = None

    @property
    def can_undo(self) -> bool:
        return self.undoable > 0

    def may(self, action: Action) -> bool:
        """Whether ``action`` is one of the seat's legal actions now."""
        return action in self.legal

    def name(self, seat: int) -> str:
        if 0 <= seat < len(self.names):
            return self.names[seat]
        return _("Seat {number}").format(number=seat + 1)

    def text(self, template: str | Say) -> str:
        """A rules text (a message id or a :class:`~tulipgames.i18n.Say`) in the session's
        language, its ``{seat0}`` placeholders replaced by names."""
        return render_names(render(template), self.names)


class Table:
    """A game being played by named seats, with its record, log, undo and bots."""

    def __init__(
        self,
        game: Game,
        record: GameRecord,
        *,
        persist: Callable[[Table], None] | None = None,
        save_id: int | None = None,
        revision: int = 0,
        bot_delay: float = 0.35,
    ) -> None:
        self.game = game
        self.record = record
        self.persist = persist
        self.save_id = save_id
        #: The save's revision this table last read or wrote (see ``Store.persist``).
        self.revision = revision
        self.bot_delay = bot_delay
        loaded = replay(game, record)
        self.state: State = loaded.state
        self.applied: list[Applied] = loaded.applied
        self.version = 0
        self._listeners: list[Listener] = []
        self._bots: dict[int, Bot] = {}
        self._bot_task: asyncio.Task[None] | None = None
        self._bot_rng = random.Random(record.seed ^ 0x5EED)
        self._turns: dict[tuple[int | None, str], Turn[Any]] = {}
        #: Per seat: the applied list its log lines were read from, how many of its actions
        #: they cover, the names they were written with, and the lines (see :meth:`log_for`).
        self._logs: dict[tuple[int | None, str],
                         tuple[list[Applied], int, list[str], list[str]]] = {}
        self.bot_error: str | None = None
        self.save_error: str | None = None

    @classmethod
    def new(
        cls,
        game: Game,
        seats: Sequence[SeatSpec],
        seed: int,
        options: dict[str, Any] | None = None,
        **kwargs: Any,
    ) -> Table:
        """Set up a new game; raises ``ValueError`` for a bad seat count, level or option.

        A plain ``bot`` seat gets the game's default level, written into the record.
        """
        game.check_seats(len(seats))
        resolved = []
        for spec in seats:
            if spec.is_bot:
                spec = SeatSpec(spec.name, f"bot:{game.check_level(spec.bot_level)}")
            resolved.append(spec)
        record = GameRecord(
            game=game.id,
            seed=seed,
            seats=resolved,
            options=game.resolve_options(options),
            rules_version=game.rules_version,
        )
        return cls(game, record, **kwargs)

    # -- reading ----------------------------------------------------------------------------
    @property
    def names(self) -> list[str]:
        """The seats' names as screens may draw them (control characters made visible: the
        one place names from setup, records and logins enter the screens)."""
        return [visible(name) for name in self.record.names]

    @property
    def seats(self) -> list[SeatSpec]:
        return self.record.seats

    @property
    def is_over(self) -> bool:
        return self.state.is_over()

    @property
    def has_secrets(self) -> bool:
        """Whether seats hold secrets in this game with these options (hot-seat curtains)."""
        return self.game.has_secrets(self.record.options)

    def events(self) -> list[Event]:
        """The log: what setup did, then every played action's events."""
        played = [event for entry in self.applied for event in entry.events]
        return [*self.state.setup_events, *played]

    def log_for(self, seat: int | None) -> list[str]:
        """The log as ``seat`` may read it, names filled in (plain text, not markup).

        Played actions only add to the log, so each seat's lines are kept and only the events
        of actions played since are put into words (a redraw per key press would otherwise
        word the whole game again); an undo, a reload or a step rolled back starts afresh."""
        applied, names = self.applied, self.names
        domain = module_domain(type(self.game).__module__)
        # kept per reader's language too: the players of one SSH table read it in theirs
        key = (seat, current_language())
        kept = self._logs.get(key)
        if (kept is None or kept[0] is not applied or kept[1] > len(applied)
                or kept[2] != names):
            lines = [render_names(event.text_for(seat, domain), names) for event in self.events()]
        else:
            lines = kept[3]
            lines += [render_names(event.text_for(seat, domain), names)
                      for entry in applied[kept[1]:] for event in entry.events]
        self._logs[key] = (applied, len(applied), names, lines)
        return list(lines)

    def human_seats(self) -> list[int]:
        return [i for i, spec in enumerate(self.seats) if not spec.is_bot]

    def bot_seats_to_act(self) -> list[int]:
        return [seat for seat in self.state.to_act() if self.seats[seat].is_bot]

    def to_act(self) -> tuple[int, ...]:
        return self.state.to_act()

    def result(self) -> Any:
        return self.state.result()

    def undoable_steps(self, seat: int) -> int:
        """How many of the latest actions ``seat`` may take back in a row: its own run of quiet
        steps (the steps of one split or payment), stopping at another seat's action or at new
        information (a roll, a draw, a reveal)."""
        return undoable_steps(self.applied, seat)

    def can_undo(self, seat: int) -> bool:
        return self.undoable_steps(seat) > 0

    def turn(self, seat: int | None) -> Turn[Any]:
        """The snapshot of what ``seat`` may know and do now, computed once per change."""
        key = (seat, current_language())  # its prompt is in the reader's language
        cached = self._turns.get(key)
        if cached is not None and cached.version == self.version:
            return cached
        state = self.state
        over = state.is_over()
        to_act = () if over else tuple(state.to_act())
        acting = seat is not None and seat in to_act
        names = tuple(self.names)
        turn: Turn[Any] = Turn(
            seat=seat,
            view=state.view(seat),
            legal=tuple(state.legal_actions(seat)) if acting and seat is not None else (),
            # the game's question as a message id or a Say, put in the reader's words here
            prompt=(render_names(render(state.prompt(seat)), names)
                    if acting and seat is not None else ""),
            acting=acting,
            undoable=self.undoable_steps(seat) if seat is not None and not over else 0,
            version=self.version,
            names=names,
            to_act=to_act,
            bots_to_act=tuple(s for s in to_act if self.seats[s].is_bot),
            over=over,
            trouble=self.save_error or self.bot_error,
        )
        self._turns[key] = turn
        return turn

    def keep_turn(self, turn: Turn[Any]) -> None:
        """Keep ``turn`` as this version's snapshot of its seat, for this reader's language (a
        subclass's changed snapshot, kept like :meth:`turn` keeps its own)."""
        self._turns[(turn.seat, current_language())] = turn

    def why_not(self, seat: int, *actions: Action | str) -> str | None:
        """Why ``seat`` may not play these steps now (names filled in), or ``None`` if it may.

        The rules answer: the steps are tried on a copy with the rules' own checks.
        """
        try:
            parsed = [self._parse(action) for action in actions]
            if len(parsed) == 1:
                self.state.refuse(seat, parsed[0])
            else:
                trial = self.state.clone()
                for action in parsed:
                    trial.apply(seat, action)
        except IllegalAction as exc:
            return render_names(render(exc.reason), self.names)
        return None

    # -- changing ---------------------------------------------------------------------------
    def _parse(self, action: Action | str) -> Action:
        return self.game.parse_action(action) if isinstance(action, str) else action

    def play(self, seat: int, *actions: Action | str) -> list[Event]:
        """Apply one or several steps (objects or notation) for ``seat``: all or none, then one
        save and one notification. Returns the events of all steps.

        Raises :class:`IllegalAction` with the reason when a step cannot be read or the rules
        forbid it, and :class:`SaveFailed` when the result cannot be saved; in both cases
        nothing changes. When another writer saved the game first (:class:`SaveConflict`) the
        table takes their record, and the choice is played again on top of it while it still
        stands (:meth:`_still_stands`); otherwise the conflict is raised.
        """
        if not actions:
            return []
        parsed = [self._parse(action) for action in actions]
        refused: SaveConflict | None = None
        for _attempt in range(REBASES + 1):
            base = list(self.record.actions)
            try:
                events = self._apply(seat, parsed)
            except IllegalAction:
                if refused is not None:
                    raise refused from None
                raise
            try:
                self._commit(partial(self._roll_back, len(base), None))
            except SaveConflict as conflict:
                refused = conflict
                if not self._still_stands(seat, base):
                    raise
                continue  # the same choice, laid on the other writer's moves
            return events
        assert refused is not None
        raise refused

    def _apply(self, seat: int, parsed: list[Action]) -> list[Event]:
        """Apply ``parsed`` for ``seat`` in memory, all or none (not saved)."""
        before = len(self.applied)
        backup = self.state.clone() if len(parsed) > 1 else None
        events: list[Event] = []
        try:
            for action in parsed:
                step = self.state.apply(seat, action)
                self.record.actions.append((seat, str(action)))
                self.applied.append(Applied(seat, str(action), step))
                events.extend(step)
        except IllegalAction:
            self._roll_back(before, backup)
            raise
        return events

    def _still_stands(self, seat: int, base: list[tuple[int, str]]) -> bool:
        """After a refused save (the table now holds the other writer's record): whether
        ``seat``'s refused choice still stands, so it may be played again on top. It does when
        the other writer only added other seats' moves to the game this choice was made in, the
        seat must still act, and those moves left it the very same choices: players deciding
        at once (a Sixty-One round, each on their own node) never see each other's pick, so
        the order their picks reach the store in cannot matter. Anything else (the seat's own
        move made elsewhere, an undo, a stand-in) is the player's to see first."""
        newer = self.record.actions
        if newer[:len(base)] != base:
            return False
        if any(other == seat for other, _action in newer[len(base):]):
            return False
        if seat not in self.state.to_act():
            return False
        then = replay(self.game, self.record, upto=len(base)).state
        return _choices(then, seat) == _choices(self.state, seat)

    def take_back(self, seat: int, steps: int = 1) -> None:
        """Undo ``seat``'s latest ``steps`` quiet steps with one replay, one save and one
        notification (the undo policy: see :meth:`undoable_steps`)."""
        if steps < 1 or steps > self.undoable_steps(seat):
            raise IllegalAction("nothing to undo: undo stops at new information or another seat")
        taken = self.record.actions[-steps:]
        del self.record.actions[-steps:]
        self._reload()

        def restore() -> None:
            self.record.actions.extend(taken)
            self._reload()

        self._commit(restore)

    def undo(self, seat: int) -> None:
        """Take back ``seat``'s last step."""
        self.take_back(seat, 1)

    def _reload(self) -> None:
        loaded = replay(self.game, self.record)
        self.state, self.applied = loaded.state, loaded.applied
        self._logs.clear()

    def _roll_back(self, before: int, backup: State | None) -> None:
        """Forget the steps played since ``before``: restore the copy taken before several
        steps, or replay when a single applied step must go (a failed save)."""
        changed = len(self.applied) > before
        del self.record.actions[before:]
        del self.applied[before:]
        self._logs.clear()
        if backup is not None:
            self.state = backup
        elif changed:
            self._reload()

    def _commit(self, undo_change: Callable[[], None]) -> None:
        """Save the change just made, then tell everyone; if saving fails, undo the change."""
        try:
            if self.persist is not None:
                self.persist(self)
        except SaveConflict as conflict:
            self.record = conflict.record
            self.revision = conflict.revision
            self._reload()
            self.save_error = None
            self._changed()
            raise
        except SaveFailed as exc:
            undo_change()
            self.save_error = _("Not saved: {problem}. Your move was not played.").format(
                problem=exc)
            self._changed()
            raise
        self.save_error = None
        self._changed()

    def save(self) -> None:
        """Save the record as it stands (the moves are saved as played; this checks it)."""
        if self.persist is not None:
            self.persist(self)

    def _changed(self) -> None:
        self.version += 1
        self._notify()
        self._keep_bots_moving()

    # -- listeners --------------------------------------------------------------------------
    def subscribe(self, listener: Listener) -> None:
        self._listeners.append(listener)

    def unsubscribe(self, listener: Listener) -> None:
        if listener in self._listeners:
            self._listeners.remove(listener)

    def _notify(self) -> None:
        for listener in list(self._listeners):
            try:
                listener(self)
            except Exception:  # one broken screen must never stop the table for the others
                log.exception("a table listener failed; it is dropped")
                self.unsubscribe(listener)

    # -- bots -------------------------------------------------------------------------------
    def bot_for(self, seat: int) -> Bot:
        if seat not in self._bots:
            level = self.seats[seat].bot_level
            self._bots[seat] = self.game.make_bot(level, seed=self.record.seed + seat)
        return self._bots[seat]

    def hint_job(self, seat: int, budget: Any) -> Callable[[], Any]:
        """A job weighing ``seat``'s choices now, as the coach's hint (``tulipgames.coach.hint``),
        safe to run in a thread: on a copy of the position determinized for the seat (the hidden
        cards re-dealt, as the bots get it), so it knows only what the seat may see."""
        from tulipgames.coach.hint import hint, hint_rng

        rng = hint_rng(self.record.seed, len(self.record.actions))
        world = self.state.determinize(seat, rng)
        return lambda: hint(self.game, world, seat, rng, budget)

    def mark_hinted(self, seat: int) -> None:
        """Note in the record that ``seat`` asked the coach (History and the high scores say
        "(hints)"); saved now if it can be, else with the next move."""
        if seat not in self.record.hints:
            self.record.hints.append(seat)
            with contextlib.suppress(SaveFailed):
                self.save()

    def think_job(self, seat: int) -> Callable[[], Action]:
        """A job computing ``seat``'s bot action on a determinized copy, safe to run in a thread."""
        bot = self.bot_for(seat)
        private = self.state.determinize(seat, self._bot_rng)
        rng = random.Random(self._bot_rng.getrandbits(64))
        return lambda: bot_move(bot, private, seat, rng)

    def _keep_bots_moving(self) -> None:
        try:
            asyncio.get_running_loop()
        except RuntimeError:
            return  # no event loop (tests, headless runs): run_bots_now drives the bots
        self.ensure_bots_running()

    def ensure_bots_running(self) -> None:
        """Start the bot driver if a bot must act and none is running (needs a running loop)."""
        if self._bot_task is not None and not self._bot_task.done():
            return
        if not self.bot_seats_to_act() or self.state.is_over():
            return
        self._bot_task = asyncio.get_running_loop().create_task(self._drive_bots())

    def stop_bots(self) -> None:
        """Cancel the bot driver (the table is closed)."""
        if self._bot_task is not None:
            self._bot_task.cancel()
            self._bot_task = None

    async def _drive_bots(self) -> None:
        failures = 0
        while not self.state.is_over():
            seats = self.bot_seats_to_act()
            if not seats:
                return
            seat, version = seats[0], self.version
            job = self.think_job(seat)
            await asyncio.sleep(self.bot_delay)
            try:
                action = await asyncio.to_thread(job)
                if version != self.version:
                    continue  # someone undid or played meanwhile: think again
                self.play(seat, action)
                failures = 0
            except SaveConflict:
                continue  # the table reloaded what another writer saved: think again
            except SaveFailed:
                # not played; try again once saving works (the screen shows the reason)
                await asyncio.sleep(SAVE_RETRY_SECONDS[min(failures, len(SAVE_RETRY_SECONDS) - 1)])
                failures += 1
            except IllegalAction as exc:
                self._bot_failed(_("{name}'s bot chose an illegal move: {problem}").format(
                    name=self.names[seat], problem=render(exc.reason)))
                return
            except Exception as exc:  # a bot crash must not freeze silently
                log.exception("bot of seat %s failed", seat)
                self._bot_failed(_("{name}'s bot stopped: {problem}").format(
                    name=self.names[seat], problem=exc))
                return

    def _bot_failed(self, message: str) -> None:
        self.bot_error = message
        self.version += 1
        self._notify()

    def run_bots_now(self) -> None:
        """Play every pending bot action synchronously (tests, headless simulation)."""
        while not self.state.is_over() and self.bot_seats_to_act():
            seat = self.bot_seats_to_act()[0]
            self.play(seat, self.think_job(seat)())


def _choices(state: State, seat: int) -> list[str]:
    """What ``seat`` may do in ``state``, in notation (to compare two positions' choices)."""
    return sorted(str(action) for action in state.legal_actions(seat))

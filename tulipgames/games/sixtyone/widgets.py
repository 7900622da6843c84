"""The Sixty-One dice sheet: the roll with its role marks, the six areas, the leaf row, the score
column and every player's totals, in one keyboard-driven widget.

The widget draws a :class:`~tulipgames.table.Turn` of a
:class:`~tulipgames.games.sixtyone.rules.SixtyOneView` and posts :class:`ActionChosen`; what may
be picked comes only from ``turn.legal``, and every number, bonus and reason comes from the view.
A choice is built in steps (area die, write die, spot) and then confirmed with ``y``: Enter alone
never finishes a choice, so Enter pressed on and on cannot play a default move for the next seat.
Spots are drawn as 3-cell boxes (see :data:`LEGEND`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rich.cells import cell_len
from rich.text import Text
from textual.binding import Binding
from textual.widget import Widget

from tulipgames.engine.core import Action
from tulipgames.games.sixtyone.data import (
    AREA_NAMES,
    AREAS,
    BURROW_ACORNS,
    LEAVES,
    MAX_ROUNDS,
    MUG_ACORNS,
    MUSHROOM_ACORNS,
    WATERLILY_ACORNS,
)
from tulipgames.games.sixtyone.rules import EMPTY, LeafOnly, Place, PlaceX, SixtyOneView, X
from tulipgames.i18n import N_, _, ngettext, render
from tulipgames.table import Turn
from tulipgames.tui.screens.messages import ActionChosen
from tulipgames.tui.widgets import RowPainted
from tulipgames.tui.widgets.common import name_and_level

DIE_LETTERS = "ABC"

#: What the spot boxes mean; every number in round brackets is acorns, never a required value.
LEGEND = N_("(n) empty, worth n acorns  [n] written  <n> fits  »n« cursor  mug k takes only k")

#: Two-line area labels for the compact layout (number and name, each line at most 10 cells),
#: one message each so that a translation breaks a long name where it reads well.
SHORT_LABELS = {
    # Translators: an area's label on one or two lines of at most 10 characters each (the
    # second line indented by two spaces, as in "2 Water-\n  lilies").
    1: N_("1 Pumpkins"),
    # Translators: an area's label on one or two lines of at most 10 characters each.
    2: N_("2 Water-\n  lilies"),
    # Translators: an area's label on one or two lines of at most 10 characters each.
    3: N_("3 Marsh-\n  mallows"),
    # Translators: an area's label on one or two lines of at most 10 characters each.
    4: N_("4 Mugs"),
    # Translators: an area's label on one or two lines of at most 10 characters each.
    5: N_("5 Fox\n  burrows"),
    # Translators: an area's label on one or two lines of at most 10 characters each.
    6: N_("6 Mush-\n  rooms"),
}


def short_label(area: int) -> tuple[str, str]:
    """An area's two-line label for the compact layout, in the reader's language:
    ``("2 Water-", "  lilies")`` (the second line "" for a short name)."""
    first, _newline, second = _(SHORT_LABELS[area]).partition("\n")
    return first, second

#: Where each spot's box sits in an area drawing: (line, column) per spot, 1-based spots.
SPOT_AT: dict[int, dict[int, tuple[int, int]]] = {
    1: {1: (1, 1), 2: (1, 4), 3: (1, 9), 4: (1, 12)},
    2: {1: (0, 2), 2: (0, 6), 3: (0, 10), 4: (2, 10), 5: (2, 6)},
    3: {1: (2, 1), 2: (1, 1), 3: (2, 8), 4: (1, 8), 5: (0, 8)},
    4: {1: (0, 1), 2: (0, 6), 3: (0, 11), 4: (1, 3), 5: (1, 8), 6: (1, 13)},
    5: {1: (2, 0), 2: (2, 6), 3: (2, 12), 4: (1, 3), 5: (1, 9), 6: (0, 6)},
    6: {1: (0, 2), 2: (0, 6), 3: (0, 10), 4: (2, 10), 5: (2, 6)},
}

#: Per area and drawing line: (column, spot) of its boxes, left to right.
SPOT_COLUMNS: dict[int, list[list[tuple[int, int]]]] = {
    area: [sorted((col, spot) for spot, (row, col) in spots.items() if row == line)
           for line in range(3)]
    for area, spots in SPOT_AT.items()
}

#: The lines drawn around the boxes (pumpkin outlines, path arrows, skewer sticks, mug numbers).
FRAMES: dict[int, tuple[str, str, str]] = {
    1: ("╭─P1 3─╮╭─P2 3─╮", "│      ││      │", "╰─O──o─╯╰─o──O─╯"),
    2: ("F▶   →   →", "           ↓", "         ←"),
    3: ("  ╷        =5", "    =3", ""),
    4: ("1    2    3", "  4    5    6", ""),
    5: ("", "", ""),
    6: ("M▶   →   →", "           ↓", "         ←"),
}

#: The acorns an empty spot shows (pumpkins and skewers pay per complete group: blank).
SPOT_ACORNS = {2: WATERLILY_ACORNS, 4: MUG_ACORNS, 5: BURROW_ACORNS, 6: MUSHROOM_ACORNS}


def empty_hint(area: int, spot: int) -> str:
    """What an empty box shows: the spot's acorns, blank for pumpkin eyes and marshmallows."""
    acorns = SPOT_ACORNS.get(area)
    return " " if acorns is None else str(acorns[spot - 1])


def fit(text: Text | str, width: int) -> Text:
    """Pad or cut a line to exactly ``width`` terminal cells (wide characters count double)."""
    line = Text(text) if isinstance(text, str) else text.copy()
    line.truncate(width, overflow="ellipsis", pad=True)
    return line


@dataclass
class Selection:
    """The choice being built: dice indices for area and write, the die and spot cursors, and
    the action waiting for its confirmation."""

    area_die: int | None = None
    write_die: int | None = None
    die_cursor: int = 0
    spot_cursor: int = 0
    confirm: Action | None = None


class DiceSheet(RowPainted, Widget, can_focus=True):
    """One seat's score sheet and the shared roll; builds a choice from the keyboard."""

    BINDINGS = [
        # Translators: footer key labels are short (the footer holds them all at 80 columns).
        Binding("a", "die(0)", N_("dice"), key_display="a b c"),
        Binding("b", "die(1)", N_("Die B"), show=False),
        Binding("c", "die(2)", N_("Die C"), show=False),
        Binding("left", "move(-1)", N_("move"), key_display="←→"),
        Binding("right", "move(1)", N_("Move"), show=False),
        Binding("up", "move(-1)", N_("Move"), show=False),
        Binding("down", "move(1)", N_("Move"), show=False),
        Binding("enter", "pick", N_("pick")),
        Binding("y", "confirm", N_("confirm")),
        Binding("tab", "next_sheet(1)", N_("sheets")),
        Binding("shift+tab", "next_sheet(-1)", N_("Sheets"), show=False),
        *(Binding(str(area), f"jump({area})", N_("Area"), show=False) for area in AREAS),
    ]

    DEFAULT_CSS = """
    DiceSheet { height: 1fr; width: 1fr; padding: 0 0; }
    DiceSheet:focus { background: $surface; }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.turn: Turn[SixtyOneView] | None = None
        self.acting = False
        self.shown: int = 0
        self.sel = Selection()
        #: Why the last key did nothing (shown on the help line until the next key).
        self.note: str | None = None
        #: The placement this widget last played, so that Esc on its X can pick it up again.
        self.placed: Place | None = None
        self._key: tuple[object, ...] = ()
        #: Each seat's bot level (``None``: a human), shown beside the names.
        self.levels: tuple[str | None, ...] = ()

    # -- input from the screen --------------------------------------------------------------
    def show_turn(self, turn: Turn[SixtyOneView], acting: bool,
                  levels: tuple[str | None, ...] = ()) -> None:
        """Take a new turn; a new decision (new roll, next seat, pending X) resets the choice.
        ``levels``: each seat's bot level, beside its name."""
        self.levels = levels
        view = turn.view
        key = (view.round, view.pending_x, turn.legal, turn.seat)
        self.turn, self.acting = turn, acting
        if key != self._key:
            self._key = key
            self.sel = Selection()
            self.note = None
            self.shown = turn.seat if turn.seat is not None else 0
            if self.stage != "x":
                self.placed = None  # only the X right after it may take a placement back
            self._first_die()
        self._changed()

    @property
    def view(self) -> SixtyOneView | None:
        return self.turn.view if self.turn is not None else None

    @property
    def seat(self) -> int | None:
        return self.turn.seat if self.turn is not None else None

    @property
    def legal(self) -> tuple[Action, ...]:
        return self.turn.legal if self.turn is not None and self.acting else ()

    @property
    def dice(self) -> tuple[int, int, int]:
        return self.view.dice if self.view is not None else (0, 0, 0)

    # -- what may be picked, from turn.legal --------------------------------------------------
    @property
    def places(self) -> list[Place]:
        return [a for a in self.legal if isinstance(a, Place)]

    @property
    def stage(self) -> str:
        """``watch``, ``x``, ``leaf``, ``area``, ``write``, ``spot`` or ``confirm``."""
        legal = self.legal
        if not legal:
            return "watch"
        if self.sel.confirm is not None:
            return "confirm"
        if isinstance(legal[0], PlaceX):
            return "x"
        if isinstance(legal[0], LeafOnly):
            return "leaf"
        if self.sel.area_die is None:
            return "area"
        if self.sel.write_die is None:
            return "write"
        return "spot"

    @staticmethod
    def _roles(area: int | None, write: int | None) -> list[tuple[int, int, int]]:
        """Dice index triples (area, write, leaf) consistent with the picks so far."""
        return [(i, j, 3 - i - j) for i in range(3) for j in range(3)
                if i != j and area in (None, i) and write in (None, j)]

    def _places_for(self, roles: tuple[int, int, int]) -> list[Place]:
        area, write, leaf = (self.dice[r] for r in roles)
        return [p for p in self.places if (p.area, p.write, p.leaf) == (area, write, leaf)]

    def pickable_dice(self) -> list[int]:
        """Dice that lead to at least one legal spot in the current stage."""
        stage = self.stage
        if stage == "leaf":
            values = {a.leaf for a in self.legal if isinstance(a, LeafOnly)}
            return [i for i, d in enumerate(self.dice) if d in values]
        if stage == "area":
            return sorted({r[0] for r in self._roles(None, None) if self._places_for(r)})
        if stage == "write":
            return sorted({r[1] for r in self._roles(self.sel.area_die, None)
                           if self._places_for(r)})
        return []

    def targets(self) -> list[tuple[int, int]]:
        """(area, spot) boxes highlighted now, in sheet order; the cursor walks this list."""
        stage = self.stage
        if stage == "x":
            return [(a.area, a.spot) for a in self.legal if isinstance(a, PlaceX)]
        if stage == "confirm":
            action = self.sel.confirm
            return [(action.area, action.spot)] if isinstance(action, (Place, PlaceX)) else []
        if stage == "area":
            roles = self._roles(self.sel.die_cursor, None)
        elif stage == "write":
            roles = self._roles(self.sel.area_die, self.sel.die_cursor)
        elif stage == "spot":
            roles = self._roles(self.sel.area_die, self.sel.write_die)
        else:
            return []
        return sorted({(p.area, p.spot) for r in roles for p in self._places_for(r)})

    def chosen_action(self) -> Action | None:
        """The action the cursor points at now (``None`` while dice are still being picked)."""
        stage = self.stage
        if stage == "confirm":
            return self.sel.confirm
        if stage == "leaf":
            return LeafOnly(self.dice[self.sel.die_cursor])
        targets = self.targets()
        if stage not in ("x", "spot") or not targets:
            return None
        area, spot = targets[self.sel.spot_cursor % len(targets)]
        if stage == "x":
            return PlaceX(area, spot)
        assert self.sel.area_die is not None and self.sel.write_die is not None
        leaf = 3 - self.sel.area_die - self.sel.write_die
        return Place(area, self.dice[self.sel.write_die], self.dice[leaf], spot)

    def _first_die(self) -> None:
        pickable = self.pickable_dice()
        if pickable and self.sel.die_cursor not in pickable:
            self.sel.die_cursor = pickable[0]

    def why_not_die(self, index: int) -> str:
        """Why die ``index`` cannot be picked now, from the rules' reasons in the view (in the
        language of the one at the keyboard)."""
        die = _("Die {letter} ({value})").format(letter=DIE_LETTERS[index],
                                                  value=self.dice[index])
        stage, view = self.stage, self.view
        if stage == "write" and index == self.sel.area_die:
            return _("{die} is already the area die").format(die=die)
        reason = None
        if view is not None and stage in ("area", "write"):
            reason = view.why_not_die(*((index, None) if stage == "area"
                                        else (self.sel.area_die or 0, index)))
        if stage in ("spot", "confirm"):
            return _("The dice are picked: Esc to change them")
        if stage in ("x", "watch"):
            return _("No die to pick now")
        if stage == "area":
            return (_("{die} cannot be the area die: {reason}") if reason
                    else _("{die} cannot be the area die")).format(die=die, reason=render(reason)
                                                                    if reason else "")
        return (_("{die} cannot be the write die: {reason}") if reason
                else _("{die} cannot be the write die")).format(die=die, reason=render(reason)
                                                                 if reason else "")

    # -- stepping back (the screen's Esc) ---------------------------------------------------
    def can_step_back(self) -> bool:
        """Whether Esc undoes a pick of this choice (rather than leaving the game)."""
        return self.stage in ("write", "spot", "confirm") or (
            self.stage == "x" and self.turn is not None and self.turn.undoable > 0
        )

    def step_back(self) -> bool:
        """Undo the latest pick of the choice being built; False when none was made here."""
        stage = self.stage
        if stage == "confirm":
            self.sel.confirm = None
        elif stage == "spot":
            self.sel.die_cursor = self.sel.write_die or 0
            self.sel.write_die = None
        elif stage == "write":
            self.sel.die_cursor = self.sel.area_die or 0
            self.sel.area_die = None
        else:
            return False
        self.note = None
        self._first_die()
        self._changed()
        return True

    def pick_up(self, place: Place | None) -> None:
        """After the placement ``place`` was taken back: its dice picked again, the cursor on
        its spot, so that Esc on the X steps back exactly one step (``None``: a placement this
        widget did not make, e.g. before the game was resumed; nothing is picked then)."""
        if place is None:
            return
        for area_die, write_die, leaf_die in self._roles(None, None):
            values = (self.dice[area_die], self.dice[write_die], self.dice[leaf_die])
            if values == (place.area, place.write, place.leaf):
                self.sel.area_die, self.sel.write_die = area_die, write_die
                break
        targets = self.targets()
        if (place.area, place.spot) in targets:
            self.sel.spot_cursor = targets.index((place.area, place.spot))
        self.placed = None
        self._changed()

    # -- keys ---------------------------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The footer lists only the keys that do something in the current step."""
        stage = self.stage
        if action == "die":
            return stage in ("area", "write", "leaf")
        if action in ("move", "pick"):
            return stage in ("area", "write", "leaf", "spot", "x")
        if action == "confirm":
            return stage == "confirm"
        if action == "jump":
            return stage in ("spot", "x")
        return True

    def _changed(self) -> None:
        # only the rows that differ reach the terminal: a die picked changes two or three rows
        self.repaint()
        if self.is_attached:
            self.refresh_bindings()

    def _own_sheet(self) -> None:
        """A choosing key brings back the chooser's own sheet, and still does its job."""
        if self.seat is not None and self.acting:
            self.shown = self.seat

    def _refuse(self, note: str) -> None:
        self.note = note
        self.app.bell()
        self._changed()

    def action_die(self, index: int) -> None:
        self._own_sheet()
        if index not in self.pickable_dice():
            self._refuse(self.why_not_die(index))
            return
        self.sel.die_cursor = index
        self._pick_die()

    def _pick_die(self) -> None:
        stage, index = self.stage, self.sel.die_cursor
        self.note = None
        if stage == "leaf":
            self.sel.confirm = LeafOnly(self.dice[index])
        elif stage == "area":
            self.sel.area_die = index
        elif stage == "write":
            self.sel.write_die = index
        self.sel.spot_cursor = 0
        self._first_die()
        self._changed()

    def action_move(self, step: int) -> None:
        self._own_sheet()
        stage = self.stage
        if stage in ("area", "write", "leaf"):
            pickable = self.pickable_dice()
            if pickable:
                at = pickable.index(self.sel.die_cursor) if self.sel.die_cursor in pickable else 0
                self.sel.die_cursor = pickable[(at + step) % len(pickable)]
        elif stage in ("spot", "x"):
            count = len(self.targets())
            if count:
                self.sel.spot_cursor = (self.sel.spot_cursor + step) % count
        self.note = None
        self._changed()

    def action_jump(self, area: int) -> None:
        """Digits move the spot cursor to that area's first highlighted spot."""
        self._own_sheet()
        for index, (target_area, _spot) in enumerate(self.targets()):
            if target_area == area:
                self.sel.spot_cursor = index
                self.note = None
                self._changed()
                return
        self._refuse(_("No highlighted spot in {area}").format(area=_(AREA_NAMES[area])))

    def action_pick(self) -> None:
        """Enter: pick the die under the cursor, or choose the spot (then ``y`` confirms)."""
        self._own_sheet()
        stage = self.stage
        if stage in ("area", "write", "leaf"):
            if self.sel.die_cursor in self.pickable_dice():
                self._pick_die()
            else:
                self._refuse(self.why_not_die(self.sel.die_cursor))
        elif stage in ("spot", "x"):
            self.sel.confirm = self.chosen_action()
            self.note = None
            self._changed()

    def action_confirm(self) -> None:
        """``y``: play the choice shown; it is final."""
        action = self.sel.confirm
        if self.stage != "confirm" or action is None:
            return
        self._own_sheet()
        self.placed = action if isinstance(action, Place) else None
        self.post_message(ActionChosen(action))

    def action_next_sheet(self, step: int) -> None:
        if self.view is not None:
            self.shown = (self.shown + step) % self.view.seats
            self._changed()

    # -- drawing ------------------------------------------------------------------------------
    def paint(self) -> Text:
        if self.turn is None:
            return Text("")
        return SheetPainter(self, wide=self.size.width >= 90).paint()


#: Between two entries of the round summary.
SEPARATOR = " · "


def summary_lines(entries: Sequence[str], width: int, rows: int) -> list[Text]:
    """A round summary, ``"Round 4, dice 3 4 4:"`` then its entries, packed whole into at most
    ``rows`` lines of ``width`` cells. The heading is never cut (its dice are numbers); an entry
    goes whole on a line or on the next, and when some do not fit the last line counts them
    ("+9 more in the log", "+11 more", or "12 lines, see the log") instead of cutting one.
    Only an entry wider than a whole line is cut, with an ellipsis."""
    if rows < 1 or not entries:
        return []
    heading, rest = entries[0], list(entries[1:])
    packed: list[list[str]] = [[]]
    tail = ""  # the count of what is left to the log, if anything is

    def drawn(line: int, items: Sequence[str], tail: str = "") -> int:
        lead = cell_len(heading) + 1 if line == 0 else 2
        return lead + cell_len(SEPARATOR.join(items)) + cell_len(tail)

    for entry in rest:
        # a line that has an entry, or the heading, takes no more than fits
        if (packed[-1] or len(packed) == 1) and drawn(len(packed) - 1,
                                                       [*packed[-1], entry]) > width:
            packed.append([])
        packed[-1].append(entry)
    if len(packed) > rows:
        packed = packed[:rows]
        last = packed[-1]
        hidden = len(rest) - sum(len(items) for items in packed)

        def tails() -> list[str]:
            if not last:
                return [ngettext("{n} line, see the log", "{n} lines, see the log", hidden)
                        .format(n=hidden) if rows == 1
                        else _("+{n} in the log").format(n=hidden)]
            return [SEPARATOR + _("+{n} more in the log").format(n=hidden),
                    SEPARATOR + _("+{n} more").format(n=hidden)]

        while last and all(drawn(rows - 1, last, tail) > width for tail in tails()):
            last.pop()
            hidden += 1
        tail = next((tail for tail in tails() if drawn(rows - 1, last, tail) <= width),
                    tails()[-1])
        packed[-1] = [*last, tail]
    lines = []
    for line, items in enumerate(packed):
        text = Text(heading + " ", style="bold") if line == 0 else Text("  ")
        for index, item in enumerate(items):
            if index and not item.startswith(SEPARATOR):
                text.append(SEPARATOR, style="dim")
            text.append(item, style="dim" if tail and item is tail else "")
        lines.append(fit(text, width))
    return lines


class SheetPainter:
    """Lays the sheet out as lines of styled text (compact at 80x24, roomier when wide)."""

    def __init__(self, sheet: DiceSheet, wide: bool) -> None:
        assert sheet.turn is not None
        self.w = sheet
        self.turn = sheet.turn
        self.view = sheet.turn.view
        self.wide = wide
        self.seat = sheet.shown
        own = sheet.seat is not None and sheet.shown == sheet.seat
        target_list = sheet.targets() if own else []
        self.targets = set(target_list)
        self.cursor: tuple[int, int] | None = None
        if own and sheet.stage in ("spot", "x", "confirm") and target_list:
            self.cursor = target_list[sheet.sel.spot_cursor % len(target_list)]

    def name(self, seat: int) -> str:
        return self.turn.name(seat)

    # -- pieces ------------------------------------------------------------------------------
    def cell(self, area: int, spot: int) -> Text:
        value = self.view.sheets[self.seat][area - 1][spot - 1]
        if value == X:
            return Text("[X]", style="bold magenta")
        if value != EMPTY:
            return Text(f"[{value}]", style="bold")
        hint = empty_hint(area, spot)
        if (area, spot) == self.cursor:
            return Text(f"»{hint}«", style="bold reverse yellow")
        if (area, spot) in self.targets:
            return Text(f"<{hint}>", style="bold reverse green")
        return Text(f"({hint})", style="dim")

    def area_lines(self, area: int, width: int) -> list[Text]:
        """An area's three drawing lines, frame first, boxes laid over it (every box is three
        cells wide, so the frame is cut as plain text around them: a redraw per key press)."""
        lines = []
        for row, frame in enumerate(FRAMES[area]):
            plain = frame.ljust(width)[:width]
            line, at = Text(), 0
            for col, spot in SPOT_COLUMNS[area][row]:
                line.append(plain[at:col], style="dim")
                line.append_text(self.cell(area, spot))
                at = col + 3
            line.append(plain[at:], style="dim")
            lines.append(fit(line, width))
        return lines

    def status(self, area: int) -> Text:
        bonus = self.view.first_fill_bonus
        standing = self.view.standings[self.seat][area - 1]
        if standing == "due":
            return Text(_("+{bonus} at end").format(bonus=bonus), style="bold green")
        if standing == "open":
            return Text(_("open +{bonus}").format(bonus=bonus), style="green")
        if standing == "mine":
            claim = self.view.claims[area - 1] or ()
            # Translators: an area's first-fill bonus, claimed by these players.
            return Text(_("✓ by {names}").format(names=", ".join(self.name(s) for s in claim)),
                        style="bold cyan")
        return Text(_("✗ missed"), style="red")

    def label(self, area: int, width: int) -> list[Text]:
        first, second = short_label(area)
        whole = f"{area} {_(AREA_NAMES[area])}"
        if self.wide and cell_len(whole) < width:  # a name as long as the label: two lines
            first, second = whole, ""
        out = [Text(first, style="bold"), Text(second, style="bold"), self.status(area)]
        return [fit(t, width) for t in out]

    def dice_line(self, width: int) -> Text:
        view, w = self.view, self.w
        text = Text()
        text.append(_("Round {round}/{rounds}").format(round=view.round, rounds=MAX_ROUNDS) + " ",
                    style="bold")
        if view.over:
            text.append(" " + _("Game over") + " ", style="bold reverse")
        text.append(" " + _("Dice") + " ")
        stage = w.stage
        choosing = stage in ("area", "write", "leaf")
        pickable = set(w.pickable_dice())
        leaf_die = None
        if w.sel.area_die is not None and w.sel.write_die is not None:
            leaf_die = 3 - w.sel.area_die - w.sel.write_die
        for index, value in enumerate(view.dice):
            role = ""
            if w.sel.area_die == index:
                role = _(ROLES["area"])
            elif w.sel.write_die == index:
                role = _(ROLES["write"])
            elif index == leaf_die or (stage == "confirm" and isinstance(w.sel.confirm, LeafOnly)
                                       and view.dice[index] == w.sel.confirm.leaf):
                role = _(ROLES["leaf"])
            elif choosing and index == w.sel.die_cursor:
                role = _(ROLES["leaf" if stage == "leaf" else stage]) + "?"
            label = f"{DIE_LETTERS[index]}:{value}" + (f" {role}" if role else "")
            if choosing and index == w.sel.die_cursor:
                text.append(f"▸{label}◂", style="bold reverse yellow")
            elif choosing and index not in pickable:
                text.append(f"[{label}]", style="dim strike")
            else:
                text.append(f"[{label}]", style="bold")
            text.append(" ")
        mine = w.seat is not None and self.seat == w.seat
        text.append(" " + _("Sheet:") + " ", style="italic")
        text.append(self.name(self.seat), style="italic")
        if mine:
            text.append(" " + _("(you)"), style="italic")
        return fit(text, width)

    def score_lines(self, width: int) -> list[Text]:
        view, seat = self.view, self.seat
        row = view.scores[seat]
        head = Text(_("SCORE") + " ", style="bold underline")
        head.append(self.name(seat), style="bold underline")
        lines = [fit(head, width)]
        name_w = width - 9
        for area in AREAS:
            standing = view.standings[seat][area - 1]
            mark = {"mine": f"+{view.first_fill_bonus}", "missed": " -"}.get(standing, "")
            sub = view.subtotals[seat][area - 1]
            name = f"{area} {_(AREA_NAMES[area])}"
            if cell_len(name) > name_w:  # a long translated name goes whole, without its number
                name = _(AREA_NAMES[area])
            lines.append(fit(Text.assemble(fit(name, name_w), f"{sub:>3}{mark:>3}"), width))
        lines.append(fit(Text.assemble(fit("  " + _("Leaf bonus"), name_w), f"{row[-1]:>3}"),
                         width))
        total = Text.assemble(fit("  " + _("TOTAL"), name_w), f"{sum(row):>3}", style="bold")
        lines.append(fit(total, width))
        return lines

    def leaf_lines(self, width: int) -> list[Text]:
        leaves = self.view.leaves[self.seat]
        total = self.view.leaf_total(self.seat)
        marks = self.view.leaf_marks[self.seat]
        bonus_totals = {mark[0] for mark in marks}
        text = Text(_("Leaves") + " ", style="bold")
        for index in range(LEAVES):
            if index < len(leaves):
                value = leaves[index]
                text.append(f"{value:>2}", style="bold green" if value in bonus_totals else "")
            elif index == len(leaves):
                text.append("▸_", style="bold yellow")
            else:
                text.append(" ·", style="dim")
            text.append(" ")
        line = Text(_("Bonus") + "  ", style="bold")
        styles = {"gained": ("✓", "bold green"), "missed": ("✗", "dim strike"), "open": ("·", "")}
        for target, bonus, status in marks:
            sign, style = styles[status]
            line.append(f"{sign}{target}:{bonus}", style=style)
            line.append(" ")
        upcoming = [target for target, _bonus, status in marks if status == "open"]
        if upcoming:
            line.append(" " + _("total {total}, next {next} needs {need}").format(
                total=total, next=upcoming[0], need=upcoming[0] - total), style="italic")
        else:
            line.append(" " + _("total {total}").format(total=total), style="italic")
        return [fit(text, width), fit(line, width)]

    def player_cell(self, seat: int, name_width: int) -> Text:
        """One seat in the players' list: ▶ the seat at this keyboard while it chooses, ✓ has
        chosen this round (what, the round summary tells when the round ends)."""
        view, turn = self.view, self.turn
        choosing = seat == turn.seat and turn.acting
        marker = "✓" if seat in view.chosen else "▶" if choosing else " "
        style = "bold reverse" if choosing else "bold" if seat == self.seat else ""
        cell = Text(marker, style=style)
        levels = self.w.levels
        level = levels[seat] if seat < len(levels) else None
        cell.append_text(name_and_level(self.name(seat), level, name_width, style))
        return cell

    def player_lines(self, width: int, rows: int) -> list[Text]:
        """Every seat's running score and leaf total: a table when there is room, else packed
        several to a line (names cut by terminal cells to make every seat fit)."""
        view = self.view
        if self.wide and rows >= view.seats + 1:
            heads = _("Player"), _("score"), _("leaf"), _("first-fill")
            lines = [fit(Text(f" {heads[0]:<14}{heads[1]:>6}{heads[2]:>6}{heads[3]:>12}",
                              style="bold underline"), width)]
            for seat in range(view.seats):
                claimed = view.standings[seat].count("mine")
                line = self.player_cell(seat, 14)
                line.append(f"{sum(view.scores[seat]):>6}{view.leaf_total(seat):>6}"
                            f"{claimed:>12}")
                lines.append(fit(line, width))
            return lines
        head = _("Score/leaf") + " "
        per_line = -(-view.seats // max(1, rows))
        cell_width = (width - len(head)) // per_line
        name_width = max(3, min(10, cell_width - 8))
        lines = []
        for first in range(0, view.seats, per_line):
            line = Text(head if first == 0 else " " * len(head), style="bold")
            for seat in range(first, min(view.seats, first + per_line)):
                cell = self.player_cell(seat, name_width)
                cell.append(f" {sum(view.scores[seat])}/{view.leaf_total(seat)}")
                line.append_text(fit(cell, cell_width))
            lines.append(fit(line, width))
        return lines

    def round_lines(self, width: int, rows: int) -> list[Text]:
        """The last round's summary (each seat's choice, then the first-fill claims), packed
        into ``rows`` lines; what does not fit is left to the log."""
        return summary_lines([self.turn.text(render(line)) for line in self.view.last_round],
                             width, rows)

    def help_line(self, width: int) -> Text:
        w, stage = self.w, self.w.stage
        if w.note:
            return fit(Text(w.note, style="bold red"), width)
        text = Text(_(HELP[stage]), style="bold")
        action = w.chosen_action()
        if action is not None and stage in ("spot", "x", "confirm"):
            text.append(f"  → {describe(action)}", style="italic")
        return fit(text, width)

    # -- layout ------------------------------------------------------------------------------
    def paint(self) -> Text:
        total_width = max(60, self.w.size.width)
        height = self.w.size.height
        if self.wide:
            label_w, draw_w, gap = 15, 18, 2
        else:
            label_w, draw_w, gap = 11, 17, 0
        block = label_w + draw_w + gap
        side = max(18, min(36, total_width - 2 * block - 1))
        room = height - 14  # rows left beside the dice, areas, leaves, legend and help lines
        players = self.player_lines(total_width, max(1, room if self.wide else min(room, 3)))
        spare = room - len(players)
        summary = self.round_lines(total_width, spare - 1 if self.wide else spare)
        spare -= len(summary)
        # Spare rows become blank lines: between the area rows first, then around them.
        gaps = {name: spare > rank for rank, name in
                enumerate(("rows12", "rows23", "dice", "areas", "leaves"))}
        out: list[Text] = [self.dice_line(total_width)]
        if gaps["dice"]:
            out.append(Text(""))
        score = self.score_lines(side)
        score_at = 0
        for pair, gap_name in (((1, 2), "rows12"), ((3, 4), "rows23"), ((5, 6), "areas")):
            columns = []
            for area in pair:
                labels = self.label(area, label_w)
                drawing = self.area_lines(area, draw_w)
                columns.append([Text.assemble(lab, draw, " " * gap)
                                for lab, draw in zip(labels, drawing, strict=True)])
            for row in range(3):
                right = score[score_at] if score_at < len(score) else Text("")
                score_at += 1
                out.append(Text.assemble(columns[0][row], columns[1][row], " ", right))
            if gaps[gap_name]:
                out.append(Text(""))
        out.extend(self.leaf_lines(total_width))
        out.append(fit(Text(_(LEGEND), style="dim"), total_width))
        if gaps["leaves"]:
            out.append(Text(""))
        out.extend(players)
        out.extend(summary)
        out.append(self.help_line(total_width))
        return Text("\n").join(out)


#: What the help line says in each step of a choice.
HELP = {
    "watch": N_("Tab: look at another sheet."),
    "area": N_("Pick the AREA die: a/b/c, or ◀▶ and Enter."),
    "write": N_("Pick the WRITE die: a/b/c, or ◀▶ and Enter. Esc: back."),
    "spot": N_("◀▶/1-6 spot, Enter chooses it, Esc back"),
    "x": N_("Place your X: ◀▶/1-6, Enter. Esc: undo the choice"),
    "leaf": N_("No placement fits: pick the LEAF die (a/b/c, or ◀▶ and Enter)."),
    "confirm": N_("y: confirm  Esc: change  "),
}

#: A die's role as the roll shows it beside the die ("A:3 area").
ROLES = {
    # Translators: a die's role beside it on the roll (the area die); keep it short.
    "area": N_("area"),
    # Translators: a die's role beside it on the roll (the write die); keep it short.
    "write": N_("write"),
    # Translators: a die's role beside it on the roll (the leaf die); keep it short.
    "leaf": N_("leaf"),
}


def describe(action: Action) -> str:
    """A choice in words for the help line (in the reader's language)."""
    if isinstance(action, PlaceX):
        return _("X in {area} {spot}").format(area=_(AREA_NAMES[action.area]), spot=action.spot)
    if isinstance(action, Place):
        return _("write {value} in {area} {spot}, leaf {leaf}").format(
            value=action.write, area=_(AREA_NAMES[action.area]), spot=action.spot,
            leaf=action.leaf)
    if isinstance(action, LeafOnly):
        return _("leaf {leaf}, nothing written").format(leaf=action.leaf)
    return str(action)

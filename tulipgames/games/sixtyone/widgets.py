"""The Sixty-One dice sheet: the roll with its role marks, the six areas, the leaf row, the score
column and every player's totals, in one keyboard-driven widget.

The widget renders a :class:`~tulipgames.games.sixtyone.rules.SixtyOneView` and posts
:class:`ActionChosen`; what may be picked comes only from ``view.legal`` (the state's legal
actions for the seat at the keyboard). Spots are drawn as 3-character cells:

``[5]`` a written value, ``[X]`` an X, ``(2)`` an empty spot showing its acorns (mugs show the
value they take), ``<2>`` a spot the current selection may fill, ``»2«`` the spot under the cursor.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rich.text import Text
from textual.actions import SkipAction
from textual.binding import Binding
from textual.widget import Widget

from tulipgames.engine.core import Action
from tulipgames.games.sixtyone.data import (
    AREA_NAMES,
    AREAS,
    BURROW_ACORNS,
    LEAF_BONUS,
    LEAVES,
    MAX_ROUNDS,
    MUSHROOM_ACORNS,
    WATERLILY_ACORNS,
)
from tulipgames.games.sixtyone.rules import (
    EMPTY,
    LeafOnly,
    Place,
    PlaceX,
    SixtyOneView,
    X,
    area_subtotal,
)
from tulipgames.tui.screens.messages import ActionChosen

DIE_LETTERS = "ABC"

#: Two-line area labels for the compact layout (number and name).
SHORT_LABELS = {
    1: ("1 Pumpkins", ""),
    2: ("2 Water-", "  lilies"),
    3: ("3 Marsh-", "  mallows"),
    4: ("4 Mugs", ""),
    5: ("5 Fox", "  burrows"),
    6: ("6 Mush-", "  rooms"),
}

#: Where each spot's cell sits in an area drawing: (line, column) per spot, 1-based spots.
SPOT_AT: dict[int, dict[int, tuple[int, int]]] = {
    1: {1: (1, 1), 2: (1, 4), 3: (1, 9), 4: (1, 12)},
    2: {1: (0, 2), 2: (0, 6), 3: (0, 10), 4: (2, 10), 5: (2, 6)},
    3: {1: (2, 1), 2: (1, 1), 3: (2, 8), 4: (1, 8), 5: (0, 8)},
    4: {1: (0, 0), 2: (0, 4), 3: (0, 8), 4: (1, 2), 5: (1, 6), 6: (1, 10)},
    5: {1: (2, 0), 2: (2, 6), 3: (2, 12), 4: (1, 3), 5: (1, 9), 6: (0, 6)},
    6: {1: (0, 2), 2: (0, 6), 3: (0, 10), 4: (2, 10), 5: (2, 6)},
}

#: The lines drawn around the cells (pumpkin outlines, path arrows, skewer sticks...).
FRAMES: dict[int, tuple[str, str, str]] = {
    1: ("╭─P1 3─╮╭─P2 3─╮", "│      ││      │", "╰─O──o─╯╰─o──O─╯"),
    2: ("F▶   →   →", "           ↓", "         ←"),
    3: ("  ╷        =5", "    =3", ""),
    4: ("", "", " mug 4 = 2 acorns"),
    5: ("", "", ""),
    6: ("M▶   →   →", "           ↓", "         ←"),
}


def empty_hint(area: int, spot: int) -> str:
    """What an empty cell shows: the spot's acorns, the mug's value, blank for pumpkin/skewer."""
    if area == 2:
        return str(WATERLILY_ACORNS[spot - 1])
    if area == 4:
        return str(spot)
    if area == 5:
        return str(BURROW_ACORNS[spot - 1])
    if area == 6:
        return str(MUSHROOM_ACORNS[spot - 1])
    return " "


@dataclass
class Selection:
    """The choice being built: dice indices for area and write, the die and spot cursors."""

    area_die: int | None = None
    write_die: int | None = None
    die_cursor: int = 0
    spot_cursor: int = 0


class DiceSheet(Widget, can_focus=True):
    """One seat's score sheet and the shared roll; plays a choice from the keyboard."""

    BINDINGS = [
        Binding("a", "die(0)", "Die A", show=False),
        Binding("b", "die(1)", "Die B", show=False),
        Binding("c", "die(2)", "Die C", show=False),
        Binding("left", "move(-1)", "move", key_display="←→"),
        Binding("right", "move(1)", "Move", show=False),
        Binding("up", "move(-1)", "Move", show=False),
        Binding("down", "move(1)", "Move", show=False),
        Binding("enter", "confirm", "pick"),
        Binding("backspace", "back", "back"),
        Binding("escape", "back", "Back", show=False),
        Binding("tab", "next_sheet", "sheets"),
        *(Binding(str(area), f"jump({area})", "Area", show=False) for area in AREAS),
    ]

    DEFAULT_CSS = """
    DiceSheet { height: 1fr; width: 1fr; padding: 0 0; }
    DiceSheet:focus { background: $surface; }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.view: SixtyOneView | None = None
        self.names: list[str] = []
        self.seat: int | None = None
        self.acting = False
        self.shown: int = 0
        self.sel = Selection()
        self._key: tuple[object, ...] = ()

    # -- input from the screen --------------------------------------------------------------
    def show_view(self, view: SixtyOneView, seat: int | None, acting: bool,
                  names: Sequence[str]) -> None:
        """Take a new view; a new decision (new roll, next seat, pending X) resets the choice."""
        key = (view.round, view.current, view.pending_x, view.legal, seat)
        self.view, self.seat, self.acting, self.names = view, seat, acting, list(names)
        if key != self._key:
            self._key = key
            self.sel = Selection()
            self.shown = seat if seat is not None else (view.current or 0)
            self._first_die()  # after taking the view: the cursor must suit the new roll
        self.refresh()

    # -- what may be picked, from view.legal ---------------------------------------------------
    @property
    def places(self) -> list[Place]:
        return [a for a in self.view.legal if isinstance(a, Place)] if self.view else []

    @property
    def stage(self) -> str:
        """``watch``, ``x``, ``leaf``, ``area``, ``write`` or ``spot``."""
        if not self.acting or self.view is None or not self.view.legal:
            return "watch"
        if self.view.pending_x:
            return "x"
        if all(isinstance(a, LeafOnly) for a in self.view.legal):
            return "leaf"
        if self.sel.area_die is None:
            return "area"
        if self.sel.write_die is None:
            return "write"
        return "spot"

    def _roles(self, area: int | None, write: int | None) -> list[tuple[int, int, int]]:
        """Dice index triples (area, write, leaf) consistent with the picks so far."""
        out = []
        for i in range(3):
            for j in range(3):
                if i != j and (area is None or i == area) and (write is None or j == write):
                    out.append((i, j, 3 - i - j))
        return out

    def _places_for(self, roles: tuple[int, int, int]) -> list[Place]:
        dice = self.view.dice if self.view else (0, 0, 0)
        area, write, leaf = (dice[r] for r in roles)
        return [p for p in self.places if (p.area, p.write, p.leaf) == (area, write, leaf)]

    def pickable_dice(self) -> list[int]:
        """Dice that lead to at least one legal spot in the current stage."""
        stage = self.stage
        if stage == "leaf":
            values = {a.leaf for a in self.view.legal if isinstance(a, LeafOnly)}
            return [i for i, d in enumerate(self.view.dice) if d in values]
        if stage == "area":
            return sorted({r[0] for r in self._roles(None, None) if self._places_for(r)})
        if stage == "write":
            return sorted({r[1] for r in self._roles(self.sel.area_die, None)
                           if self._places_for(r)})
        return []

    def targets(self) -> list[tuple[int, int]]:
        """(area, spot) cells highlighted now, in sheet order; the cursor walks this list."""
        stage = self.stage
        if stage == "x":
            return [(a.area, a.spot) for a in self.view.legal if isinstance(a, PlaceX)]
        if stage in ("area", "write", "spot"):
            if stage == "area":
                roles = self._roles(self.sel.die_cursor, None)
            elif stage == "write":
                roles = self._roles(self.sel.area_die, self.sel.die_cursor)
            else:
                roles = self._roles(self.sel.area_die, self.sel.write_die)
            spots = {(p.area, p.spot) for r in roles for p in self._places_for(r)}
            return sorted(spots)
        return []

    def chosen_action(self) -> Action | None:
        """The action Enter would play now (``None`` while dice are still being picked)."""
        stage = self.stage
        targets = self.targets()
        if stage == "x" and targets:
            area, spot = targets[self.sel.spot_cursor % len(targets)]
            return PlaceX(area, spot)
        if stage == "leaf":
            return LeafOnly(self.view.dice[self.sel.die_cursor])
        if stage == "spot" and targets:
            area, spot = targets[self.sel.spot_cursor % len(targets)]
            dice = self.view.dice
            leaf = 3 - self.sel.area_die - self.sel.write_die
            return Place(area, dice[self.sel.write_die], dice[leaf], spot)
        return None

    def _first_die(self) -> None:
        pickable = self.pickable_dice() if self.view is not None else []
        if pickable and self.sel.die_cursor not in pickable:
            self.sel.die_cursor = pickable[0]

    # -- keys ---------------------------------------------------------------------------------
    def _looking_away(self) -> bool:
        """Choosing keys first bring back the chooser's own sheet if another one is shown."""
        if self.seat is not None and self.shown != self.seat:
            self.shown = self.seat
            self.refresh()
            return True
        return False

    def action_die(self, index: int) -> None:
        if self._looking_away():
            return
        if index not in self.pickable_dice():
            self.app.bell()
            return
        self.sel.die_cursor = index
        self._pick_die()

    def _pick_die(self) -> None:
        stage, index = self.stage, self.sel.die_cursor
        if stage == "leaf":
            self.post_message(ActionChosen(LeafOnly(self.view.dice[index])))
            return
        if stage == "area":
            self.sel.area_die = index
        elif stage == "write":
            self.sel.write_die = index
        self.sel.spot_cursor = 0
        self._first_die()
        self.refresh()

    def action_move(self, step: int) -> None:
        if self._looking_away():
            return
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
        self.refresh()

    def action_jump(self, area: int) -> None:
        """Digits move the spot cursor to that area's first highlighted spot."""
        targets = self.targets()
        if self.stage not in ("spot", "x"):
            return
        for index, (target_area, _) in enumerate(targets):
            if target_area == area:
                self.sel.spot_cursor = index
                self.refresh()
                return
        self.app.bell()

    def action_confirm(self) -> None:
        if self._looking_away():
            return
        stage = self.stage
        if stage in ("area", "write", "leaf"):
            if self.sel.die_cursor in self.pickable_dice():
                self._pick_die()
            return
        action = self.chosen_action()
        if action is not None:
            self.post_message(ActionChosen(action))

    def action_back(self) -> None:
        stage = self.stage
        if stage == "spot":
            self.sel.die_cursor = self.sel.write_die or 0
            self.sel.write_die = None
        elif stage == "write":
            self.sel.die_cursor = self.sel.area_die or 0
            self.sel.area_die = None
        else:
            raise SkipAction()
        self._first_die()
        self.refresh()

    def action_next_sheet(self) -> None:
        if self.view is not None:
            self.shown = (self.shown + 1) % self.view.seats
            self.refresh()

    # -- drawing ------------------------------------------------------------------------------
    def render(self) -> Text:
        if self.view is None:
            return Text("")
        wide = self.size.width >= 90
        return SheetPainter(self, wide).paint()


class SheetPainter:
    """Lays the sheet out as lines of styled text (compact at 80x24, roomier when wide)."""

    def __init__(self, sheet: DiceSheet, wide: bool) -> None:
        self.w = sheet
        self.view = sheet.view
        self.wide = wide
        self.seat = sheet.shown
        self.names = sheet.names or [f"Seat {i + 1}" for i in range(self.view.seats)]
        own = sheet.seat is not None and sheet.shown == sheet.seat
        self.targets = set(sheet.targets()) if own else set()
        target_list = sheet.targets() if own else []
        stage = sheet.stage
        self.cursor: tuple[int, int] | None = None
        if own and stage in ("spot", "x") and target_list:
            self.cursor = target_list[sheet.sel.spot_cursor % len(target_list)]

    def name(self, seat: int) -> str:
        return self.names[seat] if seat < len(self.names) else f"Seat {seat + 1}"

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
        """An area's three drawing lines, frame first, cells laid over it."""
        lines = [Text(line.ljust(width)[:width], style="dim") for line in FRAMES[area]]
        for spot, (row, col) in SPOT_AT[area].items():
            cell = self.cell(area, spot)
            line = lines[row]
            before, after = line[:col], line[col + 3:]
            lines[row] = Text.assemble(before, cell, after)
        return [line[:width] if len(line) > width else line + " " * (width - len(line))
                for line in lines]

    def status(self, area: int) -> Text:
        claim = self.view.claims[area - 1]
        if claim is None and EMPTY not in self.view.sheets[self.seat][area - 1]:
            return Text("+3 at end", style="bold green")  # full: claimed at round end
        if claim is None:
            return Text("open +3", style="green")
        if self.seat in claim:
            names = ", ".join(self.name(s) for s in claim)
            return Text(f"✓ by {names}", style="bold cyan")
        return Text("✗ missed", style="red")

    def label(self, area: int, width: int) -> list[Text]:
        first, second = SHORT_LABELS[area]
        if self.wide:
            first, second = f"{area} {AREA_NAMES[area]}", ""
        out = [Text(first, style="bold"), Text(second, style="bold"), self.status(area)]
        return [fit(t, width) for t in out]

    def dice_line(self, width: int) -> Text:
        view, w = self.view, self.w
        text = Text()
        text.append(f"Round {view.round}/{MAX_ROUNDS} ", style="bold")
        if view.over:
            text.append(" Game over ", style="bold reverse")
        text.append(" Dice ")
        stage = w.stage
        pickable = set(w.pickable_dice())
        for index, value in enumerate(view.dice):
            role = ""
            if w.sel.area_die == index:
                role = "area"
            elif w.sel.write_die == index:
                role = "write"
            elif stage == "spot":
                role = "leaf"
            elif stage == "leaf" and index == w.sel.die_cursor:
                role = "leaf?"
            elif stage in ("area", "write") and index == w.sel.die_cursor:
                role = stage + "?"
            label = f"{DIE_LETTERS[index]}:{value}" + (f" {role}" if role else "")
            if stage in ("area", "write", "leaf") and index == w.sel.die_cursor:
                text.append(f"▸{label}◂", style="bold reverse yellow")
            elif stage in ("area", "write", "leaf") and index not in pickable:
                text.append(f"[{label}]", style="dim strike")
            else:
                text.append(f"[{label}]", style="bold")
            text.append(" ")
        who = self.name(self.seat)
        mine = self.w.seat is not None and self.seat == self.w.seat
        text.append(f" Sheet: {who}" + (" (you)" if mine else ""), style="italic")
        return fit(text, width)

    def score_lines(self, width: int) -> list[Text]:
        view, seat = self.view, self.seat
        row = view.scores[seat]
        lines = [fit(Text(f"SCORE {self.name(seat)}", style="bold underline"), width)]
        for area in AREAS:
            sub = area_subtotal(view.sheets[seat], view.claims, seat, area)
            claim = view.claims[area - 1]
            mark = "" if claim is None else ("+3" if seat in claim else " -")
            name = AREA_NAMES[area][: width - 9]
            lines.append(fit(Text(f"{area} {name:<{width - 9}}{sub:>3}{mark:>3}"), width))
        lines.append(fit(Text(f"  {'Leaf bonus':<{width - 9}}{row[-1]:>3}"), width))
        lines.append(fit(Text(f"  {'TOTAL':<{width - 9}}{sum(row):>3}", style="bold"), width))
        return lines

    def leaf_lines(self, width: int) -> list[Text]:
        leaves = self.view.leaves[self.seat]
        total = self.view.leaf_total(self.seat)
        text = Text("Leaves ", style="bold")
        for index in range(LEAVES):
            if index < len(leaves):
                value = leaves[index]
                style = "bold green" if value in LEAF_BONUS else ""
                text.append(f"{value:>2}", style=style)
            elif index == len(leaves):
                text.append("▸_", style="bold yellow")
            else:
                text.append(" ·", style="dim")
            text.append(" ")
        marks = Text("Bonus  ", style="bold")
        for target, bonus in LEAF_BONUS.items():
            label = f"{target}:{'X' if bonus == 'X' else f'+{bonus}'}"
            if target in leaves:
                marks.append(f"✓{label}", style="bold green")
            elif total > target:
                marks.append(f"✗{label}", style="dim strike")
            else:
                marks.append(f"·{label}")
            marks.append(" ")
        upcoming = [t for t in LEAF_BONUS if t > total]
        if upcoming:
            marks.append(f" total {total}, next {upcoming[0]} needs {upcoming[0] - total}",
                         style="italic")
        else:
            marks.append(f" total {total}", style="italic")
        return [fit(text, width), fit(marks, width)]

    def player_lines(self, width: int, rows: int) -> list[Text]:
        """Every seat's running score and leaf total: a table when there is room, else packed."""
        view = self.view
        if self.wide and rows >= view.seats + 1:
            lines = [Text(f"  {'Player':<14}{'score':>6}{'leaf':>6}{'first-fill':>12}",
                          style="bold underline")]
            for seat in range(view.seats):
                total = view.leaf_total(seat)
                claimed = sum(1 for c in view.claims if c is not None and seat in c)
                marker = "▶ " if seat == view.current else "  "
                style = "bold reverse" if seat == view.current else (
                    "bold" if seat == self.seat else "")
                lines.append(Text(f"{marker}{self.name(seat)[:14]:<14}{sum(view.scores[seat]):>6}"
                                  f"{total:>6}{claimed:>12}", style=style))
            return [fit(t, width) for t in lines]
        cells = []
        for seat in range(view.seats):
            score = sum(view.scores[seat])
            total = view.leaf_total(seat)
            marker = "▶" if seat == view.current else " "
            style = "bold reverse" if seat == view.current else (
                "bold" if seat == self.seat else "")
            cells.append(Text(f"{marker}{self.name(seat)[:8]} {score}/{total}", style=style))
        lines: list[Text] = []
        line = Text("Score/leaf ", style="bold")
        for cell in cells:
            if len(line) + len(cell) + 1 > width and len(line) > 11:
                lines.append(line)
                line = Text("           ")
            line.append_text(cell)
            line.append(" ")
        lines.append(line)
        if len(lines) > rows:
            lines = [*lines[: rows - 1], Text("           … Tab shows each sheet", style="dim")]
        return [fit(t, width) for t in lines]

    def help_line(self, width: int) -> Text:
        w, stage = self.w, self.w.stage
        names = {
            "watch": "Tab: look at another sheet.",
            "area": "Pick the AREA die: a/b/c, or ◀▶ and Enter.",
            "write": "Pick the WRITE die: a/b/c, or ◀▶ and Enter. Esc: back.",
            "spot": "◀▶/1-6 spot, Enter writes, Esc back",
            "x": "Place your X: ◀▶/1-6, Enter",
            "leaf": "No placement fits: pick the LEAF die (a/b/c, or ◀▶ and Enter).",
        }
        text = Text(names[stage], style="bold")
        action = w.chosen_action()
        if action is not None and stage in ("spot", "x"):
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
        players = self.player_lines(total_width, max(1, height - 16) if self.wide else 3)
        # Spare rows become blank lines: between the area rows first, then around them.
        spare = height - (13 + len(players))
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
        if gaps["leaves"]:
            out.append(Text(""))
        out.extend(players)
        out.append(self.help_line(total_width))
        return Text("\n").join(out)


def fit(text: Text, width: int) -> Text:
    """Pad or cut a line of text to exactly ``width`` cells."""
    if len(text) > width:
        text = text[: width - 1] + Text("…")
    return text + Text(" " * (width - len(text)))


def describe(action: Action) -> str:
    """A choice in words for the help line."""
    if isinstance(action, PlaceX):
        return f"X in {AREA_NAMES[action.area]} {action.spot}"
    if isinstance(action, Place):
        return (f"write {action.write} in {AREA_NAMES[action.area]} {action.spot}, "
                f"leaf {action.leaf}")
    return str(action)

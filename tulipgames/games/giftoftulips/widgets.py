"""Gift of Tulips widgets: the festival ranking, everyone's bouquets and the turn panel.

They render a :class:`~tulipgames.games.giftoftulips.rules.GiftView` and post
:class:`ActionChosen`; what may be chosen and what it scores comes only from ``view.choices`` (the
state's legal actions for the seat at the keyboard, with their points right now). Every variety
shows its glyph and letter next to its colour, so colour is never the only signal.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual.actions import SkipAction
from textual.binding import Binding
from textual.widget import Widget

from tulipgames.engine.core import Action
from tulipgames.games.giftoftulips.data import (
    GIVE_BONUS,
    KEEP_POINTS,
    MAJORITY,
    VARIETIES,
    VARIETY_COLOUR,
    VARIETY_INFO,
)
from tulipgames.games.giftoftulips.rules import (
    ADD,
    GIVE,
    KEEP,
    OVER,
    PLAY,
    SETUP,
    AddFaceUp,
    AddSecret,
    Card,
    Choice,
    ChooseBouquet,
    Festival,
    GiftView,
    Give,
    Keep,
    majority_table,
)
from tulipgames.tui.screens.messages import ActionChosen

PLACES = ("1st", "2nd", "3rd", "4th")


def variety_tag(variety: str) -> Text:
    """Glyph and letter in the variety's colour, e.g. ``◆ V``."""
    _, letter, glyph = VARIETY_INFO[variety]
    return Text(f"{glyph} {letter}", style=f"bold {VARIETY_COLOUR[variety]}")


def card_tag(card: Card) -> Text:
    """A card as glyph, letter and value, e.g. ``◆ V4``."""
    _, letter, glyph = VARIETY_INFO[card.variety]
    return Text(f"{glyph} {letter}{card.value}", style=f"bold {VARIETY_COLOUR[card.variety]}")


def majority_label(players: int, place: int) -> str:
    """The majority levels a place pays for this player count, e.g. ``15/10``; 4th pays none."""
    if place > 3:
        return "—"
    return "/".join(str(p) for p in MAJORITY[players][place])


class FestivalPanel(Widget):
    """The festival ranking: four places with variety, running total and face-up values, what
    Give, Keep and majorities pay there for this player count, then the piles."""

    DEFAULT_CSS = """
    FestivalPanel { height: auto; padding: 0 1; border: round $primary-darken-2; }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.festival = Festival((), (0, 0, 0, 0), ((), (), (), ()))
        self.players = 2
        self.piles = (0, 0, 0)
        self.caption = ""
        self.fresh: str | None = None

    def show_festival(
        self,
        festival: Festival,
        players: int,
        piles: tuple[int, int, int],
        caption: str = "",
        fresh: str | None = None,
    ) -> None:
        """``piles``: secret festival, deck and removed sizes; ``fresh``: the variety that just
        moved (marked ``*``), e.g. during the reveal."""
        self.festival, self.players, self.piles = festival, players, piles
        self.caption, self.fresh = caption, fresh
        self.refresh(layout=True)

    def render(self) -> Text:
        festival = self.festival
        width = max(36, self.content_size.width)
        room = width - 31  # for the full name (wide screens) and the face-up values
        name_room = 22 if room >= 34 else 0
        values_room = room - (name_room + 1 if name_room else 0)
        prefix = width - 18
        text = Text(no_wrap=True, overflow="ellipsis")
        text.append(f"{'Festival':<{prefix}}", style="bold")
        text.append("Give Keep Majority\n", style="dim")
        for place in range(1, 5):
            row = Text(f"{PLACES[place - 1]} ")
            if place <= len(festival.ranking):
                variety = festival.ranking[place - 1]
                row.append_text(variety_tag(variety))
                row.append("*" if variety == self.fresh else " ", style="bold")
                if name_room:
                    row.append(f"{VARIETY_INFO[variety][0][:name_room]:<{name_room}} ")
                row.append(f"{festival.total(variety):>3}", style="bold")
                values = " ".join(str(v) for v in festival.values_of(variety))
                if len(values) > values_room:
                    values = "…" + values[len(values) - values_room + 1 :]
                row.append(f" {values}", style="dim")
            else:
                row.append("empty", style="dim")
            row.align("left", prefix)
            row.append(f"+{GIVE_BONUS[place]:<4}{KEEP_POINTS[place]:<5}")
            row.append(majority_label(self.players, place))
            text.append_text(row)
            text.append("\n")
        unranked = [v for v in VARIETIES if v not in festival.ranking]
        if unranked:
            text.append("not ranked: ")
            for variety in unranked:
                text.append_text(variety_tag(variety))
                text.append(" ")
            text.append("Give +0, Keep 2\n", style="dim")
        secret, deck, removed = self.piles
        text.append(f"Secret {secret}", style="bold")
        text.append(f" · deck {deck} ({deck // 2} turns) · out {removed}")
        if self.caption:
            text.append("\n")
            text.append(self.caption, style="bold reverse")
        return text


class BouquetsPanel(Widget):
    """Every seat's bouquet by variety (count: values = sum), its score and card total, the
    active (``>``) and start (``S``) markers, bots (``b``), and who would score each majority if
    the game ended now (``+15``)."""

    DEFAULT_CSS = """
    BouquetsPanel { height: auto; padding: 0 1; }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.view: GiftView | None = None
        self.names: Sequence[str] = ()
        self.kinds: Sequence[str] = ()
        self.festival: Festival | None = None

    def show_bouquets(
        self, view: GiftView, names: Sequence[str], kinds: Sequence[str], festival: Festival
    ) -> None:
        self.view, self.names, self.kinds, self.festival = view, names, kinds, festival
        self.refresh(layout=True)

    def render(self) -> Text:
        view, festival, names = self.view, self.festival, self.names
        text = Text(no_wrap=True, overflow="ellipsis")
        if view is None or festival is None:
            return text
        width = max(40, self.content_size.width)
        place_of = {v: i + 1 for i, v in enumerate(festival.ranking)}
        majorities = majority_table(view.seats, festival.ranking, view.bouquets)
        name_width = min(10, max(len(n) for n in names))
        for seat, name in enumerate(names):
            if seat:
                text.append("\n")
            line = Text()
            line.append(">" if view.active == seat else " ", style="bold")
            line.append("S " if view.start_seat == seat else "  ", style="dim")
            style = "bold underline" if seat == view.viewer else "bold"
            line.append(f"{seat + 1} ", style="bold")
            line.append(f"{name[:name_width]:<{name_width}}", style=style)
            line.append(" b" if self.kinds[seat] != "human" else "  ", style="dim")
            line.append(f"{view.scores[seat]:>4}", style="bold")
            size = len(view.bouquets[seat])
            full = self._groups(view, seat, place_of, majorities, detailed=True)
            count = f"  {size} card{'s' if size != 1 else ''}"
            if len(line) + len(full) + len(count) > width:
                full = self._groups(view, seat, place_of, majorities, detailed=False)
                count = f"  {size}c" if len(line) + len(full) + len(count) > width else count
            line.append_text(full)
            line.append(count, style="dim")
            line.truncate(width, overflow="ellipsis")
            text.append_text(line)
        return text

    @staticmethod
    def _groups(
        view: GiftView,
        seat: int,
        place_of: dict[str, int],
        majorities: list[list[int]],
        detailed: bool,
    ) -> Text:
        text = Text()
        for variety in VARIETIES:
            values = sorted(c.value for c in view.bouquets[seat] if c.variety == variety)
            text.append("  ")
            text.append_text(variety_tag(variety))
            if not values:
                text.append(" -", style="dim")
            elif detailed:
                listed = " ".join(str(v) for v in values)
                text.append(f" ×{len(values)}: {listed} = {sum(values)}")
            else:
                text.append(f" ×{len(values)} Σ{sum(values)}")
            place = place_of.get(variety)
            if place is not None and place <= 3 and majorities[seat][place - 1]:
                text.append(f" +{majorities[seat][place - 1]}", style="bold reverse")
        return text


class TurnPanel(Widget, can_focus=True):
    """The decision at hand: the setup deal, or the drawn card with every action still available
    and the points it scores now. Keys: ``k`` keep, ``g`` then a seat number to give, ``f`` add
    face up, ``s`` add secret; arrows and Enter work too; ``1``/``2`` pick the setup card."""

    DEFAULT_CSS = """
    TurnPanel { height: auto; min-height: 6; padding: 0 1; border: round $primary-darken-2; }
    TurnPanel:focus { border: round $accent; }
    """

    BINDINGS = [
        Binding("k", "family('keep')", "Keep", show=False),
        Binding("g", "family('give')", "Give", show=False),
        Binding("f", "family('faceup')", "Face up", show=False),
        Binding("s", "family('secret')", "Secret", show=False),
        *(Binding(str(d), f"digit({d})", str(d), show=False) for d in range(1, 7)),
        Binding("up", "move(-1)", "Move", show=False),
        Binding("down", "move(1)", "Move", show=False),
        Binding("enter", "confirm", "Choose"),
        Binding("escape", "cancel", "Cancel give", show=False),
    ]

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.view: GiftView | None = None
        self.names: Sequence[str] = ()
        self.acting = False
        self.cursor = 0
        self.giving = False
        self.flipped: tuple[Card, ...] = ()

    # -- drawing ------------------------------------------------------------------------------
    def show_turn(
        self,
        view: GiftView,
        names: Sequence[str],
        acting: bool,
        flipped: Sequence[Card] = (),
    ) -> None:
        """``flipped``: the secret cards the end-game reveal has shown so far."""
        if self.view is None or (view.phase, view.active, view.card_no, view.viewer) != (
            self.view.phase,
            self.view.active,
            self.view.card_no,
            self.view.viewer,
        ):
            self.cursor, self.giving = 0, False
        self.view, self.names, self.acting = view, names, acting
        self.flipped = tuple(flipped)
        self.cursor = min(self.cursor, max(0, len(self._rows()) - 1))
        self.refresh(layout=True)

    def _rows(self) -> list[tuple[str, list[Choice]]]:
        """Selectable rows: (key, the choices behind it); all gives share one row."""
        if self.view is None or not self.acting:
            return []
        rows: list[tuple[str, list[Choice]]] = []
        gives = [c for c in self.view.choices if isinstance(c.action, Give)]
        for choice in self.view.choices:
            action = choice.action
            if isinstance(action, ChooseBouquet):
                rows.append((str(len(rows) + 1), [choice]))
            elif isinstance(action, Keep):
                rows.append(("k", [choice]))
            elif isinstance(action, Give) and choice is gives[0]:
                rows.append(("g", gives))
            elif isinstance(action, AddFaceUp):
                rows.append(("f", [choice]))
            elif isinstance(action, AddSecret):
                rows.append(("s", [choice]))
        return rows

    def render(self) -> Text:
        view = self.view
        text = Text(no_wrap=False)
        if view is None:
            return text
        if view.phase == SETUP:
            self._render_setup(text, view)
        elif view.phase == PLAY:
            self._render_play(text, view)
        else:
            self._render_reveal(text, view)
        if view.own_secret:
            text.append("\nYour secret cards: ", style="dim")
            for card in view.own_secret:
                text.append_text(card_tag(card))
                text.append(" ")
        return text

    def _render_setup(self, text: Text, view: GiftView) -> None:
        if view.deal and view.setup_choice is None and self.acting:
            text.append("Setup: pick your bouquet card\n", style="bold")
            for index, (key, (choice,)) in enumerate(self._rows()):
                action = choice.action
                assert isinstance(action, ChooseBouquet)
                kept = next(c for c in view.deal if (c.variety, c.value) == astuple(action))
                other = view.deal[1] if kept is view.deal[0] else view.deal[0]
                self._cursor_mark(text, index)
                text.append(f"{key} ", style="bold")
                text.append_text(card_tag(kept))
                text.append(" bouquet · ")
                text.append_text(card_tag(other))
                text.append(" secret\n")
            text.append("1/2 or ↑↓ Enter", style="dim")
            return
        if view.setup_choice is not None:
            text.append("Your bouquet card: ")
            text.append_text(card_tag(view.setup_choice))
            text.append("\n")
        waiting = [self.names[s] for s in range(view.seats) if not view.chosen[s]]
        text.append("Waiting for " + ", ".join(waiting) + " to choose…", style="dim")

    def _render_play(self, text: Text, view: GiftView) -> None:
        active = view.active if view.active is not None else 0
        used = ", ".join(f.capitalize() for f in view.used) or "none"
        if not (self.acting and view.pending is not None):
            text.append(f"{self.names[active]} plays card {view.card_no} of 2\n", style="bold")
            text.append(f"used: {used}", style="dim")
            return
        text.append(f"Card {view.card_no} of 2 ", style="bold")
        text.append(f"(used: {used})\n", style="dim")
        card = view.pending
        text.append_text(card_tag(card))
        text.append(f"  {VARIETY_INFO[card.variety][0]}\n")
        rows = self._rows()
        keys = [key for key, _ in rows]
        by_key = dict(rows)
        for key, label, fam in (
            ("k", "Keep", KEEP),
            ("g", "Give", GIVE),
            ("f", "Face up", ADD),
            ("s", "Secret", ADD),
        ):
            if key not in by_key:
                if fam in view.used:
                    text.append(f" {key} {label:<8}used\n", style="dim strike")
                continue
            choices = by_key[key]
            self._cursor_mark(text, keys.index(key))
            text.append(f"{key} ", style="bold")
            text.append(f"{label:<8}")
            text.append(f"+{choices[0].points}", style="bold")
            if key == "g":
                targets = [c.action.target for c in choices if isinstance(c.action, Give)]
                text.append(
                    " to? " if self.giving else " → ", style="bold reverse" if self.giving else ""
                )
                text.append(" ".join(f"{t + 1}:{self.names[t]}" for t in targets))
            elif choices[0].note:
                text.append(f" {choices[0].note}", style="dim")
            text.append("\n")
        text.rstrip()

    def _render_reveal(self, text: Text, view: GiftView) -> None:
        count = len(view.reveals)
        text.append("The deck is empty.\n", style="bold")
        text.append(f"Secret festival: {len(self.flipped)} of {count}\n")
        for card in self.flipped:
            text.append_text(card_tag(card))
            text.append(" ")
        if len(self.flipped) < count:
            text.append("\nSpace/Enter: next card", style="dim")
        else:
            text.append("\nEnter: final scores", style="dim")

    def _cursor_mark(self, text: Text, index: int) -> None:
        text.append("▸" if index == self.cursor and self.has_focus else " ", style="bold")

    # -- keys ---------------------------------------------------------------------------------
    def _choose(self, action: Action) -> None:
        self.giving = False
        self.post_message(ActionChosen(action))

    def _pick_row(self, key: str) -> None:
        rows = dict(self._rows())
        if key not in rows:
            self.app.bell()
            return
        choices = rows[key]
        if key == "g" and len(choices) > 1:
            self.giving = True
            self.cursor = [k for k, _ in self._rows()].index("g")
            self.refresh()
            return
        self._choose(choices[0].action)

    def action_family(self, name: str) -> None:
        if self.view is None or self.view.phase != PLAY:
            raise SkipAction()
        self._pick_row({"keep": "k", "give": "g", "faceup": "f", "secret": "s"}[name])

    def action_digit(self, digit: int) -> None:
        if self.view is None or self.view.phase == OVER:
            raise SkipAction()
        if self.giving:
            target = digit - 1
            gives = dict(self._rows()).get("g", [])
            for choice in gives:
                if isinstance(choice.action, Give) and choice.action.target == target:
                    self._choose(choice.action)
                    return
            self.app.bell()
            return
        self._pick_row(str(digit))

    def action_move(self, step: int) -> None:
        rows = self._rows()
        if not rows:
            raise SkipAction()
        self.giving = False
        self.cursor = (self.cursor + step) % len(rows)
        self.refresh()

    def action_confirm(self) -> None:
        rows = self._rows()
        if not rows:
            raise SkipAction()
        self._pick_row(rows[self.cursor][0])

    def action_cancel(self) -> None:
        if not self.giving:
            raise SkipAction()
        self.giving = False
        self.refresh()


def astuple(action: ChooseBouquet) -> tuple[str, int]:
    return (action.variety, action.value)

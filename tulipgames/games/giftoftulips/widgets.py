"""Gift of Tulips widgets: the festival ranking, everyone's bouquets and the turn panel.

They render a :class:`~tulipgames.games.giftoftulips.rules.GiftView` and post
:class:`ActionChosen`; what may be chosen and what it scores comes only from ``view.choices`` (the
state's legal actions for the seat at the keyboard, with their points right now). Every variety
shows its glyph and letter next to its colour, so colour is never the only signal.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.cells import cell_len
from rich.text import Text
from textual.actions import SkipAction
from textual.binding import Binding
from textual.widget import Widget

from tulipgames.engine.core import Action
from tulipgames.games.giftoftulips.data import VALUES, VARIETIES, VARIETY_COLOUR, VARIETY_INFO
from tulipgames.games.giftoftulips.rules import (
    ADD,
    FAMILY_NAMES,
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
    PlaceReward,
)
from tulipgames.i18n import N_, _, ngettext, render
from tulipgames.tui.screens.messages import ActionChosen
from tulipgames.tui.widgets import KeepsHeight, RowPainted
from tulipgames.tui.widgets.common import name_and_level

#: The festival places (message ids: shown with ``_()``).
PLACES = (N_("1st"), N_("2nd"), N_("3rd"), N_("4th"))
#: Longest player name shown in the bouquets table, in terminal cells.
NAME_CELLS = 10


def variety_tag(variety: str, gap: str = " ") -> Text:
    """Glyph and letter in the variety's colour, e.g. ``◆ V``."""
    letter, glyph = VARIETY_INFO[variety][1:]
    return Text(f"{glyph}{gap}{letter}", style=f"bold {VARIETY_COLOUR[variety]}")


def card_tag(card: Card, gap: str = " ") -> Text:
    """A card as glyph, letter and value, e.g. ``◆ V4`` (``◆V4`` with ``gap=""``)."""
    letter, glyph = VARIETY_INFO[card.variety][1:]
    return Text(f"{glyph}{gap}{letter}{card.value}", style=f"bold {VARIETY_COLOUR[card.variety]}")


def cells(text: str | Text, width: int, justify: str = "left", style: str = "") -> Text:
    """``text`` cut (with an ellipsis) or padded to exactly ``width`` terminal cells; plain
    text, never markup, so a player called ``[/]`` shows as typed."""
    shown = text.copy() if isinstance(text, Text) else Text(text, style=style)
    shown.truncate(width, overflow="ellipsis")
    room = width - cell_len(shown.plain)
    if justify == "right":
        return Text(" " * room) + shown
    shown.pad_right(room)
    return shown


def spoken_list(names: Sequence[str]) -> str:
    """``Ana``, ``Ana and Ben``, ``Ana, Ben and Cleo``."""
    if len(names) < 2:
        return "".join(names)
    return _("{names} and {last}").format(names=", ".join(names[:-1]), last=names[-1])


def split_heads(translated: str, english: str) -> list[str]:
    """Column heads translated as one message (a short word means one thing in a table's
    head and another elsewhere), split at "|"; the English ones if a translation lost a
    head."""
    heads = translated.split("|")
    return heads if len(heads) == english.count("|") + 1 else english.split("|")


def majority_label(reward: PlaceReward) -> str:
    """The majority levels a place pays, e.g. ``15/10``; 4th place pays none."""
    return "/".join(str(p) for p in reward.majority) or "—"


def value_counts(values: Sequence[int]) -> list[int]:
    """How many face-up cards of each printed value (2, 3, 4) a variety has."""
    return [sum(1 for v in values if v == value) for value in VALUES]


class FestivalPanel(KeepsHeight, RowPainted, Widget):
    """The festival ranking: four places with variety, running total and how many face-up
    cards of each value make it, what Give, Keep and majorities pay there for this player
    count, then the piles. Fixed columns, so a big total never pushes anything off the row."""

    DEFAULT_CSS = """
    FestivalPanel { height: auto; padding: 0 1; border: round $primary-darken-2; }
    """

    #: Cells of the row without the variety name (place, tag, mark, sum, counts, rewards) in
    #: English; a language with longer column heads widens the columns (:meth:`columns`).
    FIXED = 41

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.festival = Festival((), (0, 0, 0, 0), ((), (), (), ()))
        self.rewards: tuple[PlaceReward, ...] = ()
        self.piles = (0, 0, 0, 0)
        self.caption = ""
        self.fresh: str | None = None

    def show_festival(
        self,
        festival: Festival,
        rewards: tuple[PlaceReward, ...],
        piles: tuple[int, int, int, int],
        caption: str = "",
        fresh: str | None = None,
    ) -> None:
        """``piles``: secret festival, deck and removed sizes and the turns left; ``fresh``:
        the variety that just moved (marked ``*``), e.g. during the reveal."""
        self.festival, self.rewards, self.piles = festival, rewards, piles
        self.caption, self.fresh = caption, fresh
        self.repaint()

    @staticmethod
    def columns() -> tuple[list[str], list[int]]:
        """The column heads after the place (sum, the three value counts, Give, Keep,
        majority) in this session's language, and each one's width in cells: the English
        widths, wider where a head needs it (the majority column takes what is left)."""
        heads = split_heads(
            # Translators: the festival panel's column heads, split at "|": the variety's
            # total, how many face-up cards of value 2, 3 and 4 it has, what Give and Keep
            # score there, the majority points. As short as the English (the panel has 44
            # cells at 80 columns): abbreviate.
            _("Sum|2s|3s|4s|Give|Keep|Majority"), "Sum|2s|3s|4s|Give|Keep|Majority")
        least = [4, 3, 3, 3, 7, 5, 0]
        widths = [max(room, cell_len(head) + (2 if index == 4 else 1))
                  for index, (head, room) in enumerate(zip(heads, least, strict=True))]
        return heads, widths

    def paint(self) -> Text:
        festival = self.festival
        heads, widths = self.columns()
        places = [_(place) for place in PLACES]
        place_room = max(4, *(cell_len(place) + 1 for place in places))
        fixed = (self.FIXED + place_room - 4 + sum(widths[:6]) - 25
                 + max(0, cell_len(heads[6]) - 8))
        spare = self.content_size.width - fixed
        name_room = min(22, spare - 1) if spare >= 11 else 0
        lead = place_room + 4 + (name_room + 1 if name_room else 0)
        text = Text(no_wrap=True, overflow="ellipsis")
        text.append_text(cells(_("Festival"), lead, style="bold"))
        head = "".join(f"{word:>{room}}" for word, room in zip(heads[:4], widths, strict=False))
        head += f"  {heads[4]:<{widths[4] - 2}}{heads[5]:<{widths[5]}}{heads[6]}\n"
        text.append(head, style="dim")
        for place, reward in enumerate(self.rewards, 1):
            row = cells(places[place - 1], place_room)
            if place <= len(festival.ranking):
                variety = festival.ranking[place - 1]
                row.append_text(variety_tag(variety))
                row.append("*" if variety == self.fresh else " ", style="bold")
                if name_room:
                    row.append_text(cells(VARIETY_INFO[variety][0], name_room))
                    row.append(" ")
                row.append(f"{festival.total(variety):>{widths[0]}}", style="bold")
                counts = value_counts(festival.values_of(variety))
                for count, room in zip(counts, widths[1:4], strict=True):
                    row.append(f"{count or '·':>{room}}", style="" if count else "dim")
            else:
                row.append(_("empty"), style="dim")
                row.pad_right(lead + sum(widths[:4]) - len(row))
            row.append(f"  +{reward.give_bonus:<{widths[4] - 3}}{reward.keep:<{widths[5]}}"
                       f"{majority_label(reward)}")
            text.append_text(row)
            text.append("\n")
        unranked = [v for v in VARIETIES if v not in festival.ranking]
        if unranked and self.rewards:
            last = self.rewards[-1]
            text.append(_("not ranked: "))
            for variety in unranked:
                text.append_text(variety_tag(variety))
                text.append(" ")
            text.append(_("Give +{bonus}, Keep {keep}").format(
                bonus=last.give_bonus, keep=last.keep) + "\n", style="dim")
        secret, deck, removed, turns = self.piles
        text.append(_("Secret {count}").format(count=secret), style="bold")
        text.append(_(" · deck {deck} ({turns}) · out {removed}").format(
            deck=deck, turns=ngettext("{n} turn", "{n} turns", turns).format(n=turns),
            removed=removed))
        if self.caption:
            text.append("\n")
            text.append(self.caption, style="bold reverse")
        return text


class BouquetsPanel(RowPainted, Widget):
    """Every seat's bouquet as a table: the active (``>``) and start (``S``) markers, seat
    number, name, bot (``b``), score, the number of bouquet cards (the final tie-break), then
    per variety the count and value sum (with the values too when the width allows) and who
    would score each majority if the game ended now (``+15``). Once the reveal is over it turns
    into the final scoring table."""

    DEFAULT_CSS = """
    BouquetsPanel { height: auto; padding: 0 1; }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.view: GiftView | None = None
        self.names: Sequence[str] = ()
        self.humans: frozenset[int] = frozenset()
        #: Each seat's bot level (``None``: a human), beside its name.
        self.levels: Sequence[str | None] = ()
        self.festival: Festival | None = None
        self.final = False

    def show_bouquets(
        self,
        view: GiftView,
        names: Sequence[str],
        humans: frozenset[int],
        festival: Festival,
        final: bool = False,
        levels: Sequence[str | None] = (),
    ) -> None:
        """``final``: the reveal has been shown to the end, so show the final scores;
        ``levels``: each seat's bot level, shown beside its name ("Bot 2 h")."""
        self.view, self.names, self.humans, self.levels = view, names, humans, levels
        self.festival, self.final = festival, final
        self.repaint()

    def _seat_cells(self, view: GiftView, seat: int, name_width: int) -> Text:
        line = Text()
        line.append(">" if view.active == seat else " ", style="bold")
        line.append("S" if view.start_seat == seat else " ", style="dim")
        line.append(f"{seat + 1:>2} ", style="bold")
        style = "bold underline" if seat == view.viewer else "bold"
        line.append_text(self._seat_name(seat, name_width, style))
        return line

    def _seat_name(self, seat: int, name_width: int, style: str) -> Text:
        """The name in ``name_width`` cells and two more: a bot's level there (its first
        letter where the cell is short), else " b" for a bot of unknown level."""
        level = self.levels[seat] if seat < len(self.levels) else None
        if level:
            return name_and_level(self.names[seat], level, name_width + 2, style)
        cell = cells(self.names[seat], name_width, style=style)
        return cell.append(" b" if seat not in self.humans else "  ", style="dim")

    def paint(self) -> Text:
        view, festival = self.view, self.festival
        text = Text(no_wrap=True, overflow="ellipsis")
        if view is None or festival is None:
            return text
        width = self.content_size.width
        name_width = min(NAME_CELLS, max(4, *(cell_len(n) for n in self.names)))
        if self.final and view.final is not None:
            return self._render_final(text, view, name_width, width)
        # Translators: the bouquets table's heads: points so far, bouquet cards.
        points_head, cards_head = _("Pts"), _("Cards")
        points_room = max(5, cell_len(points_head) + 2)
        cards_room = max(6, cell_len(cards_head) + 1)
        for detailed in (True, False):
            columns = [self._cells(view, festival, v, detailed) for v in VARIETIES]
            widths = [max(3, *(cell_len(c.plain) for c in column)) for column in columns]
            if (5 + name_width + 2 + points_room + cards_room + sum(w + 2 for w in widths)
                    <= width):
                break
        header = Text(" " * (5 + name_width + 2))
        header.append(f"{points_head:>{points_room}}{cards_head:>{cards_room}}", style="dim")
        for variety, room in zip(VARIETIES, widths, strict=True):
            header.append("  ")
            header.append_text(cells(variety_tag(variety), room))
        legend = _("   > to play · S started · b bot · +N majority now")
        if cell_len(header.plain) + cell_len(legend) <= width:
            header.append(legend, style="dim")
        text.append_text(header)
        for seat in range(view.seats):
            line = self._seat_cells(view, seat, name_width)
            line.append(f"{view.scores[seat]:>{points_room}}", style="bold")
            line.append(f"{len(view.bouquets[seat]):>{cards_room}}")
            for column, room in zip(columns, widths, strict=True):
                line.append("  ")
                line.append_text(cells(column[seat], room))
            text.append("\n")
            text.append_text(line)
        return text

    @staticmethod
    def _cells(view: GiftView, festival: Festival, variety: str, detailed: bool) -> list[Text]:
        """One variety's column: per seat ``×3 Σ9`` (``×3: 2 3 4 = 9`` when detailed) and the
        majority it would score now."""
        place = festival.ranking.index(variety) + 1 if variety in festival.ranking else 0
        column = []
        for seat in range(view.seats):
            values = sorted(c.value for c in view.bouquets[seat] if c.variety == variety)
            cell = Text()
            if not values:
                cell.append("-", style="dim")
            elif detailed:
                listed = " ".join(str(v) for v in values)
                cell.append(f"×{len(values)}: {listed} = {sum(values)}")
            else:
                cell.append(f"×{len(values)} Σ{sum(values)}")
            pays = festival.pays[seat][place - 1] if 1 <= place <= 3 and festival.pays else 0
            if pays:
                cell.append(" ")
                cell.append(f"+{pays}", style="bold reverse")
            column.append(cell)
        return column

    def _render_final(self, text: Text, view: GiftView, name_width: int, width: int) -> Text:
        """The final scoring table: Give, Keep, the three majorities (with the variety that
        held each place), the total and the bouquet cards; the winners starred. Give and Keep
        are headed as in the festival panel (a language's word for them may be long), and the
        names give way where a language's heads need the room."""
        result = view.final
        assert result is not None
        heads = [_(category) for category in (*result.categories, N_("Total"), N_("Cards"))]
        festival_heads, _widths = FestivalPanel.columns()
        heads[:2] = festival_heads[4:6]
        widths = [max(5, cell_len(h)) for h in heads]
        over = 5 + name_width + 2 + sum(room + 1 for room in widths) - width
        if over > 0:
            name_width = max(4, name_width - over)
        header = Text(" " * (5 + name_width + 2))
        for head, room in zip(heads, widths, strict=True):
            header.append(" ")
            header.append_text(cells(head, room, justify="right", style="dim"))
        text.append_text(header)
        for seat in range(view.seats):
            won = seat in result.winners
            line = Text("★ " if won else "  ", style="bold")
            line.append(f"{seat + 1:>2} ", style="bold")
            line.append_text(self._seat_name(seat, name_width, "bold" if won else ""))
            row = [*result.breakdown[seat], result.totals[seat], len(view.bouquets[seat])]
            for index, (value, room) in enumerate(zip(row, widths, strict=True)):
                line.append(" ")
                bold = "bold" if index == len(row) - 2 else ""
                line.append_text(cells(str(value), room, justify="right", style=bold))
            text.append("\n")
            text.append_text(line)
        winners = spoken_list([self.names[s] for s in result.winners])
        shared = len(result.winners) > 1
        text.append("\n")
        said = _("★ {names} share the win") if shared else _("★ {name} wins")
        text.append(said.format(names=winners, name=winners), style="bold")
        if result.tiebreak:
            text.append(_(" · tie-break: {reason}").format(reason=render(result.tiebreak)),
                        style="dim")
        return text


class TurnPanel(KeepsHeight, RowPainted, Widget, can_focus=True):
    """The decision at hand: the setup deal, or the drawn card with every action still available
    and the points it scores now. Keys: ``k`` keep, ``g`` then a seat number to give, ``f`` add
    face up, ``s`` add secret; arrows and Enter work too; ``1``/``2`` pick the setup card."""

    DEFAULT_CSS = """
    TurnPanel { height: auto; min-height: 6; padding: 0 1; border: round $primary-darken-2; }
    TurnPanel:focus { border: round $accent; }
    """

    BINDINGS = [
        Binding("k", "family('keep')", N_("Keep"), show=False),
        Binding("g", "family('give')", N_("Give"), show=False),
        Binding("f", "family('faceup')", N_("Face up"), show=False),
        Binding("s", "family('secret')", N_("Secret"), show=False),
        *(Binding(str(d), f"digit({d})", str(d), show=False) for d in range(1, 7)),
        Binding("up", "move(-1)", N_("Move"), show=False),
        Binding("down", "move(1)", N_("Move"), show=False),
        Binding("enter", "confirm", N_("Choose")),
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
        self.repaint()

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

    def paint(self) -> Text:
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
            text.append("\n" + _("Your secret cards:") + "\n", style="dim")
            text.append_text(Text(" ").join(card_tag(card, gap="") for card in view.own_secret))
        return text

    def _render_setup(self, text: Text, view: GiftView) -> None:
        if view.deal and view.setup_choice is None and self.acting:
            text.append(_("Setup: pick your bouquet card") + "\n", style="bold")
            for index, (key, (choice,)) in enumerate(self._rows()):
                action = choice.action
                assert isinstance(action, ChooseBouquet)
                kept = next(
                    c for c in view.deal if (c.variety, c.value) == (action.variety, action.value)
                )
                other = view.deal[1] if kept is view.deal[0] else view.deal[0]
                self._cursor_mark(text, index)
                text.append(f"{key} ", style="bold")
                text.append_text(card_tag(kept))
                # Translators: a setup choice reads "1 ◆ V4 bouquet · ● B2 secret".
                text.append(" " + _("bouquet") + " · ")
                text.append_text(card_tag(other))
                text.append(" " + _("secret") + "\n")
            text.append(_("1/2 or ↑↓ Enter"), style="dim")
            return
        if view.setup_choice is not None:
            text.append(_("Your bouquet card: "))
            text.append_text(card_tag(view.setup_choice))
            text.append("\n")
        waiting = [self.names[s] for s in range(view.seats) if not view.chosen[s]]
        text.append(_("Waiting for {names} to choose…").format(names=", ".join(waiting)),
                    style="dim")

    def _render_play(self, text: Text, view: GiftView) -> None:
        active = view.active if view.active is not None else 0
        used = ", ".join(_(FAMILY_NAMES[f]) for f in view.used) or _("none")
        if not (self.acting and view.pending is not None):
            text.append(_("{name} plays card {number} of 2").format(
                name=self.names[active], number=view.card_no) + "\n", style="bold")
            text.append(_("used: {actions}").format(actions=used), style="dim")
            return
        text.append(_("Card {number} of 2").format(number=view.card_no) + " ", style="bold")
        text.append(_("(used: {actions})").format(actions=used) + "\n", style="dim")
        card = view.pending
        text.append_text(card_tag(card))
        text.append(f"  {VARIETY_INFO[card.variety][0]}\n")
        rows = self._rows()
        keys = [key for key, _choices in rows]
        by_key = dict(rows)
        if self.giving and "g" in by_key:
            self._render_targets(text, by_key["g"])
            return
        # Translators: the turn panel's action labels, split at "|" (Keep, Give, Add face up,
        # Add secret); the panel has 32 cells at 80 columns.
        labels = split_heads(_("Keep|Give|Face up|Secret"), "Keep|Give|Face up|Secret")
        labelled = list(zip("kgfs", labels, (KEEP, GIVE, ADD, ADD), strict=True))
        room = max(8, *(cell_len(label) + 1 for _key, label, _family in labelled))
        for key, label, fam in labelled:
            if key not in by_key:
                if fam in view.used:
                    text.append(f" {key} {label:<{room}}" + _("used") + "\n", style="dim strike")
                continue
            choices = by_key[key]
            self._cursor_mark(text, keys.index(key))
            text.append(f"{key} ", style="bold")
            text.append(f"{label:<{room}}")
            text.append(f"+{choices[0].points}", style="bold")
            if key == "g":
                targets = [c.action.target for c in choices if isinstance(c.action, Give)]
                if len(targets) == 1:
                    text.append(" → ")
                    text.append_text(cells(self.names[targets[0]],
                                           self.content_size.width - 8 - room))
                else:
                    seats = " ".join(str(t + 1) for t in targets)
                    text.append(" → " + _("seat {numbers}").format(numbers=seats), style="dim")
            elif choices[0].note:
                text.append(f" {render(choices[0].note)}", style="dim")
            text.append("\n")
        text.rstrip()

    def _render_targets(self, text: Text, gives: list[Choice]) -> None:
        """After ``g``: who receives the card, by seat number, two names to a line."""
        text.append(_("Give it for +{points} to:").format(points=gives[0].points) + "\n",
                    style="bold reverse")
        width = max(12, self.content_size.width // 2)
        for index, choice in enumerate(gives):
            assert isinstance(choice.action, Give)
            target = choice.action.target
            entry = Text(f"{target + 1} ", style="bold")
            entry.append_text(cells(self.names[target], width - 3))
            text.append_text(entry)
            text.append(" " if index % 2 == 0 and index + 1 < len(gives) else "\n")
        text.append(_("number: give · Esc: back"), style="dim")

    def _render_reveal(self, text: Text, view: GiftView) -> None:
        count = len(view.reveals)
        text.append(_("The deck is empty.") + "\n", style="bold")
        text.append(_("Secret festival: {number} of {count}").format(
            number=len(self.flipped), count=count) + "\n")
        for card in self.flipped:
            text.append_text(card_tag(card))
            text.append(" ")
        if len(self.flipped) < count:
            text.append("\n" + _("Space/Enter: next card"), style="dim")
        else:
            text.append("\n" + _("Enter: final scores"), style="dim")

    def on_focus(self) -> None:
        self.repaint()  # the cursor mark shows only with the focus

    def on_blur(self) -> None:
        self.repaint()

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
            self.cursor = [k for k, _choices in self._rows()].index("g")
            self.repaint()
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
        self.repaint()

    def action_confirm(self) -> None:
        rows = self._rows()
        if not rows:
            raise SkipAction()
        self._pick_row(rows[self.cursor][0])

    def cancel_give(self) -> bool:
        """Esc while choosing whom to give to: back to the options (True if it was open)."""
        if not self.giving:
            return False
        self.giving = False
        self.repaint()
        return True

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Only keys that do something now are live (and Enter shows in the footer only then)."""
        if action in ("confirm", "move"):
            return bool(self._rows())
        return True

"""The Little Flower Shop widgets: the shop window, opponents, the draft / reveal / solo panel and
the "what may I do now" menu.

Every widget renders from a :class:`~tulipgames.table.Turn` of a
:class:`~tulipgames.games.flowershop.rules.FlowerShopView` (the view, the legal actions, the names)
and decides no rule: prices, whether the step may end and why not, filler counts and the solo
ladder come in the view. Cards are always written with their
letters (``T2·H`` a tulip card with 2 flowers and hypericum, ``S×3`` a vase for 3 sunflowers,
``*×1`` any flower); colour only repeats what the letters say.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from rich.text import Text
from textual.geometry import Region, Spacing
from textual.reactive import Reactive
from textual.strip import Strip
from textual.style import Style as VisualStyle
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from tulipgames.engine.core import Action
from tulipgames.games.flowershop.data import (
    BASKET_HOOKS,
    CARDS,
    FILLERS,
    SPOTS,
    STORAGE_MAX,
    SWAP_COST,
)
from tulipgames.games.flowershop.rules import (
    STORAGE,
    Buy,
    ChooseFiller,
    Discard,
    Done,
    Draw,
    FlowerShopView,
    Keep,
    Move,
    Pick,
    Place,
    Sell,
    ShopView,
    Store,
    Swap,
    Trash,
    kind,
    level_word,
    outcome,
    pgettext,
)
from tulipgames.i18n import N_, _, ngettext
from tulipgames.table import Turn
from tulipgames.tui import textual_private as private
from tulipgames.tui.screens.messages import ActionChosen
from tulipgames.tui.widgets import KeepsHeight, PatchStatic, SizedFromOutside
from tulipgames.tui.widgets.common import (
    ROW_CACHE,
    STYLE_CACHE,
    SteadyTitle,
    _row_strip,
    name_and_level,
    out_of_sight,
    row_key,
    row_regions,
)

FlowerTurn = Turn[FlowerShopView]
#: Asks the rules why the seat at the keyboard may not play a step now (None: it may).
WhyNot = Callable[[Action], "str | None"]

TYPE_STYLE = {"R": "red", "T": "magenta", "S": "yellow", "I": "medium_purple1", "*": "bold"}
KIND_STYLE = {"basket": "green", "salary": "bright_green", "order": "cyan"}
FILLER_SHORT = FILLERS  # English message ids, shown with _()


def group_name(group: str) -> str:
    """A menu group's name as shown (the groups are verbs: "Trash" is to throw away)."""
    return pgettext("verb", "Trash") if group == "Trash" else _(group)


def petals_unit() -> str:
    # Translators: the unit after a petal count (a vase "3p", a score "18p"); one or two letters.
    return _("p")


def card_text(card: str, with_id: bool = True) -> Text:
    """A card as ``FL07 R2·H`` (id, then glyph), coloured by flower type or card kind."""
    info = CARDS[card]
    style = TYPE_STYLE.get(info.flower, "") if info.flower else KIND_STYLE.get(info.kind, "")
    glyph = _("order") if info.kind == "order" else info.glyph
    if info.kind == "vase":
        glyph += f" {info.petals}{petals_unit()}"
    text = Text()
    if with_id:
        text.append(card + " ", style="dim")
    text.append(glyph, style=style)
    return text


def plain(card: str) -> str:
    return card_text(card).plain


def name_cell(name: str, width: int) -> Text:
    """A player's name as plain text (never markup), cut and padded to ``width`` cells."""
    text = Text(name, style="bold", no_wrap=True)
    text.truncate(width, overflow="ellipsis", pad=True)
    return text


def involves(action: Action, card: str) -> bool:
    """Whether an action acts on ``card`` (its card, or a sale's order or goods)."""
    if isinstance(action, Sell):
        return card == action.order or card in action.goods
    return getattr(action, "card", None) == card


def my_cards(shop: ShopView) -> list[str]:
    """The seat's own cards a player may select, in screen order: the card being used,
    storage, then the window spot by spot (vase, then its flower)."""
    cards = [shop.using] if shop.using else []
    cards += list(shop.storage)
    for vase, flower in shop.spots:
        cards += [c for c in (vase, flower) if c]
    return cards


def score_line(categories: Sequence[str], rows: Sequence[int]) -> Text:
    """The score if the game ended now, row by row: ``24 FP = 18p +7b +2$ -3t``."""
    short = {
        "Petals": petals_unit(),
        # Translators: the unit after the baskets' points in a score line ("+7b"); 1-2 letters.
        "Baskets": _("b"),
        "Money": "$",
        # Translators: the unit after the trash's points in a score line ("-3t"); 1-2 letters.
        "Trash": _("t"),
        # Translators: after the solo completion bonus in a score line ("+5 bonus").
        "Completion bonus": _(" bonus"),
        # Translators: after the filler's points in a score line ("+4 filler").
        "Filler": _(" filler"),
    }
    text = Text()
    text.append(f"{sum(rows)} FP", style="bold")
    text.append(" = ")
    for index, (name, value) in enumerate(zip(categories, rows, strict=True)):
        sign = "" if index == 0 else (" +" if value >= 0 else " -")
        text.append(f"{sign}{abs(value) if index else value}{short.get(name) or _(name)}")
    return text


def register_line(view: FlowerShopView, seat: int) -> Text:
    """``Register $12 (2 FP)  Trash 1→4 (-2 FP)``: money and trash now, and what they score
    if the game ended now, taken from the rules' preview (E3; the trash after cleanup, E1,
    when cleanup would add to it) rather than worked out here."""
    shop = view.shops[seat]
    rows = dict(zip(view.categories, view.preview[seat], strict=True))
    trash = f"{len(shop.trash)}"
    if shop.end_trash != len(shop.trash):
        trash += f"→{shop.end_trash}"
    return Text.assemble(
        (_("Register") + " ", "dim"), (f"${shop.money}", "bold"),
        f" ({rows.get('Money', 0)} FP)  ",
        (_("Trash") + " ", "dim"), (trash, "bold"), f" ({rows.get('Trash', 0)} FP)",
    )


def shop_title(name: str, colour: str) -> str:
    """A shop window's title: ``Ana's shop (Red)``."""
    return _("{name}'s shop ({colour})").format(name=name, colour=_(colour))


def hooks_line(shop: ShopView) -> Text:
    """The three basket hooks: each hung basket with its FP, or a free hook."""
    text = Text(_("Hooks") + " ", style="dim")
    for index in range(BASKET_HOOKS):
        if index:
            text.append(" ")
        if index < len(shop.hooks):
            basket = shop.hooks[index]
            text.append(f"[{CARDS[basket].fp}FP {basket}]", style="green")
        else:
            # Translators: a free basket hook, 5 cells between the brackets ("[ free  ]").
            text.append(_("[ free  ]"), style="dim")
    return text


class ShopWindow(KeepsHeight, PatchStatic):
    """One seat's shop: money, trash, hooks, the 8 vase spots, storage and the score preview.

    The two hanging spots (H1, H2) are drawn on their own shelf above the six lower spots.
    Each spot shows its vase (id, requirement, petals) and its flower or ``empty``. Under the
    spots, the card being used (a blank row when there is none). Storage has four slots; a
    fifth card is drawn as the overflow that must be used or trashed.
    """

    DEFAULT_CSS = """
    ShopWindow {
        width: 45; height: auto; border: round $primary; padding: 0 0 0 1;
    }
    ShopWindow.-wide { width: 62; }
    """

    #: What the window was last drawn from (see :meth:`show_shop`).
    _drawn: tuple[object, ...] = ()

    def show_shop(
        self, view: FlowerShopView, seat: int, name: str, selected: str | None = None,
        hint: str = "",
    ) -> None:
        """Draw ``seat``'s shop; ``selected`` (a card of it) is highlighted; ``hint`` goes in
        the bottom border (the key to look at the next shop). Whose move it is shows in the
        menu and the status line, not here: a border that changed colour with it restyled
        and repainted the whole window at every pick."""
        shop = view.shops[seat]
        wide = self.has_class("-wide")
        # everything the window draws (a pick changes the seat's hand, not its window)
        drawn = (shop.colour, shop.spots, shop.hooks, shop.storage, len(shop.trash), shop.money,
                 shop.end_trash, shop.using, view.categories, view.preview[seat], name, selected,
                 hint, wide, self.content_size.width)
        if drawn == self._drawn:
            return
        self._drawn = drawn
        self.border_title = Text(shop_title(name, shop.colour))
        self.border_subtitle = hint
        lines = [
            register_line(view, seat),
            hooks_line(shop),
            self._shelf(_("Hanging"), shop, [6, 7], wide, selected),
        ]
        for row in ((0, 1), (2, 3), (4, 5)):
            lines.append(self._shelf(_("Lower") if row[0] == 0 else "", shop, list(row), wide,
                                     selected))
        # the card in use has a row of its own, blank while there is none: a reveal or a
        # new pick changes that row only, and never the window's height (a layout)
        using = Text()
        if shop.using:
            head = _("Using") + " "
            using = Text.assemble((head, "dim"), card_text(shop.using))
            if shop.using == selected:
                using.stylize("reverse", len(head))
        lines.append(using)
        lines.extend(self._storage(shop, selected))
        lines.append(Text.assemble((_("Now") + " ", "dim"), score_line(view.categories,
                                                                        view.preview[seat])))
        # an explicit height: a terminal did not always grow an auto height when a line came
        shown = self.padded(Text("\n").join(lines))
        self.styles.height = shown.plain.count("\n") + 3
        self.update(shown)

    @staticmethod
    def _shelf(
        label: str, shop: ShopView, spots: list[int], wide: bool, selected: str | None
    ) -> Text:
        text = Text()
        if wide:
            text.append(f"{label:<8}", style="dim")
        for n, index in enumerate(spots):
            if n:
                text.append("  " if wide else " ")
            text.append_text(spot_cell(shop, index, wide, selected))
        return text

    @staticmethod
    def _storage(shop: ShopView, selected: str | None) -> list[Text]:
        cards = list(shop.storage)
        count = len(cards)
        head = Text.assemble((_("Storage") + " ", "dim"), f"{count}/{STORAGE_MAX}")
        slots: list[Text] = []
        for index in range(max(STORAGE_MAX, count)):
            cell = Text(f"{index + 1} ")
            if index < count:
                cell.append_text(card_text(cards[index]))
                if cards[index] == selected:
                    cell.stylize("reverse", 2)
            else:
                cell.append(_("(empty)"), style="dim")
            if index >= STORAGE_MAX:
                cell.stylize("reverse")
                cell.append(" " + _("! trash or use 1 card"), style="bold reverse")
            slots.append(cell)
        lines = [head]
        for start in range(0, len(slots), 2):
            pair = slots[start:start + 2]
            line = Text("  ")
            line.append_text(pair[0])
            if len(pair) > 1:
                line.append(" " * max(1, 20 - pair[0].cell_len))
                line.append_text(pair[1])
            lines.append(line)
        return lines


def spot_cell(shop: ShopView, index: int, wide: bool, selected: str | None = None) -> Text:
    """``L4 VA05 R×2 3p R2·B`` (filled), ``... empty`` or ``L6 (free spot)``; the selected
    vase or flower is drawn in reverse."""
    vase, flower = shop.spots[index]
    text = Text(f"{SPOTS[index]} ", style="bold")
    width = 25 if wide else 20
    if vase is None:
        text.append(_("(free spot)"), style="dim")
        text.truncate(width, pad=True)
        return text
    start = len(text)
    text.append(f"{vase} ", style="dim")
    info = CARDS[vase]
    text.append(f"{info.flower}×{info.count}", style=TYPE_STYLE.get(info.flower, ""))
    text.append(f" {info.petals}{petals_unit()} ")
    if vase == selected:
        text.stylize("reverse", start, len(text) - 1)
    if flower is None:
        # Translators: a vase with no flower in it, in a window spot (at most 5 letters).
        text.append(_("empty"), style="dim italic")
    else:
        start = len(text)
        text.append_text(card_text(flower, with_id=wide))
        if flower == selected:
            text.stylize("reverse", start)
    text.truncate(width, pad=True)
    return text


def final_windows(view: FlowerShopView, names: Sequence[str]) -> list[Text]:
    """The results' context, one line per seat: the final window (each filled vase as
    ``T×2:T2·H``), the hung baskets, money and trash, after cleanup (E1).

    For a results screen: ``final_windows(table.turn(None).view, names)``; a full window per
    seat is :meth:`ShopWindow.show_shop` on the same view.
    """
    lines = []
    for shop in view.shops:
        line = name_cell(names[shop.seat], 10)
        line.append(f" {sum(view.preview[shop.seat])} FP ", style="bold")
        filled = [(v, f) for v, f in shop.spots if v is not None and f is not None]
        for vase, flower in filled:
            line.append(f"{CARDS[vase].flower}×{CARDS[vase].count}:", style="dim")
            line.append_text(card_text(flower, with_id=False))
            line.append(" ")
        rows = dict(zip(view.categories, view.preview[shop.seat], strict=True))  # E3's rows
        line.append(ngettext("({n} vase, {petals}{p}) ", "({n} vases, {petals}{p}) ",
                             len(filled)).format(n=len(filled), petals=rows.get("Petals", 0),
                                                 p=petals_unit()), style="dim")
        line.append(_("baskets {n} ({fp}FP) ${money} trash {trash}").format(
            n=len(shop.hooks), fp=rows.get("Baskets", 0), money=shop.money,
            trash=len(shop.trash)))
        lines.append(line)
    return lines


class OpponentsPanel(PatchStatic):
    """Every other seat on one line: vases filled, baskets, storage, trash, money, pick state."""

    DEFAULT_CSS = """
    OpponentsPanel { height: auto; padding: 0 1; }
    """

    def show_opponents(
        self, view: FlowerShopView, viewer: int, names: Sequence[str], wide: bool = False,
        levels: Sequence[str | None] = (),
    ) -> None:
        """``levels``: each seat's bot level (``None``: a human), shown beside its name."""
        lines = [opponent_line(view, shop, names[shop.seat], wide,
                               levels[shop.seat] if shop.seat < len(levels) else None)
                 for shop in view.shops if shop.seat != viewer]
        self.update(Text("\n").join(lines))


def opponent_line(view: FlowerShopView, shop: ShopView, name: str, wide: bool = False,
                  level: str | None = None) -> Text:
    """A rival's essentials on one line (spec 9): vases filled, baskets, storage, trash, money,
    hand size and where it is in the step. 78 cells hold the longest realistic line (8/8,
    3 baskets 12FP, 5 stored, trash 12, $99, hand 7, picking)."""
    filled = sum(1 for _v, f in shop.spots if f is not None)
    vases = sum(1 for v, _f in shop.spots if v is not None)
    fp = dict(zip(view.categories, view.preview[shop.seat], strict=True))["Baskets"]  # E3's row
    state = ""
    if view.phase == "pick":
        state = _("picked") if shop.picked else _("picking")
    elif view.phase == "use":
        state = _("done") if shop.done else _("using")
    line = Text(no_wrap=True, overflow="ellipsis")
    line.append_text(name_and_level(name, level, 12 if wide else 8, "bold"))
    baskets = ngettext("{n} basket", "{n} baskets", len(shop.hooks)).format(n=len(shop.hooks))
    # Translators: a rival's line (78 cells in all): keep the words short.
    line.append(_(" {filled}/{vases} filled  {baskets} {fp}FP  stored {stored}  trash {trash}  "
                  "${money}  ").format(filled=filled, vases=vases, baskets=baskets, fp=fp,
                                       stored=len(shop.storage), trash=len(shop.trash),
                                       money=shop.money))
    if view.phase == "pick":
        line.append(_("hand {n}").format(n=shop.hand_size) + "  ")
    line.append(state, style="italic")
    if wide:
        line.append("  " + _("now {n} FP").format(n=sum(view.preview[shop.seat])), style="dim")
    return line


class DraftPanel(KeepsHeight, PatchStatic):
    """What the step is about: the hand and the pass, the reveal, the solo piles, or the end."""

    DEFAULT_CSS = """
    DraftPanel { height: auto; border: round $primary-darken-2; padding: 0 1; }
    """

    def show_step(self, turn: FlowerTurn, why_not: WhyNot, pending: Action | None = None) -> None:
        """Draw the step; ``pending`` is a step waiting for its confirmation (hot-seat)."""
        view, viewer, names = turn.view, turn.seat, turn.names
        if view.solo:
            self.border_title = _("Solo · round {round} · pile {pile}").format(
                round=view.round, pile=view.step)
            lines = self._solo(turn, why_not, full=self.size.width >= 60)
        elif view.phase == "pick":
            self.border_title = _("Round {round} · pick {pick} of 7").format(
                round=view.round, pick=view.step)
            lines = self._draft(turn, why_not)
        elif view.phase == "use":
            self.border_title = _("Revealed · round {round} · pick {pick}").format(
                round=view.round, pick=view.step)
            lines = self._reveal(view, names)
        else:
            self.border_title = _("Game over") if view.phase == "over" else _("Filler")
            lines = self._end(view, names)
        if pending is not None:
            lines.append(Text.assemble(
                (_("Confirm") + " ", "bold reverse"),
                (action_label(pending, view, viewer or 0).plain, "bold"),
                _(": again or Enter · Esc: back"),
            ))
        self.update(Text("\n").join(lines))

    @staticmethod
    def _draft(turn: FlowerTurn, why_not: WhyNot) -> list[Text]:
        view, viewer, names = turn.view, turn.seat, turn.names
        lines = []
        if viewer is not None:
            target = (viewer + view.pass_offset) % view.seats
            if view.step < 7:
                passes = (_("Hand passes → left to {name}") if view.pass_offset > 0
                          else _("Hand passes ← right to {name}"))
                before, _sep, after = passes.partition("{name}")
                # the name is plain text, never markup
                lines.append(Text.assemble(before, Text(names[target]), after))
            else:
                lines.append(Text(_("Last card: nothing passes")))
        if view.my_pick is not None:
            line = Text(_("Your face-down pick:") + " ")
            line.append_text(card_text(view.my_pick))
            if view.my_swap:
                line.append(" " + _("(swapped {card})").format(card=view.my_swap), style="dim")
            lines.append(line)
        for start in range(0, len(view.hand), 2):
            line = Text()
            for offset, card in enumerate(view.hand[start:start + 2]):
                if offset:
                    line.pad_right(18 - line.cell_len)
                line.append(f"{start + offset + 1} ", style="bold")
                line.append_text(card_text(card))
            lines.append(line)
        if view.step == 7 and view.my_pick is None and viewer is not None:
            lines.append(offer("s", _("swap for a random card, ${cost}").format(cost=SWAP_COST),
                               Swap(), turn, why_not))
        if viewer is None:
            lines.append(Text(_("Hands are hidden."), style="dim"))
        return lines

    @staticmethod
    def _reveal(view: FlowerShopView, names: Sequence[str]) -> list[Text]:
        lines = []
        for seat, (card, swapped) in enumerate(view.reveal):
            line = name_cell(names[seat], 10)
            line.append(" ")
            if card is not None:
                line.append_text(card_text(card))
            if swapped:
                line.append(" " + _("(paid ${cost}, swapped {card})").format(
                    cost=SWAP_COST, card=plain(swapped)), style="italic")
            shop = view.shops[seat]
            line.append("  " + _("done") if shop.done else "", style="dim")
            lines.append(line)
        return lines

    @staticmethod
    def _solo(turn: FlowerTurn, why_not: WhyNot, full: bool) -> list[Text]:
        view = turn.view
        piles = Text()
        for index, size in enumerate(view.piles):
            current = index == view.step - 1 and view.phase in ("flip", "use")
            cell = str(size) if size else "-"
            piles.append(f"[{cell}]" if current else f" {cell} ", style="bold reverse" if current
                         else ("dim" if index < view.step - 1 else ""))
        piles.append(" " + _("deck {n}").format(n=view.deck_size), style="dim")
        lines = [piles]
        if view.flipped is not None:
            line = Text(_("Flipped") + " ")
            line.append_text(card_text(view.flipped))
            if view.under:
                line.append(" · " + _("{n} under it").format(n=view.under))
                lines.extend([line, Text(_("k keep · x discard"))])
            else:
                line.append(" · " + _("last card"))
                lines.extend([line, Text(_("k keep") + " · ").append_text(
                    offer("s", _("draw ${cost}").format(cost=SWAP_COST), Draw(), turn,
                          why_not))])
        elif view.phase == "use" and view.shops[0].using:
            lines.append(Text.assemble(_("Kept") + " ", card_text(view.shops[0].using),
                                       _(": use it")))
        if view.solo_discards:
            recent = Text(_("Discarded") + " ", style="dim")
            for card in view.solo_discards[-3:]:
                recent.append_text(card_text(card, with_id=False))
                recent.append(" ")
            lines.append(recent)
        total = sum(view.preview[0])
        if full:
            text = Text(_("Levels") + " ")
            for name, threshold in view.ladder:
                low = view.ladder[1][1]
                word = level_word(name)
                mark = f"{word} <{low}" if threshold is None else f"{word} {threshold}"
                text.append(mark, style="bold reverse" if name == view.level else "dim")
                text.append(" ")
            lines.append(text)
        now = Text.assemble(_("Now") + " ", (f"{total} FP", "bold"), ": ",
                            (level_word(view.level), "bold reverse"))
        if view.next_level is not None:
            now.append(" · " + _("{level} at {score}").format(
                level=level_word(view.next_level[0]), score=view.next_level[1]))
        lines.append(now)
        if view.phase == "over":
            lines.append(Text(_("Final score {total} FP: level {level}").format(
                total=total, level=level_word(view.level)), style="bold"))
        return lines

    def _end(self, view: FlowerShopView, names: Sequence[str]) -> list[Text]:
        """Each seat's score if it ended now: row by row where it fits on one line, else the
        total only (each window's ``Now`` line has the rows). The filler keys are in the
        menu and the footer."""
        room = self.size.width - 4
        lines = []
        for shop in view.shops:
            line = name_cell(names[shop.seat], 10)
            line.append(" ")
            rows = score_line(view.categories, view.preview[shop.seat])
            if line.cell_len + rows.cell_len > room:
                rows = Text(f"{sum(view.preview[shop.seat])} FP", style="bold")
            line.append_text(rows)
            lines.append(line)
        return lines


def offer(key: str, what: str, action: Action, turn: FlowerTurn, why_not: WhyNot) -> Text:
    """A step offered on a key, or dimmed with the rules' reason when it is not possible."""
    text = Text()
    text.append(key, style="bold")
    text.append(f" {what}")
    if not turn.may(action):
        reason = why_not(action)
        if reason:
            text.append(" " + _("(not now: {reason})").format(reason=reason))
        text.stylize("dim")
    return text


#: The menu's groups (English message ids, the keys of :func:`grouped`; shown with ``_()``).
GROUPS = (N_("Step"), N_("Place"), N_("Store"), N_("Sell"), N_("Buy basket"), N_("Reorganize"),
          N_("Trash"))


def group_of(action: Action) -> str:
    if isinstance(action, (Pick, Swap, Keep, Discard, Draw, Done, ChooseFiller)):
        return "Step"
    if isinstance(action, Place):
        return "Place"
    if isinstance(action, Store):
        return "Store"
    if isinstance(action, Sell):
        return "Sell"
    if isinstance(action, Buy):
        return "Buy basket"
    if isinstance(action, Move):
        return "Reorganize"
    return "Trash"


def action_label(action: Action, view: FlowerShopView, seat: int) -> Text:
    """A legal action in words, with what it changes (price, petals, the new trash count)."""
    shop = view.shops[seat]
    text = Text()
    if isinstance(action, Pick):
        index = view.hand.index(action.card) + 1 if action.card in view.hand else 0
        text.append(f"{index} " if index else "", style="bold")
        text.append(_("Pick") + " ")
        text.append_text(card_text(action.card))
    elif isinstance(action, Swap):
        text.append("s " + _("Swap {card}: ${cost}, random card").format(
            card=view.hand[0] if view.hand else "", cost=SWAP_COST))
    elif isinstance(action, Keep):
        text.append("k " + _("Keep") + " ")
        if view.flipped:
            text.append_text(card_text(view.flipped))
    elif isinstance(action, Discard):
        text.append("x " + _("Discard") + " ")
        if view.flipped:
            text.append_text(card_text(view.flipped, with_id=False))
        text.append(" " + _("({n} under it)").format(n=view.under))
    elif isinstance(action, Draw):
        text.append("s " + _("Draw a random card instead: ${cost}").format(cost=SWAP_COST))
    elif isinstance(action, Done):
        text.append("d " + _("Done"), style="bold")
    elif isinstance(action, ChooseFiller):
        text.append(f"{action.filler.lower()} " + _("Score {filler} ({letter}): +{n}").format(
            filler=_(FILLER_SHORT[action.filler]), letter=action.filler,
            n=shop.filler_count(action.filler)))
    elif isinstance(action, Place):
        index = SPOTS.index(action.spot)
        text.append(_("Place") + " ")
        text.append_text(card_text(action.card))
        vase = shop.spots[index][0]
        if kind(action.card) == "flower" and vase is not None:
            text.append(" " + _("on {spot} +{petals}{p}").format(
                spot=action.spot, petals=CARDS[vase].petals, p=petals_unit()))
        else:
            text.append(" " + _("at {spot}").format(spot=action.spot))
    elif isinstance(action, Store):
        text.append(_("Store") + " ")
        text.append_text(card_text(action.card))
        text.append(f" ({len(shop.storage) + 1}/{STORAGE_MAX})")
    elif isinstance(action, Sell):
        price = view.price(action)
        text.append(f"+${price} " if price is not None else "", style="bold")
        text.append(_("Sell") + " ")
        if len(action.goods) == 1:
            text.append_text(card_text(action.goods[0]))
        else:
            text.append(f"{action.goods[0]} + ")
            text.append_text(card_text(action.goods[1]))
        text.append(f" ({action.order})", style="dim")
    elif isinstance(action, Buy):
        info = CARDS[action.card]
        text.append(_("Buy {card} {fp}FP for ${cost}").format(
            card=action.card, fp=info.fp, cost=info.cost))
    elif isinstance(action, Move):
        text.append(_("Move") + " ")
        text.append_text(card_text(action.card) if kind(action.card) == "flower"
                         else Text(action.card))
        if action.to == STORAGE:
            text.append(" " + _("to storage"))
        else:
            index = SPOTS.index(action.to)
            vase = shop.spots[index][0]
            if kind(action.card) == "flower":
                text.append(" " + _("into {vase} on {spot}").format(vase=vase, spot=action.to))
            elif vase is not None:
                text.append(" " + _("to {spot} (swap {vase})").format(spot=action.to, vase=vase))
            else:
                text.append(" " + _("to {spot}").format(spot=action.to))
    elif isinstance(action, Trash):
        text.append(pgettext("verb", "Trash") + " ")
        text.append_text(card_text(action.card))
        text.append(" " + _("(trash {n})").format(n=len(shop.trash) + 1))
    return text


def move_order(action: Action, view: FlowerShopView, seat: int) -> int:
    """Useful moves first: flowers, then vases to or from storage, then vase swaps."""
    assert isinstance(action, Move)
    if kind(action.card) == "flower":
        return 0
    if action.to == STORAGE or action.card in view.shops[seat].storage:
        return 1
    index = SPOTS.index(action.to)
    return 2 if view.shops[seat].spots[index][0] is None else 3


#: The rows the menu aims to stay within (fewer where fewer are in sight): a group that would
#: take it past them is folded into one row (the step keys have their rows always).
MENU_ROWS = 15


def grouped(actions: Sequence[Action], view: FlowerShopView, seat: int) -> dict[str, list[Action]]:
    """The actions worth a row, by group in :data:`GROUPS` order (empty groups left out): one
    action per distinct outcome (the rules' :func:`outcome`: a vase on any free spot is one
    row), none for a reorganize that changes nothing; the largest filler first; the useful
    moves first."""
    shop = view.shops[seat]
    by_group: dict[str, list[Action]] = {group: [] for group in GROUPS}
    seen: set[tuple[str, ...]] = set()
    for action in actions:
        named = outcome(shop, action)
        if named is None or named in seen:
            continue
        seen.add(named)
        by_group[group_of(action)].append(action)
    if view.phase == "filler":  # the largest filler comes first, preselected
        by_group["Step"].sort(key=lambda a: -shop.filler_count(getattr(a, "filler", "B")))
    by_group["Reorganize"].sort(key=lambda a: move_order(a, view, seat))
    # the best-paying sale first (the price is the rules', in the view)
    by_group["Sell"].sort(key=lambda a: -(view.price(a) or 0) if isinstance(a, Sell) else 0)
    return {group: listed for group, listed in by_group.items() if listed}


#: The groups folded first when the list is long: the ones a turn needs least often.
FOLD_ORDER = ("Trash", "Reorganize", "Sell", "Buy basket", "Store", "Place")


def fold(groups: dict[str, list[Action]], room: int) -> set[str]:
    """The groups to fold into one row each so that the list fits ``room`` rows where it
    can, folding in :data:`FOLD_ORDER` (the step's own rows are never folded)."""
    sizes = {group: len(listed) + (group != "Step") for group, listed in groups.items()}
    folded: set[str] = set()
    for group in FOLD_ORDER:
        if sum(sizes.values()) <= room:
            break
        if group in sizes:
            sizes[group] = 1
            folded.add(group)
    return folded


class ActionMenu(private.OptionListLines, SizedFromOutside, OptionList):
    """What may be done now: the acting seat's legal actions, one row per distinct outcome,
    grouped as Step, Place, Store, Sell, Buy basket, Reorganize and Trash (or only those on
    a selected card); a group that would make the list long is one row that Enter opens.
    Arrows move, Enter plays the highlighted action.
    """

    # No scrollbar: the bottom border says how many rows are out of sight (:meth:`_scrolled`).
    # Textual redraws a scrollbar whole whenever the list's length moves its thumb, at every
    # step; and one that came and went with the length would lay the screen out again.
    DEFAULT_CSS = """
    ActionMenu {
        height: 1fr; border: round $primary-darken-2;
        overflow-y: scroll; scrollbar-size-vertical: 0;
    }
    ActionMenu:focus { border: round $accent; }
    """

    #: A new title or scroll hint repaints its border row only (Textual's: every row).
    border_title = SteadyTitle()
    border_subtitle = SteadyTitle()
    #: OptionList repaints every row when the highlight moves; here only the rows it left and
    #: reached are repainted (:meth:`watch_highlighted`).
    highlighted: Reactive[int | None] = Reactive(None, repaint=False)
    #: The option highlighted last (see :meth:`watch_highlighted`).
    _lit: int | None = None
    #: While the list's lines are known to be current (see :meth:`lines_current`).
    _lines_known = False

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._actions: list[Action | None] = []
        self._key: object = None
        #: Per option on screen: what its row looks like (text, styles, disabled).
        self._rows: list[tuple[object, bool]] = []
        #: While the list is rebuilt: the rows to repaint are worked out after it, so the
        #: whole-widget repaints that rebuilding asks for are left out.
        self._rebuilding = False
        #: Option rows drawn before, by their look and place (see :meth:`option_strips`).
        self._drawn: dict[tuple[object, ...], list[Strip]] = {}
        #: The options made before, by their row's look (see :meth:`_options_for`).
        self._made: dict[tuple[object, bool], Option] = {}
        #: The index of each option on screen, by the option's id.
        self._index_of: dict[int, int] = {}
        #: Per option style and ANSI theme: a span's style -> its cells' (see ``_row_strip``).
        self._styles: dict[tuple[object, object], dict[object, object]] = {}
        #: The rows that open or fold a group, by index, and the groups opened this step.
        self._toggles: dict[int, str] = {}
        self._open: frozenset[str] = frozenset()
        self._step: object = None
        #: What :meth:`show_actions` was last given (a group opened redraws from it).
        self._shown: tuple[FlowerTurn | None, str, str | None, Action | None] = (
            None, "", None, None)

    def show_actions(
        self, turn: FlowerTurn, note: str = "", card: str | None = None,
        pending: Action | None = None,
    ) -> None:
        """List ``turn``'s legal actions, one row per distinct outcome (rebuilt for every new
        turn: a label never outlives the position it describes); with ``card``, only the
        actions on that card; a ``pending`` step waiting for confirmation comes first,
        highlighted. Groups that would take the list past :data:`MENU_ROWS` rows are folded
        into one row each, which Enter opens (:meth:`toggle`)."""
        view = turn.view
        step = (turn.seat, view.round, view.step, view.phase)
        if step != self._step:  # a new step starts folded again; opened groups last the step
            self._step, self._open = step, frozenset()
        self._shown = (turn, note, card, pending)
        # the width too: the "Not yet" row is cut to it (the first list comes before a size)
        key = (turn.version, turn.seat, turn.acting, note, card, pending, self._open,
               self.size.width, self.size.height)
        if key == self._key:
            return
        self._key = key
        seat = turn.seat
        actions = list(turn.legal) if turn.acting and seat is not None else []
        if card is not None:
            actions = [a for a in actions if involves(a, card)]
        if card is not None:
            self.border_title = Text.assemble(plain(card), " · " + _("Esc: all actions"))
        else:
            self.border_title = _("What may I do now") if actions else ""
        with self.quietly():  # its height is the CSS's: a longer list needs no layout
            self._list(turn, actions, note, card, pending)

    def toggle(self, group: str) -> None:
        """Open a folded group, or fold an opened one again, keeping it highlighted."""
        self._open = self._open ^ {group}
        turn, note, card, pending = self._shown
        if turn is None:
            return
        self.show_actions(turn, note, card, pending)
        row = next((i for i, g in self._toggles.items() if g == group), None)
        if row is not None:
            self.highlighted = row

    def _list(self, turn: FlowerTurn, actions: list[Action], note: str, card: str | None,
              pending: Action | None) -> None:
        view, seat = turn.view, turn.seat
        self._actions = []
        self._toggles = {}
        options: list[tuple[Text, bool]] = []  # each row's prompt and whether it is disabled
        if note:
            options.append((Text(note, style="italic"), True))
            self._actions.append(None)
        if seat is not None and actions:
            if pending is not None:
                options.append((Text.assemble(("✓ " + _("Confirm:") + " ", "bold"),
                                              action_label(pending, view, seat)), False))
                self._actions.append(pending)
            if view.end_blocker and card is None:
                # one line: the status line above says the same at full length
                blocker = Text(_("Not yet: {reason}").format(reason=view.end_blocker),
                               style="dim")
                blocker.truncate(max(12, self.size.width - 4), overflow="ellipsis")
                options.append((blocker, True))
                self._actions.append(None)
            groups = grouped(actions, view, seat)
            # at most MENU_ROWS rows, and no more than are in sight where fewer are
            room = min(MENU_ROWS, self.size.height or MENU_ROWS) - len(options)
            folded = set() if card is not None else fold(groups, room)
            for group, listed in groups.items():
                if group in folded and group not in self._open:
                    self._toggles[len(options)] = group
                    options.append((Text.assemble(
                        ("▸ ", "bold"), (group_name(group), "bold"),
                        " " + _("({n}): Enter opens").format(n=len(listed))), False))
                    self._actions.append(None)
                    continue
                if group in folded:
                    self._toggles[len(options)] = group
                    options.append((Text.assemble(
                        ("▾ ", "bold"), (group_name(group), "bold"),
                        " " + _("({n}): Enter folds").format(n=len(listed))), False))
                    self._actions.append(None)
                elif group != "Step":
                    options.append((Text(f"— {group_name(group)} —", style="bold dim"), True))
                    self._actions.append(None)
                for action in listed:
                    options.append((action_label(action, view, seat), False))
                    self._actions.append(action)
        first = next((i for i, a in enumerate(self._actions)
                      if a is not None or i in self._toggles), None)
        self._replace(options, first)

    def row_for(self, action: Action) -> int | None:
        """The row that plays ``action``'s outcome, its folded group opened first (for
        scripts that play through the screen); ``None`` when the list does not offer it."""
        turn = self._shown[0]
        if turn is None or turn.seat is None:
            return None
        shop = turn.view.shops[turn.seat]
        named = outcome(shop, action)
        same = next((a for a in self.offered() if outcome(shop, a) == named), None)
        if same is None:
            return None
        if same not in self._actions:
            self.toggle(group_of(same))
        return self._actions.index(same)

    def offered(self) -> list[Action]:
        """Every action the list offers, its folded groups' included: one per outcome."""
        turn, _note, card, _pending = self._shown
        if turn is None or turn.seat is None or not turn.acting:
            return []
        actions = [a for a in turn.legal if card is None or involves(a, card)]
        return [a for listed in grouped(actions, turn.view, turn.seat).values() for a in listed]

    def _replace(self, entries: list[tuple[Text, bool]], first: int | None) -> None:
        """Show the rows ``entries`` (prompt, disabled) with ``first`` highlighted, repainting
        only the rows that look different (a step's list shares many rows with the last one:
        the headings, the note), or the whole list when its rows moved (scrolled, a row of
        two lines)."""
        rows: list[tuple[object, bool]] = [(row_key(prompt), disabled)
                                           for prompt, disabled in entries]
        options = self._options_for(entries, rows)
        before, high, scrolled = self._rows, self.highlighted, self.scroll_y
        single = private.option_line_count(self) == len(before)
        self._rows = rows
        self._rebuilding = True
        try:
            if options:
                # one pass: clear_options would also work out the empty list's lines and
                # scrollbar before add_options works out the new ones
                if scrolled:
                    self.scroll_y = 0  # a new list starts at its top, as clear_options does
                self.set_options(options)
            else:
                self.clear_options()
            self._lines_known = True  # the new list's lines were worked out just now
            if first is not None:
                self.highlighted = first
            lines = private.option_line_count(self)
        finally:
            self._rebuilding = self._lines_known = False
        self._scrolled()
        if scrolled or not single or lines != len(rows) or not self.size:
            self.refresh()
            return
        changed = {y for y in range(max(len(before), len(rows)))
                   if y >= len(before) or y >= len(rows) or before[y] != rows[y]}
        if high != self.highlighted:
            changed.update(y for y in (high, self.highlighted) if y is not None)
        if changed:
            self.refresh(*row_regions(sorted(changed), self.size.width))

    def _options_for(self, entries: list[tuple[Text, bool]],
                     rows: list[tuple[object, bool]]) -> list[Option]:
        """An option per row, the one made before for a row that looks the same: OptionList
        keeps the visual it makes of a prompt (and its height) in its option, and a step's list
        shares many rows with earlier ones (headings, the moves of the window's cards)."""
        made = self._made if len(self._made) <= ROW_CACHE else {}
        self._made = made
        options: list[Option] = []
        used: set[int] = set()
        for (prompt, disabled), row in zip(entries, rows, strict=True):
            option = made.get(row)
            if option is None or id(option) in used:  # an option is in a list only once
                option = made[row] = Option(prompt, disabled=disabled)
            used.add(id(option))
            options.append(option)
        self._index_of = {id(option): index for index, option in enumerate(options)}
        return options

    def watch_highlighted(self, highlighted: int | None) -> None:
        super().watch_highlighted(highlighted)  # scrolls it into view, says it is highlighted
        before, self._lit = self._lit, highlighted
        if self._rebuilding or not self.size:
            return  # a new list works out the rows to repaint itself (:meth:`_replace`)
        top = round(self.scroll_offset.y)
        rows = [line - top for index in (before, highlighted)
                for line in private.option_rows(self, index)]
        shown = sorted({row for row in rows if 0 <= row < self.size.height})
        if shown:
            self.refresh(*row_regions(shown, self.size.width))

    def watch_scroll_y(self, old_value: float, new_value: float) -> None:
        super().watch_scroll_y(old_value, new_value)
        self._scrolled()

    def on_resize(self) -> None:
        self._scrolled()

    def _scrolled(self) -> None:
        """Say in the bottom border how many of the list's rows are above and below the
        ones in sight (``↑ 2 more · ↓ 5 more``), nothing when all of it is in sight."""
        if self.size:
            # Translators: "↑ 2 more · ↓ 5 more": menu rows out of sight above and below.
            more = _("more")
            self.border_subtitle = out_of_sight(self, private.option_line_count(self), more, more)

    def lines_current(self) -> bool:
        # OptionList works its lines out again (scrollable_content_region, twice) for every
        # row it draws and every look at its lines: skipped while they are known to be current
        return self._lines_known

    def render_lines(self, crop: Region) -> list[Strip]:
        self.update_lines()
        self._lines_known = True  # nothing changes the list while its rows are drawn
        try:
            return super().render_lines(crop)
        finally:
            self._lines_known = False

    def refresh(self, *regions: Region, repaint: bool = True, layout: bool = False,
                recompose: bool = False) -> ActionMenu:
        if self._rebuilding and not (regions or recompose):
            # a longer or shorter list may still lay the screen out (its scrollbar)
            return super().refresh(repaint=False, layout=layout) if layout else self
        return super().refresh(*regions, repaint=repaint, layout=layout, recompose=recompose)

    def option_strips(self, option: Option, style: VisualStyle) -> list[Strip]:
        """An option's row as OptionList draws it, taken from the rows drawn before when one
        looked the same at the same place (a new list is built for every step, and OptionList
        would draw every row of it again), and drawn the quick way when it is one plain row
        (:meth:`_quick_render`). The list never has separators (``None`` options)."""
        padding = self._padding()
        cache = private.option_render_cache(self)
        cached = cache.get((option, style, padding))
        index = self._index_of.get(id(option))
        if cached is not None or not isinstance(option.prompt, Text) or index is None:
            return cached or self.draw_option(option, style)
        width = self.scrollable_content_region.width
        key = (row_key(option.prompt), style, padding, width, index)
        strips = self._drawn.get(key)
        if strips is None:
            if len(self._drawn) > ROW_CACHE:
                self._drawn.clear()
            inner = width - private.option_gutter(self)
            strips = self._quick_render(option, style, padding, inner, index)
            if strips is None:
                strips = self.draw_option(option, style)
            self._drawn[key] = strips
        cache[(option, style, padding)] = strips
        return strips

    def _quick_render(self, option: Option, style: VisualStyle, padding: Spacing, width: int,
                      index: int) -> list[Strip] | None:
        """An option of one row (no wrap, no padding: the menu's CSS) drawn as
        OptionList draws it (the same segments, styles, offsets and meta), from Rich's split of
        its text into styled segments as :class:`RendersByRow` draws a row: OptionList makes a
        Textual ``Content`` of the text and converts every span's style for each row it draws.
        ``None`` for any other option (OptionList's own drawing draws it)."""
        prompt = option.prompt
        assert isinstance(prompt, Text)
        if (padding or self.text_selection is not None
                or prompt.justify not in (None, "default", "left")
                or "\n" in prompt.plain or prompt.cell_len > width):
            return None
        styles = self._styles.get((style, self.app.ansi_theme))
        if styles is None or len(styles) > STYLE_CACHE:
            if len(self._styles) > STYLE_CACHE:
                self._styles.clear()
            styles = self._styles[(style, self.app.ansi_theme)] = {}
        strip = _row_strip(prompt, 0, style, styles, self.app)
        if strip is None:
            return None
        return [strip.extend_cell_length(width, style.rich_style).apply_meta({"option": index})]

    def _padding(self) -> Spacing:
        return self.get_component_styles("option-list--option").padding

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        group = self._toggles.get(event.option_index)
        if group is not None:
            self.toggle(group)
            return
        action = self._actions[event.option_index]
        if action is not None:
            self.post_message(ActionChosen(action))

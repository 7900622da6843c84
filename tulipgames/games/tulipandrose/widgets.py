"""Tulip & Rose widgets: the table line, the reveal strip, holdings, Special Orders, and the two
decision panels (the bouquet splitter, and the auction panel that ends in the Seller's sell or
keep).

Every widget renders a :class:`~tulipgames.games.tulipandrose.rules.TulipView` and decides no
rule: the view carries the numbers (bid range, loans a bid needs, worth, keep price and why not)
and the rules module answers whether a split is complete (``split_problem``). Cards always carry
their letter (``T5``, ``W-1``); colour only repeats it. Player names are plain text cut and padded
by terminal cells, never markup.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from rich.style import Style
from rich.text import Text
from textual.widget import Widget

from tulipgames.games.tulipandrose import data
from tulipgames.games.tulipandrose.rules import (
    Assign,
    AuctionView,
    PlayerView,
    TulipView,
    bouquet_count,
    feasible_bouquets,
    split_problem,
)
from tulipgames.i18n import _, ngettext
from tulipgames.tui.widgets import DrawnFrom, KeepsHeight, PatchStatic
from tulipgames.tui.widgets.common import name_and_level

KIND_STYLE = {
    "T": "bright_red",
    "R": "magenta",
    "L": "bright_white",
    "I": "medium_purple1",
    "C": "bright_yellow",
    "H": "bright_blue",
    "W": "green",
    "S": "bold red",
    "V": "bold yellow",
    "G": "bold green",
}


#: A named value in a translated sentence.
_FIELD = re.compile(r"\{(\w+)\}")


def sentence(message: str, style: str | Style = "", **parts: Text | str) -> Text:
    """A translated sentence as a Text, its ``{name}`` fields filled with ``parts`` (a player's
    name as plain Text, never markup, keeps its own style): the words move around the names as
    the language wants ("Warten auf Ben, ..." / "Waiting for Ben to bid")."""
    text = Text(style=style)
    at = 0
    for field in _FIELD.finditer(message):
        text.append(message[at:field.start()])
        part = parts.get(field[1], field[0])
        if isinstance(part, Text):
            text.append_text(part)
        else:
            text.append(part)
        at = field.end()
    text.append(message[at:])
    return text


def card_text(card: str) -> Text:
    """A card as its letter and value (``T5``, ``W-1``), coloured by kind."""
    return Text(card, style=KIND_STYLE.get(card[0], ""))


def cards_text(cards: Sequence[str]) -> Text:
    text = Text()
    for i, card in enumerate(cards):
        if i:
            text.append(" ")
        text.append_text(card_text(card))
    return text


def kind_counts(cards: Sequence[str]) -> str:
    """``T2 R1 W1`` for a bouquet: counts of the kinds present, in card-letter order."""
    parts = []
    for letter in data.CARD_LETTERS:
        count = sum(1 for card in cards if card[0] == letter)
        if count:
            parts.append(f"{letter}{count}")
    return " ".join(parts) or _("empty")


def name_cell(name: str, width: int, style: str = "", pad: bool = True) -> Text:
    """A player's name as plain text, cut (and padded, with ``pad``) to ``width`` cells."""
    text = Text(name, style=style, no_wrap=True)
    text.truncate(width, overflow="ellipsis", pad=pad)
    return text


def worth_text(view: TulipView, cards: Sequence[str], private: bool) -> Text:
    """ "worth to you +12": what the cards add to the viewer's score, income to come included;
    without ``private`` the viewer's secret Special Orders are left out (and it says so)."""
    worth = view.worth(cards, with_orders=private)
    if worth is None or not cards:
        return Text()
    if private or not view.special_orders:
        words = _("worth to you {points}")
    else:
        # Translators: what a bouquet adds to your score, your secret Special Orders left out.
        words = _("worth to you {points} w/o orders")
    return Text("  " + words.format(points=signed(worth)), style="cyan")


def signed(points: int) -> str:
    return f"{points:+d}"


def loans_word(count: int) -> str:
    return ngettext("{n} loan", "{n} loans", count).format(n=count)


#: The folded lines the decision panel keeps before it starts afresh.
FOLDED_LINES = 128


class TableLine(DrawnFrom, PatchStatic):
    """Day, round, Seller, reveal window and deck size on one line."""

    DEFAULT_CSS = "TableLine { height: 1; padding: 0 1; }"

    def show_table(self, view: TulipView, names: Sequence[str]) -> None:
        if self.unchanged(view.day, view.round, view.rounds, names[view.seller], view.window,
                          view.deck_size, self.size.width):
            return
        low, high = view.window
        line = Text.assemble(
            (_("Day") + " ", "dim"),
            f"{view.day}/2",
            ("  " + _("Round") + " ", "dim"),
            f"{view.round}/{view.rounds}",
            ("  " + _("Seller") + " ", "dim"),
            name_cell(names[view.seller], 12, "bold", pad=False),
            ("  " + _("Window") + " ", "dim"),
            f"{low}-{high}",
            ("  " + _("Deck") + " ", "dim"),
            str(view.deck_size),
            no_wrap=True,
            overflow="ellipsis",
        )
        # The legend of the holdings' marks, where there is room for it.
        # Translators: the marks of the holdings table: > the seat to act, S the Seller, * you
        # (the marks themselves stay); the second is a shorter form for narrow screens.
        for legend in ("   " + _("> to act  S Seller  * you"), "  " + _(">turn S seller *you")):
            if self.size.width and line.cell_len + len(legend) + 2 <= self.size.width:
                line.append(legend, style="dim")
                break
        self.update(line)


class RevealStrip(DrawnFrom, KeepsHeight, PatchStatic):
    """The cards revealed this round with their running total, and the ones put back.

    It keeps the rows it has taken (two when the put-backs fill a second), so that a new round
    or the splitter's short form leaves the panels below where they are."""

    DEFAULT_CSS = "RevealStrip { height: auto; max-height: 2; padding: 0 1; }"

    def show_reveal(self, view: TulipView, compact: bool = False) -> None:
        """``compact``: the splitter shows the cards, so only their number is given here."""
        if self.unchanged(view.revealed, view.put_back, view.reveal_total, view.window, compact,
                          self.size):
            return
        low, high = view.window
        text = Text(_("Revealed") + " ", style="dim")
        if not view.revealed and not compact:
            # no total: the last round's would be a sum of nothing ("nothing = 17")
            over = view.phase == "over"
            self.update(text.append(_("nothing: the festival is over") if over else _("nothing")))
            return
        if compact:
            count = len(view.revealed)
            text.append(ngettext("{n} card", "{n} cards", count).format(n=count))
        else:
            text.append_text(cards_text(view.revealed))
        inside = low <= view.reveal_total <= high
        text.append(f"  = {view.reveal_total}", style="bold")
        window = (_("(window {low}-{high})") if inside
                  else _("(window {low}-{high}, stopped short)")).format(low=low, high=high)
        text.append(" " + window, style="dim")
        if view.put_back:
            full = text.copy()
            full.append("  " + _("did not fit, put back:") + " ", style="dim")
            full.append_text(cards_text(view.put_back))
            room = 2 * (self.size.width - 2) - 8 if self.size.width else full.cell_len
            if full.cell_len <= room:
                text = full
            else:  # two lines at most: the long list of put-backs stays in the log
                text.append("  " + _("{n} did not fit (see the log)").format(
                    n=len(view.put_back)), style="dim")
        self.update(text)


def cell(words: str, width: int) -> str:
    """``words`` cut and padded to exactly ``width`` cells (a column head of a table)."""
    text = Text(words, no_wrap=True)
    text.truncate(width, pad=True)
    return text.plain


class HoldingsTable(DrawnFrom, PatchStatic):
    """One line per player: merchant, florins (``?`` when hidden), loans, income, cards by kind.

    ``>`` marks the seat to act, ``S`` the Seller, ``*`` the seat at this keyboard (the legend is
    on the table line when it fits, and in the rules on ``?``).
    """

    DEFAULT_CSS = "HoldingsTable { height: auto; padding: 0 1; }"

    def show_holdings(self, view: TulipView, names: Sequence[str], acting: Sequence[int],
                      levels: Sequence[str | None] = ()) -> None:
        """``levels``: each seat's bot level (``None``: a human), beside its name."""
        self.levels = tuple(levels)
        if self.unchanged(view.players, tuple(acting), view.seller, view.seat, tuple(names),
                          self.levels, self.size.width):
            return
        wide = self.size.width >= 100
        merchant = 26 if wide else 13
        name_cells = 16 if wide else 10  # wide: room for a bot's level ("Bot 2 normal")
        who, trader = cell(_("Player"), name_cells), cell(_("Merchant"), merchant)
        head = Text(f"   {who}{trader}", style="dim")
        # Translators: the holdings table's column heads, right-aligned over numbers: florins
        # (4 cells), loans (3), income (4); keep each within its cells. The card letters after
        # them are the cards' notation (T5, W-1) and stay as they are.
        money = cell(_("  Fl Ln Inc"), 11)
        head.append(money + "  T  R  L  I  C  H   W  S  V  G", style="dim")
        lines = [head]
        for player in view.players:
            lines.append(self._row(view, player, names, acting, wide))
        self.update(Text("\n").join(lines))

    def _row(
        self,
        view: TulipView,
        player: PlayerView,
        names: Sequence[str],
        acting: Sequence[int],
        wide: bool,
    ) -> Text:
        seat = player.seat
        marks = (
            (">" if seat in acting else " ")
            + ("S" if seat == view.seller else " ")
            + ("*" if seat == view.seat else " ")
        )
        row = Text(marks, style="bold")
        level = self.levels[seat] if seat < len(self.levels) else None
        row.append_text(name_and_level(names[seat], level, 15 if wide else 9,
                                       "bold" if seat == view.seat else ""))
        row.append(" ")
        # Narrow terminals get the merchant's family name only ("van Dam", "Roos").
        name = player.merchant if wide else player.merchant.split(" ", 1)[1]
        width = 26 if wide else 13
        merchant = f"#{player.priority} {player.specialty} {name}"[:width]
        row.append(f"{merchant:<{width}}")
        florins = "?" if player.florins is None else str(player.florins)
        row.append(f"{florins:>4} ", style="bold")
        row.append(f"{player.loans:>2} ", style="red" if player.loans else "")
        row.append(f"{'+' + str(player.income):>3} ")
        for i, letter in enumerate(data.CARD_LETTERS):
            if letter == data.WEED:
                row.append(" ")
            count = player.cards[i]
            row.append(f"{count:>2} ", style=KIND_STYLE[letter] if count else "dim")
        return row


class OrdersPanel(DrawnFrom, PatchStatic):
    """The seat's own Special Orders, each marked met (``+``) or not yet (``-``) right now."""

    DEFAULT_CSS = """
    OrdersPanel { width: 30; height: auto; border: round $primary-darken-1; padding: 0 1; }
    OrdersPanel.-wide { width: 52; }
    """

    def show_orders(self, view: TulipView, private: bool) -> None:
        """Draw the viewer's orders; without ``private`` they stay closed (hot-seat: the curtain
        is raised only for a player who opens them with ``o``)."""
        seat = view.seat
        mine = None if seat is None else view.players[seat].orders
        if self.unchanged(view.special_orders, mine, private, self.has_class("-wide")):
            return
        self.border_title = _("Your Special Orders")
        if not view.special_orders:
            self.display = False
            return
        self.display = True
        if seat is None or mine is None or not private:
            # Closed orders leave their room to the decision; the footer offers "o My orders".
            self.display = False
            return
        wide = self.has_class("-wide")
        lines = []
        for order in mine:
            line = Text("+ " if order.met else "- ", style="bold green" if order.met else "dim")
            line.append(_(order.name))
            line.append(f" {order.points}", style="bold")
            if wide:
                line.append(f"  {_(order.condition)}", style="dim")
            lines.append(line)
        self.update(Text("\n").join(lines))


class SplitPanel(KeepsHeight, PatchStatic, can_focus=True):
    """The Seller's bouquet splitter: a cursor over the revealed cards, keys 1-3 to place the
    card under it, 0 to clear it, and a live preview of each bouquet with its worth to you.

    ``draft`` is what the player sees (0 = not placed yet); ``played`` is the part the rules
    already hold as ``assign`` steps (saved, so a half-done split survives a resume).
    :meth:`plan` says how to bring the played steps in line with the draft.

    The screen shows it as part of :class:`BiddingPanel`, the one panel of every decision of a
    round, which keeps the most rows it has shown.
    """

    DEFAULT_CSS = """
    SplitPanel {
        height: auto; max-height: 100%; overflow-y: auto; border: round $accent; padding: 0 1;
    }
    SplitPanel:focus { border: round $accent-lighten-2; }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.split_key: tuple[int, tuple[str, ...]] | None = None
        self.draft: list[int] = []
        self.played: tuple[int, ...] = ()
        self.cursor = 0
        self.view: TulipView | None = None
        self.private = True
        #: While the screen replays a changed draft, undone steps stay in the draft.
        self.syncing = False

    def load_split(self, view: TulipView, private: bool) -> None:
        """Take the played steps from the view; a new reveal starts a fresh draft."""
        key = (view.round, view.revealed)
        self.view, self.private = view, private
        played = tuple(view.draft)
        if key != self.split_key:
            self.split_key = key
            self.draft = list(played) + [0] * (len(view.revealed) - len(played))
            self.cursor = min(len(played), len(self.draft) - 1)
        else:
            if not self.syncing:  # steps taken back by undo leave the draft too
                for i in range(len(played), len(self.played)):
                    self.draft[i] = 0
            self.draft[: len(played)] = played
        self.played = played
        self.render_split()

    def padded(self, text: Text) -> Text:
        """The blank rows :class:`KeepsHeight` adds, but no more than the panel has now: a
        panel the reveal strip pushed shorter would have blank rows below its bottom, and a
        text taller than its widget is rendered whole by Textual at every key."""
        more = super().padded(text)
        height = self.content_size.height if self.is_mounted else 0
        rows = text.plain.count("\n") + 1  # its lines are rows: wrapped or cut to the width
        if not height or more.plain.count("\n") + 1 <= max(height, rows):
            return more
        return Text.assemble(text, "\n" * max(0, height - rows), no_wrap=text.no_wrap,
                             overflow=text.overflow, end=text.end)

    @property
    def bouquets(self) -> int:
        return bouquet_count(len(self.draft))

    def move(self, step: int) -> None:
        if self.draft:
            self.cursor = (self.cursor + step) % len(self.draft)
        self.render_split()

    def place(self, bouquet: int) -> str | None:
        """Put the card under the cursor into ``bouquet`` (0 clears it) and move on."""
        if bouquet > self.bouquets:
            return ngettext("There is only {n} bouquet.", "There are only {n} bouquets.",
                            self.bouquets).format(n=self.bouquets)
        self.draft[self.cursor] = bouquet
        if bouquet and self.cursor < len(self.draft) - 1:
            self.cursor += 1
        self.render_split()
        return None

    def plan(self) -> tuple[int, list[Assign]]:
        """(steps to take back, ``assign`` steps to play) that make the played steps follow the
        draft: back to the first card changed, then forward over the placed cards in order, as
        far as the rules let the next card go (a bouquet must not be left empty)."""
        changed = next(
            (i for i, b in enumerate(self.played) if self.draft[i] != b), len(self.played)
        )
        prefix = list(self.played[:changed])
        steps = []
        for card in range(changed, len(self.draft)):
            bouquet = self.draft[card]
            if not bouquet or bouquet not in feasible_bouquets(prefix, len(self.draft)):
                break
            steps.append(Assign(card + 1, bouquet))
            prefix.append(bouquet)
        return len(self.played) - changed, steps

    def problem(self) -> str | None:
        """What stops the split being confirmed, in words, or None when it is legal."""
        missing = [i + 1 for i, b in enumerate(self.draft) if b == 0]
        if missing:
            return _("Card {card} has no bouquet yet (keys 1-{bouquets}).").format(
                card=missing[0], bouquets=self.bouquets)
        return split_problem(self.draft, len(self.draft))

    def render_split(self) -> None:
        view = self.view
        if view is None:
            return
        keys = f"1-{self.bouquets}"
        self.border_title = ngettext(
            "Split {cards} cards into {bouquets} bouquet",
            "Split {cards} cards into {bouquets} bouquets",
            self.bouquets,
        ).format(cards=len(self.draft), bouquets=self.bouquets)
        # Translators: the splitter's keys (they stay): arrows, {keys} ("1-3"), 0, Enter.
        self.border_subtitle = _("←→ card  {keys} place  0 clear  Enter confirm").format(
            keys=keys)
        # One cell per card, "T5:1" (card and its bouquet), so twelve cards fit two lines.
        per_row = max(4, (self.size.width - 2) // 6) if self.size.width else 8
        lines: list[Text] = []
        for start in range(0, len(self.draft), per_row):
            row = Text(no_wrap=True)
            for i in range(start, min(start + per_row, len(self.draft))):
                card, bouquet = view.revealed[i], self.draft[i]
                here = i == self.cursor
                row.append(">" if here else " ", style="bold")
                row.append(card, style=KIND_STYLE.get(card[0], "") + (" reverse" if here else ""))
                mark = str(bouquet) if bouquet else "."
                row.append(f":{mark}".ljust(5 - len(card)), style="bold" if bouquet else "dim")
            lines.append(row)
        for number in range(1, self.bouquets + 1):
            chosen = [c for c, b in zip(view.revealed, self.draft, strict=True) if b == number]
            line = Text(f"{number}", style="bold")
            worth = view.worth(chosen, with_orders=self.private) if chosen else None
            if worth is not None:
                # Translators: what this bouquet adds to your score ("(you +7)").
                line.append(" " + _("(you {points})").format(points=signed(worth)), style="cyan")
            line.append(": ", style="bold")
            line.append_text(cards_text(chosen) if chosen else Text(_("empty"), style="dim"))
            if chosen:
                line.append(f" ({kind_counts(chosen)})", style="dim")
            lines.append(line)
        problem = self.problem()
        lines.append(
            Text(problem, style="yellow")
            if problem
            else Text(_("Enter: confirm this split"), style="bold green")
        )
        # "(you +7)": what the bouquet adds to your score, your income to come included.
        # A line too long for the panel is cut (its cards are in the row of cards above).
        self.update(Text("\n", no_wrap=True, overflow="ellipsis").join(lines))


def fit_row(line: Text, width: int, at: str = " ") -> Text:
    """``line`` on one row of ``width`` cells, cut before its last whole part (parts end at
    ``at``) with "…": a card or a bidder is never cut, nor a number in it."""
    if not width or line.cell_len <= width:
        return line
    plain = line.plain
    cuts = [index for index in range(len(plain)) if plain.startswith(at, index)]
    cut = max([index for index in cuts if line[:index].cell_len + 2 <= width], default=0)
    part = line[:cut]
    part.append(" …", style="dim")
    return part


def upcoming_line(coming: Sequence[tuple[int, Sequence[str]]], width: int) -> Text:
    """"Still to come: 2: T5 C1 · 3: L3 C2": the bouquets of this round not yet auctioned, on
    one row, cut at a card with "…" where the row is too narrow."""
    later = Text(_("Still to come:") + " ", style="dim")
    for i, (number, cards) in enumerate(coming):
        if i:
            later.append(" · ", style="dim")
        later.append(f"{number}: ", style="bold")
        later.append_text(cards_text(cards))
    return fit_row(later, width)


def bidders_line(auction: AuctionView, names: Sequence[str], amount: bool = False) -> Text:
    """Each bidder's standing in bidding order (``>`` who is to bid, struck out who passed);
    with ``amount`` the high bid's amount too ("Ben high 12"), where no line of its own says
    it, and no "Bidders:" before them, to keep them on one row."""
    standing = Text("" if amount else _("Bidders:") + " ", style="dim")
    for i, bidder in enumerate(auction.bidders):
        if i:
            standing.append(" · ", style="dim")
        if bidder.seat == auction.to_act:
            standing.append(">", style="bold")
        passed = bidder.status == "passed"
        standing.append(names[bidder.seat], style="dim strike" if passed else "bold")
        # Translators: a bidder's standing after their name: out (passed), high (the high bid).
        label = {"passed": " " + _("out"), "high": " " + _("high"), "in": ""}[bidder.status]
        if amount and bidder.status == "high":
            label += f" {auction.high}"
        if bidder.loans_declared:
            label += " " + _("loan ×{n}").format(n=bidder.loans_declared)
        standing.append(label, style="dim" if passed else "bold")
    return standing


class BiddingPanel(SplitPanel):
    """The one panel of every decision of a round: the Seller's split at the keyboard (the
    :class:`SplitPanel` it extends) or who is splitting (and how the last round's bouquets
    went), the open auction (the bouquet on offer, the high bid and bidder, each bidder's
    standing, the bouquets still to come, and for the bidder at the keyboard the amount with
    its range and what it would cost in loans), the Seller's sell or keep, and at the end the
    last round's sales. Every number comes from the view.

    One panel for all of them, so that the key that ends a split, an auction or a sale changes
    its rows and leaves the screen as it is: no panel is shown or hidden (a layout), and the
    focus stays where it is (moving it restyles two widgets). Its long lines are wrapped into
    rows here (the splitter's are cut) and it keeps its height, so that a key repaints the rows
    it changed."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.amount = 0
        self.typed = ""
        self.bid_key: tuple[int, int, int | None] | None = None
        self.names: Sequence[str] = ()
        self.acting = False
        #: Hot-seat, the same player to bid again right after their own move: Enter bids only
        #: when pressed twice (or after the amount was changed), so a stray Enter meant for the
        #: last decision does not bid the minimum on this one.
        self.guarded = False
        #: The first of those two Enters was pressed.
        self.armed = False
        #: Lines folded into rows (see :meth:`_rows_of`), until there are too many.
        self._folded: dict[tuple[object, ...], list[Text]] = {}

    @property
    def low(self) -> int:
        view = self.view
        return 1 if view is None or view.min_bid is None else view.min_bid

    def load(self, view: TulipView, names: Sequence[str], acting: bool, private: bool,
             guarded: bool = False) -> None:
        """Show the auction; ``guarded``: a new decision of the player who just moved at this
        hot-seat keyboard (see :attr:`guarded`)."""
        assert view.auction is not None
        self.view, self.names, self.acting, self.private = view, names, acting, private
        key = (view.round, view.auction.bouquet, view.auction.high)
        if key != self.bid_key:
            self.bid_key = key
            self.amount, self.typed = self.low, ""
            self.guarded, self.armed = guarded and acting, False
        self.render_bids()

    def confirm(self) -> bool:
        """Enter: whether to bid now; a guarded decision's first Enter only arms it."""
        if self.guarded and not self.armed:
            self.armed = True
            self.render_bids()
            return False
        return True

    def waiting_for_split(self, view: TulipView, names: Sequence[str]) -> None:
        """While the Seller splits: who is splitting, and how the last round's bouquets went."""
        self.border_title, self.border_subtitle = _("Split"), ""
        lines = [
            sentence(_("{seller} (Seller) is splitting the cards into bouquets."),
                     seller=name_cell(names[view.seller], 20, pad=False))
        ]
        if view.last_sales:
            lines.append(Text(_("Last round:"), style="dim"))
        lines += self._sales(view, names)
        self._show(lines)

    def show_end(self, view: TulipView, names: Sequence[str]) -> None:
        """The game is over (the scores follow): how the last round's bouquets went."""
        self.border_title, self.border_subtitle = _("The game is over"), ""
        lines = [Text(_("Last round:"), style="dim")] if view.last_sales else []
        self._show(lines + self._sales(view, names))

    @staticmethod
    def _sales(view: TulipView, names: Sequence[str]) -> list[Text]:
        """A line per bouquet of the last round: its cards, who took it, for what."""
        lines = []
        for sale in view.last_sales:
            line = Text(f"{sale.bouquet}: ", style="bold")
            line.append_text(cards_text(sale.cards))
            line.append(" → ")
            line.append_text(name_cell(names[sale.receiver], 12, pad=False))
            how = {"sold": _("bought it for {price}"), "kept": _("kept it for {price}")}
            said = how.get(sale.how, _("took it free (no bid)")).format(price=sale.price)
            line.append(" " + said, style="dim")
            lines.append(line)
        return lines

    def _show(self, lines: list[Text]) -> None:
        """Draw these lines, each wrapped into rows of the panel's width."""
        width = self.content_size.width if self.is_mounted else 0
        self.update(Text("\n").join([row for line in lines for row in self._rows_of(line, width)]))

    def _rows_of(self, line: Text, width: int) -> list[Text]:
        """``line`` folded at word boundaries into rows that fit ``width``, as Textual would
        wrap it (as ``PatchStatic.wrap_rows`` folds them), each line folded once: a bid
        changes one or two lines of the panel, and the bouquet's cards and the bouquets to
        come fold the same way at every key."""
        if width <= 0 or line.cell_len <= width:
            return [line]
        key = (line.plain, line.style, tuple(line.spans), width)
        rows = self._folded.get(key)
        if rows is None:
            if len(self._folded) >= FOLDED_LINES:
                self._folded.clear()
            rows = list(line.wrap(self.app.console, width, justify="default", overflow="fold",
                                  no_wrap=False))
            for row in rows:
                row.rstrip()  # as Textual draws a wrapped line: no trailing blank
            self._folded[key] = rows
        return rows

    def show_decision(
        self, view: TulipView, names: Sequence[str], acting: bool, private: bool
    ) -> None:
        """The Seller's choice after a won auction (spec R5): ``s`` sell at the high bid or ``k``
        keep for the price the view gives (or why keeping is not possible)."""
        auction = view.auction
        assert auction is not None and auction.high is not None
        assert auction.high_bidder is not None and view.keep_price is not None
        self.border_title = _("Sell or keep bouquet {number} of {count}").format(
            number=auction.bouquet, count=len(view.bouquets))
        # Translators: the keys s and k stay.
        self.border_subtitle = (
            _("s sell · k keep") if acting and not view.keep_problem
            else (_("s sell") if acting else ""))
        bidder = Text(names[auction.high_bidder])
        seller = Text(names[view.seller])
        line = cards_text(auction.cards)
        if acting:
            line.append_text(worth_text(view, auction.cards, private))
        lines = [line, sentence(_("High bid {high} by {bidder}"), "bold", high=str(auction.high),
                                bidder=bidder)]
        if not acting:
            choice = (
                _("{seller} must sell for {high} (cannot afford to keep).")
                if view.keep_allowed is False
                else _("{seller} sells for {high} or keeps for {price}.")
            )
            lines.append(sentence(choice, "dim", seller=seller, high=str(auction.high),
                                  price=str(view.keep_price)))
            self._show(lines)
            return
        lines.append(Text.assemble(("s ", "bold"), sentence(
            _("Sell: {bidder} pays you {high}"), bidder=bidder, high=str(auction.high))))
        keep = sentence(_("Keep: you pay {bidder} {price}"), bidder=bidder,
                        price=str(view.keep_price))
        if view.keep_loans and not view.keep_problem:  # loans it could not take: no "needs"
            keep.append(" " + _("(needs {loans})").format(loans=loans_word(view.keep_loans)))
        if view.keep_problem:
            lines.append(
                Text.assemble(
                    "k ", keep, _(": not possible, {why}").format(why=view.keep_problem),
                    style="dim strike",
                )
            )
        else:
            lines.append(Text.assemble(("k ", "bold"), keep))
        self._show(lines)

    def change(self, step: int) -> None:
        self.typed, self.guarded = "", False  # a chosen amount is a deliberate bid
        self._set(self.amount + step)

    def type_digit(self, digit: str) -> None:
        self.guarded = False
        self.typed = (self.typed + digit).lstrip("0")[-3:]
        self.amount = int(self.typed) if self.typed else self.low
        self.render_bids()

    def erase(self) -> None:
        self.typed = self.typed[:-1]
        self.amount = int(self.typed) if self.typed else self.low
        self.render_bids()

    def _set(self, amount: int) -> None:
        top = self.view.max_bid if self.view else None
        amount = max(self.low, amount)
        if top is not None:
            amount = max(self.low, min(top, amount))
        self.amount = amount
        self.render_bids()

    def render_bids(self) -> None:
        view = self.view
        if view is None or view.auction is None:
            return
        auction, names = view.auction, self.names
        title = Text(_("Auction: bouquet {number} of {count}").format(
            number=auction.bouquet, count=len(view.bouquets)))
        if auction.to_act is not None:  # whose turn it is, also where no curtain says so
            title.append(" · ")
            title.append_text(sentence(_("{name} to bid"),
                                       name=name_cell(names[auction.to_act], 16, pad=False)))
        self.border_title = title
        # Translators: the auction's keys (they stay): Enter, p, the arrows, PgUp/PgDn.
        self.border_subtitle = _("Enter raise  p pass  ↑↓ ±1  PgUp/Dn ±5") if self.acting else ""
        line = cards_text(auction.cards)
        line.append(f"  ({kind_counts(auction.cards)})", style="dim")
        line.append_text(worth_text(view, auction.cards, self.private))
        lines = [line]
        if auction.high is None:
            lines.append(Text(_("High bid: no bid yet"), style="bold"))
        else:
            assert auction.high_bidder is not None
            lines.append(
                Text.assemble(
                    (_("High bid:") + " ", "dim"),
                    sentence(_("{high} by {bidder}"), high=Text(str(auction.high), "bold"),
                             bidder=Text(names[auction.high_bidder])),
                )
            )
        width = self.content_size.width if self.is_mounted else 0
        lines.append(bidders_line(auction, names))
        lines += self._my_turn() if self.acting else self._waiting()
        coming = [(n, b) for n, b in enumerate(view.bouquets, 1) if n > auction.bouquet]
        if coming:
            lines.append(upcoming_line(coming, width))
        room = self.room()
        if room and sum(len(self._rows_of(line, width)) for line in lines) > room:
            # too tall for the panel (six seats at 80x24, a loan warning): the high bid goes
            # into the bidders' line, which is cut at a bidder, so the bouquets still to come
            # stay on screen
            lines.pop(1)
            lines[1] = fit_row(bidders_line(auction, names, amount=True), width, at=" · ")
        self._show(lines)

    def room(self) -> int:
        """The most rows the panel's text may take: its parent's height less the border."""
        parent = self.parent
        if not self.is_mounted or not isinstance(parent, Widget):
            return 0
        return max(0, parent.content_size.height - 2)

    def _waiting(self) -> list[Text]:
        view = self.view
        assert view is not None and view.auction is not None
        if view.auction.to_act is None:
            return [
                sentence(_("{seller} (Seller) decides: sell or keep."), "dim",
                         seller=Text(self.names[view.seller]))
            ]
        return [
            sentence(_("Waiting for {name} to bid or pass."), "dim",
                     name=Text(self.names[view.auction.to_act]))
        ]

    def _my_turn(self) -> list[Text]:
        view = self.view
        assert view is not None and view.seat is not None
        me = view.players[view.seat]
        top = view.max_bid
        bid = Text.assemble(
            (_("Your bid") + " ", "bold"), (f" {self.amount} ", "reverse bold"),
            "  " + _("range {low}-{top}").format(low=self.low, top=top),
        )
        left = view.loans_left or 0
        # Translators: the bidder's cash and the loan tiles they may still take.
        means = Text(ngettext("cash {florins} · {n} loan left", "cash {florins} · {n} loans left",
                              left).format(florins=me.florins, n=left), style="dim")
        # one row when both fit; else the cash and loans get a row of their own, so that a
        # narrow panel (four seats at 80 columns) never breaks "2 loans left" across two rows
        width = self.content_size.width if self.is_mounted else 0
        if not width or bid.cell_len + 3 + means.cell_len <= width:
            lines = [Text.assemble(bid, (" · ", "dim"), means)]
        else:
            lines = [bid, means]
        need = view.bid_loans(self.amount)
        if self.guarded:
            lines.append(Text((_("Enter once more to bid {amount} (p passes).") if self.armed
                               else _("Your turn again: Enter twice bids {amount}.")).format(
                                   amount=self.amount), style="bold yellow"))
        if top is not None and top < self.low:
            lines.append(Text(_("You cannot reach the minimum bid: pass (p)."), "yellow"))
        elif need is None:
            lines.append(
                Text(
                    "! " + _("{amount} is above your limit of {top} (your cash plus {per} per "
                             "loan left).").format(amount=self.amount, top=top,
                                                   per=data.LOAN_FLORINS),
                    style="bold yellow",
                )
            )
        elif need:
            left = (view.loans_left or 0) - need
            lines.append(
                Text(
                    "! " + _("Needs {loans} if you win and the Seller sells: +{florins} florins, "
                             "{points} points; loans left: {left}").format(
                                 loans=loans_word(need), florins=data.LOAN_FLORINS * need,
                                 points=data.LOAN_POINTS * need, left=left),
                    style="bold yellow",
                )
            )
        return lines

"""Tulip & Rose widgets: the table line, the reveal strip, holdings, Special Orders, and the three
decision panels (bouquet splitter, bidding panel, sell-or-keep).

Every widget renders a :class:`~tulipgames.games.tulipandrose.rules.TulipView` and decides no
rule: legality comes from the rules module (``split_problem``, ``bid_cap``, ``loans_needed``...)
or from the state's legal actions, which the screen passes in. Cards always carry their letter
(``T5``, ``W-1``); colour only repeats it.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual.widgets import Static

from tulipgames.games.tulipandrose import data
from tulipgames.games.tulipandrose.rules import (
    PlayerView,
    TulipView,
    bid_cap,
    bouquet_count,
    loans_needed,
    points_gained,
    split_problem,
)

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
    return " ".join(parts) or "empty"


def worth_to(view: TulipView, seat: int | None, cards: Sequence[str]) -> int | None:
    """Points the cards would add to ``seat``'s score (its own orders counted), if known."""
    if seat is None:
        return None
    me = view.players[seat]
    orders = tuple(o.id for o in me.orders or ())
    return points_gained(me.cards, tuple(sorted(cards)), orders, view.set_scoring)


def signed(points: int) -> str:
    return f"{points:+d}"


class TableLine(Static):
    """Day, round, Seller, reveal window and deck size on one line."""

    DEFAULT_CSS = "TableLine { height: 1; padding: 0 1; }"

    def show_table(self, view: TulipView, names: Sequence[str]) -> None:
        low, high = view.window
        self.update(
            Text.assemble(
                ("Day ", "dim"),
                f"{view.day}/2",
                ("  Round ", "dim"),
                f"{view.round}/{view.rounds}",
                ("  Seller ", "dim"),
                (names[view.seller], "bold"),
                ("  Window ", "dim"),
                f"{low}-{high}",
                ("  Deck ", "dim"),
                str(view.deck_size),
                no_wrap=True,
                overflow="ellipsis",
            )
        )


class RevealStrip(Static):
    """The cards revealed this round with their running total, and the ones put back."""

    DEFAULT_CSS = "RevealStrip { height: auto; max-height: 2; padding: 0 1; }"

    def show_reveal(self, view: TulipView) -> None:
        low, high = view.window
        text = Text("Revealed ", style="dim")
        text.append_text(cards_text(view.revealed) if view.revealed else Text("nothing"))
        inside = low <= view.reveal_total <= high
        text.append(f"  = {view.reveal_total}", style="bold")
        text.append(f" (window {low}-{high}{'' if inside else ', stopped short'})", style="dim")
        if view.put_back:
            text.append("  did not fit, put back: ", style="dim")
            text.append_text(cards_text(view.put_back))
        self.update(text)


class HoldingsTable(Static):
    """One line per player: merchant, florins (``?`` when hidden), loans, income, cards by kind.

    ``>`` marks the seat to act, ``S`` the Seller, ``*`` the seat at this keyboard.
    """

    DEFAULT_CSS = "HoldingsTable { height: auto; padding: 0 1; }"

    def show_holdings(self, view: TulipView, names: Sequence[str], acting: Sequence[int]) -> None:
        wide = self.size.width >= 100
        merchant = 26 if wide else 13
        head = Text(f"   {'Player':<10}{'Merchant':<{merchant}}", style="dim")
        head.append("  Fl Ln Inc  T  R  L  I  C  H   W  S  V  G", style="dim")
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
        row.append(f"{names[seat][:9]:<9} ", style="bold" if seat == view.seat else "")
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


class OrdersPanel(Static):
    """The seat's own Special Orders, each marked met (``+``) or not yet (``-``) right now."""

    DEFAULT_CSS = """
    OrdersPanel { width: 30; height: auto; border: round $primary-darken-1; padding: 0 1; }
    OrdersPanel.-wide { width: 52; }
    """

    def show_orders(self, view: TulipView, seat: int | None) -> None:
        self.border_title = "Your Special Orders"
        if not view.special_orders:
            self.display = False
            return
        self.display = True
        if seat is None or view.players[seat].orders is None:
            self.update(Text("hidden (pass the keyboard to see yours)", style="dim"))
            return
        wide = self.has_class("-wide")
        lines = []
        for order in view.players[seat].orders or ():
            line = Text("+ " if order.met else "- ", style="bold green" if order.met else "dim")
            line.append(order.name)
            line.append(f" {order.points}", style="bold")
            if wide:
                line.append(f"  {order.condition}", style="dim")
            lines.append(line)
        self.update(Text("\n").join(lines))


class SplitPanel(Static):
    """The Seller's bouquet splitter: a cursor over the revealed cards, keys 1-3 to place the
    card under it, 0 to clear it, and a live preview of each bouquet with its worth to you.

    The draft lives here until Enter; :meth:`problem` asks the rules whether it is complete.
    """

    DEFAULT_CSS = "SplitPanel { height: auto; border: round $accent; padding: 0 1; }"

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.key: tuple[int, tuple[str, ...]] | None = None
        self.draft: list[int] = []
        self.cursor = 0
        self.view: TulipView | None = None

    def load(self, view: TulipView) -> None:
        """Start a fresh draft for a new reveal; keep the draft while the same one is on."""
        key = (view.round, view.revealed)
        self.view = view
        if key != self.key:
            self.key = key
            self.draft = list(view.draft) + [0] * (len(view.revealed) - len(view.draft))
            self.cursor = 0
        self.render_split()

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
            return f"There are only {self.bouquets} bouquets."
        self.draft[self.cursor] = bouquet
        if bouquet and self.cursor < len(self.draft) - 1:
            self.cursor += 1
        self.render_split()
        return None

    def problem(self) -> str | None:
        """What stops the split being confirmed, in words, or None when it is legal."""
        missing = [i + 1 for i, b in enumerate(self.draft) if b == 0]
        if missing:
            return f"Card {missing[0]} has no bouquet yet (keys 1-{self.bouquets})."
        return split_problem(self.draft, len(self.draft))

    def render_split(self) -> None:
        view = self.view
        if view is None:
            return
        self.border_title = f"Split {len(self.draft)} cards into {self.bouquets} bouquets"
        per_row = max(4, (self.size.width + 1) // 5) if self.size.width else 9
        lines: list[Text] = []
        for start in range(0, len(self.draft), per_row):
            cards, marks = Text(), Text()
            for i in range(start, min(start + per_row, len(self.draft))):
                card, bouquet = view.revealed[i], self.draft[i]
                here = i == self.cursor
                style = KIND_STYLE.get(card[0], "") + (" reverse" if here else "")
                cards.append(">" if here else " ", style="bold")
                cards.append(f"{card:<3}", style=style)
                cards.append(" ")
                mark = str(bouquet) if bouquet else "."
                marks.append(f" {mark:<3} ", style="bold" if bouquet else "dim")
            lines += [cards, marks]
        for number in range(1, self.bouquets + 1):
            chosen = [c for c, b in zip(view.revealed, self.draft, strict=True) if b == number]
            line = Text(f"{number}: ", style="bold")
            line.append_text(cards_text(chosen) if chosen else Text("empty", style="dim"))
            line.append(f"  ({kind_counts(chosen)})", style="dim")
            worth = worth_to(view, view.seat, chosen)
            if chosen and worth is not None:
                line.append(f"  worth to you {signed(worth)}", style="cyan")
            lines.append(line)
        problem = self.problem()
        lines.append(
            Text(problem, style="yellow")
            if problem
            else Text("Enter: confirm this split", style="bold green")
        )
        keys = "1-3" if self.bouquets == 3 else f"1-{self.bouquets}"
        lines.append(Text(f"<-/-> card  {keys} place  0 clear  Enter confirm", style="dim"))
        self.update(Text("\n").join(lines))


class BiddingPanel(Static):
    """The open auction: the bouquet on offer, the high bid and bidder, each bidder's standing,
    and for the bidder at the keyboard the amount with its range and any loan warning."""

    DEFAULT_CSS = "BiddingPanel { height: auto; border: round $accent; padding: 0 1; }"

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.amount = 0
        self.typed = ""
        self.key: tuple[int, int, int | None] | None = None
        self.view: TulipView | None = None
        self.names: Sequence[str] = ()
        self.acting = False

    def low(self) -> int:
        auction = self.view.auction if self.view else None
        return 1 if auction is None or auction.high is None else auction.high + 1

    def cap(self) -> int | None:
        """The bidder's cap from their own florins and loans (None if not known to the viewer)."""
        view = self.view
        if view is None or view.seat is None:
            return None
        me = view.players[view.seat]
        return None if me.florins is None else bid_cap(me.florins, me.loans)

    def load(self, view: TulipView, names: Sequence[str], acting: bool) -> None:
        assert view.auction is not None
        self.view, self.names, self.acting = view, names, acting
        key = (view.round, view.auction.bouquet, view.auction.high)
        if key != self.key:
            self.key = key
            self.amount, self.typed = self.low(), ""
        self.render_bids()

    def change(self, step: int) -> None:
        self.typed = ""
        self._set(self.amount + step)

    def type_digit(self, digit: str) -> None:
        self.typed = (self.typed + digit)[-3:]
        self.amount = int(self.typed)
        self.render_bids()

    def erase(self) -> None:
        self.typed = self.typed[:-1]
        self.amount = int(self.typed) if self.typed else self.low()
        self.render_bids()

    def _set(self, amount: int) -> None:
        top = self.cap()
        amount = max(self.low(), amount)
        if top is not None:
            amount = min(top, amount)
        self.amount = amount
        self.render_bids()

    def render_bids(self) -> None:
        view = self.view
        if view is None or view.auction is None:
            return
        auction, names = view.auction, self.names
        self.border_title = f"Auction: bouquet {auction.bouquet} of {len(view.bouquets)}"
        line = cards_text(auction.cards)
        line.append(f"  ({kind_counts(auction.cards)})", style="dim")
        worth = worth_to(view, view.seat, auction.cards)
        if worth is not None:
            line.append(f"  worth to you {signed(worth)}", style="cyan")
        lines = [line]
        if auction.high is None:
            lines.append(Text("High bid: no bid yet", style="bold"))
        else:
            assert auction.high_bidder is not None
            lines.append(
                Text.assemble(
                    ("High bid: ", "dim"),
                    (str(auction.high), "bold"),
                    f" by {names[auction.high_bidder]}",
                )
            )
        standing = Text("Bidders: ", style="dim")
        for i, bidder in enumerate(auction.bidders):
            if i:
                standing.append(" · ", style="dim")
            turn = bidder.seat == auction.to_act
            label = f"{'>' if turn else ''}{names[bidder.seat]} {bidder.status}"
            if bidder.loans_declared:
                label += f" loan ×{bidder.loans_declared}"
            style = "bold" if bidder.status != "passed" else "dim strike"
            standing.append(label, style=style)
        lines.append(standing)
        lines += self._my_turn() if self.acting else self._waiting()
        self.update(Text("\n").join(lines))

    def _waiting(self) -> list[Text]:
        view = self.view
        assert view is not None and view.auction is not None
        if view.auction.to_act is None:
            return [Text(f"{self.names[view.seller]} (Seller) decides: sell or keep.", "dim")]
        return [Text(f"Waiting for {self.names[view.auction.to_act]} to bid or pass.", "dim")]

    def _my_turn(self) -> list[Text]:
        view = self.view
        assert view is not None and view.seat is not None
        me = view.players[view.seat]
        top = self.cap()
        lines = [
            Text.assemble(
                ("Your bid ", "bold"),
                (f" {self.amount} ", "reverse bold"),
                (f"  range {self.low()}-{top}", ""),
                (f"  (cash {me.florins}, loans {me.loans})", "dim"),
            )
        ]
        if top is not None and top < self.low():
            lines.append(Text("You cannot reach the minimum bid: pass (p).", "yellow"))
        assert me.florins is not None
        need = loans_needed(self.amount, me.florins)
        if need:
            left = data.MAX_LOANS - me.loans - need
            lines.append(
                Text(
                    f"! Needs {need} loan{'s' if need > 1 else ''} if you win and the Seller "
                    f"sells: +{data.LOAN_FLORINS * need} florins, {data.LOAN_POINTS * need} "
                    f"points; loans left: {left}",
                    style="bold yellow",
                )
            )
        lines.append(Text("Enter raise  p pass  ↑↓ ±1  PgUp/Dn ±5  0-9", style="dim"))
        return lines


class DecidePanel(Static):
    """The Seller's choice after a won auction: ``s`` sell at the bid or ``k`` keep for half."""

    DEFAULT_CSS = "DecidePanel { height: auto; border: round $accent; padding: 0 1; }"

    def show_decision(
        self, view: TulipView, names: Sequence[str], acting: bool, keep_reason: str | None
    ) -> None:
        auction = view.auction
        assert auction is not None and auction.high is not None
        assert auction.high_bidder is not None and view.keep_price is not None
        self.border_title = f"Sell or keep bouquet {auction.bouquet} of {len(view.bouquets)}"
        bidder = names[auction.high_bidder]
        line = cards_text(auction.cards)
        worth = worth_to(view, view.seat, auction.cards)
        if acting and worth is not None:
            line.append(f"  worth to you {signed(worth)}", style="cyan")
        lines = [line, Text(f"High bid {auction.high} by {bidder}", style="bold")]
        if not acting:
            lines.append(
                Text(
                    f"{names[view.seller]} sells for {auction.high} or keeps for "
                    f"{view.keep_price}.",
                    style="dim",
                )
            )
            self.update(Text("\n").join(lines))
            return
        lines.append(Text.assemble(("s ", "bold"), f"Sell: {bidder} pays you {auction.high}"))
        keep = f"Keep: you pay {bidder} {view.keep_price}"
        if view.keep_loans:
            keep += f" (needs {view.keep_loans} loan{'s' if view.keep_loans > 1 else ''})"
        if keep_reason:
            lines.append(Text(f"k {keep}: not possible, {keep_reason}", style="dim strike"))
        else:
            lines.append(Text.assemble(("k ", "bold"), keep))
        self.update(Text("\n").join(lines))

"""Tulip & Rose's final position for the results screen: every merchant's florins, loans and
income, the cards it holds by kind, its weeds, and its Special Orders (private during the game,
open once it is over), each marked met or not.

Drawn from each seat's finished :class:`~tulipgames.table.Turn`: a seat's orders come from its
own view, so they would show even if another view kept them closed.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import RenderableType
from rich.text import Text

from tulipgames.games.tulipandrose import data
from tulipgames.games.tulipandrose.rules import OrderView, PlayerView, ScoreSheet, TulipView
from tulipgames.games.tulipandrose.widgets import KIND_STYLE, loans_word
from tulipgames.i18n import _, ngettext
from tulipgames.table import Turn
from tulipgames.tui.widgets import seat_panel

#: From this width every kind is named ("T×3 Tulip"), and orders say their condition.
WIDE = 90


def holdings_line(player: PlayerView, wide: bool) -> Text:
    """The cards held at the end by kind, ``T×3 R×1 W×6 S×1``, in card-letter order."""
    text = Text.assemble((_("Holds") + " ", "dim"))
    held = [(letter, count) for letter, count in zip(data.CARD_LETTERS, player.cards,
                                                     strict=True) if count]
    if not held:
        return text.append(_("no cards"), style="dim")
    for index, (letter, count) in enumerate(held):
        if index:
            text.append("  ")
        text.append(f"{letter}×{count}", style=KIND_STYLE[letter])
        if wide:
            text.append(f" {_(data.KIND_NAMES[letter])}", style="dim")
    return text


def money_line(player: PlayerView) -> Text:
    """Merchant, florins, loans and the income the last rounds paid."""
    florins = "?" if player.florins is None else str(player.florins)
    return Text.assemble(
        (f"#{player.priority} {player.specialty} {player.merchant}", "bold"),
        ("  " + _("florins") + " ", "dim"), (florins, "bold"),
        ("  ", ""), (loans_word(player.loans), "red" if player.loans else ""),
        ("  " + _("income") + " ", "dim"), f"+{player.income}",
    )


def weeds_line(sheet: ScoreSheet) -> Text:
    """Weeds held at the end, those the Gardeners discarded, and the penalty."""
    text = Text.assemble((_("Weeds") + " ", "dim"))
    text.append(_("{n} held").format(n=sheet.weeds_held))
    if sheet.weeds_discarded:
        text.append(", " + _("{n} discarded by Gardeners").format(n=sheet.weeds_discarded))
    text.append(f": {sheet.weeds}", style="bold")
    return text


def order_line(order: OrderView, wide: bool) -> Text:
    """``+ Tulip Specialist 10`` (met) or ``- ...`` (missed), with the condition when wide."""
    line = Text.assemble(("+ " if order.met else "- ", "bold green" if order.met else "dim"))
    line.append(_(order.name), style="" if order.met else "dim")
    line.append(f" {order.points if order.met else 0}/{order.points}", style="bold")
    if wide:
        line.append(f"  {_(order.condition)}", style="dim")
    return line


def player_body(view: TulipView, seat: int, width: int) -> Text:
    wide = width >= WIDE
    player = view.players[seat]
    lines = [money_line(player), holdings_line(player, wide)]
    if view.scores is not None:
        lines.append(weeds_line(view.scores[seat]))
    if view.special_orders:
        lines += orders_lines(player.orders or (), wide)
    return Text("\n").join(lines)


def orders_lines(orders: Sequence[OrderView], wide: bool) -> list[Text]:
    """The Special Orders: one a line with its condition when wide, else all on one line."""
    head = Text.assemble((_("Special Orders"), "dim"))
    if not orders:
        return [head.append(": " + _("none"))]
    if wide:
        return [head, *(order_line(order, wide) for order in orders)]
    return [head.append(" ").append_text(
        Text("  ").join(order_line(order, wide) for order in orders))]


def final_position(turns: Sequence[Turn[TulipView]], width: int) -> list[RenderableType]:
    """One frame per seat, in seat order, titled with its name, its total at the bottom."""
    drawings: list[RenderableType] = []
    for seat, turn in enumerate(turns):
        view = turn.view
        total = "" if view.scores is None else ngettext(
            "{n} point", "{n} points", view.scores[seat].total).format(n=view.scores[seat].total)
        drawings.append(seat_panel(turn.name(seat), player_body(view, seat, width), total))
    return drawings

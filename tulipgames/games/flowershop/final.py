"""The Little Flower Shop's final position for the results screen: every shop window as the game
left it after cleanup (E1): the eight spots, the hung baskets, the register, the trash (the cards
cleanup took out of storage and empty vases among them) and the score row by row.

Drawn from each seat's finished :class:`~tulipgames.table.Turn` with the widgets' own pieces
(:func:`spot_cell`, :func:`card_text`, :func:`score_line`), laid out like the game's shop window.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import RenderableType
from rich.text import Text

from tulipgames.games.flowershop.rules import FlowerShopView, ShopView
from tulipgames.games.flowershop.widgets import (
    card_text,
    hooks_line,
    register_line,
    score_line,
    shop_title,
    spot_cell,
)
from tulipgames.i18n import N_, _
from tulipgames.table import Turn
from tulipgames.tui.widgets import seat_panel

#: The window's shelves as the game screen draws them: hanging spots on top, then the lower ones.
SHELVES: tuple[tuple[str, tuple[int, ...]], ...] = (
    (N_("Hanging"), (6, 7)),
    (N_("Lower"), (0, 1)),
    ("", (2, 3)),
    ("", (4, 5)),
)
#: Inside a frame at least this wide, spots show their flower's id and shelves their label.
WIDE = 60
#: A frame's border and padding.
FRAME = 4


def shelf_line(label: str, shop: ShopView, spots: Sequence[int], wide: bool) -> Text:
    """One shelf of the window, spot by spot (vase, requirement, petals and flower)."""
    text = Text.assemble((f"{_(label) if label else '':<8}", "dim")) if wide else Text()
    for n, index in enumerate(spots):
        if n:
            text.append("  " if wide else " ")
        text.append_text(spot_cell(shop, index, wide))
    return text


def trash_lines(shop: ShopView, room: int) -> list[Text]:
    """The trash pile card by card in columns, so no card is split over two lines (cleanup put
    the stored cards and empty vases there)."""
    head = Text.assemble((_("Trashed") + " ", "dim"))
    if not shop.trash:
        return [head.append(_("nothing"), style="dim")]
    cards = [card_text(card, with_id=False) for card in shop.trash]
    cell = max(card.cell_len for card in cards) + 2
    indent = head.cell_len
    per_line = max(1, (room - indent) // cell)
    lines = []
    for start in range(0, len(cards), per_line):
        line = head if start == 0 else Text(" " * indent)
        for card in cards[start:start + per_line]:
            line.append_text(card)
            line.append(" " * (cell - card.cell_len))
        line.rstrip()
        lines.append(line)
    return lines


def shop_body(view: FlowerShopView, shop: ShopView, width: int) -> Text:
    wide = width - FRAME >= WIDE
    lines = [register_line(view, shop.seat), hooks_line(shop)]
    lines += [shelf_line(label, shop, spots, wide) for label, spots in SHELVES]
    lines += trash_lines(shop, width - FRAME)
    lines.append(Text.assemble((_("Score") + " ", "dim"), score_line(view.categories,
                                                              view.preview[shop.seat])))
    return Text("\n").join(lines)


def final_position(turns: Sequence[Turn[FlowerShopView]], width: int) -> list[RenderableType]:
    """One frame per seat, in seat order: its name and shop colour on top, its score below."""
    drawings: list[RenderableType] = []
    for seat, turn in enumerate(turns):
        view = turn.view
        shop = view.shops[seat]
        title = shop_title(turn.name(seat), shop.colour)
        drawings.append(
            seat_panel(title, shop_body(view, shop, width), f"{sum(view.preview[seat])} FP")
        )
    return drawings

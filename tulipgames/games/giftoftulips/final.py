"""Gift of Tulips' final position for the results screen: the final festival (the ranking that
paid the majorities, and the secret festival cards flipped at the end), then every seat's
bouquet variety by variety, with the place its variety took and the majority it scored.

Drawn from the finished :class:`~tulipgames.table.Turn` of each seat. The secret cards that
were not flipped stay hidden after the end too (spec §6, house rule: they had no effect), and
no view says who put a flipped card in, so none is shown per seat.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.cells import cell_len
from rich.console import RenderableType
from rich.text import Text

from tulipgames.games.giftoftulips.data import VARIETIES, VARIETY_INFO
from tulipgames.games.giftoftulips.rules import Card, Festival, GiftView
from tulipgames.games.giftoftulips.widgets import PLACES, card_tag, variety_tag
from tulipgames.i18n import _, ngettext
from tulipgames.table import Turn
from tulipgames.tui.widgets import seat_panel

#: From this width each variety is named beside its glyph and letter.
WIDE = 90


def place_of(festival: Festival, variety: str) -> int:
    """The variety's festival place, 1-based; 0 when it was never ranked."""
    return festival.ranking.index(variety) + 1 if variety in festival.ranking else 0


def in_festival_order(variety: str, festival: Festival) -> tuple[int, int]:
    """Ranked varieties first, 1st to 4th, then the unranked in the usual order."""
    place = place_of(festival, variety)
    return (place or len(VARIETIES) + 1, VARIETIES.index(variety))


def cards_line(cards: Sequence[Card]) -> Text:
    """Cards as ``◆V2 ◆V3``, lowest value first."""
    return Text(" ").join(card_tag(card, gap="") for card in sorted(cards, key=lambda c: c.value))


def bouquet_lines(view: GiftView, seat: int, wide: bool) -> list[Text]:
    """One line per variety in the bouquet: its cards, their sum, the festival place and the
    majority that place paid this seat."""
    festival = view.festival
    bouquet = view.bouquets[seat]
    held = sorted({card.variety for card in bouquet},
                  key=lambda v: in_festival_order(v, festival))
    if not held:
        return [Text(_("empty bouquet"), style="dim")]
    lines = []
    for variety in held:
        cards = [card for card in bouquet if card.variety == variety]
        line = Text().append_text(variety_tag(variety))
        if wide:
            line.append(f" {VARIETY_INFO[variety][0]:<21}", style="dim")
        line.append(f" ×{len(cards):<2}")
        line.append(f" = {sum(card.value for card in cards):>2}", style="bold")
        place = place_of(festival, variety)
        pays = festival.pays[seat][place - 1] if 1 <= place <= 3 and festival.pays else 0
        where = _(PLACES[place - 1]) if place else _("unranked")
        line.append(f"  {where:<8}", style="dim")
        won = _("majority +{points}").format(points=pays)
        line.append(f"{won:<{max(13, cell_len(won))}}" if pays else " " * 13, style="bold")
        line.append("  ")
        line.append_text(cards_line(cards))
        lines.append(line)
    return lines


def festival_body(view: GiftView, wide: bool) -> Text:
    """The ranking at the end, place by place, and the secret cards flipped into it."""
    festival = view.festival
    lines = []
    for place, variety in enumerate(festival.ranking, 1):
        line = Text.assemble((f"{_(PLACES[place - 1]):<4}", "bold"))
        line.append_text(variety_tag(variety))
        if wide:
            line.append(f" {VARIETY_INFO[variety][0]:<21}", style="dim")
        line.append(f" {festival.total(variety):>3}", style="bold")
        values = festival.values_of(variety)
        listed = ngettext("{n} card: {values}", "{n} cards: {values}", len(values)).format(
            n=len(values), values=" ".join(str(v) for v in values))
        line.append(f"  {listed}", style="dim")
        lines.append(line)
    flipped = Text.assemble((_("Secret festival flipped at the end: "), "dim"))
    if view.reveals:
        flipped.append_text(Text(" ").join(card_tag(step.card, gap="") for step in view.reveals))
    else:
        flipped.append(_("none"))
    lines.append(flipped)
    if view.secret_size:
        unseen = ngettext("{n} more secret card stayed face down.",
                          "{n} more secret cards stayed face down.", view.secret_size)
        lines.append(Text(unseen.format(n=view.secret_size), style="dim"))
    return Text("\n").join(lines)


def final_table(turns: Sequence[Turn[GiftView]], width: int) -> RenderableType:
    """What every seat shared at the end: the final festival."""
    return seat_panel(_("Festival"), festival_body(turns[0].view, width >= WIDE))


def final_position(turns: Sequence[Turn[GiftView]], width: int) -> list[RenderableType]:
    """One frame per seat, in seat order, titled with its name, its total at the bottom."""
    drawings: list[RenderableType] = []
    for seat, turn in enumerate(turns):
        view = turn.view
        body = Text("\n").join(bouquet_lines(view, seat, width >= WIDE))
        if view.final is not None:
            total = view.final.totals[seat]
            note = ngettext("{n} point", "{n} points", total).format(n=total)
        else:
            size = len(view.bouquets[seat])
            note = ngettext("{n} card", "{n} cards", size).format(n=size)
        drawings.append(seat_panel(turn.name(seat), body, note))
    return drawings


def result_columns(turns: Sequence[Turn[GiftView]]) -> list[tuple[str, list[int]]]:
    """The score table's "Cards" column: each bouquet's cards, the tie-break (more wins), as
    the game's own final table has it."""
    view = turns[0].view
    return [(_("Cards"), [len(view.bouquets[seat]) for seat in range(view.seats)])]

"""Century: Spice Road's final position for the results screen: every caravan, the point cards
each player claimed with their VP, the coins, and the merchant cards in hand and played.

Drawn from each seat's finished :class:`~tulipgames.table.Turn` (everything is public in this
game, so any seat's view holds every player), with the widgets' own pieces.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import RenderableType
from rich.text import Text

from tulipgames.games.spiceroad.data import EDITIONS, POINT_CARDS, Edition
from tulipgames.games.spiceroad.rules import PlayerView, SpiceRoadView
from tulipgames.games.spiceroad.widgets import caravan_line, owned_line, spice_run
from tulipgames.i18n import _, ngettext
from tulipgames.table import Turn
from tulipgames.tui.widgets import seat_panel

#: From this width the caravan names its spices.
NAMED_SPICES = 90


def claimed_line(player: PlayerView, edition: Edition) -> Text:
    """The claimed point cards as their cost and VP, ``YYRRR 8VP  GGBB 14VP``, in claim order."""
    text = Text()
    for card_id in player.claimed:
        card = POINT_CARDS[card_id]
        if text:
            text.append("  ")
        text.append_text(spice_run(card.need, edition))
        text.append(" " + _("{vp}VP").format(vp=card.vp), style="bold")
    return text or Text(_("none"), style="dim")


def coins_text(player: PlayerView, edition: Edition) -> Text:
    """``gold 1 · silver 2``: the coins taken with early claims."""
    return Text(f"{_(edition.gold_name)} {player.gold} · {_(edition.silver_name)} {player.silver}")


def player_body(player: PlayerView, view: SpiceRoadView, edition: Edition, width: int) -> Text:
    """One player's end of the game: caravan, point cards, coins and merchant cards."""
    head = Text.assemble((_("Caravan") + " ", "dim"))
    head.append_text(caravan_line(player, edition, names=width >= NAMED_SPICES))
    head.append("   ")
    head.append_text(coins_text(player, edition))
    if player.place == 0:
        head.append("   " + _("started"), style="dim")
    cards = _(edition.point_cards)
    points = Text.assemble((_("{cards} {count} ({vp} VP):").format(
        cards=cards[:1].upper() + cards[1:], count=len(player.claimed), vp=player.point_vp) + " ",
        "dim"))
    points.append_text(claimed_line(player, edition))
    hand, played = owned_line(player, edition, None, keys=False)
    return Text("\n").join([
        head,
        points,
        Text.assemble((_("Hand") + " ", "dim")).append_text(hand),
        Text.assemble((_("Played") + " ", "dim")).append_text(played),
    ])


def final_position(turns: Sequence[Turn[SpiceRoadView]], width: int) -> list[RenderableType]:
    """One frame per seat, in seat order, titled with its name, its score at the bottom."""
    drawings: list[RenderableType] = []
    for seat, turn in enumerate(turns):
        view = turn.view
        edition = EDITIONS[view.edition]
        player = view.players[seat]
        drawings.append(
            seat_panel(turn.name(seat), player_body(player, view, edition, width),
                       ngettext("{n} point", "{n} points", player.score).format(
                           n=player.score))
        )
    return drawings

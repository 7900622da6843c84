"""Century: Spice Road widgets: the two rows, the seat's own area, the rivals and the key hints.

They render a :class:`SpiceRoadView` (from the screen's :class:`~tulipgames.table.Turn`) and
nothing else: every cost, coin, excess and trade result comes computed from the rules in the
view. Every spice is printed with its edition letter, so colour is never the only signal. Names
are plain text, padded and cut by terminal cells. Words are in the session's language (``_()``
where a widget draws); spice letters are the same in every language (they are typed).
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.cells import cell_len
from rich.text import Text

from tulipgames.games.spiceroad.data import CARAVAN_LIMIT, MERCHANT_CARDS, SPICES, Edition
from tulipgames.games.spiceroad.rules import (
    PlayerView,
    SpiceRoadView,
    caravan_words,
    spices_text,
)
from tulipgames.i18n import _, current, render
from tulipgames.tui.widgets import DrawnFrom, KeepsHeight, PatchStatic
from tulipgames.tui.widgets.common import fit_words, name_and_level

#: Key of the n-th card a player owns (in the order they got it), so a card keeps its key for
#: the whole game. ``t`` (rivals) and ``u`` (undo) are left out.
HAND_KEYS = "123456789abcdefghijklmnopqrsvwxyz"


def spice_text(key: str, count: int | None, edition: Edition, dim: bool = False) -> Text:
    """One spice as its letter (and count) in its edition colour."""
    letter = edition.letters[key]
    label = letter if count is None else f"{letter}{count}"
    return Text(label, style=f"bold {edition.colours[key]}" + (" dim" if dim else ""))


def spice_run(counts: Sequence[int], edition: Edition) -> Text:
    """A run of coloured letters, lowest rank first ("YYR")."""
    out = Text()
    for key, n in zip(SPICES, counts, strict=True):
        if n:
            out.append(edition.letters[key] * n, style=f"bold {edition.colours[key]}")
    return out


def spice_counts(counts: Sequence[int], edition: Edition, zeros: bool = False) -> Text:
    """Counts by letter ("Y2 G1"), every key when ``zeros``."""
    out = Text()
    for key, n in zip(SPICES, counts, strict=True):
        if n or zeros:
            if out:
                out.append(" ")
            out.append_text(spice_text(key, n, edition, dim=not n))
    return out


def spice_letters(keys: Sequence[str], edition: Edition) -> Text:
    """Single spices by internal key as coloured edition letters ("Y Y R")."""
    return Text(" ").join(spice_text(key, None, edition) for key in keys)


def card_label(card_id: str, edition: Edition, compact: bool = False) -> Text:
    """A merchant card's effect with coloured letters: "+YYR", "Upgrade 3", "BB → RRRGG".

    ``compact`` drops the spaces ("Up×3", "BB→RRRGG") so that a wrapped hand never splits a card.
    A card's label never changes: it is made once per edition and handed out as a copy (a
    caller may dim it), since a turn's redraw labels every card in sight.
    """
    key = (card_id, edition.key, compact, current())
    made = _LABELS.get(key)
    if made is None:
        made = _LABELS[key] = _card_label(card_id, edition, compact)
    return made.copy()


#: Labels made so far, by card, edition, compactness and language (a few hundred at most).
_LABELS: dict[tuple[str, str, bool, str], Text] = {}


def _card_label(card_id: str, edition: Edition, compact: bool) -> Text:
    card = MERCHANT_CARDS[card_id]
    if card.kind == "upgrade":
        # Translators: an upgrade card in a hand, short ("Up×2"); the long form is "Upgrade 2"
        word = _("Up×{up}") if compact else _("Upgrade {up}")
        return Text(word.format(up=card.up), style="bold")
    if card.kind == "spice":
        return Text("+").append_text(spice_run(card.gain, edition))
    arrow = "→" if compact else " → "
    return spice_run(card.pay, edition).append(arrow).append_text(spice_run(card.gain, edition))


def fit(text: Text | str, width: int) -> Text:
    """Pad or cut to exactly ``width`` terminal cells so that columns line up."""
    text = Text(text) if isinstance(text, str) else text.copy()
    text.truncate(max(0, width), overflow="ellipsis", pad=True)
    return text


def legend(edition: Edition) -> Text:
    """The spice order, always visible: "Y < R < G < B" with names."""
    out = Text()
    for index, key in enumerate(SPICES):
        if index:
            out.append(" < ")
        out.append_text(spice_text(key, None, edition))
        out.append(f" {_(edition.short_names[key])}", style="dim")
    return out


def column_word(word: str) -> str:
    """A coin's name as a four-cell column heading: "gold", "silv" (a longer translated name
    cut with a dot: "Silb.")."""
    shown = _(word)
    if shown == word or len(shown) <= 4:
        return shown[:4]
    return shown[:3] + "."


def key_hint(key: str, what: str) -> Text:
    return Text.assemble((key, "bold reverse"), f" {what}")


def hints(*pairs: tuple[str, str]) -> Text:
    return Text("  ").join(key_hint(key, what) for key, what in pairs)


class PointRow(DrawnFrom, PatchStatic):
    """Point cards 1-5: cost, VP, the coin stack above 1-2, a mark when the seat to play can
    claim it, and the deck size."""

    DEFAULT_CSS = "PointRow { height: 3; padding: 0 1; }"

    def show_row(self, view: SpiceRoadView, edition: Edition, width: int, picking: bool) -> None:
        if self.unchanged(view.points, view.point_deck_size, edition, width, picking):
            return
        cell = max(14, (width - 10) // 5)
        heads, costs, values = Text(), Text(), Text()
        wide = cell >= 17
        for point in view.points:
            head = Text(f"{point.position}", style="reverse bold" if picking else "bold")
            value = Text(_("{vp} VP").format(vp=f"{point.vp:>2}"), style="bold")
            if point.coin is not None:
                name = _(edition.gold_name if point.coin == "gold" else edition.silver_name)
                # Translators: a coin's worth, short: "3VP" (victory points)
                coin = " " + _("{vp}VP").format(vp=point.coin_vp) if wide else ""
                head.append(f" {name[:1].upper()}{name[1:]}{coin} ×{point.coins}", "yellow")
                if not wide:  # the coin's worth goes with the card's: "12 VP +3"
                    value.append(f" +{point.coin_vp}", style="yellow")
            heads.append_text(fit(head, cell - 1)).append(" ")
            costs.append_text(fit(spice_counts(point.need, edition), cell - 1)).append(" ")
            if point.claimable:
                value.append(" ✓ " + _("can claim") if wide else " ✓", style="bold green")
            values.append_text(fit(value, cell - 1)).append(" ")
        deck = _("deck {n}").format(n=view.point_deck_size)
        if cell_len(deck) > width - 2 - heads.cell_len and " " in deck:
            # a longer word than "deck" ("Stapel", "pioche"): the number goes under it
            word, number = deck.rsplit(" ", 1)
            heads.append(word, style="dim")
            costs.append(number, style="dim")
        else:
            heads.append(deck, style="dim")
        self.update(Text("\n").join([heads, costs, values]))


class MerchantRow(DrawnFrom, PatchStatic):
    """Merchant cards 1-6: the effect, the spices lying on each and the price to acquire it."""

    DEFAULT_CSS = "MerchantRow { height: 4; padding: 0 1; }"

    def show_row(self, view: SpiceRoadView, edition: Edition, width: int, picking: bool) -> None:
        if self.unchanged(view.merchants, view.merchant_deck_size, view.phase, len(view.paid),
                          view.acquire_position, edition, width, picking):
            return
        title = Text(_("Merchants") + " ", style="bold").append(
            "(" + _("deck {n}").format(n=view.merchant_deck_size) + ")  ", style="dim"
        )
        title.append_text(legend(edition))
        heads, effects, lying = Text(), Text(), Text()
        cell = max(12, (width - 4) // 6)
        paying = view.phase == "pay"
        for merchant in view.merchants:
            position = merchant.position
            head = Text(f"{position}", style="reverse bold" if picking else "bold")
            if paying and position == len(view.paid) + 1:
                head.append(" ▼ " + _("here"), style="bold reverse")
            elif paying and position == view.acquire_position:
                head.append(" ▲ " + _("take"), style="bold reverse")
            elif merchant.cost == 0:
                head.append(" " + _("free"))
            elif cell >= 17:
                head.append(f" {spices_text(merchant.cost, edition)}")
            else:
                head.append(" " + _("pay {n}").format(n=merchant.cost))
            if merchant.affordable and not paying:
                head.append(" ✓", style="green")
            heads.append_text(fit(head, cell - 1)).append(" ")
            label = card_label(merchant.card, edition)
            if label.cell_len > cell - 1:  # a longer word than "Upgrade": its short form
                label = card_label(merchant.card, edition, compact=True)
            effects.append_text(fit(label, cell - 1)).append(" ")
            # Translators: before the spices lying on a merchant card ("on Y1 R1")
            on = Text(_("on") + " ", style="dim").append_text(spice_counts(merchant.on, edition))
            lying.append_text(fit(on if any(merchant.on) else Text(""), cell - 1)).append(" ")
        self.update(Text("\n").join([title, heads, effects, lying]))


def caravan_line(player: PlayerView, edition: Edition, names: bool) -> Text:
    """Caravan counts by letter (with names when there is room) and "n/10"."""
    out = Text()
    for key, n in zip(SPICES, player.caravan, strict=True):
        out.append_text(spice_text(key, n, edition, dim=not n))
        if names:
            out.append(f" {_(edition.short_names[key])}", style="dim")
        out.append(" ")
    over = player.over_limit
    out.append(
        f"{player.spices}/{CARAVAN_LIMIT}" + (" " + _("OVER") if over else ""),
        style="bold red reverse" if over else "bold",
    )
    return out


def owned_line(
    player: PlayerView, edition: Edition, playable: frozenset[str] | None, keys: bool
) -> tuple[Text, Text]:
    """The hand and the played cards, each card with its key for the game (the n-th card the
    player got has the n-th key). With ``playable``, hand cards not playable now are dimmed
    and marked "✗"."""
    hand, played = Text(), Text()
    for index, card_id in enumerate(player.owned):
        in_hand = card_id in player.hand
        out = hand if in_hand else played
        if out:
            out.append(" ")
        label = card_label(card_id, edition, compact=True)
        blocked = not in_hand or (playable is not None and card_id not in playable)
        if keys and index < len(HAND_KEYS):
            out.append(f"{HAND_KEYS[index]}:", style="dim" if blocked else "bold reverse")
        if blocked:
            label.stylize("dim")
        out.append_text(label)
        if in_hand and blocked:
            out.append("✗", style="dim")
    return hand or Text("—", style="dim"), played or Text("—", style="dim")


def standing(player: PlayerView, view: SpiceRoadView, edition: Edition, wide: bool) -> Text:
    """Point cards of the trigger, their VP, coins and the running score."""
    cards = _(edition.point_cards) if wide else "★"
    return Text(
        _("{cards} {claimed}/{trigger} ({vp} VP)  {gold} {gold_count}  {silver} {silver_count}"
          "  score {score}").format(
            cards=cards, claimed=len(player.claimed), trigger=view.end_trigger,
            vp=player.point_vp, gold=_(edition.gold_name), gold_count=player.gold,
            silver=_(edition.silver_name), silver_count=player.silver, score=player.score)
    )


class CaravanPanel(DrawnFrom, PatchStatic):
    """The seat at the keyboard (or the seat to play): caravan, standing, hand, played cards.

    A long hand wraps; it is wrapped into rows here so that a change repaints its rows."""

    DEFAULT_CSS = """
    CaravanPanel { height: auto; padding: 0 1; border-top: solid $primary-darken-2; }
    """
    wrap_rows = True

    def show_player(
        self,
        view: SpiceRoadView,
        edition: Edition,
        seat: int,
        name: str,
        width: int,
        playable: frozenset[str] | None,
    ) -> None:
        player = view.players[seat]
        if self.unchanged(player, seat == view.current and not view.over, view.last_round,
                          view.end_trigger, edition, name, width, playable,
                          self.content_size.width):
            return
        head = Text(name, style="bold")
        if player.place == 0:
            head.append(" " + _("(start)"))
        if seat == view.current and not view.over:
            head.append(" ▶", style="bold green")
        head.append("  ")
        head.append_text(caravan_line(player, edition, names=width >= 100))
        head.append("  ").append_text(standing(player, view, edition, width >= 100))
        if view.last_round:
            head.append("  " + _("LAST ROUND"), style="bold reverse yellow")
        hand, played = owned_line(player, edition, playable, keys=True)
        cards = Text(_("Hand:") + " ", style="bold").append_text(hand)
        cards.append("  " + _("played:") + " ", style="bold dim").append_text(played)
        lines = [fit(head, width - 2), cards]
        self.update(Text("\n").join(lines))


NAME_CELLS = 9


class RivalsPanel(DrawnFrom, PatchStatic):
    """Every other player, one row each: caravan, point cards, coins, score and what they did
    on their latest turn; ``hands`` shows their hands and played cards instead (hands are public
    in this game). With room, both."""

    DEFAULT_CSS = "RivalsPanel { height: auto; padding: 0 1; }"

    def show_rivals(
        self,
        view: SpiceRoadView,
        edition: Edition,
        seat: int,
        names: Sequence[str],
        width: int,
        mode: str,
        roomy: bool,
        levels: Sequence[str | None] = (),
    ) -> None:
        """``levels``: each seat's bot level (``None``: a human), beside the rival's name."""
        rivals = [s for s in view.order[view.players[seat].place + 1 :] + view.order if s != seat]
        rivals = list(dict.fromkeys(rivals))
        if self.unchanged(tuple(view.players[s] for s in rivals), rivals, view.current,
                          view.over, view.last_round, view.end_trigger, view.order[0] != seat,
                          edition, tuple(names), width, mode, roomy, self.content_size.width,
                          tuple(levels)):
            return
        room = width - 2
        # "Y4 " a spice, "B10 " where a caravan holds ten of one (else "B10P0" runs together)
        cell = 4 if any(n >= 10 for s in rivals for n in view.players[s].caravan) else 3
        header = fit(Text(_("Rivals"), style="bold"), NAME_CELLS + 1)
        for key in SPICES:
            header.append_text(spice_text(key, None, edition)).append(" " * (cell - 1))
        wide = width >= 100  # at 80 columns the caravan's total gives way to the latest turn
        if wide:
            header.append(f"/{CARAVAN_LIMIT} ")
        gold, silver = column_word(edition.gold_name), column_word(edition.silver_name)
        header.append(f"★   {gold:<4} {silver:<4} ")
        # Translators: a column heading of five cells ("score", German "Pkte.")
        score = _("score")
        header.append(f"{score:>5}", style="bold")
        header.append("│ " + (_("hand · played") if mode == "hands" and not roomy
                              else _("latest turn")))
        if view.last_round:
            header.append("  " + _("LAST ROUND"), style="bold reverse yellow")
        if view.order[0] != seat:
            header.append("  * " + _("starts"), style="dim")
        lines = [fit(header, room)]
        for other in rivals:
            player = view.players[other]
            mark = "▶" if other == view.current and not view.over else " "
            row = Text(mark, style="bold green")
            starts = "*" if player.place == 0 else ""
            level = levels[other] if other < len(levels) else None
            row.append_text(name_and_level(names[other] + starts, level, NAME_CELLS, "bold"))
            for key, n in zip(SPICES, player.caravan, strict=True):
                row.append_text(fit(spice_text(key, n, edition, dim=not n), cell))
            if wide:
                row.append(f"{player.spices:>3} ")
            row.append(f"{len(player.claimed)}/{view.end_trigger}")
            row.append(f" {player.gold:>4} {player.silver:>4} ")
            row.append(f"{player.score:>5}", style="bold")
            row.append("│ ")
            hand, played = owned_line(player, edition, None, keys=False)
            cards = Text("").append_text(hand).append(" · ", style="dim").append_text(played)
            latest = Text("; ".join(map(render, player.last_turn)) or "—")
            # cut after a whole word, so no number shows in part ("down to 1" for 10)
            row.append_text(fit_words(cards if mode == "hands" and not roomy else latest,
                                      room - row.cell_len, pad=False))
            lines.append(fit(row, room))
            if roomy:
                words = Text(f"({caravan_words(player.caravan, edition)})  ", style="dim")
                line = Text(" " * (NAME_CELLS + 1)).append_text(words).append_text(cards)
                lines.append(fit(line, room))
        self.update(Text("\n").join(lines))


class KeyHints(KeepsHeight, PatchStatic):
    """What the keys do now: the top-level actions, or the step the rules ask for (wrapped
    into its two rows here and kept two rows high, so that a change repaints the rows it
    changed)."""

    DEFAULT_CSS = "KeyHints { height: 2; padding: 0 1; background: $boost; }"
    wrap_rows = True

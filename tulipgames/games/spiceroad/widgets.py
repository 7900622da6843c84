"""Century: Spice Road widgets: the two rows, the caravans and the action pad.

They render a :class:`SpiceRoadView` and post :class:`ActionChosen`; legality comes from the
state's legal actions handed in by the screen, never from here. Every spice is printed with its
edition letter, so colour is never the only signal.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rich.text import Text
from textual import events
from textual.message import Message
from textual.widget import Widget
from textual.widgets import Static

from tulipgames.engine.core import Action
from tulipgames.games.spiceroad.data import (
    CARAVAN_LIMIT,
    EDITIONS,
    MERCHANT_CARDS,
    POINT_CARDS,
    SPICES,
    Edition,
)
from tulipgames.games.spiceroad.rules import (
    PAY,
    RETURN,
    TRADE,
    TURN,
    UPGRADE,
    Acquire,
    Claim,
    Pay,
    Play,
    Rest,
    Return,
    SpiceRoadView,
    Times,
    Upgrade,
    UpgradeDone,
    caravan_words,
    card_text,
    coin_stacks,
)
from tulipgames.tui.screens.messages import ActionChosen

#: Keys that pick the n-th card of the hand (``u`` is left to undo).
HAND_KEYS = "123456789abcdefghijklmnopqrst"


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


def card_label(card_id: str, edition: Edition, compact: bool = False) -> Text:
    """A merchant card's effect with coloured letters: "+YYR", "Upgrade 3", "BB → RRRGG".

    ``compact`` drops the spaces ("Up×3", "BB→RRRGG") so that a wrapped hand never splits a card.
    """
    card = MERCHANT_CARDS[card_id]
    if card.kind == "upgrade":
        return Text(f"Up×{card.up}" if compact else f"Upgrade {card.up}", style="bold")
    if card.kind == "spice":
        return Text("+").append_text(spice_run(card.gain, edition))
    arrow = "→" if compact else " → "
    return spice_run(card.pay, edition).append(arrow).append_text(spice_run(card.gain, edition))


def fit(text: Text, width: int) -> Text:
    """Pad or cut to exactly ``width`` cells so that row cells line up."""
    text = text.copy()
    text.truncate(width, overflow="ellipsis", pad=True)
    return text


def legend(edition: Edition) -> Text:
    """The spice order, always visible: "Y < R < G < B" with names."""
    out = Text()
    for index, key in enumerate(SPICES):
        if index:
            out.append(" < ")
        out.append_text(spice_text(key, None, edition))
        out.append(f" {edition.short_names[key]}", style="dim")
    return out


@dataclass(frozen=True)
class Choices:
    """What the seat at the keyboard may do now, split by kind (from ``legal_actions``)."""

    plays: frozenset[str] = frozenset()
    acquires: frozenset[int] = frozenset()
    claims: frozenset[int] = frozenset()
    steps: tuple[Action, ...] = ()

    @classmethod
    def of(cls, legal: Sequence[Action]) -> Choices:
        return cls(
            plays=frozenset(a.card for a in legal if isinstance(a, Play)),
            acquires=frozenset(a.position for a in legal if isinstance(a, Acquire)),
            claims=frozenset(a.position for a in legal if isinstance(a, Claim)),
            steps=tuple(legal),
        )


class PointRow(Static):
    """Point cards 1-5 with their costs, VP, the coin stacks above 1-2 and the deck size."""

    DEFAULT_CSS = "PointRow { height: 3; padding: 0 1; }"

    def show_row(self, view: SpiceRoadView, choices: Choices, picking: bool) -> None:
        edition = EDITIONS[view.edition]
        cell = max(14, (self.app.size.width - 10) // 5)
        stacks = coin_stacks(view.gold, view.silver)
        heads, costs, values = Text(), Text(), Text()
        for position, card_id in enumerate(view.point_row, 1):
            card = POINT_CARDS[card_id]
            head = Text(f"{position}", style="reverse bold" if picking else "bold")
            if position in stacks:
                coin, count = stacks[position]
                name = edition.gold_name if coin == "gold" else edition.silver_name
                vp = 3 if coin == "gold" else 1
                worth = f"{vp}VP ×{count}" if cell >= 16 else f"{vp}×{count}"
                head.append(f" {name.capitalize()} {worth}", style="yellow")
            heads.append_text(fit(head, cell))
            costs.append_text(fit(spice_counts(card.need, edition), cell))
            mark = " ✓ can claim" if position in choices.claims else ""
            values.append_text(fit(Text(f"{card.vp:>2} VP", style="bold").append(mark), cell))
        heads.append(f"deck {view.point_deck_size}", style="dim")
        self.update(Text("\n").join([heads, costs, values]))


class MerchantRow(Static):
    """Merchant cards 1-6: the effect, the spices lying on each and the price to acquire it."""

    DEFAULT_CSS = "MerchantRow { height: 4; padding: 0 1; }"

    def show_row(self, view: SpiceRoadView, choices: Choices, picking: bool) -> None:
        edition = EDITIONS[view.edition]
        title = Text("Merchants ", style="bold").append(
            f"(deck {view.merchant_deck_size})  ", style="dim"
        )
        title.append_text(legend(edition))
        heads, effects, lying = Text(), Text(), Text()
        cell = max(13, (self.app.size.width - 4) // 6)
        for position, card_id in enumerate(view.merchant_row, 1):
            cost = position - 1
            word = f" {edition.spice_word}{'s' if cost > 1 else ''}"
            price = "free" if cost == 0 else f"pay {cost}" if cell < 17 else f"{cost}{word}"
            head = Text(f"{position}", style="reverse bold" if picking else "bold")
            if view.phase == PAY and position == len(view.paid) + 1:
                head.append(" ▼ pay here", style="bold reverse")
            elif view.phase == PAY and position == view.acquire_position:
                head.append(" ▲ taking", style="bold reverse")
            else:
                head.append(f" {price}")
            if position in choices.acquires:
                head.append(" ✓")

            heads.append_text(fit(head, cell - 1)).append(" ")
            effects.append_text(fit(card_label(card_id, edition), cell))
            on = view.row_spices[position - 1]
            lying.append_text(
                fit(Text("on: ", style="dim").append_text(spice_counts(on, edition)), cell)
                if any(on)
                else fit(Text(""), cell)
            )
        self.update(Text("\n").join([title, heads, effects, lying]))


def caravan_line(caravan: Sequence[int], edition: Edition, names: bool) -> Text:
    """Caravan counts by letter (with names when there is room) and "n / 10"."""
    out = Text()
    for key, n in zip(SPICES, caravan, strict=True):
        out.append_text(spice_text(key, n, edition, dim=not n))
        if names:
            out.append(f" {edition.short_names[key]}", style="dim")
        out.append(" ")
    total = sum(caravan)
    over = total > CARAVAN_LIMIT
    out.append(
        f"{total}/{CARAVAN_LIMIT}" + (" OVER" if over else ""),
        style="bold red reverse" if over else "bold",
    )
    return out


def cards_line(
    cards: Sequence[str],
    edition: Edition,
    keys: str = "",
    dim: bool = False,
    playable: frozenset[str] | None = None,
) -> Text:
    """Cards in compact labels; with ``keys`` each gets its key, and with ``playable`` the
    cards that cannot be played now are dimmed and marked "✗"."""
    out = Text()
    for index, card_id in enumerate(cards):
        if index:
            out.append("  ")
        if keys and index < len(keys):
            out.append(f"{keys[index]}:", style="bold reverse")
        label = card_label(card_id, edition, compact=True)
        blocked = playable is not None and card_id not in playable
        if dim or blocked:
            label.stylize("dim")
        out.append_text(label)
        if blocked:
            out.append("✗", style="dim")
    return out or Text("—", style="dim")


def progress_line(view: SpiceRoadView, seat: int) -> Text:
    player = view.players[seat]
    edition = EDITIONS[view.edition]
    vp = sum(POINT_CARDS[c].vp for c in player.claimed)
    return Text(
        f"{edition.point_cards} {len(player.claimed)}/{view.end_trigger} ({vp} VP)  "
        f"{edition.gold_name} {player.gold}  {edition.silver_name} {player.silver}  "
        f"score {player.score}"
    )


class CaravanPanel(Static):
    """The seat at the keyboard (or the acting seat): caravan, hand, played cards, progress."""

    DEFAULT_CSS = (
        "CaravanPanel { height: auto; padding: 0 1; border-top: solid $primary-darken-2; }"
    )

    def show_player(
        self, view: SpiceRoadView, seat: int, name: str, choices: Choices, picking: bool
    ) -> None:
        edition = EDITIONS[view.edition]
        player = view.players[seat]
        head = Text(f"{name}", style="bold")
        if seat == 0:
            head.append(" (start)")
        if seat == view.current and not view.over:
            head.append(" ▶ to play", style="bold green")
        head.append("  ")
        head.append_text(caravan_line(player.caravan, edition, names=self.app.size.width >= 100))
        hand = Text("Hand: ", style="bold").append_text(
            cards_line(
                player.hand,
                edition,
                HAND_KEYS if picking else "",
                playable=choices.plays if choices.steps and view.phase == TURN else None,
            )
        )
        played = Text("Played: ", style="bold dim").append_text(
            cards_line(player.played, edition, dim=True)
        )
        self.update(Text("\n").join([head, hand, played, progress_line(view, seat)]))


class RivalsPanel(Static):
    """Every other player in compact form, hands included (hands are public in this game)."""

    DEFAULT_CSS = """
    RivalsPanel { height: auto; padding: 0 1; border-top: solid $primary-darken-2; }
    """

    def show_rivals(self, view: SpiceRoadView, seat: int, names: Sequence[str]) -> None:
        edition = EDITIONS[view.edition]
        lines = []
        for other, player in enumerate(view.players):
            if other == seat:
                continue
            mark = "▶" if other == view.current and not view.over else " "
            start = " (start)" if other == 0 else ""
            line = Text(f"{mark}{names[other]}{start} ", style="bold")
            line.append_text(caravan_line(player.caravan, edition, names=False))
            if self.app.size.width >= 110:
                line.append(f" ({caravan_words(player.caravan, edition)})", style="dim")
            line.append(
                f"  ★ {len(player.claimed)}/{view.end_trigger}  "
                f"{edition.gold_name} {player.gold}  {edition.silver_name} {player.silver}  "
                f"score {player.score}"
            )
            cards = Text("   hand: ").append_text(cards_line(player.hand, edition))
            if player.played:
                cards.append("  played: ", style="dim").append_text(
                    cards_line(player.played, edition, dim=True)
                )
            lines.extend([line, cards])
        if view.triggered_by is not None and not view.over:
            lines.append(Text("Last round!", style="bold reverse yellow"))
        self.update(Text("\n").join(lines))


class CancelPlay(Message):
    """The player aborts the card play or the acquisition in progress (undo of its steps)."""


class PickingChanged(Message):
    """The pad entered or left a selection mode; the rows redraw their key marks."""


class ActionPad(Widget, can_focus=True):
    """The keyboard: top-level actions, then the step the rules ask for.

    Keys: ``p`` play (then the card's key), ``a`` acquire (then 1-6), ``c`` claim (then 1-5),
    ``r`` rest; trades ask 1-9/0 for the count; upgrades, payments and returns take the spice
    letters of the edition; Enter ends upgrading; Esc backs out.
    """

    DEFAULT_CSS = """
    ActionPad { height: 2; padding: 0 1; background: $boost; }
    ActionPad:focus { background: $accent 15%; }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.picking: str = ""  # "", "play", "acquire" or "claim": a UI-only selection mode
        self.view: SpiceRoadView | None = None
        self.choices = Choices()
        self.acting = False
        self.hand: tuple[str, ...] = ()

    def set_context(
        self, view: SpiceRoadView, seat: int | None, acting: bool, choices: Choices
    ) -> None:
        self.view, self.acting, self.choices = view, acting, choices
        self.hand = view.players[seat].hand if seat is not None else ()
        if not acting or view.phase != TURN:
            self.picking = ""
        self.refresh()

    @property
    def edition(self) -> Edition:
        return EDITIONS[self.view.edition if self.view else "spice"]

    def spice_for_key(self, key: str) -> str | None:
        """The internal spice key for a pressed edition letter (golem: g is R, p is B...)."""
        for internal, letter in self.edition.letters.items():
            if letter.lower() == key:
                return internal
        return None

    def render(self) -> Text:
        view = self.view
        if view is None or not self.acting:
            if view is not None and view.over:
                return Text("The game is over.")
            return Text("Waiting for the other players…", style="dim")
        ed = self.edition
        letters = "/".join(ed.letters[k] for k in SPICES)
        if view.phase == TRADE:
            return self._trade_preview()
        if view.phase == UPGRADE:
            card = MERCHANT_CARDS[view.pending_card or "S2"]
            raisable = "/".join(ed.letters[k] for k in SPICES[:3])
            done = "  Enter done" if view.upgrades_done else ""
            return Text.assemble(
                (f"Upgrade {view.upgrades_done} of {card.up} done. ", "bold"),
                f"Press {raisable} to raise one {ed.spice_word} a rank{done}  "
                "u undo step  Esc cancel",
            )
        if view.phase == PAY:
            total = view.acquire_position - 1
            return Text.assemble(
                (
                    f"Acquire {view.acquire_position}: card {len(view.paid) + 1} of {total}. ",
                    "bold",
                ),
                f"Press {letters} for the {ed.spice_word} to place on it  u undo  Esc cancel",
            )
        if view.phase == RETURN:
            extra = sum(view.players[view.current].caravan) - CARAVAN_LIMIT
            return Text.assemble(
                (f"Caravan over {CARAVAN_LIMIT}: return {extra} more. ", "bold red"),
                f"Press {letters} to return one {ed.spice_word}",
            )
        if self.picking == "play":
            return Text("Play which card? Press its key (1…)  Esc back", style="bold")
        if self.picking == "acquire":
            return Text("Acquire which merchant card? Press 1-6  Esc back", style="bold")
        if self.picking == "claim":
            return Text(f"Claim which {ed.point_cards[:-1]}? Press 1-5  Esc back", style="bold")
        return Text.assemble(
            ("p", "bold reverse"),
            " play  ",
            ("a", "bold reverse"),
            " acquire  ",
            ("c", "bold reverse"),
            " claim  ",
            ("r", "bold reverse"),
            " rest   ",
            ("?", "bold reverse"),
            " rules  ",
            ("u", "bold reverse"),
            " undo",
        )

    def _trade_preview(self) -> Text:
        view = self.view
        assert view is not None and view.pending_card is not None
        card = MERCHANT_CARDS[view.pending_card]
        caravan = view.players[view.current].caravan
        out = Text(f"Run {card_text(view.pending_card, self.edition)} how many times? ", "bold")
        for step in self.choices.steps:
            if isinstance(step, Times):
                after = [
                    c - step.count * p + step.count * g
                    for c, p, g in zip(caravan, card.pay, card.gain, strict=True)
                ]
                out.append(f" {step.count % 10}:", style="bold reverse")
                out.append_text(spice_counts(after, self.edition))
        return out

    def on_key(self, event: events.Key) -> None:
        action = self._key_action(event.key)
        if action is None:
            return
        event.stop()
        event.prevent_default()
        if isinstance(action, Action):
            self.post_message(ActionChosen(action))
        else:
            self.post_message(PickingChanged())
        self.refresh()

    def _key_action(self, key: str) -> Action | bool | None:
        """The action a key asks for, ``True`` when it only changed the mode, else ``None``."""
        view = self.view
        if view is None or not self.acting:
            return None
        if key == "escape":
            if self.picking:
                self.picking = ""
                return True
            if view.phase in (TRADE, UPGRADE, PAY):
                self.post_message(CancelPlay())
                return True
            return None
        if view.phase == TRADE:
            if key.isdigit():
                return Times(int(key) or 10)
            return None
        if view.phase in (UPGRADE, PAY, RETURN):
            if view.phase == UPGRADE and key == "enter":
                return UpgradeDone()
            spice = self.spice_for_key(key)
            if spice is None:
                return None
            if view.phase == UPGRADE:
                return Upgrade(spice)
            return Pay(spice) if view.phase == PAY else Return(spice)
        if self.picking == "play":
            index = HAND_KEYS.find(key) if len(key) == 1 else -1
            if 0 <= index < len(self.hand):
                self.picking = ""
                return Play(self.hand[index])
            return None
        if self.picking in ("acquire", "claim"):
            if key.isdigit() and key != "0":
                mode, self.picking = self.picking, ""
                return Acquire(int(key)) if mode == "acquire" else Claim(int(key))
            return None
        if key in ("p", "a", "c"):
            self.picking = {"p": "play", "a": "acquire", "c": "claim"}[key]
            return True
        if key == "r":
            return Rest()
        return None

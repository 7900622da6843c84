"""New-game setup: seats (name, human or bot level), the game's options and the seed."""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field, replace
from typing import Any

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import ActiveBinding, Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Button, Footer, Input, Label, Select, Static

from tulipgames.engine.core import Game, Option, SeatSpec
from tulipgames.i18n import N_, _, render
from tulipgames.notices import daily_line
from tulipgames.tui.screens.rules import RulesScreen
from tulipgames.tui.textual_private import SafeSelect
from tulipgames.tui.widgets import plain, printable

DEFAULT_NAMES = (
    "Ana", "Ben", "Cleo", "Dev", "Mira", "Noah", "Ola", "Pim", "Quin", "Rosa", "Sam", "Tess",
)
#: The longest name a seat may have (it must fit the games' player columns).
NAME_CELLS = 16


def random_seed() -> int:
    """A seed short enough to read out and type again for a rematch of the same deal."""
    return random.SystemRandom().randrange(1, 1_000_000)


def bot_name(index: int) -> str:
    """A bot seat's default name: "Bot 3" for the third seat, as on the command line."""
    return f"Bot {index + 1}"


def human_name(index: int) -> str:
    return DEFAULT_NAMES[index % len(DEFAULT_NAMES)]


@dataclass
class SetupChoice:
    """What the setup screen hands back: everything :meth:`Table.new` needs."""

    game: str
    seats: list[SeatSpec]
    seed: int
    options: dict[str, Any] = field(default_factory=dict)
    variant: str = ""


def default_seats(game: Game, count: int, name: str = DEFAULT_NAMES[0]) -> list[SeatSpec]:
    """Seat 1 is a human at this keyboard (``name``), the others bots of the game's default
    level."""
    level = game.default_level
    seats = [SeatSpec(name, "human")]
    for i in range(1, count):
        seats.append(SeatSpec(bot_name(i), f"bot:{level}"))
    return seats


def check_names(seats: list[SeatSpec]) -> None:
    """Every seat needs a name of its own (the log, the scores and the curtain say who is who);
    raises ``ValueError`` naming the seat."""
    seen: dict[str, int] = {}
    for index, seat in enumerate(seats):
        if not seat.name:
            raise ValueError(_("seat {number} needs a name").format(number=index + 1))
        if printable(seat.name) != seat.name:
            raise ValueError(
                _("seat {number}'s name holds a control character").format(number=index + 1)
            )
        key = seat.name.casefold()
        if key in seen:
            raise ValueError(
                _("seats {first} and {second} are both called {name}: each seat needs its "
                  "own name").format(first=seen[key] + 1, second=index + 1, name=seat.name)
            )
        seen[key] = index


def level_line(game: Game, kind: str) -> str:
    """What the setup screen says under the seats about a bot level, in one line: its measured
    strength ("Bot hard: beats normal 7 of 10 at 2 seats"), or its blurb until it is measured.
    Nothing for a human seat."""
    if not kind.startswith("bot:"):
        return ""
    name = kind.removeprefix("bot:")
    level = next((lv for lv in game.levels if lv.name == name), None)
    if level is None:
        return ""
    # the game hands its level's words over as message ids or Says
    return _("Bot {level}: {about}").format(level=_(name),
                                            about=render(level.strength or level.blurb))


# Translators: a switch option's values, and the bot level every game has (setup's lists)
SHOWN_WORDS = (N_("on"), N_("off"), N_("random"))


def choice_label(choice: object) -> str:
    """How an option value reads on screen: on/off rather than True/False."""
    return Option.show(choice)


def choice_help(option: Option, value: object) -> str:
    """The option's help for the chosen value. A help text that explains each choice in turn
    ("spice: turmeric, ...; golem: the same game with crystals") is cut to the part about
    ``value``, keeping what comes before the first choice ("end-game reveal: ...")."""
    text = render(option.help)
    names = [re.escape(choice_label(choice)) for choice in option.choices]
    found = list(re.finditer(rf"\b({'|'.join(names)})\s*[:=]\s*", text)) if names else []
    if len({match.group(1) for match in found}) != len(option.choices):
        return text
    prefix = text[: found[0].start()]
    for number, match in enumerate(found):
        if match.group(1) == choice_label(value):
            end = found[number + 1].start() if number + 1 < len(found) else len(text)
            return prefix + text[match.start() : end].rstrip(" ;,")
    return text


class SeatRow(Horizontal):
    """One seat: its name and who plays it."""

    DEFAULT_CSS = """
    SeatRow { height: 1; }
    SeatRow Label { width: 16; }
    SeatRow Input { width: 20; margin: 0 2 0 0; }
    SeatRow Select { width: 20; }
    """

    def __init__(self, index: int, spec: SeatSpec, kinds: list[tuple[str, str]]) -> None:
        super().__init__(id=f"seat-row-{index}", classes="field-row")
        self.index = index
        self.spec = spec
        self.kinds = kinds

    def compose(self) -> ComposeResult:
        yield Label("  " + _("Seat {number}").format(number=self.index + 1))
        yield Input(self.spec.name, max_length=NAME_CELLS, compact=True, id=f"name-{self.index}")
        yield SafeSelect(self.kinds, value=self.spec.kind, allow_blank=False, compact=True,
                     id=f"kind-{self.index}")

    def read(self) -> SeatSpec:
        name = self.query_one(Input).value.strip()
        kind = self.query_one(Select).value
        return SeatSpec(name, str(kind))

    def on_select_changed(self, event: Select.Changed) -> None:
        """A seat turned from bot to human (or back) keeps a name the player typed, and
        otherwise takes the default name of its new kind."""
        name = self.query_one(Input)
        if name.value.strip() in ("", bot_name(self.index), human_name(self.index)):
            is_bot = str(event.value).startswith("bot")
            name.value = bot_name(self.index) if is_bot else human_name(self.index)


class SetupScreen(Screen[SetupChoice | None]):
    """Dismisses with a :class:`SetupChoice` on Start, ``None`` on Esc.

    The focus starts on the player count, so a first Enter never starts a game nobody set up;
    the row that has the focus is marked (reversed, so also without colour). The daily deal
    fixes its seed and options: everyone plays the same deal.
    """

    #: The first field gets the focus, never Start: a first Enter must not start a game.
    AUTO_FOCUS = "Select, Input"
    BINDINGS = [
        Binding("escape", "cancel", N_("Back")),
        Binding("ctrl+r", "reseed", N_("New seed")),
        Binding("ctrl+g", "start", N_("Start")),
        Binding("question_mark", "rules", N_("Rules")),
    ]
    DEFAULT_CSS = """
    SetupScreen { align: center top; }
    SetupScreen > VerticalScroll { width: 100%; max-width: 90; height: 1fr; padding: 0 2; }
    SetupScreen #setup-title { padding: 1 0 0 0; text-style: bold; color: $accent; }
    SetupScreen #setup-pitch { color: $text-muted; }
    SetupScreen #setup-keys { color: $text-muted; padding: 0 0 1 0; }
    SetupScreen .field-row { height: auto; min-height: 1; }
    SetupScreen .field-row > Label { width: 16; }
    SetupScreen .field-row Select { width: 20; }
    SetupScreen .field-row Input { width: 20; }
    SetupScreen .field-row.-focused > Label { text-style: bold reverse; }
    SetupScreen Input:focus { text-style: bold underline; background: $accent 25%; }
    SetupScreen Select:focus > SelectCurrent {
        text-style: bold underline; background: $accent 25%;
    }
    SetupScreen Input:disabled, SetupScreen Select:disabled { opacity: 70%; }
    SetupScreen .option-help { color: $text-muted; width: 1fr; margin: 0 0 0 2; }
    SetupScreen #seats { height: auto; margin: 1 0 0 0; }
    SetupScreen #level-strength { color: $text-muted; height: 1; margin: 0 0 0 2; }
    SetupScreen #setup-options { height: auto; margin: 1 0 0 0; }
    SetupScreen #start-bar { dock: bottom; height: 2; padding: 0 2; }
    SetupScreen #start { margin: 0 2 0 16; }
    SetupScreen #start:focus { text-style: bold reverse; }
    SetupScreen #setup-error { color: $error; width: 1fr; text-style: bold; }
    """

    def __init__(
        self,
        game: Game,
        seats: list[SeatSpec] | None = None,
        seed: int | None = None,
        variant: str = "",
        name: str = DEFAULT_NAMES[0],
    ) -> None:
        """``name``: the first seat's name (the player's, remembered from the last game)."""
        super().__init__()
        self.game = game
        self.variant = variant
        self.first_name = name
        count = len(seats) if seats else max(game.min_players, min(2, game.max_players))
        self.seats = seats or default_seats(game, count, name)
        self.seed = random_seed() if seed is None else seed
        #: Each binding shown translated, by the English one's id (made once per language).
        self._translated: dict[int, Binding] = {}
        self.kinds = [(_("Human"), "human")] + [
            (_("Bot: {level}").format(level=_(level)), f"bot:{level}")
            for level in game.bot_levels
        ]

    @property
    def daily(self) -> bool:
        """The daily deal: one seat, the day's seed and the default options, fixed."""
        return self.variant == "daily"

    def compose(self) -> ComposeResult:
        game = self.game
        fixed = self.daily
        with VerticalScroll():
            title = _("New game: {title}  ({players} players)").format(
                title=_(game.title), players=game.info.players)
            if fixed:
                title = _("Daily deal: {title}  (today's deal, the same for everyone)").format(
                    title=_(game.title))
            yield Static(Text(title), id="setup-title")
            yield Static(Text(_(game.info.pitch)), id="setup-pitch")
            if fixed:  # a second attempt may be played, and is not scored: say so first
                yield Static(daily_line(self.app, self.first_name, self.seed), id="setup-daily")
            yield Static(
                Text(_("Tab / Shift+Tab move between fields · Enter on Start (or ctrl+g) starts")),
                id="setup-keys",
            )
            with Horizontal(classes="field-row"):
                yield Label("  " + _("Players"))
                yield SafeSelect(
                    [(str(n), n) for n in range(game.min_players, game.max_players + 1)],
                    value=len(self.seats), allow_blank=False, compact=True, id="player-count",
                    disabled=fixed or game.min_players == game.max_players,
                )
            with Vertical(id="seats"):
                for index, spec in enumerate(self.seats):
                    yield SeatRow(index, spec, self.kinds)
            yield Static(self._level_text(self._first_bot_kind()), id="level-strength")
            with Vertical(id="setup-options"):
                for name, option in game.options.items():
                    with Horizontal(classes="field-row"):
                        yield Label(Text(" " + _(name.replace("_", " ").capitalize())[:14]))
                        yield SafeSelect(
                            [(_(choice_label(choice)), choice) for choice in option.choices],
                            value=option.default, allow_blank=False, compact=True,
                            id=f"option-{name}", disabled=fixed,
                        )
                        yield Static(
                            Text(choice_help(option, option.default)),
                            classes="option-help", id=f"help-{name}",
                        )
                with Horizontal(classes="field-row"):
                    yield Label("  " + _("Seed"))
                    yield Input(str(self.seed), restrict=r"[0-9]*", max_length=20, compact=True,
                                id="seed", disabled=fixed)
                    hint = _("today's deal") if fixed else _("same seed = same deal (ctrl+r: new)")
                    yield Static(Text(hint), classes="option-help")
        with Horizontal(id="start-bar"):
            yield Button(_("Start game"), variant="success", id="start", compact=True)
            yield Static(id="setup-error")
        yield Footer()

    @property
    def active_bindings(self) -> dict[str, ActiveBinding]:
        """Textual's, each key's description in the session's language (the footer shows
        them; the bindings keep their English, marked with ``N_``)."""
        shown = {}
        for key, active in super().active_bindings.items():
            binding = active.binding
            words = _(binding.description)
            if words != binding.description:
                cached = self._translated.get(id(binding))
                if cached is None or cached.description != words:
                    cached = self._translated[id(binding)] = replace(binding, description=words)
                active = ActiveBinding(active.node, cached, active.enabled, active.tooltip)
            shown[key] = active
        return shown

    def _first_bot_kind(self) -> str:
        return next((s.kind for s in self.seats if s.kind.startswith("bot:")), "")

    def _level_text(self, kind: str) -> Text:
        """One line, cut with an ellipsis where the terminal is narrow."""
        return Text(level_line(self.game, kind), no_wrap=True, overflow="ellipsis")

    def _show_level(self, kind: str) -> None:
        """The strength line follows the seat whose level the player is looking at."""
        if kind.startswith("bot:"):
            self.query_one("#level-strength", Static).update(self._level_text(kind))

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        self._mark_row(event.widget, True)
        if isinstance(event.widget, Select) and (event.widget.id or "").startswith("kind-"):
            self._show_level(str(event.widget.value))

    def on_descendant_blur(self, event: events.DescendantBlur) -> None:
        self._mark_row(event.widget, False)

    @staticmethod
    def _mark_row(widget: Widget, focused: bool) -> None:
        for node in widget.ancestors_with_self:
            if isinstance(node, Widget) and node.has_class("field-row"):
                node.set_class(focused, "-focused")
                return

    async def on_select_changed(self, event: Select.Changed) -> None:
        select_id = event.select.id or ""
        if select_id.startswith("kind-"):
            self._show_level(str(event.value))
            return
        if select_id.startswith("option-"):
            name = select_id.removeprefix("option-")
            self.query_one(f"#help-{name}", Static).update(
                Text(choice_help(self.game.options[name], event.value))
            )
            return
        if select_id != "player-count" or not isinstance(event.value, int):
            return
        count = event.value
        box = self.query_one("#seats", Vertical)
        rows = list(box.query(SeatRow))
        current = [row.read() for row in rows]
        if count == len(current):
            return
        wanted = current[:count] + default_seats(self.game, count, self.first_name)[len(current):]
        self.seats = wanted
        if count < len(rows):
            for row in rows[count:]:
                await row.remove()
        else:
            await box.mount_all(
                SeatRow(index, wanted[index], self.kinds) for index in range(len(rows), count)
            )

    def on_input_changed(self, event: Input.Changed) -> None:
        self.query_one("#setup-error", Static).update("")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        self.focus_next()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "start":
            self.action_start()

    def read_choice(self) -> SetupChoice:
        """The choice as entered; raises ``ValueError`` with what is wrong."""
        seats = [row.read() for row in self.query(SeatRow)]
        self.game.check_seats(len(seats))
        check_names(seats)
        seed_text = self.query_one("#seed", Input).value.strip()
        if not seed_text.isdigit():
            raise ValueError(_("the seed must be a whole number"))
        options = {
            name: self.query_one(f"#option-{name}", Select).value for name in self.game.options
        }
        return SetupChoice(self.game.id, seats, int(seed_text), options, self.variant)

    def action_start(self) -> None:
        try:
            choice = self.read_choice()
        except ValueError as exc:
            message = str(exc)
            self.query_one("#setup-error", Static).update(plain(message[:1].upper() + message[1:]))
            return
        self.dismiss(choice)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "reseed":
            return not self.daily  # the daily deal's seed is fixed
        return True

    def action_reseed(self) -> None:
        if not self.daily:
            self.query_one("#seed", Input).value = str(random_seed())

    def action_rules(self) -> None:
        self.app.push_screen(RulesScreen(self.game))

    def action_cancel(self) -> None:
        self.dismiss(None)

"""New-game setup: seats (name, human or bot level), the game's options and the seed."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Button, Footer, Input, Label, Select, Static

from tulipgames import games
from tulipgames.engine.core import Game, SeatSpec
from tulipgames.tui.screens.rules import RulesScreen

DEFAULT_NAMES = (
    "Ana", "Ben", "Cleo", "Dev", "Mira", "Noah", "Ola", "Pim", "Quin", "Rosa", "Sam", "Tess",
)


def random_seed() -> int:
    """A seed short enough to read out and type again for a rematch of the same deal."""
    return random.SystemRandom().randrange(1, 1_000_000)


@dataclass
class SetupChoice:
    """What the setup screen hands back: everything :meth:`Table.new` needs."""

    game: str
    seats: list[SeatSpec]
    seed: int
    options: dict[str, Any] = field(default_factory=dict)
    variant: str = ""


def default_seats(game: Game, count: int) -> list[SeatSpec]:
    """Seat 1 is a human at this keyboard, the others bots of the game's middle level."""
    level = game.default_level
    seats = [SeatSpec(DEFAULT_NAMES[0], "human")]
    for i in range(1, count):
        seats.append(SeatSpec(DEFAULT_NAMES[i % len(DEFAULT_NAMES)], f"bot:{level}"))
    return seats


class SeatRow(Horizontal):
    """One seat: its name and who plays it."""

    DEFAULT_CSS = """
    SeatRow { height: 1; }
    SeatRow Label { width: 16; }
    SeatRow Input { width: 20; margin: 0 2 0 0; }
    SeatRow Select { width: 20; }
    """

    def __init__(self, index: int, spec: SeatSpec, kinds: list[tuple[str, str]]) -> None:
        super().__init__(id=f"seat-row-{index}")
        self.index = index
        self.spec = spec
        self.kinds = kinds

    def compose(self) -> ComposeResult:
        yield Label(f"Seat {self.index + 1}")
        yield Input(self.spec.name, max_length=16, compact=True, id=f"name-{self.index}")
        yield Select(self.kinds, value=self.spec.kind, allow_blank=False, compact=True,
                     id=f"kind-{self.index}")

    def read(self) -> SeatSpec:
        name = self.query_one(Input).value.strip() or DEFAULT_NAMES[self.index % len(DEFAULT_NAMES)]
        kind = self.query_one(Select).value
        return SeatSpec(name, str(kind))


def choice_label(choice: object) -> str:
    """How an option value reads on screen: on/off rather than True/False."""
    if isinstance(choice, bool):
        return "on" if choice else "off"
    return str(choice)


class SetupScreen(Screen[SetupChoice | None]):
    """Dismisses with a :class:`SetupChoice` on Start, ``None`` on Esc."""

    BINDINGS = [
        Binding("escape", "cancel", "Back"),
        Binding("ctrl+r", "reseed", "New seed"),
        Binding("ctrl+g", "start", "Start"),
        Binding("question_mark", "rules", "Rules"),
    ]
    DEFAULT_CSS = """
    SetupScreen { align: center top; }
    SetupScreen > VerticalScroll { width: 100%; max-width: 90; height: 1fr; padding: 0 2; }
    SetupScreen #setup-title { padding: 1 0; text-style: bold; color: $accent; }
    SetupScreen .setup-row { height: 1; margin: 1 0 0 0; }
    SetupScreen .setup-row Label { width: 16; }
    SetupScreen .setup-row Select { width: 20; }
    SetupScreen .setup-row Input { width: 20; }
    SetupScreen #setup-pitch { color: $text-muted; }
    SetupScreen .option-help { color: $text-muted; width: 1fr; margin: 0 0 0 2; }
    SetupScreen #seats { height: auto; margin: 1 0 0 0; }
    SetupScreen #setup-options .setup-row { margin: 0; }
    SetupScreen #setup-options { height: auto; margin: 1 0 0 0; }
    SetupScreen #start-bar { dock: bottom; height: 2; padding: 0 2; }
    SetupScreen #start { margin: 0 2 0 16; }
    SetupScreen #setup-error { color: $error; width: 1fr; }
    """

    def __init__(
        self,
        game: Game,
        seats: list[SeatSpec] | None = None,
        seed: int | None = None,
        variant: str = "",
    ) -> None:
        super().__init__()
        self.game = game
        self.variant = variant
        count = len(seats) if seats else max(game.min_players, min(2, game.max_players))
        self.seats = seats or default_seats(game, count)
        self.seed = random_seed() if seed is None else seed
        self.kinds = [("Human", "human")] + [
            (f"Bot: {level}", f"bot:{level}") for level in game.bot_levels
        ]

    def compose(self) -> ComposeResult:
        game = self.game
        info = games.info(game.id) if game.id in games.GAME_IDS else None
        with VerticalScroll():
            yield Static(
                f"New game: {game.title}  ({game.min_players}-{game.max_players} players)",
                id="setup-title",
            )
            if info is not None:
                yield Static(info.pitch, id="setup-pitch")
            with Horizontal(classes="setup-row"):
                yield Label("Players")
                yield Select(
                    [(str(n), n) for n in range(game.min_players, game.max_players + 1)],
                    value=len(self.seats), allow_blank=False, compact=True, id="player-count",
                )
            with Vertical(id="seats"):
                for index, spec in enumerate(self.seats):
                    yield SeatRow(index, spec, self.kinds)
            with Vertical(id="setup-options"):
                for name, option in game.options.items():
                    with Horizontal(classes="setup-row"):
                        yield Label(name.replace("_", " ").capitalize()[:15])
                        yield Select(
                            [(choice_label(choice), choice) for choice in option.choices],
                            value=option.default, allow_blank=False, compact=True,
                            id=f"option-{name}",
                        )
                        yield Static(option.help, classes="option-help")
                with Horizontal(classes="setup-row"):
                    yield Label("Seed")
                    yield Input(str(self.seed), restrict=r"[0-9]*", max_length=20, compact=True,
                                id="seed")
                    yield Static("same seed = same deal (ctrl+r: new)", classes="option-help")
        with Horizontal(id="start-bar"):
            yield Button("Start game", variant="success", id="start", compact=True)
            yield Static(id="setup-error")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#start", Button).focus()

    async def on_select_changed(self, event: Select.Changed) -> None:
        if event.select.id != "player-count" or not isinstance(event.value, int):
            return
        count = event.value
        box = self.query_one("#seats", Vertical)
        rows = list(box.query(SeatRow))
        current = [row.read() for row in rows]
        if count == len(current):
            return
        wanted = current[:count] + default_seats(self.game, count)[len(current):]
        self.seats = wanted
        if count < len(rows):
            for row in rows[count:]:
                await row.remove()
        else:
            await box.mount_all(
                SeatRow(index, wanted[index], self.kinds) for index in range(len(rows), count)
            )

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
        seed_text = self.query_one("#seed", Input).value.strip()
        if not seed_text.isdigit():
            raise ValueError("the seed must be a whole number")
        options = {
            name: self.query_one(f"#option-{name}", Select).value for name in self.game.options
        }
        return SetupChoice(self.game.id, seats, int(seed_text), options, self.variant)

    def action_start(self) -> None:
        try:
            choice = self.read_choice()
        except ValueError as exc:
            self.query_one("#setup-error", Static).update(str(exc))
            return
        self.dismiss(choice)

    def action_reseed(self) -> None:
        self.query_one("#seed", Input).value = str(random_seed())

    def action_rules(self) -> None:
        self.app.push_screen(RulesScreen(self.game))

    def action_cancel(self) -> None:
        self.dismiss(None)

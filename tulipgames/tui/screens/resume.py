"""Resume: the saved games in progress, including those that cannot be opened and why."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from tulipgames.store import SaveInfo


def save_label(save: SaveInfo) -> Text:
    label = Text()
    label.append(f"#{save.id:<4}", style="bold")
    label.append(f"{save.title[:21]:<22}")
    label.append(f"{', '.join(save.names)[:22]:<23}")
    label.append(save.updated[:16].replace("T", " "), style="dim")
    if save.problem is not None:
        label.append(f"\n      cannot open: {save.problem}", style="italic")
    else:
        label.append(f"  {save.moves} moves", style="dim")
    return label


class ResumeScreen(Screen[int | None]):
    """Dismisses with the chosen save's id, or ``None``."""

    BINDINGS = [Binding("escape", "cancel", "Back")]
    DEFAULT_CSS = """
    ResumeScreen > Vertical { padding: 0 1; }
    ResumeScreen #resume-title { padding: 1 0 0 0; text-style: bold; color: $accent; }
    ResumeScreen #resume-hint { color: $text-muted; }
    ResumeScreen OptionList, ResumeScreen OptionList:focus { height: 1fr; border: round $accent; }
    """

    def __init__(self, saves: list[SaveInfo]) -> None:
        super().__init__()
        self.saves = saves

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static("Resume a game", id="resume-title")
            hint = (
                "Enter opens the highlighted game. Saves that cannot be opened are kept as is."
                if self.saves
                else "No games in progress. Start one from the menu; every move is saved."
            )
            yield Static(hint, id="resume-hint")
            yield OptionList(
                *[
                    Option(save_label(save), id=str(save.id), disabled=not save.playable)
                    for save in self.saves
                ],
                id="saves",
            )
        yield Footer()

    def on_mount(self) -> None:
        saves = self.query_one("#saves", OptionList)
        first = next((i for i, s in enumerate(self.saves) if s.playable), None)
        saves.highlighted = first
        saves.focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if event.option_id is not None:
            self.dismiss(int(event.option_id))

    def action_cancel(self) -> None:
        self.dismiss(None)

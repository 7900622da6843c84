"""Resume: the saved games in progress, including those that cannot be opened and why."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from tulipgames.i18n import N_, _, ngettext
from tulipgames.store import SaveInfo
from tulipgames.tui.keyline import TranslatedKeys
from tulipgames.tui.screens.confirm import ConfirmScreen
from tulipgames.tui.widgets import fit, plain

#: Cells for the id and the game title columns ("The Little Flower Shop" is 22).
ID_CELLS, TITLE_CELLS = 6, 24


def moves(count: int) -> str:
    return ngettext("{count} move", "{count} moves", count).format(count=count)


def save_label(save: SaveInfo, width: int = 74) -> Text:
    """Two lines of at most ``width`` cells: the game, when and how far; then every player
    (cut at the end, with the count, when they do not fit); a third says why it cannot open."""
    label = fit(f"#{save.id}", ID_CELLS, "bold")
    label.append_text(fit(_(save.title), TITLE_CELLS))
    when = save.updated[:16].replace("T", " ")
    label.append_text(fit(f"{when}  {moves(save.moves)}", width - ID_CELLS - TITLE_CELLS,
                           "dim"))
    names = ", ".join(save.names)
    label.append("\n")
    label.append_text(fit("", ID_CELLS))
    room = width - ID_CELLS
    if Text(names).cell_len > room:
        count = " " + ngettext("({count} player)", "({count} players)", len(save.names)).format(
            count=len(save.names))
        label.append_text(fit(names, room - len(count)))
        label.append(count, style="dim")
    else:
        label.append_text(fit(names, room))
    if save.problem is not None:
        label.append("\n")
        label.append_text(fit("", ID_CELLS))
        label.append_text(fit(_("cannot open: {problem}").format(problem=save.problem), room,
                              "italic"))
    return label


#: Deletes a save and returns why it could not, or ``None`` once it is gone.
Deleter = Callable[[SaveInfo], "str | None"]


class ResumeScreen(TranslatedKeys, Screen[int | None]):
    """Dismisses with the chosen save's id, or ``None``. With a ``delete`` function, ``d``
    deletes the highlighted save after a yes/no question."""

    BINDINGS = [
        Binding("escape", "cancel", N_("Back")),
        Binding("d", "delete", N_("Delete")),
        Binding("delete", "delete", N_("Delete"), show=False),
    ]
    DEFAULT_CSS = """
    ResumeScreen > Vertical { padding: 0 1; }
    ResumeScreen #resume-title { padding: 1 0 0 0; text-style: bold; color: $accent; }
    ResumeScreen #resume-hint { color: $text-muted; }
    ResumeScreen OptionList, ResumeScreen OptionList:focus { height: 1fr; border: round $accent; }
    """

    def __init__(self, saves: list[SaveInfo], delete: Deleter | None = None) -> None:
        super().__init__()
        self.saves = saves
        self.delete = delete

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(_("Resume a game"), id="resume-title")
            hint = (
                _("Enter opens the highlighted game. Saves that cannot be opened are kept as is.")
                if self.saves
                else _("No games in progress. Start one from the menu; every move is saved.")
            )
            yield Static(hint, id="resume-hint")
            yield OptionList(id="saves")
        yield Footer()

    def on_mount(self) -> None:
        self._fill()
        saves = self.query_one("#saves", OptionList)
        first = next((i for i, s in enumerate(self.saves) if s.playable), None)
        saves.highlighted = first
        saves.focus()

    def on_resize(self) -> None:
        self._fill()

    def _fill(self) -> None:
        """The rows, cut to the list's width (padding, border and scrollbar take 7 cells)."""
        saves = self.query_one("#saves", OptionList)
        highlighted = saves.highlighted
        width = max(20, self.app.size.width - 8)
        saves.clear_options()
        saves.add_options(
            Option(save_label(save, width), id=str(save.id), disabled=not save.playable)
            for save in self.saves
        )
        saves.highlighted = highlighted

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if event.option_id is not None:
            self.dismiss(int(event.option_id))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "delete":
            return self.delete is not None and self._highlighted() is not None
        return True

    def _highlighted(self) -> SaveInfo | None:
        index = self.query_one("#saves", OptionList).highlighted
        return self.saves[index] if index is not None and index < len(self.saves) else None

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        self.refresh_bindings()

    def action_delete(self) -> None:
        save = self._highlighted()
        if save is None or self.delete is None:
            return
        # Translators: then the game's number and title, its players and moves, and "?"
        question = Text(_("Delete game") + " ")
        question.append_text(plain(f"#{save.id} {_(save.title)}", "bold"))
        question.append_text(plain(f" ({', '.join(save.names)}, {moves(save.moves)})?"))
        question.append("\n" + _("Its moves are gone for good; finished games stay in History."))
        self.app.push_screen(ConfirmScreen(question), partial(self._confirmed, save))

    def _confirmed(self, save: SaveInfo, yes: bool | None) -> None:
        if not yes or self.delete is None:
            return
        problem = self.delete(save)
        if problem:
            self.notify(_("Not deleted: {problem}").format(problem=problem), severity="error",
                        timeout=8)
            return
        self.saves = [other for other in self.saves if other.id != save.id]
        self._fill()
        self.notify(_("Deleted game #{number}.").format(number=save.id))
        self.refresh_bindings()

    def action_cancel(self) -> None:
        self.dismiss(None)

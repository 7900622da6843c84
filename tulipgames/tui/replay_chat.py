"""The chat of a shared table in its replay: what was said, at the move it was said.

A shared table keeps each chat line with its record (:attr:`GameRecord.chat`, the move it was
said after). The replay viewer mixes :class:`ReplayChat` into its screen: one line docked above
the footer shows the lines said at the position shown, or, dimmed, the last line said before it
with its move ("(at 12)"), so stepping through a game reads its table talk in order. A record
without chat shows nothing (no line is taken from the board). Everything is plain text: names
and lines are the players', never markup.
"""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.widgets import Static

from tulipgames.engine.record import Said
from tulipgames.i18n import _


def chat_here(chat: list[Said], position: int) -> tuple[list[Said], Said | None]:
    """The lines said at ``position`` (after that many actions), and the last line said
    before it (``None``: none)."""
    here = [line for line in chat if line.move == position]
    before = [line for line in chat if line.move < position]
    return here, before[-1] if before else None


def chat_line(chat: list[Said], position: int) -> Text:
    """The one line the replay shows at ``position`` (empty when nothing was said yet)."""
    here, before = chat_here(chat, position)
    shown = Text(no_wrap=True, overflow="ellipsis")
    lines = here or ([before] if before is not None else [])
    for line in lines:
        if len(shown):
            shown.append(" · ")
        shown.append(line.name, style="bold")
        if line.watcher:
            shown.append(" " + _("(watching)"), style="dim")
        shown.append(": " + line.text)
    if not here and before is not None:
        shown.stylize("dim")
        shown.append("  " + _("(at {move})").format(move=before.move), style="dim")
    return Text.assemble((_("Chat") + " ", "italic"), shown) if lines else shown


class ReplayChat:
    """Mixed into the replay viewer's screen class: follows the replay table's position.
    (Textual runs every class's ``on_mount``/``on_unmount`` of the screen: no ``super()``.)"""

    table: Any
    query: Any
    mount: Any

    def on_mount(self) -> None:
        self._chat_lines = list(self.table.record.chat)
        if not self._chat_lines:
            return
        strip = Static(id="replay-chat", markup=False)
        strip.styles.dock = "bottom"
        strip.styles.height = 1
        strip.styles.padding = (0, 1)
        strip.styles.margin = (0, 0, 1, 0)  # above the footer, docked at the bottom too
        self.mount(strip)
        self.table.subscribe(self._follow_chat)
        self._follow_chat(self.table)

    def on_unmount(self) -> None:
        if getattr(self, "_chat_lines", None):
            self.table.unsubscribe(self._follow_chat)

    def _follow_chat(self, table: Any) -> None:
        found = list(self.query("#replay-chat"))
        if found:
            found[0].update(chat_line(self._chat_lines, table.position))

"""The full-screen menu keeps the terminal's cursor on the highlighted entry, so a braille
display or a screen reader that follows the cursor reads the entry the arrows are on (a real
``tulipgames serve``, an SSH client whose screen pyte renders)."""

from __future__ import annotations

from tests.net.conftest import Server, send
from tulipgames.net.loadtest import connect

END, UP = "\x1b[F", "\x1b[A"


def cursor_line(client: object) -> tuple[int, str]:
    screen = client.term.screen  # type: ignore[attr-defined]
    return screen.cursor.y, str(screen.display[screen.cursor.y])


async def test_the_cursor_sits_on_the_highlighted_menu_entry(server: Server) -> None:
    ana = await connect(server.port, "ana")
    await ana.term.wait_for("Join a table")
    await send(ana, END)
    await ana.term.until(lambda: "Quit" in cursor_line(ana)[1])
    quit_row = cursor_line(ana)[0]
    await send(ana, UP)
    await ana.term.until(lambda: "Join a table" in cursor_line(ana)[1])
    assert cursor_line(ana)[0] < quit_row
    await send(ana, UP, UP)
    await ana.term.until(lambda: cursor_line(ana)[0] < quit_row - 2)
    text = cursor_line(ana)[1]
    assert "Join a table" not in text and "Quit" not in text and text.strip()
    ana.conn.close()

"""The shared widgets render what they are given."""

from __future__ import annotations

from textual.app import App, ComposeResult

from tulipgames.tui.widgets import KeyHints, PlayerPanel


class Holder(App[None]):
    def compose(self) -> ComposeResult:
        yield PlayerPanel()
        yield KeyHints()


async def test_player_panel_marks_the_acting_seat_and_the_viewer():
    app = Holder()
    async with app.run_test(size=(80, 24)) as pilot:
        panel = app.query_one(PlayerPanel)
        panel.show_seats(["Ana", "Ben", "Cleo"], ["human", "bot:hard", "human"], [1], viewer=0)
        await pilot.pause()
        text = str(panel.render())
        assert text == " Ana*  >Ben (hard bot)   Cleo"


async def test_key_hints_list_keys_and_labels():
    app = Holder()
    async with app.run_test(size=(80, 24)) as pilot:
        hints = app.query_one(KeyHints)
        hints.show_hints([("1-6", "pick a die"), ("Enter", "place")])
        await pilot.pause()
        assert str(hints.render()) == "1-6 pick a die · Enter place"

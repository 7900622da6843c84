"""Gift of Tulips: its demo positions, for screenshots, the snapshot tests, the
screens' tests and the bench (named by the game's kit as ``demos:DEMOS``; played to by
``tulipgames.demos``)."""

from __future__ import annotations

from tulipgames.games.parts import Demo

FOUR = ["Ana", "Ben", "Cleo", "Dev"]

DEMOS = (
    Demo("giftoftulips-turn", FOUR, 2024,
         lambda t: t.view.turns_taken[0] >= 3 and t.view.active == 0 and t.view.card_no == 2),
    # a whole game: the screen shows the reveal of the secret cards at the end
    Demo("giftoftulips-reveal", FOUR, 77, lambda t: False),
)

"""The game-agnostic rules layer: contract, records and bots. Imports nothing from Textual."""

from tulipgames.engine.core import (
    Action,
    Applied,
    Event,
    Game,
    IllegalAction,
    Option,
    Result,
    SeatSpec,
    State,
    render_names,
    seat_ref,
)

__all__ = [
    "Action",
    "Applied",
    "Event",
    "Game",
    "IllegalAction",
    "Option",
    "Result",
    "SeatSpec",
    "State",
    "render_names",
    "seat_ref",
]

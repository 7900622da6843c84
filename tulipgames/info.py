"""Who a game is for and what the menu says about it: the one class both the rules layer
(``engine.core``) and the registry's catalogue (``games``) use, in a module of its own so that
neither imports the other for it and the menu imports neither's weight."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class GameInfo:
    """Who a game is for and what the menu says about it, declared in the game's package
    (``games/<id>/__init__.py``) and listed in :data:`CATALOGUE`, so the menu can list every
    game without importing its rules. (``tulipgames.games`` and
    ``tulipgames.engine.core`` give this same class.)"""

    id: str
    title: str
    min_players: int
    max_players: int
    pitch: str
    #: Position in the menu (smaller first).
    order: int = 0

    @property
    def players(self) -> str:
        """The player count as the menu shows it ("2-6", "1")."""
        if self.min_players == self.max_players:
            return str(self.min_players)
        return f"{self.min_players}-{self.max_players}"

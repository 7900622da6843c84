"""Widgets every game screen may use: the game log, the player panel, key hints and the list
of legal actions."""

from tulipgames.tui.widgets.common import GameLog, LegalActionList

__all__ = ["GameLog", "LegalActionList"]

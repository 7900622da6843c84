"""Widgets every game screen may use: the game log."""

from tulipgames.tui.widgets.common import GameLog

__all__ = ["GameLog"]

"""Widgets every game screen may use: the game log, and ``fit`` to cut text by cells."""

from tulipgames.tui.widgets.common import GameLog, fit, plain, printable

__all__ = ["GameLog", "fit", "plain", "printable"]

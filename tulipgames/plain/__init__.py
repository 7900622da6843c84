"""The plain-text mode: every game as a conversation in reading order, for screen readers,
braille displays, scripts and SSH sessions without a terminal.

Nothing is redrawn in place and nothing needs colour or box drawing: the game speaks in short
labelled sentences, lists the choices the seat has now as a numbered list, and reads a number, an
action's notation or a command at a ``>`` prompt. It plays on the same :class:`~tulipgames.table.
Table` and rules as the Textual screens, so games saved in one mode resume in the other.
"""

from tulipgames.plain.session import PlainSession, run_plain

__all__ = ["PlainSession", "run_plain"]

"""The key footer of the game screens: Textual's footer, changed in place.

Textual's :class:`~textual.widgets.Footer` removes and mounts all its keys after every
``refresh_bindings`` (once the screen has been drawn), so every key press on a game screen drew a
second frame with the footer alone, even when no key had changed. :class:`KeyFooter` draws the
same keys, but compares what it would show with what it shows: nothing changed, nothing is done;
otherwise it rewrites its key widgets in place (a pool, the spare ones hidden), in the same frame
as the change that caused it.
"""

from __future__ import annotations

from typing import NamedTuple

from textual import events
from textual.app import ComposeResult
from textual.screen import Screen
from textual.widgets import Footer
from textual.widgets._footer import FooterKey

from tulipgames.tui.widgets.common import Steady


class PooledKey(Steady, FooterKey):
    """A footer key that can show another binding later (see :meth:`KeyFooter._set`)."""


#: Key widgets kept ready for a screen that shows more keys later than at first.
POOL = 12


class Shown(NamedTuple):
    """One key as the footer shows it."""

    key: str
    display: str
    description: str
    action: str
    enabled: bool
    tooltip: str


class KeyFooter(Footer):
    """A footer that redraws only when the keys it shows changed, and then in place."""

    def __init__(self) -> None:
        super().__init__()
        #: The keys on screen (``None``: Textual's own layout, e.g. for grouped bindings).
        self._drawn: tuple[Shown, ...] | None = None

    def wanted(self) -> tuple[Shown, ...] | None:
        """The keys to show now, one per action as Textual's footer does (``None`` when a
        binding group asks for Textual's own layout)."""
        first: dict[str, Shown] = {}
        for _, binding, enabled, tooltip in self.screen.active_bindings.values():
            if not binding.show:
                continue
            if binding.group is not None:
                return None
            first.setdefault(binding.action, Shown(
                binding.key, self.app.get_key_display(binding), binding.description,
                binding.action, enabled, tooltip,
            ))
        return tuple(first.values())

    def compose(self) -> ComposeResult:
        wanted = self.wanted() if self._bindings_ready else None
        if wanted is None:
            self._drawn = None
            yield from super().compose()
            return
        self._drawn = wanted
        for index in range(max(POOL, len(wanted))):
            key = PooledKey("", "", "", "")
            if index < len(wanted):
                self._set(key, wanted[index])
            else:
                key.display = False
            yield key.data_bind(compact=Footer.compact)
        yield from self._palette_key()

    def _palette_key(self) -> ComposeResult:
        if not (self.show_command_palette and self.app.ENABLE_COMMAND_PALETTE):
            return
        active = self.screen.active_bindings.get(self.app.COMMAND_PALETTE_BINDING)
        if active is None:
            return
        _, binding, enabled, _ = active
        yield PooledKey(
            binding.key, self.app.get_key_display(binding), binding.description,
            binding.action, classes="-command-palette", disabled=not enabled,
            tooltip=binding.tooltip or binding.description,
        )

    @staticmethod
    def _set(key: FooterKey, shown: Shown) -> None:
        """Make ``key`` show ``shown`` (a change of width asks for a layout of the footer)."""
        resized = (key.key_display, key.description) != (shown.display, shown.description)
        key.key, key.key_display, key.description = shown.key, shown.display, shown.description
        key.action = shown.action
        key._disabled = not shown.enabled
        key.set_class(not shown.enabled, "-disabled")
        key.tooltip = shown.tooltip or None
        key.display = True
        key.refresh(layout=resized)

    def _on_mount(self, event: events.Mount) -> None:
        # at once, not after the frame: the keys change in the frame of the change
        # (Textual's own handler, which would subscribe a second, deferred time, is skipped)
        event.prevent_default()
        self.screen.bindings_updated_signal.subscribe(self, self.bindings_changed, immediate=True)

    def bindings_changed(self, screen: Screen[object]) -> None:
        self._bindings_ready = True
        if not screen.app.app_focus or not self.is_attached or screen is not self.screen:
            return
        wanted = self.wanted()
        if wanted is not None and wanted == self._drawn:
            return
        if wanted is not None and self._drawn is not None and self._patch(wanted):
            return
        # in the footer's own context (data binding needs it), after what is queued
        self.call_next(self.recompose)

    def _patch(self, wanted: tuple[Shown, ...]) -> bool:
        """Show ``wanted`` with the key widgets there are; False when they are too few."""
        keys = [key for key in self.query_children(FooterKey)
                if not key.has_class("-command-palette")]
        if len(keys) < len(wanted):
            return False
        assert self._drawn is not None
        for index, key in enumerate(keys):
            if index >= len(wanted):
                key.display = False
            elif index >= len(self._drawn) or self._drawn[index] != wanted[index]:
                self._set(key, wanted[index])
        self._drawn = wanted
        return True

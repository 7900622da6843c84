"""Every use of Textual's and Rich's private members, in one place, each with its reason.

Textual and Rich promise nothing about a name that starts with ``_``: an upgrade may rename or
drop it without a word. The widgets reach the few that the speed targets need (a key press drawn
in one frame, a row repainted alone) only through this module, so that an upgrade breaks here,
where ``tests/tui/test_private_api.py`` checks every member below against the installed Textual
(the CI's floors run it against the lowest allowed one too), and nowhere else.

Three kinds of entries:

- functions that read or call a private member, one line of reason each;
- mixins that override a private method Textual calls on a widget or app, each forwarding to a
  public hook of ours (``layout_on_resize``, ``lines_current``, ``option_strips``,
  ``error_is_harmless``), so a widget says what it wants without overriding anything private;
- classes built on a private one or on its internals (``BorderTitle``, ``SafeSelect``,
  ``SessionDriver``), whole.

``PRIVATE`` lists every member used here, with its owner and reason (docs/speed.md has the
table); a test fails when one of them is used anywhere else in the package.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple

from textual import events
from textual._xterm_parser import XTermParser
from textual.app import App, ComposeResult
from textual.driver import Driver
from textual.geometry import Region
from textual.message import Message
from textual.message_pump import MessagePump
from textual.widget import Widget, _BorderTitle
from textual.widgets import DataTable, OptionList, Select, Static
from textual.widgets._select import SelectCurrent, SelectOverlay
from textual.widgets.option_list import Option

if TYPE_CHECKING:
    import asyncio

    from textual.cache import LRUCache
    from textual.geometry import Size, Spacing
    from textual.strip import Strip
    from textual.style import Style as VisualStyle
    from textual.visual import VisualType

    # The mixins are only ever mixed into Widgets (before the Widget class in the bases): mypy
    # checks them as the class they hook into, so that their ``super()`` calls are checked too.
    WidgetMixin = Widget
    OptionListMixin = OptionList
    AppMixin = App
else:
    WidgetMixin = object
    OptionListMixin = object
    AppMixin = object


class Private(NamedTuple):
    """One private member this module uses: where Textual or Rich defines it, and why."""

    owner: str
    name: str
    why: str


#: Every private member used here (the test checks each still exists on the installed Textual).
PRIVATE: tuple[Private, ...] = (
    Private("textual.widget._BorderTitle", "", "a border title that repaints its own row only"),
    Private("textual.widget._BorderTitle", "_internal_name",
            "where Widget keeps the title it draws (SteadyTitle stores it as Textual would)"),
    Private("textual.message_pump.MessagePump", "_closing", "no refresh for a closing widget"),
    Private("textual.widget.Widget", "_check_refresh",
            "post a widget's repaint now, inside the key's handler, not at its next idle"),
    Private("textual.widget.Widget", "_size_updated",
            "the one place a layout tells a widget its size: a leaf's resize needs no "
            "second layout"),
    Private("textual.widget.Widget", "_scroll_update",
            "the game log's scroll range without the layout a virtual_size change asks for"),
    Private("textual.widget.Widget", "_on_key", "whether a widget class handles keys itself"),
    Private("textual.message_pump.MessagePump", "_decorated_handlers",
            "whether a widget class has an @on(Key) handler"),
    Private("textual.message_pump.MessagePump", "_parent", "a key passed straight to the parent"),
    Private("textual.message_pump.MessagePump", "_closed", "as post_message: none to a closed one"),
    Private("textual.message_pump.MessagePump", "_get_prevented_messages",
            "a key passed on carries its prevented messages, as post_message adds them"),
    Private("textual.message.Message", "_stop_propagation", "a stopped key goes no further"),
    Private("textual.message.Message", "_prevent", "as post_message: the prevented messages"),
    Private("textual.message.Message", "_sender", "a key sent by the parent stops there"),
    Private("textual.message.Message", "_bubble_to", "the key's next stop, without a queue"),
    Private("textual.widgets.Static", "_Static__content",
            "Static.update without building its visual now (rows are drawn from our own)"),
    Private("textual.widgets.Static", "_Static__visual", "(the same)"),
    Private("textual.widgets.OptionList", "_update_lines",
            "OptionList works its lines out for every row drawn: skipped while current"),
    Private("textual.widgets.OptionList", "_lines", "how many rows the option list takes"),
    Private("textual.widgets.OptionList", "_index_to_line", "the rows of a highlighted option"),
    Private("textual.widgets.OptionList", "_heights", "(the same)"),
    Private("textual.widgets.OptionList", "_get_option_render",
            "an option's row drawn once per look and place, not once per list"),
    Private("textual.widgets.OptionList", "_option_render_cache", "(the same: its own cache)"),
    Private("textual.widgets.DataTable", "_get_row_region",
            "where a table's cursor row is, for the terminal's cursor (braille displays)"),
    Private("textual.widgets.DataTable", "_get_cell_region", "(the same, a cell cursor)"),
    Private("textual.widgets.OptionList", "_get_left_gutter_width",
            "the width an option's prompt is drawn in"),
    Private("textual.widgets._select.SelectOverlay", "",
            "Select's drop-down, made safe from an early page key (no public class)"),
    Private("textual.widgets._select.SelectCurrent", "", "(the same: Select composes both)"),
    Private("textual.widgets.OptionList", "_move_page", "the page key that crashed (KeyError)"),
    Private("textual.widgets.OptionList", "_line_cache", "whether the rows are known yet"),
    Private("textual.widgets.Select", "_type_to_search", "passed on to the drop-down"),
    Private("textual._xterm_parser.XTermParser", "",
            "the terminal input parser of Textual's own drivers, for the SSH driver"),
    Private("textual.driver.Driver", "_app", "the app a driver was made for"),
    Private("textual.driver.Driver", "_loop", "the loop a driver was made on"),
    Private("textual.message_pump.MessagePump", "_message_queue",
            "how far an app is behind its input (the SSH driver holds keys back)"),
    Private("textual.app.App", "_driver", "an OSC sequence written straight to the terminal"),
    Private("textual.app.App", "_filters", "a session's colour filters (monochrome or not)"),
    Private("textual.app.App", "_refresh_truecolor_filter",
            "the theme chosen before the first frame: its truecolor filter now"),
    Private("textual.app.App", "_handle_exception",
            "a gone client's leftover errors are no crash"),
    Private("textual.app.App", "_exit", "whether the app is exiting"),
    Private("textual._context", "active_app", "the app a lobby callback runs in"),
)


# -- border titles -------------------------------------------------------------------------------
#: Textual's descriptor for ``border_title``/``border_subtitle`` (SteadyTitle refines it).
BorderTitle = _BorderTitle


def title_slot(title: _BorderTitle) -> str:
    """The attribute Widget draws a border title from (set as Textual's own setter would)."""
    return title._internal_name


# -- a repaint in the key's frame ----------------------------------------------------------------
def refresh_now(widget: Widget) -> None:
    """Post ``widget``'s pending repaint (or layout) to its screen now, what its next idle would
    do: everything one key changed is then drawn in that key's frame."""
    if widget.is_mounted and not widget._closing:
        widget._check_refresh()


# -- sizes during a layout -----------------------------------------------------------------------
class SizeUpdates(WidgetMixin):
    """Textual tells a widget its new size in a layout through ``Widget._size_updated`` (no
    public hook): this forwards it to :meth:`layout_on_resize`."""

    def layout_on_resize(self, size: Size, container_size: Size, layout: bool) -> bool | None:
        """Whether a new size during a layout lays the screen out again (Textual's ``layout``
        flag, passed on as it comes by default); ``None``: the widget takes no notice at all."""
        return layout

    def _size_updated(
        self, size: Size, virtual_size: Size, container_size: Size, layout: bool = True
    ) -> bool:
        wanted = self.layout_on_resize(size, container_size, layout)
        if wanted is None:
            return False
        return super()._size_updated(size, virtual_size, container_size, layout=wanted)


def update_scroll_range(widget: Widget, virtual_size: Size) -> None:
    """A scroll view's scrollbars and scroll range for ``virtual_size`` (set without its
    reactive's layout), as Textual updates them in a layout."""
    widget._scroll_update(virtual_size)


# -- keys passed on ------------------------------------------------------------------------------
def handles_keys(cls: type) -> bool:
    """Whether a widget class handles Key events itself (an ``on_key``/``_on_key`` of its own,
    an ``@on(Key)`` handler, or ``key_...`` methods); its bindings do not count, the App reads
    those from the DOM whatever the event's path."""
    return (getattr(cls, "_on_key", None) is not Widget._on_key
            or hasattr(cls, "on_key")
            or any(events.Key in vars(base).get("_decorated_handlers", {})
                   for base in cls.__mro__)
            or any(name.startswith("key_") for name in dir(cls)))


def bubble_on_now(node: Widget, message: Message) -> bool:
    """Pass a forwarded key that ``node`` would only pass on straight to its parent, as
    ``MessagePump._on_message`` would after the node's (absent) handlers ran; ``False`` when it
    cannot (no parent, stopped, closing, disabled): then post it as usual."""
    parent = node._parent
    if (parent is None or message._stop_propagation or node._closing or node._closed
            or not node.check_message_enabled(message)
            or not node.is_parent_active or not node.is_attached):
        return False
    message._prevent.update(node._get_prevented_messages())
    if message._sender is not None and message._sender == parent:
        message.stop()  # as Textual: the parent sent it, so it stops there
    message._bubble_to(parent)
    return True


# -- Static's content ----------------------------------------------------------------------------
def hold_content(static: Static, content: VisualType) -> None:
    """``Static.update`` without building Textual's visual of ``content`` now (``visual``
    builds it when something asks: a measure, Textual's own rendering)."""
    setattr(static, "_Static__content", content)  # noqa: B010 (name-mangled)
    setattr(static, "_Static__visual", None)  # noqa: B010


# -- OptionList ----------------------------------------------------------------------------------
class OptionListLines(OptionListMixin):
    """OptionList works out its lines (``_update_lines``: the content region, twice) for every
    row it draws and every look at its lines, and draws every option of a new list again
    (``_get_option_render``): these forward to :meth:`lines_current` and
    :meth:`option_strips`."""

    def lines_current(self) -> bool:
        """Whether the list's lines are known to be current (their work is skipped then)."""
        return False

    def update_lines(self) -> None:
        """Work the list's lines out now unless they are current."""
        if not self.lines_current():
            super()._update_lines()

    def _update_lines(self) -> None:
        self.update_lines()

    def option_strips(self, option: Option, style: VisualStyle) -> list[Strip]:
        """An option's rows in ``style``; by default OptionList's own (:meth:`draw_option`)."""
        return self.draw_option(option, style)

    def draw_option(self, option: Option, style: VisualStyle) -> list[Strip]:
        """OptionList's own drawing of ``option`` (kept in its cache)."""
        return super()._get_option_render(option, style)

    def _get_option_render(self, option: Option, style: VisualStyle) -> list[Strip]:
        return self.option_strips(option, style)


def option_render_cache(
    menu: OptionList,
) -> LRUCache[tuple[Option, VisualStyle, Spacing], list[Strip]]:
    """OptionList's own cache of drawn options, by (option, style, padding)."""
    return menu._option_render_cache


def option_line_count(menu: OptionList) -> int:
    """How many rows the options take (an option may take more than one)."""
    return len(menu._lines)


def option_rows(menu: OptionList, index: int | None) -> range:
    """The rows option ``index`` takes in the list (none when it is not laid out)."""
    if index is None or index not in menu._index_to_line:
        return range(0)
    first = menu._index_to_line[index]
    return range(first, first + menu._heights[index])


def table_cursor_region(table: DataTable[Any]) -> Region:
    """The region of a table's cursor (its row, or its cell), in the table's own lines."""
    coordinate = table.cursor_coordinate
    if table.cursor_type == "row":
        return table._get_row_region(coordinate.row)
    return table._get_cell_region(coordinate)


def option_gutter(menu: OptionList) -> int:
    """The cells left of an option's prompt (its highlight gutter)."""
    return menu._get_left_gutter_width()


# -- Select --------------------------------------------------------------------------------------
class PagingOverlay(SelectOverlay):
    """Textual's Select drop-down, safe from a page key pressed before it is first drawn.

    Opening a Select (Enter, Space, Up or Down) shows and focuses its overlay at once, but the
    overlay learns where its rows are only when the screen is next laid out (the screen's update
    timer, late on a loaded machine). A PageUp or PageDown that reaches it before then looked
    the highlighted option up in the still-empty row table and crashed the app with
    ``KeyError: 0`` (Textual 8's ``OptionList._move_page``): a fast typist's Enter, PageDown
    did it. Until the rows are known a page is taken as :data:`PAGE_ROWS` options.
    """

    #: Options in a page before the overlay is laid out (it shows at most 10 rows).
    PAGE_ROWS = 10

    def _move_page(self, direction: Any) -> None:
        self._update_lines()
        highlighted = self.highlighted or 0
        if self.options and highlighted not in self._line_cache.index_to_line:
            last = len(self.options) - 1
            self.highlighted = max(0, min(last, highlighted + direction * self.PAGE_ROWS))
            return
        super()._move_page(direction)


class SafeSelect(Select[Any]):
    """A Select whose drop-down is a :class:`PagingOverlay` (the rest is Textual's own)."""

    def compose(self) -> ComposeResult:
        yield SelectCurrent(self.prompt)
        yield PagingOverlay(type_to_search=self._type_to_search).data_bind(
            compact=Select.compact
        )


# -- drivers and apps ----------------------------------------------------------------------------
def input_parser() -> XTermParser:
    """A parser of a terminal's input into Textual's events, as Textual's own drivers use."""
    return XTermParser()


class SessionDriver(Driver):
    """Textual's Driver with the app and the loop it was made for under public names."""

    @property
    def app(self) -> App[Any]:
        return self._app

    @property
    def loop(self) -> asyncio.AbstractEventLoop:
        return self._loop


def queued_messages(pump: MessagePump) -> int | None:
    """How many messages wait in ``pump``'s queue (``None``: it has none yet)."""
    queue = getattr(pump, "_message_queue", None)
    return None if queue is None else queue.qsize()


def app_driver(app: App[Any]) -> Driver | None:
    """The driver an app writes the terminal through (``None`` before it runs)."""
    return app._driver


def app_filters(app: App[Any]) -> list[Any]:
    """The line filters an app applies to every frame (colour depth, monochrome)."""
    return app._filters


def set_app_filters(app: App[Any], filters: list[Any]) -> None:
    app._filters = filters


def refresh_truecolor_filter(app: App[Any]) -> None:
    """The truecolor filter of the app's ANSI theme, after the theme was set without its
    watcher."""
    app._refresh_truecolor_filter(app.ansi_theme)


def app_exiting(app: App[Any]) -> bool:
    """Whether ``app.exit`` was called."""
    return bool(getattr(app, "_exit", False))


class ExceptionHook(AppMixin):
    """An app that may let an error pass: :meth:`error_is_harmless` is asked first."""

    def error_is_harmless(self, error: Exception) -> bool:
        return False

    def _handle_exception(self, error: Exception) -> None:
        if not self.error_is_harmless(error):
            super()._handle_exception(error)


def active_app() -> App[Any] | None:
    """The app the running code belongs to (Textual's context variable), if any."""
    from textual._context import active_app as current

    return current.get(None)

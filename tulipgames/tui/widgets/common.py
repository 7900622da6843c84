"""Shared widgets: they render what they are given and post messages; they decide no rule."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

from rich import box
from rich.cells import cell_len
from rich.console import RenderableType
from rich.panel import Panel
from rich.segment import Segment
from rich.text import Text
from textual import events, on
from textual.containers import Horizontal, Vertical
from textual.content import Content, ContentType
from textual.css.scalar import Unit
from textual.geometry import Region, Size
from textual.screen import Screen
from textual.scroll_view import ScrollView
from textual.strip import Strip
from textual.style import Style as TextualStyle
from textual.visual import Visual, VisualType, visualize
from textual.widget import Widget
from textual.widgets import Static

from tulipgames.i18n import _
from tulipgames.tui import textual_private as private

#: Keys that scroll the log while it has the focus; every other key leaves it.
SCROLL_KEYS = frozenset({"up", "down", "pageup", "pagedown", "home", "end"})


#: Control characters (C0 but newline and tab, DEL, C1) drawn as visible pictures: an ESC in a
#: name from a record or a login must never reach the terminal as an escape sequence (Rich
#: passes ESC through as it is).
_CONTROLS = {
    **{code: 0x2400 + code for code in range(0x20) if chr(code) not in "\n\t"},
    0x7F: 0x2421,
    **{code: 0xFFFD for code in range(0x80, 0xA0)},
}


def printable(text: str) -> str:
    """``text`` with every control character replaced by a visible sign (ESC becomes ␛)."""
    return text.translate(_CONTROLS)


def plain(text: str, style: str = "") -> Text:
    """Text from a player, a record or the network, shown as it is: never markup, and never
    a control sequence."""
    return Text(printable(text), style=style)


def fit(text: str, width: int, style: str = "") -> Text:
    """``text`` in exactly ``width`` terminal cells: cut with an ellipsis or padded. A CJK
    character or an emoji takes two cells, a zero-width joiner none (Rich's ``cell_len``)."""
    part = Text(printable(text), style=style, no_wrap=True)
    part.truncate(width, overflow="ellipsis", pad=True)
    return part


def fit_words(text: Text | str, width: int, pad: bool = True) -> Text:
    """``text`` in at most ``width`` cells (exactly, with ``pad``), cut where it must be after
    its last whole word with an ellipsis: a number is shown whole or not at all ("played
    B → GG ×3; returned …", never "down to 1"). A single word wider than ``width`` is cut
    as :func:`fit` cuts."""
    line = Text(printable(text)) if isinstance(text, str) else text.copy()
    line.no_wrap = True
    if line.cell_len > width:
        plain = line.plain
        cuts = [index for index, char in enumerate(plain) if char == " "]
        cut = max([index for index in cuts if cell_len(plain[:index].rstrip()) + 2 <= width],
                  default=None)
        if cut is not None:
            line = line[:cut]
            line.rstrip()
            line.append(" …")
    line.truncate(width, overflow="ellipsis", pad=pad)
    return line


def name_and_level(name: str, level: str | None, width: int, style: str = "") -> Text:
    """A seat's name in exactly ``width`` cells with, for a bot, its level beside it, dim:
    "Bot 2 hard", or its first letter ("Bot 2 h") where the cell is short. The name is cut
    with "…" before the level is; a human's ``level`` is ``None``."""
    if not level:
        return fit(name, width, style)
    level = _(level)  # a level's name is a message id (the game's own, or "random")
    tag = f" {level}" if cell_len(printable(name)) + 1 + len(level) <= width else f" {level[0]}"
    if width - len(tag) < 3:
        return fit(name, width, style)
    cell = fit(name, width - len(tag), style)
    cell.rstrip()
    cell.append(tag, style="dim")
    cell.truncate(width, pad=True)
    return cell


def text_rows(content: object) -> list[Text] | None:
    """The lines of a Rich ``Text`` (``None`` for any other content)."""
    if not isinstance(content, Text):
        return None
    return list(content.split("\n", allow_blank=True))


def changed_rows(old: Sequence[Text], new: Sequence[Text]) -> list[int]:
    """The rows whose text or styles differ between two drawings of the same height."""
    return [row for row, (before, after) in enumerate(zip(old, new, strict=True))
            if before != after or before.style != after.style]


def row_regions(rows: Sequence[int], width: int) -> list[Region]:
    """One region per row, as wide as the widget (``refresh`` repaints only these)."""
    return [Region(0, row, width, 1) for row in rows]


class SteadyTitle(private.BorderTitle):
    """A border title (or, named ``border_subtitle``, subtitle) that repaints only its own
    border row, and only when it changes: Textual's repaints the whole widget on every
    assignment, however little changed (a step number in a panel's title, the menu's scroll
    hint), and renders the title again to compare it."""

    def __set_name__(self, owner: Widget, name: str) -> None:
        super().__set_name__(owner, name)
        #: Where the value given last is kept: the same value again is a no-op at once.
        self._given_name = f"_{name}_given"
        self._bottom = name == "border_subtitle"

    def __set__(self, obj: Widget, title: Text | ContentType | None) -> None:
        given = row_key(title) if isinstance(title, Text) else title
        if given == getattr(obj, self._given_name, _UNSET):
            return
        setattr(obj, self._given_name, given)
        before = getattr(obj, private.title_slot(self), None)
        if title is None:
            after = None
        else:  # as Textual stores it: the first line, tabs expanded
            content = Content.from_rich_text(title) if isinstance(title, Text) else title
            after = obj.render_str(content).expand_tabs(4).split()[0]
        setattr(obj, private.title_slot(self), after)
        if _markup(after) == _markup(before):  # no title and an empty one look the same
            return
        if not obj.size:
            obj.refresh()
            return
        # a region is relative to the content: the border row is outside it
        width, height = obj.outer_size
        x, y = obj.content_offset
        row = height - 1 if self._bottom else 0
        obj.refresh(Region(-x, row - y, width, 1))


#: No value given yet (``None`` is a title: no title).
_UNSET = object()


def _markup(title: Content | None) -> str:
    return "" if title is None else title.markup


def out_of_sight(widget: Widget, rows: int, earlier: str, later: str) -> str:
    """How many of a scrolling widget's ``rows`` are above and below the ones in sight, in
    words for its border (``↑ 12 earlier · ↓ 3 later``); "" when all of them are in sight.
    For a widget without a scrollbar: its height is the rows in sight."""
    if not widget.size:
        return ""
    above = round(widget.scroll_y)
    below = rows - above - widget.size.height
    return " · ".join(f"{arrow} {count} {word}" for arrow, count, word
                      in (("↑", above, earlier), ("↓", below, later)) if count > 0)


def post_now(widget: Widget) -> None:
    """Tell the screen at once that ``widget`` needs repainting (or a layout).

    Textual leaves that to the widget's next idle moment; when the screen's frame comes first
    (a loaded machine, a dozen widgets changed by one key), the widget is drawn in a frame of
    its own after it. Posted now, from inside the key's handler, it is in the screen's queue
    before the screen can draw, so everything one key changed is in one frame.
    """
    private.refresh_now(widget)


if TYPE_CHECKING:
    # The mixins below are only ever mixed into Widgets (before the Widget class in the bases):
    # mypy checks them as Widgets, so that their ``super()`` calls and reads are checked too.
    WidgetMixin = Widget
else:
    WidgetMixin = object


class FocusDrawnAtOnce(WidgetMixin):
    """A widget the screen gives the focus to inside a key's handler (:func:`focus_now`)
    shows its ``:focus`` styles in that key's frame; the Focus and Blur events that follow do
    not repaint it again in a frame of their own (Textual repaints on both)."""

    # Textual calls the handlers of every class up the line; prevent_default skips Widget's.
    @on(events.Focus)
    def focus_drawn(self, event: events.Focus) -> None:
        widget = self
        if widget.has_focus:
            event.prevent_default()
            if widget.parent is not None:
                widget.parent.post_message(events.DescendantFocus(widget))

    @on(events.Blur)
    def blur_drawn(self, event: events.Blur) -> None:
        widget = self
        if not widget.has_focus:
            event.prevent_default()
            if widget.parent is not None:
                widget.parent.post_message(events.DescendantBlur(widget))


def displayed(widget: Widget) -> bool:
    """Whether ``widget`` and every container around it are displayed."""
    return widget.display and all(
        node.display for node in widget.ancestors if isinstance(node, Widget)
    )


def focus_now(screen: Screen[Any], widget: Widget | None) -> None:
    """Move the focus to ``widget`` and restyle both widgets now, so that the change of focus
    is drawn in the frame of the key that caused it (Textual restyles them when the Focus and
    Blur events arrive, after that frame).

    A widget losing the focus while it is hidden (the step that hid it moves the focus on) is
    restyled just after that frame instead: nothing of it is drawn in it, and a restyle of a
    panel and its rows costs a millisecond or two."""
    before = screen.focused
    if before is widget:
        return
    screen.set_focus(widget, scroll_visible=False)
    if before is not None:
        if displayed(before):
            before.has_focus = False
        else:
            before.set_reactive(Widget.has_focus, False)
            before.call_after_refresh(before.update_node_styles)
    if widget is not None and screen.focused is widget:
        widget.has_focus = True


class Steady(private.SizeUpdates, FocusDrawnAtOnce):
    """For a widget with no children to lay out (or a container that does not scroll): a change
    of its size during a layout does not ask for another layout, and setting its border title or
    subtitle to what it shows already does nothing.

    Textual sets a resized widget's ``virtual_size``, a reactive that lays the screen out again
    and so draws a second frame after the first; a widget whose content decides nothing of the
    layout around it (no children, no scrolling) needs neither.
    """

    border_title = SteadyTitle()
    border_subtitle = SteadyTitle()

    def refresh(self, *regions: Region, repaint: bool = True, layout: bool = False,
                recompose: bool = False) -> Any:
        widget = super().refresh(
            *regions, repaint=repaint, layout=layout, recompose=recompose
        )
        post_now(self)
        return widget

    def layout_on_resize(self, size: Size, container_size: Size, layout: bool) -> bool | None:
        # a leaf's own scrolling is updated by Textual either way; a container that scrolls
        # needs the second layout for its children
        styles = self.styles
        leaf = not self.children
        steady = leaf or (styles.overflow_x == "hidden" and styles.overflow_y == "hidden")
        return layout and not steady


class PassesKeysOn(WidgetMixin):
    """A container that reads no keys passes a key bubbling up from the focused widget
    straight on to its parent, without a turn through its own message queue.

    A game key travels from the focused widget through every container around it to the App,
    which then runs the binding; each container is a queue and a task switch on the way (about
    a tenth of a millisecond each, three to four on a game screen). A container with no key
    handler of its own (see :func:`~tulipgames.tui.textual_private.handles_keys`) would only
    pass the key on from its queue; it does so at once, in order with the key's journey.
    Textual does the same in ``MessagePump._on_message`` after the (absent) handlers ran.
    """

    _keys_read: dict[type, bool] = {}

    def post_message(self, message: Any) -> bool:
        if isinstance(message, events.Key) and message.is_forwarded:
            cls = type(self)
            reads = PassesKeysOn._keys_read.get(cls)
            if reads is None:
                reads = PassesKeysOn._keys_read[cls] = private.handles_keys(cls)
            if not reads and private.bubble_on_now(self, message):
                return True
        return super().post_message(message)


class Rows(PassesKeysOn, Steady, Vertical):
    """A ``Vertical`` that does not lay the screen out a second time when it is resized (see
    :class:`Steady`; it must not scroll), and passes keys on at once (:class:`PassesKeysOn`)."""


class Columns(PassesKeysOn, Steady, Horizontal):
    """A ``Horizontal`` that does not lay the screen out a second time when it is resized, and
    passes keys on at once."""


#: Rows a row-rendered widget keeps rendered for when they come back (then forgets them all).
ROW_CACHE = 256


def row_key(row: Text) -> tuple[object, ...]:
    """What a row's rendering depends on in its text: its characters, styles and spans."""
    return (row.plain, row.style, tuple(row.spans))


class RendersByRow(WidgetMixin):
    """Textual renders a widget's whole content again after any refresh, every row through
    Rich and its own content styles, even when one row changed; a widget that knows its rows
    (:meth:`rows_now`) renders again only the rows whose text changed since it last rendered,
    and a row it drew before at the same place (a marker that moves back, the footer's keys of
    an earlier step) is taken from the rows it keeps. Anything out of the ordinary (a row wider
    than the widget, more rows than it has, a text selection, another content alignment) is
    left to Textual."""

    _rendered: tuple[object, list[tuple[Text, Strip]]] = (None, [])
    _kept: dict[tuple[object, ...], Strip] | None = None
    #: The rows drawn last (``None``: Textual draws them), with the rows (this very list) and
    #: what else they were drawn from; Textual asks for them one by one (:meth:`render_line`).
    _row_strips: tuple[object, object, list[Strip] | None] = (None, None, None)

    def rows_now(self) -> list[Text] | None:
        """The rows on screen now, one ``Text`` each (``None``: let Textual render)."""
        raise NotImplementedError

    def render_lines(self, crop: Region) -> list[Strip]:
        # the rows are brought up to date once per drawing (Textual's line API then asks for
        # the rows it repaints, one by one), and only when they changed since the last one
        widget = self
        rows = self.rows_now()
        drawn_from = (widget.size, widget.visual_style, widget.text_selection is None)
        last_rows, last_from, _strips = self._row_strips
        if rows is None or rows is not last_rows or drawn_from != last_from:
            self._row_strips = (rows, drawn_from, self._draw_rows(rows))
        return super().render_lines(crop)

    def render_line(self, y: int) -> Strip:
        strips = self._row_strips[2]
        if strips is None:
            return super().render_line(y)
        return strips[y] if 0 <= y < len(strips) else _NO_STRIP

    def _draw_rows(self, rows: list[Text] | None) -> list[Strip] | None:
        """The widget's rows, as many as it is high, each drawn again only when its text
        changed; ``None`` for what Textual draws itself."""
        widget = self
        width, height = widget.size
        if (rows is None or len(rows) > height or widget.text_selection is not None
                or widget.styles.content_align != ("left", "top")
                or any(row.cell_len > width for row in rows)):
            self._rendered = (None, [])
            return None
        style = widget.visual_style
        # what every row's rendering depends on beside its own text (the focus changes style)
        first = rows[0] if rows else Text()
        mode = (width, style, first.justify, first.overflow, first.no_wrap)
        last = self._rendered[1] if self._rendered[0] == mode else []
        changed = {y for y, row in enumerate(rows)
                   if y >= len(last) or last[y][0] != row or last[y][0].style != row.style}
        kept = self._kept if self._kept is not None and len(self._kept) < ROW_CACHE else {}
        self._kept = kept
        keys = {y: (mode, y, row_key(rows[y])) for y in changed}
        found = {y: kept[key] for y, key in keys.items() if key in kept}
        fresh = self._render_rows(rows, changed - found.keys(), width, style)
        for y in changed - found.keys():
            kept[keys[y]] = fresh[y]
        found.update((y, fresh[y]) for y in changed - found.keys())
        rendered = [(row, found[y] if y in changed else last[y][1]) for y, row in enumerate(rows)]
        self._rendered = (mode, rendered)
        strips = [strip for _row, strip in rendered]
        # below the content, Textual's own blank line (an empty last row is no content line)
        if len(rows) > 1 and not rows[-1].plain:
            strips.pop()
        strips += [Strip.blank(width, style.rich_style)] * (height - len(strips))
        return strips

    def _render_rows(self, rows: list[Text], changed: set[int], width: int,
                     style: Any) -> list[Strip]:
        """The ``changed`` rows as Textual renders them in the whole text, in one pass over a
        text where the other rows are left empty: each cell carries its row and column in the
        widget (text selection and clicks read them), so a row is rendered where it stands."""
        if not changed:
            return []
        widget = self
        app = widget.app
        strips: dict[int, Strip] = {}
        styles = _STYLES.get((style, app.ansi_theme))
        if styles is None or len(styles) > STYLE_CACHE:
            if len(_STYLES) > STYLE_CACHE:
                _STYLES.clear()
            styles = _STYLES[(style, app.ansi_theme)] = {}
        for y in changed:
            strip = _row_strip(rows[y], y, style, styles, app)
            if strip is not None:
                strips[y] = strip
        rest = changed - strips.keys()
        if not rest:
            return [strips.get(y, _NO_STRIP) for y in range(max(changed) + 1)]
        first = rows[0]
        text = Text("\n").join(rows[y] if y in rest else Text() for y in range(max(rest) + 1))
        text.justify, text.overflow, text.no_wrap, text.end = (
            first.justify, first.overflow, first.no_wrap, "")
        drawn = Visual.to_strips(self, visualize(self, text), width, max(rest) + 1, style)
        strips.update((y, drawn[y]) for y in rest)
        return [strips.get(y, _NO_STRIP) for y in range(max(changed) + 1)]


#: Per widget style and ANSI theme: a span's Rich style -> the Textual style a cell of it gets.
_STYLES: dict[tuple[object, object], dict[object, Any]] = {}
#: Span styles (alone and at a place) kept per widget style before its table starts afresh.
STYLE_CACHE = 4096
_NO_STRIP = Strip([])


def _row_strip(row: Text, y: int, base: Any, styles: dict[object, Any],
               app: Any) -> Strip | None:
    """Row ``y`` of a widget as Textual draws it (the same segments, styles and cell offsets),
    from Rich's own split of the row into styled segments, with each distinct span style
    converted to Textual's once (and once per place it is drawn at): Textual's way (a Content
    made of the Text, its spans' styles converted and added up per cell) takes two to three
    times as long for every changed row.

    ``None`` for a row this does not cover: a whole-row style that is no plain string or names
    a component class, a tab, a span with a link or meta (Textual's own rendering draws it)."""
    whole = row.style
    if (not isinstance(whole, str) or whole.startswith(".") or (whole and not row.plain)
            or "\t" in row.plain):
        return None
    if any(not isinstance(span.style, str) and (span.style.link or span.style.meta)
           for span in row.spans):
        return None
    if whole:
        # Textual reads a whole row's style as its own (CSS) style, under the spans, where
        # Rich would add it to every span: the spans alone go to Rich
        under = styles.get(whole)
        if under is None:
            under = styles[whole] = base + TextualStyle.parse(whole)
        row = Text(row.plain, spans=row.spans)
    else:
        under = base
    segments: list[Segment] = []
    x = 0
    from_rich = TextualStyle.from_rich_style
    for text, rich, _control in row.render(app.console, end=""):
        # the cell's style with its offset, as drawn before at this place (rows keep their
        # columns from one drawing to the next), else worked out once
        placed = styles.get((whole, rich, x, y))
        if placed is None:
            if not rich:
                cell = under
            elif (cell := styles.get((whole, rich))) is None:
                cell = styles[(whole, rich)] = under + from_rich(rich, app.ansi_theme)
            placed = styles[(whole, rich, x, y)] = cell.rich_style_with_offset(x, y)
        segments.append(Segment(text, placed))
        x += len(text)
    if not segments:  # an empty row: Textual draws one empty segment in the widget's style
        segments.append(Segment("", under.rich_style_with_offset(0, y)))
    return Strip(segments)


class PatchStatic(RendersByRow, Steady, Static):
    """A ``Static`` that sends the terminal only what changed.

    :meth:`update` with the very text on screen does nothing; with a text of as many lines (and,
    for a widget sized by its content, as wide) it repaints only the lines that differ, without
    a layout; anything else is a plain ``Static.update``. Rich ``Text`` only: other content is
    always updated in full. Lines must not wrap (a wrapped line would shift the rows below).
    """

    def __init__(self, content: VisualType = "", **kwargs: object) -> None:
        # Static's own keywords (id, classes, expand...) pass through as the caller gave them;
        # spelled out here they would have to follow each Textual release's list
        super().__init__(content, **kwargs)  # type: ignore[arg-type]
        self._rows: list[Text] | None = text_rows(content)
        self._patch: list[int] | None = None

    #: Wrap long lines into rows here, before comparing, so that a change to one of them
    #: repaints the rows that changed (a line Textual wraps repaints the whole widget).
    wrap_rows = False

    def update(self, content: VisualType = "", *, layout: bool = True) -> None:
        if self.wrap_rows and isinstance(content, Text):
            content = self.wrapped(content)
        if isinstance(self, KeepsHeight) and isinstance(content, Text):
            content = self.padded(content)
        new = text_rows(content)
        old, self._rows = self._rows, new
        if old is not None and new is not None and self.is_mounted and self._fits(old, new):
            rows = changed_rows(old, new)
            if not rows:
                return
            self._patch = rows
            self._hold(content)
            self.refresh()
            return
        if layout and self.is_mounted and self.size and not self._auto_width():
            # wrapped or resized lines: the whole widget is repainted, but the screen is laid
            # out again only when the content takes another number of rows and the widget's
            # height follows its content
            before = self._height()
            super().update(content, layout=False)
            if self._height() != before and not self._fixed_height():
                self.refresh(layout=True)
            return
        super().update(content, layout=layout)

    def _hold(self, content: VisualType) -> None:
        """``Static.update`` without building Textual's visual of the content now: the rows
        are rendered from :meth:`rows_now`, and ``Static.visual`` builds it when something
        else asks (a measure, Textual's own rendering)."""
        private.hold_content(self, content)

    def wrapped(self, text: Text) -> Text:
        """``text`` with each line wider than the widget folded at word boundaries into rows
        that fit (as Textual would wrap it), so every row of the drawing is a row on screen."""
        width = self.content_size.width if self.is_mounted else 0
        if width <= 0 or all(line.cell_len <= width for line in text.split("\n")):
            return text
        rows = text.wrap(self.app.console, width, justify="default", overflow="fold")
        for row in rows:
            row.rstrip()  # as Textual draws a wrapped line: no trailing blank
        return Text("\n", end=text.end, no_wrap=text.no_wrap).join(rows)

    def rows_now(self) -> list[Text] | None:
        content = self.content
        if not isinstance(content, Text) or content.justify not in (None, "default", "left"):
            return None
        return self._rows

    def _auto_width(self) -> bool:
        """Whether the widget is as wide as its content (its width is then content too)."""
        width = self.styles.width
        return width is not None and width.is_auto

    def _fixed_height(self) -> bool:
        """Whether the CSS gives the widget a number of rows (its content cannot change it)."""
        height = self.styles.height
        return height is not None and height.unit == Unit.CELLS

    def _height(self) -> int:
        """The rows the content takes at the widget's width (what a layout would give it)."""
        # Textual's own measure, cached per width until the next repaint: free for the text
        # on screen, and the new text's is the one a layout would compute anyway
        return self.get_content_height(Size(0, 0), Size(0, 0), self.content_size.width)

    def _fits(self, old: list[Text], new: list[Text]) -> bool:
        """Whether ``new`` takes exactly the rows ``old`` took, so that a row repaint will do."""
        if len(old) != len(new) or not isinstance(self.content, Text):
            return False
        if self.content.justify not in (None, "default", "left"):
            return False
        width = self.content_size.width
        widest_old = max((line.cell_len for line in old), default=0)
        widest_new = max((line.cell_len for line in new), default=0)
        if max(widest_old, widest_new) > width:
            return False
        return not self._auto_width() or widest_old == widest_new

    def refresh(self, *regions: Region, repaint: bool = True, layout: bool = False,
                recompose: bool = False) -> PatchStatic:
        rows, self._patch = self._patch, None
        if rows is not None and not (regions or layout or recompose):
            return super().refresh(*row_regions(rows, self.size.width))
        return super().refresh(*regions, repaint=repaint, layout=layout, recompose=recompose)


class RowPainted(RendersByRow, Steady):
    """For a widget drawn by :meth:`paint` (a Rich ``Text``): :meth:`repaint` after a change
    paints it at once and repaints only the rows that differ from the last painting; a change
    of height lays the screen out (``height: auto``), anything else needs no layout.

    ``render`` hands Textual the last painting while the widget's size is the same, so a
    painting depends only on what :meth:`repaint` was called after, and on the size.
    """

    _painted: tuple[Size, Text, list[Text]] | None = None

    def paint(self) -> Text:
        """The widget's drawing now."""
        raise NotImplementedError

    def _paint_now(self) -> tuple[Size, Text, list[Text]]:
        text = self.paint()
        if isinstance(self, KeepsHeight):
            text = self.padded(text)
        rows = text_rows(text) or []
        self._painted = (self.size, text, rows)
        return self._painted

    def render(self) -> Text:
        painted = self._painted
        if painted is None or painted[0] != self.size:
            painted = self._paint_now()
        return painted[1]

    def rows_now(self) -> list[Text] | None:
        self.render()
        return self._painted[2] if self._painted else None

    def notify_style_update(self) -> None:
        # a painting may carry the widget's old styles (a new theme): paint again when drawn
        self._painted = None
        super().notify_style_update()

    def repaint(self) -> None:
        """Paint now; refresh the changed rows, or everything when the rows moved."""
        widget = self
        old = self._painted
        if not widget.is_attached or not widget.size:
            self._painted = None
            widget.refresh(layout=True)
            return
        new = self._paint_now()
        width = widget.size.width
        if (old is None or old[0] != new[0] or len(old[2]) != len(new[2])
                or any(row.cell_len > width for row in (*old[2], *new[2]))):
            widget.refresh(layout=True)
            return
        rows = changed_rows(old[2], new[2])
        if rows:
            widget.refresh(*row_regions(rows, width))


class DrawnFrom:
    """For a panel drawn from a few fields of the view: :meth:`unchanged` says whether what it
    is drawn from is what it was drawn from last time, so that a key press that leaves those
    fields alone (most do: a bid changes neither the day nor the reveal, a payment neither the
    point cards nor the rivals) builds no text."""

    _drawn_from: object = None

    def unchanged(self, *inputs: object) -> bool:
        """Whether ``inputs`` (the view's fields, names, the width) are those of the last
        drawing; if not, they are kept as the next drawing's."""
        if inputs == self._drawn_from:
            return True
        self._drawn_from = inputs
        return False


class KeepsHeight(WidgetMixin):
    """For a panel whose number of lines comes and goes with the step of the game (a give
    list, the hand, a reveal): it keeps the most lines it has shown at this width, padded with
    blank lines, so that a key that shortens it repaints its rows instead of laying the screen
    out (and moving everything below it). A new width starts afresh."""

    _tallest: tuple[int, int] = (0, 0)

    def padded(self, text: Text) -> Text:
        """``text`` with blank lines added up to the most rows shown at this width (a line
        wider than the widget counts as the rows it wraps to, roughly: a wrong guess costs a
        layout, never a wrong drawing)."""
        width = self.content_size.width
        lines = text.plain.split("\n")
        rows = sum(max(1, -(-cell_len(line) // width)) if width else 1 for line in lines)
        tallest = self._tallest[1] if self._tallest[0] == width else 0
        self._tallest = (width, max(tallest, rows))
        if rows >= tallest:
            return text
        return Text.assemble(text, "\n" * (tallest - rows), no_wrap=text.no_wrap,
                             overflow=text.overflow, end=text.end)


class SizedFromOutside(private.SizeUpdates, FocusDrawnAtOnce):
    """For a scroll view whose size the CSS sets (``1fr``, a fixed height), not its content:
    inside :meth:`quietly`, a change of its content (lines written, options listed) repaints it
    without laying the whole screen out, as Textual would for the new virtual size. Only the
    scrollbar appearing or going (it takes a column) still asks for a layout."""

    _quiet = False

    @contextmanager
    def quietly(self) -> Iterator[None]:
        widget = self
        bars = (widget.show_vertical_scrollbar, widget.show_horizontal_scrollbar)
        self._quiet = True
        try:
            yield
        finally:
            self._quiet = False
        if (widget.show_vertical_scrollbar, widget.show_horizontal_scrollbar) != bars:
            widget.refresh(layout=True)
        # the new length moved the thumb: in this frame too
        if widget.show_vertical_scrollbar:
            post_now(widget.vertical_scrollbar)
        if widget.show_horizontal_scrollbar:
            post_now(widget.horizontal_scrollbar)

    def refresh(self, *regions: Region, repaint: bool = True, layout: bool = False,
                recompose: bool = False) -> Any:
        widget = super().refresh(
            *regions, repaint=repaint, layout=layout and not self._quiet, recompose=recompose
        )
        post_now(self)
        return widget

    def layout_on_resize(self, size: Size, container_size: Size, layout: bool) -> bool | None:
        """A layout elsewhere on the screen leaves the widget alone.

        Textual's scroll views take the compositor's virtual size (their content region) for a
        change of their own (their lines) on every layout, and repaint the scrollbar in a frame
        of its own after it; here the content updates the scrollbar itself (:meth:`quietly`).
        """
        widget = self
        if size == widget.outer_size and container_size == widget.container_size:
            return None
        return layout


class GameLog(SizedFromOutside, ScrollView):
    """The game log: one line per event as the viewer may read it, newest at the bottom.

    It takes no part in Tab focus, so it never steals the arrow keys from a game's widgets;
    :meth:`take_focus` (ctrl+l on a game screen) lets the scroll keys scroll it. Any other key
    (Tab, Esc, a game key) gives the focus back to the board, and a game key then goes on to
    the board as if the log had never had the focus. :meth:`show_lines` appends when the log
    only grew and rewrites it when it changed otherwise (after an undo). Lines are plain text:
    names in them are the players' own words, never markup.

    It draws its rows itself: each line is word-wrapped once, when it comes (and again only
    when the log's width changes), and a row is cut from those wrapped lines when Textual asks
    for it. A new line costs one wrap, where Textual's ``RichLog`` renders it through the
    console and measures it; at a move, the log is most of what changes on screen.
    """

    can_focus = False

    # No scrollbar: the top border says how many rows are above and below the ones in sight
    # (:meth:`_scrolled`). A scrollbar's thumb moves with every new line, and Textual redraws
    # the whole bar for it: as many rows again as the log has, at every move of the game.
    DEFAULT_CSS = """
    GameLog {
        height: 5;
        border-top: solid $primary-darken-2;
        padding: 0 1;
        background: $surface;
        overflow-x: hidden;
        scrollbar-size-vertical: 0;
    }
    GameLog:focus { border-top: solid $accent; }
    """

    #: A new caption or scroll count repaints the top border row only.
    border_title = SteadyTitle()

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._lines: list[str] = []
        #: The lines word-wrapped to :attr:`_width`: the rows the log scrolls through.
        self._rows: list[Strip] = []
        self._width = 0
        #: Rows as drawn (cut to the width, in the log's colours), by row number.
        self._drawn: dict[int, Strip] = {}
        #: What the screen writes in the top border (who is at the table), before the counts.
        self._caption = Text()

    def set_caption(self, caption: Text) -> None:
        """Write ``caption`` in the top border, ahead of the rows-out-of-sight counts."""
        self._caption = caption
        self._scrolled()

    def watch_scroll_y(self, old_value: float, new_value: float) -> None:
        super().watch_scroll_y(old_value, new_value)
        self._scrolled()

    def on_resize(self, event: events.Resize) -> None:
        if self.scrollable_content_region.width != self._width:
            self._width = self.scrollable_content_region.width
            self._rewrap()
        self._show_newest()

    def notify_style_update(self) -> None:
        super().notify_style_update()
        self._drawn.clear()  # a new theme: the rows' colours

    def _wrapped(self, line: str) -> list[Strip]:
        """The rows one line of the log takes at the log's width, wrapped between words (a
        word longer than a row is cut; a wide character takes two cells)."""
        text = plain(line)
        return [Strip([Segment(row.plain)], row.cell_len)
                for row in text.wrap(self.app.console, self._width)]

    def _rewrap(self) -> None:
        """Every line wrapped again (a new width, or lines that changed other than by growing),
        and the whole log repainted."""
        self._rows = [row for line in self._lines for row in self._wrapped(line)] \
            if self._width > 0 else []
        self._drawn.clear()
        self.refresh()

    def _show_newest(self, follow: bool = True) -> None:
        """Take the rows' number as the virtual height and scroll to the newest row, at once
        (not when ``follow`` is false: the border counts the rows below instead).

        Set as Textual's scrolling would (a layout for the new virtual size, watchers of the
        scroll), it costs more than the rows themselves: the CSS sets the log's height, so no
        layout is needed, and only the rows in sight change."""
        self.set_reactive(Widget.virtual_size, Size(self._width, len(self._rows)))
        private.update_scroll_range(self, self.virtual_size)
        newest = self.max_scroll_y
        if follow and newest != self.scroll_offset.y:
            self.set_scroll(None, newest)
            self.scroll_target_y = newest
            self.refresh()
        self._scrolled()

    def render_line(self, y: int) -> Strip:
        row = self.scroll_offset.y + y
        if row >= len(self._rows):
            return Strip.blank(self._width, self.rich_style)  # not kept: a line may come here
        drawn = self._drawn.get(row)
        if drawn is None:
            drawn = self._rows[row].adjust_cell_length(self._width).apply_style(self.rich_style)
            self._drawn[row] = drawn
        return drawn

    def _scrolled(self) -> None:
        """The top border: the caption, then how many rows are above the ones in sight
        (``↑ 12 earlier``) and, scrolled back, below them (``↓ 3 later``)."""
        # Translators: the game log's border: "↑ 12 earlier · ↓ 3 later" (lines out of sight)
        counts = out_of_sight(self, self.virtual_size.height, _("earlier"), _("later"))
        title = self._caption.copy()
        if counts:
            title.append(("  " if title else "") + counts, style="dim")
        self.border_title = title if title else None

    def take_focus(self) -> None:
        self.can_focus = True
        self.focus()

    def on_blur(self) -> None:
        self.can_focus = False

    async def on_key(self, event: events.Key) -> None:
        if event.key in SCROLL_KEYS:
            return
        event.stop()
        event.prevent_default()
        leave = getattr(self.screen, "leave_log", None)
        if callable(leave):
            leave()
        else:
            self.can_focus = False
            self.screen.set_focus(None)
        if event.key in ("escape", "tab", "shift+tab", "ctrl+l"):
            return  # leaving the log was all these keys meant
        # the key was meant for the decision at hand: press it again, now that the board has
        # the focus (as App.simulate_key does, keeping the typed character)
        self.app.post_message(events.Key(event.key, event.character))

    def show_lines(self, lines: Sequence[str]) -> None:
        """Show ``lines``, scrolled to the newest: the new ones wrapped and added when the log
        only grew, all of them wrapped again when it changed otherwise. A player reading back
        through the log (it has the focus, scrolled up) stays where they read; the border
        counts the new rows below."""
        new = list(lines)
        if new == self._lines:
            return
        grown = new[: len(self._lines)] == self._lines
        fresh, self._lines = new[len(self._lines):], new
        if not self._width:
            return  # no size yet: the first resize wraps them all
        reading = self.has_focus and self.scroll_offset.y < self.max_scroll_y
        if grown:
            first = len(self._rows)
            self._rows += [row for line in fresh for row in self._wrapped(line)]
            self.refresh_lines(first, len(self._rows) - first)
        else:
            self._rewrap()
        self._show_newest(follow=not (grown and reading))


def seat_panel(name: str, body: RenderableType, note: str | Text = "") -> Panel:
    """One seat's final position in a frame titled with its name (plain text, never markup)
    and, on the right, a short ``note`` such as its score."""
    return Panel(
        body,
        title=plain(name, style="bold"),
        title_align="left",
        subtitle=Text(note) if isinstance(note, str) else note,
        subtitle_align="right",
        box=box.ROUNDED,
        padding=(0, 1),
        expand=True,
    )

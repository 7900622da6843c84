"""Textual's and Rich's private members are used in one module only,
``tulipgames/tui/textual_private.py``, and every one it uses exists on the installed Textual.

A private member is a name starting with one underscore that a class of the ``textual`` or
``rich`` package defines (a method, a class attribute, or an attribute its methods set on
``self``). The scan finds, outside the seam module:

- ``self._x`` (read, set, or ``super()._x``) in a class of ours whose Textual/Rich bases define
  ``_x`` (an override, a use, or one of our names shadowing theirs);
- ``obj._x`` on anything else, where ``_x`` is a Textual/Rich private name that no class of
  ours defines (``session._app`` is ours; ``widget._closing`` is Textual's);
- ``getattr``/``setattr``/``hasattr`` with such a name, or a name-mangled one (``_Static__x``);
- ``from textual.x import _Y`` and imports of ``textual._x`` modules.

The second test is for the CI's floors (``.ci/floors``, the lowest allowed Textual and Rich)
and the newest: each member the seam lists must still be there, with the parameters the
seam's overrides pass on.
"""

from __future__ import annotations

import ast
import contextlib
import importlib
import inspect
import re
from functools import cache
from pathlib import Path

import rich
import textual

import tulipgames
from tulipgames.tui import textual_private

PACKAGE = Path(tulipgames.__file__).parent
SEAM = PACKAGE / "tui" / "textual_private.py"
LIBRARIES = ("textual", "rich")

#: Private names that are both ours and Textual's, read where the object is one of ours (the
#: scan cannot tell ``session._app`` from an App's ``_app``; a new one is reviewed here).
KNOWN_OURS = frozenset({
    "panel._rows",  # bench_ui: a PatchStatic's own rows
    "session._app", "session._driver", "session._highlight",  # net/server.py: a session's
})


def _private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__")


#: A private name a class defines, found by its text (an AST of all of Textual and Rich takes
#: seconds): ``def _x``, ``_x =``/``_x:`` indented in a class, ``self._x =``, ``self.__x =``.
_DEFINED = re.compile(
    r"^[ \t]+(?:async[ \t]+)?def[ \t]+(_\w+)|^[ \t]+(_\w+)[ \t]*[:=]"
    r"|self\.(_\w+)[ \t]*(?::[^=\n]*)?=(?!=)", re.M)


def _defined(text: str, owner: str) -> set[str]:
    names = {next(g for g in match.groups() if g) for match in _DEFINED.finditer(text)}
    # Python mangles a class's own __x to _Class__x
    return ({f"_{owner}{name}" if name.startswith("__") else name for name in names
             if not name.endswith("__")} if owner else {n for n in names if _private(n)})


@cache
def library_names() -> frozenset[str]:
    """Every private name a Textual or Rich class defines."""
    names: set[str] = set()
    for package in (textual, rich):
        for path in Path(str(package.__file__)).parent.rglob("*.py"):
            names |= _defined(path.read_text("utf-8"), "")
    return frozenset(names)


@cache
def _class_sources(path: str) -> dict[str, str]:
    """The text of each class in a module, by name (``inspect.getsource`` parses the module
    again for every class)."""
    text = Path(path).read_text("utf-8")
    lines = text.splitlines()
    return {node.name: "\n".join(lines[node.lineno - 1:node.end_lineno])
            for node in ast.parse(text).body if isinstance(node, ast.ClassDef)}


@cache
def library_class_names(cls: type) -> frozenset[str]:
    """The private names one Textual or Rich class defines itself."""
    names = {name for name in vars(cls) if _private(name)}
    with contextlib.suppress(OSError, TypeError):
        names |= _defined(_class_sources(inspect.getfile(cls)).get(cls.__name__, ""),
                          cls.__name__)
    return frozenset(names)


def _from_library(cls: type) -> bool:
    return cls.__module__.split(".")[0] in LIBRARIES


def package_files() -> list[Path]:
    return sorted(path for path in PACKAGE.rglob("*.py")
                  if path != SEAM and path.name != "__main__.py")


def _module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def uses_in(path: Path, ours: frozenset[str]) -> list[str]:
    """Every use of a Textual or Rich private member in one file of the package."""
    source = _source(path)
    # a module whose classes have no bases needs no import (their self._x are checked by name)
    module = importlib.import_module(_module_name(path)) if re.search(
        r"^\s*class \w+\(", source, re.M) else None
    return uses_in_source(source, str(path.relative_to(PACKAGE)),
                          vars(module) if module else {}, ours)


def uses_in_source(source: str, where: str, namespace: dict[str, object],
                   ours: frozenset[str]) -> list[str]:
    """Every use of a Textual or Rich private member in ``source``, whose classes are found
    in ``namespace`` (its module's)."""
    nodes = list(ast.walk(_tree(source)))
    found: list[str] = []
    theirs = library_names() - ours
    # a class of ours with Textual/Rich bases, or a mixin of such classes: their bases say
    # which self._x, super()._x and def _x are theirs
    checked: set[int] = set()
    for cls_node in (n for n in nodes if isinstance(n, ast.ClassDef)):
        cls = namespace.get(cls_node.name)
        library = _library_names_under(cls) if inspect.isclass(cls) else frozenset()
        if not library:
            continue  # self._x is checked by the name alone, below
        for item in cls_node.body:
            if isinstance(item, ast.FunctionDef | ast.AsyncFunctionDef) and item.name in library:
                found.append(f"{where}:{item.lineno} overrides {cls_node.name}.{item.name}")
        for node in ast.walk(cls_node):
            if not (isinstance(node, ast.Attribute) and _private(node.attr)):
                continue
            on_self = isinstance(node.value, ast.Name) and node.value.id == "self"
            on_super = (isinstance(node.value, ast.Call)
                        and getattr(node.value.func, "id", "") == "super")
            if on_self or on_super:
                checked.add(id(node))
                if node.attr in library:
                    found.append(f"{where}:{node.lineno} {ast.unparse(node)}")
    modules = {(alias.asname or alias.name).split(".")[0] for node in nodes
               if isinstance(node, ast.Import) for alias in node.names}
    for node in nodes:
        if isinstance(node, ast.Attribute) and _private(node.attr) and id(node) not in checked:
            on = node.value.id if isinstance(node.value, ast.Name) else ""
            if on in modules:
                continue  # os._exit
            if node.attr in theirs:
                found.append(f"{where}:{node.lineno} {ast.unparse(node)}")
            elif (node.attr in library_names() and on != "self"
                    and ast.unparse(node) not in KNOWN_OURS):
                found.append(f"{where}:{node.lineno} {ast.unparse(node)} (a name of ours and "
                             "of Textual's: KNOWN_OURS lists it when the object is ours)")
        elif isinstance(node, ast.Call) and getattr(node.func, "id", "") in (
                "getattr", "setattr", "hasattr", "delattr") and len(node.args) > 1:
            name = node.args[1]
            if isinstance(name, ast.Constant) and isinstance(name.value, str) and (
                    name.value in theirs or _mangled(name.value)):
                found.append(f"{where}:{node.lineno} {ast.unparse(node)}")
        elif isinstance(node, ast.ImportFrom) and node.module and (
                node.module.split(".")[0] in LIBRARIES):
            if any(_private(part) for part in node.module.split(".")):
                found.append(f"{where}:{node.lineno} from {node.module} import")
            found += [f"{where}:{node.lineno} imports {node.module}.{alias.name}"
                      for alias in node.names if _private(alias.name)]
        elif isinstance(node, ast.Import):
            found += [f"{where}:{node.lineno} imports {alias.name}" for alias in node.names
                      if alias.name.split(".")[0] in LIBRARIES
                      and any(_private(part) for part in alias.name.split("."))]
    return found


def _mangled(name: str) -> bool:
    """``_Static__content``: a private field of a Textual or Rich class, by its mangled name."""
    head, _, rest = name[1:].partition("__")
    return bool(head) and head[0].isupper() and bool(rest)


@cache
def _source(path: Path) -> str:
    return path.read_text("utf-8")


@cache
def _tree(source: str) -> ast.Module:
    return ast.parse(source)


@cache
def our_names() -> frozenset[str]:
    """Every private name a class of ours defines: a method, a class attribute, or an
    attribute set on ``self`` (also first in a tuple: ``self._a, self._b = ...``)."""
    names: set[str] = set()
    for path in package_files():
        names |= _defined(_source(path), "")
        names.update(re.findall(r"self\.(_\w+)\s*,\s*self\.\w+\s*=", _source(path)))
    return frozenset(names)


def _may_touch_textual(source: str) -> bool:
    """Whether a module imports Textual, Rich or the screens (the rules, bots and store do
    not: tests/test_boundaries.py)."""
    return re.search(r"^\s*(from|import) (textual|rich|tulipgames\.tui)", source, re.M) is not None


def _library_names_under(cls: type) -> frozenset[str]:
    """The private names of the Textual and Rich classes ``cls`` is a part of: its own bases',
    and for a mixin, those of every class it is mixed into (as imported so far)."""
    seen: set[type] = set()
    todo = [cls]
    while todo:
        sub = todo.pop()
        if sub not in seen:
            seen.add(sub)
            todo += type.__subclasses__(sub)
    return frozenset().union(*(library_class_names(base) for sub in seen for base in sub.__mro__
                               if _from_library(base)))


def all_uses() -> dict[str, list[str]]:
    ours = our_names()
    uses: dict[str, list[str]] = {}
    files = [path for path in package_files() if _may_touch_textual(_source(path))]
    for path in files:  # every class first, so that a mixin's widgets are known
        importlib.import_module(_module_name(path))
    for path in files:
        found = uses_in(path, ours)
        if found:
            uses[str(path.relative_to(PACKAGE))] = found
    return uses


def test_private_members_of_textual_and_rich_are_used_in_the_seam_only() -> None:
    assert all_uses() == {}, "use tulipgames.tui.textual_private (and give the reason there)"


SAMPLE = """
from textual.widget import Widget, _BorderTitle
from textual.widgets import Static

class Sample(Static):
    def _size_updated(self, size, virtual_size, container_size, layout=True):
        return super()._size_updated(size, virtual_size, container_size, layout)

    def poke(self, other: Widget) -> None:
        self._mine = 1
        setattr(self, "_Static__visual", None)
        if other._closing:
            other._check_refresh()
            other.app._driver.write("")

class Mixin:
    def peek(self) -> bool:
        return self._mine > 0 and not self._closed
"""


def test_the_scan_sees_each_kind_of_use() -> None:
    """The scan flags an override, a private read on self (a widget's or a mixin's) and on
    another object, a name-mangled field, a private import; and not our own attributes."""
    namespace: dict[str, object] = {}
    exec(compile(SAMPLE, "sample", "exec"), namespace)
    found = "\n".join(uses_in_source(SAMPLE, "sample", namespace, our_names()))
    for expected in ("imports textual.widget._BorderTitle", "overrides Sample._size_updated",
                     "super()._size_updated", "_Static__visual", "other._closing",
                     "other._check_refresh", "self._closed", "other.app._driver"):
        assert expected in found
    assert "_mine" not in found


def _owner(path: str) -> object:
    """A class (``textual.widget.Widget``) or module (``textual._context``) by its path."""
    with contextlib.suppress(ImportError):
        return importlib.import_module(path)
    module, _, name = path.rpartition(".")
    return getattr(importlib.import_module(module), name)


def test_every_member_the_seam_uses_exists_on_the_installed_textual() -> None:
    missing = []
    for use in textual_private.PRIVATE:
        owner = _owner(use.owner)
        if not use.name:
            continue  # a private class or module: found above
        if not inspect.isclass(owner):
            found = hasattr(owner, use.name)
        else:
            found = any(use.name in library_class_names(base) for base in owner.__mro__
                        if _from_library(base))
        if not found:
            missing.append(f"{use.owner}.{use.name}")
    assert missing == [], f"textual {textual.__version__} lacks these: upgrade the seam"


def test_the_seams_overrides_match_textuals_signatures() -> None:
    """Each private method the seam overrides or calls has the parameters passed to it."""
    from textual.widget import Widget
    from textual.widgets import OptionList

    def parameters(function: object) -> list[str]:
        return list(inspect.signature(function).parameters)  # type: ignore[arg-type]

    assert parameters(Widget._size_updated) == [
        "self", "size", "virtual_size", "container_size", "layout"]
    assert parameters(Widget._scroll_update) == ["self", "virtual_size"]
    assert parameters(OptionList._update_lines) == ["self"]
    assert parameters(OptionList._get_option_render) == ["self", "option", "style"]
    assert parameters(OptionList._get_left_gutter_width) == ["self"]


def test_every_private_member_the_seam_touches_is_listed() -> None:
    """The seam's own uses of private names are each in its ``PRIVATE`` table."""
    listed = {use.name for use in textual_private.PRIVATE}
    tree = ast.parse(SEAM.read_text("utf-8"))
    used = {node.attr for node in ast.walk(tree) if isinstance(node, ast.Attribute)}
    used |= {node.name for node in ast.walk(tree)
             if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)}
    used |= {node.value for node in ast.walk(tree)
             if isinstance(node, ast.Constant) and isinstance(node.value, str)}
    assert {name for name in used if name in library_names() or _mangled(name)} <= listed

"""The rules layer imports nothing from the screens, the SSH server, Textual or Rich."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import tulipgames

PACKAGE = Path(tulipgames.__file__).parent
FORBIDDEN = ("textual", "rich", "tulipgames.tui", "tulipgames.net")


def rules_layer_files() -> list[Path]:
    files = sorted((PACKAGE / "engine").glob("*.py"))
    for game_dir in sorted((PACKAGE / "games").iterdir()):
        for name in ("data.py", "rules.py", "bots.py"):
            if (game_dir / name).exists():
                files.append(game_dir / name)
    return files


def imported_modules(path: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text("utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
    return names


def test_rules_layer_has_files_to_check() -> None:
    files = rules_layer_files()
    assert any(f.parent.name == "engine" for f in files)
    assert len([f for f in files if f.name == "rules.py"]) >= 1


def test_rules_layer_imports_no_ui() -> None:
    offenders = [
        f"{path.relative_to(PACKAGE)} imports {module}"
        for path in rules_layer_files()
        for module in imported_modules(path)
        if any(module == bad or module.startswith(bad + ".") for bad in FORBIDDEN)
    ]
    assert offenders == []


# -- the seam: screens draw a Turn and never touch a State ----------------------------------------
SCREEN_FILES = ("screen.py", "widgets.py")
#: What only the rules may touch: the live state and the State class itself.
STATE_USE = ("table.state", ".state.", "State")


def screen_files() -> list[Path]:
    return sorted(
        game_dir / name
        for game_dir in (PACKAGE / "games").iterdir()
        for name in SCREEN_FILES
        if (game_dir / name).exists()
    )


def state_uses(path: Path) -> list[str]:
    """Attribute reads ``<x>.state`` and names ending in ``State`` in one file."""
    found = []
    for node in ast.walk(ast.parse(path.read_text("utf-8"))):
        if isinstance(node, ast.Attribute) and node.attr == "state":
            found.append(f"line {node.lineno}: .state")
        elif isinstance(node, ast.Name) and node.id.endswith("State"):
            found.append(f"line {node.lineno}: {node.id}")
        elif isinstance(node, ast.alias) and node.name.endswith("State"):
            found.append(f"import of {node.name}")
    return found


def test_every_game_has_screen_files_to_check() -> None:
    # a screen per game; widgets.py where a game has widgets of its own (a small game may not)
    assert len([f for f in screen_files() if f.name == "screen.py"]) == len(
        [d for d in (PACKAGE / "games").iterdir() if d.is_dir() and (d / "rules.py").exists()])


def test_screens_and_widgets_never_touch_a_state() -> None:
    offenders = [
        f"{path.relative_to(PACKAGE)} {use}" for path in screen_files() for use in state_uses(path)
    ]
    shell = sorted((PACKAGE / "tui").rglob("*.py"))
    offenders += [
        f"{path.relative_to(PACKAGE)} {use}" for path in shell for use in state_uses(path)
    ]
    assert offenders == []


# -- no import cycles anywhere ---------------------------------------------------------------
def module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def import_graph() -> dict[str, set[str]]:
    """Every ``tulipgames`` module and the ``tulipgames`` modules it imports, at any depth of the
    file (imports inside functions count: they close a cycle all the same)."""
    paths = sorted(PACKAGE.rglob("*.py"))
    modules = {module_name(path): path for path in paths}
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        edges: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            targets: list[str] = []
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                    base = ".".join([*anchor, base] if base else anchor)
                targets = [f"{base}.{alias.name}" for alias in node.names] + [base]
            for target in targets:
                while target and target not in modules:
                    target = target.rpartition(".")[0]
                if target and target != name and target.startswith("tulipgames"):
                    edges.add(target)
        graph[name] = edges
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected groups of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in sorted(graph.get(node, ())):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.append(member)
                if member == node:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def test_the_cycle_finder_finds_a_cycle() -> None:
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


def test_the_import_graph_sees_the_package() -> None:
    graph = import_graph()
    assert "tulipgames.engine.core" in graph["tulipgames.table"]
    assert "tulipgames.games.sixtyone.rules" in graph["tulipgames.games.sixtyone.bots"]


def test_no_import_cycles() -> None:
    assert cycles(import_graph()) == []


# -- screens post messages up, they never look the app over -----------------------------------
def calls_up(source: str) -> list[int]:
    """Lines of ``getattr(self.app, ...)``: a screen reaching for whatever the app happens to
    have, instead of posting a typed request (``tulipgames.tui.screens.messages``)."""
    return [
        node.lineno
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name) and node.func.id in ("getattr", "hasattr")
        and node.args
        and isinstance(node.args[0], ast.Attribute) and node.args[0].attr == "app"
        and isinstance(node.args[0].value, ast.Name) and node.args[0].value.id == "self"
    ]


def test_the_call_up_finder_finds_one() -> None:
    source = "def f(self):\n    x = 1\n    return getattr(self.app, 'store', None)\n"
    assert calls_up(source) == [3]
    assert calls_up("getattr(self.screen, 'app')\nself.app.exit()\n") == []


def test_no_screen_calls_up_into_the_app() -> None:
    offenders = [
        f"{path.relative_to(PACKAGE)}:{line}"
        for path in sorted(PACKAGE.rglob("*.py"))
        for line in calls_up(path.read_text("utf-8"))
    ]
    assert offenders == []


# -- a game is one folder: nothing outside it names it, and one loader imports by name ----------
GAMES_DIR = PACKAGE / "games"
#: The one function that imports a module by name (a kit's parts, the registry's folders).
LOADER = (GAMES_DIR / "kit.py", "load")


def game_folders() -> list[str]:
    return sorted(path.name for path in GAMES_DIR.iterdir() if (path / "__init__.py").exists())


def docstrings(tree: ast.AST) -> set[int]:
    """The ``id`` of every docstring node: prose about a game is not a use of its id."""
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                found.add(id(body[0].value))
    return found


def names_a_game(source: str, game_ids: list[str]) -> list[str]:
    """Where ``source`` names one of ``game_ids``: an import of a module in its folder, or a
    string (an f-string's parts too) that holds the id as a word. A GitHub ``owner/name`` that
    happens to end in an id names another project, not the game."""
    tree = ast.parse(source)
    prose = docstrings(tree)
    words = {game: re.compile(rf"(?<![\w/]){re.escape(game)}(?!\w)") for game in game_ids}
    found: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        modules: list[str] = []
        if isinstance(node, ast.Import):
            modules = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module:
            modules = [node.module, *(f"{node.module}.{alias.name}" for alias in node.names)]
        named = [module for module in modules if set(module.split(".")) & set(game_ids)]
        if named:
            found.append((node.lineno, f"imports {named[0]}"))
        if (isinstance(node, ast.Constant) and isinstance(node.value, str)
                and id(node) not in prose
                and any(word.search(node.value) for word in words.values())):
            found.append((node.lineno, repr(node.value[:40])))
    return [f"line {line}: {what}" for line, what in sorted(found)]


def by_name_imports(source: str) -> list[tuple[int, str]]:
    """``import_module`` and ``__import__`` in ``source``: (line, enclosing function)."""
    found = []
    tree = ast.parse(source)
    for function in [tree, *ast.walk(tree)]:
        if not isinstance(function, (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        owner = getattr(function, "name", "<module>")
        for node in ast.walk(function):
            name = (node.attr if isinstance(node, ast.Attribute)
                    else node.id if isinstance(node, ast.Name) else None)
            if name in ("import_module", "__import__"):
                found.append((node.lineno, owner))
    # a call inside a function was seen from the module too: keep the innermost owner
    innermost: dict[int, str] = {}
    for line, owner in found:
        innermost[line] = owner if owner != "<module>" else innermost.get(line, owner)
    return sorted(innermost.items())


def test_the_game_name_finder_sees_names_and_lets_prose_be() -> None:
    source = ('"""Sixty-One or sixtyone: prose."""\n'
              "from tulipgames.games.sixtyone.rules import GAME\n"
              "import tulipgames.games.flowershop\n"
              "x = f'{a}-sixtyone.svg'\ny = 'QuincyNash/spiceroad'\nz = 'sixtyone_turns'\n"
              "w = 'spiceroad'\n")
    found = names_a_game(source, ["sixtyone", "flowershop", "spiceroad"])
    assert [f.split(":")[0] for f in found] == ["line 2", "line 3", "line 4", "line 7"]
    assert by_name_imports("import importlib\ndef f():\n    importlib.import_module('x')\n"
                           "__import__('y')\n") == [(3, "f"), (4, "<module>")]


def test_no_module_outside_a_game_folder_names_the_game() -> None:
    """A game is its folder: the menu, setup, bench, screenshots, plain mode, coach and lobby
    ask the registry (``tulipgames.games``) and the game's kit, never its id."""
    game_ids = game_folders()
    assert len(game_ids) >= 5
    offenders = [
        f"{path.relative_to(PACKAGE)} {where}"
        for path in sorted(PACKAGE.rglob("*.py"))
        if not (path.parent.parent == GAMES_DIR and path.parent.name in game_ids)
        for where in names_a_game(path.read_text("utf-8"), game_ids)
    ]
    assert offenders == []


def test_modules_are_imported_by_name_in_one_place() -> None:
    """Only :func:`tulipgames.games.kit.load` imports a module by name: a hidden import is a
    dependency the import graph above cannot see."""
    found = [
        (path, line, owner)
        for path in sorted(PACKAGE.rglob("*.py"))
        for line, owner in by_name_imports(path.read_text("utf-8"))
    ]
    assert [(path, owner) for path, _, owner in found] == [LOADER]

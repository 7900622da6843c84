"""The rules layer imports nothing from the screens, the SSH server, Textual or Rich."""

from __future__ import annotations

import ast
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

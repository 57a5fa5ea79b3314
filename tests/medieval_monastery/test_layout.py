"""The package's layout: the state is plain data, and no module imports itself in a circle."""

from __future__ import annotations

import ast
import pathlib

import monastic.games.medieval_monastery as package

ROOT = pathlib.Path(package.__file__).parent
PREFIX = "monastic.games.medieval_monastery"
#: Imports allowed to be late (none: the package hands the game its strategy).
DECLARED_LATE: set[tuple[str, str]] = set()


def _name(path: pathlib.Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imports() -> dict[str, set[str]]:
    """Module -> the package's modules it imports anywhere in its text (late imports too)."""
    modules = {_name(p): p for p in ROOT.rglob("*.py")}
    out: dict[str, set[str]] = {}
    for name, path in modules.items():
        found: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text())):
            targets: list[str] = []
            if isinstance(node, ast.ImportFrom) and node.module:
                targets = [node.module] + [f"{node.module}.{a.name}" for a in node.names]
            elif isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            for target in targets:
                if target.startswith(PREFIX + "."):
                    inner = target[len(PREFIX) + 1 :]
                    if inner in modules and inner != name:
                        found.add(inner)
        out[name] = {t for t in found if (name, t) not in DECLARED_LATE}
    return out


def test_the_layout_has_the_shared_file_names() -> None:
    names = {_name(p) for p in ROOT.rglob("*.py")}
    shared = {"catalogue", "state", "actions", "rules", "game", "view", "words", "strategy"}
    assert shared <= names, shared - names
    assert (ROOT / "data").is_dir()
    assert {"rules.legal", "rules.setup", "rules.scoring"} <= names


def test_the_state_module_imports_no_rules() -> None:
    imports = _imports()
    assert imports["state"] <= {"catalogue"}, imports["state"]


def test_no_module_of_the_game_imports_itself_in_a_circle() -> None:
    imports = _imports()
    circles = []
    for start in imports:
        stack = [(start, [start])]
        seen: set[str] = set()
        while stack:
            node, path = stack.pop()
            for nxt in imports[node]:
                if nxt == start:
                    circles.append(" -> ".join([*path, nxt]))
                elif nxt not in seen:
                    seen.add(nxt)
                    stack.append((nxt, [*path, nxt]))
    assert not circles, circles

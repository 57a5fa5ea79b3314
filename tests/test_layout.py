"""Every game package has the same layout, its state is plain data, and no module of a game
imports itself in a circle (late imports count too)."""

from __future__ import annotations

import ast
import importlib
import pathlib

import pytest

import monastic

SHARED = {"catalogue", "state", "actions", "rules", "game", "view", "words", "strategy"}
PACKAGES = {
    game_id: f"monastic.games.{game_id.replace('-', '_')}" for game_id in monastic.game_ids()
}


def _imports(prefix: str) -> dict[str, set[str]]:
    """Module -> the package's modules it imports anywhere in its text (late imports too)."""
    root = pathlib.Path(importlib.import_module(prefix).__file__ or "").parent

    def name(path: pathlib.Path) -> str:
        parts = path.relative_to(root).with_suffix("").parts
        return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)

    modules = {name(p): p for p in root.rglob("*.py")}
    out: dict[str, set[str]] = {}
    for module, path in modules.items():
        found: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text())):
            targets: list[str] = []
            if isinstance(node, ast.ImportFrom) and node.module:
                targets = [node.module] + [f"{node.module}.{a.name}" for a in node.names]
            elif isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            for target in targets:
                if target.startswith(prefix + "."):
                    inner = target[len(prefix) + 1 :]
                    if inner in modules and inner != module:
                        found.add(inner)
        out[module] = found
    return out


@pytest.mark.parametrize("game_id", PACKAGES)
def test_the_layout_has_the_shared_file_names(game_id: str) -> None:
    imports = _imports(PACKAGES[game_id])
    assert set(imports) >= SHARED, SHARED - set(imports)
    assert {"rules.legal", "rules.setup", "rules.scoring"} <= set(imports)
    root = pathlib.Path(importlib.import_module(PACKAGES[game_id]).__file__ or "").parent
    assert (root / "data").is_dir()


@pytest.mark.parametrize("game_id", PACKAGES)
def test_the_state_module_imports_no_rules(game_id: str) -> None:
    imports = _imports(PACKAGES[game_id])
    assert imports["state"] <= {"catalogue"}, imports["state"]


@pytest.mark.parametrize("game_id", PACKAGES)
def test_no_module_of_the_game_imports_itself_in_a_circle(game_id: str) -> None:
    imports = _imports(PACKAGES[game_id])
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

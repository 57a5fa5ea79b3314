"""``pip install 'monastic[server]'`` (the README's main command) brings every package the
server's modules import: a package only the test extra brings would leave ``monastic serve``
without its options on a fresh machine."""

from __future__ import annotations

import ast
import re
import sys
import tomllib
from importlib.metadata import packages_distributions
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
SERVER = REPO / "src" / "monastic" / "server"


def _extra(name: str) -> set[str]:
    project = tomllib.loads((REPO / "pyproject.toml").read_text())["project"]
    found = set()
    for requirement in project["optional-dependencies"][name]:
        found.add(re.split(r"[\[=<>! ]", requirement, maxsplit=1)[0].lower().replace("_", "-"))
    for requirement in project["dependencies"]:
        found.add(re.split(r"[\[=<>! ]", requirement, maxsplit=1)[0].lower().replace("_", "-"))
    return found


def _top_level_imports(path: Path) -> set[str]:
    names = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module.split(".")[0])
    return names


def test_the_server_extra_holds_every_package_the_server_imports() -> None:
    allowed = _extra("server")
    owners = packages_distributions()
    missing = {}
    for path in sorted(SERVER.rglob("*.py")):
        for name in _top_level_imports(path):
            if name in sys.stdlib_module_names or name in ("monastic", "__future__"):
                continue
            dists = {d.lower().replace("_", "-") for d in owners.get(name, [name])}
            if not dists & allowed:
                missing.setdefault(name, []).append(path.relative_to(REPO).as_posix())
    assert not missing, f"imported by the server but not in its extra: {missing}"

"""Which build runs, compiled with mypyc or pure Python, and the guard against running
compiled modules older than their source.

A compiled build (``pip install .``, see ``setup.py``) carries ``_compiled.json``: the
SHA-256 of the source of every module it compiled. ``import monastic`` calls ``check()``,
which refuses to go on when one of those sources has changed since (an edit in an installed
copy would otherwise be shadowed by the compiled module), and when compiled modules lie
next to the source without a record (``setup.py build_ext --inplace``). Editable installs
are always pure, so an edit in ``src/`` always runs.
"""

from __future__ import annotations

import hashlib
import json
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

__all__ = ["COMPILED", "PURE", "StaleBuild", "build_name", "check", "compiled_sources"]

COMPILED = "compiled, mypyc"
PURE = "pure Python"
RECORD = "_compiled.json"
_PACKAGE = Path(__file__).resolve().parent
#: A module every compiled build compiles: its extension file tells the build apart.
_PROBE = _PACKAGE / "engine" / "state"


class StaleBuild(ImportError):
    """Compiled modules that do not match the source beside them."""


def _extension_file(stem: Path) -> Path | None:
    for suffix in EXTENSION_SUFFIXES:
        candidate = stem.with_name(stem.name + suffix)
        if candidate.exists():
            return candidate
    return None


def compiled_sources() -> dict[str, str]:
    """The record of a compiled build: source path (``monastic/...``) to its SHA-256; empty
    for a pure build."""
    try:
        text = (_PACKAGE / RECORD).read_text(encoding="utf-8")
    except FileNotFoundError:
        return {}
    sources = json.loads(text)["sources"]
    return {str(path): str(digest) for path, digest in sources.items()}


def build_name() -> str:
    """``"compiled, mypyc"`` when the engine runs compiled, else ``"pure Python"``."""
    return COMPILED if _extension_file(_PROBE) is not None else PURE


def check() -> None:
    """Raise ``StaleBuild`` unless every compiled module matches its source."""
    sources = compiled_sources()
    if not sources:
        stray = _extension_file(_PROBE)
        if stray is not None:
            raise StaleBuild(
                f"monastic: {stray} is a compiled module without a build record, so it may be"
                " older than its source; delete the compiled files (*.so) in"
                f" {_PACKAGE}, or install a build with 'pip install .'"
            )
        return
    root = _PACKAGE.parent
    for relative, digest in sources.items():
        source = root / relative
        try:
            data = source.read_bytes()
        except FileNotFoundError:
            continue  # installed without its source: nothing to be older than
        if hashlib.sha256(data).hexdigest() != digest:
            raise StaleBuild(
                f"monastic: {source} changed after it was compiled, and the compiled module"
                " would run instead of it; rebuild with 'pip install .' (or build pure"
                " Python: MONASTIC_PURE=1 pip install .)"
            )

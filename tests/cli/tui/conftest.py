"""The full-screen interface is tested in colour (its screenshots are kept in the docs)."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("textual")


@pytest.fixture(autouse=True)
def plain_terminal(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Replaces the CLI tests' colourless terminal: Textual draws in colour."""
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.setenv("HOME", str(tmp_path / "home"))

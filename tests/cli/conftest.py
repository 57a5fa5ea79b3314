"""Stable terminal output for CLI tests: no colour, a fixed width, a private home folder."""

from __future__ import annotations

import os
from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def plain_terminal(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    monkeypatch.setenv("TERM", "dumb")
    monkeypatch.setenv("COLUMNS", "120")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))


@pytest.fixture
def cli_env(tmp_path: Path) -> dict[str, str]:
    """Environment for a child ``python -m monastic.cli`` process."""
    env = dict(os.environ)
    env.update(NO_COLOR="1", TERM="dumb", COLUMNS="120", HOME=str(tmp_path / "home"))
    env.pop("PYTHONSTARTUP", None)
    return env

"""The full-screen terminal interface of ``monastic play`` (Textual).

``PlayApp`` draws the table and takes the decisions; ``GameLoop`` plays the game behind it.
Textual is an optional dependency (the ``tui`` extra): ``available()`` says whether it is
installed, and ``monastic play`` falls back to line mode when it is not.
"""

from __future__ import annotations

import importlib.util

__all__ = ["available"]


def available() -> bool:
    """Whether Textual is installed, so the full-screen interface can run."""
    return importlib.util.find_spec("textual") is not None

"""Errors raised by the engine.

Exception tree::

    ValueError
     ├── IllegalAction        a well-formed action the rules do not allow now
     ├── ActionSyntaxError    text that is not an action of this game at all
     ├── BadOption            an unknown option or a value out of range
     └── BadSaveFile          a save file or record that cannot be loaded

Every error leaves the game it was raised for unchanged.
"""

from __future__ import annotations

__all__ = ["ActionSyntaxError", "BadOption", "BadSaveFile", "IllegalAction"]


class IllegalAction(ValueError):
    """The action is well formed but the rules do not allow it for this seat now."""


class ActionSyntaxError(ValueError):
    """The text does not parse as an action of the game."""


class BadOption(ValueError):
    """A game option is unknown, of the wrong type, or out of range."""


class BadSaveFile(ValueError):
    """A saved state or match record is malformed or inconsistent."""

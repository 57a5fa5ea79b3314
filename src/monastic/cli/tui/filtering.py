"""Which choices a typed filter keeps, and which one a typed answer names."""

from __future__ import annotations

__all__ = ["exact_choice", "matching"]


def _words(text: str) -> list[str]:
    return text.lower().split()


def matching(choices: list[str], typed: str) -> list[str]:
    """The choices that start with what was typed (any case); failing that, those that hold
    each typed word at the start of one of their words (``gue 1,2`` finds
    ``lay GUEST_HOUSE 1,2 r90``); failing that, those that hold each typed word anywhere."""
    want = " ".join(_words(typed))
    if not want:
        return list(choices)
    found = [c for c in choices if c.lower().startswith(want)]
    if found:
        return found
    parts = want.split()
    found = [c for c in choices if all(any(w.startswith(p) for w in _words(c)) for p in parts)]
    if found:
        return found
    return [c for c in choices if all(p in c.lower() for p in parts)]


def exact_choice(choices: list[str], typed: str) -> str | None:
    """The choice the typed text spells out, in any case and spacing, or None."""
    want = _words(typed)
    for choice in choices:
        if _words(choice) == want:
            return choice
    return None

"""The bot interface every bot implements."""

from __future__ import annotations

from typing import Protocol

from monastic.engine import Action, State

__all__ = ["Bot"]


class Bot(Protocol):
    """A bot decides for one seat from what that seat may know."""

    name: str

    def choose(self, state: State, seat: int) -> Action:
        """Return one of ``state.legal_actions(seat)``."""
        ...

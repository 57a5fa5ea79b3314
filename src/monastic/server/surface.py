"""What a front end reads of a game: the view and the log lines, for one seat.

Everything a connection is sent about the game comes from here, and everything here comes
from ``state.view(seat)`` and ``events_for(events, seat)`` of that seat alone, in the game's
own words (``Game.describe``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from monastic.engine import Event, Game, State, events_for

__all__ = ["chat_open", "common_view", "log_lines"]


def common_view(state: State, seat: int | None) -> dict[str, Any]:
    """``state.view(seat)``: the shared keys every game starts with, then its own."""
    return state.view(seat)


def log_lines(game: Game, events: Iterable[Event], viewer: int | None) -> list[str]:
    """The log lines of one move's events for ``viewer``."""
    return [game.describe(seen, viewer) for seen in events_for(events, viewer)]


def chat_open(view: Mapping[str, Any]) -> bool:
    """Whether table chat is open now: a game closes it by a false ``chat_allowed`` in its
    view (Monastery's vow of silence outside prayer hours, M-62)."""
    return view.get("chat_allowed") is not False

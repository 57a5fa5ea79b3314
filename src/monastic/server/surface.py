"""What a front end reads of a game: the common view and the log lines, for one seat.

Everything a connection is sent about the game comes from here, and everything here comes
from ``state.view(seat)`` and ``events_for(events, seat)`` of that seat alone.

A game whose view does not yet start with the common keys (``engine.VIEW_KEYS``) gets them
filled in from the contract (``to_act``, that seat's ``legal_actions``, ``result``), and an
event the game cannot ``describe`` yet is written as its kind and fields; both fallbacks use
only what the seat is given anyway.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from monastic.engine import VIEW_KEYS, Event, Game, State, events_for

__all__ = ["chat_open", "common_view", "describe_line", "log_lines"]


def common_view(state: State, seat: int | None) -> dict[str, Any]:
    """``state.view(seat)`` in the common shape."""
    view = state.view(seat)
    if all(key in view for key in VIEW_KEYS):
        return view
    return _filled(state, seat, view)


def _filled(state: State, seat: int | None, view: dict[str, Any]) -> dict[str, Any]:
    over = state.is_over()
    to_act = state.to_act()
    decision = None
    if seat is not None and seat in to_act:
        texts = state.legal_texts(seat)
        kinds = sorted({text.split(" ", 1)[0] for text in texts})
        decision = {"kind": "/".join(kinds), "prompt": "Choose an action", "actions": texts}
    players = view.get("players")
    phase = view.get("phase")
    filled: dict[str, Any] = {
        "game": state.game.id,
        "viewer": seat,
        "players": players if isinstance(players, list) else [{} for _ in range(state.players)],
        "phase": phase if isinstance(phase, str) else "play",
        "phase_text": str(phase).replace("_", " ").capitalize() if phase else "",
        "to_act": to_act,
        "decision": decision,
        "over": over,
        "result": state.result().to_dict() if over else None,
    }
    for key, value in view.items():
        if key not in filled and key != "seat":
            filled[key] = value
    return filled


def describe_line(game: Game, event: Mapping[str, Any], viewer: int | None) -> str:
    """One event, as ``viewer`` was given it, in one line."""
    try:
        return game.describe(event, viewer)
    except NotImplementedError:
        fields = ", ".join(f"{k} {_short(v)}" for k, v in event.items() if k != "kind")
        kind = str(event.get("kind", "event")).replace("_", " ")
        return f"{kind}: {fields}" if fields else kind


def _short(value: Any) -> str:
    if isinstance(value, list | tuple):
        return " ".join(_short(v) for v in value)
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k} {_short(v)}" for k, v in value.items()) + "}"
    return str(value)


def log_lines(game: Game, events: Iterable[Event], viewer: int | None) -> list[str]:
    """The log lines of one move's events for ``viewer``."""
    return [describe_line(game, seen, viewer) for seen in events_for(events, viewer)]


def chat_open(view: Mapping[str, Any]) -> bool:
    """Whether table chat is open now: a game closes it by a false ``chat_allowed`` in its
    view (Monastery's vow of silence outside prayer hours, M-62)."""
    return view.get("chat_allowed") is not False

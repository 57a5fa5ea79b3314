"""Events: what happened, for logs and animation, filtered per seat like views."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from types import MappingProxyType
from typing import Any, NamedTuple

__all__ = ["GAME_OVER", "ROUND", "Event", "events_for"]

#: Event kinds spelt the same in every game. Each game's other kinds are its own.
GAME_OVER = "game_over"  # the game has ended: {"scores": [...], "winners": [...]}
ROUND = "round"  # a new round (turn, day or hour) begins: {"round": n, ...}

JSON = Any
_NO_DATA: Mapping[str, JSON] = MappingProxyType({})


class Event(NamedTuple):
    """One thing that happened.

    ``audience`` None means everyone sees ``data``. Otherwise only the listed seats see
    ``data``; every other viewer (spectators included) sees ``public`` if it is given,
    and nothing at all if it is None. A named tuple because games emit one or more per
    action, also inside search, and a tuple is the cheapest immutable record to build.
    """

    kind: str
    data: Mapping[str, JSON] = _NO_DATA
    audience: frozenset[int] | None = None
    public: Mapping[str, JSON] | None = None

    def for_seat(self, seat: int | None) -> dict[str, JSON] | None:
        """Return this event as ``seat`` may see it (None: spectator), or None if hidden."""
        if self.audience is None or (seat is not None and seat in self.audience):
            return {"kind": self.kind, **self.data}
        if self.public is not None:
            return {"kind": self.kind, **self.public}
        return None


def events_for(events: Iterable[Event], seat: int | None) -> list[dict[str, JSON]]:
    """Filter a list of events for one viewer."""
    out = []
    for event in events:
        seen = event.for_seat(seat)
        if seen is not None:
            out.append(seen)
    return out

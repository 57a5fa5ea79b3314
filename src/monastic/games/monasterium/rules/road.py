"""The road (§6.4): the messenger moves forward, queueing the bonuses of the spaces entered."""

from __future__ import annotations

from monastic.engine import Event
from monastic.games.monasterium.catalogue import ROAD_BONUS, ROAD_LEN
from monastic.games.monasterium.rules.missions import check_missions
from monastic.games.monasterium.state import TASK_ROAD, StateData, Tasks


def do_move(s: StateData, p: int, steps: int, ev: list[Event], new: Tasks) -> None:
    """Move the messenger; the bonuses of every space entered queue up in order (§6.4)."""
    pos = s.messenger_space[p]
    entered = []
    for _ in range(steps):
        if pos == ROAD_LEN:
            pos = 1
            s.laps[p] += 1
        else:
            pos += 1
        if ROAD_BONUS[pos] is not None:
            entered.append(pos)
    s.messenger_space[p] = pos
    ev.append(Event("move", {"seat": p, "steps": steps, "to": pos}))
    check_missions(s, p, ev)
    if entered:
        new.append((TASK_ROAD, *entered))

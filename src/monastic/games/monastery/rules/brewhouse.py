"""The Brewhouse in prayer hours and at Night (M-44, M-45): who may use it, and how."""

from __future__ import annotations

from typing import Any, Final

from monastic.engine import Event
from monastic.games.monastery.actions import End, Keep, Stand
from monastic.games.monastery.catalogue import INSTANCES, N_MONKS
from monastic.games.monastery.rules import common
from monastic.games.monastery.rules.geometry import cell_key, cell_xy
from monastic.games.monastery.state import PRAYING, PRISONER, UPRIGHT, StateData

__all__ = ["apply", "brewers", "legal"]


def brewers(st: StateData) -> list[int]:
    """M-44/M-45: the seats that may use the Brewhouse, fixed at the start of the round."""
    if st.simple:
        return []
    brew = _BREWHOUSE
    if brew < 0 or st.tile_cell[brew] < 0 or not st.tile_finished[brew]:
        return []
    on = [m for m in range(N_MONKS) if st.monk_location[m] == brew]
    if any(st.monk_posture[m] != UPRIGHT for m in on):
        return []
    seats = {common.owner(st, m) for m in on}
    out = []
    for s in st.turn_order:
        if s in seats and _choices(st, s, night=common.hour(st) == common.NIGHT):
            out.append(s)
    return out


#: the Brewhouse's tile instance (-1: none)
_BREWHOUSE: Final = next((i for i, t in enumerate(INSTANCES) if t.symbol == "brewhouse"), -1)


def _choices(st: StateData, seat: int, night: bool) -> list[Any]:
    out: list[Any] = []
    seen = set()
    for m in common.seat_monks(st, seat):
        loc = st.monk_location[m]
        if loc < 0 or st.monk_posture[m] == PRISONER or m in st.kept_monks:
            continue
        x, y = cell_xy(st.tile_cell[loc])
        if night:
            a: Any = Keep(x, y, st.monk_box[m])
        elif st.monk_posture[m] == PRAYING:
            a = Stand(x, y)
        else:
            continue
        if a not in seen:
            seen.add(a)
            out.append(a)
    return out


def legal(st: StateData, seat: int) -> list[Any]:
    return [*_choices(st, seat, common.hour(st) == common.NIGHT), End()]


def apply(st: StateData, seat: int, action: Any, events: list[Event] | None) -> bool:
    """Apply a Brewhouse action; True when the last brewer is done."""
    if isinstance(action, End):
        st.turn += 1
        return st.turn >= len(st.brewers)
    node = st.grid[cell_key(action.x, action.y)]
    box = action.box if isinstance(action, Keep) else -1
    m = next(
        m
        for m in common.seat_monks(st, seat)
        if st.monk_location[m] == node
        and st.monk_box[m] == box
        and m not in st.kept_monks
        and st.monk_posture[m] != PRISONER
        and (isinstance(action, Keep) or st.monk_posture[m] == PRAYING)
    )
    st.kept_monks.append(m)
    st.monk_posture[m] = UPRIGHT
    if events is not None:
        events.append(Event("brewhouse", {"seat": seat, "action": str(action)}))
    return False

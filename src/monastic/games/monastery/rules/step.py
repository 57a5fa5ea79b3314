"""A player's step in a Study or Toil round: laying or exchanging, movement, encouragement."""

from __future__ import annotations

from collections import deque
from typing import Any

from monastic.engine import Event
from monastic.games.monastery.actions import (
    ABBEY_XY,
    Encourage,
    End,
    Exchange,
    Lay,
    Move,
    Shift,
)
from monastic.games.monastery.catalogue import ABBEY, INSTANCES, TYPE_BY_ID, TYPES
from monastic.games.monastery.rules import common
from monastic.games.monastery.rules.geometry import (
    ROT,
    adjacency,
    adjacent_tiles,
    cell_key,
    cell_xy,
    placements,
)
from monastic.games.monastery.state import P_RETURN, R_EXCHANGE, StateData

__all__ = ["begin_step", "lay_tile", "legal", "reachable"]

#: colour -> the instance index of that colour's secret passage
PASSAGE_OF = tuple(
    next(i for i, t in enumerate(INSTANCES) if t.owner_colour == c) for c in range(4)
)


def begin_step(st: StateData, seat: int) -> None:
    """Set up a step: movement points (M-13) and the monks that may shift for free (M-18)."""
    upright = [m for m in common.seat_monks(st, seat) if st.mloc[m] >= -1 and st.mstate[m] == 0]
    st.mp = 2 * len(upright)
    st.did_lay = 0
    st.encouraging = 0
    st.stopped = []
    st.shiftable = [
        m
        for m in upright
        if st.mloc[m] >= 0 and not st.tfin[st.mloc[m]] and -1 in st.tbox[st.mloc[m]]
    ]


def hand_types(st: StateData, seat: int) -> list[int]:
    """Distinct type indices in the hand that this seat may lay (passages: own only, M-8)."""
    out: list[int] = []
    for t in st.hand[seat]:
        tt = INSTANCES[t]
        if tt.owner_colour >= 0 and tt.owner_colour != st.colour[seat]:
            continue
        if tt.index not in out:
            out.append(tt.index)
    return out


def lay_actions(st: StateData, seat: int, stables: bool) -> list[Lay]:
    out = []
    for ti, key, rot in placements(st, hand_types(st, seat)):
        x, y = cell_xy(key)
        out.append(Lay(TYPES[ti].id, x, y, rot, stables))
    return out


def _passages(st: StateData, seat: int) -> list[int]:
    """Laid passages a monk of ``seat`` may jump to (M-19, team: partner's too)."""
    colours = [st.colour[seat]]
    if st.team:
        colours.append(common.partner_colour(st, seat))
    out = []
    for c in colours:
        i = PASSAGE_OF[c]
        if st.tpos[i] >= 0 and not any(
            loc == i and st.mstate[m] != 0 for m, loc in enumerate(st.mloc)
        ):
            out.append(i)
    out.sort()
    return out


def reachable(st: StateData, seat: int, start: int, budget: int) -> dict[int, int]:
    """Min cost from ``start`` to every node a monk may end on (start excluded)."""
    adj = adjacency(st)
    jumps = _passages(st, seat)
    counts = [0] * (ABBEY + 1)
    for loc in st.mloc:
        if loc >= 0:
            counts[loc] += 1
    dist = {start: 0}
    queue = deque([start])
    out: dict[int, int] = {}
    while queue:
        node = queue.popleft()
        c = dist[node]
        if node != start:
            if node == ABBEY:
                out[node] = c
            elif st.tfin[node]:
                if counts[node] < INSTANCES[node].value:
                    out[node] = c
            elif -1 in st.tbox[node]:
                out[node] = c
                continue  # must stop (§2.7)
        if c >= budget:
            continue
        for nxt in (*adj[node], *jumps):
            if nxt not in dist:
                dist[nxt] = c + 1
                queue.append(nxt)
    return out


def movable(st: StateData, seat: int) -> list[int]:
    """One representative per distinct place: upright, not stopped, not on a full uc tile."""
    out = []
    seen: set[tuple[int, int]] = set()
    for m in common.seat_monks(st, seat):
        loc = st.mloc[m]
        if loc < -1 or st.mstate[m] != 0 or m in st.stopped:
            continue
        if loc >= 0 and not st.tfin[loc] and -1 not in st.tbox[loc]:
            continue
        place = (loc, st.mbox[m])
        if place not in seen:
            seen.add(place)
            out.append(m)
    return out


def move_actions(st: StateData, seat: int) -> list[Any]:
    out: list[Any] = []
    if st.mp <= 0 and not st.shiftable:
        return out
    for m in movable(st, seat):
        start = common.node_of(st, m)
        sx, sy = common.xy_of_node(st, start)
        sbox = st.mbox[m]
        if st.mp > 0:
            # ordered by place, never by tile number (which would hint at hidden identities)
            dests = sorted(
                (common.xy_of_node(st, node), node, cost)
                for node, cost in reachable(st, seat, start, st.mp).items()
            )
            for (dx, dy), node, cost in dests:
                if node != ABBEY and not st.tfin[node]:
                    for b, occ in enumerate(st.tbox[node]):
                        if occ == -1:
                            out.append(Move(sx, sy, sbox, dx, dy, b, cost))
                else:
                    out.append(Move(sx, sy, sbox, dx, dy, -1, cost))
        if m in st.shiftable:
            for b, occ in enumerate(st.tbox[start]):
                if occ == -1:
                    out.append(Shift(sx, sy, sbox, b))
    return out


def legal(st: StateData, seat: int) -> list[Any]:
    out: list[Any] = []
    if not st.encouraging:
        if not st.did_lay:
            out.extend(lay_actions(st, seat, False))
            if st.bag and st.hand[seat]:
                out.append(Exchange())
        out.extend(move_actions(st, seat))
    if st.bless[seat] > 0:
        for key in sorted(st.tpos[i] for i in st.laid_order if not st.tfin[i]):
            if -1 in st.tbox[st.grid[key]]:
                x, y = cell_xy(key)
                out.append(Encourage(x, y))
    out.append(End())
    return out


def lay_tile(st: StateData, seat: int, action: Lay, events: list[Event]) -> None:
    """Lay a tile from hand (L7; livestock blessings M-12)."""
    tt = TYPE_BY_ID[action.tile]
    hand = st.hand[seat]
    inst = next(t for t in hand if INSTANCES[t].index == tt.index)
    hand.remove(inst)
    key = cell_key(action.x, action.y)
    st.tpos[inst] = key
    st.trot[inst] = action.rot
    st.tfin[inst] = 1 if tt.livestock else 0
    st.tlayer[inst] = seat
    st.grid[key] = inst
    st.laid_order.append(inst)
    st._adj = None
    data = {"seat": seat, "tile": tt.id, "x": action.x, "y": action.y, "rot": action.rot * 90}
    if tt.category == "building":
        edges = "".join("-PG"[e] for e in ROT[tt.index][action.rot])
        public = {
            "seat": seat,
            "x": action.x,
            "y": action.y,
            "edges": edges,
            "category": tt.category,
            "colour": tt.colour,
            "boxes": list(tt.boxes),
        }
        events.append(Event("lay", data, audience=frozenset({seat}), public=public))
    else:
        events.append(Event("lay", data))
    if tt.livestock:
        for _ in range(adjacent_tiles(st, key)):
            common.receive(st, seat, action.stables, events, "livestock")


def _find_monk(st: StateData, seat: int, x: int, y: int, box: int) -> int:
    node = -1 if (x, y) == ABBEY_XY else st.grid[cell_key(x, y)]
    for m in common.seat_monks(st, seat):
        if st.mloc[m] == node and st.mstate[m] == 0 and st.mbox[m] == box and m not in st.stopped:
            return m
    raise ValueError("no such monk")


def apply(st: StateData, seat: int, action: Any, events: list[Event]) -> bool:
    """Apply a step action; True when the step is over."""
    if isinstance(action, Lay):
        lay_tile(st, seat, action, events)
        st.did_lay = 1
        return False
    if isinstance(action, Exchange):
        st.did_lay = 1
        common.draw(st, seat, events)
        st.pending.append([P_RETURN, seat, R_EXCHANGE])
        return False
    if isinstance(action, Move):
        m = _find_monk(st, seat, action.sx, action.sy, action.sbox)
        old = st.mloc[m]
        if old >= 0 and st.mbox[m] >= 0:
            st.tbox[old][st.mbox[m]] = -1
        st.mp -= action.cost
        if m in st.shiftable:
            st.shiftable.remove(m)
        if (action.dx, action.dy) == ABBEY_XY:
            st.mloc[m] = -1
            st.mbox[m] = -1
        else:
            node = st.grid[cell_key(action.dx, action.dy)]
            st.mloc[m] = node
            st.mbox[m] = action.dbox
            if action.dbox >= 0:
                st.tbox[node][action.dbox] = m
                st.stopped.append(m)
                got = st.tbless[node]
                if got:
                    st.tbless[node] = 0
                    st.bless[seat] += got
                    events.append(
                        Event(
                            "claim",
                            {"seat": seat, "x": action.dx, "y": action.dy, "blessings": got},
                        )
                    )
        events.append(Event("move", {"seat": seat, "action": str(action)}))
        return False
    if isinstance(action, Shift):
        m = _find_monk(st, seat, action.x, action.y, action.a)
        node = st.mloc[m]
        st.tbox[node][action.a] = -1
        st.tbox[node][action.b] = m
        st.mbox[m] = action.b
        st.shiftable.remove(m)
        events.append(Event("shift", {"seat": seat, "action": str(action)}))
        return False
    if isinstance(action, Encourage):
        node = st.grid[cell_key(action.x, action.y)]
        st.bless[seat] -= 1
        st.tbless[node] += 1
        st.encouraging = 1
        events.append(Event("encourage", {"seat": seat, "x": action.x, "y": action.y}))
        return False
    if isinstance(action, End):
        events.append(Event("end_step", {"seat": seat}))
        return True
    raise ValueError(f"{action} is not a step action")

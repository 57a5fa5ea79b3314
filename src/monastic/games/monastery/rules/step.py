"""A player's step in a Study or Toil round: laying or exchanging, movement, encouragement."""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Final

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
from monastic.games.monastery.catalogue import ABBEY, COLOURS, INSTANCES, TYPE_BY_ID, TileType
from monastic.games.monastery.rules import common, occupancy
from monastic.games.monastery.rules.common import MONKS_OF_COLOUR
from monastic.games.monastery.rules.geometry import INST_TYPE, ROT, adjacent_tiles, cell_key
from monastic.games.monastery.rules.layout import (
    BOX_SPAN,
    COST_SPAN,
    MOVES,
    Layout,
    layout,
    tile_laid,
)
from monastic.games.monastery.state import IN_ABBEY, P_RETURN, R_EXCHANGE, UPRIGHT, StateData

__all__ = ["begin_step", "lay_tile", "legal", "reachable"]

#: colour -> the instance index of that colour's secret passage
PASSAGE_OF: Final = tuple(
    next(i for i, t in enumerate(INSTANCES) if t.owner_colour == c) for c in range(COLOURS)
)


def begin_step(st: StateData, seat: int) -> None:
    """Set up a step: movement points (M-13) and the monks that may shift for free (M-18)."""
    location, posture = st.monk_location, st.monk_posture
    finished, boxes = st.tile_finished, st.tile_box_monks
    upright = 0
    shiftable = []
    for m in MONKS_OF_COLOUR[st.seat_colour[seat]]:  # one loop, no comprehension's call
        loc = location[m]
        if loc >= IN_ABBEY and posture[m] == UPRIGHT:
            upright += 1
            if loc >= 0 and not finished[loc] and -1 in boxes[loc]:
                shiftable.append(m)
    st.movement_points = 2 * upright
    st.laid_this_step = 0
    st.encouraging = 0
    st.stopped_monks = []
    st.shiftable_monks = shiftable


def hand_types(st: StateData, seat: int) -> list[int]:
    """Distinct type indices in the hand that this seat may lay (passages: own only, M-8),
    ascending."""
    layable = _LAYABLE_TYPE[st.seat_colour[seat]]
    out: list[int] = []
    for t in st.hands[seat]:
        ti = layable[t]
        if ti >= 0 and ti not in out:
            out.append(ti)
    out.sort()
    return out


#: per colour, per tile instance: its type index, -1 for another colour's passage (M-8)
_LAYABLE_TYPE: Final = tuple(
    tuple(-1 if 0 <= t.owner_colour != c else t.index for t in INSTANCES) for c in range(COLOURS)
)


def lay_actions(st: StateData, seat: int, stables: bool) -> list[Lay]:
    """The legal placements of the hand, by type index, then cell, then rotation (shared:
    never change the list). A step lists them again after every move, mostly unchanged."""
    return _lay_actions(st, seat, stables, layout(st), occupancy.occupancy(st))


def _lay_actions(
    st: StateData, seat: int, stables: bool, lay: Layout, occupied: occupancy.Occupancy
) -> list[Lay]:
    """``lay_actions`` with the state's layout and occupancy."""
    qual = lay.qualified(occupied)
    key = (st.seat_colour[seat], tuple(st.hands[seat]), stables, qual)
    out = lay.hand_lays.get(key)
    if out is None:
        out = lay.hand_list(hand_types(st, seat), stables, qual)
        if len(lay.hand_lays) >= _HAND_LAYS_LIMIT:
            lay.hand_lays.clear()
        lay.hand_lays[key] = out
    return out


#: memo bound of ``Layout.hand_lays``: a search meets many hands on one layout
_HAND_LAYS_LIMIT: Final = 1024


def _passages(st: StateData, seat: int) -> tuple[int, ...]:
    """Laid passages a monk of ``seat`` may jump to (M-19, team: partner's too), ascending."""
    own = PASSAGE_OF[st.seat_colour[seat]]
    if not st.team:  # mostly not laid yet: no call then
        return (own,) if st.tile_cell[own] >= 0 and _open_passage(st, own) else ()
    out = [i for i in (own, PASSAGE_OF[common.partner_colour(st, seat)]) if _open_passage(st, i)]
    out.sort()
    return tuple(out)


def _open_passage(st: StateData, i: int) -> bool:
    """Passage ``i`` is laid and no monk prays or is imprisoned there (M-19)."""
    if st.tile_cell[i] < 0:
        return False
    location = st.monk_location
    if i in location:  # mostly not: no loop then
        posture = st.monk_posture
        m = -1
        for _ in range(location.count(i)):  # only the monks there, found in C
            m = location.index(i, m + 1)
            if posture[m] != UPRIGHT:
                return False
    return True


def reachable(st: StateData, seat: int, start: int, budget: int) -> dict[int, int]:
    """Min cost from ``start`` to every node a monk may end on (start excluded), in the order
    a breadth-first search meets them."""
    occupied = occupancy.occupancy(st)
    order, dist, _, _ = layout(st).routes(st, start, _stops(st), _passages(st, seat), budget)
    return {
        node: dist[node]
        for node in order
        if dist[node] <= budget and _may_end(st, node, occupied.room)
    }


def _stops(st: StateData) -> bytes:
    """The nodes a monk enters but does not leave (§2.7), a flag per node: the unfinished
    tiles with a free box (the open ones), as the occupancy keeps them for the route
    searches' memo (``occupancy.open_flags``)."""
    return occupancy.open_flags(occupancy.occupancy(st))


def _may_end(st: StateData, node: int, room: list[int]) -> bool:
    """The Abbey, a finished tile with room (``Occupancy.room``), an unfinished tile with a
    free box."""
    if node == ABBEY:
        return True
    if st.tile_finished[node]:
        return room[node] == 1
    return -1 in st.tile_box_monks[node]


def movable(st: StateData, seat: int) -> list[int]:
    """One representative per distinct place: upright, not stopped, not on a full uc tile."""
    out = []
    seen: list[int] = []  # the places met, as location * BOX_SPAN + box
    location, posture, box = st.monk_location, st.monk_posture, st.monk_box
    stopped, finished, boxes = st.stopped_monks, st.tile_finished, st.tile_box_monks
    for m in MONKS_OF_COLOUR[st.seat_colour[seat]]:
        loc = location[m]
        if loc < IN_ABBEY or posture[m] != UPRIGHT or m in stopped:
            continue
        if loc >= 0 and not finished[loc] and -1 not in boxes[loc]:
            continue
        place = loc * BOX_SPAN + box[m]
        if place not in seen:
            seen.append(place)
            out.append(m)
    return out


def move_actions(st: StateData, seat: int) -> list[Any]:
    out: list[Any] = []
    occupied = occupancy.occupancy(st)
    _move_actions(st, seat, layout(st), occupied, occupancy.open_flags(occupied), out)
    return out


def _move_actions(
    st: StateData,
    seat: int,
    lay: Layout,
    occupied: occupancy.Occupancy,
    stops: bytes,
    out: list[Any],
) -> None:
    """``move_actions`` with the state's layout, occupancy and its open flags as bytes
    (``_stops``), added to ``out`` (a listing's own list: no list of the moves alone made
    and copied)."""
    budget = st.movement_points
    shiftable = st.shiftable_monks
    if budget <= 0 and not shiftable:
        return
    boxes = st.tile_box_monks
    finished = st.tile_finished
    spots = lay.spot_list()  # the place tables made: ``lay.targets`` is ready too
    if budget > 0:
        room = occupied.room
        jumps = _passages(st, seat)
        cell = st.tile_cell
        targets = lay.targets
        rows = MOVES.rows
    location, posture, monk_box = st.monk_location, st.monk_posture, st.monk_box
    stopped = st.stopped_monks
    seen: list[int] = []  # the places met, as location * BOX_SPAN + box
    # ``movable`` inlined (no list made): the first monk at each distinct place moves for it
    for m in MONKS_OF_COLOUR[st.seat_colour[seat]]:
        start = location[m]
        if start < IN_ABBEY or posture[m] != UPRIGHT or m in stopped:
            continue
        if start >= 0 and not finished[start] and -1 not in boxes[start]:
            continue
        sbox = monk_box[m]
        place = start * BOX_SPAN + sbox
        if place in seen:
            continue
        seen.append(place)
        if start == IN_ABBEY:
            start = ABBEY
        sx, sy = spots[start]
        if budget > 0:
            source = -1 if start == ABBEY else cell[start]
            row = rows.get(source * BOX_SPAN + sbox + 1)  # ``MOVES.row``'s memo, read here
            if row is None:
                row = MOVES.row(source, sbox)
            found = lay.routes_memo.get((start, stops, jumps))  # ``routes``'s memo, read here
            if found is None or found[2] < budget:
                found = lay.routes(st, start, stops, jumps, budget)
            order, dist, _, nodes = found
            # The moves by place, never by tile number (which would hint at hidden
            # identities): the tiles met, all within the budget unless a search for more is
            # reused.
            if order and dist[order[-1]] > budget:
                nodes = [node for node in nodes if dist[node] <= budget]
            # To a finished tile with room, into each free box of a tile still filling, or
            # to the Abbey (whose place comes last); each move from ``row``, by its code.
            for node in nodes:
                if room[node]:  # finished, with room: the code only then
                    code = targets[node] + dist[node]
                    move = row.get(code)
                    if move is None:
                        move = MOVES.add(row, code, sx, sy, sbox, spots[node])
                    out.append(move)
                    continue
                if finished[node]:  # and full
                    continue
                code = targets[node] + dist[node]
                for occupant in boxes[node]:
                    code += COST_SPAN
                    if occupant == -1:
                        move = row.get(code)
                        if move is None:
                            move = MOVES.add(row, code, sx, sy, sbox, spots[node])
                        out.append(move)
            if 0 < dist[ABBEY] <= budget:
                code = targets[ABBEY] + dist[ABBEY]
                move = row.get(code)
                if move is None:
                    move = MOVES.add(row, code, sx, sy, sbox, ABBEY_XY)
                out.append(move)
        if m in shiftable:
            occupants = boxes[start]
            for b in range(len(occupants)):
                if occupants[b] == -1:
                    out.append(_shift(sx, sy, sbox, b))


def legal(st: StateData, seat: int) -> list[Any]:
    out: list[Any] = []
    lay, occupied = layout(st), occupancy.occupancy(st)  # found once for every part
    open_ = occupancy.open_flags(occupied)  # the route searches' and encouragements' key
    if not st.encouraging:
        if not st.laid_this_step:
            out.extend(_lay_actions(st, seat, False, lay, occupied))
            if st.bag and st.hands[seat]:
                out.append(_EXCHANGE)
        _move_actions(st, seat, lay, occupied, open_, out)
    if st.blessings[seat] > 0:
        # the unfinished tiles with a free box, by place (the livestock are laid finished)
        got = lay.open_encourages.get(open_)  # ``encourage_open``'s memo, read here
        out.extend(lay.encourage_open(open_) if got is None else got)
    out.append(_END)
    return out


#: actions without fields are one value each
_END, _EXCHANGE = End(), Exchange()


@lru_cache(maxsize=4096)
def _shift(x: int, y: int, a: int, b: int) -> Shift:
    return Shift(x, y, a, b)


def lay_tile(st: StateData, seat: int, action: Lay, events: list[Event] | None) -> None:
    """Lay a tile from hand (L7; livestock blessings M-12)."""
    tt = TYPE_BY_ID[action.tile]
    hand = st.hands[seat]
    ti = tt.index
    for inst in hand:  # the first of its type (no generator made)
        if INST_TYPE[inst] == ti:
            break
    else:
        raise ValueError(f"there is no {action.tile} in the hand")
    hand.remove(inst)
    key = cell_key(action.x, action.y)
    st.tile_cell[inst] = key
    st.tile_rotation[inst] = action.rot
    st.tile_finished[inst] = 1 if tt.livestock else 0
    st.tile_laid_by[inst] = seat
    st.grid[key] = inst
    st.laid_order.append(inst)
    tile_laid(st, inst)
    occupancy.changed(st, inst)
    if events is not None:
        events.append(_lay_event(seat, tt, action))
    if tt.livestock:
        for _ in range(adjacent_tiles(st, key)):
            common.receive(st, seat, action.stables, events, "livestock")


def _lay_event(seat: int, tt: TileType, action: Lay) -> Event:
    """The lay: a building is laid face down (M-5), so others see only its back."""
    data = {"seat": seat, "tile": tt.id, "x": action.x, "y": action.y, "rot": action.rot * 90}
    if tt.category != "building":
        return Event("lay", data)
    public = {
        "seat": seat,
        "x": action.x,
        "y": action.y,
        "edges": "".join("-PG"[e] for e in ROT[tt.index][action.rot]),
        "category": tt.category,
        "colour": tt.colour,
        "boxes": list(tt.boxes),
    }
    return Event("lay", data, audience=frozenset({seat}), public=public)


def _find_monk(st: StateData, seat: int, x: int, y: int, box: int) -> int:
    node = IN_ABBEY if x == _ABBEY_X and y == _ABBEY_Y else st.grid[cell_key(x, y)]
    location, posture, boxes = st.monk_location, st.monk_posture, st.monk_box
    for m in MONKS_OF_COLOUR[st.seat_colour[seat]]:
        if (
            location[m] == node
            and posture[m] == UPRIGHT
            and boxes[m] == box
            and m not in st.stopped_monks
        ):
            return m
    raise ValueError("no such monk")


#: the Abbey's place (no tuple made to compare a move's place with it)
_ABBEY_X, _ABBEY_Y = ABBEY_XY


def apply(st: StateData, seat: int, action: Any, events: list[Event] | None) -> bool:
    """Apply a step action; True when the step is over. (The commonest kinds first.)"""
    if isinstance(action, Move):
        m = _find_monk(st, seat, action.sx, action.sy, action.sbox)
        old = st.monk_location[m]
        if old >= 0:
            if st.monk_box[m] >= 0:
                st.tile_box_monks[old][st.monk_box[m]] = -1
            occupancy.left(st, old)
        st.movement_points -= action.cost
        if m in st.shiftable_monks:
            st.shiftable_monks.remove(m)
        if action.dx == _ABBEY_X and action.dy == _ABBEY_Y:
            st.monk_location[m] = IN_ABBEY
            st.monk_box[m] = -1
        else:
            node = st.grid[cell_key(action.dx, action.dy)]
            st.monk_location[m] = node
            st.monk_box[m] = action.dbox
            if action.dbox >= 0:
                st.tile_box_monks[node][action.dbox] = m
                st.stopped_monks.append(m)
                got = st.tile_blessings[node]
                if got:
                    st.tile_blessings[node] = 0
                    st.blessings[seat] += got
                    if events is not None:
                        events.append(
                            Event(
                                "claim",
                                {"seat": seat, "x": action.dx, "y": action.dy, "blessings": got},
                            )
                        )
            occupancy.entered(st, node)
        if events is not None:
            events.append(Event("move", {"seat": seat, "action": str(action)}))
        return False
    if isinstance(action, End):
        if events is not None:
            events.append(Event("end_step", {"seat": seat}))
        return True
    if isinstance(action, Encourage):
        node = st.grid[cell_key(action.x, action.y)]
        st.blessings[seat] -= 1
        st.tile_blessings[node] += 1
        st.encouraging = 1
        if events is not None:
            events.append(Event("encourage", {"seat": seat, "x": action.x, "y": action.y}))
        return False
    if isinstance(action, Lay):
        lay_tile(st, seat, action, events)
        st.laid_this_step = 1
        return False
    if isinstance(action, Exchange):
        st.laid_this_step = 1
        common.draw(st, seat, events)
        st.pending.append([P_RETURN, seat, R_EXCHANGE])
        return False
    if isinstance(action, Shift):
        m = _find_monk(st, seat, action.x, action.y, action.a)
        node = st.monk_location[m]
        st.tile_box_monks[node][action.a] = -1
        st.tile_box_monks[node][action.b] = m
        st.monk_box[m] = action.b
        occupancy.changed(st, node)
        st.shiftable_monks.remove(m)
        if events is not None:
            events.append(Event("shift", {"seat": seat, "action": str(action)}))
        return False
    raise ValueError(f"{action} is not a step action")

"""Small shared helpers: seats and colours, monks, blessings, drawing, prices."""

from __future__ import annotations

from bisect import insort
from typing import TYPE_CHECKING

from monastic.engine import Event
from monastic.games.monastery.actions import ABBEY_XY
from monastic.games.monastery.catalogue import ABBEY, BOARD, INSTANCES
from monastic.games.monastery.geometry import cell_xy

if TYPE_CHECKING:
    from monastic.games.monastery.state import MonasteryState

IN_ABBEY, CROSS = -1, -2
UPRIGHT, PRAYING, PRISONER = 0, 1, 2
STUDY_HOURS = (2, 6, 9)
TOIL_HOURS = (3, 4, 7)
PRAYER_HOURS = (1, 5, 8)
DRAWS = {1: 3, 5: 2, 8: 1}


def hour(st: MonasteryState) -> int:
    return (st.round - 1) % 10 + 1


def seat_of_colour(st: MonasteryState, colour: int) -> int:
    return st.colour.index(colour) if colour in st.colour else -1


def owner(st: MonasteryState, monk: int) -> int:
    return seat_of_colour(st, monk // 5)


def partner_colour(st: MonasteryState, seat: int) -> int:
    return (st.colour[seat] + 2) % 4 if st.team else -1


def node_of(st: MonasteryState, monk: int) -> int:
    loc = st.mloc[monk]
    return ABBEY if loc == IN_ABBEY else loc


def xy_of_node(st: MonasteryState, node: int) -> tuple[int, int]:
    if node == ABBEY:
        return ABBEY_XY
    return cell_xy(st.tpos[node])


def seat_monks(st: MonasteryState, seat: int) -> range:
    c = st.colour[seat]
    return range(c * 5, c * 5 + 5)


def supply(st: MonasteryState) -> int:
    return BOARD.blessings - sum(st.bless) - sum(st.tbless)


def receive(st: MonasteryState, seat: int, locked: bool, events: list[Event], why: str) -> None:
    """One blessing is due to ``seat`` (§4.5, exhaustion included; M-50 locking)."""
    if supply(st) == 0:
        returners = [s for s in range(st.n) if st.bless[s] > 0]
        if not returners:
            events.append(Event("blessing_lost", {"seat": seat, "why": why}))
            return
        for s in returners:
            st.bless[s] -= 1
            if st.locked[s] > st.bless[s] or (s == seat and st.locked[s] > 0):
                st.locked[s] -= 1
        events.append(Event("blessings_returned", {"seats": returners}))
    st.bless[seat] += 1
    if locked:
        st.locked[seat] += 1
    events.append(
        Event(
            "blessing",
            {"seat": seat, "why": why, "locked": locked, "held": st.bless[seat]},
            audience=frozenset({seat}),
            public={"seat": seat, "why": why},
        )
    )


def draw(st: MonasteryState, seat: int, events: list[Event]) -> int:
    """Draw one tile uniformly from the bag into ``seat``'s hand; -1 if the bag is empty."""
    if not st.bag:
        return -1
    tile = st.bag.pop(st.rng.below(len(st.bag)))
    insort(st.hand[seat], tile)
    # What each seat knows of the tiles it put back (for determinize): the drawer may hold them.
    kept = []
    for entry in st.returned:
        if entry[0] == seat:
            if entry[1] != tile:
                kept.append(entry)
        else:
            entry[2] |= 1 << seat
            kept.append(entry)
    st.returned = kept
    events.append(
        Event(
            "draw",
            {"seat": seat, "tile": INSTANCES[tile].id},
            audience=frozenset({seat}),
            public={"seat": seat},
        )
    )
    return tile


def to_bag(st: MonasteryState, seat: int, type_id: str, events: list[Event]) -> None:
    """Return one tile of type ``type_id`` from ``seat``'s hand to the bag."""
    hand = st.hand[seat]
    for i, t in enumerate(hand):
        if INSTANCES[t].id == type_id:
            del hand[i]
            insort(st.bag, t)
            st.returned = [e for e in st.returned if not (e[0] == seat and e[1] == t)]
            st.returned.append([seat, t, 0])
            break
    events.append(
        Event(
            "return",
            {"seat": seat, "tile": type_id},
            audience=frozenset({seat}),
            public={"seat": seat},
        )
    )


def own_track_full(st: MonasteryState, seat: int) -> bool:
    return 0 not in st.track[st.colour[seat]]


def price(st: MonasteryState, seat: int, cell: int) -> int:
    col = cell % 10
    return BOARD.reduced_price[col] if own_track_full(st, seat) else BOARD.full_price[col]


def letters_left(st: MonasteryState) -> int:
    return sum(1 for c in st.bchar if c not in ("", "+"))

"""What every phase shares: hours, seats and colours, monks, blessings, drawing, prices."""

from __future__ import annotations

from bisect import insort

from monastic.engine import Event
from monastic.games.monastery.actions import ABBEY_XY
from monastic.games.monastery.catalogue import ABBEY, BOARD, INSTANCES
from monastic.games.monastery.rules.geometry import cell_xy
from monastic.games.monastery.state import IN_ABBEY, UPRIGHT, StateData

STUDY_HOURS = (2, 6, 9)
TOIL_HOURS = (3, 4, 7)
PRAYER_HOURS = (1, 5, 8)
DRAWS = {1: 3, 5: 2, 8: 1}


def hour(st: StateData) -> int:
    return (st.round - 1) % 10 + 1


def seat_of_colour(st: StateData, colour: int) -> int:
    return st.colour.index(colour) if colour in st.colour else -1


def owner(st: StateData, monk: int) -> int:
    return seat_of_colour(st, monk // 5)


def partner_colour(st: StateData, seat: int) -> int:
    return (st.colour[seat] + 2) % 4 if st.team else -1


def node_of(st: StateData, monk: int) -> int:
    loc = st.mloc[monk]
    return ABBEY if loc == IN_ABBEY else loc


def xy_of_node(st: StateData, node: int) -> tuple[int, int]:
    if node == ABBEY:
        return ABBEY_XY
    return cell_xy(st.tpos[node])


def seat_monks(st: StateData, seat: int) -> range:
    c = st.colour[seat]
    return range(c * 5, c * 5 + 5)


def supply(st: StateData) -> int:
    return BOARD.blessings - sum(st.bless) - sum(st.tbless)


def receive(st: StateData, seat: int, locked: bool, events: list[Event], why: str) -> None:
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


def draw(st: StateData, seat: int, events: list[Event]) -> int:
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


def to_bag(st: StateData, seat: int, type_id: str, events: list[Event]) -> None:
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


def to_abbey(st: StateData, m: int) -> None:
    """Send monk ``m`` home to the Abbey, upright, leaving any box it held."""
    loc = st.mloc[m]
    if loc >= 0 and st.mbox[m] >= 0:
        st.tbox[loc][st.mbox[m]] = -1
    st.mloc[m] = IN_ABBEY
    st.mbox[m] = -1
    st.mstate[m] = UPRIGHT


def own_track_full(st: StateData, seat: int) -> bool:
    return 0 not in st.track[st.colour[seat]]


def price(st: StateData, seat: int, cell: int) -> int:
    col = cell % 10
    return BOARD.reduced_price[col] if own_track_full(st, seat) else BOARD.full_price[col]


def letters_left(st: StateData) -> int:
    return sum(1 for c in st.bchar if c not in ("", "+"))

"""What every phase shares: hours, seats and colours, monks, blessings, drawing, prices."""

from __future__ import annotations

from bisect import insort
from typing import Final

from monastic.engine import Event
from monastic.games.monastery.actions import ABBEY_XY
from monastic.games.monastery.catalogue import (
    ABBEY,
    BOARD,
    BOARD_COLUMNS,
    COLOURS,
    INSTANCES,
    MONKS_PER_COLOUR,
)
from monastic.games.monastery.rules import occupancy
from monastic.games.monastery.rules.geometry import cell_xy
from monastic.games.monastery.state import IN_ABBEY, UPRIGHT, StateData

#: The hour-disc (§1.1): ten hours a day, the tenth is Night; the game lasts two days.
HOURS_PER_DAY: Final = 10
NIGHT: Final = 10
DAYS: Final = 2
LAST_ROUND: Final = DAYS * HOURS_PER_DAY
STUDY_HOURS: Final = (2, 6, 9)
TOIL_HOURS: Final = (3, 4, 7)
PRAYER_HOURS: Final = (1, 5, 8)
DRAWS: Final = {1: 3, 5: 2, 8: 1}


def hour_kind(hour: int) -> str:
    """``prayer``, ``study``, ``toil`` or ``night`` for an hour 1-10 of the disc."""
    if hour in PRAYER_HOURS:
        return "prayer"
    if hour in STUDY_HOURS:
        return "study"
    if hour in TOIL_HOURS:
        return "toil"
    if hour == NIGHT:
        return "night"
    raise ValueError(f"there is no hour {hour} (hours are 1-{HOURS_PER_DAY})")


def hour(st: StateData) -> int:
    return (st.round - 1) % HOURS_PER_DAY + 1


def seat_of_colour(st: StateData, colour: int) -> int:
    return st.seat_colour.index(colour) if colour in st.seat_colour else -1


def owner(st: StateData, monk: int) -> int:
    return seat_of_colour(st, monk // MONKS_PER_COLOUR)


def locations_of(st: StateData, colour: int) -> list[int]:
    """Where ``colour``'s monks stand, in monk order (a slice, made in C: a colour's monks
    are numbered together, ``MONKS_OF_COLOUR``)."""
    monks = MONKS_OF_COLOUR[colour]
    return st.monk_location[monks.start : monks.stop]


def partner_colour(st: StateData, seat: int) -> int:
    return (st.seat_colour[seat] + 2) % 4 if st.team else -1


def node_of(st: StateData, monk: int) -> int:
    loc = st.monk_location[monk]
    return ABBEY if loc == IN_ABBEY else loc


def xy_of_node(st: StateData, node: int) -> tuple[int, int]:
    if node == ABBEY:
        return ABBEY_XY
    return cell_xy(st.tile_cell[node])


def seat_monks(st: StateData, seat: int) -> range:
    return MONKS_OF_COLOUR[st.seat_colour[seat]]


#: per colour, its monks' indices (read directly by the hottest loops: a call fewer)
MONKS_OF_COLOUR: Final = tuple(
    range(c * MONKS_PER_COLOUR, (c + 1) * MONKS_PER_COLOUR) for c in range(COLOURS)
)


def supply(st: StateData) -> int:
    return BOARD.blessings - sum(st.blessings) - sum(st.tile_blessings)


def receive(st: StateData, seat: int, locked: bool, events: list[Event] | None, why: str) -> None:
    """One blessing is due to ``seat`` (§4.5, exhaustion included; M-50 locking)."""
    if supply(st) == 0:
        returners = []
        for s in range(st.n):  # a loop, not a comprehension: no call
            if st.blessings[s] > 0:
                returners.append(s)
        if not returners:
            if events is not None:
                events.append(Event("blessing_lost", {"seat": seat, "why": why}))
            return
        for s in returners:
            st.blessings[s] -= 1
            if st.locked_blessings[s] > st.blessings[s] or (
                s == seat and st.locked_blessings[s] > 0
            ):
                st.locked_blessings[s] -= 1
        if events is not None:
            events.append(Event("blessings_returned", {"seats": returners}))
    st.blessings[seat] += 1
    if locked:
        st.locked_blessings[seat] += 1
    # M-D15: everything that changes a count happens in the open, so the count is public.
    if events is not None:
        events.append(
            Event(
                "blessing", {"seat": seat, "why": why, "locked": locked, "held": st.blessings[seat]}
            )
        )


def draw(st: StateData, seat: int, events: list[Event] | None) -> int:
    """Draw one tile uniformly from the bag into ``seat``'s hand; -1 if the bag is empty."""
    if not st.bag:
        return -1
    tile = st.bag.pop(st.rng.below(len(st.bag)))
    insort(st.hands[seat], tile)
    # What each seat knows of the tiles it put back (for determinize): the drawer may hold them.
    if st.returned_tiles:  # often none: no list made then
        kept = []
        for entry in st.returned_tiles:
            if entry[0] == seat:
                if entry[1] != tile:
                    kept.append(entry)
            else:
                entry[2] |= 1 << seat
                kept.append(entry)
        st.returned_tiles = kept
    if events is not None:
        events.append(
            Event(
                "draw",
                {"seat": seat, "tile": INSTANCES[tile].id},
                audience=frozenset({seat}),
                public={"seat": seat},
            )
        )
    return tile


def to_bag(st: StateData, seat: int, type_id: str, events: list[Event] | None) -> None:
    """Return one tile of type ``type_id`` from ``seat``'s hand to the bag."""
    hand = st.hands[seat]
    for i, t in enumerate(hand):
        if INSTANCES[t].id == type_id:
            del hand[i]
            insort(st.bag, t)
            kept = []  # an earlier return of this tile by the seat gives way (a loop: no call)
            for e in st.returned_tiles:
                if e[0] != seat or e[1] != t:
                    kept.append(e)
            kept.append([seat, t, 0])
            st.returned_tiles = kept
            break
    if events is not None:
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
    loc = st.monk_location[m]
    if loc >= 0:
        if st.monk_box[m] >= 0:
            st.tile_box_monks[loc][st.monk_box[m]] = -1
        occupancy.left(st, loc)
    st.monk_location[m] = IN_ABBEY
    st.monk_box[m] = -1
    st.monk_posture[m] = UPRIGHT


def own_track_full(st: StateData, seat: int) -> bool:
    return 0 not in st.tracks[st.seat_colour[seat]]


def price(st: StateData, seat: int, cell: int) -> int:
    col = cell % BOARD_COLUMNS
    return BOARD.reduced_price[col] if own_track_full(st, seat) else BOARD.full_price[col]


def letters_left(st: StateData) -> int:
    # each cell one character, a letter or "+" (a cross), or "" (empty): joined, they are
    # counted in C without a comparison of strings per cell
    letters = "".join(st.board_letters)
    return len(letters) - letters.count("+")

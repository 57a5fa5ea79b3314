"""Where the monks stand, per node, kept up to date by the rules that move them.

Listing a step's moves needs, per node of the movement graph, how many monks stand on it (a
finished tile has room for as many as its value) and whether it is open: an unfinished tile
with a free box, which a monk enters and does not leave (§2.7), which encouragement may bless
(M-23) and which does not qualify a neighbour (L4). Counting them afresh walked every monk and
every laid tile at every decision; an ``Occupancy`` is made once and then changed by the few
rules that move a monk, lay a tile or flip one, node by node.

Invariants (the property tests make one afresh after every decision of many random games and
compare):

- ``counts[node]`` is the number of monks whose ``monk_location`` is ``node`` (any posture;
  the Abbey's node counts none: its monks stand at ``IN_ABBEY``).
- ``open[node]`` is 1 for a laid tile that is unfinished with a free box, else 0.
- ``open_bits`` holds bit ``tile + 1`` (``L4_BIT``) of every open tile: the laid tiles not
  among them are finished or fully occupied, so qualify their neighbours under L4
  (``Layout.qualified``).
- ``open_key`` is ``bytes(open)``, or None once a flag changed since it was made
  (``open_flags``): one object, its hash worked out once, for the memos keyed by it.
- ``room[node]`` is 1 for a finished tile with room for another monk (fewer than its value
  stand on it), else 0: a move may end there.
- ``full[node]`` is 1 for a laid tile that is unfinished with every box taken, else 0, and
  ``fulls`` is how many are (mostly none: such a tile turns finished side up at the end of
  a scoring, M-30).

It is derived data, never saved: a loaded or resampled state, and a clone, make theirs when
first asked. Code that edits a state's monks or tiles by hand (a test's position) calls
``forget`` after it.
"""

from __future__ import annotations

from typing import Final

from monastic.games.monastery.catalogue import ABBEY, INSTANCES
from monastic.games.monastery.state import StateData

__all__ = [
    "L4_BIT",
    "Occupancy",
    "changed",
    "entered",
    "forget",
    "left",
    "made",
    "occupancy",
    "open_flags",
]

#: the nodes of the movement graph: the tiles and the Abbey
_NODES: Final = ABBEY + 1
#: per tile instance, its bit in ``open_bits`` and ``Layout.qualified`` (whose bit 0 stands
#: for the Abbey and the livestock)
L4_BIT: Final = tuple(1 << (n + 1) for n in range(len(INSTANCES)))
#: per tile instance: how many monks may stand on it once finished (its value)
_VALUE: Final = tuple(t.value for t in INSTANCES)


class Occupancy:
    """Per node, the monks on it and whether it is open (see the module)."""

    __slots__ = ("counts", "full", "fulls", "open", "open_bits", "open_key", "room")

    def __init__(self, counts: list[int]) -> None:
        self.counts = counts
        self.open = bytearray(_NODES)
        self.open_key: bytes | None = None
        self.room = [0] * _NODES  # a list: its items are read faster than a bytearray's
        self.full = bytearray(_NODES)
        self.fulls = 0
        self.open_bits = 0


def occupancy(st: StateData) -> Occupancy:
    """The state's occupancy, made afresh if it has none."""
    got: Occupancy | None = st._occupancy
    if got is None:
        got = st._occupancy = made(st)
    return got


def made(st: StateData) -> Occupancy:
    """An occupancy counted from the state's fields."""
    counts = [0] * _NODES
    for loc in st.monk_location:
        if loc >= 0:
            counts[loc] += 1
    got = Occupancy(counts)
    for n in st.laid_order:
        _update(st, got, n)
    return got


def _update(st: StateData, got: Occupancy, node: int) -> None:
    """Tile ``node``'s flags from its fields."""
    if st.tile_finished[node]:
        got.room[node] = 1 if got.counts[node] < _VALUE[node] else 0
        open_, full = 0, 0
    elif -1 in st.tile_box_monks[node]:
        open_, full = 1, 0
    else:
        open_, full = 0, 1
    # mostly neither flag changes (a monk joins or leaves a finished tile): nothing to do
    if got.open[node] != open_:
        got.open[node] = open_
        got.open_key = None
        got.open_bits ^= L4_BIT[node]
    if got.full[node] != full:
        got.fulls += full - got.full[node]
        got.full[node] = full


def open_flags(got: Occupancy) -> bytes:
    """``bytes(got.open)``, kept until a flag changes: the route searches and the
    encouragements are kept by it, and most listings find the flags as they were."""
    key = got.open_key
    if key is None:
        key = got.open_key = bytes(got.open)
    return key


def forget(st: StateData) -> None:
    """Drop the state's occupancy (after its monks or tiles were edited by hand)."""
    st._occupancy = None


def left(st: StateData, node: int) -> None:
    """A monk left tile ``node`` (its box, if it held one, is free already)."""
    got: Occupancy | None = st._occupancy
    if got is not None:
        got.counts[node] -= 1
        _update(st, got, node)


def entered(st: StateData, node: int) -> None:
    """A monk entered tile ``node`` (into its box, if it took one)."""
    got: Occupancy | None = st._occupancy
    if got is not None:
        got.counts[node] += 1
        _update(st, got, node)


def changed(st: StateData, node: int) -> None:
    """Tile ``node`` was laid, turned finished side up (its monks stay on it), or a monk
    on it shifted box."""
    got: Occupancy | None = st._occupancy
    if got is not None:
        _update(st, got, node)

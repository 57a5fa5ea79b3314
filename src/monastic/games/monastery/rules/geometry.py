"""Cells, edges, placement (L1-L7), groups (§2.6) and the movement graph (§2.7)."""

from __future__ import annotations

from functools import lru_cache
from itertools import chain
from typing import Final

from monastic.games.monastery.catalogue import (
    ABBEY,
    ABBEY_CELLS,
    ABBEY_SEGMENTS,
    DIRS,
    FIELD_GROUP,
    GARDEN_GROUP,
    INSTANCES,
    PATH_GROUP,
    TYPES,
    TileType,
    rotated_edges,
)
from monastic.games.monastery.state import StateData

__all__ = [
    "OFF",
    "can_place",
    "cell_key",
    "cell_options",
    "cell_types",
    "cell_xy",
    "frontier",
    "is_full",
    "node_edge",
    "placements",
]

_B: Final = 1024
#: Key offsets for N, E, S, W.
OFF: Final = (1, _B, -1, -_B)
NONE: Final = 0
PATH: Final = 1
GATE: Final = 2
#: L6: the most tiles a group may hold (M-11: unfinished ones count).
LIMITS: Final = {PATH_GROUP: 4, FIELD_GROUP: 4, GARDEN_GROUP: 2}


def cell_key(x: int, y: int) -> int:
    return (x + 512) * _B + (y + 512)


def cell_xy(key: int) -> tuple[int, int]:
    return key // _B - 512, key % _B - 512


ABBEY_KEYS: Final = frozenset(cell_key(x, y) for x, y in ABBEY_CELLS)
#: Outside cell key -> the edge of the Abbey segment facing it.
ABBEY_FACE: Final[dict[int, int]] = {
    cell_key(x + DIRS[d][0], y + DIRS[d][1]): e for x, y, d, e in ABBEY_SEGMENTS
}
#: rotated edges per type and rotation
ROT: Final[tuple[tuple[tuple[int, int, int, int], ...], ...]] = tuple(
    tuple(rotated_edges(t.edges, r) for r in range(4)) for t in TYPES
)
#: the distinct rotations of each type (identical edge sets keep the smallest r)
DISTINCT_ROTS: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(r for r in range(4) if ROT[t.index][r] not in ROT[t.index][:r]) for t in TYPES
)
INST_TYPE: Final = tuple(t.index for t in INSTANCES)


def node_edge(st: StateData, node: int, key: int, d: int) -> int:
    """The edge that ``node`` shows towards the cell ``key`` (which lies on its side ``d``)."""
    if node == ABBEY:
        return ABBEY_FACE.get(key, NONE)
    return ROT[INST_TYPE[node]][st.tile_rotation[node]][d]


def monks_on(st: StateData, node: int) -> int:
    return sum(1 for loc in st.monk_location if loc == node)


def is_full(st: StateData, node: int) -> bool:
    """Fully occupied (§2.7); the Abbey never is."""
    if node == ABBEY:
        return False
    if st.tile_finished[node]:
        return monks_on(st, node) >= INSTANCES[node].value
    return -1 not in st.tile_box_monks[node]


def qualifies(st: StateData, node: int) -> bool:
    """L4: the Abbey, a finished tile, or a fully occupied uc tile."""
    return node == ABBEY or bool(st.tile_finished[node]) or -1 not in st.tile_box_monks[node]


def frontier(st: StateData) -> list[int]:
    """Empty cells touching the monastery, sorted."""
    grid = st.grid
    out = set()
    for k in grid:
        for o in OFF:
            if k + o not in grid:
                out.add(k + o)
    return sorted(out)


def _group_size(st: StateData, start: int, group: int, skip: set[int]) -> int:
    """Size of the group component containing node ``start``, not re-counting ``skip``."""
    grid = st.grid
    stack = [start]
    skip.add(start)
    size = 0
    while stack:
        node = stack.pop()
        size += 1
        k = st.tile_cell[node]
        for d in range(4):
            nk = k + OFF[d]
            other = grid.get(nk)
            if other is None or other == ABBEY or other in skip:
                continue
            if TYPES[INST_TYPE[other]].group != group:
                continue
            if group == PATH_GROUP and (
                node_edge(st, node, nk, d) != PATH or node_edge(st, other, k, (d + 2) % 4) != PATH
            ):
                continue
            skip.add(other)
            stack.append(other)
    return size


def can_place(st: StateData, t: TileType, key: int, rot: int, all_qualify: bool = False) -> bool:
    """L1-L6 for a tile of type ``t`` at ``key`` with ``rot``; ``all_qualify`` for the E2 test."""
    grid = st.grid
    if key in grid:
        return False
    mine = ROT[t.index][rot]
    qual = False
    link = False
    cls = t.cls
    group_nodes: list[int] = []
    for d in range(4):
        nk = key + OFF[d]
        node = grid.get(nk)
        if node is None:
            continue
        their = node_edge(st, node, key, (d + 2) % 4)
        me = mine[d]
        if (me == PATH and their == NONE) or (me == NONE and their == PATH):
            return False
        if cls:
            ocls = 1 if node == ABBEY else TYPES[INST_TYPE[node]].cls
            if ocls and ocls != cls:
                return False
        if me and their:
            link = True
        if not qual and (all_qualify or qualifies(st, node)):
            qual = True
        if (
            t.group
            and node != ABBEY
            and TYPES[INST_TYPE[node]].group == t.group
            and (t.group != PATH_GROUP or (me == PATH and their == PATH))
        ):
            group_nodes.append(node)
    if not qual:
        return False
    if not link and t.category != "livestock":
        return False
    if group_nodes:
        skip: set[int] = set()
        total = 1
        for node in group_nodes:
            if node not in skip:
                total += _group_size(st, node, t.group, skip)
        if total > LIMITS[t.group]:
            return False
    return True


@lru_cache(maxsize=1 << 16)
def _compat(ti: int, rot: int, their: tuple[int, ...], classes: tuple[int, ...]) -> bool:
    """L2, L3 and L5 for a type and rotation against facing edges (-1: empty) and classes
    (the reference for ``cell_options``)."""
    t = TYPES[ti]
    mine = ROT[ti][rot]
    link = False
    for d in range(4):
        e = their[d]
        if e < 0:
            continue
        me = mine[d]
        if (me == PATH and e == NONE) or (me == NONE and e == PATH):
            return False
        if t.cls and classes[d] and classes[d] != t.cls:
            return False
        if me and e:
            link = True
    return link or t.category == "livestock"


def placement_problem(st: StateData, t: TileType, key: int, rot: int) -> str:
    """Which of L1-L6 a placement breaks, in words ('' if it is legal)."""
    grid = st.grid
    if key in grid:
        return "L1: that cell is taken"
    mine = ROT[t.index][rot]
    touching = qual = link = False
    for d in range(4):
        node = grid.get(key + OFF[d])
        if node is None:
            continue
        touching = True
        their = node_edge(st, node, key, (d + 2) % 4)
        side = "NESW"[d]
        if mine[d] == PATH and their == NONE:
            return f"L2: its path on the {side} side would run into a side without a path"
        if mine[d] == NONE and their == PATH:
            return f"L2: the path of its {side} neighbour would run into a side without a path"
        ocls = 1 if node == ABBEY else TYPES[INST_TYPE[node]].cls
        if t.cls and ocls and ocls != t.cls:
            return f"L3: grey and brown tiles may not touch ({side} side)"
        qual = qual or qualifies(st, node)
        link = link or bool(mine[d] and their)
    if not touching:
        return "L4: it must touch the monastery"
    if not qual:
        return "L4: it must touch the Abbey, a finished tile or a fully occupied one"
    if not link and t.category != "livestock":
        return "L5: it must link to a neighbour by a path or gateway"
    if not can_place(st, t, key, rot):
        return "L6: the group would grow past its limit (Paths 4, Fields 4, Gardens 2)"
    return ""


def placements(
    st: StateData, types: list[int], all_qualify: bool = False, first_only: bool = False
) -> list[tuple[int, int, int]]:
    """Legal (type index, cell key, rotation) for each type index in ``types``, sorted,
    worked out from scratch (``layout`` keeps the same up to date; this is its reference)."""
    out = []
    grid = st.grid
    for key in frontier(st):
        their = [-1, -1, -1, -1]
        classes = [0, 0, 0, 0]
        qual = all_qualify
        for d in range(4):
            node = grid.get(key + OFF[d])
            if node is None:
                continue
            their[d] = node_edge(st, node, key, (d + 2) % 4)
            classes[d] = 1 if node == ABBEY else TYPES[INST_TYPE[node]].cls
            if not qual and qualifies(st, node):
                qual = True
        if not qual:
            continue
        options = cell_options(tuple(their), tuple(classes))
        for ti in types:
            for r in options[ti]:
                if TYPES[ti].group and not can_place(st, TYPES[ti], key, r, all_qualify):
                    continue
                out.append((ti, key, r))
                if first_only:
                    return out
    out.sort()
    return out


@lru_cache(maxsize=1 << 14)
def cell_options(their: tuple[int, ...], classes: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """Per type index: the rotations passing L2, L3 and L5 against these neighbours (the
    same as ``_compat`` over ``DISTINCT_ROTS``, worked out with bit sets: each side of the
    cell lets some (type, rotation) pairs pass and links some of them, independently)."""
    passing = _DISTINCT_BITS
    linking = 0
    for d in range(4):
        e = their[d]
        if e >= 0:
            passing &= _SIDE_PASSES[d][e][classes[d]]
            linking |= _SIDE_LINKS[d][e]
    passing &= linking | _LIVESTOCK_BITS
    # A byte holds two types' nibbles: the bytes, each looked up as a pair, in C.
    pairs = map(_BYTE_ROTS.__getitem__, passing.to_bytes(_TYPE_BYTES, "little"))
    return tuple(chain.from_iterable(pairs))[: len(TYPES)]


@lru_cache(maxsize=1 << 14)
def cell_types(their: tuple[int, ...], classes: tuple[int, ...]) -> int:
    """The types with a rotation in ``cell_options``, as a bit set (bit ``t`` for type
    index ``t``): a hand's listing skips at once the cells none of its types fits."""
    return sum(1 << t for t, rots in enumerate(cell_options(their, classes)) if rots)


def _side_bits(d: int, e: int, cls: int) -> tuple[int, int]:
    """The (type, rotation) pairs (bit 4 * type + rotation) that side ``d`` facing edge ``e``
    of class ``cls`` lets pass (L2, L3), and those it links (L5)."""
    passes = links = 0
    for t in TYPES:
        for r in range(4):
            me = ROT[t.index][r][d]
            bit = 1 << (4 * t.index + r)
            if (me == PATH and e == NONE) or (me == NONE and e == PATH):
                continue
            if t.cls and cls and cls != t.cls:
                continue
            passes |= bit
            if me and e:
                links |= bit
    return passes, links


_SIDES = [[[_side_bits(d, e, c) for c in range(3)] for e in range(3)] for d in range(4)]
_SIDE_PASSES: Final = tuple(
    tuple(tuple(p for p, _ in by_cls) for by_cls in by_e) for by_e in _SIDES
)
#: linking does not depend on the class
_SIDE_LINKS: Final = tuple(tuple(by_cls[0][1] for by_cls in by_e) for by_e in _SIDES)
_DISTINCT_BITS: Final = sum(1 << (4 * t.index + r) for t in TYPES for r in DISTINCT_ROTS[t.index])
_LIVESTOCK_BITS: Final = sum(15 << (4 * t.index) for t in TYPES if t.category == "livestock")
_NIBBLE_ROTS: Final = tuple(tuple(r for r in range(4) if bits >> r & 1) for bits in range(16))
#: per byte of those bits, the rotations of its two types (low nibble first)
_BYTE_ROTS: Final = tuple((_NIBBLE_ROTS[b & 15], _NIBBLE_ROTS[b >> 4]) for b in range(256))
_TYPE_BYTES: Final = (len(TYPES) + 1) // 2


def group_component(st: StateData, node: int) -> int:
    """k of M-29: the tile plus the finished same-group tiles linked to it through finished ones."""
    group = TYPES[INST_TYPE[node]].group
    grid = st.grid
    seen = {node}
    stack = [node]
    while stack:
        cur = stack.pop()
        k = st.tile_cell[cur]
        for d in range(4):
            nk = k + OFF[d]
            other = grid.get(nk)
            if other is None or other == ABBEY or other in seen or not st.tile_finished[other]:
                continue
            if TYPES[INST_TYPE[other]].group != group:
                continue
            if group == PATH_GROUP and (
                node_edge(st, cur, nk, d) != PATH or node_edge(st, other, k, (d + 2) % 4) != PATH
            ):
                continue
            seen.add(other)
            stack.append(other)
    return len(seen)


def adjacent_tiles(st: StateData, key: int) -> int:
    """Distinct laid tiles touching cell ``key`` (the Abbey once) - M-12."""
    found = {st.grid[key + o] for o in OFF if key + o in st.grid}
    return len(found)

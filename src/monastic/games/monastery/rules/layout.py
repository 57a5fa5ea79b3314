"""The layout: what the laid tiles imply for placing and moving, kept up to date tile by tile.

Listing the legal actions used to walk the whole board each time (the frontier, each empty
cell's facing edges, the groups of L6, the movement graph of §2.7). A ``Layout`` holds those
once, and laying a tile makes a new ``Layout`` from the old one by looking only at that tile's
neighbourhood: its cell leaves the frontier, the empty cells around it change their facing
edges, its links join the movement graph and its group merges with the ones it touches.

Invariants (the property tests rebuild a ``Layout`` from scratch after every decision of many
random games and compare):

- ``laid`` is the number of laid tiles it describes (``len(st.laid_order)``); a state whose
  count differs (a loaded save, a hand-built position, a resampled world) gets a fresh one.
- ``frontier`` is the sorted list of empty cells touching the monastery; ``cells`` maps each
  to ``(facing edges, facing classes, neighbour nodes)`` per side N, E, S, W, with -1 / 0 / -1
  where the side is empty (the edges are those ``geometry.node_edge`` gives), and the
  rotations per type that pass L2, L3 and L5 there.
- ``adjacency`` is ``geometry.adjacency`` of the board: node -> sorted linked nodes.
- ``groups`` maps each laid path, field or garden tile to its component (§2.6): the frozenset
  of same-group tiles joined to it (paths only through path-to-path sides).
- ``watch`` lists, sorted, the laid tiles next to the frontier whose L4 standing (finished, or
  fully occupied) may change: every one but the livestock, which are laid finished.

It only depends on where the tiles lie and how they are turned, never on monks, hands or
finishing, so a ``Layout`` is never changed once made (its memo dictionaries only gain
entries that are pure functions of it) and clones share it. Saves never hold it.
"""

from __future__ import annotations

import itertools
from bisect import bisect_left, insort
from functools import lru_cache

from monastic.games.monastery.actions import ABBEY_XY, Lay, Move
from monastic.games.monastery.catalogue import ABBEY, INSTANCES, PATH_GROUP, TYPES
from monastic.games.monastery.rules.geometry import (
    ABBEY_KEYS,
    INST_TYPE,
    LIMITS,
    OFF,
    PATH,
    ROT,
    cell_options,
    cell_xy,
    node_edge,
)
from monastic.games.monastery.state import StateData

__all__ = ["Layout", "lay_action", "layout", "move_action", "tile_laid"]

#: per frontier cell: facing edges, facing classes, neighbour nodes (each N, E, S, W), and
#: per type index the rotations passing L2, L3 and L5 (``geometry.cell_options``)
CellInfo = tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], tuple[tuple[int, ...], ...]]
#: a start's routes: (node, cost) in breadth-first order, and (x, y, node, cost) by place
Routes = tuple[list[tuple[int, int]], list[tuple[int, int, int, int]]]
#: memo bound: a long search meets many hand and occupancy combinations on one layout
_MEMO_LIMIT = 4096


class Layout:
    """The frontier, the movement graph and the groups of one arrangement of laid tiles."""

    __slots__ = (
        "adjacency",
        "by_type",
        "cell_lays",
        "cells",
        "fits",
        "frontier",
        "groups",
        "laid",
        "lays",
        "qual_cells",
        "routes_memo",
        "tiles",
        "watch",
    )

    laid: int
    frontier: list[int]
    cells: dict[int, CellInfo]
    adjacency: dict[int, list[int]]
    groups: dict[int, frozenset[int]]
    watch: tuple[int, ...]
    tiles: tuple[int, ...]
    # memos of pure functions of the layout
    # per frontier cell (shared with the next layouts while the cell's surroundings stay):
    fits: dict[int, dict[int, tuple[int, ...]]]  # group type -> rotations passing L6 too
    cell_lays: dict[int, dict[tuple[int, bool], tuple[Lay, ...]]]  # (type, stables) -> actions
    by_type: dict[tuple[int, bool], list[tuple[int, tuple[Lay, ...]]]]  # cells a type fits
    qual_cells: dict[tuple[bool, ...], frozenset[int]]  # ``watch`` standing -> L4 cells
    lays: dict[tuple[int, bool, tuple[bool, ...]], list[Lay]]
    routes_memo: dict[tuple[int, tuple[int, ...], tuple[int, ...]], Routes]

    @classmethod
    def of(cls, st: StateData) -> Layout:
        """A layout built from scratch from the laid tiles of ``st``."""
        new = cls()  # compiled, object.__new__ refuses a native class
        grid = st.grid
        new.laid = len(st.laid_order)
        empty = {k + o for k in grid for o in OFF if k + o not in grid}
        new.frontier = sorted(empty)
        new.cells = {k: _cell_info(st, k) for k in new.frontier}
        new.adjacency = _adjacency(st)
        new.groups = {}
        for i in st.laid_order:
            if TYPES[INST_TYPE[i]].group and i not in new.groups:
                comp = _component(st, i)
                for j in comp:
                    new.groups[j] = comp
        new.watch = _watch(st, new.cells)
        new.tiles = tuple(sorted(n for n in new.adjacency if n != ABBEY))
        new.fits = {}
        new.cell_lays = {}
        new.by_type = {}
        new.qual_cells = {}
        new.lays = {}
        new.routes_memo = {}
        return new

    def with_tile(self, st: StateData, inst: int) -> Layout:
        """The layout once ``inst`` lies in ``st`` (``st.grid`` already holds it)."""
        new = Layout()
        grid = st.grid
        key = st.tile_cell[inst]
        new.laid = self.laid + 1
        frontier = self.frontier[:]
        del frontier[bisect_left(frontier, key)]
        cells = self.cells.copy()
        del cells[key]
        touched = []
        for o in OFF:
            nk = key + o
            if nk not in grid:
                if nk not in cells:
                    insort(frontier, nk)
                cells[nk] = _cell_info(st, nk)
                touched.append(nk)
        new.frontier = frontier
        new.cells = cells
        # The movement graph gains the tile and its links (livestock are not nodes).
        adjacency = self.adjacency
        if not INSTANCES[inst].livestock:
            adjacency = adjacency.copy()
            links = []
            for d in range(4):
                nk = key + OFF[d]
                other = grid.get(nk)
                if other is None or other not in adjacency:
                    continue
                if ROT[INST_TYPE[inst]][st.tile_rotation[inst]][d] and node_edge(
                    st, other, key, (d + 2) % 4
                ):
                    links.append(other)
            adjacency[inst] = sorted(set(links))
            for other in adjacency[inst]:
                adjacency[other] = sorted([*adjacency[other], inst])
        new.adjacency = adjacency
        # Its group merges with the components it joins; cells by them see a new size (L6).
        groups = self.groups
        stale = set(touched)
        if TYPES[INST_TYPE[inst]].group:
            groups = groups.copy()
            comp = frozenset([inst, *(j for n in _group_links(st, inst) for j in self.groups[n])])
            for j in comp:
                groups[j] = comp
                k = st.tile_cell[j]
                stale.update(k + o for o in OFF if k + o not in grid)
        new.groups = groups
        new.watch = _watch(st, cells)
        new.tiles = (
            self.tiles if adjacency is self.adjacency else tuple(sorted([*self.tiles, inst]))
        )
        stale.add(key)
        new.fits = self.fits.copy()
        new.cell_lays = self.cell_lays.copy()
        for k in stale:
            new.fits.pop(k, None)
            new.cell_lays.pop(k, None)
        new.by_type = {}
        new.qual_cells = {}
        new.lays = {}
        new.routes_memo = {}
        return new

    def rotations(self, key: int, ti: int) -> tuple[int, ...]:
        """The rotations of type ``ti`` at frontier cell ``key`` passing L2, L3, L5 and L6
        (L4 depends on finishing and monks, and is checked apart)."""
        their, _, nodes, options = self.cells[key]
        rots = options[ti]
        group = TYPES[ti].group
        if not rots or not group:
            return rots
        memo = self.fits.get(key)
        if memo is None:
            memo = self.fits[key] = {}
        got = memo.get(ti)
        if got is None:
            got = memo[ti] = tuple(r for r in rots if self._group_fits(ti, group, nodes, their, r))
        return got

    def _group_fits(
        self, ti: int, group: int, nodes: tuple[int, ...], their: tuple[int, ...], rot: int
    ) -> bool:
        """L6: the groups the tile would join, with it, hold at most the limit."""
        mine = ROT[ti][rot]
        joined: set[frozenset[int]] = set()
        for d in range(4):
            node = nodes[d]
            if node < 0 or node == ABBEY or TYPES[INST_TYPE[node]].group != group:
                continue
            if group == PATH_GROUP and (mine[d] != PATH or their[d] != PATH):
                continue
            joined.add(self.groups[node])
        return 1 + sum(len(c) for c in joined) <= LIMITS[group]

    def qualified(self, st: StateData) -> tuple[bool, ...]:
        """L4 standing of each ``watch`` tile now: finished, or fully occupied."""
        finished, boxes = st.tile_finished, st.tile_box_monks
        return tuple([bool(finished[n]) or -1 not in boxes[n] for n in self.watch])

    def lay_list(self, st: StateData, ti: int, stables: bool, qual: tuple[bool, ...]) -> list[Lay]:
        """The legal placements of type ``ti`` as actions, by cell then rotation, when the
        ``watch`` tiles stand as ``qual`` says (shared: never change the list)."""
        memo_key = (ti, stables, qual)
        got = self.lays.get(memo_key)
        if got is not None:
            return got
        cells = self.qual_cells.get(qual)
        if cells is None:
            cells = self.qual_cells[qual] = self._qualified_cells(qual)
        out: list[Lay] = []
        for key, lays in self._fitting(st, ti, stables):
            if key in cells:
                out.extend(lays)
        if len(self.lays) >= _MEMO_LIMIT:
            self.lays.clear()
        self.lays[memo_key] = out
        return out

    def _qualified_cells(self, qual: tuple[bool, ...]) -> frozenset[int]:
        """L4: the frontier cells next to the Abbey, a finished tile or a fully occupied one."""
        standing = dict(zip(self.watch, qual, strict=True))
        return frozenset(
            key
            for key, (_, _, nodes, _) in self.cells.items()
            if any(n >= 0 and standing.get(n, True) for n in nodes)
        )

    def _fitting(self, st: StateData, ti: int, stables: bool) -> list[tuple[int, tuple[Lay, ...]]]:
        """The frontier cells where type ``ti`` passes L2, L3, L5 and L6, with its actions."""
        got = self.by_type.get((ti, stables))
        if got is not None:
            return got
        got = []
        tile = TYPES[ti].id
        cell_lays = self.cell_lays
        which = (ti, stables)
        for key in self.frontier:
            memo = cell_lays.get(key)
            if memo is None:
                memo = cell_lays[key] = {}
            lays = memo.get(which)
            if lays is None:
                x, y = cell_xy(key)
                lays = tuple(lay_action(tile, x, y, r, stables) for r in self.rotations(key, ti))
                memo[which] = lays
            if lays:
                got.append((key, lays))
        self.by_type[ti, stables] = got
        return got

    def any_placement(self, st: StateData, types: list[int]) -> bool:
        """Some type of ``types`` fits somewhere, every tile counting as qualifying (E2)."""
        return any(self.rotations(key, ti) for key in self.frontier for ti in types)

    def routes(
        self, st: StateData, start: int, stops: tuple[int, ...], jumps: tuple[int, ...]
    ) -> Routes:
        """Breadth-first from ``start`` over the movement graph, unbounded: ``stops`` are
        entered but not left (unfinished tiles with a free box), ``jumps`` are one step
        from anywhere (passages). A budget keeps the nodes within it, in the same order."""
        memo_key = (start, stops, jumps)
        got = self.routes_memo.get(memo_key)
        if got is not None:
            return got
        adj = self.adjacency
        stop = set(stops)
        dist = {start: 0}
        # From the start: its links, then the passages (one step from anywhere, so none is
        # met later for less); from then on only links.
        queue = [start]
        for nxt in (*adj[start], *jumps):
            if nxt not in dist:
                dist[nxt] = 1
                queue.append(nxt)
        bfs: list[tuple[int, int]] = []
        for node in itertools.islice(queue, 1, None):  # the queue grows while it is read
            c = dist[node]
            bfs.append((node, c))
            if node in stop:
                continue
            for nxt in adj[node]:
                if nxt not in dist:
                    dist[nxt] = c + 1
                    queue.append(nxt)
        cell = st.tile_cell
        places = [
            (*(ABBEY_XY if node == ABBEY else cell_xy(cell[node])), node, c) for node, c in bfs
        ]
        places.sort()
        got = (bfs, places)
        if len(self.routes_memo) >= _MEMO_LIMIT:
            self.routes_memo.clear()
        self.routes_memo[memo_key] = got
        return got


def layout(st: StateData) -> Layout:
    """The state's layout, made afresh if it is missing or describes other tiles."""
    got: Layout | None = st._layout
    if got is None or got.laid != len(st.laid_order):
        got = st._layout = Layout.of(st)
    return got


def tile_laid(st: StateData, inst: int) -> None:
    """Keep the layout up to date once ``inst`` was laid (``laid_order`` already holds it)."""
    got: Layout | None = st._layout
    if got is not None and got.laid == len(st.laid_order) - 1:
        st._layout = got.with_tile(st, inst)
    else:
        st._layout = None


def _cell_info(st: StateData, key: int) -> CellInfo:
    grid = st.grid
    their = [-1, -1, -1, -1]
    classes = [0, 0, 0, 0]
    nodes = [-1, -1, -1, -1]
    for d in range(4):
        node = grid.get(key + OFF[d])
        if node is None:
            continue
        nodes[d] = node
        their[d] = node_edge(st, node, key, (d + 2) % 4)
        classes[d] = 1 if node == ABBEY else TYPES[INST_TYPE[node]].cls
    facing, kinds = tuple(their), tuple(classes)
    return facing, kinds, tuple(nodes), cell_options(facing, kinds)


def _watch(st: StateData, cells: dict[int, CellInfo]) -> tuple[int, ...]:
    found = {n for _, _, nodes, _ in cells.values() for n in nodes if 0 <= n < ABBEY}
    return tuple(sorted(n for n in found if not INSTANCES[n].livestock))


def _adjacency(st: StateData) -> dict[int, list[int]]:
    """The movement graph from scratch: node -> linked nodes (sorted)."""
    grid = st.grid
    adj: dict[int, list[int]] = {ABBEY: []}
    for i, k in enumerate(st.tile_cell):
        if k >= 0 and not INSTANCES[i].livestock:
            adj[i] = []
    for node in adj:
        keys = ABBEY_KEYS if node == ABBEY else (st.tile_cell[node],)
        found: set[int] = set()
        for k in keys:
            for d in range(4):
                nk = k + OFF[d]
                other = grid.get(nk)
                if other is None or other == node or other not in adj:
                    continue
                if node_edge(st, node, nk, d) and node_edge(st, other, k, (d + 2) % 4):
                    found.add(other)
        adj[node] = sorted(found)
    return adj


def _group_links(st: StateData, node: int) -> list[int]:
    """The laid same-group tiles joined to ``node`` directly (§2.6)."""
    group = TYPES[INST_TYPE[node]].group
    grid = st.grid
    k = st.tile_cell[node]
    out = []
    for d in range(4):
        nk = k + OFF[d]
        other = grid.get(nk)
        if other is None or other == ABBEY or TYPES[INST_TYPE[other]].group != group:
            continue
        if group == PATH_GROUP and (
            node_edge(st, node, nk, d) != PATH or node_edge(st, other, k, (d + 2) % 4) != PATH
        ):
            continue
        out.append(other)
    return out


def _component(st: StateData, start: int) -> frozenset[int]:
    seen = {start}
    stack = [start]
    while stack:
        for other in _group_links(st, stack.pop()):
            if other not in seen:
                seen.add(other)
                stack.append(other)
    return frozenset(seen)


@lru_cache(maxsize=1 << 16)
def lay_action(tile: str, x: int, y: int, rot: int, stables: bool) -> Lay:
    """One shared ``Lay`` per placement (actions are frozen values; making them is dear)."""
    return Lay(tile, x, y, rot, stables)


@lru_cache(maxsize=1 << 16)
def move_action(sx: int, sy: int, sbox: int, dx: int, dy: int, dbox: int, cost: int) -> Move:
    """One shared ``Move`` per move."""
    return Move(sx, sy, sbox, dx, dy, dbox, cost)

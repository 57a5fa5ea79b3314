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
  where the side is empty (the edges are those ``geometry.node_edge`` gives), the
  rotations per type that pass L2, L3 and L5 there, and the L4 bits of its neighbours
  (``qualified``: bit 0 for the Abbey and livestock, bit ``tile + 1`` for the others).
- ``links`` holds per node (a list indexed by node) its linked nodes, sorted, as a tuple:
  ``geometry.adjacency`` of the board (``adjacency`` gives it as that dict), and ``places``
  the nodes as ``(x, y, node)`` sorted by place.
- ``groups`` maps each laid path, field or garden tile to its component (§2.6): the frozenset
  of same-group tiles joined to it (paths only through path-to-path sides).
- ``watch_bits`` holds the L4 bit (``L4_BIT``) of each laid tile next to the frontier whose
  L4 standing (finished, or fully occupied) may change: every one but the livestock, which
  are laid finished.
- ``fits[cell][type]`` are the rotations of a group's type passing L6 too at a frontier cell
  (``rotations``), carried over to the next layouts until the cell's neighbours change, or,
  for the types of one group, until a component by it grows.
- ``hand_lays[(colour, hand, stables, qual)]`` are a hand's placements when the tiles stand
  as ``qual`` (from ``qualified``) says (``hand_list``, one pass over the frontier: most
  cells fit none of a hand's types, so no list of the cells each type fits, or of those
  passing L4, is kept).
- ``routes_memo[(start, stops, jumps)]`` is the breadth-first search from ``start`` cut at
  the budget it records (every node within it found, with its cost, in the order of a
  search without a bound), so it answers any budget up to that one; ``place_rank``,
  ``spots`` and ``targets`` give each node of ``places`` a number that sorts the nodes as
  ``places`` does (a tile's cell key: keys order as places do; the Abbey's place comes
  last), its x, y and the ``move_code`` of a move there (to the tile as a whole, for no
  cost), and
  ``placed_tiles`` lists the nodes of ``places`` but the Abbey, in that order, and
  ``encourages`` gives each of them the ``Encourage`` of its place.
- ``open_encourages[open]`` lists the encouragements of the open tiles (``open``: the
  occupancy's flag per node, as bytes), by place (``encourage_open``).

It only depends on where the tiles lie and how they are turned, never on monks, hands or
finishing, so a ``Layout`` is never changed once made (its memo dictionaries only gain
entries that are pure functions of it, and ``e2_witness`` is a hint the E2 test checks
again before it believes it) and clones share it.
Saves never hold it. (Listings read the L4 standing from ``rules.occupancy``.)
"""

from __future__ import annotations

from bisect import bisect_left, insort
from collections.abc import Iterable
from functools import lru_cache
from typing import Any, Final

from monastic.games.monastery.actions import ABBEY_XY, Encourage, Lay, Move
from monastic.games.monastery.catalogue import (
    ABBEY,
    COLOURS,
    INSTANCES,
    MONKS_PER_COLOUR,
    PATH_GROUP,
    TYPES,
)
from monastic.games.monastery.rules.geometry import (
    ABBEY_FACE,
    ABBEY_KEYS,
    INST_TYPE,
    LIMITS,
    NONE,
    OFF,
    PATH,
    ROT,
    cell_key,
    cell_options,
    cell_types,
    cell_xy,
    node_edge,
)
from monastic.games.monastery.rules.occupancy import L4_BIT, Occupancy
from monastic.games.monastery.state import StateData

__all__ = [
    "MOVES",
    "NODES",
    "Layout",
    "MoveTable",
    "layout",
    "move_code",
    "tile_laid",
]

#: per frontier cell: facing edges, facing classes, neighbour nodes (each N, E, S, W), per
#: type index the rotations passing L2, L3 and L5 (``geometry.cell_options``), the L4
#: bits of its neighbours (``Layout.qualified``) and the types with such a rotation, as a
#: bit set (``geometry.cell_types``)
CellInfo = tuple[
    tuple[int, ...], tuple[int, ...], tuple[int, ...], tuple[tuple[int, ...], ...], int, int
]
#: a start's routes within a budget: the nodes in breadth-first order (so by cost), the
#: cost per node (-1: not reached, 0: the start), the budget the search stopped at
#: (``_UNBOUNDED`` when it met every node it could reach) and the tiles it met by place
#: (the Abbey left out: it is placed last, and its cost says whether it was met)
Routes = tuple[list[int], list[int], int, list[int]]
#: the movement graph's nodes are the tiles and the Abbey
NODES: Final = ABBEY + 1
#: per type index: the type belongs to a group (L6 applies)
GROUPED: Final = tuple(t.group != 0 for t in TYPES)
#: per tile instance: a livestock tile (laid finished, not a node of the movement graph)
IS_LIVESTOCK: Final = tuple(t.livestock for t in INSTANCES)
#: memo bound: a long search meets many hand and occupancy combinations on one layout
_MEMO_LIMIT: Final = 4096
#: the sides N, E, S, W (a tuple: looping over it makes no new range each time)
_SIDES: Final = (0, 1, 2, 3)
#: the key offsets of the sides N, E, S, W
_N: Final = OFF[0]
_E: Final = OFF[1]
_S: Final = OFF[2]
_W: Final = OFF[3]
#: memo bound of ``Layout.variant``: a search meets three or four sets of identities for the
#: hidden tiles of a position (a variant's own memos live as long as the state's layout)
_VARIANTS_LIMIT: Final = 16
#: the bound of a search that met every node it could reach
_UNBOUNDED: Final = 1 << 30
#: the Abbey's ``Layout.place_rank``: its place comes after every tile's (``ABBEY_XY``)
_ABBEY_RANK: Final = 1 << 29
#: ``Layout.e2_witness`` when there is none
_NO_WITNESS: Final = (-1, -1)


class Layout:
    """The frontier, the movement graph and the groups of one arrangement of laid tiles."""

    __slots__ = (
        "cells",
        "e2_witness",
        "encourages",
        "fits",
        "frontier",
        "groups",
        "hand_lays",
        "laid",
        "links",
        "open_encourages",
        "place_rank",
        "placed_tiles",
        "places",
        "routes_memo",
        "spots",
        "targets",
        "variants",
        "watch_bits",
    )

    laid: int
    frontier: list[int]
    cells: dict[int, CellInfo]
    groups: dict[int, frozenset[int]]
    watch_bits: int  # the L4 bits of the tiles whose standing counts (``qualified``)
    # the movement graph, for the breadth-first search: node -> linked nodes, sorted (a list
    # indexed by node, empty for the nodes not laid), and the nodes as (x, y, node) by place
    links: list[tuple[int, ...]]
    places: list[tuple[int, int, int]]
    # per node, its order by place (a tile's cell key; the Abbey last), its (x, y) and
    # ``move_code(its cell, -1, 0)``;
    # made when first needed
    place_rank: list[int] | None
    spots: list[tuple[int, int]]
    targets: list[int]
    placed_tiles: list[int]
    encourages: list[Encourage | None]  # per tile node, the encouragement of its place
    # memos of pure functions of the layout
    # per frontier cell (shared with the next layouts while the cell's surroundings stay):
    fits: dict[int, dict[int, tuple[int, ...]]]  # group type -> rotations passing L6 too
    # (colour, hand, stables, L4 standing) -> the hand's actions (``step.lay_actions``)
    hand_lays: dict[tuple[int, tuple[int, ...], bool, int], list[Lay]]
    routes_memo: dict[tuple[int, bytes, tuple[int, ...]], Routes]
    # the open flags per node (``Occupancy.open`` as bytes) -> the open tiles' encouragements
    open_encourages: dict[bytes, list[Encourage]]
    # the layouts of the same laid tiles with hidden ones under other identities (the worlds
    # ``determinize`` samples), by the laid order under those identities
    variants: dict[tuple[int, ...], Layout]
    # a placement (frontier cell, type) the last E2 test found, here or on a layout before;
    # (-1, -1) for none: the next test tries it first
    e2_witness: tuple[int, int]

    @classmethod
    def of(cls, st: StateData) -> Layout:
        """A layout built from scratch from the laid tiles of ``st``."""
        new = cls()  # compiled, object.__new__ refuses a native class
        grid = st.grid
        new.laid = len(st.laid_order)
        empty = {k + o for k in grid for o in OFF if k + o not in grid}
        new.frontier = sorted(empty)
        new.cells = {k: _cell_info(st, k) for k in new.frontier}
        adjacency = _adjacency(st)
        new.groups = {}
        for i in st.laid_order:
            if TYPES[INST_TYPE[i]].group and i not in new.groups:
                comp = _component(st, i)
                for j in comp:
                    new.groups[j] = comp
        new.watch_bits = _watch_bits(new.cells)
        new.links = [()] * NODES
        for node, linked in adjacency.items():
            new.links[node] = tuple(linked)
        new.places = sorted([(*_node_xy(st, node), node) for node in adjacency])
        new.fits = {}
        new.hand_lays = {}
        new.routes_memo = {}
        new.open_encourages = {}
        new.place_rank = None
        new.spots = []
        new.targets = []
        new.placed_tiles = []
        new.encourages = []
        new.variants = {}
        new.e2_witness = _NO_WITNESS
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
        # the cell's entry tells its neighbours and the edges they show it (no look-ups)
        facing, _, around, *_ = cells.pop(key)
        stale = {key}
        for o in OFF:
            nk = key + o
            if nk not in grid:
                if nk not in cells:
                    insort(frontier, nk)
                cells[nk] = _cell_info(st, nk)
                stale.add(nk)
        new.frontier = frontier
        new.cells = cells
        # The movement graph gains the tile and its links (livestock are not nodes).
        links = self.links
        places = self.places
        if not IS_LIVESTOCK[inst]:
            links = links[:]
            found = []
            mine = ROT[INST_TYPE[inst]][st.tile_rotation[inst]]
            for d in _SIDES:
                other = around[d]
                if other < 0 or (other != ABBEY and IS_LIVESTOCK[other]):
                    continue
                if mine[d] and facing[d]:
                    found.append(other)
            linked = sorted(set(found))
            links[inst] = tuple(linked)
            for other in linked:
                links[other] = tuple(sorted([*links[other], inst]))
            places = places[:]
            place = (*cell_xy(key), inst)
            place_at = bisect_left(places, place)
            places.insert(place_at, place)
        new.links = links
        new.places = places
        # Its group merges with the components it joins; cells by them see a new size (L6),
        # which only matters to the types of that group.
        groups = self.groups
        group = TYPES[INST_TYPE[inst]].group
        grouped: set[int] = set()
        if group:
            groups = groups.copy()
            comp = frozenset([inst, *(j for n in _group_links(st, inst) for j in self.groups[n])])
            for j in comp:
                groups[j] = comp
                k = st.tile_cell[j]
                for o in OFF:
                    if k + o not in grid and k + o not in stale:
                        grouped.add(k + o)
        new.groups = groups
        new.watch_bits = _watch_after(st, self.watch_bits, inst)
        fits = self.fits.copy()
        for k in stale:
            fits.pop(k, None)
        for k in grouped:
            old_fits = fits.get(k)
            if old_fits is not None:
                fits[k] = {ti: r for ti, r in old_fits.items() if TYPES[ti].group != group}
        new.fits = fits
        new.hand_lays = {}
        new.routes_memo = {}
        new.open_encourages = {}
        new.variants = {}
        new.e2_witness = self.e2_witness
        if self.place_rank is None:
            new.place_rank = None  # made when first needed
            new.spots, new.targets, new.placed_tiles, new.encourages = [], [], [], []
        elif places is self.places:  # a livestock tile: no new place
            new.place_rank, new.spots = self.place_rank, self.spots
            new.targets, new.placed_tiles = self.targets, self.placed_tiles
            new.encourages = self.encourages
        else:
            new._place_tables_after(self, place_at, key)
        return new

    @property
    def adjacency(self) -> dict[int, list[int]]:
        """The movement graph as ``geometry.adjacency`` gives it: node -> sorted linked
        nodes (made from ``links``: no layout keeps it)."""
        return {node: list(self.links[node]) for _, _, node in self.places}

    def variant(self, st: StateData) -> Layout:
        """The layout of ``st``, whose tiles lie as this one's do but some hidden ones under
        other identities (a world ``determinize`` sampled): made once for each set of
        identities, and shared, with its memos, by every world that has it."""
        key = tuple(st.laid_order)
        got = self.variants.get(key)
        if got is None:
            if len(self.variants) >= _VARIANTS_LIMIT:
                self.variants.clear()
            got = self.variants[key] = Layout.of(st)
        return got

    def rotations(self, key: int, ti: int) -> tuple[int, ...]:
        """The rotations of type ``ti`` at frontier cell ``key`` passing L2, L3, L5 and L6
        (L4 depends on finishing and monks, and is checked apart)."""
        info = self.cells[key]
        rots = info[3][ti]
        group = TYPES[ti].group
        if not rots or not group:
            return rots
        memo = self.fits.get(key)
        if memo is None:
            memo = self.fits[key] = {}
        got = memo.get(ti)
        if got is None:
            if group != PATH_GROUP:  # it joins every neighbour of its group, however turned
                got = rots if self._group_fits(ti, group, info[2], info[0], rots[0]) else ()
            else:
                kept = []
                for r in rots:
                    if self._group_fits(ti, group, info[2], info[0], r):
                        kept.append(r)
                got = tuple(kept)
            memo[ti] = got
        return got

    def _group_fits(
        self, ti: int, group: int, nodes: tuple[int, ...], their: tuple[int, ...], rot: int
    ) -> bool:
        """L6: the groups the tile would join, with it, hold at most the limit."""
        mine = ROT[ti][rot]
        joined: set[frozenset[int]] = set()
        for d in _SIDES:
            node = nodes[d]
            if node < 0 or node == ABBEY or TYPES[INST_TYPE[node]].group != group:
                continue
            if group == PATH_GROUP and (mine[d] != PATH or their[d] != PATH):
                continue
            joined.add(self.groups[node])
        size = 1
        for comp in joined:
            size += len(comp)
        return size <= LIMITS[group]

    def qualified(self, occupied: Occupancy) -> int:
        """L4 standing now (``occupied``: the state's ``occupancy``), as a bit set of the
        watched tiles not open, so finished or fully occupied (bit ``tile + 1``), and bit 0,
        which stands for the Abbey and the livestock."""
        return 1 | (self.watch_bits & ~occupied.open_bits)

    def hand_list(self, types: list[int], stables: bool, qual: int) -> list[Lay]:
        """The legal placements of each of ``types`` (ascending) in turn as actions, each
        type's by cell then rotation, when the tiles stand as ``qual`` (from ``qualified``)
        says (shared: never change the list). Made in one pass over the frontier: a cell
        none of the types fits, or that fails L4, is passed over at once."""
        hand = 0
        for ti in types:
            hand |= 1 << ti
        found: dict[int, list[Lay]] = {}
        fits = self.fits
        kinds = _LAY_KINDS[stables]
        cells = self.cells
        for key in self.frontier:
            info = cells[key]
            if not info[5] & hand or not info[4] & qual:  # most cells fit none of the types
                continue
            options = info[3]
            for ti in types:
                rots = options[ti]
                if not rots:
                    continue
                if GROUPED[ti]:  # L6 too (``rotations``, its memo read here)
                    memo = fits.get(key)
                    fitted = None if memo is None else memo.get(ti)
                    rots = self.rotations(key, ti) if fitted is None else fitted
                    if not rots:
                        continue
                # ``lays_at``'s memo read here: most cells' placements were made before
                lays = LAYS.get(key * _KEY_SPAN + kinds[ti] + _ROTATION_MASK[rots])
                if lays is None:
                    lays = lays_at(key, ti, stables, rots)
                got = found.get(ti)
                if got is None:
                    found[ti] = [*lays]
                else:
                    got.extend(lays)
        if len(found) == 1:  # often: no list made anew
            for got in found.values():
                return got
        out: list[Lay] = []
        for ti in types:
            got = found.get(ti)
            if got is not None:
                out.extend(got)
        return out

    def placement_of(self, types: Iterable[int]) -> tuple[int, int] | None:
        """The first (frontier cell, type) where a type of ``types`` (the likeliest to fit
        first: they are tried in turn, and may be made as they are needed) fits, every tile
        counting as qualifying (E2); None if none does."""
        frontier = self.frontier
        for ti in types:
            for key in frontier:
                if self.rotations(key, ti):
                    return key, ti
        return None

    def routes(
        self, st: StateData, start: int, stops: bytes, jumps: tuple[int, ...], budget: int
    ) -> Routes:
        """Breadth-first from ``start`` over the movement graph, as far as ``budget``: the
        nodes flagged in ``stops`` are entered but not left (unfinished tiles with a free
        box), ``jumps`` are one step from anywhere (passages). The nodes within a budget
        are a prefix of the order, the same for every search that goes at least as far, so
        one search serves every smaller budget (a step's budget only shrinks)."""
        memo_key = (start, stops, jumps)
        got = self.routes_memo.get(memo_key)
        if got is not None and got[2] >= budget:
            return got
        links = self.links
        dist = [-1] * NODES
        dist[start] = 0
        # Layer by layer, each in the order met. From the start: its links, then the
        # passages (one step from anywhere, so none is met later for less); from then on
        # only links.
        layer = [*links[start]]  # the start's links: each met once, none the start
        for nxt in layer:
            dist[nxt] = 1
        for nxt in jumps:
            if dist[nxt] < 0:
                dist[nxt] = 1
                layer.append(nxt)
        queue = layer[:]
        bound = _UNBOUNDED
        c = 1
        while layer:
            if c >= budget:  # the next layer costs more than the budget
                bound = budget
                break
            c += 1
            met = []
            for node in layer:
                if stops[node]:
                    continue
                for nxt in links[node]:
                    if dist[nxt] < 0:
                        dist[nxt] = c
                        met.append(nxt)
            queue += met
            layer = met
        rank = self.place_rank
        if rank is None:
            self._place_tables()
            rank = self.place_rank
            assert rank is not None
        tiles = sorted(queue, key=rank.__getitem__)  # by place
        if dist[ABBEY] > 0:
            tiles.pop()
        got = (queue, dist, bound, tiles)
        if len(self.routes_memo) >= _MEMO_LIMIT:
            self.routes_memo.clear()
        self.routes_memo[memo_key] = got
        return got

    def by_place(self, nodes: list[int]) -> list[int]:
        """``nodes`` sorted by place (as in ``places``), in place."""
        if self.place_rank is None:
            self._place_tables()
        assert self.place_rank is not None
        nodes.sort(key=self.place_rank.__getitem__)
        return nodes

    def spot_list(self) -> list[tuple[int, int]]:
        """Per node, its place's x and y (``ABBEY_XY`` for the Abbey)."""
        if self.place_rank is None:
            self._place_tables()
        return self.spots

    def target_list(self) -> list[int]:
        """Per node, ``move_code`` of a move to it as a whole for no cost (-1 for the Abbey's
        cell): a move's code is this plus ``(box + 1) * COST_SPAN + cost``."""
        if self.place_rank is None:
            self._place_tables()
        return self.targets

    def encourage_list(self) -> list[Encourage | None]:
        """Per tile node, the shared ``Encourage`` of its place (None for the Abbey and the
        nodes not laid): a listing reads it rather than calling a memo per tile."""
        if self.place_rank is None:
            self._place_tables()
        return self.encourages

    def encourage_open(self, open_: bytes) -> list[Encourage]:
        """The encouragements of the open tiles (``open_``: a flag per node), by place
        (shared: never change the list). A step's listings after an encouragement, and
        those after a move that opened or closed no tile, find it made."""
        got = self.open_encourages.get(open_)
        if got is None:
            placed = self.tiles_by_place()
            encourages = self.encourages  # made with ``placed``
            got = []
            for i in placed:
                if open_[i]:
                    move = encourages[i]
                    assert move is not None
                    got.append(move)
            if len(self.open_encourages) >= _MEMO_LIMIT:
                self.open_encourages.clear()
            self.open_encourages[open_] = got
        return got

    def tiles_by_place(self) -> list[int]:
        """The tiles of the movement graph (every laid tile but the livestock), by place."""
        if self.place_rank is None:
            self._place_tables()
        return self.placed_tiles

    def _place_tables_after(self, before: Layout, at: int, key: int) -> None:
        """The place tables from those of the layout ``before``, whose places lacked only
        the one at index ``at`` (a tile laid at cell ``key``): the places after it move up
        one, the others stay."""
        assert before.place_rank is not None
        places = self.places
        x, y, node = places[at]
        rank = before.place_rank[:]
        rank[node] = key  # the others' keys stay
        spots = before.spots[:]
        spots[node] = (x, y)
        targets = before.targets[:]
        targets[node] = key * TARGET_SPAN
        placed = before.placed_tiles[:]
        placed.insert(at, node)  # the Abbey's place, the last, is not among them
        encourages = before.encourages[:]
        encourages[node] = encourage_at(key)
        self.place_rank, self.spots, self.targets, self.placed_tiles = rank, spots, targets, placed
        self.encourages = encourages

    def _place_tables(self) -> None:
        rank = [0] * NODES
        spots = [ABBEY_XY] * NODES
        targets = [-TARGET_SPAN] * NODES
        encourages: list[Encourage | None] = [None] * NODES
        rank[ABBEY] = _ABBEY_RANK
        for x, y, node in self.places:
            spots[node] = (x, y)
            if node != ABBEY:
                rank[node] = cell_key(x, y)
                targets[node] = cell_key(x, y) * TARGET_SPAN
                encourages[node] = encourage_at(cell_key(x, y))
        self.place_rank, self.spots, self.targets = rank, spots, targets
        self.encourages = encourages
        self.placed_tiles = [node for _, _, node in self.places if node != ABBEY]


@lru_cache(maxsize=4096)
def encourage_at(key: int) -> Encourage:
    """One shared ``Encourage`` per cell (actions are frozen values)."""
    return Encourage(*cell_xy(key))


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
    """A frontier cell's entry (``CellInfo``); each neighbour's edge as ``node_edge`` gives
    it, and the bits that qualify the cell for L4 (``Layout.qualified``)."""
    grid, rotation = st.grid, st.tile_rotation
    their = [-1, -1, -1, -1]
    classes = [0, 0, 0, 0]
    nodes = [-1, -1, -1, -1]
    bits = 0
    for d in _SIDES:
        node = grid.get(key + OFF[d])
        if node is None:
            continue
        nodes[d] = node
        if node == ABBEY:
            their[d] = ABBEY_FACE.get(key, NONE)
            classes[d] = 1
            bits |= 1  # the Abbey always qualifies
        else:
            their[d] = ROT[INST_TYPE[node]][rotation[node]][_FACING[d]]
            classes[d] = _CLASS[node]
            bits |= _L4_QUALIFIES[node]
    facing, kinds = tuple(their), tuple(classes)
    return facing, kinds, tuple(nodes), cell_options(facing, kinds), bits, cell_types(facing, kinds)


#: per side of a cell, the side of its neighbour there that faces it
_FACING: Final = (2, 3, 0, 1)
#: per tile instance: its type's class (L3)
_CLASS: Final = tuple(TYPES[ti].cls for ti in INST_TYPE)
#: per tile instance: the bits it sets in a neighbouring cell's L4 bits (the livestock, laid
#: finished, always qualify, as bit 0 does)
_L4_QUALIFIES: Final = tuple(1 if IS_LIVESTOCK[n] else L4_BIT[n] for n in range(len(INSTANCES)))


def _node_xy(st: StateData, node: int) -> tuple[int, int]:
    return ABBEY_XY if node == ABBEY else cell_xy(st.tile_cell[node])


def _watch_bits(cells: dict[int, CellInfo]) -> int:
    """The L4 bits of the laid tiles next to the frontier cells ``cells``, the livestock
    (laid finished) left out."""
    bits = 0
    for info in cells.values():
        for n in info[2]:
            if 0 <= n < ABBEY and not IS_LIVESTOCK[n]:
                bits |= L4_BIT[n]
    return bits


def _watch_after(st: StateData, bits: int, inst: int) -> int:
    """``watch_bits`` once ``inst`` was laid: it joins if it touches an empty cell, and the
    tiles around it leave once they touch none (no other tile can change). Bits, not a list:
    a lay changes a few, and L4 reads only them."""
    grid = st.grid
    cell = st.tile_cell
    key = cell[inst]
    for o in OFF:
        n = grid.get(key + o)
        if n is None or n == ABBEY or IS_LIVESTOCK[n]:
            continue
        k = cell[n]
        if k + _N in grid and k + _E in grid and k + _S in grid and k + _W in grid:
            bits &= ~L4_BIT[n]
    if not IS_LIVESTOCK[inst] and (
        key + _N not in grid or key + _E not in grid or key + _S not in grid or key + _W not in grid
    ):
        bits |= L4_BIT[inst]
    return bits


def _adjacency(st: StateData) -> dict[int, list[int]]:
    """The movement graph from scratch: node -> linked nodes (sorted)."""
    grid = st.grid
    adj: dict[int, list[int]] = {ABBEY: []}
    for i, k in enumerate(st.tile_cell):
        if k >= 0 and not IS_LIVESTOCK[i]:
            adj[i] = []
    for node in adj:
        keys = ABBEY_KEYS if node == ABBEY else (st.tile_cell[node],)
        found: set[int] = set()
        for k in keys:
            for d in _SIDES:
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
    for d in _SIDES:
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


# The listing makes a new placement or move for every one not met before; the generated
# ``__init__`` of a frozen dataclass sets each field through ``object.__setattr__``, three
# times slower than setting the slots directly, as these do for the rules' own well-formed
# values (here, in a module the build compiles, rather than beside the pure classes).
# (Final: compiled, each is then a constant of the module, not a name looked up per call.)


def _setter(cls: type, name: str) -> Any:
    return cls.__dict__[name].__set__


_new: Final = object.__new__
_LAY_TILE: Final = _setter(Lay, "tile")
_LAY_X: Final = _setter(Lay, "x")
_LAY_Y: Final = _setter(Lay, "y")
_LAY_ROT: Final = _setter(Lay, "rot")
_LAY_STABLES: Final = _setter(Lay, "stables")
_MOVE_SX: Final = _setter(Move, "sx")
_MOVE_SY: Final = _setter(Move, "sy")
_MOVE_SBOX: Final = _setter(Move, "sbox")
_MOVE_DX: Final = _setter(Move, "dx")
_MOVE_DY: Final = _setter(Move, "dy")
_MOVE_DBOX: Final = _setter(Move, "dbox")
_MOVE_COST: Final = _setter(Move, "cost")


def made_lay(tile: str, x: int, y: int, rot: int, stables: bool) -> Lay:
    """``Lay(tile, x, y, rot, stables)``, made faster."""
    action: Lay = _new(Lay)
    _LAY_TILE(action, tile)
    _LAY_X(action, x)
    _LAY_Y(action, y)
    _LAY_ROT(action, rot)
    _LAY_STABLES(action, stables)
    return action


def made_move(sx: int, sy: int, sbox: int, dx: int, dy: int, dbox: int, cost: int) -> Move:
    """``Move(sx, sy, sbox, dx, dy, dbox, cost)``, made faster."""
    action: Move = _new(Move)
    _MOVE_SX(action, sx)
    _MOVE_SY(action, sy)
    _MOVE_SBOX(action, sbox)
    _MOVE_DX(action, dx)
    _MOVE_DY(action, dy)
    _MOVE_DBOX(action, dbox)
    _MOVE_COST(action, cost)
    return action


def lays_at(key: int, ti: int, stables: bool, rots: tuple[int, ...]) -> tuple[Lay, ...]:
    """The placements of type ``ti`` at cell ``key`` in these rotations (ascending, as
    ``Layout.rotations`` gives them), as shared actions (kept in ``LAYS`` by one int:
    compiled, an ``lru_cache`` key of four, one of them a tuple, cost more to build and hash
    than the lookup saved). Each placement is made once, as the set of its one rotation."""
    base = key * _KEY_SPAN + _lay_kind(ti, stables)
    code = base + _ROTATION_MASK[rots]
    got = LAYS.get(code)
    if got is None:
        if len(LAYS) >= _LAYS_LIMIT:
            LAYS.clear()
        x, y = cell_xy(key)
        lays = []
        for r in rots:
            one = LAYS.get(base + (1 << r))
            if one is None:
                one = LAYS[base + (1 << r)] = (made_lay(TYPES[ti].id, x, y, r, stables),)
            lays.append(one[0])
        got = LAYS[code] = tuple(lays)
    return got


def _lay_kind(ti: int, stables: bool) -> int:
    """The part of ``lays_at``'s memo code that names the type and the stables flag (the
    cell's part is ``key * _KEY_SPAN``, the rotations' ``_ROTATION_MASK``)."""
    return (ti * 2 + stables) * 16


#: ``_lay_kind`` of every type, without and with the Stables
_LAY_KINDS: Final = tuple(
    tuple(_lay_kind(ti, stables) for ti in range(len(TYPES))) for stables in (False, True)
)


#: what one cell spans in ``lays_at``'s memo code
_KEY_SPAN: Final = len(TYPES) * 2 * 16
#: per set of rotations (ascending, as every listing holds them), its bits
_ROTATION_MASK: Final = {
    rots: sum(1 << r for r in rots)
    for rots in (tuple(r for r in range(4) if bits >> r & 1) for bits in range(16))
}
#: the placements ``lays_at`` made so far (a memo of a pure function, as ``lru_cache`` is)
LAYS: Final[dict[int, tuple[Lay, ...]]] = {}
_LAYS_LIMIT: Final = 1 << 16


class MoveTable:
    """One shared ``Move`` per move (actions are frozen values; making them is dear), found by
    ints: a row per source (``row``), in it the moves by destination and cost
    (``move_code``). A memo of ``made_move``, as an ``lru_cache`` would be, but compiled, the
    seven ints of that cache's key cost more to box and hash than the rest of the listing."""

    __slots__ = ("rows",)

    def __init__(self) -> None:
        self.rows: dict[int, dict[int, Move]] = {}

    def row(self, key: int, box: int) -> dict[int, Move]:
        """The moves from cell ``key`` (-1: the Abbey), box ``box`` (-1: none)."""
        code = key * BOX_SPAN + box + 1
        got = self.rows.get(code)
        if got is None:
            if len(self.rows) >= _ROWS_LIMIT:
                self.rows.clear()
            got = self.rows[code] = {}
        return got

    @staticmethod
    def add(
        row: dict[int, Move], code: int, sx: int, sy: int, sbox: int, to: tuple[int, int]
    ) -> Move:
        """The move of ``code`` (``move_code``) from ``sx, sy, sbox`` to the place ``to``,
        not in its row yet: made and kept."""
        if len(row) >= _ROW_LIMIT:
            row.clear()
        # ``made_move``, inline: a listing on a new board makes many
        got: Move = _new(Move)
        _MOVE_SX(got, sx)
        _MOVE_SY(got, sy)
        _MOVE_SBOX(got, sbox)
        _MOVE_DX(got, to[0])
        _MOVE_DY(got, to[1])
        _MOVE_DBOX(got, code // COST_SPAN % BOX_SPAN - 1)
        _MOVE_COST(got, code % COST_SPAN)
        row[code] = got
        return got


#: boxes per tile and their absence (-1), and move costs: up to the most movement points any
#: state may hold (two per upright monk, M-13, of all colours: what a save may say, too)
BOX_SPAN: Final = max(len(t.boxes) for t in TYPES) + 1
COST_SPAN: Final = 2 * MONKS_PER_COLOUR * COLOURS + 1
#: what one destination cell spans in ``move_code``
TARGET_SPAN: Final = BOX_SPAN * COST_SPAN
#: memo bounds of ``MoveTable``: sources, and moves per source
_ROWS_LIMIT: Final = 1 << 14
_ROW_LIMIT: Final = 1 << 12
#: the moves made so far (a memo of a pure function, as ``lru_cache`` is)
MOVES: Final = MoveTable()


def move_code(key: int, box: int, cost: int) -> int:
    """A move's code in its source's row: to cell ``key`` (-1: the Abbey), box ``box`` (-1:
    the tile as a whole), for ``cost``; one int per destination, box and cost."""
    return key * TARGET_SPAN + (box + 1) * COST_SPAN + cost

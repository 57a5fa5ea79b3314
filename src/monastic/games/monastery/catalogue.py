"""The tile catalogue, the Abbey and the Prayer Board, loaded once into frozen objects."""

from __future__ import annotations

import json
from dataclasses import dataclass
from importlib import resources
from typing import Any

__all__ = [
    "ABBEY",
    "ABBEY_CELLS",
    "ABBEY_SEGMENTS",
    "BOARD",
    "COLOUR_LETTERS",
    "COLOUR_NAMES",
    "DIRS",
    "INSTANCES",
    "N_TILES",
    "TYPES",
    "TYPE_BY_ID",
    "Board",
    "TileType",
    "rotated_edges",
]

#: Direction vectors N, E, S, W (x grows East, y grows North).
DIRS: tuple[tuple[int, int], ...] = ((0, 1), (1, 0), (0, -1), (-1, 0))
COLOUR_NAMES = ("red", "blue", "green", "yellow")
COLOUR_LETTERS = "RBGY"

# Edge codes: 0 none, 1 path, 2 gateway.
_EDGE = {"-": 0, "P": 1, "G": 2}
ABBEY = 53  # the node index used for the Abbey


@dataclass(frozen=True, slots=True)
class TileType:
    """One kind of tile (identical copies share it)."""

    index: int
    id: str
    name: str
    copies: int
    category: str  # building, path, field, garden, livestock, passage
    colour: str  # grey, brown, dual, neutral
    value: int
    boxes: tuple[int, ...]
    edges: tuple[int, ...]  # N, E, S, W at rotation 0
    symbol: str | None
    # derived
    cls: int  # 1 grey, 2 brown, 0 otherwise (only grey-brown contact is forbidden)
    group: int  # 0 none, 1 path, 2 field, 3 garden
    owner_colour: int  # for passages, the colour index; else -1
    looks: tuple[Any, ...]  # what others see of it while it lies uc (M-5), rotation-free

    @property
    def livestock(self) -> bool:
        return self.category == "livestock"


def rotated_edges(edges: tuple[int, ...], rot: int) -> tuple[int, int, int, int]:
    """The edges N, E, S, W of a tile turned ``rot`` quarter turns clockwise."""
    return (edges[(0 - rot) % 4], edges[(1 - rot) % 4], edges[(2 - rot) % 4], edges[(3 - rot) % 4])


def _canon(edges: tuple[int, ...]) -> tuple[int, ...]:
    return min(rotated_edges(edges, r) for r in range(4))


@dataclass(frozen=True, slots=True)
class Board:
    """The Prayer Board and the tracks."""

    rows: tuple[str, ...]  # 4 strings of 10, "+" marks the cross
    tracks: tuple[str, ...]  # 4 strings of 9
    full_price: tuple[int, ...]
    reduced_price: tuple[int, ...]
    blessings: int
    conversion: tuple[tuple[int, int], ...]
    cross_col: tuple[int, ...]  # column (0-based) of each row's cross

    def convert(self, points: int) -> int:
        """Blessings for ``points`` leftover points (§4.5)."""
        for low, got in self.conversion:
            if points >= low:
                return got
        return 0


def _load() -> tuple[tuple[TileType, ...], Board, Any]:
    base = resources.files("monastic.games.monastery") / "data"
    tdata = json.loads((base / "tiles.json").read_text(encoding="utf-8"))
    bdata = json.loads((base / "board.json").read_text(encoding="utf-8"))
    types = []
    for i, t in enumerate(tdata["tiles"]):
        edges = tuple(_EDGE[c] for c in t["edges"])
        colour = t["colour"]
        cat = t["category"]
        owner = -1
        if cat == "passage":
            owner = COLOUR_NAMES.index(t["id"].split("_")[1].lower())
        looks: tuple[Any, ...]
        looks = (cat, colour, tuple(t["boxes"]), _canon(edges)) if cat == "building" else (t["id"],)
        types.append(
            TileType(
                index=i,
                id=t["id"],
                name=t["name"],
                copies=t["copies"],
                category=cat,
                colour=colour,
                value=t["value"],
                boxes=tuple(t["boxes"]),
                edges=edges,
                symbol=t["symbol"],
                cls={"grey": 1, "brown": 2}.get(colour, 0),
                group={"path": 1, "field": 2, "garden": 3}.get(cat, 0),
                owner_colour=owner,
                looks=looks,
            )
        )
    rows = tuple(bdata["rows"])
    board = Board(
        rows=rows,
        tracks=tuple(bdata["tracks"]),
        full_price=tuple(bdata["full_price"]),
        reduced_price=tuple(bdata["reduced_price"]),
        blessings=bdata["blessings"],
        conversion=tuple((a, b) for a, b in bdata["conversion"]),
        cross_col=tuple(r.index("+") for r in rows),
    )
    return tuple(types), board, tdata["abbey"]


TYPES, BOARD, _ABBEY = _load()
TYPE_BY_ID = {t.id: t for t in TYPES}
#: Tile instances: index -> type; copies get consecutive indices.
INSTANCES: tuple[TileType, ...] = tuple(t for t in TYPES for _ in range(t.copies))
N_TILES = len(INSTANCES)
ABBEY_CELLS: tuple[tuple[int, int], ...] = tuple((x, y) for x, y in _ABBEY["cells"])
#: (abbey cell x, y, side, edge code) for the ten segments.
ABBEY_SEGMENTS: tuple[tuple[int, int, int, int], ...] = tuple(
    (x, y, d, _EDGE[e]) for x, y, d, e in _ABBEY["segments"]
)
assert ABBEY == N_TILES


def instance_name(index: int) -> str:
    """``DORMITORY#2`` style names for copies, plain ids for unique tiles."""
    t = INSTANCES[index]
    if t.copies == 1:
        return t.id
    first = INSTANCES.index(t)
    return f"{t.id}#{index - first + 1}"

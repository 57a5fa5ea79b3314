"""The tile catalogue, the Abbey and the Prayer Board, loaded once into frozen objects."""

from __future__ import annotations

import json
from dataclasses import dataclass
from importlib import resources
from typing import Any, Final

__all__ = [
    "ABBEY",
    "ABBEY_CELLS",
    "ABBEY_SEGMENTS",
    "BOARD",
    "BOARD_CELLS",
    "BOARD_COLUMNS",
    "BOARD_ROWS",
    "COLOURS",
    "COLOUR_LETTERS",
    "COLOUR_NAMES",
    "DIRS",
    "FIELD_GROUP",
    "GARDEN_GROUP",
    "INSTANCES",
    "MONKS_PER_COLOUR",
    "NO_GROUP",
    "N_MONKS",
    "N_TILES",
    "PATH_GROUP",
    "TRACK_SPACES",
    "TYPES",
    "TYPE_BY_ID",
    "Board",
    "TileType",
    "rotated_edges",
]

#: Direction vectors N, E, S, W (x grows East, y grows North).
DIRS: tuple[tuple[int, int], ...] = ((0, 1), (1, 0), (0, -1), (-1, 0))

# Edge codes: 0 none, 1 path, 2 gateway.
_EDGE = {"-": 0, "P": 1, "G": 2}


def _read(name: str) -> Any:
    folder = resources.files("monastic.games.monastery") / "data"
    return json.loads((folder / name).read_text(encoding="utf-8"))


#: Groups (§2.6): the tiles of a category that join into one group.
NO_GROUP: Final = 0
PATH_GROUP: Final = 1
FIELD_GROUP: Final = 2
GARDEN_GROUP: Final = 3
_GROUPS = {"path": PATH_GROUP, "field": FIELD_GROUP, "garden": GARDEN_GROUP}

_TILE_DATA, _BOARD_DATA = _read("tiles.json"), _read("board.json")
#: The four colours in seat order (Red, Blue, Green, Yellow); a colour's index is its number.
COLOUR_NAMES: tuple[str, ...] = tuple(_BOARD_DATA["colours"])
COLOUR_LETTERS = "".join(name[0].upper() for name in COLOUR_NAMES)
COLOURS: Final = len(COLOUR_NAMES)
#: Each colour's monks: one starts in the Abbey, one on the cross of each Prayer Board row.
MONKS_PER_COLOUR: Final = 5
N_MONKS: Final = COLOURS * MONKS_PER_COLOUR


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
    group: int  # NO_GROUP, PATH_GROUP, FIELD_GROUP or GARDEN_GROUP
    owner_colour: int  # for passages, the colour index; else -1
    looks: tuple[Any, ...]  # what others see of it while it lies uc (M-5), rotation-free
    livestock: bool  # category "livestock" (a field: the rules and bots ask it often)


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


def _load(tdata: Any, bdata: Any) -> tuple[tuple[TileType, ...], Board, Any]:
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
                group=_GROUPS.get(cat, NO_GROUP),
                owner_colour=owner,
                looks=looks,
                livestock=cat == "livestock",
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


_LOADED = _load(_TILE_DATA, _BOARD_DATA)
TYPES: Final = _LOADED[0]
BOARD: Final = _LOADED[1]
_ABBEY = _LOADED[2]
TYPE_BY_ID: Final = {t.id: t for t in TYPES}
#: Tile instances: index -> type; copies get consecutive indices.
INSTANCES: Final[tuple[TileType, ...]] = tuple(t for t in TYPES for _ in range(t.copies))
N_TILES: Final = len(INSTANCES)
#: The node index of the Abbey in the movement graph and the grid: one past the last tile.
ABBEY: Final = N_TILES
#: The Prayer Board: rows of columns, cells numbered ``row * BOARD_COLUMNS + column``.
BOARD_ROWS: Final = len(BOARD.rows)
BOARD_COLUMNS: Final = len(BOARD.rows[0])
BOARD_CELLS: Final = BOARD_ROWS * BOARD_COLUMNS
TRACK_SPACES: Final = len(BOARD.tracks[0])
assert MONKS_PER_COLOUR == 1 + BOARD_ROWS
assert all(len(row) == BOARD_COLUMNS for row in BOARD.rows)
assert all(len(track) == TRACK_SPACES for track in BOARD.tracks)
ABBEY_CELLS: tuple[tuple[int, int], ...] = tuple((x, y) for x, y in _ABBEY["cells"])
#: (abbey cell x, y, side, edge code) for the ten segments.
ABBEY_SEGMENTS: tuple[tuple[int, int, int, int], ...] = tuple(
    (x, y, d, _EDGE[e]) for x, y, d, e in _ABBEY["segments"]
)


def instance_name(index: int) -> str:
    """``DORMITORY#2`` style names for copies, plain ids for unique tiles."""
    t = INSTANCES[index]
    if t.copies == 1:
        return t.id
    first = INSTANCES.index(t)
    return f"{t.id}#{index - first + 1}"

"""An independent placement validator (§2.5 L1-L6), written from the spec text alone.

It reads the tile data file itself and the spec's Abbey table, and looks at a state only
through its public view (tiles with coordinates and rotated edges) plus the hand.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

DATA = Path(__file__).parents[2] / "src/monastic/games/monastery/data/tiles.json"
TILES = {t["id"]: t for t in json.loads(DATA.read_text())["tiles"]}

# §2.2 table: Abbey cell, side, edge; the faced cell is the neighbour on that side.
ABBEY_TABLE = [
    ((0, 1), "N", "-"),
    ((1, 1), "N", "P"),
    ((2, 1), "N", "-"),
    ((0, 0), "S", "-"),
    ((1, 0), "S", "P"),
    ((2, 0), "S", "-"),
    ((2, 0), "E", "P"),
    ((2, 1), "E", "P"),
    ((0, 0), "W", "P"),
    ((0, 1), "W", "P"),
]
VEC = {"N": (0, 1), "E": (1, 0), "S": (0, -1), "W": (-1, 0)}
SIDES = "NESW"
OPP = {"N": "S", "S": "N", "E": "W", "W": "E"}
COLOUR_CLASS = {"grey": "grey", "brown": "brown"}
LIMIT = {"path": 4, "field": 4, "garden": 2}


def rotate(edges: str, quarter_turns: int) -> str:
    """Spec §2.3: after rotation, the edge on side d is edges0[(d - r) mod 4]."""
    return "".join(edges[(d - quarter_turns) % 4] for d in range(4))


class Board:
    """The laid monastery as the spec describes it."""

    def __init__(self, view: dict[str, Any], known: dict[tuple[int, int], str]) -> None:
        self.cells: dict[tuple[int, int], dict[str, Any]] = {}
        for t in view["tiles"]:
            xy = (t["x"], t["y"])
            qualifying = t["finished"] or all(b is not None for b in t.get("box_monks", []))
            category = t["category"]
            self.cells[xy] = {
                "edges": {s: t["edges"][i] for i, s in enumerate(SIDES)},
                "colour": t["colour"],
                "category": category,
                "qualifying": qualifying,
            }
        self.abbey_cells = {(x, y) for x in range(3) for y in range(2)}
        self.abbey_faces: dict[tuple[int, int], str] = {}
        for (ax, ay), side, edge in ABBEY_TABLE:
            dx, dy = VEC[side]
            self.abbey_faces[(ax + dx, ay + dy)] = edge
        del known

    def neighbour(self, xy: tuple[int, int], side: str) -> dict[str, Any] | None:
        dx, dy = VEC[side]
        other = (xy[0] + dx, xy[1] + dy)
        if other in self.abbey_cells:
            return {
                "edge": self.abbey_faces[xy],
                "colour": "grey",
                "category": "abbey",
                "qualifying": True,
                "xy": None,
            }
        if other in self.cells:
            c = self.cells[other]
            return {
                "edge": c["edges"][OPP[side]],
                "colour": c["colour"],
                "category": c["category"],
                "qualifying": c["qualifying"],
                "xy": other,
            }
        return None

    def group(self, start: tuple[int, int], category: str) -> set[tuple[int, int]]:
        seen = {start}
        todo = [start]
        while todo:
            xy = todo.pop()
            for side in SIDES:
                n = self.neighbour(xy, side)
                if n is None or n["xy"] is None or n["xy"] in seen or n["category"] != category:
                    continue
                if category == "path" and not (
                    self.cells[xy]["edges"][side] == "P" and n["edge"] == "P"
                ):
                    continue
                seen.add(n["xy"])
                todo.append(n["xy"])
        return seen


def legal(board: Board, tile_id: str, x: int, y: int, rot: int) -> bool:
    tile = TILES[tile_id]
    xy = (x, y)
    if xy in board.cells or xy in board.abbey_cells:  # L1
        return False
    mine = rotate(tile["edges"], rot)
    qualifying = linked = False
    groups: list[set[tuple[int, int]]] = []
    for i, side in enumerate(SIDES):
        n = board.neighbour(xy, side)
        if n is None:
            continue
        a, b = mine[i], n["edge"]
        if (a == "P" and b == "-") or (a == "-" and b == "P"):  # L2
            return False
        pair = {tile["colour"], n["colour"]}
        if pair == {"grey", "brown"}:  # L3
            return False
        qualifying = qualifying or n["qualifying"]  # L4
        linked = linked or (a != "-" and b != "-")  # L5
        same = tile["category"] in LIMIT and n["category"] == tile["category"]
        if same and (tile["category"] != "path" or (a == "P" and b == "P")):
            groups.append(board.group(n["xy"], tile["category"]))
    if not qualifying:
        return False
    if not linked and tile["category"] != "livestock":
        return False
    if groups:  # L6
        merged: set[tuple[int, int]] = set().union(*groups)
        if len(merged) + 1 > LIMIT[tile["category"]]:
            return False
    return True

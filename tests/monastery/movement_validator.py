"""An independent movement validator (§2.7, M-13..M-21), written from the spec text.

It reads the spectator view (tiles with rotated edges, box occupants, monks by place) plus the
step's movement points and the monks that already stopped, and lists every move it allows as
(from place, to place, cheapest cost).
"""

from __future__ import annotations

from collections import deque
from typing import Any

ABBEY_PATH_FACES = {(1, 2), (1, -1), (3, 0), (3, 1), (-1, 0), (-1, 1)}  # §2.2: P segments
ABBEY_NONE_FACES = {(0, 2), (2, 2), (0, -1), (2, -1)}
VEC = {"N": (0, 1), "E": (1, 0), "S": (0, -1), "W": (-1, 0)}
OPP = {"N": "S", "S": "N", "E": "W", "W": "E"}
COLOURS = ["red", "blue", "green", "yellow"]


def _xy(place: str) -> tuple[int, int]:
    x, y = place.split("/")[0].split(",")
    return int(x), int(y)


def moves(view: dict[str, Any], colour: str, mp: int, stopped: set[str], team: bool) -> set[Any]:
    tiles = {(t["x"], t["y"]): t for t in view["tiles"]}
    monks = [(c, p.split(" ")) for c, ps in view["monks"].items() for p in ps]
    on: dict[Any, list[tuple[str, str]]] = {}
    for c, parts in monks:
        place = parts[0]
        posture = parts[1] if len(parts) > 1 else "upright"
        if place == "A" or place.startswith("cross"):
            key: Any = place
        else:
            key = _xy(place)
        on.setdefault(key, []).append((c, posture))

    def node_at(xy: tuple[int, int]) -> Any:
        if 0 <= xy[0] <= 2 and 0 <= xy[1] <= 1:
            return "A"
        t = tiles.get(xy)
        if t is None or t["category"] == "livestock":
            return None
        return xy

    def edge(node: Any, side: str, towards: tuple[int, int]) -> str:
        if node == "A":
            return "P" if towards in ABBEY_PATH_FACES else "-"
        return str(tiles[node]["edges"]["NESW".index(side)])

    def neighbours(node: Any) -> list[Any]:
        out = []
        cells = [(x, y) for x in range(3) for y in range(2)] if node == "A" else [node]
        for cx, cy in cells:
            for side, (dx, dy) in VEC.items():
                other_xy = (cx + dx, cy + dy)
                other = node_at(other_xy)
                if other is None or other == node:
                    continue
                mine = edge(node, side, other_xy)
                theirs = edge(other, OPP[side], (cx, cy))
                if mine != "-" and theirs != "-":
                    out.append(other)
        return out

    def full(node: Any) -> bool:
        if node == "A":
            return False
        t = tiles[node]
        if t["finished"]:
            return len(on.get(node, [])) >= t["value"]
        return all(b is not None for b in t["box_monks"])

    owners = {colour}
    if team:
        owners.add(COLOURS[(COLOURS.index(colour) + 2) % 4])
    jumps = []
    for xy, t in tiles.items():
        tid = t.get("tile", "")
        mine = tid.startswith("PASSAGE_") and tid.split("_")[1].lower() in owners
        if mine and not any(p != "upright" for _, p in on.get(xy, [])):
            jumps.append(xy)

    result = set()
    starts = set()
    for c, parts in monks:
        place = parts[0]
        if c != colour or len(parts) > 1 or place.startswith("cross") or place in stopped:
            continue
        node = "A" if place == "A" else _xy(place)
        if node != "A" and not tiles[node]["finished"] and full(node):
            continue  # M-17: a full uc tile holds its monks
        starts.add((place, node))
    for place, start in sorted(starts, key=str):
        if mp <= 0:
            continue
        dist = {start: 0}
        queue = deque([start])
        while queue:
            node = queue.popleft()
            d = dist[node]
            if node != start:
                if node == "A":
                    result.add((place, "A", d))
                elif tiles[node]["finished"]:
                    if not full(node):
                        result.add((place, f"{node[0]},{node[1]}", d))
                elif not full(node):
                    for b, occ in enumerate(tiles[node]["box_monks"]):
                        if occ is None:
                            result.add((place, f"{node[0]},{node[1]}/{b}", d))
                    continue  # must stop
            if d >= mp:
                continue
            for nxt in [*neighbours(node), *jumps]:
                if nxt not in dist:
                    dist[nxt] = d + 1
                    queue.append(nxt)
    return result

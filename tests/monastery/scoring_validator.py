"""An independent S1 (building, M-27/M-29) and S4 (toil/study, M-32/M-33/M-38) calculator,
written from the spec text, reading only the spectator view."""

from __future__ import annotations

from typing import Any

VEC = {"N": (0, 1), "E": (1, 0), "S": (0, -1), "W": (-1, 0)}
OPP = {"N": "S", "S": "N", "E": "W", "W": "E"}
LETTER = {"red": "R", "blue": "B", "green": "G", "yellow": "Y"}


def _monks(view: dict[str, Any]) -> dict[Any, list[tuple[str, str]]]:
    on: dict[Any, list[tuple[str, str]]] = {}
    for colour, places in view["monks"].items():
        for p in places:
            parts = p.split(" ")
            place = parts[0]
            posture = parts[1] if len(parts) > 1 else "upright"
            if place.startswith("cross"):
                continue
            key: Any = (
                "A" if place == "A" else tuple(int(v) for v in place.split("/")[0].split(","))
            )
            on.setdefault(key, []).append((colour, posture))
    return on


def building(view: dict[str, Any], colour: str) -> int:
    """S1 points of ``colour`` now."""
    tiles = {(t["x"], t["y"]): t for t in view["tiles"]}
    total = 0
    for xy, t in tiles.items():
        if t["finished"] or any(b is None for b in t["box_monks"]):
            continue
        mine = [i for i, b in enumerate(t["box_monks"]) if b == LETTER[colour]]
        if not mine:
            continue
        cat = t["category"]
        if cat in ("path", "field", "garden"):
            seen = {xy}
            todo = [xy]
            while todo:
                cx, cy = todo.pop()
                for side, (dx, dy) in VEC.items():
                    nxy = (cx + dx, cy + dy)
                    n = tiles.get(nxy)
                    if n is None or nxy in seen or not n["finished"] or n["category"] != cat:
                        continue
                    if cat == "path" and not (
                        tiles[(cx, cy)]["edges"]["NESW".index(side)] == "P"
                        and n["edges"]["NESW".index(OPP[side])] == "P"
                    ):
                        continue
                    seen.add(nxy)
                    todo.append(nxy)
            total += min(4, (2 if cat == "garden" else 1) * len(seen))
        else:
            total += sum(t["boxes"][i] for i in mine)
    return total


def toil(view: dict[str, Any], colour: str, simple: bool) -> int:
    """S4 points of ``colour`` now."""
    hour = view["hour"]
    study, work = hour in (2, 6, 9), hour in (3, 4, 7)
    tiles = {(t["x"], t["y"]): t for t in view["tiles"]}
    on = _monks(view)
    total = 0
    for key, monks in on.items():
        if (colour, "upright") not in monks:
            continue
        if key == "A":
            total += 1 if study else 0
            continue
        t = tiles[key]
        if not t["finished"] or t.get("built_round") == view["round"]:
            continue  # builders stand on uc tiles; a just-finished tile pays nothing
        if any(p != "upright" for _, p in monks):
            continue
        kind = t["colour"]
        if kind == "dual" or (study and kind == "grey") or (work and kind == "brown"):
            if study and t.get("symbol") == "scriptorium" and not simple:
                total += 2
            elif work and t.get("symbol") == "farm" and not simple:
                total += 3
            else:
                total += 1
    return total

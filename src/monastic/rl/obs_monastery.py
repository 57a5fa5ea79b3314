"""Monastery's tensor (``docs/monastery/json.md`` for the view it reads).

The board is a list of tile slots in the view's order (by cell), one per tile that can be
laid: each slot holds the cell (x, y / 10), the edges, the category and colour, boxes and the
monks in them, and the tile's identity and rotation only where the view shows them (M-5: an
unfinished building of another seat shows none). Monks: five per colour in play, each where
it stands. Scales: round / 20, hour / 10, bag / tiles, movement points / 6, points / 10,
blessings / 10.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from monastic.games.monastery.catalogue import (
    BOARD,
    COLOUR_LETTERS,
    COLOUR_NAMES,
    N_TILES,
    TYPE_BY_ID,
    TYPES,
)
from monastic.rl.observation import Features, Observer, Parts, index_of, one_hot

__all__ = ["MonasteryObserver"]

HOUR_KINDS = ("prayer", "study", "toil", "night")
ENDINGS = ("", "E1", "E2")
CATEGORIES = ("building", "path", "field", "garden", "livestock", "passage")
TILE_COLOURS = ("grey", "brown", "dual", "neutral")
EDGES = "-PG"
DECISIONS = ("elect", "imprison", "return")
SCORING_STAGES = ("symbols", "purchase")
MONKS = 5  # per colour
# Where a monk stands: the Abbey, a cross, a finished tile, a box of an unfinished tile.
MONK_PLACES = ("abbey", "cross", "tile", "box")
POSTURES = ("upright", "praying", "prisoner")
_COLOURS = len(COLOUR_LETTERS)
_BOXES = max(len(t.boxes) for t in TYPES)
_ROWS, _COLS = len(BOARD.rows), len(BOARD.rows[0])
_SPACES = len(BOARD.tracks[0])
_MAX_HAND = 6
# A tile slot: present, x, y, 4 edges x 3, finished, category, colour, blessings, box sizes,
# monk colour per box, identity (or unknown), rotation, round built.
_SLOT = (
    1 + 2 + 4 * len(EDGES) + 1 + len(CATEGORIES) + len(TILE_COLOURS) + 1
    + _BOXES + _BOXES * _COLOURS + len(TYPES) + 1 + 4 + 1
)  # fmt: skip


class MonasteryObserver(Observer):
    game_id = "monastery"

    def declare(self, features: Features) -> None:
        p = self.players
        features.add("round", 3)  # round / 20, day / 2, hour / 10
        features.add("hour_kind", len(HOUR_KINDS))
        features.add("abbot", p)
        features.add("order", p, p)  # order[i] one-hot: the seat i-th in this round
        features.add("bag", 1)
        features.add("ending", len(ENDINGS))
        features.add("step", 3)  # movement points / 6, laid, encouraging
        features.add("scoring", 2 + len(SCORING_STAGES))  # points / 10, prayed, stage
        features.add("decision_kind", len(DECISIONS))
        features.add("colours", p, _COLOURS)
        features.add("tracks", p, _SPACES, 3)  # empty, large letter, small side
        features.add("hand_sizes", p)
        features.add("hand", len(TYPES))  # the viewer's own tiles, by type
        features.add("blessings", 2)  # the viewer's own, and of them locked
        features.add("prayer_board", _ROWS, _COLS, 4)  # cross, large, small, bought
        features.add("crosses", _COLOURS, _COLOURS)  # per row: monks of each colour on it
        features.add("tiles", N_TILES, _SLOT)
        features.add("monks", _COLOURS, MONKS, len(MONK_PLACES) + _COLOURS + 2 + _BOXES + 3)

    def fill(self, parts: Parts, view: Mapping[str, Any]) -> None:
        p = self.players
        parts["round"][:] = (view["round"] / 20, view["day"] / 2, view["hour"] / 10)
        one_hot(parts["hour_kind"], index_of(HOUR_KINDS, view["hour_kind"], "hour kind"))
        one_hot(parts["abbot"], view["abbot"])
        for i, seat in enumerate(view["order"]):
            parts["order"][i * p + seat] = 1.0
        parts["bag"][0] = view["bag"] / N_TILES
        one_hot(parts["ending"], index_of(ENDINGS, view["ending"], "ending"))
        step = view.get("step")
        if step:
            parts["step"][:] = (step["movement_points"] / 6, step["laid"], step["encouraging"])
        scoring = view.get("scoring")
        if scoring:
            parts["scoring"][0] = scoring["points"] / 10
            parts["scoring"][1] = float(scoring["prayed"])
            stage = index_of(SCORING_STAGES, scoring["stage"], "scoring stage")
            parts["scoring"][2 + stage] = 1.0
        pending = view.get("pending")  # public: who must answer which decision
        if pending and pending.get("kind") in DECISIONS:
            one_hot(parts["decision_kind"], DECISIONS.index(pending["kind"]))
        screen = view.get("screen") or {}  # the viewer's own hand and blessings
        for tile in screen.get("hand", []):
            parts["hand"][TYPE_BY_ID[tile].index] += 1.0
        parts["blessings"][:] = (
            screen.get("blessings", 0) / 10,
            screen.get("locked_blessings", 0) / 10,
        )
        for entry in view["players"]:
            s = entry["seat"]
            colour = index_of(COLOUR_NAMES, entry["colour"], "colour")
            parts["colours"][s * _COLOURS + colour] = 1.0
            for i, ch in enumerate(entry["track"]):
                state = 0 if ch == "." else (1 if ch.isupper() else 2)
                parts["tracks"][(s * _SPACES + i) * 3 + state] = 1.0
            parts["hand_sizes"][s] = entry["hand_size"] / _MAX_HAND
        board = parts["prayer_board"]
        for r, row in enumerate(view["prayer_board"]["rows"]):
            for c, ch in enumerate(row):
                state = 0 if ch == "+" else 3 if ch == "." else 1 if ch.isupper() else 2
                board[(r * _COLS + c) * 4 + state] = 1.0
        for row, colours in view["prayer_board"]["crosses"].items():
            r = COLOUR_LETTERS.index(row)
            for letter in colours:
                parts["crosses"][r * _COLOURS + COLOUR_LETTERS.index(letter)] += 1.0
        self._tiles(parts["tiles"], view["tiles"])
        self._monks(parts["monks"], view["monks"])

    def _tiles(self, part: Any, tiles: list[dict[str, Any]]) -> None:
        for i, tile in enumerate(tiles):
            at = i * _SLOT
            slot = part[at : at + _SLOT]
            slot[0] = 1.0
            slot[1:3] = (tile["x"] / 10, tile["y"] / 10)
            at = 3
            for d, edge in enumerate(tile["edges"]):
                slot[at + d * len(EDGES) + EDGES.index(edge)] = 1.0
            at += 4 * len(EDGES)
            slot[at] = float(tile["finished"])
            at += 1
            slot[at + index_of(CATEGORIES, tile["category"], "category")] = 1.0
            at += len(CATEGORIES)
            slot[at + index_of(TILE_COLOURS, tile["colour"], "tile colour")] = 1.0
            at += len(TILE_COLOURS)
            slot[at] = tile["blessings"] / 10
            at += 1
            for b, size in enumerate(tile.get("boxes", [])):
                slot[at + b] = size / 3
            at += _BOXES
            for b, monk in enumerate(tile.get("box_monks", [])):
                if monk is not None:
                    slot[at + b * _COLOURS + COLOUR_LETTERS.index(monk)] = 1.0
            at += _BOXES * _COLOURS
            name = tile.get("tile")
            slot[at + (TYPE_BY_ID[name].index if name else len(TYPES))] = 1.0
            at += len(TYPES) + 1
            if "rot" in tile:
                slot[at + tile["rot"] // 90] = 1.0
            at += 4
            slot[at] = tile.get("built_round", 0) / 20

    def _monks(self, part: Any, monks: Mapping[str, list[str]]) -> None:
        width = len(MONK_PLACES) + _COLOURS + 2 + _BOXES + 3
        for colour_name, places in monks.items():
            colour = index_of(COLOUR_NAMES, colour_name, "colour")
            for k, text in enumerate(places):
                at = (colour * MONKS + k) * width
                where, _, posture = text.partition(" ")
                if where == "A":
                    part[at] = 1.0
                elif where == "cross":
                    part[at + 1] = 1.0
                    part[at + len(MONK_PLACES) + COLOUR_LETTERS.index(posture)] = 1.0
                    posture = ""
                else:
                    cell, _, box = where.partition("/")
                    x, y = (int(v) for v in cell.split(","))
                    part[at + (3 if box else 2)] = 1.0
                    base = at + len(MONK_PLACES) + _COLOURS
                    part[base : base + 2] = (x / 10, y / 10)
                    if box:
                        part[base + 2 + int(box)] = 1.0
                base = at + width - 3
                part[base + (POSTURES.index(posture) if posture else 0)] = 1.0

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
from typing import Any, cast

import numpy as np

from monastic.engine import State
from monastic.games.monastery import words
from monastic.games.monastery.catalogue import (
    BOARD,
    COLOUR_LETTERS,
    COLOUR_NAMES,
    INSTANCES,
    MONKS_PER_COLOUR,
    N_MONKS,
    N_TILES,
    TYPE_BY_ID,
    TYPES,
)
from monastic.games.monastery.rules import common
from monastic.games.monastery.rules.geometry import INST_TYPE, ROT, cell_xy
from monastic.games.monastery.rules.hidden import hidden_from
from monastic.games.monastery.state import (
    CROSS,
    EMPTY_SPACE,
    ENDING_E1,
    ENDING_E2,
    IN_ABBEY,
    LARGE_LETTER,
    NOT_ENDING,
    P_PRISON,
    P_TIE,
    PURCHASE_STAGE,
    SYMBOLS_STAGE,
    StateData,
)
from monastic.rl.observation import Features, Observer, Parts, Tensor, index_of, one_hot

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


# Offsets inside a tile slot (the order ``_tiles`` writes them in).
_AT_EDGES = 3
_AT_FINISHED = _AT_EDGES + 4 * len(EDGES)
_AT_CATEGORY = _AT_FINISHED + 1
_AT_COLOUR = _AT_CATEGORY + len(CATEGORIES)
_AT_BLESSINGS = _AT_COLOUR + len(TILE_COLOURS)
_AT_BOXES = _AT_BLESSINGS + 1
_AT_BOX_MONKS = _AT_BOXES + _BOXES
_AT_TILE = _AT_BOX_MONKS + _BOXES * _COLOURS
_AT_ROT = _AT_TILE + len(TYPES) + 1
_AT_BUILT = _AT_ROT + 4
if _AT_BUILT + 1 != _SLOT:
    raise RuntimeError("the tile slot's offsets do not add up to its size")
#: Per tile instance and rotation, the slot's 1s that depend on nothing else: present, the
#: four edges, category and colour.
_FIXED_ONES = tuple(
    tuple(
        (
            0,
            *(_AT_EDGES + d * len(EDGES) + edge for d, edge in enumerate(ROT[INST_TYPE[i]][r])),
            _AT_CATEGORY + CATEGORIES.index(tile.category),
            _AT_COLOUR + TILE_COLOURS.index(tile.colour),
        )
        for r in range(4)
    )
    for i, tile in enumerate(INSTANCES)
)
_BOX_SIZES = tuple(tuple(size / 3 for size in tile.boxes) for tile in INSTANCES)
_DECISION_AT = {P_TIE: DECISIONS.index("elect"), P_PRISON: DECISIONS.index("imprison")}
_RETURN_AT = DECISIONS.index("return")  # every other pending decision (``view._pending``)
_ENDING_AT = {
    NOT_ENDING: ENDINGS.index(""),
    ENDING_E1: ENDINGS.index("E1"),
    ENDING_E2: ENDINGS.index("E2"),
}
_STAGE_AT = {
    SYMBOLS_STAGE: SCORING_STAGES.index("symbols"),
    PURCHASE_STAGE: SCORING_STAGES.index("purchase"),
}
_MONK_WIDTH = len(MONK_PLACES) + _COLOURS + 2 + _BOXES + 3


def _track_state(letter: str, value: int) -> int:
    """A track space as ``fill`` reads the view's letter: 0 empty, 1 large, 2 small."""
    ch = "." if value == EMPTY_SPACE else (letter if value == LARGE_LETTER else letter.lower())
    return 0 if ch == "." else (1 if ch.isupper() else 2)


def _board_state(letter: str, small: int) -> int:
    """A Prayer Board cell as ``fill`` reads the view's row: cross, large, small, bought."""
    ch = "." if not letter else (letter.lower() if small else letter)
    return 0 if ch == "+" else 3 if ch == "." else 1 if ch.isupper() else 2


# The board as a table of every sign it prints, each way up; the tracks by colour and space.
_SIGNS = sorted({"", "+", *"".join(BOARD.rows), *"".join(BOARD.tracks)})
#: By the side shown (0 large, 1 small), then the sign: no key to build per cell.
_BOARD_STATE = tuple({sign: _board_state(sign, small) for sign in _SIGNS} for small in (0, 1))
#: Per colour, per space of its track, where each value of the space puts its 1 (the space's
#: offset times 3 plus ``_track_state``): a look-up without building a key.
_TRACK_AT = tuple(
    tuple(tuple(i * 3 + _track_state(letter, v) for v in range(3)) for i, letter in enumerate(row))
    for row in BOARD.tracks
)


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

    def write(self, out: Tensor, state: State, seat: int) -> None:
        """``fill`` of ``view(seat)``, from the fields ``view.view_details`` and
        ``view._player`` read: the seat's own hand and blessings, each building's identity
        only where ``hidden.hidden_from`` allows it, and the public rest."""
        st = cast(StateData, state)
        at, p = self.at, self.players
        hour = common.hour(st)
        # Every value but the 1s, gathered with where it goes and set in one NumPy call at
        # the end (one by one, each would be a call of its own; a tile slot holds five).
        base = at["round"]
        floats = [base, base + 1, base + 2, at["bag"]]
        values = [st.round / 20, words.day_of(st.round) / 2, hour / 10, len(st.bag) / N_TILES]
        kind = index_of(HOUR_KINDS, common.hour_kind(hour), "hour kind")
        ones = [at["hour_kind"] + kind, at["abbot"] + st.abbot % p]
        base = at["order"]
        ones += [base + i * p + s for i, s in enumerate(st.turn_order)]
        ones.append(at["ending"] + _ENDING_AT[st.ending])
        if not st.over:
            if st.phase == "step":
                base = at["step"]
                floats += (base, base + 1, base + 2)
                values += (
                    st.movement_points / 6,
                    float(bool(st.laid_this_step)),
                    float(bool(st.encouraging)),
                )
            elif st.phase == "score":
                base = at["scoring"]
                floats += (base, base + 1)
                values += (st.scoring_points / 10, float(bool(st.prayed)))
                ones.append(base + 2 + _STAGE_AT[st.scoring_stage])
            if st.pending:
                ones.append(at["decision_kind"] + _DECISION_AT.get(st.pending[-1][0], _RETURN_AT))
        base = at["hand"]
        counts: dict[int, int] = {}
        for tile in st.hands[seat]:  # tiles of a type counted
            tile_type = INST_TYPE[tile]
            counts[tile_type] = counts.get(tile_type, 0) + 1
        for tile_type, count in counts.items():
            floats.append(base + tile_type)
            values.append(float(count))
        base = at["blessings"]
        floats += (base, base + 1)
        values += (st.blessings[seat] / 10, st.locked_blessings[seat] / 10)
        colours_at, tracks_at, sizes_at = at["colours"], at["tracks"], at["hand_sizes"]
        for s in range(st.n):
            c = st.seat_colour[s]
            ones.append(colours_at + s * _COLOURS + c)
            base = tracks_at + s * _SPACES * 3
            ones += [
                base + at_value[v] for at_value, v in zip(_TRACK_AT[c], st.tracks[c], strict=True)
            ]
            floats.append(sizes_at + s)
            values.append(len(st.hands[s]) / _MAX_HAND)
        base = at["prayer_board"]
        ones += [
            base + cell * 4 + _BOARD_STATE[small][sign]
            for cell, (sign, small) in enumerate(
                zip(st.board_letters, st.board_small_side, strict=True)
            )
        ]
        base = at["crosses"]
        counts = {}
        for m in range(N_MONKS):
            if st.monk_location[m] == CROSS:
                where = base + st.monk_cross_row[m] * _COLOURS + m // MONKS_PER_COLOUR
                counts[where] = counts.get(where, 0) + 1
        for where, count in counts.items():
            floats.append(where)
            values.append(float(count))
        self._write_tiles(at["tiles"], st, seat, ones, floats, values)
        self._write_monks(at["monks"], st, ones, floats, values)
        out[np.fromiter(floats, np.intp, len(floats))] = values
        out[np.fromiter(ones, np.intp, len(ones))] = 1.0

    @staticmethod
    def _write_tiles(
        start: int,
        st: StateData,
        seat: int,
        ones: list[int],
        floats: list[int],
        values: list[float],
    ) -> None:
        """``view._tiles``: the laid tiles by cell, each in its slot (its 1s in ``ones``,
        its other values at ``floats``)."""
        cells, finished_at, box_monks = st.tile_cell, st.tile_finished, st.tile_box_monks
        for k, i in enumerate(sorted(st.laid_order, key=cells.__getitem__)):
            at = start + k * _SLOT
            rot = st.tile_rotation[i]
            ones += [at + o for o in _FIXED_ONES[i][rot]]
            x, y = cell_xy(cells[i])
            floats += (at + 1, at + 2, at + _AT_BLESSINGS)
            values += (x / 10, y / 10, st.tile_blessings[i] / 10)
            if finished_at[i]:
                ones.append(at + _AT_FINISHED)
                floats.append(at + _AT_BUILT)
                values.append(st.tile_built_round[i] / 20)
                ones.append(at + _AT_TILE + INST_TYPE[i])  # a finished tile is never hidden
                ones.append(at + _AT_ROT + rot)
                continue
            sizes = _BOX_SIZES[i]
            floats += range(at + _AT_BOXES, at + _AT_BOXES + len(sizes))
            values += sizes
            for b, monk in enumerate(box_monks[i]):
                if monk >= 0:
                    ones.append(at + _AT_BOX_MONKS + b * _COLOURS + monk // MONKS_PER_COLOUR)
            if hidden_from(st, i, seat):
                ones.append(at + _AT_TILE + len(TYPES))
            else:
                ones.append(at + _AT_TILE + INST_TYPE[i])
                ones.append(at + _AT_ROT + rot)

    @staticmethod
    def _write_monks(
        start: int, st: StateData, ones: list[int], floats: list[int], values: list[float]
    ) -> None:
        """``view_details``'s monks: five per colour in play, each where it stands."""
        width = _MONK_WIDTH
        locations, postures, boxes = st.monk_location, st.monk_posture, st.monk_box
        for c in st.seat_colour:
            for k in range(MONKS_PER_COLOUR):
                m = c * MONKS_PER_COLOUR + k
                at = start + (c * MONKS + k) * width
                loc, posture = locations[m], postures[m]
                if loc == IN_ABBEY:
                    ones.append(at)
                elif loc == CROSS:
                    if posture:  # the view's "cross R praying" is no colour letter
                        raise ValueError(f"monk {m} on a cross in posture {posture}")
                    ones.append(at + 1)
                    ones.append(at + len(MONK_PLACES) + st.monk_cross_row[m])
                else:
                    x, y = cell_xy(st.tile_cell[loc])
                    box = boxes[m]
                    ones.append(at + (3 if box >= 0 else 2))
                    base = at + len(MONK_PLACES) + _COLOURS
                    floats += (base, base + 1)
                    values += (x / 10, y / 10)
                    if box >= 0:
                        ones.append(base + 2 + box)
                ones.append(at + width - 3 + posture)

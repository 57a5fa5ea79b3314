"""The saved state's schema: every field's type, range and length, one model per player
count (``docs/monastery/json.md``, "The saved state").

``checked_fields`` reads a saved state (``StateData.to_dict`` output, after any upgrade)
through it, so a load either gets fields of the right shape or a ``BadSaveFile`` naming the
field. What spans several fields (every tile and monk exactly once, the boxes and the monks
agree, the letters add up) is checked next by ``consistency.py``.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from pydantic import BaseModel

from monastic.engine.jsonio import excerpt
from monastic.engine.rng import SEED_LIMIT
from monastic.engine.validation import (
    FLAG,
    fixed,
    items,
    one_of,
    problem,
    schema,
    tagged,
    validate,
    whole,
)
from monastic.games.monastery.catalogue import (
    BOARD,
    BOARD_CELLS,
    BOARD_ROWS,
    COLOURS,
    INSTANCES,
    MONKS_PER_COLOUR,
    N_MONKS,
    N_TILES,
    TRACK_SPACES,
)
from monastic.games.monastery.rules.common import LAST_ROUND
from monastic.games.monastery.rules.geometry import cell_key
from monastic.games.monastery.state import (
    CROSS,
    E_HOUSE,
    E_PRAYER,
    ENDING_E2,
    LARGE_LETTER,
    NOT_ENDING,
    OUT,
    P_PRISON,
    P_RETURN,
    P_TIE,
    PHASES,
    PRISONER,
    PURCHASE_STAGE,
    R_EXCHANGE,
    R_START,
    SMALL_LETTER,
    SYMBOLS_STAGE,
    UPRIGHT,
)

__all__ = ["MAX_DECISIONS", "MAX_POINTS", "SCHEMAS", "checked_fields"]

#: Bounds far above any game (a scoring earns a few dozen points, a game some 300
#: decisions): they only keep absurd numbers out.
MAX_POINTS = 999
MAX_DECISIONS = 10**6
#: The cells a tile may lie on: x and y from -512 to 511 (``geometry.cell_key``).
LOWEST_CELL, HIGHEST_CELL = cell_key(-512, -512), cell_key(511, 511)
MAX_BOXES = max(len(t.boxes) for t in INSTANCES)
#: Pending decisions wait one on another only a few deep (a return inside an election...).
MAX_PENDING = 8
#: Every character a Prayer Board cell may show: a letter of a row, the cross, or bought.
BOARD_SIGNS = ("", *sorted({ch for row in BOARD.rows for ch in row}))
_PENDING_NAMES = {P_TIE: "tie", P_PRISON: "prison", P_RETURN: "return"}


def _pending_kind(value: Any) -> str | None:
    """A pending decision's variant: the name of its kind, its first element."""
    if isinstance(value, list) and value and type(value[0]) is int:
        return _PENDING_NAMES.get(value[0])
    return None


def _pending(n: int) -> Any:
    seat = whole(0, n - 1)
    context = one_of(E_PRAYER, E_HOUSE)
    variants = {
        "tie": fixed(one_of(P_TIE), seat, context, seat, rest=seat, at_most=3 + n),
        "prison": fixed(one_of(P_PRISON), seat, context),
        "return": fixed(one_of(P_RETURN), seat, whole(R_EXCHANGE, R_START)),
    }
    kinds = ", ".join(f"{kind} {name}" for kind, name in _PENDING_NAMES.items())
    return tagged(
        _pending_kind,
        variants,
        f"must be a pending decision [kind, seat, context, ...] of a known kind ({kinds})",
    )


def per_tile(kind: Any) -> Any:
    """One ``kind`` per tile instance."""
    return items(kind, N_TILES)


def _schema(n: int) -> type[BaseModel]:
    """The saved state of an ``n``-player game."""
    seat = whole(0, n - 1)
    tile = whole(0, N_TILES - 1)
    monk = whole(0, N_MONKS - 1)
    blessings = whole(0, BOARD.blessings)
    return schema(
        f"MonasterySave{n}",
        n=whole(n, n),
        seat_colour=items(whole(0, COLOURS - 1), n),
        turn_order=items(seat, n),
        tile_cell=per_tile(whole(-1, HIGHEST_CELL)),
        tile_rotation=per_tile(whole(0, 3)),
        tile_finished=per_tile(whole(0, 1)),
        tile_built_round=per_tile(whole(0, LAST_ROUND)),
        tile_laid_by=per_tile(whole(-1, n - 1)),
        tile_blessings=per_tile(blessings),
        tile_box_monks=per_tile(items(whole(-1, N_MONKS - 1), at_most=MAX_BOXES)),
        bag=items(tile, at_most=N_TILES),
        hands=items(items(tile, at_most=N_TILES), n),
        returned_tiles=items(fixed(seat, tile, whole(0, (1 << n) - 1)), at_most=N_TILES),
        monk_location=items(whole(OUT, N_TILES - 1), N_MONKS),
        monk_box=items(whole(-1, MAX_BOXES - 1), N_MONKS),
        monk_posture=items(whole(UPRIGHT, PRISONER), N_MONKS),
        monk_cross_row=items(whole(-1, BOARD_ROWS - 1), N_MONKS),
        board_letters=items(one_of(*BOARD_SIGNS), BOARD_CELLS),
        board_small_side=items(whole(0, 1), BOARD_CELLS),
        tracks=items(items(one_of(0, LARGE_LETTER, SMALL_LETTER), TRACK_SPACES), COLOURS),
        blessings=items(blessings, n),
        locked_blessings=items(blessings, n),
        stopped_monks=items(monk, at_most=N_MONKS),
        shiftable_monks=items(monk, at_most=N_MONKS),
        building_monks=items(monk, at_most=N_MONKS),
        used_symbol_tiles=items(tile, at_most=N_TILES),
        brewers=items(seat, at_most=n),
        kept_monks=items(monk, at_most=N_MONKS),
        laid_order=items(tile, at_most=N_TILES),
        pending=items(_pending(n), at_most=MAX_PENDING),
        round=whole(1, LAST_ROUND),
        abbot=seat,
        turn=whole(0, n),
        movement_points=whole(0, 2 * MONKS_PER_COLOUR * COLOURS),
        laid_this_step=whole(0, 1),
        encouraging=whole(0, 1),
        scoring_points=whole(0, MAX_POINTS),
        prayed=whole(0, 1),
        scoring_stage=one_of(SYMBOLS_STAGE, PURCHASE_STAGE),
        ending=whole(NOT_ENDING, ENDING_E2),
        over=whole(0, 1),
        decisions=whole(0, MAX_DECISIONS),
        team=FLAG,
        simple=FLAG,
        vow_of_silence=FLAG,
        start_hand=FLAG,
        phase=one_of(*PHASES),
        rng=whole(0, SEED_LIMIT - 1),
        seed=whole(0, SEED_LIMIT - 1),
        grid=items(fixed(whole(LOWEST_CELL, HIGHEST_CELL), whole(0, N_TILES)), at_most=N_TILES + 6),
    )


#: One schema per player count, built once.
SCHEMAS: Mapping[int, type[BaseModel]] = MappingProxyType(
    {n: _schema(n) for n in range(2, COLOURS + 1)}
)
assert CROSS == OUT + 1  # monk_location's range runs OUT, CROSS, IN_ABBEY, tiles


def checked_fields(data: Mapping[str, Any]) -> dict[str, Any]:
    """The saved fields, each of the right type, range and length; raises ``BadSaveFile``
    naming the first field that is not."""
    if "n" not in data:
        raise problem(("n",), "is missing")
    players = data["n"]
    if type(players) is not int or players not in SCHEMAS:
        raise problem(("n",), f"must be 2, 3 or 4, not {excerpt(players)}")
    fields = validate(SCHEMAS[players], data)
    keys = [key for key, _ in fields["grid"]]
    for index in range(1, len(keys)):
        if keys[index] <= keys[index - 1]:
            raise problem(("grid", index), "cells are listed once each, in ascending order")
    return fields

"""The saved state's schema: every field's type, range and length, one model per player
count (``docs/monasterium/json.md``, "The saved state").

``checked_fields`` reads a saved state (``StateData.to_dict`` output, after any upgrade)
through it, so a load either gets fields of the right shape or a ``BadSaveFile`` naming the
field. What spans several fields (the supply adds up, 24 novices a seat, the board's
counts) is checked next by ``rules/consistency.py``.
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
    nullable,
    one_of,
    problem,
    schema,
    tagged,
    validate,
    whole,
)
from monastic.games.monasterium.catalogue import (
    BOOK,
    BUILDINGS,
    COL_BONUS,
    COLUMNS,
    DIE_FACES,
    EXTRA_IDS,
    FIELDS,
    GOODS,
    MISSION_CATEGORIES,
    MISSION_IDS,
    MISSIONS_PER_CATEGORY,
    MONASTERIES,
    NOVICE_IDS,
    PERSONAL_MAX,
    PLAYER_SETUP,
    ROAD_LEN,
    ROW_BONUS,
    ROWS,
    SLOT_EFFECT,
    SLOTS,
    SPACES_PER_MONASTERY,
    STANDARD,
    SUPPLY,
    TOOL,
    WINDOW_COLUMNS,
    WINDOW_ROWS,
    YEARS,
)
from monastic.games.monasterium.rules.legal import MAX_TAKE
from monastic.games.monasterium.rules.sending import MODE_IGNORE, MODE_PATRON, MODE_STD
from monastic.games.monasterium.state import (
    BLOCKED,
    EXTRA_LOCKED,
    EXTRA_SENT,
    PHASES,
    TASK_ANY_ACTION,
    TASK_BUILDING_GOOD,
    TASK_DESTINATION,
    TASK_EXTRA_SEND,
    TASK_NAMES,
    TASK_NEW_DIE,
    TASK_ROAD,
    TASK_ROAD_BONUS,
    TASK_TILE,
    TILE_FROM_OWN_CHAPEL,
)

__all__ = ["MAX_LAPS", "MAX_TASKS", "MAX_VP", "SCHEMAS", "checked_fields"]

#: Bounds far above any game (random and bot games stay under 100 VP, 2 laps, 3 tasks):
#: they only keep absurd numbers out.
MAX_VP = 999
MAX_LAPS = 99
MAX_TASKS = 16
#: The most road spaces one move enters (a road task queues one bonus per space).
MAX_STEPS = max(e.move_max for e in (*STANDARD, *SLOT_EFFECT, *ROW_BONUS, *COL_BONUS))


def _task_kind(value: Any) -> str | None:
    """A pending task's variant: the name of its kind, its first element."""
    if isinstance(value, list) and value and type(value[0]) is int:
        return TASK_NAMES.get(value[0])
    return None


def _task() -> Any:
    space = whole(1, ROAD_LEN)
    variants = {
        TASK_ROAD: fixed(one_of(TASK_ROAD), space, rest=space, at_most=1 + MAX_STEPS),
        TASK_ROAD_BONUS: fixed(one_of(TASK_ROAD_BONUS), space),
        TASK_ANY_ACTION: fixed(one_of(TASK_ANY_ACTION)),
        TASK_TILE: fixed(one_of(TASK_TILE), whole(TILE_FROM_OWN_CHAPEL, MONASTERIES - 1)),
        TASK_EXTRA_SEND: fixed(one_of(TASK_EXTRA_SEND), whole(0, ROWS - 1)),
        TASK_DESTINATION: fixed(
            one_of(TASK_DESTINATION),
            one_of(MODE_STD, MODE_IGNORE, MODE_PATRON),
            whole(0, len(NOVICE_IDS) - 1),
        ),
        TASK_NEW_DIE: fixed(one_of(TASK_NEW_DIE), whole(1, DIE_FACES)),
        TASK_BUILDING_GOOD: fixed(one_of(TASK_BUILDING_GOOD), one_of(TOOL, BOOK)),
    }
    kinds = ", ".join(f"{kind} {name}" for kind, name in TASK_NAMES.items())
    return tagged(
        _task_kind,
        {TASK_NAMES[kind]: variant for kind, variant in variants.items()},
        f"must be a pending task [kind, ...] of a known kind ({kinds})",
    )


def _schema(n: int) -> type[BaseModel]:
    """The saved state of an ``n``-player game."""
    setup = PLAYER_SETUP[n]
    seat = whole(0, n - 1)
    vp = whole(0, MAX_VP)
    face = whole(1, DIE_FACES)
    all_dice = n * (setup.neutral + PERSONAL_MAX)
    counts = items(whole(0, SPACES_PER_MONASTERY), MONASTERIES)
    final_row = schema(
        "FinalRow",
        before=vp,
        missions=vp,
        majority=vp,
        chapel_spread=vp,
        cloister_chapel=vp,
        goods=vp,
        total=vp,
    )
    mission = one_of(*MISSION_IDS)
    return schema(
        f"MonasteriumSave{n}",
        optional=("mission_vp",),  # saves from before the field load it as zeros
        players=whole(n, n),
        rng=whole(0, SEED_LIMIT - 1),
        phase=one_of(*PHASES),
        round=whole(1, YEARS * n),
        start_player=seat,
        current=seat,
        held_personal=items(whole(0, PERSONAL_MAX), n),
        held_neutral=items(whole(0, setup.neutral), n),
        rolled_personal=nullable(items(face, at_most=PERSONAL_MAX)),
        rolled_neutral=items(face, at_most=setup.neutral),
        dice_fields=items(items(whole(0, all_dice), 1 + n), 1 + FIELDS),
        personal_dice=items(whole(1, PERSONAL_MAX), n),
        reroll_used=items(FLAG, n),
        goods=items(items(whole(0, max(SUPPLY)), len(GOODS)), n),
        supply=items(whole(0, max(SUPPLY)), len(GOODS)),
        vp=items(vp, n),
        occupied_slots=items(whole(0, (1 << SLOTS) - 1), n),
        extra_novices=items(items(whole(EXTRA_LOCKED, EXTRA_SENT), len(EXTRA_IDS)), n),
        messenger_space=items(whole(1, ROAD_LEN), n),
        laps=items(whole(0, MAX_LAPS), n),
        window=items(
            items(items(whole(0, MONASTERIES - 1), at_most=WINDOW_COLUMNS), WINDOW_ROWS), n
        ),
        tile_stacks=items(whole(0, setup.tiles_per_monastery), MONASTERIES),
        buildings=items(whole(BLOCKED, n - 1), BUILDINGS),
        cloisters=items(whole(BLOCKED, n - 1), BUILDINGS),
        chapels=items(items(whole(0, setup.chapel_cap), n), MONASTERIES),
        building_counts=items(counts, n),
        cloister_counts=items(counts, n),
        missions=items(mission, MISSIONS_PER_CATEGORY * len(MISSION_CATEGORIES)),
        claimed_missions=items(
            items(mission, at_most=MISSIONS_PER_CATEGORY * len(MISSION_CATEGORIES)), n
        ),
        mission_vp=items(vp, n),
        turn_column=whole(-1, COLUMNS - 1),
        dice_left=whole(0, MAX_TAKE),
        used_slots=whole(0, (1 << SLOTS) - 1),
        tasks=items(_task(), at_most=MAX_TASKS),
        final_breakdown=nullable(schema(f"Final{n}", players=items(final_row, n))),
    )


#: One schema per player count, built once.
SCHEMAS: Mapping[int, type[BaseModel]] = MappingProxyType({n: _schema(n) for n in PLAYER_SETUP})


def checked_fields(data: Mapping[str, Any]) -> dict[str, Any]:
    """The saved fields, each of the right type, range and length; raises ``BadSaveFile``
    naming the first field that is not."""
    if "players" not in data:
        raise problem(("players",), "is missing")
    players = data["players"]
    if type(players) is not int or players not in SCHEMAS:
        raise problem(("players",), f"must be 2, 3 or 4, not {excerpt(players)}")
    return validate(SCHEMAS[players], data)

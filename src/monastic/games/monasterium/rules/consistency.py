"""Checks of a loaded state: every count adds up and every field is in range."""

from __future__ import annotations

from typing import Any

from monastic.games.monasterium.catalogue import (
    BOOK,
    BUILDINGS,
    COLUMNS,
    DIE_FACES,
    EXTRA_IDS,
    FIELDS,
    GOODS,
    MISSION_BY_ID,
    MON_IDS,
    MONASTERIES,
    NOVICE_IDS,
    PERSONAL_MAX,
    ROAD_LEN,
    ROWS,
    SLOTS,
    SPACES_PER_MONASTERY,
    SUPPLY,
    TOOL,
    YEARS,
)
from monastic.games.monasterium.rules.legal import MAX_TAKE
from monastic.games.monasterium.rules.scoring import novices_in
from monastic.games.monasterium.rules.sending import MODE_IGNORE, MODE_PATRON, MODE_STD
from monastic.games.monasterium.state import (
    EXTRA_SENT,
    PHASE_OVER,
    PHASE_PLACE,
    PHASES,
    TASK_ANY_ACTION,
    TASK_BUILDING_GOOD,
    TASK_DESTINATION,
    TASK_EXTRA_SEND,
    TASK_NEW_DIE,
    TASK_ROAD,
    TASK_ROAD_BONUS,
    TASK_TILE,
    TILE_FROM_OWN_CHAPEL,
    StateData,
    Task,
)


def _fail(why: str) -> ValueError:
    return ValueError(f"inconsistent monasterium state: {why}")


#: The length of each task kind's tuple (the road's: 2 up to 4, one per space entered).
_TASK_SIZES = {
    TASK_ROAD_BONUS: 2,
    TASK_ANY_ACTION: 1,
    TASK_TILE: 2,
    TASK_EXTRA_SEND: 2,
    TASK_DESTINATION: 3,
    TASK_NEW_DIE: 2,
    TASK_BUILDING_GOOD: 2,
}
NOVICES = SLOTS + len(EXTRA_IDS)  # each seat's novices: one per slot and the extras


def _spaces(m: int) -> range:
    return range(m * SPACES_PER_MONASTERY, (m + 1) * SPACES_PER_MONASTERY)


def check_consistency(s: StateData) -> None:
    """Validate a loaded state; raise ValueError naming the first problem found."""
    n = s.n
    per_player: dict[str, Any] = {
        "held_personal": s.held_personal,
        "held_neutral": s.held_neutral,
        "personal_dice": s.personal_dice,
        "reroll_used": s.reroll_used,
        "goods": s.goods,
        "vp": s.vp,
        "occupied_slots": s.occupied_slots,
        "extra_novices": s.extra_novices,
        "messenger_space": s.messenger_space,
        "laps": s.laps,
        "window": s.window,
        "building_counts": s.building_counts,
        "cloister_counts": s.cloister_counts,
        "claimed_missions": s.claimed_missions,
        "mission_vp": s.mission_vp,
    }
    for name, value in per_player.items():
        if not isinstance(value, list) or len(value) != n:
            raise _fail(f"{name} must list {n} players")
    if s.phase not in PHASES:
        raise _fail(f"unknown phase {s.phase!r}")
    if not 1 <= s.round <= YEARS * n or not 0 <= s.current < n or not 0 <= s.start_player < n:
        raise _fail("round, start or current seat out of range")
    if len(s.dice_fields) != FIELDS + 1 or any(len(f) != n + 1 for f in s.dice_fields):
        raise _fail(f"dice fields must be {FIELDS + 1} lists of 1 + players counts")
    goods = len(GOODS)
    if len(s.supply) != goods or any(len(g) != goods for g in s.goods):
        raise _fail(f"goods must be {goods} counts")
    for g in range(goods):
        total = s.supply[g] + sum(s.goods[p][g] for p in range(n))
        if total != SUPPLY[g] or s.supply[g] < 0 or any(s.goods[p][g] < 0 for p in range(n)):
            raise _fail(f"good {g} does not add up to the supply of {SUPPLY[g]}")
    if len(s.buildings) != BUILDINGS or len(s.cloisters) != BUILDINGS:
        raise _fail(f"board must have {BUILDINGS} buildings, {BUILDINGS} cloister spaces")
    if len(s.chapels) != MONASTERIES or len(s.tile_stacks) != MONASTERIES:
        raise _fail(f"board must have {MONASTERIES} chapels and tile stacks")
    for p in range(n):
        if not 1 <= s.personal_dice[p] <= PERSONAL_MAX:
            raise _fail(f"seat {p} has {s.personal_dice[p]} personal dice")
        if not 1 <= s.messenger_space[p] <= ROAD_LEN:
            raise _fail(f"seat {p} messenger off the road")
        on_board = sum(novices_in(s, p, m) for m in range(MONASTERIES))
        if s.building_counts[p] != [
            sum(1 for b in _spaces(m) if s.buildings[b] == p) for m in range(MONASTERIES)
        ]:
            raise _fail(f"seat {p} building counts do not match the board")
        if s.cloister_counts[p] != [
            sum(1 for k in _spaces(m) if s.cloisters[k] == p) for m in range(MONASTERIES)
        ]:
            raise _fail(f"seat {p} cloister counts do not match the board")
        waiting = sum(1 for e in s.extra_novices[p] if e != EXTRA_SENT)
        off = bin(s.occupied_slots[p]).count("1") + waiting
        if on_board + off != NOVICES:
            raise _fail(f"seat {p} has {on_board + off} novices, not {NOVICES}")
        for mid in s.claimed_missions[p]:
            if mid not in s.missions:
                raise _fail(f"seat {p} claimed {mid}, which is not in play")
    for mid in s.missions:
        if mid not in MISSION_BY_ID:
            raise _fail(f"unknown mission {mid!r}")
    for m in range(MONASTERIES):
        if sum(s.chapels[m]) > s.setup.chapel_cap:
            raise _fail(f"chapel {MON_IDS[m]} over capacity")
    if s.phase == PHASE_OVER and s.final_breakdown is None:
        raise _fail("a finished game needs its final scoring")
    if s.phase == PHASE_PLACE and s.rolled_personal is None:
        raise _fail("a placement turn needs its roll")
    for f in s.dice_fields:
        if any(not isinstance(x, int) or x < 0 for x in f):
            raise _fail("dice counts must be whole numbers >= 0")
    if not -1 <= s.turn_column < COLUMNS or not 0 <= s.dice_left <= MAX_TAKE:
        raise _fail("turn column or dice left out of range")
    for task in s.tasks:
        _check_task(task)


def _check_task(task: Task) -> None:
    if not task or (task[0] != TASK_ROAD and task[0] not in _TASK_SIZES):
        raise _fail(f"unknown pending task {list(task)}")
    kind = task[0]
    if kind == TASK_ROAD:
        if not 2 <= len(task) <= 4:
            raise _fail(f"pending task {list(task)} has the wrong length")
    elif len(task) != _TASK_SIZES[kind]:
        raise _fail(f"pending task {list(task)} has the wrong length")
    if kind == TASK_ROAD and any(not 1 <= sp <= ROAD_LEN for sp in task[1:]):
        raise _fail(f"road task {list(task)} names a space off the road")
    if kind == TASK_ROAD_BONUS and not 1 <= task[1] <= ROAD_LEN:
        raise _fail(f"road bonus task {list(task)} names a space off the road")
    if kind == TASK_TILE and not TILE_FROM_OWN_CHAPEL <= task[1] < MONASTERIES:
        raise _fail(f"tile task {list(task)} has a bad source")
    if kind == TASK_EXTRA_SEND and not 0 <= task[1] < ROWS:
        raise _fail(f"extra task {list(task)} has a bad row")
    if kind == TASK_DESTINATION and not (
        task[1] in (MODE_STD, MODE_IGNORE, MODE_PATRON) and 0 <= task[2] < len(NOVICE_IDS)
    ):
        raise _fail(f"send task {list(task)} is malformed")
    if kind == TASK_NEW_DIE and not 1 <= task[1] <= DIE_FACES:
        raise _fail(f"new-die task {list(task)} has a bad face")
    if kind == TASK_BUILDING_GOOD and task[1] not in (TOOL, BOOK):
        raise _fail(f"building-good task {list(task)} has a bad good")

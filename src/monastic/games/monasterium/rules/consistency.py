"""Checks of a loaded state: every count adds up and every field is in range."""

from __future__ import annotations

from typing import Any

from monastic.games.monasterium.catalogue import (
    BOOK,
    MISSION_BY_ID,
    MON_IDS,
    PERSONAL_MAX,
    SUPPLY,
    TOOL,
)
from monastic.games.monasterium.rules.scoring import novices_in
from monastic.games.monasterium.state import StateData


def _fail(why: str) -> ValueError:
    return ValueError(f"inconsistent monasterium state: {why}")


def check_consistency(s: StateData) -> None:
    """Validate a loaded state; raise ValueError naming the first problem found."""
    n = s.n
    per_player: dict[str, Any] = {
        "held_personal": s.held_personal,
        "held_neutral": s.held_neutral,
        "personal": s.personal,
        "rerolled": s.rerolled,
        "goods": s.goods,
        "vp": s.vp,
        "slots": s.slots,
        "extras": s.extras,
        "pos": s.pos,
        "laps": s.laps,
        "window": s.window,
        "bcount": s.bcount,
        "kcount": s.kcount,
        "claimed": s.claimed,
        "mission_vp": s.mission_vp,
    }
    for name, value in per_player.items():
        if not isinstance(value, list) or len(value) != n:
            raise _fail(f"{name} must list {n} players")
    if s.phase not in ("place", "act", "over"):
        raise _fail(f"unknown phase {s.phase!r}")
    if not 1 <= s.round <= 3 * n or not 0 <= s.current < n or not 0 <= s.start < n:
        raise _fail("round, start or current seat out of range")
    if len(s.fields) != 7 or any(len(f) != n + 1 for f in s.fields):
        raise _fail("dice fields must be 7 lists of 1 + players counts")
    if len(s.supply) != 5 or any(len(g) != 5 for g in s.goods):
        raise _fail("goods must be 5 counts")
    for g in range(5):
        total = s.supply[g] + sum(s.goods[p][g] for p in range(n))
        if total != SUPPLY[g] or s.supply[g] < 0 or any(s.goods[p][g] < 0 for p in range(n)):
            raise _fail(f"good {g} does not add up to the supply of {SUPPLY[g]}")
    if len(s.buildings) != 30 or len(s.cloisters) != 30 or len(s.chapels) != 5:
        raise _fail("board must have 30 buildings, 30 cloister spaces, 5 chapels")
    for p in range(n):
        if not 1 <= s.personal[p] <= PERSONAL_MAX:
            raise _fail(f"seat {p} has {s.personal[p]} personal dice")
        if not 1 <= s.pos[p] <= 20:
            raise _fail(f"seat {p} messenger off the road")
        on_board = sum(novices_in(s, p, m) for m in range(5))
        if s.bcount[p] != [
            sum(1 for b in range(m * 6, m * 6 + 6) if s.buildings[b] == p) for m in range(5)
        ]:
            raise _fail(f"seat {p} building counts do not match the board")
        if s.kcount[p] != [
            sum(1 for k in range(m * 6, m * 6 + 6) if s.cloisters[k] == p) for m in range(5)
        ]:
            raise _fail(f"seat {p} cloister counts do not match the board")
        off = bin(s.slots[p]).count("1") + sum(1 for e in s.extras[p] if e != 2)
        if on_board + off != 24:
            raise _fail(f"seat {p} has {on_board + off} novices, not 24")
        for mid in s.claimed[p]:
            if mid not in s.missions:
                raise _fail(f"seat {p} claimed {mid}, which is not in play")
    for mid in s.missions:
        if mid not in MISSION_BY_ID:
            raise _fail(f"unknown mission {mid!r}")
    for m in range(5):
        if sum(s.chapels[m]) > s.setup.chapel_cap:
            raise _fail(f"chapel {MON_IDS[m]} over capacity")
    if s.phase == "over" and s.final is None:
        raise _fail("a finished game needs its final scoring")
    if s.phase == "place" and s.rolled_personal is None:
        raise _fail("a placement turn needs its roll")
    for f in s.fields:
        if any(not isinstance(x, int) or x < 0 for x in f):
            raise _fail("dice counts must be whole numbers >= 0")
    if not -1 <= s.turn_col <= 4 or s.dice_left < 0 or s.dice_left > 3:
        raise _fail("turn column or dice left out of range")
    sizes = {0: None, 1: 2, 2: 1, 3: 2, 4: 2, 5: 3, 6: 2, 7: 2}
    for task in s.tasks:
        if not task or task[0] not in sizes:
            raise _fail(f"unknown pending task {list(task)}")
        size = sizes[task[0]]
        if (size is None and not 2 <= len(task) <= 4) or (size is not None and len(task) != size):
            raise _fail(f"pending task {list(task)} has the wrong length")
        if task[0] == 0 and any(not 1 <= sp <= 20 for sp in task[1:]):
            raise _fail(f"road task {list(task)} names a space off the road")
        if task[0] == 1 and not 1 <= task[1] <= 20:
            raise _fail(f"road bonus task {list(task)} names a space off the road")
        if task[0] == 3 and not -2 <= task[1] <= 4:
            raise _fail(f"tile task {list(task)} has a bad source")
        if task[0] == 4 and not 0 <= task[1] <= 3:
            raise _fail(f"extra task {list(task)} has a bad row")
        if task[0] == 5 and not (0 <= task[1] <= 2 and 0 <= task[2] <= 23):
            raise _fail(f"send task {list(task)} is malformed")
        if task[0] == 6 and not 1 <= task[1] <= 6:
            raise _fail(f"new-die task {list(task)} has a bad face")
        if task[0] == 7 and task[1] not in (TOOL, BOOK):
            raise _fail(f"building-good task {list(task)} has a bad good")

"""Pending tasks: the choices a use leaves behind (destinations, bonuses, tiles, new dice)."""

from __future__ import annotations

from typing import Any

from monastic.engine import Event
from monastic.games.monasterium.actions import (
    BONUS_BOOK,
    BONUS_DIE,
    BONUS_INFLUENCE,
    BONUS_ROSARY,
    BONUS_SOUP,
    BONUS_SOUP_TO_TOOL,
    BONUS_TOOL,
    BONUS_VP,
    Bonus,
    Decline,
    Keep,
    Reroll,
    Tile,
    To,
    Use,
)
from monastic.games.monasterium.catalogue import (
    BOOK,
    EXTRA0,
    INFLUENCE,
    PERSONAL_DIE_VP,
    ROSARY,
    SOUP,
    TOOL,
)
from monastic.games.monasterium.rules.dice import gain_die, put_die, roll
from monastic.games.monasterium.rules.goods import exchange, take_goods
from monastic.games.monasterium.rules.sending import MODE_STD, do_send
from monastic.games.monasterium.rules.turn import exec_use
from monastic.games.monasterium.rules.window import do_tile
from monastic.games.monasterium.state import TASK_EXTRA_SEND, TASK_NAMES, StateData, Task, Tasks

#: The bonuses that are one good from the supply.
_BONUS_GOOD = {
    BONUS_INFLUENCE: INFLUENCE,
    BONUS_ROSARY: ROSARY,
    BONUS_SOUP: SOUP,
    BONUS_TOOL: TOOL,
    BONUS_BOOK: BOOK,
}


def resolve_task(s: StateData, task: Task, action: Any, ev: list[Event], new: Tasks) -> None:
    """The seat to act answers the task on top of the stack with ``action``."""
    p = s.current
    kind = task[0]
    if isinstance(action, Decline):
        ev.append(Event("decline", {"seat": p, "task": TASK_NAMES[kind]}))
        return
    if isinstance(action, Use):
        exec_use(s, p, action, ev, new)
    elif isinstance(action, Tile):
        do_tile(s, p, action.mon, action.row, action.bonus, ev, new)
    elif isinstance(action, To):
        if kind == TASK_EXTRA_SEND:
            do_send(s, p, EXTRA0 + task[1], action.dest, MODE_STD, ev, new)
        else:
            do_send(s, p, task[2], action.dest, task[1], ev, new)
    elif isinstance(action, Bonus):
        c = action.choice
        if c == BONUS_DIE:
            gain_die(s, p, ev, new)
        elif c == BONUS_VP:
            s.vp[p] += PERSONAL_DIE_VP
            ev.append(Event("vp", {"seat": p, "vp": PERSONAL_DIE_VP}))
        elif c in _BONUS_GOOD:
            take_goods(s, p, (_BONUS_GOOD[c],), ev)
        elif c == BONUS_SOUP_TO_TOOL:
            exchange(s, p, SOUP, TOOL, ev)
        else:
            exchange(s, p, TOOL, BOOK, ev)
    elif isinstance(action, Reroll):
        s.reroll_used[p] = True
        face = roll(s)
        ev.append(Event("reroll", {"seat": p, "face": face}))
        put_die(s, p, face, ev)
    elif isinstance(action, Keep):
        put_die(s, p, task[1], ev)

"""Turn structure (§3): apply an action, then run the automatic steps to the next decision.

A state at rest always waits for one decision of ``s.current``. ``settle`` runs every
automatic step (rolls, road bonus queues, lapsed rewards, forfeited dice, turn and round
ends) until a decision with at least one legal action is reached.
"""

from __future__ import annotations

from typing import Any

from monastic.engine import Event
from monastic.games.monasterium.actions import DECLINE, Place, Reroll, Take
from monastic.games.monasterium.catalogue import PERSONAL_DIE_VP, ROAD_BONUS
from monastic.games.monasterium.rules.legal import task_actions, use_options
from monastic.games.monasterium.rules.placement import place, reroll, roll_held
from monastic.games.monasterium.rules.tasks import resolve_task
from monastic.games.monasterium.rules.turn import end_turn, exec_use, take
from monastic.games.monasterium.state import (
    PHASE_OVER,
    PHASE_PLACE,
    TASK_NAMES,
    TASK_ROAD,
    TASK_ROAD_BONUS,
    StateData,
    Tasks,
)


def _push(s: StateData, new: Tasks) -> None:
    for task in reversed(new):
        s.tasks.append(task)


def apply_action(s: StateData, seat: int, action: Any) -> list[Event]:
    """Apply a legal action, then run every automatic step up to the next decision."""
    s.legal_cache = None
    ev: list[Event] = []
    p = seat
    if s.phase == PHASE_PLACE:
        if isinstance(action, Place):
            place(s, p, action.value, ev)
        else:
            assert isinstance(action, Reroll)
            reroll(s, p, action, ev)
    elif s.tasks:
        task = s.tasks.pop()
        new: Tasks = []
        resolve_task(s, task, action, ev, new)
        _push(s, new)
    elif s.dice_left:
        s.dice_left -= 1  # S-11: used up as its action starts
        new = []
        exec_use(s, p, action, ev, new)
        _push(s, new)
    else:
        assert isinstance(action, Take)
        take(s, p, action, ev)
    settle(s, ev)
    return ev


def settle(s: StateData, ev: list[Event]) -> None:
    """Run automatic steps until a decision with a legal action is pending."""
    while True:
        if s.phase == PHASE_OVER:
            s.legal_cache = []
            return
        if s.phase == PHASE_PLACE:
            if s.rolled_personal is None:
                roll_held(s, ev)
            s.legal_cache = None  # never empty; listed on demand
            return
        p = s.current
        if s.tasks:
            task = s.tasks[-1]
            if task[0] == TASK_ROAD:
                s.tasks.pop()
                if len(task) > 2:
                    s.tasks.append((TASK_ROAD, *task[2:]))
                s.tasks.append((TASK_ROAD_BONUS, task[1]))
                continue
            acts = task_actions(s, task)
            if not acts or (len(acts) == 1 and acts[0] is DECLINE):
                s.tasks.pop()
                if task[0] == TASK_ROAD_BONUS and ROAD_BONUS[task[1]] == "personal_die":
                    s.vp[p] += PERSONAL_DIE_VP  # S-32: with 3 dice, only the 5 VP
                    ev.append(Event("vp", {"seat": p, "vp": PERSONAL_DIE_VP}))
                else:
                    ev.append(Event("lapse", {"seat": p, "task": TASK_NAMES[task[0]]}))
                continue
            s.legal_cache = acts
            return
        if s.dice_left:
            acts = use_options(s, p, (s.turn_column,))
            if not acts:
                s.dice_left -= 1
                ev.append(Event("forfeit", {"seat": p, "column": s.turn_column + 1}))
                continue
            s.legal_cache = acts
            return
        if s.turn_column >= 0:
            end_turn(s, ev)
            continue
        s.legal_cache = None  # the seat has a takeable die; listed on demand
        return

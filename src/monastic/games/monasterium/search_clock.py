"""The game's time for the search's ``horizon`` (``Strategy.clock``), counted in dice.

A round is ``span`` ticks, half for placing the dice and half for using them: the clock
counts the dice placed in the first half and the dice whose action is done in the second
(used with every follow-up choice made, or forfeited), each half long enough for the most
dice a round can have (the rest of a half is idle). A line cut off by a horizon so always
stops after a whole action, never between taking dice and using them or between a send
and its destination, where the evaluation would read a half-done move. So the clock reads
the same point of every round with the same dice ``span`` ticks apart: ``horizon=span``
looks exactly one round ahead. Everything it reads (round, phase, dice) is public.
"""

from __future__ import annotations

from typing import Any

from monastic.games.monasterium.catalogue import PERSONAL_MAX
from monastic.games.monasterium.state import PHASE_ACT, PHASE_OVER, TASK_NEW_DIE, StateData

__all__ = ["clock", "span"]


def span(players: int, neutral: int) -> int:
    """Ticks a round: twice the most dice a round can have (every seat at its most
    personal dice, plus its neutral ones)."""
    return 2 * players * (PERSONAL_MAX + neutral)


def clock(state: Any) -> int:
    """Rises with every die placed and every die used; never falls."""
    s: StateData = state
    if s.phase == PHASE_OVER:
        return 1 << 30
    ticks = span(s.n, s.setup.neutral)
    on_fields = 0
    for field in s.dice_fields:
        on_fields += sum(field)
    start = ticks * (s.round - 1)
    if s.phase != PHASE_ACT:
        return start + on_fields  # the dice placed so far
    # A die gained meanwhile joins the round's dice from the moment it is gained (its roll
    # may still wait for a re-roll choice), so that it changes only what is left to use.
    dice = s.n * s.setup.neutral + sum(s.personal_dice)
    dice -= sum(1 for task in s.tasks if task[0] == TASK_NEW_DIE)
    in_hand = s.dice_left + (1 if s.tasks else 0)  # the die being used counts once it is done
    return start + ticks // 2 + dice - on_fields - in_hand

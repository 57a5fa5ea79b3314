"""Dice: a roll from the state's own generator, and a newly gained personal die (S-32)."""

from __future__ import annotations

from monastic.engine import Event
from monastic.games.monasterium.catalogue import DIE_FACES
from monastic.games.monasterium.rules.missions import check_missions
from monastic.games.monasterium.state import TASK_NEW_DIE, StateData, Tasks


def roll(s: StateData) -> int:
    """One die: 1..6."""
    return 1 + s.rng.below(DIE_FACES)


def gain_die(s: StateData, p: int, ev: list[Event], new: Tasks) -> None:
    """Seat p gains a personal die, rolls it, and may re-roll it if its re-roll is unused."""
    s.personal_dice[p] += 1
    face = roll(s)
    ev.append(Event("gain_die", {"seat": p, "face": face}))
    check_missions(s, p, ev)
    if s.reroll_used[p]:
        put_die(s, p, face, ev)
    else:
        new.append((TASK_NEW_DIE, face))


def put_die(s: StateData, p: int, face: int, ev: list[Event]) -> None:
    """The new personal die goes onto the field of its face."""
    s.dice_fields[face][1 + p] += 1
    ev.append(Event("die_placed", {"seat": p, "field": face}))

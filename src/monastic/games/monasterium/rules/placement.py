"""Dice placement (§3.1): roll the dice still held, re-roll once a round, place one value."""

from __future__ import annotations

from monastic.engine import Event
from monastic.games.monasterium.actions import Reroll
from monastic.games.monasterium.rules.dice import roll
from monastic.games.monasterium.state import PHASE_ACT, StateData


def roll_held(s: StateData, ev: list[Event]) -> None:
    """The seat to place rolls every die it still holds."""
    p = s.current
    s.rolled_personal = sorted(roll(s) for _ in range(s.held_personal[p]))
    s.rolled_neutral = sorted(roll(s) for _ in range(s.held_neutral[p]))
    ev.append(
        Event("roll", {"seat": p, "personal": s.rolled_personal, "neutral": s.rolled_neutral})
    )


def place(s: StateData, p: int, v: int, ev: list[Event]) -> None:
    """Put every rolled die showing ``v`` on field Fv (S-3); the next seat holding dice
    places next, and once nobody holds any the actions begin."""
    pers = s.rolled_personal or []
    cp = pers.count(v)
    cn = s.rolled_neutral.count(v)
    s.dice_fields[v][0] += cn
    s.dice_fields[v][1 + p] += cp
    s.held_personal[p] -= cp
    s.held_neutral[p] -= cn
    s.rolled_personal = None
    s.rolled_neutral = []
    ev.append(Event("place", {"seat": p, "value": v, "personal": cp, "neutral": cn}))
    for i in range(1, s.n + 1):
        q = (p + i) % s.n
        if s.held_personal[q] + s.held_neutral[q]:
            s.current = q
            return
    start_actions(s)


def reroll(s: StateData, p: int, action: Reroll, ev: list[Event]) -> None:
    """The re-roll tile: roll these dice of the roll again (S-4), once a round."""
    s.reroll_used[p] = True
    pers = s.rolled_personal or []
    for v in action.personal:
        pers.remove(v)
    for v in action.neutral:
        s.rolled_neutral.remove(v)
    new_p = [roll(s) for _ in action.personal]
    new_n = [roll(s) for _ in action.neutral]
    pers.extend(new_p)
    pers.sort()
    s.rolled_personal = pers
    s.rolled_neutral.extend(new_n)
    s.rolled_neutral.sort()
    ev.append(Event("reroll", {"seat": p, "personal": new_p, "neutral": new_n}))


def takeable(s: StateData, p: int) -> bool:
    """Whether seat p may take a die from some field (a neutral one or its own)."""
    return any(f[0] or f[1 + p] for f in s.dice_fields[1:])


def start_actions(s: StateData) -> None:
    """The action phase begins with the start player, or the next seat with a die to take."""
    s.phase = PHASE_ACT
    s.turn_column = -1
    s.dice_left = 0
    s.used_slots = 0
    for i in range(s.n):
        q = (s.start_player + i) % s.n
        if takeable(s, q):
            s.current = q
            return
    raise AssertionError("no die was placed")

"""An action turn (§3.2, §3.3): take dice, use each for an action of its column; the end of
the turn and of the round (§3.4)."""

from __future__ import annotations

from monastic.engine import ROUND, Event
from monastic.games.monasterium.actions import STANDARD0, Take, Use
from monastic.games.monasterium.catalogue import (
    COLUMNS,
    FIRST_FLIP_SLOT,
    SLOT_EFFECT,
    STANDARD,
    YEARS,
)
from monastic.games.monasterium.rules.goods import exchange, take_goods
from monastic.games.monasterium.rules.placement import takeable
from monastic.games.monasterium.rules.road import do_move
from monastic.games.monasterium.rules.scoring import final_scoring
from monastic.games.monasterium.rules.sending import MODE_IGNORE, MODE_PATRON, MODE_STD
from monastic.games.monasterium.state import (
    PHASE_OVER,
    PHASE_PLACE,
    TASK_DESTINATION,
    TASK_TILE,
    TILE_FROM_OWN_CHAPEL,
    StateData,
    Tasks,
)


def take(s: StateData, p: int, action: Take, ev: list[Event]) -> None:
    """Take the dice (own personal dice first, S-7) onto the column's action tile; a
    flipped tile scores 1 VP per die (§4.4)."""
    field = s.dice_fields[action.field]
    own = min(action.count, field[1 + p])  # S-7: own personal dice first
    field[1 + p] -= own
    field[0] -= action.count - own
    s.turn_column = action.column - 1
    s.dice_left = action.count
    s.used_slots = 0
    flipped = not s.occupied_slots[p] >> (FIRST_FLIP_SLOT + s.turn_column) & 1
    vp = action.count if flipped else 0
    s.vp[p] += vp
    ev.append(
        Event(
            "take",
            {
                "seat": p,
                "field": action.field,
                "count": action.count,
                "personal": own,
                "column": action.column,
                "vp": vp,
            },
        )
    )


def exec_use(s: StateData, p: int, use: Use, ev: list[Event], new: Tasks) -> None:
    """Carry out one action (a die's or an any-action bonus's), S-11, S-12."""
    src = use.src
    if src >= STANDARD0:
        eff = STANDARD[src - STANDARD0]
    else:
        eff = SLOT_EFFECT[src]
        if src >= COLUMNS:  # rows II and III: each slot once per turn
            s.used_slots |= 1 << src
    ev.append(Event("use", {"seat": p, "action": str(use)}))
    kind = eff.kind
    if kind == "send":
        mode = MODE_IGNORE if eff.ignore_access else MODE_PATRON if eff.discount else MODE_STD
        new.append((TASK_DESTINATION, mode, use.arg))
    elif kind == "take":
        take_goods(s, p, eff.goods, ev)
        if eff.pay >= 0 and use.arg:
            exchange(s, p, eff.pay, eff.get, ev)
    elif kind == "choose":
        take_goods(s, p, (use.arg,), ev)
    elif kind == "move":
        do_move(s, p, max(1, use.arg) if eff.move_max > 1 else 1, ev, new)
    elif kind == "window":
        new.append((TASK_TILE, TILE_FROM_OWN_CHAPEL))


def end_turn(s: StateData, ev: list[Event]) -> None:
    """The next seat with a die to take is on turn; when nobody has one, the round ends."""
    s.turn_column = -1
    s.used_slots = 0
    for i in range(1, s.n + 1):
        q = (s.current + i) % s.n
        if takeable(s, q):
            s.current = q
            return
    end_round(s, ev)


def end_round(s: StateData, ev: list[Event]) -> None:
    """Dice go back to their owners; the next start player places, or the game ends."""
    n = s.n
    for p in range(n):
        s.held_personal[p] = s.personal_dice[p]
        s.held_neutral[p] = s.setup.neutral
        s.reroll_used[p] = False
    if s.round == YEARS * n:
        final_scoring(s, ev)
        s.phase = PHASE_OVER
        return
    s.round += 1
    s.start_player = (s.start_player + 1) % n
    s.current = s.start_player
    s.phase = PHASE_PLACE
    s.rolled_personal = None
    s.rolled_neutral = []
    ev.append(Event(ROUND, {"round": s.round, "year": s.year, "start_player": s.start_player}))

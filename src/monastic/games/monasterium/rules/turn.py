"""An action turn (§3.2, §3.3): take dice, use each for an action of its column; the end of
the turn and of the round (§3.4)."""

from __future__ import annotations

from monastic.engine import Event
from monastic.games.monasterium.actions import STD0, Take, Use
from monastic.games.monasterium.catalogue import SLOT_EFFECT, STANDARD
from monastic.games.monasterium.rules.goods import exchange, take_goods
from monastic.games.monasterium.rules.placement import takeable
from monastic.games.monasterium.rules.road import do_move
from monastic.games.monasterium.rules.scoring import final_scoring
from monastic.games.monasterium.rules.sending import MODE_IGNORE, MODE_PATRON, MODE_STD
from monastic.games.monasterium.state import (
    K_DEST,
    K_TILE,
    PHASE_OVER,
    PHASE_PLACE,
    StateData,
    Tasks,
)


def take(s: StateData, p: int, action: Take, ev: list[Event]) -> None:
    """Take the dice (own personal dice first, S-7) onto the column's action tile; a
    flipped tile scores 1 VP per die (§4.4)."""
    field = s.fields[action.field]
    own = min(action.count, field[1 + p])  # S-7: own personal dice first
    field[1 + p] -= own
    field[0] -= action.count - own
    s.turn_col = action.column - 1
    s.dice_left = action.count
    s.used = 0
    flipped = not s.slots[p] >> (15 + s.turn_col) & 1
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
    if src >= STD0:
        eff = STANDARD[src - STD0]
    else:
        eff = SLOT_EFFECT[src]
        if src >= 5:
            s.used |= 1 << src
    ev.append(Event("use", {"seat": p, "action": str(use)}))
    kind = eff.kind
    if kind == "send":
        mode = MODE_IGNORE if eff.ignore_access else MODE_PATRON if eff.discount else MODE_STD
        new.append((K_DEST, mode, use.arg))
    elif kind == "take":
        take_goods(s, p, eff.goods, ev)
        if eff.pay >= 0 and use.arg:
            exchange(s, p, eff.pay, eff.get, ev)
    elif kind == "choose":
        take_goods(s, p, (use.arg,), ev)
    elif kind == "move":
        do_move(s, p, max(1, use.arg) if eff.move_max > 1 else 1, ev, new)
    elif kind == "window":
        new.append((K_TILE, -2))


def end_turn(s: StateData, ev: list[Event]) -> None:
    """The next seat with a die to take is on turn; when nobody has one, the round ends."""
    s.turn_col = -1
    s.used = 0
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
        s.held_personal[p] = s.personal[p]
        s.held_neutral[p] = s.setup.neutral
        s.rerolled[p] = False
    ev.append(Event("round_end", {"round": s.round}))
    if s.round == 3 * n:
        final_scoring(s, ev)
        s.phase = PHASE_OVER
        return
    s.round += 1
    s.start = (s.start + 1) % n
    s.current = s.start
    s.phase = PHASE_PLACE
    s.rolled_personal = None
    s.rolled_neutral = []

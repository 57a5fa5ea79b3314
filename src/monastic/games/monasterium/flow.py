"""Turn structure (§3): placement, action turns, pending decisions, round and game end.

A state at rest always waits for one decision of ``s.current``. ``settle`` runs every
automatic step (rolls, road bonus queues, lapsed rewards, forfeited dice, turn and round
ends) until a decision with at least one legal action is reached.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import product
from typing import Any

from monastic.engine import Event
from monastic.games.monasterium.actions import (
    BONUS_CHOICES,
    BONUSES,
    DECLINE,
    KEEP,
    PLACES,
    STD0,
    TAKES,
    TOS,
    USES,
    Bonus,
    Decline,
    Keep,
    Place,
    Reroll,
    Take,
    Tile,
    To,
    Use,
)
from monastic.games.monasterium.catalogue import (
    BOOK,
    INF,
    PERSONAL_DIE_VP,
    PERSONAL_MAX,
    ROAD_BONUS,
    ROS,
    SLOT_EFFECT,
    SOUP,
    STANDARD,
    TOOL,
    Effect,
)
from monastic.games.monasterium.effects import (
    MODE_IGNORE,
    MODE_PATRON,
    MODE_STD,
    check_missions,
    do_move,
    do_send,
    do_tile,
    exchange,
    has_tile_option,
    legal_dests,
    take_goods,
    tile_options,
)
from monastic.games.monasterium.state import (
    K_ANY,
    K_BONUS,
    K_DEST,
    K_EXTRA,
    K_GOOD,
    K_PDIE,
    K_ROAD,
    K_TILE,
    PHASE_ACT,
    PHASE_OVER,
    PHASE_PLACE,
    MonasteriumState,
)

Tasks = list[tuple[int, ...]]
TASK_NAMES = {
    K_ROAD: "road",
    K_BONUS: "road_bonus",
    K_ANY: "any_action",
    K_TILE: "window_tile",
    K_EXTRA: "extra_send",
    K_DEST: "destination",
    K_PDIE: "new_die",
    K_GOOD: "building_good",
}
I_INF, I_ROS, I_SOUP, I_SOUP_TOOL, I_TOOL_BOOK, I_DIE, I_VP, I_TOOL, I_BOOK = range(9)
assert BONUS_CHOICES[I_BOOK] == "book"


# Legal actions ---------------------------------------------------------------------------


@lru_cache(maxsize=4096)
def _submultisets(faces: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    values = sorted(set(faces))
    counts = [faces.count(v) for v in values]
    out = []
    for pick in product(*(range(c + 1) for c in counts)):
        out.append(tuple(v for v, k in zip(values, pick, strict=True) for _ in range(k)))
    return tuple(out)


@lru_cache(maxsize=4096)
def _rerolls(pers: tuple[int, ...], neut: tuple[int, ...]) -> tuple[Reroll, ...]:
    return tuple(
        Reroll(sp, sn) for sp in _submultisets(pers) for sn in _submultisets(neut) if sp or sn
    )


def placement_actions(s: MonasteriumState) -> list[Any]:
    """Choose a value shown (S-3), or use the re-roll tile on a subset (S-4)."""
    p = s.current
    pers = s.rolled_personal or []
    neut = s.rolled_neutral
    out: list[Any] = [PLACES[v] for v in sorted(set(pers) | set(neut))]
    if not s.rerolled[p]:
        out.extend(_rerolls(tuple(pers), tuple(neut)))
    return out


def _sender_novices(
    s: MonasteriumState, p: int, mode: int, cache: dict[int, list[int]]
) -> list[int]:
    if mode in cache:
        return cache[mode]
    out: list[int] = []
    slots = s.slots[p]
    for row in range(4):
        bits = (slots >> (5 * row)) & 0x1F
        if bits:
            first = row * 5 + (bits & -bits).bit_length() - 1
            if legal_dests(s, p, first, mode, True):
                out.extend(row * 5 + c for c in range(5) if bits >> c & 1)
    extras = [20 + r for r in range(4) if s.extras[p][r] == 1]
    if extras and legal_dests(s, p, extras[0], mode, True):
        out.extend(extras)
    cache[mode] = out
    return out


def _effect_uses(
    s: MonasteriumState, p: int, src: int, eff: Effect, out: list[Any], cache: dict[int, list[int]]
) -> None:
    uses = USES[src]
    kind = eff.kind
    if kind == "send":
        mode = MODE_IGNORE if eff.ignore_access else MODE_PATRON if eff.discount else MODE_STD
        for nv in _sender_novices(s, p, mode, cache):
            out.append(uses[nv])
    elif kind == "take":
        supply = s.supply
        if any(supply[g] for g in eff.goods):
            out.append(uses[0])
        if eff.pay >= 0 and s.goods[p][eff.pay] and supply[eff.get]:
            out.append(uses[1])
    elif kind == "choose":
        for g in eff.goods:
            if s.supply[g]:
                out.append(uses[g])
    elif kind == "move":
        if eff.move_max == 1:
            out.append(uses[0])
        else:
            out.extend(uses[eff.move_min : eff.move_max + 1])
    elif kind == "window":
        if has_tile_option(s, p, -2):
            out.append(uses[0])


def use_options(s: MonasteriumState, p: int, cols: range | tuple[int, ...]) -> list[Any]:
    """Performable actions of these columns: standard and unlocked I-III slots (§3.3)."""
    out: list[Any] = []
    cache: dict[int, list[int]] = {}
    slots = s.slots[p]
    used = s.used
    for c in cols:
        _effect_uses(s, p, STD0 + c, STANDARD[c], out, cache)
        for row in range(3):
            slot = row * 5 + c
            if slots >> slot & 1 or (row and used >> slot & 1):
                continue
            _effect_uses(s, p, slot, SLOT_EFFECT[slot], out, cache)
    return out


def take_actions(s: MonasteriumState, p: int) -> list[Any]:
    """Take 1-3 dice of F1-F5 or one joker for a column with a performable action (§3.2)."""
    out: list[Any] = []
    fields = s.fields
    for f in range(1, 6):
        avail = fields[f][0] + fields[f][1 + p]
        for k in range(1, min(3, avail) + 1):
            out.append(TAKES[(f, k, f)])
    if fields[6][0] + fields[6][1 + p]:
        for c in range(5):
            if column_performable(s, p, c):
                out.append(TAKES[(6, 1, c + 1)])
    return out


def column_performable(s: MonasteriumState, p: int, c: int) -> bool:
    """Whether a die of column c would have a performable action (S-14); stops early."""
    if c == 4:
        return True  # the standard move always is
    if c in (1, 2, 3) and s.supply[STANDARD[c].goods[0]]:
        return True
    out: list[Any] = []
    cache: dict[int, list[int]] = {}
    _effect_uses(s, p, STD0 + c, STANDARD[c], out, cache)
    slots = s.slots[p]
    for row in range(3):
        if out:
            return True
        slot = row * 5 + c
        if not (slots >> slot & 1 or (row and s.used >> slot & 1)):
            _effect_uses(s, p, slot, SLOT_EFFECT[slot], out, cache)
    return bool(out)


def task_actions(s: MonasteriumState, task: tuple[int, ...]) -> list[Any]:
    """The choices of a pending task (an empty list or only ``decline``: it lapses)."""
    p = s.current
    kind = task[0]
    out: list[Any] = []
    if kind == K_BONUS:
        bonus = ROAD_BONUS[task[1]]
        supply = s.supply
        goods = s.goods[p]
        if bonus == "inf_or_ros":
            if supply[INF]:
                out.append(BONUSES[I_INF])
            if supply[ROS]:
                out.append(BONUSES[I_ROS])
        elif bonus == "soup_swap":
            if supply[SOUP]:
                out.append(BONUSES[I_SOUP])
            if goods[SOUP] and supply[TOOL]:
                out.append(BONUSES[I_SOUP_TOOL])
            if goods[TOOL] and supply[BOOK]:
                out.append(BONUSES[I_TOOL_BOOK])
        elif bonus == "any_action":
            out = use_options(s, p, range(5))
        elif bonus == "window_any":
            out = list(tile_options(s, p, -1))
        elif bonus == "personal_die":
            if s.personal[p] < PERSONAL_MAX:
                return [BONUSES[I_DIE], BONUSES[I_VP]]
            return []
        if out:
            out.append(DECLINE)
        return out
    if kind == K_ANY:
        out = use_options(s, p, range(5))
        if out:
            out.append(DECLINE)
        return out
    if kind == K_TILE:
        out = list(tile_options(s, p, task[1]))
        if out and task[1] != -2:
            out.append(DECLINE)
        return out
    if kind == K_EXTRA:
        if s.extras[p][task[1]] != 1:
            return []
        out = [TOS[d] for d in legal_dests(s, p, 20 + task[1], MODE_STD)]
        if out:
            out.append(DECLINE)
        return out
    if kind == K_DEST:
        return [TOS[d] for d in legal_dests(s, p, task[2], task[1])]
    if kind == K_PDIE:
        return [Reroll((task[1],), ()), KEEP]
    if kind == K_GOOD:
        if s.supply[task[1]]:
            return [BONUSES[I_TOOL if task[1] == TOOL else I_BOOK], DECLINE]
        return []
    raise AssertionError(f"task {task} is automatic")


def decision_actions(s: MonasteriumState) -> list[Any]:
    """The legal actions of the decision the state waits for."""
    if s.phase == PHASE_PLACE:
        return placement_actions(s)
    if s.phase == PHASE_OVER:
        return []
    p = s.current
    if s.tasks:
        return task_actions(s, s.tasks[-1])
    if s.dice_left:
        return use_options(s, p, (s.turn_col,))
    return take_actions(s, p)


def decision_name(s: MonasteriumState) -> str:
    """A short name of the pending decision (for views and messages)."""
    if s.phase == PHASE_PLACE:
        return "place"
    if s.phase == PHASE_OVER:
        return "over"
    if s.tasks:
        return TASK_NAMES[s.tasks[-1][0]]
    return f"die_column_{s.turn_col + 1}" if s.dice_left else "take"


def why_illegal(s: MonasteriumState, seat: int, action: Any) -> str:
    """A readable reason for refusing ``action``."""
    legal = s.legal_actions(seat)
    sample = ", ".join(str(a) for a in legal[:8])
    more = f" and {len(legal) - 8} more" if len(legal) > 8 else ""
    return (
        f"{action} is not legal now: seat {seat} must decide '{decision_name(s)}';"
        f" legal: {sample}{more}"
    )


# Applying --------------------------------------------------------------------------------


def _roll(s: MonasteriumState) -> int:
    return 1 + s.rng.below(6)


def _push(s: MonasteriumState, new: Tasks) -> None:
    for task in reversed(new):
        s.tasks.append(task)


def exec_use(s: MonasteriumState, p: int, use: Use, ev: list[Event], new: Tasks) -> None:
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


def _gain_die(s: MonasteriumState, p: int, ev: list[Event], new: Tasks) -> None:
    s.personal[p] += 1
    face = _roll(s)
    ev.append(Event("gain_die", {"seat": p, "face": face}))
    check_missions(s, p, ev)
    if s.rerolled[p]:
        _put_die(s, p, face, ev)
    else:
        new.append((K_PDIE, face))


def _put_die(s: MonasteriumState, p: int, face: int, ev: list[Event]) -> None:
    s.fields[face][1 + p] += 1
    ev.append(Event("die_placed", {"seat": p, "field": face}))


def _resolve_task(
    s: MonasteriumState, task: tuple[int, ...], action: Any, ev: list[Event], new: Tasks
) -> None:
    p = s.current
    kind = task[0]
    if isinstance(action, Decline):
        ev.append(Event("decline", {"seat": p, "task": decision_name_of(task)}))
        return
    if isinstance(action, Use):
        exec_use(s, p, action, ev, new)
    elif isinstance(action, Tile):
        do_tile(s, p, action.mon, action.row, action.bonus, ev, new)
    elif isinstance(action, To):
        if kind == K_EXTRA:
            do_send(s, p, 20 + task[1], action.dest, MODE_STD, ev, new)
        else:
            do_send(s, p, task[2], action.dest, task[1], ev, new)
    elif isinstance(action, Bonus):
        c = action.choice
        if c == I_DIE:
            _gain_die(s, p, ev, new)
        elif c == I_VP:
            s.vp[p] += PERSONAL_DIE_VP
            ev.append(Event("vp", {"seat": p, "vp": PERSONAL_DIE_VP}))
        elif c in (I_INF, I_ROS, I_SOUP, I_TOOL, I_BOOK):
            good = {I_INF: INF, I_ROS: ROS, I_SOUP: SOUP, I_TOOL: TOOL, I_BOOK: BOOK}[c]
            take_goods(s, p, (good,), ev)
        elif c == I_SOUP_TOOL:
            exchange(s, p, SOUP, TOOL, ev)
        else:
            exchange(s, p, TOOL, BOOK, ev)
    elif isinstance(action, Reroll):
        s.rerolled[p] = True
        face = _roll(s)
        ev.append(Event("reroll", {"seat": p, "face": face}))
        _put_die(s, p, face, ev)
    elif isinstance(action, Keep):
        _put_die(s, p, task[1], ev)


def apply_action(s: MonasteriumState, seat: int, action: Any) -> list[Event]:
    """Apply a legal action, then run every automatic step up to the next decision."""
    s._legal = None
    ev: list[Event] = []
    p = seat
    if s.phase == PHASE_PLACE:
        if isinstance(action, Place):
            _place(s, p, action.value, ev)
        else:
            assert isinstance(action, Reroll)
            _reroll(s, p, action, ev)
    elif s.tasks:
        task = s.tasks.pop()
        new: Tasks = []
        _resolve_task(s, task, action, ev, new)
        _push(s, new)
    elif s.dice_left:
        s.dice_left -= 1  # S-11: used up as its action starts
        new = []
        exec_use(s, p, action, ev, new)
        _push(s, new)
    else:
        assert isinstance(action, Take)
        _take(s, p, action, ev)
    settle(s, ev)
    return ev


def _place(s: MonasteriumState, p: int, v: int, ev: list[Event]) -> None:
    pers = s.rolled_personal or []
    cp = pers.count(v)
    cn = s.rolled_neutral.count(v)
    s.fields[v][0] += cn
    s.fields[v][1 + p] += cp
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
    _start_actions(s)


def _reroll(s: MonasteriumState, p: int, action: Reroll, ev: list[Event]) -> None:
    s.rerolled[p] = True
    pers = s.rolled_personal or []
    for v in action.personal:
        pers.remove(v)
    for v in action.neutral:
        s.rolled_neutral.remove(v)
    new_p = [_roll(s) for _ in action.personal]
    new_n = [_roll(s) for _ in action.neutral]
    pers.extend(new_p)
    pers.sort()
    s.rolled_personal = pers
    s.rolled_neutral.extend(new_n)
    s.rolled_neutral.sort()
    ev.append(Event("reroll", {"seat": p, "personal": new_p, "neutral": new_n}))


def _take(s: MonasteriumState, p: int, action: Take, ev: list[Event]) -> None:
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


def _takeable(s: MonasteriumState, p: int) -> bool:
    return any(f[0] or f[1 + p] for f in s.fields[1:])


def _start_actions(s: MonasteriumState) -> None:
    s.phase = PHASE_ACT
    s.turn_col = -1
    s.dice_left = 0
    s.used = 0
    for i in range(s.n):
        q = (s.start + i) % s.n
        if _takeable(s, q):
            s.current = q
            return
    raise AssertionError("no die was placed")


def _end_turn(s: MonasteriumState, ev: list[Event]) -> None:
    s.turn_col = -1
    s.used = 0
    for i in range(1, s.n + 1):
        q = (s.current + i) % s.n
        if _takeable(s, q):
            s.current = q
            return
    _end_round(s, ev)


def _end_round(s: MonasteriumState, ev: list[Event]) -> None:
    n = s.n
    for p in range(n):
        s.held_personal[p] = s.personal[p]
        s.held_neutral[p] = s.setup.neutral
        s.rerolled[p] = False
    ev.append(Event("round_end", {"round": s.round}))
    if s.round == 3 * n:
        from monastic.games.monasterium.scoring import final_scoring

        final_scoring(s, ev)
        s.phase = PHASE_OVER
        return
    s.round += 1
    s.start = (s.start + 1) % n
    s.current = s.start
    s.phase = PHASE_PLACE
    s.rolled_personal = None
    s.rolled_neutral = []


def settle(s: MonasteriumState, ev: list[Event]) -> None:
    """Run automatic steps until a decision with a legal action is pending."""
    while True:
        if s.phase == PHASE_OVER:
            s._legal = []
            return
        if s.phase == PHASE_PLACE:
            p = s.current
            if s.rolled_personal is None:
                s.rolled_personal = sorted(_roll(s) for _ in range(s.held_personal[p]))
                s.rolled_neutral = sorted(_roll(s) for _ in range(s.held_neutral[p]))
                ev.append(
                    Event(
                        "roll",
                        {"seat": p, "personal": s.rolled_personal, "neutral": s.rolled_neutral},
                    )
                )
            s._legal = None  # never empty; listed on demand
            return
        p = s.current
        if s.tasks:
            task = s.tasks[-1]
            if task[0] == K_ROAD:
                s.tasks.pop()
                if len(task) > 2:
                    s.tasks.append((K_ROAD, *task[2:]))
                s.tasks.append((K_BONUS, task[1]))
                continue
            acts = task_actions(s, task)
            if not acts or (len(acts) == 1 and acts[0] is DECLINE):
                s.tasks.pop()
                if task[0] == K_BONUS and ROAD_BONUS[task[1]] == "personal_die":
                    s.vp[p] += PERSONAL_DIE_VP  # S-32: with 3 dice, only the 5 VP
                    ev.append(Event("vp", {"seat": p, "vp": PERSONAL_DIE_VP}))
                else:
                    ev.append(Event("lapse", {"seat": p, "task": decision_name_of(task)}))
                continue
            s._legal = acts
            return
        if s.dice_left:
            acts = use_options(s, p, (s.turn_col,))
            if not acts:
                s.dice_left -= 1
                ev.append(Event("forfeit", {"seat": p, "column": s.turn_col + 1}))
                continue
            s._legal = acts
            return
        if s.turn_col >= 0:
            _end_turn(s, ev)
            continue
        s._legal = None  # the seat has a takeable die; listed on demand
        return


def decision_name_of(task: tuple[int, ...]) -> str:
    """The name of a task kind."""
    return TASK_NAMES[task[0]]

"""The legal actions of the decision a state waits for (placement, takes, uses, tasks)."""

from __future__ import annotations

from functools import lru_cache
from itertools import product
from typing import Any

from monastic.engine.jsonio import excerpt
from monastic.games.monasterium.actions import (
    ACTION_TYPES,
    BONUS_BOOK,
    BONUS_DIE,
    BONUS_INFLUENCE,
    BONUS_ROSARY,
    BONUS_SOUP,
    BONUS_SOUP_TO_TOOL,
    BONUS_TOOL,
    BONUS_TOOL_TO_BOOK,
    BONUS_VP,
    BONUSES,
    DECLINE,
    KEEP,
    PLACES,
    STANDARD0,
    TAKES,
    TOS,
    USES,
    Reroll,
    rules_reroll,
)
from monastic.games.monasterium.catalogue import (
    BOOK,
    COLUMNS,
    EXTRA0,
    FIELDS,
    FLIP_ROW,
    INFLUENCE,
    PERSONAL_MAX,
    ROAD_BONUS,
    ROSARY,
    ROWS,
    SLOT_EFFECT,
    SOUP,
    STANDARD,
    TOOL,
    Effect,
)
from monastic.games.monasterium.rules.sending import (
    MODE_IGNORE,
    MODE_PATRON,
    MODE_STD,
    legal_dests,
)
from monastic.games.monasterium.rules.window import has_tile_option, tile_options
from monastic.games.monasterium.state import (
    EXTRA_AVAILABLE,
    PHASE_OVER,
    PHASE_PLACE,
    TASK_ANY_ACTION,
    TASK_BUILDING_GOOD,
    TASK_DESTINATION,
    TASK_EXTRA_SEND,
    TASK_NAMES,
    TASK_NEW_DIE,
    TASK_ROAD_BONUS,
    TASK_TILE,
    TILE_FROM_ANY,
    TILE_FROM_OWN_CHAPEL,
    StateData,
    Task,
)

#: Field F6 holds the jokers: one at a time, onto any column (§3.2).
JOKER = FIELDS
#: The most dice one take may hold (§3.2).
MAX_TAKE = 3
ALL_COLUMNS = range(COLUMNS)
ROW_BITS = (1 << COLUMNS) - 1
#: Each row's index and the shift of its slot bits.
_ROW_SHIFTS = tuple((row, COLUMNS * row) for row in range(ROWS))
#: The action slots (rows I-III) of each column: (slot, whether it is once per turn).
_ACTION_SLOTS = tuple(
    tuple((row * COLUMNS + c, row > 0) for row in range(FLIP_ROW)) for c in range(COLUMNS)
)


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
        _reroll(sp, sn) for sp in _submultisets(pers) for sn in _submultisets(neut) if sp or sn
    )


@lru_cache(maxsize=1 << 15)  # more than the choices of dice there are
def _reroll(personal: tuple[int, ...], neutral: tuple[int, ...]) -> Reroll:
    """One shared ``Reroll`` per choice of dice: most rolls are new, their re-rolls are not,
    and a reader keyed by the action's identity (the research adapters') then finds it."""
    return rules_reroll(personal, neutral)


def placement_actions(s: StateData) -> list[Any]:
    """Choose a value shown (S-3), or use the re-roll tile on a subset (S-4)."""
    p = s.current
    pers = s.rolled_personal or []
    neut = s.rolled_neutral
    out: list[Any] = [PLACES[v] for v in sorted(set(pers) | set(neut))]
    if not s.reroll_used[p]:
        out.extend(_rerolls(tuple(pers), tuple(neut)))
    return out


def _sender_novices(s: StateData, p: int, mode: int, cache: dict[int, list[int]]) -> list[int]:
    if mode in cache:
        return cache[mode]
    out: list[int] = []
    slots = s.occupied_slots[p]
    for row, shift in _ROW_SHIFTS:
        bits = (slots >> shift) & ROW_BITS
        if bits:
            first = row * COLUMNS + (bits & -bits).bit_length() - 1
            if legal_dests(s, p, first, mode, True):
                out.extend(row * COLUMNS + c for c in range(COLUMNS) if bits >> c & 1)
    extras = [EXTRA0 + r for r in range(ROWS) if s.extra_novices[p][r] == EXTRA_AVAILABLE]
    if extras and legal_dests(s, p, extras[0], mode, True):
        out.extend(extras)
    cache[mode] = out
    return out


def _effect_uses(
    s: StateData, p: int, src: int, eff: Effect, out: list[Any], cache: dict[int, list[int]]
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
        if has_tile_option(s, p, TILE_FROM_OWN_CHAPEL):
            out.append(uses[0])


def use_options(s: StateData, p: int, cols: range | tuple[int, ...]) -> list[Any]:
    """Performable actions of these columns: standard and unlocked I-III slots (§3.3)."""
    out: list[Any] = []
    cache: dict[int, list[int]] = {}
    slots = s.occupied_slots[p]
    used = s.used_slots
    for c in cols:
        _effect_uses(s, p, STANDARD0 + c, STANDARD[c], out, cache)
        for slot, once_per_turn in _ACTION_SLOTS[c]:
            if slots >> slot & 1 or (once_per_turn and used >> slot & 1):
                continue
            _effect_uses(s, p, slot, SLOT_EFFECT[slot], out, cache)
    return out


def take_actions(s: StateData, p: int) -> list[Any]:
    """Take 1-3 dice of F1-F5 or one joker for a column with a performable action (§3.2)."""
    out: list[Any] = []
    fields = s.dice_fields
    for f in range(1, JOKER):
        avail = fields[f][0] + fields[f][1 + p]
        for k in range(1, min(MAX_TAKE, avail) + 1):
            out.append(TAKES[(f, k, f)])
    if fields[JOKER][0] + fields[JOKER][1 + p]:
        for c in range(COLUMNS):
            if column_performable(s, p, c):
                out.append(TAKES[(JOKER, 1, c + 1)])
    return out


def column_performable(s: StateData, p: int, c: int) -> bool:
    """Whether a die of column c would have a performable action (S-14); stops early."""
    standard = STANDARD[c]
    if standard.kind == "move":
        return True  # the standard move always is
    if standard.kind == "take" and s.supply[standard.goods[0]]:
        return True  # a shortcut: the full test below sees any other good of the take
    out: list[Any] = []
    cache: dict[int, list[int]] = {}
    _effect_uses(s, p, STANDARD0 + c, standard, out, cache)
    slots = s.occupied_slots[p]
    for slot, once_per_turn in _ACTION_SLOTS[c]:
        if out:
            return True
        if not (slots >> slot & 1 or (once_per_turn and s.used_slots >> slot & 1)):
            _effect_uses(s, p, slot, SLOT_EFFECT[slot], out, cache)
    return bool(out)


def task_actions(s: StateData, task: Task) -> list[Any]:
    """The choices of a pending task (an empty list or only ``decline``: it lapses)."""
    p = s.current
    kind = task[0]
    out: list[Any] = []
    if kind == TASK_ROAD_BONUS:
        bonus = ROAD_BONUS[task[1]]
        supply = s.supply
        goods = s.goods[p]
        if bonus == "inf_or_ros":
            if supply[INFLUENCE]:
                out.append(BONUSES[BONUS_INFLUENCE])
            if supply[ROSARY]:
                out.append(BONUSES[BONUS_ROSARY])
        elif bonus == "soup_swap":
            if supply[SOUP]:
                out.append(BONUSES[BONUS_SOUP])
            if goods[SOUP] and supply[TOOL]:
                out.append(BONUSES[BONUS_SOUP_TO_TOOL])
            if goods[TOOL] and supply[BOOK]:
                out.append(BONUSES[BONUS_TOOL_TO_BOOK])
        elif bonus == "any_action":
            out = use_options(s, p, ALL_COLUMNS)
        elif bonus == "window_any":
            out = list(tile_options(s, p, TILE_FROM_ANY))
        elif bonus == "personal_die":
            if s.personal_dice[p] < PERSONAL_MAX:
                return [BONUSES[BONUS_DIE], BONUSES[BONUS_VP]]
            return []
        if out:
            out.append(DECLINE)
        return out
    if kind == TASK_ANY_ACTION:
        out = use_options(s, p, ALL_COLUMNS)
        if out:
            out.append(DECLINE)
        return out
    if kind == TASK_TILE:
        out = list(tile_options(s, p, task[1]))
        if out and task[1] != TILE_FROM_OWN_CHAPEL:
            out.append(DECLINE)
        return out
    if kind == TASK_EXTRA_SEND:
        if s.extra_novices[p][task[1]] != EXTRA_AVAILABLE:
            return []
        out = [TOS[d] for d in legal_dests(s, p, EXTRA0 + task[1], MODE_STD)]
        if out:
            out.append(DECLINE)
        return out
    if kind == TASK_DESTINATION:
        return [TOS[d] for d in legal_dests(s, p, task[2], task[1])]
    if kind == TASK_NEW_DIE:
        return [Reroll((task[1],), ()), KEEP]
    if kind == TASK_BUILDING_GOOD:
        if s.supply[task[1]]:
            return [BONUSES[BONUS_TOOL if task[1] == TOOL else BONUS_BOOK], DECLINE]
        return []
    raise AssertionError(f"task {task} is automatic")


def decision_actions(s: StateData) -> list[Any]:
    """The legal actions of the decision the state waits for."""
    if s.phase == PHASE_PLACE:
        return placement_actions(s)
    if s.phase == PHASE_OVER:
        return []
    p = s.current
    if s.tasks:
        return task_actions(s, s.tasks[-1])
    if s.dice_left:
        return use_options(s, p, (s.turn_column,))
    return take_actions(s, p)


def decisions(s: StateData) -> list[Any]:
    """The current decision's actions, listed once per state (kept in ``_legal``)."""
    legal = s.legal_cache
    if legal is None:
        legal = s.legal_cache = decision_actions(s)
    return legal


def to_act(s: StateData) -> list[int]:
    """The seat to decide, or nobody once the game is over."""
    return [] if s.phase == PHASE_OVER else [s.current]


def legal_actions(s: StateData, seat: int) -> list[Any]:
    """Every legal action of ``seat`` (a fresh list: callers may change it)."""
    if s.phase == PHASE_OVER or seat != s.current:
        return []
    return list(decisions(s))


def is_legal(s: StateData, seat: int, action: Any) -> bool:
    """Whether ``action`` is one of ``legal_actions(s, seat)``."""
    if s.phase == PHASE_OVER or seat != s.current:
        return False
    legal = decisions(s)
    for a in legal:  # prebuilt actions: identity is the usual match
        if a is action:
            return True
    return action in legal


def decision_name(s: StateData) -> str:
    """A short name of the pending decision (for views and messages)."""
    if s.phase == PHASE_PLACE:
        return PHASE_PLACE
    if s.phase == PHASE_OVER:
        return PHASE_OVER
    if s.tasks:
        return TASK_NAMES[s.tasks[-1][0]]
    return f"die_column_{s.turn_column + 1}" if s.dice_left else "take"


def why_illegal(s: StateData, seat: int, action: Any) -> str:
    """A readable reason for refusing ``action``."""
    if not isinstance(action, ACTION_TYPES):
        return f"{excerpt(action)} is not a monasterium action"
    legal = legal_actions(s, seat)
    sample = ", ".join(str(a) for a in legal[:8])
    more = f" and {len(legal) - 8} more" if len(legal) > 8 else ""
    return (
        f"{action} is not legal now: seat {seat} must decide '{decision_name(s)}';"
        f" legal: {sample}{more}"
    )

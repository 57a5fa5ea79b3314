"""Heuristics for Monasterium bots: a cheap evaluation and a greedy one-step chooser.

``evaluate`` estimates each seat's final score: VP so far, the final-scoring categories as if
the game ended now, leftover goods, and the worth of what still pays off later (unlocked
slots, flipped tiles, personal dice, mission progress), scaled by the rounds left.

``greedy_action`` looks one decision ahead (two when the decision only opens a follow-up
choice of the same seat, such as a send's destination) and picks the best heuristic value.
"""

from __future__ import annotations

from typing import Any

from monastic.engine import Rng
from monastic.games.monasterium.actions import STD0, Place, Reroll, Take, Use
from monastic.games.monasterium.catalogue import (
    INF,
    MISSION_BY_ID,
    ROAD_BONUS,
    ROAD_LEN,
    ROS,
    SLOT_EFFECT,
    STANDARD,
)
from monastic.games.monasterium.effects import (
    access_mask,
    chapel_cost,
    cloister_cost,
    mission_met,
)
from monastic.games.monasterium.flow import use_options
from monastic.games.monasterium.scoring import (
    chapel_spread,
    cloister_chapel,
    goods_vp,
    majority,
)
from monastic.games.monasterium.state import MonasteriumState

__all__ = ["evaluate", "greedy_action", "heuristic_value"]

GOOD_WORTH = (1.0, 0.7, 0.8, 1.3, 2.3)  # Influence, Soup, Rosary, Tool, Book while playing
ROW_WORTH = (3.6, 7.5, 6.0, 7.5)  # per unlocked slot of rows I..IV, scaled by time left
ACCESS_WORTH = 1.5  # per monastery one may send to now, scaled by time left
#: Extra worth of emptying each slot (I-1..IV-5), scaled by time left: the action it unlocks.
SLOT_BONUS: tuple[float, ...] = (
    *(0.5, 1.0, 0.5, 1.5, 1.2),
    *(2.0, 1.5, 1.5, 2.0, 1.5),
    *(0.0, 0.0, 0.0, 0.0, 0.0),
    *(1.0, 1.0, 1.0, 1.0, 0.5),
)
QUICK_PLACE = False  # True: placement rates columns statically (about 7x faster, weaker)
QUICK_TAKE = False  # True: takes rate columns statically (faster, weaker)
DIE_WORTH = 6.0  # per extra personal die, scaled by time left
PRIOR_FINAL = 110.0  # VP a fair player reaches before final scoring, spread over the rounds
PRIOR_ROUNDS = 2.0  # weight of that prior, in rounds played
FUTURE_SHARE = 0.5  # part of that rate not already counted in the position's worth
MISSION_WEIGHT = 0.6  # share of an A/B card's VP, times (requirements met / 3) squared


def _time_left(s: MonasteriumState) -> float:
    """Fraction of the game's rounds still to play (1.0 at the start, 0.0 at the end)."""
    if s.is_over():
        return 0.0
    total = 3 * s.n
    return max(0.0, (total - s.round + 1) / total)


def _mission_progress(s: MonasteriumState, p: int) -> float:
    out = 0.0
    for mid in s.missions:
        if mid in s.claimed[p]:
            continue
        card = MISSION_BY_ID[mid]
        if card.needs:
            met = 0
            for mon, area in card.needs:
                if area == "CH":
                    met += s.chapels[mon][p] > 0
                elif area == "BU":
                    met += s.bcount[p][mon] > 0
                else:
                    met += s.kcount[p][mon] > 0
            out += (met / 3) ** 2 * card.points(s.year) * MISSION_WEIGHT
        elif mission_met(s, p, card):
            out += card.vp
    return out


def heuristic_value(s: MonasteriumState, p: int, maj: list[int] | None = None) -> float:
    """A seat's expected final score, roughly, from this position."""
    if maj is None:
        maj = majority(s)
    if s.final is not None:
        return float(s.vp[p])
    left = _time_left(s)
    value = float(s.vp[p] + maj[p] + chapel_spread(s, p) + cloister_chapel(s, p))
    goods = s.goods[p]
    if left > 0.1:
        value += sum(goods[g] * GOOD_WORTH[g] for g in range(5)) * (0.4 + 0.6 * left)
        value += goods_vp(s, p) * (0.6 - 0.6 * left)
    else:
        value += goods_vp(s, p)
    slots = s.slots[p]
    for row in range(4):
        empty = 5 - bin((slots >> (5 * row)) & 0x1F).count("1")
        value += empty * ROW_WORTH[row] * left
    if SLOT_BONUS:
        value += sum(SLOT_BONUS[i] for i in range(20) if not slots >> i & 1) * left
    value += sum(1 for e in s.extras[p] if e == 1) * 2.0
    value += (s.personal[p] - 1) * DIE_WORTH * left
    value += _mission_progress(s, p)
    # Access to monasteries where sends are still possible (messenger links, own chapels).
    acc = access_mask(s, p)
    value += sum(ACCESS_WORTH for m in range(5) if acc >> m & 1) * left
    if s.current == p and s.phase == "act":
        value += s.dice_left * 2.0
    return value


def evaluate(state: MonasteriumState) -> list[float]:
    """Estimated final score per seat (cheap; for cutting playouts short).

    The position's worth (``heuristic_value``) plus the rounds still to play times a rate
    that blends a prior (a typical game's VP spread over its rounds) with the seat's own
    rate so far.
    """
    maj = majority(state)
    n = state.n
    total = 3 * n
    played = state.round - 1
    rounds_left = total - played if not state.is_over() else 0
    out = []
    for p in range(n):
        base = heuristic_value(state, p, maj)
        prior = PRIOR_FINAL / total
        rate = (prior * PRIOR_ROUNDS + state.vp[p] * 1.0) / (PRIOR_ROUNDS + played)
        out.append(base + rounds_left * rate * FUTURE_SHARE)
    return out


def column_values(s: MonasteriumState, p: int) -> list[float]:
    """Heuristic gain of one die used in each column 1..5 now (best single action)."""
    base = heuristic_value(s, p)
    out = []
    for col in range(5):
        probe = s.clone()
        probe.phase = "act"
        probe.current = p
        probe.tasks = []
        probe.turn_col = col
        probe.dice_left = 1
        probe.used = 0
        probe._legal = None
        acts = use_options(probe, p, (col,))
        if not acts:
            out.append(-1.0)
            continue
        best = max(_scores(probe, p, acts))
        out.append(best - base)
    return out


ROAD_BONUS_WORTH = {
    "inf_or_ros": 0.9,
    "soup_swap": 0.8,
    "any_action": 2.5,
    "window_any": 3.5,
    "personal_die": 5.5,
}
SEND_GAIN = (3.5, 3.5, 4.0, 3.0)  # worth of a send's result by row (extras: the best)
SEND_COST = (3.0, 4.0, 0.0, 0.0)  # goods worth paid by rows I, II; III/IV use their steps


def _static_use_value(s: MonasteriumState, p: int, use: Use, gf: float, left: float) -> float:
    """A quick value of one action, without playing it (for takes and placement)."""
    src = use.src
    eff = STANDARD[src - STD0] if src >= STD0 else SLOT_EFFECT[src]
    kind = eff.kind
    if kind == "send":
        nv = use.arg
        if nv >= 20:
            return max(SEND_GAIN)
        row = nv // 5
        cost = SEND_COST[row]
        if row == 2:
            cost = max(0, chapel_cost(s, p) - eff.discount) * GOOD_WORTH[INF]
        elif row == 3:
            cost = cloister_cost(s, p) * GOOD_WORTH[ROS]
        elif eff.discount:
            cost -= GOOD_WORTH[INF]
        return SEND_GAIN[row] + ROW_WORTH[row] * left - cost * gf
    if kind == "take":
        value = sum(GOOD_WORTH[g] for g in eff.goods if s.supply[g]) * gf
        if use.arg:
            value += (GOOD_WORTH[eff.get] - GOOD_WORTH[eff.pay]) * gf
        return value
    if kind == "choose":
        return GOOD_WORTH[use.arg] * gf
    if kind == "move":
        steps = max(1, use.arg)
        pos = s.pos[p]
        value = 0.0
        for _ in range(steps):
            pos = 1 if pos == ROAD_LEN else pos + 1
            bonus = ROAD_BONUS[pos]
            if bonus is not None:
                value += ROAD_BONUS_WORTH[bonus]
        return value
    return 3.5  # a window tile


def quick_column_values(s: MonasteriumState, p: int) -> list[float]:
    """Cheap estimate of one die's worth in each column 1..5 (no lookahead)."""
    left = _time_left(s)
    gf = 0.4 + 0.6 * left
    saved = s.used
    s.used = 0
    try:
        out = []
        for col in range(5):
            acts = use_options(s, p, (col,))
            out.append(max((_static_use_value(s, p, a, gf, left) for a in acts), default=-1.0))
    finally:
        s.used = saved
    return out


def _values(s: MonasteriumState, p: int, quick: bool) -> list[float]:
    return quick_column_values(s, p) if quick else column_values(s, p)


def _place_score(s: MonasteriumState, p: int, v: int, values: list[float]) -> float:
    pers = s.rolled_personal or []
    worth = max(values) if v == 6 else values[v - 1]
    # Personal dice are safe for their owner; neutral ones may be taken by others.
    return worth * (2 * pers.count(v) + s.rolled_neutral.count(v))


def _take_score(s: MonasteriumState, p: int, take: Take, values: list[float]) -> float:
    col = take.column - 1
    flipped = not s.slots[p] >> (15 + col) & 1
    score = 0.0
    for i in range(take.count):
        score += values[col] * (0.85**i) + (1.0 if flipped else 0.0)
    return score + 0.3 * take.count


def _scores(s: MonasteriumState, seat: int, acts: list[Any]) -> list[float]:
    """Lookahead values of ``acts``; sends of novices from one row share one evaluation
    (``heuristic_value`` rates every slot of a row alike)."""
    seen: dict[tuple[int, int], float] = {}
    out = []
    left = _time_left(s)
    for a in acts:
        key = None
        own = 0.0
        if isinstance(a, Use) and _is_send(a.src):
            key = (a.src, a.arg // 5 if a.arg < 20 else 4)
            own = SLOT_BONUS[a.arg] * left if SLOT_BONUS and a.arg < 20 else 0.0
            if key in seen:
                out.append(seen[key] + own)
                continue
        value = _lookahead(s, seat, a, 1)
        if key is not None:
            seen[key] = value - own  # the row's shared part
        out.append(value)
    return out


def _is_send(src: int) -> bool:
    eff = STANDARD[src - STD0] if src >= STD0 else SLOT_EFFECT[src]
    return eff.kind == "send"


def _lookahead(s: MonasteriumState, seat: int, action: Any, depth: int) -> float:
    child = s.clone()
    child.apply_unchecked(seat, action)
    # Follow a decision that only opened a choice of the same seat (a destination, a bonus).
    if depth > 0 and child.phase == "act" and child.current == seat and child.tasks:
        acts = child.legal_actions(seat)
        if 1 < len(acts) <= 40:
            return max(_lookahead(child, seat, a, depth - 1) for a in acts)
        if len(acts) == 1:
            return _lookahead(child, seat, acts[0], depth - 1)
    return heuristic_value(child, seat)


def greedy_action(state: MonasteriumState, seat: int, rng: Rng) -> Any:
    """A sensible heuristic choice among ``state.legal_actions(seat)``."""
    acts = state.legal_actions(seat)
    if not acts:
        raise ValueError(f"seat {seat} has no legal action")
    if len(acts) == 1:
        return acts[0]
    if state.phase == "place":
        places = [a for a in acts if isinstance(a, Place)]
        rerolls = [a for a in acts if isinstance(a, Reroll)]
        values = _values(state, seat, QUICK_PLACE)
        scores = {a.value: _place_score(state, seat, a.value, values) for a in places}
        best = max(scores.values())
        if best <= 0.5 and rerolls:
            # Poor roll: re-roll every die once.
            return max(rerolls, key=lambda a: len(a.personal) + len(a.neutral))
        top = [a for a in places if scores[a.value] >= best - 1e-9]
        return top[rng.below(len(top))]
    if isinstance(acts[0], Take):
        values = _values(state, seat, QUICK_TAKE)
        tscores = [_take_score(state, seat, a, values) for a in acts]
        tbest = max(tscores)
        ttop = [a for a, v in zip(acts, tscores, strict=True) if v >= tbest - 1e-9]
        return ttop[rng.below(len(ttop))]
    values = _scores(state, seat, acts)
    best_value = max(values)
    top_i = [i for i, v in enumerate(values) if v >= best_value - 1e-9]
    return acts[top_i[rng.below(len(top_i))]]

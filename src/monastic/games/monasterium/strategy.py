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
from monastic.games.monasterium.actions import Place, Reroll, Take
from monastic.games.monasterium.catalogue import (
    MISSION_BY_ID,
)
from monastic.games.monasterium.effects import access_mask, mission_met
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
DIE_WORTH = 6.0  # per extra personal die, scaled by time left
PRIOR_FINAL = 90.0  # VP a fair player reaches before final scoring, spread over the rounds
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
        best = max(_lookahead(probe, p, a, 1) for a in acts)
        out.append(best - base)
    return out


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


def _lookahead(s: MonasteriumState, seat: int, action: Any, depth: int) -> float:
    child = s.clone()
    child.apply_unchecked(seat, action)
    if (
        depth > 0
        and not child.is_over()
        and child.current == seat
        and child.phase == "act"
        and child.tasks
        and s.tasks is not None
    ):
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
        values = column_values(state, seat)
        scores = {a.value: _place_score(state, seat, a.value, values) for a in places}
        best = max(scores.values())
        if best <= 0.5 and rerolls:
            # Poor roll: re-roll every die once.
            return max(rerolls, key=lambda a: len(a.personal) + len(a.neutral))
        top = [a for a in places if scores[a.value] >= best - 1e-9]
        return top[rng.below(len(top))]
    if isinstance(acts[0], Take):
        values = column_values(state, seat)
        tscores = [_take_score(state, seat, a, values) for a in acts]
        tbest = max(tscores)
        ttop = [a for a, v in zip(acts, tscores, strict=True) if v >= tbest - 1e-9]
        return ttop[rng.below(len(ttop))]
    scored: list[tuple[float, int]] = []
    for i, a in enumerate(acts):
        scored.append((_lookahead(state, seat, a, 1), i))
    best_value = max(v for v, _ in scored)
    top_i = [i for v, i in scored if v >= best_value - 1e-9]
    return acts[top_i[rng.below(len(top_i))]]

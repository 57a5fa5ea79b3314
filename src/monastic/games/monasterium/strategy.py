"""Heuristics for Monasterium bots: a cheap evaluation and a greedy one-step chooser.

``evaluate`` estimates each seat's final score: VP so far, the final-scoring categories as if
the game ended now, goods, and what still pays off later (unlocked slots, personal dice,
mission progress); while dice are being placed, also the dice each seat may still take this
round. Each part is weighed as a fit on greedy self-play found (``data/evaluation.json``).

``greedy_action`` looks one decision ahead (two when the decision only opens a follow-up
choice of the same seat, such as a send's destination) and picks the best heuristic value.
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Any

from monastic.engine import Rng, Strategy, frozen_levels
from monastic.games.monasterium.actions import STANDARD0, Place, Reroll, Take, Use
from monastic.games.monasterium.catalogue import (
    BASIC_DIVISOR,
    BOOK,
    BOOK_VP,
    CHAPEL_SPREAD,
    CLOISTER_CHAPEL_MULT,
    COLUMNS,
    EXTRA0,
    FIRST_FLIP_SLOT,
    INFLUENCE,
    MAJORITY_VP,
    MISSION_BY_ID,
    ROAD_BONUS,
    ROAD_LEN,
    ROSARY,
    ROWS,
    SLOT_EFFECT,
    SOUP,
    STANDARD,
    TOOL,
    TOOL_VP,
    YEARS,
)
from monastic.games.monasterium.dominated import without_dominated
from monastic.games.monasterium.game import MonasteriumState
from monastic.games.monasterium.rules.legal import use_options
from monastic.games.monasterium.rules.missions import mission_met
from monastic.games.monasterium.rules.sending import access_mask, chapel_cost, cloister_cost
from monastic.games.monasterium.search_clock import clock
from monastic.games.monasterium.state import EXTRA_AVAILABLE, PHASE_ACT, PHASE_PLACE
from monastic.games.monasterium.strategy_weights import WEIGHTS

__all__ = [
    "ISMCTS_LEVEL_SETTINGS",
    "ISMCTS_SETTINGS",
    "STRATEGY",
    "evaluate",
    "greedy_action",
    "heuristic_value",
    "narrow_placement",
    "position_features",
    "search_actions",
]

#: The search's settings for this game (docs/monasterium/strategy.md): short greedy
#: playouts (the greedy choice is cheap once column ratings are memoised), a softmax
#: temperature wide enough that a seat 10-20 VP behind still sees which move helps, and a
#: stronger pull to greedy's choice (placements list dozens of re-rolls that widening
#: samples at random, and nearly flat visits otherwise let noise pick one). Screened again
#: at 1,000 iterations (strategy.md): c 0.3, no own-VP rate in ``evaluate`` and narrowed
#: placements showed no gain over these (53.5% on 71 games for c 0.3, 61.5% on 52 for these).
#: With the fitted ``evaluate`` they won 74.0% and 77.5% of 100 games against greedy.
#: No ``horizon``: on ``search_clock`` it lost at equal time (strategy.md, 2026-12-04).
#: ``beyond`` 4: each playout runs four decisions past the node it added; an iteration costs
#: about 4x, and at equal time it won 80.0% of 200 games against greedy, where these
#: settings without it won 75.2% (strategy.md, 2026-12-05).
ISMCTS_SETTINGS: dict[str, float] = {
    "cutoff": 4,
    "beyond": 4,
    "epsilon": 1.0,
    "temp": 0.12,
    "bias": 3.0,
}
#: ``hard`` searches one tree of its whole budget, not nine of medium's size (the other
#: games' ``hard``): with ``beyond`` its lines run deeper than medium's, and one tree of
#: 5,850 iterations won 80.4% of 23 paired deals against medium's 650, where nine trees had
#: won 47.2% of 9 (docs/bots.md, 2026-12-06).
ISMCTS_LEVEL_SETTINGS: dict[str, dict[str, float]] = {"hard": {"trees": 1}}

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
MISSION_WEIGHT = 0.6  # share of an A/B card's VP, times (requirements met / 3) squared


def _time_left(s: MonasteriumState) -> float:
    """Fraction of the game's rounds still to play (1.0 at the start, 0.0 at the end)."""
    if s.is_over():
        return 0.0
    return _share_left(s.n, s.round)


def _share_left(n: int, round_: int) -> float:
    total = YEARS * n
    return max(0.0, (total - round_ + 1) / total)


def _mission_progress(s: MonasteriumState, p: int) -> float:
    out = 0.0
    claimed = s.claimed_missions[p]
    year = s.year
    chapels = s.chapels
    bcount = s.building_counts[p]
    kcount = s.cloister_counts[p]
    for mid in s.missions:
        if mid in claimed:
            continue
        card = MISSION_BY_ID[mid]
        if card.needs:
            met = 0
            for mon, area in card.needs:
                if area == "CH":
                    met += chapels[mon][p] > 0
                elif area == "BU":
                    met += bcount[mon] > 0
                else:
                    met += kcount[mon] > 0
            if met:
                out += _MET_SHARE[met] * card.points(year)
        elif mission_met(s, p, card):
            out += card.vp
    return out


_MET_SHARE = tuple((met / 3) ** 2 * MISSION_WEIGHT for met in range(4))
_POP5 = tuple(bin(m).count("1") for m in range(32))
#: Worth (before the time factor) of the empty slots of row r whose occupied-slot bits are m.
_ROW_EMPTY = tuple(
    tuple(
        (5 - _POP5[m]) * ROW_WORTH[r]
        + sum(SLOT_BONUS[r * 5 + c] for c in range(5) if not m >> c & 1)
        for m in range(32)
    )
    for r in range(4)
)
#: The action bonus (``SLOT_BONUS``) of the empty slots of row r whose occupied-slot bits are m.
_ROW_BONUS_LEFT = tuple(
    tuple(sum(SLOT_BONUS[r * 5 + c] for c in range(5) if not m >> c & 1) for m in range(32))
    for r in range(4)
)


def _majority(s: MonasteriumState) -> list[int]:
    """``scoring.majority``, faster."""
    n = s.n
    bc = s.building_counts
    kc = s.cloister_counts
    out = [0] * n
    for m in range(5):
        chm = s.chapels[m]
        counts = [bc[q][m] + kc[q][m] + chm[q] for q in range(n)]
        best = max(counts)
        if best:
            for q in range(n):
                if counts[q] == best:
                    out[q] += MAJORITY_VP
    return out


def _chapel_parts(s: MonasteriumState, p: int) -> tuple[int, int]:
    """Seat p's chapel spread (monasteries with an own chapel) and its cloisters x chapels."""
    chapels = s.chapels
    kcount = s.cloister_counts[p]
    spread = 0
    clch = 0
    for m in range(5):
        c = chapels[m][p]
        if c:
            spread += 1
            clch += kcount[m] * c
    return spread, clch


def _goods_vp(g: list[int]) -> int:
    """What goods score at the end of the game."""
    return (
        g[TOOL] * TOOL_VP
        + g[BOOK] * BOOK_VP
        + (g[SOUP] + g[INFLUENCE] + g[ROSARY]) // BASIC_DIVISOR
    )


def heuristic_value(s: MonasteriumState, p: int, maj: list[int] | None = None) -> float:
    """A seat's expected final score, roughly, from this position."""
    value = standing_value(s, p, maj)
    if s.final_breakdown is None:
        value += _turn_dice(s, p) * 2.0
    return value


def _turn_dice(s: MonasteriumState, p: int) -> int:
    """The dice seat p still has to use on its turn in progress (0 off turn)."""
    return s.dice_left if s.current == p and s.phase == PHASE_ACT else 0


def standing_value(s: MonasteriumState, p: int, maj: list[int] | None = None) -> float:
    """``heuristic_value`` without the dice of a turn in progress."""
    if s.final_breakdown is not None:
        return float(s.vp[p])
    if maj is None:
        maj = _majority(s)
    left = _time_left(s)
    spread, clch = _chapel_parts(s, p)
    value = float(s.vp[p] + maj[p] + CHAPEL_SPREAD[spread] + clch * CLOISTER_CHAPEL_MULT)
    g = s.goods[p]
    gvp = _goods_vp(g)
    if left > 0.1:
        worth = g[0] * GOOD_WORTH[0] + g[1] * GOOD_WORTH[1] + g[2] * GOOD_WORTH[2]
        worth += g[3] * GOOD_WORTH[3] + g[4] * GOOD_WORTH[4]
        value += worth * (0.4 + 0.6 * left) + gvp * (0.6 - 0.6 * left)
    else:
        value += gvp
    slots = s.occupied_slots[p]
    later = (
        _ROW_EMPTY[0][slots & 0x1F]
        + _ROW_EMPTY[1][(slots >> 5) & 0x1F]
        + _ROW_EMPTY[2][(slots >> 10) & 0x1F]
        + _ROW_EMPTY[3][(slots >> 15) & 0x1F]
    )
    later += (s.personal_dice[p] - 1) * DIE_WORTH
    # Access to monasteries where sends are still possible (messenger links, own chapels).
    later += _POP5[access_mask(s, p)] * ACCESS_WORTH
    value += later * left
    value += s.extra_novices[p].count(EXTRA_AVAILABLE) * 2.0
    value += _mission_progress(s, p)
    return value


def position_features(s: MonasteriumState, p: int, maj: list[int]) -> list[float]:
    """What the fitted evaluation weighs for seat p, in the order of ``FEATURES``.

    The parts of ``heuristic_value`` taken apart (so the fit sets their worth), the dice
    of this round while they are placed (``_dice_worth``: without it every placement would
    look alike until the dice are taken), and the seat's own VP rate over the rounds left.
    """
    spread, clch = _chapel_parts(s, p)
    g = s.goods[p]
    gvp = _goods_vp(g)
    slots = s.occupied_slots[p]
    played = s.round - 1
    vp = s.vp[p]
    return [
        vp,
        maj[p],
        CHAPEL_SPREAD[spread],
        clch * CLOISTER_CHAPEL_MULT,
        *g,
        gvp,
        5 - _POP5[slots & 0x1F],
        5 - _POP5[(slots >> 5) & 0x1F],
        5 - _POP5[(slots >> 10) & 0x1F],
        5 - _POP5[(slots >> 15) & 0x1F],
        _ROW_BONUS_LEFT[0][slots & 0x1F]
        + _ROW_BONUS_LEFT[1][(slots >> 5) & 0x1F]
        + _ROW_BONUS_LEFT[2][(slots >> 10) & 0x1F]
        + _ROW_BONUS_LEFT[3][(slots >> 15) & 0x1F],
        s.personal_dice[p] - 1,
        _POP5[access_mask(s, p)],
        s.extra_novices[p].count(EXTRA_AVAILABLE),
        _mission_progress(s, p),
        _turn_dice(s, p),
        _dice_worth(s, p),
        vp / (played + 1) * (YEARS * s.n - played),
        1.0,
    ]


def evaluate(state: MonasteriumState) -> list[float]:
    """Estimated final score per seat (cheap; for cutting playouts short).

    A linear model fitted on greedy self-play (``data/evaluation.json``): each feature of
    ``position_features`` weighed by a quadratic in the share of the game left. Exact (the
    final score) once the game is over.
    """
    if state.final_breakdown is not None:
        return [float(v) for v in state.vp]
    coef, placing = _COEFFICIENTS[state.n][state.round - 1]
    if state.phase != PHASE_PLACE:
        placing = 0.0
    maj = _majority(state)
    return [
        sum(x * c for x, c in zip(position_features(state, p, maj), coef, strict=True)) + placing
        for p in range(state.n)
    ]


def _round_coefficients(n: int, round_: int) -> tuple[tuple[float, ...], float]:
    """The fitted weight of each feature in this round, and the placement term."""
    weights = WEIGHTS[n]
    left = _share_left(n, round_)
    coef = tuple(a + b * left + c * left * left for a, b, c in weights.terms)
    return coef, weights.placing[0] + weights.placing[1] * left


#: ``_round_coefficients`` per player count, for rounds 1..3n (worked out once, not per call).
_COEFFICIENTS = MappingProxyType(
    {n: tuple(_round_coefficients(n, r) for r in range(1, YEARS * n + 1)) for n in WEIGHTS}
)

NEUTRAL_SHARE = 0.5  # a neutral die on a field may go to either seat


def _dice_worth(s: MonasteriumState, p: int) -> float:
    """During placement, what seat p may get from this round's dice: its own on the fields
    in full, neutral ones half (either seat may take them), each die still to be placed at
    a rolled die's expected worth. Columns are rated as ``greedy_action`` rates them
    (``column_values``, memoised: the board does not change while dice are placed).
    Once the dice are taken, their worth shows in the position itself."""
    if s.phase != PHASE_PLACE:
        return 0.0
    vals = [max(0.0, v) for v in column_values(s, p)]
    vals.append(max(vals))  # the joker
    fields = s.dice_fields
    worth = (s.held_personal[p] + NEUTRAL_SHARE * s.held_neutral[p]) * sum(vals) / 6
    for f in range(1, 7):
        field = fields[f]
        count = field[1 + p] + NEUTRAL_SHARE * field[0]
        if count:
            worth += vals[f - 1] * count
    return worth


Ratings = tuple[float, ...]  # one die's worth in each column 1..5

# A memo of ``_column_values``, which depends only on ``_seat_key``: what it holds (and
# when it is emptied) never changes a result, only how long one takes.
_COLUMN_CACHE: dict[tuple[Any, ...], Ratings] = {}
_CACHE_MAX = 20000


def _seat_key(s: MonasteriumState, p: int) -> tuple[Any, ...]:
    """What a seat's column ratings depend on: its own holdings, the board and the round
    (not the dice on the fields, so one seat's placement turns of a round share it)."""
    return (
        p,
        s.n,
        s.round,
        s.occupied_slots[p],
        s.personal_dice[p],
        s.reroll_used[p],
        s.messenger_space[p],
        s.laps[p],
        s.vp[p],
        tuple(s.goods[p]),
        tuple(s.supply),
        tuple(s.extra_novices[p]),
        tuple(s.tile_stacks),
        tuple(s.buildings),
        tuple(s.cloisters),
        tuple(tuple(ch) for ch in s.chapels),
        tuple(tuple(r) for r in s.window[p]),
        tuple(s.claimed_missions[p]),
        tuple(s.missions),
    )


def column_values(s: MonasteriumState, p: int) -> Ratings:
    """Heuristic gain of one die used in each column 1..5 now (best single action).

    Memoised on ``_seat_key``: searches ask again and again in the same position.
    """
    key = _seat_key(s, p)
    hit = _COLUMN_CACHE.get(key)
    if hit is not None:
        return hit
    out = _column_values(s, p)
    if len(_COLUMN_CACHE) >= _CACHE_MAX:
        _COLUMN_CACHE.clear()
    _COLUMN_CACHE[key] = out
    return out


def _rating_probe(s: MonasteriumState, p: int) -> MonasteriumState:
    """A copy of ``s`` in which only what ``_seat_key`` names can matter: seat p on turn
    with two dice of one column to use (so the turn goes on after the probed use), every
    die off the board but one neutral die (so a turn that does end passes on, as while
    dice lie out, instead of ending the round), and a fixed chance stream."""
    probe = s.clone()
    probe.phase = PHASE_ACT
    probe.current = p
    probe.start_player = p
    probe.tasks = []
    probe.turn_column = -1
    probe.dice_left = 2
    probe.used_slots = 0
    probe.legal_cache = None
    probe.dice_fields = [[0] * (s.n + 1) for _ in range(7)]
    probe.dice_fields[1][0] = 1
    probe.held_personal = [0] * s.n
    probe.held_neutral = [0] * s.n
    probe.rolled_personal = None
    probe.rolled_neutral = []
    probe.rng = Rng(0)
    return probe


def _column_values(s: MonasteriumState, p: int) -> Ratings:
    probe = _rating_probe(s, p)
    base = standing_value(probe, p)  # the probe's two dice are what is being rated
    out = []
    for col in range(5):
        probe.turn_column = col
        acts = use_options(probe, p, (col,))
        if not acts:
            out.append(-1.0)
            continue
        best = max(_scores(probe, p, acts))
        out.append(best - base)
    return tuple(out)


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
    eff = STANDARD[src - STANDARD0] if src >= STANDARD0 else SLOT_EFFECT[src]
    kind = eff.kind
    if kind == "send":
        nv = use.arg
        if nv >= EXTRA0:
            return max(SEND_GAIN)
        row = nv // 5
        cost = SEND_COST[row]
        if row == 2:
            cost = max(0, chapel_cost(s, p) - eff.discount) * GOOD_WORTH[INFLUENCE]
        elif row == 3:
            cost = cloister_cost(s, p) * GOOD_WORTH[ROSARY]
        elif eff.discount:
            cost -= GOOD_WORTH[INFLUENCE]
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
        pos = s.messenger_space[p]
        value = 0.0
        for _ in range(steps):
            pos = 1 if pos == ROAD_LEN else pos + 1
            bonus = ROAD_BONUS[pos]
            if bonus is not None:
                value += ROAD_BONUS_WORTH[bonus]
        return value
    return 3.5  # a window tile


def quick_column_values(s: MonasteriumState, p: int) -> Ratings:
    """Cheap estimate of one die's worth in each column 1..5 (no lookahead)."""
    left = _time_left(s)
    gf = 0.4 + 0.6 * left
    saved = s.used_slots
    s.used_slots = 0
    try:
        out = []
        for col in range(5):
            acts = use_options(s, p, (col,))
            out.append(max((_static_use_value(s, p, a, gf, left) for a in acts), default=-1.0))
    finally:
        s.used_slots = saved
    return tuple(out)


def _values(s: MonasteriumState, p: int, quick: bool) -> Ratings:
    return quick_column_values(s, p) if quick else column_values(s, p)


def _place_score(s: MonasteriumState, p: int, v: int, values: Ratings) -> float:
    pers = s.rolled_personal or []
    worth = max(values) if v == 6 else values[v - 1]
    # Personal dice are safe for their owner; neutral ones may be taken by others.
    return worth * (2 * pers.count(v) + s.rolled_neutral.count(v))


def _take_score(s: MonasteriumState, p: int, take: Take, values: Ratings) -> float:
    col = take.column - 1
    flipped = not s.occupied_slots[p] >> (FIRST_FLIP_SLOT + col) & 1
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
            key = (a.src, a.arg // COLUMNS if a.arg < EXTRA0 else ROWS)
            own = SLOT_BONUS[a.arg] * left if SLOT_BONUS and a.arg < EXTRA0 else 0.0
            if key in seen:
                out.append(seen[key] + own)
                continue
        value = _lookahead(s, seat, a, 1)
        if key is not None:
            seen[key] = value - own  # the row's shared part
        out.append(value)
    return out


def _is_send(src: int) -> bool:
    eff = STANDARD[src - STANDARD0] if src >= STANDARD0 else SLOT_EFFECT[src]
    return eff.kind == "send"


def _lookahead(s: MonasteriumState, seat: int, action: Any, depth: int) -> float:
    child = s.clone()
    child.apply_quiet(seat, action)
    # Follow a decision that only opened a choice of the same seat (a destination, a bonus).
    if depth > 0 and child.phase == PHASE_ACT and child.current == seat and child.tasks:
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
    if state.phase == PHASE_PLACE:
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
    use_scores = _scores(state, seat, acts)
    best_value = max(use_scores)
    top_i = [i for i, v in enumerate(use_scores) if v >= best_value - 1e-9]
    return acts[top_i[rng.below(len(top_i))]]


def narrow_placement(state: MonasteriumState, seat: int, legal: list[Any]) -> list[Any]:
    """What the search considers at a decision: at a placement, every value shown but only
    the sensible re-rolls (every die showing one of the k worst-rated values, for each k),
    not every subset of the dice; elsewhere every legal action."""
    if state.phase != PHASE_PLACE or len(legal) <= 8:
        return legal
    pers = state.rolled_personal or []
    neut = state.rolled_neutral
    values = column_values(state, seat)
    top = max(values)
    faces = sorted(set(pers) | set(neut), key=lambda v: top if v == 6 else values[v - 1])
    allowed = set(legal)
    out: list[Any] = [a for a in legal if isinstance(a, Place)]
    for k in range(1, len(faces) + 1):
        worst = faces[:k]
        reroll = Reroll(tuple(v for v in pers if v in worst), tuple(v for v in neut if v in worst))
        if reroll in allowed:
            out.append(reroll)
    return out


#: Narrowing the placements did not measurably raise the win rate against greedy
#: (strategy.md), so the search's ``search_actions`` hook only leaves out dominated choices.
NARROW_PLACEMENTS = False


def search_actions(state: MonasteriumState, seat: int, legal: list[Any]) -> list[Any]:
    """What the search considers: no dominated choice (``dominated``), placements narrowed
    if ``NARROW_PLACEMENTS``."""
    if NARROW_PLACEMENTS:
        legal = narrow_placement(state, seat, legal)
    return without_dominated(state, seat, legal)


#: What the bots use of this game (``Game.strategy`` hands it out).
STRATEGY: Strategy[Any] = Strategy(
    evaluate=evaluate,
    greedy_action=greedy_action,
    search_actions=search_actions,
    search_settings=MappingProxyType(ISMCTS_SETTINGS),
    level_settings=frozen_levels(ISMCTS_LEVEL_SETTINGS),
    clock=clock,
)

"""Final scoring (§9.2) and the result."""

from __future__ import annotations

from monastic.engine import GAME_OVER, Event, Result, ranks_from_scores
from monastic.games.monasterium.catalogue import (
    BASIC_DIVISOR,
    BOOK,
    BOOK_VP,
    CHAPEL_SPREAD,
    CLOISTER_CHAPEL_MULT,
    INFLUENCE,
    MAJORITY_VP,
    MONASTERIES,
    ROSARY,
    SOUP,
    TOOL,
    TOOL_VP,
)
from monastic.games.monasterium.rules.missions import check_missions
from monastic.games.monasterium.state import StateData


def novices_in(s: StateData, p: int, m: int) -> int:
    """Seat p's novices in monastery m: buildings + cloister + chapel."""
    return s.building_counts[p][m] + s.cloister_counts[p][m] + s.chapels[m][p]


def majority(s: StateData) -> list[int]:
    """5 VP per monastery to every player with the highest count, at least 1 (S-46)."""
    out = [0] * s.n
    for m in range(MONASTERIES):
        counts = [novices_in(s, p, m) for p in range(s.n)]
        best = max(counts)
        if best > 0:
            for p in range(s.n):
                if counts[p] == best:
                    out[p] += MAJORITY_VP
    return out


def chapel_spread(s: StateData, p: int) -> int:
    """VP for the number of chapels holding a novice of p (§9.2 step 2)."""
    return CHAPEL_SPREAD[sum(1 for m in range(MONASTERIES) if s.chapels[m][p])]


def cloister_chapel(s: StateData, p: int) -> int:
    """Sum over monasteries of cloister × chapel × 2 (S-47)."""
    return sum(
        s.cloister_counts[p][m] * s.chapels[m][p] * CLOISTER_CHAPEL_MULT for m in range(MONASTERIES)
    )


def goods_vp(s: StateData, p: int) -> int:
    """Tools 1, Books 2, ⌊(Soup + Influence + Rosary) / 2⌋ (S-48)."""
    g = s.goods[p]
    return (
        g[TOOL] * TOOL_VP
        + g[BOOK] * BOOK_VP
        + (g[SOUP] + g[INFLUENCE] + g[ROSARY]) // BASIC_DIVISOR
    )


def final_scoring(s: StateData, ev: list[Event]) -> None:
    """Last mission check at year 3 (S-60), then the four final categories (§9.2)."""
    for p in range(s.n):
        check_missions(s, p, ev)
    before = s.vp[:]
    maj = majority(s)
    rows: list[dict[str, int]] = []
    for p in range(s.n):
        row = {
            "before": before[p],
            "missions": s.mission_vp[p],
            "majority": maj[p],
            "chapel_spread": chapel_spread(s, p),
            "cloister_chapel": cloister_chapel(s, p),
            "goods": goods_vp(s, p),
        }
        # "missions" is part of "before": the VP scored during play, shown on its own.
        s.vp[p] += row["majority"] + row["chapel_spread"] + row["cloister_chapel"] + row["goods"]
        row["total"] = s.vp[p]
        rows.append(row)
    s.final_breakdown = {"players": rows}
    scores = [float(v) for v in s.vp]
    ev.append(
        Event(GAME_OVER, {"scores": scores, "winners": list(_winners(scores)), "breakdown": rows})
    )


def _winners(scores: list[float] | tuple[float, ...]) -> tuple[int, ...]:
    """Every seat with the best score: ties share the victory (S-49)."""
    best = max(scores)
    return tuple(p for p, score in enumerate(scores) if score == best)


def result(s: StateData) -> Result:
    """Scores, shared victory on ties (S-49), ranks and the final breakdown."""
    if s.final_breakdown is None:
        raise ValueError("the game is not over")
    scores = tuple(float(v) for v in s.vp)
    return Result(scores, _winners(scores), ranks_from_scores(scores), dict(s.final_breakdown))

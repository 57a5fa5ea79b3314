"""How well Monastery's evaluation predicts the final score, and how much a deeper cut-off helps.

    PYTHONPATH=src python scripts/monastery_evaluation_depth.py [--games 60] [--seed 7000]

Plays 2-player greedy games. At every position it takes the evaluation's margin of seat 0
over seat 1 now, after 5, 12 and 25 more decisions of the same game, and at the start of
the next round, and prints, per quarter of the game, the correlation of each with the
final margin, and the slope of the final margin on the margin now (1 is a calibrated
estimate; below 1 the evaluation makes differences look bigger than they end up). A
search that cuts its playouts after N decisions scores positions the way the "+N"
column does.
"""

from __future__ import annotations

import argparse
import statistics
from typing import Any

from monastic.bots import make
from monastic.engine import load_game
from monastic.games.monastery.heuristic_value import evaluate

AHEAD = (5, 12, 25)
QUARTERS = ((1, 5), (6, 10), (11, 15), (16, 20))


def _margins(seed: int) -> list[tuple[int, list[float], float]]:
    """(round, [margin now, after each of AHEAD, at the next round], final margin)."""
    state: Any = load_game("monastery").new_game(2, seed, {})
    bots = [make("greedy", seed * 10 + s) for s in (0, 1)]
    trail: list[tuple[int, float]] = []
    while not state.is_over():
        values = evaluate(state)
        trail.append((state.round, values[0] - values[1]))
        seat = state.to_act()[0]
        state.apply(seat, bots[seat].choose(state, seat))
    scores = state.result().scores
    final = float(scores[0] - scores[1])
    rows = []
    for i, (round_, now) in enumerate(trail):
        later = [trail[i + k][1] if i + k < len(trail) else final for k in AHEAD]
        j = i
        while j < len(trail) and trail[j][0] == round_:
            j += 1
        later.append(trail[j][1] if j < len(trail) else final)
        rows.append((round_, [now, *later], final))
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--seed", type=int, default=7000)
    args = parser.parse_args()
    rows = [row for g in range(args.games) for row in _margins(args.seed + g)]
    heads = ["now", *(f"+{k}" for k in AHEAD), "next round"]
    print(f"{len(rows)} positions of {args.games} greedy games; correlation with the final margin")
    print("rounds  positions  " + "  ".join(f"{h:>10}" for h in heads) + "  slope")
    for lo, hi in QUARTERS:
        part = [r for r in rows if lo <= r[0] <= hi]
        final = [r[2] for r in part]
        cors = [statistics.correlation([r[1][k] for r in part], final) for k in range(len(heads))]
        slope = statistics.linear_regression([r[1][0] for r in part], final).slope
        cells = "  ".join(f"{c:>10.3f}" for c in cors)
        print(f"{lo:>2}-{hi:<2}   {len(part):>9}  {cells}  {slope:5.2f}")


if __name__ == "__main__":
    main()

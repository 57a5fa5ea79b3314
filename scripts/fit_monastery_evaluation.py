"""Fit Monastery's evaluation (src/monastic/games/monastery/data/evaluation.json).

    pip install -e '.[fit]'
    python scripts/fit_monastery_evaluation.py              # 2, 3 and 4 players
    python scripts/fit_monastery_evaluation.py --games 300  # a quicker, rougher fit

Plays greedy self-play games from fixed seeds, takes every third position, and fits each
seat's final score by least squares on ``evaluation.position_features``, taken apart into
the seat's difference from the position's mean and that mean: one weight per part, feature
and power of the share of the game left (1, left, left**2). The last fifth of the
games is held out: the script prints, for the fitted and the hand-written estimate, the
mean error of the final score and the correlation of the margin (seat 0 minus the best
rival) with the final one, early and late. The file keeps the weights fitted on the rest.
The same arguments give the same file.
"""

from __future__ import annotations

import pathlib
from concurrent.futures import ProcessPoolExecutor
from typing import Any

OUT = (
    pathlib.Path(__file__).resolve().parent.parent
    / "src/monastic/games/monastery/data/evaluation.json"
)
EVERY = 3  # take every third position: neighbours tell little new
FIRST_SEED = 1000
#: a row: (seed, position, seat, features, share left, hand-written estimate, final score)
Row = tuple[int, int, int, list[float], float, float, float]


def _rows(job: tuple[int, int]) -> list[Row]:
    """The sampled positions of one greedy game, every seat of each."""
    n, seed = job
    from monastic import load_game
    from monastic.engine import Rng
    from monastic.games.monastery import evaluation, heuristic_value, strategy

    s: Any = load_game("monastery").new_game(n, seed=seed)
    rng = Rng(seed + 99)
    sampled = []
    k = 0
    while not s.is_over():
        if k % EVERY == 0:
            left = evaluation.share_left(s.round)
            now = evaluation.moment(s)
            rough = heuristic_value.evaluate(s)
            for p in range(n):
                x = evaluation.position_features(s, p, now)
                sampled.append((k, p, x, left, rough[p]))
        seat = s.to_act()[0]
        s.apply(seat, strategy.greedy_action(s, seat, rng))
        k += 1
    final = s.result().scores
    return [(seed, k, p, x, left, rough, float(final[p])) for k, p, x, left, rough in sampled]


def _design(rows: list[Row], n: int) -> Any:
    """Per row: the seat's features less the position's mean, then that mean, each times
    1, left and left**2. Within a position the first block sums to zero and the second is
    the same for every seat, so the first is fitted on the differences between seats alone
    (what a search compares) and the second on the position's level."""
    import numpy as np

    x = np.array([r[3] for r in rows], float)
    mean = x.reshape(-1, n, x.shape[1]).mean(axis=1).repeat(n, axis=0)
    left = np.array([r[4] for r in rows])[:, None]
    d = x - mean
    return np.hstack([d, d * left, d * left * left, mean, mean * left, mean * left * left])


def _margins(values: Any, n: int) -> Any:
    """Per position: seat 0's value minus the best of the others'."""
    v = values.reshape(-1, n)
    return v[:, 0] - v[:, 1:].max(axis=1)


def _report(n: int, test: list[Row], pred: Any) -> dict[str, Any]:
    import numpy as np

    truth = np.array([r[6] for r in test])
    rough = np.array([r[5] for r in test])
    left = np.array([r[4] for r in test]).reshape(-1, n)[:, 0]
    out: dict[str, Any] = {
        "held_out_score_error": round(float(np.abs(pred - truth).mean()), 2),
        "hand_written_score_error": round(float(np.abs(rough - truth).mean()), 2),
    }
    final_margin = _margins(truth, n)
    for name, lo, hi in (("early", 0.75, 1.01), ("middle", 0.25, 0.75), ("late", -0.01, 0.25)):
        part = (left > lo) & (left <= hi)
        fitted = np.corrcoef(_margins(pred, n)[part], final_margin[part])[0, 1]
        hand = np.corrcoef(_margins(rough, n)[part], final_margin[part])[0, 1]
        out[f"margin_correlation_{name}"] = [round(float(fitted), 3), round(float(hand), 3)]
    print(
        f"{n} players, held out {len(test)} rows: score error {out['held_out_score_error']}"
        f" (hand-written {out['hand_written_score_error']}); margin correlation fitted /"
        " hand-written: "
        + ", ".join(
            f"{k.removeprefix('margin_correlation_')} {v[0]} / {v[1]}"
            for k, v in out.items()
            if k.startswith("margin")
        )
    )
    return out


def _fit(n: int, games: int, jobs: int) -> dict[str, Any]:
    import numpy as np

    seeds = range(FIRST_SEED, FIRST_SEED + games)
    with ProcessPoolExecutor(jobs) as pool:
        per_game = list(pool.map(_rows, [(n, seed) for seed in seeds], chunksize=8))
    cut = FIRST_SEED + games * 4 // 5
    train = [r for g in per_game for r in g if r[0] < cut]
    test = [r for g in per_game for r in g if r[0] >= cut]
    a = _design(train, n)
    w = np.linalg.lstsq(a, np.array([r[6] for r in train]), rcond=None)[0]
    report = _report(n, test, _design(test, n) @ w)
    f = len(w) // 6

    def terms(block: int) -> list[list[float]]:
        return [[round(float(w[block * 3 * f + i + j * f]), 6) for j in range(3)] for i in range(f)]

    return {
        "relative": terms(0),
        "level": terms(1),
        "rows_fitted": len(train),
        **report,
    }


def main() -> None:
    from monastic.games.monastery.evaluation import FEATURES
    from monastic.lab.fitting import fit_command

    about = "Monastery's evaluation: written by scripts/fit_monastery_evaluation.py"
    fit_command(__doc__, OUT, about, FEATURES, FIRST_SEED, _fit)


if __name__ == "__main__":
    main()

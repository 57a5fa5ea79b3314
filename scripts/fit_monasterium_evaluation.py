"""Fit Monasterium's evaluation (src/monastic/games/monasterium/data/evaluation.json).

    pip install -e '.[fit]'
    python scripts/fit_monasterium_evaluation.py              # 2, 3 and 4 players
    python scripts/fit_monasterium_evaluation.py --games 300  # a quicker, rougher fit

Plays greedy self-play games from fixed seeds, takes every third position, and fits each
seat's final score on ``strategy.position_features`` by least squares: one weight per
feature and power of the share of the game left (1, left, left**2), plus a term for the
placement phase. The last fifth of the games is held out and reported; the file keeps
the weights fitted on the rest. The same arguments give the same file.
"""

from __future__ import annotations

import pathlib
from concurrent.futures import ProcessPoolExecutor
from typing import Any

OUT = (
    pathlib.Path(__file__).resolve().parent.parent
    / "src/monastic/games/monasterium/data/evaluation.json"
)
EVERY = 3  # take every third position: neighbours tell little new
FIRST_SEED = 1000


def _rows(job: tuple[int, int]) -> list[tuple[int, list[float], float, bool, float]]:
    """(seed, features, left, placing, final score) for the sampled positions of one game."""
    n, seed = job
    from monastic import load_game
    from monastic.engine import Rng
    from monastic.games.monasterium import strategy

    s: Any = load_game("monasterium").new_game(n, seed=seed)
    rng = Rng(seed + 99)
    sampled = []
    k = 0
    while not s.is_over():
        if k % EVERY == 0:
            maj = strategy._majority(s)
            left = strategy._time_left(s)
            for p in range(n):
                sampled.append((p, strategy.position_features(s, p, maj), left, s.phase == "place"))
        seat = s.to_act()[0]
        s.apply(seat, strategy.greedy_action(s, seat, rng))
        k += 1
    final = s.result().scores
    return [(seed, x, left, place, float(final[p])) for p, x, left, place in sampled]


def _design(rows: list[Any]) -> Any:
    import numpy as np

    x = np.array([r[1] for r in rows], float)
    left = np.array([r[2] for r in rows])[:, None]
    place = np.array([r[3] for r in rows], float)[:, None]
    return np.hstack([x, x * left, x * left * left, place, place * left])


def _fit(n: int, games: int, jobs: int) -> dict[str, Any]:
    import numpy as np

    seeds = range(FIRST_SEED, FIRST_SEED + games)
    with ProcessPoolExecutor(jobs) as pool:
        per_game = list(pool.map(_rows, [(n, seed) for seed in seeds], chunksize=8))
    cut = FIRST_SEED + games * 4 // 5
    train = [r for g in per_game for r in g if r[0] < cut]
    test = [r for g in per_game for r in g if r[0] >= cut]
    a = _design(train)
    w = np.linalg.lstsq(a, np.array([r[4] for r in train]), rcond=None)[0]
    pred = _design(test) @ w
    truth = np.array([r[4] for r in test])
    # Rows come seat by seat for each position: the winner predicted vs the real one.
    pred_win = pred.reshape(-1, n).argmax(axis=1)
    real_win = truth.reshape(-1, n).argmax(axis=1)
    k = len(w) - 2
    f = k // 3
    print(
        f"{n} players: {len(train)} rows fitted, held out {len(test)}: score error "
        f"{float(np.abs(pred - truth).mean()):.2f} VP, winner right "
        f"{float((pred_win == real_win).mean()):.3f}"
    )
    return {
        "weights": [[round(float(w[i + j * f]), 6) for j in range(3)] for i in range(f)],
        "placing": [round(float(w[k]), 6), round(float(w[k + 1]), 6)],
        "held_out_score_error": round(float(np.abs(pred - truth).mean()), 2),
    }


def main() -> None:
    from monastic.games.monasterium.strategy_weights import FEATURES
    from monastic.lab.fitting import fit_command

    about = "Monasterium's evaluation: written by scripts/fit_monasterium_evaluation.py"
    fit_command(__doc__, OUT, about, FEATURES, FIRST_SEED, _fit)


if __name__ == "__main__":
    main()

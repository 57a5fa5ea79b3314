"""Statistics over deals: the bootstrap that treats a deal (all its games) as one unit.

The games of one deal share their cards and dice, and in a game of four the three
comparisons of one bot with its rivals share one game: none of them are independent. So
every interval here resamples whole deals with replacement (a cluster bootstrap) and
recomputes the statistic from the resampled deals; the 95% interval is the 2.5th to 97.5th
percentile of the recomputed values. Resampling is seeded, so a report is reproducible.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from monastic.lab.stats import wilson

__all__ = [
    "Estimate",
    "bradley_terry_elo",
    "percentile",
    "rate_estimate",
    "ratio_estimate",
    "resamples",
    "t_interval",
]

#: Resamples drawn by default: enough for stable 2.5% and 97.5% percentiles.
RESAMPLES = 2000


@dataclass(frozen=True, slots=True)
class Estimate:
    """A value with its 95% interval."""

    value: float
    low: float
    high: float

    def contains(self, x: float) -> bool:
        return self.low <= x <= self.high

    def to_dict(self) -> dict[str, float]:
        return {"value": self.value, "low": self.low, "high": self.high}


def resamples(deals: int, count: int = RESAMPLES, seed: int = 0) -> list[list[int]]:
    """``count`` lists of ``deals`` deal indices drawn with replacement (seeded)."""
    if deals < 1:
        raise ValueError(f"the bootstrap needs at least one deal, not {deals}")
    rng = random.Random(seed)
    return [[rng.randrange(deals) for _ in range(deals)] for _ in range(count)]


def percentile(values: Sequence[float], q: float) -> float:
    """The ``q`` quantile (0..1) of ``values`` with linear interpolation."""
    ordered = sorted(values)
    if not ordered:
        return math.nan
    pos = q * (len(ordered) - 1)
    lower = math.floor(pos)
    upper = min(lower + 1, len(ordered) - 1)
    return ordered[lower] + (ordered[upper] - ordered[lower]) * (pos - lower)


def _interval(value: float, replicates: Sequence[float]) -> Estimate:
    return Estimate(value, percentile(replicates, 0.025), percentile(replicates, 0.975))


def ratio_estimate(
    numerators: Sequence[float], denominators: Sequence[float], draws: list[list[int]]
) -> Estimate:
    """sum(numerators) / sum(denominators) over deals, with its deal-bootstrap interval.

    A per-deal mean is the case of all denominators 1; a win rate per seat is wins over
    seats played, each summed per deal.
    """
    if len(numerators) != len(denominators):
        raise ValueError("one numerator and one denominator per deal")

    def ratio(indices: Sequence[int]) -> float:
        den = sum(denominators[i] for i in indices)
        return sum(numerators[i] for i in indices) / den if den else math.nan

    return _interval(ratio(range(len(numerators))), [ratio(draw) for draw in draws])


def rate_estimate(
    successes: Sequence[float], trials: Sequence[float], draws: list[list[int]]
) -> Estimate:
    """A rate (wins per seat, say) over deals with its deal-bootstrap interval.

    When every deal has the same rate (say all won), resampling cannot vary and the bootstrap
    interval shrinks to a point; then the Wilson interval counting each deal as one trial
    stands in, which is what a handful of identical deals can show.
    """
    estimate = ratio_estimate(successes, trials, draws)
    if estimate.low < estimate.high or math.isnan(estimate.value):
        return estimate
    low, high = wilson(estimate.value * len(successes), len(successes))
    return Estimate(estimate.value, low, high)


def t_interval(values: Sequence[float]) -> Estimate:
    """The mean of per-deal values with Student's t 95% interval over deals."""
    n = len(values)
    if n == 0:
        return Estimate(math.nan, math.nan, math.nan)
    mean = sum(values) / n
    if n == 1:
        return Estimate(mean, mean, mean)
    sd = math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1))
    half = _t975(n - 1) * sd / math.sqrt(n)
    return Estimate(mean, mean - half, mean + half)


# Two-sided 95% critical values of Student's t; past 120 degrees of freedom, the normal's.
_T975 = {1: 12.706, 2: 4.303, 3: 3.182, 4: 2.776, 5: 2.571, 6: 2.447, 7: 2.365, 8: 2.306,
         9: 2.262, 10: 2.228, 12: 2.179, 15: 2.131, 20: 2.086, 25: 2.060, 30: 2.042,
         40: 2.021, 60: 2.000, 80: 1.990, 120: 1.980}  # fmt: skip


def _t975(df: int) -> float:
    if df > 120:
        return 1.96
    # The nearest tabulated value at or below df is slightly conservative.
    return _T975[max(k for k in _T975 if k <= df)]


def bradley_terry_elo(
    names: Sequence[str],
    wins: Mapping[tuple[str, str], float],
    iterations: int = 1000,
    tolerance: float = 1e-10,
) -> dict[str, float]:
    """Bradley-Terry strengths as Elo points (mean 1500) from pairwise win counts.

    ``wins[a, b]`` is how often ``a`` finished ahead of ``b`` (ties count half). Every pair
    that met also gets one virtual drawn game, so a bot that never lost stays finite.
    """
    met = {frozenset(pair) for pair, count in wins.items() if count > 0}
    total = {
        (a, b): wins.get((a, b), 0.0) + (0.5 if frozenset((a, b)) in met else 0.0)
        for a in names
        for b in names
        if a != b
    }
    gamma = dict.fromkeys(names, 1.0)
    for _ in range(iterations):
        new = {}
        for a in names:
            won = sum(total[a, b] for b in names if b != a)
            denom = sum(
                (total[a, b] + total[b, a]) / (gamma[a] + gamma[b]) for b in names if b != a
            )
            new[a] = won / denom if denom > 0 and won > 0 else gamma[a]
        mean_log = sum(math.log(g) for g in new.values()) / len(new)
        new = {a: g / math.exp(mean_log) for a, g in new.items()}
        change = max(abs(math.log(new[a] / gamma[a])) for a in names)
        gamma = new
        if change < tolerance:
            break
    return {a: 1500.0 + 400.0 * math.log10(gamma[a]) for a in names}

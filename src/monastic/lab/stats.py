"""Confidence intervals for rates and means: small formulas, no dependencies."""

from __future__ import annotations

import math
from collections.abc import Sequence

__all__ = ["mean_interval", "point_biserial", "wilson"]

Z95 = 1.96


def wilson(successes: float, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a (possibly fractional) success count."""
    if trials <= 0:
        return 0.0, 1.0
    p = successes / trials
    denom = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denom
    half = z * math.sqrt(max(0.0, p * (1 - p) / trials + z * z / (4 * trials * trials))) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def mean_interval(values: Sequence[float], z: float = Z95) -> tuple[float, float, float]:
    """The mean and its normal-approximation 95% interval (fine from a few dozen values)."""
    n = len(values)
    if n == 0:
        return math.nan, math.nan, math.nan
    mean = sum(values) / n
    if n == 1:
        return mean, mean, mean
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    half = z * math.sqrt(var / n)
    return mean, mean - half, mean + half


def point_biserial(values: Sequence[float], outcomes: Sequence[float]) -> float:
    """Pearson's correlation between a measure and an outcome (NaN if either is constant)."""
    n = len(values)
    if n < 2 or n != len(outcomes):
        return math.nan
    mx = sum(values) / n
    my = sum(outcomes) / n
    sxy = sum((x - mx) * (y - my) for x, y in zip(values, outcomes, strict=True))
    sxx = sum((x - mx) ** 2 for x in values)
    syy = sum((y - my) ** 2 for y in outcomes)
    if sxx <= 0 or syy <= 0:
        return math.nan
    return sxy / math.sqrt(sxx * syy)

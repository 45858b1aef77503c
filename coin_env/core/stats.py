"""Small statistics shared by the tools and the games' measurement scripts."""

from __future__ import annotations

import math
from statistics import NormalDist


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """95 % Wilson score interval of a win rate ``wins / n`` ((0, 0) when there are no games)."""
    if n == 0:
        return 0.0, 0.0
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def t_quantile(p: float, df: int) -> float:
    """The ``p`` quantile of Student's t with ``df`` degrees of freedom: exact for df 1 and 2 (closed forms),
    else the normal quantile corrected by the Cornish-Fisher expansion to 1/df^4 (within 0.15 % of the exact
    value at the 0.975 quantile for df >= 3, within 0.02 % for df >= 5)."""
    if df == 1:
        return math.tan(math.pi * (p - 0.5))
    if df == 2:
        return (2 * p - 1) / math.sqrt(2 * p * (1 - p))
    z = NormalDist().inv_cdf(p)
    terms = ((z ** 3 + z) / 4,
             (5 * z ** 5 + 16 * z ** 3 + 3 * z) / 96,
             (3 * z ** 7 + 19 * z ** 5 + 17 * z ** 3 - 15 * z) / 384,
             (79 * z ** 9 + 776 * z ** 7 + 1482 * z ** 5 - 1920 * z ** 3 - 945 * z) / 92160)
    return z + sum(term / df ** (k + 1) for k, term in enumerate(terms))


def mean_interval(values, level: float = 0.95) -> dict:
    """Mean and its ``level`` t interval: ``{"mean", "lo", "hi", "se", "n"}`` (one value: the interval is the
    point; none: NaN)."""
    values = [float(v) for v in values]
    n = len(values)
    if n == 0:
        return {"mean": math.nan, "lo": math.nan, "hi": math.nan, "se": math.nan, "n": 0}
    mean = sum(values) / n
    if n == 1:
        return {"mean": mean, "lo": mean, "hi": mean, "se": 0.0, "n": 1}
    se = math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1) / n)
    half = t_quantile(0.5 + level / 2, n - 1) * se
    return {"mean": mean, "lo": mean - half, "hi": mean + half, "se": se, "n": n}

"""How sure a figure is: the bootstrap interval of a ratio, printed under it (every suite)."""

from __future__ import annotations

import random
import statistics
from collections.abc import Callable, Sequence

Figure = tuple[str, float, str]
#: Resamples of the bootstrap interval of a ratio, and its level.
RESAMPLES, LEVEL = 2000, 0.9


def ratio_interval(
    over: Sequence[float],
    under: Sequence[float],
    statistic: Callable[[Sequence[float]], float] = statistics.median,
) -> tuple[float, float]:
    """The bootstrap interval (``LEVEL``) of ``statistic(over) / statistic(under)`` (medians
    unless told): both samples resampled with replacement ``RESAMPLES`` times, the same way in
    every run."""
    rng = random.Random(0)
    ratios = sorted(
        statistic(rng.choices(over, k=len(over))) / statistic(rng.choices(under, k=len(under)))
        for _ in range(RESAMPLES)
    )
    tail = round(RESAMPLES * (1 - LEVEL) / 2)
    return ratios[tail], ratios[-tail - 1]


def interval_rows(
    over: Sequence[float],
    under: Sequence[float],
    statistic: Callable[[Sequence[float]], float] = statistics.median,
) -> list[Figure]:
    """A ratio's bootstrap interval as two figures."""
    low, high = ratio_interval(over, under, statistic)
    share = f"{LEVEL:.0%}"
    return [(f"    {share} interval (bootstrap): from", low, "x"), ("    to", high, "x")]

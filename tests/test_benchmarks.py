"""The statistics ``make bench`` prints beside its click ratios."""

from __future__ import annotations

import random

from benchmarks.stats import interval_rows, ratio_interval


def clicks(seed: int, scale: float = 1.0, spread: float = 15.0) -> list[float]:
    """120 click times of 25 ms ± ``spread`` (the bench's spread by default), times ``scale``."""
    rng = random.Random(seed)
    return [scale * rng.uniform(25 - spread, 25 + spread) for _ in range(120)]


def test_the_interval_holds_the_true_ratio_and_narrows_as_the_spread_does() -> None:
    low, high = ratio_interval(clicks(1, 1.25), clicks(2))
    assert low < 1.25 < high
    tight_low, tight_high = ratio_interval(clicks(1, 1.25, spread=1), clicks(2, spread=1))
    assert tight_low <= 1.25 <= tight_high
    assert tight_high - tight_low < (high - low) / 3


def test_the_interval_is_the_same_in_every_run() -> None:
    over, under = clicks(3, 1.1), clicks(4)
    assert ratio_interval(over, under) == ratio_interval(over, under)
    assert [row[0] for row in interval_rows(over, under)] == [
        "    90% interval (bootstrap): from",
        "    to",
    ]

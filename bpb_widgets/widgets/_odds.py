"""The odds of a task roll as the front end's chart and text need them."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from bpb_widgets.bpb import Odds


def exact(value: Fraction) -> list[int | float]:
    """``[numerator, denominator, float]``: exact for the text, a float for the chart."""
    return [value.numerator, value.denominator, float(value)]


def odds_payload(odds: Odds) -> dict[str, Any]:
    """Success and extreme-success chances (exact) and the distribution of totals."""
    return {
        "difficulty": odds.difficulty,
        "expertise": odds.expertise,
        "extreme_total": odds.extreme_total,
        "success": exact(odds.success),
        "extreme": exact(odds.extreme),
        "too_difficult": odds.too_difficult,
        "distribution": [[total, float(p)] for total, p in sorted(odds.distribution.items())],
    }

"""Exact chances as the front end's charts and texts need them (every system's parts)."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction


def exact(value: Fraction) -> list[int | float]:
    """``[numerator, denominator, float]``: exact for the text, a float for the chart."""
    return [value.numerator, value.denominator, float(value)]


def bars(distribution: Mapping[int, Fraction]) -> list[list[int | float]]:
    """A distribution as chart bars: ``[[value, probability], ...]``, values ascending."""
    return [[value, float(p)] for value, p in sorted(distribution.items())]

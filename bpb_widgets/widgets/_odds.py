"""The odds of a task roll as the front end's chart and text need them."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from bpb_widgets.bpb import DefensePreview, Odds


def exact(value: Fraction) -> list[int | float]:
    """``[numerator, denominator, float]``: exact for the text, a float for the chart."""
    return [value.numerator, value.denominator, float(value)]


def bars(distribution: Mapping[int, Fraction]) -> list[list[int | float]]:
    """A distribution as chart bars: ``[[value, probability], ...]``, values ascending."""
    return [[value, float(p)] for value, p in sorted(distribution.items())]


def odds_payload(odds: Odds, *, chart: bool = True) -> dict[str, Any]:
    """Success and extreme-success chances (exact), how many of the 36 rolls give each and what
    the dice must show (``js/lib/odds.js`` ``chance`` words them), and, for a ``chart``, the
    distribution of totals."""
    payload: dict[str, Any] = {
        "difficulty": odds.difficulty,
        "expertise": odds.expertise,
        "extreme_total": odds.extreme_total,
        "success": exact(odds.success),
        "extreme": exact(odds.extreme),
        "needs": odds.needs,
        "ways": odds.ways,
        "extreme_needs": odds.extreme_needs,
        "extreme_ways": odds.extreme_ways,
        "take": odds.take,
        "too_difficult": odds.too_difficult,
    }
    if chart:
        payload["distribution"] = bars(odds.distribution)
    return payload


def defense_payload(p: DefensePreview, *, chart: bool = True) -> dict[str, Any]:
    """A block's or dodge's arithmetic, odds and cost, as the front end shows them (with the
    distribution of totals for a ``chart``)."""
    return {
        "attribute_name": p.attribute_name,
        "attribute": p.attribute,
        "bonus": p.bonus,
        "rank": p.rank,
        "continued": p.continued,
        "consequence": p.consequence,
        "forced": p.forced,
        **odds_payload(p.odds, chart=chart),
    }

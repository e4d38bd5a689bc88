"""The odds of a Bulletproof Blues task roll, block or dodge as the front end's chart and text
need them."""

from __future__ import annotations

from typing import Any

from bpb_widgets.bpb import DefensePreview, Odds
from bpb_widgets.widgets._odds import bars, exact


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

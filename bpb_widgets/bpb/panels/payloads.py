"""What more than one of Bulletproof Blues' parts puts in its state: the odds of a task roll, block
or dodge as the front end's chart and text need them, the task roller's choices, the plot points
an automatic success may spend, and the bounds of a rank typed in."""

from __future__ import annotations

from typing import Any

from bpb_widgets.bpb import BulletproofBlues, DefensePreview, Odds, TaskChoices
from bpb_widgets.bpb.rules import MAX_RANK, MIN_RANK
from bpb_widgets.widgets._odds import bars, exact

#: The rank a typed-in attack starts at.
DEFAULT_RANK = 5


def ranks() -> dict[str, int]:
    """The bounds of a rank the GM types in, and the rank it starts at."""
    return {"low": MIN_RANK, "high": MAX_RANK, "typed": DEFAULT_RANK}


def choices(offered: TaskChoices) -> dict[str, Any]:
    """What the front end offers: attributes, the difficulty ladder and the circumstances."""
    return {
        "attributes": list(offered.attributes),
        "difficulties": [[d.name, d.value, d.examples] for d in offered.difficulties],
        "attack": [[c.key, c.value, c.text] for c in offered.attack_bonuses],
        "defense": [[c.key, c.value, c.text] for c in offered.difficulty_modifiers],
    }


def plot_offer(enc: BulletproofBlues, roller: str | None) -> dict[str, Any]:
    """Who rolls next and their plot points, when they have any to spend on an automatic
    success or one already waits (seed 004, "Automatic Success"); else nothing."""
    if roller not in enc.names:
        return {}
    points, waiting = enc.plot_points(roller), enc.automatic_success_waiting(roller)
    return {"roller": roller, "points": points, "waiting": waiting} if points or waiting else {}


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

"""Ranks: the 1-14 scale of attributes and powers (seed 004; "rank 14 maximum", Power Boost)."""

from __future__ import annotations

from bpb_widgets.errors import RuleError

MIN_RANK = 1
MAX_RANK = 14
#: Human average. Seed 004 calls rank 3 or less "human level"; rank 2 walks 20 ft a round
#: (about 2.3 mph) and sprints 14 mph, an ordinary adult (Movement tables).
HUMAN_AVERAGE = 2
#: The highest "human level" rank: Brawn, Agility or Brawn-or-Agility of 3 or less inflicts stunning
#: damage with unarmed, squeeze and trip attacks (seed 004, "Damage", "Grappling", "Tripping").
HUMAN_LEVEL = 3


def check_rank(value: object, what: str, *, low: int = MIN_RANK, high: int = MAX_RANK) -> int:
    """``value`` as a rank from ``low`` to ``high``, or a RuleError naming ``what``."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise RuleError(f"{what} must be a whole-number rank from {low} to {high}; got {value!r}.")
    if not low <= value <= high:
        raise RuleError(f"{what} {value} is impossible: ranks run from {low} to {high}.")
    return value

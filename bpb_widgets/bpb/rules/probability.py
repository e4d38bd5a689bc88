"""Exact odds of a task roll before the dice hit the table (seed 004, "Rolling Dice", "Extreme
Success", "Taking The Average", "Taking The Max"), computed with icepool."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from fractions import Fraction
from functools import cache, lru_cache
from types import MappingProxyType

import icepool

from bpb_widgets.bpb.rules.tasks import (
    EXTREME_MARGIN,
    TAKE_ROLLS,
    Take,
    check_attribute,
    check_bonus,
    check_difficulty,
    too_difficult,
)
from bpb_widgets.engine.checks import check_choice


@dataclass(frozen=True, slots=True)
class Odds:
    """The exact chances of one task roll (seed 004, "Rolling Dice", "Extreme Success").

    ``distribution`` maps every possible total (2d6 + attribute + bonus) to its probability, so a
    chart can shade the totals at or above ``difficulty`` (success) and at or above
    ``extreme_total`` (extreme success, with expertise).
    """

    attribute: int
    difficulty: int
    bonus: int
    expertise: bool
    take: Take | None
    distribution: Mapping[int, Fraction]
    success: Fraction
    extreme: Fraction

    @property
    def failure(self) -> Fraction:
        return 1 - self.success

    @property
    def extreme_total(self) -> int:
        """The lowest total that is an extreme success (with expertise)."""
        return self.difficulty + EXTREME_MARGIN

    @property
    def too_difficult(self) -> bool:
        """More than 12 above attribute plus bonuses (seed 004, "Unopposed Tasks")."""
        return too_difficult(self.attribute, self.difficulty, bonus=self.bonus)


@cache
def _two_d6() -> tuple[tuple[int, Fraction], ...]:
    """The 2d6 distribution, computed once with icepool."""
    die = 2 @ icepool.d6
    return tuple((outcome, die.probability(outcome)) for outcome in die.outcomes())


def odds(
    attribute: int,
    difficulty: int,
    *,
    bonus: int = 0,
    expertise: bool = False,
    take: Take | None = None,
    automatic: bool = False,
) -> Odds:
    """The exact odds of 2d6 + ``attribute`` + ``bonus`` against ``difficulty`` (seed 004,
    "Rolling Dice", "Extreme Success").

    Without ``expertise`` there is no extreme success, so ``extreme`` is 0. With ``take`` the roll
    is a sure 7 or 12. With ``automatic`` (a plot point, "Automatic Success") success is certain
    and only the extreme success is left to the dice. ``odds(4, 12).success == Fraction(5, 12)``.
    """
    check_attribute(attribute)
    check_difficulty(difficulty)
    check_bonus(bonus)
    if take is not None:
        check_choice(take, TAKE_ROLLS, "way to take the roll")
    found = _odds(attribute, difficulty, bonus, bool(expertise), take)
    return replace(found, success=Fraction(1)) if automatic else found


@lru_cache(maxsize=4096)
def _odds(attribute: int, difficulty: int, bonus: int, expertise: bool, take: Take | None) -> Odds:
    base = attribute + bonus
    rolls = ((TAKE_ROLLS[take], Fraction(1)),) if take else _two_d6()
    distribution = {base + roll: chance for roll, chance in rolls}
    success = sum((p for total, p in distribution.items() if total >= difficulty), Fraction(0))
    extreme_at = difficulty + EXTREME_MARGIN
    extreme = sum(
        (p for total, p in distribution.items() if expertise and total >= extreme_at), Fraction(0)
    )
    return Odds(
        attribute,
        difficulty,
        bonus,
        expertise,
        take,
        MappingProxyType(distribution),
        success,
        extreme,
    )

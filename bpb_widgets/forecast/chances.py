"""The arithmetic the forecast needs fast: the chance of a 2d6 task roll reaching a difficulty
(seed 004, "Rolling Dice"), and the 95% interval of a chance measured by simulation.

The chances are exact fractions of 36 read from a table, so the default tactics can weigh them
thousands of times a second (each a :class:`Chance`, a ``Fraction`` that compares quickly);
``bpb_widgets.rules.odds`` (icepool) gives the same figures and is what the tests compare them
with.
"""

from __future__ import annotations

import math
import operator
from collections.abc import Callable
from fractions import Fraction
from typing import Any

#: How many of the 36 rolls of 2d6 reach each total 2..12.
_WAYS = {total: 6 - abs(total - 7) for total in range(2, 13)}
#: How many of the 36 rolls reach at least each total: 2 or less is all 36, 13 or more none.
_AT_LEAST = {need: sum(w for t, w in _WAYS.items() if t >= need) for need in range(2, 13)}


def _compared(
    nearest: Callable[[float, float], bool], exact: Callable[[Fraction, Any], bool]
) -> Callable[[Chance, Any], bool]:
    """A comparison of a chance with ``other``: by the nearest floats when they differ (rounding
    keeps the order, so the answer is exact), else (equal floats, another kind of number) by
    ``Fraction``'s exact comparison."""

    def compare(self: Chance, other: Any) -> bool:
        if type(other) is Chance:
            theirs: float = other._value
        elif type(other) is float or type(other) is int:
            theirs = other
        else:
            return exact(self, other)
        mine = self._value
        return nearest(mine, theirs) if mine != theirs else exact(self, other)

    return compare


class Chance(Fraction):
    """An exact chance, a ``Fraction`` in every way, that compares with another chance, a whole
    number or a float by its nearest float wherever that settles the answer exactly, where a
    ``Fraction`` first makes a ``Fraction`` of a float (ten times slower): tactics compare
    chances on every hit."""

    __slots__ = ("_value",)
    # Fraction's own slots, read directly (its properties cost a call)
    _numerator: int
    _denominator: int
    #: The float nearest the chance.
    _value: float

    def __new__(cls, numerator: int = 0, denominator: int | None = None) -> Chance:
        made = super().__new__(cls, numerator, denominator)
        made._value = made._numerator / made._denominator
        return made

    __eq__ = _compared(operator.eq, Fraction.__eq__)
    __hash__ = Fraction.__hash__
    __lt__ = _compared(operator.lt, Fraction.__lt__)
    __le__ = _compared(operator.le, Fraction.__le__)
    __gt__ = _compared(operator.gt, Fraction.__gt__)
    __ge__ = _compared(operator.ge, Fraction.__ge__)


#: The 37 chances a 2d6 roll can have, ``CHANCES[ways]`` = ways/36, made once.
CHANCES = tuple(Chance(ways, 36) for ways in range(37))
#: The z value of a 95% interval.
Z95 = 1.959963984540054


def ways_at_least(need: int) -> int:
    """How many of the 36 rolls of 2d6 come to ``need`` or more."""
    if need <= 2:
        return 36
    if need > 12:
        return 0
    return _AT_LEAST[need]


def task_chance(attribute: int, difficulty: int, bonus: int = 0) -> Fraction:
    """The exact chance that ``attribute`` + 2d6 + ``bonus`` reaches ``difficulty`` (seed 004,
    "Rolling Dice"); a task more than 12 beyond attribute and bonuses never succeeds ("Unopposed
    Tasks"), which 2d6 already makes so."""
    return CHANCES[ways_at_least(difficulty - attribute - bonus)]


def wilson(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a chance seen ``successes`` times in ``trials`` (95% by
    default): never outside 0..1, and sound near 0 and 1 where the normal approximation is not."""
    if trials <= 0:
        return (0.0, 1.0)
    p = successes / trials
    z2 = z * z
    centre = (p + z2 / (2 * trials)) / (1 + z2 / trials)
    half = z * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / (1 + z2 / trials)
    # rounding must not push the interval off the rate itself (all or none of the trials)
    return (max(0.0, min(p, centre - half)), min(1.0, max(p, centre + half)))

"""Blackout tests: successes counted against a difficulty (seed 002, "Combat Basics").

Seed 002 counts successes ("Each success on the damage test means 5 points of damage") but never
says how one die scores one. Every rule therefore takes success counts; :func:`roll_pool` is the
documented option that rolls a pool with a configurable die and success threshold.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from types import MappingProxyType

import icepool

from bpb_widgets.engine.checks import check_whole
from bpb_widgets.engine.dice import Dice, roll_or_check
from bpb_widgets.errors import RuleError

#: A critical failure is two under the difficulty (seed 002, "Vaulting"); a critical success is
#: taken to be two over it, as 5 successes against the 3 that stabilise (seed 002, "Out of the
#: Fight"). The seed gives no general rule for the latter.
CRITICAL_MARGIN = 2
#: The most dice a pool may hold. Seed 002 gives no pool sizes (an attack test rolls "a minimum of
#: 4 dice"; damage dice follow Strength or the weapon): 50 is far past any sheet, and a bigger
#: number is a typing slip, refused before a die is rolled.
MAX_POOL = 50
#: The most successes a test can score: one a die.
MAX_SUCCESSES = MAX_POOL


def check_successes(value: object, what: str = "Successes") -> int:
    """A number of successes: a whole number from 0 to :data:`MAX_SUCCESSES` (one a die)."""
    return check_whole(value, what, low=0, high=MAX_SUCCESSES)


def check_pool(value: object, what: str = "Dice in the pool", *, low: int = 0) -> int:
    """A pool of dice: a whole number from ``low`` to :data:`MAX_POOL`."""
    return check_whole(value, what, low=low, high=MAX_POOL)


def check_test_difficulty(value: object, what: str = "Difficulty") -> int:
    """A test difficulty: a whole number, 0 or more (0 is an automatic success, such as a ladder;
    seed 002, "Climbing")."""
    return check_whole(value, what, low=0)


@dataclass(frozen=True, slots=True)
class Outcome:
    """Successes against a difficulty: a success matches or beats it (seed 002, "Evasion")."""

    successes: int
    difficulty: int

    @property
    def margin(self) -> int:
        return self.successes - self.difficulty

    @property
    def success(self) -> bool:
        return self.margin >= 0

    @property
    def critical_failure(self) -> bool:
        """Two or more under the difficulty (seed 002, "Vaulting")."""
        return self.margin <= -CRITICAL_MARGIN

    @property
    def critical_success(self) -> bool:
        """Two or more over the difficulty (interpretation; see :data:`CRITICAL_MARGIN`)."""
        return self.margin >= CRITICAL_MARGIN


def outcome(successes: int, difficulty: int) -> Outcome:
    """Resolve a test from its success count (seed 002, "Combat Basics")."""
    return Outcome(check_successes(successes), check_test_difficulty(difficulty))


@dataclass(frozen=True, slots=True)
class SuccessDie:
    """How one die of a pool scores: a d``sides`` succeeds on ``success_on`` or more. Not in seed
    002; a rule option for tables that roll their pools here."""

    sides: int = 6
    success_on: int = 5

    def __post_init__(self) -> None:
        check_whole(self.sides, "Die sides", low=2)
        check_whole(self.success_on, "Success threshold", low=1, high=self.sides)

    @property
    def chance(self) -> Fraction:
        """The chance that one die succeeds."""
        return Fraction(self.sides - self.success_on + 1, self.sides)


#: The default die: a d6 succeeding on 5 or 6. The seed does not say; change it per table.
DEFAULT_DIE = SuccessDie()


@dataclass(frozen=True, slots=True)
class PoolRoll:
    """A rolled pool and the successes it scored."""

    rolled: Dice
    die: SuccessDie

    @property
    def successes(self) -> int:
        return sum(value >= self.die.success_on for value in self.rolled)


def roll_pool(
    pool: int,
    *,
    dice: object | None = None,
    rng: random.Random | None = None,
    die: SuccessDie = DEFAULT_DIE,
) -> PoolRoll:
    """Roll ``pool`` dice (or check the GM's physical ``dice``) and count successes with ``die``."""
    check_pool(pool)
    rolled = roll_or_check(rng, dice, count=pool, sides=die.sides)
    return PoolRoll(rolled, die)


def pool_odds(pool: int, *, die: SuccessDie = DEFAULT_DIE) -> Mapping[int, Fraction]:
    """The exact distribution of successes on ``pool`` dice (icepool)."""
    check_pool(pool)
    if not isinstance(die, SuccessDie):
        raise RuleError(f"The die must be a SuccessDie, such as SuccessDie(6, 5); got {die!r}.")
    return _pool_odds(pool, die)


@lru_cache(maxsize=512)
def _pool_odds(pool: int, die: SuccessDie) -> Mapping[int, Fraction]:
    scores = icepool.d(die.sides).map(lambda face: int(face >= die.success_on))
    total = pool @ scores
    return MappingProxyType({n: total.probability(n) for n in range(pool + 1)})


def success_odds(pool: int, difficulty: int, *, die: SuccessDie = DEFAULT_DIE) -> Fraction:
    """The exact chance that ``pool`` dice match or beat ``difficulty`` successes."""
    difficulty = check_test_difficulty(difficulty)
    return sum((p for n, p in pool_odds(pool, die=die).items() if n >= difficulty), Fraction(0))

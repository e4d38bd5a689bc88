"""Blackout tests from success counts, and the optional dice pool (seed 002, "Combat Basics";
the die and threshold are not in the seed)."""

from __future__ import annotations

from fractions import Fraction
from itertools import product

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bpb_widgets.blackout import rules as blackout
from bpb_widgets.blackout.rules import SuccessDie
from bpb_widgets.errors import RuleError


def test_outcome_margins() -> None:
    result = blackout.outcome(1, 3)
    assert (result.success, result.critical_failure, result.critical_success) == (
        False,
        True,
        False,
    )
    assert blackout.outcome(0, 0).success
    assert blackout.outcome(5, 3).critical_success


def test_pool_counts_successes_with_the_chosen_die() -> None:
    assert blackout.roll_pool(4, dice=(1, 5, 6, 4)).successes == 2
    assert blackout.roll_pool(4, dice=(1, 5, 6, 4), die=SuccessDie(6, 4)).successes == 3
    assert blackout.roll_pool(2, dice=(10, 7), die=SuccessDie(10, 8)).successes == 1
    assert blackout.roll_pool(0).successes == 0


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: blackout.roll_pool(2, dice=(1, 7)), "d6 shows 1 to 6"),
        (lambda: blackout.roll_pool(-1), "Dice in the pool cannot be less than 0"),
        (lambda: SuccessDie(6, 7), "Success threshold cannot be more than 6"),
        (lambda: SuccessDie(1, 1), "Die sides cannot be less than 2"),
        (lambda: blackout.outcome(-1, 2), "Successes cannot be less than 0"),
        (lambda: blackout.pool_odds(2, die=6), "SuccessDie"),  # type: ignore[arg-type]
    ],
)
def test_bad_pools_refused(call: object, message: str) -> None:
    with pytest.raises(RuleError, match=message):
        call()  # type: ignore[operator]


dice = st.integers(2, 8).flatmap(
    lambda sides: st.builds(SuccessDie, st.just(sides), st.integers(1, sides))
)


@given(st.integers(0, 4), dice, st.integers(0, 5))
def test_pool_odds_match_enumeration(pool: int, die: SuccessDie, difficulty: int) -> None:
    faces = list(product(range(1, die.sides + 1), repeat=pool))
    counts = [blackout.roll_pool(pool, dice=rolled, die=die).successes for rolled in faces]
    odds = blackout.pool_odds(pool, die=die)
    for n in range(pool + 1):
        assert odds[n] == Fraction(counts.count(n), len(faces))
    wins = sum(blackout.outcome(c, difficulty).success for c in counts)
    assert blackout.success_odds(pool, difficulty, die=die) == Fraction(wins, len(faces))


def test_default_die_is_a_d6_on_five() -> None:
    assert (blackout.DEFAULT_DIE.sides, blackout.DEFAULT_DIE.success_on) == (6, 5)
    assert blackout.DEFAULT_DIE.chance == Fraction(1, 3)
    assert SuccessDie(10, 8).chance == Fraction(3, 10)
    assert blackout.success_odds(4, 1) == 1 - Fraction(2, 3) ** 4

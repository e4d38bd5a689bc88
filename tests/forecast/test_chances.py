"""The forecast's fast 2d6 table is icepool's exact odds."""

from __future__ import annotations

import copy
import math
import operator
import pickle
from fractions import Fraction
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from bpb_widgets import rules
from bpb_widgets.forecast.chances import CHANCES, Chance, task_chance, wilson


@given(st.integers(0, 14), st.integers(1, 40), st.integers(-3, 6))
def test_task_chance_is_the_exact_odds(attribute: int, difficulty: int, bonus: int) -> None:
    assert (
        task_chance(attribute, difficulty, bonus)
        == rules.odds(attribute, difficulty, bonus=bonus).success
    )


@given(st.integers(0, 500), st.integers(1, 500))
def test_wilson_holds_the_rate(successes: int, trials: int) -> None:
    successes = min(successes, trials)
    low, high = wilson(successes, trials)
    assert 0 <= low <= successes / trials <= high <= 1


#: What a chance meets in a comparison: chances, fractions, whole numbers, floats (thresholds,
#: their neighbours a rounding away, infinities and nan).
OTHERS = st.one_of(
    st.integers(0, 36).map(lambda ways: CHANCES[ways]),
    st.fractions(),
    st.integers(-3, 3),
    st.floats(allow_nan=True, allow_infinity=True),
    st.sampled_from([math.inf, -math.inf, math.nan, 0.5, 1 / 3]),
    st.integers(0, 36).map(lambda ways: ways / 36),  # a float equal to a chance's nearest
    st.integers(0, 36).map(lambda ways: math.nextafter(ways / 36, math.inf)),
    st.integers(0, 36).map(lambda ways: math.nextafter(ways / 36, -math.inf)),
)


@given(st.integers(0, 36), OTHERS)
def test_a_chance_compares_as_its_fraction_does(ways: int, other: Any) -> None:
    chance, exact = CHANCES[ways], Fraction(ways, 36)
    assert isinstance(chance, Chance) and chance == exact and hash(chance) == hash(exact)
    for compare in (operator.eq, operator.lt, operator.le, operator.gt, operator.ge):
        assert compare(chance, other) == compare(exact, other), (compare, other)
        assert compare(other, chance) == compare(other, exact), (compare, other)


def test_a_chance_copied_or_pickled_still_compares_by_its_nearest_float() -> None:
    for made in (copy.copy(CHANCES[20]), pickle.loads(pickle.dumps(CHANCES[20]))):
        assert type(made) is Chance and made == CHANCES[20] and made > 0.5 and not made > 20 / 36

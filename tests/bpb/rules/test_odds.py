"""Exact odds of a task roll against brute-force enumeration of the 36 outcomes of 2d6."""

from __future__ import annotations

import time
from fractions import Fraction
from itertools import product

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bpb_widgets import rules
from bpb_widgets.errors import RuleError

ALL_DICE = list(product(range(1, 7), repeat=2))
attributes = st.integers(min_value=0, max_value=14)
difficulties = st.integers(min_value=1, max_value=40)
bonuses = st.integers(min_value=-12, max_value=12)


def test_attribute_4_against_a_challenging_12_succeeds_5_times_in_12() -> None:
    assert rules.odds(4, 12).success == Fraction(5, 12)


def test_extreme_needs_expertise() -> None:
    assert rules.odds(4, 12).extreme == 0
    assert rules.odds(4, 12, expertise=True).extreme == Fraction(3, 36)  # 11 or 12 on 2d6


def test_distribution_is_the_2d6_curve_shifted() -> None:
    chances = rules.odds(3, 12, bonus=2).distribution
    assert list(chances) == list(range(7, 18))
    assert chances[12] == Fraction(6, 36)
    assert chances[7] == chances[17] == Fraction(1, 36)
    assert sum(chances.values()) == 1


def test_taking_is_certain() -> None:
    average = rules.odds(5, 12, take="average")
    assert (average.success, dict(average.distribution)) == (1, {12: 1})
    assert rules.odds(5, 17, take="max").success == 1
    assert rules.odds(5, 17, take="average").success == 0


def test_too_difficult_has_no_chance() -> None:
    hopeless = rules.odds(2, 15)
    assert hopeless.too_difficult and hopeless.success == 0 and hopeless.failure == 1


def test_warm_odds_under_a_millisecond() -> None:
    rules.odds(6, 17, bonus=3, expertise=True)
    start = time.perf_counter()
    for _ in range(1000):
        rules.odds(6, 17, bonus=3, expertise=True)
    assert (time.perf_counter() - start) / 1000 < 0.001


@given(attributes, difficulties, bonuses, st.booleans())
def test_odds_match_enumeration(attribute: int, difficulty: int, bonus: int, expert: bool) -> None:
    results = [
        rules.task(attribute, difficulty, bonus=bonus, expertise=expert, dice=d) for d in ALL_DICE
    ]
    chance = rules.odds(attribute, difficulty, bonus=bonus, expertise=expert)
    assert chance.success == Fraction(sum(r.success for r in results), 36)
    assert chance.extreme == Fraction(sum(r.extreme for r in results), 36)
    assert chance.extreme_total == difficulty + 3
    totals = [r.total for r in results]
    assert dict(chance.distribution) == {t: Fraction(totals.count(t), 36) for t in set(totals)}


@given(attributes, difficulties, bonuses)
def test_more_bonus_never_hurts(attribute: int, difficulty: int, bonus: int) -> None:
    worse = rules.odds(attribute, difficulty, bonus=bonus, expertise=True)
    better = rules.odds(attribute, difficulty, bonus=bonus + 1, expertise=True)
    assert better.success >= worse.success and better.extreme >= worse.extreme
    assert worse.extreme <= worse.success


@pytest.mark.parametrize(
    ("args", "kwargs", "message"),
    [
        ((-1, 12), {}, "ranks run from 0 to 14"),
        ((15, 12), {}, "ranks run from 0 to 14"),
        ((3, 0), {}, "Task difficulty"),
        ((3, 12.5), {}, "whole number"),
        ((3, 12), {"bonus": "3"}, "Bonus"),
        ((3, 12), {"take": "min"}, "way to take"),
    ],
)
def test_bad_input_refused(args: tuple, kwargs: dict, message: str) -> None:
    with pytest.raises(RuleError, match=message):
        rules.odds(*args, **kwargs)

"""Task rolls (seed 004, "Rolling Dice", "Unopposed Tasks", "Opposed Tasks", "Taking The Average",
"Taking The Max", "Extreme Success")."""

from __future__ import annotations

import random

import pytest

from bpb_widgets import rules
from bpb_widgets.errors import RuleError


def test_roll_equal_to_difficulty_succeeds() -> None:
    result = rules.task(4, 12, dice=(3, 5))
    assert (result.total, result.margin, result.success) == (12, 0, True)


def test_one_short_fails() -> None:
    assert not rules.task(4, 12, dice=(3, 4)).success


def test_challenging_task_rolled_15_is_extreme_with_expertise() -> None:
    # Seed 004, "Extreme Success": difficulty 12, a roll of 15 or more.
    assert rules.task(3, 12, dice=(6, 6), expertise=True).extreme
    assert not rules.task(3, 12, dice=(6, 5), expertise=True).extreme
    assert not rules.task(3, 12, dice=(6, 6)).extreme


def test_bonus_adds_to_total() -> None:
    result = rules.task(2, 12, bonus=3, dice=(4, 3))
    assert (result.total, result.bonus, result.dice, result.attribute) == (12, 3, (4, 3), 2)


def test_seeded_rolls_repeat() -> None:
    first = rules.task(3, 12, rng=random.Random(7))
    second = rules.task(3, 12, rng=random.Random(7))
    assert first == second
    assert all(1 <= die <= 6 for die in first.dice)


def test_opposed_difficulty_is_eight_plus_attribute() -> None:
    assert rules.opposed_difficulty(4) == 12


def test_take_the_average_is_seven() -> None:
    result = rules.task(5, 12, take="average")
    assert (result.dice, result.roll, result.total, result.success) == ((), 7, 12, True)


def test_take_the_max_is_twelve() -> None:
    result = rules.task(3, 15, take="max", expertise=True)
    assert (result.total, result.success, result.extreme) == (15, True, False)


def test_take_with_dice_is_refused() -> None:
    with pytest.raises(RuleError, match="not both"):
        rules.task(3, 12, take="max", dice=(1, 1))


def test_unknown_take_is_refused() -> None:
    with pytest.raises(RuleError, match="average, max"):
        rules.task(3, 12, take="best")  # type: ignore[arg-type]


def test_too_difficult_is_more_than_twelve_above() -> None:
    # Seed 004, "Unopposed Tasks": difficulty exceeding attribute plus bonuses by more than 12.
    assert not rules.too_difficult(3, 15)
    assert rules.too_difficult(3, 16)
    assert not rules.too_difficult(3, 16, bonus=1)
    assert rules.task(3, 16, dice=(6, 6)).too_difficult
    assert not rules.task(3, 16, dice=(6, 6)).success


def test_difficulty_ladder() -> None:
    ladder = {d.name: d.value for d in rules.DIFFICULTIES}
    assert ladder == {
        "easy": None,
        "routine": 9,
        "challenging": 12,
        "demanding": 15,
        "frustrating": 18,
        "nigh-impossible": 21,
    }
    assert rules.CHALLENGING == 12

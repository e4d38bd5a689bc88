"""Physical dice typed by the GM (seed 004, "Rolling Dice")."""

from __future__ import annotations

import random

import pytest

from bpb_widgets import rules
from bpb_widgets.errors import RuleError


@pytest.mark.parametrize(
    ("dice", "message"),
    [
        ((0, 3), "1 to 6"),
        ((7, 3), "1 to 6"),
        ((-1, 3), "1 to 6"),
        ((3,), "exactly 2"),
        ((3, 3, 3), "exactly 2"),
        ("33", "2 numbers"),
        ((3.0, 3), "1 to 6"),
    ],
)
def test_dice_outside_one_to_six_refused(dice: object, message: str) -> None:
    with pytest.raises(RuleError, match=message):
        rules.task(3, 12, dice=dice)


@pytest.mark.parametrize(
    ("args", "kwargs", "message"),
    [
        ((-1, 12), {}, "Attribute -1 is impossible"),
        ((15, 12), {}, "Attribute 15 is impossible"),
        (("3", 12), {}, "whole-number rank"),
        ((3, 0), {}, "Task difficulty cannot be less than 1"),
        ((3, None), {}, "Task difficulty must be a whole number"),
        ((3, 12), {"bonus": 1.5}, "Bonus must be a whole number"),
    ],
)
def test_bad_task_input_refused(args: tuple, kwargs: dict, message: str) -> None:
    with pytest.raises(RuleError, match=message):
        rules.task(*args, dice=(3, 3), **kwargs)


def test_rule_error_is_a_value_error() -> None:
    with pytest.raises(ValueError):
        rules.opposed_difficulty(-2)


def test_physical_dice_make_no_generator(monkeypatch: pytest.MonkeyPatch) -> None:
    """Typed dice are used as they are: no random generator is made (and seeded from the
    operating system) for a roll that never happens; with neither dice nor ``rng``, one is."""
    made = []

    class Counted(random.Random):
        def __init__(self, *args: object) -> None:
            made.append(args)
            super().__init__(*args)

    monkeypatch.setattr(random, "Random", Counted)
    assert rules.task(3, 12, dice=(3, 4)).dice == (3, 4)
    assert made == []
    rolled = rules.task(3, 12).dice
    assert len(rolled) == 2 and all(1 <= d <= 6 for d in rolled)
    assert len(made) == 1

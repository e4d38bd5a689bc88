"""Dice for task rolls: 2d6, seeded or physical (seed 004, "Rolling Dice")."""

from __future__ import annotations

import random
from collections.abc import Sequence

from bpb_widgets.errors import RuleError

Dice = tuple[int, ...]


def check_dice(dice: object, *, count: int = 2, sides: int = 6) -> Dice:
    """Physical dice typed by the GM, checked: exactly ``count`` whole numbers, 1 to ``sides``."""
    if isinstance(dice, (str, bytes)) or not isinstance(dice, Sequence):
        raise RuleError(
            f"Dice must be {count} numbers from 1 to {sides}, such as (3, 5); got {dice!r}."
        )
    values = tuple(dice)
    if len(values) != count:
        raise RuleError(f"Roll exactly {count} dice, not {len(values)}: {dice!r}.")
    for value in values:
        if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= sides:
            raise RuleError(f"A d{sides} shows 1 to {sides}; {value!r} is not a die face.")
    return values


def roll(rng: random.Random, *, count: int = 2, sides: int = 6) -> Dice:
    """Roll ``count`` d``sides`` with the given random source."""
    return tuple(rng.randint(1, sides) for _ in range(count))


def roll_or_check(
    rng: random.Random | None, dice: object | None, *, count: int = 2, sides: int = 6
) -> Dice:
    """The physical ``dice`` if the GM gave them (checked), otherwise a roll of ``rng`` (None: a
    new generator seeded by the operating system, made only when there is something to roll)."""
    if dice is None:
        return roll(rng or random.Random(), count=count, sides=sides)
    return check_dice(dice, count=count, sides=sides)

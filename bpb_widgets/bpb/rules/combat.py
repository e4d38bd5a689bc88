"""Damage arithmetic: damage rating against protection value (seed 004, "Damage", "Protection",
"Penetrating", "Stunning", "Exploding")."""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import NamedTuple

from bpb_widgets.bpb.rules.ranks import HUMAN_LEVEL, check_rank
from bpb_widgets.bpb.rules.tasks import Task, task
from bpb_widgets.engine.checks import check_distance, check_whole

#: An exploding attack is not aimed at anyone: its task difficulty is 9 (seed 004, "Exploding").
EXPLOSION_DIFFICULTY = 9


class Strike(NamedTuple):
    """A damage rating and whether the damage it inflicts is stunning, so temporary (seed 004,
    "Damage", "Stunning")."""

    dr: int
    stunning: bool


def check_dr(value: object, what: str = "Damage rating") -> int:
    """A damage rating: a whole number, 0 or more (overwhelming can take it past 14)."""
    return check_whole(value, what, low=0)


def protection(values: Iterable[int]) -> int:
    """The protection value of several layers of the same type: only the greatest applies, 0 if none
    (seed 004, "Protection")."""
    return max((check_whole(v, "Protection value", low=0) for v in values), default=0)


def penetrated_protection(pv: int) -> int:
    """The protection left against a penetrating attack, which ignores 50% of it rounded in the
    defender's favour: half of an odd PV is ignored rounded down (seed 004, "Penetrating")."""
    pv = check_whole(pv, "Protection value", low=0)
    return pv - pv // 2


def damage(dr: int, pv: int, *, penetrating: bool = False) -> int:
    """The damage left after protection: DR minus PV, never below 0 (seed 004, "Protection",
    "Penetrating")."""
    check_dr(dr)
    left = penetrated_protection(pv) if penetrating else check_whole(pv, "Protection value", low=0)
    return max(0, dr - left)


def explosion_dr(dr: int, *, distance: float, radius: float) -> int:
    """The DR of an explosion at ``distance`` feet from its centre: full within half the radius
    (inclusive), half rounded up out to the radius, 0 beyond (seed 004, "Exploding")."""
    check_dr(dr)
    distance = check_distance(distance, "Distance from the centre")
    radius = check_distance(radius, "Explosion radius", positive=True)
    if 2 * distance <= radius:
        return dr
    return -(-dr // 2) if distance <= radius else 0


def explosion_attack(
    attribute: int,
    *,
    bonus: int = 0,
    dice: object | None = None,
    rng: random.Random | None = None,
) -> Task:
    """The task roll of an exploding attack: difficulty 9 and never an extreme success (seed 004,
    "Exploding")."""
    return task(attribute, EXPLOSION_DIFFICULTY, bonus=bonus, dice=dice, rng=rng)


def hand_to_hand(brawn: int, *, weapon_dr: int | None = None) -> Strike:
    """Hand-to-hand damage (seed 004, "Damage"): unarmed DR equals Brawn, stunning at human level
    Brawn (3 or less); a weapon such as a knife or club does the greater of its DR and Brawn."""
    brawn = check_rank(brawn, "Brawn")
    if weapon_dr is None:
        return Strike(brawn, brawn <= HUMAN_LEVEL)
    return Strike(max(check_dr(weapon_dr, "Weapon damage rating"), brawn), False)

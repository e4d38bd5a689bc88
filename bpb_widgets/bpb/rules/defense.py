"""Blocking and dodging an attack that hit (seed 004, "Blocking", "Dodging")."""

from __future__ import annotations

import random

from bpb_widgets.bpb.rules.ranks import check_rank
from bpb_widgets.bpb.rules.tasks import Task, check_attribute, task
from bpb_widgets.engine.checks import check_whole


def defense_difficulty(rank: int, *, attack: int = 1) -> int:
    """The difficulty to block or dodge: 8 plus the rank of the attacker's power or weapon, +1 for
    every attack after the first until the defender's next action (seed 004, "Blocking", "Dodging":
    a rank 9 Blast is 9 + 8 = 17; the sixth attack, Brawn 6, is 6 + 8 + 5 = 19)."""
    rank = check_rank(rank, "Rank of the attacker's power or weapon")
    attack = check_whole(attack, "Attack number since the defense began", low=1)
    return 8 + rank + (attack - 1)


def _defense(
    attribute: int,
    what: str,
    rank: int,
    *,
    attack: int,
    bonus: int,
    expertise: bool,
    dice: object | None,
    rng: random.Random | None,
) -> Task:
    check_attribute(attribute, what)
    difficulty = defense_difficulty(rank, attack=attack)
    return task(attribute, difficulty, bonus=bonus, expertise=expertise, dice=dice, rng=rng)


def block(
    prowess: int,
    rank: int,
    *,
    attack: int = 1,
    bonus: int = 0,
    expertise: bool = False,
    dice: object | None = None,
    rng: random.Random | None = None,
) -> Task:
    """A Prowess task roll to block; success negates the attack (seed 004, "Blocking")."""
    return _defense(
        prowess,
        "Prowess",
        rank,
        attack=attack,
        bonus=bonus,
        expertise=expertise,
        dice=dice,
        rng=rng,
    )


def dodge(
    agility: int,
    rank: int,
    *,
    attack: int = 1,
    bonus: int = 0,
    expertise: bool = False,
    dice: object | None = None,
    rng: random.Random | None = None,
) -> Task:
    """An Agility task roll to dodge; success negates the attack (seed 004, "Dodging")."""
    return _defense(
        agility,
        "Agility",
        rank,
        attack=attack,
        bonus=bonus,
        expertise=expertise,
        dice=dice,
        rng=rng,
    )

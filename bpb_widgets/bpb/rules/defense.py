"""Blocking and dodging an attack that hit (seeds 000/001 and 004, "Blocking", "Dodging"), under a
Bulletproof Blues rule set: the 2014 text gives +3 with expertise; the 2012 text gives none but
makes each attack after the first in a continued defense +1 harder."""

from __future__ import annotations

import random

from bpb_widgets.bpb.rule_sets import BPB2014, BulletproofBluesRules
from bpb_widgets.bpb.rules.ranks import check_rank
from bpb_widgets.bpb.rules.tasks import Task, check_attribute, task
from bpb_widgets.engine.checks import check_whole


def defense_difficulty(
    rank: int, *, attack: int = 1, rules: BulletproofBluesRules = BPB2014
) -> int:
    """The difficulty to block or dodge: 8 plus the rank of the attacker's power or weapon, +1 for
    every attack after the first until the defender's next action where the rule set says so
    (seed 004, "Blocking", "Dodging": a rank 9 Blast is 9 + 8 = 17; the sixth attack, Brawn 6, is
    6 + 8 + 5 = 19)."""
    rank = check_rank(rank, "Rank of the attacker's power or weapon")
    attack = check_whole(attack, "Attack number since the defense began", low=1)
    return 8 + rank + ((attack - 1) if rules.continued_defense_penalty else 0)


def defense_bonus(expertise: bool, rules: BulletproofBluesRules = BPB2014) -> int:
    """The bonus block or dodge expertise gives: +3 in the 2014 text (seed 000, "Blocking",
    "Dodging"), none in the 2012 text (seed 004)."""
    return rules.expertise_bonus if expertise else 0


def _defense(
    attribute: int,
    what: str,
    rank: int,
    *,
    attack: int,
    expertise: bool,
    bonus: int,
    rules: BulletproofBluesRules,
    dice: object | None,
    rng: random.Random | None,
    automatic: bool,
) -> Task:
    check_attribute(attribute, what)
    return task(
        attribute,
        defense_difficulty(rank, attack=attack, rules=rules),
        bonus=bonus + defense_bonus(expertise, rules),
        expertise=expertise or not rules.extreme_needs_expertise,
        dice=dice,
        rng=rng,
        automatic=automatic,
    )


def block(
    prowess: int,
    rank: int,
    *,
    attack: int = 1,
    expertise: bool = False,
    bonus: int = 0,
    rules: BulletproofBluesRules = BPB2014,
    dice: object | None = None,
    rng: random.Random | None = None,
    automatic: bool = False,
) -> Task:
    """A Prowess task roll to block a rank ``rank`` attack; success negates it (seed 000,
    "Blocking"). ``expertise`` is block expertise: the rule set's bonus, and an extreme success
    possible; ``attack`` counts attacks since the defense began; ``automatic``: a plot point's
    automatic success (seed 004, "Automatic Success")."""
    return _defense(
        prowess,
        "Prowess",
        rank,
        attack=attack,
        expertise=expertise,
        bonus=bonus,
        rules=rules,
        dice=dice,
        rng=rng,
        automatic=automatic,
    )


def dodge(
    agility: int,
    rank: int,
    *,
    attack: int = 1,
    expertise: bool = False,
    bonus: int = 0,
    rules: BulletproofBluesRules = BPB2014,
    dice: object | None = None,
    rng: random.Random | None = None,
    automatic: bool = False,
) -> Task:
    """An Agility task roll to dodge a rank ``rank`` attack; success negates it (seed 000,
    "Dodging"); otherwise as :func:`block`."""
    return _defense(
        agility,
        "Agility",
        rank,
        attack=attack,
        expertise=expertise,
        bonus=bonus,
        rules=rules,
        dice=dice,
        rng=rng,
        automatic=automatic,
    )

"""Grabbing, then grappling (hold, squeeze, interpose), throwing or tripping (seed 004, "Grabbing",
"Grappling", "Throwing", "Tripping")."""

from __future__ import annotations

import random
from dataclasses import dataclass
from types import MappingProxyType

from bpb_widgets.bpb.rules.benchmarks import Benchmarks, default_benchmarks
from bpb_widgets.bpb.rules.combat import Strike
from bpb_widgets.bpb.rules.ranks import HUMAN_LEVEL, check_rank
from bpb_widgets.bpb.rules.tasks import (
    EXTREME_MARGIN,
    Task,
    check_attribute,
    opposed_difficulty,
    task,
)
from bpb_widgets.errors import RuleError

#: What a successful grab allows this round, with the seed's effect (seed 004, "Grappling",
#: "Throwing", "Tripping"). Hold and interpose work through the circumstances "restrained" (attack
#: bonus against the held character, defense bonus against its attacks) and "interposing".
GRAB_OPTIONS = MappingProxyType(
    {
        "hold": "Keep the defender restrained: no normal movement; +3 to hit them, +3 defense "
        "against their attacks.",
        "squeeze": "Damage rating equal to the greater of Brawn and Agility; stunning at human "
        "level (3 or less).",
        "interpose": "Use the grappled character as a living shield: +3 defense bonus.",
        "throw": "Throw the defender: distance and impact DR from the Benchmarks table.",
        "trip": "Knock the defender's feet from under them: DR equal to Agility; stunning at "
        "human level.",
    }
)


def grab(
    prowess: int,
    target_prowess: int,
    *,
    bonus: int = 0,
    expertise: bool = False,
    dice: object | None = None,
    rng: random.Random | None = None,
    automatic: bool = False,
) -> Task:
    """The grab attack: Prowess against 8 + the target's Prowess (seed 004, "Grabbing"). Grabbing an
    inanimate object needs no roll."""
    check_attribute(prowess, "Prowess")
    difficulty = opposed_difficulty(target_prowess)
    return task(
        prowess,
        difficulty,
        bonus=bonus,
        expertise=expertise,
        dice=dice,
        rng=rng,
        automatic=automatic,
    )


def grip(brawn: int, agility: int) -> int:
    """The greater of Brawn and Agility, which both sides use in a grab (seed 004, "Grabbing")."""
    return max(check_attribute(brawn, "Brawn"), check_attribute(agility, "Agility"))


def break_free(
    brawn: int,
    agility: int,
    *,
    attacker_brawn: int,
    attacker_agility: int,
    extreme: bool = False,
    bonus: int = 0,
    dice: object | None = None,
    rng: random.Random | None = None,
    automatic: bool = False,
) -> Task:
    """The grabbed defender's reaction roll: the greater of their Brawn and Agility against 8 + the
    attacker's greater, +3 if the grab was an extreme success by an attacker with the relevant
    expertise. Success breaks free with no ill effects (seed 004, "Grabbing")."""
    hold = grip(attacker_brawn, attacker_agility) + (EXTREME_MARGIN if extreme else 0)
    difficulty = 8 + hold
    return task(
        grip(brawn, agility), difficulty, bonus=bonus, dice=dice, rng=rng, automatic=automatic
    )


def squeeze(brawn: int, agility: int) -> Strike:
    """A squeeze: DR equal to the greater of Brawn and Agility, stunning at human level (3 or less)
    (seed 004, "Grappling")."""
    dr = grip(brawn, agility)
    return Strike(dr, dr <= HUMAN_LEVEL)


def trip(agility: int) -> Strike:
    """A trip: DR equal to Agility, stunning at human level (3 or less). Only against targets whose
    feet are on the ground (seed 004, "Tripping")."""
    agility = check_rank(agility, "Agility")
    return Strike(agility, agility <= HUMAN_LEVEL)


@dataclass(frozen=True, slots=True)
class Throw:
    """How far a character can throw a weight, and the impact (seed 004, "Throwing")."""

    #: The thrown weight's rank on the Lifts column.
    weight_rank: int
    #: Brawn minus the weight's rank: the Throws rank.
    rank: int
    feet: float

    @property
    def dr(self) -> int:
        """The impact's damage rating: the Throws rank (soft surfaces may halve it; GM's call)."""
        return self.rank


def throw(*, brawn: int, weight_lbs: float, table: Benchmarks | None = None) -> Throw:
    """Throw distance and impact DR (seed 004, "Throwing"): the weight's rank on the Lifts column
    (nearest value) is subtracted from Brawn; that rank's Throws distance is how far, and the rank
    is the impact DR. Ganyeka (Brawn 5) throws Widow (148 lb, rank 1): 50 feet, DR 4."""
    brawn = check_rank(brawn, "Brawn")
    benchmarks = table or default_benchmarks()
    weight_rank = benchmarks.lifts_rank(weight_lbs)
    rank = brawn - weight_rank
    if rank < 0:
        lifts = benchmarks.row(brawn).lifts_lb
        raise RuleError(
            f"Brawn {brawn} lifts about {lifts:g} lb; {weight_lbs:g} lb (Lifts rank {weight_rank}) "
            "is too heavy to throw."
        )
    return Throw(weight_rank, rank, benchmarks.row(rank).throws_ft)

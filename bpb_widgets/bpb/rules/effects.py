"""What an extreme success in combat can do: overwhelm, slam or stagger the target (seed 004,
"Extreme Success", "Overwhelming", "Slamming", "Staggering")."""

from __future__ import annotations

import random
from dataclasses import dataclass

from bpb_widgets.bpb.rules.benchmarks import Benchmarks, default_benchmarks
from bpb_widgets.bpb.rules.combat import check_dr, damage
from bpb_widgets.bpb.rules.ranks import check_rank
from bpb_widgets.bpb.rules.tasks import CHALLENGING, Task, check_attribute, opposed_difficulty, task
from bpb_widgets.engine.checks import check_whole

#: An overwhelming attack adds three ranks to the power for that attack (seed 004, "Overwhelming").
OVERWHELMING_RANKS = 3
#: The three bonus effects an attacker may choose from (seed 004, "Extreme Success").
EFFECTS = ("overwhelming", "slamming", "staggering")


def extreme_effects(*, endurance: bool = True, exploding: bool = False) -> tuple[str, ...]:
    """The effects an extreme success may choose: none for an exploding attack (seed 004,
    "Exploding"); slamming and staggering only for attacks that inflict Endurance damage (seed 004,
    "Slamming", "Staggering")."""
    if exploding:
        return ()
    return EFFECTS if endurance else ("overwhelming",)


def overwhelm(rank: int) -> int:
    """The rank (or damage rating) of an overwhelming attack: three more, for that attack only; the
    target's protection applies to the total as usual (seed 004, "Overwhelming")."""
    return check_dr(rank, "Rank of the overwhelming power") + OVERWHELMING_RANKS


def knockback_ft(missed_by: int, *, table: Benchmarks | None = None) -> float:
    """How far a failed slam throws the target: the Throws distance of the rank equal to the amount
    the Brawn roll missed by (seed 004, "Slamming")."""
    benchmarks = table or default_benchmarks()
    return benchmarks.row(missed_by, "Amount the slam roll missed by").throws_ft


def landing_dr(missed_by: int) -> int:
    """The DR of landing after a slam: half the amount missed by, rounded down in the target's
    favour (seed 004, "Slamming" says "half"; rounding as for "Penetrating")."""
    return check_whole(missed_by, "Amount the slam roll missed by", low=0) // 2


@dataclass(frozen=True, slots=True)
class Slam:
    """A slamming attack resolved: the target's Brawn roll, then knock-back and landing damage
    (seed 004, "Slamming")."""

    roll: Task
    #: Knock-back distance in feet (0 when shrugged off).
    feet: float
    #: Damage rating of the landing, before protection.
    landing_dr: int
    #: Endurance damage from the landing, after protection.
    landing_damage: int

    @property
    def slammed(self) -> bool:
        return not self.roll.success

    @property
    def missed_by(self) -> int:
        return max(0, -self.roll.margin)


def slam(
    brawn: int,
    rank: int,
    *,
    pv: int = 0,
    bonus: int = 0,
    dice: object | None = None,
    rng: random.Random | None = None,
    table: Benchmarks | None = None,
    automatic: bool = False,
) -> Slam:
    """The target of a slamming attack rolls Brawn against 8 + the attack's rank; on a miss they fly
    the Throws distance for the amount missed and land with DR half that amount, against their
    protection value ``pv`` (seed 004, "Slamming")."""
    check_attribute(brawn, "Brawn")
    check_whole(pv, "Protection value", low=0)
    difficulty = opposed_difficulty(check_rank(rank, "Rank of the slamming attack"))
    roll = task(brawn, difficulty, bonus=bonus, dice=dice, rng=rng, automatic=automatic)
    if roll.success:
        return Slam(roll, 0.0, 0, 0)
    missed = -roll.margin
    feet = knockback_ft(missed, table=table)
    fall = landing_dr(missed)
    return Slam(roll, feet, fall, damage(fall, pv))


@dataclass(frozen=True, slots=True)
class Stagger:
    """A staggering attack resolved: the target's Willpower roll (seed 004, "Staggering")."""

    roll: Task

    @property
    def staggered(self) -> bool:
        """The target loses its next action: this round's if not yet taken, else next round's."""
        return not self.roll.success


def stagger(
    willpower: int,
    rank: int,
    *,
    bonus: int = 0,
    dice: object | None = None,
    rng: random.Random | None = None,
    automatic: bool = False,
) -> Stagger:
    """The target of a staggering attack rolls Willpower against 8 + the attack's rank; failing,
    they are staggered and lose their next action (seed 004, "Staggering")."""
    check_attribute(willpower, "Willpower")
    difficulty = opposed_difficulty(check_rank(rank, "Rank of the staggering attack"))
    return Stagger(
        task(willpower, difficulty, bonus=bonus, dice=dice, rng=rng, automatic=automatic)
    )


def keep_powers(
    willpower: int,
    *,
    bonus: int = 0,
    dice: object | None = None,
    rng: random.Random | None = None,
    automatic: bool = False,
) -> Task:
    """A staggered character's challenging Willpower roll (difficulty 12) to keep activated powers
    such as Force Field switched on; on a failure they stay off until the next action (seed 004,
    "Staggering")."""
    check_attribute(willpower, "Willpower")
    return task(willpower, CHALLENGING, bonus=bonus, dice=dice, rng=rng, automatic=automatic)

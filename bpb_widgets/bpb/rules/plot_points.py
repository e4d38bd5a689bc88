"""Plot points: gained for making the game fun, spent for automatic success, power boosts, power
stunts, rallies and retcons (seed 004, "Plot Points")."""

from __future__ import annotations

import random
from dataclasses import dataclass
from types import MappingProxyType

from bpb_widgets.bpb.rules.ranks import MAX_RANK, check_rank
from bpb_widgets.bpb.rules.tasks import (
    Task,
    check_attribute,
    check_bonus,
    check_difficulty,
    task,
    too_difficult,
)
from bpb_widgets.engine.checks import check_choice, check_whole
from bpb_widgets.errors import RuleError

#: Each player begins each game session with one plot point (seed 004, "Plot Points").
SESSION_START = 1

#: Why a player gains a plot point (seed 004, "Gaining Plot Points").
GAINS = MappingProxyType(
    {
        "complication": "One of the character's complications causes them a serious problem.",
        "reward": "The player does something particularly entertaining or interesting.",
        "cooperation": "The player helps the GM make things harder for the characters.",
    }
)

#: What a plot point buys, and how long it lasts (seed 004, "Spending Plot Points").
SPENDS = MappingProxyType(
    {
        "automatic_success": "Succeed at the current task roll; lasts as long as its effects.",
        "power_boost": "+1 rank to an attribute or power (rank 14 maximum), or a power "
        "enhancement; usually one round.",
        "power_stunt": "Use a power in a new way at its rank (still rolled); usually one round.",
        "rally": "Recover as after half an hour's rest.",
        "retcon": "Change the past to suit the plot, building on what is established; permanent.",
        "other": "Anything of about the same impact that the GM permits.",
    }
)


@dataclass(frozen=True, slots=True)
class PlotPoints:
    """One player's plot points this session (seed 004, "Plot Points"). Methods return the next
    value."""

    points: int = SESSION_START

    def __post_init__(self) -> None:
        check_whole(self.points, "Plot points", low=0)

    def gain(self, reason: str) -> PlotPoints:
        """One more plot point, for one of :data:`GAINS` (seed 004, "Gaining Plot Points")."""
        check_choice(reason, GAINS, "reason to gain a plot point")
        return PlotPoints(self.points + 1)

    def spend(self, use: str) -> PlotPoints:
        """One plot point fewer, for one of :data:`SPENDS`; refused with none left (seed 004,
        "Spending Plot Points")."""
        check_choice(use, SPENDS, "way to spend a plot point")
        if not self.points:
            raise RuleError("No plot points left to spend.")
        return PlotPoints(self.points - 1)

    def new_session(self) -> PlotPoints:
        """The next session: unspent points do not carry over; everyone starts with one (seed 004,
        "Gaining Plot Points")."""
        return PlotPoints()


@dataclass(frozen=True, slots=True)
class AutomaticSuccess:
    """A task won with a plot point; with expertise the dice still roll for extreme success
    (seed 004, "Automatic Success")."""

    attribute: int
    difficulty: int
    bonus: int
    #: The roll for extreme success, or None when the character has no expertise (no roll).
    roll: Task | None

    success = True

    @property
    def extreme(self) -> bool:
        return self.roll is not None and self.roll.extreme

    @property
    def too_difficult(self) -> bool:
        """An impossible task, for which the GM may forbid the plot point."""
        return too_difficult(self.attribute, self.difficulty, bonus=self.bonus)


def automatic_success(
    attribute: int,
    difficulty: int,
    *,
    bonus: int = 0,
    expertise: bool = False,
    dice: object | None = None,
    rng: random.Random | None = None,
) -> AutomaticSuccess:
    """Spend a plot point to succeed (seed 004, "Automatic Success"): with expertise the player
    rolls as usual and anything less than an extreme success is a normal success; without
    expertise there is no roll."""
    if not expertise:
        if dice is not None:
            raise RuleError("Without expertise an automatic success needs no dice.")
        check_attribute(attribute)
        check_difficulty(difficulty)
        check_bonus(bonus)
        return AutomaticSuccess(attribute, difficulty, bonus, None)
    roll = task(attribute, difficulty, bonus=bonus, expertise=True, dice=dice, rng=rng)
    return AutomaticSuccess(attribute, difficulty, bonus, roll)


def power_boost(rank: int) -> int:
    """A power boost: one rank more, rank 14 at most (seed 004, "Power Boost")."""
    rank = check_rank(rank, "Rank to boost")
    if rank >= MAX_RANK:
        raise RuleError(f"Rank {MAX_RANK} is the maximum: a power boost cannot raise it further.")
    return rank + 1

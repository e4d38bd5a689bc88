"""Natural movement: walking, running, sprinting, swimming and jumping (seed 004, "Movement":
tables "Normal ground movement", "Normal water movement", "Normal jump")."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Literal

from bpb_widgets.bpb.rules.ranks import check_rank
from bpb_widgets.engine.checks import check_choice, check_whole
from bpb_widgets.errors import RuleError

Pace = Literal["walk", "run", "sprint"]
#: Difficulty modifier on the mover's own attacks and task rolls: running +3, sprinting +6
#: (seed 004, "Movement").
PACE_MODIFIERS: dict[str, int] = {"walk": 0, "run": 3, "sprint": 6}
#: Natural movement may be all-out for up to one minute: ten six-second rounds (seed 004, "Time",
#: "Movement").
MAX_SPRINT_ROUNDS = 10
#: Afterwards no faster than base speed for ten times as long (seed 004, "Movement").
SPRINT_REST_FACTOR = 10
_FEET_PER_MILE = 5280
_SECONDS_PER_ROUND = 6


def mph(feet_per_round: int) -> int:
    """Feet per six-second round in whole miles per hour, as the tables (seed 004, "Movement")."""
    return round(Fraction(feet_per_round * 3600, _SECONDS_PER_ROUND * _FEET_PER_MILE))


@dataclass(frozen=True, slots=True)
class Movement:
    """A character's natural movement per round, in feet, and top speeds in mph (seed 004,
    "Movement")."""

    walk: int
    run: int
    sprint: int
    swim: int
    fast_swim: int
    swim_sprint: int
    jump: int

    @property
    def mph(self) -> int:
        """Sprinting ground speed in mph (the "mph" column of the ground table)."""
        return mph(self.sprint)

    @property
    def swim_mph(self) -> int:
        """Sprinting swim speed in mph (the "MPH" column of the water table)."""
        return mph(self.swim_sprint)

    @property
    def running_jump(self) -> int:
        """A running long jump: the long jump plus the ground movement, taken as the base (walking)
        move (seed 004, "Movement")."""
        return self.jump + self.walk


def movement(*, agility: int, brawn: int) -> Movement:
    """Natural movement (seed 004, "Movement"): walk 10 x Agility feet, run double, sprint triple
    the run; swim 2 x Agility, doubled and sprinted alike; standing long jump 3 x Brawn."""
    agility = check_rank(agility, "Agility")
    brawn = check_rank(brawn, "Brawn")
    walk, swim = 10 * agility, 2 * agility
    return Movement(
        walk=walk,
        run=2 * walk,
        sprint=6 * walk,
        swim=swim,
        fast_swim=2 * swim,
        swim_sprint=6 * swim,
        jump=3 * brawn,
    )


def pace_modifier(pace: Pace) -> int:
    """The difficulty modifier a running (+3) or sprinting (+6) character incurs on their own
    attacks and task rolls (seed 004, "Movement")."""
    return PACE_MODIFIERS[check_choice(pace, PACE_MODIFIERS, "pace")]


def sprint_rest_rounds(sprinted_rounds: int, *, movement_power: bool = False) -> int:
    """Rounds a character must then move no faster than base speed: ten times the rounds sprinted,
    at most one minute of sprinting; none with a movement power (seed 004, "Movement")."""
    rounds = check_whole(sprinted_rounds, "Rounds sprinted", low=0)
    if movement_power:
        return 0
    if rounds > MAX_SPRINT_ROUNDS:
        raise RuleError(
            f"Natural movement can be all-out for one minute ({MAX_SPRINT_ROUNDS} rounds) at most, "
            f"not {rounds} rounds."
        )
    return SPRINT_REST_FACTOR * rounds

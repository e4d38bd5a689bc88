"""Blackout movement: vaulting, climbing, jumping, swimming, falling and theatre-of-the-mind range
bands (seed 002, "Movement", "Vaulting", "Climbing", "Jumping", "Swimming", "Falling", "Optional
Rule: Theatre of the Mind")."""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, replace
from types import MappingProxyType
from typing import Literal

from bpb_widgets.blackout.pool import check_successes, check_test_difficulty, outcome
from bpb_widgets.engine.checks import check_choice, check_distance, check_whole
from bpb_widgets.engine.dice import Dice, roll_or_check
from bpb_widgets.errors import RuleError

#: Obstacles up to 5 ft can be vaulted; taller ones must be climbed (seed 002, "Movement").
VAULT_MAX_FT = 5
VaultResult = Literal["clear", "difficult", "prone"]

#: Climbing difficulty by surface; 0 is an automatic success (seed 002, "Climbing"). A slick
#: vertical surface is "3 and above": pass a higher number for a harder one.
CLIMB_SURFACES: Mapping[str, int] = MappingProxyType(
    {"ladder": 0, "rough slope": 1, "rough vertical": 2, "slick vertical": 3}
)
#: Swimming difficulty by water; 0 needs no test (seed 002, "Swimming").
SWIM_WATERS: Mapping[str, int] = MappingProxyType(
    {
        "calm": 0,
        "light current": 1,
        "strong current": 2,
        "fast river": 2,
        "storm": 3,
        "rapids": 3,
    }
)
#: A jump uses 15 ft of a movement action whatever the distance; the same 15 ft is the running
#: start a long jump needs (seed 002, "Jumping").
JUMP_MOVEMENT_FT = 15
RUNNING_START_FT = 15
#: Underwater, a Fortitude (Endurance) test every 30 seconds (seed 002, "Swimming").
DROWNING_INTERVAL_S = 30
#: Falls from 10 ft deal D3 direct damage per 5 ft (seed 002, "Falling").
FALL_MIN_FT = 10
#: The highest fall the rules roll for: 1,000 ft is 200 D3 (400 direct damage on average, past any
#: character's hit points). Seed 002 sets no limit; a higher number is a typing slip, refused
#: before a die is rolled.
MAX_FALL_FT = 1000


def vault(successes: int, difficulty: int = 2, *, height_ft: float | None = None) -> VaultResult:
    """Vaulting an obstacle with Strength or Dexterity [Athletics] against 1-3, 2 for a 5 ft one
    (seed 002, "Vaulting"): success treats it as clear terrain, failure as difficult terrain, a
    critical failure (two under) knocks the character prone."""
    check_whole(difficulty, "Vaulting difficulty", low=1, high=3)
    if height_ft is not None and check_distance(height_ft, "Obstacle height") > VAULT_MAX_FT:
        raise RuleError(f"Only obstacles up to {VAULT_MAX_FT} ft can be vaulted; climb this one.")
    result = outcome(successes, difficulty)
    if result.success:
        return "clear"
    return "prone" if result.critical_failure else "difficult"


def climb_difficulty(surface: str | int, *, aid: bool = False) -> int:
    """The Strength or Dexterity (Athletics) difficulty to keep climbing: a named surface of
    :data:`CLIMB_SURFACES` or the GM's number; a rope or similar aid makes it 1 easier. 0 is an
    automatic success (seed 002, "Climbing")."""
    if isinstance(surface, str):
        value = CLIMB_SURFACES[check_choice(surface, CLIMB_SURFACES, "climbing surface")]
    else:
        value = check_test_difficulty(surface, "Climbing difficulty")
    return max(0, value - 1) if aid else value


def jump_distance(successes: int, *, walking_speed: float, run_up: float = 0) -> float:
    """How far a Strength (Athletics) jump goes, up to the walking speed (seed 002, "Jumping"):
    10 ft + 5 ft per success with a running start of at least 15 ft, else 5 ft per success
    (vertical or standing)."""
    successes = check_successes(successes)
    speed = check_distance(walking_speed, "Walking speed")
    start = check_distance(run_up, "Running start")
    reach = 5 * successes + (10 if start >= RUNNING_START_FT else 0)
    return min(float(reach), speed)


def jump_down_lands(successes: int, *, height_ft: float) -> bool:
    """Whether a vertical jump down reaches the ground: 5 ft per success, as a vertical jump;
    if not, the character falls (seed 002, "Jumping")."""
    return 5 * check_successes(successes) >= check_distance(height_ft, "Height")


def swim_difficulty(water: str | int) -> int:
    """The Strength (Athletics) difficulty to move at all in ``water``, a name of
    :data:`SWIM_WATERS` or the GM's number; 0 (calm water) needs no test (seed 002, "Swimming")."""
    if isinstance(water, str):
        return SWIM_WATERS[check_choice(water, SWIM_WATERS, "kind of water")]
    return check_test_difficulty(water, "Swimming difficulty")


@dataclass(frozen=True, slots=True)
class Swimmer:
    """A swimmer's run of tests: two failures in a row take them under, until a test succeeds
    (seed 002, "Swimming")."""

    failures: int = 0
    under: bool = False

    def test(self, success: bool) -> Swimmer:
        """The swimmer after one more swimming test."""
        if success:
            return Swimmer()
        failures = self.failures + 1
        return replace(self, failures=failures, under=self.under or failures >= 2)


def drowning_difficulty(seconds_under: float) -> int:
    """The Fortitude (Endurance) difficulty of the test due after ``seconds_under`` seconds under
    water: one test every 30 seconds, difficulty 1 and then one higher each time; a failure
    knocks the character unconscious (seed 002, "Swimming")."""
    seconds = check_distance(seconds_under, "Seconds under water")
    tests = int(seconds // DROWNING_INTERVAL_S)
    if tests == 0:
        raise RuleError(f"The first drowning test comes after {DROWNING_INTERVAL_S} seconds.")
    return tests


@dataclass(frozen=True, slots=True)
class Fall:
    """A fall (seed 002, "Falling"): D3 direct damage per 5 ft from 10 ft and knocked prone;
    the Endurance [Fortitude] test, if tried, halves the damage (rounded down) and avoids prone."""

    feet: float
    rolled: Dice
    successes: int | None = None

    @property
    def difficulty(self) -> int | None:
        """1, plus 1 per 10 ft fallen; None for a fall under 10 ft."""
        return 1 + int(self.feet // 10) if self.rolled else None

    @property
    def halved(self) -> bool:
        difficulty = self.difficulty
        return (
            difficulty is not None
            and self.successes is not None
            and outcome(self.successes, difficulty).success
        )

    @property
    def damage(self) -> int:
        total = sum(self.rolled)
        return total // 2 if self.halved else total

    @property
    def prone(self) -> bool:
        return bool(self.rolled) and not self.halved


def fall(
    feet: float,
    *,
    successes: int | None = None,
    rolled: object | None = None,
    rng: random.Random | None = None,
) -> Fall:
    """A character falls ``feet`` (seed 002, "Falling"). ``rolled`` are the physical D3s (one per
    full 5 ft), otherwise ``rng`` rolls them; ``successes`` is the Endurance [Fortitude] test, if
    the character tries it."""
    feet = check_distance(feet, "Height fallen")
    if feet > MAX_FALL_FT:
        raise RuleError(
            f"A fall is at most {MAX_FALL_FT} ft here ({MAX_FALL_FT // 5} D3, more than any "
            f"character's hit points); got {feet:g} ft."
        )
    if successes is not None:
        check_successes(successes, "Endurance [Fortitude] successes")
    count = int(feet // 5) if feet >= FALL_MIN_FT else 0
    if count == 0 and (rolled or successes is not None):
        raise RuleError(f"A fall under {FALL_MIN_FT} ft does no damage; there is nothing to roll.")
    dice = roll_or_check(rng, rolled, count=count, sides=3) if count else ()
    return Fall(feet, dice, successes)


RangeBand = Literal["close", "short", "mid", "long"]
#: Theatre-of-the-mind ranges, nearest first (seed 002, "Optional Rule: Theatre of the Mind").
RANGE_BANDS: tuple[RangeBand, ...] = ("close", "short", "mid", "long")
#: The far edge of each band but the last, in feet.
_BAND_EDGES = (15, 45, 90)


def range_band(feet: float) -> RangeBand:
    """The theatre-of-the-mind range of a distance (seed 002, "Optional Rule: Theatre of the
    Mind"): close quarters up to 15 ft, short range to 45 ft, mid range below 90 ft and long range
    from 90 ft ("approximately 90 feet or more")."""
    distance = check_distance(feet, "Distance")
    if distance >= _BAND_EDGES[-1]:
        return "long"
    return RANGE_BANDS[next(i for i, edge in enumerate(_BAND_EDGES) if distance <= edge)]


def move_band(band: str, *, closer: bool, run: bool = False) -> RangeBand:
    """The band after a Walk (one band) or a Run (two) toward or away from someone (seed 002,
    "Optional Rule: Theatre of the Mind"); it stops at close quarters and long range."""
    index = RANGE_BANDS.index(check_choice(band, RANGE_BANDS, "range band"))
    steps = (2 if run else 1) * (-1 if closer else 1)
    return RANGE_BANDS[min(len(RANGE_BANDS) - 1, max(0, index + steps))]

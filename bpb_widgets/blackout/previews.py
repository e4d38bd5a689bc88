"""What a blackout fight shows before and between the dice: the hit waiting for its damage test,
the chances of initiative, of a test and of a damage test, and a combatant's status (seed 002)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction

from bpb_widgets.blackout.pool import CRITICAL_MARGIN


@dataclass(frozen=True, slots=True)
class Hit:
    """An attack test that hit, waiting for its damage test."""

    attacker: str
    target: str
    critical: bool
    one_two: bool


@dataclass(frozen=True, slots=True)
class InitiativePreview:
    """The chances of each initiative step before the dice (seed 002, "Initiative")."""

    dice: int
    #: Step -> exact chance.
    steps: Mapping[int, Fraction]
    #: The lowest enemy step, or None without enemies.
    first_enemy: int | None
    #: The chance of acting before every enemy (a PC goes first on a shared step).
    before_enemies: Fraction
    mean: Fraction


@dataclass(frozen=True, slots=True)
class TestPreview:
    """The chances of a test before the dice: its pool (as rolled: an attack test at least 4),
    its difficulty, and of scoring each number of successes, with the rule set's pool die."""

    pool: int
    difficulty: int
    successes: Mapping[int, Fraction]

    @property
    def success(self) -> Fraction:
        """Matching or beating the difficulty."""
        return sum((p for n, p in self.successes.items() if n >= self.difficulty), Fraction(0))

    @property
    def critical(self) -> Fraction:
        """A critical success (see :data:`~bpb_widgets.blackout.pool.CRITICAL_MARGIN`)."""
        least = self.difficulty + CRITICAL_MARGIN
        return sum((p for n, p in self.successes.items() if n >= least), Fraction(0))


@dataclass(frozen=True, slots=True)
class DamagePreview:
    """What the damage test of the waiting hit can do: the target's armor, damage resistance
    and hit points, and the chance of each number of hit points left (seed 002, "Damage")."""

    target: str
    pool: int
    armor: int
    dr: int
    hp: int
    #: Hit points left -> exact chance.
    hp_after: Mapping[int, Fraction]

    @property
    def out_of_fight(self) -> Fraction:
        """The chance the hit leaves the target at 0 HP or less."""
        return sum((p for hp, p in self.hp_after.items() if hp <= 0), Fraction(0))


@dataclass(frozen=True, slots=True)
class BlackoutStatus:
    """What a blackout combatant has now (seed 002, "Damage", "Out of the Fight", "Action Points
    and Actions"): hit points and damage resistance (temporary hit points) with their starting
    values, stamina, action points, and the conditions on them."""

    name: str
    hp: int
    max_hp: int
    dr: int
    max_dr: int
    stamina: int
    max_stamina: int
    #: Action points left in this turn (or in a delayed one), None outside a turn.
    ap: int | None
    #: Action points each turn brings, None before initiative.
    ap_per_turn: int | None
    #: Zero or negative hit points (seed 002, "Out of the Fight").
    out: bool
    #: Out of the fight but no longer bleeding (3+ Vitality successes, or knocked out safely).
    stabilised: bool
    dead: bool
    #: The names of the conditions on them ("prone", "slowed", "surprised", "out of the fight").
    conditions: tuple[str, ...]

"""Blackout attacks, damage, out of the fight and healing (seed 002, "Attacking", "Evasion",
"Damage", "Non-Lethal Attacks", "Out of the Fight", "Healing")."""

from __future__ import annotations

import random
from dataclasses import dataclass
from fractions import Fraction
from typing import Literal

from bpb_widgets.blackout.pool import Outcome, check_pool, check_successes, outcome
from bpb_widgets.engine.checks import check_whole
from bpb_widgets.errors import RuleError

#: The attacker rolls at least 4 dice; the difficulty is at least 1 (seed 002, "Attacking").
MIN_ATTACK_DICE = 4
MIN_ATTACK_DIFFICULTY = 1
#: A friend not trying to avoid the attack counts as evasion 1 (seed 002, "Hitting a Friend").
FRIEND_EVASION = 1
#: Out of the fight, passive evasion is set at 1 (seed 002, "Out of the Fight").
OUT_OF_FIGHT_EVASION = 1
#: Each damage-test success is 5 points of damage (seed 002, "Damage").
POINTS_PER_SUCCESS = 5
#: Each Intelligence [Medicine] success heals 2 hit points (seed 002, "Healing").
HP_PER_SUCCESS = 2
#: Regaining consciousness after the fight: Intelligence [Medicine 3] from another character or
#: Endurance [Vitality 3] from the unconscious one (seed 002, "Healing").
REVIVE_DIFFICULTY = 3
#: The per-turn Endurance [Vitality] test out of the fight: 3 successes stabilise, 5 bring the
#: character back (seed 002, "Out of the Fight").
STABILISE_SUCCESSES = 3
RECOVER_SUCCESSES = 5

Cover = Literal["none", "partial", "full"]
#: Cover by the number of characters or obstacles the line of fire crosses (seed 002, "Cover").
COVER: tuple[Cover, ...] = ("none", "partial", "full")


def passive_evasion(
    evasion_rank: int, *, cap: int | None = None, friend: bool = False, out_of_fight: bool = False
) -> int:
    """The difficulty to hit a target (seed 002, "Evasion", "Attacking"): evasion rank + 1, no
    more than the encumbrance ``cap``, and at least 1. A ``friend`` not avoiding the attack counts
    1 (seed 002, "Hitting a Friend"), and so does a target out of the fight (seed 002, "Out of the
    Fight"); cover and range still apply on top, as the GM's table says."""
    rank = check_whole(evasion_rank, "Evasion rank")
    if friend:
        return FRIEND_EVASION
    if out_of_fight:
        return OUT_OF_FIGHT_EVASION
    value = rank + 1
    if cap is not None:
        value = min(value, check_whole(cap, "Passive evasion cap"))
    return max(MIN_ATTACK_DIFFICULTY, value)


def _weight(value: object, what: str) -> Fraction:
    if (
        isinstance(value, bool)
        or not isinstance(value, (int, float, Fraction))
        or value != value
        or value < 0
    ):
        raise RuleError(f"{what} must be a weight of 0 or more; got {value!r}.")
    if value == float("inf"):
        raise RuleError(f"{what} must be a finite weight; got {value!r}.")
    return Fraction(value)


def encumbrance(base: int, *, carried: float, capacity: float) -> int:
    """Total encumbrance: ``base`` (from equipment) +1 when carrying more than the carrying
    capacity, +2 from 50% more; more than twice the capacity cannot be carried (seed 002,
    "Evasion"). The seed's table of what each level caps is not in the text."""
    level = check_whole(base, "Encumbrance from equipment")
    load = _weight(carried, "Weight carried")
    limit = _weight(capacity, "Carrying capacity")
    if load > 2 * limit:
        raise RuleError(
            f"A character cannot carry more than twice their carrying capacity ({2 * limit})."
        )
    if load >= Fraction(3, 2) * limit and load > limit:
        return level + 2
    return level + 1 if load > limit else level


def cover(obstructions: int) -> Cover:
    """Cover against a ranged attack from the characters and obstacles the line from the
    attacker's front arc crosses: one is partial cover, several full cover (seed 002, "Cover").
    Its effect on the attack is in the seed's advantages table, which is not in the text."""
    crossed = check_whole(obstructions, "Characters and obstacles in the way")
    return COVER[min(crossed, 2)]


def attack_pool(dice: int) -> int:
    """The dice rolled on an attack test: at least 4 (seed 002, "Attacking"), at most
    :data:`~bpb_widgets.blackout.pool.MAX_POOL`."""
    return max(MIN_ATTACK_DICE, check_pool(dice, "Attack dice"))


def attack(successes: int, evasion: int) -> Outcome:
    """An attack test: it hits when its successes match or beat the target's passive evasion,
    at least 1 (seed 002, "Attacking", "Evasion"). A critical success adds the damage bonuses of
    the seed's table, which is not in the text."""
    return outcome(successes, check_whole(evasion, "Passive evasion", low=MIN_ATTACK_DIFFICULTY))


def check_one_two(*, hit: bool, reaction: bool = False, follow_up: bool = False) -> None:
    """Whether a one-two attack may follow (seed 002, "One-Two Attacks"): only after a weapon
    attack that hit an enemy, not as a reaction, and never from a one-two attack ("one-two
    attacks ... do not generate further attacks"). It costs no AP."""
    if not hit:
        raise RuleError(
            "A one-two attack follows only an attack that hit an enemy, on the attacker's own "
            "turn, once per hit."
        )
    if reaction:
        raise RuleError("One-two attacks cannot normally be used as reactions.")
    if follow_up:
        raise RuleError("A one-two attack does not generate further attacks.")


@dataclass(frozen=True, slots=True)
class Damage:
    """A damage test against armor (seed 002, "Damage")."""

    successes: int
    armor: int

    @property
    def points(self) -> int:
        """5 points of damage per success."""
        return POINTS_PER_SUCCESS * self.successes

    @property
    def direct(self) -> int:
        """What gets past the armor value: direct damage."""
        return max(0, self.points - self.armor)


def damage(successes: int, armor: int) -> Damage:
    """A damage test: 5 points per success against the armor value; the difference is direct
    damage (seed 002, "Damage")."""
    return Damage(check_successes(successes, "Damage successes"), check_whole(armor, "Armor value"))


@dataclass(frozen=True, slots=True)
class Harm:
    """Direct damage taken: damage resistance first, then hit points (seed 002, "Damage", "Out of
    the Fight")."""

    hp: int
    dr: int
    absorbed: int
    lost: int
    doubled: bool

    @property
    def out_of_fight(self) -> bool:
        """Zero or negative hit points (seed 002, "Out of the Fight")."""
        return self.hp <= 0


def apply_damage(direct: int, *, hp: int, dr: int = 0) -> Harm:
    """Take ``direct`` damage: damage resistance absorbs it first, like temporary hit points, then
    hit points (seed 002, "Damage"). A target already out of the fight (0 HP or less) takes double
    what DR does not absorb (seed 002, "Out of the Fight")."""
    direct = check_whole(direct, "Direct damage")
    hp = check_whole(hp, "Hit points", low=None)
    dr = check_whole(dr, "Damage resistance")
    absorbed = min(dr, direct)
    doubled = hp <= 0
    lost = (direct - absorbed) * (2 if doubled else 1)
    return Harm(hp - lost, dr - absorbed, absorbed, lost, doubled)


NonLethalResult = Literal["conscious", "unconscious", "killed"]


@dataclass(frozen=True, slots=True)
class NonLethal:
    """A non-lethal attack's Endurance [Vitality] test (seed 002, "Non-Lethal Attacks")."""

    outcome: Outcome
    ranged: bool

    @property
    def result(self) -> NonLethalResult:
        """Melee: success stays conscious at 1 HP, failure is knocked unconscious (or safely
        incapacitated). Ranged: success is knocked unconscious, failure is killed."""
        if self.ranged:
            return "unconscious" if self.outcome.success else "killed"
        return "conscious" if self.outcome.success else "unconscious"


def non_lethal_difficulty(received: int) -> int:
    """1, plus 1 for every 5 points of damage received (seed 002, "Non-Lethal Attacks")."""
    return 1 + check_whole(received, "Damage received") // POINTS_PER_SUCCESS


def non_lethal(successes: int, *, received: int, ranged: bool = False) -> NonLethal:
    """The target's Endurance [Vitality] test after a declared non-lethal attack took it out of the
    fight (seed 002, "Non-Lethal Attacks"); ``received`` is the direct damage the attack dealt."""
    return NonLethal(outcome(successes, non_lethal_difficulty(received)), bool(ranged))


BleedResult = Literal["critical failure", "failure", "stabilised", "recovered"]


@dataclass(frozen=True, slots=True)
class Bleed:
    """The Endurance [Vitality] test at the start of each turn out of the fight (seed 002, "Out of
    the Fight"). ``d3`` is the bleeding die, None when no damage is taken; ``hp`` is after it."""

    successes: int
    d3: int | None
    hp: int

    @property
    def result(self) -> BleedResult:
        if self.successes == 0:
            return "critical failure"
        if self.successes < STABILISE_SUCCESSES:
            return "failure"
        return "stabilised" if self.successes < RECOVER_SUCCESSES else "recovered"

    @property
    def damage(self) -> int:
        """D3 on a failure, doubled on a critical failure, else 0."""
        if self.d3 is None:
            return 0
        return self.d3 * (2 if self.successes == 0 else 1)


def bleed(
    successes: int, *, hp: int, d3: int | None = None, rng: random.Random | None = None
) -> Bleed:
    """A character out of the fight tests Endurance [Vitality] at the start of each turn (seed
    002, "Out of the Fight"): no successes, 2 x D3 damage; 1-2, D3; 3-4, stabilised (no more
    damage, still unconscious); 5 or more, back to 1 HP and in the fight. ``d3`` is a physical
    die, otherwise ``rng`` rolls it. The bleeding comes off hit points directly."""
    successes = check_successes(successes, "Endurance [Vitality] successes")
    hp = check_whole(hp, "Hit points", low=None)
    if hp > 0:
        raise RuleError("Only a character out of the fight (0 hit points or less) bleeds out.")
    if successes >= STABILISE_SUCCESSES:
        if d3 is not None:
            raise RuleError(f"{successes} successes take no bleeding damage; no D3 to roll.")
        return Bleed(successes, None, 1 if successes >= RECOVER_SUCCESSES else hp)
    die = (
        (rng or random.Random()).randint(1, 3)
        if d3 is None
        else check_whole(d3, "D3", low=1, high=3)
    )
    result = Bleed(successes, die, hp)
    return Bleed(successes, die, hp - result.damage)


def heal(successes: int, *, hp: int, max_hp: int) -> int:
    """Hit points after a Heal HP action: 2 per Intelligence [Medicine] success, up to the
    maximum (seed 002, "Healing"); at 1 or more the character is back in the fight."""
    successes = check_successes(successes, "Intelligence [Medicine] successes")
    max_hp = check_whole(max_hp, "Maximum hit points", low=1)
    hp = check_whole(hp, "Hit points", low=None, high=max_hp)
    return min(max_hp, hp + HP_PER_SUCCESS * successes)


def revived(*, medicine: int | None = None, vitality: int | None = None) -> bool:
    """Whether a character knocked out of the fight regains consciousness after it: another
    character's Intelligence [Medicine 3] or its own Endurance [Vitality 3] test succeeds; if both
    fail, try again in an hour (seed 002, "Healing")."""
    if medicine is None and vitality is None:
        raise RuleError("Give the Medicine or the Vitality successes (or both).")
    tests = (
        check_successes(n, what)
        for n, what in ((medicine, "Medicine successes"), (vitality, "Vitality successes"))
        if n is not None
    )
    return any(outcome(n, REVIVE_DIFFICULTY).success for n in tests)

"""The "d10-ap" rule set: surprise checks, d10 initiative and action-point dice (seed 003,
"Surprise, Rounds, & Turns").

Pure, stateless rules for the engine to wire. A surprise check is a d10 against the awareness bonus
(AwarB) with trait modifiers ("Step 1- Determine Surprise"); initiative is d10 + agility bonus
(AgB), highest first ("Step 2- Determine Initiative"); each turn begins with AgB d10 action-point
dice, each 5+ one AP, plus 1 ("Turns").
"""

from __future__ import annotations

import random
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from types import MappingProxyType

import icepool

from bpb_widgets.engine.checks import check_whole
from bpb_widgets.engine.dice import Dice, roll_or_check
from bpb_widgets.errors import RuleError

#: A surprise check of 10 always surprises, costing at least 1 AP (seed 003, "Step 1-
#: Determine Surprise").
ALWAYS_SURPRISED = 10
MIN_SURPRISE_PENALTY = 1
#: Each action-point die showing 5 or more gives 1 AP, plus 1 standard (seed 003, "Step 1-
#: Determine Surprise", Evan's example; "Turns").
AP_DIE_SUCCESS = 5
BASE_AP = 1

#: AwarB modifiers for a surprise check (seed 003, "Paranoid", "Auspex/Motion Detector",
#: "Stealth, Screamers, and Stummers"). "screamer" is a Screamer the character relies on, triggered
#: beyond 30 m (one within 30 m is of no benefit: leave it out); "unaware of screamer" also covers
#: a character who triggers one.
SURPRISE_MODIFIERS: Mapping[str, int] = MappingProxyType(
    {
        "paranoid": 1,
        "auspex": 1,
        "motion detector": 1,
        "screamer": 1,
        "unaware of screamer": -1,
    }
)
#: These bonuses cannot be combined: together they give +1 (seed 003, "Stealth, Screamers, and
#: Stummers"; Auspex and Motion Detector share one heading and one bonus).
DETECTORS = frozenset({"auspex", "motion detector", "screamer"})

#: The largest agility or awareness bonus (AgB, AwarB). Seed 003 gives bonuses of 3 and 4 and no
#: limit; 10 is far past them (and 10 AP dice), a bigger number a typing slip.
MAX_BONUS = 10
#: The largest initiative bonus or penalty "from certain (few) Talents/Traits, Weapon Special
#: Qualities" (seed 003, "Step 2- Determine Initiative"), either way.
MAX_INITIATIVE_BONUS = 10


def _bonus(value: object, what: str) -> int:
    """An agility or awareness bonus: a whole number from 0 to :data:`MAX_BONUS`."""
    return check_whole(value, what, low=0, high=MAX_BONUS)


def check_traits(traits: object) -> frozenset[str]:
    """Surprise traits as their names, checked (see :func:`surprise_modifier`): a set, list or
    tuple of known names, matched case-insensitively with ``-``/``_`` as spaces."""
    if not isinstance(traits, (set, frozenset, list, tuple)):
        raise RuleError(f"Give traits as a set of names, such as {{'paranoid'}}; got {traits!r}.")
    if len(traits) > len(SURPRISE_MODIFIERS):
        raise RuleError(
            f"There are only {len(SURPRISE_MODIFIERS)} surprise traits; got {len(traits)}."
        )
    names = set()
    for trait in traits:
        name = str(trait).strip().lower().replace("_", " ").replace("-", " ")
        if name not in SURPRISE_MODIFIERS:
            known = ", ".join(sorted(SURPRISE_MODIFIERS))
            raise RuleError(f"Unknown surprise trait {trait!r}; choose from: {known}.")
        names.add(name)
    if {"screamer", "unaware of screamer"} <= names:
        raise RuleError("A character cannot both rely on a Screamer and be unaware of it.")
    return frozenset(names)


def surprise_modifier(traits: Collection[str] = ()) -> int:
    """The AwarB modifier of ``traits`` for a surprise check: Paranoid +1; Auspex, Motion
    Detector or a Screamer beyond 30 m +1, not combined; unaware of a Screamer -1 (seed 003)."""
    names = check_traits(traits)
    detectors = names & DETECTORS
    return sum(SURPRISE_MODIFIERS[name] for name in names - DETECTORS) + (1 if detectors else 0)


def surprise_penalty(roll: int, awareness: int) -> int:
    """The AP a surprise check of ``roll`` takes from the first turn against a modified AwarB of
    ``awareness``: 0 when ``roll`` <= ``awareness``, else ``roll`` - ``awareness``; a 10 costs at
    least 1 whatever the bonuses (seed 003, "Step 1- Determine Surprise")."""
    penalty = max(0, roll - awareness)
    return max(MIN_SURPRISE_PENALTY, penalty) if roll == ALWAYS_SURPRISED else penalty


@dataclass(frozen=True, slots=True)
class SurpriseCheck:
    """One surprise check (seed 003, "Step 1- Determine Surprise"). ``round`` is the round whose
    first turn loses ``ap_penalty`` AP: round 1 before the fight, or the round after the one in
    which a mid-fight trigger happened."""

    awarb: int
    modifier: int
    roll: int
    round: int

    @property
    def awareness(self) -> int:
        """AwarB with the trait modifiers."""
        return self.awarb + self.modifier

    @property
    def ap_penalty(self) -> int:
        return surprise_penalty(self.roll, self.awareness)

    @property
    def surprised(self) -> bool:
        return self.ap_penalty > 0


def surprise_check(
    awarb: int,
    *,
    roll: int | None = None,
    traits: Collection[str] = (),
    rng: random.Random | None = None,
    during_round: int | None = None,
) -> SurpriseCheck:
    """A surprise check: d10 against AwarB plus trait modifiers (seed 003, "Step 1- Determine
    Surprise"). ``roll`` is a physical d10, otherwise ``rng`` rolls it. ``during_round`` is the
    round of a mid-fight trigger; its surprise applies to the round after it.

    Evan (AwarB 4) rolling 6 is surprised and loses 2 AP in his first turn.
    """
    awarb = _bonus(awarb, "Awareness bonus (AwarB)")
    modifier = surprise_modifier(traits)
    if during_round is not None:
        check_whole(during_round, "The round of the trigger", low=1)
    (die,) = roll_or_check(rng, None if roll is None else (roll,), count=1, sides=10)
    return SurpriseCheck(awarb, modifier, die, 1 if during_round is None else during_round + 1)


@dataclass(frozen=True, slots=True)
class SurpriseOdds:
    """The exact odds of a surprise check (icepool): the chance of being surprised and of each AP
    penalty (0 when not surprised)."""

    awarb: int
    modifier: int
    penalties: Mapping[int, Fraction]

    @property
    def surprised(self) -> Fraction:
        return 1 - self.penalties.get(0, Fraction(0))


def surprise_odds(awarb: int, *, traits: Collection[str] = ()) -> SurpriseOdds:
    """The exact chance of surprise, and of each penalty, for ``awarb`` and ``traits``."""
    awarb = _bonus(awarb, "Awareness bonus (AwarB)")
    modifier = surprise_modifier(traits)
    return SurpriseOdds(awarb, modifier, _penalties(awarb + modifier))


@lru_cache(maxsize=64)
def _penalties(awareness: int) -> Mapping[int, Fraction]:
    die = icepool.d10.map(lambda face: surprise_penalty(face, awareness))
    return MappingProxyType({n: die.probability(n) for n in die.outcomes()})


@dataclass(frozen=True, slots=True)
class Initiative:
    """A d10 initiative roll plus AgB and other bonuses (seed 003, "Step 2- Determine
    Initiative")."""

    roll: int
    agb: int
    bonus: int = 0

    @property
    def total(self) -> int:
        return self.roll + self.agb + self.bonus


def check_initiative_bonus(value: object, what: str = "Initiative bonus") -> int:
    """An initiative bonus or penalty: a whole number from -10 to 10."""
    return check_whole(value, what, low=-MAX_INITIATIVE_BONUS, high=MAX_INITIATIVE_BONUS)


def initiative(
    agb: int, *, roll: int | None = None, bonus: int = 0, rng: random.Random | None = None
) -> Initiative:
    """Roll initiative: d10 + AgB + ``bonus`` from talents, traits or weapon qualities (seed 003,
    "Step 2- Determine Initiative"). ``roll`` is a physical d10, otherwise ``rng`` rolls it."""
    agb = _bonus(agb, "Agility bonus (AgB)")
    bonus = check_initiative_bonus(bonus)
    (die,) = roll_or_check(rng, None if roll is None else (roll,), count=1, sides=10)
    return Initiative(die, agb, bonus)


def turn_order(
    combatants: Mapping[str, Initiative], *, tie_order: Sequence[str] = ()
) -> tuple[str, ...]:
    """Who acts in what order each round: highest initiative first, "stepping down" (seed 003,
    "Step 2- Determine Initiative"). The seed does not break ties: the higher AgB goes first, then
    the GM's ``tie_order``, then the order listed."""
    for name in tie_order:
        if name not in combatants:
            raise RuleError(f"{name!r} is not in the fight.")
    if len(set(tie_order)) != len(tie_order):
        raise RuleError("Name each combatant at most once in the tie order.")
    tie_rank = {name: index for index, name in enumerate(tie_order)}
    keyed = sorted(
        (-entry.total, -entry.agb, tie_rank.get(name, len(tie_rank)), index, name)
        for index, (name, entry) in enumerate(combatants.items())
    )
    return tuple(row[-1] for row in keyed)


@dataclass(frozen=True, slots=True)
class ActionPoints:
    """The AP of one turn (seed 003, "Turns"): each AP die of 5+ gives 1, plus 1, less a surprise
    penalty on the first turn, never below 0 (seed 003, "Step 1- Determine Surprise")."""

    dice: Dice
    penalty: int = 0

    @property
    def rolled(self) -> int:
        """The AP before any surprise penalty."""
        return BASE_AP + sum(value >= AP_DIE_SUCCESS for value in self.dice)

    @property
    def ap(self) -> int:
        return max(0, self.rolled - self.penalty)


def action_points(
    agb: int, *, dice: object | None = None, penalty: int = 0, rng: random.Random | None = None
) -> ActionPoints:
    """Roll AgB d10 action-point dice at the start of a turn (seed 003, "Turns"); ``penalty`` is a
    surprise check's ``ap_penalty`` on the first turn. ``dice`` are physical, otherwise ``rng``
    rolls them. AgB 0 rolls no dice: 1 AP.

    Evan: ``action_points(3, dice=(4, 7, 8), penalty=2).ap == 1`` (3 AP less 2).
    """
    agb = _bonus(agb, "Agility bonus (AgB)")
    penalty = check_whole(penalty, "Surprise penalty")
    return ActionPoints(roll_or_check(rng, dice, count=agb, sides=10), penalty)


def ap_odds(agb: int, *, penalty: int = 0) -> Mapping[int, Fraction]:
    """The exact distribution of a turn's AP for ``agb`` AP dice, less ``penalty`` (icepool)."""
    return _ap_odds(_bonus(agb, "Agility bonus (AgB)"), check_whole(penalty, "Surprise penalty"))


@lru_cache(maxsize=256)
def _ap_odds(agb: int, penalty: int) -> Mapping[int, Fraction]:
    per_die = icepool.d10.map(lambda face: int(face >= AP_DIE_SUCCESS))
    total = (agb @ per_die).map(lambda hits: max(0, BASE_AP + hits - penalty))
    return MappingProxyType({n: total.probability(n) for n in total.outcomes()})

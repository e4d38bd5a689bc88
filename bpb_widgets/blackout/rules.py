"""The "blackout" rule set: initiative steps and action points (seed 002, "Combat Basics").

Pure, stateless rules for the engine to wire: initiative steps from 1-3 d6, enemies' fixed steps,
the order of play, delaying, action types and an action-point budget, and surprise by group tests.
Attacks, damage and the out-of-the-fight rules are in :mod:`blackout_combat`, moving, falling and
range bands in :mod:`blackout_movement`, tests and pools in :mod:`blackout_pool`; all are
re-exported here.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from functools import lru_cache
from types import MappingProxyType
from typing import Literal

import icepool

from bpb_widgets.blackout.combat import (
    COVER,
    FRIEND_EVASION,
    HP_PER_SUCCESS,
    MIN_ATTACK_DICE,
    OUT_OF_FIGHT_EVASION,
    POINTS_PER_SUCCESS,
    REVIVE_DIFFICULTY,
    Bleed,
    Damage,
    Harm,
    NonLethal,
    apply_damage,
    attack,
    attack_pool,
    bleed,
    check_one_two,
    cover,
    damage,
    encumbrance,
    heal,
    non_lethal,
    non_lethal_difficulty,
    passive_evasion,
    revived,
)
from bpb_widgets.blackout.movement import (
    CLIMB_SURFACES,
    JUMP_MOVEMENT_FT,
    MAX_FALL_FT,
    RANGE_BANDS,
    SWIM_WATERS,
    Fall,
    Swimmer,
    climb_difficulty,
    drowning_difficulty,
    fall,
    jump_distance,
    jump_down_lands,
    move_band,
    range_band,
    swim_difficulty,
    vault,
)
from bpb_widgets.blackout.pool import (
    CRITICAL_MARGIN,
    DEFAULT_DIE,
    MAX_POOL,
    MAX_SUCCESSES,
    Outcome,
    PoolRoll,
    SuccessDie,
    check_pool,
    check_successes,
    outcome,
    pool_odds,
    roll_pool,
    success_odds,
)
from bpb_widgets.engine.checks import check_choice, check_whole
from bpb_widgets.engine.dice import Dice, roll_or_check
from bpb_widgets.errors import RuleError

#: The seed the blackout rules come from, cited in the log's lines.
SEED = "seed 002"
#: Initiative dice a character may roll, each one action point (seed 002, "Initiative").
MIN_DICE = 1
MAX_DICE = 3
#: Initiative steps go from 1 to 18, lower steps first (seed 002, "Initiative").
FIRST_STEP = 1
LAST_STEP = 18
#: Enemies always have at least 3 action points (seed 002, "Initiative").
ENEMY_MIN_AP = 3

# The largest numbers a GM may type on a sheet. Seed 002 gives no upper limits; these are far past
# any character and keep a typing slip (10**9 hit points, a million action points drawn as pips)
# from being accepted. Pools and successes are bounded in pool.py, falls in movement.py.
#: "some enemies might have more" than 3 action points (seed 002, "Initiative"): up to 10.
MAX_ENEMY_AP = 10
#: Hit points and damage resistance (temporary hit points, seed 002, "Damage").
MAX_HP = 999
#: An armor value: no damage test can do more than 5 points a success (seed 002, "Damage").
MAX_ARMOR = POINTS_PER_SUCCESS * MAX_SUCCESSES
#: An evasion rank (or its encumbrance cap): passive evasion (rank + 1) must stay within what a
#: test can score (seed 002, "Evasion").
MAX_EVASION = MAX_SUCCESSES - 1
#: Stamina, which comes back one a round (seed 002, "Action Points and Actions").
MAX_STAMINA = 99
#: The members of a group making a group test (seed 002, "Surprise Attacks").
MAX_GROUP = 100


def check_step(value: object, what: str = "Initiative step") -> int:
    """An initiative step: 1 to 18 (seed 002, "Initiative")."""
    return check_whole(value, what, low=FIRST_STEP, high=LAST_STEP)


@dataclass(frozen=True, slots=True)
class Initiative:
    """A combatant's initiative step and the action points it gets every turn (seed 002,
    "Initiative"). ``rolled`` holds a character's initiative dice; an enemy's step is fixed."""

    step: int
    ap: int
    pc: bool = True
    rolled: Dice = ()


def initiative(
    dice: int = MAX_DICE, *, rolled: object | None = None, rng: random.Random | None = None
) -> Initiative:
    """Roll ``dice`` initiative d6 (1 to 3): their sum is the step, each die one action point
    (seed 002, "Initiative"). ``rolled`` are physical dice; otherwise ``rng`` rolls them.

    ``initiative(3, rolled=(2, 5, 6))`` is step 13 with 3 AP.
    """
    check_whole(dice, "Initiative dice", low=MIN_DICE, high=MAX_DICE)
    values = roll_or_check(rng, rolled, count=dice, sides=6)
    return Initiative(sum(values), len(values), True, values)


def enemy_initiative(step: object, ap: object = ENEMY_MIN_AP) -> Initiative:
    """An enemy's fixed step, set by the GM, with at least 3 action points (seed 002,
    "Initiative"); it also has a free action and a reaction like everyone else."""
    fixed = check_step(step, "An enemy's initiative step")
    points = check_whole(ap, "Action points")
    if points < ENEMY_MIN_AP:
        raise RuleError(f"Enemies always have at least {ENEMY_MIN_AP} action points, not {ap}.")
    if points > MAX_ENEMY_AP:
        raise RuleError(f"An enemy has at most {MAX_ENEMY_AP} action points here, not {ap}.")
    return Initiative(fixed, points, False)


def _ranked(
    combatants: Mapping[str, Initiative], delays: Mapping[str, int], tie_order: Sequence[str]
) -> list[tuple[int, bool, str]]:
    for name in (*delays, *tie_order):
        if name not in combatants:
            raise RuleError(f"{name!r} is not in the fight.")
    if len(set(tie_order)) != len(tie_order):
        raise RuleError("Name each combatant at most once in the tie order.")
    for name, step in delays.items():
        check_step(step, f"{name}'s delayed step")
    tie_rank = {name: index for index, name in enumerate(tie_order)}
    keyed = sorted(
        (delays.get(name, entry.step), not entry.pc, tie_rank.get(name, len(tie_rank)), index, name)
        for index, (name, entry) in enumerate(combatants.items())
    )
    return [(step, enemy, name) for step, enemy, _, _, name in keyed]


def turn_order(
    combatants: Mapping[str, Initiative],
    *,
    delays: Mapping[str, int] | None = None,
    tie_order: Sequence[str] = (),
) -> tuple[str, ...]:
    """Who acts in what order this round (seed 002, "Initiative"): lower steps first; on a shared
    step a character before an enemy; between characters the players decide (``tie_order``, set by
    the GM), otherwise the order they were listed in. Enemies sharing a step follow ``tie_order``
    too. ``delays`` maps a name to the step it delayed to this round."""
    return tuple(name for _, _, name in _ranked(combatants, delays or {}, tie_order))


def pc_ties(
    combatants: Mapping[str, Initiative], *, delays: Mapping[str, int] | None = None
) -> tuple[tuple[str, ...], ...]:
    """Groups of characters on the same step, whose players decide who goes first; one must end
    their turn before the next begins (seed 002, "Initiative")."""
    steps: dict[int, list[str]] = {}
    for step, enemy, name in _ranked(combatants, delays or {}, ()):
        if not enemy:
            steps.setdefault(step, []).append(name)
    return tuple(tuple(names) for names in steps.values() if len(names) > 1)


def delay(step: int, to: int, *, delayed: bool = False) -> int:
    """The step a combatant acting at ``step`` delays its turn to: a later step of its choosing,
    once per round, never changed again that round (seed 002, "Initiative"). ``step`` is the
    combatant's own initiative step, the dice rolled at the start (or an enemy's fixed step), in
    every round: a delay lasts the round it is made in, so an earlier round's delay does not move
    it. ``delayed`` says whether it has delayed already this round. Returns ``to``."""
    check_step(step, "The current step")
    check_step(to, "The step to delay to")
    if delayed:
        raise RuleError(
            "A turn can be delayed once per round, and once the step is chosen it cannot change."
        )
    if to <= step:
        raise RuleError(
            f"Delaying moves a turn to a later step: choose a step after {step}, up to "
            f"{LAST_STEP}; {to} is not later."
        )
    return to


ActionKind = Literal["free", "movement", "standard", "reaction"]


@dataclass(frozen=True, slots=True)
class ActionType:
    """An action type, its action-point cost and how often it may be used (seed 002, "Action
    Points and Actions")."""

    kind: ActionKind
    min_ap: int
    max_ap: int
    limit: str


ACTION_TYPES: Mapping[str, ActionType] = MappingProxyType(
    {
        "free": ActionType(
            "free", 0, 0, "one per turn; a second costs 1 action point, once per round"
        ),
        "movement": ActionType("movement", 1, 2, "one per turn"),
        "standard": ActionType("standard", 1, 3, "as many as action points allow"),
        "reaction": ActionType("reaction", 0, 0, "one per round, outside your own turn"),
    }
)
#: A second free action in a turn costs one action point (seed 002, "Action Points and Actions").
SECOND_FREE_ACTION_AP = 1
#: Taking your time commits one extra action point (seed 002, "Taking Your Time").
TAKE_TIME_AP = 1
#: Stamina recovered every round (seed 002, "Action Points and Actions").
STAMINA_PER_ROUND = 1


@dataclass(frozen=True, slots=True)
class APBudget:
    """One combatant's action points, actions and stamina (seed 002, "Action Points and Actions",
    "Taking Your Time"). Immutable: every method returns the next budget and refuses overspending.

    ``ap`` is what each turn brings (one per initiative die, or an enemy's AP); ``left`` is what
    remains of the current turn, 0 outside it. ``max_stamina`` defaults to ``stamina``.

    A delayed turn is ``paused``: delaying is not a second turn (seed 002, "Initiative": a
    character delays "their turn"), so what was spent stays spent and the one free action and one
    movement of the turn stay used when it goes on at the later step.
    """

    ap: int
    stamina: int = 0
    max_stamina: int | None = None
    left: int = 0
    in_turn: bool = False
    free_actions: int = 0
    bought_free: bool = False
    moved: bool = False
    reacted: bool = False
    paused: bool = False

    def __post_init__(self) -> None:
        check_whole(self.ap, "Action points")
        check_whole(self.stamina, "Stamina")
        if self.max_stamina is None:
            object.__setattr__(self, "max_stamina", self.stamina)
        check_whole(self.max_stamina, "Maximum stamina", low=self.stamina)
        check_whole(self.left, "Action points left")

    def new_round(self) -> APBudget:
        """The next round: reaction and the paid second free action are available again, and one
        stamina comes back up to the maximum (seed 002, "Action Points and Actions"). A delayed
        turn that never came is over."""
        stamina = min(self.stamina + STAMINA_PER_ROUND, self.max_stamina or 0)
        left = self.left if self.in_turn else 0
        return replace(
            self, stamina=stamina, bought_free=False, reacted=False, left=left, paused=False
        )

    def start_turn(self) -> APBudget:
        """The combatant's turn begins with its full action points; a delayed turn goes on with
        what was left of it."""
        if self.in_turn:
            raise RuleError("This turn has already begun.")
        if self.paused:
            return replace(self, in_turn=True, paused=False)
        return replace(self, left=self.ap, in_turn=True, free_actions=0, moved=False)

    def pause(self) -> APBudget:
        """The turn is delayed to a later step: not over, and not a new turn when it goes on
        (seed 002, "Initiative"). Outside it, the combatant may react."""
        if not self.in_turn:
            raise RuleError("It is not this combatant's turn.")
        return replace(self, in_turn=False, paused=True)

    def end_turn(self) -> APBudget:
        """The turn is over; unspent action points are lost."""
        if not self.in_turn:
            raise RuleError("It is not this combatant's turn.")
        return replace(self, left=0, in_turn=False, paused=False)

    def commit(self, ap: int) -> APBudget:
        """Commit ``ap`` action points on the turn outside any action's own cost: taking your time
        on an action that costs none, such as a one-two attack (seed 002, "Taking Your Time",
        "One-Two Attacks")."""
        points = check_whole(ap, "Action points committed")
        if not self.in_turn:
            raise RuleError("Action points are spent on your own turn.")
        if points > self.left:
            raise RuleError(
                f"That commits {points} action point{'s' * (points != 1)}, but only {self.left} "
                f"remain{'s' * (self.left == 1)} this turn."
            )
        return replace(self, left=self.left - points)

    def cost(self, kind: str, ap: int | None = None, *, take_time: bool = False) -> int:
        """The action points an action of ``kind`` costs now, after checking it is allowed."""
        action = ACTION_TYPES[check_choice(kind, ACTION_TYPES, "action type")]
        if action.kind == "reaction":
            if ap is not None or take_time:
                raise RuleError("Reactions cost no action points (so they cannot take your time).")
            if self.in_turn:
                raise RuleError("Reactions are used outside your own turn.")
            if self.reacted:
                raise RuleError("Only one reaction per round.")
            return 0
        if not self.in_turn:
            raise RuleError(f"A {kind} action is taken on your own turn.")
        if action.kind == "free":
            if ap is not None:
                raise RuleError("A free action has no action-point cost to choose.")
            base = self._free_cost()
        else:
            if ap is None:
                raise RuleError(
                    f"Say how many action points the {kind} action costs "
                    f"({action.min_ap} to {action.max_ap})."
                )
            base = check_whole(ap, f"A {kind} action's cost", low=action.min_ap, high=action.max_ap)
            if action.kind == "movement" and self.moved:
                raise RuleError("Only one movement action per turn.")
        total = base + (TAKE_TIME_AP if take_time else 0)
        if total > self.left:
            raise RuleError(
                f"That costs {total} action point{'s' * (total != 1)}, but only {self.left} "
                f"remain{'s' * (self.left == 1)} this turn."
            )
        return total

    def _free_cost(self) -> int:
        if self.free_actions == 0:
            return 0
        if not self.bought_free:
            return SECOND_FREE_ACTION_AP
        raise RuleError(
            "One free action per turn; a second costs 1 action point, once per round, and it has "
            "been used."
        )

    def act(
        self, kind: str, ap: int | None = None, *, take_time: bool = False, stamina: int = 0
    ) -> APBudget:
        """Take an action of ``kind`` ("free", "movement", "standard", "reaction"); ``ap`` is the
        cost of a movement (1-2) or standard (1-3) action, ``take_time`` commits one more action
        point (seed 002, "Taking Your Time") and ``stamina`` is what the action uses."""
        spent = self.cost(kind, ap, take_time=take_time)
        check_whole(stamina, "Stamina spent")
        if stamina > self.stamina:
            raise RuleError(f"That needs {stamina} stamina, but only {self.stamina} is left.")
        free = kind == "free"
        return replace(
            self,
            left=self.left - spent,
            stamina=self.stamina - stamina,
            free_actions=self.free_actions + free,
            bought_free=self.bought_free or (free and self.free_actions == 1),
            moved=self.moved or kind == "movement",
            reacted=self.reacted or kind == "reaction",
        )


@dataclass(frozen=True, slots=True)
class Surprise:
    """The outcome of a surprise attack (seed 002, "Surprise Attacks")."""

    #: The attackers' average Dexterity [Sneak] successes, exact.
    average: Fraction
    #: Each defender's Insight [Perception] successes.
    defenders: Mapping[str, int]
    #: Defenders that did not match or beat the average, in the order given.
    surprised: tuple[str, ...]


def surprise(attackers: Sequence[int], defenders: Mapping[str, int]) -> Surprise:
    """Who is surprised (seed 002, "Surprise Attacks"): each attacker's Dexterity [Sneak]
    successes and each defender's Insight [Perception] successes; a defender below the attackers'
    average (not rounded) is surprised."""
    if isinstance(attackers, (str, bytes)) or not attackers:
        raise RuleError(
            "Give the Dexterity [Sneak] successes of every member of the attacking group."
        )
    if not defenders:
        raise RuleError("Give the Insight [Perception] successes of every defender.")
    if len(attackers) > MAX_GROUP or len(defenders) > MAX_GROUP:
        raise RuleError(f"A group test has at most {MAX_GROUP} members.")
    counts = [check_successes(n, "Dexterity [Sneak] successes") for n in attackers]
    checked = {
        name: check_successes(n, f"{name}'s Insight [Perception] successes")
        for name, n in defenders.items()
    }
    average = Fraction(sum(counts), len(counts))
    surprised = tuple(name for name, n in checked.items() if n < average)
    return Surprise(average, MappingProxyType(checked), surprised)


def step_odds(dice: int) -> Mapping[int, Fraction]:
    """The exact chance of each initiative step on ``dice`` (1-3) initiative d6 (icepool)."""
    return _step_odds(check_whole(dice, "Initiative dice", low=MIN_DICE, high=MAX_DICE))


@lru_cache(maxsize=MAX_DICE)
def _step_odds(dice: int) -> Mapping[int, Fraction]:
    total = dice @ icepool.d6
    return MappingProxyType({step: total.probability(step) for step in total.outcomes()})


__all__ = [
    "ACTION_TYPES",
    "CLIMB_SURFACES",
    "COVER",
    "CRITICAL_MARGIN",
    "DEFAULT_DIE",
    "ENEMY_MIN_AP",
    "FIRST_STEP",
    "FRIEND_EVASION",
    "HP_PER_SUCCESS",
    "JUMP_MOVEMENT_FT",
    "LAST_STEP",
    "MAX_ARMOR",
    "MAX_DICE",
    "MAX_ENEMY_AP",
    "MAX_EVASION",
    "MAX_FALL_FT",
    "MAX_GROUP",
    "MAX_HP",
    "MAX_POOL",
    "MAX_STAMINA",
    "MAX_SUCCESSES",
    "MIN_ATTACK_DICE",
    "MIN_DICE",
    "OUT_OF_FIGHT_EVASION",
    "POINTS_PER_SUCCESS",
    "RANGE_BANDS",
    "REVIVE_DIFFICULTY",
    "SECOND_FREE_ACTION_AP",
    "STAMINA_PER_ROUND",
    "SWIM_WATERS",
    "TAKE_TIME_AP",
    "APBudget",
    "ActionKind",
    "ActionType",
    "Bleed",
    "Damage",
    "Fall",
    "Harm",
    "Initiative",
    "NonLethal",
    "Outcome",
    "PoolRoll",
    "SuccessDie",
    "Surprise",
    "Swimmer",
    "apply_damage",
    "attack",
    "attack_pool",
    "bleed",
    "check_one_two",
    "check_pool",
    "check_step",
    "check_successes",
    "climb_difficulty",
    "cover",
    "damage",
    "delay",
    "drowning_difficulty",
    "encumbrance",
    "enemy_initiative",
    "fall",
    "heal",
    "initiative",
    "jump_distance",
    "jump_down_lands",
    "move_band",
    "non_lethal",
    "non_lethal_difficulty",
    "outcome",
    "passive_evasion",
    "pc_ties",
    "pool_odds",
    "range_band",
    "revived",
    "roll_pool",
    "step_odds",
    "success_odds",
    "surprise",
    "swim_difficulty",
    "turn_order",
    "vault",
]

"""Task rolls: 2d6 + attribute + bonuses against a difficulty (seed 004, "Rolling Dice",
"Unopposed Tasks", "Opposed Tasks", "Taking The Average", "Taking The Max", "Extreme Success")."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Literal

from bpb_widgets.bpb.rules.ranks import MAX_RANK, check_rank
from bpb_widgets.engine.checks import check_choice, check_whole
from bpb_widgets.engine.dice import Dice, roll_or_check
from bpb_widgets.errors import RuleError

#: Rolling three or more over the difficulty, with expertise, is an extreme success (seed 004).
EXTREME_MARGIN = 3
#: "Most tasks are assumed to be challenging": difficulty 12 (seed 004, "Unopposed Tasks").
CHALLENGING = 12
#: A difficulty more than 12 above attribute plus bonuses is "just too difficult" (seed 004,
#: "Unopposed Tasks").
TOO_DIFFICULT_MARGIN = 12

Take = Literal["average", "max"]
#: The 2d6 a player may assume instead of rolling: 7 rounded up in the player's favour (seed 004,
#: "Taking The Average") or 12 (seed 004, "Taking The Max").
TAKE_ROLLS: dict[Take, int] = {"average": 7, "max": 12}


def check_take(value: object) -> Take:
    """``"average"`` or ``"max"`` (seed 004, "Taking The Average", "Taking The Max")."""
    for take in TAKE_ROLLS:
        if value == take:
            return take
    raise RuleError(f"Unknown way to take a roll {value!r}; choose one of: average, max.")


@dataclass(frozen=True, slots=True)
class Difficulty:
    """One row of the "Difficulty examples" table (seed 004, "Unopposed Tasks")."""

    name: str
    #: None for an easy task: no roll at all.
    value: int | None
    examples: str


#: The seed's difficulty ladder, easiest first, for a UI to offer as choices.
DIFFICULTIES: tuple[Difficulty, ...] = (
    Difficulty("easy", None, "Operate simple machines"),
    Difficulty("routine", 9, "Understand and modify simple machines, operate current technology"),
    Difficulty(
        "challenging", 12, "Understand and modify current technology, operate advanced technology"
    ),
    Difficulty(
        "demanding",
        15,
        "Design and build current technology, understand and modify advanced technology",
    ),
    Difficulty(
        "frustrating", 18, "Design and build advanced technology, operate advanced alien technology"
    ),
    Difficulty("nigh-impossible", 21, "Understand and modify advanced alien technology"),
)


def check_attribute(value: object, what: str = "Attribute") -> int:
    """An attribute or power rank for a roll: 0 to 14 (0 once drained; seed 004, "Recovery")."""
    return check_rank(value, what, low=0, high=MAX_RANK)


def check_difficulty(value: object) -> int:
    """A task difficulty: a whole number of at least 1 (seed 004, "Unopposed Tasks")."""
    return check_whole(value, "Task difficulty", low=1)


def check_bonus(value: object, what: str = "Bonus") -> int:
    """An attribute bonus or difficulty modifier: any whole number (seed 004, "Opposed Tasks")."""
    return check_whole(value, what, low=None)


def opposed_difficulty(attribute: int) -> int:
    """The difficulty of an opposed task: 8 plus the defender's attribute (seed 004, "Opposed
    Tasks")."""
    return 8 + check_attribute(attribute, "Defender's attribute")


def too_difficult(attribute: int, difficulty: int, *, bonus: int = 0) -> bool:
    """Whether the difficulty exceeds attribute plus bonuses by more than 12 (seed 004,
    "Unopposed Tasks"): such a task is too difficult to perform, so even a 12 fails."""
    return difficulty - (attribute + bonus) > TOO_DIFFICULT_MARGIN


@dataclass(frozen=True, slots=True)
class Task:
    """One resolved task roll; ``dice`` is empty when the player took the average or the max.
    ``automatic``: a plot point made it a success whatever the dice, which still decide an
    extreme success (seed 004, "Automatic Success")."""

    attribute: int
    bonus: int
    dice: Dice
    difficulty: int
    expertise: bool
    take: Take | None = None
    automatic: bool = False

    @property
    def roll(self) -> int:
        """The 2d6 part of the total: the dice, or 7 / 12 when taken (seed 004, "Taking The
        Average", "Taking The Max")."""
        return TAKE_ROLLS[self.take] if self.take else sum(self.dice)

    @property
    def total(self) -> int:
        return self.attribute + self.roll + self.bonus

    @property
    def margin(self) -> int:
        """How far the total is over (positive) or under (negative) the difficulty."""
        return self.total - self.difficulty

    @property
    def success(self) -> bool:
        """The roll equals or exceeds the difficulty (seed 004, "Rolling Dice"), or a plot point
        bought an automatic success ("Automatic Success")."""
        return self.automatic or self.margin >= 0

    @property
    def extreme(self) -> bool:
        """Three or more over the difficulty, with expertise (seed 004, "Extreme Success")."""
        return self.expertise and self.margin >= EXTREME_MARGIN

    @property
    def too_difficult(self) -> bool:
        """More than 12 above attribute plus bonuses (seed 004, "Unopposed Tasks")."""
        return too_difficult(self.attribute, self.difficulty, bonus=self.bonus)


def task(
    attribute: int,
    difficulty: int,
    *,
    bonus: int = 0,
    expertise: bool = False,
    dice: object | None = None,
    rng: random.Random | None = None,
    take: Take | None = None,
    automatic: bool = False,
) -> Task:
    """Roll 2d6 + ``attribute`` + ``bonus`` against ``difficulty`` (seed 004, "Rolling Dice").

    ``dice`` are physical dice typed by the GM; otherwise ``rng`` rolls them. ``take="average"`` or
    ``"max"`` assumes a 7 or a 12 instead of rolling (seed 004, "Taking The Average", "Taking The
    Max"); the GM decides whether the situation allows it. ``automatic=True``: a plot point's
    automatic success, the dice deciding only an extreme success (seed 004, "Automatic Success").
    """
    check_attribute(attribute)
    check_difficulty(difficulty)
    check_bonus(bonus)
    automatic = bool(automatic)
    if take is None:
        rolled = roll_or_check(rng, dice)
        return Task(attribute, bonus, rolled, difficulty, expertise, None, automatic)
    check_choice(take, TAKE_ROLLS, "way to take the roll")
    if dice is not None:
        raise RuleError(f"Either roll the dice or take the {take}, not both.")
    return Task(attribute, bonus, (), difficulty, expertise, take, automatic)

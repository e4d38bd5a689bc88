"""Task rolls in an encounter: who rolls what against which difficulty, logged and undoable
(seed 004, "Rolling Dice", "Unopposed Tasks", "Opposed Tasks", "Taking The Average", "Taking The
Max", "Extreme Success").
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import ClassVar

from bpb_widgets.bpb.base import BulletproofBluesBase, by_plot_point
from bpb_widgets.bpb.rules.circumstances import (
    ATTACK_BONUSES,
    DIFFICULTY_MODIFIERS,
    Circumstance,
    modifiers,
)
from bpb_widgets.bpb.rules.probability import Odds, odds
from bpb_widgets.bpb.rules.tasks import (
    DIFFICULTIES,
    TAKE_ROLLS,
    Difficulty,
    Take,
    Task,
    check_bonus,
    check_difficulty,
    check_take,
    task,
)
from bpb_widgets.bpb.sheet import ATTRIBUTES, attribute_name
from bpb_widgets.engine.command import command
from bpb_widgets.engine.transcript import possessive
from bpb_widgets.errors import RuleError


@dataclass(frozen=True, slots=True)
class TaskChoices:
    """What a task roll can be made of (what the dice roller offers): the attributes, the
    difficulty ladder (seed 004, "Unopposed Tasks") and the named circumstances ("Opposed
    Tasks")."""

    attributes: tuple[str, ...]
    difficulties: tuple[Difficulty, ...]
    attack_bonuses: tuple[Circumstance, ...]
    difficulty_modifiers: tuple[Circumstance, ...]


TASK_CHOICES = TaskChoices(
    ATTRIBUTES,
    tuple(d for d in DIFFICULTIES if d.value is not None),
    tuple(ATTACK_BONUSES.values()),
    tuple(DIFFICULTY_MODIFIERS.values()),
)


@dataclass(frozen=True, slots=True)
class TaskSetup:
    """A task roll before the dice: both sides of the arithmetic (what the dice roller shows)."""

    roller: str | None
    attribute_name: str | None
    attribute: int
    bonus: int
    attack_bonus: int
    #: The difficulty before circumstances: a number, or 8 + the opponent's attribute.
    base: int
    opponent: str | None
    against: str | None
    difficulty_modifier: int
    expertise: bool
    take: Take | None
    #: A plot point's automatic success waits for this roll (seed 004, "Automatic Success").
    plot_point: bool = False

    @property
    def total_bonus(self) -> int:
        return self.bonus + self.attack_bonus

    @property
    def odds(self) -> Odds:
        """The exact chances of success and extreme success (seed 004, "Rolling Dice")."""
        return odds(
            self.attribute,
            self.difficulty,
            bonus=self.total_bonus,
            expertise=self.expertise,
            automatic=self.plot_point,
        )

    @property
    def difficulty(self) -> int:
        return self.base + self.difficulty_modifier

    @property
    def roll_text(self) -> str:
        """``Agility 5 + 2d6 + 3 attack bonus``."""
        parts = [f"{self.attribute_name.title()} {self.attribute}"] if self.attribute_name else []
        parts.append(f"{TAKE_ROLLS[self.take]} (taking the {self.take})" if self.take else "2d6")
        parts += [
            f"{v} {label}"
            for v, label in ((self.bonus, "bonus"), (self.attack_bonus, "attack bonus"))
            if v
        ]
        return " + ".join(parts)

    @property
    def against_text(self) -> str:
        """``8 + Ganyeka's Agility 4 + 3 defense bonus``."""
        if self.opponent and self.against:
            parts = [f"8 + {possessive(self.opponent)} {self.against.title()} {self.base - 8}"]
        else:
            parts = [str(self.base)]
        if self.difficulty_modifier:
            parts.append(f"{self.difficulty_modifier} defense bonus")
        return " + ".join(parts)

    def explain(self, roll: Task) -> str:
        """The log line of a rolled task."""
        shown = self.roll_text
        if roll.dice:
            shown = shown.replace("2d6", f"2d6 ({roll.dice[0]}+{roll.dice[1]})", 1)
        outcome = "extreme success" if roll.extreme else "success" if roll.success else "failure"
        outcome += by_plot_point(roll)
        if roll.too_difficult:
            outcome += (
                ": too difficult for this character, so the GM may forbid the plot point"
                if roll.automatic
                else ": too difficult for this character"
            )
        who = f"{self.roller}: " if self.roller else ""
        against = self.against_text
        if against != str(roll.difficulty):
            against += f" = {roll.difficulty}"
        return f"Task: {who}{shown} = {roll.total} vs {against}: {outcome} (Rolling Dice)"


class TaskRolls(BulletproofBluesBase):
    """Task rolls of any attribute against a difficulty or an opponent, logged and undoable."""

    #: What a task roll can be made of.
    task_choices: ClassVar[TaskChoices] = TASK_CHOICES

    def task_preview(
        self,
        roller: str | None = None,
        attribute: str | None = None,
        *,
        difficulty: int | None = None,
        opponent: str | None = None,
        against: str | None = None,
        bonus: int = 0,
        expertise: bool = False,
        attack_bonus: Iterable[str] = (),
        defense_bonus: Iterable[str] = (),
        take: str | None = None,
    ) -> TaskSetup:
        """The arithmetic of a task roll before rolling: ``roller``'s ``attribute`` (or none, a
        plain ``bonus`` roll) against ``difficulty`` or 8 + ``opponent``'s ``against`` attribute,
        with the named circumstances (seed 004, "Opposed Tasks")."""
        rank = 0
        if roller is not None:
            roller = self._known(roller)
            if attribute is None:
                raise RuleError(f"Choose which of {possessive(roller)} attributes to roll.")
            attribute = attribute_name(attribute, "attribute")
            rank = self._sheet(roller).rank(attribute)
        elif attribute is not None:
            raise RuleError("Choose who rolls the attribute, or roll a plain bonus.")
        if (difficulty is None) == (opponent is None):
            raise RuleError("Give a difficulty, or an opponent and their attribute (8 + rank).")
        if opponent is not None:
            opponent = self._known(opponent)
            against = attribute_name(against or attribute or "", "against")
            base = 8 + self._sheet(opponent).rank(against)
        else:
            base = check_difficulty(difficulty)
        if not isinstance(expertise, bool):
            raise RuleError("expertise= takes True or False.")
        taken = None if take is None else check_take(take)
        mods = modifiers(attack=attack_bonus, defense=defense_bonus)
        return TaskSetup(
            roller,
            attribute,
            rank,
            check_bonus(bonus),
            mods.attack_bonus,
            base,
            opponent,
            against if opponent else None,
            mods.difficulty_modifier,
            expertise,
            taken,
            roller is not None and roller in self._automatic,
        )

    @command
    def task(
        self,
        roller: str | None = None,
        attribute: str | None = None,
        *,
        difficulty: int | None = None,
        opponent: str | None = None,
        against: str | None = None,
        bonus: int = 0,
        expertise: bool = False,
        attack_bonus: Iterable[str] = (),
        defense_bonus: Iterable[str] = (),
        take: str | None = None,
        dice: Sequence[int] | None = None,
        plot_point: bool = False,
    ) -> Task:
        """Roll a task, logged with its arithmetic: 2d6 + attribute + bonuses against the
        difficulty (see ``task_preview``); ``take="average"`` or ``"max"`` rolls nothing (seed
        004, "Taking The Average", "Taking The Max"); ``dice`` are physical dice;
        ``plot_point=True`` spends a plot point on an automatic success ("Automatic Success")."""
        setup = self.task_preview(
            roller,
            attribute,
            difficulty=difficulty,
            opponent=opponent,
            against=against,
            bonus=bonus,
            expertise=expertise,
            attack_bonus=attack_bonus,
            defense_bonus=defense_bonus,
            take=take,
        )
        if take is not None and dice is not None:
            raise RuleError("Taking the average or the max means rolling no dice.")
        automatic = self._automatic_roll(setup.roller, plot_point)
        rolled = None if take else self._dice(dice)
        roll = task(
            setup.attribute,
            setup.difficulty,
            bonus=setup.total_bonus,
            expertise=setup.expertise,
            dice=rolled,
            take=setup.take,
            automatic=automatic,
        )
        self._event(
            "task",
            setup.explain(roll),
            roller,
            {
                "dice": list(roll.dice),
                "total": roll.total,
                "difficulty": roll.difficulty,
                "success": roll.success,
                "extreme": roll.extreme,
            },
        )
        return roll

"""Blocking and dodging: the difficulty arithmetic, what a defence costs, and its explanation.

Seed 000/001, "Blocking" and "Dodging" (Prowess / Agility + 2d6, +3 with expertise, against
8 + the attack's rank; an extreme success revises the order of play); seed 004, "Blocking" and
"Dodging" (a defender keeps defending until their next action, +1 difficulty for every attack
after the first).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from bpb_widgets.rules.defense import block, defense_difficulty, dodge
from bpb_widgets.rules.probability import Odds, odds
from bpb_widgets.rules.tasks import Task

DefenceKind = Literal["block", "dodge"]
#: How a defence is paid for: the defender's own turn, a continued defence, or a forced action.
Mode = Literal["turn", "continued", "forced"]


@dataclass(frozen=True, slots=True)
class Defence:
    """One kind of defence as the seeds describe it."""

    attribute: str
    section: str
    skill: str
    verb: str

    def annotation(self, attacker: str) -> str:
        """How the transcript annotates a turn given to this defence (seed 000's examples)."""
        return self.verb.format(attacker=attacker)


DEFENCES: dict[str, Defence] = {
    "block": Defence("prowess", "Blocking", "block", "blocks attack by {attacker}"),
    "dodge": Defence("agility", "Dodging", "dodge", "dodges an attack by {attacker}"),
}


@dataclass(frozen=True, slots=True)
class DefencePreview:
    """Everything about a block or dodge that is known before the dice are rolled."""

    kind: DefenceKind
    defender: str
    attacker: str
    rank: int
    attribute_name: str
    attribute: int
    #: +3 with block/dodge expertise (seed 000).
    bonus: int
    #: +1 for every attack after the first in a continued defence (seed 004).
    continued: int
    mode: Mode
    #: The round whose turn a forced action gives up, or None.
    forced_round: int | None
    consequence: str
    #: Whether three or more over the difficulty would be an extreme success.
    can_be_extreme: bool

    @property
    def difficulty(self) -> int:
        return defense_difficulty(self.rank, attack=self.continued + 1)

    @property
    def odds(self) -> Odds:
        """The exact chances of success and extreme success (seed 004, "Rolling Dice")."""
        return odds(
            self.attribute, self.difficulty, bonus=self.bonus, expertise=self.can_be_extreme
        )

    def roll(self, dice: tuple[int, ...]) -> Task:
        """The defence roll with these dice (seed 004, "Blocking", "Dodging")."""
        roll = block if self.kind == "block" else dodge
        return roll(
            self.attribute,
            self.rank,
            attack=self.continued + 1,
            bonus=self.bonus,
            expertise=self.can_be_extreme,
            dice=dice,
        )

    @property
    def forced(self) -> bool:
        return self.mode == "forced"

    @property
    def section(self) -> str:
        return DEFENCES[self.kind].section

    def arithmetic(self, task: Task) -> str:
        """``Prowess 6 + 2d6 (6+6) + 3 expertise = 21 vs 8 + rank 5 = 13``."""
        left = f"{self.attribute_name} {self.attribute} + 2d6 ({task.dice[0]}+{task.dice[1]})"
        if self.bonus:
            left += f" + {self.bonus} expertise"
        right = f"8 + rank {self.rank}"
        if self.continued:
            right += f" + {self.continued} continued defence"
        return f"{left} = {task.total} vs {right} = {task.difficulty}"


@dataclass(frozen=True, slots=True)
class DefenceResult:
    """A rolled block or dodge: the preview, the roll, and whether it revised the order."""

    preview: DefencePreview
    task: Task
    revised: bool
    text: str

    @property
    def total(self) -> int:
        return self.task.total

    @property
    def difficulty(self) -> int:
        return self.task.difficulty

    @property
    def success(self) -> bool:
        return self.task.success

    @property
    def extreme(self) -> bool:
        return self.task.extreme

    @property
    def dice(self) -> tuple[int, ...]:
        return self.task.dice


def explain(preview: DefencePreview, task: Task, revision: str | None) -> str:
    """The log line: arithmetic, outcome, any change to the order of play, the rule."""
    if task.extreme:
        outcome = "extreme success"
    elif task.success:
        outcome = "success"
        if task.margin >= 3 and not preview.can_be_extreme:
            outcome += f" ({task.margin} over, but an extreme success needs expertise)"
    else:
        outcome = "failure"
    if revision:
        outcome += f"; {revision}"
    return f"{preview.kind.title()}: {preview.arithmetic(task)}: {outcome} ({preview.section})"

"""Extended tasks: several rolls against one difficulty until enough successes (seed 004,
"Extended Tasks")."""

from __future__ import annotations

import random
from dataclasses import dataclass

from bpb_widgets.bpb.rules.tasks import Task, check_difficulty, task
from bpb_widgets.engine.checks import check_whole
from bpb_widgets.errors import RuleError

#: An extreme success with relevant expertise counts as three successes (seed 004,
#: "Extended Tasks").
EXTREME_SUCCESSES = 3


def successes(result: Task) -> int:
    """What one roll adds to an extended task: 3 for an extreme success, 1 for a success, else 0
    (seed 004, "Extended Tasks")."""
    if result.extreme:
        return EXTREME_SUCCESSES
    return 1 if result.success else 0


@dataclass(frozen=True, slots=True)
class ExtendedTask:
    """An extended task in progress: the GM's difficulty, successes needed and optional attempt
    limit (seed 004, "Extended Tasks"). Immutable: :meth:`add` and :meth:`attempt` return the next
    state.

    Several characters may contribute rolls (the seed's multidisciplinary approach). For an extended
    opposed task keep one per side: the first to :attr:`succeeded` wins.
    """

    difficulty: int
    needed: int
    max_attempts: int | None = None
    rolls: tuple[Task, ...] = ()

    def __post_init__(self) -> None:
        check_difficulty(self.difficulty)
        check_whole(self.needed, "Successes needed", low=1)
        if self.max_attempts is not None:
            check_whole(self.max_attempts, "Maximum number of attempts", low=1)

    @property
    def successes(self) -> int:
        return sum(successes(result) for result in self.rolls)

    @property
    def attempts(self) -> int:
        return len(self.rolls)

    @property
    def succeeded(self) -> bool:
        return self.successes >= self.needed

    @property
    def failed(self) -> bool:
        """The attempt limit is reached without enough successes."""
        return (
            not self.succeeded
            and self.max_attempts is not None
            and self.attempts >= self.max_attempts
        )

    @property
    def over(self) -> bool:
        return self.succeeded or self.failed

    def _check_open(self) -> None:
        if self.over:
            outcome = "succeeded" if self.succeeded else "used all its attempts"
            raise RuleError(f"This extended task has already {outcome}; no more rolls.")

    def add(self, result: Task) -> ExtendedTask:
        """The task after one more roll, refused once it is over or for another difficulty."""
        self._check_open()
        if result.difficulty != self.difficulty:
            raise RuleError(
                f"This extended task has difficulty {self.difficulty}, not {result.difficulty}."
            )
        return ExtendedTask(self.difficulty, self.needed, self.max_attempts, (*self.rolls, result))

    def attempt(
        self,
        attribute: int,
        *,
        bonus: int = 0,
        expertise: bool = False,
        dice: object | None = None,
        rng: random.Random | None = None,
    ) -> ExtendedTask:
        """Roll once more against the task's difficulty and add the result."""
        self._check_open()
        roll = task(
            attribute, self.difficulty, bonus=bonus, expertise=expertise, dice=dice, rng=rng
        )
        return self.add(roll)

"""Extended tasks (seed 004, "Extended Tasks")."""

from __future__ import annotations

import pytest

from bpb_widgets import rules
from bpb_widgets.errors import RuleError


def test_extreme_success_counts_three() -> None:
    assert rules.successes(rules.task(5, 12, dice=(5, 5), expertise=True)) == 3
    assert rules.successes(rules.task(5, 12, dice=(5, 5))) == 1
    assert rules.successes(rules.task(5, 12, dice=(1, 1), expertise=True)) == 0


def test_done_after_enough_successes() -> None:
    job = rules.ExtendedTask(difficulty=12, needed=4)
    job = job.attempt(5, dice=(4, 4)).attempt(5, dice=(1, 1))
    assert (job.successes, job.attempts, job.over) == (1, 2, False)
    job = job.attempt(5, dice=(6, 6), expertise=True)
    assert (job.successes, job.succeeded, job.failed) == (4, True, False)
    with pytest.raises(RuleError, match="already succeeded"):
        job.attempt(5, dice=(4, 4))


def test_attempt_limit() -> None:
    bomb = rules.ExtendedTask(difficulty=15, needed=2, max_attempts=2)
    bomb = bomb.attempt(4, dice=(6, 5)).attempt(4, dice=(2, 2))
    assert bomb.failed and bomb.over and not bomb.succeeded
    with pytest.raises(RuleError, match="used all its attempts"):
        bomb.attempt(4, dice=(6, 6))


def test_several_characters_contribute() -> None:
    doomsday = rules.ExtendedTask(difficulty=15, needed=2)
    doomsday = doomsday.add(rules.task(6, 15, dice=(5, 4)))  # engineering
    doomsday = doomsday.add(rules.task(4, 15, dice=(6, 5)))  # alien linguistics
    assert doomsday.succeeded


def test_other_difficulty_refused() -> None:
    with pytest.raises(RuleError, match="difficulty 12"):
        rules.ExtendedTask(12, 3).add(rules.task(4, 15, dice=(3, 3)))


@pytest.mark.parametrize(
    ("needed", "max_attempts"), [(0, None), (-1, None), (3, 0), ("3", None), (2.5, None)]
)
def test_bad_setup_refused(needed: object, max_attempts: object) -> None:
    with pytest.raises(RuleError):
        rules.ExtendedTask(12, needed, max_attempts)  # type: ignore[arg-type]
